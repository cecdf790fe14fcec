"""The native vector environment (ttr.adapters.vector.VecEnv) and the native path of the research
environments: the same ids, masks, actions and tensors as ttr.ActionSpace and the Python observer
in positions of both native boards at every player count; auto-resets that depend only on each
game's own seed; bad input refused with a Python error, never a crash."""
from __future__ import annotations

import os

import numpy as np
import pytest

import ttr
from ttr import native
from ttr.editions import get_ruleset
from ttr.engine import PHASES

if not native.available():
    if os.environ.get("TTR_REQUIRE_EXTRAS") or os.environ.get("CI"):
        pytest.fail(f"the native core is missing: {native.why_unavailable()}", pytrace=False)
    pytest.skip(f"the native core is not built: {native.why_unavailable()}", allow_module_level=True)

from ttr.adapters.core import Rewards, Table, id_rows, native_ids  # noqa: E402
from ttr.formats.observation import Observer  # noqa: E402
from ttr.adapters.vector import VecEnv  # noqa: E402
from ttr.native.vecenv import NativeIds, episode_seed  # noqa: E402

# the boards the core plays by action ids (not Nordic, World or Great Lakes: claims paid in payment steps)
BY_IDS = tuple(m for m in native.NATIVE_EDITIONS if not ttr.ActionSpace(m, 2).stepped_routes  # (not Legacy: its
               and native.plays_by_ids(get_ruleset(m, 2)))                                   # trades, extra cards)
CONFIGS = [(m, n) for m in BY_IDS for n in range(2, 6)]


def _walk(env: VecEnv, steps: int, every: int):
    """Step env with its own sampler; yield (step, ids taken) every `every` steps (and the first)."""
    out = env.reset()
    for step in range(steps):
        if step % every == 0:
            yield step, out
        out = env.step(env.sample().copy())


# ---------------------------------------------------------------- the same ids, masks and tensors

@pytest.mark.parametrize("map_name,players", CONFIGS)
def test_masks_actions_and_tensors_are_the_python_ones(map_name, players):
    """At positions of random games (a new episode after each end): the mask is ActionSpace.mask,
    every legal id decodes to ActionSpace.decode's action, applying it gives the Python engine's
    next state, and the tensor is the Python observer's for the seat to move."""
    first = players % 2 == 1  # a random first player on odd player counts
    env = VecEnv(map_name, players, num_envs=3, seed=100 * players, random_first=first)
    space, ob = env.space, Observer(env.rules)
    phases = set()
    episodes = 0
    out = env.reset()
    games = [ttr.new_game(map_name, players, seed=100 * players + i, random_first=first) for i in range(3)]
    step = 0
    while step < 300 or not episodes:
        assert step < 3000
        for i, g in enumerate(games):
            seat = g.current_player
            assert out.seats[i] == seat
            if step % 6 == 0 or g.turn < 2:
                phases.add(g.phase)
                mask = space.mask(g)
                assert np.array_equal(out.masks[i].view(bool), mask), (step, i)
                assert np.array_equal(np.sort(env.legal_ids(i)), np.flatnonzero(mask))
                assert np.array_equal(out.observations[i], ob.encode(g.observe(seat))), (step, i)
                for a in np.flatnonzero(mask)[::7]:
                    assert env.action(i, int(a)) == space.decode(int(a), g)
        actions = env.sample().copy()
        out = env.step(actions)
        step += 1
        for i, g in enumerate(games):
            g.apply(space.decode(int(actions[i]), g))
            assert bool(out.terminated[i]) == g.is_over
            if g.is_over:  # the slot's next episode: a new game of its next seed
                episodes += 1
                games[i] = g = ttr.new_game(map_name, players, seed=env.info(i)["seed"], random_first=first)
            assert env.state(i) == g.encode(), (step, i)
    assert {"initial-tickets", "turn", "second-card", "keep-tickets"} <= phases
    if map_name == "europe":
        assert "tunnel" in phases


