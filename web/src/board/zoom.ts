// Pan and zoom with d3-zoom: wheel, drag, pinch, double-click, and the +/-/fit buttons.
import { select } from 'd3-selection';
import { zoom, zoomIdentity, type D3ZoomEvent, type ZoomTransform } from 'd3-zoom';
import { fitBox, type Box } from './geometry';

export interface ZoomControl {
  zoomIn(): void;
  zoomOut(): void;
  /** show the whole board, centred */
  fit(): void;
  /** the first view: the whole board, or, where that is smaller than `minScale`, that scale centred */
  home(): void;
  /** keep this part of the board (board units) in sight: now, and after each resize, pan (and zoom
   * out, if it does not fit) when part of it is out of view; null: nothing to keep */
  reveal(box: Box | null): void;
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
 * board keeps clear of it, beside or above them, whichever leaves the board bigger. `minScale`: the
 * first view's least scale (a phone: the whole board would be too small to read).
 */
export function attachZoom(
  svg: SVGSVGElement,
  viewport: SVGGElement,
  bounds: Box,
  reserve: { width: number; height: number } | null = null,
  minScale = 0,
): ZoomControl {
  let userMoved = false;
  let homeView = true; // not moved since home() (else since fit()): a resize shows it again
  let focus: Box | null = null;
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

  const current = (): ZoomTransform => (svg as unknown as { __zoom?: ZoomTransform }).__zoom ?? zoomIdentity;

  const fit = () => {
    limits();
    sel.call(behavior.transform, fitTransform());
    userMoved = false;
    homeView = false;
  };

  const home = () => {
    limits();
    const f = fitTransform();
    if (f.k >= minScale) sel.call(behavior.transform, f);
    else {
      const { w, h } = size();
      const cx = (bounds.x0 + bounds.x1) / 2;
      const cy = (bounds.y0 + bounds.y1) / 2;
      sel.call(behavior.transform, zoomIdentity.translate(w / 2 - minScale * cx, h / 2 - minScale * cy).scale(minScale));
    }
    userMoved = false;
    homeView = true;
  };

  const showFocus = () => {
    if (!focus) return;
    const t = current();
    const { w, h } = size();
    const pad = 10; // px from the edges
    const fits = Math.min((w - 2 * pad) / Math.max(focus.x1 - focus.x0, 1), (h - 2 * pad) / Math.max(focus.y1 - focus.y0, 1));
    if (fits < t.k) {
      // too big for this zoom: zoom out until it fits (not below the limit), centred on it
      const k = Math.max(fits, fitK * ZOOM_RANGE[0]);
      const cx = (focus.x0 + focus.x1) / 2;
      const cy = (focus.y0 + focus.y1) / 2;
      sel.call(behavior.transform, zoomIdentity.translate(w / 2 - k * cx, h / 2 - k * cy).scale(k));
      return;
    }
    // else the least pan that brings it in
    const shift = (lo: number, hi: number, size: number) => (lo < pad ? pad - lo : hi > size - pad ? size - pad - hi : 0);
    const dx = shift(t.k * focus.x0 + t.x, t.k * focus.x1 + t.x, w);
    const dy = shift(t.k * focus.y0 + t.y, t.k * focus.y1 + t.y, h);
    if (dx || dy) sel.call(behavior.transform, zoomIdentity.translate(t.x + dx, t.y + dy).scale(t.k));
  };

  home();
  let ro: ResizeObserver | null = null;
  if (typeof ResizeObserver !== 'undefined') {
    ro = new ResizeObserver(() => {
      if (userMoved) {
        limits();
        sel.call(behavior.scaleBy, 1); // re-apply the limits
      } else if (homeView) home();
      else fit();
      showFocus();
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
    home,
    reveal: (box) => {
      focus = box;
      showFocus();
    },
    transform: () => {
      const t = current();
      return { k: t.k, x: t.x, y: t.y };
    },
    fitScale: () => fitK,
    destroy: () => {
      ro?.disconnect();
      sel.on('.zoom', null);
    },
  };
}
