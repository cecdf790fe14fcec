"""The native vector environment (ttr.adapters.vector.VecEnv) and the native path of the research
environments: the same ids, masks, actions and tensors as ttr.ActionSpace and the Python observer
in positions of both native boards at every player count; auto-resets that depend only on each
game's own seed; bad input refused with a Python error, never a crash."""
from __future__ import annotations

import itertools
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

from ttr.adapters.core import Rewards, Table, id_rows, native_ids, step_rows  # noqa: E402
from ttr.formats.observation import Observer  # noqa: E402
from ttr.adapters.vector import VecEnv  # noqa: E402
from ttr.native.vecenv import NativeIds, episode_seed  # noqa: E402

# the boards whose every action is one id (Legends of the West: its game 1; later setups below),
# and those with claims paid in payment steps
BY_IDS = tuple(m for m in native.NATIVE_EDITIONS if not ttr.ActionSpace(m, 2).stepped_routes
               and native.plays_by_ids(get_ruleset(m, 2)))
CONFIGS = [(m, n) for m in BY_IDS for n in range(2, 6)]
STEPPED = ("nordic", "world", "great-lakes")
STEPPED_CONFIGS = [(m, n) for m in STEPPED for n in range(2, ttr.get_edition(m).max_players + 1)]


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


@pytest.mark.parametrize("map_name,players", [("usa", 3), ("europe", 4), ("nordic", 3), ("world", 4),
                                              ("great-lakes", 3), ("legends-west", 4), ("legends-west", "later")])
@pytest.mark.parametrize("private", [True, False])
def test_the_table_writes_every_seats_tensor_as_the_python_observer(map_name, players, private):
    """The research environments' Table on the native engine: every seat's tensor (private or
    public; the seat to move's with its claim under way), the mask of the seat to move and zeros
    for the others, over a whole game (Legends of the West: game 1, and a later game's setup)."""
    setup = None
    if players == "later":
        players = 3
        setup = lw_setup(players)
    ob = Observer(ttr.get_ruleset(map_name, players), private=private)
    t = Table(map_name, players, observer=ob, engine="native", setup=setup)
    g = t.reset(7)
    assert t.engine == "native" and isinstance(g, native.NativeGame)
    rng = np.random.default_rng(7)
    step = 0
    while True:
        if step % 6 == 0 or g.is_over:
            py = ttr.engine.decode(t.rules, g.encode(), {"setup": setup} if setup is not None else None)
            for seat in range(players):
                moves = seat == py.current_player and not py.is_over
                pending = t.prefix if moves and private else ()
                assert np.array_equal(t.observe(seat), ob.encode(py.observe(seat), pending)), (step, seat)
                want = t.space.mask(py, t.prefix) if moves else np.zeros(t.n, bool)
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


# ---------------------------------------------------------------- claims paid in steps

def _mirror(env: VecEnv, i: int, k: int, reward: str):
    """Slot i's episode k on the Python engine: the environments' Table and its Rewards."""
    t = Table(env.rules.map.name, env.players, engine="python")
    return t, Rewards(reward, t.reset(episode_seed(int(env.seeds[i]), k)))


