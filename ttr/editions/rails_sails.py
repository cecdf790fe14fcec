"""Rails & Sails (RS1-RS7): two decks (train and ship cards), train and ship
pieces chosen secretly, paired spaces, double-ship cards, harbors, exchanges and
tours. Boards: World (`world`) and Great Lakes (`great-lakes`).

Card kinds (ttr.cards): per colour a train card, an anchored train card, a
single-ship card (always anchored) and a double-ship card; and the joker, which
is wild for any one space of either kind (RS3).

Every payment is a multiset of cards, offered once, and minimal (RS3: no card
could be removed while still paying):
* train route of length n: n cards: train cards of the colour (plain or anchored) and jokers;
* paired route (every space paired): 2 cards per space, each pair one colour or with jokers
  (the colour may change from space to space), so 2n cards whose colours can be paired;
* ship route of length n: single ships (1 space), double ships (up to 2) and jokers (1) of
  the colour adding up to exactly n, or only double ships adding up to n + 1.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from collections.abc import Sequence
from math import prod
from typing import TYPE_CHECKING, Any

from ..cards import COLOR_INDEX, JOKER, RS_COLORS, rs_card
from ..engine.actions import (
    EXCHANGE,
    IdBlock,
    HARBOR,
    PIECES,
    Action,
    ActionKind,
    CityTarget,
    ExchangeTarget,
    Payment,
    PiecesTarget,
    register,
)
from ..engine.edition import Edition, RouteKey
from ..engine.legal import NO_CARDS, Family
from ..engine.moves import piece_choices
from ..engine.phases import TURN
from ..engine.turn import cards_words
from ..lazy import LazySequence

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.game import PyGame
    from ..engine.legal import LegalActions, Segment
    from ..engine.ruleset import Ruleset

_TRAIN: dict[int, int] = {}  # base colour index -> card kind
_ANCHOR: dict[int, int] = {}
_SHIP: dict[int, int] = {}
_DOUBLE: dict[int, int] = {}
for _c in RS_COLORS:
    _ci = COLOR_INDEX[_c]
    _TRAIN[_ci], _ANCHOR[_ci] = rs_card(_c, "train"), rs_card(_c, "train-anchor")
    _SHIP[_ci], _DOUBLE[_ci] = rs_card(_c, "ship"), rs_card(_c, "double-ship")
RS_COLOR_IDS = tuple(COLOR_INDEX[c] for c in RS_COLORS)
SHIP_KINDS = frozenset(_SHIP.values()) | frozenset(_DOUBLE.values())
_TRAIN_KINDS = tuple(k for ci in RS_COLOR_IDS for k in (_TRAIN[ci], _ANCHOR[ci]))   # pairs per colour
_SHIP_PAIR_KINDS = tuple(k for ci in RS_COLOR_IDS for k in (_SHIP[ci], _DOUBLE[ci]))
_HARBOR_KINDS = tuple(k for ci in RS_COLOR_IDS for k in (_ANCHOR[ci], _SHIP[ci]))
_PAIRED_KINDS = frozenset(_TRAIN_KINDS) | {JOKER}
_TRAIN_BY_COLOR = tuple((ci, _TRAIN[ci], _ANCHOR[ci]) for ci in RS_COLOR_IDS)
_SHIP_BY_COLOR = tuple((ci, _SHIP[ci], _DOUBLE[ci]) for ci in RS_COLOR_IDS)
N_REACH = 19  # claim_reach: (colour + 1) for train routes, 9 + (colour + 1) for ship routes, 18 paired routes
_REACH_KINDS = tuple((ci, _TRAIN[ci], _ANCHOR[ci], _SHIP[ci], _DOUBLE[ci]) for ci in RS_COLOR_IDS)


def _pairs_of(flat: list[int]) -> tuple[tuple[int, int], ...]:
    """[a0, b0, a1, b1, ...] -> ((a0, b0), (a1, b1), ...)."""
    return tuple(zip(flat[::2], flat[1::2]))


def _pay(counts: dict[int, int]) -> Payment:
    return tuple(sorted((k, v) for k, v in counts.items() if v))


@lru_cache(maxsize=1 << 16)
def _train_payments(colors: tuple[int, ...], n: int, held: tuple[tuple[int, int], ...], jokers: int,
                    all_jokers: bool = True) -> tuple[Payment, ...]:
    """n cards of one colour (plain or anchored train cards) with jokers wild.
    held: (plain, anchored) per colour of `colors`, capped at n."""
    out = []
    for ci, (plain, anchored) in zip(colors, held):
        for j in range(min(jokers, n - 1) + 1):  # the all-joker payment is added once below
            for a in range(min(anchored, n - j) + 1):
                x = n - j - a
                if x <= plain:
                    out.append(_pay({_TRAIN[ci]: x, _ANCHOR[ci]: a, JOKER: j}))
    if all_jokers and jokers >= n:
        out.append(((JOKER, n),))
    return tuple(out)


class PairedPayments(LazySequence[Payment]):
    """RS3 paired spaces: every way to pay 2n train cards whose colours can be paired
    (each pair one colour, or with a joker: every colour with an odd count needs a
    joker), as a lazy sequence. A family fixes the jokers and the count of each
    colour; its members are every split of those counts into plain and anchored
    cards, so it is counted as a product and indexed in mixed radix."""
    __slots__ = ("families", "sizes", "_len", "_index")
    families: list[tuple[int, tuple[list[tuple[int, int]], ...]]]
    sizes: list[int]
    _index: dict[tuple[int, tuple[int, ...]], int] | None

    def __init__(self, families: list[tuple[int, tuple[list[tuple[int, int]], ...]]]) -> None:
        self.families = families  # (jokers, per colour: ((plain, anchored), ...) splits)
        self.sizes = [prod(map(len, splits)) for _, splits in families]
        self._len = sum(self.sizes)
        self._index = None  # (jokers, colour counts) -> family, built for `in`

    def _item(self, i: int) -> Payment:
        for size, (j, splits) in zip(self.sizes, self.families):
            if i < size:
                pay = {JOKER: j}
                for ci, opts in reversed(list(zip(RS_COLOR_IDS, splits))):
                    i, r = divmod(i, len(opts))
                    pay[_TRAIN[ci]], pay[_ANCHOR[ci]] = opts[r]
                return _pay(pay)
            i -= size
        raise IndexError(i)  # pragma: no cover

    def __contains__(self, payment: Any) -> bool:  # anything: what dict() refuses is no payment
        try:
            counts = dict(payment)
        except (TypeError, ValueError):
            return False
        if payment != _pay(counts) or any(k not in _PAIRED_KINDS for k in counts):
            return False
        split = [(counts.get(_TRAIN[ci], 0), counts.get(_ANCHOR[ci], 0)) for ci in RS_COLOR_IDS]
        if self._index is None:
            self._index = {(j, tuple(opts[0][0] + opts[0][1] for opts in splits)): i
                           for i, (j, splits) in enumerate(self.families)}
        f = self._index.get((counts.get(JOKER, 0), tuple(x + a for x, a in split)))
        return f is not None and all(s in opts for s, opts in zip(split, self.families[f][1]))

    def describe_families(self) -> list[Family]:
        """The families for clients (ttr.engine.legal.DescribedPayments): the jokers, and per
        colour a part of t cards within (plain, anchored) caps."""
        out: list[Family] = []
        for j, splits in self.families:
            parts: list[tuple[int, dict[int, int], dict[int, int] | None]] = []
            for ci, opts in zip(RS_COLOR_IDS, splits):
                t = opts[0][0] + opts[0][1]
                if t:
                    xs = [x for x, _ in opts]
                    parts.append((t, {_TRAIN[ci]: max(xs), _ANCHOR[ci]: t - min(xs)}, None))
            out.append(({JOKER: j} if j else {}, parts))
        return out

    def __repr__(self) -> str:
        return f"<PairedPayments of {self._len}>"


@lru_cache(maxsize=1 << 14)
def _paired_payments(n: int, held: tuple[tuple[int, int], ...], jokers: int) -> PairedPayments | tuple[()]:
    """held: (plain, anchored) for every Rails & Sails colour, capped at 2n."""
    total = 2 * n
    options = [[[(x, t - x) for x in range(max(0, t - anchored), min(plain, t) + 1)]
                for t in range(plain + anchored + 1)] for plain, anchored in held]
    families: list[tuple[int, tuple[list[tuple[int, int]], ...]]] = []
    for j in range(min(jokers, total) + 1):
        _pair_splits(options, families, 0, total - j, 0, j, [])
    return PairedPayments(families) if families else ()


def _pair_splits(options: list[list[list[tuple[int, int]]]], families: list[tuple[int, tuple[list[tuple[int, int]], ...]]],
                 i: int, left: int, odd: int, j: int, splits: list[list[tuple[int, int]]]) -> None:
    """_paired_payments' families from colour i on: `left` train cards still to split, `odd` colours
    with an odd count so far (each needs a joker), `j` jokers (a module function, not a closure:
    a recursive closure is a reference cycle, freed only by the garbage collector)."""
    if odd > j:
        return
    if i == len(options):
        if left == 0:
            families.append((j, tuple(splits)))
        return
    for t in range(min(len(options[i]) - 1, left) + 1):
        splits.append(options[i][t])
        _pair_splits(options, families, i + 1, left - t, odd + t % 2, j, splits)
        splits.pop()


@lru_cache(maxsize=1 << 16)
def _ship_payments(colors: tuple[int, ...], n: int, held: tuple[tuple[int, int], ...], jokers: int,
                   all_jokers: bool = True) -> tuple[Payment, ...]:
    """RS3: single ships, double ships (up to 2 spaces) and jokers of one colour
    covering n spaces with no superfluous card. held: (singles, doubles) per colour."""
    out = []
    for ci, (singles, doubles) in zip(colors, held):
        for d in range(min(doubles, n // 2) + 1):
            for j in range(min(jokers, n - 2 * d) + 1):
                s = n - 2 * d - j
                if s <= singles and (d or s):  # all-joker payments are added once below
                    out.append(_pay({_SHIP[ci]: s, _DOUBLE[ci]: d, JOKER: j}))
        if n % 2 and doubles >= (n + 1) // 2:  # only double ships: one space of the last one unused
            out.append(((_DOUBLE[ci], (n + 1) // 2),))
    if all_jokers and jokers >= n:
        out.append(((JOKER, n),))
    return tuple(out)


@lru_cache(maxsize=1 << 12)
def _harbor_payments(held: tuple[tuple[int, int], ...], jokers: int) -> tuple[Payment, ...]:
    """RS5: 2 anchored train cards and 2 single ships (all anchored) of one colour,
    jokers wild. held: (anchored trains, single ships) per colour, capped at 2."""
    out = []
    for ci, (anchored, singles) in zip(RS_COLOR_IDS, held):
        for a in range(anchored + 1):
            for s in range(singles + 1):
                j = 4 - a - s
                if 0 <= j <= jokers and j < 4:
                    out.append(_pay({_ANCHOR[ci]: a, _SHIP[ci]: s, JOKER: j}))
    if jokers >= 4:
        out.append(((JOKER, 4),))
    return tuple(out)


@dataclass(frozen=True)
class RailsSailsEdition(Edition):
    """Edition parameters plus the Rails & Sails hooks (RS1-RS7)."""
    train_cards_per_color: tuple[int, int] = (7, 4)   # plain, anchored (RS2)
    ship_cards_per_color: tuple[int, int] = (4, 6)    # single (anchored), double
    jokers: int = 14

    def deck_contents(self, players: int | None = None) -> tuple[list[int], ...]:
        plain, anchored = self.train_cards_per_color
        singles, doubles = self.ship_cards_per_color
        train = [k for ci in RS_COLOR_IDS for k in [_TRAIN[ci]] * plain + [_ANCHOR[ci]] * anchored]
        ship = [k for ci in RS_COLOR_IDS for k in [_SHIP[ci]] * singles + [_DOUBLE[ci]] * doubles]
        return train + [JOKER] * self.jokers, ship

    def deck_of(self, kind: int) -> int:
        return 1 if kind in SHIP_KINDS else 0

    def reach_index(self, key: RouteKey) -> int:
        if key[6]:  # paired spaces take pairs of any colours: their own bound
            return N_REACH - 1
        return key[0] + 1 + 9 * key[5]

    def payment_key(self, key: RouteKey) -> tuple[int, ...]:
        color, n, _, _, _, kind, pairs = key
        return (color, n, kind, pairs)

    def claim_reach(self, hand: Sequence[int]) -> list[int]:
        """Bounds by route colour: train cards of the colour + jokers (train routes,
        index colour + 1; gray 0), ship spaces of the colour + jokers (ship routes, 9 + ...),
        and half of all train cards and jokers (paired routes, 18)."""
        j = hand[JOKER]
        reach = [0] * N_REACH
        best_train = best_ship = 0
        for ci, t, a, s, d in _REACH_KINDS:
            x = hand[t] + hand[a]
            y = hand[s] + 2 * hand[d]
            reach[ci + 1] = x + j
            reach[ci + 10] = y + j
            if x > best_train:
                best_train = x
            if y > best_ship:
                best_ship = y
        reach[0] = best_train + j
        reach[9] = best_ship + j
        reach[18] = (sum(map(hand.__getitem__, _TRAIN_KINDS)) + j) // 2  # paired: 2 cards a space
        return reach

    def payments(self, hand: Sequence[int], key: RouteKey) -> Sequence[Payment]:
        color, n, _, _, _, kind, pairs = key
        j = hand[JOKER]
        if pairs:
            cap = 2 * n
            capped = [h if h < cap else cap for h in map(hand.__getitem__, _TRAIN_KINDS)]
            return _paired_payments(n, _pairs_of(capped), j if j < cap else cap)
        if j > n:
            j = n
        if color >= 0:
            a, b = (_SHIP[color], _DOUBLE[color]) if kind else (_TRAIN[color], _ANCHOR[color])
            x, y = hand[a], hand[b]
            held = ((x if x < n else n, y if y < n else n),)
            return (_ship_payments if kind else _train_payments)((color,), n, held, j)
        fn = _ship_payments if kind else _train_payments
        out: tuple[Payment, ...] = ()
        for ci, a, b in (_SHIP_BY_COLOR if kind else _TRAIN_BY_COLOR):
            x, y = hand[a], hand[b]
            if x or y:
                out += fn((ci,), n, ((x if x < n else n, y if y < n else n),), j, False)
        return out + ((((JOKER, n),),) if j >= n else ())

    def harbor_payments(self, hand: Sequence[int]) -> Sequence[Payment]:
        held = [h if h < 2 else 2 for h in map(hand.__getitem__, _HARBOR_KINDS)]
        j = hand[JOKER]
        if j < 4 and max(a + b for a, b in zip(held[::2], held[1::2])) + j < 4:
            return ()
        return _harbor_payments(_pairs_of(held), j if j < 4 else 4)


# ------------------------------------------------------------ the actions

class Pieces(ActionKind):
    """RS1: each player in seat order secretly keeps trains and ships; the choices take effect
    together once every player has chosen (the rest stay in the box)."""
    name = PIECES
    target = PiecesTarget()
    syntax = "pieces <trains> <ships>"
    summary = "choose your trains and ships"
    secret = True  # the choice: nothing until every player has chosen (RS1: a pieces-revealed event)
    order = 6

    def apply(self, game: "PyGame", a: Action) -> None:
        p = game.current
        game.piece_choices[p] = a.target
        nxt = (p + 1) % game.rules.players
        game.current = nxt
        if nxt != game.first_player:
            return
        ed = game.rules.edition
        for seat, (t, s) in enumerate(game.piece_choices):  # type: ignore[misc]  # every seat has chosen by now
            game.trains[seat], game.ships[seat] = t, s
            game.box[seat] = (ed.trains - t, ed.ships - s)
        game.phase = TURN
        game.note(event="pieces-revealed", choices=[list(c) for c in game.piece_choices])  # type: ignore[arg-type]  # (same)

    def explain(self, game: "PyGame", a: Action, legal: "LegalActions") -> str | None:
        ed = game.rules.edition
        return f"keep exactly {ed.pieces_total} pieces, at most {ed.trains} trains and {ed.ships} ships (RS1)"

    def describe(self, rules: "Ruleset", a: Action) -> str:
        return "chooses trains and ships (secret until everyone has chosen)"

    def public(self, a: Action) -> dict[str, Any]:
        return {}

    def ids(self, rules: "Ruleset", universe: tuple[int, ...]) -> IdBlock | None:
        ed = rules.edition
        return IdBlock(piece_choices(ed)) if ed.pieces_total is not None else None


class Harbor(ActionKind):
    """RS5: a harbor on a harbor city without one, where the player owns a route into the city."""
    name = HARBOR
    target = CityTarget()
    paid = True
    syntax = "harbor <city> <cards>"
    summary = "build a harbor"
    short = "h"
    turn_action = True
    undoable = True
    order = 9

    def apply(self, game: "PyGame", a: Action) -> None:
        p = game.current
        hand = game.hands[p]
        for k, n in a.cards:
            hand[k] -= n
        city = game.rules.city_index[a.target]
        game.harbor_at[city] = p
        game.harbors[p].append(city)
        game.discard_cards(a.cards)
        game.refill()
        game.end_turn()

    def moves(self, game: "PyGame", p: int, hand: tuple[int, ...], segs: list[Segment]) -> None:
        ed = game.rules.edition
        if len(game.harbors[p]) >= ed.harbors:
            return
        pays = ed.harbor_payments(hand)
        if pays:
            cities = harbor_cities(game, p)
            if cities:
                segs.append((HARBOR, cities, pays))

    def explain(self, game: "PyGame", a: Action, legal: "LegalActions") -> str | None:
        rules = game.rules
        p = game.current
        if a.target not in rules.harbor_cities:
            return f"{a.target} is not a harbor city"
        city = rules.city_index[a.target]
        if game.harbor_at[city] >= 0:
            return f"{a.target} already has a harbor (seat {game.harbor_at[city]})"
        if len(game.harbors[p]) >= rules.edition.harbors:
            return f"you have built all {rules.edition.harbors} harbors"
        if not any(game.owner[r] == p for r in rules.city_routes[city]):
            return f"you have no route into {a.target} (RS5)"
        return "a harbor costs 2 train and 2 ship cards of one colour, all with the anchor, jokers wild (RS5)"

    def describe(self, rules: "Ruleset", a: Action) -> str:
        return f"builds a harbor in {a.target} with {cards_words(a.cards)}"

    def ids(self, rules: "Ruleset", universe: tuple[int, ...]) -> IdBlock | None:
        return IdBlock(sorted(rules.harbor_cities), sorted(rules.edition.harbor_payments(universe)))


def harbor_cities(game: "PyGame", p: int) -> tuple[str, ...]:
    """RS5: harbor cities without a harbor where the player has a route."""
    rules = game.rules
    owner, at, names = game.owner, game.harbor_at, rules.city_names
    return tuple(names[c] for c in rules.harbor_ids if at[c] < 0 and any(owner[r] == p for r in rules.city_routes[c]))


class Exchange(ActionKind):
    """RS6: +n trains for ships, -n ships for trains, as far as the box allows; one point each."""
    name = EXCHANGE
    target = ExchangeTarget()
    syntax = "exchange <n> trains-for-ships | exchange <n> ships-for-trains"
    summary = "swap pieces with your box (-1 point each)"
    turn_action = True
    undoable = True
    order = 7

    def apply(self, game: "PyGame", a: Action) -> None:
        p = game.current
        n = a.target
        box_trains, box_ships = game.box[p]
        game.trains[p] -= n
        game.ships[p] += n
        game.box[p] = (box_trains + n, box_ships - n)
        game.exchanged[p] += abs(n)
        game.scores[p] -= abs(n)
        game.end_turn()

    def moves(self, game: "PyGame", p: int, hand: tuple[int, ...], segs: list[Segment]) -> None:
        box_trains, box_ships = game.box[p]
        n = min(game.trains[p], box_ships)
        if n:
            segs.append((EXCHANGE, range(1, n + 1), NO_CARDS))
        n = min(game.ships[p], box_trains)
        if n:
            segs.append((EXCHANGE, range(-1, -n - 1, -1), NO_CARDS))

    def explain(self, game: "PyGame", a: Action, legal: "LegalActions") -> str | None:
        p = game.current
        trains_in_box, ships_in_box = game.box[p]
        return (f"you have {game.trains[p]} trains and {game.ships[p]} ships; the box holds {trains_in_box} of your "
                f"trains and {ships_in_box} of your ships (RS6)")

    def describe(self, rules: "Ruleset", a: Action) -> str:
        n = a.target
        return f"exchanges {abs(n)} {'trains for ships' if n > 0 else 'ships for trains'} with the box (-{abs(n)})"

    def ids(self, rules: "Ruleset", universe: tuple[int, ...]) -> IdBlock | None:
        ed = rules.edition
        if not ed.exchange or ed.pieces_total is None:
            return None
        spare = ed.trains + ed.ships - ed.pieces_total  # pieces in the box (RS6), constant
        return IdBlock([*range(1, min(ed.trains, spare) + 1), *range(-1, -min(ed.ships, spare) - 1, -1)])


PIECES_KIND, HARBOR_KIND, EXCHANGE_KIND = register(Pieces()), register(Harbor()), register(Exchange())

_COMMON: dict[str, Any] = dict(
    min_players=2, max_players=5,
    n_kinds=JOKER + 1, wild=JOKER,
    face_up=6, face_up_per_deck=(3, 3),          # RS1/RS2
    loco_reset=3,                                # RS2: 3 face-up jokers reset all 6 (G2)
    face_up_loco_whole_draw=True,                # RS2/G4
    initial_regular=5, initial_keep=3, initial_unkept_to_box=False,  # RS1
    later_draw=4, later_keep=1, later_unkept_to_box=False,           # RS4
    doubles_min_players=4,                       # G1 (same kind only: the map's double routes)
    end_trains=6, final_rounds=2,                # G6: at 6 pieces or fewer, two more turns each
    longest_bonus=None,                          # RS7: no end-game bonus
    harbors=3, harbor_penalty=4, exchange=True,  # RS5, RS6
    tie_breaks=("tickets_completed",),           # RS7
    stations=0,
    may_stop_drawing=True,                       # RS2: at most two cards: a player may stop after the first
    kinds=(PIECES_KIND, HARBOR_KIND, EXCHANGE_KIND),
)

WORLD = RailsSailsEdition(
    name="world", title="Ticket to Ride: Rails & Sails (World)",
    trains=25, ships=50, pieces_total=60, hand_per_deck=(3, 7),
    route_points={1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 7: 18, 8: 21},
    harbor_points=(20, 30, 40),
    **_COMMON,
)

GREAT_LAKES = RailsSailsEdition(
    name="great-lakes", title="Ticket to Ride: Rails & Sails (Great Lakes)",
    trains=33, ships=32, pieces_total=50, hand_per_deck=(2, 2),
    route_points={1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 7: 18, 8: 21, 9: 27},  # 9 -> 27: unverified (RS3)
    harbor_points=(10, 20, 30),  # unverified (RS5)
    **_COMMON,
)
