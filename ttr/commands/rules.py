"""--rule NAME=VALUE: a rule variant on the command line (ttr.editions.variants), checked before
any game is played; a bad rule is a usage error naming it."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from ..editions import new_game, variant
from ..editions.variants import Overrides, changed, describe, parse_rule_options
from ..errors import TtrError

RULE_HELP = "change a rule (repeatable): trains=30, route_points=7:18, longest_bonus=none (docs/analyze.md)"


def rule_option() -> Callable:
    return click.option("--rule", "rule_texts", multiple=True, metavar="NAME=VALUE", help=RULE_HELP)


def rule_overrides(texts: tuple[str, ...] | list[str]) -> Overrides:
    """--rule NAME=VALUE options, checked (a usage error naming the rule)."""
    try:
        return parse_rule_options(texts)
    except TtrError as e:
        raise click.BadParameter(str(e), param_hint="'--rule'") from None


def board_rules(map_name: str, players: int, texts: tuple[str, ...] | list[str]) -> Overrides:
    """The rules changed on shipped board `map_name`, checked and playable at `players` players."""
    rules = rule_overrides(texts)
    if rules:
        try:
            variant(map_name, rules)
            new_game(map_name, players, 0, rules=rules)
        except TtrError as e:
            raise click.BadParameter(str(e), param_hint="'--rule'") from None
        except Exception as e:  # noqa: BLE001 - a setup the numbers cannot deal (too few cards)
            raise click.BadParameter(f"{map_name} cannot be set up for {players} players with these rules "
                                     f"({type(e).__name__}: {e})", param_hint="'--rule'") from None
    return rules


def rules_summary(map_name: str, rules: Overrides) -> dict[str, Any]:
    """The rules changed, for --json: name -> {"value", "stock"}."""
    return changed(map_name, rules)


__all__ = ["RULE_HELP", "board_rules", "describe", "rule_option", "rule_overrides", "rules_summary"]
