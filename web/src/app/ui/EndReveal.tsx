// The end of the game told as it is scored at the table: every player's score as it stood on the
// track, then each player's tickets turned over one by one (completed: +points in green, failed:
// −points in red) with the scores counting and the ranking reordering, then the bonuses, then
// the final ranking with the winner. Then the end screen's table. Skip (or Escape) goes there at once.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { playerColor, type MapData } from '../../board/index';
import { seatName } from '../game';
import { t, tk } from '../i18n';
import { ticketName, ticketTitle } from '../names';
import { revealSteps, revealTiming, type RevealStep } from '../reveal';
import type { Envelope, Result } from '../types';
import { Icon } from './Icons';

const ROW = 54; // px a row: the rows move by whole rows as the ranking changes

const minus = (n: number) => (n < 0 ? `−${Math.abs(n)}` : String(n));

/** A number counting from what it showed (at first 0) to `value` in `ms`. */
function Count({ value, ms, money }: { value: number; ms: number; money: boolean }) {
  const [shown, setShown] = useState(0);
  const from = useRef(0);
  useEffect(() => {
    const start = performance.now();
    const a = from.current;
    let raf = 0;
    const tick = (now: number) => {
      const k = Math.min(1, (now - start) / ms);
      const v = Math.round(a + (value - a) * (1 - (1 - k) * (1 - k)));
      from.current = v;
      setShown(v);
      if (k < 1) raf = requestAnimationFrame(tick);
    };
    raf = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(raf);
  }, [value, ms]);
  return <>{money ? (shown < 0 ? `−$${-shown}` : `$${shown}`) : minus(shown)}</>;
}

/** What a step did to a seat, in words: the ticket's cities, the bonus's name, ... */
function eventText(s: RevealStep, map: MapData, legacy: boolean): { text: string; title?: string } {
  switch (s.kind) {
    case 'track':
      return { text: legacy ? t('money_held') : t('routes_pts') };
    case 'ticket': {
      const cities = map.tickets?.find((x) => x.id === s.ticket)?.cities ?? [];
      return { text: ticketName(cities), title: ticketTitle(cities) };
    }
    case 'bonus':
      return { text: tk(s.bonus!, s.bonus!.replace(/_/g, ' ')) };
    case 'stations':
      return { text: t('rv_stations') };
    case 'harbors':
      return { text: t('harbors_pts') };
    case 'trains':
      return { text: t('trains_bonus') };
    case 'floor':
      return { text: t('rv_floor') };
    default:
      return { text: t('rv_other') };
  }
}

