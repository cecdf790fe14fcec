// The static map drawing: built once per board; the overlay (overlay.ts) draws on top.
import { carStyle } from './colors';
import { describeRoute, type BoardLayout, type CarLayout, type CityLayout, type RouteLayout } from './layout';
import type { LabelLayout } from './labels';
import { carTransform, clipped, el, fmt, text } from './svg';

let boardCount = 0;

export interface RenderedBoard {
  svg: SVGSVGElement;
  /** the group d3-zoom transforms */
  viewport: SVGGElement;
  layers: {
    routes: SVGGElement;
    /** rings in the claimer's colour round claims new to the player (under the pieces) */
    news: SVGGElement;
    claims: SVGGElement;
    /** translucent pieces where a claim being considered would stand (over the claims, under the highlight) */
    phantoms: SVGGElement;
    highlights: SVGGElement;
    cities: SVGGElement;
    tokens: SVGGElement;
    labels: SVGGElement;
  };
  /** a route's group, by id */
  routeEls: Map<number, SVGGElement>;
  /** a city's mark group and its label, by name */
  cityEls: Map<string, SVGGElement>;
  labelEls: Map<string, SVGTextElement>;
  /** id of the clip path that keeps wraparound pieces on the board ('' when none) */
  clipId: string;
  uid: string;
}

/** The outline of a ship space: a hull pointed at both ends (centred, long axis x). */
export function hullPath(len: number, wid: number): string {
  const l = len / 2;
  const w = wid / 2;
  const t = Math.min(8, l * 0.35);
  return `M${fmt(-l + t)},${fmt(-w)}H${fmt(l - t)}Q${fmt(l + 1)},0 ${fmt(l - t)},${fmt(w)}H${fmt(-l + t)}Q${fmt(-l - 1)},0 ${fmt(-l + t)},${fmt(-w)}Z`;
}

/** The body of a space: a hull for ships, a rounded rectangle for trains. */
export function carBody(
  c: { len: number; wid: number },
  ship: boolean,
  attrs: Record<string, string | number>,
  grow = 0,
  pill = false,
): SVGElement {
  const len = c.len + 2 * grow;
  const wid = c.wid + 2 * grow;
  if (ship) return el('path', { d: hullPath(len, wid), ...attrs });
  return el('rect', { x: -len / 2, y: -wid / 2, width: len, height: wid, rx: pill ? wid / 2 : 2.5 + grow, ...attrs });
}

/** Locomotive silhouette, about 14 x 10, centred on 0,0. */
export const LOCO_PATH =
  'M-7,2.5V-1.5H-4.5V-4.5H-2.5V-1.5H1V-5H6.5V-4H5.5V2.5Z M-8.5,4.5L-7,2.5V4.5Z';

/** Anchor, about 14 x 14, centred on 0,0 (stroked). */
export const ANCHOR_PATH = 'M0,-3.4V6.2 M-3.6,-1H3.6 M-6,1.8Q-5.4,6.4 0,6.4Q5.4,6.4 6,1.8 M-6,1.8L-7.4,3.4 M6,1.8L7.4,3.4';

function locoMark(x: number): SVGElement {
  return el('g', { class: 'ttr-loco', transform: `translate(${fmt(x)} 0)` }, [
    el('circle', { r: 7.6, class: 'ttr-loco-badge' }),
    el('path', { d: LOCO_PATH, class: 'ttr-loco-icon' }),
    el('circle', { cx: -4, cy: 4.4, r: 1.5, class: 'ttr-loco-icon' }),
    el('circle', { cx: 0, cy: 4.4, r: 1.5, class: 'ttr-loco-icon' }),
    el('circle', { cx: 4, cy: 4.4, r: 1.5, class: 'ttr-loco-icon' }),
  ]);
}

/** The colour-blind mark of a space: its colour's letter, or a ring for gray. */
export function cbMark(color: string, x = 0): SVGElement {
  const s = carStyle(color);
  if (!s.letter) {
    // gray: a diamond, so it is not read as the letter O
    return el('path', { class: 'ttr-cb', d: `M${fmt(x)},-4.5l4.5,4.5l-4.5,4.5l-4.5,-4.5Z`, fill: s.ink });
  }
  return text('text', s.letter, { class: 'ttr-cb', x, dy: '0.36em', fill: s.ink });
}

