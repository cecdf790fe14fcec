// Pure helpers over a view: who is who, what the seat may do now, what just happened.
import type { BoardText, MapData, Route } from '../board/index';
import { Legal } from './legal';
import { t, botLabel, colorName } from './i18n';
import { cityName, leadsToName, placeTitle } from './names';
import type { Lang } from './store';
import type { Envelope, LogEntry, PublicSeat, View } from './types';

// What the edition has: the view's `features`, never guessed from the board's name.
export const isRailsSails = (v: View) => v.features.ships;
export const isLegacy = (v: View) => v.features.money;
export const hasStations = (v: View) => v.features.stations > 0;

export function seatName(seats: PublicSeat[] | undefined, seat: number): string {
  const s = seats?.[seat];
  if (!s) return t('seat_n', { n: seat + 1 });
  if (s.name) return s.name;
  if (s.kind === 'bot') return t('bot_named', { n: seat + 1, level: botLabel(s.bot ?? '') });
  return t('seat_n', { n: seat + 1 });
}

export interface DrawTarget {
  /** the action's target text */
  text: string;
  /** face-up slot index, or -1 for a deck */
  slot: number;
  card: string;
  /** Rails & Sails: the deck that refills the slot (null: none can), or the deck drawn from */
  pile?: string | null;
}

/** The legal draws, by face-up slot (every slot showing a card that may be taken) and deck. */
export function drawTargets(legal: Legal, view: View): DrawTarget[] {
  const out: DrawTarget[] = [];
  for (const tg of legal.targets('draw')) {
    const target = tg.target as string | { card: string; pile: string | null };
    const card = typeof target === 'string' ? target : target.card;
    const pile = typeof target === 'string' ? undefined : target.pile;
    if (card === 'deck') {
      out.push({ text: tg.text, slot: -1, card, pile });
      continue;
    }
    view.face_up.forEach((c, slot) => {
      if (c === card) out.push({ text: tg.text, slot, card, pile });
    });
  }
  return out;
}

/** Which seats this browser plays, and which one the screen shows. */
export function localSeats(envs: Record<number, Envelope>): number[] {
  return Object.keys(envs)
    .map(Number)
    .sort((a, b) => a - b);
}

/** What the seat to move is asked now, in words. */
export function phasePrompt(v: View, legal: Legal): string {
  switch (v.phase) {
    case 'initial-tickets':
    case 'keep-tickets': {
      const min = Math.min(...legal.targets('keep').map((x) => (x.target as number[]).length));
      return t('prompt_keep', { n: Number.isFinite(min) ? min : 1 });
    }
    case 'choose-pieces':
      return t('prompt_pieces');
    case 'second-card':
      return legal.has('stop') ? t('prompt_second_or_stop') : t('prompt_second');
    case 'tunnel':
      return t('prompt_tunnel', { n: v.tunnel?.extra ?? 0 });
    case 'extras':
      return t('prompt_extras');
    case 'turn':
      if (legal.has('pass') && legal.groups.length === 1) return t('prompt_pass');
      return t('prompt_turn');
    default:
      return '';
  }
}

export function routeName(map: MapData | null, id: number, withLength = false): string {
  const r = map?.routes.find((x) => x.id === id);
  if (!r) return `#${id}`;
  const name = `${cityName(r.cities[0])} – ${cityName(r.cities[1])}`;
  return withLength ? t('route_len', { route: name, n: r.length }) : name;
}

/** What a route is: "3 spaces, red, tunnel". */
export function routeWords(r: Route): string {
  const parts = [t('route_desc', { len: r.length, color: colorName(r.color) })];
  if (r.kind === 'ship') parts.push(t('route_ship'));
  if (r.tunnel) parts.push(t('route_tunnel'));
  if (r.locomotives) parts.push(t('route_ferry', { n: r.locomotives }));
  if (r.pairs) parts.push(t('route_pairs'));
  if (r.any_four) parts.push(t('route_any_four'));
  return parts.join(t('list_sep'));
}

/** A route's cities in the map's Latin names, for a tooltip, where `routeName` shows others. */
export function routeTitle(map: MapData | null, id: number): string | undefined {
  const r = map?.routes.find((x) => x.id === id);
  if (!r || r.cities.every((c) => placeTitle(c) === undefined)) return undefined;
  return `${r.cities[0]} – ${r.cities[1]}`;
}

/** The Latin names of the place a log entry names (a claim's route, a station's city), for a tooltip. */
export function entryPlaceTitle(e: LogEntry, map: MapData | null): string | undefined {
  const r = entryRoute(e);
  if (r !== null) return routeTitle(map, r);
  const c = entryCity(e);
  return c === null ? undefined : placeTitle(c);
}

// A log entry's target, read as the data its kind writes (`target`): never from the action's text.

/** The route a claim names. */
export function entryRoute(e: LogEntry): number | null {
  return e.kind === 'claim' && typeof e.target === 'number' ? e.target : null;
}

