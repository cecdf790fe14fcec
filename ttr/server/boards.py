"""The board a stored game is played on: a shipped map by name, or a designer's own map carried in
the game's options, or a shipped one with rules changed (`{"board": {"edition", "map", "rules"}}`,
an imported replay's: server/replays.py)."""
from __future__ import annotations

from .. import new_game
from ..engine import Game, new
from ..formats import replay as replay_file
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


__all__ = ["BOARDS", "start"]
