"""What researchers stumbled on, tried with the libraries they use: SuperSuit's wrappers, RLlib's
PettingZoo wrapper, sb3-contrib's MaskablePPO; the end-of-episode result in every environment's
info, the margin reward, PettingZoo's global state, parallel form and illegal-as-loss option."""
from __future__ import annotations

import warnings

import numpy as np
import pytest

import ttr

from helpers import research_import

research_import("gymnasium")
research_import("pettingzoo")

from pettingzoo.test import api_test, parallel_api_test  # noqa: E402

from ttr.adapters.core import Rewards, episode_result  # noqa: E402
from ttr.adapters.gymnasium import TtrEnv  # noqa: E402
from ttr.adapters.pettingzoo import env as pz_env  # noqa: E402
from ttr.adapters.pettingzoo import parallel_env, raw_env  # noqa: E402


def _random_game(board: str, players: int, seed: int) -> ttr.Game:
    g = ttr.new_game(board, players, seed, engine="python")
    rng = np.random.default_rng(seed)
    while not g.is_over:
        legal = g.legal_actions()
        g.apply(legal[int(rng.integers(len(legal)))])
    return g


# ---------------------------------------------------------------- results and rewards

def test_episode_result_is_the_games_result_by_seat():
    g = _random_game("europe", 3, 5)
    res, full = episode_result(g), g.result()
    assert res["winners"] == full["winners"] and res["length"] == g.ply
    for s, p in enumerate(full["players"]):
        assert (res["totals"][s], res["ranks"][s]) == (p["total"], p["rank"])
        assert (res["tickets_done"][s], res["tickets_failed"][s]) == (len(p["tickets_completed"]),
                                                                      len(p["tickets_failed"]))


def test_margin_reward_is_the_lead_over_the_best_other_seat_at_the_end():
    g = ttr.new_game("usa", 3, 11, engine="python")
    rewards = Rewards("margin", g)
    rng = np.random.default_rng(0)
    while not g.is_over:
        legal = g.legal_actions()
        g.apply(legal[int(rng.integers(len(legal)))])
        if not g.is_over:
            assert rewards.step() == [0.0, 0.0, 0.0]
    totals = [p["total"] for p in g.result()["players"]]
    expect = [(t - max(x for j, x in enumerate(totals) if j != i)) / 100 for i, t in enumerate(totals)]
    assert rewards.step() == pytest.approx(expect)


@pytest.mark.skipif(not ttr.native.available(), reason="the native core is not built")
def test_vector_env_margin_rewards_and_final_results_are_the_python_engines():
    from ttr.adapters.vector import VecEnv
    env = VecEnv("usa", 2, num_envs=3, seed=40, reward="margin")
    env.reset()
    assert env.final(0) is None
    ended = 0
    while ended < 3:
        before = [env.game(i) for i in range(3)]
        actions = env.sample()
        ids = actions.copy()
        out = env.step(actions)
        for i in np.flatnonzero(out.terminated):
            g = before[i]  # the ended game on the Python engine: its last move, its result
            g.apply(env.space.decode(int(ids[i]), g))
            assert g.is_over
            final, res = env.final(int(i)), episode_result(g)
            assert final is not None and not final["truncated"]
            assert {k: final[k] for k in ("winners", "totals", "ranks", "tickets_done", "tickets_failed")} == \
                {k: res[k] for k in ("winners", "totals", "ranks", "tickets_done", "tickets_failed")}
            totals = res["totals"]
            assert list(out.rewards[i]) == pytest.approx([(totals[0] - totals[1]) / 100, (totals[1] - totals[0]) / 100])
            ended += 1
        for i in np.flatnonzero(~out.terminated):
            assert not out.rewards[i].any()


def test_gymnasium_gives_the_result_in_the_last_info():
    env = TtrEnv("usa", opponents=["random"], reward="margin", engine="python")
    obs, info = env.reset(seed=4)
    assert "result" not in info
    rng = np.random.default_rng(1)
    while True:
        obs, reward, terminated, _, info = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if terminated:
            break
        assert "result" not in info and reward == 0.0
    res = info["result"]
    assert res == episode_result(env.table.game)
    totals, me = res["totals"], info["seat"]
    assert reward == pytest.approx((totals[me] - totals[1 - me]) / 100)


# ---------------------------------------------------------------- PettingZoo

def test_pettingzoo_gives_every_agent_the_result_at_the_end():
    e = pz_env(map="usa", players=3, engine="python")
    e.reset(seed=2)
    rng = np.random.default_rng(0)
    for agent in e.agent_iter():
        obs, _, terminated, truncated, info = e.last()
        if not (terminated or truncated):
            assert "result" not in info
        e.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    game = e.unwrapped.table.game
    assert game.is_over
    assert all(e.unwrapped.infos.get(a, {}).get("result", episode_result(game)) == episode_result(game)
               for a in e.possible_agents)


