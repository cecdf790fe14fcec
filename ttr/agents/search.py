"""The search bot: determinized Monte Carlo over the planner's best candidates.

At a decision it takes a few candidate actions (the planner's choice and its
strongest alternatives) and spends its budget on samples: each sample deals a
fresh world consistent with the seat's view (`determinize`), and every
candidate is played in that same world and followed by planners playing every
seat to the end (common random numbers: the candidates are compared on
identical deals, which removes most of the noise). The planner's move is kept
unless another candidate's mean outcome is better by `margin`, and then
confirmed: the leader and the planner's move are compared again on `confirm`
fresh worlds, and the leader is played only if it is still better by `margin`
there. (Picking the best of several noisy means favours lucky candidates; the
fresh worlds do not share that luck.) This is the flat, one-level form of
information-set Monte Carlo search with the planner as rollout policy and as
the prior that proposes candidates.

The budget is deterministic: at most `samples` worlds per turn decision
(`keep_samples` per ticket choice over `keep_candidates` combinations, `confirm`
to confirm) and at most `work` actions played in all the playouts of one move
(the first 60% for choosing, the rest for confirming; whole worlds only, and
no world that the mean of the worlds before it says would end past `work`), so the
bot is deterministic given its seed and its moves take about the same time on a
given machine. Each parameter left out takes the board's budget (`budget()`):
far larger where the core is installed and plays the board. `time_per_move`
adds a cap in seconds (then play depends on the machine).

On the boards whose bots the native core plays (USA, Europe, Nordic, World, Great Lakes, and
Legends of the West in the setups the core plays: `ttr.native.BOT_EDITIONS`,
`ttr.native.plays_bots(rules, options)`; `native`, by default whenever the core is installed) the playouts
run in C++: each world is dealt here from the same draws of the bot's generator, decoded by the
core, and every candidate's playout (the planners of ttr.native.bots, which choose exactly what
the Python planners choose) is played there. The worlds, playouts,
outcomes and so the moves are the same as on the Python engine, only cheaper.

Where it searches (`turns`): the ticket choices (always, over the
`keep_candidates` best combinations), and on turns either every turn ("all")
or only the turns where the planner is weakest ("key", the default: when it
would draw tickets, when its plan is complete, and in the end game). The
outcome of a playout is the win (shared wins split) plus `margin_weight` times
the score margin over the best other player / 100.

The worlds model the opponents (`beta`, belief.py): each other seat's kept tickets are dealt in
proportion to exp(beta * fit), the fit being how much of the ticket its claims already cover;
beta = 0 deals them uniformly. Options that were measured but are off by default: `halving`
(successive halving over the candidates) and `z` (deviate from the planner only by z standard
errors of the paired difference).
"""
from __future__ import annotations

import gc
import math
import threading
import time
from collections.abc import Sequence
from typing import Any

from ..engine import CLAIM, DRAW, KEEP, TICKETS, Action
from ..engine import LegalActions
from ..engine import Observation
from .. import native
from ..native import bots as native_bots
from ..editions.legacy.icons import dealt as icons_dealt
from .base import Agent
from .belief import BETA, TicketModel
from .determinize import Worlds
from .rollout import RolloutPlanner, playout

SEARCHED_PHASES = ("turn", "initial-tickets", "keep-tickets")
BOARD: Any = object()  # a budget parameter left to the board's budget

# Budgets per move (docs/bots.md), chosen for the slowest move to stay under a second of one core
# (0.2-0.65 s measured on the six boards). The core plays a playout some 50 times faster than the
# Python engine, so the boards it plays afford far more worlds; on the others `work` (actions
# simulated) is set per board from the speed of its playouts.
# `scan_weight`: what one payment the playouts' planners weigh counts in `work`, as a fraction of
# an action (Nordic: a large hand pays for a route in hundreds of ways, and a move of such
# hands costs many times an ordinary one).
NATIVE_BUDGET = {"samples": 64, "keep_samples": 128, "keep_candidates": 8, "confirm": 64, "work": 400_000,
                 "scan_weight": 0.0}
PYTHON_BUDGET = {"samples": 8, "keep_samples": 16, "keep_candidates": 4, "confirm": 16, "work": 3_000,
                 "scan_weight": 0.0}
NATIVE_BOARD = {"world": {"keep_samples": 64}}  # World's initial ticket choice took up to 1.2 s at 128
PYTHON_WORK = {"nordic": 2_900, "world": 1_500, "great-lakes": 2_000, "legends-west": 2_500}
PYTHON_SCAN = {"nordic": 0.1}


