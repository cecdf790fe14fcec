"""The observation tensor: a seat's Observation as a flat float32 tensor (the research adapters' and the learned bot's).

PettingZoo, Gymnasium and OpenSpiel all build their tensors here, from the seat's Observation
(`game.observe(seat)`): its masked integer state (ttr.engine's codec, HIDDEN over what the seat
may not see), read by section offsets, and the static rules; never the Game. Re-dealing what the
seat cannot see leaves the tensor unchanged (tests/test_observation.py). Every field and its
shape per board are listed in docs/research.md (`Observer(rules).describe()` prints them).

    obs = Observer(ttr.get_ruleset("europe", 4))
    x = obs.encode(game.observe(seat))       # float32[obs.size]
    obs.split(x)["hand"]                     # a field, in its own shape

Seats are relative: row 0 of every per-seat field is the observing seat, row 1 the next seat
in turn order, and so on. Counts are scaled to [0, 1] by the most the game can hold; scores and
event amounts to [-1, 1] (clipped). `private=False` leaves out the seat's own secrets (a public
observation); `history=True` adds what the public log shows (OpenSpiel's information state):
`encode(obs, log=game.log)`, or `encode(obs, log=counts)` with the log's LogCounts, kept as the
log grows (`obs.count(counts, new_entries)`), so that the tensor costs the same at any ply.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..cards import CARD_NAMES, DECK_NAMES
from ..editions.legacy import LegacyEdition
from ..editions.legacy.content import COMPANY_COLORS

STEP_KINDS = ("company_route", "big_city", "route_bonus", "route_fee")  # money and game 1's kinds; cards: gifts
CARD_STEP = "route_cards"
from ..editions.legacy.game import steps_in_force
from ..engine import DRAW, NONE, PHASES, TICKETS, Observation, Ruleset, StateLayout, longest_path
from ..errors import TtrError
from .action_space import ActionSpace

TURN_SCALE = 200    # turns: scaled by this, clipped at 1
SCORE_SCALE = 200   # scores and money: scaled by this, clipped to [-1, 1]
TICKET_DRAWS = 10   # ticket draws per seat (information state): scaled by this, clipped


@dataclass(frozen=True)
class Field:
    """One named part of the tensor: x[start:stop].reshape(shape)."""
    name: str
    shape: tuple[int, ...]
    start: int
    low: float
    doc: str
    size: int = 0
    stop: int = 0

    def __post_init__(self) -> None:
        size = int(np.prod(self.shape))
        object.__setattr__(self, "size", size)
        object.__setattr__(self, "stop", self.start + size)


class Observer:
    """Builds the tensor of one board and player count (see the module docstring)."""

    def __init__(self, rules: Ruleset, *, private: bool = True, history: bool = False):
        self.rules = rules
        self.private = private
        self.history = history
        ed = rules.edition
        m = rules.map
        self.players = P = rules.players
        self.space = ActionSpace(rules)
        self.kinds = sorted(set(rules.deck_cards))
        self.kind_pos = {k: i for i, k in enumerate(self.kinds)}
        self._kp = [self.kind_pos.get(k, -1) for k in range(ed.n_kinds)]  # kind_pos as a list (faster)
        K = len(self.kinds)
        self.n_kinds = ed.n_kinds
        self.kind_by_name = {CARD_NAMES[k]: i for i, k in enumerate(self.kinds)}  # the log names cards
        totals = Counter(rules.deck_cards)
        self.kind_total = np.array([totals[k] for k in self.kinds], dtype=np.float32)
        self.tickets = [t.id for t in m.tickets]
        self.ticket_pos = {t: i for i, t in enumerate(self.tickets)}
        self.routes = list(rules.route_ids)
        self.route_pos = {r: i for i, r in enumerate(self.routes)}
        self.tunnels = [r for r in self.routes if rules.r_tunnel[r]]
        self.harbor_cities = sorted(rules.harbor_cities)
        self.harbor_pos = {c: i for i, c in enumerate(rules.harbor_ids)}  # city index -> row of `harbors`
        self.stepped = list(self.space.stepped_routes)
        self.offer_max = max(ed.initial_long + ed.initial_regular, ed.later_draw)
        self.slots = sum(ed.face_up_per_deck) if ed.face_up_per_deck else ed.face_up
        self.deck_names = DECK_NAMES[:len(rules.decks)]
        self.deck_total = [len(d) for d in rules.decks]
        self.max_trains = max(ed.trains, ed.pieces_total or 0)
        self.legacy = isinstance(ed, LegacyEdition)
        self.columns = ["hand_size", "tickets", "offer_size", "trains", "score"]
        if ed.stations:
            self.columns.append("stations")
        if ed.pieces_total is not None:
            self.columns += ["ships", "box_trains", "box_ships", "harbors", "exchanged", "pieces_chosen"]
        self._col = {c: i for i, c in enumerate(self.columns)}
        self.fields: list[Field] = []
        add = self._add
        phases = PHASES[:PHASES.index("over") + 1] + tuple(ed.own_phases)  # the board's phases, by their codes
        add("phase", (len(phases),), "one-hot: " + ", ".join(phases))
        add("to_move", (P,), "one-hot: the relative seat to move (none once over)")
        add("clock", (4,), f"turn/{TURN_SCALE} (clipped), last round started, final turns left / their number, "
            "passes in a row / players")
        add("face_up", (K,), f"face-up cards per kind / {self.slots} slots")
        add("piles", (len(self.deck_total) + 1,), "cards left in each draw pile (" + ", ".join(self.deck_names)
            + ") / the pile's cards, tickets left / all tickets")
        add("discard", (K,), "discarded cards per kind / cards of the kind")
        add("routes", (len(self.routes), P), "route owner, one-hot by relative seat (rows: routes in map order)")
        if ed.stations:
            add("stations", (len(rules.city_names), P), "station owner per city, one-hot by relative seat")
        if self.harbor_cities:
            add("harbors", (len(self.harbor_cities), P), "harbor owner per harbor city, one-hot by relative seat")
        if self.tunnels:
            add("tunnel", (len(self.tunnels) + 1,), "the tunnel being claimed (one-hot over tunnel routes), "
                "then extra cards asked / 3")
            add("tunnel_cards", (2, K), "row 0: cards played for the tunnel / 12; row 1: cards revealed / 3")
        add("seats", (P, len(self.columns)), "per relative seat: " + ", ".join(self.columns)
            + " (counts / their most; score / 200 in [-1, 1])", low=-1.0)
        if ed.longest_bonus:
            add("longest", (P, 2), "per relative seat: its longest trail of routes (G8) / the trains a seat has, "
                "and 1 if that is the longest of all (ties too; none while no seat holds a route)")
        if self.legacy:
            add("companies", (P, len(COMPANY_COLORS)), "company colour per relative seat: " + ", ".join(COMPANY_COLORS))
            add("event", (2 + len(STEP_KINDS) + 1,), "current event: lightning, persistent, its claim step's kind ("
                + ", ".join(STEP_KINDS) + "), amount / 10 (clipped to [-1, 1])", low=-1.0)
            add("claim_steps", (len(STEP_KINDS) + 2,), "claim steps in force per kind / 3 (clipped), events revealed / all, "
                "events left / all")
            add("gifts", (4,), "cards and tickets given: route_cards claim steps in force / 3, the current "
                "event's step is route_cards, the current event gives cards, it gives tickets")
        if private:
            add("hand", (K,), "own cards per kind / cards of the kind")
            add("tickets", (len(self.tickets),), "own tickets (map order)")
            add("tickets_joined", (len(self.tickets),), "own tickets whose cities own routes already join "
                "(stations not counted)")
            add("offer", (self.offer_max, len(self.tickets)), "ticket offer: row j is the j-th offered ticket by id "
                "(keep ids name these positions)")
            if ed.pieces_total is not None:
                add("pieces_choice", (2,), "own trains and ships chosen (RS1) / their most")
            if self.stepped:
                add("pending", (len(self.stepped) + K,), "a claim paid in steps, while it is being paid: the route "
                    "(one-hot over stepped routes), then the cards chosen so far per kind / cards of the kind")
        if history:
            add("taken", (P, K), "face-up cards each relative seat took over the game / cards of the kind")
            add("draws", (P, 2), f"per relative seat: blind draws / all cards (clipped), ticket draws / {TICKET_DRAWS} "
                "(clipped)")
        self.size = self.fields[-1].stop
        self.shape = (self.size,)
        self.low = np.zeros(self.size, dtype=np.float32)
        for f in self.fields:
            self.low[f.start:f.stop] = f.low
        self.high = np.ones(self.size, dtype=np.float32)
        self._by_name = {f.name: f for f in self.fields}
        self._parts = [(f.name, f.start, f.stop, f.shape) for f in self.fields]
        self._over = PHASES.index("over")
        self._plans: dict[StateLayout, _Plan] = {}  # section offsets per layout (Legacy's vary with the setup)
        self._joined_cache: dict[tuple[tuple[int, ...], tuple[int, ...]], list[int]] = {}  # (routes, tickets) -> joined
        self._longest_cache: dict[tuple[int, ...], int] = {}  # a seat's routes -> its longest trail
        self._at = {f.name: f.start for f in self.fields}
        self._span = {f.name: (f.start, f.stop) for f in self.fields}
        self._route_base = [-1] * rules.n_ids  # route id -> its row of `routes`, flat
        for i, r in enumerate(self.routes):
            self._route_base[r] = self._at["routes"] + i * P
        self._face_sums = _sums(1.0 / self.slots, ed.face_up)
        self._third_sums = _sums(1 / 3, 16)  # tunnel reveals; claim steps of a kind
        # n cards of a kind / the kind's cards, as float32 divides them (per-kind field order)
        self._fractions = [[float(np.float32(n) / total) for n in range(int(total) + 1)] for total in self.kind_total]
        self._seat_width = len(self.columns)
        self._stations, self._ships = "stations" in self._col, "ships" in self._col

    def native_tables(self, setup: Any = None) -> dict[str, Any]:
        """Where this observer writes and how it scales, as flat numbers for the native core, which
        writes the same tensor (ttr.native.vecenv); TtrError for fields the core does not write
        (the information state). Legacy: `setup`, the LegacySetup of the games (its fields depend
        on it)."""
        rules, at, ed = self.rules, self._at, self.rules.edition
        native = {"phase", "to_move", "clock", "face_up", "piles", "discard", "routes", "stations", "harbors", "tunnel",
                  "tunnel_cards", "seats", "longest", "hand", "tickets", "tickets_joined", "offer", "pieces_choice",
                  "pending"} | ({"companies", "event", "claim_steps", "gifts"} if self.legacy else set())
        if self.legacy and setup is None:
            raise TtrError("a Legends of the West observer's native tables are of one setup: pass setup=")
        extra = [f.name for f in self.fields if f.name not in native]
        rs = ed.pieces_total is not None
        if extra or len(self.deck_total) != (2 if rs else 1) or set(self.columns) - {
                "hand_size", "tickets", "offer_size", "trains", "score", "stations", "ships", "box_trains",
                "box_ships", "harbors", "exchanged", "pieces_chosen"}:
            raise TtrError(f"the native core does not write this observer's tensor ({', '.join(extra) or 'its piles'})")
        n_tickets = max(rules.ticket_cities, default=-1) + 1
        ticket_pos = [self.ticket_pos.get(t, -1) for t in range(n_tickets)]
        starts, cities = [0], []  # type: list[int], list[int]
        for t in range(n_tickets):
            cities += rules.ticket_cities.get(t, ())
            starts.append(len(cities))
        return {
            "size": self.size, "players": self.players, "private": int(self.private),
            **{k: at.get(k, -1) for k in ("phase", "to_move", "clock", "face_up", "piles", "discard", "seats",
                                          "stations", "tunnel", "tunnel_cards", "longest", "hand", "tickets",
                                          "tickets_joined", "offer", "pending", "harbors", "pieces_choice")},
            "n_phases": self.field("phase").size, "n_decks": len(self.deck_total), "rs": int(rs),
            "deck_total1": self.deck_total[-1], "trains_total": ed.trains, "ships_total": ed.ships or 1,
            "harbors_total": ed.harbors or 1,
            "harbor_row": [self.harbor_pos.get(c, -1) for c in range(len(rules.city_names))],
            "seat_width": self._seat_width, "n_tunnels": len(self.tunnels), "n_kinds_pos": len(self.kinds),
            "n_stepped": len(self.stepped),
            "stepped_row": [self.stepped.index(r) if r in self.stepped else -1 for r in range(rules.n_ids)],
            "ticket_width": len(self.tickets), "offer_max": self.offer_max,
            "final_round_turns": rules.final_round_turns, "n_stations": rules.edition.stations,
            "turn_scale": TURN_SCALE, "score_scale": SCORE_SCALE, "deck_total": self.deck_total[0],
            "tickets_total": len(self.tickets), "total_cards": rules.total_cards, "max_trains": self.max_trains,
            "route_row": self._route_base,
            "tunnel_row": [self.tunnels.index(r) if r in self.tunnels else -1 for r in range(rules.n_ids)],
            "kind_pos": self._kp, "ticket_pos": ticket_pos, "ticket_city_start": starts, "ticket_cities": cities,
            "face_sums": self._face_sums, "third_sums": self._third_sums, "fractions": self._fractions,
            **(self._legacy_tables(setup) if self.legacy else {}),
        }

    def _add(self, name: str, shape: tuple[int, ...], doc: str, low: float = 0.0) -> None:
        start = self.fields[-1].stop if self.fields else 0
        self.fields.append(Field(name, shape, start, low, doc))

    # ------------------------------------------------------------------ layout

    def field(self, name: str) -> Field:
        return self._by_name[name]

    def split(self, x: np.ndarray) -> dict[str, np.ndarray]:
        """The fields of tensor `x` as named views in their shapes."""
        return {name: x[a:b].reshape(shape) for name, a, b, shape in self._parts}

    def describe(self) -> str:
        """A table of the fields (markdown)."""
        rows = [f"| `{f.name}` | {' x '.join(map(str, f.shape))} | {f.start}-{f.stop - 1} | {f.doc} |"
                for f in self.fields]
        return "\n".join(["| field | shape | indices | meaning |", "| --- | --- | --- | --- |", *rows])

    # ------------------------------------------------------------------ encoding

    def encode(self, obs: Observation, pending: Sequence[int] = (),
               log: Iterable[Mapping[str, Any]] | LogCounts | None = None, out: np.ndarray | None = None) -> np.ndarray:
        """The tensor of a seat's Observation (`game.observe(seat)`), read from its masked integer
        state and the static rules. `pending`: the ids of the seat's own partial move (a claim being
        paid in steps), or (). `log`: the public log (`game.log`, or entries with its `seat`, `kind`
        and `target`) or its LogCounts (`counts`), read only with history=True, where it is required."""
        if self.history and log is None:
            raise TtrError("this observer reads the public log (history=True): pass log=game.log "
                           "(a game that records its log)")
        if not self.history:
            log = None
        if out is None:
            out = np.zeros(self.size, dtype=np.float32)
        else:
            out.fill(0.0)
        plan = self._plans.get(obs.layout)
        if plan is None:
            plan = self._plans[obs.layout] = self._plan(obs.layout)
        t = _Tensor(out)
        st, me, P, at = obs.state, obs.seat, self.players, self._at
        phase = st[plan.phase]
        t.ones.append(at["phase"] + phase)
        if phase != self._over:
            t.ones.append(at["to_move"] + (st[plan.current] - me) % P)
        final_turns = st[plan.final_turns]
        t.set(at["clock"], min(st[plan.turn] / TURN_SCALE, 1.0), float(final_turns >= 0),
              min(max(final_turns, 0) / self.rules.final_round_turns, 1.0), min(st[plan.passes] / P, 1.0))
        t.counts(at["face_up"], self._per_kind(c for c in st[plan.face_up[0]:plan.face_up[1]] if c >= 0),
                 self._face_sums)
        discard = [0] * len(self.kinds)
        kp = self._kp
        for d, (deck, pile) in enumerate(plan.piles):
            t.set(at["piles"] + d, st[deck] / self.deck_total[d])
            for c in _items(st, pile):
                discard[kp[c]] += 1
        t.set(at["piles"] + len(plan.piles), st[plan.ticket_pile] / len(self.tickets))
        t.scaled(at["discard"], discard, self._fractions)
        ones, rbase = t.ones, self._route_base
        owned = [(r, s) for r, s in enumerate(st[plan.routes:plan.routes + self.rules.n_ids]) if s >= 0]
        ones += [rbase[r] + (s - me) % P for r, s in owned]
        for name, pos in (("stations", None), ("harbors", self.harbor_pos)):
            if name in at:
                base, i = at[name], _STATIONS if name == "stations" else _HARBORS
                for q, seat in enumerate(plan.seats):
                    for c in _items(st, seat[i]):
                        ones.append(base + (c if pos is None else pos[c]) * P + (q - me) % P)
        if "tunnel" in at and st[plan.tunnel] != NONE:
            self._tunnel(st, plan, t)
        self._seats(st, plan, t, me)
        if "longest" in at:
            self._longest(owned, t, me)
        if self.legacy:
            self._legacy(st, plan, t, me, obs.options["setup"])
        if self.private:
            self._private(st, plan, t, me, [r for r, s in owned if s == me], pending)
        if log is not None:
            self._history(log if isinstance(log, LogCounts) else self.counts(log), t, me)
        return t.done()

    def _plan(self, layout: StateLayout) -> _Plan:
        r = layout.rules
        if r is not self.rules and (r.map.name, r.players) != (self.rules.map.name, self.players):
            raise TtrError(f"this observer is for {self.rules.map.name} with {self.players} players, "
                           f"not {layout.rules.map.name} with {layout.rules.players}")
        return _Plan(layout)

    def _per_kind(self, cards: Iterable[int]) -> list[int]:
        """How many of each of the board's card kinds `cards` holds (per-kind field order)."""
        counts = [0] * len(self.kinds)
        kp = self._kp
        for c in cards:
            counts[kp[c]] += 1
        return counts

    def _tunnel(self, st: Sequence[int], plan: _Plan, t: _Tensor) -> None:
        route, extra, _ = st[plan.tunnel:plan.tunnel + 3]
        base = self._at["tunnel"]
        t.ones.append(base + self.tunnels.index(route))
        t.set(base + len(self.tunnels), extra / 3)
        base, kp = self._at["tunnel_cards"], self._kp
        for k, n in enumerate(st[plan.tunnel_cards:plan.tunnel_cards + self.n_kinds]):
            if n:
                t.set(base + kp[k], min(n / 12, 1.0))
        t.counts(base + len(self.kinds), self._per_kind(_items(st, plan.revealed)), self._third_sums)

    def _seats(self, st: Sequence[int], plan: _Plan, t: _Tensor, me: int) -> None:
        ed = self.rules.edition
        width, P = self._seat_width, self.players
        total_cards, tickets = float(self.rules.total_cards), len(self.tickets)
        for q, at in enumerate(plan.seats):  # the columns in self.columns' order
            row = [st[at[_HAND]] / total_cards, st[at[_TICKETS]] / tickets, st[at[_OFFER]] / self.offer_max,
                   min(st[at[_TRAINS]] / self.max_trains, 1.0), max(-1.0, min(st[at[_SCORE]] / SCORE_SCALE, 1.0))]
            if self._stations:
                row.append(st[at[_STATIONS]] / ed.stations)
            if self._ships:
                box = at[_BOX]
                row += (st[at[_SHIPS]] / ed.ships, st[box] / ed.trains, st[box + 1] / ed.ships,
                        st[at[_HARBORS]] / ed.harbors, min(st[at[_EXCHANGED]] / (ed.trains + ed.ships), 1.0),
                        float(st[at[_CHOICE]] != NONE))  # HIDDEN: chosen, still secret
            t.set(self._at["seats"] + (q - me) % P * width, *row)

    def _longest(self, owned: Sequence[tuple[int, int]], t: _Tensor, me: int) -> None:
        P, cache = self.players, self._longest_cache
        held: list[list[int]] = [[] for _ in range(P)]
        for r, s in owned:
            held[s].append(r)
        lengths = []
        for routes in held:
            key = tuple(routes)
            n = cache.get(key)
            if n is None:
                if len(cache) > 4096:
                    cache.clear()
                n = cache[key] = longest_path(self.rules.map, routes)
            lengths.append(n)
        top, base = max(lengths), self._at["longest"]
        for q, n in enumerate(lengths):
            if n:
                row = base + (q - me) % P * 2
                t.set(row, min(n / self.max_trains, 1.0))
                if n == top:
                    t.ones.append(row + 1)

    def _legacy(self, st: Sequence[int], plan: _Plan, t: _Tensor, me: int, setup: Any) -> None:
        at, P = self._at, self.players
        for s, c in enumerate(setup.companies):
            if c in COMPANY_COLORS:
                t.ones.append(at["companies"] + (s - me) % P * len(COMPANY_COLORS) + COMPANY_COLORS.index(c))
        discard = _items(st, plan.event_discard)
        self._legacy_event(t, setup, discard[-1] if discard else None)
        base, n = at["claim_steps"], max(len(setup.events), 1)
        t.set(base + len(STEP_KINDS), len(discard) / n, st[plan.event_deck] / n)

    def _legacy_event(self, t: _Tensor, setup: Any, current: int | None) -> None:
        """The fields event, claim_steps (but the events revealed and left) and gifts: they depend
        only on the setup and the current event (`current`: its index, None before the first)."""
        at = self._at
        if current is not None:
            e, base = setup.events[current], at["event"]
            t.ones.append(base + (0 if e.kind == "lightning" else 1))
            if e.step is not None and e.step.kind in STEP_KINDS:
                t.ones.append(base + 2 + STEP_KINDS.index(e.step.kind))
            if e.step is not None and e.step.kind == CARD_STEP:
                t.ones.append(at["gifts"] + 1)
            if e.gives in ("cards", "tickets"):
                t.ones.append(at["gifts"] + (2 if e.gives == "cards" else 3))
            amount = e.step.amount if e.step is not None else e.amount
            t.set(base + 2 + len(STEP_KINDS), max(-1.0, min(amount / 10, 1.0)))
        steps = [0] * len(STEP_KINDS)
        cards = 0
        for step, _ in steps_in_force(setup, () if current is None else (current,)):
            if step.kind == CARD_STEP:
                cards += 1
            else:
                steps[STEP_KINDS.index(step.kind)] += 1
        if cards:
            t.set(at["gifts"], min(cards / 3, 1.0))
        # (clipped at 3, as the space's bound: the demo pack's game 12 holds 4 steps of one kind)
        t.counts(at["claim_steps"], [min(n, 3) for n in steps], self._third_sums)

    def _legacy_tables(self, setup: Any) -> dict[str, Any]:
        """Legacy's fields for the native core, of one setup: each seat's company, and per current
        event + 1 (0: none yet) the fields event .. gifts as _legacy_event writes them."""
        a, b = self._at["event"], self._span["gifts"][1]
        rows = []
        for current in (None, *range(len(setup.events))):
            t = _Tensor(np.zeros(self.size, dtype=np.float32))
            self._legacy_event(t, setup, current)
            rows.append([float(x) for x in t.done()[a:b]])
        return {"companies": self._at["companies"], "n_companies": len(COMPANY_COLORS),
                "lw_company": [COMPANY_COLORS.index(c) if c in COMPANY_COLORS else -1
                               for c in setup.companies[:self.players]] + [-1] * (self.players - len(setup.companies)),
                "lw_event": a, "lw_revealed": self._at["claim_steps"] + len(STEP_KINDS),
                "lw_events_total": max(len(setup.events), 1), "lw_rows": rows}

    def _private(self, st: Sequence[int], plan: _Plan, t: _Tensor, me: int, routes: Sequence[int],
                 pending: Sequence[int]) -> None:
        seat, at, kp, tp = plan.seats[me], self._at, self._kp, self.ticket_pos
        a = seat[_HAND]
        hand = [0] * len(self.kinds)
        for k, n in enumerate(st[a + 1:a + 1 + self.n_kinds]):
            if n:
                hand[kp[k]] = n
        t.scaled(at["hand"], hand, self._fractions)
        mine = _items(st, seat[_TICKETS])
        t.ones += [at["tickets"] + tp[x] for x in mine]
        if mine:
            key = (tuple(routes), tuple(mine))
            joined = self._joined_cache.get(key)
            if joined is None:
                if len(self._joined_cache) > 4096:
                    self._joined_cache.clear()
                joined = self._joined_cache[key] = self._joined(routes, mine)
            t.ones += [at["tickets_joined"] + tp[x] for x in joined]
        width = len(self.tickets)
        for j, x in enumerate(sorted(_items(st, seat[_OFFER]))):  # sorted: the positions keep ids name
            t.ones.append(at["offer"] + j * width + tp[x])
        if "pieces_choice" in at and st[seat[_CHOICE]] != NONE:
            ed, a = self.rules.edition, seat[_CHOICE]
            t.set(at["pieces_choice"], st[a] / ed.trains, st[a + 1] / ed.ships)
        if pending:
            route, items = self.space.partial(pending)
            base = at["pending"]
            t.ones.append(base + self.stepped.index(route))
            base += len(self.stepped)
            for k, v in items:
                t.set(base + kp[k], v / self.kind_total[kp[k]])

    def _joined(self, routes: Sequence[int], tickets: Sequence[int]) -> list[int]:
        """The tickets among `tickets` whose cities `routes` join."""
        ends = self.rules.r_ends
        label: dict[int, int] = {}        # city -> its component (a city of it)
        members: dict[int, list[int]] = {}
        for r in routes:
            a, b = ends[r]
            la, lb = label.get(a, -1), label.get(b, -1)
            if la < 0 and lb < 0:
                label[a] = label[b] = a
                members[a] = [a, b]
            elif la < 0 or lb < 0:
                c, into = (a, lb) if la < 0 else (b, la)
                label[c] = into
                members[into].append(c)
            elif la != lb:
                small, big = (la, lb) if len(members[la]) < len(members[lb]) else (lb, la)
                for c in members[small]:
                    label[c] = big
                members[big] += members.pop(small)
        cities = self.rules.ticket_cities
        return [x for x in tickets if len({label.get(c, -1 - c) for c in cities[x]}) == 1]

    def counts(self, log: Iterable[Mapping[str, Any]] = ()) -> LogCounts:
        """The counts of a public log that the information state reads (LogCounts)."""
        c = LogCounts([0] * (self.players * len(self.kinds)), [0] * (self.players * 2), 0)
        self.count(c, log)
        return c

    def count(self, counts: LogCounts, entries: Iterable[Mapping[str, Any]]) -> None:
        """Adds the public log's next entries to `counts`."""
        K, by_name = len(self.kinds), self.kind_by_name
        taken, draws = counts.taken, counts.draws
        n = 0
        for e in entries:
            n += 1
            kind = e["kind"]
            if kind == DRAW:
                card = e["target"]
                if card.__class__ is dict:  # two decks: {"card": ..., "pile": ...}
                    card = card["card"]
                if card == "deck":
                    draws[e["seat"] * 2] += 1
                else:
                    taken[e["seat"] * K + by_name[card]] += 1
            elif kind == TICKETS:
                draws[e["seat"] * 2 + 1] += 1
        counts.entries += n

    def _history(self, counts: LogCounts, t: _Tensor, me: int) -> None:
        P, K = self.players, len(self.kinds)
        first = me * K, me * 2  # rows by relative seat: the observing seat's first
        taken, draws = counts.taken, counts.draws
        a, b = self._span["taken"]
        x = t.out[a:b].reshape(P, K)
        x[:] = np.reshape(taken[first[0]:] + taken[:first[0]], (P, K))
        np.minimum(x / self.kind_total, 1.0, out=x)
        a, b = self._span["draws"]
        x = t.out[a:b].reshape(P, 2)
        x[:] = np.reshape(draws[first[1]:] + draws[:first[1]], (P, 2))
        np.minimum(x / (float(self.rules.total_cards), TICKET_DRAWS), 1.0, out=x)


