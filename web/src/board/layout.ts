// From a map file to everything the SVG needs, in board units: pure, no DOM.
import {
  boxHitsCircle,
  circleHitsRect,
  DEFAULT_LANE,
  laneOptions,
  polygonsOverlap,
  type LaneOption,
  dist,
  emptyBox,
  growBox,
  laneOffsets,
  normAngle,
  offsetPath,
  pathLength,
  quantile,
  rectCorners,
  spacesOnPath,
  splitWrapped,
  wrapTarget,
  type Box,
  type LaneConfig,
  type Path,
  type Placed,
  type Pt,
  type WrapFrame,
} from './geometry';
import { placeLabels, textBox, textWidth, type LabelLayout, type Obstacles } from './labels';
import type { City, Company, EdgeStub, MapData, Route, RouteColor } from './types';

/** Sizes in board units. Boards are scaled so that neighbouring spaces are about `pitch` apart. */
export const UNIT = {
  pitch: 65,
  carLen: 56,
  carWid: 19,
  margin: 16,
  cityR: 12,
  bigR: 17,
  junctionR: 9,
  laneGap: 23,
  font: 19,
  minCarGap: 5,
  pad: 24,
};

export interface CarLayout extends Placed {
  len: number;
  wid: number;
  /** which space of the route (0-based) */
  index: number;
  /** a ferry space that needs a locomotive */
  loco: boolean;
  /** a paired space (Rails & Sails World) */
  paired: boolean;
  /** drawn clipped to the board (a wraparound route's car near the edge) */
  clip: boolean;
}

export interface RouteLayout {
  id: number;
  route: Route;
  /** the cars as drawn: a wraparound route has the cars of both halves */
  cars: CarLayout[];
  /** centre lines through the cars (SVG path data), for hit areas */
  lines: Array<{ d: string; clip: boolean }>;
  /** which lane of its city pair, and how many lanes the pair has */
  lane: number;
  lanes: number;
  /** laid out on an arc because the cities are too close for its spaces on a straight line */
  curved: boolean;
}

export type CityKind = 'city' | 'big' | 'junction';

export interface CityLayout {
  name: string;
  city: City;
  x: number;
  y: number;
  r: number;
  kind: CityKind;
  harbor: boolean;
  /** null for junctions (lake points, ocean star): the board prints no name */
  label: LabelLayout | null;
}

export interface StubLayout {
  stub: EdgeStub;
  cars: CarLayout[];
  /** tip of the arrow that leads off the board */
  arrow: Placed;
  label: LabelLayout;
}

export interface LegendLayout {
  title: string;
  x: number;
  y: number;
  w: number;
  h: number;
  rowH: number;
  font: number;
  items: Company[];
}

export interface BoardLayout {
  name: string;
  title: string;
  /** the language of the printed words (BoardText.lang) */
  lang: string;
  /** the printed words */
  text: BoardText;
  /** board units per map-file pixel */
  scale: number;
  bounds: Box;
  /** the east and west edges of a board with wraparound routes */
  wrap: WrapFrame | null;
  cities: CityLayout[];
  routes: RouteLayout[];
  stubs: StubLayout[];
  legend: LegendLayout | null;
}

export class MapLayoutError extends Error {
  readonly missing: string[];
  readonly mapName: string;
  constructor(mapName: string, missing: string[], total: number) {
    const list = missing.length > 6 ? `${missing.slice(0, 6).join(', ')}, ...` : missing.join(', ');
    super(
      `The board "${mapName}" cannot be drawn yet: ${missing.length} of ${total} cities have no position ` +
        `(xy) in the map file (${list}).`,
    );
    this.name = 'MapLayoutError';
    this.missing = missing;
    this.mapName = mapName;
  }
}

/** Names of the cities without a usable layout position. */
export function missingLayout(map: MapData): string[] {
  return map.cities
    .filter((c) => !Array.isArray(c.xy) || c.xy.length !== 2 || !c.xy.every((v) => Number.isFinite(v)))
    .map((c) => c.name);
}

const pairKey = (r: Route) => [...r.cities].sort().join('\u0000');

