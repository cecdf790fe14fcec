"""The native core (C++, ttr.native) behind the engine's face: the same game as the Python engine,
checked step by step by the differential harness (ttr.native.differential), plus saves, views,
explanations and bad input through the binding."""
from __future__ import annotations

import dataclasses
import os
import random

import pytest

import ttr
from ttr import native
from ttr.agents import make_agent
from ttr.editions import get_ruleset, player_range
from ttr.native.differential import compare, hoarder_chooser, random_chooser, seat_chooser

if not native.available():
    if os.environ.get("TTR_REQUIRE_EXTRAS") or os.environ.get("CI"):
        pytest.fail(f"the native core is missing: {native.why_unavailable()}", pytrace=False)
    pytest.skip(f"the native core is not built: {native.why_unavailable()}", allow_module_level=True)

CONFIGS = [(m, n) for m in native.NATIVE_EDITIONS for n in player_range(m)]
RANDOM_GAMES = 40  # per configuration and shard (the fast tier; thousands: benchmarks/differential.py)
RS_RANDOM_GAMES = 12  # (Rails & Sails: eight configurations of longer games)
RAILS_SAILS = ("world", "great-lakes")


@pytest.mark.parametrize("map_name,players", CONFIGS)
@pytest.mark.parametrize("shard", range(3))
def test_random_games_are_the_same_game_on_both_engines(map_name, players, shard):
    """Uniformly random games (every third with a random first player): after every step the same
    encoded state, phase and legal actions in the same order; at the end the same result and log."""
    rules = get_ruleset(map_name, players)
    for i in range(RS_RANDOM_GAMES if map_name in RAILS_SAILS else RANDOM_GAMES):
        seed = 1000 * shard + i
        bad, _ = compare(rules, seed, random_chooser(seed * 31 + players), random_first=seed % 3 == 0)
        assert bad is None, f"{map_name} {players}p seed {seed}: {bad}"


@pytest.mark.parametrize("map_name,players", [("usa", 2), ("usa", 5), ("europe", 3), ("europe", 5), ("nordic", 2),
                                              ("nordic", 3), ("world", 2), ("world", 5), ("great-lakes", 3),
                                              ("great-lakes", 5)])
def test_games_that_run_out_of_cards_are_the_same_game_on_both_engines(map_name, players):
    """Seats that draw whenever they can empty the draw pile and the discard: empty display slots,
    refills at the end of a turn, reshuffles of a short discard, passes (Nordic: hands that pay
    Murmansk-Lieksa and the ferries in hundreds of thousands of ways; Rails & Sails: both decks,
    paired routes paid in thousands of ways)."""
    rules = get_ruleset(map_name, players)
    for seed in range(2):
        bad, _ = compare(rules, seed, hoarder_chooser(seed * 31 + players), random_first=seed % 3 == 0)
        assert bad is None, f"{map_name} {players}p seed {seed} (hoarding): {bad}"


@pytest.mark.parametrize("map_name,players", CONFIGS)
def test_games_between_bots_are_the_same_game_on_both_engines(map_name, players):
    """Bots play as players do (stations built and borrowed, tunnels paid and declined, tickets
    kept and returned): the same game, step by step."""
    rules = get_ruleset(map_name, players)
    for seed in range(3):
        names = ["planner", "greedy", "planner", "random", "greedy"][:players]  # (Python bots, as seats)
        seats = [make_agent(name, seed * 10 + s) for s, name in enumerate(names)]
        bad, steps = compare(rules, seed, seat_chooser(seats))
        assert bad is None, f"{map_name} {players}p seed {seed} ({names}): {bad}"
        assert steps > (30 if map_name == "legends-west" else 50)  # (Legacy's game 1: 20 trains a seat)


