"""Nordic Countries (N1-N6): 2-3 players, locomotives wild only on ferries
and tunnels, "any 3 cards" for a ferry locomotive, "any 4 cards" on Murmansk-Lieksa.

Payments are multisets of cards, each offered once. N6: a payment is legal when
its cards can be assigned exactly to the route's spaces, no card left over, even
if a subset of it would also pay. Paying "by sets" gives very many multisets (a
20-card hand has tens of thousands of ways to pay Murmansk-Lieksa), so ferries
and Murmansk-Lieksa return a lazy `PaymentSet`: an immutable sequence that is
counted and indexed from a few structured families without listing them (len,
[i], `in` and iteration work like on a tuple), fewest cards first, then fewest
locomotives (index 0 is a sensible default).

How a route is paid (key = (colour or -1 gray, length n, ferry spaces f, tunnel, any_four)):

* ordinary route: exactly n cards of its colour (gray: of one colour); no locomotive.
* tunnel: n cards of its colour with locomotives wild (as Europe, E2); the extra
  cards after the reveal are the base class's `tunnel_payments`.
* ferry: m = n - f coloured spaces take the colour c (gray: one colour for all)
  or a locomotive; each of the f locomotive spaces takes a locomotive or any 3
  cards (any kinds, locomotives included). With x locomotive spaces paid by a
  single locomotive (0 <= x <= f), P is legal iff for some x
      |P| = m + 3f - 2x,  P[loco] >= x,  P[loco] + P[c] >= m + x
  (gray: for some colour c). Each x gives another size, so the families, split
  by x and by the number L of locomotives, never overlap: L locomotives plus
  |P| - L coloured cards holding at least m + x - L of c (gray: of one colour).
* Murmansk-Lieksa (any_four, N3, N-P3): a spaces take one card of the chosen
  colour c (one of the 8 colours), the other n - a take any 4 cards each
  (locomotives included, never wild alone). P is legal iff for some 0 <= a <= n
      |P| = 4n - 3a  and  P[c] >= a  (gray: some colour c).
  Families: per a and L, L locomotives plus coloured cards with at least a of c.

A family is "a base multiset plus t cards from these kinds with these caps, at
least one kind above `low`" (see below); "at least k of some colour" is a `low`
of k - 1 on the colours that may reach it. The module is checked against a
search over explicit card-to-space assignments in tests/test_nordic.py.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..cards import COLORS, LOCO
from ..engine.actions import Payment
from ..engine.edition import Edition, RouteKey
from ..engine.legal import Family
from ..lazy import LazySequence

_NCOL = len(COLORS)
_KINDS = _NCOL + 1
_COLOR_RANGE = range(_NCOL)


# --------------------------------------------------------------- bounded multisets
#
# A family is (base, kinds, caps, low, t, n): the payments base + M where M is a
# multiset of t cards of `kinds` with at most caps[i] of kinds[i] and, if low is
# not None, more than low[i] of some kinds[i] (low is caps with the kinds that
# must reach a threshold lowered below it). n counts them: N(caps) - N(low).
Multisets = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...] | None, int, int]
Rule = Callable[[list[int]], bool]  # the N6 test of a payment's counts

@lru_cache(maxsize=1 << 16)
def _count(caps: tuple, t: int) -> int:
    """Multisets of size t with at most caps[i] of kind i."""
    if t == 0:
        return 1
    if len(caps) == 1:
        return 1 if t <= caps[0] else 0
    if t > sum(caps):
        return 0
    rest = caps[1:]
    top = caps[0] if caps[0] < t else t
    return sum(_count(rest, t - v) for v in range(top + 1))


def _count_sorted(caps: tuple, t: int) -> int:
    return _count(tuple(sorted(caps)), t)  # the count does not depend on the order


def _unrank(caps: tuple, low, t: int, i: int) -> list[int]:
    """The i-th member (counts) of a family, in the order `_members` lists them."""
    out = []
    sat = low is None
    last = len(caps) - 1
    for pos in range(last + 1):
        if pos == last:
            out.append(t)
            break
        rest = caps[pos + 1:]
        rest_low = None if sat else low[pos + 1:]
        v = 0
        while True:
            n = _count(rest, t - v)
            if not (sat or v > low[pos]):
                n -= _count(rest_low, t - v)
            if i < n:
                break
            i -= n
            v += 1
            if v > caps[pos]:  # pragma: no cover - i was out of range
                raise IndexError(i)
        out.append(v)
        t -= v
        if not sat and v > low[pos]:
            sat = True
    return out


def _rank(caps: tuple, low, t: int, free: Sequence[int]) -> int:
    """The place of member `free` (counts) in its family: the inverse of `_unrank`."""
    i = 0
    sat = low is None
    last = len(caps) - 1
    for pos in range(last):
        rest = caps[pos + 1:]
        rest_low = None if sat else low[pos + 1:]
        for v in range(free[pos]):
            n = _count(rest, t - v)
            if not (sat or v > low[pos]):
                n -= _count(rest_low, t - v)
            i += n
        t -= free[pos]
        if not sat and free[pos] > low[pos]:
            sat = True
    return i


def _multisets(caps: tuple, t: int):
    """Every multiset of size t with at most caps[i] of kind i, as count lists."""
    if not caps:
        if t == 0:
            yield []
        return
    if len(caps) == 1:
        if t <= caps[0]:
            yield [t]
        return
    rest = caps[1:]
    for v in range(min(caps[0], t) + 1):
        if _count(rest, t - v):
            for tail in _multisets(rest, t - v):
                yield [v, *tail]


def _members(caps: tuple, low, t: int):
    for m in _multisets(caps, t):
        if low is None or any(v > w for v, w in zip(m, low)):
            yield m


# --------------------------------------------------------------- the lazy sequence

class PaymentSet(LazySequence[Payment]):
    """Every payment (N6) of one route for one hand, without listing them.

    Counted and indexed from a few families (above), built on first indexing
    (the length comes first, from a cache keyed on the colour-sorted hand:
    renaming colours maps payments one to one); iteration lists them, in the
    families' order: fewest cards first, then fewest locomotives. Membership is
    decided by `rule(counts)` (the N6 closed form) and the hand, not by search.
    Immutable; compares equal to a sequence with the same payments in the same order.
    """
    __slots__ = ("hand", "rule", "_len", "_build", "_fams")
    hand: tuple[int, ...]
    rule: Rule
    _build: tuple[Any, ...]
    _fams: tuple[Multisets, ...] | None

    def __init__(self, length: int, hand: tuple[int, ...], rule: Rule, build: tuple[Any, ...]) -> None:
        self._len = length
        self.hand = hand
        self.rule = rule
        self._build = build  # (function, *args) -> the families, built on first use
        self._fams = None

    @property
    def families(self) -> tuple[Multisets, ...]:
        if self._fams is None:
            fn, *args = self._build
            self._fams = fn(*args)
        return self._fams

    @staticmethod
    def _payment(base: tuple[int, ...], kinds: tuple[int, ...], free: Sequence[int]) -> Payment:
        counts = list(base)
        for k, v in zip(kinds, free):
            counts[k] += v
        return tuple((k, v) for k, v in enumerate(counts) if v)

    def _item(self, i: int) -> Payment:
        for base, kinds, caps, low, t, n in self.families:
            if i < n:
                return self._payment(base, kinds, _unrank(caps, low, t, i) if t else ())
            i -= n
        raise IndexError(i)  # pragma: no cover

    def __iter__(self) -> Iterator[Payment]:
        for base, kinds, caps, low, t, _ in self.families:
            for free in _members(caps, low, t):
                yield self._payment(base, kinds, free)

    def __contains__(self, payment: object) -> bool:
        counts = _counts_of(payment)
        if counts is None:
            return False
        hand = self.hand
        for k in range(_KINDS):
            if counts[k] > hand[k]:
                return False
        return self.rule(counts)

    def index(self, payment: Any, start: int = 0, stop: Any = None) -> int:
        """The payment's place, found family by family (`_rank`) rather than by listing them."""
        if (start, stop) != (0, None):
            return LazySequence.index(self, payment, start, stop if stop is not None else self._len)
        counts = _counts_of(payment)
        if counts is not None and payment in self:
            offset = 0
            for base, kinds, caps, low, t, n in self.families:
                free = [counts[k] - base[k] for k in kinds]
                if (all(counts[k] == base[k] for k in range(_KINDS) if k not in kinds) and sum(free) == t
                        and all(0 <= v <= c for v, c in zip(free, caps))
                        and (low is None or any(v > w for v, w in zip(free, low)))):
                    return offset + _rank(caps, low, t, free)
                offset += n
        raise ValueError(f"{payment!r} is not a payment of this set")

    def describe_families(self) -> list[Family]:
        """The families for clients (ttr.engine.legal.DescribedPayments): base counts, and at most
        one part: t cards of `kinds` within `caps`, more than `low` of at least one of them."""
        out: list[Family] = []
        for base, kinds, caps, low, t, _ in self.families:
            parts = [(t, dict(zip(kinds, caps)), dict(zip(kinds, low)) if low is not None else None)] if t else []
            out.append(({k: v for k, v in enumerate(base) if v}, parts))
        return out

    def cheapest(self, weights: Sequence[float]) -> Payment:
        """A payment of least total weight (`weights[kind]` > 0 per card), found
        family by family without listing them; among equal weights the earlier
        family, and within a family the cheapest kinds first (in kind order)."""
        best, best_w = None, 0.0
        for base, kinds, caps, low, t, _ in self.families:
            w = sum(weights[k] * v for k, v in enumerate(base) if v)
            free: Sequence[int] = _cheapest_member([weights[k] for k in kinds], caps, low, t) if t else ()
            w += sum(weights[k] * v for k, v in zip(kinds, free))
            if best is None or w < best_w - 1e-9:
                best, best_w = self._payment(base, kinds, free), w
        assert best is not None, "a PaymentSet is never empty"
        return best

    def __repr__(self) -> str:
        return f"<PaymentSet of {self._len}>"


