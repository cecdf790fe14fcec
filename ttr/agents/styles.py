"""Play styles, not strengths: the four bot profiles of de Mesentier Silva et al. (FDG 2017), made
from the planner and the greedy bot by changing what they aim at.

* `route` (route-focused): keeps the fewest, cheapest tickets, never draws more, and aims at the
  longest open routes as well as its tickets, claiming the longest it can pay for.
* `tickets` (ticket-hungry): keeps every ticket it can plan for and draws new ones as soon as
  its plan is done (or nearly), while it has pieces for them.
* `long` (long-route): the planner, also aiming at routes that extend the ends of its network
  (toward the longest path), and drawing no tickets once its plan is done.
* `onestep` (one-step lookahead): each turn the move worth most now: claims the route worth
  most points it can pay for (its tickets' routes first), else draws as the greedy bot does.

Like every bot they read only their Observation and are deterministic given their seed."""
from __future__ import annotations

from ..engine import CLAIM, KEEP, TICKETS, Action
from .planner import GreedyAgent, PlannerAgent
from .planning import INF

TARGETS = 2  # open routes aimed at besides the tickets' (route, long)


class _Aiming(PlannerAgent):
    """A planner that also aims at some open routes (`aims`): they join its plan, so it collects
    their cards and claims them (the longest planned route first)."""

    def aims(self) -> set[int]:
        return set()

    def _plan(self, tickets):
        planned, needed, ok, blocked = super()._plan(tickets)
        if getattr(self, "_aiming", False):
            return planned, needed, ok, blocked
        self._aiming = True  # (aims may plan too)
        try:
            extra = self.aims()
        finally:
            self._aiming = False
        return planned | extra, needed, ok, blocked

    def _open(self) -> list[int]:
        """Routes this seat may still claim with the pieces it has."""
        costs, pieces = self.costs(), self.pos.trains + self.pos.ships
        return [r for r, c in costs.items() if c and self.graph.route[r].length <= pieces]

    def _points(self, r: int) -> int:
        return self.ed.route_points.get(self.graph.route[r].length, 0)


class RouteAgent(_Aiming, GreedyAgent):
    """Route-focused: the fewest tickets, the longest routes."""
    name = "route"

    def aims(self) -> set[int]:
        best = sorted(self._open(), key=lambda r: (-self._points(r), self.costs()[r], r))
        return set(best[:TARGETS])


class LongRouteAgent(_Aiming):
    """Long-route: the planner, stretching its network from its ends."""
    name = "long"

    def aims(self) -> set[int]:
        mine = [r for r, s in self.pos.owner.items() if s == self.pos.seat]
        if not mine:
            return set()
        degree: dict[str, int] = {}
        for r in mine:
            for c in self.graph.route[r].cities:
                degree[c] = degree.get(c, 0) + 1
        reached = set(degree)
        ends = {c for c, d in degree.items() if d == 1} or reached
        out = [r for r in self._open()
               if any(c in ends for c in self.graph.route[r].cities)
               and any(c not in reached for c in self.graph.route[r].cities)]
        return set(sorted(out, key=lambda r: (-self.graph.route[r].length, r))[:TARGETS])

    def _turn(self):
        action = super()._turn()
        if action is not None and action.kind == TICKETS and CLAIM in self.segs and self.aims():
            return self._longest_claim() or action  # stretch the network rather than draw tickets
        return action

    def _longest_claim(self) -> Action | None:
        aims = self.aims()
        claims = [(r, pays) for r, pays in self._claims() if r in aims]
        if not claims:
            return None
        r, pays = max(claims, key=lambda x: (self.graph.route[x[0]].length, -x[0]))
        return self._action(CLAIM, r, self._cheapest(pays, set()))


class TicketAgent(PlannerAgent):
    """Ticket-hungry: keeps every ticket it can plan for and draws more early."""
    name = "tickets"
    MIN_PIECES = 8       # draws tickets while it has at least this many pieces
    NEARLY_DONE = 3      # ... and its plan needs at most this many more spaces

    def _keep(self):
        targets = [t for ts, _ in self.segs[KEEP] for t in ts]
        kept, budget = self.pos.tickets, self._budget()
        best, best_value = None, -INF
        for combo in targets:
            chosen = [self.map.ticket(t) for t in combo]
            _, needed, ok, blocked = self._plan(kept + chosen)
            ok_ids = {t.id for t in ok}
            value: float = sum(t.points if t.id in ok_ids else -t.points for t in chosen) + 3 * len(chosen)
            over = needed - budget
            value -= 3.0 * over if over > 0 else 0.0
            if value > best_value:
                best, best_value = combo, value
        return self._action(KEEP, best)

    def _turn(self):
        pos = self.pos
        if TICKETS in self.segs and not pos.last_round and pos.trains + pos.ships >= self.MIN_PIECES:
            planned, _, _, _ = self._plan(pos.tickets)
            left = sum(self.graph.route[r].length for r in planned if pos.owner.get(r) != pos.seat)
            if left <= self.NEARLY_DONE and self.others_pieces >= 6:
                return self._action(TICKETS, None)
        return super()._turn()


class OneStepAgent(GreedyAgent):
    """One-step lookahead: the claim worth most points now, else the greedy bot's move."""
    name = "onestep"

    def _turn(self):
        claims = self._claims()
        if claims:
            planned, _, _, _ = self._plan(self.pos.tickets)
            points = self.ed.route_points

            def worth(x):
                route = self.graph.route[x[0]]
                return (points.get(route.length, 0) + (2 if x[0] in planned else 0), -x[0])
            r, pays = max(claims, key=worth)
            if worth((r, pays))[0] >= 2 or r in planned:  # a 1-space route off the plan is worth a card draw less
                return self._action(CLAIM, r, self._cheapest(pays, planned - {r}))
        return super()._turn()


STYLES = {"route": RouteAgent, "tickets": TicketAgent, "long": LongRouteAgent, "onestep": OneStepAgent}

__all__ = ["LongRouteAgent", "OneStepAgent", "RouteAgent", "STYLES", "TicketAgent"]
