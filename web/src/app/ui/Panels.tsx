// The hand, the tickets with their progress, the log, and the hot-seat curtain's list of moves.
import { useEffect, useRef } from 'preact/hooks';
import type { MapData } from '../../board/index';
import { sortCards } from '../cards';
import { entryCity, entryPlaceTitle, entryRoute, movesSince, ticketById } from '../game';
import { ticketProgress, type Edge } from '../graph';
import { cardName, t } from '../i18n';
import { ticketName, ticketTitle } from '../names';
import { entryWords, type LogContext } from '../logtext';
import type { Counts, LogEntry, TicketInfo } from '../types';
import { Card } from './Card';
import { Icon } from './Icons';

/** `hint`: added to each card's tooltip (how a card can be dragged onto a route, when it can). */
export function Hand({ hand, spend, hint, marks }: {
  hand: Counts; spend?: Counts | null; hint?: string; marks?: Record<string, Record<string, number>> | null;
}) {
  const kinds = sortCards(Object.keys(hand).filter((k) => hand[k] > 0));
  return (
    <div class="hand" aria-label={t('hand')} data-hand={kinds.map((k) => `${hand[k]}${k}`).join('+')}>
      {kinds.length === 0 ? <span class="muted">{t('hand_empty')}</span> : null}
      {kinds.map((k) => (
        <Card name={k} count={hand[k]} selected={!!spend?.[k]} class={spend?.[k] ? 'spending' : ''} data={{ hand: k }}
          marks={marks?.[k]}
          title={hint ? `${cardName(k)} ×${hand[k]} · ${hint}` : undefined} />
      ))}
    </div>
  );
}

export interface TicketView {
  id: number;
  cities: string[];
  points: number;
  long?: boolean;
  tour?: boolean;
  anyOrder?: number;
  done: boolean;
  path: number[];
}

export function ticketViews(map: MapData | null, tickets: TicketInfo[], edges: Edge[]): TicketView[] {
  return tickets.map((tk) => {
    const m = ticketById(map, tk.id);
    const pr = ticketProgress(edges, tk.cities);
    return {
      id: tk.id,
      cities: tk.cities,
      points: tk.points,
      long: tk.long,
      tour: !!m?.tour,
      anyOrder: m?.points_any_order,
      done: pr.done,
      path: pr.path,
    };
  });
}

export function TicketCard({
  tk,
  onHover,
  selected,
  onClick,
  status,
}: {
  tk: { id: number; cities: string[]; points: number; long?: boolean; tour?: boolean; anyOrder?: number };
  onHover?: (on: boolean) => void;
  selected?: boolean;
  onClick?: () => void;
  status?: 'done' | 'open' | 'failed' | null;
}) {
  const cls = `ticket${tk.long ? ' long' : ''}${tk.tour ? ' tour' : ''}${selected ? ' selected' : ''}${status ? ` ${status}` : ''}`;
  const body = (
    <>
      <span class="ticket-cities" title={ticketTitle(tk.cities)}>
        {ticketName(tk.cities)}
      </span>
      <span class="ticket-points">
        {tk.points}
        {tk.anyOrder ? <small>/{tk.anyOrder}</small> : null}
      </span>
      {status === 'done' ? (
        <span class="ticket-status" title={t('ticket_done')}>
          <Icon name="check" size={14} />
        </span>
      ) : status === 'failed' ? (
        <span class="ticket-status" title={t('ticket_failed')}>
          <Icon name="cross" size={14} />
        </span>
      ) : null}
    </>
  );
  const hover = onHover
    ? {
        onMouseEnter: () => onHover(true),
        // a tapped (so focused) ticket stays shown until the focus goes: a tap ends with a mouseleave
        onMouseLeave: (e: MouseEvent) => document.activeElement !== e.currentTarget && onHover(false),
        onFocus: () => onHover(true),
        onBlur: () => onHover(false),
      }
    : {};
  if (onClick) {
    return (
      <button type="button" class={cls} aria-pressed={selected} onClick={onClick} data-ticket={tk.id} {...hover}>
        {body}
      </button>
    );
  }
  return (
    <div class={cls} data-ticket={tk.id} tabIndex={0} {...hover}>
      {body}
    </div>
  );
}

