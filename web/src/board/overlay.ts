// The game state drawn over the map: claimed routes, stations, harbors, highlights and
// which routes/cities can be clicked. Updating it touches only the overlay layers and
// the classes of the routes and cities whose state changed; the map is never rebuilt.
import { playerColor, type PlayerColor } from './colors';
import type { BoardLayout, CityLayout, RouteLayout } from './layout';
import { ANCHOR_PATH, carBody, type RenderedBoard } from './render';
import { carTransform, clipped, el, fmt, text } from './svg';

export interface PlayerStyle {
  name?: string;
  /** a CSS colour (#rrggbb); the default palette by seat when absent */
  color?: string;
}

export interface Placement {
  city: string;
  /** seat index (0-based) into players */
  player: number;
}

export interface OverlayState {
  players: PlayerStyle[];
  /** route id -> seat of its owner */
  claims: Record<string, number>;
  /** Europe stations */
  stations: Placement[];
  /** Rails & Sails harbors */
  harbors: Placement[];
  /** routes and cities to draw attention to (a ticket's cities, the last move) */
  highlight: { routes: number[]; cities: string[] };
  /** claimed routes new to the player (claimed since their last turn): ringed in the owner's colour */
  fresh: number[];
  /** cities whose station or harbor is new to the player: the token ringed in its owner's colour */
  freshCities: string[];
  /**
   * What can be clicked now: routes/cities not listed are drawn as not clickable and
   * their clicks are ignored. null: everything can be clicked.
   */
  selectable: { routes: number[] | null; cities: string[] | null };
  /** a claim being considered (a card dragged over the route, the route pointed at or being paid
   *  for): translucent pieces in that seat's colour on each space; null: none */
  phantom: Phantom | null;
}

export interface Phantom {
  route: number;
  /** seat index (0-based) into players: the pieces' colour */
  player: number;
}

/** What update() takes: any part of the state; claims also as a list of {route, player}. */
export interface OverlayPatch {
  players?: PlayerStyle[];
  claims?: Record<string, number> | Array<{ route: number; player: number }>;
  stations?: Placement[];
  harbors?: Placement[];
  highlight?: { routes?: number[]; cities?: string[] };
  fresh?: number[];
  freshCities?: string[];
  selectable?: { routes?: number[] | null; cities?: string[] | null };
  phantom?: Phantom | null;
  /** draw the claims new in this patch with an animation (cars arriving one after another) */
  animate?: boolean;
}

export function emptyOverlay(): OverlayState {
  return {
    players: [],
    claims: {},
    stations: [],
    harbors: [],
    highlight: { routes: [], cities: [] },
    fresh: [],
    freshCities: [],
    selectable: { routes: null, cities: null },
    phantom: null,
  };
}

export function normalizeClaims(c: OverlayPatch['claims']): Record<string, number> {
  if (!c) return {};
  if (Array.isArray(c)) {
    const out: Record<string, number> = {};
    for (const x of c) out[String(x.route)] = x.player;
    return out;
  }
  return { ...c };
}

/** Where a city's station (up-left) or harbor (up-right) token stands. */
function tokenAt(city: CityLayout, kind: 'station' | 'harbor'): [number, number] {
  return kind === 'station' ? [city.x - city.r - 8, city.y - city.r - 8] : [city.x + city.r + 10, city.y - city.r - 10];
}

export class BoardOverlay {
  private state: OverlayState = emptyOverlay();
  private claimEls = new Map<string, { key: string; g: SVGGElement }>();
  private phantomKey = '';
  private routeById: Map<number, RouteLayout>;
  private cityByName: Map<string, CityLayout>;
  private disabledRoutes = new Set<number>();
  private disabledCities = new Set<string>();

  constructor(
    private readonly layout: BoardLayout,
    private readonly board: RenderedBoard,
  ) {
    this.routeById = new Map(layout.routes.map((r) => [r.id, r]));
    this.cityByName = new Map(layout.cities.map((c) => [c.name, c]));
  }

  /** A piece's tooltip in the board's language: whose claim, station or harbor it is. */
  private title(kind: 'claim' | 'station' | 'harbor', seat: number): string {
    const owner = this.state.players[seat]?.name ?? `player ${seat + 1}`;
    const own = this.layout.text.pieceTitle;
    if (own) return own(kind, owner);
    return kind === 'claim' ? `Claimed by ${owner}` : kind === 'station' ? `Station of ${owner}` : `Harbor of ${owner}`;
  }

