import { describe, expect, it } from 'vitest';
import { boxesOverlap, boxHitsRect, dist, growBox, polygonsOverlap, rectCorners } from '../src/board/geometry';
import { givenSpaces, layoutBoard, MapLayoutError, missingLayout, type BoardLayout } from '../src/board/layout';
import { drawableMap, MAP_NAMES, readMap } from './maps';

const layouts = new Map<string, BoardLayout>();
const layoutOf = (name: string) => {
  if (!layouts.has(name)) layouts.set(name, layoutBoard(drawableMap(name)));
  return layouts.get(name)!;
};

describe.each(MAP_NAMES)('%s', (name) => {
  it('draws every route with exactly `length` cars, one per space', () => {
    const map = drawableMap(name);
    const lay = layoutOf(name);
    expect(lay.routes.map((r) => r.id)).toEqual(map.routes.map((r) => r.id));
    for (const r of lay.routes) {
      const indices = r.cars.map((c) => c.index);
      if (r.route.wraparound) {
        // both halves: every space drawn, the ones across the edge twice
        expect([...new Set(indices)].sort((a, b) => a - b), `route ${r.id}`).toEqual([...Array(r.route.length).keys()]);
      } else {
        expect(indices, `route ${r.id}`).toEqual([...Array(r.route.length).keys()]);
      }
    }
  });

  it('marks ferry locomotives and paired spaces on the right number of spaces', () => {
    for (const r of layoutOf(name).routes) {
      const spaces = (pred: (c: { loco: boolean; paired: boolean }) => boolean) =>
        new Set(r.cars.filter(pred).map((c) => c.index)).size;
      expect(spaces((c) => c.loco), `route ${r.id}`).toBe(r.route.locomotives ?? 0);
      expect(spaces((c) => c.paired), `route ${r.id}`).toBe(r.route.pairs ?? 0);
    }
  });

  it('keeps each route near the line between its cities', () => {
    const lay = layoutOf(name);
    const at = new Map(lay.cities.map((c) => [c.name, c]));
    for (const r of lay.routes) {
      if (r.route.wraparound) continue;
      const a = at.get(r.route.cities[0])!;
      const b = at.get(r.route.cities[1])!;
      const chord = dist(a, b);
      for (const c of r.cars) {
        // on an ellipse-ish corridor: the detour via the car is bounded
        expect(dist(a, c) + dist(c, b), `route ${r.id}`).toBeLessThan(chord * 1.9 + 60);
      }
    }
  });

  it('draws the lanes of a double or triple route side by side, not on top of each other', () => {
    const lay = layoutOf(name);
    const byPair = new Map<string, typeof lay.routes>();
    for (const r of lay.routes) {
      const k = [...r.route.cities].sort().join('|');
      byPair.set(k, [...(byPair.get(k) ?? []), r]);
    }
    let groups = 0;
    for (const lanes of byPair.values()) {
      if (lanes.length < 2) continue;
      groups++;
      for (let i = 0; i < lanes.length; i++) {
        for (let j = i + 1; j < lanes.length; j++) {
          for (const p of lanes[i].cars) {
            for (const q of lanes[j].cars) {
              const hit = polygonsOverlap(rectCorners(p, p.len - 2, p.wid - 2), rectCorners(q, q.len - 2, q.wid - 2));
              expect(hit, `routes ${lanes[i].id} and ${lanes[j].id}`).toBe(false);
            }
          }
        }
      }
    }
    expect(groups).toBeGreaterThan(0);
  });

  it('names every city (not the junctions) inside the board', () => {
    const lay = layoutOf(name);
    const b = lay.bounds;
    for (const c of lay.cities) {
      if (c.kind === 'junction') {
        expect(c.label).toBeNull();
        continue;
      }
      expect(c.label?.text).toBe(c.name);
      const l = c.label!.box;
      expect(l.x0 >= b.x0 && l.x1 <= b.x1 && l.y0 >= b.y0 && l.y1 <= b.y1, c.name).toBe(true);
      expect(c.x >= b.x0 && c.x <= b.x1 && c.y >= b.y0 && c.y <= b.y1).toBe(true);
    }
  });

  it('places names off the route spaces: at most 3 of a board cover one, and they are marked', () => {
    const lay = layoutOf(name);
    const cars = lay.routes.flatMap((r) => r.cars.map((c) => rectCorners(c, c.len, c.wid)));
    const covering = lay.cities.filter((c) => {
      const b = c.label?.box;
      if (!b) return false;
      return cars.some((k) => {
        const kb = k.reduce((bb, q) => growBox(bb, q.x, q.y), { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity });
        return boxesOverlap(b, kb) && boxHitsRect(b, k);
      });
    });
    expect(covering.length, covering.map((c) => c.name).join(', ')).toBeLessThanOrEqual(3);
    // the render lets clicks through these names to the routes (board.test.ts)
    for (const c of covering) expect(c.label!.overCar, c.name).toBe(true);
  });

  it('scales the board so that spaces are about 65 units apart', () => {
    const lay = layoutOf(name);
    const gaps: number[] = [];
    for (const r of lay.routes) for (let i = 1; i < r.cars.length; i++) if (!r.route.wraparound) gaps.push(dist(r.cars[i - 1], r.cars[i]));
    gaps.sort((x, y) => x - y);
    const median = gaps[Math.floor(gaps.length / 2)];
    expect(median).toBeGreaterThan(55);
    expect(median).toBeLessThan(85);
  });
});