function renderCar(r: RouteLayout, c: CarLayout, clipId: string): SVGElement {
  const route = r.route;
  const s = carStyle(route.color);
  const ship = route.kind === 'ship';
  const parts: SVGElement[] = [];
  if (route.tunnel) parts.push(carBody(c, false, { class: 'ttr-tunnel-edge' }, 3));
  parts.push(carBody(c, ship, { class: 'ttr-car-body', fill: s.fill }));
  if (c.paired) {
    parts.push(el('path', { class: 'ttr-pair', d: `M${fmt(-c.len / 2 + 2)},0H${fmt(c.len / 2 - 2)}` }));
  }
  if (c.loco) parts.push(locoMark(-c.len * 0.22));
  parts.push(cbMark(route.color, c.loco ? c.len * 0.24 : 0));
  return clipped(el('g', { class: 'ttr-car', transform: carTransform(c) }, parts), c.clip ? `url(#${clipId})` : null);
}

function renderRoute(r: RouteLayout, clipId: string): SVGGElement {
  const route = r.route;
  const cls = ['ttr-route', `ttr-${route.kind ?? 'train'}`, `ttr-c-${route.color}`];
  if (route.tunnel) cls.push('ttr-tunnel');
  if (route.locomotives) cls.push('ttr-ferry');
  if (route.wraparound) cls.push('ttr-wrap');
  const g = el('g', {
    class: cls.join(' '),
    'data-route': route.id,
    tabindex: 0,
    role: 'button',
    'aria-label': `Route ${route.id}: ${describeRoute(route)}`,
  });
  g.appendChild(text('title', `${route.cities[0]} – ${route.cities[1]}: ${describeRoute(route).split(', ').slice(1).join(', ')}`));
  for (const line of r.lines) {
    const clip = line.clip ? `url(#${clipId})` : null;
    g.appendChild(el('path', { class: 'ttr-hit', d: line.d, 'clip-path': clip }));
    // ship routes sail on a band of water
    if (route.kind === 'ship') g.appendChild(el('path', { class: 'ttr-sea', d: line.d, 'clip-path': clip }));
  }
  for (const c of r.cars) g.appendChild(renderCar(r, c, clipId));
  return g;
}

function renderCity(c: CityLayout): SVGGElement {
  const g = el('g', {
    class: `ttr-city ttr-city-${c.kind}${c.harbor ? ' ttr-harbor-city' : ''}`,
    'data-city': c.name,
    transform: `translate(${fmt(c.x)} ${fmt(c.y)})`,
    tabindex: c.kind === 'junction' ? null : 0,
    role: 'button',
    'aria-label': `${c.kind === 'junction' ? 'Junction' : 'City'} ${c.name}${c.city.big ? ', big city' : ''}${c.harbor ? ', harbor' : ''}`,
  });
  g.appendChild(text('title', `${c.name}${c.kind === 'junction' ? ' (junction, not a city)' : ''}${c.city.big ? ' (big city)' : ''}${c.harbor ? ' (harbor)' : ''}`));
  g.appendChild(el('circle', { class: 'ttr-city-hit', r: c.r + 8 }));
  if (c.kind === 'junction') {
    const pts: string[] = [];
    for (let i = 0; i < 10; i++) {
      const a = (Math.PI / 5) * i - Math.PI / 2;
      const rr = i % 2 ? c.r * 0.45 : c.r;
      pts.push(`${fmt(rr * Math.cos(a))},${fmt(rr * Math.sin(a))}`);
    }
    g.appendChild(el('polygon', { class: 'ttr-junction', points: pts.join(' ') }));
  } else if (c.kind === 'big') {
    g.appendChild(el('circle', { class: 'ttr-big-ring', r: c.r }));
    g.appendChild(el('circle', { class: 'ttr-city-dot', r: c.r - 6 }));
  } else {
    g.appendChild(el('circle', { class: 'ttr-city-dot', r: c.r }));
  }
  if (c.harbor) {
    g.appendChild(
      el('g', { class: 'ttr-anchor', transform: `translate(${fmt(c.r * 0.8)} ${fmt(c.r * 0.8)})` }, [
        el('circle', { r: 8.5, class: 'ttr-anchor-badge' }),
        el('circle', { cy: -5, r: 1.7, class: 'ttr-anchor-icon' }),
        el('path', { d: ANCHOR_PATH, class: 'ttr-anchor-icon', transform: 'scale(0.92)' }),
      ]),
    );
  }
  return g;
}

function renderLabel(l: LabelLayout, cls: string, city?: string): SVGTextElement {
  return text('text', l.text, {
    class: cls,
    x: l.x,
    y: l.y,
    'text-anchor': l.anchor,
    'font-size': l.font,
    'data-city': city ?? null,
  }) as SVGTextElement;
}

