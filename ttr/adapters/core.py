"""What the environments share: a game played by integer ids through the match loop, with the
payment-step prefix, the seat's tensor and mask, and the rewards.

A move is one id for most actions; a claim paid in steps (docs/action-space.md) is several, all
by the same seat: after each step but the last, the game is unchanged, the same seat is still to
move and its mask offers the next steps (its observation shows the steps taken so far).

Where the native core is built and plays the board (USA, Europe, Nordic, World, Great Lakes,
Legends of the West: the setups ttr.native.legacy_supported accepts), a Table plays on it (engine="auto"): the game is a NativeGame and the core writes the masks and
tensors (the same ids and tensors as ActionSpace and Observer, the payment steps' too,
tests/test_native_vecenv.py); elsewhere, or with engine="python", on the Python engine.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ..agents import RandomAgent
from ..editions import game_class, get_ruleset, new_game
from ..engine import KEEP, Action, Game, Ruleset, View
from ..errors import ActionSpaceError, IllegalActionError, IllegalActionIdError, TtrError
from ..formats.action_space import ActionSpace
from ..native import NativeGame, plays_by_ids
from ..native.game import core_rules, static_game
from ..native.legacy import LEGACY
from ..native.vecenv import NativeIds, core_action, keep_row
from ..native.vecenv import scores as native_scores
from ..runtime.arena import win_shares
from ..runtime.match import Match
from ..runtime.seat import Seat
from ..formats.observation import Observer

ENGINES = ("auto", "python", "native")

REWARDS = {
    "win": "at the end, the seat's win share (1 for a win, 1/k for a win shared by k seats, else 0)",
    "score": "after every move, the change in the seat's points / 100; at the end, the rest of its final total "
             "(tickets, bonuses) / 100: over a game the rewards add up to (final total - starting score) / 100",
    "margin": "at the end, (the seat's final total - the best final total of the other seats) / 100: positive for "
              "a sole winner, 0 for a tie at the top, negative for the others",
}


def episode_result(game: Game) -> dict[str, Any]:
    """What an ended game gives the environments' final `info["result"]`, by absolute seat:
    winners, final totals, ranks, tickets completed and failed (counts), and the game's length in
    actions."""
    res = game.result()
    players = res["players"]
    return {"winners": list(res["winners"]), "totals": [p["total"] for p in players],
            "ranks": [p["rank"] for p in players],
            "tickets_done": [len(p["tickets_completed"]) for p in players],
            "tickets_failed": [len(p["tickets_failed"]) for p in players], "length": game.ply}


def scores(game: Game) -> list[int]:
    """Every seat's score as it stands (Legacy: money), from the integer state."""
    if game.__class__ is NativeGame:
        return native_scores(game)  # (the same numbers, without the whole state)
    layout, st = game.layout(), game.encode()
    return [st[layout.seat(p, "score").start] for p in range(game.num_players)]


def check_reward(mode: str) -> str:
    if mode not in REWARDS:
        raise TtrError(f"unknown reward {mode!r}; known: {', '.join(REWARDS)}")
    return mode


class Rewards:
    """Per-seat rewards of one game (REWARDS)."""

    def __init__(self, mode: str, game: Game):
        self.mode = check_reward(mode)
        self.game = game
        self.last = scores(game)

    def step(self) -> list[float]:
        """The rewards of what happened since the last call."""
        g = self.game
        n = g.num_players
        if self.mode == "win":
            return win_shares(g.result()["winners"], n) if g.is_over else [0.0] * n
        if self.mode == "margin":
            if not g.is_over:
                return [0.0] * n
            totals = [p["total"] for p in g.result()["players"]]
            return [(t - max(totals[:i] + totals[i + 1:])) / 100 for i, t in enumerate(totals)]
        now = [p["total"] for p in g.result()["players"]] if g.is_over else scores(g)
        out = [(a - b) / 100 for a, b in zip(now, self.last)]
        self.last = now
        return out


_IDS: dict[tuple[Any, bool, Any], NativeIds | None] = {}


def id_rows(space: ActionSpace) -> list[tuple[int, int, tuple] | None]:
    """Every id of `space` as the native core numbers its action (a keep: its bit set over the
    sorted offer); None for the ids of claims paid in steps (`step_rows`)."""
    rows: list[tuple[int, int, tuple] | None] = []
    for b in space.blocks:
        for i in range(b.start, b.stop):
            if b.name == KEEP:
                rows.append(keep_row(i - b.start + 1))
                continue
            try:
                a = space.decode(i)
            except ActionSpaceError:  # a payment step (it needs its prefix)
                a = None
            rows.append(None if a is None else core_action(space.rules, a))
    return rows


