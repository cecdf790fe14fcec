// A player's network: which tickets are done, the path that does one, the longest trail.
import type { MapData } from '../board/index';

export interface Edge {
  id: number;
  a: string;
  b: string;
  length: number;
}

export function edgesOf(map: MapData, ids: Iterable<number>): Edge[] {
  const byId = new Map(map.routes.map((r) => [r.id, r]));
  const out: Edge[] = [];
  for (const id of ids) {
    const r = byId.get(id);
    if (r) out.push({ id, a: r.cities[0], b: r.cities[1], length: r.length });
  }
  return out;
}

/** The routes a seat owns, by the view's `routes` ({route id: seat}). */
export function ownedRoutes(routes: Record<string, number>, seat: number): number[] {
  return Object.entries(routes)
    .filter(([, s]) => s === seat)
    .map(([id]) => Number(id));
}

function adjacency(edges: Edge[]): Map<string, Edge[]> {
  const adj = new Map<string, Edge[]>();
  for (const e of edges) {
    if (!adj.has(e.a)) adj.set(e.a, []);
    if (!adj.has(e.b)) adj.set(e.b, []);
    adj.get(e.a)!.push(e);
    adj.get(e.b)!.push(e);
  }
  return adj;
}

/** The fewest routes joining a and b (route ids), or null. */
export function pathBetween(edges: Edge[], a: string, b: string): number[] | null {
  if (a === b) return [];
  const adj = adjacency(edges);
  if (!adj.has(a) || !adj.has(b)) return null;
  const prev = new Map<string, { city: string; edge: number }>();
  const seen = new Set([a]);
  const queue = [a];
  while (queue.length) {
    const c = queue.shift()!;
    for (const e of adj.get(c)!) {
      const n = e.a === c ? e.b : e.a;
      if (seen.has(n)) continue;
      seen.add(n);
      prev.set(n, { city: c, edge: e.id });
      if (n === b) {
        const path: number[] = [];
        let x = b;
        while (x !== a) {
          const p = prev.get(x)!;
          path.push(p.edge);
          x = p.city;
        }
        return path.reverse();
      }
      queue.push(n);
    }
  }
  return null;
}

export interface TicketProgress {
  done: boolean;
  /** the routes that join the ticket's cities (when done) */
  path: number[];
}

/** A ticket (or a tour: every consecutive pair of its cities) against a seat's routes. */
export function ticketProgress(edges: Edge[], cities: string[]): TicketProgress {
  const path = new Set<number>();
  for (let i = 0; i + 1 < cities.length; i++) {
    const p = pathBetween(edges, cities[i], cities[i + 1]);
    if (!p) return { done: false, path: [] };
    p.forEach((id) => path.add(id));
  }
  return { done: true, path: [...path] };
}

/**
 * The longest trail (no route used twice, cities may repeat) in a set of routes, by length,
 * with its routes. Exhaustive with a work cap (a player holds at most a few dozen routes).
 */
export function longestTrail(edges: Edge[], budget = 2_000_000): { length: number; routes: number[] } {
  const adj = adjacency(edges);
  const used = new Set<number>();
  let best = 0;
  let bestRoutes: number[] = [];
  const stack: number[] = [];
  let work = 0;
  const dfs = (city: string, len: number) => {
    if (len > best) {
      best = len;
      bestRoutes = stack.slice();
    }
    if (++work > budget) return;
    for (const e of adj.get(city) ?? []) {
      if (used.has(e.id)) continue;
      used.add(e.id);
      stack.push(e.id);
      dfs(e.a === city ? e.b : e.a, len + e.length);
      stack.pop();
      used.delete(e.id);
    }
  };
  for (const c of adj.keys()) dfs(c, 0);
  return { length: best, routes: bestRoutes };
}
