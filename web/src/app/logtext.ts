// The public log in words, in the chosen language, from the entries' data (not the server's English text).
import type { MapData } from '../board/index';
import { parseCards } from './cards';
import { cardName, cardsWords, t, tk } from './i18n';
import type { LogEntry, LogEvent, PublicSeat } from './types';
import { routeName, seatName } from './game';

export interface LogContext {
  map: MapData | null;
  seats: PublicSeat[] | undefined;
}

function did(e: LogEntry, ctx: LogContext): string {
  const who = seatName(ctx.seats, e.seat);
  const a = e.action ?? '';
  const parts = a.split(' ');
  switch (e.kind) {
    case 'draw': {
      const card = parts[1];
      if (card === 'deck') return parts[2] ? t('log_draw_pile', { who, deck: tk(`deck_${parts[2]}`, parts[2]) }) : t('log_draw_deck', { who });
      return t('log_draw_face', { who, card: cardName(card) });
    }
    case 'claim':
      return t('log_claim', { who, route: routeName(ctx.map, Number(parts[1])), cards: cardsWords(parseCards(parts[2] ?? '')) });
    case 'tickets':
      return t('log_tickets', { who });
    case 'keep':
      return t('log_keep', { who, n: e.kept ?? 0 });
    case 'station':
    case 'harbor': {
      const cards = parts[parts.length - 1];
      const city = parts.slice(1, -1).join(' ');
      return t(e.kind === 'station' ? 'log_station' : 'log_harbor', { who, city, cards: cardsWords(parseCards(cards)) });
    }
    case 'pay':
      return t('log_pay', { who, cards: cardsWords(parseCards(parts[1] ?? '')) });
    case 'decline':
      return t('log_decline', { who });
    case 'pass':
      return t('log_pass', { who });
    case 'stop':
      return t('log_stop', { who });
    case 'pieces':
      return t('log_pieces', { who });
    case 'exchange':
      return t(parts[2] === 'trains-for-ships' ? 'log_exchange_ts' : 'log_exchange_st', { who, n: parts[1] });
    default:
      return e.text ?? `${who}: ${a}`;
  }
}

export function eventWords(ev: LogEvent, ctx: LogContext): string {
  const who = (s: unknown) => seatName(ctx.seats, Number(s));
  switch (ev.event) {
    case 'tunnel': {
      const revealed = (ev.revealed as string[]) ?? [];
      const cards = revealed.length ? revealed.map(cardName).join(', ') : t('no_cards');
      return ev.extra ? t('ev_tunnel', { cards, n: Number(ev.extra) }) : t('ev_tunnel_free', { cards });
    }
    case 'tickets-drawn':
      return t('ev_tickets_drawn', { n: Number(ev.count) });
    case 'display-reset':
      return t('ev_reset');
    case 'last-round':
      return t('ev_last_round', { who: who(ev.seat) });
    case 'game-over':
      return t('ev_game_over');
    case 'pieces-revealed': {
      const list = ((ev.choices as [number, number][]) ?? []).map(([tr, sh], s) => t('ev_pieces_one', { who: who(s), t: tr, s: sh }));
      return t('ev_pieces', { list: list.join(', ') });
    }
    case 'newspaper':
      return t('ev_newspaper', { name: String(ev.name), text: String(ev.text) });
    case 'money': {
      const n = Number(ev.dollars);
      return t(n > 0 ? 'ev_money_gain' : 'ev_money_pay', { who: who(ev.seat), n: Math.abs(n), reason: String(ev.reason ?? '') });
    }
    case 'card':
      return t('ev_card', { who: who(ev.seat), reason: String(ev.reason ?? '') });
    default:
      return JSON.stringify(ev);
  }
}

/** An entry in words: what the seat did, then what followed. */
export function entryWords(e: LogEntry, ctx: LogContext): string {
  return [did(e, ctx), ...(e.events ?? []).map((ev) => eventWords(ev, ctx))].join(t('sep'));
}
