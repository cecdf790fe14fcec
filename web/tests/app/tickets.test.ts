// @vitest-environment happy-dom
// The tickets panel: to do and done (done when the seat's routes join the cities, graph.ts), and
// pointing at a ticket hands it (its cities, its path when done) to the board.
import { h, render } from 'preact';
import { describe, expect, it } from 'vitest';
import { edgesOf } from '../../src/app/graph';
import { setLang } from '../../src/app/i18n';
import { Tickets, ticketViews, type TicketView } from '../../src/app/ui/Panels';
import { readMap } from '../maps';

const map = readMap('europe');
// a ticket between the two cities of a route, and a real one that route does not finish
const route = map.routes[0];
const direct = { id: 9001, cities: [...route.cities], points: 5, long: false };
const other = map.tickets!.find((tk) => !tk.cities.every((c) => route.cities.includes(c)))!;
const held = [{ id: other.id, cities: other.cities, points: other.points, long: false }, direct];

function panel(routes: number[], onHover: (tk: TicketView | null) => void = () => {}) {
  const host = document.createElement('div');
  render(h(Tickets, { tickets: ticketViews(map, held, edgesOf(map, routes)), onHover }), host);
  const ids = (g: string) => [...host.querySelectorAll(`[data-group="${g}"] [data-ticket]`)].map((e) => Number((e as HTMLElement).dataset.ticket));
  return { host, todo: ids('todo'), done: ids('done') };
}

describe('the tickets panel', () => {
  it('puts tickets the routes finish under done, the others under to do', () => {
    setLang('en');
    const before = panel([]);
    expect(before.todo).toEqual([other.id, direct.id]);
    expect(before.done).toEqual([]);
    expect(before.host.querySelector('[data-group="done"]')).toBeNull();
    expect(before.host.querySelector('[data-group="todo"] .ticket-group-head')!.textContent).toBe('To do (2)');
    const after = panel([route.id]);
    expect(after.todo).toEqual([other.id]);
    expect(after.done).toEqual([direct.id]);
    expect(after.host.querySelector('[data-group="done"] .ticket-group-head')!.textContent).toBe('Done (1)');
    expect(after.host.querySelector('[data-tickets-done]')!.textContent).toBe('1/2 done');
    expect(after.host.querySelector(`[data-ticket="${direct.id}"]`)!.classList.contains('done')).toBe(true);
  });

  it('hands the pointed ticket, with its path when done, to the board', () => {
    const seen: (TicketView | null)[] = [];
    const { host } = panel([route.id], (tk) => seen.push(tk));
    const card = host.querySelector(`[data-ticket="${direct.id}"]`)!;
    card.dispatchEvent(new MouseEvent('mouseenter'));
    card.dispatchEvent(new MouseEvent('mouseleave'));
    expect(seen[0]!.cities).toEqual(direct.cities);
    expect(seen[0]!.path).toEqual([route.id]);
    expect(seen[1]).toBeNull();
  });
});