def _cheapest_member(weights: list[float], caps: tuple[int, ...], low: tuple[int, ...] | None, t: int) -> list[int]:
    """The member of a (non-empty) family with the least weight: the cheapest kinds
    filled first; with `low`, each kind that may exceed its low is tried as the
    one that does."""
    order = sorted(range(len(caps)), key=lambda i: (weights[i], i))

    def fill(counts: list[int]) -> list[int] | None:
        rest = t - sum(counts)
        for i in order:
            take = min(caps[i] - counts[i], rest)
            counts[i] += take
            rest -= take
        return counts if rest == 0 else None

    if low is None:
        only = fill([0] * len(caps))
        assert only is not None, "the family is not empty"
        return only
    best, best_w = None, 0.0
    for i in range(len(caps)):
        if low[i] < caps[i] and low[i] < t:
            start = [0] * len(caps)
            start[i] = low[i] + 1
            cand = fill(start)
            if cand is not None:
                w = sum(x * y for x, y in zip(weights, cand))
                if best is None or w < best_w - 1e-9:
                    best, best_w = cand, w
    assert best is not None, "the family is not empty"
    return best


def _counts_of(payment) -> list[int] | None:
    """Counts of a payment in canonical form ((kind, count), ...), kinds strictly
    ascending and counts positive; None for anything else."""
    if not isinstance(payment, tuple) or not payment:
        return None
    counts = [0] * _KINDS
    last = -1
    for item in payment:
        if not isinstance(item, tuple) or len(item) != 2:
            return None
        k, v = item
        if k.__class__ is not int or v.__class__ is not int or not last < k < _KINDS or v <= 0:
            return None
        counts[k] = v
        last = k
    return counts