describe('maps with spaces in the file', () => {
  it.each(['europe', 'usa', 'nordic'])('%s: puts the cars where the file says', (name) => {
    const map = readMap(name);
    const lay = layoutOf(name);
    for (const r of map.routes) {
      const cars = lay.routes.find((x) => x.id === r.id)!.cars;
      r.spaces!.forEach(([x, y], i) => {
        expect(Math.abs(cars[i].x - x * lay.scale)).toBeLessThan(1e-6);
        expect(Math.abs(cars[i].y - y * lay.scale)).toBeLessThan(1e-6);
      });
    }
  });

  it('turns each space along its route, not by the rough angle of the file', () => {
    const pos = new Map([
      ['A', { x: 0, y: 0 }],
      ['B', { x: 200, y: 0 }],
    ]);
    const sp = givenSpaces(
      { id: 1, cities: ['A', 'B'], length: 2, color: 'red', spaces: [[70, 0, 60], [130, 0, -50]] },
      1,
      pos,
    );
    expect(sp.map((s) => s.angle)).toEqual([0, 0]);
    const one = givenSpaces({ id: 2, cities: ['A', 'B'], length: 1, color: 'red', spaces: [[100, 0, 33]] }, 1, pos);
    expect(one[0].angle).toBe(0);
  });
});

describe('world wraparound', () => {
  const lay = () => layoutOf('world');
  it('draws both halves of a route across the east-west edge, clipped to the board', () => {
    const { wrap } = lay();
    expect(wrap).not.toBeNull();
    const w = wrap!;
    const wrapping = lay().routes.filter((r) => r.route.wraparound);
    expect(wrapping.length).toBe(10);
    for (const r of wrapping) {
      const nearWest = r.cars.some((c) => c.x - c.len / 2 < w.left + 150);
      const nearEast = r.cars.some((c) => c.x + c.len / 2 > w.right - 150);
      expect(nearWest && nearEast, `route ${r.id}`).toBe(true);
      expect(r.cars.every((c) => c.clip)).toBe(true);
      // every car shows on the board
      expect(r.cars.every((c) => c.x + c.len / 2 > w.left && c.x - c.len / 2 < w.right), `route ${r.id}`).toBe(true);
      expect(r.lines.length).toBe(2);
    }
  });

  it('does not clip the other routes', () => {
    for (const r of lay().routes) if (!r.route.wraparound) expect(r.cars.some((c) => c.clip)).toBe(false);
  });

  it('leaves a wraparound route the short way, off the nearer edge', () => {
    const r = lay().routes.find((x) => x.id === 10)!; // Anchorage (east) - Vancouver (west), 2 spaces
    const xs = r.cars.map((c) => c.x);
    const w = lay().wrap!;
    // no car in the middle of the board
    expect(xs.every((x) => x < w.left + 300 || x > w.right - 300)).toBe(true);
  });
});

describe('Legacy: legends-west', () => {
  const lay = () => layoutOf('legends-west');
  it('draws the edge stubs apart from the routes, leading off the board', () => {
    const map = readMap('legends-west');
    expect(lay().stubs.length).toBe(map.edge_stubs!.length);
    for (const s of lay().stubs) {
      expect(s.cars.length).toBe(Math.min(s.stub.length, 2));
      const city = lay().cities.find((c) => c.name === s.stub.city)!;
      // the arrow points away from the city
      expect(dist(s.arrow, city)).toBeGreaterThan(dist(s.cars[s.cars.length - 1], city));
    }
    expect(lay().routes.some((r) => String(r.id).includes('-'))).toBe(false);
  });

  it('shows the companies in a legend and the big cities larger', () => {
    expect(lay().legend?.items.map((c) => c.color)).toEqual(['blue', 'black', 'red', 'yellow', 'green']);
    const big = lay().cities.filter((c) => c.kind === 'big');
    const small = lay().cities.filter((c) => c.kind === 'city');
    expect(big.length).toBe(6);
    expect(Math.min(...big.map((c) => c.r))).toBeGreaterThan(Math.max(...small.map((c) => c.r)));
  });
});

describe('a map without layout', () => {
  it('is refused with the cities that have no xy', () => {
    const map = readMap('great-lakes');
    const missing = missingLayout(map);
    expect(missing.length).toBe(map.cities.filter((c) => !c.xy).length);
    if (missing.length) {
      expect(() => layoutBoard(map)).toThrow(MapLayoutError);
      try {
        layoutBoard(map);
      } catch (e) {
        expect((e as MapLayoutError).missing).toEqual(missing);
        expect((e as Error).message).toContain('cannot be drawn');
      }
    }
  });

  it('is refused when only one city lacks xy', () => {
    const map = readMap('usa');
    map.cities[3] = { ...map.cities[3], xy: null };
    expect(missingLayout(map)).toEqual([map.cities[3].name]);
    expect(() => layoutBoard(map)).toThrow(/1 of 36 cities/);
  });

  it('junctions are drawn smaller than cities', () => {
    const lay = layoutOf('world');
    const j = lay.cities.find((c) => c.kind === 'junction')!;
    expect(j.name).toBe('Indian Ocean waypoint');
    expect(j.r).toBeLessThan(lay.cities.find((c) => c.kind === 'city')!.r);
  });
});