def test_a_broken_engine_is_caught_and_named():
    """The harness fails when the engines differ, naming the step and the field."""
    from ttr.native.differential import compare_step
    rules = get_ruleset("usa", 2)
    py = ttr.new_game("usa", 2, 3)
    nat = ttr.new_game("usa", 2, 3, engine="native")
    assert compare_step(py, nat, 0, None) is None
    py.apply(py.legal_actions()[0])
    bad = compare_step(py, nat, 1, "keep ...")
    assert bad is not None and bad.step == 1 and bad.field.startswith("state.")
    other = native.new(rules, 4)
    bad = compare_step(ttr.new_game("usa", 2, 3), other, 0, None)
    assert bad is not None and bad.field == "state.seed" and (bad.python, bad.native) == (3, 4)


@pytest.mark.parametrize("map_name,players", [("usa", 3), ("europe", 4), ("nordic", 3), ("world", 4),
                                              ("great-lakes", 3)])
def test_views_observations_and_saves_are_the_same(map_name, players):
    py = ttr.new_game(map_name, players, 9)
    nat = ttr.new_game(map_name, players, 9, engine="native")
    rng = random.Random(9)
    step = 0
    while not py.is_over:
        if step % 17 == 0:
            for seat in [None, *range(players)]:
                assert nat.view(seat) == py.view(seat)
            for seat in range(players):
                a, b = py.observe(seat), nat.observe(seat)
                assert (a.state, a.seat, a.ply, a.phase, list(map(str, a.legal))) == \
                       (b.state, b.seat, b.ply, b.phase, list(map(str, b.legal)))
            assert ttr.save_game(nat) == ttr.save_game(py)
            assert nat.undo_refusal(py.current_player) == py.undo_refusal(py.current_player)
        legal = py.legal_actions()
        a = legal[rng.randrange(len(legal))]
        py.apply(a)
        nat.apply(str(a))  # by its text, as the server sends it
        step += 1
    assert nat.view(None) == py.view(None) and list(nat.log) == list(py.log)


def test_a_save_from_either_engine_loads_in_the_other():
    py = ttr.new_game("europe", 3, 11)
    rng = random.Random(11)
    for _ in range(90):
        legal = py.legal_actions()
        py.apply(legal[rng.randrange(len(legal))])
    saved = ttr.save_game(py)
    nat = ttr.load_game(saved, engine="native")
    assert isinstance(nat, native.NativeGame) and nat.encode() == py.encode() and nat.history == py.history
    assert ttr.save_game(nat) == saved
    back = ttr.load_game(ttr.save_game(nat))
    assert back.encode() == py.encode()
    for _ in range(40):  # and both play on alike
        if py.is_over:
            break
        assert list(map(str, nat.legal_actions())) == list(map(str, py.legal_actions()))
        a = py.legal_actions()[rng.randrange(len(py.legal_actions()))]
        py.apply(a)
        nat.apply(a)
    assert nat.encode() == py.encode()


def test_illegal_actions_get_the_python_engines_explanation_and_change_nothing():
    py = ttr.new_game("europe", 4, 2)
    nat = ttr.new_game("europe", 4, 2, engine="native")
    for text in ("keep 1 2", "claim 8 3red", "draw red", "station Paris 1red", "pay 1red", "tickets"):
        before = nat.encode()
        with pytest.raises(ttr.IllegalActionError) as e_py:
            py.apply(text)
        with pytest.raises(ttr.IllegalActionError) as e_nat:
            nat.apply(text)
        assert str(e_nat.value) == str(e_py.value)
        assert nat.encode() == before
    with pytest.raises(ttr.ActionSyntaxError):
        nat.apply("fly to the moon")
    with pytest.raises(ttr.IllegalActionError):
        nat.apply(ttr.Action("keep", (99, 1)))  # unsorted, not offered: no crash, no change


def test_lookalike_actions_are_members_exactly_when_the_python_engines_are():
    """Membership follows the Python sequence's equality: the same fields of the same shapes."""
    py = ttr.new_game("europe", 2, 5)
    nat = ttr.new_game("europe", 2, 5, engine="native")
    offer = sorted(py.legal_actions()[0].target)
    for target in (tuple(offer[:2]), tuple(reversed(offer[:2])), list(offer[:2]), tuple(offer[:1]), None, 7):
        a = ttr.Action("keep", target)  # type: ignore[arg-type]
        assert (a in nat.legal_actions()) == (a in py.legal_actions()), target