# --------------------------------------------------------------- the N6 rules
#
# A payment is legal when its cards can be assigned exactly to the route's
# spaces (N6). The closed forms below are what the exact assignment comes to;
# tests/test_nordic.py checks them against a search over explicit assignments.

def _ferry_exact(counts, c: int, m: int, f: int) -> bool:
    """Can these cards be assigned exactly to a ferry of colour c (gray: c < 0,
    any one colour) with m coloured and f locomotive spaces? With x locomotive
    spaces paid by one locomotive (the other f - x by 3 cards of any kinds):
    |P| = m + 3f - 2x, at least x locomotives, and the m coloured spaces take
    colour-c cards or the locomotives left over."""
    d = m + 3 * f - sum(counts)
    if d < 0 or d & 1:
        return False
    x = d >> 1
    if x > f:
        return False
    locos = counts[LOCO]
    if locos < x:
        return False
    need = m + x - locos  # coloured spaces the locomotives left over cannot take
    if need <= 0:
        return True
    return (counts[c] if c >= 0 else max(counts[:_NCOL])) >= need


def _any_four_exact(counts, c: int, n: int, per: int) -> bool:
    """Murmansk-Lieksa (N3, N-P3): a spaces take one card of colour c (gray: one
    of the 8 colours), the other n - a take `per` cards of any kinds each:
    |P| = per * n - (per - 1) * a and at least a cards of c."""
    d = per * n - sum(counts)
    if d < 0 or d % (per - 1):
        return False
    a = d // (per - 1)
    if a > n:
        return False
    if a == 0:
        return True
    return (counts[c] if c >= 0 else max(counts[:_NCOL])) >= a


