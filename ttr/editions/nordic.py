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
* Murmansk-Lieksa (any_four): a cards of one chosen colour c and 4(n - a) other
  cards of any kinds (locomotives included, but never wild); for a gray route
  that is minimal exactly when c is a colour the payment holds most of.

For a gray route a multiset is listed under the lowest-numbered colour it holds
most of (a gray payment is minimal exactly when it is minimal for that colour),
so every multiset is listed once.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..cards import COLORS, LOCO
from .base import Edition

_NCOL = len(COLORS)
_KINDS = _NCOL + 1
_COLOR_RANGE = range(_NCOL)


# --------------------------------------------------------------- bounded multisets

@lru_cache(maxsize=1 << 18)
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


def _unrank(caps: tuple, t: int, i: int) -> list[int]:
    """The i-th multiset (counts) in the order `_multisets` lists them."""
    out = []
    last = len(caps) - 1
    for pos, cap in enumerate(caps):
        if pos == last:
            out.append(t)
            break
        rest = caps[pos + 1:]
        v = 0
        top = cap if cap < t else t
        while True:
            n = _count(rest, t - v)
            if i < n:
                break
            i -= n
            v += 1
            if v > top:  # pragma: no cover - i was out of range
                raise IndexError(i)
        out.append(v)
        t -= v
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


# --------------------------------------------------------------- the lazy sequence

