// Legacy: the current event (from the newspapers), the claim steps, the tickets held face up.
import type { MapData } from '../../board/index';
import { seatName, ticketById } from '../game';
import { t } from '../i18n';
import { cityName } from '../names';
import type { PublicSeat, View } from '../types';

export function LegacyPanel({ view, map, seats }: { view: View; map: MapData | null; seats?: PublicSeat[] }) {
  const ed = view.edition!;
  const ev = ed.current_event;
  const steps = ed.claim_steps;
  const shown = ed.shown_tickets ?? [];
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
