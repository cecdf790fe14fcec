// Every player's public information: score (or money), cards held, trains, ships, stations,
// harbors, tickets; whose turn it is; the first player.
import { playerColor } from '../../board/index';
import { hasStations, isLegacy, isRailsSails, seatName } from '../game';
import { t } from '../i18n';
import type { Envelope, You } from '../types';
import { Icon } from './Icons';

function Stat({ icon, n, title, cls }: { icon: string; n: number | string; title: string; cls: string }) {
  return (
    <span class={`stat ${cls}`} title={title} aria-label={`${title}: ${n}`}>
      <Icon name={icon} size={14} />
      {n}
    </span>
  );
}

export function Players({
  env,
  me,
  hands,
  lastSeat,
}: {
  env: Envelope;
  me: number | null;
  /** replay: every seat's secrets */
  hands?: You[] | null;
  lastSeat?: number | null;
}) {
  const v = env.view;
  const rs = isRailsSails(v);
  const legacy = isLegacy(v);
  const money = legacy ? (v.edition!.money ?? []) : null;
  const over = v.phase === 'over';
  return (
    <div class="players" role="list" aria-label={t('players')}>
      {v.players.map((p) => {
        const col = playerColor(p.seat);
        const active = !over && v.current_player === p.seat;
        const bot = env.seats[p.seat]?.kind === 'bot';
        const stationsLeft = v.features.stations - p.stations.length;
        // at the end, the final total (tickets, bonuses, bank slip), as the end screen shows it
        const final = over ? v.result?.players.find((r) => r.seat === p.seat)?.total : undefined;
        const shown = final ?? (legacy ? money![p.seat] : p.score);
        return (
          <div
            role="listitem"
            class={`player${active ? ' active' : ''}${p.seat === me ? ' me' : ''}${lastSeat === p.seat ? ' last' : ''}`}
            data-seat={p.seat}
            style={{ '--pc': col.fill } as Record<string, string>}
          >
            <span class="player-swatch" style={{ background: col.fill, color: col.ink }} aria-hidden="true">
              {p.seat + 1}
            </span>
            <span class="player-name">
              {active ? <span class="turn-arrow" aria-label={t('your_turn')}>▶ </span> : null}
              {seatName(env.seats, p.seat)}
              {p.seat === me ? <span class="you-tag"> ({t('you')})</span> : null}
              {bot ? <span class="bot-tag"> <Icon name="bot" size={13} /></span> : null}
              {v.first_player === p.seat ? <span class="first-tag" title={t('first_player')}> ①</span> : null}
              {env.chosen?.includes(p.seat) ? <span class="chosen-tag" data-chosen={p.seat}> ✓ {t('has_chosen')}</span> : null}
            </span>
            <span class="player-score" title={final !== undefined ? t('final_scores') : legacy ? t('money') : t('score')} data-score={shown}>
              {legacy ? `$${shown}` : shown}
            </span>
            <span class="player-stats">
              <Stat icon="cards" n={p.hand_size} title={t('cards')} cls="s-cards" />
              <Stat icon="train" n={p.trains} title={t('trains')} cls="s-trains" />
              {rs ? <Stat icon="ship" n={p.ships ?? 0} title={t('ships')} cls="s-ships" /> : null}
              {hasStations(v) ? <Stat icon="station" n={stationsLeft} title={t('stations')} cls="s-stations" /> : null}
              {rs ? <Stat icon="harbor" n={3 - (p.harbors?.length ?? 0)} title={t('harbors')} cls="s-harbors" /> : null}
              <Stat icon="ticket" n={p.tickets} title={t('tickets')} cls="s-tickets" />
            </span>
            {hands?.[p.seat] ? <HandLine you={hands[p.seat]} /> : null}
          </div>
        );
      })}
    </div>
  );
}

function HandLine({ you }: { you: You }) {
  const n = Object.values(you.hand).reduce((a, b) => a + b, 0);
  return (
    <span class="player-hand" data-hand-size={n}>
      {Object.entries(you.hand)
        .filter(([, c]) => c > 0)
        .map(([k, c]) => `${c}×${k}`)
        .join(' ')}
    </span>
  );
}
