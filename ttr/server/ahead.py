"""Choices made ahead of one's turn. In the setup phases where every seat chooses in secret (G7's
first tickets, RS1's pieces), a seat at a table by link may choose before its turn: the server
keeps the choice and plays it for the seat, in seat order, when its turn comes, so the game is the
same as if each had chosen in turn. What the seat may choose comes from the engine alone: a copy
of the game is played on to the seat's turn (the seats before it choosing anything: a seat's
options there depend on its own deal only) and asked."""
from __future__ import annotations

from ..engine import Game, Phase

AHEAD_PHASES = frozenset({Phase.INITIAL_TICKETS, Phase.CHOOSE_PIECES})


def turn_ahead(game: Game, seat: int) -> Game | None:
    """A copy of the game at `seat`'s turn in the setup phase now being played, or None where the
    seat cannot choose ahead (no such phase, its turn is now, or it has chosen already)."""
    if game.is_over or game.phase not in AHEAD_PHASES or game.current_player == seat:
        return None
    g = game.clone()
    phase = g.phase
    while g.current_player != seat:
        g.apply_unchecked(g.legal_actions()[0])
        if g.is_over or g.phase != phase:
            return None
    return g


__all__ = ["AHEAD_PHASES", "turn_ahead"]