class LogCounts:
    """What the information state reads of a public log (Observer.counts): per absolute seat, the
    face-up cards it took per kind (`taken`, seat-major) and its blind and ticket draws (`draws`:
    two per seat), and the number of entries counted. Kept as the log grows (Observer.count), it
    spares encoding the whole log at every call; a copy is cheap (copy, deepcopy)."""
    __slots__ = ("taken", "draws", "entries")

    def __init__(self, taken: list[int], draws: list[int], entries: int) -> None:
        self.taken = taken
        self.draws = draws
        self.entries = entries

    def copy(self) -> LogCounts:
        return LogCounts(self.taken[:], self.draws[:], self.entries)

    def __deepcopy__(self, memo: dict) -> LogCounts:
        return self.copy()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LogCounts) and (self.taken, self.draws, self.entries) == (
            other.taken, other.draws, other.entries)

    def __repr__(self) -> str:
        return f"LogCounts(taken={self.taken}, draws={self.draws}, entries={self.entries})"


def _items(st: Sequence[int], at: int) -> Sequence[int]:
    """The items of the list section at offset `at` (its size, then its items)."""
    return st[at + 1:at + 1 + st[at]]


def _sums(step: float, n: int) -> list[float]:
    """0, step, step + step, ... added up in float32, as a field that counts by += step holds them."""
    x = np.zeros(1, dtype=np.float32)
    out = [0.0]
    for _ in range(n):
        x[0] += step
        out.append(float(x[0]))
    return out


