// Placing city names next to their city where they hide the fewest route spaces.
import { boxesOverlap, boxHitsCircle, boxHitsRect, type Box, type Pt } from './geometry';

export type Anchor = 'start' | 'middle' | 'end';

export interface LabelLayout {
  text: string;
  /** text position: SVG text anchor point on the baseline */
  x: number;
  y: number;
  anchor: Anchor;
  font: number;
  /** the box the text covers (estimated) */
  box: Box;
  /** how bad the chosen place is: 0 is free and preferred */
  cost: number;
  /** the name covers (or nearly touches) a route space: it lets clicks through to the route */
  overCar?: boolean;
}

export interface LabelRequest {
  text: string;
  x: number;
  y: number;
  /** radius of the city mark: the label keeps clear of it */
  r: number;
  font: number;
}

export interface Obstacles {
  /** rotated rectangles (cars), as 4 corners each, with a bounding box for a quick test */
  rects: Array<{ corners: Pt[]; box: Box }>;
  circles: Array<Pt & { r: number }>;
}

// advance widths of DejaVu Sans Bold (the board's first font; Verdana's are alike), in em/100
const LOWER = [67, 72, 59, 72, 68, 44, 72, 71, 34, 34, 67, 34, 104, 71, 69, 72, 72, 49, 60, 48, 71, 65, 92, 65, 65, 58];
const UPPER = [77, 76, 73, 83, 68, 68, 82, 84, 37, 37, 77, 64, 100, 84, 85, 73, 85, 77, 72, 68, 81, 77, 110, 77, 72, 73];
const OTHER: Record<string, number> = { ' ': 35, '.': 38, ',': 38, '-': 42, "'": 31, '(': 46, ')': 46, ':': 40, '&': 87 };

/** Chinese characters, CJK punctuation and full-width forms: one em each in any CJK face. */
export function isWide(code: number): boolean {
  return (code >= 0x2e80 && code <= 0x9fff) || (code >= 0xf900 && code <= 0xfaff) || (code >= 0xff00 && code <= 0xff60);
}

/**
 * The advance width of a text in the board's bold face (accented letters as their base letter;
 * Chinese characters 1 em, as the CJK fonts draw them).
 */
export function textWidth(text: string, font: number): number {
  let w = 0;
  for (const ch of text) {
    if (isWide(ch.codePointAt(0)!)) {
      w += 100;
      continue;
    }
    const b = ch.normalize('NFD')[0];
    const c = b.charCodeAt(0);
    if (c >= 97 && c <= 122) w += LOWER[c - 97];
    else if (c >= 65 && c <= 90) w += UPPER[c - 65];
    else w += OTHER[b] ?? 72;
  }
  return (w / 100) * font;
}

export function textBox(text: string, x: number, y: number, anchor: Anchor, font: number, halo = 2): Box {
  const w = textWidth(text, font);
  const x0 = anchor === 'start' ? x : anchor === 'end' ? x - w : x - w / 2;
  // Chinese characters rise higher than capitals (to 0.88 em)
  const top = [...text].some((ch) => isWide(ch.codePointAt(0)!)) ? 0.88 : 0.78;
  return { x0: x0 - halo, x1: x0 + w + halo, y0: y - top * font - halo, y1: y + 0.24 * font + halo };
}

interface Candidate {
  x: number;
  y: number;
  anchor: Anchor;
  pref: number;
  font: number;
}

/** Directions tried, from most to least liked: east, west, north, south, then between. */
const DIRECTIONS: Array<[number, number]> = [
  [0, 0],
  [180, 0.3],
  [-90, 0.5],
  [90, 0.6],
  [-35, 0.8],
  [-145, 0.9],
  [35, 1.0],
  [145, 1.1],
  [-62, 1.2],
  [-118, 1.25],
  [62, 1.3],
  [118, 1.35],
  [-15, 0.9],
  [-165, 1.0],
  [15, 1.0],
  [165, 1.1],
];

/**
 * Places around the city: for each direction, the label's box is pushed out from the city
 * until its nearest edge is d away from the city's centre.
 */
