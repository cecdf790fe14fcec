// The board: createBoard() draws a map into a container and returns the handle the game
// screen uses to show the game state (update) and to pan and zoom.
import { BoardOverlay, type OverlayPatch, type OverlayState } from './overlay';
import { layoutBoard, MapLayoutError, type BoardLayout, type BoardText } from './layout';
import { BOARD_CSS, renderBoard, type RenderedBoard } from './render';
import { attachZoom, type ZoomControl } from './zoom';
import { emptyBox, growBox } from './geometry';
import { nearestTarget, TOUCH_REACH } from './touch';
import type { MapData } from './types';

export type { MapData, Route, City, EdgeStub, Company, RouteColor, CardColor } from './types';
export type { OverlayState, OverlayPatch, PlayerStyle, Placement, Phantom } from './overlay';
export type { BoardLayout, RouteLayout, CityLayout, CarLayout } from './layout';
export { layoutBoard, missingLayout, MapLayoutError, describeRoute, ENGLISH_TEXT } from './layout';
export type { BoardText } from './layout';
export { loadMap, checkMap, mapUrl, MapLoadError } from './loader';
export { CAR_STYLES, PLAYER_COLORS, carStyle, playerColor } from './colors';

export interface BoardOptions {
  /** colour-blind aid: a letter on every space (and the seat number on claimed pieces) */
  colorBlind?: boolean;
  /** the +, - and fit buttons (default: shown) */
  controls?: boolean;
  /** called with a route id when a clickable route is clicked or activated by keyboard */
  onRouteClick?: (id: number) => void;
  /** called with a city name when a clickable city (or its label) is clicked */
  onCityClick?: (name: string) => void;
  /** called with a route id when the pointer enters a route (or it gets the focus), null when it leaves */
  onRouteHover?: (id: number | null) => void;
  onCityHover?: (name: string | null) => void;
  /** the printed words: city names, stub labels, the legend's title (default: the map's, English);
   * where a city's printed name is not its map name, the label's tooltip gives the map name */
  text?: BoardText;
  /** initial game state */
  state?: OverlayPatch;
  /** the first view zooms in (centred) until city names are this many px tall, where the whole
   * board would show them smaller (a phone); Fit still shows the whole board */
  minLabelPx?: number;
}

export interface BoardHandle {
  /** false when the map could not be drawn (then `error` says why and the container shows it) */
  readonly ok: boolean;
  readonly error: Error | null;
  readonly layout: BoardLayout | null;
  readonly svg: SVGSVGElement | null;
  /** change part of the game state; only the overlay is redrawn */
  update(patch: OverlayPatch): void;
  /** the current game state */
  state(): OverlayState | null;
  setColorBlind(on: boolean): void;
  zoomIn(): void;
  zoomOut(): void;
  fit(): void;
  /** the first view (see `minLabelPx`) */
  home(): void;
  /** keep these cities and routes in sight (panning, or zooming out, when they are not), also after
   * the board's box changes size; null: nothing to keep */
  reveal(what: { cities?: string[]; routes?: number[] } | null): void;
  /** the current zoom: screen = k * board + (x, y) */
  transform(): { k: number; x: number; y: number } | null;
  /** the route at a point of the screen (client px), clickable or not; `touch`: else the nearest
   *  within a finger's reach (a clickable one first); null: none, or the point is not on the board */
  routeAt(x: number, y: number, touch?: boolean): number | null;
  destroy(): void;
}

const STYLE_ID = 'ttr-board-css';

function ensureStyle(doc: Document): void {
  if (doc.getElementById(STYLE_ID)) return;
  const s = doc.createElement('style');
  s.id = STYLE_ID;
  s.textContent = BOARD_CSS;
  doc.head.appendChild(s);
}

function messageHandle(container: HTMLElement, error: Error): BoardHandle {
  const box = document.createElement('div');
  box.className = 'ttr-board-message';
  box.setAttribute('role', 'status');
  const inner = document.createElement('div');
  inner.textContent = error.message;
  box.appendChild(inner);
  container.appendChild(box);
  const noop = () => {};
  return {
    ok: false,
    error,
    layout: null,
    svg: null,
    update: noop,
    state: () => null,
    setColorBlind: noop,
    zoomIn: noop,
    zoomOut: noop,
    fit: noop,
    home: noop,
    reveal: noop,
    transform: () => null,
    routeAt: () => null,
    destroy: () => box.remove(),
  };
}

/**
 * The words of `layout.text` on the drawn board: a translated name's label says the map's name on
 * hover; routes and cities take the text's tooltips (and say them to screen readers).
 */