def test_pettingzoo_state_is_every_seats_observation():
    e = raw_env(map="europe", players=3)
    e.reset(seed=9)
    st = e.state()
    assert st.shape == e.state_space.shape and e.state_space.contains(st)
    parts = np.split(st, 3)
    for s, agent in enumerate(e.possible_agents):
        assert np.array_equal(parts[s], e.observe(agent)["observation"])


def test_pettingzoo_illegal_id_can_lose_the_game():
    e = raw_env(map="usa", players=2, illegal="lose", reward="score")
    e.reset(seed=1)
    agent = e.agent_selection
    bad = int(np.flatnonzero(e.observe(agent)["action_mask"] == 0)[0])
    e.step(bad)
    assert all(e.terminations.values())
    assert e.rewards[agent] == -1.0 and all(r == 0.0 for a, r in e.rewards.items() if a != agent)
    assert e.infos[agent]["illegal_action"] is True
    assert e.table.game.history == []  # nothing was applied
    with pytest.raises(ttr.TtrError, match="illegal must be"):
        raw_env(map="usa", players=2, illegal="ignore")


@pytest.mark.parametrize("form", ["dict", "rllib", "box"])
def test_pettingzoo_observation_forms_pass_the_api_test(form):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(pz_env(map="usa", players=2, observation=form), num_cycles=300)
    e = raw_env(map="usa", players=2, observation=form)
    e.reset(seed=3)
    obs = e.observe(e.agent_selection)
    mask = e.infos[e.agent_selection]["action_mask"] if form == "box" else obs["action_mask"]
    assert mask.any() and mask.dtype == np.int8
    if form == "rllib":
        assert set(obs) == {"observations", "action_mask"}


@pytest.mark.parametrize("board,players", [("usa", 3), ("nordic", 2)])
def test_pettingzoo_parallel_form_passes_the_parallel_api_test(board, players):
    parallel_api_test(parallel_env(map=board, players=players), num_cycles=3000)


def test_pettingzoo_parallel_form_plays_the_same_game_as_the_aec_form():
    rng = np.random.default_rng(5)
    p = parallel_env(map="usa", players=2, engine="python")
    obs, _ = p.reset(seed=21)
    totals = dict.fromkeys(p.possible_agents, 0.0)
    while p.agents:
        mover = p.agent_to_move
        others = {a: 0 for a in p.agents if a != mover}  # ignored
        obs, rewards, _, _, infos = p.step({mover: int(rng.choice(np.flatnonzero(obs[mover]["action_mask"]))),
                                            **others})
        for a, r in rewards.items():
            totals[a] += r
    history = p.g.table.game.history
    assert ttr.replay("usa", 2, 21, history).history == history
    assert totals == {f"player_{s}": x for s, x in
                      enumerate(ttr.runtime.arena.win_shares(p.g.table.game.result()["winners"], 2))}
    assert infos["player_0"]["result"] == episode_result(p.g.table.game)


# ---------------------------------------------------------------- the libraries

def test_supersuit_observation_wrappers_take_the_box_form():
    ss = research_import("supersuit")
    e = ss.dtype_v0(ss.frame_stack_v1(pz_env(map="usa", players=2, observation="box"), 3), np.float32)
    e.reset(seed=1)
    rng = np.random.default_rng(0)
    for agent in e.agent_iter():
        obs, _, terminated, truncated, info = e.last()
        assert obs.shape == (3 * e.unwrapped.table.observer.size,)  # three frames stacked
        e.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(info["action_mask"]))))
    assert e.unwrapped.table.game.is_over and "result" in info


def test_supersuit_vectorizes_the_parallel_form():
    ss = research_import("supersuit")
    par = parallel_env(map="usa", players=2, observation="box", illegal="lose")
    venv = ss.concat_vec_envs_v1(ss.pettingzoo_env_to_vec_env_v1(par), 2, num_cpus=0, base_class="gymnasium")
    obs, infos = venv.reset(seed=0)
    assert obs.shape == (4, par.g.table.observer.size)  # 2 copies x 2 agents
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(400):  # each slot's mask in its info (all zero for the agent not to move: any id)
        actions = np.array([int(rng.choice(np.flatnonzero(i["action_mask"]))) if i["action_mask"].any() else 0
                            for i in infos])
        obs, rewards, terms, truncs, infos = venv.step(actions)
        assert obs.shape[0] == 4 and rewards.shape == (4,)
        ended += int(terms.sum())
    assert ended >= 4  # both copies played a game to its end (and were reset)
    venv.close()


