// The replay viewer: any finished game, step by step, with the board at each step (the
// server's /replay/{ply}: the public position and every hand), the log up to the step, and
// the final scores at the end.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { BoardHandle, MapData, OverlayPatch } from '../../board/index';
import { Board } from '../../board/preact';
import { api, fetchGameMap } from '../api';
import { mapName, t } from '../i18n';
import { entryWords } from '../logtext';
import { boardText, lastMoveCities, lastMoveRoutes, seatName } from '../game';
import type { Envelope, LogEntry, ReplayRecord, ReplayStep } from '../types';
import { usePrefs } from './App';
import { ErrorPage, LoadingPage, ScreenDialog, TopBar, type Dialog } from './Common';
import { DrawArea } from './Draw';
import { EndScreen, type Highlight } from './EndScreen';
import { Icon } from './Icons';
import { Log } from './Panels';
import { Players } from './Players';
import { errorText, typing } from './GameScreen';

export function ReplayScreen({ id }: { id: string }) {
  const prefs = usePrefs();
  const [rec, setRec] = useState<ReplayRecord | null>(null);
  const [log, setLog] = useState<LogEntry[]>([]);
  const [map, setMap] = useState<MapData | null>(null);
  const [ply, setPly] = useState(0);
  const [steps, setSteps] = useState<Record<number, ReplayStep>>({});
  const [error, setError] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);
  const [hands, setHands] = useState(false);
  const [endHl, setEndHl] = useState<Highlight | null>(null);
  const [showEnd, setShowEnd] = useState(true);
  const [dialog, setDialog] = useState<Dialog>(null);
  const board = useRef<BoardHandle | null>(null);
  const want = useRef(0);

  useEffect(() => {
    api.replay(id).then(
      (r) => {
        setRec(r);
        fetchGameMap(id).then(setMap, (e) => setError(errorText(e)));
      },
      (e) => setError(errorText(e)),
    );
    api.log(id).then((l) => setLog(l.log), () => {});
  }, [id]);

  const plies = rec?.history.length ?? 0;
  const load = (k: number) => {
    if (steps[k]) return;
    api.replayStep(id, k).then(
      (s) => setSteps((prev) => ({ ...prev, [k]: s })),
      (e) => setError(errorText(e)),
    );
  };
  useEffect(() => {
    if (!rec) return;
    want.current = ply;
    load(ply);
    if (ply + 1 <= plies) load(ply + 1);
  }, [ply, rec]);

  useEffect(() => {
    if (!playing) return;
    if (ply >= plies) {
      setPlaying(false);
      return;
    }
    const tm = setTimeout(() => setPly((p) => Math.min(p + 1, plies)), 700);
    return () => clearTimeout(tm);
  }, [playing, ply, plies, steps[ply + 1]]);

  useEffect(() => {
    const f = (e: KeyboardEvent) => {
      if (e.key === 'Escape') return setDialog(null);
      if (typing(e.target)) return;
      if (e.key === 'ArrowRight') setPly((p) => Math.min(p + 1, plies));
      else if (e.key === 'ArrowLeft') setPly((p) => Math.max(p - 1, 0));
      else if (e.key === 'Home') setPly(0);
      else if (e.key === 'End') setPly(plies);
      else if (e.key === ' ') {
        e.preventDefault();
        setPlaying((x) => !x);
      }
    };
    window.addEventListener('keydown', f);
    return () => window.removeEventListener('keydown', f);
  }, [plies]);

  // the newest step loaded at or before the one wanted (no blank board while loading)
  let shown: ReplayStep | null = steps[ply] ?? null;
  if (!shown) for (let k = ply; k >= 0 && !shown; k--) shown = steps[k] ?? null;
  const shownLog = log.slice(0, shown?.ply ?? 0);
  const boardState = useMemo<OverlayPatch | undefined>(() => {
    if (!shown) return undefined;
    const v = shown.view;
    return {
      players: v.players.map((p) => ({ name: seatName(shown!.seats, p.seat) })),
      claims: v.routes,
      stations: Object.entries(v.stations).map(([city, player]) => ({ city, player })),
      harbors: Object.entries(v.harbors).map(([city, player]) => ({ city, player })),
      highlight: endHl ?? { routes: lastMoveRoutes(shownLog), cities: lastMoveCities(shownLog) },
      selectable: { routes: [], cities: [] },
      animate: prefs.animations,
    };
  }, [shown, endHl, prefs.animations]);

  if (error) {
    return <ErrorPage message={error} />;
  }
  if (!rec || !map || !shown) {
    return <LoadingPage text={t('loading')} />;
  }
  const env: Envelope = { id, turn: shown.ply, seat: null, status: shown.ply === plies ? 'over' : 'playing', can_undo: false, seats: shown.seats, view: shown.view };
  const entry = shown.ply > 0 ? log[shown.ply - 1] : null;
  const ctx = { map, seats: shown.seats };
  return (
    <div class="game replay" data-ply={shown.ply} data-plies={plies}>
      <TopBar title={`${t('replay_title')} · ${mapName(rec.map, map.title)}`} onHelp={() => setDialog('help')} onSettings={() => setDialog('settings')} />
      <div class="status-bar replay-bar">
        <span class="replay-controls" role="group" aria-label={t('replay_title')}>
          <button type="button" class="icon-btn" onClick={() => setPly(0)} disabled={ply === 0} aria-label={t('start')} title={`${t('start')} (Home)`} data-action="first">
            <Icon name="first" />
          </button>
          <button type="button" class="icon-btn" onClick={() => setPly(Math.max(0, ply - 1))} disabled={ply === 0} aria-label={t('prev')} title={`${t('prev')} (←)`} data-action="prev">
            <Icon name="prev" />
          </button>
          <button type="button" class="icon-btn" onClick={() => setPlaying(!playing)} aria-label={playing ? t('pause') : t('play')} title={`${playing ? t('pause') : t('play')} (space)`} data-action="play">
            <Icon name={playing ? 'pause' : 'play'} />
          </button>
          <button type="button" class="icon-btn" onClick={() => setPly(Math.min(plies, ply + 1))} disabled={ply >= plies} aria-label={t('next')} title={`${t('next')} (→)`} data-action="next">
            <Icon name="next" />
          </button>
          <button type="button" class="icon-btn" onClick={() => setPly(plies)} disabled={ply >= plies} aria-label={t('end')} title={`${t('end')} (End)`} data-action="last">
            <Icon name="last" />
          </button>
        </span>
        <input
          type="range"
          class="replay-slider"
          min={0}
          max={plies}
          value={ply}
          onInput={(e) => setPly(Number((e.target as HTMLInputElement).value))}
          aria-label={t('step_n', { n: ply, total: plies })}
        />
        <span class="replay-step" data-step={shown.ply}>
          {t('step_n', { n: shown.ply, total: plies })}
        </span>
        <span class="replay-entry">{entry ? entryWords(entry, ctx) : t('deal')}</span>
        <label class="check small">
          <input type="checkbox" checked={hands} onChange={(e) => setHands((e.target as HTMLInputElement).checked)} data-pref="hands" />
          {t('show_hands')}
        </label>
      </div>
      <div class="board-area">
        <Board
          map={map}
          state={boardState}
          colorBlind={prefs.colorBlind}
          text={boardText(prefs.lang)}
          onReady={(b) => {
            board.current = b;
            b.svg?.classList.add('ttr-calm');
          }}
          class="board-host"
        />
        {shown.ply === plies && shown.view.result && showEnd ? (
          <EndScreen
            env={env}
            result={shown.view.result}
            map={map}
            log={log}
            onHighlight={setEndHl}
            onClose={() => {
              setShowEnd(false);
              setEndHl(null);
            }}
          />
        ) : null}
      </div>
      <aside class="side">
        <section class="panel-players">
          <Players env={env} me={null} hands={hands ? shown.hands : null} lastSeat={entry?.seat ?? null} />
        </section>
        <section class="panel-cards draw-section">
          <DrawArea view={shown.view} targets={[]} ticketsLegal={false} onSlot={() => {}} onDeck={() => {}} onTickets={() => {}} refill={null} onRefill={() => {}} />
        </section>
        <section class="panel-log">
          <Log log={log} ctx={ctx} upTo={shown.ply} />
        </section>
      </aside>
      <ScreenDialog dialog={dialog} onClose={() => setDialog(null)} />
    </div>
  );
}
