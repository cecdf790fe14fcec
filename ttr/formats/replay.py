"""A finished game to watch (`ttr-replay/1`): the engine's save (docs/save-format.md) with what a
replay viewer needs beside it: the bot in each seat, why the game was chosen, and, for a
designer's own board, the map itself and the edition whose rules it plays.

    {"format": "ttr-replay/1", "ttr_version": "...", "why": "the longest game", "game": 17,
     "bots": ["planner", "greedy"], "edition": "europe", "map": null or {...map file...},
     "rules": {"trains": 30}, "save": {...ttr-save/2...}}

`rules`: the rules changed (ttr.editions.variants; {} or absent: the edition's own).

`load` checks everything before anything is kept: the map (as every board is checked), the
save's structure, that seed + history replay action by action to a finished game, and that the
state so reached is the save's, field by field. Its id (`replay_id`) is a hash of the content, so
the same game imported twice is one game, and a report can link to it before any server runs.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pydantic import ValidationError

from ..editions import EDITIONS, game_class, get_ruleset
from ..editions.variants import parse_rules, variant
from ..engine import Game, Ruleset, new
from ..errors import IllegalActionError, MapError, SaveError, TtrError
from ..maps import load_map, parse_map
from .save import SaveFile
from .save import dump as dump_save

FORMAT = "ttr-replay/1"
KEYS = {"format", "ttr_version", "why", "game", "bots", "edition", "map", "rules", "save"}


@dataclass(frozen=True)
class Replay:
    id: str
    game: Game           # replayed from seed + history: over, with its public log
    bots: list[str]      # per seat: a bot name, or a label such as planner#2
    edition: str
    board: str           # the board's name on a server: a shipped map's, or file-<hash> for a map file
    map: dict | None     # a map file's JSON
    rules: dict          # the rules changed (JSON: route_points keyed by length as text)
    why: str
    options: dict        # the edition's options the game was set up with, as JSON (Legacy: its setup)


def canonical(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def board_key(map_data: dict) -> str:
    """The name a designer's board goes by on a server (its content's hash: the same map, one name)."""
    return "file-" + hashlib.sha256(canonical(map_data).encode()).hexdigest()[:12]


def replay_id(d: dict) -> str:
    """A game's id on a server: the hash of its board, edition, seats and save."""
    key = canonical({k: d.get(k) or None for k in ("bots", "edition", "map", "rules", "save")})
    return "r" + hashlib.sha256(key.encode()).hexdigest()[:19]


def rules_json(overrides: tuple) -> dict:
    """Checked overrides (ttr.editions.variants) as JSON."""
    return {k: {str(n): p for n, p in v} if k == "route_points" else v for k, v in overrides}


@lru_cache(maxsize=16)
def _rules(map_text: str | None, edition: str, rules_text: str, players: int) -> Ruleset:
    ed = variant(edition, parse_rules(json.loads(rules_text)))
    m = load_map(edition) if map_text is None else parse_map(json.loads(map_text), "map")
    return Ruleset(m, ed, players)


def ruleset(edition: str, map_data: dict | None, players: int, rules: dict | None = None) -> Ruleset:
    """The rules a replay plays: the edition's (with `rules` changed) on its board or a map file's."""
    if map_data is None and not rules:
        return get_ruleset(edition, players)
    return _rules(None if map_data is None else canonical(map_data), edition, canonical(rules or {}), players)


def dump(game: Game, bots: list[str], edition: str, map_data: dict | None, rules: dict, why: str, index: int,
         version: str) -> dict:
    """A finished game as a replay file."""
    return {"format": FORMAT, "ttr_version": version, "why": why, "game": index, "bots": list(bots),
            "edition": edition, "map": map_data, "rules": dict(rules), "save": dump_save(game)}


def _bad(msg: str) -> SaveError:
    return SaveError(f"replay: {msg}")


