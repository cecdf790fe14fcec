"""Legacy: Legends of the West, game-1 rules as data (L1-L5)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...cards import COLOR_INDEX, LOCO, NEWSPAPER
from ...engine.edition import Edition
from ...engine.phases import EXTRAS
from .extras import EXTRA_KIND
from .trade import TRADE_KIND

if TYPE_CHECKING:  # pragma: no cover
    from .game import LegacyGame

CARD_COLORS = ("black", "blue", "white", "green", "yellow", "red")  # L2: six colours, no purple or orange
NEWSPAPERS = {2: 6, 3: 4, 4: 3, 5: 3}                               # L2: shuffled in by player count
TRAINS_BONUS = ((0, 16), (1, 12), (2, 9), (3, 7), (4, 6), (7, 4), (10, 2))  # L5: at most this many left -> $


def remaining_trains_bonus(trains_left: int) -> int:
    """L5: 0:16, 1:12, 2:9, 3:7, 4:6, 5-7:4, 8-10:2, 11+:0."""
    for most, dollars in TRAINS_BONUS:
        if trains_left <= most:
            return dollars
    return 0


@dataclass(frozen=True)
class LegacyEdition(Edition):
    start_money: int = 5

    def deck_contents(self, players: int | None = None) -> tuple[list[int], ...]:
        cards = [COLOR_INDEX[c] for c in CARD_COLORS for _ in range(self.cards_per_color)]
        return (cards + [LOCO] * self.locomotives + [NEWSPAPER] * NEWSPAPERS.get(players or 2, 3),)

    def game_class(self) -> type[LegacyGame]:
        from .game import (
            LegacyGame,  # the rules' state machine; imported late (it imports the engine)
        )
        return LegacyGame


LEGENDS_WEST = LegacyEdition(
    name="legends-west",
    title="Ticket to Ride Legacy: Legends of the West",
    min_players=2,
    max_players=5,
    trains=20,                     # L4: game 1; a campaign's setup says how many
    hand_size=4,
    face_up=5,
    cards_per_color=12,
    locomotives=12,                # the wild train cards
    n_kinds=NEWSPAPER + 1,
    initial_regular=4,             # L3: deal 4, keep >= 2; short deal keeps >= 1
    initial_keep=2,
    short_initial_keep=1,
    later_draw=3,
    later_keep=1,
    doubles_min_players=4,         # G1: 2-3 players close doubles ...
    triples_open=True,             # ... but never triple routes
    draw_floor=8,                  # L2
    end_trains=2,                  # L5
    route_points={n: 0 for n in range(1, 10)},  # L1: claiming pays nothing by itself
    money=True,                    # L1: players hold dollars
    longest_bonus=None,
    tie_breaks=("tickets_completed", "later_in_turn_order"),
    kinds=(TRADE_KIND, EXTRA_KIND),  # rulebook 278: an event's or a rule's action (trade.py); 322: extras.py
    own_phases=(EXTRAS,),          # rulebook 322: extra wild cards for offers, right after a claim
)