/** Without spaces in the file, this share of the routes is too short to run straight at the pitch. */
export const PITCH_QUANTILE = 0.1;

/** Map-file pixels between neighbouring spaces, from the given spaces or the city distances. */
export function estimatePitch(map: MapData, pos: Map<string, Pt>, lane: LaneConfig = DEFAULT_LANE, q = PITCH_QUANTILE): number {
  const gaps: number[] = [];
  for (const r of map.routes) {
    const sp = r.spaces;
    if (!sp) continue;
    for (let i = 1; i < sp.length; i++) gaps.push(Math.hypot(sp[i][0] - sp[i - 1][0], sp[i][1] - sp[i - 1][1]));
  }
  if (gaps.length >= 10) return quantile(gaps, 0.5);
  // No spaces given: take the pitch a quarter of the routes are shorter than, so
  // most routes run straight and the rest bend.
  const ratios: number[] = [];
  for (const r of map.routes) {
    if (r.wraparound) continue;
    const a = pos.get(r.cities[0]);
    const b = pos.get(r.cities[1]);
    if (!a || !b) continue;
    ratios.push(dist(a, b) / (r.length + (2 * lane.margin) / lane.pitch));
  }
  return ratios.length ? quantile(ratios, q) : lane.pitch;
}

function lineData(points: Pt[], dx = 0): string {
  return points.map((p, i) => `${i ? 'L' : 'M'}${(p.x + dx).toFixed(1)},${p.y.toFixed(1)}`).join('');
}

/** Points along a lane from the back of its first car to the front of its last one. */
function laneLine(cars: Placed[], len: number): Pt[] {
  if (!cars.length) return [];
  const ext = (c: Placed, s: number) => {
    const t = (c.angle * Math.PI) / 180;
    return { x: c.x + Math.cos(t) * s, y: c.y + Math.sin(t) * s };
  };
  // raw angles follow the direction of travel (not folded), so ends extend outwards
  return [ext(cars[0], -len / 2), ...cars.map((c) => ({ x: c.x, y: c.y })), ext(cars[cars.length - 1], len / 2)];
}

/** The words the board prints: city names, the edge stubs' labels, the legend's title. */
export interface BoardText {
  /** the SVG's lang attribute (its font follows it) */
  lang: string;
  /** the name printed for a city (the map's name is its id, tooltip and aria-label) */
  city(name: string): string;
  /** an edge stub's label from its `leads_to` */
  stub(leadsTo: string): string;
  /** the companies legend's title */
  legend: string;
  /** a route's and a city's tooltip (default: the map's names, in English) */
  routeTitle?(route: Route): string;
  cityTitle?(city: City): string;
  /** the tooltips of a claim, a station and a harbor, from the owner's name (default: English) */
  pieceTitle?(kind: 'claim' | 'station' | 'harbor', owner: string): string;
}

export const ENGLISH_TEXT: BoardText = {
  lang: 'en',
  city: (name) => name,
  stub: (leadsTo) => `to ${leadsTo}`,
  legend: 'Railroad companies',
};

export interface LayoutOptions {
  /** the printed words (default: the map's names, in English) */
  text?: BoardText;
  lane?: Partial<LaneConfig>;
  /** see PITCH_QUANTILE */
  pitchQuantile?: number;
}

