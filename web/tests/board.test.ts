// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createBoard, loadMap, MapLoadError, type BoardHandle } from '../src/board/index';
import { boxesOverlap, boxHitsRect, emptyBox, growBox, rectCorners } from '../src/board/geometry';
import { drawableMap, MAP_NAMES, mountHost, readMap } from './maps';

let host: HTMLDivElement;
beforeEach(() => {
  host = mountHost();
});

const click = (el: Element) => el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
const routeEl = (b: BoardHandle, id: number) => b.svg!.querySelector(`.ttr-routes [data-route="${id}"]`)!;

describe('createBoard', () => {
  it.each(MAP_NAMES)('%s: no city name that catches clicks lies over a route space', (name) => {
    // a name over a space would take the click meant for the route (Atlanta over Atlanta-Nashville)
    const b = createBoard(host, drawableMap(name));
    const cars = b.layout!.routes.flatMap((r) =>
      r.cars.map((c) => {
        const k = rectCorners(c, c.len, c.wid);
        return { k, box: k.reduce((bb, q) => growBox(bb, q.x, q.y), emptyBox()) };
      }),
    );
    const labels = [...b.svg!.querySelectorAll('.ttr-labels .ttr-label')];
    expect(labels.length).toBeGreaterThan(10);
    const catching = labels.filter((t) => t.getAttribute('pointer-events') !== 'none');
    expect(labels.length - catching.length).toBeLessThanOrEqual(3); // the few placed over a space
    for (const t of catching) {
      const city = b.layout!.cities.find((c) => c.name === t.getAttribute('data-city'))!;
      const box = city.label!.box;
      // Chromium's glyph cells reach up to 2 units past the estimated box (its top)
      const grown = { x0: box.x0 - 2, y0: box.y0 - 2, x1: box.x1 + 2, y1: box.y1 + 2 };
      const hit = cars.find((c) => boxesOverlap(grown, c.box) && boxHitsRect(grown, c.k));
      expect(hit, city.name).toBeUndefined();
    }
  });

  it('draws one car element per space of every route', () => {
    const map = readMap('europe');
    const b = createBoard(host, map);
    expect(b.ok).toBe(true);
    for (const r of map.routes) {
      expect(routeEl(b, r.id).querySelectorAll('.ttr-car').length, `route ${r.id}`).toBe(r.length);
    }
    expect(b.svg!.querySelectorAll('.ttr-city').length).toBe(map.cities.length);
    expect(b.svg!.querySelectorAll('.ttr-tunnel-edge').length).toBe(
      map.routes.filter((r) => r.tunnel).reduce((n, r) => n + r.length, 0),
    );
    expect(b.svg!.querySelectorAll('.ttr-loco').length).toBe(map.routes.reduce((n, r) => n + (r.locomotives ?? 0), 0));
  });

  it('draws ships differently from trains, and harbors with an anchor', () => {
    const map = drawableMap('world');
    const b = createBoard(host, map);
    const ship = map.routes.find((r) => r.kind === 'ship')!;
    const train = map.routes.find((r) => r.kind === 'train')!;
    expect(routeEl(b, ship.id).querySelector('.ttr-car-body')!.tagName.toLowerCase()).toBe('path');
    expect(routeEl(b, ship.id).querySelector('.ttr-sea')).not.toBeNull();
    expect(routeEl(b, train.id).querySelector('.ttr-car-body')!.tagName.toLowerCase()).toBe('rect');
    expect(b.svg!.querySelectorAll('.ttr-anchor').length).toBe(map.cities.filter((c) => c.harbor).length);
  });

  it('shows a message instead of a broken drawing for a map without layout', () => {
    const map = readMap('usa');
    map.cities = map.cities.map((c) => ({ ...c, xy: null }));
    const b = createBoard(host, map);
    expect(b.ok).toBe(false);
    expect(host.querySelector('svg')).toBeNull();
    expect(host.querySelector('.ttr-board-message')!.textContent).toContain('cannot be drawn yet');
    b.update({ claims: { 1: 0 } }); // harmless
  });

  it('turns the colour-blind letters on and off', () => {
    const b = createBoard(host, readMap('usa'), { colorBlind: true });
    expect(b.svg!.classList.contains('ttr-cb-on')).toBe(true);
    b.setColorBlind(false);
    expect(b.svg!.classList.contains('ttr-cb-on')).toBe(false);
    const red = readMap('usa').routes.find((r) => r.color === 'red')!;
    expect(routeEl(b, red.id).querySelector('.ttr-cb')!.textContent).toBe('R');
  });
});

