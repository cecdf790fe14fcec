// The lobby: a new game (map, seats: you, players on this device, friends by link, bots at a
// level), joining by link, your games (tokens kept in this browser), games to watch, finished
// games to replay.
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api';
import { botOption, mapName, t } from '../i18n';
import { allTokens, forgetGame, getPrefs, saveGame, setPrefs } from '../store';
import type { BotInfo, Created, GameSummary, MapInfo } from '../types';
import { errorText } from './GameScreen';
import { TopBar, Modal, NameInput, useToasts, Toasts } from './Common';
import { Icon } from './Icons';
import { seatName } from '../game';
import { CampaignSection } from './CampaignLobby';

const MAP_ORDER = ['usa', 'europe', 'nordic', 'world', 'great-lakes', 'legends-west'];

type SeatKind = 'here' | 'friend' | 'bot';
interface SeatForm {
  kind: SeatKind;
  name: string;
  bot: string;
}

export function joinLink(id: string, token: string): string {
  return `${location.origin}${location.pathname}#/join/${id}/${token}`;
}

/** A game id or a join link's id and token, from what was pasted. */
export function parseJoin(text: string): { id: string; token?: string } | null {
  const s = text.trim();
  const m = /#\/join\/([\w-]+)\/([\w-]+)/.exec(s);
  if (m) return { id: m[1], token: m[2] };
  const g = /#\/(?:g|replay)\/([\w-]+)/.exec(s);
  if (g) return { id: g[1] };
  if (/^[\w-]{6,32}$/.test(s)) return { id: s };
  return null;
}

function NewGame({ maps, bots, onCreated }: { maps: MapInfo[]; bots: BotInfo[]; onCreated: (c: Created, form: SeatForm[], map: string) => void }) {
  const prefs = getPrefs();
  const [map, setMap] = useState('europe');
  const info = maps.find((m) => m.name === map);
  const [seats, setSeats] = useState<SeatForm[]>([
    { kind: 'here', name: prefs.name, bot: 'planner' },
    { kind: 'bot', name: '', bot: 'planner' },
    { kind: 'bot', name: '', bot: 'planner' },
  ]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const min = info?.min_players ?? 2;
  const max = info?.max_players ?? 5;
  const n = seats.length;
  const setCount = (k: number) => {
    const next = seats.slice(0, k);
    while (next.length < k) next.push({ kind: 'bot', name: '', bot: 'planner' });
    setSeats(next);
  };
  useEffect(() => {
    if (n < min) setCount(min);
    if (n > max) setCount(max);
  }, [map, min, max]);
  const edit = (i: number, patch: Partial<SeatForm>) => setSeats(seats.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const here = seats.filter((s) => s.kind === 'here').length;
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      if (seats[0].kind === 'here' && seats[0].name) setPrefs({ name: seats[0].name });
      const body = {
        map,
        players: n,
        seats: seats.map((s, i) =>
          s.kind === 'bot'
            ? { kind: 'bot', bot: s.bot }
            : { kind: 'human', name: (s.name || t('player_name_ph', { n: i + 1 })).slice(0, 40) },
        ),
      };
      const c = await api.create(body);
      onCreated(c, seats, map);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="card-box new-game" aria-label={t('new_game')}>
      <h2>{t('new_game')}</h2>
      <div class="map-choices" role="radiogroup" aria-label={t('map')}>
        {maps.map((m) => (
          <button type="button" role="radio" aria-checked={m.name === map} class={`map-choice${m.name === map ? ' on' : ''}`} onClick={() => setMap(m.name)} data-map={m.name}>
            <span class="map-name">{mapName(m.name, m.title)}</span>
            <span class="muted">{t('players_range', { min: m.min_players, max: m.max_players })}</span>
          </button>
        ))}
      </div>
      <div class="row">
        <label>
          {t('players')}{' '}
          <select value={n} onChange={(e) => setCount(Number((e.target as HTMLSelectElement).value))} data-field="players">
            {Array.from({ length: max - min + 1 }, (_, i) => min + i).map((k) => (
              <option value={k}>{k}</option>
            ))}
          </select>
        </label>
      </div>
      <ol class="seat-list">
        {seats.map((s, i) => (
          <li class="seat-form" data-seat-form={i}>
            <span class="seat-label">{t('seat_n', { n: i + 1 })}</span>
            <select value={s.kind} onChange={(e) => edit(i, { kind: (e.target as HTMLSelectElement).value as SeatKind })} aria-label={t('seat_kind')} data-field="kind">
              <option value="here">{i === 0 || (here === 0 && s.kind !== 'here') ? t('kind_me') : t('kind_local')}</option>
              <option value="friend">{t('kind_friend')}</option>
              <option value="bot">{t('kind_bot')}</option>
            </select>
            {s.kind === 'bot' ? (
              <select value={s.bot} onChange={(e) => edit(i, { bot: (e.target as HTMLSelectElement).value })} aria-label={t('level')} data-field="bot">
                {/* weakest first, as the server lists them; each with its rating on this board's ladder */}
                {bots.map((b) => (
                  <option value={b.name} title={b.description}>
                    {botOption(b.name, b.ratings?.[map])}
                  </option>
                ))}
              </select>
            ) : (
              <NameInput value={s.name} index={i} onInput={(name) => edit(i, { name })} />
            )}
          </li>
        ))}
      </ol>
      {here >= 2 ? <p class="note">{t('hotseat_note')}</p> : null}
      {error ? (
        <p class="error-box" role="alert">
          {error}
        </p>
      ) : null}
      <button type="button" class="btn primary big" disabled={busy || !info} onClick={start} data-action="start">
        {busy ? t('starting') : t('start_game')}
      </button>
    </section>
  );
}

function Share({ created, form, onEnter }: { created: Created; form: SeatForm[]; onEnter: () => void }) {
  const [copied, setCopied] = useState<number | null>(null);
  const copy = async (i: number, link: string) => {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      const ta = document.createElement('textarea');
      ta.value = link;
      document.body.appendChild(ta);
      ta.select();
      document.execCommand('copy');
      ta.remove();
    }
    setCopied(i);
  };
  return (
    <div class="share">
      <p class="muted">{t('share_note')}</p>
      <ul class="share-list">
        {created.seats
          .filter((s) => s.token && form[s.seat]?.kind === 'friend')
          .map((s) => {
            const link = joinLink(created.id, s.token!);
            return (
              <li data-share-seat={s.seat}>
                <span class="seat-label">{s.name ?? t('seat_n', { n: s.seat + 1 })}</span>
                <input type="text" readOnly value={link} onFocus={(e) => (e.target as HTMLInputElement).select()} data-link={s.seat} />
                <button type="button" class="btn small" onClick={() => copy(s.seat, link)} data-action="copy">
                  <Icon name="link" /> {copied === s.seat ? t('copied') : t('copy')}
                </button>
              </li>
            );
          })}
      </ul>
      <button type="button" class="btn primary big" onClick={onEnter} data-action="enter">
        {t('enter_game')}
      </button>
    </div>
  );
}

