"""Fast playouts for the search bot: the planner's exact policy, computed faster.

`RolloutPlanner` chooses exactly what `PlannerAgent` chooses (a test checks it
move by move) and memoizes route plans: a plan depends only on
the seat, its tickets and who owns which route, which changes only when a route
is claimed, so the many draws between claims reuse it. `playout` plays a world
to the end with one such planner per seat and returns the final result.

Playouts keep a private loop (`playout`) rather than the match loop
(ttr.runtime): each seat moves from its own observation's masked state (no
view is rendered), with none of the match loop's timing and listeners.
"""
from __future__ import annotations

from .planner import SAMPLE, PlannerAgent, graph_of


class RolloutPlanner(PlannerAgent):
    """The planner's policy with a shared plan memo (`memo`: a dict, cleared by the owner).
    `scanned` counts the payments it has weighed (what makes a move dear when a hand is large)."""
    name = "rollout-planner"

    def __init__(self, memo: dict | None = None):
        super().__init__(0)
        self.memo = {} if memo is None else memo
        self.scanned = 0

    def _cheapest(self, pays, keep_for: set):
        n = len(pays)
        self.scanned += n if n < SAMPLE else SAMPLE
        return super()._cheapest(pays, keep_for)

    def act_in(self, world, seat: int):
        """The planner's move for `seat` in a sampled world, from that seat's observation."""
        obs = world.observe(seat)
        self.read_money(obs)
        return self.choose(obs.rules, obs.phase, obs.legal, *self.position(obs))

    def _plan(self, tickets):
        pos = self.pos
        owned = frozenset(pos.owner.items())
        base = (id(self.map), pos.seat, tuple(t.id for t in tickets))
        key = base + (owned,)
        plan = self.memo.get(key)
        if plan is None:
            last = self.memo.get(base)  # (routes owned then, plan): the latest plan for these tickets
            if last is not None and last[0] <= owned and self._untouched(last[1][0], owned - last[0]):
                plan = last[1]
            else:
                plan = super()._plan(tickets)
            self.memo[key] = plan
            self.memo[base] = (owned, plan)
        return plan

    def _untouched(self, planned: set, claimed) -> bool:
        """Whether a plan stays the same after these new claims: routes taken by others off the plan
        only make unplanned routes dearer, so every cheapest path found before is found again."""
        closes, route = self.closes, self.graph.route
        for r, s in claimed:
            if s == self.pos.seat or r in planned:
                return False
            if closes[r] and any(t in planned for t in route[r].twins):
                return False
        return True


def playout(world, memo: dict, max_moves: int = 1000, scanned: list[int] | None = None) -> dict:
    """Planners play every seat of `world` (changed in place) to the end; the final result.
    `scanned`: a one-item list to which the payments the planners weighed are added."""
    bots = [RolloutPlanner(memo) for _ in range(world.num_players)]
    for _ in range(max_moves):
        if world.is_over:
            break
        p = world.current_player
        world.apply_unchecked(bots[p].act_in(world, p))
    if scanned is not None:
        scanned[0] += sum(b.scanned for b in bots)
    return world.result()


__all__ = ["RolloutPlanner", "graph_of", "playout"]