def step_rows(space: ActionSpace) -> tuple[list[tuple[int, int]], list[tuple[int, int, int]], int]:
    """The ids of claims paid in steps, for the native core: (route, its claim id) per stepped
    route, (id, card kind, count) per payment step, and the id of "done" (-1: none)."""
    claims, steps, done = space.step_ids()
    return sorted(claims.items()), [(i, k, v) for i, (k, v) in sorted(steps.items())], -1 if done is None else done


def board_of(rules: Ruleset, options: dict[str, Any]) -> Ruleset:
    """The board the games of these options are played on, whose ids the action space numbers:
    `rules`, or (Legends of the West) the board a setup's frontier boards grow. TtrError if the
    options do not fit the rules."""
    if not options:
        return rules
    g = game_class(rules).blank(rules)
    g.set_static(**options)  # (checks the setup as a new game does)
    return g.rules


def native_ids(observer: Observer, setup: Any = None) -> NativeIds | None:
    """The native core's copy of the observer's ids and tensor (built once per board, kind of
    tensor and Legacy setup: `setup`, None the demo pack's game 1), or None where the core cannot
    play the board (or this Legacy setup) or write the tensor (the information state reads the
    public log: the Python observer writes it)."""
    rules = observer.rules
    if not plays_by_ids(rules) or observer.history:
        return None
    legacy = rules.edition.name == LEGACY
    if setup is not None and not legacy:
        raise TtrError(f"{rules.edition.title} takes no setup")
    if legacy:
        try:
            static = static_game(rules, setup)  # (a dict read; TtrError: a setup the core does not play)
            core_rules(static.rules, static.setup)  # (TtrError: a board past the core's sizes)
        except TtrError:
            return None
        if static.rules is not rules:  # (observer of the base board, games on a grown one: board_of)
            return None
        setup = static.setup
    key = (rules, observer.private, setup)
    if key in _IDS:
        return _IDS[key]
    try:
        tables = observer.native_tables(setup)
    except TtrError:  # (fields the core does not write: none on the boards it plays, so far)
        _IDS[key] = None
        return None
    space = observer.space
    ids = _IDS[key] = NativeIds(rules, id_rows(space), tables, step_rows(space) if space.stepped_routes else None,
                                setup)
    return ids


def _no_game(*_: Any) -> Any:
    raise TtrError("the environment has no game yet: call reset() first")