class _GcPause:
    """The cyclic garbage collector off while a move is searched, in any thread: the first move to
    start turns it off, the last to end turns it back on (if it was on). Playouts make millions of
    short-lived objects that reference counting frees; the collector kept walking them and took
    40-60% of the slowest moves (World: 0.55 s -> 0.31 s). Moves do not depend on it."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.depth = 0
        self.was_on = False

    def __enter__(self) -> None:
        with self.lock:
            self.depth += 1
            if self.depth == 1:
                self.was_on = gc.isenabled()
                gc.disable()

    def __exit__(self, *exc: object) -> None:
        with self.lock:
            self.depth -= 1
            if self.depth == 0 and self.was_on:
                gc.enable()


GC_PAUSE = _GcPause()


def budget(map_name: str, native: bool) -> dict:
    """The search's budget per move on a board: worlds, ticket combinations, actions simulated."""
    if native:
        return {**NATIVE_BUDGET, **NATIVE_BOARD.get(map_name, {})}
    return {**PYTHON_BUDGET, "work": PYTHON_WORK.get(map_name, PYTHON_BUDGET["work"]),
            "scan_weight": PYTHON_SCAN.get(map_name, 0.0)}


class SearchAgent(Agent):
    name = "search"

    def __init__(self, seed: int = 0, samples: int | None = None, time_per_move: float | None = None,
                 candidates: int = 4, max_rollout: int = 1000, margin: float = 0.01,
                 keep_samples: int | None = None, keep_candidates: int | None = None, turns: str = "key",
                 endgame: int = 15, margin_weight: float = 1.5, beta: float = BETA,
                 halving: bool = False, z: float = 0.0, confirm: int | None = None, work: int | None = BOARD,
                 scan_weight: float | None = None, native: bool | None = None):
        super().__init__(seed)
        # the budget: None (or BOARD for work) takes the board's (budget()); set at each move
        asked = {"samples": samples, "keep_samples": keep_samples, "keep_candidates": keep_candidates, "confirm": confirm,
                 "scan_weight": scan_weight}
        self.given: dict[str, float | None] = {k: v for k, v in asked.items() if v is not None}
        if work is not BOARD:
            self.given["work"] = work
        if samples is not None and keep_samples is None:
            self.given["keep_samples"] = samples * 2
        self.samples = 0                    # worlds per turn decision (at most)
        self.keep_samples = 0               # worlds per ticket choice
        self.keep_candidates = 0            # ticket combinations compared
        self.confirm = 0                    # fresh worlds that must confirm a move other than the planner's
        self.work: int | None = 0           # most actions simulated per move (a deterministic time budget)
        self.scan_weight = 0.0              # what a payment weighed in a Python playout counts in `work`
        self.time_per_move = time_per_move  # optional cap in seconds per move (then play depends on speed)
        self.max_candidates = candidates
        self.max_rollout = max_rollout
        self.margin = margin                # how much better (mean outcome) an alternative must be,
        self.z = z                          # plus z standard errors of the paired difference
        self.turns = turns                  # "all", "key" or "none": which turns are searched
        self.endgame = endgame              # pieces left (any seat) from which every turn is searched
        self.margin_weight = margin_weight  # outcome = win + margin_weight * score margin / 100
        self.beta = beta                    # how strongly the others' claims weigh their tickets (0: uniform; belief.py)
        self.model: TicketModel | None = None
        self.halving = halving              # successive halving over the candidates
        self.native = native                # playouts in the core (None: wherever it plays the board)
        self.deadline: float | None = None  # of the move being searched (time_per_move)
        self.simulated: float = 0           # actions played in the last move's playouts (see scan_weight)
        self.planner = RolloutPlanner()     # the planner's policy (proposes candidates)
        self.memo: dict = {}                # route plans, shared by the playouts of one decision
        self.stats: dict = {}               # (decision, 'searched' or the kind chosen instead) -> count

    def act(self, obs: Observation) -> Action:
        with GC_PAUSE:
            return self._act(obs)

    def _act(self, obs: Observation) -> Action:
        # the time cap covers the whole move: the search and the confirmation
        self.deadline = time.perf_counter() + self.time_per_move * 0.9 if self.time_per_move else None
        self.simulated = 0
        legal = obs.legal
        seat = obs.seat
        self.memo.clear()
        # the board's budget: by whether the core is here to play it (not by `native`, so that
        # forcing the playouts onto either engine plays the same moves)
        for k, v in {**budget(obs.rules.map.name, native.plays_bots(obs.rules, obs.options)), **self.given}.items():
            setattr(self, k, v)
        first = self.planner.act(obs)
        if len(legal) == 1 or obs.phase not in SEARCHED_PHASES:
            return first
        keep = KEEP in self.planner.segs
        if not keep and not self._searched_turn(seat, first):
            return first
        candidates = self._candidates(obs, legal, first)
        if len(candidates) == 1:
            return candidates[0]
        work = self.work
        first_work = None if work is None else work * (0.6 if self.confirm else 1.0)  # the rest: to confirm
        worlds = Worlds(obs, self._weights(obs))  # every world of this move is dealt from the same observation
        means, errors, self.simulated = self._evaluate(worlds, candidates,
                                                       self.keep_samples if keep else self.samples, first_work)
        best = max(range(len(candidates)), key=lambda k: (means[k], -k))
        what = obs.phase if keep else first.kind
        self.stats[what, "searched"] = self.stats.get((what, "searched"), 0) + 1
        if means[best] - means[0] < self.margin + self.z * errors[best]:  # the planner's unless another is clearly better
            return candidates[0]
        if self.confirm:  # chosen on some worlds, checked on fresh ones (no winner's curse)
            self.stats[what, "confirming"] = self.stats.get((what, "confirming"), 0) + 1
            check, _, more = self._evaluate(worlds, [candidates[0], candidates[best]], self.confirm,
                                            None if work is None else work - self.simulated)
            self.simulated += more
            if check[1] - check[0] < self.margin:
                return candidates[0]
        self.stats[what, candidates[best].kind] = self.stats.get((what, candidates[best].kind), 0) + 1
        return candidates[best]

    def _weights(self, obs: Observation) -> dict[int, dict[int, float]] | None:
        """The other seats' ticket weights (None: dealt uniformly)."""
        if not self.beta:
            return None
        if self.model is None or self.model.rules is not obs.rules:
            self.model = TicketModel(obs.rules, self.beta)
        return self.model.weights(obs)

    # ------------------------------------------------------------ what to search

    def _searched_turn(self, seat: int, first: Action) -> bool:
        if self.turns == "all":
            return True
        if self.turns != "key":
            return False
        if first.kind == TICKETS:
            return True
        planner = self.planner
        pos = planner.pos
        if pos.last_round or min(pos.trains + pos.ships, planner.others_pieces) <= self.endgame:
            return True
        planned, _, _, _ = planner._plan(pos.tickets)
        return all(pos.owner.get(r) == seat for r in planned)  # the plan is complete: what next?

    def _candidates(self, obs: Observation, legal: LegalActions, first: Action) -> list:
        """The planner's choice first, then its strongest alternatives."""
        planner = self.planner
        out = [first]
        if KEEP in planner.segs:
            keeps = [t for ts, _ in planner.segs[KEEP] for t in ts]
            ranked = sorted(keeps, key=lambda c: -self._keep_value(c))
            out += [planner._action(KEEP, c) for c in ranked]
            limit = self.keep_candidates
        else:
            pos = planner.pos
            planned, _, _, _ = planner._plan(pos.tickets)
            todo = {r for r in planned if pos.owner.get(r) != obs.seat}
            claims = planner._claims()
            route = obs.rules.map.route
            mine = sorted(((r, pays) for r, pays in claims if r in planned), key=lambda x: (-route(x[0]).length, x[0]))
            out += [planner._action(CLAIM, r, planner._cheapest(pays, todo - {r})) for r, pays in mine[:2]]
            if TICKETS in planner.segs:
                out.append(planner._action(TICKETS, None))
            if DRAW in planner.segs:
                planner.needs = planner._needs(list(todo))
                draw = planner._draw(second=False)
                if draw is not None:
                    out.append(draw)
            others = sorted(((r, pays) for r, pays in claims if r not in planned),
                            key=lambda x: (-route(x[0]).length, x[0]))
            out += [planner._action(CLAIM, r, planner._cheapest(pays, todo)) for r, pays in others[:2]]
            limit = self.max_candidates
        unique = []
        for a in out:
            if a is not None and a not in unique and a in legal:
                unique.append(a)
        return unique[:limit]

    def _keep_value(self, combo) -> float:
        planner = self.planner
        chosen = [planner.map.ticket(t) for t in combo]
        _, needed, ok, _ = planner._plan(planner.pos.tickets + chosen)
        ok_ids = {t.id for t in ok}
        value = sum(t.points if t.id in ok_ids else -1.5 * t.points for t in chosen)
        over = needed - 0.6 * planner._budget()
        return value - (4.0 * over if over > 0 else 0.0)

    # ------------------------------------------------------------ evaluation

    def _core_state(self, worlds: Worlds) -> tuple[list[int], Any]:
        """A world's state for the core, and the setup it is played with (Legacy): where card
        icons are in play, the marked cards the seat cannot see dealt as the Python engine deals
        them when it decodes the world (icons.from_state)."""
        state = worlds.state(self.rng)
        setup = worlds.obs.options.get("setup")
        if setup is not None and setup.icons_in_play():
            state = icons_dealt(state, worlds.obs.layout, setup)
        return state, setup

    def _evaluate(self, worlds: Worlds, candidates: list, samples: int,
                  work: float | None = None) -> tuple[list[float], list[float], float]:
        """Mean outcome of each candidate over the same sampled worlds (of `worlds`), the standard error of
        its mean difference with the planner's candidate, and the actions simulated: `samples`
        worlds per candidate on average, fewer if the playouts reach `work` actions first (whole
        worlds only, at least one). With `halving`, successive halving: after each round the worse half of the
        candidates (never the planner's, the first) is dropped and the budget goes to the others;
        every candidate still in is compared on the same worlds. Dropped candidates get -inf."""
        seat = worlds.obs.seat
        rules = worlds.obs.rules
        core = native.plays_bots(rules, worlds.obs.options) if self.native is None else self.native
        # every world offers the seat its legal actions in the same order (they follow from its view)
        index = [worlds.obs.legal.index(c) for c in candidates] if core else []
        k = len(candidates)
        alive = list(range(k))
        totals = [0.0] * k
        squares = [0.0] * k  # of the paired differences with the planner's candidate
        dealt = 0  # worlds played
        budget = samples * k  # playouts
        rounds = max(1, math.ceil(math.log2(k))) if self.halving else 1
        deadline = self.deadline
        used = 0
        simulated: float = 0  # actions played in the playouts (and payments weighed, by scan_weight)
        timed_out = False
        for rnd in range(rounds):
            left = rounds - rnd
            n = max(1, (budget - used) // (left * len(alive)))
            for _ in range(n):
                # no world that the worlds so far say would end past `work` (the first is always played)
                if work is not None and dealt and simulated + simulated / dealt > work:
                    timed_out = True
                    break
                outs = []
                if core:  # the same world, dealt here, played in the core
                    world = native_bots.world(rules, *self._core_state(worlds))
                    for i in alive:
                        if deadline and time.perf_counter() > deadline:
                            break
                        scores, winners, played = world.playout(index[i], self.max_rollout)
                        outs.append(self._score(scores, [p for p in range(len(scores)) if winners >> p & 1], seat))
                        simulated += played
                else:
                    world = worlds.game(self.rng)
                    start = world.ply
                    for i in alive:  # every candidate on the same world (paired samples)
                        if deadline and time.perf_counter() > deadline:
                            break
                        w = world.clone()
                        w.apply_unchecked(candidates[i])
                        scanned = [0]
                        outs.append(self._outcome(playout(w, self.memo, self.max_rollout, scanned), seat))
                        simulated += w.ply - start + self.scan_weight * scanned[0]
                if len(outs) < len(alive):
                    timed_out = True  # only whole samples count
                    break
                for i, o in zip(alive, outs):
                    totals[i] += o
                    squares[i] += (o - outs[0]) ** 2
                dealt += 1
                used += len(alive)
            if timed_out or not dealt:
                break
            if rnd < rounds - 1 and len(alive) > 2:
                rest = sorted(alive[1:], key=lambda i: (-totals[i], i))
                alive = [0] + sorted(rest[:max(1, (len(alive) + 1) // 2 - 1)])
        if not dealt:
            return [1.0] + [-math.inf] * (k - 1), [0.0] * k, simulated  # no time at all: the planner's move
        means = [totals[i] / dealt if i in alive else -math.inf for i in range(k)]
        errors = []  # standard error of each candidate's mean difference with the planner's candidate
        for i in range(k):
            d = means[i] - means[0]
            var = squares[i] / dealt - d * d if i in alive else 0.0
            errors.append(math.sqrt(max(var, 0.0) / max(dealt - 1, 1)))
        return means, errors, simulated

    def _outcome(self, result: dict, seat: int) -> float:
        return self._score([p["total"] for p in result["players"]], result["winners"], seat)

    def _score(self, totals: Sequence[int], winners: Sequence[int], seat: int) -> float:
        """The win (shared wins split) plus margin_weight times the margin over the best other seat / 100."""
        best_other = max(t for s, t in enumerate(totals) if s != seat)
        win = 1.0 / len(winners) if seat in winners else 0.0
        return win + self.margin_weight * (totals[seat] - best_other) / 100.0


__all__ = ["SearchAgent"]