@pytest.mark.parametrize("map_name,players", STEPPED_CONFIGS)
@pytest.mark.parametrize("reward", ["score", "win", "margin"])
def test_payment_steps_play_the_python_environments_games(map_name, players, reward):
    """Boards with claims paid in steps: at every step of random games in every slot, three
    episodes each (auto-reset included), the mask, the tensor (its pending block too), the seat,
    the claim under way, the rewards, the ends and the state are those of the Python
    environments' Table playing the same ids; some claims take several ids."""
    N = 4
    env = VecEnv(map_name, players, num_envs=N, seed=10 * players, reward=reward)
    out = env.reset()
    tabs = [_mirror(env, i, 0, reward) for i in range(N)]
    episodes, steps, longest, paid = [0] * N, 0, 0, 0
    while min(episodes) < 3:
        assert steps < 20_000
        for i, (t, _) in enumerate(tabs):
            assert out.seats[i] == t.to_move and env.prefix(i) == t.prefix, (steps, i)
            assert env.pending(i) == (t.space.partial(t.prefix) if t.prefix else None)
            assert np.array_equal(out.masks[i].view(bool), t.mask().view(bool)), (steps, i)
            assert np.array_equal(out.observations[i], t.observe(t.to_move)), (steps, i)
            longest = max(longest, len(t.prefix))
            if steps % 5 == 0:  # what the ids stand for (Rails & Sails' draws, pieces, exchanges, harbors too)
                for a in np.flatnonzero(out.masks[i])[::5]:
                    assert env.action(i, int(a)) == t.space.decode(int(a), t.game, t.prefix), (steps, i, a)
        actions = env.sample().copy()
        out = env.step(actions)
        steps += 1
        for i, (t, r) in enumerate(tabs):
            a = t.step(int(actions[i]))
            paid += a is not None and a.kind == "claim" and a.target in t.space.stepped_routes
            assert out.rewards[i] == pytest.approx(r.step(), abs=1e-6), (steps, i)
            assert bool(out.terminated[i]) == t.over and not out.truncated[i]
            if t.over:
                assert env.final(i)["totals"] == [p["total"] for p in t.game.result()["players"]]
                episodes[i] += 1
                tabs[i] = _mirror(env, i, episodes[i], reward)
            assert env.state(i) == tabs[i][0].game.encode(), (steps, i)
    # (random play never gathers the 8 or 9 cards of one colour Great Lakes' stepped routes take:
    # test_payment_steps_with_big_hands_are_the_action_spaces pays them)
    assert map_name == "great-lakes" or (longest >= 3 and paid >= 2)


def _stepped_positions(map_name: str, players: int, seed: int):
    """Turn positions of a game of mostly draws (big hands) where some stepped route can be paid."""
    from test_action_space import positions, stepped_legal
    space = ttr.ActionSpace(map_name, players)
    for g in positions(map_name, players, seed, 0.97, 200):
        if g.phase == "turn" and stepped_legal(space, g):
            yield g, stepped_legal(space, g)


def _same_after(ids: NativeIds, ob: Observer, g: ttr.Game, prefix: tuple[int, ...]) -> np.ndarray:
    """After `prefix` in position g: the core's mask, the seat to move's tensor and its verdict on
    every id (-2 goes on, the index of the legal action it completes, -1 not legal) are
    ActionSpace's and the Python observer's; returns the mask."""
    space, seat = ob.space, g.current_player
    ng = native.from_state(ob.rules, g.encode())
    want = space.mask(g, prefix)
    mask = np.empty(ids.n, np.int8)
    ids.mask(ng, mask, prefix)
    assert np.array_equal(mask.view(bool), want), prefix
    x = np.empty(ids.size, np.float32)
    ids.observe(ng, seat, x, prefix)
    assert np.array_equal(x, ob.encode(g.observe(seat), prefix)), prefix
    for i in range(space.n):
        k = ids.index(ng, i, prefix)
        if not want[i]:
            assert k == -1, (prefix, i)
            continue
        a = space.decode(i, g, prefix)
        assert k == (-2 if a is None else g.legal_actions().index(a)), (prefix, i)
    return want


@pytest.mark.parametrize("map_name", STEPPED)
def test_payment_steps_with_big_hands_are_the_action_spaces(map_name):
    """Big hands pay ferries and Murmansk-Lieksa in thousands of ways: along random paths through
    the masks of every legal stepped route, after each prefix, the core's mask, tensor and verdicts
    are ActionSpace's and the Python observer's."""
    rng = np.random.default_rng(3)
    ob = Observer(ttr.get_ruleset(map_name, 2))
    space, ids = ob.space, native_ids(ob)
    claims, _, _ = space.step_ids()
    checked, walked = 0, set()
    games = itertools.chain.from_iterable(_stepped_positions(map_name, 2, seed) for seed in range(5, 9))
    for n, (g, stepped) in enumerate(games):
        routes = list(stepped)[n % 3::3]
        if 53 in stepped and 53 not in walked and map_name == "nordic":
            routes.append(53)  # (Murmansk-Lieksa, once)
        for route in routes:
            walked.add(route)
            prefix: tuple[int, ...] = (claims[route],)
            while True:
                i = int(rng.choice(np.flatnonzero(_same_after(ids, ob, g, prefix))))
                checked += 1
                if space.decode(i, g, prefix) is not None:
                    break
                prefix += (i,)
        if checked > 150 and (53 in walked or map_name != "nordic"):
            break
    assert checked > 150 and len(walked) >= min(10, len(space.stepped_routes))
    assert map_name != "nordic" or 53 in walked  # Murmansk-Lieksa


