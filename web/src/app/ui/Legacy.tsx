// Legacy: the current event (from the newspapers), the claim steps, the companies.
import { t } from '../i18n';
import type { View } from '../types';

export function LegacyPanel({ view }: { view: View }) {
  const ed = view.edition!;
  const ev = ed.current_event;
  const steps = ed.claim_steps;
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
              <li value={s.number}>{s.label}</li>
            ))}
          </ol>
        </details>
      ) : null}
    </div>
  );
}
