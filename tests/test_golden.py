"""Golden playthroughs (tests/golden/games): seed + actions = the game (G10), step by step.

Each file holds a seeded game of one board and player count: the initial integer state
(`game.encode()`), then per step the action's text, the seat that took it and the changes to
the state, and the final result. The test replays the game from its seed and compares the
whole state after every step, so it fails on any change to a game's course: a change of the
rules, of the codec or of the random procedure (docs/randomness.md). A failure names the
board, the step, the action and the first section that differs.

When such a change is meant, regenerate the files on purpose (scripts/golden.py) in a commit
of its own that says why.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import ttr
from ttr import Action
from ttr.engine import CODEC_VERSION, RANDOM_PROCEDURE, first_difference

GAMES = Path(__file__).parent / "golden" / "games"
FILES = sorted(GAMES.glob("*.json"))
REGENERATE = "if the change is meant, regenerate the golden files on purpose: scripts/golden.py (docs/randomness.md)"


def load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text())


def new_game(g: dict[str, Any], engine: str = "auto") -> ttr.Game:
    return ttr.new_game(g["map"], g["players"], g["seed"], random_first=g["random_first"], engine=engine)


def _engines(path: Path) -> list[Any]:
    """The Python engine, and the native core where it is built and plays the board."""
    g = load(path)
    plays = ttr.native.plays(ttr.get_ruleset(g["map"], g["players"]))
    return [pytest.param(path, "python", id=f"{path.stem}-python")] + \
        ([pytest.param(path, "native", id=f"{path.stem}-native")] if plays else [])


def advance(state: list[int], step: dict[str, Any]) -> list[int]:
    """The state after a step: the recorded one with the step's changes applied."""
    state = list(state[:step["size"]]) + [None] * (step["size"] - len(state)) if "size" in step else list(state)
    for i, v in step["changes"]:
        state[i] = v
    assert None not in state, "a golden step grows the state without giving every new value"
    return state


def states(g: dict[str, Any]) -> list[list[int]]:
    """The recorded state before the first step and after each step."""
    out = [g["initial"]]
    for step in g["play"]:
        out.append(advance(out[-1], step))
    return out


def mismatch(game: ttr.Game, want: list[int], where: str) -> str | None:
    got = game.encode()
    if got == want:
        return None
    layout = game.layout()
    section = first_difference(layout, got, want) or "the length of the state"
    i = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
    values = f"index {i}: engine {got[i] if i < len(got) else 'nothing'}, golden {want[i] if i < len(want) else 'nothing'}"
    return f"{where}: the state differs first in section {section!r} ({values}). {REGENERATE}"


def test_every_board_has_two_golden_games():
    boards: dict[str, set[int]] = {}
    for path in FILES:
        g = load(path)
        boards.setdefault(g["map"], set()).add(g["players"])
    for name in ttr.map_names():
        assert len(boards.get(name, ())) >= 2, f"{name}: no golden playthroughs at two player counts (scripts/golden.py)"


@pytest.mark.parametrize("path,engine", [p for path in FILES for p in _engines(path)])
def test_golden_playthrough(path: Path, engine: str):
    """On each engine that plays the board: the same state after every step, the same result."""
    g = load(path)
    board = f"{g['map']} {g['players']}p (seed {g['seed']}, {engine} engine)"
    assert g["random"] == RANDOM_PROCEDURE, f"{board}: recorded with {g['random']}, the engine runs {RANDOM_PROCEDURE}"
    assert g["codec"] == CODEC_VERSION, f"{board}: recorded with state format {g['codec']}, the engine writes {CODEC_VERSION}"
    game = new_game(g, engine)
    layout = game.layout()
    assert [[s.name, s.start, s.size] for s in layout.sections] == g["layout"], \
        f"{board}: the state layout changed (sections renamed, resized or moved). {REGENERATE}"
    assert ([layout.tail, layout.tail_width] if layout.tail else None) == g["tail"], f"{board}: the state's tail changed"
    problem = mismatch(game, g["initial"], f"{board}, the setup")
    assert problem is None, problem
    state = g["initial"]
    for i, step in enumerate(g["play"]):
        text = step["action"]
        where = f"{board}, step {i} ({text!r}, seat {step['seat']})"
        assert not game.is_over, f"{where}: the game is already over"
        assert game.current_player == step["seat"], f"{where}: seat {game.current_player} is to move"
        action = Action.from_text(text)
        assert action in game.legal_actions(), f"{where}: the action is not among legal_actions(). {REGENERATE}"
        game.apply(action)
        state = advance(state, step)
        problem = mismatch(game, state, where)
        assert problem is None, problem
    assert game.is_over, f"{board}: the game is not over after its {len(g['play'])} steps"
    assert game.history == [s["action"] for s in g["play"]]
    assert json.loads(json.dumps(game.result())) == g["result"], f"{board}: the result differs. {REGENERATE}"
    replayed = ttr.replay(g["map"], g["players"], g["seed"], game.history, random_first=g["random_first"], engine=engine)
    assert replayed.encode() == state, f"{board}: ttr.replay gives another final state"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_golden_saves_round_trip(path: Path):
    """A save at a few steps of each golden game loads back to the same state, and the loaded game
    plays on to the same end (its random draws continue from the saved `shuffles`)."""
    g = load(path)
    board = f"{g['map']} {g['players']}p"
    recorded = states(g)
    steps = g["play"]
    n = len(steps)
    for at in sorted({0, 1, n // 3, n // 2, (2 * n) // 3, n - 1, n}):
        game = new_game(g)
        for step in steps[:at]:
            game.apply(step["action"])
        save = json.loads(json.dumps(ttr.save_game(game)))
        assert save["random"] == RANDOM_PROCEDURE
        loaded = ttr.load_game(save)  # verify=True: seed + history must give the saved state
        where = f"{board}, saved after step {at}"
        problem = mismatch(loaded, recorded[at], where)
        assert problem is None, problem
        assert json.loads(json.dumps(ttr.save_game(loaded))) == save, f"{where}: saving the loaded game gives another save"
        for i in range(at, n):
            loaded.apply(steps[i]["action"])
        problem = mismatch(loaded, recorded[n], f"{where}, played on to the end")
        assert problem is None, problem
        assert json.loads(json.dumps(loaded.result())) == g["result"], where