class Table:
    """A game of one board and player count, played by integer ids. Seats given as None take
    their ids from outside (`step`); the others are bots that `run_bots` asks (the match loop).
    `engine`: "auto" (the native core where it plays the board), "python" or "native". `setup`
    (Legends of the West): the games' LegacySetup (None: the demo pack's game 1)."""

    def __init__(self, map_name: str, players: int, *, observer: Observer | None = None, engine: str = "auto",
                 setup: Any = None):
        if engine not in ENGINES:
            raise TtrError(f"unknown engine {engine!r}; one of {', '.join(ENGINES)}")
        self.rules = get_ruleset(map_name, players)
        if setup is not None and self.rules.edition.name != LEGACY:
            raise TtrError(f"setup: {self.rules.edition.title} takes no setup (Legends of the West's games do)")
        self.options: dict[str, Any] = {} if setup is None else {"setup": setup}  # the games' (Legacy: their setup)
        self.rules = board_of(self.rules, self.options)
        if observer is not None and observer.rules is not self.rules:
            raise TtrError("observer: of another board than the games' (a setup's frontier boards grow the board: "
                           "build the observer on ttr.adapters.core.board_of(rules, {'setup': setup}))")
        self.observer = observer or Observer(self.rules)
        self.space = self.observer.space
        self.n = self.space.n
        self.native = native_ids(self.observer, setup) if engine != "python" else None
        if engine == "native" and self.native is None:
            raise TtrError(f"the native core does not play {self.rules.edition.title} with this observer "
                           "(it plays USA, Europe, Nordic, World, Great Lakes and the Legends of the West setups "
                           "ttr.native.legacy_supported accepts, without the information state, which reads the "
                           "public log); use engine='python' or 'auto'")
        self.engine = "native" if self.native is not None else "python"
        self.match: Match | None = None
        self._game: Game | None = None  # the match's game
        self.prefix: tuple[int, ...] = ()
        self._mask_at: tuple[Game, int, tuple[int, ...]] | None = None  # the position self._mask is of
        self._mask = np.zeros(self.n, dtype=np.int8)
        self._zeros = np.zeros(self.n, dtype=np.int8)
        # the core's calls on the game (engine="native"; bound at reset)
        self._nmask = self._nobs = self._nindex = self._nboth = _no_game

    def reset(self, seed: int, seats: Sequence[Seat | None] | None = None) -> Game:
        game = new_game(self.rules.map.name, self.rules.players, seed, record=self.observer.history,
                        engine=self.engine, **self.options)
        self.match = Match(game, list(seats) if seats is not None else [None] * self.rules.players)
        self._game = game
        self.prefix = ()
        self._mask_at = None
        if self.native is not None:
            self._nmask, self._nobs, self._nindex, self._nboth = self.native.bound(game)  # type: ignore[arg-type]
        return game

    _HANDLES = ("native", "_nmask", "_nobs", "_nindex", "_nboth")  # (the core's: rebuilt when unpickled)

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the core's handles (SuperSuit, Ray and multiprocessing copy
        environments by pickling them); a game in play is pickled with it."""
        return {k: v for k, v in self.__dict__.items() if k not in self._HANDLES}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.__dict__.setdefault("options", {})  # (a Table pickled before setups)
        self.native = native_ids(self.observer, self.options.get("setup")) if self.engine == "native" else None
        self._nmask = self._nobs = self._nindex = self._nboth = _no_game
        if self.native is not None and self._game is not None:
            self._nmask, self._nobs, self._nindex, self._nboth = self.native.bound(self._game)  # type: ignore[arg-type]

    @property
    def live(self) -> Match:
        if self.match is None:
            raise TtrError("the environment has no game yet: call reset() first")
        return self.match

    @property
    def game(self) -> Game:
        g = self._game
        if g is None:
            raise TtrError("the environment has no game yet: call reset() first")
        return g

    over = property(lambda self: self.game.is_over, doc="the game is over")
    to_move = property(lambda self: self.game.current_player, doc="the seat to move")

    def _legal_mask(self) -> np.ndarray:
        """int8[n]: the legal next steps of the seat to move on the Python engine, computed once
        per position (not to be changed: mask() hands out copies; the core keeps its own legal
        actions per position and writes masks afresh)."""
        g = self._game or self.game
        at = self._mask_at
        if at is None or at[0] is not g or at[1] != g.ply or at[2] != self.prefix:  # one per position
            self._mask_at = (g, g.ply, self.prefix)
            self._mask = self._zeros if g.is_over else self.space.mask(g, self.prefix).view(np.int8)
        return self._mask

    def mask(self, seat: int | None = None) -> np.ndarray:
        """int8[n]: the ids legal for `seat` (default: the seat to move) as its next step; all
        zero when another seat is to move or the game is over."""
        g = self._game or self.game
        if g.is_over or (seat is not None and seat != g.current_player):
            return np.zeros(self.n, dtype=np.int8)
        if self.native is not None:  # the core writes it
            out = np.empty(self.n, dtype=np.int8)
            if self.prefix:
                self._nmask(out, self.prefix)
            else:
                self._nmask(out)
            return out
        return self._legal_mask().copy()

    def legal(self, i: int) -> bool:
        """Is id `i` legal for the seat to move as its next step?"""
        if not 0 <= i < self.n:
            return False
        if self.native is not None:  # (-2: a payment step that does not finish the claim)
            return bool((self._nindex(i, self.prefix) if self.prefix else self._nindex(i)) != -1)
        return bool(self._legal_mask()[i])

    def observe(self, seat: int) -> np.ndarray:
        """The seat's tensor, from its Observation only (with its own partial move, if it is paying;
        with the public log, for an observer that reads it)."""
        g = self._game or self.game
        if self.native is not None:  # the same tensor, written by the core
            out = np.empty(self.native.size, dtype=np.float32)
            if self.prefix:
                self._nobs(seat, out, self.prefix)  # (the seat to move's claim under way)
            else:
                self._nobs(seat, out)
            return out
        pending = self.prefix if seat == g.current_player else ()
        return self.observer.encode(g.observe(seat), pending, g.log if self.observer.history else None)

    def observation(self, seat: int) -> dict[str, np.ndarray]:
        """{"observation": observe(seat), "action_mask": mask(seat)}, what the environments hand out."""
        if self.native is not None:
            obs = np.empty(self.native.size, dtype=np.float32)
            mask = np.empty(self.n, dtype=np.int8)
            if self.prefix:
                self._nboth(seat, obs, mask, self.prefix)
            else:
                self._nboth(seat, obs, mask)
            return {"observation": obs, "action_mask": mask}
        return {"observation": self.observe(seat), "action_mask": self.mask(seat)}

    def step(self, i: int) -> Action | None:
        """Take id `i` for the seat to move: the action it completes (applied), or None while a
        payment goes on. An id that is not legal raises ttr.IllegalActionIdError (nothing changes)."""
        if self.native is not None:
            g = self._game or self.game
            i = int(i)
            k = (self._nindex(i, self.prefix) if self.prefix else self._nindex(i)) if 0 <= i < self.n else -1
            if k == -2:  # a payment step: the claim goes on
                self.prefix += (i,)
                return None
            if k >= 0:  # legal for the seat to move: the action it completes
                done = g.legal_actions()[k]
                g.apply(done)  # (what Match.play would check is checked: the core found the id legal)
                self.prefix = ()
                return done
        try:
            a = self.space.decode(int(i), self.game, self.prefix)
        except ImportError:  # ActionSpace fails while explaining an illegal id (ttr.engine has no why_illegal)
            raise IllegalActionIdError(self._why_not(int(i))) from None
        if a is None:
            self.prefix += (int(i),)
            return None
        self.prefix = ()
        self.live.play(self.game.current_player, a)
        return a

    def _why_not(self, i: int) -> str:
        """Why id `i` is not legal: the engine's explanation of its action (game.check)."""
        why = "not in the mask"
        try:
            a = self.space.decode(i, None, self.prefix)  # the layout's action, unchecked
            if a is not None:
                self.game.check(a)
        except IllegalActionError as e:
            why = str(e)
        except TtrError:
            pass  # a keep: decoding it needs the game
        return f"id {i} ({self.space.describe(i)}) is not legal: {why}"

    def run_bots(self) -> None:
        """Let the bot seats move until a seat taking ids from outside is to move, or the end.
        The random bot reads only the legal moves of its Observation: it is asked with those
        (the same move from its generator) without building the rest of the Observation."""
        m = self.live
        g = m.game
        seats = m.seats
        while not g.is_over:
            bot = seats[g.current_player]
            if bot is None:
                return
            if bot.__class__ is RandomAgent:
                legal = g.legal_actions()
                g.apply(legal[int(bot.rng.random() * len(legal))])
            else:
                m.step()


