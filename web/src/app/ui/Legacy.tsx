// Legacy: the current event (from the newspapers), the claim steps, the rules of play (Q-V), the
// tickets held face up.
import type { MapData } from '../../board/index';
import { seatName, ticketById } from '../game';
import { colorName, t } from '../i18n';
import { cityName } from '../names';
import type { PublicSeat, View } from '../types';
import { StepIcon } from './Card';

type Gift = { money: number; draw: number; tickets: number };

/** What an offer or an action gives, in words: "$4 and 2 cards". */
export function giftWords(g: Gift): string {
  const parts: string[] = [];
  if (g.money) parts.push(t('gives_money', { n: g.money }));
  if (g.draw) parts.push(t('gives_cards', { n: g.draw }));
  if (g.tickets) parts.push(t('gives_tickets', { n: g.tickets }));
  return parts.join(' + ');
}

type Rule = NonNullable<View['edition']>['play_rules'][number];

/** A rule of play's offer and action, in words. */
export function ruleWords(r: Rule): string[] {
  const out: string[] = [];
  if (r.extra) out.push(t('offer_extra', { gives: giftWords(r.extra) }));
  if (r.trade) {
    const colour = r.trade.color ? colorName(r.trade.color) : t('one_colour');
    out.push(t('offer_trade', { n: r.trade.cards, colour, gives: giftWords(r.trade) }));
  }
  return out;
}

export function LegacyPanel({ view, map, seats }: { view: View; map: MapData | null; seats?: PublicSeat[] }) {
  const ed = view.edition!;
  const ev = ed.current_event;
  const steps = ed.claim_steps;
  const shown = ed.shown_tickets ?? [];
  const rules = ed.play_rules ?? [];
  return (
    <div class="legacy-panel">
      <div class={`event-card${ev ? ` ev-${ev.kind}` : ''}`} data-event={ev?.id ?? ''}>
        <div class="panel-head">{t('current_event')}</div>
        {ev ? (
          <>
            <div class="event-name">{ev.name}</div>
            <div class="event-text">{ev.text}</div>
          </>
        ) : (
          <div class="muted">{t('no_event')}</div>
        )}
      </div>
      {steps.length ? (
        <details class="claim-steps">
          <summary>{t('claim_steps')}</summary>
          <ol>
            {steps.map((s) => (
              <li value={s.number} data-icon={s.icon ?? undefined}>
                {s.label}
                <StepIcon icon={s.icon} />
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      {rules.length ? (
        <details class="claim-steps play-rules">
          <summary>{t('rules_of_play')}</summary>
          <ul>
            {rules.map((r) => (
              <li data-place={r.place}>
                <b>{r.place}</b> {r.label} ({r.companies.map((c) => colorName(c)).join(', ')}): {ruleWords(r).join('; ')}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {shown.length ? (
        <div class="shown-tickets" data-shown={shown.length}>
          <div class="panel-head">{t('tickets_face_up')}</div>
          <ul>
            {shown.map(([seat, id]) => {
              const tk = ticketById(map, id);
              return (
                <li>
                  {seatName(seats, seat)}: {tk ? tk.cities.map((c) => cityName(c)).join(' – ') : `#${id}`}
                  {tk ? ` ($${tk.points})` : ''}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