def test_a_payment_another_extends_ends_with_done_in_the_core():
    """Nordic N6: 9 green and 9 green + 3 red both pay Murmansk-Lieksa (53): the core offers "done"
    after 9 green, and after 9 green + 3 red, as the action space does."""
    from test_nordic import position
    g = position([{"green": 9, "red": 3}, {}])
    ob = Observer(g.rules)
    space, ids = ob.space, native_ids(ob)
    claims, steps, done = space.step_ids()
    step_id = {kv: i for i, kv in steps.items()}
    first, green9, red3 = claims[53], step_id[4, 9], step_id[7, 3]
    for prefix in ((first,), (first, green9), (first, green9, red3)):
        want = _same_after(ids, ob, g, prefix)
        assert want[done] == (len(prefix) > 1)
    ng = native.from_state(g.rules, g.encode())
    legal = g.legal_actions()
    assert ids.index(ng, done, (first, green9)) == legal.index(ttr.Action("claim", 53, ((4, 9),)))
    assert ids.index(ng, red3, (first, green9)) == -2


def test_id_rows_are_the_action_space():
    """The table handed to the core is every id of the action space, in order."""
    for m in BY_IDS + STEPPED:
        space = ttr.ActionSpace(m, 3)
        rows = id_rows(space)
        assert len(rows) == space.n
        ids = native_ids(Observer(space.rules))
        assert ids is not None and ids.n == space.n
        assert [ids.action(i) for i in range(0, space.n, 7)] == rows[::7]
        claims, steps, done = step_rows(space)
        assert {i for i, r in enumerate(rows) if r is None} == {i for _, i in claims} | {i for i, _, _ in steps} | (
            {done} if done >= 0 else set())
        assert all(space.describe(i) == f"claim {r} (pay steps)" for r, i in claims)
    assert native_ids(Observer(ttr.get_ruleset("usa", 2), history=True)) is None  # the log: Python writes it
    lw = native_ids(Observer(ttr.get_ruleset("legends-west", 2)))  # (its trades and extra cards by slot)
    assert lw is not None and native_ids(Observer(ttr.get_ruleset("legends-west", 2)), None) is lw


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
    with pytest.raises(ttr.TtrError, match="cannot hold this board: .*route ids"):
        VecEnv("legends-west", 2, setup=_too_big_setup(2))
    with pytest.raises(ttr.TtrError, match=r"\(USA\) takes no setup"):
        VecEnv("usa", 2, setup=lw_setup(2))
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
    for map_name, players in (("usa", 2), ("europe", 3), ("nordic", 3), ("world", 4), ("great-lakes", 2),
                              ("legends-west", 4)):
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
    with pytest.raises(ttr.TtrError, match="unknown engine"):
        Table("usa", 2, engine="fast")
    assert Table("nordic", 2).engine == "native" and Table("usa", 2, engine="python").engine == "python"
    for board in ("nordic", "world", "great-lakes"):  # claims paid in steps
        assert Table(board, 3).engine == "native" and VecEnv(board, 3).n == ttr.ActionSpace(board, 3).n
    assert Table("legends-west", 2).engine == "native" and VecEnv("legends-west", 2).n == ttr.ActionSpace("legends-west", 2).n
    big = _too_big_setup(2)  # (a board past the core's sizes: the environments play it in Python)
    with pytest.raises(ttr.TtrError, match="native core does not play"):
        Table("legends-west", 2, engine="native", setup=big)
    with pytest.raises(ttr.TtrError, match="cannot hold this board"):
        VecEnv("legends-west", 2, setup=big)
    t = Table("legends-west", 2, setup=big)  # ("auto")
    assert t.engine == "python" and t.rules.n_ids > 256
    t.reset(1)
    t.step(int(np.flatnonzero(t.mask())[0]))