function retitle(svg: SVGSVGElement, layout: BoardLayout): void {
  const NS = 'http://www.w3.org/2000/svg';
  for (const label of svg.querySelectorAll<SVGTextElement>('.ttr-labels .ttr-label[data-city]')) {
    const name = label.getAttribute('data-city')!;
    if (label.textContent === name) continue;
    const tip = svg.ownerDocument.createElementNS(NS, 'title');
    tip.textContent = name;
    label.appendChild(tip);
  }
  const { routeTitle, cityTitle } = layout.text;
  const set = (g: Element, words: string) => {
    const tip = g.querySelector(':scope > title');
    if (tip) tip.textContent = words;
    g.setAttribute('aria-label', words);
  };
  if (routeTitle) {
    const byId = new Map(layout.routes.map((r) => [String(r.id), r.route]));
    for (const g of svg.querySelectorAll('.ttr-routes g[data-route]')) {
      const r = byId.get(g.getAttribute('data-route')!);
      if (r) set(g, routeTitle(r));
    }
  }
  if (cityTitle) {
    const byName = new Map(layout.cities.map((c) => [c.name, c.city]));
    for (const g of svg.querySelectorAll('g.ttr-city[data-city]')) {
      const c = byName.get(g.getAttribute('data-city')!);
      if (c) set(g, cityTitle(c));
    }
  }
}

/**
 * Draws `map` into `container` (which it fills: give the container a size). A map whose
 * cities lack positions shows a message instead (handle.ok is false).
 */
