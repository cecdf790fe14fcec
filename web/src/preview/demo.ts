// A made-up game state, so the overlay can be looked at without a server.
import type { OverlayPatch } from '../board/overlay';
import type { MapData } from '../board/types';

/** A small deterministic hash, so the demo looks the same on every load. */
function hash(n: number): number {
  let x = (n + 0x9e3779b9) | 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

export const DEMO_PLAYERS = [{ name: 'Ada' }, { name: 'Ben' }, { name: 'Chloé' }, { name: 'Dev' }, { name: 'Emi' }];

export function demoState(map: MapData): OverlayPatch {
  const twinOf = new Map<number, number[]>();
  for (const g of map.double_routes ?? []) for (const id of g) twinOf.set(id, g.filter((x) => x !== id));
  const claims: Record<string, number> = {};
  const taken = new Set<number>();
  for (const r of map.routes) {
    const h = hash(r.id);
    if (h % 100 >= 22 || taken.has(r.id)) continue;
    claims[r.id] = (h >>> 8) % DEMO_PLAYERS.length;
    for (const t of twinOf.get(r.id) ?? []) taken.add(t);
  }
  // at least one wraparound route claimed, to show both halves
  const wrap = map.routes.find((r) => r.wraparound);
  if (wrap) claims[wrap.id] = 2;
  const cities = map.cities.filter((c) => !c.junction).map((c) => c.name);
  const pick = (i: number) => cities[hash(1000 + i) % cities.length];
  const stations =
    map.name === 'europe' ? [0, 1, 2, 3].map((i) => ({ city: pick(i), player: i % DEMO_PLAYERS.length })) : [];
  const harborCities = map.cities.filter((c) => c.harbor).map((c) => c.name);
  const harbors = harborCities.slice(0, 9).filter((_, i) => i % 3 === 0).map((city, i) => ({ city, player: i }));
  const ticket = map.tickets?.[0];
  const lastMove = Object.keys(claims).map(Number)[0];
  return {
    players: DEMO_PLAYERS,
    claims,
    stations,
    harbors,
    highlight: { cities: ticket ? ticket.cities.slice(0, 2) : [], routes: lastMove !== undefined ? [lastMove] : [] },
    // as if the player to move could pay for routes of length 4 or less only
    selectable: {
      routes: map.routes.filter((r) => !(String(r.id) in claims) && r.length <= 4).map((r) => r.id),
      cities: null,
    },
  };
}
