"""The match loop: the one place where seats are asked for moves and the moves are
applied, used by simulate, arena, demo, play, the campaign and the server.

    match = Match(game, [make_agent("planner", 1), make_agent("random", 2)])
    match.run()

A seat may be None: its moves come from outside (`match.play(seat, action)`),
as a server receives them. Every move goes through the engine's checked
`check` and then `apply` (or the `commit` given, which must apply it to the same
game and may store it first, as the campaign does); the game is never handed to a seat.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from ..engine import Action, Game, Observation
from ..errors import IllegalActionError, TtrError
from .seat import Seat, SeatError

MoveListener = Callable[["Match", int, Action], None]


class Match:
    def __init__(self, game: Game, seats: Sequence[Seat | None], *, commit: Callable[[Action], Any] | None = None,
                 on_move: MoveListener | None = None, fallback: bool = False, names: Sequence[str] | None = None):
        if len(seats) != game.num_players:
            raise TtrError(f"{len(seats)} seats for a {game.num_players}-player game")
        self.game = game
        self.seats = list(seats)
        self.names = list(names) if names is not None else [getattr(s, "name", "external") for s in seats]
        self._commit = commit or game.apply_unchecked
        self.on_move = on_move
        self.fallback = fallback   # a failing bot plays its first legal move instead of ending the match
        n = game.num_players
        self.seconds = [0.0] * n   # thinking time per seat
        self.slowest = [0.0] * n   # slowest move per seat
        self.moves = [0] * n       # moves chosen per seat
        self.faults: list[tuple[int, str]] = []  # (seat, what went wrong) where fallback played instead

    @property
    def over(self) -> bool:
        return self.game.is_over

    @property
    def to_move(self) -> int:
        return self.game.current_player

    def observe(self, seat: int) -> Observation:
        return self.game.observe(seat)

    def waiting_for_outside(self) -> bool:
        """The seat to move takes its moves from outside (play())."""
        return not self.over and self.seats[self.to_move] is None

    def play(self, seat: int, action: Action | str) -> Action:
        """Apply `seat`'s move (IllegalActionError, nothing changed, if it is not that seat's turn
        or not legal)."""
        if self.over:
            raise IllegalActionError(f"seat {seat}: the game is over")
        if seat != self.to_move:
            raise IllegalActionError(f"seat {seat}: it is seat {self.to_move}'s move, not yours")
        a = self.game.check(action)
        self._commit(a)
        if self.on_move:
            self.on_move(self, seat, a)
        return a

    def step(self) -> Action:
        """Ask the seat to move for its move and apply it."""
        seat = self.to_move
        player = self.seats[seat]
        if player is None:
            raise TtrError(f"seat {seat} takes its moves from outside: use play()")
        while True:
            obs = self.observe(seat)
            t0 = time.perf_counter()
            refused = getattr(player, "refused", None)
            try:
                action = player.act(obs)
            except Exception as e:  # noqa: BLE001 - a bot's own failure, reported or replaced
                if refused is not None:
                    raise  # an interactive seat's exception (a human leaving) is not a fault
                action = self._fault(seat, obs, f"{self.names[seat]} failed: {e}", e)
            dt = time.perf_counter() - t0
            self.seconds[seat] += dt
            self.slowest[seat] = max(self.slowest[seat], dt)
            self.moves[seat] += 1
            try:
                return self.play(seat, action)
            except IllegalActionError as e:
                if refused is not None:  # an interactive seat: say why, ask again
                    refused(action, e)
                    continue
                action = self._fault(seat, obs, f"{self.names[seat]} (seat {seat}, turn {self.game.turn}): {e}", e)
                return self.play(seat, action)

    def _fault(self, seat: int, obs: Observation, message: str, error: Exception) -> Action:
        if not self.fallback:
            raise SeatError(message) from error
        self.faults.append((seat, message))
        return obs.legal[0]

    def run(self, max_moves: int | None = None) -> Game:
        """Step until the game is over, a seat takes its moves from outside, or `max_moves` moves."""
        done = 0
        while not self.over and not self.waiting_for_outside():
            if max_moves is not None and done >= max_moves:
                break
            self.step()
            done += 1
        return self.game


__all__ = ["Match", "MoveListener"]
