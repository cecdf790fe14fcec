"""The research environments pass their libraries' own checkers: PettingZoo's api_test,
Gymnasium's check_env and OpenSpiel's random_sim_test; and they play ttr's rules."""
from __future__ import annotations

import json
import random
import warnings

import numpy as np
import pytest

import ttr
from ttr.agents import make_agent
from ttr.runtime import Match

from helpers import research_import

research_import("gymnasium")
research_import("pettingzoo")
research_import("pyspiel")

import gymnasium as gym  # noqa: E402
import pyspiel  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from ttr.adapters.core import Rewards, Table, render_view, scores  # noqa: E402
from ttr.adapters.gymnasium import ENV_IDS, TtrEnv  # noqa: E402
from ttr.formats.observation import Observer  # noqa: E402
from ttr.adapters.openspiel import TtrGame  # noqa: E402
from ttr.adapters.pettingzoo import env as pz_env  # noqa: E402
from ttr.adapters.policy import PolicySeat  # noqa: E402

CONFIGS = [("usa", 2), ("europe", 4), ("nordic", 3), ("world", 2), ("great-lakes", 3), ("legends-west", 5)]


# ---------------------------------------------------------------- PettingZoo

# The boards the native core plays run on it where it is built (engine="auto"); they are checked
# on the Python engine too
NATIVE_ENVS = ("usa", "europe", "nordic", "world", "great-lakes", "legends-west")
PY_CONFIGS = [(m, n, "python") for m, n in CONFIGS if m in NATIVE_ENVS]


@pytest.mark.parametrize("map_name,players,engine", [(m, n, "auto") for m, n in CONFIGS] + PY_CONFIGS)
def test_pettingzoo_api_test(map_name, players, engine):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice for Box observations (ours is the documented dict)
        api_test(pz_env(map=map_name, players=players, engine=engine), num_cycles=1000)


def _play_pz(e, seed: int, rng: np.random.Generator) -> dict:
    e.reset(seed=seed)
    totals = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        e.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return totals


def test_pettingzoo_plays_the_seeded_game_and_pays_win_shares():
    e = pz_env(map="usa", players=3)
    totals = _play_pz(e, 7, np.random.default_rng(1))
    g = e.unwrapped.table.game
    assert g.is_over and sum(totals.values()) == pytest.approx(1.0)
    assert ttr.replay("usa", 3, 7, g.history).history == g.history  # reset(seed) is ttr.new_game(seed)
    assert totals == {f"player_{s}": x for s, x in enumerate(ttr.runtime.arena.win_shares(g.result()["winners"], 3))}


def test_pettingzoo_payment_steps_keep_the_same_agent():
    e = pz_env(map="nordic", players=2)
    e.reset(seed=3)
    rng = np.random.default_rng(0)
    table = e.unwrapped.table
    space = table.space
    for agent in e.agent_iter(5000):
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        ids = np.flatnonzero(obs["action_mask"])
        stepped = [int(i) for i in ids if space.decode(int(i), table.game) is None]
        if stepped:
            e.step(stepped[0])
            assert e.agent_selection == agent
            nxt = e.observe(agent)["action_mask"]
            assert all(space.block(int(i)) == "pay-step" for i in np.flatnonzero(nxt))
            return
        e.step(int(rng.choice(ids)))
    pytest.fail("no stepped claim came up")


def test_pettingzoo_illegal_id_raises_and_changes_nothing():
    e = pz_env(map="usa", players=2)
    e.reset(seed=1)
    agent = e.agent_selection
    before = e.observe(agent)
    with pytest.raises(ttr.IllegalActionIdError):
        e.step(int(np.flatnonzero(before["action_mask"] == 0)[0]))
    with pytest.raises(ttr.TtrError, match="an action id is needed"):
        e.unwrapped.step(None)  # the wrapped env asserts first; the env itself names the problem
    after = e.observe(agent)
    assert e.agent_selection == agent and e.unwrapped.table.game.history == []
    assert all(np.array_equal(before[k], after[k]) for k in before)


# ---------------------------------------------------------------- Gymnasium

def test_gymnasium_registers_one_id_per_board():
    assert set(ENV_IDS) == set(ttr.editions.EDITIONS)
    assert all(gym.spec(i).kwargs == {"map": m} for m, i in ENV_IDS.items())


@pytest.mark.parametrize("map_name,engine", [(m, "auto") for m in sorted(ENV_IDS)] + [(m, "python") for m in NATIVE_ENVS])
def test_gymnasium_check_env(map_name, engine):
    e = gym.make(ENV_IDS[map_name], opponents=["random", "greedy"] if map_name != "nordic" else ["greedy"],
                 engine=engine)
    table = e.unwrapped.table
    native = engine == "auto" and ttr.native.plays(table.rules) and map_name in NATIVE_ENVS
    assert table.engine == ("native" if native else "python")
    check_env(e.unwrapped)


