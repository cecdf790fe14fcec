"""OpenSpiel's python_ttr at its default settings: the deal drawn by chance nodes of at most 256
outcomes with an exactly uniform seed, rl_environment resets and whole games, and the information
state tensor kept from the log's counts equal to the one encoded from the whole public log."""
from __future__ import annotations

import pickle
import random
from fractions import Fraction

import numpy as np
import pytest

import ttr

from helpers import research_import

research_import("pyspiel")

import pyspiel  # noqa: E402
from open_spiel.python import rl_environment  # noqa: E402
from open_spiel.python.algorithms import random_agent  # noqa: E402

import ttr.adapters.openspiel  # noqa: E402,F401  (registers python_ttr)


def _deal(state, seed: int) -> None:
    for digit in state.get_game().seed_digits(seed):
        state.apply_action(digit)


def _seeds(state, reach: Fraction, out: dict[int, Fraction], widest: list[int]) -> None:
    """Every chance path below `state`: the seed it deals and the product of its probabilities."""
    if not state.is_chance_node():
        out[state.world.game.seed] = out.get(state.world.game.seed, Fraction(0)) + reach
        return
    outcomes = state.chance_outcomes()
    widest[0] = max(widest[0], len(outcomes))
    n = state.get_game().deals
    exact = [(a, Fraction(p).limit_denominator(n)) for a, p in outcomes]  # the shares are k / m with m <= deals
    assert all(float(q) == p for (_, p), (_, q) in zip(outcomes, exact))
    assert sum(q for _, q in exact) == 1 and all(q > 0 for _, q in exact)
    assert sorted(a for a, _ in exact) == list(range(len(exact)))
    for a, q in exact:
        child = state.child(a)
        _seeds(child, reach * q, out, widest)


@pytest.mark.parametrize("deals", [1000, 300, 256, 257, 8, 1])
def test_chance_nodes_list_at_most_256_outcomes_and_the_seed_is_exactly_uniform(deals):
    game = pyspiel.load_game("python_ttr", {"map": "usa", "players": 2, "deals": deals})
    assert game.max_chance_outcomes() == min(deals, 256)
    seeds: dict[int, Fraction] = {}
    widest = [0]
    _seeds(game.new_initial_state(), Fraction(1), seeds, widest)
    assert widest[0] == min(deals, 256)
    assert sorted(seeds) == list(range(deals))
    assert set(seeds.values()) == {Fraction(1, deals)}


def test_the_default_deal_is_two_chance_nodes_of_256_outcomes():
    game = pyspiel.load_game("python_ttr")
    assert game.max_chance_outcomes() == 256
    state = game.new_initial_state()
    for digit in (0x12, 0x34):
        assert state.is_chance_node() and state.chance_outcomes() == [(a, 1 / 256) for a in range(256)]
        state.apply_action(digit)
    assert not state.is_chance_node() and state.world.game.seed == 0x1234
    assert state.history() == [0x12, 0x34]
    assert state.world.game.view(0) == ttr.new_game("europe", 2, 0x1234).view(0)


def test_a_partly_drawn_deal_clones_pickles_replays_and_resamples():
    game = pyspiel.load_game("python_ttr", {"map": "nordic", "players": 2})
    state = game.new_initial_state()
    state.apply_action(200)
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 7) == "deal 7 (seed digit 2 of 2, base 256)"
    assert "200" in str(state)
    for copy in (state.clone(), pickle.loads(pickle.dumps(state)),
                 pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]):
        assert copy.is_chance_node() and copy.history() == [200] and str(copy) == str(state)
        copy.apply_action(7)
        assert copy.world.game.seed == 200 * 256 + 7
    for p in range(2):  # no player sees a digit
        assert state.information_state_string(p) == game.new_initial_state().information_state_string(p)
        assert not np.any(state.information_state_tensor(p))
        r = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert r.is_chance_node() and len(r.dealt) == 1 and r.history() == []
        assert r.information_state_string(p) == state.information_state_string(p)
    replay = game.new_initial_state()
    for a in [200, 7]:
        replay.apply_action(a)
    assert replay.world.game.view(1) == ttr.new_game("nordic", 2, 200 * 256 + 7).view(1)