class _Tensor:
    """A tensor being written: 1.0 at `ones`, `val` at `idx` (both written by `done`)."""
    __slots__ = ("out", "ones", "idx", "val")

    def __init__(self, out: np.ndarray) -> None:
        self.out = out
        self.ones: list[int] = []
        self.idx: list[int] = []
        self.val: list[float] = []

    def set(self, at: int, *values: float) -> None:
        self.idx += range(at, at + len(values))
        self.val += values

    def counts(self, at: int, counts: Sequence[int], sums: Sequence[float]) -> None:
        """counts[i] as sums[counts[i]] at at + i."""
        for i, n in enumerate(counts):
            if n:
                self.idx.append(at + i)
                self.val.append(sums[n])

    def scaled(self, at: int, counts: Sequence[int], tables: Sequence[Sequence[float]]) -> None:
        """counts[i] as tables[i][counts[i]] at at + i."""
        for i, n in enumerate(counts):
            if n:
                self.idx.append(at + i)
                self.val.append(tables[i][n])

    def done(self) -> np.ndarray:
        ones, idx, out = self.ones, self.idx, self.out
        if ones:
            out[np.fromiter(ones, np.intp, len(ones))] = 1.0
        if idx:
            out[np.fromiter(idx, np.intp, len(idx))] = np.fromiter(self.val, np.float64, len(idx))
        return out