function candidates(q: LabelRequest): Candidate[] {
  const out: Candidate[] = [];
  // the full size first; a smaller size where the full one cannot be placed freely
  const sizes: Array<[number, number]> = [
    [q.font, 0],
    [q.font * 0.82, 2.5],
  ];
  // Chinese characters much smaller than the other names are past reading: not below 0.82
  if (![...q.text].some((ch) => isWide(ch.codePointAt(0)!))) sizes.push([q.font * 0.7, 4]);
  const steps: Array<[number, number]> = [
    [q.r + 3, 0],
    [q.r + 14, 1.5],
    [q.r + 30, 3.5],
    [q.r + 48, 5.5],
  ];
  for (const [f, small] of sizes) {
    const hw = textWidth(q.text, f) / 2;
    const hh = 0.51 * f;
    for (const [d, far] of steps) {
      for (const [deg, pref] of DIRECTIONS) {
        const t = (deg * Math.PI) / 180;
        const ux = Math.cos(t);
        const uy = Math.sin(t);
        const push = d + Math.abs(ux) * hw + Math.abs(uy) * hh;
        const cx = q.x + ux * push;
        const cy = q.y + uy * push;
        out.push({ x: cx, y: cy + 0.27 * f, anchor: 'middle', pref: pref + far + small, font: f });
      }
    }
  }
  return out;
}

// a space covered costs more than any free place's preference (at most 1.35 + 5.5 + 4: smaller and
// farther), so a name covers a space only where no place is free; an ambiguous place costs more
export const LABEL_COST = { car: 12, city: 20, label: 25, outside: 60, ambiguous: 14 };

function growBy(b: Box, m: number): Box {
  return { x0: b.x0 - m, x1: b.x1 + m, y0: b.y0 - m, y1: b.y1 + m };
}

function boxDist(b: Box, p: Pt): number {
  const x = Math.max(b.x0 - p.x, 0, p.x - b.x1);
  const y = Math.max(b.y0 - p.y, 0, p.y - b.y1);
  return Math.hypot(x, y);
}

/** How near a name's box (the text and its halo) may come to a space and still catch clicks. */
const CLICK_MARGIN = 2;

function hitsCar(box: Box, obstacles: Obstacles): boolean {
  return obstacles.rects.some((r) => boxesOverlap(box, r.box) && boxHitsRect(box, r.corners));
}

function staticCost(box: Box, own: Pt, obstacles: Obstacles, frame?: Box): number {
  let cost = 0;
  const near = growBy(box, CLICK_MARGIN);
  for (const r of obstacles.rects) {
    if (boxesOverlap(near, r.box) && boxHitsRect(near, r.corners)) cost += LABEL_COST.car;
  }
  const dOwn = boxDist(box, own);
  for (const c of obstacles.circles) {
    if (c.x === own.x && c.y === own.y) continue;
    if (boxHitsCircle(box, c, c.r)) cost += LABEL_COST.city;
    // a name nearer another city than its own reads as that city's
    else if (boxDist(box, c) < dOwn + 2) cost += LABEL_COST.ambiguous;
  }
  if (frame && (box.x0 < frame.x0 || box.x1 > frame.x1 || box.y0 < frame.y0 || box.y1 > frame.y1)) {
    cost += LABEL_COST.outside;
  }
  return cost;
}

/**
 * One label per request, greedily: the hardest city first, each at the candidate place
 * with the least cost (spaces and city marks hidden, labels already placed, leaving
 * `frame`), then by a fixed preference (east, west, north, south, diagonals, farther).
 */
export function placeLabels(requests: LabelRequest[], obstacles: Obstacles, frame?: Box): LabelLayout[] {
  const scored = requests.map((q, i) => {
    const cands = candidates(q).map((c) => {
      const box = textBox(q.text, c.x, c.y, c.anchor, c.font);
      return { ...c, box, cost: staticCost(box, q, obstacles, frame) };
    });
    const best = Math.min(...cands.map((c) => c.cost));
    const free = cands.filter((c) => c.cost === 0).length;
    return { q, i, cands, best, free };
  });
  // fewest free places first, then the most crowded
  const order = [...scored].sort((a, b) => a.free - b.free || b.best - a.best || a.i - b.i);
  const placed: Box[] = [];
  const out: LabelLayout[] = new Array(requests.length);
  for (const s of order) {
    let pick = s.cands[0];
    let pickCost = Infinity;
    for (const c of s.cands) {
      let cost = c.cost + c.pref;
      for (const p of placed) if (boxesOverlap(c.box, p)) cost += LABEL_COST.label;
      if (cost < pickCost) {
        pickCost = cost;
        pick = c;
      }
    }
    placed.push(pick.box);
    out[s.i] = {
      text: s.q.text,
      x: pick.x,
      y: pick.y,
      anchor: pick.anchor,
      font: pick.font,
      box: pick.box,
      cost: pickCost - pick.pref,
      overCar: hitsCar(growBy(pick.box, CLICK_MARGIN), obstacles),
    };
  }
  return out;
}