@lru_cache(maxsize=None)
def ferry_rule(color: int, n: int, f: int):
    """The N6 membership test of a ferry's payments (counts -> bool)."""
    m = n - f
    return lambda counts: _ferry_exact(counts, color, m, f)


@lru_cache(maxsize=None)
def any_four_rule(color: int, n: int, per: int):
    """The N6 membership test of Murmansk-Lieksa's payments (counts -> bool)."""
    if per < 2:  # pragma: no cover - one card per space is an ordinary route
        raise ValueError("any_four needs sets of at least 2 cards")
    return lambda counts: _any_four_exact(counts, color, n, per)


# --------------------------------------------------------------- families

def _family(out: list, locos: int, kinds: tuple, caps: tuple, low, t: int) -> None:
    """Append the family `locos` locomotives + t cards of kinds (at most caps, and
    more than low of some kind if low is given) if it is not empty."""
    base = [0] * _KINDS
    base[LOCO] = locos
    if t == 0:
        if low is None:  # "more than low of some kind" needs at least one card
            out.append((tuple(base), (), (), None, 0, 1))
        return
    caps = tuple(x if x < t else t for x in caps)
    n = _count_sorted(caps, t)
    if low is not None:
        low = tuple(x if x < t else t for x in low)
        n -= _count_sorted(low, t)
    if n:
        out.append((tuple(base), kinds, caps, low, t, n))


def _at_least(colours: tuple, color: int, need: int):
    """`low` for "at least `need` cards of the colour" (gray: of some colour);
    None when nothing is needed."""
    if need <= 0:
        return None
    if color >= 0:
        return tuple(min(h, need - 1) if k == color else h for k, h in enumerate(colours))
    return tuple(h if h < need - 1 else need - 1 for h in colours)


_ALL_COLOURS = tuple(_COLOR_RANGE)
_OTHERS = tuple(tuple(x for x in _COLOR_RANGE if x != c) for c in _COLOR_RANGE)


def _ferry_families(hand: tuple, color: int, n: int, f: int) -> tuple:
    """The N6 payments of a ferry, fewest cards first (x, the locomotive spaces
    paid by one locomotive, from f down to 0), then fewest locomotives: for each
    x and L >= x locomotives, m + 3f - 2x - L coloured cards holding at least
    m + x - L of the route colour (gray: of one colour)."""
    m = n - f
    hl = hand[LOCO]
    colours = hand[:_NCOL]
    out: list = []
    for x in range(f, -1, -1):
        size = m + 3 * f - 2 * x
        for locos in range(x, min(hl, size) + 1):
            _family(out, locos, _ALL_COLOURS, colours, _at_least(colours, color, m + x - locos), size - locos)
    return tuple(out)