# A seat's sections, in the order _Plan keeps their offsets.
SEAT_SECTIONS = ("hand", "tickets", "offer", "trains", "ships", "box", "pieces_choice", "exchanged", "score",
                 "stations", "harbors")
_HAND, _TICKETS, _OFFER, _TRAINS, _SHIPS, _BOX, _CHOICE, _EXCHANGED, _SCORE, _STATIONS, _HARBORS = range(11)


class _Plan:
    """Where the observer reads in one StateLayout: its sections' offsets, looked up once."""
    __slots__ = ("phase", "current", "turn", "final_turns", "passes", "face_up", "piles", "ticket_pile", "routes",
                 "tunnel", "tunnel_cards", "revealed", "seats", "event_deck", "event_discard")

    def __init__(self, layout: StateLayout) -> None:
        start = {s.name: s.start for s in layout.sections}
        self.phase, self.current, self.turn = start["phase"], start["current_player"], start["turn"]
        self.final_turns, self.passes = start["final_turns"], start["passes"]
        self.face_up = (start["face_up"], layout["face_up"].stop)
        self.piles = [(start[deck], start[discard]) for deck, discard in layout.pile_names]
        self.ticket_pile, self.routes = start["ticket_pile"], start["routes"]
        self.tunnel, self.tunnel_cards, self.revealed = start["tunnel"], start["tunnel.cards"], start["tunnel.revealed"]
        self.seats = [tuple(layout.seat(q, name).start for name in SEAT_SECTIONS) for q in range(layout.rules.players)]
        self.event_deck = start.get("edition.event_deck", -1)
        self.event_discard = start.get("edition.event_discard", -1)


def card_kinds(rules: Ruleset) -> list[str]:
    """The names of the card kinds of a board, in the order of every per-kind field."""
    return [CARD_NAMES[k] for k in sorted(set(rules.deck_cards))]


__all__ = ["Field", "LogCounts", "Observer", "card_kinds"]