function GameRow({ g, mine, onForget }: { g: GameSummary; mine: boolean; onForget?: () => void }) {
  const names = g.seats.map((s) => seatName(g.seats, s.seat)).join(', ');
  const yourMove = g.status === 'playing' && g.to_move !== null && (g.my_seats ?? []).includes(g.to_move);
  return (
    <li class={`game-row${yourMove ? ' your-move' : ''}`} data-game={g.id}>
      <span class="game-map">{mapName(g.map)}</span>
      <span class="game-names">{names}</span>
      <span class="game-state">
        {g.status === 'over'
          ? g.result
            ? t('winners', { names: g.result.winners.map((w) => seatName(g.seats, w)).join(', ') })
            : t('game_over_short')
          : yourMove
            ? <b>{t('your_move')}</b>
            : g.to_move !== null
              ? t('waiting_for', { name: seatName(g.seats, g.to_move) })
              : ''}
      </span>
      <span class="game-buttons">
        {g.status === 'playing' ? (
          <a class="btn small primary" href={`#/g/${g.id}`} data-action={mine ? 'resume' : 'watch'}>
            {mine ? t('resume') : t('watch')}
          </a>
        ) : (
          <>
            {mine ? (
              <a class="btn small" href={`#/g/${g.id}`} data-action="open">
                {t('show_scores')}
              </a>
            ) : null}
            <a class="btn small" href={`#/replay/${g.id}`} data-action="replay">
              {t('replay')}
            </a>
          </>
        )}
        {onForget ? (
          <button type="button" class="btn small ghost" onClick={onForget} title={t('forget')} aria-label={t('forget')}>
            <Icon name="cross" size={14} />
          </button>
        ) : null}
      </span>
    </li>
  );
}