def _any_four_families(hand: tuple, color: int, n: int, per: int) -> tuple:
    """The N6 payments of Murmansk-Lieksa, fewest cards first (a, the spaces paid
    by one card of the colour, from n down to 0), then fewest locomotives: for
    each a and L locomotives, per * n - (per - 1) * a - L coloured cards holding
    at least a of the colour (gray: of one colour)."""
    total = sum(hand)
    hl = hand[LOCO]
    colours = hand[:_NCOL]
    out: list = []
    for a in range(n, -1, -1):
        size = per * n - (per - 1) * a
        if size > total:
            break
        low = _at_least(colours, color, a)
        for locos in range(min(hl, size) + 1):
            _family(out, locos, _ALL_COLOURS, colours, low, size - locos)
    return tuple(out)


def _total(fams: tuple) -> int:
    return sum(f[5] for f in fams)


@lru_cache(maxsize=1 << 15)
def _ferry_count(gray: bool, n: int, f: int, canon: tuple) -> int:
    return _total(_ferry_families(canon, -1 if gray else 0, n, f))


@lru_cache(maxsize=1 << 12)
def _any_four_count(gray: bool, n: int, per: int, canon: tuple) -> int:
    return _total(_any_four_families(canon, -1 if gray else 0, n, per))


def _canon(hand: tuple, color: int) -> tuple:
    """The hand with its colours sorted, the route colour (if any) first as colour 0."""
    if color < 0:
        return (*sorted(hand[:_NCOL]), hand[LOCO])
    return (hand[color], *sorted(hand[x] for x in _OTHERS[color]), hand[LOCO])


def _ferry_payments(color: int, n: int, f: int, hand: tuple):
    """`hand` is capped (see NordicEdition.payments); memoized there, per exact hand."""
    length = _ferry_count(color < 0, n, f, _canon(hand, color))
    if not length:
        return ()
    return PaymentSet(length, hand, ferry_rule(color, n, f), (_ferry_families, hand, color, n, f))


@lru_cache(maxsize=1 << 10)
def _any_four_payments(color: int, n: int, per: int, hand: tuple):
    length = _any_four_count(color < 0, n, per, _canon(hand, color))
    if not length:
        return ()
    return PaymentSet(length, hand, any_four_rule(color, n, per), (_any_four_families, hand, color, n, per))


_PLAIN = tuple(tuple((((c, n),),) for n in range(64)) for c in _COLOR_RANGE)
# (key, exact hand) -> ferry payments; emptied when it outgrows 8192 entries
_FERRY_SEEN: dict[tuple[RouteKey, tuple[int, ...]], Sequence[Payment]] = {}


# --------------------------------------------------------------- the edition

