"""Legacy: Legends of the West in the native core, a slice at a time: the core plays a game only
when its setup (a LegacySetup) uses what the core holds so far; `legacy_supported` names the first
feature it does not. ttr.editions registers how a setup becomes the core's tables (`use_legacy`:
ttr/editions/legacy/native.py; this package sits below ttr.editions and cannot import it)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine import Ruleset
from ..errors import TtrError

LEGACY = "legends-west"  # the edition's name
_HOOKS: dict[str, Callable[..., Any]] = {}


def use_legacy(twin: Callable[[Ruleset, Any], Any], tables: Callable[[Ruleset, Any], dict[str, Any]]) -> None:
    """How a setup is read: `twin(rules, setup)` a static LegacyGame of it (None: the demo pack's
    game 1; checked as a new game checks it), `tables(rules, setup)` the core's tables."""
    _HOOKS["twin"], _HOOKS["tables"] = twin, tables


def legacy_supported(setup: Any) -> str | None:
    """None if the native core plays a game of this LegacySetup; otherwise the first feature it
    uses that the core does not hold yet. The core holds money (L1), newspapers and events of every
    effect, giving money, cards or tickets, removed for good or not (L2, LW-P5, LW-P6), claim steps
    of every kind, card icons (L4, LW-I1), companies' bonus cards, train counts and offices (152),
    retired tickets, tickets held face up (465), the events' actions (trades, 278), the events'
    extra-card offers (the extras phase, 322), the rules of play at Q-V and postcard abilities at
    P1-P3 (437-447, LW-X3: their actions and extra-card offers, for the companies they name),
    dollar scoring (L5) and frontier boards (451: the board they grow is the game's,
    LegacyGame.rules_for). A setup too big for the core's fixed sizes (the ledger, ticket ids, ...)
    is refused by `ttr.native.game.core_rules`, naming the size."""
    return None


def legacy_twin(rules: Ruleset, setup: Any) -> Any:
    """The static LegacyGame of `setup` on `rules` (its layout, view block, options; its `rules`
    the board the setup's frontiers grow); TtrError naming the feature if the core does not play it."""
    if "twin" not in _HOOKS:
        raise TtrError("the native core's Legacy tables are not registered (import ttr.editions)")
    twin = _HOOKS["twin"](rules, setup)
    missing = legacy_supported(twin.setup)
    if missing is not None:
        raise TtrError(f"the native engine does not play this Legacy setup yet: it uses {missing}; "
                       "use engine='python'")
    return twin


def legacy_tables(rules: Ruleset, setup: Any) -> dict[str, Any]:
    return _HOOKS["tables"](rules, setup)


__all__ = ["LEGACY", "legacy_supported", "legacy_tables", "legacy_twin", "use_legacy"]
