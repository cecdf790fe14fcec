"""The one observer of the research adapters: a seat's view as a flat float32 tensor.

PettingZoo, Gymnasium and OpenSpiel all build their tensors here, from `game.view(seat)` (the
one place secrets are stripped) and the static rules, never from the Game: re-dealing what the
seat cannot see leaves the tensor unchanged (tests/test_observation.py). Every field and its
shape per board are listed in docs/research.md (`Observer(rules).describe()` prints them).

    obs = Observer(ttr.get_ruleset("europe", 4))
    x = obs.encode(game.view(seat, history=False, legal=False))   # float32[obs.size]
    obs.split(x)["hand"]                                         # a field, in its own shape

Seats are relative: row 0 of every per-seat field is the observing seat, row 1 the next seat
in turn order, and so on. Counts are scaled to [0, 1] by the most the game can hold; scores and
event amounts to [-1, 1] (clipped). `private=False` leaves out the seat's own secrets (a public
observation); `history=True` adds what the public log shows (OpenSpiel's information state).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..cards import CARD_INDEX, CARD_NAMES, DECK_NAMES
from ..engine import DisjointSet
from ..engine import PHASES
from ..engine import Ruleset
from ..editions.legacy import LegacyEdition
from ..editions.legacy.content import COMPANY_COLORS, STEP_KINDS
from ..formats.action_space import ActionSpace

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
        K = len(self.kinds)
        totals = Counter(rules.deck_cards)
        self.kind_total = np.array([totals[k] for k in self.kinds], dtype=np.float32)
        self.tickets = [t.id for t in m.tickets]
        self.ticket_pos = {t: i for i, t in enumerate(self.tickets)}
        self.routes = list(rules.route_ids)
        self.route_pos = {r: i for i, r in enumerate(self.routes)}
        self.tunnels = [r for r in self.routes if rules.r_tunnel[r]]
        self.harbor_cities = sorted(rules.harbor_cities)
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
        add("phase", (len(PHASES),), "one-hot: " + ", ".join(PHASES))
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
        if self.legacy:
            add("companies", (P, len(COMPANY_COLORS)), "company colour per relative seat: " + ", ".join(COMPANY_COLORS))
            add("event", (2 + len(STEP_KINDS) + 1,), "current event: lightning, persistent, its claim step's kind ("
                + ", ".join(STEP_KINDS) + "), amount / 10 (clipped to [-1, 1])", low=-1.0)
            add("claim_steps", (len(STEP_KINDS) + 2,), "claim steps in force per kind / 3, events revealed / all, "
                "events left / all")
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

    def encode(self, view: dict[str, Any], pending: Sequence[int] = (), out: np.ndarray | None = None) -> np.ndarray:
        """The tensor of a seat's view (`game.view(seat)`, or its Observation's view; the history
        is read only with history=True). `pending`: the ids of the seat's own partial move (a claim
        being paid in steps), or ()."""
        if out is None:
            out = np.zeros(self.size, dtype=np.float32)
        else:
            out.fill(0.0)
        p = self.split(out)
        P = self.players
        me = view["seat"]

        def rel(s: int) -> int:
            return (s - me) % P

        p["phase"][PHASES.index(view["phase"])] = 1.0
        if view["phase"] != "over":
            p["to_move"][rel(view["current_player"])] = 1.0
        clock = p["clock"]
        clock[0] = min(view["turn"] / TURN_SCALE, 1.0)
        clock[1] = float(view["last_round"])
        clock[2] = min(max(view["final_turns"], 0) / self.rules.final_round_turns, 1.0)
        clock[3] = min(view["passes"] / P, 1.0)
        kp, kinds = self.kind_pos, CARD_INDEX
        face = p["face_up"]
        for c in view["face_up"]:
            if c is not None:
                face[kp[kinds[c]]] += 1.0 / self.slots
        piles, discard = p["piles"], p["discard"]
        for d, name in enumerate(self.deck_names):
            pile = view["decks"][name]
            piles[d] = pile["size"] / self.deck_total[d]
            for c, n in pile["discard"].items():
                discard[kp[kinds[c]]] += n
        discard /= self.kind_total
        piles[-1] = view["ticket_pile_size"] / len(self.tickets)
        routes, rpos = p["routes"], self.route_pos
        for r, s in view["routes"].items():
            routes[rpos[int(r)], rel(s)] = 1.0
        if "stations" in p:
            city = self.rules.map.city_index
            for c, s in view["stations"].items():
                p["stations"][city[c], rel(s)] = 1.0
        if "harbors" in p:
            for c, s in view["harbors"].items():
                p["harbors"][self.harbor_cities.index(c), rel(s)] = 1.0
        if "tunnel" in p and view["tunnel"]:
            self._tunnel(view["tunnel"], p)
        self._seats(view, p, rel)
        if self.legacy:
            self._legacy(view, p, rel)
        if self.private:
            self._private(view, p, pending)
        if self.history:
            self._history(view, p, rel)
        return out

    def _tunnel(self, t: dict, p: dict) -> None:
        from ..engine import parse_cards
        p["tunnel"][self.tunnels.index(t["route"])] = 1.0
        p["tunnel"][-1] = t["extra"] / 3
        cards = p["tunnel_cards"]
        for k, n in parse_cards(t["cards"], "tunnel"):
            cards[0, self.kind_pos[k]] = min(n / 12, 1.0)
        for c in t["revealed"]:
            cards[1, self.kind_pos[CARD_INDEX[c]]] += 1 / 3

    def _seats(self, view: dict, p: dict, rel) -> None:
        ed = self.rules.edition
        seats, col = p["seats"], self._col
        total_cards = float(self.rules.total_cards)
        for e in view["players"]:
            row = seats[rel(e["seat"])]
            row[0] = e["hand_size"] / total_cards
            row[1] = e["tickets"] / len(self.tickets)
            row[2] = e["offer_size"] / self.offer_max
            row[3] = min(e["trains"] / self.max_trains, 1.0)
            row[4] = max(-1.0, min(e["score"] / SCORE_SCALE, 1.0))
            if "stations" in col:
                row[col["stations"]] = len(e["stations"]) / ed.stations
            if "ships" in col:
                row[col["ships"]] = e["ships"] / ed.ships
                row[col["box_trains"]] = e["box"]["trains"] / ed.trains
                row[col["box_ships"]] = e["box"]["ships"] / ed.ships
                row[col["harbors"]] = len(e["harbors"]) / ed.harbors
                row[col["exchanged"]] = min(e["exchanged"] / (ed.trains + ed.ships), 1.0)
                row[col["pieces_chosen"]] = float(e["pieces_chosen"])

    def _legacy(self, view: dict, p: dict, rel) -> None:
        ev = view["edition"]
        setup = ev["setup"]
        for s, c in enumerate(setup["companies"]):
            if c in COMPANY_COLORS:
                p["companies"][rel(s), COMPANY_COLORS.index(c)] = 1.0
        events = {e["id"]: e for e in setup["events"]}
        cur = ev["current_event"]
        if cur is not None:
            e = events[cur["id"]]
            x = p["event"]
            x[0 if e["kind"] == "lightning" else 1] = 1.0
            step = e.get("step")
            if step:
                x[2 + STEP_KINDS.index(step["kind"])] = 1.0
            amount = (step or {}).get("amount", e.get("amount")) or 0
            x[-1] = max(-1.0, min(amount / 10, 1.0))
        steps = p["claim_steps"]
        for s in ev["claim_steps"]:
            steps[STEP_KINDS.index(s["kind"])] += 1 / 3
        n = max(len(events), 1)
        steps[-2] = len(ev["event_discard"]) / n
        steps[-1] = ev["event_deck_size"] / n

    def _private(self, view: dict, p: dict, pending: Sequence[int]) -> None:
        you = view["you"]
        kp = self.kind_pos
        hand = p["hand"]
        for c, n in you["hand"].items():
            hand[kp[CARD_INDEX[c]]] = n
        hand /= self.kind_total
        tp = self.ticket_pos
        mine = [t["id"] for t in you["tickets"]]
        for t in mine:
            p["tickets"][tp[t]] = 1.0
        if mine:
            joined = self._joined(view, mine)
            for t in joined:
                p["tickets_joined"][tp[t]] = 1.0
        for j, t in enumerate(you["offer"]):
            p["offer"][j, tp[t]] = 1.0
        if "pieces_choice" in p and you.get("pieces_choice"):
            ed = self.rules.edition
            t, s = you["pieces_choice"]
            p["pieces_choice"][:] = (t / ed.trains, s / ed.ships)
        if pending:
            route, items = self.space.partial(pending)
            x = p["pending"]
            x[self.stepped.index(route)] = 1.0
            base = len(self.stepped)
            for k, v in items:
                x[base + kp[k]] = v / self.kind_total[kp[k]]

    def _joined(self, view: dict, tickets: list[int]) -> list[int]:
        rules, me = self.rules, view["seat"]
        ds = DisjointSet(len(rules.city_names))
        for r, s in view["routes"].items():
            if s == me:
                a, b = rules.r_ends[int(r)]
                ds.union(a, b)
        out = []
        for t in tickets:
            roots = {ds.find(c) for c in rules.ticket_cities[t]}
            if len(roots) == 1:
                out.append(t)
        return out

    def _history(self, view: dict, p: dict, rel) -> None:
        taken, draws = p["taken"], p["draws"]
        kp = self.kind_pos
        for h in view["history"] or ():
            words = h["action"].split()
            if words[0] == "draw":
                r = rel(h["seat"])
                if words[1] == "deck":
                    draws[r, 0] += 1.0
                else:
                    taken[r, kp[CARD_INDEX[words[1]]]] += 1.0
            elif words[0] == "tickets":
                draws[rel(h["seat"]), 1] += 1.0
        np.minimum(taken / self.kind_total, 1.0, out=taken)
        np.minimum(draws / (float(self.rules.total_cards), TICKET_DRAWS), 1.0, out=draws)


def card_kinds(rules: Ruleset) -> list[str]:
    """The names of the card kinds of a board, in the order of every per-kind field."""
    return [CARD_NAMES[k] for k in sorted(set(rules.deck_cards))]


__all__ = ["Field", "Observer", "card_kinds"]
