"""The search bot's opponent model (ttr/agents/belief.py): what the others' claims say about their
tickets, and worlds dealt by it."""
from __future__ import annotations

import itertools
import math
import random
import statistics

import pytest

import ttr
from ttr import native
from ttr.agents import make_agent
from ttr.agents.belief import TicketModel, set_log_likelihood, uniform_log_likelihood
from ttr.agents.determinize import Worlds
from ttr.agents.search import NATIVE_BUDGET, PYTHON_BUDGET, PYTHON_WORK, SearchAgent, budget
from ttr.engine import decode


def test_set_log_likelihood_sums_every_order_of_drawing_the_set():
    pool = list(range(10))
    weight = {t: 1.0 + 0.7 * t for t in pool}
    held = [1, 4, 8, 9]
    total = sum(weight.values())
    p = 0.0
    for order in itertools.permutations(held):
        left, q = total, 1.0
        for t in order:
            q *= weight[t] / left
            left -= weight[t]
        p += q
    assert set_log_likelihood(held, pool, weight) == pytest.approx(math.log(p), rel=1e-12)
    # equal weights: the uniform deal's probability, 1 / C(n, k)
    assert set_log_likelihood(held, pool, dict.fromkeys(pool, 3.0)) == pytest.approx(uniform_log_likelihood(4, 10))


def _europe():
    return ttr.new_game("europe", 2, seed=1).rules


def test_a_ticket_the_claims_join_fits_fully_and_a_far_one_not_at_all():
    rules = _europe()
    m = rules.map
    route = {frozenset(r.cities): r.id for r in m.routes}
    owner = {route[frozenset(("Lisboa", "Madrid"))]: 1, route[frozenset(("Madrid", "Pamplona"))]: 1}
    model = TicketModel(rules, 6.0)
    fits = model.fits(owner, 1)
    ticket = {frozenset(t.cities): t.id for t in m.tickets}
    # tickets from Lisboa or Madrid go by its claims part of the way; one far from them not at all
    partly = [t.id for t in m.tickets if "Lisboa" in t.cities or "Madrid" in t.cities]
    assert partly and all(0.0 < fits[t] < 1.0 for t in partly)
    far = ticket[frozenset(("Angora", "Kharkov"))]
    assert fits[far] == 0.0
    # joined: seat 1 owns a whole path between a ticket's cities
    t = m.tickets[0]  # Amsterdam-Pamplona
    path = _shortest_path(m, *t.cities)
    joined = TicketModel(rules, 6.0).fits({r: 1 for r in path}, 1)
    assert joined[t.id] == 1.0
    # and another seat's claims do not help seat 1: they close the route for it (no twin free)
    assert TicketModel(rules, 6.0).fits({r: 0 for r in path}, 1)[t.id] == 0.0


def _shortest_path(m, a: str, b: str) -> list[int]:
    from ttr.agents.planning import RouteGraph
    return RouteGraph(m).shortest(a, b, lambda r: float(m.route_by_id[r].length))[1]


def _midgame(map_name: str = "europe", seed: int = 4, claims: int = 6):
    """A planner game where seat 1 has claimed `claims` routes, seat 0 to move."""
    g = ttr.new_game(map_name, 2, seed=seed)
    bots = [make_agent("planner", s) for s in range(2)]
    while not g.is_over:
        obs = g.observe(0)
        mine = [s for s in obs.layout.items(obs.state, "routes") if s == 1]
        if g.current_player == 0 and g.phase == "turn" and len(mine) >= claims:
            return g
        g.apply(bots[g.current_player].act(g.observe(g.current_player)))
    raise AssertionError("no such position")


def test_weighted_worlds_deal_the_tickets_the_claims_fit_and_the_true_ones_likelier():
    g = _midgame()
    obs = g.observe(0)
    model = TicketModel(obs.rules, 6.0)
    fits = model.fits({r: s for r, s in enumerate(obs.layout.items(obs.state, "routes")) if s >= 0}, 1)
    at = obs.layout["players[1].tickets"].start

    def mean_fit(weights) -> float:
        worlds, rng = Worlds(obs, weights), random.Random(3)
        dealt = []
        for _ in range(300):
            s = worlds.state(rng)
            dealt += s[at + 1:at + 1 + s[at]]
        return statistics.fmean(fits[t] for t in dealt)
    weights = model.weights(obs)
    assert set(weights) == {1} and all(w == math.exp(6.0 * fits[t]) for t, w in weights[1].items())
    assert mean_fit(weights) > mean_fit(None) + 0.1
    # the tickets seat 1 really holds: likelier under the model than under the uniform deal
    truth = g.observe(1)
    held = truth.layout.items(truth.state, "players[1].tickets")
    worlds = Worlds(obs)
    pool = worlds.regular + worlds.long
    assert set_log_likelihood(held, pool, model.weights(obs)[1]) > uniform_log_likelihood(len(held), len(pool))


