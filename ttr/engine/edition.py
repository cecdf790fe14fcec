"""An edition: the rule parameters that distinguish one game of the family, as data.

New editions are data (a frozen Edition) plus, where needed, a small subclass
overriding a hook (how a route may be paid for), their own action kinds
(`kinds`) and a PyGame subclass for state of their own (`game_class`). The
concrete editions and the registry by name live above the engine (ttr.editions).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING

from ..cards import COLORS, LOCO

if TYPE_CHECKING:  # pragma: no cover
    from .actions import ActionKind, Payment
    from .game import PyGame

# A route's payment key (Ruleset.r_key): (colour or -1 for gray, length, ferry locomotives,
# tunnel, any_four, kind (0 train, 1 ship), paired spaces). Routes with equal keys pay alike.
RouteKey = tuple[int, int, int, bool, bool, int, int]


@dataclass(frozen=True)
class Edition:
    name: str                      # registry name = map name
    title: str
    min_players: int = 2
    max_players: int = 5
    trains: int = 45
    stations: int = 0              # stations per player (Europe: 3)
    station_points: int = 4        # per unbuilt station
    hand_size: int = 4
    face_up: int = 5
    cards_per_color: int = 12
    locomotives: int = 14
    loco_reset: int | None = 3     # G2: this many face-up locomotives reset the display; None: never
    reset_cap: int = 10            # G2: at most this many resets in a row
    face_up_loco_whole_draw: bool = True  # G4
    locos_wild_everywhere: bool = True    # Nordic: only on ferries and tunnels
    ferry_any_cards: int | None = None    # Nordic: any N cards replace a ferry locomotive
    tunnel_reveal: int = 3
    initial_long: int = 0          # long tickets dealt at setup (Europe: 1)
    initial_regular: int = 3
    initial_keep: int = 2
    initial_unkept_to_box: bool = False   # False: under the pile
    later_draw: int = 3
    later_keep: int = 1
    later_unkept_to_box: bool = False
    doubles_min_players: int = 4   # G1: below this, claiming one lane closes the others
    end_trains: int = 2            # G6: the last round starts at this many trains or fewer
    route_points: dict[int, int] = field(default_factory=lambda: {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15})
    longest_bonus: int | None = 10
    longest_bonus_name: str = "longest_path"
    globetrotter_bonus: int | None = None
    tie_breaks: tuple[str, ...] = ("tickets_completed", "longest_path")
    # Rails & Sails and later editions; the defaults are the one-deck train game.
    n_kinds: int = LOCO + 1        # hands index card kinds 0 .. n_kinds - 1 (ttr.cards)
    wild: int = LOCO               # the wild card: locomotive (joker in Rails & Sails)
    face_up_per_deck: tuple[int, ...] | None = None  # display slots dealt from each deck (None: all from one)
    hand_per_deck: tuple[int, ...] | None = None    # cards dealt from each deck (None: hand_size from one)
    ships: int = 0                 # most ship pieces a player may take (RS1)
    pieces_total: int | None = None  # pieces each player keeps, chosen secretly (RS1); None: trains
    final_rounds: int = 1          # G6: turns each player gets once the end triggers
    harbors: int = 0               # harbors per player (RS5)
    harbor_points: tuple[int, ...] = ()  # a harbor with 1, 2, 3+ completed tickets naming its city
    harbor_penalty: int = 4        # per unbuilt harbor
    exchange: bool = False         # pieces may be exchanged with the box (RS6)
    money: bool = False            # scores are dollars held (Legacy, L1)
    # Legacy
    short_initial_keep: int = 1    # too few tickets for a full initial deal: keep at least this many (L3)
    triples_open: bool = False     # G1: triple routes never close (Legacy)
    draw_floor: int | None = None  # L2: no card may be drawn while draw pile + discard hold this many or fewer
    may_stop_drawing: bool = False # RS2: after the first card a player may take no second card
    kinds: tuple["ActionKind", ...] = ()  # the edition's own action kinds (stations, harbors, ...)
    own_phases: tuple[str, ...] = ()      # phases after OVER that only this edition reaches (Legacy: extras)

    # --- hooks -------------------------------------------------------------

    def game_class(self) -> type[PyGame] | None:
        """The PyGame subclass that plays this edition (None: the plain PyGame)."""
        return None

    def deck_contents(self, players: int | None = None) -> tuple[list[int], ...]:
        """The cards of each deck (one deck: the colours and the locomotives)."""
        return ([c for c in range(len(COLORS)) for _ in range(self.cards_per_color)]
                + [LOCO] * self.locomotives,)

    def deck_of(self, kind: int) -> int:
        """The deck (and discard) a card kind belongs to."""
        return 0

    def reach_index(self, key: RouteKey) -> int:
        """Where claim_reach() puts the bound for routes with this key."""
        return key[0] + 1

    def harbor_payments(self, hand: Sequence[int]) -> Sequence[Payment]:
        """Ways to pay for a harbor (RS5); none in editions without harbors."""
        return ()

    def payments(self, hand: Sequence[int], key: RouteKey) -> Sequence[Payment]:
        """Every card set that pays for a route. `key` is (colour or -1 for gray,
        length, ferry locomotives, tunnel, any_four, ...: RouteKey). A payment is ((kind, count), ...)
        sorted by kind. E3: ferry spaces need locomotives; locomotives are wild."""
        color, n, f = key[0], key[1], key[2]
        locos = hand[LOCO]
        if locos > n:
            locos = n
        if color >= 0:
            h = hand[color]
            return _one_colour(color, n, f, h if h < n else n, locos, True)
        return _gray(n, f, hand if hand.__class__ is tuple else tuple(hand))

    def payment_key(self, key: RouteKey) -> tuple[int, ...]:
        """The part of a route's key its payments depend on (routes with equal
        payment keys share one payment list per turn). Tunnels pay like plain routes here."""
        return key[:3]

    def claim_reach(self, hand: Sequence[int]) -> list[int]:
        """Upper bounds on the length of route this hand can pay for, indexed by
        route colour + 1 (index 0: gray)."""
        locos = hand[LOCO]
        reach = [h + locos for h in hand[:LOCO]]
        reach.insert(0, max(reach))  # gray: the best colour
        return reach

    def tunnel_payments(self, hand: Sequence[int], paid_color: int, extra: int) -> list[Payment]:
        """E2: ways to pay `extra` more cards: the paid colour or locomotives
        (only locomotives if the claim was paid with locomotives alone)."""
        locos = hand[LOCO]
        if paid_color < 0:
            return [((LOCO, extra),)] if locos >= extra else []
        h = hand[paid_color]
        out: list[Payment] = []
        for k in range(max(0, extra - h), min(locos, extra) + 1):
            if k == extra:
                out.append(((LOCO, extra),))
            else:
                out.append(((paid_color, extra - k), (LOCO, k)) if k else ((paid_color, extra),))
        return out

    def station_payments(self, hand: Sequence[int], cost: int) -> Sequence[Payment]:
        """E4: the k-th station costs k cards of one colour, locomotives wild."""
        return self.payments(hand, (-1, cost, 0, False, False, 0, 0))


_COLOR_RANGE = range(len(COLORS))


@lru_cache(maxsize=1 << 16)
def _gray(n: int, ferry: int, hand: tuple[int, ...]) -> tuple[Payment, ...]:
    """Payments of a gray route of length n: any one colour, locomotives wild."""
    locos = min(hand[LOCO], n)
    out: tuple[Payment, ...] = ()
    for c in _COLOR_RANGE:
        h = hand[c]
        if h:
            out += _one_colour(c, n, ferry, min(h, n), locos, False)
    return out + ((((LOCO, n),),) if locos >= n else ())


@lru_cache(maxsize=None)
def _one_colour(c: int, n: int, ferry: int, h: int, locos: int, all_locos: bool) -> tuple[Payment, ...]:
    """Payments of n spaces with colour c (h held, capped at n) and locomotives
    (locos held, capped at n), at least `ferry` of them locomotives; the
    all-locomotive payment only if `all_locos`. Bounded key space: cached."""
    out: list[Payment] = []
    if h:
        lo = ferry if ferry > n - h else n - h
        hi = locos if locos < n - 1 else n - 1
        for k in range(lo, hi + 1):
            out.append(((c, n - k), (LOCO, k)) if k else ((c, n),))
    if all_locos and locos >= n:
        out.append(((LOCO, n),))
    return tuple(out)
