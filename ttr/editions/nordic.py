"""Nordic Countries (N1-N5, N-P1): 2-3 players, locomotives wild only on ferries
and tunnels, "any 3 cards" for a ferry locomotive, "any 4 cards" on Murmansk-Lieksa.

Payments are multisets of cards, each offered once, and minimal (N-P1): a payment
may not hold a card that could be removed while it still pays. Paying "by sets"
can give very many multisets (a 20-card hand has thousands of ways to pay
Murmansk-Lieksa), so ferries and Murmansk-Lieksa return a lazy `PaymentSet`: an
immutable sequence that is counted and indexed from a few structured families
without listing them (len, [i], `in` and iteration work like on a tuple).

How a route is paid (key = (colour or -1 gray, length n, ferry spaces f, tunnel, any_four)):

* ordinary route: exactly n cards of its colour (gray: of one colour); no locomotive.
* tunnel: n cards of its colour with locomotives wild (as Europe, E2); the extra
  cards after the reveal are the base class's `tunnel_payments`.
* ferry: m = n - f coloured spaces take the colour (gray: one colour) or a spare
  locomotive; each of the f locomotive spaces takes a locomotive or any 3 cards.
  The minimal payments are exactly (with c the colour, L locomotives):
    A. a >= m cards of c, L <= f: L locomotives on locomotive spaces, the other
       f - L spaces paid by 3(f - L) cards of any colours (c included: a - m of them);
    B. a = m - j < m cards of c, j >= 1 spare locomotives on coloured spaces, k <= f
       on locomotive spaces (L = j + k), 3(f - k) cards of colours other than c.
  (A locomotive in a 3-card set, or a colour-c card in a set while a locomotive sits
  on a coloured space, can always be swapped so that cards drop out: not minimal.)
* Murmansk-Lieksa (any_four): a <= n cards of one chosen colour c and 4(n - a)
  other cards of any kinds (locomotives included, but never wild).

A gray payment is minimal exactly when it is minimal for the colour it holds
most of, so gray families are split by that count M (ferry: M >= m, or M = a < m;
Murmansk-Lieksa: M = a) rather than by colour, and every multiset is listed once.
The module is checked against a brute-force search in tests/test_nordic.py.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..cards import COLORS, LOCO
from ..engine.edition import Edition
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

class PaymentSet(LazySequence):
    """Every minimal payment of one route for one hand, without listing them.

    Counted and indexed from a few families (above), built on first indexing
    (the length comes first, from a cache keyed on the colour-sorted hand:
    renaming colours maps payments one to one); iteration lists them.
    Membership is decided by `rule(counts)` (the N-P1 definition itself) and the
    hand, not by search. Immutable; compares equal to a sequence with the same
    payments in the same order.
    """
    __slots__ = ("hand", "rule", "_len", "_build", "_fams")

    def __init__(self, length: int, hand: tuple, rule, build: tuple):
        self._len = length
        self.hand = hand
        self.rule = rule
        self._build = build  # (function, *args) -> the families, built on first use
        self._fams = None

    @property
    def families(self) -> tuple:
        if self._fams is None:
            fn, *args = self._build
            self._fams = fn(*args)
        return self._fams

    @staticmethod
    def _payment(base: tuple, kinds: tuple, free) -> tuple:
        counts = list(base)
        for k, v in zip(kinds, free):
            counts[k] += v
        return tuple((k, v) for k, v in enumerate(counts) if v)

    def _item(self, i: int) -> tuple:
        for base, kinds, caps, low, t, n in self.families:
            if i < n:
                return self._payment(base, kinds, _unrank(caps, low, t, i) if t else ())
            i -= n
        raise IndexError(i)  # pragma: no cover

    def __iter__(self):
        for base, kinds, caps, low, t, _ in self.families:
            for free in _members(caps, low, t):
                yield self._payment(base, kinds, free)

    def __contains__(self, payment) -> bool:
        counts = _counts_of(payment)
        if counts is None:
            return False
        hand = self.hand
        for k in range(_KINDS):
            if counts[k] > hand[k]:
                return False
        return self.rule(counts)

    def describe_families(self) -> list:
        """The families for clients (ttr.engine.legal.DescribedPayments): base counts, and at most
        one part: t cards of `kinds` within `caps`, more than `low` of at least one of them."""
        out = []
        for base, kinds, caps, low, t, _ in self.families:
            parts = [(t, dict(zip(kinds, caps)), dict(zip(kinds, low)) if low is not None else None)] if t else []
            out.append(({k: v for k, v in enumerate(base) if v}, parts))
        return out

    def __repr__(self) -> str:
        return f"<PaymentSet of {self._len}>"


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


# --------------------------------------------------------------- the N-P1 rules

def _ferry_covers(counts, c: int, m: int, f: int) -> bool:
    """Can these cards cover a ferry of colour c (m coloured spaces, f locomotive
    spaces), cards left over allowed? Locomotives go to coloured spaces only where
    colour c runs short; each locomotive space takes a locomotive or any 3 cards."""
    a, locos = counts[c], counts[LOCO]
    short = m - a if m > a else 0
    if locos < short:
        return False
    k = locos - short
    if k > f:
        k = f
    return sum(counts) - m - k >= 3 * (f - k)


def _any_four_covers(counts, c: int, n: int, per: int) -> bool:
    """Murmansk-Lieksa: each space takes a card of colour c or any `per` cards."""
    a = counts[c]
    if a > n:
        a = n
    return a + (sum(counts) - a) // per >= n


def _minimal(covers, counts) -> bool:
    """N-P1: pays, and no single card can be removed while it still pays (paying
    is monotone, so this is the same as: no smaller multiset of it pays)."""
    if not covers(counts):
        return False
    for k in range(_KINDS):
        if counts[k]:
            counts[k] -= 1
            still = covers(counts)
            counts[k] += 1
            if still:
                return False
    return True


@lru_cache(maxsize=None)
def ferry_rule(color: int, n: int, f: int):
    """The N-P1 membership test of a ferry's payments (counts -> bool)."""
    m = n - f
    if color >= 0:
        return lambda counts: _minimal(lambda x: _ferry_covers(x, color, m, f), counts)
    return lambda counts: _minimal(lambda x: any(_ferry_covers(x, c, m, f) for c in _COLOR_RANGE), counts)