@dataclass(frozen=True)
class NordicEdition(Edition):
    """Edition parameters plus the Nordic payment hooks (N2, N3, N6)."""
    any_four_cards: int = 4   # N3: this many cards replace one card on Murmansk-Lieksa
    max_ferry_spaces: int = 2  # the most locomotive spaces on one ferry of the map (claim_reach)

    def payments(self, hand: Sequence[int], key: RouteKey) -> Sequence[Payment]:
        """Every payment (N6: the cards fill the route's spaces exactly) of a route
        with this key: a tuple, or for ferries and Murmansk-Lieksa a PaymentSet (a
        lazy sequence of them, fewest cards first, then fewest locomotives)."""
        color, n, f, tunnel, any_four = key[:5]
        if not (f or tunnel or any_four):
            # N2: an ordinary route takes n cards of one colour, never a locomotive.
            if color >= 0:
                return _PLAIN[color][n] if hand[color] >= n else ()
            return tuple(((c, n),) for c in _COLOR_RANGE if hand[c] >= n)
        if f:  # N2: a ferry
            h = tuple(hand)
            pays = _FERRY_SEEN.get((key, h))
            if pays is None:
                if len(_FERRY_SEEN) > 1 << 13:
                    _FERRY_SEEN.clear()
                pays = _FERRY_SEEN[key, h] = self._ferry(h, color, n, f)
            return pays
        if any_four:  # N3
            per = self.any_four_cards
            a = hand[color] if color >= 0 else max(hand[:_NCOL])
            if a > n:
                a = n
            if a + (sum(hand) - a) // per < n:  # cannot pay at all
                return ()
            # a payment holds at most per * n cards, of any kinds
            return _any_four_payments(color, n, per, _cap(hand, color, per * n, per * n, per * n))
        return Edition.payments(self, hand, key)  # N2: a tunnel, as Europe, locomotives wild

    def _ferry(self, hand: tuple[int, ...], color: int, n: int, f: int) -> Sequence[Payment]:
        if self.ferry_any_cards != 3:  # pragma: no cover - the families assume sets of 3
            raise NotImplementedError("ferry sets of other than 3 cards")
        # no payment holds more than m + 3f = n + 2f cards of the route colour (gray:
        # of any colour) or locomotives, nor more than 3f of another colour (sets only)
        return _ferry_payments(color, n, f, _cap(hand, color, n + 2 * f, 3 * f, n + 2 * f))

    def payment_key(self, key: RouteKey) -> tuple[int, ...]:
        """Tunnels, ferries, ordinary routes and Murmansk-Lieksa all pay differently."""
        return key

    def reach_index(self, key: RouteKey) -> int:
        """Separate bounds for ordinary routes, tunnels, ferries and Murmansk-Lieksa,
        which a hand can pay up to very different lengths."""
        color, _, f, tunnel, any_four = key[:5]
        if any_four:
            return 27
        return color + 1 + (18 if f else 9 if tunnel else 0)

    def claim_reach(self, hand: Sequence[int]) -> list[int]:
        """Upper bounds on the length a hand can pay, by reach_index: 0-8 ordinary
        routes (gray, then colour + 1): the cards of the colour; 9-17 tunnels: those
        plus the locomotives (u); 18-26 ferries: u + min(max_ferry_spaces, others // 3)
        (each locomotive space takes a locomotive or 3 cards); 27 Murmansk-Lieksa:
        M + (the other cards) // 4 with M the most cards of one colour. Tight bounds
        matter: every group below the bound costs a payments() call."""
        locos = hand[LOCO]
        total = sum(hand)
        sets = _SETS[self.max_ferry_spaces]
        rest = total - locos
        colours = hand[:_NCOL]
        m = max(colours)
        ferry = [h + locos + sets[rest - h] for h in colours]
        return [m, *colours, m + locos, *[h + locos for h in colours], max(ferry), *ferry,
                m + (total - m) // self.any_four_cards]


_SETS = tuple(tuple(min(fmax, x // 3) for x in range(512)) for fmax in range(8))  # [fmax][cards]: sets


def _cap(hand: Sequence[int], color: int, own_cap: int, other_cap: int, loco_cap: int) -> tuple[int, ...]:
    """The hand with counts capped where no payment uses more: the route colour
    (every colour if gray) at own_cap, other colours at other_cap, locomotives at loco_cap."""
    if color < 0:
        other_cap = own_cap
    out = [h if h < other_cap else other_cap for h in hand]
    if color >= 0:
        h = hand[color]
        out[color] = h if h < own_cap else own_cap
    h = hand[LOCO]
    out[LOCO] = h if h < loco_cap else loco_cap
    return tuple(out)


NORDIC = NordicEdition(
    name="nordic",
    title="Ticket to Ride: Nordic Countries",
    min_players=2,                 # N1
    max_players=3,
    trains=40,
    stations=0,
    hand_size=4,
    face_up=5,
    loco_reset=None,               # G2: Nordic has no face-up reset
    face_up_loco_whole_draw=False,  # G4: a locomotive draws like any card
    locos_wild_everywhere=False,   # N2
    ferry_any_cards=3,             # N2
    initial_long=0,
    initial_regular=5,             # N1: deal 5, keep >= 2, the rest leave the game
    initial_keep=2,
    initial_unkept_to_box=True,
    later_draw=3,                  # N1: draw 3, keep >= 1, the rest leave the game
    later_keep=1,
    later_unkept_to_box=True,
    doubles_min_players=3,         # G1/N5: doubles close only at 2 players
    route_points={1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 9: 27},  # N4
    longest_bonus=None,            # N4: no longest-path bonus
    globetrotter_bonus=10,         # N4
    tie_breaks=("tickets_completed", "longest_path"),  # N4
)
