"""Who holds a seat: one protocol for bots, the terminal human, a web client, a
Ray worker or an RL policy. A seat is given an Observation (the static rules,
its own view and its legal moves, never the Game) and returns its move."""
from __future__ import annotations

from typing import Protocol, runtime_checkable

from ..engine import Action
from ..engine import Observation
from ..errors import IllegalActionError, TtrError


@runtime_checkable
class Seat(Protocol):
    def act(self, obs: Observation) -> Action | str:
        """The move to play: one of obs.legal (an Action or its canonical text)."""
        ...


@runtime_checkable
class InteractiveSeat(Seat, Protocol):
    """A seat that may try again: the match tells it why a move was refused (the engine's
    explanation) and asks again; other seats that offer an illegal move fail the match."""

    def refused(self, action: Action | str, error: IllegalActionError) -> None: ...


class SeatError(TtrError):
    """A seat failed: it raised, or offered a move that is not legal."""


__all__ = ["InteractiveSeat", "Seat", "SeatError"]
