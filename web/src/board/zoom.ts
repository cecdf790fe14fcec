// Pan and zoom with d3-zoom: wheel, drag, pinch, double-click, and the +/-/fit buttons.
import { select } from 'd3-selection';
import { zoom, zoomIdentity, type D3ZoomEvent, type ZoomTransform } from 'd3-zoom';
import { fitBox, type Box } from './geometry';

export interface ZoomControl {
  zoomIn(): void;
  zoomOut(): void;
  /** show the whole board, centred */
  fit(): void;
  /** the current transform: screen = k * board + (x, y) */
  transform(): { k: number; x: number; y: number };
  /** the scale at which the whole board fits */
  fitScale(): number;
  destroy(): void;
}

export const ZOOM_STEP = 1.6;
/** how far one can zoom out and in, relative to the fitted scale */
export const ZOOM_RANGE: [number, number] = [0.8, 14];

/**
 * Pan and zoom for the board. `reserve`: the size (px) of the buttons in the bottom-right corner; the fitted
 * board keeps clear of it, beside or above them, whichever leaves the board bigger.
 */
export function attachZoom(
  svg: SVGSVGElement,
  viewport: SVGGElement,
  bounds: Box,
  reserve: { width: number; height: number } | null = null,
): ZoomControl {
  let userMoved = false;
  let fitK = 1;
  const size = () => {
    const r = svg.getBoundingClientRect();
    return { w: Math.max(r.width, 1), h: Math.max(r.height, 1) };
  };
  const behavior = zoom<SVGSVGElement, unknown>()
    .extent(() => {
      const { w, h } = size();
      return [
        [0, 0],
        [w, h],
      ];
    })
    .clickDistance(5)
    .tapDistance(12)
    .on('zoom', (e: D3ZoomEvent<SVGSVGElement, unknown>) => {
      viewport.setAttribute('transform', e.transform.toString());
      if (e.sourceEvent) userMoved = true;
    });
  const sel = select(svg);
  sel.call(behavior);

  const fitTransform = (): ZoomTransform => {
    const { w, h } = size();
    let f = fitBox(bounds, w, h, 6);
    if (reserve) {
      const side = fitBox(bounds, w, h, 6, { right: reserve.width });
      const below = fitBox(bounds, w, h, 6, { bottom: reserve.height });
      f = side.k >= below.k ? side : below;
    }
    fitK = f.k;
    return zoomIdentity.translate(f.x, f.y).scale(f.k);
  };

  const limits = () => {
    fitTransform();
    const bw = bounds.x1 - bounds.x0;
    const bh = bounds.y1 - bounds.y0;
    behavior.scaleExtent([fitK * ZOOM_RANGE[0], Math.max(fitK * ZOOM_RANGE[1], 3)]);
    behavior.translateExtent([
      [bounds.x0 - bw * 0.25, bounds.y0 - bh * 0.25],
      [bounds.x1 + bw * 0.25, bounds.y1 + bh * 0.25],
    ]);
  };

  const fit = () => {
    limits();
    sel.call(behavior.transform, fitTransform());
    userMoved = false;
  };

  fit();
  let ro: ResizeObserver | null = null;
  if (typeof ResizeObserver !== 'undefined') {
    ro = new ResizeObserver(() => {
      if (userMoved) {
        limits();
        sel.call(behavior.scaleBy, 1); // re-apply the limits
      } else fit();
    });
    ro.observe(svg);
  }

  return {
    zoomIn: () => {
      sel.call(behavior.scaleBy, ZOOM_STEP);
      userMoved = true;
    },
    zoomOut: () => {
      sel.call(behavior.scaleBy, 1 / ZOOM_STEP);
      userMoved = true;
    },
    fit,
    transform: () => {
      const t = (svg as unknown as { __zoom?: ZoomTransform }).__zoom ?? zoomIdentity;
      return { k: t.k, x: t.x, y: t.y };
    },
    fitScale: () => fitK,
    destroy: () => {
      ro?.disconnect();
      sel.on('.zoom', null);
    },
  };
}
