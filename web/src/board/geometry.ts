// Pure geometry for laying out route spaces: no DOM, so it is unit tested in node.
// Coordinates are SVG user units: x to the right, y down; angles are in degrees,
// measured like SVG's rotate() (clockwise on screen from the +x axis).

export interface Pt {
  x: number;
  y: number;
}

/** A placed space: centre and the angle of its long axis. */
export interface Placed extends Pt {
  angle: number;
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export const DEG = 180 / Math.PI;

export function dist(a: Pt, b: Pt): number {
  return Math.hypot(b.x - a.x, b.y - a.y);
}

/** An angle folded into (-90, 90], so text drawn along it is never upside down. */
export function normAngle(deg: number): number {
  let a = ((deg % 180) + 180) % 180; // [0, 180)
  if (a > 90) a -= 180;
  return a === -90 ? 90 : a;
}

/** Unit normal of the direction a -> b: the direction turned 90 degrees clockwise on screen. */
export function unitNormal(a: Pt, b: Pt): Pt {
  const d = dist(a, b) || 1;
  return { x: -(b.y - a.y) / d, y: (b.x - a.x) / d };
}

// ---------------------------------------------------------------- paths

export interface LinePath {
  kind: 'line';
  a: Pt;
  b: Pt;
}

/** A circular arc: points are (cx + r cos phi, cy + r sin phi) for phi from start to start + sweep. */
export interface ArcPath {
  kind: 'arc';
  cx: number;
  cy: number;
  r: number;
  start: number; // radians
  sweep: number; // radians, signed
}

export type Path = LinePath | ArcPath;

export function pathLength(p: Path): number {
  return p.kind === 'line' ? dist(p.a, p.b) : Math.abs(p.sweep) * p.r;
}

/** The point at arc length s from the path's start, with the direction of travel there (degrees). */
export function pointOnPath(p: Path, s: number): Placed {
  if (p.kind === 'line') {
    const L = dist(p.a, p.b) || 1;
    const t = s / L;
    return {
      x: p.a.x + (p.b.x - p.a.x) * t,
      y: p.a.y + (p.b.y - p.a.y) * t,
      angle: Math.atan2(p.b.y - p.a.y, p.b.x - p.a.x) * DEG,
    };
  }
  const dir = Math.sign(p.sweep) || 1;
  const phi = p.start + (dir * s) / p.r;
  return {
    x: p.cx + p.r * Math.cos(phi),
    y: p.cy + p.r * Math.sin(phi),
    angle: (phi + (dir * Math.PI) / 2) * DEG,
  };
}

/**
 * The path moved sideways by d along its normal (see unitNormal): a parallel line,
 * or a concentric arc. Used for the lanes of double and triple routes.
 */
export function offsetPath(p: Path, d: number): Path {
  if (p.kind === 'line') {
    const n = unitNormal(p.a, p.b);
    return {
      kind: 'line',
      a: { x: p.a.x + n.x * d, y: p.a.y + n.y * d },
      b: { x: p.b.x + n.x * d, y: p.b.y + n.y * d },
    };
  }
  // the normal of travel points to the centre when sweeping clockwise (sweep > 0)
  const r = p.r - Math.sign(p.sweep) * d;
  return { ...p, r: Math.max(r, 1) };
}

/** theta in (0, pi) with theta / sin(theta) = ratio (ratio >= 1): half the central angle of an arc. */
export function solveArcAngle(ratio: number): number {
  if (ratio <= 1) return 0;
  let lo = 0;
  let hi = Math.PI - 1e-9;
  for (let i = 0; i < 80; i++) {
    const mid = (lo + hi) / 2;
    if (mid / Math.sin(mid) < ratio) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * The circular arc from a to b whose length is arcLen (>= the chord), bulging to the
 * side of the normal (side = 1) or away from it (side = -1).
 */
export function arcThrough(a: Pt, b: Pt, arcLen: number, side: 1 | -1): Path {
  const c = dist(a, b);
  if (arcLen <= c * 1.0001) return { kind: 'line', a, b };
  const theta = solveArcAngle(arcLen / c);
  const r = c / (2 * Math.sin(theta));
  const n = unitNormal(a, b);
  const m = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  // the centre lies on the side opposite the bulge, at r cos(theta) from the chord's middle
  const h = r * Math.cos(theta);
  const cx = m.x - side * n.x * h;
  const cy = m.y - side * n.y * h;
  const start = Math.atan2(a.y - cy, a.x - cx);
  // sweep of magnitude 2 theta, with the sign whose middle is the bulge point
  const bulge = { x: m.x + side * n.x * (r - h), y: m.y + side * n.y * (r - h) };
  const miss = (s: number) =>
    Math.hypot(cx + r * Math.cos(start + s / 2) - bulge.x, cy + r * Math.sin(start + s / 2) - bulge.y);
  const sweep = miss(2 * theta) <= miss(-2 * theta) ? 2 * theta : -2 * theta;
  return { kind: 'arc', cx, cy, r, start, sweep };
}

/**
 * n spaces along the path, `pitch` apart (centre to centre), centred on the path:
 * the first starts (L - n * pitch) / 2 from the path's start.
 */
export function spacesOnPath(p: Path, n: number, pitch: number): Placed[] {
  const L = pathLength(p);
  const first = (L - n * pitch) / 2 + pitch / 2;
  const out: Placed[] = [];
  for (let i = 0; i < n; i++) out.push(pointOnPath(p, first + i * pitch));
  return out;
}

export interface LaneConfig {
  /** wanted distance between the centres of two neighbouring spaces */
  pitch: number;
  /** free distance kept between a city's centre and the end of a route's first space */
  margin: number;
  /** a straight route is kept while its spaces can be at least minFactor * pitch apart */
  minFactor: number;
  /** spaces are never spread more than maxFactor * pitch apart (the rest is left at the ends) */
  maxFactor: number;
  /** the largest half central angle of an arc (radians); beyond it spaces are squeezed */
  maxArcAngle: number;
}

export const DEFAULT_LANE: LaneConfig = {
  pitch: 65,
  margin: 16,
  minFactor: 0.92,
  maxFactor: 1.25,
  maxArcAngle: 0.55 * Math.PI,
};

export interface LanePlan {
  path: Path;
  /** distance between neighbouring space centres actually used */
  pitch: number;
}

/** Sideways offsets of k lanes `gap` apart, centred on 0: 2 -> [-g/2, g/2], 3 -> [-g, 0, g]. */
export function laneOffsets(k: number, gap: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < k; i++) out.push((i - (k - 1) / 2) * gap);
  return out;
}

// ---------------------------------------------------------------- wraparound

export interface WrapFrame {
  /** x of the board's west edge */
  left: number;
  /** x of the board's east edge; the period is right - left */
  right: number;
}

/**
 * Where b lies for a route from a that crosses the east-west edge: b moved by one board
 * width, east of the board when a is east of b (the route leaves a eastwards), else west.
 */
export function wrapTarget(a: Pt, b: Pt, frame: WrapFrame): Pt {
  const w = frame.right - frame.left;
  return { x: a.x >= b.x ? b.x + w : b.x - w, y: b.y };
}

/**
 * The copies of a shape centred at x (half its width `half`) that show on the board:
 * the shifts (0, +w or -w) that bring some of it inside [left, right].
 */
export function wrapShifts(x: number, half: number, frame: WrapFrame): number[] {
  const w = frame.right - frame.left;
  const out: number[] = [];
  for (const s of [0, -w, w]) {
    if (x + s + half > frame.left && x + s - half < frame.right) out.push(s);
  }
  return out;
}

/**
 * A wraparound route's spaces split into the two halves the board shows: each space
 * (laid out from a to the wrapped b) is kept where it falls on the board, shifted by a
 * board width where it falls off, and drawn in both places when it straddles an edge.
 */
export function splitWrapped<T extends Placed>(spaces: T[], half: number, frame: WrapFrame): Array<T & { shift: number }> {
  const out: Array<T & { shift: number }> = [];
  for (const s of spaces) {
    for (const shift of wrapShifts(s.x, half, frame)) out.push({ ...s, x: s.x + shift, shift });
  }
  return out;
}

// ---------------------------------------------------------------- boxes and fitting

export function emptyBox(): Box {
  return { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
}

export function growBox(b: Box, x: number, y: number, r = 0): Box {
  b.x0 = Math.min(b.x0, x - r);
  b.y0 = Math.min(b.y0, y - r);
  b.x1 = Math.max(b.x1, x + r);
  b.y1 = Math.max(b.y1, y + r);
  return b;
}

export function boxesOverlap(a: Box, b: Box): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

/** The corners of a w x h rectangle centred at c, rotated by c.angle. */
export function rectCorners(c: Placed, w: number, h: number): Pt[] {
  const t = c.angle / DEG;
  const ux = Math.cos(t);
  const uy = Math.sin(t);
  const hw = w / 2;
  const hh = h / 2;
  return [
    { x: c.x - ux * hw + uy * hh, y: c.y - uy * hw - ux * hh },
    { x: c.x + ux * hw + uy * hh, y: c.y + uy * hw - ux * hh },
    { x: c.x + ux * hw - uy * hh, y: c.y + uy * hw + ux * hh },
    { x: c.x - ux * hw - uy * hh, y: c.y - uy * hw + ux * hh },
  ];
}

/** Whether an axis-aligned box and a rotated rectangle (given by its corners) overlap. */
export function boxHitsRect(b: Box, corners: Pt[]): boolean {
  const rc = [
    { x: b.x0, y: b.y0 },
    { x: b.x1, y: b.y0 },
    { x: b.x1, y: b.y1 },
    { x: b.x0, y: b.y1 },
  ];
  const axes: Pt[] = [
    { x: 1, y: 0 },
    { x: 0, y: 1 },
    { x: corners[1].x - corners[0].x, y: corners[1].y - corners[0].y },
    { x: corners[3].x - corners[0].x, y: corners[3].y - corners[0].y },
  ];
  for (const ax of axes) {
    let a0 = Infinity;
    let a1 = -Infinity;
    let b0 = Infinity;
    let b1 = -Infinity;
    for (const p of rc) {
      const v = p.x * ax.x + p.y * ax.y;
      a0 = Math.min(a0, v);
      a1 = Math.max(a1, v);
    }
    for (const p of corners) {
      const v = p.x * ax.x + p.y * ax.y;
      b0 = Math.min(b0, v);
      b1 = Math.max(b1, v);
    }
    if (a1 <= b0 || b1 <= a0) return false;
  }
  return true;
}

export function boxHitsCircle(b: Box, c: Pt, r: number): boolean {
  const x = Math.max(b.x0, Math.min(c.x, b.x1));
  const y = Math.max(b.y0, Math.min(c.y, b.y1));
  return Math.hypot(x - c.x, y - c.y) < r;
}

export interface ZoomFit {
  /** scale */
  k: number;
  /** translation: screen = k * board + (x, y) */
  x: number;
  y: number;
}

/**
 * The scale and translation that show the whole box centred in a width x height viewport,
 * `pad` from its edges and clear of `inset` (space kept free at the right and bottom).
 */
export function fitBox(
  box: Box,
  width: number,
  height: number,
  pad = 8,
  inset: { right?: number; bottom?: number } = {},
): ZoomFit {
  const bw = Math.max(box.x1 - box.x0, 1e-9);
  const bh = Math.max(box.y1 - box.y0, 1e-9);
  const w = Math.max(width - 2 * pad - (inset.right ?? 0), 1);
  const h = Math.max(height - 2 * pad - (inset.bottom ?? 0), 1);
  const k = Math.max(Math.min(w / bw, h / bh), 1e-6);
  return {
    k,
    x: pad + (w - k * bw) / 2 - k * box.x0,
    y: pad + (h - k * bh) / 2 - k * box.y0,
  };
}

/** Linear quantile (q in [0, 1]) of a list of numbers. */
export function quantile(values: number[], q: number): number {
  const v = [...values].sort((a, b) => a - b);
  if (!v.length) return NaN;
  const i = (v.length - 1) * q;
  const lo = Math.floor(i);
  const hi = Math.ceil(i);
  return v[lo] + (v[hi] - v[lo]) * (i - lo);
}

/** Whether two convex polygons (rotated rectangles as 4 corners) overlap (separating axis test). */
export function polygonsOverlap(p: Pt[], q: Pt[]): boolean {
  for (const poly of [p, q]) {
    for (let i = 0; i < poly.length; i++) {
      const a = poly[i];
      const b = poly[(i + 1) % poly.length];
      const ax = { x: -(b.y - a.y), y: b.x - a.x };
      let p0 = Infinity;
      let p1 = -Infinity;
      let q0 = Infinity;
      let q1 = -Infinity;
      for (const v of p) {
        const d = v.x * ax.x + v.y * ax.y;
        p0 = Math.min(p0, d);
        p1 = Math.max(p1, d);
      }
      for (const v of q) {
        const d = v.x * ax.x + v.y * ax.y;
        q0 = Math.min(q0, d);
        q1 = Math.max(q1, d);
      }
      if (p1 <= q0 || q1 <= p0) return false;
    }
  }
  return true;
}

/** Whether a circle reaches into a w x h rectangle centred at c and rotated by c.angle. */
export function circleHitsRect(center: Pt, r: number, c: Placed, w: number, h: number): boolean {
  const t = c.angle / DEG;
  const dx = center.x - c.x;
  const dy = center.y - c.y;
  const lx = Math.abs(dx * Math.cos(t) + dy * Math.sin(t));
  const ly = Math.abs(-dx * Math.sin(t) + dy * Math.cos(t));
  const ex = Math.max(lx - w / 2, 0);
  const ey = Math.max(ly - h / 2, 0);
  return Math.hypot(ex, ey) < r;
}

export interface LaneOption extends LanePlan {
  /** how much the option is disliked before collisions are counted: 0 for straight */
  bend: number;
}

/**
 * The ways n spaces can go from a to b: straight when they fit, and arcs bulging to
 * either side, a little or more (each longer arc is disliked more). When they do not fit
 * straight, the shortest arc that holds them comes first.
 */
export function laneOptions(a: Pt, b: Pt, n: number, cfg: LaneConfig, bends = [0.05, 0.12, 0.22]): LaneOption[] {
  const c = dist(a, b);
  const need = 2 * cfg.margin + n * cfg.pitch * cfg.minFactor;
  const straight = c >= need;
  const maxRatio = cfg.maxArcAngle / Math.sin(cfg.maxArcAngle);
  const out: LaneOption[] = [];
  if (straight) {
    out.push({ path: { kind: 'line', a, b }, pitch: Math.min((c - 2 * cfg.margin) / n, cfg.maxFactor * cfg.pitch), bend: 0 });
  }
  const lengths = new Set<number>();
  const base = straight ? c : Math.min(need, c * maxRatio);
  lengths.add(base);
  for (const e of bends) lengths.add(Math.min(Math.max(c * (1 + e), base), c * maxRatio));
  for (const len of [...lengths].sort((x, y) => x - y)) {
    if (len <= c * 1.0001) continue;
    for (const side of [1, -1] as const) {
      const path = arcThrough(a, b, len, side);
      const free = (pathLength(path) - 2 * cfg.margin) / n;
      const pitch = Math.min(free, cfg.maxFactor * cfg.pitch);
      const bend = (straight ? 2 : 0) + 25 * (len / base - 1) + (side === 1 ? 0 : 0.01);
      out.push({ path, pitch, bend });
    }
  }
  return out;
}
