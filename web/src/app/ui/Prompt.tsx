// What the seat to move is asked: claim a route (choose the payment, confirm), build a station
// or a harbor, exchange pieces, carry out a Legacy event's action, keep tickets, pay or give up
// a tunnel, choose pieces.
// Everything offered comes from the view's legal data.
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { MapData } from '../../board/index';
import { cardsText } from '../cards';
import { routeName, routeWords, ticketById } from '../game';
import { canHover, t } from '../i18n';
import { actionText, type Legal, type PaymentSet } from '../legal';
import { cityName } from '../names';
import type { Counts, View } from '../types';
import { Card, CardsRow } from './Card';
import { PaymentPicker } from './PaymentPicker';
import { giftWords } from './Legacy';
import { TicketCard } from './Panels';

export type Mode =
  | { kind: 'idle' }
  | { kind: 'claim'; route: number; pay?: Counts }
  | { kind: 'station'; city?: string }
  | { kind: 'harbor'; city?: string }
  | { kind: 'exchange' }
  | { kind: 'trade'; where: string | null };

export interface PromptProps {
  view: View;
  map: MapData;
  legal: Legal;
  mode: Mode;
  setMode: (m: Mode) => void;
  send: (action: string) => Promise<boolean>;
  busy: boolean;
  onHoverCities: (cities: string[] | null) => void;
  onSpend: (c: Counts | null) => void;
  /** chosen ahead of the seat's turn (a setup choice every seat makes in secret): say so */
  ahead?: boolean;
  /** a claim's payment confirms itself after this many seconds (the countdown setting, on a touch screen) */
  countdown?: number;
}

function routeDesc(map: MapData, id: number): string {
  const r = map.routes.find((x) => x.id === id);
  return r ? routeWords(r) : '';
}

export function PayPanel({
  title,
  subtitle,
  set,
  hand,
  onConfirm,
  onCancel,
  busy,
  onSpend,
  confirmLabel,
  initial,
  countdown,
}: {
  title: string;
  subtitle?: string;
  set: PaymentSet;
  hand: Counts;
  onConfirm: (c: Counts) => void;
  onCancel?: () => void;
  busy: boolean;
  onSpend: (c: Counts | null) => void;
  confirmLabel: string;
  /** the payment chosen at first (a card dragged onto the route); else the best one */
  initial?: Counts;
  /** seconds after which the payment shown is confirmed by itself (a touch screen's countdown);
   *  choosing another payment stops it */
  countdown?: number;
}) {
  const [value, setValue] = useState<Counts>(() => (initial && set.contains(initial) ? initial : set.best(hand)));
  const [left, setLeft] = useState<number | null>(countdown && set.contains(value) ? countdown : null);
  useEffect(() => {
    onSpend(value);
    return () => onSpend(null);
  }, [cardsText(value)]);
  useEffect(() => {
    if (left === null || busy) return;
    const timer = setTimeout(() => (left <= 1 ? (setLeft(null), onConfirm(value)) : setLeft(left - 1)), 1000);
    return () => clearTimeout(timer);
  }, [left, busy]);
  const choose = (c: Counts) => {
    setLeft(null); // the player is choosing: no confirming behind their back
    setValue(c);
  };
  return (
    <div class="prompt pay-panel" role="dialog" aria-label={title}>
      <div class="prompt-title">{title}</div>
      {subtitle ? <div class="prompt-sub">{subtitle}</div> : null}
      <div class="prompt-label">{t('pay_with')}</div>
      <PaymentPicker set={set} value={value} hand={hand} onChange={choose} />
      <div class="prompt-buttons">
        {onCancel ? (
          <button type="button" class="btn ghost" onClick={onCancel} data-action="cancel">
            {t('cancel')}
          </button>
        ) : null}
        <button type="button" class="btn primary" disabled={busy || !set.contains(value)} onClick={() => onConfirm(value)} data-action="confirm"
          data-countdown={left ?? undefined}>
          {left !== null ? t('claim_in', { n: left }) : confirmLabel}
        </button>
      </div>
    </div>
  );
}