def test_resampling_during_the_deal_draws_the_digits_of_a_uniform_seed():
    game = pyspiel.load_game("python_ttr", {"map": "usa", "players": 2, "deals": 300})
    state = game.new_initial_state()
    state.apply_action(0)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    firsts = [state.resample_from_infostate(0, sampler).dealt[0] for _ in range(2000)]
    assert set(firsts) == {0, 1} and 256 / 44 / 1.5 < firsts.count(0) / firsts.count(1) < 256 / 44 * 1.5


def test_rl_environment_resets_at_default_settings_and_plays_a_game_to_the_end():
    env = rl_environment.Environment("python_ttr")
    game = env.game
    assert game.deals == 1 << 16 and game.num_players() == 2  # the defaults
    np.random.seed(3)  # the random agents' picks
    env.seed(3)
    agents = [random_agent.RandomAgent(p, game.num_distinct_actions()) for p in range(2)]
    for episode in range(2):
        time_step = env.reset()
        assert len(env.get_state.history()) == 2  # the seed's two digits
        assert [len(x) for x in time_step.observations["info_state"]] == [game.information_state_tensor_size()] * 2
        steps = 0
        while not time_step.last():
            p = time_step.observations["current_player"]
            time_step = env.step([agents[p].step(time_step).action])
            steps += 1
        assert env.get_state.world.game.is_over and sum(time_step.rewards) == pytest.approx(1.0)
        assert steps == env.get_state.decisions


@pytest.mark.parametrize("deals", [1000, 300])
def test_random_sim_test_with_a_deal_of_uneven_digits(deals):
    game = pyspiel.load_game("python_ttr", {"map": "usa", "players": 2, "deals": deals})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def _from_scratch(state, player: int) -> np.ndarray:
    """The information state tensor encoded from the whole public log (the reference)."""
    game = state.get_game()
    observer = game.observer(True, True)
    g = state.world.game
    pending = state.prefix if g.current_player == player else ()
    return observer.encode(g.observe(player), pending, log=state.public_log())


def _check(state, players: int) -> None:
    assert state.log_counts() == state.get_game().observer(True, True).counts(state.public_log())
    for p in range(players):
        assert np.array_equal(np.asarray(state.information_state_tensor(p), dtype=np.float32),
                              _from_scratch(state, p)), (p, state.decisions)


def _play(state, rng: random.Random, steps: int, players: int, every: int = 1) -> None:
    """`steps` random moves, the tensors checked every `every` moves (the counts catch up between)."""
    for i in range(steps):
        if state.is_terminal():
            return
        state.apply_action(rng.choice(state.legal_actions()))
        if (i + 1) % every == 0:
            _check(state, players)


@pytest.mark.parametrize("map_name,players,seed", [("europe", 2, 5), ("nordic", 3, 9)])
def test_the_incremental_information_state_tensor_equals_the_whole_logs(map_name, players, seed):
    """At every step of random games, for every player, the tensor from the kept counts is the
    tensor of the whole public log; so after a clone, a pickle and a resampled world (its log
    before it included), each played on with the tensor read now and then."""
    game = pyspiel.load_game("python_ttr", {"map": map_name, "players": players})
    state = game.new_initial_state()
    _deal(state, seed)
    rng = random.Random(seed)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    resampled = 0
    _check(state, players)
    while not state.is_terminal():
        if state.decisions % 40 == 17:
            for copy in (state.clone(), pickle.loads(pickle.dumps(state))):
                _check(copy, players)
                _play(copy, random.Random(state.decisions), 12, players, every=5)
            p = state.decisions % players
            r = state.resample_from_infostate(p, sampler)
            assert np.array_equal(np.asarray(r.information_state_tensor(p)), np.asarray(state.information_state_tensor(p)))
            _check(r, players)
            _play(r, random.Random(state.decisions), 20, players, every=3)
            again = r.resample_from_infostate((p + 1) % players, sampler)  # a world of a world: both logs before it
            _check(again, players)
            _play(again.clone(), random.Random(1), 6, players)
            resampled += 1
        _play(state, rng, 1, players)
    assert resampled >= 3


def test_a_finished_state_gives_the_result_as_the_other_environments():
    import random as _random
    from ttr.adapters.core import episode_result
    game = pyspiel.load_game("python_ttr", {"map": "usa", "players": 2, "deals": 50})
    state = game.new_initial_state()
    rng = _random.Random(4)
    assert state.result() is None
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            assert state.result() is None
            state.apply_action(rng.choice(state.legal_actions()))
    assert state.result() == episode_result(state.world.game)
    assert state.returns() == ttr.runtime.arena.win_shares(state.result()["winners"], 2)
