// The game: the board, the hand, the cards to take, the players, the tickets, the log, and
// whatever the seat to move is asked. One WebSocket per seat this browser plays (several in
// hot-seat, with a "pass the device" screen between seats), or one as a spectator.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { playerColor, type BoardHandle, type MapData, type OverlayPatch } from '../../board/index';
import { Board } from '../../board/preact';
import { ApiError, fetchGameMap, GameSocket, type SocketStatus, type Update } from '../api';
import { cardInfo, CARD_FILL } from '../cards';
import { boardText, claimsIn, drawTargets, entryDraw, isLegacy, isRailsSails, lastMoveCities, lastMoveRoutes, movesSince, phasePrompt, routeName, seatName, ticketById, tokensIn, type DrawTarget } from '../game';
import { edgesOf, ownedRoutes } from '../graph';
import { canHover, cardName, mapName, t } from '../i18n';
import { dropVerdict, HandDrag, payableRoutes, type DragHooks } from '../drag';
import { ticketName } from '../names';
import { cuesFor, play } from '../sound';
import { actionText, Legal } from '../legal';
import { getPrefs, heldGame, saveGame, type HeldGame } from '../store';
import type { Counts, Envelope, LogEntry } from '../types';
import { usePrefs } from './App';
import { DrawArea } from './Draw';
import { EndScreen, type Highlight } from './EndScreen';
import { Icon } from './Icons';
import { CurtainMoves, Hand, Log, Tickets, ticketViews, type TicketView } from './Panels';
import { Players } from './Players';
import { Prompt, type Mode } from './Prompt';
import { ErrorPage, LoadingPage, ScreenDialog, TopBar, useToasts, Toasts, type Dialog } from './Common';
import { LegacyPanel } from './Legacy';

// the panel shown under the board on a phone ('none': closed, the board takes the room)
type Tab = 'cards' | 'tickets' | 'players' | 'log' | 'none';

/** Keys typed into a text field, a list or a slider are theirs, not shortcuts. */
export function typing(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  if (el.tagName === 'TEXTAREA' || el.tagName === 'SELECT') return true;
  if (el.tagName !== 'INPUT') return false;
  return !['checkbox', 'radio', 'button'].includes((el as HTMLInputElement).type);
}

export function errorText(e: unknown): string {
  if (e instanceof ApiError) {
    if (e.code === 'not-found') return t('not_found');
    if (e.code === 'not-over') return t('err_not_over');
    if (e.code === 'stale-turn') return t('err_stale');
    if (e.code === 'illegal-action') return t('err_illegal', { detail: e.detail });
    if (e.code === 'not-your-move') return t('err_not_your_move');
    if (e.code === 'network' || e.code === 'timeout') return t('err_network', { detail: e.detail });
    return t('err_generic', { detail: e.detail || e.code });
  }
  return String(e);
}

/** The touch screen's claim countdown (the 'countdown' confirm setting), in seconds. */
const CLAIM_COUNTDOWN_S = 3;

/** How long the message of a drop that claims nothing stays (ms). */
const DROP_TOAST_MS = 3500;

/** On a phone the first view zooms in until city names are this tall (the whole board would show them at 4 px). */
const PHONE_LABEL_PX = 10;

/** A choice made ahead in words: the tickets kept, or the pieces taken. */
function choiceWords(text: string, map: MapData): string {
  const [kind, ...rest] = text.split(' ');
  if (kind === 'keep') return rest.map((id) => ticketById(map, Number(id))).map((tk) => (tk ? ticketName(tk.cities) : '')).join(' · ');
  if (kind === 'pieces') return `${t('trains')}: ${rest[0]} · ${t('ships')}: ${rest[1]}`;
  return text;
}