def load(d: Any) -> Replay:
    """The finished game a replay file holds; SaveError naming the problem if anything is wrong."""
    if not isinstance(d, dict):
        raise _bad("a replay is a JSON object")
    if d.get("format") != FORMAT:
        raise _bad(f"format must be {FORMAT!r}, not {d.get('format')!r}")
    extra = sorted(set(d) - KEYS)
    if extra:
        raise _bad(f"unknown field {extra[0]!r}")
    edition, map_data, save, bots = d.get("edition"), d.get("map"), d.get("save"), d.get("bots")
    rules = d.get("rules") or {}
    if not isinstance(rules, dict):
        raise _bad("rules: an object of the rules changed, e.g. {\"trains\": 30}")
    if edition not in EDITIONS:
        raise _bad(f"edition: unknown edition {edition!r}; known: {', '.join(sorted(EDITIONS))}")
    if map_data is not None and not isinstance(map_data, dict):
        raise _bad("map: a map file's JSON object, or null for the edition's own board")
    if not isinstance(d.get("why", ""), str) or not isinstance(d.get("game", 0), int):
        raise _bad("why is a string and game an integer")
    if not isinstance(save, dict):
        raise _bad("save: the game's save (docs/save-format.md), an object")
    try:
        s = SaveFile.model_validate(save)
    except ValidationError as e:
        err = e.errors()[0]
        raise _bad(f"save.{'.'.join(str(x) for x in err['loc']) or 'top level'}: {err['msg']}") from None
    if not isinstance(bots, list) or len(bots) != s.num_players or \
            not all(isinstance(b, str) and 0 < len(b) <= 32 for b in bots):
        raise _bad(f"bots: a bot's name for each of the {s.num_players} seats")
    if map_data is None and s.map != edition:
        raise _bad(f"save.map is {s.map!r} but the edition's board is {edition!r} (a map file goes in map)")
    try:
        rs = ruleset(edition, map_data, s.num_players, rules)
    except MapError as e:
        raise _bad(f"map: {e}") from None
    except TtrError as e:
        raise _bad(str(e)) from None
    game, options = _replayed(s, save, rs)
    options = {k: (s.edition or {}).get(k, v) for k, v in options.items()}  # as the save writes them (JSON)
    board = edition if map_data is None else board_key(map_data)
    return Replay(replay_id(d), game, list(bots), edition, board, map_data, rules, d.get("why", ""), options)


def _replayed(s: SaveFile, save: dict, rules: Ruleset) -> tuple[Game, dict[str, Any]]:
    """Seed + history, every action checked; the game must be over and in the save's state."""
    if len(s.history) != len(s.history_seats):
        raise _bad("save: history and history_seats differ in length")
    try:
        options = game_class(rules).options_from_save(s.edition, rules, "save")
        rules = game_class(rules).rules_for(rules, options)
        g = new(rules, s.seed, s.random_first, **options)
    except TtrError as e:
        raise _bad(f"save: {e}") from None
    except Exception as e:  # noqa: BLE001 - a board its edition cannot set up: say so
        raise _bad(f"the {rules.edition.name} rules cannot set up this board: {type(e).__name__}: {e}") from None
    for i, (text, seat) in enumerate(zip(s.history, s.history_seats)):
        if g.is_over:
            raise _bad(f"save.history: the game is over after {i} actions, yet the history goes on")
        if seat != g.current_player:
            raise _bad(f"save.history_seats[{i}]: seat {seat}, but seat {g.current_player} is to move")
        try:
            g.apply(text)
        except (IllegalActionError, TtrError) as e:
            raise _bad(f"save.history[{i}] ({text}): {e}") from None
    if not g.is_over:
        raise _bad(f"the game is not finished after its {len(s.history)} actions: only finished games are replays")
    mine, save = json.loads(canonical(dump_save(g))), json.loads(canonical(save))  # as JSON: tuples are lists
    for k in sorted(set(mine) | set(save)):
        if mine.get(k) != save.get(k):
            raise _bad(f"save.{k} differs from what seed {s.seed} and the history give")
    return g, options


__all__ = ["FORMAT", "Replay", "board_key", "dump", "load", "replay_id", "rules_json", "ruleset"]
