"""ttr's native core (C++, native/) behind the engine's face: `ttr.new_game(..., engine="native")`
gives a `NativeGame`, the same game as the Python engine's, faster. Built by `pip install` where a
C++20 compiler is present; without it `available()` is False and `why_unavailable()` says why,
and ttr plays on the Python engine.

The core also plays the random, greedy and planner bots (`bot_move`; whole games in batches:
`playouts`), exactly as ttr.agents plays them."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine import Action, Ruleset
from ..errors import TtrError
from .bots import BOTS, bot_move, playouts, use_registry
from .game import (
    BOT_EDITIONS,
    ID_EDITIONS,
    CORE,
    NATIVE_EDITIONS,
    UNAVAILABLE,
    NativeGame,
    NativeLegal,
    check_native,
    core_rules,
    static_game,
)
from .legacy import legacy_supported, use_legacy


def available() -> bool:
    """Is the native core built and importable?"""
    return CORE is not None


def why_unavailable() -> str | None:
    return UNAVAILABLE


def plays(rules: Ruleset, options: dict[str, Any] | None = None) -> bool:
    """Can the native core play these rules (with the edition's `options`: Legacy's setup, which
    it plays when legacy_supported accepts it)?"""
    if CORE is None or rules.edition.name not in NATIVE_EDITIONS:
        return False
    try:
        check_native(rules, options)
        if options and "setup" in options:  # (a Legacy setup within the core's sizes?)
            core_rules(rules, static_game(rules, options["setup"]).setup)
    except TtrError:
        return False
    return True


def plays_by_ids(rules: Ruleset) -> bool:
    """Can the native core play these rules by action ids (the vector environment's tables)?
    (Legacy: its trades and extra cards by their offer's slot; the setups legacy_supported accepts.)"""
    return plays(rules) and rules.edition.name in ID_EDITIONS


def plays_bots(rules: Ruleset, options: dict[str, Any] | None = None) -> bool:
    """Can the native core play these rules' bots (bot_move, playouts between bots, the search
    bot's playouts; with the edition's `options`: Legacy's setup)?"""
    return plays(rules, options) and rules.edition.name in BOT_EDITIONS


def new(rules: Ruleset, seed: int = 0, random_first: bool = False, *, record: bool = True, **options: Any) -> NativeGame:
    """A new native game (TtrError if the core is missing or does not play this edition, or this
    Legacy setup, yet; `options`: the edition's own, Legacy's `setup`)."""
    return NativeGame.new(rules, seed, random_first, record=record, **options)


def from_state(rules: Ruleset, state: Sequence[int], *, record: bool = False, actions: Sequence[Action] = (),
               seats: Sequence[int] = (), **options: Any) -> NativeGame:
    """The native game of a checked integer state (`options`: the edition's own, Legacy's `setup`)."""
    check_native(rules, options)
    return NativeGame.from_state(rules, state, record=record, actions=actions, seats=seats, **options)


def core_bytes(game: Any) -> int:
    """Bytes a game holds in the native core (0 for a game of another engine): its state, the
    core's caches of its legal actions, the draws it seeded ahead."""
    return game._h.nbytes if isinstance(game, NativeGame) else 0


def batch_core(rules: Ruleset, setup: Any = None) -> tuple[Any, Any]:
    """(the core's module, its tables of `rules`) for the core's batch functions (random_games);
    Legacy: of `setup` (None: the demo pack's game 1), on the board its frontiers grow."""
    if setup is not None:
        check_native(rules, {"setup": setup})
    return CORE, core_rules(rules, setup)


__all__ = ["BOTS", "BOT_EDITIONS", "ID_EDITIONS", "batch_core", "bot_move", "core_bytes", "NATIVE_EDITIONS", "NativeGame", "NativeLegal", "available",
           "from_state", "legacy_supported", "new", "playouts", "plays", "plays_bots", "plays_by_ids", "use_legacy", "use_registry",
           "why_unavailable"]
