// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { attachZoom } from '../src/board/zoom';

const NS = 'http://www.w3.org/2000/svg';

/** An SVG of w x h px (happy-dom lays nothing out: its box is given) and a viewport group. */
function svgOf(w: number, h: number) {
  const svg = document.createElementNS(NS, 'svg') as SVGSVGElement;
  const viewport = document.createElementNS(NS, 'g') as SVGGElement;
  svg.appendChild(viewport);
  document.body.appendChild(svg);
  svg.getBoundingClientRect = () => ({ x: 0, y: 0, left: 0, top: 0, width: w, height: h, right: w, bottom: h, toJSON: () => ({}) }) as DOMRect;
  return { svg, viewport };
}

const BOARD = { x0: 0, y0: 0, x1: 2000, y1: 1200 };

describe('attachZoom', () => {
  it('shows the whole board at first, or zooms in to minScale, centred', () => {
    const a = svgOf(400, 500);
    const fit = attachZoom(a.svg, a.viewport, BOARD);
    expect(fit.transform().k).toBeCloseTo((400 - 12) / 2000);
    const b = svgOf(400, 500);
    const z = attachZoom(b.svg, b.viewport, BOARD, null, 0.4);
    expect(z.transform()).toEqual({ k: 0.4, x: 200 - 0.4 * 1000, y: 250 - 0.4 * 600 });
    z.fit();
    expect(z.transform().k).toBeCloseTo(fit.transform().k);
    z.home();
    expect(z.transform().k).toBe(0.4);
  });

  it('reveals a part out of sight with the least pan, and zooms out for a part too big', () => {
    const a = svgOf(400, 500);
    const z = attachZoom(a.svg, a.viewport, BOARD, null, 0.4);
    // at home the view shows board x 500..1500: a city at x 1700 is panned in, to 10 px from the edge
    z.reveal({ x0: 1690, y0: 590, x1: 1710, y1: 610 });
    const t = z.transform();
    expect(t.k).toBe(0.4);
    expect(0.4 * 1710 + t.x).toBeCloseTo(400 - 10);
    expect(t.y).toBe(10); // not moved up or down
    // in sight already: nothing moves
    z.reveal({ x0: 1600, y0: 590, x1: 1620, y1: 610 });
    expect(z.transform()).toEqual(t);
    // wider than the view at this zoom: zoomed out until it fits, centred on it
    z.reveal({ x0: 100, y0: 500, x1: 1900, y1: 700 });
    const u = z.transform();
    expect(u.k).toBeCloseTo((400 - 20) / 1800);
    expect(u.k * 1000 + u.x).toBeCloseTo(200);
  });
});