  get current(): OverlayState {
    return structuredClone(this.state);
  }

  isRouteSelectable(id: number): boolean {
    return this.routeById.has(id) && !this.disabledRoutes.has(id);
  }

  isCitySelectable(name: string): boolean {
    return this.cityByName.has(name) && !this.disabledCities.has(name);
  }

  private color(seat: number): PlayerColor {
    return playerColor(seat, this.state.players[seat]?.color);
  }

  update(patch: OverlayPatch): void {
    const s = this.state;
    let playersChanged = false;
    if (patch.players) {
      playersChanged = JSON.stringify(patch.players) !== JSON.stringify(s.players);
      s.players = patch.players.map((p) => ({ ...p }));
    }
    if (patch.claims || playersChanged) {
      if (patch.claims) s.claims = normalizeClaims(patch.claims);
      this.drawClaims(playersChanged, !!patch.animate);
    }
    if (patch.stations || patch.harbors || playersChanged) {
      if (patch.stations) s.stations = patch.stations.map((p) => ({ ...p }));
      if (patch.harbors) s.harbors = patch.harbors.map((p) => ({ ...p }));
      this.drawTokens();
    }
    const tokens = patch.stations || patch.harbors;
    if (patch.fresh || patch.freshCities || ((patch.claims || tokens || playersChanged) && (s.fresh.length || s.freshCities.length))) {
      if (patch.fresh) s.fresh = [...patch.fresh];
      if (patch.freshCities) s.freshCities = [...patch.freshCities];
      this.drawFresh();
    }
    if (patch.highlight) {
      s.highlight = {
        routes: [...(patch.highlight.routes ?? [])],
        cities: [...(patch.highlight.cities ?? [])],
      };
      this.drawHighlight();
    }
    if (patch.phantom !== undefined || ((playersChanged || patch.claims) && s.phantom)) {
      if (patch.phantom !== undefined) s.phantom = patch.phantom ? { route: patch.phantom.route, player: patch.phantom.player } : null;
      this.drawPhantom();
    }
    if (patch.selectable) {
      if ('routes' in patch.selectable) s.selectable.routes = patch.selectable.routes ? [...patch.selectable.routes] : null;
      if ('cities' in patch.selectable) s.selectable.cities = patch.selectable.cities ? [...patch.selectable.cities] : null;
      this.applySelectable();
    }
  }

  /** Claimed pieces: only the routes whose owner (or colour) changed are redrawn. */
  private drawClaims(all: boolean, animate = false): void {
    const want = new Map<string, string>();
    for (const [id, seat] of Object.entries(this.state.claims)) {
      if (!this.routeById.has(Number(id)) || !Number.isInteger(seat) || seat < 0) continue;
      const c = this.color(seat);
      want.set(id, `${seat}:${c.fill}`);
    }
    for (const [id, cur] of this.claimEls) {
      if (all || want.get(id) !== cur.key) {
        cur.g.remove();
        this.claimEls.delete(id);
      }
    }
    for (const [id, key] of want) {
      if (this.claimEls.has(id)) continue;
      const seat = this.state.claims[id];
      const g = this.claimGroup(this.routeById.get(Number(id))!, seat, animate && !all);
      this.board.layers.claims.appendChild(g);
      this.claimEls.set(id, { key, g });
    }
    for (const [id, r] of this.board.routeEls) r.classList.toggle('ttr-claimed', want.has(String(id)));
  }