@pytest.mark.parametrize("map_name", ["europe", "usa", "world"])
def test_a_weighted_world_passes_every_check_of_the_codec(map_name):
    """Each ticket dealt once, piles and hands whole: decode with its checks accepts every world."""
    g = _midgame(map_name, seed=6, claims=4)
    obs = g.observe(0)
    worlds = Worlds(obs, TicketModel(obs.rules).weights(obs))
    rng = random.Random(5)
    for _ in range(20):
        state = worlds.state(rng)
        world = decode(obs.rules, state, obs.options)  # check=True: raises on a duplicate or missing ticket
        assert world.observe(0).state == obs.state


def test_a_seat_keeping_a_long_ticket_is_dealt_one_in_every_weighted_world():
    """Europe: the pile holds only regular tickets, so a seat that kept a long ticket (the counts
    show it) must be dealt one. Dealing its tickets by weight alone could give it regular ones only
    and leave the pile short (found in self-play: seed 413, 'ticket_pile: -2 is out of range')."""
    g = ttr.new_game("europe", 2, seed=413)
    for a in ("keep 7 22 24 45", "keep 15 21 26", "claim 65 1blue+1locomotive"):
        g.apply(a)
    obs = g.observe(1)
    worlds = Worlds(obs, TicketModel(obs.rules).weights(obs))
    assert worlds.weighted  # seat 0 has claimed: its tickets are dealt by weight
    held = g.observe(0).layout.items(g.observe(0).state, "players[0].tickets")
    assert sum(t in worlds.long for t in held) == 1  # (the position: seat 0 kept a long ticket)
    rng = random.Random(1)
    at = obs.layout["players[0].tickets"].start
    for _ in range(200):
        state = worlds.state(rng)
        decode(obs.rules, state, obs.options)  # check=True: the pile whole, each ticket once
        assert sum(t in worlds.long for t in state[at + 1:at + 1 + state[at]]) == 1


def test_weighted_worlds_that_never_fit_fall_back_to_a_uniform_deal_of_every_seat(monkeypatch):
    """After WEIGHTED_TRIES failed weighted deals every seat is dealt uniformly, the weighted ones
    too: still a world the codec accepts, showing the seat exactly its view."""
    from ttr.agents import determinize as dmod

    g = ttr.new_game("europe", 2, seed=413)
    for a in ("keep 7 22 24 45", "keep 15 21 26", "claim 65 1blue+1locomotive"):
        g.apply(a)
    obs = g.observe(1)
    worlds = Worlds(obs, TicketModel(obs.rules).weights(obs))
    monkeypatch.setattr(dmod, "WEIGHTED_TRIES", 0)
    rng = random.Random(2)
    for _ in range(20):
        world = decode(obs.rules, worlds.state(rng), obs.options)  # check=True
        assert world.observe(1).state == obs.state


def test_each_board_has_its_budget_and_explicit_parameters_win():
    assert budget("europe", True) == NATIVE_BUDGET
    assert budget("nordic", False)["work"] == PYTHON_WORK["nordic"]
    assert budget("my-map", False) == PYTHON_BUDGET
    assert budget("world", True)["keep_samples"] == 64 < NATIVE_BUDGET["keep_samples"]  # (its slowest moves)
    g = ttr.new_game("nordic", 2, seed=2)
    bot = SearchAgent(1, samples=3)
    bot.act(g.observe(g.current_player))
    work = NATIVE_BUDGET["work"] if native.plays_bots(g.rules) else PYTHON_WORK["nordic"]  # (its bots in the core)
    assert (bot.samples, bot.keep_samples, bot.work) == (3, 6, work)
    usa = ttr.new_game("usa", 2, seed=2)
    bot = SearchAgent(1, work=None)
    bot.act(usa.observe(usa.current_player))
    expected = NATIVE_BUDGET if native.plays(usa.rules) else PYTHON_BUDGET
    assert (bot.samples, bot.keep_candidates, bot.work) == (expected["samples"], expected["keep_candidates"], None)
