"""`ttr ladder`: the bot ladder, every pair of bots on every board, as a table and a plot."""
from __future__ import annotations

import json
import os

import click

from ..editions import EDITIONS
from ..errors import TtrError
from ..runtime.ladder import markdown, run_ladder
from .options import backend_options, engine_option, make_backend, parse_bots
from .output import check_folder, progress, say

BOTS = "random,greedy,planner,search"


@click.command("ladder")
@click.option("--boards", default=",".join(EDITIONS), show_default=True, help="comma-separated boards")
@click.option("--bots", "--agents", "bot_list", default=BOTS, show_default=True, callback=parse_bots,
              help="comma-separated bots (two or more)")
@click.option("--games", type=click.IntRange(1), default=50, show_default=True,
              help="matches per pair and board (each in both seat orders)")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--workers", type=click.IntRange(1), default=None, help="processes (default: all cores)")
@click.option("--time-per-move", type=click.FloatRange(0, min_open=True), default=None,
              help="seconds per move, for bots that take a budget (default: their own)")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=None,
              help="write ladder.md, ladder.json and ladder.png there")
@backend_options
@engine_option()
def command(boards: str, bot_list: list[str], games: int, seed: int, workers: int | None, time_per_move: float | None,
            out_dir: str | None, backend: str, address: str | None, batch: int | None, engine: str = "auto") -> None:
    """Bradley-Terry (Elo-scale) ratings of the bots on every board, with 95% intervals, from
    two-player matches of every pair (paired seeds, both seat orders)."""
    names = [b for b in boards.split(",") if b]
    unknown = [b for b in names if b not in EDITIONS]
    if unknown:
        raise click.BadParameter(f"unknown board {unknown[0]!r}; known: {', '.join(EDITIONS)}", param_hint="'--boards'")
    bots = bot_list
    where = make_backend(backend, address, batch, workers)
    if out_dir:
        from ..analytics.figures import require
        try:
            require()
        except TtrError as e:
            raise click.ClickException(str(e)) from None
        check_folder(out_dir, "--out")
    try:
        with progress("ladder", None) as update:
            ladders = run_ladder(names, bots, games, seed, time_per_move, where, workers, engine,
                                 lambda what, done, total: update(done, total, what))
    except TtrError as e:
        raise click.ClickException(str(e)) from None
    table = markdown(ladders)
    click.echo(table)
    if out_dir:
        from ..analytics.ladder_plot import plot_ladder
        os.makedirs(out_dir, exist_ok=True)
        with open(os.path.join(out_dir, "ladder.md"), "w", encoding="utf-8") as f:
            f.write(table + "\n")
        with open(os.path.join(out_dir, "ladder.json"), "w", encoding="utf-8") as f:
            json.dump({"bots": bots, "games_per_pair": games, "seed": seed, "time_per_move": time_per_move,
                       "boards": [lad.to_dict() for lad in ladders]}, f, indent=1)
        plot_ladder(ladders, os.path.join(out_dir, "ladder.png"))
        say(f"wrote {out_dir}/ladder.md, ladder.json, ladder.png")