export function layoutBoard(map: MapData, options: LayoutOptions = {}): BoardLayout {
  const missing = missingLayout(map);
  if (missing.length) throw new MapLayoutError(map.name, missing, map.cities.length);
  const lane: LaneConfig = { ...DEFAULT_LANE, pitch: UNIT.pitch, margin: UNIT.margin, ...options.lane };
  const words = options.text ?? ENGLISH_TEXT;

  const raw = new Map<string, Pt>();
  for (const c of map.cities) raw.set(c.name, { x: c.xy![0], y: c.xy![1] });
  const scale = UNIT.pitch / estimatePitch(map, raw, lane, options.pitchQuantile);
  const pos = new Map<string, Pt>();
  for (const [n, p] of raw) pos.set(n, { x: p.x * scale, y: p.y * scale });
  const cityByName = new Map(map.cities.map((c) => [c.name, c]));

  // wraparound: the board's east and west edges, as far outside the outermost cities as the
  // west edge is from x = 0 (at least one space)
  let wrap: WrapFrame | null = null;
  if (map.routes.some((r) => r.wraparound && !r.spaces)) {
    const xs = [...pos.values()].map((p) => p.x);
    const xmin = Math.min(...xs);
    const xmax = Math.max(...xs);
    const left = Math.min(0, xmin - UNIT.pitch);
    wrap = { left, right: xmax + (xmin - left) };
  }

  // lanes: every route joining the same two cities, in double_routes order, then by id
  const groupOrder = new Map<number, number>();
  for (const g of map.double_routes ?? []) g.forEach((id, i) => groupOrder.set(id, i));
  const groups = new Map<string, Route[]>();
  for (const r of map.routes) {
    const k = pairKey(r) + (r.wraparound ? '\u0001w' : '');
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k)!.push(r);
  }
  for (const g of groups.values()) {
    g.sort((a, b) => (groupOrder.get(a.id) ?? 0) - (groupOrder.get(b.id) ?? 0) || a.id - b.id);
  }

  const layouts = new Map<number, RouteLayout>();

  const carFlags = (r: Route, i: number) => ({
    loco: i < (r.locomotives ?? 0),
    paired: i < (r.pairs ?? 0),
  });

  const finish = (r: Route, lanePos: number, lanes: number, placed: Placed[], len: number, curved: boolean) => {
    let cars: CarLayout[] = placed.map((p, i) => ({
      x: p.x,
      y: p.y,
      angle: p.angle,
      len,
      wid: UNIT.carWid,
      index: i,
      clip: false,
      ...carFlags(r, i),
    }));
    const line = laneLine(placed, len);
    let lines = [{ d: lineData(line), clip: false }];
    if (r.wraparound && wrap && !r.spaces) {
      cars = splitWrapped(cars, len / 2 + 2, wrap).map(({ shift: _s, ...c }) => ({ ...c, clip: true }));
      // the line runs off one edge: draw it again one board width the other way
      const w = wrap.right - wrap.left;
      const other = line.some((p) => p.x > wrap!.right) ? -w : w;
      lines = [
        { d: lineData(line), clip: true },
        { d: lineData(line, other), clip: true },
      ];
    }
    for (const c of cars) c.angle = normAngle(c.angle);
    layouts.set(r.id, { id: r.id, route: r, cars, lines, lane: lanePos, lanes, curved });
  };

  // Every city pair is a "group" of 1-3 lanes. Groups with spaces in the map file keep
  // them; the others choose among straight and bent layouts (laneOptions) the one whose
  // cars hide the fewest cars of other groups and cities, a few rounds over.
  interface Group {
    routes: Route[];
    ends: [string, string];
    options: LaneOption[];
    choice: number;
    placed: Array<{ placed: Placed[]; len: number }>;
    rects: CarRect[];
    fixed: boolean;
  }
  const built: Group[] = [];
  for (const g of groups.values()) {
    if (g.every((r) => r.spaces && r.spaces.length === r.length)) {
      const placed = g.map((r) => {
        const sp = givenSpaces(r, scale, pos);
        let gap = Infinity;
        for (let j = 1; j < sp.length; j++) gap = Math.min(gap, dist(sp[j], sp[j - 1]));
        return { placed: sp, len: Math.min(UNIT.carLen, gap - UNIT.minCarGap) };
      });
      built.push({ routes: g, ends: g[0].cities, options: [], choice: -1, placed, rects: carRects(placed), fixed: true });
      continue;
    }
    const [na, nb] = [...g[0].cities].sort();
    const a = pos.get(na)!;
    let b = pos.get(nb)!;
    const wrapped = !!(g[0].wraparound && wrap);
    if (wrapped) b = wrapTarget(a, b, wrap!);
    const n = Math.max(...g.map((r) => r.length));
    const options = laneOptions(a, b, n, lane);
    const placed = layoutGroup(g, options[0].path, options[0].pitch);
    built.push({ routes: g, ends: g[0].cities, options, choice: 0, placed, rects: wrapped ? [] : carRects(placed), fixed: wrapped });
  }
  const cityList = [...pos.entries()].map(([name, p]) => ({ name, ...p }));
  const collisions = (g: Group, rects: CarRect[]) => {
    let cost = 0;
    for (const r of rects) {
      for (const o of built) {
        if (o === g) continue;
        for (const q of o.rects) {
          if (Math.abs(q.x - r.x) > q.reach + r.reach || Math.abs(q.y - r.y) > q.reach + r.reach) continue;
          if (polygonsOverlap(r.corners, q.corners)) cost += 10;
        }
      }
      for (const c of cityList) {
        if (c.name === g.ends[0] || c.name === g.ends[1]) continue;
        if (Math.abs(c.x - r.x) > r.reach + UNIT.cityR + 4 || Math.abs(c.y - r.y) > r.reach + UNIT.cityR + 4) continue;
        if (circleHitsRect(c, UNIT.cityR + 4, r.car, r.car.len, r.car.wid)) cost += 20;
      }
    }
    return cost;
  };
  for (let round = 0; round < 4; round++) {
    let changed = false;
    const costs = new Map(built.map((g) => [g, g.fixed ? 0 : collisions(g, g.rects) + g.options[g.choice].bend]));
    const order = built.filter((g) => !g.fixed).sort((p, q) => costs.get(q)! - costs.get(p)!);
    for (const g of order) {
      let best = g.choice;
      let bestCost = collisions(g, g.rects) + g.options[g.choice].bend;
      if (bestCost === 0) continue;
      let bestPlaced = g.placed;
      let bestRects = g.rects;
      g.options.forEach((o, i) => {
        if (i === g.choice || o.bend >= bestCost) return;
        const placed = layoutGroup(g.routes, o.path, o.pitch);
        const rects = carRects(placed);
        const cost = collisions(g, rects) + o.bend;
        if (cost < bestCost) {
          best = i;
          bestCost = cost;
          bestPlaced = placed;
          bestRects = rects;
        }
      });
      if (best !== g.choice) {
        g.choice = best;
        g.placed = bestPlaced;
        g.rects = bestRects;
        changed = true;
      }
    }
    if (!changed) break;
  }
  for (const g of built) {
    const curved = g.choice >= 0 && g.options[g.choice].path.kind === 'arc';
    g.placed.forEach((sp, i) => finish(g.routes[i], i, g.routes.length, sp.placed, sp.len, curved));
  }

  const routes = map.routes.map((r) => layouts.get(r.id)!);

  // cities
  const cities: CityLayout[] = map.cities.map((c) => {
    const p = pos.get(c.name)!;
    const kind: CityKind = c.junction ? 'junction' : c.big ? 'big' : 'city';
    const r = kind === 'junction' ? UNIT.junctionR : kind === 'big' ? UNIT.bigR : UNIT.cityR;
    return { name: c.name, city: c, x: p.x, y: p.y, r, kind, harbor: !!c.harbor, label: null };
  });

  // edge stubs (Legacy): short faded lanes leading off the board
  const stubs = layoutStubs(map, pos, cityByName, built.flatMap((g) => g.rects), words);

  // labels: keep clear of cars, city marks and stub marks
  const obstacles: Obstacles = { rects: [], circles: [] };
  const addCar = (c: Placed & { len: number; wid: number }) => {
    const corners = rectCorners(c, c.len, c.wid);
    const box = emptyBox();
    for (const q of corners) growBox(box, q.x, q.y);
    obstacles.rects.push({ corners, box });
  };
  for (const r of routes) r.cars.forEach(addCar);
  for (const s of stubs) s.cars.forEach(addCar);
  for (const c of cities) obstacles.circles.push({ x: c.x, y: c.y, r: c.r + (c.harbor ? 9 : 2) });
  const frame = wrap ? { x0: wrap.left, x1: wrap.right, y0: -Infinity, y1: Infinity } : undefined;
  const named = cities.filter((c) => c.kind !== 'junction');
  // names grow a little on wide boards, which are shown smaller when fitted to a screen
  const span = Math.max(...cities.map((c) => c.x)) - Math.min(...cities.map((c) => c.x));
  const font = Math.min(Math.max(span / 100, UNIT.font), UNIT.font * 1.25);
  const labels = placeLabels(
    named.map((c) => ({ text: words.city(c.name), x: c.x, y: c.y, r: c.r + (c.harbor ? 4 : 0), font })),
    obstacles,
    frame,
  );
  named.forEach((c, i) => (c.label = labels[i]));

  // bounds
  const bounds = emptyBox();
  for (const c of cities) growBox(bounds, c.x, c.y, c.r + 10);
  for (const c of cities) if (c.label) growBox(growBox(bounds, c.label.box.x0, c.label.box.y0), c.label.box.x1, c.label.box.y1);
  for (const r of routes) for (const c of r.cars) if (!c.clip) growBox(bounds, c.x, c.y, c.len / 2);
  for (const s of stubs) {
    for (const c of s.cars) growBox(bounds, c.x, c.y, c.len / 2);
    growBox(bounds, s.arrow.x, s.arrow.y, 10);
    growBox(growBox(bounds, s.label.box.x0, s.label.box.y0), s.label.box.x1, s.label.box.y1);
  }
  if (wrap) {
    bounds.x0 = wrap.left;
    bounds.x1 = wrap.right;
  }

  // companies legend (Legacy): in a free corner of the board, else beside it
  let legend: LegendLayout | null = null;
  if (map.companies?.length) {
    legend = placeLegend(map.companies, bounds, obstacles, cities, words.legend);
    growBox(growBox(bounds, legend.x, legend.y), legend.x + legend.w, legend.y + legend.h);
  }
  if (!wrap) {
    bounds.x0 -= UNIT.pad;
    bounds.x1 += UNIT.pad;
  }
  bounds.y0 -= UNIT.pad;
  bounds.y1 += UNIT.pad;

  return {
    name: map.name,
    title: map.title ?? map.name,
    lang: words.lang,
    text: words,
    scale,
    bounds,
    wrap,
    cities,
    routes,
    stubs,
    legend,
  };
}

