"""`ttr bench`: the engine's speed on random full games."""
from __future__ import annotations

import json

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Table

from ..version import __version__
from ..errors import TtrError
from ..runtime.sim import bench as run_bench
from .options import check_players, map_option, players_option

TARGETS = (("usa", 2), ("europe", 4), ("nordic", 3), ("world", 4))  # the speed targets' setups


@click.command("bench")
@map_option(default=None)
@players_option(None, help="default: 2, or each target setup's count")
@click.option("--games", type=click.IntRange(1), default=200, show_default=True, help="games per run")
@click.option("--runs", type=click.IntRange(1), default=5, show_default=True)
@click.option("--json", "as_json", is_flag=True)
def command(map_name: str | None, players: int | None, games: int, runs: int, as_json: bool) -> None:
    """Random full games per second and microseconds per action (medians over runs), on the
    engine's fast path (apply_unchecked, no public log). Default: the speed targets' setups."""
    if map_name:
        configs = [(map_name, check_players(map_name, players or 2))]
    else:
        configs = [(m, check_players(m, players) if players else n) for m, n in TARGETS]
    rows = []
    try:
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                      console=Console(stderr=True), transient=True) as bar:
            task = bar.add_task("bench", total=len(configs) * runs)
            for m, n in configs:
                bar.update(task, description=f"{m} {n}p")
                rows.append(run_bench(m, n, games, runs, progress=lambda: bar.advance(task)))
    except TtrError as e:
        raise click.ClickException(str(e)) from None
    if as_json:
        click.echo(json.dumps({"ttr_version": __version__, "results": rows}, indent=2))
        return
    t = Table(title=f"random full games, one core, median of {runs} runs of {games} games")
    for col in ("map", "players", "games/s", "(min-max)", "us/action", "clone us"):
        t.add_column(col, justify="right")
    for r in rows:
        t.add_row(r["map"], str(r["players"]), f"{r['games_per_s']:.0f}",
                  f"{r['games_per_s_min']:.0f}-{r['games_per_s_max']:.0f}", f"{r['us_per_action']:.2f}",
                  f"{r['clone_us']:.2f}")
    Console().print(t)