/** Builds the SVG of a laid-out board (everything but the game state). */
export function renderBoard(layout: BoardLayout, doc: Document = document): RenderedBoard {
  void doc;
  const uid = `ttr${++boardCount}`;
  const clipId = layout.wrap ? `${uid}-wrap` : '';
  const b = layout.bounds;
  const svg = el('svg', {
    class: 'ttr-board',
    xmlns: 'http://www.w3.org/2000/svg',
    role: 'group',
    'aria-label': `Board: ${layout.title}`,
    'data-map': layout.name,
  });
  const defs = el('defs');
  if (layout.wrap) {
    const h = b.y1 - b.y0;
    defs.appendChild(
      el('clipPath', { id: clipId, clipPathUnits: 'userSpaceOnUse' }, [
        el('rect', { x: layout.wrap.left, y: b.y0 - h, width: layout.wrap.right - layout.wrap.left, height: 3 * h }),
      ]),
    );
  }
  svg.appendChild(defs);
  const viewport = el('g', { class: 'ttr-viewport' });
  svg.appendChild(viewport);

  viewport.appendChild(el('rect', { class: 'ttr-bg', x: b.x0, y: b.y0, width: b.x1 - b.x0, height: b.y1 - b.y0, rx: 6 }));
  if (layout.wrap) {
    for (const x of [layout.wrap.left, layout.wrap.right]) {
      viewport.appendChild(el('line', { class: 'ttr-wrap-edge', x1: x, x2: x, y1: b.y0, y2: b.y1 }));
    }
  }

  // edge stubs (Legacy): under everything, not clickable
  if (layout.stubs.length) {
    const sg = el('g', { class: 'ttr-stubs', 'aria-hidden': 'true' });
    for (const s of layout.stubs) {
      const st = carStyle(s.stub.color);
      const g = el('g', { class: 'ttr-stub', 'data-stub': s.stub.id });
      g.appendChild(text('title', `Off the board: ${s.stub.city} to ${s.stub.leads_to}, ${s.stub.length} ${st.label} space${s.stub.length === 1 ? '' : 's'} (not claimable yet)`));
      for (const c of s.cars) {
        g.appendChild(
          el('g', { class: 'ttr-car', transform: carTransform(c) }, [
            carBody(c, false, { class: 'ttr-car-body ttr-stub-body', fill: st.fill }),
            cbMark(s.stub.color),
          ]),
        );
      }
      g.appendChild(el('path', { class: 'ttr-stub-arrow', d: 'M-6,-9L8,0L-6,9Z', transform: carTransform(s.arrow) }));
      if (s.label.text) g.appendChild(renderLabel(s.label, 'ttr-stub-label'));
      sg.appendChild(g);
    }
    viewport.appendChild(sg);
  }

  const routes = el('g', { class: 'ttr-routes' });
  const routeEls = new Map<number, SVGGElement>();
  for (const r of layout.routes) {
    const g = renderRoute(r, clipId);
    routeEls.set(r.id, g);
    routes.appendChild(g);
  }
  viewport.appendChild(routes);

  const news = el('g', { class: 'ttr-news' });
  const claims = el('g', { class: 'ttr-claims' });
  const phantoms = el('g', { class: 'ttr-phantoms' });
  const highlights = el('g', { class: 'ttr-highlights' });
  viewport.appendChild(news);
  viewport.appendChild(claims);
  viewport.appendChild(phantoms);
  viewport.appendChild(highlights);

  const cities = el('g', { class: 'ttr-cities' });
  const cityEls = new Map<string, SVGGElement>();
  for (const c of layout.cities) {
    const g = renderCity(c);
    cityEls.set(c.name, g);
    cities.appendChild(g);
  }
  viewport.appendChild(cities);

  const tokens = el('g', { class: 'ttr-tokens' });
  viewport.appendChild(tokens);

  const labels = el('g', { class: 'ttr-labels' });
  const labelEls = new Map<string, SVGTextElement>();
  for (const c of layout.cities) {
    if (!c.label) continue;
    const t = renderLabel(c.label, 'ttr-label', c.name);
    // a name that covers a route space lets clicks through to the route (not to its city)
    if (c.label.overCar) t.setAttribute('pointer-events', 'none');
    labelEls.set(c.name, t);
    labels.appendChild(t);
  }
  viewport.appendChild(labels);

  if (layout.legend) {
    const L = layout.legend;
    const g = el('g', { class: 'ttr-legend', transform: `translate(${fmt(L.x)} ${fmt(L.y)})` });
    g.appendChild(el('rect', { class: 'ttr-legend-box', width: L.w, height: L.h, rx: 6 }));
    g.appendChild(text('text', L.title, { class: 'ttr-legend-title', x: 12, y: L.rowH * 0.8, 'font-size': L.font }));
    L.items.forEach((co, i) => {
      const y = L.rowH * (i + 1.5) + 2;
      const st = carStyle(co.color);
      g.appendChild(
        el('g', { transform: `translate(${fmt(12 + 17)} ${fmt(y)})` }, [
          el('rect', { class: 'ttr-car-body', x: -17, y: -8, width: 34, height: 16, rx: 2.5, fill: st.fill }),
          cbMark(co.color),
        ]),
      );
      g.appendChild(text('text', co.name, { class: 'ttr-legend-text', x: 12 + 42, y: y + L.font * 0.35, 'font-size': L.font }));
    });
    viewport.appendChild(g);
  }

  return {
    svg: svg as SVGSVGElement,
    viewport,
    layers: { routes, news, claims, phantoms, highlights, cities, tokens, labels },
    routeEls,
    cityEls,
    labelEls,
    clipId,
    uid,
  };
}