interface CarRect {
  x: number;
  y: number;
  /** half the diagonal: no part of the car is farther from its centre */
  reach: number;
  corners: Pt[];
  car: Placed & { len: number; wid: number };
}

function carRects(placed: Array<{ placed: Placed[]; len: number }>): CarRect[] {
  const out: CarRect[] = [];
  for (const lane of placed) {
    for (const p of lane.placed) {
      const car = { ...p, len: lane.len, wid: UNIT.carWid };
      out.push({ x: p.x, y: p.y, reach: Math.hypot(lane.len, UNIT.carWid) / 2, corners: rectCorners(car, lane.len - 2, UNIT.carWid - 2), car });
    }
  }
  return out;
}

/**
 * A route's spaces from the map file, scaled. Each space is turned along the line of its
 * route (towards its neighbours; a lone space from city to city): the file's angles are
 * rough, some tens of degrees off the line the spaces lie on.
 */
export function givenSpaces(r: Route, scale: number, pos: Map<string, Pt>): Placed[] {
  const sp: Placed[] = r.spaces!.map(([x, y, a]) => ({ x: x * scale, y: y * scale, angle: a }));
  const deg = (p: Pt, q: Pt) => (Math.atan2(q.y - p.y, q.x - p.x) * 180) / Math.PI;
  if (sp.length === 1) {
    const a = pos.get(r.cities[0]);
    const b = pos.get(r.cities[1]);
    if (a && b) sp[0].angle = deg(a, b);
    return sp;
  }
  for (let j = 0; j < sp.length; j++) {
    sp[j].angle = deg(sp[Math.max(j - 1, 0)], sp[Math.min(j + 1, sp.length - 1)]);
  }
  return sp;
}

