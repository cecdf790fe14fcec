"""Running games: the seat protocol, the one match loop, and what is built on it
(many games between bots: sim.py; bots against bots with statistics: arena.py)."""
from .match import Match
from .seat import InteractiveSeat, Seat, SeatError

__all__ = ["InteractiveSeat", "Match", "Seat", "SeatError"]