def test_rllib_pettingzoo_wrapper_takes_the_rllib_form():
    research_import("ray")
    wrappers = research_import("ray.rllib.env.wrappers.pettingzoo_env")
    e = wrappers.PettingZooEnv(pz_env(map="usa", players=2, observation="rllib"))
    obs, infos = e.reset(seed=3)
    rng = np.random.default_rng(2)
    for _ in range(50):
        (agent, o), = obs.items()
        assert set(o) == {"observations", "action_mask"}
        obs, rewards, terms, truncs, infos = e.step({agent: int(rng.choice(np.flatnonzero(o["action_mask"])))})
        if terms["__all__"]:
            break


def test_maskable_ppo_learns_on_the_gymnasium_environment():
    research_import("torch")
    contrib = research_import("sb3_contrib")
    env = TtrEnv("usa", opponents=["random"], engine="python")
    model = contrib.MaskablePPO("MultiInputPolicy", env, n_steps=64, batch_size=32, n_epochs=1, seed=0,
                                policy_kwargs={"net_arch": [32]}, device="cpu")
    model.learn(total_timesteps=128)
    obs, _ = env.reset(seed=1)
    action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
    assert env.action_masks()[int(action)]  # a legal id


@pytest.mark.parametrize("engine", ["python", "auto"])
def test_environments_pickle_in_the_middle_of_a_game(engine):
    """SuperSuit's vector constructors, Ray and multiprocessing copy environments by pickling."""
    import pickle
    e = raw_env(map="usa", players=2, engine=engine)
    e.reset(seed=2)
    for _ in range(25):
        e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[-1]))
    f = pickle.loads(pickle.dumps(e))
    assert f.table.engine == e.table.engine and f.table.game.history == e.table.game.history
    a = e.agent_selection
    assert f.agent_selection == a and np.array_equal(f.observe(a)["observation"], e.observe(a)["observation"])
    move = int(np.flatnonzero(e.observe(a)["action_mask"])[0])
    e.step(move)
    f.step(move)  # the copy plays on, as the original
    assert f.table.game.encode() == e.table.game.encode()


# ---------------------------------------------------------------- the graph form

@pytest.mark.parametrize("board,players", [("usa", 2), ("europe", 4), ("nordic", 3), ("world", 2),
                                           ("legends-west", 3)])
def test_the_graph_form_holds_the_tensors_routes_and_cities(board, players):
    from ttr.adapters.graph import GraphObserver
    from ttr.formats.observation import Observer
    g = _random_game(board, players, 8) if board in ("usa", "europe") else ttr.new_game(board, players, 8)
    ob = Observer(g.rules)
    go = GraphObserver(ob)
    rules = g.rules
    for me in range(players):
        x = ob.encode(g.observe(me))
        parts = go.graph(x)
        assert go.space().contains(parts)
        owner = dict((r, s) for r, s in enumerate(g.encode()[g.layout()["routes"].start:][:rules.n_ids]) if s >= 0)
        for i, r in enumerate(go.routes):
            row = dict(zip(go.route_columns, parts["routes"][i]))
            assert tuple(parts["edges"][i]) == tuple(rules.r_ends[r])
            assert row["length"] == pytest.approx(rules.r_len[r] / go.max_length)
            assert row["open"] == (0.0 if r in owner else 1.0)
            if r in owner:
                assert row[f"owner:{(owner[r] - me) % players}"] == 1.0
        mine = g.observe(me).view["you"]["tickets"]
        ends = [c for t in mine for c in rules.ticket_cities[t["id"]]]
        tickets = parts["cities"][:, go.city_columns.index("tickets")]
        assert [int(tickets[c]) for c in range(go.n_cities)] == [ends.count(c) for c in range(go.n_cities)]
        glob = np.concatenate([x[f.start:f.stop] for f in ob.fields
                               if f.name not in ("routes", "stations", "tickets", "tickets_joined", "offer")])
        assert np.array_equal(parts["globals"], glob)


def test_environments_offer_the_graph_form():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(pz_env(map="europe", players=3, observation="graph"), num_cycles=200)
    from gymnasium.utils.env_checker import check_env
    env = TtrEnv("usa", opponents=["random"], observation="graph")
    check_env(env, skip_render_check=True)
    obs, info = env.reset(seed=2)
    assert set(obs) == {"routes", "cities", "edges", "globals", "action_mask"}
    later, *_ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    shared = [k for k in obs if np.shares_memory(obs[k], later[k])]
    assert not shared, f"observations of two calls share the arrays {shared} (gymnasium 1.4's check_env refuses it)"