/** The lanes of one city pair along a path: side by side, each with its spaces spread evenly. */
function layoutGroup(routes: Route[], path: Path, pitch: number): Array<{ placed: Placed[]; len: number }> {
  const offs = laneOffsets(routes.length, UNIT.laneGap);
  const base = pathLength(path);
  return routes.map((r, i) => {
    const p = offsetPath(path, offs[i]);
    const k = pathLength(p) / base;
    // a shorter lane of the pair (lengths differ) keeps the same pitch, centred
    const lp = pitch * k;
    const placed = spacesOnPath(p, r.length, lp);
    return { placed, len: Math.min(UNIT.carLen, lp - UNIT.minCarGap) };
  });
}

function unit(v: Pt): Pt {
  const d = Math.hypot(v.x, v.y) || 1;
  return { x: v.x / d, y: v.y / d };
}

/**
 * Legacy edge stubs: drawn from their city away from its neighbours (where the rest of
 * the country lies), turned up to 70 degrees to hide as few cars and cities as possible;
 * min(length, 2) faded spaces and an arrow with the place they lead to. Stubs to the same
 * place run side by side; stubs of one city to different places are 35 degrees apart or more.
 */
function layoutStubs(map: MapData, pos: Map<string, Pt>, cityByName: Map<string, City>, rects: CarRect[], words: BoardText): StubLayout[] {
  const stubs = map.edge_stubs ?? [];
  if (!stubs.length) return [];
  const out: StubLayout[] = [];
  const byCity = new Map<string, EdgeStub[]>();
  for (const s of stubs) {
    if (!cityByName.has(s.city)) continue;
    if (!byCity.has(s.city)) byCity.set(s.city, []);
    byCity.get(s.city)!.push(s);
  }
  const cities = [...pos.entries()];
  const placedCars: CarLayout[] = [];
  for (const [city, list] of byCity) {
    const c = pos.get(city)!;
    let away = { x: 0, y: 0 };
    for (const r of map.routes) {
      if (!r.cities.includes(city)) continue;
      const o = pos.get(r.cities[0] === city ? r.cities[1] : r.cities[0]);
      if (!o) continue;
      const u = unit({ x: o.x - c.x, y: o.y - c.y });
      away = { x: away.x - u.x, y: away.y - u.y };
    }
    away = unit(away);
    const baseAngle = Math.atan2(away.y, away.x);
    const used: number[] = [];
    const dests = [...new Set(list.map((s) => s.leads_to))];
    for (const dest of dests) {
      const group = list.filter((s) => s.leads_to === dest);
      const offs = laneOffsets(group.length, UNIT.laneGap);
      const build = (ang: number) =>
        group.map((s, li) => {
          const d = { x: Math.cos(ang), y: Math.sin(ang) };
          const nrm = { x: -d.y, y: d.x };
          const o = offs[li];
          const n = Math.min(s.length, 2);
          const cars: CarLayout[] = [];
          for (let i = 0; i < n; i++) {
            const t = UNIT.margin + UNIT.cityR + UNIT.pitch * (i + 0.5);
            cars.push({
              x: c.x + d.x * t + nrm.x * o,
              y: c.y + d.y * t + nrm.y * o,
              angle: normAngle((ang * 180) / Math.PI),
              len: UNIT.carLen,
              wid: UNIT.carWid,
              index: i,
              loco: false,
              paired: false,
              clip: false,
            });
          }
          const tipT = UNIT.margin + UNIT.cityR + UNIT.pitch * n + 18;
          const arrow = { x: c.x + d.x * tipT + nrm.x * o, y: c.y + d.y * tipT + nrm.y * o, angle: (ang * 180) / Math.PI };
          return { stub: s, cars, arrow, label: stubLabel(s, arrow, d, li === group.length - 1, words) };
        });
      let best: StubLayout[] = [];
      let bestCost = Infinity;
      for (let k = 0; k <= 14; k++) {
        const turn = (Math.ceil(k / 2) * (k % 2 ? 1 : -1) * 10 * Math.PI) / 180;
        const ang = baseAngle + turn;
        if (used.some((u) => Math.abs(Math.atan2(Math.sin(ang - u), Math.cos(ang - u))) < (35 * Math.PI) / 180)) continue;
        const lay = build(ang);
        let cost = Math.abs(turn) * 3;
        for (const s of lay) {
          for (const car of s.cars) {
            const corners = rectCorners(car, car.len, car.wid);
            for (const r of rects) {
              if (Math.abs(r.x - car.x) > r.reach + car.len || Math.abs(r.y - car.y) > r.reach + car.len) continue;
              if (polygonsOverlap(corners, r.corners)) cost += 10;
            }
            for (const q of placedCars) if (polygonsOverlap(corners, rectCorners(q, q.len, q.wid))) cost += 10;
            for (const [name, p] of cities) if (name !== city && circleHitsRect(p, UNIT.cityR + 4, car, car.len, car.wid)) cost += 20;
          }
          for (const [name, p] of cities) if (name !== city && boxHitsCircle(s.label.box, p, UNIT.cityR + 2)) cost += 8;
        }
        if (cost < bestCost) {
          bestCost = cost;
          best = lay;
        }
      }
      if (!best.length) best = build(baseAngle);
      used.push((best[0].arrow.angle * Math.PI) / 180);
      for (const s of best) placedCars.push(...s.cars);
      out.push(...best);
    }
  }
  return out;
}