def test_clones_are_independent_and_keep_no_log():
    g = ttr.new_game("usa", 2, 4, engine="native")
    g.apply(g.legal_actions()[0])
    c = g.clone()
    assert c.encode() == g.encode() and c.log is None and c.history == g.history
    c.apply(c.legal_actions()[0])
    assert c.encode() != g.encode() and g.ply == 1


def test_other_boards_and_bad_seeds_say_what_is_native():
    with pytest.raises(ttr.TtrError, match="takes no options"):
        ttr.new_game("usa", 2, 1, engine="native", setup=None)
    # (Legacy: every feature of a setup is held; boards and ledgers past the core's sizes are refused
    # by name: tests/test_native_legacy.py)
    with pytest.raises(ttr.TtrError, match="2\\*\\*63"):
        ttr.new_game("usa", 2, 1 << 70, engine="native")
    with pytest.raises(ttr.TtrError, match="unknown engine"):
        ttr.new_game("usa", 2, 1, engine="rust")
    g = ttr.new_game("usa", 2, -(1 << 63), engine="native")  # the smallest seed
    assert g.encode() == ttr.new_game("usa", 2, -(1 << 63)).encode()


def test_replay_on_the_native_engine():
    py = ttr.new_game("europe", 2, 8)
    rng = random.Random(8)
    while not py.is_over:
        legal = py.legal_actions()
        py.apply(legal[rng.randrange(len(legal))])
    nat = ttr.replay("europe", 2, 8, py.history, engine="native")
    assert nat.encode() == py.encode() and nat.result() == py.result()
    with pytest.raises(ttr.IllegalActionError, match="history entry 0"):
        ttr.replay("europe", 2, 8, ["pass"], engine="native")


@pytest.mark.parametrize("map_name,players", [("usa", 2), ("europe", 4), ("usa", 5), ("nordic", 3), ("world", 4),
                                              ("great-lakes", 3)])
def test_batches_play_each_game_as_it_plays_alone(map_name, players):
    """Whole random games in the core: a batch seeds many games' first draws together (vector
    lanes, a dozen or more at once); each game comes out as it does alone, and the same on any
    number of threads."""
    import numpy as np
    core, rules = native.batch_core(get_ruleset(map_name, players))
    seeds = np.array([0, 1, 2**40 + 7, -5, 2**62 + 3] + list(range(100, 160)), dtype=np.int64)
    assert_batch_plays_each_game_as_alone(core, rules, seeds)


def assert_batch_plays_each_game_as_alone(core, rules, seeds) -> None:
    """The core's batch of random games on `seeds`: the invariants checked after every action, and
    each game as it comes out alone and on 2 threads."""
    import numpy as np
    batch = core.random_games(rules, seeds, 1, True)
    assert not any(batch["errors"])
    threaded = core.random_games(rules, seeds, 2, False)
    for i, seed in enumerate(seeds):
        alone = core.random_games(rules, seeds[i:i + 1], 1, False)
        for key in ("totals", "winners", "tickets_done", "length"):
            assert np.array_equal(batch[key][i], alone[key][0]), f"seed {seed}: {key}"
            assert np.array_equal(batch[key][i], threaded[key][i]), f"seed {seed}: {key} (2 threads)"


@pytest.mark.parametrize("map_name,players", [("world", 2), ("world", 5), ("great-lakes", 3)])
def test_playouts_pick_what_the_legal_list_holds(map_name, players):
    """Rails & Sails: the core counts and picks a position's actions without listing them (what its
    playouts and batches take; the claims walked by group, one payment key listed when picked):
    count and every index picked are the list's (which the harness compares with Python's)."""
    rules = get_ruleset(map_name, players)
    for seed in range(3):
        g = native.new(rules, seed, seed % 3 == 0)
        rng = random.Random(seed)
        while not g.is_over:
            h = g._h
            n = len(h)
            for i in (range(n) if n <= 200 else rng.sample(range(n), 200)):
                assert h.pick(i) == h.action(i), f"{map_name} {players}p seed {seed} index {i}"
            legal = g.legal_actions()
            g.apply(legal[rng.randrange(len(legal))])
