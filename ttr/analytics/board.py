"""Which board a run plays: a shipped map by name, or a designer's own map file together with
the edition whose rules it plays, and any rules changed (a variant: ttr.editions.variants). A Board
is a picklable value that carries a map file's text, so workers (local processes or Ray nodes)
never read the file; each builds the rules once."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from .. import native
from ..editions import ENGINES, EDITIONS, get_edition, get_ruleset
from ..editions.variants import Overrides, changed, merge, parse_rules, variant
from ..engine import Game, Ruleset, new
from ..errors import MapError, TtrError
from ..maps import Map, load_map, load_map_file, parse_map


@dataclass(frozen=True)
class Board:
    name: str               # the map's own name (its file's `name`)
    edition: str            # the edition (registry name) whose rules it plays
    path: str | None = None  # a designer's map file; None: the shipped board `name`
    text: str | None = field(default=None, repr=False)  # that file's JSON, as read when the run began
    rules: Overrides = ()   # rules changed (the map file's "rules", then those given), checked

    @property
    def label(self) -> str:
        return self.name if self.path is None else f"{self.name} ({Path(self.path).name}, {self.edition} rules)"

    def load(self) -> Map:
        return load_map(self.name) if self.path is None else _map_file(self._text(), Path(self.path).name)

    def ruleset(self, players: int) -> Ruleset:
        if self.path is None and not self.rules:
            return get_ruleset(self.name, players)
        if self.path is None:
            return _variant_ruleset(self.name, self.rules, players)
        return _file_ruleset(self._text(), Path(self.path).name, self.edition, self.rules, players)

    def changed(self) -> dict[str, dict]:
        """The rules changed, each with its value and the edition's (for the records and the report)."""
        return changed(self.edition, self.rules)

    def engine_for(self, players: int, engine: str) -> str:
        """The engine that plays: "auto" is the native core where it plays these rules (the
        edition, and every number of a variant within the core's sizes), else Python; "native"
        where it cannot is a TtrError saying why."""
        if engine not in ENGINES:
            raise TtrError(f"unknown engine {engine!r}; one of {', '.join(ENGINES)}")
        if engine == "python":
            return engine
        rules = self.ruleset(players)
        why = native.why_unavailable() or (None if native.plays(rules) else
                                           f"it plays {', '.join(native.NATIVE_EDITIONS)} so far")
        if why is None:
            try:
                native.batch_core(rules)  # the core's tables: a variant's numbers within its sizes?
            except TtrError as e:
                why = str(e)
        if why is None:
            return "native"
        if engine == "native":
            raise TtrError(f"the native engine cannot play {self.label} at {players} players: {why}")
        return "python"

    def new_game(self, players: int, seed: int, *, record: bool = False, engine: str = "python") -> Game:
        """A game on this board (`engine`: "python", "native" or "auto", as ttr.new_game)."""
        rules = self.ruleset(players)
        if self.engine_for(players, engine) == "native":
            return native.new(rules, seed, record=record)
        return new(rules, seed, record=record)

    def raw(self) -> dict | None:
        """The map file's JSON (kept with the records so a report can be drawn again), or None for a
        shipped board."""
        return None if self.path is None else json.loads(self._text())

    def _text(self) -> str:
        if self.text is None:
            raise TtrError(f"{self.path}: a map file's board is made by from_file (it carries the file's text)")
        return self.text


@lru_cache(maxsize=8)
def _map_file(text: str, origin: str) -> Map:
    return parse_map(json.loads(text), origin)  # text that from_file has validated


@lru_cache(maxsize=32)
def _file_ruleset(text: str, origin: str, edition: str, rules: Overrides, players: int) -> Ruleset:
    return Ruleset(_map_file(text, origin), variant(edition, rules), players)


@lru_cache(maxsize=32)
def _variant_ruleset(name: str, rules: Overrides, players: int) -> Ruleset:
    return Ruleset(load_map(name), variant(name, rules), players)


def shipped(name: str, rules: Overrides = ()) -> Board:
    """A shipped board, with `rules` (checked overrides: ttr.editions.variants.parse_rules) changed."""
    variant(name, rules)  # TtrError naming the known boards, or what is wrong with a rule
    return Board(name, name, rules=rules)


def from_file(path: str, edition: str | None = None, rules: Overrides = ()) -> Board:
    """A designer's map file, validated (MapError naming the file, the entry and the problem), with
    the edition it plays: `edition`, or else the map's own `name` if that names an edition. The
    file's own "rules" change the edition's, then `rules` change those."""
    m = load_map_file(path)
    text = Path(path).read_text(encoding="utf-8")
    try:
        own = parse_rules(json.loads(text).get("rules"))
    except TtrError as e:
        raise TtrError(f"{Path(path).name}: {e}") from None
    if edition is None:
        if m.name not in EDITIONS:
            raise TtrError(f"{Path(path).name}: the map is named {m.name!r}, which is no edition's name, so it "
                           f"does not say whose rules it plays: give --edition ({', '.join(sorted(EDITIONS))})")
        edition = m.name
    rules = merge(own, rules)
    try:
        variant(edition, rules)
    except TtrError as e:
        raise TtrError(f"{Path(path).name}: {e}") from None
    return Board(m.name, edition, str(Path(path).resolve()), text, rules)


def check_playable(board: Board, players: int) -> None:
    """TtrError (or MapError) saying why `board` cannot be played by `players` under its edition:
    a player count outside the edition's range, a route length it does not score, too few
    tickets or cards to deal."""
    ed = get_edition(board.edition)
    if not ed.min_players <= players <= ed.max_players:
        raise TtrError(f"{board.label} is for {ed.min_players}-{ed.max_players} players, not {players}")
    try:
        board.new_game(players, 0)
    except TtrError as e:
        if "does not score" in str(e):  # a route length: a variant may score it
            raise TtrError(f"{e}: give its points, e.g. the map file's \"rules\": {{\"route_points\": {{\"7\": 18}}}} "
                           "or --rule route_points=7:18") from None
        raise
    except MapError:
        raise
    except Exception as e:  # noqa: BLE001 - a map the edition's setup cannot deal: say so, plainly
        raise TtrError(f"{board.label} cannot be set up for {players} players under the {board.edition} rules "
                       f"({type(e).__name__}: {e}); check its tickets and routes") from None


__all__ = ["Board", "check_playable", "from_file", "shipped"]