def _paying(env: VecEnv, i: int, depth: int = 2) -> None:
    """Step env (its sampler) until slot i is `depth` ids into a claim paid in steps."""
    for _ in range(20_000):
        if len(env.prefix(i)) >= depth:
            return
        a = env.sample().copy()
        legal = env.legal_ids(i)
        claims, _, _ = env.space.step_ids()
        starts = [x for x in legal if x in claims.values()]
        if starts and not env.prefix(i):
            a[i] = starts[0]
        env.step(a)
    raise AssertionError("no claim paid in steps came up")


@pytest.mark.parametrize("map_name", ["nordic", "world"])
def test_bad_ids_in_the_middle_of_a_payment_change_nothing(map_name):
    """While a slot pays a claim in steps: a masked step, an id that is no step (a draw), a claim id
    again and ids out of range raise IllegalActionIdError naming the game and the prefix, and no
    slot changes (state, claim under way, mask); the Table on the native engine raises the Python
    engine's Table's typed errors, word for word, and stays as it was."""
    env = VecEnv(map_name, 2, num_envs=3, seed=4)
    out = env.reset()
    _paying(env, 1)
    states, prefixes, masks = [env.state(i) for i in range(3)], [env.prefix(i) for i in range(3)], out.masks.copy()
    good = env.sample().copy()
    masked = int(np.flatnonzero(masks[1] == 0)[0])
    draw = next(b.start for b in env.space.blocks if b.name == "draw")
    for bad in (masked, draw, prefixes[1][0], -1, env.n):
        a = good.copy()
        a[1] = bad
        with pytest.raises(ttr.IllegalActionIdError, match="game 1: id") as e:
            env.step(a)
        assert 0 <= bad < env.n and "after its prefix" in str(e.value) or not 0 <= bad < env.n
        assert [env.state(i) for i in range(3)] == states and [env.prefix(i) for i in range(3)] == prefixes
        assert np.array_equal(out.masks, masks)
    g, prefix = env.game(1), prefixes[1]
    for x in env.legal_ids(1):  # a legal step: the claim it completes, or None
        assert env.action(1, int(x)) == env.space.decode(int(x), g, prefix)
    with pytest.raises(ttr.ActionSpaceError, match="expected a payment step"):
        env.action(1, draw)
    tables = {e: Table(map_name, 2, engine=e) for e in ("native", "python")}
    for t in tables.values():
        t.reset(4)
    rng = np.random.default_rng(0)
    while len(tables["python"].prefix) < 2:  # into a claim paid in steps, on both engines
        t = tables["python"]
        ids = np.flatnonzero(t.mask())
        starts = [x for x in ids if t.space.block(int(x)) == "claim" and t.space.decode(int(x)) is None]
        i = int(starts[0] if starts else rng.choice(ids))
        for t in tables.values():
            t.step(i)
    paying = tables["python"].mask()
    for bad in (int(np.flatnonzero(paying == 0)[-1]), draw, env.n):
        errors = []
        for t in tables.values():
            before = (t.game.encode(), t.prefix)
            with pytest.raises(ttr.TtrError) as e:
                t.step(bad)
            errors.append((type(e.value), str(e.value)))
            assert (t.game.encode(), t.prefix) == before and not t.legal(bad)
        assert errors[0] == errors[1] and issubclass(errors[0][0], ttr.ActionSpaceError)
    assert np.array_equal(tables["native"].mask(), paying)


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


# ---------------------------------------------------------------- Legends of the West

