// Choosing how to pay: a few payments are shown as choices; many (Nordic ferries, Murmansk-Lieksa,
// paired routes: up to millions) are chosen card kind by card kind, each count within what the
// legal payments allow, the other counts following (PaymentSet.adjust).
import { useState } from 'preact/hooks';
import { cardsText, sameCounts, total } from '../cards';
import { cardName, t } from '../i18n';
import type { PaymentSet } from '../legal';
import type { Counts } from '../types';
import { Card, CardsRow } from './Card';

const LIST_MAX = 8;

export interface PickerProps {
  set: PaymentSet;
  value: Counts;
  hand: Counts;
  onChange: (c: Counts) => void;
  cb?: boolean;
}

export function PaymentPicker({ set, value, hand, onChange }: PickerProps) {
  const [touched, setTouched] = useState<string[]>([]);
  const suggested = set.best(hand);
  if (set.count <= LIST_MAX) {
    const members = set.members(LIST_MAX);
    return (
      <div class="pay-list" role="radiogroup" aria-label={t('pay_with')}>
        {members.map((m) => {
          const on = sameCounts(m, value);
          return (
            <button
              type="button"
              role="radio"
              aria-checked={on}
              class={`pay-option${on ? ' on' : ''}`}
              data-payment={cardsText(m)}
              onClick={() => onChange(m)}
            >
              <CardsRow counts={m} />
              {sameCounts(m, suggested) && set.count > 1 ? <span class="pay-tag">{t('payment_default')}</span> : null}
            </button>
          );
        })}
      </div>
    );
  }
  const step = (kind: string, dir: number) => {
    const allowed = set.allowed(kind);
    const cur = value[kind] ?? 0;
    const next = dir > 0 ? allowed.find((v) => v > cur) : [...allowed].reverse().find((v) => v < cur);
    if (next === undefined) return;
    const keep = [kind, ...touched.filter((k) => k !== kind)];
    const adj = set.adjust(value, kind, next, keep);
    if (adj) {
      setTouched(keep);
      onChange(adj);
    }
  };
  return (
    <div class="pay-picker" data-payment={cardsText(value)}>
      <div class="pay-picker-head">
        <span>{t('payment_count', { n: set.count.toLocaleString() })}</span>
        <button type="button" class="link" disabled={sameCounts(value, suggested)} onClick={() => onChange(suggested)}>
          {t('payment_default')}
        </button>
      </div>
      <div class="pay-note">{t('choose_counts')}</div>
      <div class="pay-rows">
        {set.kinds.map((k) => {
          const allowed = set.allowed(k);
          const cur = value[k] ?? 0;
          const canDown = allowed.some((v) => v < cur);
          const canUp = allowed.some((v) => v > cur);
          return (
            <div class={`pay-row${cur ? ' used' : ''}`} data-kind={k}>
              <Card name={k} small count={hand[k] ?? 0} title={cardName(k)} />
              <span class="pay-kind">{cardName(k)}</span>
              <button type="button" class="step" aria-label={`− ${cardName(k)}`} disabled={!canDown} onClick={() => step(k, -1)} data-step="down">
                −
              </button>
              <span class="pay-n" data-n={cur}>
                {cur}
              </span>
              <button type="button" class="step" aria-label={`+ ${cardName(k)}`} disabled={!canUp} onClick={() => step(k, 1)} data-step="up">
                +
              </button>
            </div>
          );
        })}
      </div>
      <div class="pay-total">{t('payment_cards', { n: total(value) })}</div>
    </div>
  );
}
