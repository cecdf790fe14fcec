// The end of the game: who won, and why: each player's routes, tickets done and failed (with
// their paths on the board), longest path / European Express / Globetrotter, stations,
// harbors, exchanges; Legacy's bank slips; each player's game in numbers (from the public log).
// A seat that sees its game's end for the first time gets the reveal first (EndReveal).
import { useEffect, useRef, useState } from 'preact/hooks';
import { playerColor, type MapData } from '../../board/index';
import { hasStations, isLegacy, isRailsSails, routeName, seatName, ticketById } from '../game';
import { edgesOf, longestTrail, ownedRoutes, ticketProgress } from '../graph';
import { canHover, t, tk } from '../i18n';
import { cityName, placeTitle } from '../names';
import { markRevealSeen, motionOff, revealSeen, type RevealStep } from '../reveal';
import { playerStats } from '../stats';
import { getPrefs } from '../store';
import type { Envelope, LogEntry, PlayerResult, Result } from '../types';
import { EndReveal } from './EndReveal';
import { Icon } from './Icons';
import { TicketCard } from './Panels';

export interface Highlight {
  routes: number[];
  cities: string[];
}

function bonusName(b: string): string {
  return tk(b, b.replace(/_/g, ' '));
}

export function EndScreen({
  env,
  result,
  map,
  onHighlight,
  onClose,
  onReplay,
  log,
}: {
  env: Envelope;
  result: Result;
  map: MapData;
  /** the public log: each player's numbers (none shown without it) */
  log?: LogEntry[];
  onHighlight: (h: Highlight | null) => void;
  onClose: () => void;
  onReplay?: () => void;
}) {
  const v = env.view;
  const legacy = isLegacy(v);
  const [open, setOpen] = useState<number | null>(result.ranking[0] ?? 0);
  const names = (seats: number[]) => seats.map((s) => seatName(env.seats, s)).join(', ');
  const rs = isRailsSails(v);
  const anyStations = result.players.some((p) => (p.station_points ?? 0) !== 0 || (p.stations_built ?? 0) > 0) || hasStations(v);
  const anyBonus = result.players.some((p) => Object.keys(p.bonuses ?? {}).length > 0);
  const edgesFor = (p: PlayerResult) => {
    const ids = ownedRoutes(v.routes, p.seat);
    return { own: edgesOf(map, ids), withBorrowed: edgesOf(map, [...ids, ...Object.values(p.stations_borrowed ?? {})]) };
  };
  const showTicket = (p: PlayerResult, id: number) => {
    const tkt = ticketById(map, id);
    if (!tkt) return;
    const pr = ticketProgress(edgesFor(p).withBorrowed, tkt.cities);
    onHighlight({ routes: pr.path, cities: tkt.cities });
  };
  const showLongest = (p: PlayerResult) => {
    const tr = longestTrail(edgesFor(p).own);
    onHighlight({ routes: tr.routes, cities: [] });
  };
  // the reveal: for a seat (not a spectator, not the replay viewer), once per game in this
  // browser, never when the player turned animations off or the system asks for less motion
  const [revealing, setRevealing] = useState(
    () => env.seat !== null && env.status === 'over' && result.over && !revealSeen(env.id) && !motionOff(getPrefs().animations),
  );
  const revealed = useRef(revealing);
  useEffect(() => {
    if (revealing) markRevealSeen(env.id);
  }, []);
  useEffect(() => {
    // after the reveal, the focus Skip had goes to the end screen
    if (!revealing && revealed.current && document.activeElement === document.body)
      document.querySelector<HTMLElement>('.end-screen .end-close')?.focus({ preventScroll: true });
  }, [revealing]);
  const onStep = (s: RevealStep) => {
    const p = s.seat !== null ? result.players[s.seat] : null;
    if (s.kind === 'ticket' && p && s.ticket !== undefined) showTicket(p, s.ticket);
    else if (s.kind === 'bonus' && s.bonus !== 'globetrotter') {
      const holder = result.players.find((x) => x.bonuses?.[s.bonus!]);
      if (holder) showLongest(holder);
    } else onHighlight(null);
  };
  if (revealing)
    return (
      <EndReveal
        env={env}
        result={result}
        map={map}
        legacy={legacy}
        onStep={onStep}
        onDone={() => {
          setRevealing(false);
          onHighlight(null);
        }}
      />
    );
  return (
    <div class="end-screen" role="dialog" aria-label={t('final_scores')} data-end-screen="1">
      <div class="end-head">
        <Icon name="trophy" size={26} />
        <div>
          <div class="end-title">{t('final_scores')}</div>
          <div class="end-winner" data-winners={result.winners.join(',')}>
            {t(result.winners.length > 1 ? 'win_shared' : 'wins', { names: names(result.winners) })}
          </div>
        </div>
        <button type="button" class="icon-btn end-close" onClick={onClose} aria-label={t('close')} title={t('close')}>
          <Icon name="cross" />
        </button>
      </div>
      <div class="end-table-wrap">
        <table class="end-table">
          <thead>
            <tr>
              <th>{t('rank')}</th>
              <th>{t('players')}</th>
              {legacy ? (
                <>
                  <th>{t('money_held')}</th>
                  <th>{t('trains_bonus')}</th>
                  <th>{t('tickets_pts')}</th>
                </>
              ) : (
                <>
                  <th>{t('routes_pts')}</th>
                  <th>{t('tickets_pts')}</th>
                  {anyBonus ? <th>{t('bonus_pts')}</th> : null}
                  {anyStations ? <th>{t('stations_pts')}</th> : null}
                  {rs ? <th>{t('harbors_pts')}</th> : null}
                  {rs ? <th>{t('exchanges_pts')}</th> : null}
                </>
              )}
              <th>{legacy ? t('bank_slip') : t('total')}</th>
            </tr>
          </thead>
          <tbody>
            {result.ranking.map((seat) => {
              const p = result.players[seat];
              const col = playerColor(seat);
              const bonus = Object.values(p.bonuses ?? {}).reduce((a, b) => a + b, 0);
              return (
                <tr class={`${result.winners.includes(seat) ? 'winner' : ''}${open === seat ? ' open' : ''}`} data-seat={seat} onClick={() => setOpen(seat)}>
                  <td>{p.rank}</td>
                  <td class="end-name">
                    <span class="player-swatch" style={{ background: col.fill, color: col.ink }}>
                      {seat + 1}
                    </span>
                    {seatName(env.seats, seat)}
                  </td>
                  {legacy ? (
                    <>
                      <td>${p.money_held ?? 0}</td>
                      <td>${p.remaining_trains_bonus ?? 0}</td>
                      <td>{(p.ticket_points ?? 0) >= 0 ? '+' : '−'}${Math.abs(p.ticket_points ?? 0)}</td>
                    </>
                  ) : (
                    <>
                      <td>{p.route_points ?? 0}</td>
                      <td class={(p.ticket_points ?? 0) < 0 ? 'neg' : ''}>{p.ticket_points ?? 0}</td>
                      {anyBonus ? <td>{bonus ? `+${bonus}` : ''}</td> : null}
                      {anyStations ? <td>{p.station_points ?? 0}</td> : null}
                      {rs ? <td>{p.harbor_points ?? 0}</td> : null}
                      {rs ? <td>{p.exchange_points ? `−${Math.abs(p.exchange_points)}` : 0}</td> : null}
                    </>
                  )}
                  <td class="end-total" data-total={p.total}>
                    {legacy ? `$${p.total}` : p.total}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {open !== null && result.players[open] ? (
        <PlayerDetail
          p={result.players[open]}
          name={seatName(env.seats, open)}
          map={map}
          legacy={legacy}
          stations={v.features.stations}
          onTicket={(id) => showTicket(result.players[open], id)}
          onLongest={() => showLongest(result.players[open])}
          onLeave={() => onHighlight(null)}
        />
      ) : null}
      <div class="prompt-sub">{t(canHover() ? 'hover_ticket_hint' : 'tap_ticket_hint')}</div>
      {log?.length ? <Stats env={env} result={result} map={map} log={log} legacy={legacy} /> : null}
      <div class="prompt-buttons">
        {onReplay ? (
          <button type="button" class="btn" onClick={onReplay} data-action="replay">
            {t('replay')}
          </button>
        ) : null}
        <a class="btn" href="#/">
          {t('back_to_lobby')}
        </a>
      </div>
    </div>
  );
}

function PlayerDetail({
  p,
  name,
  map,
  legacy,
  stations,
  onTicket,
  onLongest,
  onLeave,
}: {
  p: PlayerResult;
  name: string;
  map: MapData;
  legacy: boolean;
  /** stations per player (0: the edition has none) */
  stations: number;
  onTicket: (id: number) => void;
  onLongest: () => void;
  onLeave: () => void;
}) {
  const tickets = [...(p.tickets_completed ?? []).map((id) => ({ id, ok: true })), ...(p.tickets_failed ?? []).map((id) => ({ id, ok: false }))];
  return (
    <div class="end-detail" data-detail-seat={p.seat}>
      <div class="end-detail-head">{name}</div>
      <div class="end-bonuses">
        {p.longest_path !== undefined && !legacy ? (
          <span class="badge">
            {t('longest_path_n', { n: p.longest_path })}{' '}
            <button type="button" class="link" onMouseEnter={onLongest} onFocus={onLongest} onClick={onLongest} onMouseLeave={onLeave} data-action="longest">
              {t('show_path')}
            </button>
          </span>
        ) : null}
        {Object.entries(p.bonuses ?? {}).map(([b, pts]) => (
          <span class="badge gold" data-bonus={b}>
            <Icon name="star" size={12} /> {bonusName(b)} +{pts}
          </span>
        ))}
        {p.stations_built !== undefined && stations > 0 ? (
          <span class="badge">
            {t('stations')}: {p.stations_built} ({t('stations_unbuilt', { n: stations - p.stations_built })})
          </span>
        ) : null}
        {Object.entries(p.stations_borrowed ?? {}).map(([city, rid]) => (
          <span class="badge" title={placeTitle(city)}>
            {cityName(city)}: {t('borrowed', { route: routeName(map, rid) })}
          </span>
        ))}
        {p.harbors_built ? (
          <span class="badge">
            {t('harbors')}: {p.harbors_built} ({p.harbor_points ?? 0})
          </span>
        ) : null}
      </div>
      <div class="ticket-list">
        {tickets.map(({ id, ok }) => {
          const tkt = ticketById(map, id);
          if (!tkt) return null;
          const tour = p.tours?.[String(id)];
          return (
            <TicketCard
              tk={{ id, cities: tkt.cities, points: tour === 'any_order' ? (tkt.points_any_order ?? tkt.points) : tkt.points, long: tkt.long, tour: tkt.tour }}
              status={ok ? 'done' : 'failed'}
              onHover={(on) => (on ? onTicket(id) : onLeave())}
            />
          );
        })}
      </div>
    </div>
  );
}

/** Each player's game in numbers: a row a measure, a column a player (in ranking order). */
function Stats({ env, result, map, log, legacy }: { env: Envelope; result: Result; map: MapData; log: LogEntry[]; legacy: boolean }) {
  const all = playerStats(log, env.view.routes, map, result.players);
  const cols = result.ranking.map((seat) => all.find((x) => x.seat === seat)!).filter(Boolean);
  const small = (s: string) => <small class="muted">{s}</small>;
  const rows: [string, string, (x: (typeof all)[number]) => preact.ComponentChildren][] = [
    ['turns', t('st_turns'), (x) => x.turns],
    ['cards', t('st_cards'), (x) => <>{x.faceUp + x.blind} {small(t('st_face_up', { n: x.faceUp }))}</>],
    ['tickets', t('st_tickets'), (x) => <>{x.ticketsKept} {small(t('st_ticket_draws', { n: x.ticketDraws }))}</>],
    ['routes', t('st_routes'), (x) => <>{x.routes} {small(t('st_spaces', { n: x.spaces }))}</>],
    // a length as a small car, then how many such routes (×1 left out)
    ['lengths', t('st_lengths'), (x) =>
      x.byLength.length
        ? x.byLength.map(([len, n], i) => (
            <>
              <span class="len-count" title={t('st_len_title', { len, n })}>
                <span class="len-chip">{len}</span>
                {n > 1 ? `×${n}` : ''}
              </span>
              {i < x.byLength.length - 1 ? ', ' : ''}
            </>
          ))
        : '–'],
    ['longest', t('st_longest'), (x) => x.longest],
    ['done', t('st_done'), (x) => <>{x.completed} {!legacy && x.completed ? small(`+${x.completedPoints}`) : null}</>],
    ['failed', t('st_failed'), (x) => <>{x.failed} {!legacy && x.failed ? small(`−${x.failedPoints}`) : null}</>],
  ];
  return (
    <details class="end-stats" open data-end-stats="1">
      <summary>{t('stats')}</summary>
      <div class="stats-wrap">
        <table class="stats-table">
          <thead>
            <tr>
              <th />
              {cols.map((x) => {
                const col = playerColor(x.seat);
                return (
                  <th data-seat={x.seat} title={seatName(env.seats, x.seat)}>
                    <span class="player-swatch" style={{ background: col.fill, color: col.ink }}>
                      {x.seat + 1}
                    </span>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map(([key, label, cell]) => (
              <tr data-stat={key}>
                <th scope="row">{label}</th>
                {cols.map((x) => (
                  <td data-seat={x.seat}>{cell(x)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