@lru_cache(maxsize=None)
def any_four_rule(color: int, n: int, per: int):
    """The N-P1 membership test of Murmansk-Lieksa's payments (counts -> bool)."""
    if color >= 0:
        return lambda counts: _minimal(lambda x: _any_four_covers(x, color, n, per), counts)
    return lambda counts: _minimal(lambda x: any(_any_four_covers(x, c, n, per) for c in _COLOR_RANGE), counts)


# --------------------------------------------------------------- families

def _family(out: list, locos: int, c: int, a: int, kinds: tuple, caps: tuple, low, t: int) -> None:
    """Append the family (a cards of colour c, `locos` locomotives) + t cards of
    kinds if it is not empty."""
    base = [0] * _KINDS
    base[LOCO] = locos
    if c >= 0:
        base[c] = a
    if t == 0:
        out.append((tuple(base), (), (), None, 0, 1))
        return
    caps = tuple(x if x < t else t for x in caps)
    n = _count_sorted(caps, t)
    if low is not None:
        low = tuple(x if x < t else t for x in low)
        n -= _count_sorted(low, t)
    if n:
        out.append((tuple(base), kinds, caps, low, t, n))


_OTHERS = tuple(tuple(x for x in _COLOR_RANGE if x != c) for c in _COLOR_RANGE)
_OTHERS_LOCO = tuple(o + (LOCO,) for o in _OTHERS)
_ALL_COLOURS = tuple(_COLOR_RANGE)
_ALL_KINDS = tuple(range(_KINDS))


def _ferry_families(hand: tuple, color: int, n: int, f: int) -> tuple:
    """The minimal payments of a ferry (module docstring, cases A and B)."""
    m = n - f
    hl = hand[LOCO]
    out: list = []
    if color >= 0 or m == 0:  # with no coloured space the colour does not matter
        c = color if color >= 0 else 0
        hc = hand[c]
        if hc >= m:  # A: m cards of c, L <= f locomotives, 3(f - L) cards of any colours
            caps = tuple(hc - m if x == c else hand[x] for x in _ALL_COLOURS)
            for locos in range(min(f, hl) + 1):
                _family(out, locos, c, m, _ALL_COLOURS, caps, None, 3 * (f - locos))
        caps = tuple(hand[x] for x in _OTHERS[c])
        for j in range(max(1, m - hc), m + 1):  # B: j spare locomotives on coloured spaces
            for k in range(min(f, hl - j) + 1):
                _family(out, j + k, c, m - j, _OTHERS[c], caps, None, 3 * (f - k))
        return tuple(out)
    # Gray, m >= 1. Minimal for the colour the payment holds most of (M cards):
    # A: M >= m, L <= f locomotives and m + 3(f - L) coloured cards;
    # B: M = a < m, L = (m - a) + k locomotives (k <= f) and a + 3(f - k) coloured cards;
    # and n locomotives alone.
    colours = hand[:_NCOL]
    low = tuple(h if h < m - 1 else m - 1 for h in colours)
    for locos in range(min(f, hl) + 1):
        _family(out, locos, -1, 0, _ALL_COLOURS, colours, low, m + 3 * (f - locos))
    for a in range(m - 1, 0, -1):
        caps = tuple(h if h < a else a for h in colours)
        low = tuple(h if h < a - 1 else a - 1 for h in colours)
        for k in range(min(f, hl - (m - a)) + 1):
            _family(out, m - a + k, -1, 0, _ALL_COLOURS, caps, low, a + 3 * (f - k))
    if hl >= n:
        _family(out, n, -1, 0, (), (), None, 0)
    return tuple(out)