function KeepPanel({ view, map, legal, send, busy, onHoverCities, ahead }: PromptProps) {
  const offer = view.you?.offer ?? [];
  const [sel, setSel] = useState<number[]>([]);
  useEffect(() => setSel([]), [offer.join(' ')]);
  const text = [...sel].sort((a, b) => a - b).join(' ');
  const ok = legal.hasTarget('keep', text);
  const min = Math.min(...legal.targets('keep').map((x) => (x.target as number[]).length));
  return (
    <div class="prompt keep-panel" role="dialog" aria-label={t('keep_title')}>
      <div class="prompt-title">{t('keep_title')}</div>
      <div class="prompt-sub">{t(canHover() ? 'keep_min' : 'keep_min_touch', { n: min })}</div>
      {ahead ? <div class="ahead-note">{t('ahead_note')}</div> : null}
      <div class="ticket-offer">
        {offer.map((id) => {
          const tk = ticketById(map, id);
          if (!tk) return null;
          const on = sel.includes(id);
          return (
            <TicketCard
              tk={{ id, cities: tk.cities, points: tk.points, long: tk.long, tour: tk.tour, anyOrder: tk.points_any_order }}
              selected={on}
              onClick={() => setSel(on ? sel.filter((x) => x !== id) : [...sel, id])}
              onHover={(h) => onHoverCities(h ? tk.cities : null)}
            />
          );
        })}
      </div>
      <div class="prompt-buttons">
        <button type="button" class="btn primary" disabled={!ok || busy} onClick={() => send(actionText('keep', text))} data-action="keep">
          {t('keep_n', { n: sel.length })}
        </button>
      </div>
    </div>
  );
}

/** Legacy (rulebook 322-324): right after a claim, an extra wild card for each offer taken. */
function ExtrasPanel(p: PromptProps) {
  const ed = p.view.edition;
  const route = ed?.extras?.route;
  const open = p.legal.targets('extra').filter((x) => x.text !== 'done');
  const offer = (slot: string) => {
    if (slot === 'event') return ed?.event_extra ?? null;
    return ed?.play_rules?.find((r) => r.place === slot)?.extra ?? null;
  };
  const title = t('extras_title', { route: route != null ? routeName(p.map, route) : '' });
  return (
    <div class="prompt extras-panel" role="dialog" aria-label={title}>
      <div class="prompt-title">{title}</div>
      <div class="prompt-sub">{t('extras_sub')}</div>
      <div class="extras-offers">
        {open.map((x) => {
          const o = offer(x.text);
          return (
            <button type="button" class="btn" disabled={p.busy} onClick={() => p.send(actionText('extra', x.text))} data-action="extra" data-offer={x.text}>
              <Card name="locomotive" small /> {t('extra_take', { label: o?.label ?? x.text, gives: o ? giftWords(o) : '' })}
            </button>
          );
        })}
      </div>
      <div class="prompt-buttons">
        <button type="button" class="btn primary" disabled={p.busy} onClick={() => p.send(actionText('extra', 'done'))} data-action="extra-done">
          {t('extras_done')}
        </button>
      </div>
    </div>
  );
}