@pytest.mark.parametrize("map_name,players", [("usa", 3), ("europe", 4)])
@pytest.mark.parametrize("private", [True, False])
def test_the_table_writes_every_seats_tensor_as_the_python_observer(map_name, players, private):
    """The research environments' Table on the native engine: every seat's tensor (private or
    public), the mask of the seat to move and zeros for the others, over a whole game."""
    ob = Observer(ttr.get_ruleset(map_name, players), private=private)
    t = Table(map_name, players, observer=ob, engine="native")
    g = t.reset(7)
    assert t.engine == "native" and isinstance(g, native.NativeGame)
    rng = np.random.default_rng(7)
    step = 0
    while True:
        if step % 6 == 0 or g.is_over:
            py = ttr.engine.decode(t.rules, g.encode())
            for seat in range(players):
                assert np.array_equal(t.observe(seat), ob.encode(py.observe(seat))), (step, seat)
                want = t.space.mask(py) if seat == py.current_player and not py.is_over else np.zeros(t.n, bool)
                assert np.array_equal(t.mask(seat).view(bool), want)
        if g.is_over:
            break
        legal = np.flatnonzero(t.mask())
        t.step(int(rng.choice(legal)))
        step += 1
    assert not t.mask().any() and t.observe(0)[PHASES.index("over")] == 1.0


@pytest.mark.parametrize("map_name", BY_IDS)
def test_tensors_and_masks_in_bot_games(map_name):
    """Games between bots (big hands, long routes, stations built, tunnels paid and declined):
    at every third position, every seat's tensor and the mask, written by the core for the same
    position, are the Python observer's and ActionSpace's."""
    from ttr.agents import make_agent
    rules = ttr.get_ruleset(map_name, 3)
    ob = Observer(rules)
    ids = native_ids(ob)
    assert ids is not None
    g = ttr.new_game(map_name, 3, seed=8)
    bots = [make_agent(name, 80 + s) for s, name in enumerate(("planner", "greedy", "planner"))]
    step = 0
    while not g.is_over:
        if step % 3 == 0:
            ng = native.from_state(rules, g.encode())
            mask = np.empty(ids.n, np.int8)
            ids.mask(ng, mask)
            assert np.array_equal(mask.view(bool), ob.space.mask(g)), step
            for seat in range(3):
                x = np.empty(ids.size, np.float32)
                ids.observe(ng, seat, x)
                assert np.array_equal(x, ob.encode(g.observe(seat))), (step, seat)
        g.apply(bots[g.current_player].act(g.observe(g.current_player)))
        step += 1


def test_id_rows_are_the_action_space():
    """The table handed to the core is every id of the action space, in order."""
    for m in BY_IDS:
        space = ttr.ActionSpace(m, 3)
        rows = id_rows(space)
        assert len(rows) == space.n
        ids = native_ids(Observer(space.rules))
        assert ids is not None and ids.n == space.n
        assert [ids.action(i) for i in range(0, space.n, 97)] == rows[::97]
    assert native_ids(Observer(ttr.get_ruleset("usa", 2), history=True)) is None  # the log: Python writes it
    assert native_ids(Observer(ttr.get_ruleset("nordic", 2))) is None


def test_rewards_are_the_python_rewards():
    """Score rewards at every step and the win shares at the end, as ttr.adapters.core.Rewards
    pays them on the Python engine replaying the same ids."""
    for mode in ("score", "win"):
        env = VecEnv("europe", 3, num_envs=2, seed=5, reward=mode)
        env.reset()
        space = env.space
        games = [ttr.new_game("europe", 3, seed=s) for s in (5, 6)]
        rewards = [Rewards(mode, g) for g in games]
        ended = [False, False]
        while not all(ended):
            a = env.sample().copy()
            out = env.step(a)
            for i, g in enumerate(games):
                if ended[i]:
                    continue
                g.apply(space.decode(int(a[i]), g))
                assert out.rewards[i] == pytest.approx(rewards[i].step(), abs=1e-6)
                ended[i] = bool(out.terminated[i])
                assert ended[i] == g.is_over


# ---------------------------------------------------------------- resets and seeds

def _trajectory(seeds, steps: int = 700, **kw):
    env = VecEnv("usa", 2, seeds=seeds, **kw)
    rows = []
    out = env.reset()
    rows.append([b.copy() for b in out])
    for _ in range(steps):
        out = env.step(env.sample())
        rows.append([b.copy() for b in out])
    return env, rows


def test_episodes_depend_only_on_each_games_seed():
    """Auto-reset: slot i's episodes come from its own seed, so any split or order of the same
    seeds plays the same games (with the native sampler), over several episodes."""
    seeds = [11, 12, 13, 14, 15, 16]
    _, whole = _trajectory(seeds)
    _, first = _trajectory(seeds[:2])
    _, rest = _trajectory(seeds[2:])
    _, backwards = _trajectory(seeds[::-1])
    ends = 0
    for k in range(len(whole)):
        for b in range(6):
            joined = np.concatenate([first[k][b], rest[k][b]])
            assert np.array_equal(whole[k][b], joined), (k, b)
            assert np.array_equal(whole[k][b], backwards[k][b][::-1]), (k, b)
        ends += int(whole[k][3].sum())
    assert ends >= 12  # every slot through at least two games


