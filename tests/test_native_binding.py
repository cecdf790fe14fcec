"""Bad input through the native binding (ttr._native) and its wrapper (ttr.native) never crashes:
wrong types, out-of-range indices, malformed tables and states get clear Python exceptions
(TypeError, ValueError, IndexError; TtrError, IllegalActionError, SaveError through ttr), and a
state or table the core refuses is never read. `make native-asan` runs these against the
AddressSanitizer + UBSan build of the core, where an out-of-bounds read or write aborts."""
from __future__ import annotations

import os
import random

import numpy as np
import pytest

import ttr
from ttr import native
from ttr.editions import get_ruleset
from ttr.engine import decode as py_decode
from ttr.errors import SaveError
from ttr.native.game import CORE
from ttr.native.tables import tables

if not native.available():
    if os.environ.get("TTR_REQUIRE_EXTRAS") or os.environ.get("CI"):
        pytest.fail(f"the native core is missing: {native.why_unavailable()}", pytrace=False)
    pytest.skip(f"the native core is not built: {native.why_unavailable()}", allow_module_level=True)

BIG = [2**31, 2**63 - 1, -(2**63), 2**64, 10**30, -(10**30)]
ODD = [None, "7", 1.5, b"x", [], (), {}, object(), True]


def test_the_core_under_test_is_the_one_asked_for():
    """TTR_NATIVE_DIR (the sanitizer and mutant builds) is honoured, not silently replaced."""
    where = os.environ.get("TTR_NATIVE_DIR")
    if where:
        assert os.path.samefile(os.path.dirname(CORE.__file__), where), CORE.__file__