function TunnelPanel(p: PromptProps) {
  const tun = p.view.tunnel!;
  const set = p.legal.payments('pay');
  const hand = p.view.you?.hand ?? {};
  const revealed = (
    <>
      <div class="tunnel-laid">
        <span class="prompt-label">{t('tunnel_laid')}</span>
        <CardsRow counts={tun.cards} />
      </div>
      <div class="tunnel-revealed">
        <span class="prompt-label">{t('tunnel_revealed')}</span>
        {tun.revealed.map((c) => (
          <Card name={c} small />
        ))}
      </div>
    </>
  );
  const title = t('tunnel_title', { route: routeName(p.map, tun.route) });
  const decline = (
    <button type="button" class="btn" onClick={() => p.send('decline')} disabled={p.busy || !p.legal.has('decline')} data-action="decline">
      {t('decline')}
    </button>
  );
  if (!set) {
    return (
      <div class="prompt tunnel-panel" role="dialog" aria-label={title}>
        <div class="prompt-title">{title}</div>
        {revealed}
        <div class="prompt-sub">{t('tunnel_extra', { n: tun.extra })}</div>
        <div class="prompt-buttons">{decline}</div>
      </div>
    );
  }
  return (
    <div class="tunnel-wrap">
      <PayPanel
        title={title}
        subtitle={t('tunnel_extra', { n: tun.extra })}
        set={set}
        hand={hand}
        busy={p.busy}
        onSpend={p.onSpend}
        confirmLabel={t('pay')}
        onConfirm={(c) => p.send(actionText('pay', null, c))}
      />
      <div class="tunnel-extra">
        {revealed}
        {decline}
      </div>
    </div>
  );
}

function PiecesPanel({ legal, send, busy, ahead }: PromptProps) {
  const opts = legal.targets('pieces');
  const [i, setI] = useState(Math.floor(opts.length / 2));
  const cur = opts[Math.min(i, opts.length - 1)];
  const [tr, sh] = (cur?.target as [number, number]) ?? [0, 0];
  return (
    <div class="prompt pieces-panel" role="dialog" aria-label={t('pieces_title')}>
      <div class="prompt-title">{t('pieces_title')}</div>
      <div class="pieces-row">
        <span class="pieces-n" data-trains={tr}>
          {t('trains')}: <b>{tr}</b>
        </span>
        <input
          type="range"
          min={0}
          max={opts.length - 1}
          value={i}
          aria-label={t('pieces_title')}
          onInput={(e) => setI(Number((e.target as HTMLInputElement).value))}
        />
        <span class="pieces-n" data-ships={sh}>
          {t('ships')}: <b>{sh}</b>
        </span>
      </div>
      <div class="prompt-sub">{t('pieces_note')}</div>
      {ahead ? <div class="ahead-note">{t('ahead_note')}</div> : null}
      <div class="prompt-buttons">
        <button type="button" class="btn primary" disabled={busy || !cur} onClick={() => send(actionText('pieces', cur.text))} data-action="pieces">
          {t('confirm')}
        </button>
      </div>
    </div>
  );
}

function ExchangePanel({ legal, send, busy, setMode }: PromptProps) {
  // the targets as data: +n trains for ships, -n ships for trains (RS6)
  const opts = legal.targets('exchange').map((o) => ({ text: o.text, n: Math.abs(o.target as number), dir: (o.target as number) > 0 ? 'trains-for-ships' : 'ships-for-trains' }));
  const dirs = [...new Set(opts.map((o) => o.dir))];
  const [dir, setDir] = useState(dirs[0] ?? 'trains-for-ships');
  const mine = opts.filter((o) => o.dir === dir);
  const ns = mine.map((o) => o.n);
  const [n, setN] = useState(1);
  const chosen = mine.find((o) => o.n === n) ?? mine[0];
  return (
    <div class="prompt exchange-panel" role="dialog" aria-label={t('exchange_title')}>
      <div class="prompt-title">{t('exchange_title')}</div>
      <div class="seg">
        {dirs.map((d) => (
          <button type="button" class={`btn small${d === dir ? ' on' : ''}`} onClick={() => setDir(d)} data-dir={d}>
            {t(d === 'trains-for-ships' ? 'trains_for_ships' : 'ships_for_trains')}
          </button>
        ))}
      </div>
      <label class="row">
        <select value={chosen?.n ?? 1} onChange={(e) => setN(Number((e.target as HTMLSelectElement).value))} aria-label={t('exchange')}>
          {ns.map((x) => (
            <option value={x}>{x}</option>
          ))}
        </select>
      </label>
      <div class="prompt-sub">{t('exchange_note')}</div>
      <div class="prompt-buttons">
        <button type="button" class="btn ghost" onClick={() => setMode({ kind: 'idle' })}>
          {t('cancel')}
        </button>
        <button type="button" class="btn primary" disabled={busy || !chosen} onClick={() => chosen && send(actionText('exchange', chosen.text))} data-action="exchange">
          {t('confirm')}
        </button>
      </div>
    </div>
  );
}