export function EndReveal({
  env,
  result,
  map,
  legacy,
  onStep,
  onDone,
}: {
  env: Envelope;
  result: Result;
  map: MapData;
  legacy: boolean;
  /** each step as it shows (the end screen rings the ticket's path on the board) */
  onStep: (s: RevealStep) => void;
  /** the reveal is over, or skipped */
  onDone: () => void;
}) {
  const steps = useMemo(() => revealSteps(result, map, legacy), [result, map, legacy]);
  const { step: stepMs, hold } = revealTiming(steps.length);
  const [i, setI] = useState(0);
  const [drawn, setDrawn] = useState(false); // the bars grow from nothing, as the numbers count from 0
  const skip = useRef<HTMLButtonElement>(null);
  const done = useRef(onDone);
  done.current = onDone;
  const cur = steps[i];
  const last = i === steps.length - 1;

  // the next step, or the table after the final ranking
  useEffect(() => {
    if (!cur) return void done.current();
    onStep(cur);
    const id = setTimeout(() => (last ? done.current() : setI(i + 1)), last ? hold : stepMs);
    return () => clearTimeout(id);
  }, [i]);

  // Skip has the focus, Escape skips; the players' list hides its final totals meanwhile
  useEffect(() => {
    const raf = requestAnimationFrame(() => requestAnimationFrame(() => setDrawn(true)));
    skip.current?.focus({ preventScroll: true });
    const key = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      e.stopPropagation();
      done.current();
    };
    window.addEventListener('keydown', key, true);
    document.documentElement.classList.add('ttr-revealing');
    return () => {
      cancelAnimationFrame(raf);
      window.removeEventListener('keydown', key, true);
      document.documentElement.classList.remove('ttr-revealing');
    };
  }, []);

  if (!cur) return null;
  const n = result.players.length;
  // the bars: the best score of the whole reveal fills one
  const top = Math.max(1, ...steps.flatMap((s) => s.totals));
  // each seat's latest news: the step that last changed its score
  const news = new Map<number, { step: RevealStep; at: number }>();
  for (let k = 0; k <= i; k++) for (const s of Object.keys(steps[k].deltas)) news.set(Number(s), { step: steps[k], at: k });
  const caption = (() => {
    switch (cur.kind) {
      case 'track':
        return legacy ? t('money_held') : t('rv_track');
      case 'ticket':
        return t('rv_tickets_of', { name: seatName(env.seats, cur.seat!) });
      case 'final':
        return t(result.winners.length > 1 ? 'win_shared' : 'wins', { names: result.winners.map((s) => seatName(env.seats, s)).join(', ') });
      default:
        return eventText(cur, map, legacy).text;
    }
  })();
  const pos = new Map(cur.ranking.map((s, k) => [s, k]));
  const money = legacy;
  return (
    <div
      class={`end-screen end-reveal${last ? ' rv-last' : ''}`}
      role="dialog"
      aria-label={t('final_scores')}
      data-end-reveal="1"
      data-step={i}
      data-steps={steps.length}
      data-kind={cur.kind}
    >
      <div class="end-head">
        <Icon name="trophy" size={26} />
        <div>
          <div class="end-title">{t('final_scores')}</div>
          <div class="rv-caption" aria-live="polite" data-caption={cur.kind}>
            {caption}
          </div>
        </div>
        <button type="button" class="btn small rv-skip" ref={skip} onClick={() => done.current()} data-action="skip" title={t('rv_skip_hint')}>
          {t('rv_skip')} <Icon name="last" size={12} />
        </button>
      </div>
      <div class="rv-rows" style={{ height: `${n * ROW}px` }}>
        {result.players.map((p) => {
          const s = p.seat;
          const col = playerColor(s);
          const total = cur.totals[s];
          const ev = news.get(s);
          const d = ev ? ev.step.deltas[s] : 0;
          const fresh = ev?.at === i && i > 0;
          const words = ev ? eventText(ev.step, map, legacy) : null;
          const active = cur.seat === s || (fresh && cur.kind !== 'ticket');
          const won = last && result.winners.includes(s);
          return (
            <div
              key={s}
              class={`rv-row${active ? ' active' : ''}${won ? ' winner' : ''}`}
              style={{ transform: `translateY(${(pos.get(s) ?? s) * ROW}px)`, '--seat': col.fill } as Record<string, string>}
              data-seat={s}
              data-pos={pos.get(s)}
              data-total={total}
            >
              <span class="rv-rank">{cur.ranks[s]}</span>
              <span class="player-swatch" style={{ background: col.fill, color: col.ink }}>
                {s + 1}
              </span>
              <span class="rv-mid">
                <span class="rv-name">
                  {won ? <Icon name="trophy" size={14} /> : null}
                  {seatName(env.seats, s)}
                </span>
                <span class="rv-bar" aria-hidden="true">
                  <span style={{ width: drawn ? `${(Math.max(0, total) / top) * 100}%` : '0%' }} />
                </span>
                {last ? (
                  <span class="rv-event rv-tally" data-event="tally" title={`${t('st_done')}: ${p.tickets_completed.length}, ${t('st_failed')}: ${p.tickets_failed.length}`}>
                    <span class="good">
                      <Icon name="check" size={11} /> {p.tickets_completed.length}
                    </span>
                    <span class="bad">
                      <Icon name="cross" size={11} /> {p.tickets_failed.length}
                    </span>
                  </span>
                ) : words && ev!.step.kind !== 'track' ? (
                  <span
                    key={ev!.at}
                    class={`rv-event${d < 0 ? ' bad' : ' good'}${fresh ? ' fresh' : ''}`}
                    title={words.title}
                    data-event={ev!.step.kind}
                  >
                    {ev!.step.kind === 'ticket' ? <Icon name={ev!.step.ok ? 'check' : 'cross'} size={11} /> : null}
                    <span class="rv-event-text">{words.text}</span>
                    <b>
                      {d >= 0 ? '+' : '−'}
                      {money ? '$' : ''}
                      {Math.abs(d)}
                    </b>
                  </span>
                ) : null}
              </span>
              <span class={`rv-total${total < 0 ? ' neg' : ''}`}>
                <Count value={total} ms={Math.min(600, stepMs * 0.8)} money={money} />
              </span>
            </div>
          );
        })}
      </div>
      <div
        class="rv-progress"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={steps.length}
        aria-valuenow={i + 1}
        aria-label={t('rv_step', { n: i + 1, m: steps.length })}
      >
        <span style={{ width: `${((i + 1) / steps.length) * 100}%` }} />
      </div>
    </div>
  );
}
