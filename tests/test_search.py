"""The search bot and its playouts: legal, deterministic, within its time cap, blind to hidden information."""
from __future__ import annotations

import random

import pytest
from test_agents import assert_worlds_match_views

import ttr
from ttr.cards import CARD_NAMES
from ttr.agents import make_agent
from ttr.agents.rollout import RolloutPlanner, playout
from ttr.agents.search import SearchAgent

from helpers import shuffle_hidden


@pytest.mark.parametrize("map_name,players", [("europe", 2), ("usa", 3), ("nordic", 2), ("world", 2),
                                              ("great-lakes", 2), ("legends-west", 3)])
def test_rollout_planner_chooses_exactly_what_the_planner_chooses(map_name, players):
    g = ttr.new_game(map_name, players, seed=6)
    memo: dict = {}
    planners = [make_agent("planner", s) for s in range(players)]
    fast = [RolloutPlanner(memo) for _ in range(players)]
    while not g.is_over:
        seat = g.current_player
        action = planners[seat].act(g.observe(seat))
        assert fast[seat].act_in(g, seat) == action
        # what the planner reads from the masked state is what the seat's view shows
        pos, _ = planners[seat].position(g.observe(seat))
        v = g.view(seat)
        assert {CARD_NAMES[k]: n for k, n in enumerate(pos.hand) if n} == v["you"]["hand"]
        assert [t.id for t in pos.tickets] == [t["id"] for t in v["you"]["tickets"]]
        assert [t.id for t in pos.offer] == v["you"]["offer"]
        assert pos.owner == {int(r): s for r, s in v["routes"].items()} and pos.stations == v["stations"]
        assert (pos.trains, pos.last_round) == (v["you"]["trains"], v["last_round"])
        g.apply(action)


def test_playout_plays_to_the_end_and_leaves_the_original_alone():
    g = ttr.new_game("europe", 2, seed=3)
    before = ttr.save_game(g)
    r = playout(g.clone(), {})
    assert len(r["players"]) == 2 and r["winners"]
    assert ttr.save_game(g) == before


@pytest.mark.parametrize("map_name", ["europe", "nordic"])
def test_search_plays_legal_moves_to_the_end(map_name):
    g = ttr.new_game(map_name, 2, seed=8)
    bots = [SearchAgent(8, samples=1, keep_samples=1, confirm=1), make_agent("planner", 9)]
    while not g.is_over:
        seat = g.current_player
        g.apply(bots[seat].act(g.observe(seat)))  # checked: an illegal move raises
    assert g.is_over


def _positions(map_name: str, seed: int, every: int = 9, limit: int = 6):
    """Positions of a planner game where seat 0 is to move at a turn or a ticket choice."""
    g = ttr.new_game(map_name, 2, seed=seed)
    bots = [make_agent("planner", s) for s in range(2)]
    out = []
    step = 0
    while not g.is_over and len(out) < limit:
        seat = g.current_player
        if seat == 0 and g.phase in ("turn", "initial-tickets", "keep-tickets") and step % every == 0:
            out.append(g.clone())
        step += 1
        g.apply(bots[seat].act(g.observe(seat)))
    return out


VARIANTS = [{}, {"halving": True, "keep_candidates": 8}, {"beta": 0.0}]


@pytest.mark.parametrize("options", VARIANTS)
def test_search_is_deterministic_given_a_seed(options):
    for g in _positions("usa", 8):
        a = SearchAgent(5, samples=2, keep_samples=2, confirm=2, turns="all", **options).act(g.observe(0))
        b = SearchAgent(5, samples=2, keep_samples=2, confirm=2, turns="all", **options).act(g.observe(0))
        assert str(a) == str(b)
        assert a in g.legal_actions()


class _Clock:
    """A fake perf_counter: each reading advances it by a fixed tick, so the test does not
    depend on the machine's speed or load."""

    def __init__(self, tick: float):
        self.now, self.tick, self.readings = 0.0, tick, 0

    def __call__(self) -> float:
        self.now += self.tick
        self.readings += 1
        return self.now


def test_search_honours_its_time_cap(monkeypatch):
    """time_per_move caps the whole move: with a budget of 10,000 worlds the search stops at
    the deadline, checked before every playout (time is a fake clock: 10 ms per reading)."""
    from ttr.agents import search as search_module

    cap = 0.05
    for g in _positions("europe", 4, every=5, limit=8):
        clock = _Clock(0.01)
        monkeypatch.setattr(search_module.time, "perf_counter", clock)
        bot = SearchAgent(1, samples=10_000, keep_samples=10_000, confirm=10_000, work=None, turns="all",
                          time_per_move=cap)
        action = bot.act(g.observe(0))
        assert action in g.legal_actions()
        assert clock.readings <= cap / clock.tick + 3  # the start, one reading per playout until the deadline


@pytest.mark.parametrize("options", VARIANTS)
@pytest.mark.parametrize("map_name", ["europe", "usa"])
def test_search_plays_identically_when_hidden_information_is_shuffled(map_name, options):
    """Search sees only its seat's view: re-dealing what it cannot see changes nothing."""
    rng = random.Random(12)
    checked = 0
    for g in _positions(map_name, 12, every=7):
        twin = shuffle_hidden(g, 0, rng)
        assert twin.view(0) == g.view(0)
        a = SearchAgent(3, samples=2, keep_samples=2, confirm=2, turns="all", **options).act(g.observe(0))
        b = SearchAgent(3, samples=2, keep_samples=2, confirm=2, turns="all", **options).act(twin.observe(0))
        assert str(a) == str(b)
        checked += 1
    assert checked >= 4


def test_search_is_in_the_registry():
    assert isinstance(make_agent("search", 1), SearchAgent)