export function Prompt(p: PromptProps) {
  const { view, legal, mode, setMode, map } = p;
  const hand = view.you?.hand ?? {};
  const phase = view.phase;
  const cancel = () => setMode({ kind: 'idle' });
  const claimSet = useMemo(() => (mode.kind === 'claim' ? legal.payments('claim', String(mode.route)) : null), [mode, legal]);
  if (legal.empty) return null;
  if (phase === 'initial-tickets' || phase === 'keep-tickets') return <KeepPanel {...p} />;
  if (phase === 'tunnel' && view.tunnel) return <TunnelPanel {...p} />;
  if (phase === 'choose-pieces') return <PiecesPanel {...p} />;
  if (phase === 'extras') return <ExtrasPanel {...p} />;
  if (mode.kind === 'claim' && claimSet) {
    return (
      <PayPanel
        key={`claim-${mode.route}-${mode.pay ? cardsText(mode.pay) : ''}`}
        title={t('claim_route', { route: routeName(map, mode.route) })}
        subtitle={routeDesc(map, mode.route)}
        set={claimSet}
        initial={mode.pay}
        hand={hand}
        busy={p.busy}
        onSpend={p.onSpend}
        onCancel={cancel}
        confirmLabel={t('claim')}
        countdown={p.countdown}
        onConfirm={(c) => p.send(actionText('claim', String(mode.route), c))}
      />
    );
  }
  if ((mode.kind === 'station' || mode.kind === 'harbor') && mode.city) {
    const set = legal.payments(mode.kind, mode.city);
    if (set) {
      return (
        <PayPanel
          key={`${mode.kind}-${mode.city}`}
          title={t(mode.kind === 'station' ? 'build_station_in' : 'build_harbor_in', { city: cityName(mode.city) })}
          set={set}
          hand={hand}
          busy={p.busy}
          onSpend={p.onSpend}
          onCancel={cancel}
          confirmLabel={t('confirm')}
          onConfirm={(c) => p.send(actionText(mode.kind, mode.city, c))}
        />
      );
    }
  }
  if (mode.kind === 'station' || mode.kind === 'harbor') {
    return (
      <div class="prompt hint-panel" role="status">
        <div class="prompt-title">{t(mode.kind === 'station' ? 'prompt_station_city' : 'prompt_harbor_city')}</div>
        <div class="prompt-buttons">
          <button type="button" class="btn ghost" onClick={cancel}>
            {t('cancel')}
          </button>
        </div>
      </div>
    );
  }
  if (mode.kind === 'trade') {
    // Legacy: the current event's action (rulebook 278) or a rule's (437-447): cards of one colour for what it gives
    const where = mode.where;
    const set = legal.payments('trade', where ?? undefined);
    const ev = view.edition && 'current_event' in view.edition ? view.edition.current_event : null;
    const rule = where ? view.edition?.play_rules?.find((r) => r.place === where) : undefined;
    if (set) {
      return (
        <PayPanel
          key={`trade-${where ?? 'event'}`}
          title={
            !rule
              ? t('trade_title', { event: ev?.name ?? '' })
              : /^P\d$/.test(rule.place)
                ? t('postcard_trade', { label: rule.label })
                : t('rule_trade', { place: rule.place, label: rule.label })
          }
          subtitle={(rule?.trade ? giftWords(rule.trade) : ev?.text) || undefined}
          set={set}
          hand={hand}
          busy={p.busy}
          onSpend={p.onSpend}
          onCancel={cancel}
          confirmLabel={t('confirm')}
          onConfirm={(c) => p.send(actionText('trade', where, c))}
        />
      );
    }
  }
  if (mode.kind === 'exchange') return <ExchangePanel {...p} />;
  return null;
}