def test_episode_seeds_are_new_games():
    """An episode's game is ttr.new_game(map, players, its seed): the slot's seed first, then
    episode_seed(seed, k); reset() starts every slot over."""
    env = VecEnv("europe", 2, seeds=[3, 4])
    env.reset()
    assert env.state(1) == ttr.new_game("europe", 2, seed=4).encode()
    assert env.info(0) == {"seed": 3, "episode": 0, "steps": 0}
    while not env.step(env.sample()).terminated[0]:
        pass
    k = env.info(0)
    assert k["episode"] == 1 and k["seed"] == episode_seed(3, 1) and k["steps"] == 0
    assert env.state(0) == ttr.new_game("europe", 2, seed=episode_seed(3, 1)).encode()
    assert len({episode_seed(3, e) for e in range(50)}) == 50
    env.reset()
    assert env.info(0)["episode"] == 0 and env.state(0) == ttr.new_game("europe", 2, seed=3).encode()


def test_max_steps_truncates():
    env = VecEnv("usa", 2, num_envs=2, max_steps=30)
    env.reset()
    for k in range(1, 61):
        out = env.step(env.sample())
        assert list(out.truncated) == [k % 30 == 0] * 2 and not out.terminated.any()
    assert env.info(0)["episode"] == 2


def test_the_sampler_is_uniform_over_legal_ids():
    env = VecEnv("europe", 2, num_envs=1, seed=1)
    env.reset()
    while len(env.legal_ids(0)) < 20:  # a turn with many ids (claims, stations)
        env.step(env.sample())
    legal = set(env.legal_ids(0).tolist())
    counts: dict[int, int] = {}
    for _ in range(200 * len(legal)):
        a = int(env.sample()[0])
        counts[a] = counts.get(a, 0) + 1
    assert set(counts) == legal
    assert max(counts.values()) < 2.0 * min(counts.values())


def test_caller_buffers_are_written():
    N, n, size = 4, ttr.ActionSpace("usa", 2).n, Observer(ttr.get_ruleset("usa", 2)).size
    obs, masks = np.zeros((N, size), np.float32), np.zeros((N, n), bool)
    rewards, term, trunc, seats = np.zeros((N, 2), np.float32), np.zeros(N, bool), np.zeros(N, bool), np.zeros(N, np.int32)
    env = VecEnv("usa", 2, num_envs=N, observations=obs, masks=masks, rewards=rewards, terminated=term,
                 truncated=trunc, seats=seats)
    out = env.reset()
    assert out.observations is obs and out.masks is masks and masks.any(axis=1).all() and obs.any(axis=1).all()
    own = VecEnv("usa", 2, num_envs=N).reset()
    assert np.array_equal(own.masks.view(bool), masks) and np.array_equal(own.observations, obs)


# ---------------------------------------------------------------- bad input

def test_illegal_ids_raise_and_change_nothing():
    env = VecEnv("usa", 2, num_envs=3)
    out = env.reset()
    states = [env.state(i) for i in range(3)]
    masks = out.masks.copy()
    good = env.sample().copy()
    for bad_id in (int(np.flatnonzero(masks[1] == 0)[0]), -1, env.n, 2**40):
        a = good.copy()
        a[1] = bad_id
        with pytest.raises(ttr.IllegalActionIdError, match="game 1: id"):
            env.step(a)
        assert [env.state(i) for i in range(3)] == states and np.array_equal(out.masks, masks)
    with pytest.raises(ValueError, match="shape"):
        env.step(good[:2])
    with pytest.raises(TypeError, match="integer ids"):
        env.step(good.astype(np.float64))
    env.step(good.astype(np.int32))  # any integer dtype
    frozen = env.sample().copy()
    frozen.flags.writeable = False
    env.step(frozen)  # read-only ids
    with pytest.raises(ttr.TtrError, match="reset"):
        VecEnv("usa", 2).step([0])