function stubLabel(s: EdgeStub, tip: Placed, d: Pt, show: boolean, words: BoardText): LabelLayout {
  const font = UNIT.font * 0.72;
  const text = show ? words.stub(s.leads_to) : '';
  const anchor = d.x > 0.35 ? 'start' : d.x < -0.35 ? 'end' : 'middle';
  const x = tip.x + d.x * 8;
  const y = tip.y + d.y * 8 + (d.y > 0.35 ? font : d.y < -0.35 ? -4 : font * 0.35);
  return { text, x, y, anchor, font, box: textBox(text, x, y, anchor, font), cost: 0 };
}

function placeLegend(companies: Company[], bounds: Box, obstacles: Obstacles, cities: CityLayout[], title: string): LegendLayout {
  const font = UNIT.font * 0.8;
  const rowH = font * 1.6;
  const w = Math.max(textWidth(title, font), ...companies.map((c) => textWidth(c.name, font) + 46)) + 24;
  const h = rowH * (companies.length + 1) + 12;
  const m = 8;
  const spots: Pt[] = [
    { x: bounds.x0 + m, y: bounds.y0 + m },
    { x: bounds.x1 - w - m, y: bounds.y1 - h - m },
    { x: bounds.x0 + m, y: bounds.y1 - h - m },
    { x: bounds.x1 - w - m, y: bounds.y0 + m },
    { x: bounds.x0 - w - 2 * m, y: bounds.y0 },
  ];
  const free = (p: Pt) => {
    const b = { x0: p.x, y0: p.y, x1: p.x + w, y1: p.y + h };
    for (const r of obstacles.rects) if (b.x0 < r.box.x1 && r.box.x0 < b.x1 && b.y0 < r.box.y1 && r.box.y0 < b.y1) return false;
    for (const c of cities) {
      if (c.x + c.r > b.x0 && c.x - c.r < b.x1 && c.y + c.r > b.y0 && c.y - c.r < b.y1) return false;
      const l = c.label?.box;
      if (l && l.x0 < b.x1 && b.x0 < l.x1 && l.y0 < b.y1 && b.y0 < l.y1) return false;
    }
    return true;
  };
  const spot = spots.find(free) ?? spots[spots.length - 1];
  return { title, x: spot.x, y: spot.y, w, h, rowH, font, items: companies };
}

/** Screen-reader text for a route. */
export function describeRoute(r: Route): string {
  const parts = [`${r.cities[0]} to ${r.cities[1]}`, `${r.length} ${r.kind === 'ship' ? 'ship' : 'train'} space${r.length === 1 ? '' : 's'}`, colorName(r.color)];
  if (r.tunnel) parts.push('tunnel');
  if (r.locomotives) parts.push(`ferry, ${r.locomotives} locomotive${r.locomotives === 1 ? '' : 's'}`);
  if (r.pairs) parts.push(`${r.pairs} paired space${r.pairs === 1 ? '' : 's'}`);
  if (r.any_four) parts.push('any 4 cards replace one');
  if (r.wraparound) parts.push('crosses the board edge');
  return parts.join(', ');
}

function colorName(c: RouteColor): string {
  return c === 'gray' ? 'gray (any colour)' : c;
}