def played(map_name: str, players: int, seed: int, steps: int, stop=lambda g: False) -> ttr.Game:
    """A Python game `steps` random actions in (or until `stop`)."""
    g = ttr.new_game(map_name, players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over or stop(g):
            break
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
    return g


# ------------------------------------------------------------------ Rules

def test_rules_tables_missing_a_key_or_of_the_wrong_type_are_refused_by_name():
    t = tables(get_ruleset("europe", 3))
    CORE.Rules(t)
    for key in t:
        with pytest.raises(ValueError, match=key):
            CORE.Rules({k: v for k, v in t.items() if k != key})
        with pytest.raises(ValueError, match=key):
            CORE.Rules(dict(t, **{key: "x"}))
        with pytest.raises(ValueError, match=key):
            CORE.Rules(dict(t, **{key: [2**40] if isinstance(t[key], list) else 2**40}))
    for odd in (None, 3, [], "tables"):
        with pytest.raises(TypeError):
            CORE.Rules(odd)


@pytest.mark.parametrize("change", [
    {"players": 0}, {"players": 6}, {"n_kinds": 99}, {"wild": 9}, {"wild": -1}, {"face_up": 7}, {"face_up": -1},
    {"hand_size": 40}, {"stations": 9}, {"tunnel_reveal": 5}, {"offer_cap": 2}, {"later_draw": 9}, {"trains": 2**20},
    {"tie_breaks": [9]}, {"n_ids": 300}, {"n_ids": 5}, {"n_cities": 99}, {"n_cities": 3}, {"r_exists": "ones"},
    {"r_tunnel": [2] * 102}, {"r_a": [60] * 102}, {"r_twins": [[999]] * 102}, {"group_routes": [[0, 0]]},
    {"group_routes": [[-1]]}, {"claim_groups": [[0, 2, 999, 0, 0, 0]]}, {"claim_groups": [[0, 2, 0, 0, 999, 0]]},
    {"claim_groups": [[12, 2, 0, 0, 0, 0]]}, {"claim_groups": [[0, 2, 0, 5, 0, 0]]}, {"claim_groups": [[0, 1, 2]]},
    {"pkeys": [[40, 2, 0]]}, {"pkeys": [[0, 2, 3]]}, {"pkeys": [[0, 2]]}, {"city_routes": [[500]]},
    {"tickets_cap": 3}, {"tickets_cap": 500}, {"t_a": [99] * 47}, {"t_b": [1]}, {"regular_tickets": [0, 0]},
    {"regular_tickets": [300]}, {"long_tickets": [41]}, {"deck": [9] * 110}, {"deck": [0] * 10},
    {"deck": [0] * 300},
], ids=lambda c: ",".join(f"{k}={str(v)[:12]}" for k, v in c.items()))
def test_rules_tables_out_of_range_are_refused(change):
    t = tables(get_ruleset("europe", 5))
    with pytest.raises(ValueError) as e:
        CORE.Rules(dict(t, **change))
    assert str(e.value)


def test_corrupted_tables_are_refused_or_play_sound_games():
    """Any one entry of any table set to an edge value: refused (ValueError), or the games it plays
    keep every invariant the core checks (cards, pieces, tickets) or are reported unended."""
    rng = random.Random(5)
    base = tables(get_ruleset("usa", 4))
    seeds = np.arange(3, dtype=np.int64)
    refused = built = 0
    for _ in range(400):
        t = {k: ([list(x) if isinstance(x, list) else x for x in v] if isinstance(v, list) else v)
             for k, v in base.items()}
        key = rng.choice(sorted(t))
        value = rng.choice([-(2**31), -2, -1, 0, 1, 2, 9, 64, 255, 256, 2**31 - 1])
        v = t[key]
        if isinstance(v, int):
            t[key] = value
        elif v and isinstance(v[0], list) and v[rng.randrange(len(v))]:
            row = v[rng.randrange(len(v))]
            if row:
                row[rng.randrange(len(row))] = value
        elif v:
            v[rng.randrange(len(v))] = value
        try:
            rules = CORE.Rules(t)
        except ValueError:
            refused += 1
            continue
        built += 1
        out = CORE.random_games(rules, seeds, 1, True)
        for _i, error in out["errors"]:
            assert error.startswith(("after action", "the game did not end")), (key, value, error)
    assert refused > 100 and built > 50, (refused, built)


# ------------------------------------------------------------------ states

def test_decode_refuses_states_of_the_wrong_shape():
    rules = CORE.Rules(tables(get_ruleset("usa", 2)))
    good = ttr.new_game("usa", 2, 1).encode()
    CORE.Game.decode(rules, good)
    for bad in ([], [1], good[:-1], good + [0], good * 2, [0] * len(good), [-1] * len(good), list(range(len(good)))):
        with pytest.raises(ValueError, match="state"):
            CORE.Game.decode(rules, bad)
    for bad in (None, "state", 5, [None] * len(good), good[:-1] + [2**64], good[:-1] + [1.0], good[:3] + ["x"]):
        with pytest.raises(TypeError):
            CORE.Game.decode(rules, bad)
    with pytest.raises(TypeError, match="Rules"):
        CORE.Game.decode(object(), good)
    with pytest.raises(TypeError, match="Rules"):
        CORE.Game.new("usa", 1, False)


def positions():
    """Checked states to corrupt: a fresh game, mid-game on both boards, a pending tunnel, an offer."""
    yield "usa-fresh", ttr.new_game("usa", 3, 2)
    yield "usa-mid", played("usa", 4, 3, 150)
    yield "europe-mid", played("europe", 5, 4, 200)
    yield "europe-tunnel", played("europe", 3, 8, 2000, lambda g: g.phase == "tunnel")
    yield "europe-keep", played("europe", 2, 6, 2000, lambda g: g.phase == "keep-tickets")


@pytest.mark.parametrize("name,game", list(positions()), ids=lambda x: x if isinstance(x, str) else "")
def test_every_integer_of_a_state_corrupted_is_refused_or_read_soundly(name, game):
    """Each integer of a real state set to edge values: where the Python decoder accepts the state
    the core reads the same game; where the core accepts it, the game lists, plays and scores
    without reading out of bounds; otherwise a clear ValueError (SaveError through ttr)."""
    assert name.split("-")[1] != "tunnel" or game.phase == "tunnel"
    assert name.split("-")[1] != "keep" or game.phase == "keep-tickets"
    rules = game.rules
    core = native.game.core_rules(rules)
    good = game.encode()
    refused = 0
    for i in range(len(good)):
        for v in {-(2**63), -2, -1, 0, 1, 3, good[i] + 1, 200, 2**40}:
            st = list(good)
            st[i] = v
            try:
                py = py_decode(rules, st)
            except ttr.TtrError:
                py = None
            try:
                h = CORE.Game.decode(core, st)
            except ValueError as e:
                # (the core's fixed sizes: turns, passes and scores of 16 bits, draws of 32; and the
                # Python decoder lets a train game be in phase choose-pieces, which only Rails &
                # Sails has: the core refuses it)
                assert py is None or (abs(v) > 2**15 and "out of range" in str(e)) or \
                    (i == 3 and v == 1 and "choose-pieces" in str(e)), \
                    f"index {i} = {v}: the Python decoder reads it, the core refuses: {e}"
                refused += 1
                with pytest.raises(SaveError):
                    native.from_state(rules, st)
                continue
            assert h.encode() == st
            if py is not None:
                nat = native.from_state(rules, st)
                assert [str(a) for a in nat.legal_actions()] == [str(a) for a in py.legal_actions()]
            n = len(h)
            for k in {0, n // 2, n - 1} if n else ():
                h.copy().apply(k, True)
            h.score()
    assert refused > len(good)


def test_load_game_refuses_a_corrupted_save_on_the_native_engine():
    g = played("europe", 3, 12, 60)
    saved = ttr.save_game(g)
    assert ttr.load_game(saved, engine="native").encode() == g.encode()
    for key, value in (("phase", "flying"), ("current_player", 7), ("face_up", ["red"] * 9), ("turn", -3),
                       ("deck", ["red"] * 300), ("ticket_pile", [999]), ("players", [])):
        with pytest.raises(SaveError):
            ttr.load_game(dict(saved, **{key: value}), engine="native")
    with pytest.raises(SaveError):
        native.from_state(get_ruleset("usa", 2), [1, 2, 3])
    with pytest.raises(SaveError):
        native.from_state(get_ruleset("usa", 2), ["not", "ints"])
    with pytest.raises(SaveError):
        native.from_state(get_ruleset("usa", 2), None)  # type: ignore[arg-type]


# ------------------------------------------------------------------ indices and actions

def test_indices_out_of_range_or_of_the_wrong_type():
    h = CORE.Game.new(CORE.Rules(tables(get_ruleset("usa", 2))), 1, False)
    before = h.encode()
    n = len(h)
    for i in [n, n + 1, -1, -n, 2**32, 2**32 + 1, *BIG]:
        with pytest.raises(IndexError):
            h.action(i)
        with pytest.raises(IndexError):
            h.apply(i)
    for i in [None, "0", 0.0, [0], object()]:
        with pytest.raises(TypeError):
            h.apply(i)
    assert h.encode() == before
    h.apply(n - 1)
    assert h.encode() != before


def test_a_finished_game_has_no_action_to_apply():
    g = played("usa", 2, 9, 100000)
    assert g.is_over
    h = native.from_state(g.rules, g.encode())
    assert h.is_over and len(h.legal_actions()) == 0
    with pytest.raises(IndexError):
        h._h.apply(0)
    with pytest.raises(ttr.IllegalActionError):
        h.apply("pass")


def test_find_answers_minus_one_for_anything_that_is_not_a_legal_action():
    g = played("europe", 3, 5, 40)
    h = native.from_state(g.rules, g.encode())._h
    assert len(h) > 1
    kind, target, cards = h.action(len(h) - 1)
    assert h.find(kind, target, cards) == len(h) - 1
    for k in range(-3, 12):
        for t in [*ODD, *BIG, -1, 0, 5, (0,), (99, 1), [3]]:
            for c in [*ODD, 7, [(1,)], [(1, 2, 3)], [(2**70, 1)], [("a", 1)], [[1, 2]], [(1, 2)] * 5, (( -1, 1),)]:
                assert h.find(k, t, c) in (-1, *range(len(h)))
    for k in [None, "claim", 2**70, 1.0]:
        with pytest.raises(TypeError):
            h.find(k, None, ())


ODD_ACTIONS = [None, 42, 1.5, b"claim", ["draw", "red"], ("keep", (1,)), "", "claim", "claim 9999 3red",
               "claim -1 1red", "draw purple", "keep 1 1 1", "keep 99", "station Atlantis 1red", "pay 99loco",
               "tickets 3", "pass now", "claim 1 99red", "claim 1 " + "9" * 40 + "red", "\x00", "draw " + "x" * 10000]


@pytest.mark.parametrize("map_name,players,steps", [("usa", 2, 0), ("europe", 4, 80)])
def test_odd_actions_get_the_python_engines_errors_and_change_nothing(map_name, players, steps):
    py = played(map_name, players, 21, steps)
    nat = native.from_state(py.rules, py.encode())
    before = nat.encode()
    actions = list(ODD_ACTIONS)
    actions += [ttr.Action("claim", t, c) for t in (2**70, -5, "7", None, (1,)) for c in ((), ((1,),), ((2**70, 1),))]
    actions += [ttr.Action("keep", t) for t in ("abc", (2**70,), (3, 1), [1], None)]
    actions += [ttr.Action("draw", t) for t in (2**70, -2, "red", None)]
    actions += [ttr.Action("station", t, ((0, 1),)) for t in (5, None, "Paris" * 100)]
    actions += [ttr.Action("fly", None), ttr.Action("pay", None, ((8, 2**40),))]
    for a in actions:
        try:
            py.check(a)  # type: ignore[arg-type]
        except Exception as e:  # noqa: BLE001  (the Python engine's answer is the reference)
            want: Exception | None = e
        else:
            want = None
        if want is None:
            nat.check(a)  # type: ignore[arg-type]
            continue
        with pytest.raises(type(want)) as got:
            nat.apply(a)  # type: ignore[arg-type]
        assert str(got.value) == str(want), repr(a)
        assert isinstance(got.value, ttr.TtrError), repr(a)
        assert nat.encode() == before
    assert nat.encode() == py.encode()


def test_legal_actions_indexing_out_of_range():
    nat = ttr.new_game("usa", 3, 4, engine="native")
    legal = nat.legal_actions()
    n = len(legal)
    assert legal[-1] == legal[n - 1]
    for i in (n, -n - 1, 2**70):
        with pytest.raises(IndexError):
            legal[i]
    with pytest.raises(TypeError):
        legal["0"]  # type: ignore[index]


# ------------------------------------------------------------------ batches

def test_random_games_refuses_bad_arguments():
    rules = CORE.Rules(tables(get_ruleset("usa", 2)))
    seeds = np.arange(4, dtype=np.int64)
    assert CORE.random_games(rules, seeds, 2, True)["errors"] == []
    assert CORE.random_games(rules, np.arange(0, dtype=np.int64), 2, True)["length"].shape == (0,)
    for threads in (0, -1, 257, 10**6):
        with pytest.raises(ValueError, match="threads"):
            CORE.random_games(rules, seeds, threads, True)
    for bad in (np.zeros((2, 2), dtype=np.int64), np.arange(4, dtype=np.float64), "seeds", None):
        with pytest.raises(TypeError):
            CORE.random_games(rules, bad, 1, True)
    with pytest.raises(TypeError):
        CORE.random_games(None, seeds, 1, True)
