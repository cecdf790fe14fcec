"""The whole dynamic state of a game as flat integers (docs/state-codec.md).

A `StateLayout` numbers the state of every game of one setup (a Ruleset, and an edition's
own content such as Legacy's setup): a fixed list of named sections, each a run of
integers at a fixed offset, so that a reader takes a hand or the route owners by slicing,
a tensor is one step away and a second implementation of the rules (a native core) reads
and writes the same list. Cards are card kinds (ttr.cards), routes and tickets their ids,
cities their index in the map (`rules.city_names`), phases their index in PHASES, seats
0..n-1; NONE (-1) marks no card, no owner, no seat, an empty slot or padding.

Three shapes of section:
  * values: one integer per slot (the header, the display, route owners, ...);
  * list: a size, then that many items, then NONE up to the section's capacity (piles,
    tickets, offers, stations, ...): a pile's top card is its last item;
  * counts: a total, then a count per card kind (hands).
A seat's observation (observer.mask) keeps the size of a list or the total of a counts
section and writes HIDDEN (-2) over what the seat may not see.

`encode(game)` writes the list; `decode(rules, state, options)` builds the game back,
checking every fact a save is checked for (SaveError naming the section); `check=False`
skips the checks, for states the engine itself built (sampled worlds).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

from ..cards import CARD_NAMES
from ..errors import SaveError, TtrError
from .phases import CHOOSE_PIECES, INITIAL_TICKETS, KEEP_TICKETS, PHASES, TUNNEL
from .ruleset import Ruleset

if TYPE_CHECKING:  # pragma: no cover
    from .actions import Action
    from .game import PyGame

CODEC_VERSION = 1
NONE = -1
HIDDEN = -2
PHASE_CODE = {p: i for i, p in enumerate(PHASES)}
HEADER = ("format", "seed", "random_first", "phase", "current_player", "first_player", "turn", "final_turns",
          "passes", "shuffles")
VALUES, LIST, COUNTS = "values", "list", "counts"
# Who may see a section (observer.mask): everyone; its seat only; nobody (its size stays
# visible); everyone, without the order (discards).
PUBLIC, OWN, NOBODY, UNORDERED = "public", "own", "nobody", "unordered"


class Section(NamedTuple):
    """A run of the state: `size` integers from `start`, of one shape (VALUES, LIST, COUNTS), seen
    by whom `secrecy` says (`seat`: the seat a seat's own section belongs to, else -1)."""
    name: str
    start: int
    size: int
    shape: str
    secrecy: str = PUBLIC
    seat: int = -1

    @property
    def stop(self) -> int:
        return self.start + self.size


class StateLayout:
    """The sections of one game setup's state, in order (see the module docstring). Every state
    of the setup has the same fixed part (`size` integers); an edition may end it with one
    variable-length section (`tail`: a count of records, then `tail_width` integers each)."""

    def __init__(self, rules: Ruleset, extra: Sequence[tuple[Any, ...]] = (),
                 tail: tuple[str, int] | None = None) -> None:
        ed = rules.edition
        n = rules.players
        self.rules = rules
        self.sections: list[Section] = []
        self.by_name: dict[str, Section] = {}
        self.plans: dict[int, Any] = {}  # observer.mask's plan per seat, made on first use
        self.n_kinds = ed.n_kinds
        self.tickets_cap = len(rules.map.tickets)
        self.offer_cap = max(ed.initial_long + ed.initial_regular, ed.later_draw)
        for h in HEADER:
            self._add(h, 1, VALUES, NOBODY if h in ("seed", "shuffles") else PUBLIC)  # they would tell every shuffle
        self.pile_names: list[tuple[str, str]] = []
        for d, cards in enumerate(rules.decks):
            prefix = "" if d == 0 else ("ship_" if d == 1 else f"deck{d}_")
            self.pile_names.append((f"{prefix}deck", f"{prefix}discard"))
            self._add(f"{prefix}deck", 1 + len(cards), LIST, NOBODY)
            self._add(f"{prefix}discard", 1 + len(cards), LIST, UNORDERED)
        self._add("face_up", ed.face_up, VALUES)
        self._add("ticket_pile", 1 + self.tickets_cap, LIST, NOBODY)
        self._add("routes", rules.n_ids, VALUES)
        self._add("tunnel", 3, VALUES)  # route (NONE: none), extra cards due, the colour paid (NONE: wild only)
        self._add("tunnel.cards", ed.n_kinds, VALUES)
        self._add("tunnel.revealed", 1 + ed.tunnel_reveal, LIST)
        for p in range(n):
            for name, size, shape, secrecy in (
                    ("hand", 1 + ed.n_kinds, COUNTS, OWN), ("tickets", 1 + self.tickets_cap, LIST, OWN),
                    ("offer", 1 + self.offer_cap, LIST, OWN), ("trains", 1, VALUES, PUBLIC), ("ships", 1, VALUES, PUBLIC),
                    ("box", 2, VALUES, PUBLIC), ("pieces_choice", 2, VALUES, PUBLIC),  # secret until all chose: mask
                    ("exchanged", 1, VALUES, PUBLIC), ("score", 1, VALUES, PUBLIC),
                    ("stations", 1 + ed.stations, LIST, PUBLIC), ("harbors", 1 + ed.harbors, LIST, PUBLIC)):
                self._add(f"players[{p}].{name}", size, shape, secrecy, p)
        for section in extra:  # (name, size, shape, secrecy[, seat: for an OWN section])
            self._add(*section)
        self.size = sum(s.size for s in self.sections)
        self.tail = tail[0] if tail else None
        self.tail_width = tail[1] if tail else 0
        self.pile_starts = [(self.by_name[a].start, self.by_name[b].start) for a, b in self.pile_names]
        self.ticket_pile = self.by_name["ticket_pile"].start
        # per seat: where its hand, tickets, offer, pieces (trains .. score: 8 values), stations and harbors start
        self.seat_starts = [tuple(self.by_name[f"players[{p}].{x}"].start
                                  for x in ("hand", "tickets", "offer", "trains", "stations", "harbors"))
                            for p in range(n)]

    def _add(self, name: str, size: int, shape: str, secrecy: str = PUBLIC, seat: int = -1) -> None:
        start = self.sections[-1].stop if self.sections else 0
        s = Section(name, start, size, shape, secrecy, seat)
        self.sections.append(s)
        self.by_name[name] = s

    def __getitem__(self, name: str) -> Section:
        return self.by_name[name]

    def seat(self, p: int, name: str) -> Section:
        """Seat p's section `name` (hand, tickets, offer, trains, ...)."""
        return self.by_name[f"players[{p}].{name}"]

    def span(self, name: str) -> tuple[int, int]:
        s = self.by_name[name]
        return s.start, s.stop

    def value(self, state: Sequence[int], name: str) -> int:
        return state[self.by_name[name].start]

    def items(self, state: Sequence[int], name: str) -> list[int]:
        """A list section's items, or a counts section's counts, or a values section."""
        s = self.by_name[name]
        if s.shape == LIST:
            return list(state[s.start + 1:s.start + 1 + state[s.start]])
        if s.shape == COUNTS:
            return list(state[s.start + 1:s.stop])
        return list(state[s.start:s.stop])

    def tail_records(self, state: Sequence[int]) -> list[list[int]]:
        """The variable-length tail's records."""
        if self.tail is None:
            return []
        at, w = self.size + 1, self.tail_width
        return [list(state[at + i * w:at + (i + 1) * w]) for i in range(state[self.size])]

    def name_at(self, i: int) -> str:
        """The name of the section that holds index i."""
        for s in self.sections:
            if s.start <= i < s.stop:
                return s.name
        return self.tail or "the end of the state"

    def __repr__(self) -> str:
        return f"<StateLayout {self.rules.map.name} {self.rules.players}p: {self.size} integers{' + tail' if self.tail else ''}>"


@lru_cache(maxsize=256)
def layout_of(rules: Ruleset, extra: tuple[tuple[Any, ...], ...] = (),
              tail: tuple[str, int] | None = None) -> StateLayout:
    return StateLayout(rules, extra, tail)


_PAD = [NONE] * 4096


def put_list(out: list[int], items: Sequence[int], cap: int) -> None:
    n = len(items)
    out.append(n)
    out += items
    if n < cap:
        out += _PAD[:cap - n]


# ------------------------------------------------------------------ encode

def encode(g: PyGame) -> list[int]:
    layout = g.layout()
    rules = g.rules
    ed = rules.edition
    out = [CODEC_VERSION, g.seed, int(g.random_first), PHASE_CODE[g.phase], g.current, g.first_player, g.turns,
           g.final_turns, g.passes, g.shuffles]
    for d, cards in enumerate(rules.decks):
        put_list(out, g.decks[d], len(cards))
        put_list(out, g.discards[d], len(cards))
    out += g.face_up
    T = layout.tickets_cap
    put_list(out, g.ticket_pile, T)
    out += g.owner
    t = g.tunnel
    if t is None:
        out += (NONE, 0, NONE)
        out += [0] * ed.n_kinds
        put_list(out, (), ed.tunnel_reveal)
    else:
        r, paid_cards, revealed, extra, paid = t
        out += (r, extra, paid)
        counts = [0] * ed.n_kinds
        for k, v in paid_cards:
            counts[k] = v
        out += counts
        put_list(out, revealed, ed.tunnel_reveal)
    O = layout.offer_cap
    for p in range(rules.players):
        h = g.hands[p]
        out.append(sum(h))
        out += h
        put_list(out, g.tickets[p], T)
        put_list(out, g.offers[p], O)
        choice = g.piece_choices[p]
        out += (g.trains[p], g.ships[p], *g.box[p], *(choice if choice is not None else (NONE, NONE)),
                g.exchanged[p], g.scores[p])
        put_list(out, g.stations[p], ed.stations)
        put_list(out, g.harbors[p], ed.harbors)
    g.encode_edition(out, layout)
    return out


# ------------------------------------------------------------------ decode

class _Reader:
    """Reads sections in order, checking shapes and ranges (SaveError names the section)."""

    def __init__(self, layout: StateLayout, state: Sequence[int], where: str, check: bool) -> None:
        self.layout, self.state, self.where, self.check = layout, state, where, check

    def fail(self, msg: str) -> None:
        raise SaveError(f"{self.where}: {msg}")

    def values(self, name: str) -> list[int]:
        s = self.layout.by_name[name]
        return list(self.state[s.start:s.stop])

    def value(self, name: str) -> int:
        return self.state[self.layout.by_name[name].start]

    def items(self, name: str, lo: int = 0, hi: int | None = None) -> list[int]:
        s = self.layout.by_name[name]
        st = self.state
        n = st[s.start]
        if self.check:
            cap = s.size - 1
            if not 0 <= n <= cap:
                self.fail(f"{name} holds {n} items; it has room for {cap}")
            if any(x != NONE for x in st[s.start + 1 + n:s.stop]):
                self.fail(f"{name}: the slots after its {n} items must be {NONE}")
        items = list(st[s.start + 1:s.start + 1 + n])
        if self.check and hi is not None:
            for x in items:
                if not lo <= x < hi:
                    self.fail(f"{name}: {x} is out of range ({lo}..{hi - 1})")
        return items

    def counts(self, name: str) -> list[int]:
        s = self.layout.by_name[name]
        counts = list(self.state[s.start + 1:s.stop])
        if self.check:
            for k, v in enumerate(counts):
                if v < 0:
                    self.fail(f"{name}: negative count for {CARD_NAMES[k]}")
            if self.state[s.start] != sum(counts):
                self.fail(f"{name}: the total {self.state[s.start]} is not the sum of the counts ({sum(counts)})")
        return counts


def decode(rules: Ruleset, state: Sequence[int], options: dict[str, Any] | None = None, *, check: bool = True,
           where: str = "state", record: bool = False, actions: Sequence[Action] = (),
           seats: Sequence[int] = (), like: PyGame | None = None) -> PyGame:
    """The game whose integer state is `state`. `options`: the edition's static content (what
    `replay_options()` gives; Legacy: its setup). `check`: refuse a state that breaks a fact of
    the rules (SaveError naming the section, prefixed by `where`). `record`: keep a public log of
    the actions from here on. `actions`, `seats`: the record of how the game got here (a save's
    history; by default none). `like` (only with check=False): a game decoded from a state that
    differs from `state` at most in what a seat's mask hides (the secret sections, the piece
    choices; refill_edition says which of an edition's own); the rest is copied from it instead
    of read."""
    st = state if isinstance(state, list) else list(state)  # (unchecked, the readers slice it into new lists)
    if like is not None and not check:
        g = like.copy_public()
        _refill(g, g.layout(), st)
        g.actions, g.seats = list(actions), list(seats)
        g._log = _new_log(g) if record else None
        return g
    from .game import PyGame  # the game module imports this one
    g = PyGame.blank(rules)
    try:
        g.set_static(**(options or {}))
    except SaveError:
        raise
    except TtrError as e:
        raise SaveError(f"{where}: {e}") from None
    layout = g.layout()
    if not check:
        _fill(g, layout, st)
        g.actions, g.seats = list(actions), list(seats)
        g._log = _new_log(g) if record else None
        return g
    _check_shape(layout, state, where)
    rd = _Reader(layout, state, where, check)
    n = rules.players
    version, seed, random_first, phase, current, first, turns, final_turns, passes, shuffles = state[:len(HEADER)]
    if check:
        if version != CODEC_VERSION:
            rd.fail(f"format is {version}; this ttr reads state format {CODEC_VERSION}")
        if not 0 <= phase < len(PHASES):
            rd.fail(f"phase {phase} is not a phase (0..{len(PHASES) - 1})")
        if not (0 <= current < n and 0 <= first < n):
            rd.fail("current_player/first_player out of range")
        if random_first not in (0, 1):
            rd.fail("random_first must be 0 or 1")
        if turns < 0 or passes < 0 or shuffles < 0 or final_turns < -1:
            rd.fail("turn, passes and shuffles must be >= 0 and final_turns >= -1")
    g.seed, g.random_first, g.phase, g.current, g.first_player = seed, bool(random_first), PHASES[phase], current, first
    g.turns, g.final_turns, g.passes, g.shuffles = turns, final_turns, passes, shuffles
    g.decode_edition(state, layout, where if check else "")  # first: the score checks read its state
    _cards(g, rd)
    _routes(g, rd)
    _players(g, rd)
    if len(actions) != len(seats):
        raise SaveError(f"{where}: history and history_seats differ in length")
    g.actions, g.seats = list(actions), list(seats)
    g._log = _new_log(g) if record else None
    return g


def _fill(g: PyGame, layout: StateLayout, st: list[int]) -> None:
    """decode's fast path, for states the engine built (no checks): every field from its section
    (a slice of the list is a new list)."""
    rules = g.rules
    _, seed, random_first, phase, g.current, g.first_player, g.turns, g.final_turns, g.passes, g.shuffles = \
        st[:len(HEADER)]
    g.seed, g.random_first, g.phase = seed, bool(random_first), PHASES[phase]
    g.decode_edition(st, layout, "")
    g.decks, g.discards = [], []
    for deck, discard in layout.pile_starts:
        g.decks.append(st[deck + 1:deck + 1 + st[deck]])
        g.discards.append(st[discard + 1:discard + 1 + st[discard]])
    a, b = layout.span("face_up")
    g.face_up = st[a:b]
    a = layout["ticket_pile"].start
    g.ticket_pile = st[a + 1:a + 1 + st[a]]
    a, b = layout.span("routes")
    g.owner = st[a:b]
    a = layout["tunnel"].start
    if st[a] == NONE:
        g.tunnel = None
    else:
        cards = layout["tunnel.cards"].start
        r = layout["tunnel.revealed"].start
        payment = tuple((k, v) for k, v in enumerate(st[cards:cards + rules.edition.n_kinds]) if v)
        g.tunnel = (st[a], payment, tuple(st[r + 1:r + 1 + st[r]]), st[a + 1], st[a + 2])
    g.hands, g.tickets, g.offers, g.stations, g.harbors = [], [], [], [], []
    g.trains, g.ships, g.box, g.piece_choices, g.exchanged, g.scores = [], [], [], [], [], []
    n_cities = len(rules.city_names)
    g.station_at, g.harbor_at = [NONE] * n_cities, [NONE] * n_cities
    for p, (hand, tickets, offer, trains, stations, harbors) in enumerate(layout.seat_starts):
        g.hands.append(st[hand + 1:hand + 1 + layout.n_kinds])
        g.tickets.append(st[tickets + 1:tickets + 1 + st[tickets]])
        g.offers.append(st[offer + 1:offer + 1 + st[offer]])
        t, sh, bt, bs, ct, cs, ex, score = st[trains:trains + 8]
        g.trains.append(t)
        g.ships.append(sh)
        g.box.append((bt, bs))
        g.piece_choices.append(None if ct == NONE else (ct, cs))
        g.exchanged.append(ex)
        g.scores.append(score)
        for start, cities, at in ((stations, g.stations, g.station_at), (harbors, g.harbors, g.harbor_at)):
            built = st[start + 1:start + 1 + st[start]]
            for c in built:
                at[c] = p
            cities.append(built)
    derive_routes(g)


def _refill(g: PyGame, layout: StateLayout, st: list[int]) -> None:
    """decode's path from a game like the state (`like`): what a seat's mask may hide, read again
    (a slice of the list is a new list)."""
    g.seed, g.shuffles = st[1], st[9]
    g.decks, g.discards = [], []
    for deck, discard in layout.pile_starts:
        g.decks.append(st[deck + 1:deck + 1 + st[deck]])
        g.discards.append(st[discard + 1:discard + 1 + st[discard]])
    a = layout.ticket_pile
    g.ticket_pile = st[a + 1:a + 1 + st[a]]
    n_kinds = layout.n_kinds
    g.hands, g.tickets, g.offers, g.piece_choices = hands, tickets, offers, choices = [], [], [], []
    for hand, ticket, offer, trains, _, _ in layout.seat_starts:
        hands.append(st[hand + 1:hand + 1 + n_kinds])
        tickets.append(st[ticket + 1:ticket + 1 + st[ticket]])
        offers.append(st[offer + 1:offer + 1 + st[offer]])
        ct = st[trains + 4]  # the pieces' choice follows trains, ships and the box
        choices.append(None if ct == NONE else (ct, st[trains + 5]))
    g.refill_edition(st, layout)
    g._legal = None


def _new_log(g: PyGame) -> Any:
    from .log import LogRecord
    return LogRecord(len(g.actions))


def _check_shape(layout: StateLayout, state: Sequence[int], where: str) -> None:
    if not isinstance(state, Sequence) or isinstance(state, (str, bytes)):
        raise SaveError(f"{where}: a state is a list of integers")
    for i, x in enumerate(state):
        if x.__class__ is not int:
            raise SaveError(f"{where}: {layout.name_at(i)}: {x!r} is not an integer")
    if layout.tail is None:
        if len(state) != layout.size:
            raise SaveError(f"{where}: the state holds {len(state)} integers; this game's has {layout.size}")
    else:
        count = state[layout.size] if len(state) > layout.size else -1
        if count < 0 or len(state) != layout.size + 1 + count * layout.tail_width:
            raise SaveError(f"{where}: {layout.tail}: the state's variable part does not hold whole records")


def _cards(g: PyGame, rd: _Reader) -> None:
    """Piles, display, hands and a pending tunnel; every card of the edition exactly once."""
    rules, layout, check = g.rules, rd.layout, rd.check
    ed = rules.edition
    nk = ed.n_kinds
    g.decks, g.discards = [], []
    for d, (deck, discard) in enumerate(layout.pile_names):
        for name, piles in ((deck, g.decks), (discard, g.discards)):
            pile = rd.items(name, 0, nk)
            if check:
                for c in pile:
                    if rules.deck_of[c] != d:
                        rd.fail(f"{name}: a {CARD_NAMES[c]} card does not belong there")
            piles.append(pile)
    g.face_up = rd.values("face_up")
    if check:
        for c in g.face_up:
            if not -1 <= c < nk:
                rd.fail(f"face_up: {c} is not a card of {ed.title}")
    g.hands = [rd.counts(f"players[{p}].hand") for p in range(rules.players)]
    route, extra, paid = rd.values("tunnel")
    cards = rd.values("tunnel.cards")
    revealed = rd.items("tunnel.revealed", 0, nk)
    g.tunnel = None
    pending: Counter[int] = Counter()
    if route == NONE:
        if check and (extra or paid != NONE or any(cards) or revealed):
            rd.fail("tunnel: no route is claimed but cards are pending")
        if check and g.phase is TUNNEL:
            rd.fail("phase is tunnel but no tunnel is pending")
    else:
        if check:
            if g.phase is not TUNNEL:
                rd.fail("a tunnel is pending outside the tunnel phase")
            if not (0 <= route < rules.n_ids and rules.r_key[route] is not None and rules.r_tunnel[route]):
                rd.fail(f"tunnel: route {route} is not a tunnel")
            if extra < 1:
                rd.fail("tunnel: extra must be at least 1")
            if any(v < 0 for v in cards):
                rd.fail("tunnel.cards: negative count")
        payment = tuple((k, v) for k, v in enumerate(cards) if v)
        want = next((k for k, _ in payment if k != ed.wild), NONE)
        if check and paid != want:
            rd.fail(f"tunnel: the colour paid is {paid}, but the cards say {want}")
        g.tunnel = (route, payment, tuple(revealed), extra, paid)
        for k, v in payment:
            pending[k] += v
        pending.update(revealed)
    if not check:
        return
    census = Counter(c for c in g.face_up if c >= 0) + pending
    for pile in g.decks + g.discards:
        census.update(pile)
    for h in g.hands:
        census.update({k: v for k, v in enumerate(h) if v})
    expected = Counter(rules.deck_cards)
    for k in sorted(set(census) | set(expected)):
        if census[k] != expected[k]:
            rd.fail(f"{census[k]} {CARD_NAMES[k]} cards in play; the {ed.title} deck has {expected[k]}")


def _routes(g: PyGame, rd: _Reader) -> None:
    rules = g.rules
    n = rules.players
    g.owner = owner = rd.values("routes")
    if rd.check:
        for r, seat in enumerate(owner):
            if seat == NONE:
                continue
            if rules.r_key[r] is None:
                rd.fail(f"routes: unknown route id {r}")
            if not 0 <= seat < n:
                rd.fail(f"routes: route {r} owned by seat {seat}, not a seat of {n}")
        for r in rules.route_ids:
            if owner[r] >= 0:
                for t in rules.r_twins[r]:
                    if owner[t] == owner[r]:
                        rd.fail(f"routes: seat {owner[r]} owns both lanes {r} and {t}")
                    if rules.r_closes[r] and owner[t] >= 0:
                        rd.fail(f"routes: both lanes {r} and {t} claimed with {n} players")
    derive_routes(g)


def derive_routes(g: PyGame) -> None:
    """What the route owners imply: the lanes still open (G1), per payment group, and per seat the
    lanes it may not take."""
    rules = g.rules
    closes, twins, group = rules.r_closes, rules.r_twins, rules.r_group
    avail = rules.r_exists[:]
    blocked: list[tuple[int, ...]] = [()] * rules.players
    changed = set()
    for r, s in enumerate(g.owner):
        if s >= 0:
            avail[r] = False
            changed.add(group[r])
            tw = twins[r]
            if tw:
                if closes[r]:
                    for t in tw:
                        avail[t] = False
                        changed.add(group[t])
                else:
                    blocked[s] += tw
    open_groups = list(rules.group_routes)
    is_open = avail.__getitem__
    for gi in changed:
        open_groups[gi] = tuple(filter(is_open, open_groups[gi]))
    g.avail, g.open_groups, g.blocked = avail, open_groups, blocked


def _players(g: PyGame, rd: _Reader) -> None:
    """Pieces, scores, stations, harbors, tickets and offers, checked against the routes held."""
    rules, check = g.rules, rd.check
    n = rules.players
    n_cities = len(rules.city_names)
    n_tickets = max((t.id for t in rules.map.tickets), default=-1) + 1
    g.ticket_pile = rd.items("ticket_pile", 0, n_tickets)
    g.trains, g.ships, g.box, g.piece_choices, g.exchanged, g.scores = [], [], [], [], [], []
    g.stations, g.harbors, g.tickets, g.offers = [], [], [], []
    g.station_at, g.harbor_at = [NONE] * n_cities, [NONE] * n_cities
    for p in range(n):
        seat = f"players[{p}]"
        g.trains.append(rd.value(f"{seat}.trains"))
        g.ships.append(rd.value(f"{seat}.ships"))
        bt, bs = rd.values(f"{seat}.box")
        g.box.append((bt, bs))
        ct, cs = rd.values(f"{seat}.pieces_choice")
        g.piece_choices.append(None if ct == NONE and cs == NONE else (ct, cs))
        g.exchanged.append(rd.value(f"{seat}.exchanged"))
        g.scores.append(rd.value(f"{seat}.score"))
        g.tickets.append(rd.items(f"{seat}.tickets", 0, n_tickets))
        g.offers.append(rd.items(f"{seat}.offer", 0, n_tickets))
        for what, cities, at in (("stations", g.stations, g.station_at), ("harbors", g.harbors, g.harbor_at)):
            built = rd.items(f"{seat}.{what}", 0, n_cities)
            for c in built:
                if check and at[c] >= 0:
                    rd.fail(f"two {what} on {rules.city_names[c]}")
                at[c] = p
            cities.append(built)
        if check:
            _check_player(g, rd, p)
    if check:
        _check_choices_and_offers(g, rd)
        seen = Counter(g.ticket_pile)
        for p in range(n):
            seen.update(g.tickets[p])
            seen.update(g.offers[p])
        for t, k in seen.items():
            if t not in rules.map.ticket_by_id:
                rd.fail(f"unknown ticket id {t}")
            if k != 1:
                rd.fail(f"ticket {t} appears {k} times")


def _check_player(g: PyGame, rd: _Reader, p: int) -> None:
    rules = g.rules
    ed = rules.edition
    trains, ships, (box_t, box_s), choice = g.trains[p], g.ships[p], g.box[p], g.piece_choices[p]
    exchanged, score = g.exchanged[p], g.scores[p]
    chosen_later = ed.pieces_total is not None
    revealed = chosen_later and g.phase not in (INITIAL_TICKETS, CHOOSE_PIECES)
    owned = [r for r in rules.route_ids if g.owner[r] == p]
    used = [sum(rules.r_len[r] for r in owned if rules.r_kind[r] == kind) for kind in (0, 1)]
    points = sum(rules.r_points[r] for r in owned) - exchanged
    if trains < 0:
        rd.fail(f"players[{p}] holds routes needing more trains than the player has")
    if ships < 0:
        rd.fail(f"players[{p}] holds routes needing more ships than the player has")
    if exchanged < 0 or box_t < 0 or box_s < 0:
        rd.fail(f"players[{p}]: exchanged and the box must be >= 0")
    problem = g.check_score(p, score, points)
    if problem is not None:
        rd.fail(problem)
    if not chosen_later:
        start = g.start_trains(p)
        if trains != start - used[0]:
            rd.fail(f"players[{p}].trains is {trains} but the routes held leave {start - used[0]}")
        if ships or box_t or box_s or exchanged or choice is not None:
            rd.fail(f"players[{p}]: {ed.title} has no ships, box, exchanges or piece choices")
    elif revealed:
        if not (trains + used[0] + box_t == ed.trains and ships + used[1] + box_s == ed.ships):
            rd.fail(f"players[{p}]: trains + trains on the board + trains in the box must be {ed.trains}, "
                    f"and likewise {ed.ships} ships")
        if trains + ships + sum(used) != ed.pieces_total:
            rd.fail(f"players[{p}] must hold {ed.pieces_total} pieces")
        if choice is None:
            rd.fail(f"players[{p}].pieces_choice is missing")
        net = choice[0] - trains - used[0]  # type: ignore[index]  # checked just above
        if not (abs(net) <= exchanged and (exchanged - abs(net)) % 2 == 0):
            rd.fail(f"players[{p}]: {exchanged} exchanged pieces cannot turn the choice {list(choice)} "  # type: ignore[arg-type]
                    f"into {trains + used[0]} trains")
    else:
        if owned or trains or ships or box_t or box_s:
            rd.fail(f"players[{p}] has pieces or routes before the pieces are chosen")
    if choice is not None:
        t_, s_ = choice
        if not (chosen_later and t_ + s_ == ed.pieces_total and 0 <= t_ <= ed.trains and 0 <= s_ <= ed.ships):
            rd.fail(f"players[{p}].pieces_choice {list(choice)} breaks RS1")
    for what, built, limit in (("stations", g.stations[p], ed.stations), ("harbors", g.harbors[p], ed.harbors)):
        if len(built) > limit:
            rd.fail(f"players[{p}] has {len(built)} {what}; {ed.title} allows {limit}")
    for c in g.harbors[p]:
        if c not in rules.harbor_ids:
            rd.fail(f"players[{p}].harbors: {rules.city_names[c]} is not a harbor city")


def _check_choices_and_offers(g: PyGame, rd: _Reader) -> None:
    rules = g.rules
    ed, n = rules.edition, rules.players
    if ed.pieces_total is not None:  # RS1: choices are made in seat order from the first player
        order = [(g.first_player + i) % n for i in range(n)]
        if g.phase is CHOOSE_PIECES:
            done = order[:order.index(g.current)]
        else:
            done = [] if g.phase is INITIAL_TICKETS else order
        for p in range(n):
            if (g.piece_choices[p] is not None) != (p in done):
                rd.fail(f"players[{p}].pieces_choice: {'missing' if p in done else 'made out of seat order'} "
                        f"in phase {g.phase}")
    choosing = {g.current} if g.phase in (INITIAL_TICKETS, KEEP_TICKETS) else set()
    if g.phase is INITIAL_TICKETS:  # seats from the current one up to the first player have yet to choose
        seat = g.current
        while True:
            choosing.add(seat)
            seat = (seat + 1) % n
            if seat == g.first_player:
                break
    for p in range(n):
        if p in choosing:
            if not g.offers[p]:
                rd.fail(f"players[{p}].offer is empty but seat {p} has tickets to choose in phase {g.phase}")
        elif g.offers[p]:
            rd.fail(f"players[{p}].offer holds tickets but seat {p} is not choosing any")


def first_difference(layout: StateLayout, a: Sequence[int], b: Sequence[int]) -> str | None:
    """The name of the first section where two states differ (None: they are equal)."""
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return layout.name_at(i)
    if len(a) != len(b):
        return layout.tail or "the length of the state"
    return None


__all__ = ["CODEC_VERSION", "COUNTS", "HEADER", "HIDDEN", "LIST", "NOBODY", "NONE", "OWN", "PHASE_CODE", "PUBLIC",
           "Section", "StateLayout", "UNORDERED", "VALUES", "decode", "encode", "first_difference", "layout_of",
           "put_list"]