/** The seat's tickets in two groups: to do, and done (joined by its routes, as graph.ts tells). */
export function Tickets({ tickets, onHover }: { tickets: TicketView[]; onHover: (tk: TicketView | null) => void }) {
  const todo = tickets.filter((x) => !x.done);
  const done = tickets.filter((x) => x.done);
  const group = (key: 'todo' | 'done', list: TicketView[]) =>
    list.length ? (
      <div class={`ticket-group ticket-group-${key}`} data-group={key}>
        <div class="ticket-group-head">{t(key === 'todo' ? 'tickets_todo' : 'tickets_finished', { n: list.length })}</div>
        <div class="ticket-list">
          {list.map((tk) => (
            <TicketCard tk={tk} status={tk.done ? 'done' : 'open'} onHover={(on) => onHover(on ? tk : null)} />
          ))}
        </div>
      </div>
    ) : null;
  return (
    <div class="tickets-panel">
      <div class="panel-head">
        <Icon name="ticket" /> {t('tickets')}{' '}
        <span class="muted" data-tickets-done={done.length}>
          {tickets.length ? t('tickets_done', { done: done.length, total: tickets.length }) : ''}
        </span>
      </div>
      {tickets.length === 0 ? <div class="muted">{t('no_tickets')}</div> : null}
      {group('todo', todo)}
      {group('done', done)}
    </div>
  );
}

/** What on the board a log entry names: a claim's route, a station's or harbor's city (null: none). */
export function entryPlace(e: LogEntry): { routes: number[]; cities: string[] } | null {
  const r = entryRoute(e);
  if (r !== null) return { routes: [r], cities: [] };
  const c = entryCity(e);
  return c === null ? null : { routes: [], cities: [c] };
}

export function Log({
  log,
  ctx,
  upTo,
  onHover,
  onPick,
}: {
  log: LogEntry[];
  ctx: LogContext;
  upTo?: number;
  /** a line naming a route or city is pointed at (null: no longer) */
  onHover?: (place: { routes: number[]; cities: string[] } | null) => void;
  /** such a line is clicked or tapped */
  onPick?: (place: { routes: number[]; cities: string[] }) => void;
}) {
  const box = useRef<HTMLOListElement>(null);
  const shown = upTo === undefined ? log : log.slice(0, upTo);
  // keep the newest entry in view: on each new entry, and when the list is shown or resized
  // (a hidden list, as in a phone's other tabs, cannot be scrolled)
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const toEnd = () => {
      el.scrollTop = el.scrollHeight;
    };
    toEnd();
    if (typeof ResizeObserver === 'undefined') return;
    const seen = new ResizeObserver(toEnd);
    seen.observe(el);
    return () => seen.disconnect();
  }, [shown.length]);
  return (
    <div class="log-panel">
      <div class="panel-head">{t('log')}</div>
      <ol class="log" ref={box} aria-live="polite">
        {shown.length === 0 ? <li class="muted">{t('log_empty')}</li> : null}
        {shown.map((e, i) => {
          const place = onHover || onPick ? entryPlace(e) : null;
          const on = place
            ? {
                onMouseEnter: () => onHover?.(place),
                onMouseLeave: () => onHover?.(null),
                onClick: () => onPick?.(place),
                'data-route': place.routes[0],
                'data-city': place.cities[0],
              }
            : {};
          return (
            <li
              class={`log-entry${i === shown.length - 1 ? ' last' : ''}${place ? ' places' : ''}`}
              data-ply={e.ply}
              data-kind={e.kind}
              title={entryPlaceTitle(e, ctx.map)}
              {...on}
            >
              <span class="log-dot" style={{ background: `var(--p${e.seat})` }} />
              {entryWords(e, ctx)}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** Behind the hot-seat curtain: every move of the others since this seat's last one, in order,
 *  from the public log (a claim with its route's length, draws as the log says them: a face-up
 *  card by colour, a blind one unnamed; tickets as counts). */
export function CurtainMoves({ log, seat, ctx }: { log: LogEntry[]; seat: number; ctx: LogContext }) {
  const moves = movesSince(log, seat);
  if (!moves.length) return null;
  const first = !log.some((e) => e.seat === seat);
  return (
    <div class="curtain-moves">
      <div class="curtain-moves-head">{t(first ? 'pass_first' : 'pass_since')}</div>
      <ol>
        {moves.map((e) => (
          <li data-ply={e.ply} data-seat={e.seat} data-kind={e.kind}>
            <span class="log-dot" style={{ background: `var(--p${e.seat})` }} />
            {entryWords(e, ctx, { lengths: true })}
          </li>
        ))}
      </ol>
    </div>
  );
}
