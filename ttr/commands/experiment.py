"""`ttr analyze EXPERIMENT.toml`: the experiment file's values, with the options given beside it on
the command line taking their place (each one named in the records and the report), and the
rule changes (`--rule`) over the file's."""
from __future__ import annotations

from typing import Any

import click
from click.core import ParameterSource

from ..analytics.experiment import Experiment, load
from ..editions.variants import merge
from ..errors import TtrError
from .rules import rule_overrides

# the analyze options an experiment file also sets: parameter name -> option
WHAT = {"map_name": "--map", "map_file": "--map-file", "edition": "--edition", "players_text": "--players",
        "bots": "--bots", "games": "--games", "seed": "--seed", "rule_texts": "--rule"}


def given(ctx: click.Context) -> list[str]:
    """The parameters of WHAT typed on the command line (or set in the environment)."""
    return [n for n in WHAT if ctx.get_parameter_source(n) in (ParameterSource.COMMANDLINE, ParameterSource.ENVIRONMENT)]


def with_experiment(ctx: click.Context, path: str, values: dict[str, Any]) -> tuple[dict[str, Any], Experiment, list[str]]:
    """The analyze parameters for an experiment file: the file's values where the command line
    gave none; the options it did give replace the file's (`--map` or `--map-file` the file's
    board; `--rule` changes the file's rules rule by rule). Also the experiment and the options
    that replaced its values. A bad file is a usage error (exit 2) before any game is played."""
    try:
        exp = load(path)
    except TtrError as e:
        raise click.BadParameter(str(e), param_hint="EXPERIMENT") from None
    typed = given(ctx)
    out = dict(values)
    board_typed = "map_name" in typed or "map_file" in typed
    if not board_typed:
        out["map_name"], out["map_file"] = exp.map, exp.map_file
        if "edition" not in typed:
            out["edition"] = exp.edition
    if "players_text" not in typed and exp.players:
        out["players_text"] = ",".join(map(str, exp.players))
    if "bots" not in typed and exp.bots:
        out["bots"] = list(exp.bots)
    for name in ("games", "seed"):
        if name not in typed and getattr(exp, name) is not None:
            out[name] = getattr(exp, name)
    out["rules"] = merge(exp.rules, rule_overrides(values.get("rule_texts", ())))
    return out, exp, [WHAT[n] for n in typed]


__all__ = ["WHAT", "given", "rule_overrides", "with_experiment"]
