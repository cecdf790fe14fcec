"""The planner: keeps tickets it can finish, plans the cheapest routes joining
them (given what others hold), collects the cards that plan needs, adapts when a
route is taken, and uses each edition's features. It reads only its Observation:
the seat's view and legal moves, and the static rules."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import COLOR_INDEX
from ..engine import (
    CLAIM,
    DECK,
    DECLINE,
    DRAW,
    EXCHANGE,
    HARBOR,
    KEEP,
    PAY,
    PIECES,
    STATION,
    TICKETS,
    Action,
    Payment,
)
from ..editions.legacy.content import ICONS
from ..editions.legacy.game import claim_values, offers_in_force, steps_in_force
from ..editions.legacy.extras import DONE, EXTRA
from ..editions.legacy.trade import TRADE
from ..engine import LegalActions, Observation, Ruleset
from .base import Agent
from .planning import CARD_INFO, INF, Position, RouteGraph, plan_routes, route_costs

SAMPLE = 400  # payments looked at per route at most (some hands pay in thousands of ways)
CARD_DOLLARS = 1.0  # Legacy: what a card drawn by a claim step is worth to the planner, in dollars
MARK_WEIGHT = 0.1   # Legacy: a face-up card's value per dollar its icon earns when spent (LW-I1)


_GRAPHS: dict[int, tuple] = {}  # id(map) -> (map, RouteGraph); the map is kept alive so its id stays unique


def graph_of(m) -> RouteGraph:
    """The route graph of a map, looked up by identity (hashing a whole map costs more than planning)."""
    entry = _GRAPHS.get(id(m))
    if entry is None or entry[0] is not m:
        entry = _GRAPHS[id(m)] = (m, RouteGraph(m))
    return entry[1]


def _card_cost(k: int, needed_colors: set) -> float:
    """What spending one card of kind k costs the planner: wild cards most, then colours its plan needs."""
    c, where, _ = CARD_INFO.get(k, (-1, "any", 1))
    return 2.5 if c < 0 else 1.4 if (where, c) in needed_colors else 1.0


class PlannerAgent(Agent):
    name = "planner"
    greedy = False  # the greedy bot plans each ticket alone and keeps the cheapest
    pay: dict[int, float] = {}  # Legacy: what each route's claim pays (claim_pay), read at each move; never changed
    goals: tuple = ()  # Legacy: the seat's postcards as ticket-like aims (cities, points), planned with its tickets
    offers: dict[str, float] = {}  # Legacy: what each extra-card offer in force gives this seat (extra_pay)
    marks: dict[int, float] = {}  # Legacy: what the icon of the face-up card each draw takes earns (icon_pay)
    mark_weight = MARK_WEIGHT

    def act(self, obs: Observation) -> Action:
        self.read_money(obs)
        return self.choose(obs.rules, obs.phase, obs.legal, *self.position(obs))

    def read_money(self, obs: Observation) -> None:
        """Legacy: what claims and offers pay this seat now (claim_pay, extra_pay)."""
        self.pay = self.claim_pay(obs)
        self.offers = self.extra_pay(obs) if obs.phase == "extras" else {}
        self.marks = self.icon_pay(obs)

    @staticmethod
    def icon_pay(obs: Observation) -> dict[int, float]:
        """Legacy (LW-I1): per face-up card kind, what the icon of the card a draw of it takes (the
        first slot showing it) earns when spent, by the icon steps in force: dollars, cards at
        CARD_DOLLARS, a fee negative; whatever route it is spent on."""
        setup = obs.options.get("setup")
        if setup is None or not setup.icons_in_play():
            return {}
        worth = [0.0] * len(ICONS)
        for step, _ in steps_in_force(setup, obs.layout.items(obs.state, "edition.event_discard")):
            if step.icon:
                per = CARD_DOLLARS if step.kind == "route_cards" else 1.0
                worth[ICONS.index(step.icon)] += (-per if step.kind == "route_fee" else per) * step.amount
        out: dict[int, float] = {}
        for c, icon in zip(obs.layout.items(obs.state, "face_up"), obs.layout.items(obs.state, "edition.icons.face_up")):
            if c >= 0 and c not in out:
                out[c] = worth[icon] if icon >= 0 else 0.0
        return out

    @staticmethod
    def extra_pay(obs: Observation) -> dict[str, float]:
        """Legacy: what each extra-card offer in force gives this seat for its wild card (rulebook
        322), by where it comes from: dollars and cards drawn at CARD_DOLLARS (tickets: nothing,
        as they may cost)."""
        setup = obs.options.get("setup")
        if setup is None:
            return {}
        discard = obs.layout.items(obs.state, "edition.event_discard")
        return {where: x.money + x.draw * CARD_DOLLARS for where, x, _ in offers_in_force(setup, discard, obs.seat)}

    @staticmethod
    def claim_pay(obs: Observation) -> dict[int, float]:
        """Legacy: what each route's claim pays this seat through the claim steps in force (dollars, cards
        at CARD_DOLLARS); elsewhere nothing."""
        setup = obs.options.get("setup")
        if setup is None or not obs.rules.edition.money:
            return {}
        discard = tuple(obs.layout.items(obs.state, "edition.event_discard"))
        return claim_values(setup, obs.rules, discard, obs.seat, CARD_DOLLARS)

    @staticmethod
    def position(obs: Observation) -> tuple[Position, int]:
        """What the seat knows, read from its masked state, and the fewest pieces another seat has left."""
        layout, st = obs.layout, obs.state
        others = min((st[layout.seat(p, "trains").start] + st[layout.seat(p, "ships").start]
                      for p in range(obs.rules.players) if p != obs.seat), default=99)
        return Position.of(obs), others

    def choose(self, rules: Ruleset, phase: str, legal: LegalActions, pos: Position, others_pieces: int) -> Action:
        """The move for a position: what the seat knows (`pos`), the fewest pieces another seat has left."""
        self.ed = rules.edition
        self.map = rules.map
        self.graph = graph_of(rules.map)
        self.pos, self.others_pieces = pos, others_pieces
        self.closes = rules.r_closes  # G1: which lanes close their twins
        self._costs: dict[int, float | None] | None = None  # route costs of this position, computed when first needed
        self.segs: dict[str, list[tuple[Sequence[Any], Sequence[Payment]]]] = {}
        for kind, targets, pays in legal.segments:
            self.segs.setdefault(kind, []).append((targets, pays))
        if KEEP in self.segs:
            return self._keep()
        if PIECES in self.segs:
            return self._pieces()
        if phase == "tunnel":
            return self._tunnel()
        if phase == "second-card":
            return self._draw(second=True) or legal[0]
        if phase == "extras":
            return self._extras()
        return self._turn() or legal[0]

    # ---------------------------------------------------------------- plans

    def _plan(self, tickets):
        if not self.greedy:
            return plan_routes(self.graph, tickets, self.costs())
        planned, needed, ok, blocked = set(), 0.0, [], []
        for t in tickets:  # each ticket on its own
            p, n, o, b = plan_routes(self.graph, [t], self.costs())
            planned |= p
            needed += n
            ok += o
            blocked += b
        return planned, needed, ok, blocked

    GOAL_SPACES = 0.25  # Legacy: a postcard is pursued while its extra spaces are at most this per dollar it pays

    def _cheap_goals(self) -> list:
        """The postcards (goals) worth pursuing now: those whose routes add to the tickets' plan at
        most GOAL_SPACES spaces per dollar of reward (cheapest first, each on top of the last)."""
        kept = list(self.pos.tickets)
        if not self.goals:
            return []
        base = self._plan(kept)[1]
        for goal in sorted(self.goals, key=lambda g: -g.points):
            needed = self._plan(kept + [goal])[1]
            if needed - base <= self.GOAL_SPACES * goal.points:
                kept.append(goal)
                base = needed
        return kept[len(self.pos.tickets):]

    def costs(self) -> dict[int, float | None]:
        """Route id -> planning cost for this seat, or None if it cannot be used (`route_costs`)."""
        if self._costs is None:
            self._costs = route_costs(self.pos, self.graph, self.closes)
        return self._costs

    def _budget(self) -> int:
        pos, ed = self.pos, self.ed
        if pos.trains + pos.ships == 0 and ed.pieces_total is not None:
            return ed.pieces_total  # before the pieces are chosen (RS1)
        return pos.trains + pos.ships

    def _keep(self):
        targets = [t for ts, _ in self.segs[KEEP] for t in ts]
        kept = list(self.pos.tickets) + list(self.goals)
        budget = self._budget()
        base = self._plan(kept)[1] if kept else 0.0
        best, best_value = None, -INF
        for combo in targets:
            chosen = [self.map.ticket(t) for t in combo]
            if self.greedy:  # keep the fewest, cheapest tickets
                value = -sum(self._plan([t])[1] for t in chosen) - 100 * len(chosen)
            else:
                _, needed, ok, blocked = self._plan(kept + chosen)
                ok_ids = {t.id for t in ok}
                value = sum(t.points if t.id in ok_ids else -1.5 * t.points for t in chosen)
                over = needed - 0.6 * budget
                value -= 0.25 * (needed - base) + (4.0 * over if over > 0 else 0.0)
            if value > best_value:
                best, best_value = combo, value
        return self._action(KEEP, best)

    def _pieces(self):
        """RS1: trains and ships in proportion to what the plan needs."""
        planned, _, _, _ = self._plan(self.pos.tickets)
        train = sum(self.graph.route[r].length for r in planned if self.graph.route[r].kind == "train")
        ship = sum(self.graph.route[r].length for r in planned if self.graph.route[r].kind == "ship")
        total = self.ed.pieces_total
        want = total * (train + 2) / (train + ship + 4)
        options = [t for ts, _ in self.segs[PIECES] for t in ts]
        return self._action(PIECES, min(options, key=lambda o: abs(o[0] - want)))

    def _tunnel(self):
        if PAY in self.segs:
            pays = self.segs[PAY][0][1]
            return self._action(PAY, None, self._cheapest(pays, set()))
        return self._action(DECLINE, None)

    # ----------------------------------------------------------------- turn

    def _turn(self):
        pos = self.pos
        planned, _, ok, blocked = self._plan(list(pos.tickets) + self._cheap_goals())
        todo = [r for r in planned if pos.owner.get(r) != pos.seat]
        self.needs = self._needs(todo)
        claims = self._claims()
        wanted = [(r, pays) for r, pays in claims if r in planned]
        pay = self.pay
        if wanted:  # the longest first; of equal length, what pays most (Legacy's claim steps)
            r, pays = max(wanted, key=lambda x: (self.graph.route[x[0]].length, pay.get(x[0], 0.0), -x[0]))
            return self._action(CLAIM, r, self._cheapest(pays, set(todo) - {r}))
        if blocked and STATION in self.segs:
            station = self._station(blocked)
            if station:
                return station
        harbor = self._harbor()
        if harbor:
            return harbor
        if not todo:
            pieces = pos.trains + pos.ships
            if (TICKETS in self.segs and not pos.last_round and not self.greedy
                    and pieces >= 18 and self.others_pieces >= 15):  # time left to finish new tickets
                return self._action(TICKETS, None)
            if claims:  # nothing left to plan: what pays most (Legacy), else points with the longest route
                r, pays = max(claims, key=lambda x: (pay.get(x[0], 0.0), self.graph.route[x[0]].length, -x[0]))
                if self.graph.route[r].length >= 3 or pay.get(r, 0.0) > 0 or DRAW not in self.segs:
                    return self._action(CLAIM, r, self._cheapest(pays, set()))
        trade = self._trade(todo)  # rather than drawing cards
        if trade:
            return trade
        draw = self._draw(second=False)
        if draw:
            return draw
        if claims:
            r, pays = max(claims, key=lambda x: (pay.get(x[0], 0.0), self.graph.route[x[0]].length))
            return self._action(CLAIM, r, self._cheapest(pays, set()))
        if TICKETS in self.segs:
            return self._action(TICKETS, None)
        if EXCHANGE in self.segs and todo:
            return self._exchange(todo)
        return None

    def _claims(self) -> list:
        return [(r, pays) for routes, pays in self.segs.get(CLAIM, ()) for r in routes]

    def _needs(self, todo: list[int]) -> dict:
        """Spaces still to pay per (kind of card, colour): colour -1 means any one colour."""
        needs: dict = {}
        for r in todo:
            route = self.graph.route[r]
            where = "ship" if route.kind == "ship" else "train"
            color = -1 if route.color == "gray" else COLOR_INDEX[route.color]
            spaces = route.length + route.pairs
            needs[(where, color)] = needs.get((where, color), 0) + spaces
        have: dict = {}
        for k, n in enumerate(self.pos.hand):
            if n:
                c, where, spaces = CARD_INFO.get(k, (-1, "any", 1))
                have[(where, c)] = have.get((where, c), 0) + n * spaces
        deficit = {}
        for (where, c), n in needs.items():
            if c >= 0:
                deficit[(where, c)] = max(0, n - have.get((where, c), 0))
        for (where, c), n in needs.items():  # gray: the colour held most pays it
            if c < 0:
                best = max((k for k in have if k[0] == where), key=lambda k: have[k] - needs.get(k, 0), default=None)
                if best is None or have[best] - needs.get(best, 0) < n:
                    deficit[(where, -1)] = deficit.get((where, -1), 0) + n
        return deficit

    def _card_value(self, kind: int) -> float:
        c, where, spaces = CARD_INFO.get(kind, (-1, "any", 1))
        total = sum(self.needs.values())
        if c < 0:
            return 1.2 if total else 0.1
        if self.needs.get((where, c), 0) > 0:
            return 1.0 * spaces
        if self.needs.get((where, -1), 0) > 0:  # a gray route of this kind
            return 0.6 * spaces
        return 0.05

    def _draw(self, second: bool):
        if DRAW not in self.segs:
            return None
        if second:  # the needs of this position (a first card may have changed the hand)
            planned, _, _, _ = self._plan(self.pos.tickets)
            self.needs = self._needs([r for r in planned if self.pos.owner.get(r) != self.pos.seat])
        wild = self.ed.wild
        best, best_value = None, 0.45  # about what a blind card is worth
        deck_choice = None
        for targets, _ in self.segs[DRAW]:
            for t in targets:
                card, deck = t if isinstance(t, tuple) else (t, None)
                if card == DECK:
                    if deck_choice is None or self._deck_value(deck) > self._deck_value(deck_choice[1]):
                        deck_choice = (t, deck)
                    continue
                value = self._card_value(card) + self.mark_weight * self.marks.get(card, 0.0)
                if card == wild and not second and self.ed.face_up_loco_whole_draw:
                    value = 1.6 if sum(self.needs.values()) >= 3 else 0.0  # it is the whole draw
                if deck is not None:
                    value += 0.01 * self._deck_value(deck)  # refill from the deck we need more
                if value > best_value:
                    best, best_value = t, value
        if best is not None:
            return self._action(DRAW, best)
        if deck_choice is not None:
            return self._action(DRAW, deck_choice[0])
        return None

    def _deck_value(self, deck) -> float:
        if deck is None or deck < 0:
            return 0.0
        where = "train" if deck == 0 else "ship"
        return sum(n for (w, _), n in self.needs.items() if w == where)

    def _cheapest(self, pays, keep_for: set):
        """The payment that spends the least: wild cards count most, then cards other planned routes need."""
        needed_colors = {(("ship" if self.graph.route[r].kind == "ship" else "train"),
                          -1 if self.graph.route[r].color == "gray" else COLOR_INDEX[self.graph.route[r].color])
                         for r in keep_for}
        best, best_cost = None, INF
        n = len(pays)
        step = max(1, n // SAMPLE)
        for i in range(0, n, step):
            p = pays[i]
            cost = 0.0
            for k, cnt in p:
                cost += cnt * _card_cost(k, needed_colors)
            if cost < best_cost:
                best, best_cost = p, cost
        if step > 1 and hasattr(pays, "cheapest"):  # a sample may miss the cheapest: a lazy set finds it
            weights = [_card_cost(k, needed_colors) for k in range(self.ed.n_kinds)]
            p = pays.cheapest(weights)
            if sum(weights[k] * cnt for k, cnt in p) < best_cost - 1e-9:
                best = p
        return best

    WILD_DOLLARS = 2.5  # what a wild card is worth to the planner (its card cost), against an offer's dollars

    def _extras(self) -> Action:
        """Rulebook 322: the open offer that gives the most, when it gives more than the wild card is
        worth (in the last round, anything); else done."""
        (targets, _), = self.segs[EXTRA]
        best = max((t for t in targets if t != DONE), key=lambda t: self.offers.get(t, 0.0), default=DONE)
        value = self.offers.get(best, 0.0)
        worth = value > 0 if self.pos.last_round else value >= self.WILD_DOLLARS
        return self._action(EXTRA, best if worth else DONE)

    def _trade(self, todo: list[int]):
        """Legacy's event action (rulebook 278), or a rule's or a postcard's (437, LW-X3): once the plan
        is done (or in the last round), take the first offered
        when some payment spends only cards the plan does not need (no wild card, no colour a
        planned route needs)."""
        if TRADE not in self.segs or (todo and not self.pos.last_round):
            return None  # a turn spent trading is a turn not spent on the plan
        keep = {(("ship" if self.graph.route[r].kind == "ship" else "train"),
                 -1 if self.graph.route[r].color == "gray" else COLOR_INDEX[self.graph.route[r].color]) for r in todo}
        if any(c < 0 for _, c in keep):
            return None  # a planned gray route may take any colour: no card is spare
        for targets, pays in self.segs[TRADE]:
            for p in pays:
                if all(_card_cost(k, keep) == 1.0 for k, _ in p):
                    return self._action(TRADE, targets[0], p)
        return None

    def _station(self, blocked: list):
        """E4: a station where one opponent route would complete a blocked ticket."""
        pos = self.pos
        owner = pos.owner
        costs = self.costs()

        def cost(rid):
            c = costs[rid]
            if c is not None:
                return c
            s = owner.get(rid)
            return self.graph.route[rid].length + 4.0 if s is not None and s != pos.seat else None

        cities = {c for ts, _ in self.segs[STATION] for c in ts}
        for t in sorted(blocked, key=lambda t: -t.points):
            _, path = self.graph.shortest(t.cities[0], t.cities[-1], cost)
            theirs = [r for r in path if owner.get(r) not in (None, pos.seat)]
            if len(theirs) == 1:
                for city in self.graph.route[theirs[0]].cities:
                    if city in cities:
                        pays = self.segs[STATION][0][1]
                        return self._action(STATION, city, self._cheapest(pays, set()))
        return None

    def _harbor(self):
        """RS5: a harbor on a city of the seat's tickets."""
        if HARBOR not in self.segs:
            return None
        mine = {c for t in self.pos.tickets for c in t.cities}
        for cities, pays in self.segs[HARBOR]:
            for city in cities:
                if city in mine:
                    return self._action(HARBOR, city, self._cheapest(pays, set()))
        return None

    def _exchange(self, todo: list[int]):
        """RS6: swap pieces when the plan needs the other kind."""
        train = sum(self.graph.route[r].length for r in todo if self.graph.route[r].kind == "train")
        ship = sum(self.graph.route[r].length for r in todo if self.graph.route[r].kind == "ship")
        options = [n for ts, _ in self.segs[EXCHANGE] for n in ts]
        if train > self.pos.trains:
            want = -(train - self.pos.trains)  # ships for trains
        elif ship > self.pos.ships:
            want = ship - self.pos.ships
        else:
            return None
        fitting = [n for n in options if (n < 0) == (want < 0)]
        if not fitting:
            return None
        return self._action(EXCHANGE, min(fitting, key=lambda n: abs(n - want)))

    @staticmethod
    def _action(kind, target, cards=()):
        return Action(kind, target, cards)


class GreedyAgent(PlannerAgent):
    """Claims what it can afford toward its tickets (each planned alone), otherwise
    draws what it needs; keeps the cheapest tickets and never draws more."""
    name = "greedy"
    greedy = True


__all__ = ["GreedyAgent", "PlannerAgent"]