@pytest.mark.parametrize("which,engine", [("later", "auto"), ("frontiers", "auto"), ("frontiers", "python")])
def test_the_environments_take_a_legends_of_the_west_setup(which, engine):
    """A later game of the demo pack (trades and extra-card offers), and game 12 on the board all 8
    of its frontiers grow (whose action space and tensor are that board's), in PettingZoo and
    Gymnasium, on the native core or the Python engine: their libraries' checkers pass, and the
    games are of that setup."""
    from test_native_vecenv import lw_setup
    from test_native_legacy import frontier_setup
    setup = lw_setup(3) if which == "later" else frontier_setup(3, 12, 8)
    expected = "native" if engine == "auto" else "python"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        e = pz_env(map="legends-west", players=3, setup=setup, engine=engine)
        assert e.unwrapped.g.table.engine == expected
        api_test(e, num_cycles=300)
    g = gym.make(ENV_IDS["legends-west"], opponents=["random", "random"], setup=setup, engine=engine)
    table = g.unwrapped.table
    assert table.engine == expected
    assert (table.n > ttr.ActionSpace("legends-west", 3).n) == (which == "frontiers")
    check_env(g.unwrapped)
    g.reset(seed=2)
    assert table.game.replay_options()["setup"] == setup


def test_gymnasium_a_whole_game_against_the_planner():
    e = gym.make("ttr/Europe-v0", opponents=["planner"], seat=1, reward="score")
    obs, info = e.reset(seed=5)
    rng = np.random.default_rng(5)
    total, terminated = 0.0, False
    while not terminated:
        assert np.array_equal(obs["action_mask"], info["action_mask"])
        assert np.array_equal(e.unwrapped.action_masks(), obs["action_mask"].astype(bool))
        obs, reward, terminated, truncated, info = e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        total += reward
        assert not truncated
    g = e.unwrapped.table.game
    assert g.is_over and info["seat"] == 1
    assert total == pytest.approx(g.result()["players"][1]["total"] / 100)


def test_gymnasium_illegal_ids():
    e = TtrEnv("usa", opponents=["random"])
    obs, _ = e.reset(seed=2)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, _, info = e.step(bad)
    assert terminated and reward == 0.0 and info["illegal_action"]
    with pytest.raises(ttr.TtrError, match="reset"):
        e.step(0)
    e = TtrEnv("usa", opponents=["random"], illegal="raise")
    e.reset(seed=2)
    with pytest.raises(ttr.IllegalActionIdError):
        e.step(bad)
    with pytest.raises(ttr.TtrError, match="unknown agent"):
        TtrEnv("usa", opponents=["nobody"])


def test_gymnasium_opponents_may_be_seats():
    first = PolicySeat(lambda x, mask: int(np.flatnonzero(mask)[0]))
    e = TtrEnv("nordic", opponents=[first], seat=0)
    obs, _ = e.reset(seed=1)
    terminated = False
    while not terminated:
        obs, _, terminated, _, _ = e.step(int(np.flatnonzero(obs["action_mask"])[-1]))
    assert e.table.game.is_over


# ---------------------------------------------------------------- OpenSpiel

def _deal(state, seed: int) -> None:
    """Deals `seed` (the chance nodes' outcomes are its digits)."""
    for digit in state.get_game().seed_digits(seed):
        state.apply_action(digit)


@pytest.mark.parametrize("map_name,players", CONFIGS)
def test_openspiel_random_sim_test(map_name, players):
    game = pyspiel.load_game("python_ttr", {"map": map_name, "players": players})
    assert isinstance(game, TtrGame)
    space = ttr.ActionSpace(map_name, players)
    assert game.num_distinct_actions() == space.n and game.num_players() == players
    assert game.observation_tensor_size() == game.observer(True, False).size
    assert game.information_state_tensor_size() == game.observer(True, True).size
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_openspiel_resample_keeps_the_information_state():
    game = pyspiel.load_game("python_ttr", {"map": "world", "players": 3})
    state = game.new_initial_state()
    _deal(state, 11)
    rng = random.Random(0)
    other = random.Random(1)  # the worlds' own moves: the game's line does not depend on the worlds dealt
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for step in range(240):
        if state.is_terminal():
            break
        if step % 8 == 0:
            for p in range(3):
                for _ in range(2):  # the second world of the same state is copied from the first's (Worlds)
                    r = state.resample_from_infostate(p, sampler)
                    assert r.information_state_string(p) == state.information_state_string(p)
                    assert np.array_equal(r.information_state_tensor(p), state.information_state_tensor(p))
                    assert np.array_equal(r.observation_tensor(p), state.observation_tensor(p))
                    assert r.legal_actions(p) == state.legal_actions(p)
                    clone = r.clone()  # a resampled world plays on like any state
                    clone.apply_action(other.choice(clone.legal_actions()))
                    r.apply_action(other.choice(r.legal_actions()))  # and so does the world itself
        state.apply_action(rng.choice(state.legal_actions()))


