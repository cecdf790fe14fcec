"""Saved terminal games (`ttr play --save/--resume`): the engine's save of the game
(`ttr.save_game`, docs/save-format.md) in a small versioned wrapper with what the
terminal game needs to go on: your seat, the bot of every other seat, the names.

    {"format": "ttr-play/1", "ttr_version": "0.1.0", "seat": 0,
     "bots": [null, "planner", "planner"], "names": ["you", "planner", "planner"],
     "game": {...ttr-save/2...}}

Files are written whole or not at all (a temporary file, then a rename)."""
from __future__ import annotations

import json
import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from ..version import __version__
from ..agents import AGENTS
from ..engine import Game, replay
from ..errors import TtrError
from ..formats.save import dump as save_game
from ..formats.save import load as load_game

FORMAT = "ttr-play/1"


class PlaySaveError(TtrError):
    """A play save that cannot be read or written; the message names the file and the problem."""


@dataclass
class Saved:
    game: Game                 # rebuilt from seed + history, with its public log
    seat: int                  # the human's seat
    bots: dict[int, str]       # seat -> bot name, every seat but the human's
    names: list[str]           # per seat, as shown


def dump(game: Game, seat: int, bots: dict[int, str], names: list[str]) -> dict:
    return {"format": FORMAT, "ttr_version": __version__, "seat": seat,
            "bots": [bots.get(s) for s in range(game.num_players)], "names": list(names), "game": save_game(game)}


def write(path: str | Path, data: dict) -> None:
    """Replace `path` with `data` as JSON, atomically: a reader sees the old file or the new one."""
    p = Path(path)
    tmp = p.with_name(f".{p.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(data, f, separators=(",", ":"))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, p)
    except BaseException as e:  # Ctrl-C included: no temporary file is left behind
        tmp.unlink(missing_ok=True)
        if isinstance(e, OSError):
            raise PlaySaveError(f"cannot save the game to {p}: {e.strerror or e}") from None
        raise


def read(path: str | Path) -> Saved:
    """The game saved in `path`; PlaySaveError names the file and what is wrong with it."""
    p = Path(path)
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise PlaySaveError(f"no saved game {p}") from None
    except IsADirectoryError:
        raise PlaySaveError(f"{p} is a directory, not a saved game") from None
    except (OSError, UnicodeDecodeError) as e:
        raise PlaySaveError(f"cannot read {p}: {e}") from None
    except json.JSONDecodeError as e:
        raise PlaySaveError(f"{p} is not a saved game (not JSON: line {e.lineno}, column {e.colno}: {e.msg})") from None
    return parse(data, str(p))


def parse(data, where: str) -> Saved:
    def bad(msg: str) -> PlaySaveError:
        return PlaySaveError(f"{where}: {msg}")

    if not isinstance(data, dict):
        raise bad("not a saved game (a JSON object is expected)")
    fmt = data.get("format")
    if fmt != FORMAT:
        if isinstance(fmt, str) and fmt.startswith("ttr-save/"):
            raise bad(f"a bare game save ({fmt}), not a `ttr play` save: it does not say which seat is yours "
                      "or which bots play the others")
        if isinstance(fmt, str) and fmt.startswith("ttr-play/"):
            raise bad(f"saved by a newer ttr (format {fmt}); this ttr {__version__} reads {FORMAT}")
        raise bad(f"not a `ttr play` save (format {fmt!r}, expected {FORMAT!r})")
    for key in ("seat", "bots", "names", "game"):
        if key not in data:
            raise bad(f"'{key}' is missing")
    try:
        game = load_game(data["game"], verify=True)
    except TtrError as e:
        raise bad(f"game: {e}") from None
    n = game.num_players
    seat = data["seat"]
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
        raise bad(f"seat: {seat!r} is not a seat of this {n}-player game (0-{n - 1})")
    bots, names = data["bots"], data["names"]
    if not isinstance(bots, list) or len(bots) != n:
        raise bad(f"bots: a list of {n} entries (null at your seat) is expected")
    if not isinstance(names, list) or len(names) != n or not all(isinstance(x, str) for x in names):
        raise bad(f"names: a list of {n} names is expected")
    out: dict[int, str] = {}
    for s, b in enumerate(bots):
        if s == seat:
            if b is not None:
                raise bad(f"bots[{s}]: your seat has no bot (null expected, not {b!r})")
        elif b not in AGENTS:
            raise bad(f"bots[{s}]: unknown bot {b!r}; known: {', '.join(sorted(AGENTS))}")
        else:
            out[s] = b
    # the game with its public log (a loaded save starts with an empty one)
    game = replay(game.rules, game.seed, game.history, random_first=game.random_first, **game.replay_options())
    return Saved(game, seat, out, names)


def default_path(map_name: str, directory: str | Path | None = None) -> Path:
    """A new file for a game of `map_name` in the user's data directory (platformdirs), e.g.
    ~/.local/share/ttr/games/europe-20250101-120000.json on Linux."""
    if directory is None:
        from platformdirs import user_data_path
        directory = user_data_path("ttr", appauthor=False) / "games"
    d = Path(directory)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    p = d / f"{map_name}-{stamp}.json"
    k = 2
    while p.exists():
        p = d / f"{map_name}-{stamp}-{k}.json"
        k += 1
    return p


__all__ = ["FORMAT", "PlaySaveError", "Saved", "default_path", "dump", "parse", "read", "write"]
