import { describe, expect, it } from 'vitest';
import {
  arcThrough,
  boxHitsRect,
  circleHitsRect,
  DEFAULT_LANE,
  dist,
  fitBox,
  laneOffsets,
  laneOptions,
  normAngle,
  offsetPath,
  pathLength,
  pointOnPath,
  polygonsOverlap,
  quantile,
  rectCorners,
  solveArcAngle,
  spacesOnPath,
  splitWrapped,
  unitNormal,
  wrapShifts,
  wrapTarget,
  type ArcPath,
  type Path,
} from '../src/board/geometry';

const close = (a: number, b: number, eps = 1e-6) => expect(Math.abs(a - b)).toBeLessThan(eps);

describe('spaces along a line', () => {
  it('puts n spaces pitch apart, centred between the ends, turned along the line', () => {
    const path: Path = { kind: 'line', a: { x: 0, y: 0 }, b: { x: 300, y: 0 } };
    const s = spacesOnPath(path, 3, 65);
    expect(s.map((p) => p.x)).toEqual([85, 150, 215]);
    expect(s.every((p) => p.y === 0 && p.angle === 0)).toBe(true);
  });

  it('follows a diagonal line, with the direction of travel as angle', () => {
    const path: Path = { kind: 'line', a: { x: 0, y: 0 }, b: { x: 100, y: 100 } };
    const [p] = spacesOnPath(path, 1, 50);
    close(p.x, 50);
    close(p.y, 50);
    close(p.angle, 45);
  });

  it('keeps equal gaps between neighbouring spaces', () => {
    const path: Path = { kind: 'line', a: { x: 10, y: 40 }, b: { x: 410, y: -260 } };
    const s = spacesOnPath(path, 6, 70);
    for (let i = 1; i < s.length; i++) close(dist(s[i - 1], s[i]), 70);
    // centred: first and last are as far from their ends
    close(dist(path.a, s[0]), dist(path.b, s[5]));
  });
});

describe('arcs', () => {
  it('solves theta / sin(theta) = ratio', () => {
    for (const r of [1.01, 1.2, 1.5707963, 2]) {
      const t = solveArcAngle(r);
      close(t / Math.sin(t), r, 1e-6);
    }
    close(solveArcAngle(Math.PI / 2), Math.PI / 2, 1e-6);
  });

  it('runs from a to b with the asked length, bulging to the asked side', () => {
    const a = { x: 0, y: 0 };
    const b = { x: 200, y: 0 };
    for (const side of [1, -1] as const) {
      const p = arcThrough(a, b, 260, side) as ArcPath;
      expect(p.kind).toBe('arc');
      close(pathLength(p), 260, 1e-6);
      const s = pointOnPath(p, 0);
      const e = pointOnPath(p, 260);
      close(s.x, a.x, 1e-6);
      close(s.y, a.y, 1e-6);
      close(e.x, b.x, 1e-6);
      close(e.y, b.y, 1e-6);
      const mid = pointOnPath(p, 130);
      const n = unitNormal(a, b);
      expect(Math.sign((mid.x - 100) * n.x + mid.y * n.y)).toBe(side);
    }
  });

  it('is a line when the length is the chord', () => {
    expect(arcThrough({ x: 0, y: 0 }, { x: 50, y: 0 }, 50, 1).kind).toBe('line');
  });
});

describe('lanes of double and triple routes', () => {
  it('are offset symmetrically', () => {
    expect(laneOffsets(1, 24)).toEqual([0]);
    expect(laneOffsets(2, 24)).toEqual([-12, 12]);
    expect(laneOffsets(3, 24)).toEqual([-24, 0, 24]);
  });

  it('run parallel, the lane gap apart', () => {
    const base: Path = { kind: 'line', a: { x: 0, y: 0 }, b: { x: 300, y: 400 } };
    const [l, r] = laneOffsets(2, 24).map((d) => offsetPath(base, d));
    const sl = spacesOnPath(l, 4, 65);
    const sr = spacesOnPath(r, 4, 65);
    for (let i = 0; i < 4; i++) {
      close(dist(sl[i], sr[i]), 24);
      close(sl[i].angle, sr[i].angle);
    }
  });

  it('on an arc are concentric, the lane gap apart', () => {
    const arc = arcThrough({ x: 0, y: 0 }, { x: 200, y: 0 }, 250, 1) as ArcPath;
    const inner = offsetPath(arc, 12) as ArcPath;
    const outer = offsetPath(arc, -12) as ArcPath;
    close(Math.abs(inner.r - outer.r), 24);
    expect(inner.cx).toBe(outer.cx);
    const a = pointOnPath(inner, 0);
    const b = pointOnPath(outer, 0);
    close(dist(a, b), 24, 1e-6);
  });
});

describe('laneOptions', () => {
  const cfg = DEFAULT_LANE;
  it('offers the straight line first when the spaces fit', () => {
    const o = laneOptions({ x: 0, y: 0 }, { x: 300, y: 0 }, 3, cfg);
    expect(o[0].path.kind).toBe('line');
    expect(o[0].bend).toBe(0);
    expect(o.slice(1).every((x) => x.path.kind === 'arc' && x.bend > 0)).toBe(true);
  });

  it('bends a route whose cities are too close for its spaces, long enough for them', () => {
    const o = laneOptions({ x: 0, y: 0 }, { x: 180, y: 0 }, 4, cfg);
    expect(o.every((x) => x.path.kind === 'arc')).toBe(true);
    const need = 2 * cfg.margin + 4 * cfg.pitch * cfg.minFactor;
    close(pathLength(o[0].path), need, 1e-3);
    expect(o[0].pitch).toBeGreaterThanOrEqual(cfg.pitch * cfg.minFactor - 1e-9);
  });

  it('bends no further than maxArcAngle: then the spaces are squeezed', () => {
    const o = laneOptions({ x: 0, y: 0 }, { x: 120, y: 0 }, 4, cfg);
    const arc = o[0].path as ArcPath;
    close(Math.abs(arc.sweep) / 2, cfg.maxArcAngle, 1e-6);
    expect(o[0].pitch).toBeLessThan(cfg.pitch * cfg.minFactor);
  });

  it('spreads spaces no more than maxFactor * pitch apart', () => {
    const o = laneOptions({ x: 0, y: 0 }, { x: 1000, y: 0 }, 2, cfg);
    close(o[0].pitch, cfg.maxFactor * cfg.pitch);
  });
});