def test_openspiel_information_state_holds_the_public_log():
    """The information state string is the seat's view with the public log (what each action's
    kind makes public: a keep only counted); a resampled state carries the log before it, and its
    tensor counts the draws in it."""
    game = pyspiel.load_game("python_ttr", {"map": "usa", "players": 2})
    state = game.new_initial_state()
    _deal(state, 4)
    rng = random.Random(2)
    for _ in range(30):
        state.apply_action(rng.choice(state.legal_actions()))
    info = json.loads(state.information_state_string(0))
    g = state.world.game
    assert [(e["seat"], e["kind"]) for e in info["log"]] == [(s, a.kind) for s, a in zip(g.seats, g.actions)]
    keeps = [e for e in info["log"] if e["kind"] == "keep"]
    assert keeps and all(set(e) == {"ply", "seat", "kind", "kept"} for e in keeps)
    assert "log" not in json.loads(state.observation_string(0))
    r = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert r.public_log() == state.public_log() and r.world.game.actions == []
    draws = game.observer(True, True).split(np.asarray(r.information_state_tensor(1), dtype=np.float32))["draws"]
    assert draws.any()


def test_openspiel_ismcts_plays_on_resampled_worlds():
    """OpenSpiel's own IS-MCTS bot (it resamples through resample_from_infostate) picks legal moves."""
    from open_spiel.python.algorithms import ismcts, mcts
    game = pyspiel.load_game("python_ttr", {"map": "nordic", "players": 2})
    rs = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs), uct_c=2.0,
                           max_simulations=4, random_state=rs)
    state = game.new_initial_state()
    _deal(state, 3)
    for _ in range(4):
        legal = state.legal_actions()
        a = bot.step(state) if state.current_player() == 0 else int(rs.choice(legal))
        assert a in legal
        state.apply_action(a)


def test_openspiel_the_deal_is_the_only_chance_node_and_the_cap_ends_a_game():
    game = pyspiel.load_game("python_ttr", {"map": "usa", "players": 2, "deals": 8, "max_game_length": 30})
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 8
    state.apply_action(5)
    rng = random.Random(1)
    moves = 0
    while not state.is_terminal():
        assert not state.is_chance_node()
        state.apply_action(rng.choice(state.legal_actions()))
        moves += 1
    assert moves == 30 and sum(state.returns()) == pytest.approx(1.0)
    assert str(state).startswith("usa 2p")
    deal = game.new_initial_state()
    deal.apply_action(5)
    assert deal.world.game.view(0) == ttr.new_game("usa", 2, 5).view(0)


# ---------------------------------------------------------------- the table

def test_a_table_with_an_information_state_observer_reads_the_log():
    """A Table whose observer reads the public log plays recorded games; its tensors count draws."""
    rules = ttr.get_ruleset("usa", 2)
    t = Table("usa", 2, observer=Observer(rules, history=True))
    t.reset(3)
    rng = np.random.default_rng(0)
    for _ in range(20):
        t.step(int(rng.choice(np.flatnonzero(t.mask()))))
    assert len(t.game.log) == len(t.game.history)
    draws = t.observer.split(t.observe(0))["draws"]
    assert draws.sum() > 0 and np.array_equal(t.observe(0), t.observe(0))


def test_rewards_and_renders_read_the_face():
    """Score rewards follow the integer state's scores; a render shows a seat's or a spectator's view."""
    t = Table("usa", 2)
    g = t.reset(1)
    rewards = Rewards("score", g)
    rng = np.random.default_rng(1)
    total = [0.0, 0.0]
    while not t.over:
        if t.step(int(rng.choice(np.flatnonzero(t.mask())))) is not None:
            total = [a + b for a, b in zip(total, rewards.step())]
    assert total == pytest.approx([p["total"] / 100 for p in g.result()["players"]])
    assert scores(g) == [p["score"] for p in g.view(None)["players"]]
    assert "your hand" in render_view(g.view(0)) and "your hand" not in render_view(g.view(None))


# ---------------------------------------------------------------- a policy as a seat

@pytest.mark.parametrize("map_name", ["nordic", "world", "legends-west"])
def test_a_policy_seat_plays_whole_games(map_name):
    """PolicySeat builds masks on a world dealt from its view: every move it makes is legal
    (the match loop applies them checked), payment steps included."""
    rng = np.random.default_rng(0)
    seat = PolicySeat(lambda x, mask: int(rng.choice(np.flatnonzero(mask))), seed=1)
    g = ttr.new_game(map_name, 2, seed=2)
    Match(g, [seat, make_agent("greedy", 1)]).run()
    assert g.is_over