def lw_setup(players: int):
    """A later game of the demo pack (game 9, with a campaign's offices, events and face-up tickets)
    whose events have actions (trades, rulebook 278) and extra-card offers (rulebook 322)."""
    import dataclasses
    from test_native_legacy import campaign_setup, extras_setup
    base, offers = campaign_setup(players), extras_setup(players)
    setup = dataclasses.replace(base, events=(*base.events, *offers.events[-2:]))
    assert native.legacy_supported(setup) is None and setup.has_extras() and any(e.trade for e in setup.events)
    return setup


def _too_big_setup(players: int):
    """Game 1 on a board grown past the core's route ids (a frontier route numbered 300)."""
    import dataclasses
    from test_native_legacy import _too_big, pack_setup
    return dataclasses.replace(pack_setup(players, 1), frontiers=(_too_big("route ids"),))


def _lw_ids(space, kind: str) -> set[int]:
    b = next(b for b in space.blocks if b.name == kind)
    return set(range(b.start, b.stop))


def _offer_taker(env: VecEnv, rng: np.random.Generator) -> np.ndarray:
    """The sampler's ids, but an extra card's offer (not "done") where the mask has one, four times
    in five, and a trade one time in three: the walks reach the ids of Legacy's own kinds."""
    a = env.sample().copy()
    trades, extras = _lw_ids(env.space, "trade"), _lw_ids(env.space, "extra")
    done = max(extras)
    for i in range(env.num_envs):
        legal = env.legal_ids(i).tolist()
        offers = [x for x in legal if x in extras and x != done]
        own = [x for x in legal if x in trades]
        if offers and rng.random() < 0.8:
            a[i] = rng.choice(offers)
        elif own and rng.random() < 0.33:
            a[i] = rng.choice(own)
    return a


LW_CASES = [(n, later, "score") for n in range(2, 6) for later in (False, True)] + [
    (3, True, "win"), (4, True, "margin"), (2, "rules", "score"), (5, "rules", "margin"),
    (3, "frontiers", "score"), (5, "frontiers", "win")]