def _any_four_families(hand: tuple, color: int, n: int, per: int) -> tuple:
    """The minimal payments of Murmansk-Lieksa: a cards of the colour (gray: the
    colour held most, a >= 1) and per * (n - a) other cards, or per * n locomotives."""
    out: list = []
    total = sum(hand)
    if color >= 0:
        caps = tuple(hand[x] for x in _OTHERS_LOCO[color])
        for a in range(min(n, hand[color]) + 1):
            _family(out, 0, color, a, _OTHERS_LOCO[color], caps, None, per * (n - a))
        return tuple(out)
    colours = hand[:_NCOL]
    # the payment holds a + per * (n - a) cards: at most the hand
    lo = max(1, -(-(per * n - total) // (per - 1)))
    for a in range(min(n, max(colours)), lo - 1, -1):
        caps = tuple(h if h < a else a for h in colours) + (hand[LOCO],)
        low = tuple(h if h < a - 1 else a - 1 for h in colours) + (hand[LOCO],)
        _family(out, 0, -1, 0, _ALL_KINDS, caps, low, a + per * (n - a))
    if hand[LOCO] >= per * n:
        _family(out, per * n, -1, 0, (), (), None, 0)
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
_FERRY_SEEN: dict = {}  # (key, exact hand) -> ferry payments; emptied when it outgrows 8192 entries


# --------------------------------------------------------------- the edition

@dataclass(frozen=True)
class NordicEdition(Edition):
    """Edition parameters plus the Nordic payment hooks (N2, N3, N-P1)."""
    any_four_cards: int = 4   # N3: this many cards replace one card on Murmansk-Lieksa
    max_ferry_spaces: int = 2  # the most locomotive spaces on one ferry of the map (claim_reach)

    def payments(self, hand: list[int], key: tuple):
        """Every minimal payment (N-P1) of a route with this key: a tuple, or for
        ferries and Murmansk-Lieksa a PaymentSet (a lazy sequence of them)."""
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
            return _any_four_payments(color, n, per, _cap(hand, color, n, per * n, per * n))
        return Edition.payments(self, hand, key)  # N2: a tunnel, as Europe, locomotives wild

    def _ferry(self, hand: tuple, color: int, n: int, f: int):
        if self.ferry_any_cards != 3:  # pragma: no cover - the families assume sets of 3
            raise NotImplementedError("ferry sets of other than 3 cards")
        # no minimal payment holds more than m + 3f = n + 2f of the route colour
        # (gray: of any colour), 3f of another colour or n locomotives
        return _ferry_payments(color, n, f, _cap(hand, color, n + 2 * f, 3 * f, n))

    def payment_key(self, key: tuple) -> tuple:
        """Tunnels, ferries, ordinary routes and Murmansk-Lieksa all pay differently."""
        return key

    def reach_index(self, key: tuple) -> int:
        """Separate bounds for ordinary routes, tunnels, ferries and Murmansk-Lieksa,
        which a hand can pay up to very different lengths."""
        color, _, f, tunnel, any_four = key[:5]
        if any_four:
            return 27
        return color + 1 + (18 if f else 9 if tunnel else 0)

    def claim_reach(self, hand: list[int]) -> list[int]:
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


def _cap(hand: list[int], color: int, own_cap: int, other_cap: int, loco_cap: int) -> tuple:
    """The hand with counts capped where no minimal payment uses more: the route
    colour (every colour if gray) at own_cap, other colours at other_cap."""
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
