// @vitest-environment happy-dom
// The overlay's phantom layer: translucent pieces in a seat's colour on each space of the route a
// claim is being considered for (a card dragged over it, pointed at, being paid for), over the
// claims and under the highlight; none on a claimed route; gone when the state says none.
import { beforeEach, describe, expect, it } from 'vitest';
import { createBoard } from '../src/board/index';
import { mountHost, readMap } from './maps';

let host: HTMLDivElement;
beforeEach(() => {
  host = mountHost();
});

describe('phantom cars', () => {
  it('puts one translucent piece in the seat colour on each space, between the claims and the highlight', () => {
    const map = readMap('europe');
    const b = createBoard(host, map);
    const route = map.routes.find((r) => r.length === 4)!;
    b.update({ players: [{ name: 'A' }, { name: 'B', color: '#123456' }], phantom: { route: route.id, player: 1 }, highlight: { routes: [route.id] } });
    const layer = b.svg!.querySelector('.ttr-phantoms')!;
    const g = layer.querySelector(`[data-phantom="${route.id}"]`)!;
    expect(g.getAttribute('data-player')).toBe('1');
    const pieces = g.querySelectorAll('.ttr-phantom-piece');
    expect(pieces.length).toBe(b.layout!.routes.find((r) => r.id === route.id)!.cars.length);
    expect(pieces.length).toBeGreaterThanOrEqual(4);
    for (const p of pieces) expect(p.getAttribute('fill')).toBe('#123456');
    // the colour-blind aid: the seat's number, as on claimed pieces
    expect(g.querySelector('.ttr-cb')!.textContent).toBe('2');
    // layers: claims < phantoms < highlights < labels
    const order = [...b.svg!.querySelectorAll('.ttr-claims, .ttr-phantoms, .ttr-highlights, .ttr-labels')].map((e) => e.getAttribute('class'));
    expect(order).toEqual(['ttr-claims', 'ttr-phantoms', 'ttr-highlights', 'ttr-labels']);
    expect(b.state()!.phantom).toEqual({ route: route.id, player: 1 });
  });

  it('is kept while other parts of the state change, follows the route and the seat, and goes', () => {
    const map = readMap('europe');
    const b = createBoard(host, map);
    const [r1, r2] = map.routes;
    b.update({ players: [{ name: 'A' }, { name: 'B' }], phantom: { route: r1.id, player: 0 } });
    const layer = b.svg!.querySelector('.ttr-phantoms')!;
    const first = layer.firstElementChild;
    // a patch that does not change it does not redraw it (its pieces would arrive again)
    b.update({ highlight: { routes: [r2.id] }, claims: { [r2.id]: 1 }, phantom: { route: r1.id, player: 0 } });
    expect(layer.firstElementChild).toBe(first);
    b.update({ phantom: { route: r1.id, player: 1 } });
    expect(layer.querySelector('[data-phantom]')!.getAttribute('data-player')).toBe('1');
    b.update({ phantom: { route: r2.id, player: 1 } });
    // r2 is claimed: no phantom over a claim
    expect(layer.children.length).toBe(0);
    b.update({ claims: {} });
    expect(layer.querySelector(`[data-phantom="${r2.id}"]`)).not.toBeNull();
    b.update({ phantom: null });
    expect(layer.children.length).toBe(0);
    expect(b.state()!.phantom).toBeNull();
  });

  it('catches no clicks, and moves only where motion is welcome', async () => {
    const css = (await import('../src/board/render')).BOARD_CSS;
    expect(css).toMatch(/\.ttr-phantoms \{ pointer-events: none; \}/);
    expect(css).toMatch(/@media \(prefers-reduced-motion: reduce\) \{ \.ttr-phantom-in \{ animation: none; \} \}/);
  });

  it('a route reached with Tab is pointed at, as by a mouse (the game shows its phantom cars)', () => {
    const seen: (number | null)[] = [];
    const map = readMap('usa');
    const b = createBoard(host, map, { onRouteHover: (id) => seen.push(id) });
    const [r1, r2] = map.routes;
    const g1 = b.svg!.querySelector(`.ttr-routes [data-route="${r1.id}"]`)!;
    const g2 = b.svg!.querySelector(`.ttr-routes [data-route="${r2.id}"]`)!;
    g1.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    // from one route to the next: no null in between
    g1.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: g2 }));
    g2.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    g2.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: null }));
    expect(seen).toEqual([r1.id, r2.id, null]);
  });

  it('the board says which route lies under a point, and nothing off the board', () => {
    const b = createBoard(host, readMap('usa'));
    expect(b.routeAt(-50, -50)).toBeNull();
  });
});
