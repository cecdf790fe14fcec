"""The game service: games built from the database, kept in memory (LRU), changed only
through the engine's face, each change committed before it is answered.

A game is rebuilt from its row (map, players, seed, options) and its stored actions,
each re-checked by the engine as it is replayed. A move, a human's from a request or a
bot's (a ServerBot asked by the BotRunner), is committed in one way: the engine checks
it (`game.check`, which explains a refusal), applies it, and it is stored; a failed store
rebuilds the game as it was. All access to one game holds its lock; a bot thinks without
it, and its move counts only if the game has not moved meanwhile. Each seat's view is
built once per change and shared by every reply and subscriber of that seat.
"""
from __future__ import annotations

import json
import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, overload

from .. import new_game
from ..agents import LEVELS
from ..editions import EDITIONS, player_range
from ..engine import Action, Game, View, result_summary, words
from ..errors import IllegalActionError, TtrError
from . import boards, tokens
from .ahead import AHEAD_PHASES, turn_ahead
from .bots import ServerBot
from .errors import (
    CannotUndo,
    Forbidden,
    Illegal,
    Invalid,
    NotFound,
    NotOver,
    NotYourMove,
    Stale,
    Unauthorized,
    Unavailable,
)
from .hub import Hub, Subscriber
from .storage import ActionRow, Conflict, GameRow, SeatRow, StorageError, Store

log = logging.getLogger("ttr.server")


