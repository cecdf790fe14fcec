"""Bad input never crashes: random save mutations raise SaveError only, and random
action texts or hand-built Action values raise IllegalActionError only, leaving
the game exactly as it was."""
from __future__ import annotations

import copy
import random

import pytest

import ttr
from ttr.engine.actions import Action

MAPS = [("europe", 3), ("usa", 2), ("nordic", 2), ("world", 3), ("great-lakes", 2), ("legends-west", 3)]
JUNK = [None, -1, 0, 10**9, "x", "", [], {}, [None], {"a": 1}, True, 3.5, "locomotive", "joker", [1, 2], ["red"]]
WORDS = ["draw", "claim", "keep", "station", "pay", "decline", "pass", "tickets", "pieces", "exchange", "harbor",
         "deck", "train", "ship", "none", "red", "3red+1locomotive", "2red-ship", "1joker", "Paris", "New", "York",
         "12", "-3", "0", "99999", "trains-for-ships", "+", "1x", "", "2red-double-ship+1red-ship", "4locomotive",
         "1purple+1purple", "Lagos"]


def _midgame(map_name: str, players: int, steps: int) -> ttr.Game:
    g = ttr.new_game(map_name, players, seed=1)
    rng = random.Random(1)
    for _ in range(steps):
        if g.is_over:
            break
        legal = g.legal_actions()
        g.apply_unchecked(legal[rng.randrange(len(legal))])
    return g


def _mutate(d: dict, rng: random.Random) -> dict:
    d = copy.deepcopy(d)
    for _ in range(rng.randint(1, 3)):
        path, node = [], d
        while isinstance(node, (dict, list)) and node and rng.random() < 0.7:
            k = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
            path.append((node, k))
            node = node[k]
        if not path:
            continue
        parent, k = path[-1]
        op = rng.random()
        if op < 0.6:
            parent[k] = rng.choice(JUNK)
        elif op < 0.8 and isinstance(parent, dict):
            del parent[k]
        elif isinstance(parent, list):
            parent.append(copy.deepcopy(parent[k]))
    return d


@pytest.mark.parametrize("map_name,players", MAPS)
def test_malformed_saves_raise_only_save_error(map_name, players):
    base = ttr.save_game(_midgame(map_name, players, 60))
    rng = random.Random(map_name)
    for _ in range(150):
        d = _mutate(base, rng)
        try:
            ttr.load_game(d, verify=rng.random() < 0.2)
        except ttr.SaveError:
            pass


@pytest.mark.parametrize("map_name,players", MAPS[:4])
def test_garbage_actions_raise_only_illegal_action_error_and_change_nothing(map_name, players):
    g = _midgame(map_name, players, 0)
    rng = random.Random(map_name)
    for _ in range(60):
        if g.is_over:
            break
        before = ttr.save_game(g)
        for _ in range(10):
            text = " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 4)))
            value = Action(rng.choice(["draw", "claim", "keep", "pay"]), rng.choice([1, -1, (1,), (7, 0), "x", None]),
                           rng.choice([(), ((7, 1),), ((99, 1),), "x"]))
            for action in (text, value):
                try:
                    g.apply(action)
                except ttr.IllegalActionError:
                    assert ttr.save_game(g) == before
                else:
                    before = ttr.save_game(g)  # a random text that happened to be legal
        legal = g.legal_actions()
        g.apply_unchecked(legal[rng.randrange(len(legal))])