export function GameScreen({ id }: { id: string }) {
  const prefs = usePrefs();
  const narrow = useMemo(() => typeof matchMedia !== 'undefined' && matchMedia('(max-width: 899px)').matches, []);
  const [held, setHeld] = useState<HeldGame | null>(() => heldGame(id));
  const [envs, setEnvs] = useState<Record<number, Envelope>>({});
  const [spec, setSpec] = useState<Envelope | null>(null);
  const [log, setLog] = useState<LogEntry[]>([]);
  const [map, setMap] = useState<MapData | null>(null);
  const [status, setStatus] = useState<SocketStatus>('connecting');
  const [fatal, setFatal] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<number | null>(null);
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [refill, setRefill] = useState<{ slot: number; choices: DrawTarget[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const [hover, setHover] = useState<Highlight | null>(null);
  const [logHl, setLogHl] = useState<Highlight | null>(null);
  const [endHl, setEndHl] = useState<Highlight | null>(null);
  const [spend, setSpend] = useState<Counts | null>(null);
  const [tab, setTab] = useState<Tab>('cards');
  const [showEnd, setShowEnd] = useState(true);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [banner, setBanner] = useState<{ text: string; kind: string } | null>(null);
  const [fresh, setFresh] = useState<Set<number>>(new Set());
  const [news, setNews] = useState<{ name: string; text: string } | null>(null);
  const [aspect, setAspect] = useState(0.7);
  const [drag, setDrag] = useState<{ card: string; payable: Map<number, Counts>; over: number | null } | null>(null);
  const [pointed, setPointed] = useState<number | null>(null); // the route under the mouse
  const toasts = useToasts();
  const board = useRef<BoardHandle | null>(null);
  const bySeat = useRef(new Map<number, GameSocket>());
  const seen = useRef(-1); // log entries already shown (animations run once per entry)
  const prevView = useRef<Envelope['view'] | null>(null);

  // ---------------------------------------------------------------- connections
  useEffect(() => {
    const h = heldGame(id);
    const tokens = h ? [...new Set([...Object.values(h.seats), ...(h.pending ?? [])])] : [];
    // no seat held: watch as a spectator; hot-seat (several seats here): watch as a spectator too,
    // for the curtain between seats shows the server's public view (the client blanks nothing)
    const watch: (string | null)[] = tokens.length === 1 ? tokens : [...tokens, null];
    const socks = watch.map(
      (tok) =>
        new GameSocket(id, tok, onUpdate, (st, err) => {
          if (err && st === 'failed') setFatal(errorText(err));
          else if (err) toasts.push(errorText(err));
          setStatus(st);
        }),
    );
    return () => socks.forEach((s) => s.close());
  }, [id]);

  function onUpdate(u: Update, sock: GameSocket) {
    const env = u.env;
    if (env.seat === null) setSpec(env);
    else {
      bySeat.current.set(env.seat, sock);
      setEnvs((prev) => ({ ...prev, [env.seat!]: env }));
      const h = heldGame(id) ?? { id, map: env.view.map, seats: {}, created: Date.now() };
      if (sock.token && h.seats[String(env.seat)] !== sock.token) {
        h.seats[String(env.seat)] = sock.token;
        h.pending = (h.pending ?? []).filter((x) => x !== sock.token);
        h.map = env.view.map;
        saveGame(h);
        setHeld({ ...h });
      }
    }
    fetchGameMap(id).then(setMap, (e) => setFatal(errorText(e)));
    if (u.log.length !== seen.current) {
      const before = seen.current;
      seen.current = u.log.length;
      setLog(u.log);
      if (before >= 0 && u.log.length > before) onFresh(u.log.slice(before), env);
      prevView.current = env.view;
    }
  }

  // what just happened: cards leaving the display, the last round, newspapers
  function onFresh(entries: LogEntry[], env: Envelope) {
    for (const c of cuesFor(entries, env)) play(c);
    const prev = prevView.current;
    const anim = getPrefs().animations;
    const changed = new Set<number>();
    if (prev) env.view.face_up.forEach((c, i) => c !== prev.face_up[i] && changed.add(i));
    if (changed.size) {
      setFresh(changed);
      setTimeout(() => setFresh(new Set()), 1300);
    }
    for (const e of entries) {
      if (anim && e.kind === 'draw' && prev) flyCard(e, prev.face_up);
      for (const ev of e.events ?? []) {
        if (ev.event === 'last-round') {
          setBanner({ text: t('last_round'), kind: 'last' });
          setTimeout(() => setBanner(null), 3500);
        }
        if (ev.event === 'newspaper') setNews({ name: String(ev.name), text: String(ev.text) });
      }
    }
  }

  function flyCard(e: LogEntry, prevFaceUp: (string | null)[]) {
    const d = entryDraw(e);
    if (!d) return;
    const card = d.card;
    const from =
      card === 'deck'
        ? document.querySelector(`[data-deck="${d.pile ?? 'deck'}"]`) ?? document.querySelector('[data-deck]')
        : document.querySelector(`.slot[data-slot="${prevFaceUp.indexOf(card)}"]`);
    const to = document.querySelector(`.player[data-seat="${e.seat}"]`) ?? document.querySelector('.hand');
    if (!from || !to) return;
    const a = from.getBoundingClientRect();
    const b = to.getBoundingClientRect();
    if (!a.width || !b.width) return;
    const el = document.createElement('div');
    el.className = 'card-fly';
    const info = cardInfo(card === 'deck' ? 'locomotive' : card);
    el.style.cssText = `left:${a.left}px;top:${a.top}px;width:${Math.min(a.width, 60)}px;height:${Math.min(a.height, 84)}px;`;
    if (card === 'deck') el.classList.add('back');
    else if (info.wild) el.classList.add('card-wild');
    else el.style.background = CARD_FILL[info.color] ?? '#ccc';
    document.body.appendChild(el);
    const dx = b.left + b.width / 2 - (a.left + a.width / 2);
    const dy = b.top + b.height / 2 - (a.top + a.height / 2);
    const anim = el.animate(
      [
        { transform: 'translate(0,0) scale(1)', opacity: 1 },
        { transform: `translate(${dx}px,${dy}px) scale(0.4)`, opacity: 0.2 },
      ],
      { duration: 650, easing: 'cubic-bezier(.4,.1,.3,1)' },
    );
    anim.onfinish = () => el.remove();
    setTimeout(() => el.remove(), 1500);
  }

  // ---------------------------------------------------------------- who is shown
  const seats = Object.keys(envs)
    .map(Number)
    .sort((a, b) => a - b);
  const latest: Envelope | null = seats.length
    ? seats.map((s) => envs[s]).reduce((a, b) => (b.turn > a.turn ? b : a))
    : spec;
  const view0 = latest?.view;
  const over = latest?.status === 'over';
  const cur = view0?.current_player ?? -1;
  const hot = seats.length >= 2;
  let me: number | null = null;
  let curtain: number | null = null;
  if (seats.length === 1) me = seats[0];
  else if (hot) {
    if (!over && seats.includes(cur)) {
      if (revealed === cur) me = cur;
      else curtain = cur;
    } else me = revealed !== null && seats.includes(revealed) ? revealed : seats[0];
  }
  // what the screen shows: the seat's own envelope, else (a spectator, or the hot-seat curtain is
  // up) the server's spectator envelope, secrets stripped by the engine
  const env: Envelope | null = me !== null ? envs[me] : spec;
  useEffect(() => {
    (window as unknown as { __ttrShown: Envelope | null }).__ttrShown = env; // for the browser tests
  }, [env]);
  const view = env?.view ?? null;
  const legal = useMemo(() => new Legal(me !== null && view && view.current_player === me ? view.legal : null), [view, me]);
  const myTurn = !!view && me !== null && view.current_player === me && !over && !legal.empty;
  // a setup choice every seat makes in secret (first tickets, pieces) may be made before one's turn
  const [changing, setChanging] = useState(false);
  const aheadLegal = useMemo(() => new Legal(me !== null ? env?.ahead ?? null : null), [env?.ahead, me]);
  const chooseAhead = !myTurn && !over && !aheadLegal.empty && (!env?.my_choice || changing);
  const choseAhead = !myTurn && !over && !!env?.my_choice && !changing;
  useEffect(() => setChanging(false), [env?.my_choice, view?.phase]);
  // on a phone, the cards to take are on their own tab: mark it when the move is there
  const cardsWanted = myTurn && tab !== 'cards' && (view?.phase === 'turn' || view?.phase === 'second-card');

  // leave a mode that is no longer possible
  useEffect(() => {
    if (!myTurn || (view && view.phase !== 'turn')) {
      if (mode.kind !== 'idle') setMode({ kind: 'idle' });
      setRefill(null);
    } else if (mode.kind === 'claim' && !legal.hasTarget('claim', String(mode.route))) setMode({ kind: 'idle' });
  }, [myTurn, view?.phase, view?.ply]);

  useEffect(() => {
    document.title = myTurn ? `● ${t('your_turn')} · ${t('app_title')}` : t('app_title');
    return () => {
      document.title = t('app_title');
    };
  }, [myTurn, prefs.lang]);

  // ---------------------------------------------------------------- moves
  async function send(action: string): Promise<boolean> {
    if (me === null || !envs[me]) return false;
    const sock = bySeat.current.get(me);
    if (!sock) return false;
    setBusy(true);
    try {
      await sock.act(action, envs[me].turn);
      setChanging(false);
      setMode({ kind: 'idle' });
      setRefill(null);
      return true;
    } catch (e) {
      toasts.push(errorText(e));
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function undo() {
    if (me === null) return;
    const sock = bySeat.current.get(me);
    if (!sock) return;
    try {
      await sock.undo(envs[me].turn);
    } catch (e) {
      toasts.push(errorText(e));
    }
  }

  const targets = useMemo(() => (view ? drawTargets(legal, view) : []), [legal, view]);
  const onSlot = (slot: number) => {
    const choices = targets.filter((x) => x.slot === slot);
    if (!choices.length || busy) return;
    if (choices.length === 1) void send(`draw ${choices[0].text}`);
    else setRefill({ slot, choices });
  };
  const onDeck = (pile: string | null) => {
    const x = targets.find((d) => d.slot === -1 && (pile === null || d.pile === pile));
    if (x && !busy) void send(`draw ${x.text}`);
  };
  const onRoute = (rid: number) => {
    if (!myTurn || view?.phase !== 'turn' || mode.kind === 'station' || mode.kind === 'harbor') return;
    if (!legal.hasTarget('claim', String(rid))) return;
    if (getPrefs().confirm === 'never') {
      const set = legal.payments('claim', String(rid));
      if (set) {
        const best = set.best(view.you?.hand ?? {});
        void send(actionText('claim', String(rid), best));
        return;
      }
    }
    setMode({ kind: 'claim', route: rid });
  };
  const onCity = (name: string) => {
    if (mode.kind === 'station' || mode.kind === 'harbor') {
      if (legal.hasTarget(mode.kind, name)) setMode({ kind: mode.kind, city: name });
    }
  };

  // ---------------------------------------------------------------- keyboard
  const keys = useRef<(e: KeyboardEvent) => void>(() => {});
  keys.current = (e: KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const k = e.key;
    if (k === 'Escape') {
      if (dialog) setDialog(null);
      else if (refill) setRefill(null);
      else if (mode.kind !== 'idle') setMode({ kind: 'idle' });
      return;
    }
    if (typing(e.target)) return;
    if (k === '?') return setDialog(dialog === 'help' ? null : 'help');
    if (k === 'f' || k === 'F') return board.current?.fit();
    if (k === '+' || k === '=') return board.current?.zoomIn();
    if (k === '-') return board.current?.zoomOut();
    if (dialog || curtain !== null || !myTurn) return;
    if (/^[1-6]$/.test(k)) return onSlot(Number(k) - 1);
    if (k === 'd' || k === 'D') return onDeck(view && isRailsSails(view) ? 'train' : null);
    if ((k === 's' || k === 'S') && view && isRailsSails(view)) return onDeck('ship');
    if ((k === 't' || k === 'T') && legal.has('tickets')) return void send('tickets');
    if ((k === 'u' || k === 'U') && env?.can_undo) return void undo();
    // Enter confirms the open prompt, unless it activates what has the focus (a route, a button)
    if (k === 'Enter' && !(e.target as Element | null)?.closest?.('.ttr-board, button, a, input')) {
      const b = document.querySelector<HTMLButtonElement>('.prompt [data-action="confirm"]:not([disabled]), .prompt [data-action="keep"]:not([disabled])');
      if (b) {
        e.preventDefault();
        b.click();
      }
    }
  };
  useEffect(() => {
    const f = (e: KeyboardEvent) => keys.current(e);
    window.addEventListener('keydown', f);
    return () => window.removeEventListener('keydown', f);
  }, []);

  // ---------------------------------------------------------------- the board
  const myRoutes = useMemo(() => (view && me !== null ? ownedRoutes(view.routes, me) : []), [view?.routes, me]);
  const tickets: TicketView[] = useMemo(
    () => (view?.you && map ? ticketViews(map, view.you.tickets, edgesOf(map, myRoutes)) : []),
    [view?.you?.tickets, myRoutes, map],
  );
  const selectable = useMemo(() => {
    if (!myTurn || !view) return { routes: [] as number[], cities: [] as string[] };
    if (mode.kind === 'station' || mode.kind === 'harbor') {
      return { routes: [], cities: mode.city ? [mode.city] : legal.targets(mode.kind).map((x) => x.text) };
    }
    if (view.phase === 'turn') return { routes: drag ? [...drag.payable.keys()] : legal.routes(), cities: [] };
    return { routes: [], cities: [] };
  }, [legal, mode, myTurn, view, drag]);
  const claimMode = myTurn && view?.phase === 'turn' && mode.kind !== 'station' && mode.kind !== 'harbor';
  useEffect(() => {
    board.current?.svg?.classList.toggle('ttr-calm', !claimMode);
  }, [claimMode, board.current]);

  // claiming by dragging a card of the hand onto a route (drag.ts): the routes that card can pay
  // for are the ones offered while it is dragged; a drop opens the claim with that card's payment
  const canDrag = claimMode && legal.has('claim') && !busy;
  const dragging = useRef<{ card: string; payable: Map<number, Counts> } | null>(null);
  const dragHooks = useRef<DragHooks>(null!);
  dragHooks.current = {
    can: () => canDrag,
    start: (card) => {
      const payable = payableRoutes(legal, card);
      dragging.current = { card, payable };
      setDrag({ card, payable, over: null });
    },
    over: (route) => {
      setDrag((d) => (d ? { ...d, over: route } : d));
      return route !== null && !!dragging.current?.payable.has(route);
    },
    drop: (route) => {
      const card = dragging.current?.card;
      if (!card || !canDrag || !view) return;
      const payable = payableRoutes(legal, card);
      const v = dropVerdict(legal, payable, route);
      if (v.kind === 'claim') {
        if (getPrefs().confirm === 'never') void send(actionText('claim', String(v.route), v.payment));
        else setMode({ kind: 'claim', route: v.route, pay: v.payment });
        return;
      }
      // a short message, gone soon: it may lie over the hand the next drag starts from
      const say = (text: string) => toasts.push(text, DROP_TOAST_MS);
      if (v.kind === 'wrong-card') say(t('drop_wrong_card', { card: cardName(card), route: routeName(map, v.route) }));
      else if (v.kind === 'not-claimable') say(t('drop_not_claimable', { route: routeName(map, v.route) }));
      else say(t('drag_hint'));
    },
    end: () => {
      dragging.current = null;
      setDrag(null);
    },
    routeAt: (x, y, touch) => board.current?.routeAt(x, y, touch) ?? null,
  };
  const handDrag = useMemo(() => new HandDrag(() => dragHooks.current), []);
  useEffect(() => {
    if (!canDrag && handDrag.dragging) handDrag.finish(false);
  }, [canDrag]);
  useEffect(() => () => handDrag.finish(false), []);
  useEffect(() => {
    board.current?.svg?.classList.toggle('ttr-drag', !!drag);
  }, [!!drag]);
  // the pieces a claim would put down: where a dragged card would go, else the claimable route
  // under the mouse, else the route being paid for
  const phantomRoute = drag
    ? drag.over !== null && drag.payable.has(drag.over) ? drag.over : null
    : pointed !== null && claimMode && legal.hasTarget('claim', String(pointed)) ? pointed
    : mode.kind === 'claim' && myTurn ? mode.route : null;
  const phantom = phantomRoute !== null && me !== null ? { route: phantomRoute, player: me } : null;

  // the claims made since this seat's last move, ringed on the board until it acts
  const freshClaims = useMemo(
    () => (me !== null && view && !over ? claimsIn(movesSince(log, me), view.routes) : []),
    [log, me, view?.routes, over],
  );
  const freshTokens = useMemo(
    () => (me !== null && view && !over ? tokensIn(movesSince(log, me), view.stations, view.harbors) : []),
    [log, me, view?.stations, view?.harbors, over],
  );

  const highlight = useMemo<Highlight>(() => {
    if (drag) return { routes: phantomRoute !== null ? [phantomRoute] : [], cities: [] };
    if (hover) return hover;
    if (logHl) return logHl;
    if (endHl) return endHl;
    if (mode.kind === 'claim') return { routes: [mode.route], cities: [] };
    if ((mode.kind === 'station' || mode.kind === 'harbor') && mode.city) return { routes: [], cities: [mode.city] };
    if (view?.tunnel) return { routes: [view.tunnel.route], cities: [] };
    // the last move, unless its claim (station, harbor) is already ringed as new
    return {
      routes: lastMoveRoutes(log).filter((r) => !freshClaims.includes(r)),
      cities: lastMoveCities(log).filter((c) => !freshTokens.includes(c)),
    };
  }, [drag, phantomRoute, hover, logHl, endHl, mode, log, view?.tunnel, freshClaims, freshTokens]);

  const boardState = useMemo<OverlayPatch | undefined>(() => {
    if (!view || !env) return undefined;
    return {
      players: view.players.map((p) => ({ name: seatName(env.seats, p.seat) })),
      claims: view.routes,
      stations: Object.entries(view.stations).map(([city, player]) => ({ city, player })),
      harbors: Object.entries(view.harbors).map(([city, player]) => ({ city, player })),
      highlight,
      fresh: freshClaims,
      freshCities: freshTokens,
      selectable,
      phantom,
      animate: prefs.animations,
    };
  }, [view?.routes, view?.stations, view?.harbors, highlight, freshClaims, freshTokens, selectable, env?.seats, prefs.animations, phantom?.route, phantom?.player]);

  // what the seat is asked about stays in sight on the board: the offered tickets' cities, the
  // route being claimed or paid for, the city of a station or harbor
  const focus = useMemo(() => {
    if (!(myTurn || chooseAhead) || !view || !map) return null;
    if (view.phase === 'initial-tickets' || view.phase === 'keep-tickets') {
      return { cities: (view.you?.offer ?? []).flatMap((id) => ticketById(map, id)?.cities ?? []) };
    }
    if (view.phase === 'tunnel' && view.tunnel) return { routes: [view.tunnel.route] };
    if (mode.kind === 'claim') return { routes: [mode.route] };
    if ((mode.kind === 'station' || mode.kind === 'harbor') && mode.city) return { cities: [mode.city] };
    return null;
  }, [myTurn, chooseAhead, view?.phase, view?.you?.offer, view?.tunnel, mode, map]);
  const focusKey = JSON.stringify(focus);
  useEffect(() => {
    board.current?.reveal(focus);
  }, [focusKey, board.current]);

  // ---------------------------------------------------------------- render
  if (fatal) {
    return <ErrorPage message={fatal} />;
  }
  if (!view || !env || !map) {
    return <LoadingPage text={status === 'closed' ? t('reconnecting') : t('loading')} />;
  }

  const result = view.result;
  const hand = view.you?.hand ?? {};
  const statusText = (() => {
    if (over) return t('game_over');
    if (myTurn) return phasePrompt(view, legal);
    if (chooseAhead) return t('choose_now');
    const s = env.seats[cur];
    const name = seatName(env.seats, cur);
    if (s?.kind === 'bot') return t('thinking', { name });
    return t('turn_of', { name });
  })();
  const turnColor = playerColor(cur).fill;
  const ctx = { map, seats: env.seats };
  const lastEntry = log[log.length - 1];
  const rs = isRailsSails(view);

  return (
    <div class={`game${myTurn ? ' my-turn' : ''}${over ? ' over' : ''}${aspect > 1.1 ? ' portrait' : ''}`} data-tab={tab} data-seat={me ?? ''} data-view-seat={env.seat ?? 'spectator'} data-phase={view.phase} data-ply={view.ply} data-myturn={myTurn ? '1' : '0'} data-current={cur} data-status={env.status} style={{ '--board-aspect': String(aspect) } as Record<string, string>}>
      <TopBar
        title={mapName(view.map, view.title)}
        onHelp={() => setDialog('help')}
        onSettings={() => setDialog('settings')}
        extra={
          <>
            {held?.campaign ? (
              <a class={`btn small${over ? ' primary' : ''}`} href={`#/c/${encodeURIComponent(held.campaign)}`} data-action="campaign">
                {t('cp_back')}
              </a>
            ) : null}
            {env.can_undo ? (
              <button type="button" class="btn small" onClick={undo} data-action="undo" title={`${t('undo')} (U)`}>
                <Icon name="undo" /> {t('undo')}
              </button>
            ) : null}
          </>
        }
      />
      <div class="status-bar" style={{ '--tc': turnColor } as Record<string, string>} role="status" aria-live="polite">
        <span class={`turn-pill${myTurn ? ' mine' : ''}`} data-status={myTurn ? 'my-turn' : over ? 'over' : 'waiting'}>
          {!over ? <span class="turn-dot" style={{ background: turnColor }} /> : null}
          {myTurn ? <b>{t('your_turn')}: </b> : null}
          {statusText}
        </span>
        {view.last_round && !over ? (
          <span class="last-round-pill" data-last-round="1">
            {t('last_round')} {rs ? t('last_round_rs') : t('last_round_note', { n: Math.max(view.final_turns, 0) })}
          </span>
        ) : null}
        {me === null && !hot ? <span class="muted">{t('spectating')}</span> : null}
        {status === 'closed' || status === 'connecting' ? <span class="muted">{t('reconnecting')}</span> : null}
        {over && result ? (
          <button type="button" class="btn small" onClick={() => setShowEnd(true)} data-action="scores">
            {t('show_scores')}
          </button>
        ) : null}
      </div>
      <div class="board-area">
        <Board
          map={map}
          state={boardState}
          colorBlind={prefs.colorBlind}
          text={boardText(prefs.lang)}
          onRouteClick={onRoute}
          onRouteHover={setPointed}
          onCityClick={onCity}
          minLabelPx={narrow ? PHONE_LABEL_PX : undefined}
          onReady={(b) => {
            board.current = b;
            b.svg?.classList.toggle('ttr-calm', true);
            const bb = b.layout?.bounds;
            if (bb) setAspect((bb.y1 - bb.y0) / (bb.x1 - bb.x0));
            (window as unknown as { ttrBoard: BoardHandle }).ttrBoard = b;
          }}
          class="board-host"
        />
        {banner && !over ? (
          <div class={`banner banner-${banner.kind}`} role="alert">
            {banner.text}
          </div>
        ) : null}
        {news && !over ? (
          <div class="news-pop" role="alert" data-newspaper="1">
            <div class="news-head">{t('newspaper')}</div>
            <div class="news-name">{news.name}</div>
            <div class="news-text">{news.text}</div>
            <button type="button" class="btn small" onClick={() => setNews(null)}>
              {t('close')}
            </button>
          </div>
        ) : null}
        {over && result && showEnd ? (
          <EndScreen
            env={env}
            result={result}
            map={map}
            log={log}
            onHighlight={setEndHl}
            onClose={() => {
              setShowEnd(false);
              setEndHl(null);
            }}
            onReplay={() => (location.hash = `#/replay/${id}`)}
          />
        ) : null}
      </div>
      <nav class="tabs" aria-label="panels">
        {(['cards', 'tickets', 'players', 'log'] as Tab[]).map((x) => (
          <button
            type="button"
            class={`tab${tab === x ? ' on' : ''}${x === 'cards' && cardsWanted ? ' wants' : ''}`}
            onClick={() => setTab(tab === x ? 'none' : x)}
            data-tab={x}
            aria-pressed={tab === x}
            title={x === 'cards' && cardsWanted ? t('your_move') : undefined}
          >
            {t(x === 'cards' ? 'cards' : x === 'tickets' ? 'tickets' : x === 'players' ? 'players' : 'tab_log')}
          </button>
        ))}
      </nav>
      <div class="drawer">
        <section class="me-area panel-cards">
          {view.you ? (
            <div
              class={`hand-row${canDrag ? ' can-drag' : ''}`}
              onPointerDown={handDrag.down}
              onTouchMove={handDrag.noScroll}
            >
              <Hand hand={hand} spend={spend} hint={canDrag ? t('drag_hint') : undefined}
                marks={view.seat != null ? view.edition?.icons?.hands[view.seat] : null} />
              <div class="actions">
                {myTurn && legal.has('station') && view.phase === 'turn' ? (
                  <button
                    type="button"
                    class={`btn${mode.kind === 'station' ? ' on' : ''}`}
                    onClick={() => setMode(mode.kind === 'station' ? { kind: 'idle' } : { kind: 'station' })}
                    data-action="station"
                  >
                    <Icon name="station" /> {t('build_station')}
                  </button>
                ) : null}
                {myTurn && legal.has('harbor') && view.phase === 'turn' ? (
                  <button
                    type="button"
                    class={`btn${mode.kind === 'harbor' ? ' on' : ''}`}
                    onClick={() => setMode(mode.kind === 'harbor' ? { kind: 'idle' } : { kind: 'harbor' })}
                    data-action="harbor"
                  >
                    <Icon name="harbor" /> {t('build_harbor')}
                  </button>
                ) : null}
                {myTurn && legal.has('exchange') && view.phase === 'turn' ? (
                  <button type="button" class={`btn${mode.kind === 'exchange' ? ' on' : ''}`} onClick={() => setMode({ kind: 'exchange' })} data-action="exchange">
                    {t('exchange')}
                  </button>
                ) : null}
                {myTurn && legal.payments('trade') && view.phase === 'turn' ? (
                  <button
                    type="button"
                    class={`btn${mode.kind === 'trade' && mode.where === null ? ' on' : ''}`}
                    onClick={() => setMode(mode.kind === 'trade' && mode.where === null ? { kind: 'idle' } : { kind: 'trade', where: null })}
                    data-action="trade"
                  >
                    {t('trade')}
                  </button>
                ) : null}
                {myTurn && view.phase === 'turn'
                  ? legal.targets('trade').map(({ text }) => {
                      const rule = view.edition?.play_rules?.find((r) => r.place === text);
                      const on = mode.kind === 'trade' && mode.where === text;
                      return (
                        <button
                          type="button"
                          class={`btn${on ? ' on' : ''}`}
                          onClick={() => setMode(on ? { kind: 'idle' } : { kind: 'trade', where: text })}
                          data-action="trade"
                          data-place={text}
                        >
                          {/^P\d$/.test(text) ? t('postcard_trade', { label: rule?.label ?? text }) : t('rule_trade', { place: text, label: rule?.label ?? '' })}
                        </button>
                      );
                    })
                  : null}
                {myTurn && legal.has('stop') ? (
                  <button type="button" class="btn" onClick={() => send('stop')} data-action="stop">
                    {t('stop')}
                  </button>
                ) : null}
                {myTurn && legal.has('pass') ? (
                  <button type="button" class="btn" onClick={() => send('pass')} data-action="pass">
                    {t('pass')}
                  </button>
                ) : null}
              </div>
            </div>
          ) : null}
        </section>
        <aside class="side">
          {/* the log keeps its share of the column; what is above it scrolls when it does not fit */}
          <div class="side-top">
            {/* what the seat is asked sits beside the board, not on it: the cities of the tickets on
                offer and the route being claimed stay in sight (on a phone: a sheet under the board) */}
            {choseAhead ? (
              <div class="prompt-host">
                <div class="prompt hint-panel ahead-done" role="status" data-ahead="chosen">
                  <div class="prompt-sub">{t('ahead_done')}</div>
                  <div class="ahead-choice" data-choice={env.my_choice ?? ''}>{choiceWords(env.my_choice ?? '', map)}</div>
                  {!aheadLegal.empty ? (
                    <div class="prompt-buttons">
                      <button type="button" class="btn ghost" onClick={() => setChanging(true)} data-action="change-choice">
                        {t('ahead_change')}
                      </button>
                    </div>
                  ) : null}
                </div>
              </div>
            ) : null}
            {(myTurn || chooseAhead) && view.you ? (
              <div class="prompt-host">
                <Prompt
                  ahead={chooseAhead}
                  countdown={prefs.confirm === 'countdown' && !canHover() ? CLAIM_COUNTDOWN_S : undefined}
                  view={view}
                  map={map}
                  legal={myTurn ? legal : aheadLegal}
                  mode={mode}
                  setMode={setMode}
                  send={send}
                  busy={busy}
                  onHoverCities={(c) => setHover(c ? { routes: [], cities: c } : null)}
                  onSpend={setSpend}
                />
              </div>
            ) : null}
            <section class="panel-players">
              <Players env={env} me={me} lastSeat={lastEntry?.seat ?? null} />
              {isLegacy(view) ? <LegacyPanel view={view} map={map} seats={env?.seats} /> : null}
            </section>
            <section class="panel-cards draw-section">
              <DrawArea
                view={view}
                targets={myTurn ? targets : []}
                ticketsLegal={myTurn && legal.has('tickets')}
                onSlot={onSlot}
                onDeck={onDeck}
                onTickets={() => send('tickets')}
                refill={refill}
                onRefill={(x) => {
                  setRefill(null);
                  if (x) void send(`draw ${x.text}`);
                }}
                fresh={fresh}
              />
            </section>
            {view.you ? (
              <section class="panel-tickets">
                <Tickets
                  tickets={tickets}
                  onHover={(tk) => {
                    const hl = tk ? { routes: tk.done ? tk.path : [], cities: tk.cities } : null;
                    setHover(hl);
                    if (hl && narrow) board.current?.reveal(hl); // a phone shows part of the board
                  }}
                />
              </section>
            ) : null}
          </div>
          <section class="panel-log">
            <Log
              log={log}
              ctx={ctx}
              onHover={setLogHl}
              onPick={(hl) => {
                setLogHl(hl);
                board.current?.reveal(hl);
              }}
            />
          </section>
        </aside>
      </div>
      {curtain !== null ? (
        <div class="curtain" role="dialog" aria-label={t('pass_to', { name: seatName(env.seats, curtain) })} data-curtain={curtain}>
          <div class="curtain-box">
            <div class="curtain-title">{t('pass_to', { name: seatName(env.seats, curtain) })}</div>
            <div class="muted">{t('pass_note')}</div>
            <CurtainMoves log={log} seat={curtain} ctx={ctx} />
            <button type="button" class="btn primary big" onClick={() => setRevealed(curtain)} data-action="reveal">
              {t('pass_ready', { name: seatName(env.seats, curtain) })}
            </button>
          </div>
        </div>
      ) : null}
      <ScreenDialog dialog={dialog} rs={rs} onClose={() => setDialog(null)} />
      <Toasts toasts={toasts} />
      {held && hot ? <span hidden data-hotseat={seats.join(',')} /> : null}
    </div>
  );
}
