// The public log in words, in the chosen language, from the entries' data (their `target`, `cards`
// and `kept`, and the events' fields): never from the action's text nor the server's English.
import type { MapData } from '../board/index';
import { cardName, cardsWords, t, tk } from './i18n';
import type { LogEntry, LogEvent, PublicSeat } from './types';
import { entryCity, entryDraw, entryExchange, entryRoute, routeName, seatName, ticketById } from './game';
import { cityName } from './names';

export interface LogContext {
  map: MapData | null;
  seats: PublicSeat[] | undefined;
}

/** `lengths`: claims say their route's length too (the hot-seat curtain's list). */
export interface WordsOptions {
  lengths?: boolean;
}

function did(e: LogEntry, ctx: LogContext, opts: WordsOptions): string {
  const who = seatName(ctx.seats, e.seat);
  const cards = cardsWords(e.cards ?? {});
  switch (e.kind) {
    case 'draw': {
      const d = entryDraw(e);
      if (!d) break;
      if (d.card !== 'deck') return t('log_draw_face', { who, card: cardName(d.card) });
      return d.pile ? t('log_draw_pile', { who, deck: tk(`deck_${d.pile}`, d.pile) }) : t('log_draw_deck', { who });
    }
    case 'claim': {
      const r = entryRoute(e);
      if (r === null) break;
      return t('log_claim', { who, route: routeName(ctx.map, r, !!opts.lengths), cards });
    }
    case 'tickets':
      return t('log_tickets', { who });
    case 'keep':
      return t('log_keep', { who, n: e.kept ?? 0 });
    case 'station':
    case 'harbor': {
      const city = entryCity(e);
      if (city === null) break;
      return t(e.kind === 'station' ? 'log_station' : 'log_harbor', { who, city: cityName(city), cards });
    }
    case 'pay':
      return t('log_pay', { who, cards });
    case 'decline':
      return t('log_decline', { who });
    case 'pass':
      return t('log_pass', { who });
    case 'trade':
      if (typeof e.target !== 'string') return t('log_trade', { who, cards });
      return isPostcardPlace(e.target) ? t('log_trade_postcard', { who, cards }) : t('log_trade_rule', { who, place: e.target, cards });
    case 'extra':
      if (e.target === 'done') return t('log_extra_done', { who });
      if (e.target === 'event') return t('log_extra_event', { who });
      return isPostcardPlace(String(e.target)) ? t('log_extra_postcard', { who }) : t('log_extra_rule', { who, place: String(e.target) });
    case 'stop':
      return t('log_stop', { who });
    case 'pieces':
      return t('log_pieces', { who });
    case 'exchange': {
      const x = entryExchange(e);
      if (!x) break;
      return t(x.trainsForShips ? 'log_exchange_ts' : 'log_exchange_st', { who, n: x.n });
    }
  }
  // a kind this client does not know (an edition's own): the server's words
  return e.text || `${who}: ${e.kind}`;
}

/** Legacy: P1-P3 are a player's postcards that grant an ability (Q-V: the rules of play). */
function isPostcardPlace(place: string): boolean {
  return /^P[1-3]$/.test(place);
}

export function eventWords(ev: LogEvent, ctx: LogContext): string {
  const who = (s: number | undefined) => seatName(ctx.seats, Number(s));
  switch (ev.event) {
    case 'tunnel': {
      const revealed = ev.revealed ?? [];
      const cards = revealed.length ? revealed.map(cardName).join(', ') : t('no_cards');
      return ev.extra ? t('ev_tunnel', { cards, n: ev.extra }) : t('ev_tunnel_free', { cards });
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
      const list = (ev.choices ?? []).map(([tr, sh], s) => t('ev_pieces_one', { who: who(s), t: tr, s: sh }));
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
    case 'ticket':
      return t('ev_ticket', { who: who(ev.seat), reason: String(ev.reason ?? '') });
    case 'event-removed':
      return t('ev_event_removed', { name: String(ev.name) });
    case 'ticket-shown': {
      const tk = ticketById(ctx.map, Number(ev.ticket));
      const cities = tk ? tk.cities.map((c) => cityName(c)).join(' – ') : `#${String(ev.ticket)}`;
      return t('ev_ticket_shown', { who: who(ev.seat), ticket: cities });
    }
    default:
      return JSON.stringify(ev);
  }
}

/** An entry in words: what the seat did, then what followed. */
export function entryWords(e: LogEntry, ctx: LogContext, opts: WordsOptions = {}): string {
  return [did(e, ctx, opts), ...(e.events ?? []).map((ev) => eventWords(ev, ctx))].join(t('sep'));
}
