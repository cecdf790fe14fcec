// A finger is wider than a car: a tap that lands beside every route and city picks the
// clickable route or city nearest to it, if one lies within a finger's reach.
import type { BoardLayout } from './layout';
import type { Pt } from './geometry';

/** How far (CSS px) from a car or a city a tap still reaches it. */
export const TOUCH_REACH = 14;

export type Reached = { route: number } | { city: string } | null;

/** The distance from p to a car (a rectangle len x wid centred at x, y, turned by angle degrees). */
function toCar(p: Pt, c: { x: number; y: number; angle: number; len: number; wid: number }): number {
  const a = (-c.angle * Math.PI) / 180;
  const dx = p.x - c.x;
  const dy = p.y - c.y;
  const u = dx * Math.cos(a) - dy * Math.sin(a);
  const v = dx * Math.sin(a) + dy * Math.cos(a);
  return Math.hypot(Math.max(Math.abs(u) - c.len / 2, 0), Math.max(Math.abs(v) - c.wid / 2, 0));
}

/** The clickable route or city nearest to p (board units) within `reach` (board units), else null. */
export function nearestTarget(
  layout: BoardLayout,
  p: Pt,
  reach: number,
  routeOk: (id: number) => boolean,
  cityOk: (name: string) => boolean,
): Reached {
  let best: Reached = null;
  let bestD = reach;
  for (const r of layout.routes) {
    if (!routeOk(r.id)) continue;
    for (const car of r.cars) {
      const d = toCar(p, car);
      if (d <= bestD) {
        best = { route: r.id };
        bestD = d;
      }
    }
  }
  for (const c of layout.cities) {
    if (!cityOk(c.name)) continue;
    const d = Math.max(Math.hypot(p.x - c.x, p.y - c.y) - c.r, 0);
    if (d <= bestD) {
      best = { city: c.name };
      bestD = d;
    }
  }
  return best;
}