/** The board's stylesheet (added once to the document by createBoard). */
export const BOARD_CSS = `
.ttr-board-host { position: relative; overflow: hidden; background: #cfd8dc; }
.ttr-board { display: block; width: 100%; height: 100%; touch-action: none; user-select: none; -webkit-user-select: none;
  font-family: "DejaVu Sans", Verdana, "Segoe UI", Roboto, Arial, sans-serif; }
.ttr-bg { fill: #f1ead6; stroke: #b9ad8c; stroke-width: 2; }
.ttr-wrap-edge { stroke: #7d8fa3; stroke-width: 3; stroke-dasharray: 10 8; }
.ttr-car-body { stroke: #262626; stroke-width: 1.4; }
.ttr-ship .ttr-car-body { stroke: #0f3d75; stroke-width: 2.4; }
.ttr-sea { fill: none; stroke: #8ec5ea; stroke-width: 31; stroke-linecap: round; stroke-linejoin: round; opacity: 0.75; pointer-events: none; }
.ttr-tunnel-edge { fill: none; stroke: #111; stroke-width: 2.6; stroke-dasharray: 5 3; }
.ttr-pair { stroke: #f1ead6; stroke-width: 2.6; }
.ttr-loco-badge { fill: #fff; stroke: #222; stroke-width: 1.2; }
.ttr-loco-icon { fill: #111; }
.ttr-cb { display: none; font-size: 13px; font-weight: 700; text-anchor: middle; pointer-events: none; }
.ttr-cb-on .ttr-cb { display: inline; }
.ttr-route { cursor: pointer; outline: none; }
.ttr-hit { fill: none; stroke: transparent; stroke-width: 30; stroke-linecap: round; pointer-events: stroke; }
.ttr-route:hover .ttr-car-body, .ttr-route:focus-visible .ttr-car-body { stroke: #000; stroke-width: 3.2; }
/* a selection on: the listed routes outlined, the others faded only so far that they still read */
.ttr-board:not(.ttr-calm) .ttr-route.ttr-can .ttr-car-body { stroke: #000; stroke-width: 2.8; }
.ttr-board:not(.ttr-calm) .ttr-route.ttr-can:hover .ttr-car-body, .ttr-board:not(.ttr-calm) .ttr-route.ttr-can:focus-visible .ttr-car-body { stroke-width: 4.2; }
.ttr-route.ttr-disabled { cursor: default; opacity: 0.65; }
.ttr-route.ttr-disabled:hover .ttr-car-body { stroke-width: 1.4; }
.ttr-city { cursor: pointer; outline: none; }
.ttr-city.ttr-disabled { cursor: default; }
.ttr-city-hit { fill: transparent; }
.ttr-city-dot { fill: #26385c; stroke: #fff; stroke-width: 3; }
.ttr-big-ring { fill: #fff; stroke: #26385c; stroke-width: 3; }
.ttr-city-big .ttr-city-dot { stroke: none; fill: #b8860b; }
.ttr-junction { fill: #4f79a8; stroke: #fff; stroke-width: 2; }
.ttr-city:hover .ttr-city-dot, .ttr-city:focus-visible .ttr-city-dot { stroke: #000; }
.ttr-anchor-badge { fill: #fff; stroke: #0f3d75; stroke-width: 1.4; }
.ttr-anchor-icon { fill: none; stroke: #0f3d75; stroke-width: 1.8; stroke-linecap: round; }
.ttr-label { font-weight: 700; fill: #1b1b1b; paint-order: stroke; stroke: #fffdf5; stroke-width: 4.5px; stroke-linejoin: round; cursor: pointer; }
.ttr-stub { opacity: 0.6; pointer-events: none; }
.ttr-stub-body { stroke-dasharray: 4 3; }
.ttr-stub-arrow { fill: #555; }
.ttr-stub-label { font-style: italic; fill: #333; paint-order: stroke; stroke: #fffdf5; stroke-width: 3.5px; }
.ttr-legend-box { fill: #fffdf5; stroke: #8a7f63; stroke-width: 1.5; opacity: 0.95; }
.ttr-legend-title { font-weight: 700; fill: #1b1b1b; }
.ttr-legend-text { fill: #1b1b1b; }
.ttr-piece { stroke: #111; stroke-width: 2.6; }
.ttr-piece-shadow { fill: #000; opacity: 0.35; }
.ttr-piece-shine { fill: #fff; opacity: 0.45; pointer-events: none; }
.ttr-claim { pointer-events: none; }
.ttr-claim-new .ttr-piece-in { animation: ttr-arrive 0.45s cubic-bezier(.2,.8,.3,1.2) both; }
@keyframes ttr-arrive { from { opacity: 0; transform: translate(0, -26px) scale(1.35); } }
@media (prefers-reduced-motion: reduce) { .ttr-claim-new .ttr-piece-in { animation: none; } }
.ttr-board.ttr-calm .ttr-route.ttr-disabled { opacity: 1; }
.ttr-board.ttr-calm .ttr-route.ttr-disabled:hover .ttr-car-body { stroke-width: 1.4; }
.ttr-hl-route { fill: none; stroke: #fff; stroke-width: 9; stroke-linejoin: round; }
.ttr-hl-route-inner { fill: none; stroke: #d1007a; stroke-width: 3.5; stroke-linejoin: round; }
.ttr-hl-city { fill: none; stroke: #d1007a; stroke-width: 4; }
.ttr-hl-city-outer { fill: none; stroke: #fff; stroke-width: 9; }
.ttr-highlights { pointer-events: none; animation: ttr-pulse 1.6s ease-in-out infinite; }
@keyframes ttr-pulse { 50% { opacity: 0.55; } }
.ttr-news { pointer-events: none; animation: ttr-pulse 1.6s ease-in-out infinite; }
.ttr-new-halo { fill: none; stroke: #fff; stroke-width: 14; stroke-linejoin: round; }
.ttr-new-ring { fill: none; stroke-width: 5; stroke-linejoin: round; }
@media (prefers-reduced-motion: reduce) { .ttr-highlights, .ttr-news { animation: none; } }
.ttr-board.ttr-drag .ttr-route.ttr-disabled { opacity: 0.3; }
.ttr-phantoms { pointer-events: none; }
.ttr-phantom-piece { fill-opacity: 0.72; stroke: #111; stroke-width: 2.2; stroke-dasharray: 6 3; }
.ttr-phantom-halo { fill: #fffdf5; opacity: 0.6; }
.ttr-phantom-in { animation: ttr-phantom-in 0.28s ease-out both; }
@keyframes ttr-phantom-in { from { opacity: 0; transform: scale(0.6); } }
@media (prefers-reduced-motion: reduce) { .ttr-phantom-in { animation: none; } }
.ttr-token { pointer-events: none; }
.ttr-token-body { stroke: #111; stroke-width: 2; }
.ttr-token-anchor { fill: none; stroke-width: 2; stroke-linecap: round; }
.ttr-token-num { fill: #111; paint-order: stroke; stroke: #fff; stroke-width: 3px; }
.ttr-board-controls { position: absolute; right: 10px; bottom: 10px; display: flex; flex-direction: column; gap: 6px; z-index: 2; }
.ttr-board-controls button { width: 40px; height: 40px; font: 700 20px/1 system-ui, sans-serif; border-radius: 8px;
  border: 1px solid #667; background: #fffdf5; color: #1b1b1b; cursor: pointer; box-shadow: 0 1px 3px rgba(0,0,0,.3); padding: 0; }
.ttr-board-controls button:hover { background: #fff; }
.ttr-board-controls button:focus-visible { outline: 3px solid #0072b2; outline-offset: 1px; }
.ttr-board-controls .ttr-fit { font-size: 13px; }
.ttr-board-message { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; padding: 24px;
  font: 16px/1.5 system-ui, sans-serif; color: #333; text-align: center; }
.ttr-board-message > div { max-width: 34em; background: #fffdf5; border: 1px solid #b9ad8c; border-radius: 8px; padding: 16px 20px; }
`;