describe('the overlay', () => {
  it('draws claimed routes in the owner colour without rebuilding the map', () => {
    const b = createBoard(host, readMap('europe'));
    const routesLayer = b.svg!.querySelector('.ttr-routes')!;
    const firstRoute = routesLayer.firstElementChild;
    b.update({ players: [{ name: 'A' }, { name: 'B', color: '#123456' }], claims: { 1: 0, 2: 1 } });
    const claims = b.svg!.querySelectorAll('.ttr-claim');
    expect(claims.length).toBe(2);
    const c2 = b.svg!.querySelector('[data-claim="2"] .ttr-piece')!;
    expect(c2.getAttribute('fill')).toBe('#123456');
    expect(b.svg!.querySelector('[data-claim="1"]')!.querySelectorAll('.ttr-piece').length).toBe(2);
    const keep = b.svg!.querySelector('[data-claim="1"]');
    // another claim: the first stays the same element, the map is untouched
    b.update({ claims: [{ route: 1, player: 0 }, { route: 2, player: 1 }, { route: 3, player: 0 }] });
    expect(b.svg!.querySelector('[data-claim="1"]')).toBe(keep);
    expect(b.svg!.querySelectorAll('.ttr-claim').length).toBe(3);
    expect(b.svg!.querySelector('.ttr-routes')).toBe(routesLayer);
    expect(routesLayer.firstElementChild).toBe(firstRoute);
    // owner changes: that claim is redrawn
    b.update({ claims: { 1: 1 } });
    expect(b.svg!.querySelectorAll('.ttr-claim').length).toBe(1);
    expect(b.svg!.querySelector('[data-claim="1"]')).not.toBe(keep);
    expect(b.state()!.claims).toEqual({ 1: 1 });
  });

  it('places stations and harbors on their cities, and highlights routes and cities', () => {
    const b = createBoard(host, readMap('europe'));
    b.update({ stations: [{ city: 'Paris', player: 2 }], harbors: [{ city: 'Roma', player: 0 }], highlight: { routes: [1], cities: ['Berlin'] } });
    expect(b.svg!.querySelector('[data-station="Paris"]')!.getAttribute('data-player')).toBe('2');
    expect(b.svg!.querySelector('[data-harbor="Roma"]')).not.toBeNull();
    expect(b.svg!.querySelector('[data-hl-route="1"]')!.children.length).toBe(2);
    expect(b.svg!.querySelector('[data-hl-city="Berlin"]')).not.toBeNull();
    b.update({ highlight: {} });
    expect(b.svg!.querySelector('.ttr-highlights')!.children.length).toBe(0);
  });

  it('rings fresh claims in their owner colour, under the pieces, until they are no longer fresh', () => {
    const b = createBoard(host, readMap('europe'));
    b.update({ players: [{ name: 'A' }, { name: 'B', color: '#123456' }], claims: { 1: 0, 2: 1, 3: 1 }, fresh: [2, 3, 4] });
    const news = b.svg!.querySelector('.ttr-news')!;
    // under the pieces: the layer comes before the claims
    expect(news.compareDocumentPosition(b.svg!.querySelector('.ttr-claims')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // route 4 is not claimed: nothing to ring
    expect([...news.querySelectorAll('[data-new-route]')].map((g) => g.getAttribute('data-new-route'))).toEqual(['2', '3']);
    const ring = news.querySelector('[data-new-route="2"] .ttr-new-ring')!;
    expect(ring.getAttribute('stroke')).toBe('#123456');
    expect(news.querySelector('[data-new-route="2"]')!.getAttribute('data-player')).toBe('1');
    // a recolour redraws the rings; an empty list clears them
    b.update({ players: [{ name: 'A' }, { name: 'B', color: '#abcdef' }] });
    expect(news.querySelector('[data-new-route="2"] .ttr-new-ring')!.getAttribute('stroke')).toBe('#abcdef');
    b.update({ fresh: [] });
    expect(news.children.length).toBe(0);
    expect(b.state()!.fresh).toEqual([]);
  });

  it('rings fresh stations and harbors in their owner colour, round the token, until no longer fresh', () => {
    const b = createBoard(host, readMap('europe'));
    b.update({ players: [{ name: 'A' }, { name: 'B', color: '#123456' }], stations: [{ city: 'Berlin', player: 1 }, { city: 'Wien', player: 0 }], freshCities: ['Berlin', 'Madrid'] });
    const news = b.svg!.querySelector('.ttr-news')!;
    // Madrid has no token: nothing to ring
    const rings = [...news.querySelectorAll('[data-new-city]')];
    expect(rings.map((g) => [g.getAttribute('data-new-city'), g.getAttribute('data-new-kind'), g.getAttribute('data-player')])).toEqual([['Berlin', 'station', '1']]);
    expect(rings[0].querySelector('.ttr-new-ring')!.getAttribute('stroke')).toBe('#123456');
    // the ring stands where the token stands
    const token = b.svg!.querySelector('[data-station="Berlin"]')!;
    expect(rings[0].getAttribute('transform')).toBe(token.getAttribute('transform'));
    // the token removed (an undo): its ring goes too; an empty list clears the rest
    b.update({ stations: [{ city: 'Wien', player: 0 }] });
    expect(news.querySelectorAll('[data-new-city]').length).toBe(0);
    b.update({ stations: [{ city: 'Berlin', player: 1 }] });
    expect(news.querySelectorAll('[data-new-city="Berlin"]').length).toBe(1);
    b.update({ freshCities: [] });
    expect(news.children.length).toBe(0);
  });

  it('calls back for clickable routes and cities only', () => {
    const onRouteClick = vi.fn();
    const onCityClick = vi.fn();
    const b = createBoard(host, readMap('europe'), { onRouteClick, onCityClick });
    click(routeEl(b, 5).querySelector('.ttr-car-body')!);
    expect(onRouteClick).toHaveBeenLastCalledWith(5);
    b.update({ selectable: { routes: [7], cities: ['Paris'] } });
    expect(routeEl(b, 5).classList.contains('ttr-disabled')).toBe(true);
    expect(routeEl(b, 5).getAttribute('aria-disabled')).toBe('true');
    expect(routeEl(b, 7).classList.contains('ttr-disabled')).toBe(false);
    click(routeEl(b, 5).querySelector('.ttr-car-body')!);
    expect(onRouteClick).toHaveBeenCalledTimes(1);
    click(routeEl(b, 7));
    expect(onRouteClick).toHaveBeenLastCalledWith(7);
    // cities: by their mark or their name
    click(b.svg!.querySelector('.ttr-labels [data-city="Paris"]')!);
    expect(onCityClick).toHaveBeenLastCalledWith('Paris');
    click(b.svg!.querySelector('.ttr-cities [data-city="Berlin"] circle')!);
    expect(onCityClick).toHaveBeenCalledTimes(1);
    // keyboard
    routeEl(b, 7).dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(onRouteClick).toHaveBeenCalledTimes(3);
    b.update({ selectable: { routes: null } });
    expect(b.svg!.querySelectorAll('.ttr-disabled').length).toBe(b.svg!.querySelectorAll('.ttr-city.ttr-disabled').length);
  });

  it('draws both halves of a claimed wraparound route, clipped to the board', () => {
    const map = drawableMap('world');
    const b = createBoard(host, map);
    const wrap = map.routes.find((r) => r.wraparound)!;
    b.update({ claims: { [wrap.id]: 3 } });
    const pieces = b.svg!.querySelectorAll(`[data-claim="${wrap.id}"] .ttr-piece`);
    const drawn = b.layout!.routes.find((r) => r.id === wrap.id)!.cars.length;
    expect(pieces.length).toBe(drawn);
    expect(drawn).toBeGreaterThanOrEqual(wrap.length);
    expect(b.svg!.querySelectorAll(`[data-claim="${wrap.id}"] [clip-path]`).length).toBe(2 * drawn);
  });
});

describe('loadMap', () => {
  it('takes an object or a URL', async () => {
    const map = readMap('nordic');
    expect(await loadMap(map)).toBe(map);
    const fetchOk = vi.fn(async () => new Response(JSON.stringify(map), { status: 200 }));
    const got = await loadMap('/api/maps/nordic', fetchOk as unknown as typeof fetch);
    expect(fetchOk).toHaveBeenCalledWith('/api/maps/nordic');
    expect(got.routes.length).toBe(map.routes.length);
  });

  it('says what is wrong', async () => {
    const f404 = vi.fn(async () => new Response('no', { status: 404 }));
    await expect(loadMap('/api/maps/nope', f404 as unknown as typeof fetch)).rejects.toThrow(/HTTP 404/);
    await expect(loadMap({ name: 'x', cities: [], routes: [{ id: 1, cities: ['A', 'B'], length: 1, color: 'red' }] })).rejects.toThrow(
      MapLoadError,
    );
  });
});