describe('wraparound', () => {
  const frame = { left: 0, right: 1000 };
  it('moves the far city one board width beyond the edge the route leaves by', () => {
    expect(wrapTarget({ x: 950, y: 100 }, { x: 30, y: 200 }, frame)).toEqual({ x: 1030, y: 200 });
    expect(wrapTarget({ x: 30, y: 200 }, { x: 950, y: 100 }, frame)).toEqual({ x: -50, y: 100 });
  });

  it('draws a space that fell off the east edge at the west edge', () => {
    expect(wrapShifts(500, 20, frame)).toEqual([0]);
    expect(wrapShifts(1060, 20, frame)).toEqual([-1000]);
    expect(wrapShifts(-60, 20, frame)).toEqual([1000]);
  });

  it('draws a space across the edge on both sides', () => {
    expect(wrapShifts(990, 20, frame).sort()).toEqual([-1000, 0].sort());
  });

  it('splits a route into its two halves', () => {
    const a = { x: 950, y: 100 };
    const b = wrapTarget(a, { x: 100, y: 100 }, frame);
    const spaces = spacesOnPath({ kind: 'line', a, b }, 3, 50);
    const parts = splitWrapped(spaces, 20, frame);
    // laid out at 975, 1025, 1075: the first stays east, the others (off the board) go west
    expect(parts.map((p) => Math.round(p.x))).toEqual([975, 25, 75]);
    expect(parts.map((p) => p.shift)).toEqual([0, -1000, -1000]);
    // one across the edge shows at both edges
    const across = splitWrapped(spacesOnPath({ kind: 'line', a, b: { x: 1060, y: 100 } }, 3, 50), 20, frame);
    expect(across.map((p) => Math.round(p.x))).toEqual([955, 1005, 5, 55]);
    expect(parts.every((p) => p.x - 20 < frame.right && p.x + 20 > frame.left)).toBe(true);
  });
});

describe('fitting the board into the screen', () => {
  it('shows the whole box, centred, as large as possible', () => {
    const box = { x0: 100, y0: 50, x1: 2100, y1: 1050 };
    const f = fitBox(box, 1000, 800, 0);
    close(f.k, 0.5);
    // screen = k * board + t: the box spans x 0..1000 and is centred vertically
    close(f.k * box.x0 + f.x, 0);
    close(f.k * box.x1 + f.x, 1000);
    close(f.k * box.y0 + f.y, (800 - 500) / 2);
  });

  it('centres a tall board horizontally', () => {
    const box = { x0: -100, y0: 0, x1: 900, y1: 2000 };
    const f = fitBox(box, 1000, 1000, 10);
    close(f.k, 980 / 2000);
    const left = f.k * box.x0 + f.x;
    const right = f.k * box.x1 + f.x;
    close(left, 1000 - right);
    close(f.k * box.y0 + f.y, 10);
  });

  it('fits a tall board to a phone by its height or width, whichever binds', () => {
    const box = { x0: 0, y0: 0, x1: 1200, y1: 1800 };
    const f = fitBox(box, 390, 844, 8);
    close(f.k, (390 - 16) / 1200);
    expect(f.k * box.y1 + f.y).toBeLessThanOrEqual(844);
  });

  it('keeps clear of an inset', () => {
    const box = { x0: 0, y0: 0, x1: 1000, y1: 500 };
    const f = fitBox(box, 1000, 1000, 0, { right: 100 });
    expect(f.k * box.x1 + f.x).toBeLessThanOrEqual(900 + 1e-9);
  });
});

describe('small helpers', () => {
  it('folds angles so text stays upright', () => {
    expect(normAngle(0)).toBe(0);
    expect(normAngle(180)).toBe(0);
    expect(normAngle(135)).toBe(-45);
    expect(normAngle(-100)).toBe(80);
    expect(normAngle(-90)).toBe(90);
    expect(normAngle(270)).toBe(90);
  });

  it('tells overlapping rotated rectangles from separate ones', () => {
    const a = rectCorners({ x: 0, y: 0, angle: 45 }, 56, 19);
    expect(polygonsOverlap(a, rectCorners({ x: 10, y: 10, angle: 45 }, 56, 19))).toBe(true);
    // side by side, a lane apart
    expect(polygonsOverlap(a, rectCorners({ x: 17, y: -17, angle: 45 }, 56, 19))).toBe(false);
    expect(boxHitsRect({ x0: 20, y0: -40, x1: 60, y1: -20 }, a)).toBe(false);
    expect(boxHitsRect({ x0: 5, y0: 0, x1: 15, y1: 10 }, a)).toBe(true);
    expect(circleHitsRect({ x: 0, y: 20 }, 8, { x: 0, y: 0, angle: 0 }, 56, 19)).toBe(false);
    expect(circleHitsRect({ x: 0, y: 15 }, 8, { x: 0, y: 0, angle: 0 }, 56, 19)).toBe(true);
  });

  it('takes quantiles', () => {
    expect(quantile([5, 1, 3], 0.5)).toBe(3);
    expect(quantile([0, 10], 0.25)).toBe(2.5);
  });
});