/** The city a station or a harbor is built in. */
export function entryCity(e: LogEntry): string | null {
  return (e.kind === 'station' || e.kind === 'harbor') && typeof e.target === 'string' ? e.target : null;
}

/** What a draw took: a face-up card or 'deck' (a blind draw: the card is never named), and with two
 *  decks (Rails & Sails) the pile drawn from or refilling the slot (null: none could). */
export function entryDraw(e: LogEntry): { card: string; pile: string | null } | null {
  if (e.kind !== 'draw') return null;
  const tg = e.target;
  if (typeof tg === 'string') return { card: tg, pile: null };
  if (tg && typeof tg === 'object' && typeof (tg as { card?: unknown }).card === 'string') {
    const { card, pile } = tg as { card: string; pile?: string | null };
    return { card, pile: pile ?? null };
  }
  return null;
}

/** An exchange of pieces with the box (RS6): how many, and which way. */
export function entryExchange(e: LogEntry): { n: number; trainsForShips: boolean } | null {
  return e.kind === 'exchange' && typeof e.target === 'number' ? { n: Math.abs(e.target), trainsForShips: e.target > 0 } : null;
}

/** The entries after `seat`'s last one (all of them when it has not moved yet): what the others
 *  did since that seat's last turn, in order. */
export function movesSince(log: LogEntry[], seat: number): LogEntry[] {
  for (let i = log.length - 1; i >= 0; i--) if (log[i].seat === seat) return log.slice(i + 1);
  return log.slice();
}

/** The routes claimed by these entries that their claimer holds now (`routes`: the view's
 *  {route id: seat}; a tunnel given up is not claimed), in order. */
export function claimsIn(entries: LogEntry[], routes: Record<string, number>): number[] {
  const out: number[] = [];
  for (const e of entries) {
    const r = entryRoute(e);
    if (r !== null && routes[String(r)] === e.seat && !out.includes(r)) out.push(r);
  }
  return out;
}

/** The cities where these entries built a station or harbor that their builder holds now
 *  (`stations`, `harbors`: the view's {city: seat}), in order. */
export function tokensIn(entries: LogEntry[], stations: Record<string, number>, harbors: Record<string, number>): string[] {
  const out: string[] = [];
  for (const e of entries) {
    const city = entryCity(e);
    const held = e.kind === 'station' ? stations : harbors;
    if (city !== null && held[city] === e.seat && !out.includes(city)) out.push(city);
  }
  return out;
}

/** The routes of the last entries of the last player's turn (to highlight the last move). */
export function lastMoveRoutes(log: LogEntry[]): number[] {
  const e = log[log.length - 1];
  if (!e) return [];
  const out: number[] = [];
  for (let i = log.length - 1; i >= 0 && log[i].seat === e.seat && log[i].turn === e.turn; i--) {
    const r = entryRoute(log[i]);
    if (r !== null) out.push(r);
    if (log[i].kind === 'pay') {
      // a tunnel paid: the route is the claim before it
      const claim = log.slice(0, i).reverse().find((x) => x.kind === 'claim');
      const tun = claim ? entryRoute(claim) : null;
      if (tun !== null) out.push(tun);
    }
  }
  return out;
}

export function lastMoveCities(log: LogEntry[]): string[] {
  const e = log[log.length - 1];
  const city = e ? entryCity(e) : null;
  return city === null ? [] : [city];
}

export function ticketById(map: MapData | null, id: number) {
  return map?.tickets?.find((x) => x.id === id) ?? null;
}

/** Points or dollars */
export const unitOf = (v: View) => (isLegacy(v) ? '$' : '');

/** What the board prints, in the language (createBoard's `text`): in Chinese the Chinese names,
 * and tooltips in Chinese with the map's Latin names. */
export function boardText(lang: Lang): BoardText {
  if (lang !== 'zh') return { lang: 'en', city: (name) => name, stub: (leadsTo) => `to ${leadsTo}`, legend: 'Railroad companies' };
  return {
    lang: 'zh-CN',
    city: (name) => cityName(name, lang),
    stub: (leadsTo) => `通往${leadsToName(leadsTo, lang)}`,
    legend: '铁路公司',
    routeTitle: (r) => {
      const [a, b] = r.cities;
      return `${cityName(a, lang)} – ${cityName(b, lang)}（${a} – ${b}）：${routeWords(r)}`;
    },
    cityTitle: (c) => {
      const what = [c.junction ? t('city_junction') : null, c.big ? t('city_big') : null, c.harbor ? t('city_harbor') : null].filter(Boolean);
      return `${cityName(c.name, lang)}（${c.name}）${what.length ? `：${what.join(t('list_sep'))}` : ''}`;
    },
    pieceTitle: (kind, owner) => t(kind === 'claim' ? 'piece_claim' : kind === 'station' ? 'piece_station' : 'piece_harbor', { who: owner }),
  };
}
