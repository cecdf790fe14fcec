// The boards laid out with Chinese names: the labels' sizes are Chinese text's, and they are
// placed as well as the Latin ones.
import { describe, expect, it } from 'vitest';
import { boardText } from '../src/app/game';
import { boxesOverlap, boxHitsRect, growBox, rectCorners } from '../src/board/geometry';
import { textBox, textWidth } from '../src/board/labels';
import { layoutBoard, type BoardLayout } from '../src/board/layout';
import { drawableMap, MAP_NAMES } from './maps';

const zh = boardText('zh');

function covering(lay: BoardLayout): string[] {
  const cars = lay.routes.flatMap((r) => r.cars.map((c) => rectCorners(c, c.len, c.wid)));
  return lay.cities
    .filter((c) => {
      const b = c.label?.box;
      if (!b) return false;
      return cars.some((k) => {
        const kb = k.reduce((bb, q) => growBox(bb, q.x, q.y), { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity });
        return boxesOverlap(b, kb) && boxHitsRect(b, k);
      });
    })
    .map((c) => c.name);
}

function labelOverlaps(lay: BoardLayout): number {
  const boxes = lay.cities.flatMap((c) => (c.label ? [c.label.box] : []));
  let n = 0;
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) if (boxesOverlap(boxes[i], boxes[j])) n++;
  return n;
}

describe('Chinese text widths', () => {
  it('counts a Chinese character (and full-width punctuation) as 1 em', () => {
    expect(textWidth('巴黎', 10)).toBeCloseTo(20);
    expect(textWidth('彼得罗巴甫洛夫斯克', 12)).toBeCloseTo(108);
    expect(textWidth('休斯敦（开阔牧场）', 10)).toBeCloseTo(90);
    // Latin as before: DejaVu Sans Bold's widths
    expect(textWidth('Paris', 10)).toBeCloseTo(7.3 + 6.7 + 4.9 + 3.4 + 6.0);
  });

  it('gives Chinese names a box as tall as the characters', () => {
    const b = textBox('巴黎', 0, 0, 'start', 10, 0);
    expect(b.y0).toBeCloseTo(-8.8);
    expect(b.x1 - b.x0).toBeCloseTo(20);
  });
});

describe.each(MAP_NAMES)('%s in Chinese', (name) => {
  const lay = layoutBoard(drawableMap(name), { text: zh });
  const en = layoutBoard(drawableMap(name));

  it('prints every city under its Chinese name, inside the board', () => {
    expect(lay.lang).toBe('zh-CN');
    const b = lay.bounds;
    for (const c of lay.cities) {
      if (c.kind === 'junction') continue;
      expect(c.label?.text).toBe(zh.city(c.name));
      const l = c.label!.box;
      expect(l.x0 >= b.x0 && l.x1 <= b.x1 && l.y0 >= b.y0 && l.y1 <= b.y1, c.name).toBe(true);
      // the box is the Chinese text's: 1 em a character
      expect(l.x1 - l.x0 - 4).toBeCloseTo(textWidth(c.label!.text, c.label!.font));
    }
  });

  it('places the names off the route spaces as well as the Latin ones (at most 3 cover one, marked)', () => {
    const cov = covering(lay);
    expect(cov.length, cov.join(', ')).toBeLessThanOrEqual(Math.max(3, covering(en).length));
    for (const n of cov) expect(lay.cities.find((c) => c.name === n)!.label!.overCar, n).toBe(true);
    expect(labelOverlaps(lay)).toBeLessThanOrEqual(labelOverlaps(en));
  });

  it('shrinks a Chinese name to 0.82 of the full size at most (smaller is past reading)', () => {
    const full = Math.max(...lay.cities.map((c) => c.label?.font ?? 0));
    for (const c of lay.cities) if (c.label) expect(c.label.font / full, c.name).toBeGreaterThan(0.8);
  });

  it('prints the stubs and the legend in Chinese', () => {
    for (const s of lay.stubs) if (s.label.text) expect(s.label.text).toMatch(/^通往/);
    if (lay.legend) expect(lay.legend.title).toBe('铁路公司');
  });
});