def test_bad_buffers_and_arguments_are_refused():
    n, size = ttr.ActionSpace("usa", 2).n, Observer(ttr.get_ruleset("usa", 2)).size
    with pytest.raises(TypeError, match="observations: expected dtype float32"):
        VecEnv("usa", 2, num_envs=2, observations=np.zeros((2, size), np.float64))
    with pytest.raises(ValueError, match="masks: expected shape"):
        VecEnv("usa", 2, num_envs=2, masks=np.zeros((2, n + 1), np.uint8))
    with pytest.raises(ValueError, match="C-contiguous"):
        VecEnv("usa", 2, num_envs=2, observations=np.zeros((size, 2), np.float32).T)
    ro = np.zeros(2, np.int32)
    ro.flags.writeable = False
    with pytest.raises(ValueError, match="writable"):
        VecEnv("usa", 2, num_envs=2, seats=ro)
    with pytest.raises(TypeError, match="numpy array"):
        VecEnv("usa", 2, num_envs=2, rewards=[[0.0, 0.0]] * 2)
    with pytest.raises(ttr.TtrError, match="native core does not play"):
        VecEnv("nordic", 2)
    with pytest.raises(ttr.TtrError, match="unknown reward"):
        VecEnv("usa", 2, reward="points")
    with pytest.raises(ttr.TtrError, match="num_envs"):
        VecEnv("usa", 2, num_envs=0)
    with pytest.raises(ttr.TtrError, match="seeds"):
        VecEnv("usa", 2, seeds=[[1, 2]])
    with pytest.raises(ttr.TtrError, match="max_steps"):
        VecEnv("usa", 2, max_steps=-1)


def test_the_binding_checks_its_buffers():
    """The core's own checks, under the wrapper: wrong shapes, dtypes, orders or read-only arrays
    raise TypeError or ValueError, never write out of bounds."""
    env = VecEnv("usa", 2, num_envs=2)
    core, out = env._core, list(env.reset())
    a = env.sample().copy()
    cases = [
        (0, np.zeros((2, env.size + 1), np.float32), ValueError),
        (0, np.zeros((2, env.size), np.float64), TypeError),
        (0, np.zeros((env.size, 2), np.float32).T, (ValueError, TypeError)),
        (1, np.zeros((2, env.n), np.int32), TypeError),
        (1, np.zeros(env.n, np.uint8), ValueError),
        (2, np.zeros((2, 3), np.float32), ValueError),
        (5, np.zeros(2, np.int64), TypeError),
        (3, [0, 0], TypeError),
    ]
    for k, buf, err in cases:
        bufs = list(out)
        bufs[k] = buf
        with pytest.raises(err):
            core.step(a, *bufs)
    ro = out[0].copy()
    ro.flags.writeable = False
    with pytest.raises((ValueError, TypeError)):
        core.step(a, ro, *out[1:])
    with pytest.raises(TypeError):
        core.step(a.astype(np.int32), *out)
    with pytest.raises(ValueError):
        core.step(a[:1], *out)
    with pytest.raises(IndexError):
        core.state(2)
    assert core.step(a, *out) == -1


def test_tables_that_do_not_fit_are_refused():
    rules = ttr.get_ruleset("usa", 2)
    ob = Observer(rules)
    rows = id_rows(ob.space)
    with pytest.raises(ttr.TtrError, match="cannot play these ids"):
        NativeIds(rules, rows[:10] + rows[11:] + rows[10:11], ob.native_tables())  # a run broken
    tables = ob.native_tables()
    with pytest.raises(ttr.TtrError, match="write this tensor"):
        NativeIds(rules, rows, {**tables, "hand": tables["size"] - 2})
    with pytest.raises(ttr.TtrError, match="write this tensor"):
        NativeIds(rules, rows, {k: v for k, v in tables.items() if k != "route_row"})
    with pytest.raises(ttr.TtrError, match="does not write"):
        Observer(rules, history=True).native_tables()


# ---------------------------------------------------------------- the environments on both engines

def test_gymnasium_and_pettingzoo_play_the_same_games_on_both_engines():
    """The same seeds and ids give the same observations, masks and rewards on the native and the
    Python engine (the Gymnasium learner against random bots, and every PettingZoo seat)."""
    gymnasium = pytest.importorskip("gymnasium")  # noqa: F841
    pytest.importorskip("pettingzoo")
    from ttr.adapters.gymnasium import TtrEnv
    from ttr.adapters.pettingzoo import raw_env
    for map_name, players in (("usa", 2), ("europe", 3)):
        envs = [TtrEnv(map_name, opponents=["random"] * (players - 1), reward="score", engine=e)
                for e in ("native", "python")]
        assert envs[0].table.engine == "native" and envs[1].table.engine == "python"
        results = [e.reset(seed=4) for e in envs]
        rng = np.random.default_rng(4)
        for _ in range(400):
            (a_obs, *a_rest, a_info), (b_obs, *b_rest, b_info) = results
            assert all(np.array_equal(a_obs[k], b_obs[k]) for k in a_obs) and a_rest == b_rest
            assert a_info["seat"] == b_info["seat"] and np.array_equal(a_info["action_mask"], b_info["action_mask"])
            if a_rest and a_rest[1]:
                break
            i = int(rng.choice(np.flatnonzero(a_obs["action_mask"])))
            results = [e.step(i) for e in envs]
        pz = [raw_env(map=map_name, players=players, reward="score", engine=e) for e in ("native", "python")]
        for e in pz:
            e.reset(seed=9)
        rng = np.random.default_rng(9)
        for _ in range(300):
            agent = pz[0].agent_selection
            assert pz[1].agent_selection == agent and pz[0].rewards == pz[1].rewards
            a, b = pz[0].observe(agent), pz[1].observe(agent)
            assert all(np.array_equal(a[k], b[k]) for k in a)
            if pz[0].terminations[agent]:
                break
            i = int(rng.choice(np.flatnonzero(a["action_mask"])))
            for e in pz:
                e.step(i)


