"""The turn structure as data (boardgame.io's phases and stages): what a position
is waiting for. A game is always in exactly one phase; `moves.PHASE_MOVES` says
which actions each phase offers."""
from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    INITIAL_TICKETS = "initial-tickets"  # G7: each player keeps initial tickets, in seat order
    CHOOSE_PIECES = "choose-pieces"      # RS1: each player secretly chooses trains and ships
    TURN = "turn"                        # start of a turn: any action
    SECOND_CARD = "second-card"          # after a first card that allows a second
    TUNNEL = "tunnel"                    # E2: pay the revealed extra, or decline
    KEEP_TICKETS = "keep-tickets"        # after drawing tickets mid-game
    OVER = "over"
    EXTRAS = "extras"                    # Legacy (rulebook 322-324): extra wild cards for offers, after a claim;
                                         # after OVER so the codes of the other phases stay as they were


# Module-level names for the hot path (a global is faster than a class attribute).
INITIAL_TICKETS = Phase.INITIAL_TICKETS
CHOOSE_PIECES = Phase.CHOOSE_PIECES
TURN = Phase.TURN
SECOND_CARD = Phase.SECOND_CARD
TUNNEL = Phase.TUNNEL
KEEP_TICKETS = Phase.KEEP_TICKETS
OVER = Phase.OVER
EXTRAS = Phase.EXTRAS
PHASES = tuple(Phase)

__all__ = ["Phase", "PHASES", "INITIAL_TICKETS", "CHOOSE_PIECES", "TURN", "SECOND_CARD", "TUNNEL", "KEEP_TICKETS",
           "OVER", "EXTRAS"]