  private claimGroup(r: RouteLayout, seat: number, animate = false): SVGGElement {
    const c = this.color(seat);
    const ship = r.route.kind === 'ship';
    const g = el('g', { class: `ttr-claim${animate ? ' ttr-claim-new' : ''}`, 'data-claim': r.id, 'data-player': seat });
    let i = 0;
    g.appendChild(text('title', this.title('claim', seat)));
    // a piece: wider than the space, with round ends, a shadow and a shine, so it reads
    // as a train standing on the board rather than a space of the player's colour
    for (const car of r.cars) {
      const clip = car.clip ? `url(#${this.board.clipId})` : null;
      // each car arrives after the one before it (the inner group carries the CSS animation,
      // the outer one the car's position)
      const delay = animate ? { style: `animation-delay: ${i++ * 90}ms` } : {};
      g.appendChild(
        clipped(
          el('g', { transform: carTransform({ ...car, x: car.x + 2, y: car.y + 3 }) }, [
            el('g', { class: 'ttr-piece-in', ...delay }, [carBody(car, ship, { class: 'ttr-piece-shadow' }, 3, true)]),
          ]),
          clip,
        ),
      );
      g.appendChild(
        clipped(el('g', { transform: carTransform(car) }, [el('g', { class: 'ttr-piece-in', ...delay }, [
          carBody(car, ship, { class: 'ttr-piece', fill: c.fill }, 3, true),
          el('rect', {
            class: 'ttr-piece-shine',
            x: -car.len / 2 + 6,
            y: -car.wid / 2 - 0.5,
            width: Math.max(car.len - 12, 2),
            height: 3.2,
            rx: 1.6,
          }),
          text('text', String(seat + 1), { class: 'ttr-cb', dy: '0.36em', fill: c.ink }),
        ])]), clip),
      );
    }
    return g;
  }

  /** Stations (a house, up-left of the city) and harbors (an anchor token, up-right). */
  private drawTokens(): void {
    const layer = this.board.layers.tokens;
    layer.replaceChildren();
    for (const st of this.state.stations) {
      const city = this.cityByName.get(st.city);
      if (!city) continue;
      const c = this.color(st.player);
      const [x, y] = tokenAt(city, 'station');
      layer.appendChild(
        el('g', { class: 'ttr-token ttr-station', 'data-station': st.city, 'data-player': st.player, transform: `translate(${fmt(x)} ${fmt(y)})` }, [
          text('title', this.title('station', st.player)),
          el('path', { class: 'ttr-token-body', d: 'M-12,12V-3L0,-14L12,-3V12Z', fill: c.fill }),
          text('text', String(st.player + 1), { class: 'ttr-cb', y: 4, dy: '0.36em', fill: c.ink }),
        ]),
      );
    }
    for (const h of this.state.harbors) {
      const city = this.cityByName.get(h.city);
      if (!city) continue;
      const c = this.color(h.player);
      const [x, y] = tokenAt(city, 'harbor');
      layer.appendChild(
        el('g', { class: 'ttr-token ttr-harbor', 'data-harbor': h.city, 'data-player': h.player, transform: `translate(${fmt(x)} ${fmt(y)})` }, [
          text('title', this.title('harbor', h.player)),
          el('rect', { class: 'ttr-token-body', x: -14, y: -14, width: 28, height: 28, rx: 6, fill: c.fill }),
          el('circle', { class: 'ttr-token-anchor', cy: -7, r: 2.2, stroke: c.ink }),
          el('path', { class: 'ttr-token-anchor', d: ANCHOR_PATH, stroke: c.ink, transform: 'translate(0 0.5) scale(1.25)' }),
          text('text', String(h.player + 1), { class: 'ttr-cb ttr-token-num', x: 14, y: -14, dy: '0.36em' }),
        ]),
      );
    }
  }

  /** A ring in the owner's colour round each piece of a fresh claim, and round each fresh station
   *  or harbor token, a white gap between them. */
  private drawFresh(): void {
    const layer = this.board.layers.news;
    layer.replaceChildren();
    for (const name of this.state.freshCities) {
      const city = this.cityByName.get(name);
      for (const [kind, list] of [['station', this.state.stations], ['harbor', this.state.harbors]] as const) {
        const token = list.find((t) => t.city === name);
        if (!city || !token) continue;
        const [x, y] = tokenAt(city, kind);
        layer.appendChild(
          el('g', { class: 'ttr-new', 'data-new-city': name, 'data-new-kind': kind, 'data-player': token.player,
            transform: `translate(${fmt(x)} ${fmt(y)})` }, [
            el('circle', { class: 'ttr-new-halo', r: 19 }),
            el('circle', { class: 'ttr-new-ring', r: 19, stroke: this.color(token.player).fill }),
          ]),
        );
      }
    }
    for (const id of this.state.fresh) {
      const r = this.routeById.get(id);
      const seat = this.state.claims[String(id)];
      if (!r || seat === undefined) continue;
      const ship = r.route.kind === 'ship';
      const ring = this.color(seat).fill;
      const g = el('g', { class: 'ttr-new', 'data-new-route': id, 'data-player': seat });
      for (const car of r.cars) {
        const clip = car.clip ? `url(#${this.board.clipId})` : null;
        g.appendChild(
          clipped(
            el('g', { transform: carTransform(car) }, [
              carBody(car, ship, { class: 'ttr-new-halo' }, 9, true),
              carBody(car, ship, { class: 'ttr-new-ring', stroke: ring }, 12, true),
            ]),
            clip,
          ),
        );
      }
      layer.appendChild(g);
    }
  }