def dumps(obj) -> str:
    """The protocol's JSON: keys sorted, no spaces (the same content gives the same bytes)."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@dataclass
class Created:
    id: str
    seats: list[dict]       # seat, kind, bot, name, token (None for bots)
    admin_token: str


class Live:
    """One game in memory."""

    def __init__(self, row: GameRow):
        self.row = row
        self.lock = threading.RLock()
        self.subscribers: set[Subscriber] = set()

    def install(self, game: Game, stamps: list[float]) -> "Live":
        self.game = game
        self.stamps = stamps            # when each action was stored
        self.log_out: list[dict] = []   # the public log as sent (engine entries + time + words)
        self.views: dict[int | None, View] = {}  # per seat (None: spectators): the view at this ply
        self.aheads: dict[int, list | None] = {}  # per seat: what it may choose ahead of its turn (ahead.py)
        self.views_at = game.ply
        self.bots: list[ServerBot | None] = [ServerBot(s.bot, self.row.seed, s.seat) if s.kind == "bot" else None  # type: ignore[arg-type]  # a bot seat names its bot
                                             for s in self.row.seats]
        return self

    @property
    def id(self) -> str:
        return self.row.id

    def view(self, seat: int | None) -> View:
        """The seat's view (None: a spectator's), built once per change of the game."""
        self._fresh()
        v = self.views.get(seat)
        if v is None:
            v = self.views[seat] = self.game.view(seat, legal=seat is not None)
        return v

    def ahead(self, seat: int) -> list | None:
        """The legal groups the seat may choose from now, ahead of its turn (None: it may not)."""
        self._fresh()
        if seat not in self.aheads:
            g = turn_ahead(self.game, seat) if self.bots[seat] is None else None
            self.aheads[seat] = g.view(seat)["legal"] if g is not None else None
        return self.aheads[seat]

    def _fresh(self) -> None:
        if self.views_at != self.game.ply:
            self.views, self.aheads, self.views_at = {}, {}, self.game.ply

    def who(self, seat: int) -> str:
        s = self.row.seats[seat]
        return s.name or (f"seat {seat} ({s.bot})" if s.kind == "bot" else f"seat {seat}")


class GameService:
    def __init__(self, store: Store, *, cache_size: int = 1000, seat_timeout: float = 86400.0,
                 clock: Callable[[], float] = time.time, engine: str = "auto"):
        self.store = store
        self.engine = engine  # which engine plays the games (ttr.new_game; the same games on either)
        self.cache_size = cache_size
        self.seat_timeout = seat_timeout  # idle seconds after which another player may hand a seat to a bot
        self.clock = clock
        self.new_id = tokens.new_game_id
        self.new_token = tokens.new_token
        self.hub = Hub()
        self.schedule: Callable[[str, int, bool, float | None], None] | None = None  # the app's BotRunner.schedule
        self.undo_window = 0.0  # seconds a bot waits after a move its player may take back (set by the app)
        self.busy: Callable[[str], bool] = lambda gid: False      # a bot move is pending for the game
        self.cancel: Callable[[str], None] = lambda gid: None     # no bot to move: pending moves stand down
        self.notify_tag: str | None = None  # set when other processes listen (PostgreSQL): our own name
        self.on_over: Callable[[str], None] = lambda gid: None  # a game ended here (campaigns record it)
        self._cache: OrderedDict[str, Live] = OrderedDict()
        self._cache_lock = threading.Lock()
        self._load_lock = threading.Lock()
        # games being loaded, and whether another process changed one meanwhile (under _cache_lock)
        self._loading: dict[str, bool] = {}

    # ------------------------------------------------------------- creation

    def create(self, map_name: str, players: int, seats: list[dict], seed: int | None = None,
               random_first: bool = False, setup: dict | None = None, *, admin_hash: str | None = None,
               also: Callable | None = None) -> Created:
        """A new game. A seat may bring its `token_hash` (a campaign player's token, the same in each of
        the campaign's games: no new token then), `admin_hash` the creator's; `also(connection, id)`
        writes more in the game's creating transaction."""
        if map_name not in EDITIONS:
            raise Invalid(f"unknown map {map_name!r}; known: {', '.join(sorted(EDITIONS))}")
        r = player_range(map_name)
        if players not in r:
            raise Invalid(f"{map_name} is for {r.start}-{r.stop - 1} players, not {players}")
        if len(seats) != players:
            raise Invalid(f"{len(seats)} seats given for {players} players")
        check_kinds(seats, "seats", "seat")
        if seed is None:
            seed = secrets.randbelow(2**63)  # 63 random bits: the deal cannot be searched for
        options: dict[str, Any] = {"setup": setup} if setup is not None else {}
        try:
            game = new_game(map_name, players, seed=seed, random_first=random_first, engine=self.engine, **options)
        except TtrError as e:
            raise Invalid(str(e)) from None
        now = self.clock()
        admin = self.new_token() if admin_hash is None else ""
        out_seats, rows = [], []
        for i, s in enumerate(seats):
            token = self.new_token() if s["kind"] == "human" and "token_hash" not in s else None
            digest = s["token_hash"] if "token_hash" in s else tokens.token_hash(token) if token else None
            rows.append(SeatRow(i, s["kind"], s.get("bot"), s.get("name"), digest))
            out_seats.append({"seat": i, "kind": s["kind"], "bot": s.get("bot"), "name": s.get("name"), "token": token})
        row = GameRow(self.new_id(), map_name, players, seed, random_first, options, "playing", 0, game.current_player,
                      admin_hash or tokens.token_hash(admin), now, now, None, rows)
        self._write(lambda: self.store.create_game(row, (lambda c: also(c, row.id)) if also else None))
        live = Live(row).install(game, [])
        self._remember(live)
        self._after_change(live)
        return Created(row.id, out_seats, admin)

    # ------------------------------------------------------------ the cache

    def live(self, gid: str) -> Live:
        """The game in memory, loaded (replayed) on demand; NotFound if there is none."""
        with self._cache_lock:
            live = self._cache.get(gid)
            if live is not None:
                self._cache.move_to_end(gid)
                return live
        missed = False
        with self._load_lock:
            with self._cache_lock:
                live = self._cache.get(gid)
                if live is None:
                    self._loading[gid] = False  # from here on, a notice of a change is kept for us (refresh)
            if live is None:
                try:
                    row = self.store.game(gid) if _plausible_id(gid) else None
                    if row is None:
                        raise NotFound(f"no game {gid!r}")
                    live = Live(row).install(*self._replay(row, self.store.actions(gid)))
                except BaseException:
                    with self._cache_lock:
                        self._loading.pop(gid, None)
                    raise
                missed = self._remember(live)
        if missed:
            # another process changed the game while it was read: its notice found no copy in memory,
            # and this one may hold the position before the change (for good: no other notice comes
            # while a person is to move)
            try:
                self.refresh(gid)
            except BaseException:
                self._forget(live)  # not kept stale: the next request loads it again
                raise
        return live

    def _remember(self, live: Live) -> bool:
        """Keep the game in memory (dropping the least recently used ones over cache_size that may
        go); True if another process changed it while it was being loaded."""
        with self._cache_lock:
            missed = self._loading.pop(live.id, False)
            self._cache[live.id] = live
            self._cache.move_to_end(live.id)
            over = len(self._cache) - self.cache_size
            if over > 0:
                for gid in list(self._cache):
                    if over <= 0:
                        break
                    old = self._cache[gid]
                    if gid != live.id and not old.subscribers and not self.busy(gid):
                        del self._cache[gid]
                        over -= 1
        return missed

    def _forget(self, live: Live) -> None:
        with self._cache_lock:
            if self._cache.get(live.id) is live:
                del self._cache[live.id]

    def cached(self) -> int:
        return len(self._cache)

    def _replay(self, row: GameRow, rows: list[ActionRow]) -> tuple[Game, list[float]]:
        """Seed + stored actions = the game; every action is checked again."""
        try:
            game = boards.start(row, self.engine)
        except TtrError as e:
            raise Unavailable(f"game {row.id} cannot be rebuilt: {e}") from None
        for a in rows:
            if a.seat != game.current_player:
                raise Unavailable(f"game {row.id}: stored action {a.n} is seat {a.seat}'s, but seat "
                                  f"{game.current_player} was to move")
            try:
                game.apply(a.text)
            except IllegalActionError as e:
                raise Unavailable(f"game {row.id}: stored action {a.n} ({a.text}) does not replay: {e}") from None
        return game, [a.at for a in rows]

    def _reload(self, live: Live) -> None:
        """Rebuild the game from the database (after a failed write or another process's change)."""
        row = self.store.game(live.id)
        if row is None:
            raise NotFound(f"no game {live.id!r}")
        live.row = row
        live.install(*self._replay(row, self.store.actions(live.id)))

    # ---------------------------------------------------------- committing

    def _commit(self, live: Live, action: Action | str, choice: bool = False) -> Action:
        """Check, apply, store: the one way a move is made (IllegalActionError, nothing changed, if the
        engine refuses it). A failed store rebuilds the game from what is stored, so the game is never
        ahead of the database. `choice`: the seat's choice made ahead (dropped with the store)."""
        g = live.game
        a = g.check(action)
        n, seat = g.ply, g.current_player
        g.apply_unchecked(a)
        at = self.clock()
        try:
            self.store.append(live.id, n, seat, str(a), at, to_move=None if g.is_over else g.current_player,
                              status="over" if g.is_over else "playing",
                              result=dict(result_summary(g.result())) if g.is_over else None,
                              notify=self._tag(live.id, n + 1), drop_choice=choice)
        except StorageError as e:
            live.install(*self._replay(live.row, self._rows(live)))  # the game as it was, from memory
            if isinstance(e, Conflict):
                self._reload(live)  # another writer moved it on: take the stored game
                raise Stale(f"the game changed meanwhile (now at turn {live.game.ply}); reload it") from None
            raise Unavailable(f"the move was not stored: {e}") from None
        live.stamps.append(at)
        live.row.ply, live.row.updated = n + 1, at
        live.row.status = "over" if g.is_over else "playing"
        return a

    def _play_choices(self, live: Live) -> None:
        """Play the choices made ahead whose turn has come, in seat order (ahead.py)."""
        g, made = live.game, live.row.choices
        while not g.is_over and g.phase in AHEAD_PHASES and g.current_player in made:
            seat = g.current_player
            try:
                self._commit(live, made[seat], choice=True)
            except IllegalActionError as e:  # checked when made: the engine should not refuse it now
                log.error("game %s: seat %d's choice made ahead (%s) is refused at its turn: %s", live.id, seat,
                          made[seat], e)
                self._write(lambda: self.store.set_choice(live.id, seat, None, self.clock()))
            made.pop(seat, None)

    def _choose_ahead(self, live: Live, seat: int, text: str, respond: bool) -> dict:
        """Keep a seat's setup choice made before its turn (ahead.py); it may change it until then."""
        ahead = turn_ahead(live.game, seat)
        if ahead is None:
            raise NotYourMove(f"seat {seat} cannot choose ahead now")
        try:
            a = ahead.check(text)
        except IllegalActionError as e:
            raise Illegal(str(e)) from None
        at = self.clock()
        self._write(lambda: self.store.set_choice(live.id, seat, str(a), at, notify=self._tag(live.id, live.game.ply)))
        live.row.choices[seat] = str(a)
        self._after_change(live, bots=False)
        return self.response(live, seat) if respond else {"turn": live.game.ply}

    @staticmethod
    def _rows(live: Live) -> list[ActionRow]:
        """The stored actions as held in memory (one per time stamp: a move being stored has none yet)."""
        g = live.game
        return [ActionRow(i, s, str(a), at) for i, (s, a, at) in enumerate(zip(g.seats, g.actions, live.stamps))]

    def _tag(self, gid: str, ply: int) -> str | None:
        return f"{gid} {ply} {self.notify_tag}" if self.notify_tag else None

    def _write(self, fn: Callable[[], None]) -> None:
        try:
            fn()
        except StorageError as e:
            raise Unavailable(f"not stored: {e}") from None

    def _after_change(self, live: Live, bots: bool = True) -> None:
        """Under the game's lock: tell the subscribers, and start the bot to move, if any (`bots`:
        the process that made the change does that, not those that heard of it)."""
        self.hub.deliver([(sub, self.update_message(live, sub)) for sub in live.subscribers])
        g = live.game
        if bots and not g.is_over and live.bots[g.current_player] is not None and self.schedule is not None:
            # after a move its player may still take back, the bot leaves them time to (None: the usual delay)
            last = g.seats[-1] if g.ply else None
            wait = self.undo_window if last is not None and self.undo_refusal(live, last) is None else None
            self.schedule(live.id, g.ply, any(b is None for b in live.bots), wait)
        elif bots:
            self.cancel(live.id)
        if bots and g.is_over:
            try:
                self.on_over(live.id)
            except Exception:  # noqa: BLE001 - the move stands; a campaign catches up when it is next read
                log.exception("game %s: its end was not recorded by its campaign yet", live.id)

    # ------------------------------------------------------------- tokens

    @overload
    def seat_of(self, live: Live, token: str | None, spectator_ok: Literal[False] = False) -> int: ...
    @overload
    def seat_of(self, live: Live, token: str | None, spectator_ok: bool) -> int | None: ...

    def seat_of(self, live: Live, token: str | None, spectator_ok: bool = False) -> int | None:
        """The seat a token holds (None: a spectator, when allowed). Unauthorized otherwise."""
        if token is None or token == "":
            if spectator_ok:
                return None
            raise Unauthorized("a seat token is required")
        digest = tokens.token_hash(token)
        found = None
        for s in live.row.seats:  # every seat is compared: the time taken does not tell which matched
            if tokens.matches(digest, s.token_hash):
                found = s.seat
        if found is None:
            raise Unauthorized("this token holds no seat in this game")
        return found

    def is_admin(self, live: Live, token: str | None) -> bool:
        return token is not None and tokens.matches(tokens.token_hash(token), live.row.admin_hash)

    # --------------------------------------------------------------- views

    def response(self, live: Live, seat: int | None) -> dict:
        """What one seat (or a spectator, seat None) is shown: the envelope around the engine's view."""
        g = live.game
        return {"id": live.id, "turn": g.ply, "seat": seat, "status": "over" if g.is_over else "playing",
                "seats": self.public_seats(live), "can_undo": seat is not None and self.undo_refusal(live, seat) is None,
                "view": live.view(seat), "chosen": sorted(live.row.choices),
                "my_choice": live.row.choices.get(seat) if seat is not None else None,
                "ahead": live.ahead(seat) if seat is not None else None}

    def public_seats(self, live: Live) -> list[dict]:
        return [_public_seat(s) for s in live.row.seats]

    def log_entries(self, live: Live, since: int = 0) -> list[dict]:
        """The public log from entry `since`: the engine's entries, when, and in words."""
        g = live.game
        out, entries = live.log_out, g.log
        assert entries is not None  # the server's games record their public log
        while len(out) < len(entries):
            i = len(out)
            e = entries[i]
            out.append({**e, "at": live.stamps[i], "text": words(e, g.actions[i], g.rules, live.who)})
        return out[since:]

    def update_message(self, live: Live, sub: Subscriber) -> str:
        msg = self.response(live, sub.seat)
        entries = live.game.log
        assert entries is not None  # the server's games record their public log
        since = min(sub.log_sent, len(entries))
        msg.update(type="update", log_from=since, log=self.log_entries(live, since))
        sub.log_sent = len(entries)
        return dumps(msg)

    def view(self, gid: str, token: str | None) -> dict:
        live = self.live(gid)
        seat = self.seat_of(live, token, spectator_ok=True)
        with live.lock:
            return self.response(live, seat)

    def log(self, gid: str, token: str | None, since: int = 0) -> dict:
        live = self.live(gid)
        self.seat_of(live, token, spectator_ok=True)
        with live.lock:
            since = max(0, since)
            return {"id": live.id, "turn": live.game.ply, "log_from": since, "log": self.log_entries(live, since)}

    def replay_record(self, gid: str) -> dict:
        live = self.live(gid)
        with live.lock:
            g = live.game
            if not g.is_over:
                raise NotOver("the seed and history are shown once the game is over")
            return {"id": live.id, "map": live.row.map, "players": live.row.players, "seed": live.row.seed,
                    "random_first": live.row.random_first, "options": live.row.options, "history": g.history,
                    "history_seats": list(g.seats), "result": g.result()}

    def replay_step(self, gid: str, ply: int) -> dict:
        """A finished game's position after `ply` actions: the public view, and every seat's
        hand and tickets (the seed is public once the game is over, so nothing there is secret)."""
        live = self.live(gid)
        with live.lock:
            g = live.game
            if not g.is_over:
                raise NotOver("the steps of a game are shown once it is over")
            history, plies, seats = list(g.history), g.ply, self.public_seats(live)
        if not 0 <= ply <= plies:
            raise NotFound(f"no step {ply}: the game has steps 0 to {plies}")
        row = live.row
        step = boards.start(row, self.engine)
        for text in history[:ply]:
            step.apply(text)
        v = step.view(None, legal=False)
        hands = [step.view(s, legal=False)["you"] for s in range(row.players)]
        return {"id": gid, "ply": ply, "plies": plies, "seats": seats, "view": v, "hands": hands}

    # ---------------------------------------------------------------- moves

    def act(self, gid: str, token: str | None, text: str, turn: int, respond: bool = True) -> dict:
        """Play a human seat's move; the seat's new view (or, `respond=False`, only the new turn)."""
        live = self.live(gid)
        seat = self.seat_of(live, token)
        with live.lock:
            g = live.game
            if g.current_player != seat and live.ahead(seat) is not None:
                return self._choose_ahead(live, seat, text, respond)  # any turn: others may choose meanwhile
            self._check_turn(live, turn)
            if g.is_over:
                raise NotYourMove("the game is over")
            if g.current_player != seat:
                raise NotYourMove(f"it is seat {g.current_player}'s move, not seat {seat}'s")
            if live.bots[seat] is not None:
                raise NotYourMove(f"seat {seat} is played by the bot {live.row.seats[seat].bot}; take it back first")
            try:
                self._commit(live, text, choice=seat in live.row.choices)  # its own move supersedes one made ahead
            except IllegalActionError as e:
                raise Illegal(str(e)) from None
            live.row.choices.pop(seat, None)
            try:
                self._play_choices(live)
            except (Stale, Unavailable) as e:  # the seat's move stands; the choices wait for the next change
                log.warning("game %s: choices made ahead not played yet: %s", live.id, e)
            self._after_change(live)
            return self.response(live, seat) if respond else {"turn": g.ply}

    def _check_turn(self, live: Live, turn: int) -> None:
        if turn != live.game.ply:
            raise Stale(f"turn {turn} is stale: the game is at turn {live.game.ply}; reload it")

    def bot_move(self, gid: str, ply: int) -> bool:
        """In a pool thread: the bot to move at `ply` chooses (without the lock) and plays,
        unless the game moved meanwhile. True if it played."""
        live = self.live(gid)
        with live.lock:
            if live.game.ply < ply:  # a copy older than the change that scheduled this move (stored): rebuild it
                self._reload(live)
            g = live.game
            seat = g.current_player
            bot = live.bots[seat]
            if g.is_over or g.ply != ply or bot is None:
                return False
            obs = g.observe(seat)
        try:
            action: Action | str = bot.act(obs)
        except Exception:  # noqa: BLE001 - a failing bot must not stall the game
            log.exception("bot %s failed in game %s at ply %d; it plays its first legal move", bot.name, gid, ply)
            action = obs.legal[0]
        with live.lock:
            # the same game, or the same position rebuilt from the database (a refresh): the move stands
            now, mine = live.game, live.bots[seat]
            same = now is g or now.actions == g.actions
            if not same or now.ply != ply or mine is None or mine.name != bot.name:
                return False  # the game moved on (or back) meanwhile: its change scheduled its own
            try:
                try:
                    self._commit(live, action)
                except IllegalActionError as e:
                    log.error("bot %s offered an illegal move in game %s (%s); it plays its first legal move",
                              bot.name, gid, e)
                    self._commit(live, obs.legal[0])
                self._play_choices(live)
            except Stale:
                return False  # the game moved on meanwhile (another process): its change scheduled its own
            self._after_change(live)
            return True

    # ----------------------------------------------------------------- undo

    def undo_refusal(self, live: Live, seat: int) -> str | None:
        """Why `seat` may not take back the last action (None: it may): the engine's rule
        (docs/rules.md, "Undo"), and a seat a bot plays never undoes."""
        why = live.game.undo_refusal(seat)
        if why is None and live.bots[seat] is not None:
            return "a bot plays this seat"
        return why

    def undo(self, gid: str, token: str | None, turn: int, respond: bool = True) -> dict:
        live = self.live(gid)
        seat = self.seat_of(live, token)
        with live.lock:
            self._check_turn(live, turn)
            why = self.undo_refusal(live, seat)
            if why is not None:
                raise CannotUndo(why)
            g = live.game
            n = g.ply - 1
            game, stamps = self._replay(live.row, self._rows(live)[:n])
            at = self.clock()
            try:
                self.store.pop(gid, n, at, to_move=game.current_player, notify=self._tag(gid, n))
            except StorageError as e:
                if isinstance(e, Conflict):
                    self._reload(live)
                    raise Stale("the game changed meanwhile; reload it") from None
                raise Unavailable(f"the undo was not stored: {e}") from None
            live.install(game, stamps)
            live.row.ply, live.row.updated = n, at
            self._after_change(live)
            return self.response(live, seat) if respond else {"turn": n}

    # ---------------------------------------------------------------- seats

    def set_seat(self, gid: str, token: str | None, seat: int, kind: str, bot: str | None) -> dict:
        """Hand a seat to a bot, change its bot, or take it back for its human (docs/protocol.md, "Seats")."""
        live = self.live(gid)
        with live.lock:
            if not 0 <= seat < live.row.players:
                raise NotFound(f"no seat {seat} in this game")
            s = live.row.seats[seat]
            admin = self.is_admin(live, token)
            mine = None if admin else self.seat_of(live, token)
            if kind == "bot":
                if bot not in LEVELS:
                    raise Invalid(f"name a bot, one of {', '.join(LEVELS)}")
                if not (admin or mine == seat or self._idle(live, seat)):
                    raise Forbidden(f"only the game's creator, seat {seat}'s player, or any player once seat {seat} "
                                    f"has kept the game waiting {self.seat_timeout:.0f} s may hand it to a bot")
            else:
                if bot is not None:
                    raise Invalid("a human seat has no bot")
                if s.token_hash is None:
                    raise Invalid(f"seat {seat} was created for a bot: no human holds its token")
                if not (admin or mine == seat):
                    raise Forbidden(f"only the game's creator or seat {seat}'s player may take it back")
            if live.game.is_over:
                raise Forbidden("the game is over")
            at = self.clock()
            self._write(lambda: self.store.set_seat(gid, seat, kind, bot, at, notify=self._tag(gid, live.game.ply)))
            s.kind, s.bot = kind, bot
            live.bots[seat] = ServerBot(bot, live.row.seed, seat) if kind == "bot" else None  # type: ignore[arg-type]  # in LEVELS (above)
            live.aheads.clear()  # a bot's seat does not choose ahead
            self._after_change(live)
            return {"id": gid, "turn": live.game.ply, "seats": self.public_seats(live)}

    def _idle(self, live: Live, seat: int) -> bool:
        g = live.game
        since = live.stamps[-1] if live.stamps else live.row.created
        return not g.is_over and g.current_player == seat and self.clock() - since >= self.seat_timeout

    # ----------------------------------------------------------- listings

    def summary(self, row: GameRow) -> dict:
        return {"id": row.id, "map": row.map, "players": row.players, "status": row.status, "turn": row.ply,
                "to_move": row.to_move, "created": row.created, "updated": row.updated, "result": row.result,
                "seats": [_public_seat(s) for s in row.seats]}

    def listing(self, status: str, limit: int, offset: int) -> list[dict]:
        return [self.summary(r) for r in self.store.list_games(status=status, limit=limit, offset=offset)]

    def mine(self, held: list[str]) -> list[dict]:
        digests = [tokens.token_hash(t) for t in held]
        ids = self.store.games_of_tokens(digests)
        out = []
        for row in self.store.list_games(ids=ids, limit=len(ids) or 1):
            seats = [s.seat for s in row.seats if any(tokens.matches(d, s.token_hash) for d in digests)]
            creator = any(tokens.matches(d, row.admin_hash) for d in digests)
            out.append({**self.summary(row), "my_seats": seats, "creator": creator})
        return out

    # ------------------------------------------------------ subscriptions

    def subscribe(self, gid: str, token: str | None, sub: Subscriber) -> Live:
        """Register a WebSocket subscriber; its first message (the whole log) is queued at once."""
        live = self.live(gid)
        sub.seat = self.seat_of(live, token, spectator_ok=True)
        with live.lock:
            live.subscribers.add(sub)
            self.hub.deliver([(sub, self.update_message(live, sub))])
        return live

    def unsubscribe(self, live: Live, sub: Subscriber) -> None:
        with live.lock:
            live.subscribers.discard(sub)

    def refresh(self, gid: str) -> None:
        """Another process changed game gid: rebuild it if it is in memory, tell the subscribers. If it
        is being loaded, the loader does this once its copy is in memory (it may have read the game
        before the change)."""
        with self._cache_lock:
            live = self._cache.get(gid)
            if live is None and gid in self._loading:
                self._loading[gid] = True
        if live is None:
            return
        with live.lock:
            row = self.store.game(gid)
            if row is not None and row.seats == live.row.seats and row.choices == live.row.choices and \
                    row.ply == live.game.ply and \
                    [a.text for a in self.store.actions(gid)] == [str(a) for a in live.game.actions]:
                return  # a late notice of what this copy already holds: keep it (a bot may be thinking on it)
            self._reload(live)
            self._after_change(live, bots=False)

    def resume_bots(self) -> int:
        """After a start: schedule every game whose seat to move is a bot."""
        waiting = self.store.bots_to_move()
        if self.schedule is not None:
            for gid, ply, people in waiting:
                self.schedule(gid, ply, people, None)
        return len(waiting)


def check_kinds(entries: list[dict], field: str, what: str) -> None:
    """Each entry (a seat, a campaign's player) is a human without a bot or a bot with a known one."""
    for i, s in enumerate(entries):
        if s["kind"] == "bot" and s.get("bot") not in LEVELS:
            raise Invalid(f"{field}[{i}]: a bot {what} needs a bot, one of {', '.join(LEVELS)}")
        if s["kind"] == "human" and s.get("bot") is not None:
            raise Invalid(f"{field}[{i}]: a human {what} has no bot")


def _public_seat(s: SeatRow) -> dict:
    return {"seat": s.seat, "kind": s.kind, "bot": s.bot, "name": s.name, "has_token": s.token_hash is not None}


def _plausible_id(gid: str) -> bool:
    return 0 < len(gid) <= 32 and all(c.isalnum() or c in "-_" for c in gid)


__all__ = ["Created", "GameService", "Live", "check_kinds", "dumps"]