class PaymentSet(Sequence):
    """Every minimal payment of one route for one hand, without listing them.

    `families` are (base, kinds, caps, t, count): a payment is `base` (9 counts)
    plus a multiset of t cards of `kinds` (at most caps[i] of kinds[i]).
    Membership is decided by `rule(counts)` (the N-P1 definition), not by search.
    """
    __slots__ = ("families", "hand", "rule", "_len")

    def __init__(self, families: tuple, hand: tuple, rule):
        self.families = families
        self.hand = hand
        self.rule = rule
        self._len = sum(f[4] for f in families)

    def __len__(self) -> int:
        return self._len

    def __bool__(self) -> bool:
        return self._len > 0

    @staticmethod
    def _payment(base: tuple, kinds: tuple, free) -> tuple:
        counts = list(base)
        for k, v in zip(kinds, free):
            counts[k] += v
        return tuple((k, v) for k, v in enumerate(counts) if v)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(self._len))]
        i = i.__index__()
        if i < 0:
            i += self._len
        if not 0 <= i < self._len:
            raise IndexError(i)
        for base, kinds, caps, t, n in self.families:
            if i < n:
                return self._payment(base, kinds, _unrank(caps, t, i))
            i -= n
        raise IndexError(i)  # pragma: no cover

    def __iter__(self):
        for base, kinds, caps, t, _ in self.families:
            for free in _multisets(caps, t):
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

    def __eq__(self, other) -> bool:
        if isinstance(other, (PaymentSet, tuple, list)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    __hash__ = None

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


def ferry_rule(color: int, n: int, f: int):
    m = n - f
    if color >= 0:
        return lambda counts: _minimal(lambda x: _ferry_covers(x, color, m, f), counts)
    return lambda counts: _minimal(lambda x: any(_ferry_covers(x, c, m, f) for c in _COLOR_RANGE), counts)


def any_four_rule(color: int, n: int, per: int):
    if color >= 0:
        return lambda counts: _minimal(lambda x: _any_four_covers(x, color, n, per), counts)
    return lambda counts: _minimal(lambda x: any(_any_four_covers(x, c, n, per) for c in _COLOR_RANGE), counts)


# --------------------------------------------------------------- families

def _family(out: list, base: list, kinds: tuple, caps: tuple, t: int) -> None:
    if t < 0 or any(cap < 0 for cap in caps):
        return
    if t == 0:
        out.append((tuple(base), (), (), 0, 1))
        return
    caps = tuple(cap if cap < t else t for cap in caps)
    n = _count(caps, t)
    if n:
        out.append((tuple(base), kinds, caps, t, n))


def _others(c: int) -> tuple:
    return tuple(x for x in _COLOR_RANGE if x != c)


_OTHERS = tuple(_others(c) for c in _COLOR_RANGE)
_OTHERS_LOCO = tuple(o + (LOCO,) for o in _OTHERS)
_ALL_COLOURS = tuple(_COLOR_RANGE)


def _max_caps(hand: tuple, c: int, a: int) -> tuple:
    """Caps on the colours other than c so that c is the lowest-numbered colour
    held most often (a cards of c): below c at most a - 1, above c at most a."""
    return tuple((hand[x] if hand[x] < a - 1 else a - 1) if x < c else (hand[x] if hand[x] < a else a)
                 for x in _OTHERS[c])


def _ferry_families(hand: tuple, color: int, n: int, f: int) -> tuple:
    m = n - f
    hl = hand[LOCO]
    out: list = []
    colours = (color,) if color >= 0 else _COLOR_RANGE
    for c in colours:
        hc = hand[c]
        gray = color < 0
        # A: at least m cards of c; L <= f locomotives, all on locomotive spaces.
        if hc >= m:
            for locos in range(min(f, hl) + 1):
                t = 3 * (f - locos)
                base = [0] * _KINDS
                base[LOCO] = locos
                if not gray:
                    base[c] = m
                    caps = tuple(hc - m if x == c else hand[x] for x in _ALL_COLOURS)
                    _family(out, base, _ALL_COLOURS, caps, t)
                    continue
                for x in range(min(t, hc - m) + 1):  # x more cards of c, in the sets
                    a = m + x
                    b = base[:]
                    b[c] = a
                    _family(out, b, _OTHERS[c], _max_caps(hand, c, a), t - x)
        # B: a = m - j < m cards of c, j spare locomotives on coloured spaces,
        # k on locomotive spaces, the other f - k spaces by sets without c.
        for j in range(max(1, m - hc), m + 1):
            a = m - j
            for k in range(f + 1):
                if j + k > hl:
                    break
                base = [0] * _KINDS
                base[c] = a
                base[LOCO] = j + k
                caps = _max_caps(hand, c, a) if gray else tuple(hand[x] for x in _OTHERS[c])
                _family(out, base, _OTHERS[c], caps, 3 * (f - k))
    return tuple(out)


def _any_four_families(hand: tuple, color: int, n: int, per: int) -> tuple:
    out: list = []
    total = sum(hand)
    if color >= 0:
        c = color
        for a in range(min(n, hand[c]) + 1):
            base = [0] * _KINDS
            base[c] = a
            _family(out, base, _OTHERS_LOCO[c], tuple(hand[x] for x in _OTHERS_LOCO[c]), per * (n - a))
        return tuple(out)
    if hand[LOCO] >= per * n:  # no colour at all: per * n cards, all locomotives
        base = [0] * _KINDS
        base[LOCO] = per * n
        out.append((tuple(base), (), (), 0, 1))
    for c in _COLOR_RANGE:
        # a cards of c take a spaces; the other n - a spaces take `per` cards each,
        # so the payment holds n * per - (per - 1) * a cards: at most the hand.
        lo = max(1, -(-(per * n - total) // (per - 1)))
        for a in range(lo, min(n, hand[c]) + 1):
            base = [0] * _KINDS
            base[c] = a
            caps = _max_caps(hand, c, a) + (hand[LOCO],)
            _family(out, base, _OTHERS_LOCO[c], caps, per * (n - a))
    return tuple(out)


@lru_cache(maxsize=1 << 14)
def _ferry_payments(color: int, n: int, f: int, hand: tuple):
    fams = _ferry_families(hand, color, n, f)
    return PaymentSet(fams, hand, ferry_rule(color, n, f)) if fams else ()


@lru_cache(maxsize=1 << 12)
def _any_four_payments(color: int, n: int, per: int, hand: tuple):
    fams = _any_four_families(hand, color, n, per)
    return PaymentSet(fams, hand, any_four_rule(color, n, per)) if fams else ()


@lru_cache(maxsize=None)
def _plain(c: int, n: int) -> tuple:
    return (((c, n),),)


# --------------------------------------------------------------- the edition

@dataclass(frozen=True)
class NordicEdition(Edition):
    """Edition parameters plus the Nordic payment hooks (N2, N3, N-P1)."""
    any_four_cards: int = 4   # N3: this many cards replace one card on Murmansk-Lieksa

    def payments(self, hand: list[int], key: tuple):
        color, n, f, tunnel, any_four = key
        if any_four:  # N3
            per = self.any_four_cards
            a = hand[color] if color >= 0 else max(hand[:_NCOL])
            if a > n:
                a = n
            if a + (sum(hand) - a) // per < n:  # cannot pay at all
                return ()
            return _any_four_payments(color, n, per, _cap(hand, per * n, per * n))
        if f:  # N2 ferry: colour caps m + 3f = n + 2f, locomotives n
            per = self.ferry_any_cards
            if per != 3:  # pragma: no cover - the families above assume sets of 3
                raise NotImplementedError("ferry sets of other than 3 cards")
            return _ferry_payments(color, n, f, _cap(hand, n + 2 * f, n))
        if tunnel:  # N2: as Europe, locomotives wild
            return Edition.payments(self, hand, key)
        # N2: an ordinary route takes n cards of one colour, never a locomotive.
        if color >= 0:
            return _plain(color, n) if hand[color] >= n else ()
        return tuple(((c, n),) for c in _COLOR_RANGE if hand[c] >= n)

    def payment_key(self, key: tuple) -> tuple:
        """Tunnels, ferries, ordinary routes and Murmansk-Lieksa all pay differently."""
        return key

    def claim_reach(self, hand: list[int]) -> list[int]:
        """Upper bounds on the length a hand can pay, indexed gray, then colour + 1.
        A route of colour c is at most as long as the c cards and locomotives that
        sit on spaces plus a third of the other cards (ferry sets); this also bounds
        ordinary routes, tunnels and (gray, with a quarter) Murmansk-Lieksa."""
        locos = hand[LOCO]
        total = sum(hand)
        reach = [0] * (_NCOL + 1)
        best = 0
        for c in _COLOR_RANGE:
            u = hand[c] + locos
            r = u + (total - u) // 3
            reach[c + 1] = r
            if r > best:
                best = r
        reach[0] = best
        return reach


def _cap(hand: list[int], colour_cap: int, loco_cap: int) -> tuple:
    """The hand with counts capped where no minimal payment uses more (cache key)."""
    out = [h if h < colour_cap else colour_cap for h in hand]
    if hand[LOCO] > loco_cap:
        out[LOCO] = loco_cap
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
