"""What the environments share: a game played by integer ids through the match loop, with the
payment-step prefix, the seat's tensor and mask, and the rewards.

A move is one id for most actions; a claim paid in steps (docs/action-space.md) is several, all
by the same seat: after each step but the last, the game is unchanged, the same seat is still to
move and its mask offers the next steps (its observation shows the steps taken so far).
"""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..editions import get_ruleset, new_game
from ..engine import Action, Game, View
from ..errors import IllegalActionError, IllegalActionIdError, TtrError
from ..runtime.arena import win_shares
from ..runtime.match import Match
from ..runtime.seat import Seat
from .observation import Observer

REWARDS = {
    "win": "at the end, the seat's win share (1 for a win, 1/k for a win shared by k seats, else 0)",
    "score": "after every move, the change in the seat's points / 100; at the end, the rest of its final total "
             "(tickets, bonuses) / 100: over a game the rewards add up to (final total - starting score) / 100",
}


def scores(game: Game) -> list[int]:
    """Every seat's score as it stands (Legacy: money), from the integer state."""
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
        now = [p["total"] for p in g.result()["players"]] if g.is_over else scores(g)
        out = [(a - b) / 100 for a, b in zip(now, self.last)]
        self.last = now
        return out


class Table:
    """A game of one board and player count, played by integer ids. Seats given as None take
    their ids from outside (`step`); the others are bots that `run_bots` asks (the match loop)."""

    def __init__(self, map_name: str, players: int, *, observer: Observer | None = None):
        self.rules = get_ruleset(map_name, players)
        self.observer = observer or Observer(self.rules)
        self.space = self.observer.space
        self.n = self.space.n
        self.match: Match | None = None
        self.prefix: tuple[int, ...] = ()
        self._mask_at: tuple[Game, int, tuple[int, ...]] | None = None  # the position self._mask is of
        self._mask = np.zeros(self.n, dtype=np.int8)

    def reset(self, seed: int, seats: Sequence[Seat | None] | None = None) -> Game:
        game = new_game(self.rules.map.name, self.rules.players, seed, record=self.observer.history)
        self.match = Match(game, list(seats) if seats is not None else [None] * self.rules.players)
        self.prefix = ()
        return game

    @property
    def live(self) -> Match:
        if self.match is None:
            raise TtrError("the environment has no game yet: call reset() first")
        return self.match

    @property
    def game(self) -> Game:
        return self.live.game

    over = property(lambda self: self.live.over, doc="the game is over")
    to_move = property(lambda self: self.live.to_move, doc="the seat to move")

    def mask(self, seat: int | None = None) -> np.ndarray:
        """int8[n]: the ids legal for `seat` (default: the seat to move) as its next step; all
        zero when another seat is to move or the game is over."""
        g = self.game
        if g.is_over or (seat is not None and seat != g.current_player):
            return np.zeros(self.n, dtype=np.int8)
        at = self._mask_at
        if at is None or at[0] is not g or at[1] != g.ply or at[2] != self.prefix:  # one per position
            self._mask_at = (g, g.ply, self.prefix)
            self._mask = self.space.mask(g, self.prefix).astype(np.int8)
        return self._mask.copy()

    def observe(self, seat: int) -> np.ndarray:
        """The seat's tensor, from its Observation only (with its own partial move, if it is paying;
        with the public log, for an observer that reads it)."""
        g = self.game
        pending = self.prefix if seat == g.current_player else ()
        return self.observer.encode(g.observe(seat), pending, g.log if self.observer.history else None)

    def step(self, i: int) -> Action | None:
        """Take id `i` for the seat to move: the action it completes (applied), or None while a
        payment goes on. An id that is not legal raises ttr.IllegalActionIdError (nothing changes)."""
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
        """Let the bot seats move until a seat taking ids from outside is to move, or the end."""
        self.live.run()


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


__all__ = ["REWARDS", "Rewards", "Table", "check_reward", "render_view", "scores"]