def test_the_native_table_explains_illegal_ids():
    t = Table("europe", 2, engine="native")
    t.reset(1)
    bad = int(np.flatnonzero(t.mask() == 0)[0])
    with pytest.raises(ttr.IllegalActionIdError, match="not legal"):
        t.step(bad)
    with pytest.raises(ttr.ActionSpaceError):
        t.step(t.n)
    assert t.game.history == [] and not t.legal(bad) and not t.legal(-1)
    with pytest.raises(ttr.TtrError, match="native core does not play"):
        Table("nordic", 2, engine="native")
    with pytest.raises(ttr.TtrError, match="unknown engine"):
        Table("usa", 2, engine="fast")
    assert Table("nordic", 2).engine == "python" and Table("usa", 2, engine="python").engine == "python"
    for board in ("world", "great-lakes"):  # the core plays Rails & Sails, but its claims are paid in payment steps
        assert native.plays(ttr.get_ruleset(board, 3)) and ttr.ActionSpace(board, 3).stepped_routes
        assert Table(board, 3).engine == "python"
        with pytest.raises(ttr.TtrError, match="payment steps"):
            Table(board, 3, engine="native")
        with pytest.raises(ttr.TtrError, match="payment steps"):
            VecEnv(board, 3, num_envs=2)


def test_threads_step_their_own_batches_and_never_share_one():
    """The interpreter lock is released while the core steps: batches in threads give what they
    give alone; a batch used by two threads at once refuses the second call (RuntimeError)."""
    import threading

    def run(env, steps, into):
        env.reset()
        for _ in range(steps):
            into.append(env.step(env.sample()).observations.copy())

    alone = []
    run(VecEnv("usa", 2, seeds=[1, 2, 3]), 150, alone)
    results: list[list] = [[], []]
    threads = [threading.Thread(target=run, args=(VecEnv("usa", 2, seeds=[1, 2, 3]), 150, results[k]))
               for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(np.array_equal(a, b) for r in results for a, b in zip(r, alone)) and len(results[0]) == 150

    shared = VecEnv("usa", 2, num_envs=64)
    shared.reset()
    refused = []

    def hammer():
        for _ in range(200):
            try:
                shared.step(shared.sample())
                shared.state(3)
            except RuntimeError as e:
                assert "in use by another thread" in str(e)
                refused.append(e)
            except ttr.IllegalActionIdError:  # the other thread stepped between sample and step
                pass

    threads = [threading.Thread(target=hammer) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert shared.state(3) == shared.game(3).encode()


def test_the_sampler_plays_the_cores_random_playouts():
    """The sampler picks the legal action the core's random bot would (the same generator, the
    same order of legal actions): a slot's first episode is ttr._native.random_games' game of its
    seed, as long and won by the same seats."""
    from ttr.native.game import CORE, core_rules
    seeds = np.arange(4, dtype=np.int64) + 40
    for map_name, players in (("usa", 2), ("europe", 4)):
        want = CORE.random_games(core_rules(ttr.get_ruleset(map_name, players)), seeds)
        env = VecEnv(map_name, players, seeds=seeds)
        env.reset()
        length = np.full(len(seeds), -1)
        shares = np.zeros((len(seeds), players), np.float32)
        step = 0
        while (length < 0).any():
            out = env.step(env.sample())
            step += 1
            for i in np.flatnonzero(out.terminated & (length < 0)):
                length[i], shares[i] = step, out.rewards[i]
        assert list(length) == list(want["length"])
        winners = want["winners"].astype(np.float32)
        assert np.allclose(shares, winners / winners.sum(1, keepdims=True))