@pytest.mark.parametrize("players,later,reward", LW_CASES)
def test_legends_west_plays_the_python_environments_games(players, later, reward):
    """Legends of the West, game 1 and a later game of the demo pack with trades and extra-card
    offers (and one with rules of play and postcards granting them): at every step of random walks in every slot (two episodes each, auto-reset included),
    the mask, the tensor, the seat, the rewards (money), the ends, the final results and the state
    are those of the Python environments' Table playing the same ids, what the ids of trades and
    extra cards stand for is ActionSpace.decode's, and the walks take them."""
    if later == "rules":  # (rules of play at Q-V and postcard abilities: their actions and offers by slot)
        from test_native_legacy import rules_setup
        setup = rules_setup(players)
    elif later == "frontiers":  # (game 12 on the board all 8 of the demo's frontiers grow: its own action space)
        from test_native_legacy import frontier_setup
        setup = frontier_setup(players, 12, 8)
    else:
        setup = lw_setup(players) if later else None
    N = 3
    env = VecEnv("legends-west", players, num_envs=N, seed=20 * players, reward=reward, setup=setup)
    space = env.space
    assert (space.n > ttr.ActionSpace("legends-west", players).n) == (later == "frontiers")
    trades, extras = _lw_ids(space, "trade"), _lw_ids(space, "extra")

    def mirror(i: int, k: int):
        t = Table("legends-west", players, engine="python", setup=setup)
        return t, Rewards(reward, t.reset(episode_seed(int(env.seeds[i]), k)))

    out = env.reset()
    tabs = [mirror(i, 0) for i in range(N)]
    episodes, steps, taken = [0] * N, 0, {"trade": 0, "extra": 0, "done": 0}
    rng = np.random.default_rng(players)
    offers = later in (True, "rules")  # (setups whose events or rules make offers and grant actions)
    while min(episodes) < 2 or (offers and taken["extra"] < 1):
        assert steps < 8000, (episodes, taken)
        for i, (t, _) in enumerate(tabs):
            assert out.seats[i] == t.to_move, (steps, i)
            mask = t.mask()
            assert np.array_equal(out.masks[i].view(bool), mask.view(bool)), (steps, i)
            assert np.array_equal(out.observations[i], t.observe(t.to_move)), (steps, i)
            own = [int(x) for x in np.flatnonzero(mask) if x in trades or x in extras]
            for x in own + [int(x) for x in np.flatnonzero(mask)[::9]] if steps % 3 == 0 or own else ():
                assert env.action(i, x) == space.decode(x, t.game), (steps, i, x)
        actions = _offer_taker(env, rng) if later else env.sample().copy()
        out = env.step(actions)
        steps += 1
        for i, (t, r) in enumerate(tabs):
            a = t.step(int(actions[i]))
            if a is not None and a.kind == "claim" and a.target >= 101:  # (frontier routes are numbered from 101)
                taken["frontier claim"] = taken.get("frontier claim", 0) + 1
            if a is not None and a.kind in ("trade", "extra"):
                taken["done" if a.target == "done" else a.kind] += 1
                if a.target not in (None, "event", "done"):  # (a rule's or a postcard's)
                    taken[f"rule {a.kind}"] = taken.get(f"rule {a.kind}", 0) + 1
            if out.truncated[i]:  # (a game of hundreds of trades outgrew the core's ledger: cut there)
                assert env.final(i)["full"] and len(t.game.ledger) >= 2048 and not out.rewards[i].any()
                taken["full"] = taken.get("full", 0) + 1
                episodes[i] += 1
                tabs[i] = mirror(i, episodes[i])
                continue
            assert out.rewards[i] == pytest.approx(r.step(), abs=1e-6), (steps, i)
            assert bool(out.terminated[i]) == t.over
            if t.over:
                res = t.game.result()
                final = env.final(i)
                assert final["totals"] == [p["total"] for p in res["players"]] and final["winners"] == res["winners"]
                episodes[i] += 1
                tabs[i] = mirror(i, episodes[i])
            assert env.state(i) == tabs[i][0].game.encode(), (steps, i)
    if offers:  # (game 1 has neither: its events have no action and make no offer)
        assert taken["trade"] >= 2 and taken["extra"] >= 1, taken
    if later == "rules":
        assert taken.get("rule trade", 0) >= 1 and taken.get("rule extra", 0) >= 1, taken
    if later == "frontiers":
        assert taken.get("frontier claim", 0) >= 1, taken


@pytest.mark.parametrize("players", [2, 4])
def test_legends_west_bad_ids_are_refused_as_the_python_table_refuses_them(players):
    """In positions where a trade is offered, and in the extras phase: ids of trades not offered (a
    payment not in the hand, a place's trade), extra cards not open, draws in the extras phase and
    ids out of range raise on the native Table the Python Table's errors, word for word, and nothing
    changes; the vector environment refuses them naming the game."""
    setup = lw_setup(players)
    tables = {e: Table("legends-west", players, engine=e, setup=setup) for e in ("native", "python")}
    assert tables["native"].engine == "native"
    space = tables["python"].space
    trades, extras = sorted(_lw_ids(space, "trade")), sorted(_lw_ids(space, "extra"))
    draw = next(b.start for b in space.blocks if b.name == "draw")
    seen = {"trade": 0, "extras": 0}
    rng = np.random.default_rng(players)
    for seed in range(6):
        for t in tables.values():
            t.reset(seed)
        while not tables["python"].over and min(seen.values()) < 4:
            py = tables["python"]
            mask = py.mask()
            assert np.array_equal(tables["native"].mask(), mask)
            offered = [x for x in trades if mask[x]]
            phase = py.game.phase
            if offered or phase == "extras":
                seen["trade" if offered else "extras"] += 1
                bad = [x for x in (trades if offered else extras) if not mask[x]][::7][:6] + [-1, py.n]
                bad += [] if offered else [draw]  # (a draw in the extras phase)
                for x in bad:
                    errors = []
                    for t in tables.values():
                        before = t.game.encode()
                        with pytest.raises(ttr.TtrError) as e:
                            t.step(x)
                        errors.append((type(e.value), str(e.value)))
                        assert t.game.encode() == before and not t.legal(x)
                    assert errors[0] == errors[1], x
                    if 0 <= x < py.n:
                        assert issubclass(errors[0][0], ttr.IllegalActionIdError)
            ids = np.flatnonzero(mask)
            own = [x for x in ids if x in trades or (x in extras and x != extras[-1])]
            i = int(rng.choice(own) if own and rng.random() < 0.67 else rng.choice(ids))
            for t in tables.values():
                t.step(i)
    assert min(seen.values()) >= 1, seen
    env = VecEnv("legends-west", players, num_envs=2, seed=3, setup=setup)
    out = env.reset()
    states, masks = [env.state(i) for i in range(2)], out.masks.copy()
    for x in (trades[0], extras[0], env.n):
        a = env.sample().copy()
        a[1] = x
        with pytest.raises(ttr.IllegalActionIdError, match="game 1: id"):
            env.step(a)
        assert [env.state(i) for i in range(2)] == states and np.array_equal(out.masks, masks)