  /** The pieces a claim would put on the board, translucent, one after another (no motion when
   *  reduced motion is asked for); a claimed or unknown route shows none. */
  private drawPhantom(): void {
    const p = this.state.phantom;
    const r = p ? this.routeById.get(p.route) : undefined;
    const show = !!p && !!r && !(String(p.route) in this.state.claims);
    const c = p ? this.color(p.player) : null;
    // redrawn only when what it shows changes: its pieces arrive again each time it is drawn
    const key = show ? `${p!.route}:${p!.player}:${c!.fill}:${c!.ink}` : '';
    if (key === this.phantomKey) return;
    this.phantomKey = key;
    const layer = this.board.layers.phantoms;
    layer.replaceChildren();
    if (!p || !r || !c || !show) return;
    const ship = r.route.kind === 'ship';
    const g = el('g', { class: 'ttr-phantom', 'data-phantom': p.route, 'data-player': p.player });
    r.cars.forEach((car, i) => {
      const clip = car.clip ? `url(#${this.board.clipId})` : null;
      g.appendChild(
        clipped(
          el('g', { transform: carTransform(car) }, [
            el('g', { class: 'ttr-phantom-in', style: `animation-delay: ${i * 45}ms` }, [
              carBody(car, ship, { class: 'ttr-phantom-halo' }, 3, true),
              carBody(car, ship, { class: 'ttr-phantom-piece', fill: c.fill }, 3, true),
              text('text', String(p.player + 1), { class: 'ttr-cb', dy: '0.36em', fill: c.ink }),
            ]),
          ]),
          clip,
        ),
      );
    });
    layer.appendChild(g);
  }

  private drawHighlight(): void {
    const layer = this.board.layers.highlights;
    layer.replaceChildren();
    for (const id of this.state.highlight.routes) {
      const r = this.routeById.get(id);
      if (!r) continue;
      const g = el('g', { class: 'ttr-hl', 'data-hl-route': id });
      for (const car of r.cars) {
        const clip = car.clip ? `url(#${this.board.clipId})` : null;
        g.appendChild(
          clipped(
            el('g', { transform: carTransform(car) }, [
              carBody(car, false, { class: 'ttr-hl-route' }, 4),
              carBody(car, false, { class: 'ttr-hl-route-inner' }, 4),
            ]),
            clip,
          ),
        );
      }
      layer.appendChild(g);
    }
    for (const name of this.state.highlight.cities) {
      const c = this.cityByName.get(name);
      if (!c) continue;
      layer.appendChild(
        el('g', { class: 'ttr-hl', 'data-hl-city': name, transform: `translate(${fmt(c.x)} ${fmt(c.y)})` }, [
          el('circle', { class: 'ttr-hl-city-outer', r: c.r + 8 }),
          el('circle', { class: 'ttr-hl-city', r: c.r + 8 }),
        ]),
      );
    }
  }

  private applySelectable(): void {
    const sel = this.state.selectable;
    const routes = sel.routes ? new Set(sel.routes) : null;
    this.disabledRoutes.clear();
    for (const [id, g] of this.board.routeEls) {
      const off = routes !== null && !routes.has(id);
      if (off) this.disabledRoutes.add(id);
      g.classList.toggle('ttr-can', routes !== null && !off); // listed: marked as the ones to click
      if (g.classList.contains('ttr-disabled') !== off) {
        g.classList.toggle('ttr-disabled', off);
        if (off) g.setAttribute('aria-disabled', 'true');
        else g.removeAttribute('aria-disabled');
      }
    }
    const cities = sel.cities ? new Set(sel.cities) : null;
    this.disabledCities.clear();
    for (const [name, g] of this.board.cityEls) {
      const off = cities !== null && !cities.has(name);
      if (off) this.disabledCities.add(name);
      if (g.classList.contains('ttr-disabled') !== off) {
        g.classList.toggle('ttr-disabled', off);
        if (off) g.setAttribute('aria-disabled', 'true');
        else g.removeAttribute('aria-disabled');
      }
    }
  }
}
