"""The editions, and the registry that resolves a board's name to its rules.

Above the engine (as python-chess keeps its variants above the board): the
engine plays any Ruleset; this module knows which edition and map a name
means, builds their Ruleset once, and offers the name-based entry points
`new_game` and `replay`.
"""
from __future__ import annotations

import copyreg
from functools import lru_cache
from typing import Any

from ..engine.edition import Edition
from ..engine.face import Game
from ..engine.game import PyGame
from ..engine.ruleset import Ruleset
from .. import native
from ..errors import IllegalActionError, TtrError
from ..maps import load_map
from .europe import EUROPE
from .legacy import LEGENDS_WEST
from .legacy import native as legacy_native
from .legacy.board import grown_origin, grown_ruleset
from .nordic import NORDIC
from .rails_sails import GREAT_LAKES, WORLD
from .usa import USA

EDITIONS: dict[str, Edition] = {e.name: e for e in (USA, EUROPE, NORDIC, WORLD, GREAT_LAKES, LEGENDS_WEST)}


def register(edition: Edition) -> None:
    EDITIONS[edition.name] = edition
    get_ruleset.cache_clear()


def get_edition(name: str) -> Edition:
    try:
        return EDITIONS[name]
    except KeyError:
        raise TtrError(f"unknown edition/map {name!r}; known: {', '.join(sorted(EDITIONS))}") from None


def player_range(name: str) -> range:
    """The player counts the edition of board `name` allows."""
    ed = get_edition(name)
    return range(ed.min_players, ed.max_players + 1)


@lru_cache(maxsize=None)
def get_ruleset(map_name: str, players: int) -> Ruleset:
    """The static rules of board `map_name` for `players` players (built once)."""
    if not isinstance(players, int) or isinstance(players, bool):
        raise TtrError(f"players must be an integer, not {players!r}")
    return Ruleset(load_map(map_name), get_edition(map_name), players)


native.use_registry(get_ruleset)  # ttr.native.playouts("usa", 2, ...) resolves names here
native.use_legacy(legacy_native.twin, legacy_native.tables)  # how the core reads a Legacy setup


def _pickle_ruleset(rules: Ruleset) -> tuple[Any, ...]:
    """A registry ruleset pickles by name, so that it unpickles to the one instance every game of
    the board shares (the native core's tables are keyed by it), a Legacy board grown by frontiers
    by them (the same); any other one by value."""
    name = rules.map.name
    if name in EDITIONS and rules.players in player_range(name) and get_ruleset(name, rules.players) is rules:
        return (get_ruleset, (name, rules.players))
    grown = grown_origin(rules)  # (a Legacy board grown by frontier boards: by its frontiers)
    if grown is not None:
        return (grown_ruleset, grown)
    by_value: tuple[Any, ...] = rules.__reduce_ex__(4)  # type: ignore[assignment]  # (object's own: not the dispatch table again)
    return by_value


copyreg.pickle(Ruleset, _pickle_ruleset)

ENGINES = ("auto", "python", "native")


def engine_for(map_name: str, players: int, engine: str = "auto", rules: Any = (),
               options: dict[str, Any] | None = None) -> str:
    """The engine that plays: "auto" is the native core where it is installed and plays the board
    (with the edition's `options`: a Legacy setup it holds; with `rules` changed, holds their
    numbers), else the Python engine; "python" and "native" are themselves (TtrError for another
    name)."""
    if engine == "auto":
        if not rules:
            return "native" if native.plays(get_ruleset(map_name, players), options) else "python"
        rs = variant_ruleset(map_name, players, rules)
        if not native.plays(rs, options):
            return "python"
        try:
            native.batch_core(rs)  # a variant's numbers within the core's sizes?
        except TtrError:
            return "python"
        return "native"
    if engine not in ENGINES:
        raise TtrError(f"unknown engine {engine!r}; one of {', '.join(ENGINES)}")
    return engine


def new_game(map_name: str, players: int = 2, seed: int = 0, random_first: bool = False, *, record: bool = True,
             engine: str = "python", rules: Any = (), **options: Any) -> Game:
    """A new game of the edition played on `map_name`, set up from `seed`
    (`options`: the edition's own, e.g. Legacy's `setup`; `record=False`: no public log).
    `engine`: "python" (the reference), "native" (the C++ core: the same game, faster; every
    board, and Legacy setups of what ttr.native.legacy_supported accepts: TtrError naming what is
    not native otherwise) or "auto" (native where it can).
    `rules`: rules changed (checked overrides: ttr.editions.variants.parse_rules)."""
    rs = variant_ruleset(map_name, players, rules) if rules else get_ruleset(map_name, players)
    if engine_for(map_name, players, engine, rules, options) == "native":
        return native.new(rs, seed, random_first, record=record, **options)
    return PyGame.new(rs, seed, random_first, record=record, **options)


def game_class(rules: Ruleset) -> type[PyGame]:
    """The Python engine's class for an edition (its hooks write and read the edition's own
    block of a save: `options_from_save`, `edition_from_save`, `edition_to_save`)."""
    return rules.edition.game_class() or PyGame


def replay(map_name: str, players: int, seed: int, history: list, random_first: bool = False, *,
           engine: str = "python", **options: Any) -> Game:
    """Seed + history = the game (G10); every action is checked."""
    if engine_for(map_name, players, engine, options=options) == "python":
        return PyGame.replay(get_ruleset(map_name, players), seed, history, random_first, **options)
    g = new_game(map_name, players, seed, random_first, engine=engine, **options)
    for i, text in enumerate(history):
        try:
            g.apply(text)
        except IllegalActionError as e:
            raise IllegalActionError(f"history entry {i} ({text}): {e}") from None
    return g


from .variants import RULES, parse_rules, variant  # noqa: E402  (it reads the registry above)
from .variants import ruleset as variant_ruleset  # noqa: E402

__all__ = ["ENGINES", "EDITIONS", "Edition", "RULES", "engine_for", "game_class", "get_edition", "get_ruleset", "new_game", "parse_rules", "player_range",
           "register", "replay", "variant"]