def test_legends_west_ids_of_trades_and_extra_cards_are_the_action_spaces():
    """Every id of Legacy's own kinds is handed to the core as its offer's slot (extras.SLOTS: the
    event's 0, Q..V 1..6, P1..P3 7..9, done 10), and the core gives the action space's action back."""
    from ttr.editions.legacy.extras import DONE, SLOTS
    from ttr.native.vecenv import action_of
    rules = ttr.get_ruleset("legends-west", 3)
    ob = Observer(rules)
    rows, ids = id_rows(ob.space), native_ids(ob)
    slots = SLOTS + (DONE,)
    for kind in ("trade", "extra"):
        for i in sorted(_lw_ids(ob.space, kind)):
            a = ob.space.decode(i)
            code, target, pay = rows[i]
            assert ids.action(i) == rows[i] and action_of(rules, rows[i]) == a
            assert slots[target] == ("event" if a.target is None else a.target) and pay == a.cards
    assert {rows[i][1] for i in _lw_ids(ob.space, "trade")} == set(range(10))
    assert {rows[i][1] for i in _lw_ids(ob.space, "extra")} == set(range(11))


@pytest.mark.parametrize("players", [2, 5])
def test_legends_west_setups_have_their_own_tensor(players):
    """The tensor's Legacy fields (companies, the current event, claim steps, gifts) are of the
    batch's setup; a game of another setup is refused by ids of this one."""
    setup = lw_setup(players)
    ob = Observer(ttr.get_ruleset("legends-west", players))
    later, first = native_ids(ob, setup), native_ids(ob)
    assert later is not first and later is native_ids(ob, setup)
    g = ttr.new_game("legends-west", players, seed=5, engine="native", setup=setup)
    with pytest.raises(ttr.TtrError, match="another Legends of the West setup"):
        first.bound(g)
    rng = np.random.default_rng(1)
    for step in range(400):
        if g.is_over:
            break
        if step % 10 == 0:
            py = ttr.engine.decode(g.rules, g.encode(), {"setup": setup})
            for seat in range(players):
                x = np.empty(later.size, np.float32)
                later.observe(g, seat, x)
                assert np.array_equal(x, ob.encode(py.observe(seat))), (step, seat)
        legal = g.legal_actions()
        g.apply(legal[int(rng.integers(len(legal)))])
    env = VecEnv("legends-west", players, num_envs=2, seed=4, setup=setup.to_dict())  # (a setup as its dict too)
    out = env.reset()
    for _ in range(30):
        out = env.step(env.sample())
    py = env.game(1)
    assert py.replay_options()["setup"] == setup and py.encode() == env.state(1)
    assert np.array_equal(out.observations[1], ob.encode(py.observe(py.current_player)))
    import pickle
    t = Table("legends-west", players, setup=setup)
    t.reset(3)
    t.step(int(np.flatnonzero(t.mask())[0]))
    copy = pickle.loads(pickle.dumps(t))  # (SuperSuit, Ray: the core's handles rebuilt, of this setup)
    assert copy.engine == "native" and copy.native is t.native
    assert all(np.array_equal(copy.observe(s), t.observe(s)) for s in range(players))
