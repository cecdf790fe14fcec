// Pure helpers over a view: who is who, what the seat may do now, what just happened.
import type { MapData } from '../board/index';
import { Legal } from './legal';
import { t, botLabel } from './i18n';
import type { Envelope, LogEntry, PublicSeat, View } from './types';

export const isRailsSails = (v: View) => 'ship' in (v.decks ?? {});
export const isLegacy = (v: View) => v.edition != null && 'money' in (v.edition as object);
export const hasStations = (v: View) => v.map === 'europe';

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
  /** Rails & Sails: the deck that refills the slot, or the deck drawn from */
  pile?: string;
}

/** The legal draws, by face-up slot (every slot showing a card that may be taken) and deck. */
export function drawTargets(legal: Legal, view: View): DrawTarget[] {
  const out: DrawTarget[] = [];
  for (const tg of legal.targets('draw')) {
    const target = tg.target as string | { card: string; pile: string };
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
    case 'turn':
      if (legal.has('pass') && legal.groups.length === 1) return t('prompt_pass');
      return t('prompt_turn');
    default:
      return '';
  }
}

export function routeName(map: MapData | null, id: number): string {
  const r = map?.routes.find((x) => x.id === id);
  return r ? `${r.cities[0]} – ${r.cities[1]}` : `#${id}`;
}

/** The routes of the last entries of the last player's turn (to highlight the last move). */
export function lastMoveRoutes(log: LogEntry[]): number[] {
  const e = log[log.length - 1];
  if (!e) return [];
  const out: number[] = [];
  for (let i = log.length - 1; i >= 0 && log[i].seat === e.seat && log[i].turn === e.turn; i--) {
    const a = log[i].action ?? '';
    if (log[i].kind === 'claim') out.push(Number(a.split(' ')[1]));
    if (log[i].kind === 'pay') {
      const tun = log.slice(0, i).reverse().find((x) => x.kind === 'claim');
      if (tun) out.push(Number((tun.action ?? '').split(' ')[1]));
    }
  }
  return out;
}

export function lastMoveCities(log: LogEntry[]): string[] {
  const e = log[log.length - 1];
  if (!e || !e.action) return [];
  if (e.kind === 'station' || e.kind === 'harbor') {
    const m = /^\w+ (.+) \S+$/.exec(e.action);
    return m ? [m[1]] : [];
  }
  return [];
}

export function ticketById(map: MapData | null, id: number) {
  return map?.tickets?.find((x) => x.id === id) ?? null;
}

/** Points or dollars */
export const unitOf = (v: View) => (isLegacy(v) ? '$' : '');
