"""The board a stored game is played on: a shipped map by name, or a designer's own map carried in
the game's options, or a shipped one with rules changed (`{"board": {"edition", "map", "rules"}}`,
an imported replay's: server/replays.py)."""
from __future__ import annotations

import json

from .. import new_game
from ..engine import Game, new
from ..editions.legacy import board as legacy_board
from ..editions.legacy.content import LegacySetup
from ..formats import replay as replay_file
from ..maps import DATA
from .storage import GameRow

BOARDS: dict[str, dict] = {}  # file-<hash> -> the map file's JSON, for the boards of the games seen


def start(row: GameRow, engine: str) -> Game:
    """A stored game's start: a shipped board by name, or the board its options carry."""
    options = dict(row.options)
    board = options.pop("board", None)
    if board is None:
        return new_game(row.map, row.players, seed=row.seed, random_first=row.random_first, engine=engine, **row.options)
    if board["map"] is not None:
        BOARDS[row.map] = board["map"]
    rules = replay_file.ruleset(board["edition"], board["map"], row.players, board.get("rules"))
    return new(rules, row.seed, row.random_first, **options)


def board_of(map_name: str, options: dict) -> dict | None:
    """The map file (JSON) of the board a game is played on, as clients draw it: the one its
    options carry, a Legacy game's grown with the frontier boards of its setup (rulebook 451),
    else the shipped map's."""
    board = options.get("board")
    if board is not None and board.get("map") is not None:
        return board["map"]
    if map_name == legacy_board.BASE and options.get("setup", {}).get("frontiers"):
        return legacy_board.board_json(LegacySetup.from_dict(options["setup"], where="the game's setup").frontiers)
    path = DATA / f"{map_name}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else BOARDS.get(map_name)


__all__ = ["BOARDS", "board_of", "start"]