def test_weighted_worlds_are_worlds_the_seat_cannot_tell_apart():
    """Worlds dealing the others' tickets by the ticket model's weights: each shows the seat exactly its view."""
    from ttr.agents.belief import TicketModel
    from ttr.agents.determinize import Worlds

    def world(obs, rng):
        weights = TicketModel(obs.rules, 6.0).weights(obs)
        return Worlds(obs, weights).game(rng)
    assert_worlds_match_views("europe", 3, 2, world, every=11, steps=300)


@pytest.mark.parametrize("confirmed", [True, False])
def test_a_move_other_than_the_planners_must_be_confirmed_on_fresh_worlds(monkeypatch, confirmed):
    """With `confirm`, the candidate that led on the first worlds is played only if a second,
    independent set of worlds also finds it better than the planner's move by the margin."""
    g = ttr.new_game("europe", 2, seed=3)
    seat = g.current_player
    bot = SearchAgent(1, samples=2, keep_samples=2, confirm=3)
    calls = []

    def evaluate(obs, candidates, samples, work=None):
        calls.append((len(candidates), samples))
        if len(calls) == 1:  # the search: the second candidate leads clearly
            return [0.0, 0.5] + [0.1] * (len(candidates) - 2), [0.0] * len(candidates), 0
        return ([0.0, 0.2] if confirmed else [0.0, bot.margin / 2]), [0.0, 0.0], 0

    monkeypatch.setattr(bot, "_evaluate", evaluate)
    planner_move = make_agent("planner", 0).act(g.observe(seat))
    action = bot.act(g.observe(seat))
    assert calls[1] == (2, 3)  # the leader and the planner's move, on `confirm` worlds
    assert (action != planner_move) == confirmed
    assert action in g.legal_actions()


def test_work_caps_the_actions_simulated_per_move():
    """`work` is a deterministic time budget: sampling stops once the playouts have played that many
    actions (whole worlds only), in the search and the confirmation together."""
    positions = _positions("europe", 4, every=5, limit=6)
    for g in positions:
        small = SearchAgent(2, samples=1000, keep_samples=1000, turns="all", confirm=1000, work=600)
        big = SearchAgent(2, samples=1000, keep_samples=1000, turns="all", confirm=1000, work=6000)
        a, b = small.act(g.observe(0)), big.act(g.observe(0))
        assert a in g.legal_actions() and b in g.legal_actions()
        one_world = 5 * 200  # at most one more world than the budget: candidates x a long playout
        assert 0 < small.simulated <= 600 + 2 * one_world
        assert small.simulated < big.simulated <= 6000 + 2 * one_world
        again = SearchAgent(2, samples=1000, keep_samples=1000, turns="all", confirm=1000, work=600)
        assert str(again.act(g.observe(0))) == str(a) and again.simulated == small.simulated


def test_on_nordic_the_work_counts_the_payments_the_playouts_weigh(monkeypatch):
    """Nordic's budget counts each payment the playouts' planners weigh (`scan_weight` of an action:
    a large hand pays for a route in hundreds of ways, and its moves cost many times an ordinary
    one); the native boards' budget does not."""
    from ttr.agents import planner as planner_module
    from ttr.agents.search import budget

    assert budget("nordic", False)["scan_weight"] > 0 and budget("europe", True)["scan_weight"] == 0
    g = _positions("nordic", 5, every=11, limit=3)[-1]
    options = dict(turns="all", samples=1, keep_samples=1, confirm=1, work=None, native=False)  # Python playouts
    plain = SearchAgent(3, scan_weight=0.0, **options)
    a = plain.act(g.observe(0))
    scaled = SearchAgent(3, scan_weight=0.5, **options)
    weighed = []
    real = planner_module.PlannerAgent._cheapest

    def counting(self, pays, keep_for):
        if self is not scaled.planner:  # the playouts' planners, not the one proposing candidates
            weighed.append(min(len(pays), planner_module.SAMPLE))
        return real(self, pays, keep_for)

    monkeypatch.setattr(planner_module.PlannerAgent, "_cheapest", counting)
    assert scaled.act(g.observe(0)) == a  # the same worlds and playouts: only the count differs
    assert sum(weighed) > 0
    assert scaled.simulated == pytest.approx(plain.simulated + 0.5 * sum(weighed))


def test_a_searched_move_pauses_the_garbage_collector_and_restores_it(monkeypatch):
    """The collector is off during a move (it took 40-60% of the slowest moves) and comes back as it
    was, also when moves in two threads overlap, and when it was off before."""
    import gc
    import threading

    from ttr.agents.search import GC_PAUSE

    g = _positions("europe", 4, every=5, limit=2)[-1]
    seen = []
    real = SearchAgent._act

    def watching(self, obs):
        seen.append(gc.isenabled())
        return real(self, obs)

    monkeypatch.setattr(SearchAgent, "_act", watching)
    assert gc.isenabled()
    SearchAgent(1, turns="all").act(g.observe(0))
    assert seen == [False] and gc.isenabled()
    # overlapping moves: on again only when the last one ends
    inside, leave = threading.Event(), threading.Event()

    def long_move():
        with GC_PAUSE:
            inside.set()
            leave.wait(10)

    t = threading.Thread(target=long_move)
    t.start()
    assert inside.wait(10)
    SearchAgent(1, turns="all").act(g.observe(0))
    assert not gc.isenabled()  # the other move is still searching
    leave.set()
    t.join(10)
    assert gc.isenabled()
    gc.disable()
    try:
        SearchAgent(1, turns="all").act(g.observe(0))
        assert not gc.isenabled()  # off before, off after
    finally:
        gc.enable()