export function createBoard(container: HTMLElement, map: MapData, options: BoardOptions = {}): BoardHandle {
  const doc = container.ownerDocument;
  ensureStyle(doc);
  container.classList.add('ttr-board-host');
  let layout: BoardLayout;
  try {
    layout = layoutBoard(map, { text: options.text });
  } catch (e) {
    if (e instanceof MapLayoutError) return messageHandle(container, e);
    throw e;
  }
  const board: RenderedBoard = renderBoard(layout);
  const svg = board.svg;
  svg.setAttribute('lang', layout.lang);
  retitle(svg, layout);
  svg.classList.toggle('ttr-cb-on', !!options.colorBlind);
  container.appendChild(svg);
  const overlay = new BoardOverlay(layout, board);
  if (options.state) overlay.update({ ...options.state, animate: false });

  // events, delegated: one listener set for the whole board
  const target = (e: Event) => (e.target as Element | null)?.closest?.('[data-route],[data-city]') ?? null;
  const activate = (t: Element) => {
    const rid = t.getAttribute('data-route');
    if (rid !== null) {
      const id = Number(rid);
      if (overlay.isRouteSelectable(id)) options.onRouteClick?.(id);
      return;
    }
    const name = t.getAttribute('data-city');
    if (name !== null && overlay.isCitySelectable(name)) options.onCityClick?.(name);
  };
  // a tap beside everything reaches the nearest clickable route or city (touch only: a mouse is precise)
  let pointer = 'mouse';
  const onDown = (e: PointerEvent) => {
    pointer = e.pointerType;
  };
  const reach = (e: MouseEvent) => {
    const ctm = board.viewport.getScreenCTM?.();
    if (!ctm) return;
    const inv = ctm.inverse();
    const p = { x: inv.a * e.clientX + inv.c * e.clientY + inv.e, y: inv.b * e.clientX + inv.d * e.clientY + inv.f };
    const hit = nearestTarget(layout, p, TOUCH_REACH / Math.hypot(ctm.a, ctm.b), overlay.isRouteSelectable.bind(overlay),
      overlay.isCitySelectable.bind(overlay));
    if (hit && 'route' in hit) options.onRouteClick?.(hit.route);
    else if (hit) options.onCityClick?.(hit.city);
  };
  const routeAt = (x: number, y: number, touch = false): number | null => {
    const box = svg.getBoundingClientRect();
    if (x < box.left || x > box.right || y < box.top || y > box.bottom) return null;
    for (const e of doc.elementsFromPoint(x, y)) {
      if (!svg.contains(e)) {
        if (e === svg.parentElement || e.contains(svg)) break; // beneath the board: nothing on it here
        continue; // above the board (the dragged card, a control)
      }
      const g = e.closest('[data-route]');
      if (g && g.closest('.ttr-routes')) return Number(g.getAttribute('data-route'));
      if (e.closest('[data-city]') && !e.closest('.ttr-labels')) break; // a city's mark
    }
    if (!touch) return null;
    const ctm = board.viewport.getScreenCTM?.();
    if (!ctm) return null;
    const inv = ctm.inverse();
    const p = { x: inv.a * x + inv.c * y + inv.e, y: inv.b * x + inv.d * y + inv.f };
    // a finger beside the routes: the nearest clickable one within reach, else the nearest of any
    const reachBoard = TOUCH_REACH / Math.hypot(ctm.a, ctm.b);
    const hit = nearestTarget(layout, p, reachBoard, overlay.isRouteSelectable.bind(overlay), () => false)
      ?? nearestTarget(layout, p, reachBoard, () => true, () => false);
    return hit && 'route' in hit ? hit.route : null;
  };
  const onClick = (e: MouseEvent) => {
    const t = target(e);
    if (t) activate(t);
    else if (pointer === 'touch' || pointer === 'pen') reach(e);
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    const t = target(e);
    if (!t) return;
    e.preventDefault();
    activate(t);
  };
  let hoverRoute: number | null = null;
  let hoverCity: string | null = null;
  const onOver = (e: Event) => {
    const t = target(e);
    const rid = t?.getAttribute('data-route');
    const r = rid != null ? Number(rid) : null;
    const c = t?.getAttribute('data-city') ?? null;
    if (r !== hoverRoute) {
      hoverRoute = r;
      options.onRouteHover?.(r);
    }
    if (c !== hoverCity) {
      hoverCity = c;
      options.onCityHover?.(c);
    }
  };
  svg.addEventListener('pointerdown', onDown);
  svg.addEventListener('click', onClick);
  svg.addEventListener('keydown', onKey);
  svg.addEventListener('pointerover', onOver);
  svg.addEventListener('pointerleave', onOver);
  // a route or city reached with Tab is pointed at as a mouse would (the game shows phantom cars)
  const onBlur = (e: FocusEvent) => {
    if (!(e.relatedTarget instanceof Element && svg.contains(e.relatedTarget))) onOver(new Event('focusout'));
  };
  svg.addEventListener('focusin', onOver);
  svg.addEventListener('focusout', onBlur);

  const labelFont = Math.max(0, ...layout.cities.map((c) => c.label?.font ?? 0));
  const zoom: ZoomControl = attachZoom(
    svg,
    board.viewport,
    layout.bounds,
    options.controls === false ? null : { width: 52, height: 146 },
    options.minLabelPx && labelFont ? options.minLabelPx / labelFont : 0,
  );
  const reveal = (what: { cities?: string[]; routes?: number[] } | null) => {
    const box = emptyBox();
    for (const name of what?.cities ?? []) {
      const c = layout.cities.find((x) => x.name === name);
      if (c) growBox(box, c.x, c.y, c.r + 6);
    }
    for (const id of what?.routes ?? []) {
      for (const c of layout.routes.find((r) => r.id === id)?.cars ?? []) if (!c.clip) growBox(box, c.x, c.y, c.len / 2);
    }
    zoom.reveal(box.x0 <= box.x1 ? box : null);
  };

  let controls: HTMLDivElement | null = null;
  if (options.controls !== false) {
    controls = doc.createElement('div');
    controls.className = 'ttr-board-controls';
    const button = (label: string, title: string, cls: string, fn: () => void) => {
      const b = doc.createElement('button');
      b.type = 'button';
      b.textContent = label;
      b.title = title;
      b.className = cls;
      b.setAttribute('aria-label', title);
      b.addEventListener('click', fn);
      controls!.appendChild(b);
    };
    button('+', 'Zoom in', 'ttr-zoom-in', () => zoom.zoomIn());
    button('\u2212', 'Zoom out', 'ttr-zoom-out', () => zoom.zoomOut());
    button('Fit', 'Show the whole board', 'ttr-fit', () => zoom.fit());
    container.appendChild(controls);
  }
  svg.setAttribute('data-ready', 'true');

  return {
    ok: true,
    error: null,
    layout,
    svg,
    update: (patch) => overlay.update(patch),
    state: () => overlay.current,
    setColorBlind: (on) => svg.classList.toggle('ttr-cb-on', on),
    zoomIn: () => zoom.zoomIn(),
    zoomOut: () => zoom.zoomOut(),
    fit: () => zoom.fit(),
    home: () => zoom.home(),
    reveal,
    transform: () => zoom.transform(),
    routeAt,
    destroy: () => {
      zoom.destroy();
      svg.removeEventListener('click', onClick);
      svg.removeEventListener('keydown', onKey);
      svg.removeEventListener('pointerover', onOver);
      svg.removeEventListener('pointerleave', onOver);
      svg.removeEventListener('focusin', onOver);
      svg.removeEventListener('focusout', onBlur);
      svg.remove();
      controls?.remove();
      container.classList.remove('ttr-board-host');
    },
  };
}