def render_view(view: View) -> str:
    """A few lines of text of what one seat (or a spectator: `game.view(None)`) sees, for render modes."""
    you = view["you"]
    lines = [f"{view['title']}: turn {view['turn']}, {view['phase']}, seat {view['current_player']} to move"
             f"{' (last round)' if view['last_round'] else ''}",
             "face up: " + ", ".join(c or "-" for c in view["face_up"]) + f"; deck {view['deck_size']}"]
    for p in view["players"]:
        owned = sum(1 for s in view["routes"].values() if s == p["seat"])
        lines.append(f"  seat {p['seat']}{' (you)' if p['seat'] == view['seat'] else ''}: score {p['score']}, "
                     f"{p['trains']} trains, {p['hand_size']} cards, {p['tickets']} tickets, {owned} routes")
    if you is not None:
        hand = ", ".join(f"{n} {c}" for c, n in you["hand"].items()) or "no cards"
        tickets = "; ".join("-".join(t["cities"]) + f" ({t['points']})" for t in you["tickets"]) or "none"
        lines += [f"your hand: {hand}", f"your tickets: {tickets}"]
        if you["offer"]:
            lines.append(f"offered tickets: {you['offer']}")
    if view["result"]:
        lines.append("over: winners " + ", ".join(map(str, view["result"]["winners"])))
    return "\n".join(lines)


__all__ = ["ENGINES", "REWARDS", "Rewards", "Table", "check_reward", "episode_result", "id_rows", "native_ids", "step_rows", "render_view", "scores"]
