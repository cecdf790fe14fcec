"""An experiment file (TOML): what `ttr analyze experiment.toml` runs, written down once: the board
(a shipped map or a map file, relative to the experiment file), rule changes, bots, player
counts, games and seed. Every key and value is checked before any game is played; a problem is a
TtrError naming the file, the line and the key."""
from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..agents import AGENTS
from ..editions import EDITIONS, player_range
from ..editions.variants import Overrides, parse_rules
from ..errors import TtrError

# key -> what it holds (the error for an unknown key lists them)
KEYS = {"map": "a shipped board", "map_file": "a map file, relative to this file", "edition": "whose rules map_file plays",
        "players": "a player count or a list of them", "bots": "a list of bot names", "games": "games per player count",
        "seed": "the first seed", "description": "free text, shown in the report", "rules": "a table of rule changes"}


@dataclass(frozen=True)
class Experiment:
    path: str                 # the file, as given
    text: str                 # its text, kept with the records
    map: str | None = None
    map_file: str | None = None  # resolved against the experiment file's folder
    edition: str | None = None
    players: tuple[int, ...] | None = None
    bots: tuple[str, ...] | None = None
    games: int | None = None
    seed: int | None = None
    description: str = ""
    rules: Overrides = ()

    def record(self, overrides: list[str]) -> dict[str, Any]:
        """What the records keep: the file, its text, and the options the command line changed."""
        return {"path": self.path, "text": self.text, "overrides": overrides}


def line_of(text: str, key: str, table: str | None = None) -> int | None:
    """The line (from 1) where `key` is set, at the top level or in [table]."""
    current: str | None = None
    for n, line in enumerate(text.splitlines(), 1):
        head = re.match(r"\s*\[\s*([^\]]+?)\s*\]", line)
        if head:
            current = head.group(1).strip('"\'')
            continue
        if current == table and re.match(rf"\s*[\"']?{re.escape(key)}[\"']?\s*=", line):
            return n
        if table is None and current is None and re.match(rf"\s*{re.escape(key)}\s*\.", line):
            return n  # a dotted key (rules.trains = 30)
    return None


def load(path: str | Path) -> Experiment:
    """Read and check an experiment file (TtrError naming the file, the line and the key)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise TtrError(f"{path}: no such experiment file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise TtrError(f"{path}: cannot read it ({e})") from None
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise TtrError(f"{path}: not valid TOML: {e}") from None

    def fail(key: str, why: str, table: str | None = None) -> TtrError:
        n = line_of(text, key, table)
        where = f"line {n}: " if n else ""
        return TtrError(f"{path}: {where}{table + '.' if table else ''}{key}: {why}")

    for key in raw:
        if key not in KEYS:
            close = difflib.get_close_matches(key, KEYS, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise fail(key, f"unknown key{hint}; an experiment file has " + ", ".join(KEYS))

    def get(key: str, ok: Callable[[Any], bool], want: str) -> Any:
        v = raw.get(key)
        if v is not None and not ok(v):
            raise fail(key, f"must be {want}, not {v!r}")
        return v

    def whole(v: Any) -> bool:
        return isinstance(v, int) and not isinstance(v, bool)

    board = get("map", lambda v: isinstance(v, str) and v in EDITIONS, "a shipped board: " + ", ".join(sorted(EDITIONS)))
    map_file = get("map_file", lambda v: isinstance(v, str) and v != "", "a map file's path (a string)")
    edition = get("edition", lambda v: isinstance(v, str) and v in EDITIONS, "an edition: " + ", ".join(sorted(EDITIONS)))
    if board and map_file:
        raise fail("map_file", "give map (a shipped board) or map_file (your own), not both")
    if edition and not map_file:
        raise fail("edition", "goes with map_file (a shipped board plays its own edition)")
    if map_file:
        map_file = str((p.parent / map_file).resolve())
    players = get("players", lambda v: whole(v) or (isinstance(v, list) and v != [] and all(map(whole, v))),
                  "a player count or a list of them, e.g. [3] or [2, 3, 4]")
    if players is not None:
        players = tuple(sorted(set([players] if isinstance(players, int) else players)))
        allowed = player_range(edition or board or "europe") if (edition or board) else None
        bad = [n for n in players if (n not in allowed if allowed else n < 1)]
        if bad:
            span = f"{allowed.start}-{allowed.stop - 1}" if allowed else "at least 1"
            raise fail("players", f"{edition or board or 'the board'} is for {span} players, not {bad[0]}")
    bots = get("bots", lambda v: isinstance(v, list) and v != [] and all(isinstance(b, str) for b in v),
               'a list of bot names, e.g. ["planner", "greedy"]')
    for b in bots or ():
        if b not in AGENTS:
            close = difflib.get_close_matches(b, sorted(AGENTS), n=1)
            raise fail("bots", f"unknown bot {b!r}" + (f" (did you mean {close[0]!r}?)" if close else "")
                       + f"; known: {', '.join(sorted(AGENTS))}")
    games = get("games", lambda v: whole(v) and v >= 1, "a whole number of games, at least 1")
    seed = get("seed", whole, "a whole number")
    description = get("description", lambda v: isinstance(v, str), "text")
    rules_raw = get("rules", lambda v: isinstance(v, dict), "a table ([rules] with lines such as trains = 30)")
    try:
        rules = parse_rules(rules_raw)
    except TtrError as e:
        m = re.match(r"rules: (?:unknown rule )?'?(\w+)", str(e))
        n = line_of(text, m.group(1), "rules") if m else None
        raise TtrError(f"{path}: {f'line {n}: ' if n else ''}{e}") from None
    return Experiment(str(path), text, board, map_file, edition, players, tuple(bots) if bots else None, games, seed,
                      description or "", rules)


__all__ = ["KEYS", "Experiment", "line_of", "load"]
