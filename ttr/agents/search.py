"""The search bot: determinized Monte Carlo over the planner's best candidates.

At each turn or ticket choice it takes a few candidate actions (the planner's
choice and its strongest alternatives) and spends its budget on samples: each
sample deals a fresh world consistent with the seat's view (`determinize`),
and every candidate is played in that same world and followed by planners
playing every seat to the end (common random numbers: the candidates are
compared on identical deals, which removes most of the noise). The planner's
move is kept unless another candidate's mean outcome (score margin, plus a
win bonus) is better by `margin`. This is the flat, one-level form of
information-set Monte Carlo search with the planner as rollout policy and as
the prior that proposes candidates; deterministic given the seed when the
budget is a number of samples.
"""
from __future__ import annotations

import time

from ..engine.actions import CLAIM, DRAW, KEEP, TICKETS
from .base import Agent
from .determinize import determinize
from .planner import PlannerAgent


class SearchAgent(Agent):
    name = "search"

    def __init__(self, seed: int = 0, samples: int = 8, time_per_move: float | None = None,
                 candidates: int = 3, max_rollout: int = 600, margin: float = 0.08):
        super().__init__(seed)
        self.samples = samples              # samples per decision (the budget)
        self.time_per_move = time_per_move  # optional cap in seconds (then play depends on speed)
        self.max_candidates = candidates
        self.max_rollout = max_rollout
        self.margin = margin                # how much better (mean outcome) an alternative must be
        self.planner = PlannerAgent(seed)

    def act(self, game, seat):
        legal = game.legal_actions()
        if len(legal) == 1 or game.phase not in ("turn", "initial-tickets", "keep-tickets"):
            return self.planner.act(game, seat)
        candidates = self._candidates(game, seat, legal)
        if len(candidates) == 1:
            return candidates[0]
        view = game.view(seat, history=False, legal=False)
        totals = [0.0] * len(candidates)
        deadline = time.perf_counter() + self.time_per_move if self.time_per_move else None
        worlds = 0
        for _ in range(self.samples):
            if deadline and worlds and time.perf_counter() > deadline:
                break
            world = determinize(view, self.rng)
            for i, action in enumerate(candidates):  # every candidate on the same world (paired samples)
                w = world.clone()
                w.apply_unchecked(action)
                totals[i] += self._rollout(w, seat)
            worlds += 1
        means = [t / worlds for t in totals]
        best = max(range(len(candidates)), key=lambda k: (means[k], -k))
        if means[best] - means[0] < self.margin:  # the planner's move unless another is clearly better
            return candidates[0]
        return candidates[best]

    def _candidates(self, game, seat, legal) -> list:
        """The planner's choice first, then its strongest alternatives."""
        planner = self.planner
        first = planner.act(game, seat)
        out = [first]
        if KEEP in planner.segs:
            keeps = [t for ts, _ in planner.segs[KEEP] for t in ts]
            ranked = sorted(keeps, key=lambda c: -self._keep_value(c))
            out += [planner._action(KEEP, c) for c in ranked]
        else:
            planned, _, _, _ = planner._plan(planner.pos.tickets)
            todo = set(r for r in planned if planner.pos.owner.get(r) != seat)
            claims = sorted(((r, pays) for r, pays in planner._claims() if r in planned),
                            key=lambda x: -game.map.route(x[0]).length)
            out += [planner._action(CLAIM, r, planner._cheapest(pays, todo - {r})) for r, pays in claims[:2]]
            draw = planner._draw(second=False)
            if draw is not None:
                out.append(draw)
            if TICKETS in planner.segs:
                out.append(planner._action(TICKETS, None))
            if DRAW not in planner.segs and not claims:
                out.append(legal[0])
        unique = []
        for a in out:
            if a is not None and a not in unique and a in legal:
                unique.append(a)
        return unique[:self.max_candidates]

    def _keep_value(self, combo) -> float:
        planner = self.planner
        chosen = [planner.map.ticket(t) for t in combo]
        _, needed, ok, _ = planner._plan(planner.pos.tickets + chosen)
        ok_ids = {t.id for t in ok}
        value = sum(t.points if t.id in ok_ids else -1.5 * t.points for t in chosen)
        over = needed - 0.6 * planner._budget()
        return value - (4.0 * over if over > 0 else 0.0)

    def _rollout(self, world, seat) -> float:
        """Planners (deterministic) play every seat to the end: the score margin over the best
        other player / 100, plus 0.3 for a win (shared wins split)."""
        bots = [PlannerAgent(0) for _ in range(world.num_players)]
        for _ in range(self.max_rollout):
            if world.is_over:
                break
            p = world.current_player
            world.apply_unchecked(bots[p].act(world, p))
        r = world.result()
        totals = [p["total"] for p in r["players"]]
        mine = totals[seat]
        best_other = max(t for s, t in enumerate(totals) if s != seat)
        win = 1.0 / len(r["winners"]) if seat in r["winners"] else 0.0
        return 0.3 * win + (mine - best_other) / 100.0


__all__ = ["SearchAgent"]