export function Lobby() {
  const [maps, setMaps] = useState<MapInfo[]>([]);
  const [bots, setBots] = useState<BotInfo[]>([]);
  const [mine, setMine] = useState<GameSummary[] | null>(null);
  const [open, setOpen] = useState<GameSummary[]>([]);
  const [done, setDone] = useState<GameSummary[]>([]);
  const [created, setCreated] = useState<{ c: Created; form: SeatForm[] } | null>(null);
  const [join, setJoin] = useState('');
  const [joinErr, setJoinErr] = useState(false);
  const toasts = useToasts();
  const load = () => {
    const tokens = allTokens();
    (tokens.length ? api.mine(tokens) : Promise.resolve([])).then(setMine, (e) => toasts.push(errorText(e)));
    api.list('playing', 20).then(setOpen, () => {});
    api.list('over', 20).then(setDone, () => {});
  };
  useEffect(() => {
    api.maps().then((m) => setMaps([...m].sort((a, b) => MAP_ORDER.indexOf(a.name) - MAP_ORDER.indexOf(b.name))), (e) => toasts.push(errorText(e)));
    api.bots().then(setBots, () => {});
    load();
  }, []);
  const onCreated = (c: Created, form: SeatForm[], map: string) => {
    const seats: Record<string, string> = {};
    c.seats.forEach((s) => {
      if (s.token && form[s.seat]?.kind === 'here') seats[String(s.seat)] = s.token;
    });
    saveGame({ id: c.id, map, seats, admin: c.admin_token, created: Date.now() });
    if (form.some((s) => s.kind === 'friend')) setCreated({ c, form });
    else location.hash = `#/g/${c.id}`;
  };
  const doJoin = () => {
    const j = parseJoin(join);
    if (!j) return setJoinErr(true);
    location.hash = j.token ? `#/join/${j.id}/${j.token}` : `#/g/${j.id}`;
  };
  const mineIds = new Set((mine ?? []).map((g) => g.id));
  return (
    <div class="lobby">
      <TopBar title={t('lobby')} />
      <main class="lobby-main">
        <p class="tagline">{t('tagline')}</p>
        <div class="lobby-grid">
          <NewGame maps={maps} bots={bots} onCreated={onCreated} />
          <div class="lobby-side">
            <section class="card-box">
              <h2>{t('join')}</h2>
              <div class="row">
                <input
                  type="text"
                  value={join}
                  placeholder={t('join_ph')}
                  onInput={(e) => {
                    setJoin((e.target as HTMLInputElement).value);
                    setJoinErr(false);
                  }}
                  onKeyDown={(e) => e.key === 'Enter' && doJoin()}
                  aria-label={t('join_ph')}
                  data-field="join"
                />
                <button type="button" class="btn" onClick={doJoin} data-action="join">
                  {t('join')}
                </button>
              </div>
              {joinErr ? <p class="error-box">{t('join_bad')}</p> : null}
            </section>
            <CampaignSection bots={bots} />
            <section class="card-box" data-list="mine">
              <h2>{t('your_games')}</h2>
              {mine && mine.length === 0 ? <p class="muted">{t('no_games')}</p> : null}
              <ul class="game-list">
                {(mine ?? []).map((g) => (
                  <GameRow
                    g={g}
                    mine
                    onForget={() => {
                      forgetGame(g.id);
                      load();
                    }}
                  />
                ))}
              </ul>
            </section>
            <section class="card-box" data-list="open" hidden={!open.some((g) => !mineIds.has(g.id))}>
              <h2>{t('open_games')}</h2>
              <ul class="game-list">
                {open
                  .filter((g) => !mineIds.has(g.id))
                  .slice(0, 8)
                  .map((g) => (
                    <GameRow g={g} mine={false} />
                  ))}
              </ul>
            </section>
            <section class="card-box" data-list="over">
              <h2>{t('finished_games')}</h2>
              {done.length === 0 ? <p class="muted">{t('no_finished')}</p> : null}
              <ul class="game-list">
                {done.slice(0, 10).map((g) => (
                  <GameRow g={g} mine={mineIds.has(g.id)} />
                ))}
              </ul>
            </section>
          </div>
        </div>
      </main>
      {created ? (
        <Modal title={t('share_title')} onClose={() => (location.hash = `#/g/${created.c.id}`)}>
          <Share created={created.c} form={created.form} onEnter={() => (location.hash = `#/g/${created.c.id}`)} />
        </Modal>
      ) : null}
      <Toasts toasts={toasts} />
    </div>
  );
}
