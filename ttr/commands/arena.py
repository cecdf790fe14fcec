"""`ttr arena`: bots against each other on paired seeds with rotated seats, in parallel."""
from __future__ import annotations

import csv
import os

import click
from rich import box
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from ..errors import TtrError
from ..runtime.arena import ROW_FIELDS, ArenaResult, run_arena
from .options import (
    backend_options,
    bots_option,
    check_players,
    engine_option,
    make_backend,
    map_option,
    players_option,
)


@click.command("arena")
@map_option()
@players_option(2)
@bots_option(None, required=True, help="comma-separated bot names; fewer than --players are cycled over the seats, "
             "a name given twice is two entrants")
@click.option("--games", type=click.IntRange(1), default=100, show_default=True,
              help="matches: seeds seed..seed+games-1, each played in every seat rotation")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--workers", type=click.IntRange(1), default=None, help="processes (default: all cores)")
@click.option("--time-per-move", type=click.FloatRange(0, min_open=True), default=None,
              help="seconds per move, for bots that take a budget")
@click.option("--csv", "csv_path", type=click.Path(dir_okay=False, writable=True), default=None,
              help="write one row per game per seat")
@click.option("--json", "json_path", type=click.Path(dir_okay=False, writable=True, allow_dash=True), default=None,
              help="write the summary as JSON ('-' prints it instead of the tables)")
@backend_options
@engine_option()
def command(map_name: str, players: int, bots: list[str], games: int, seed: int, workers: int | None,
            time_per_move: float | None, csv_path: str | None, json_path: str | None, backend: str,
            address: str | None, batch: int | None, engine: str = "auto") -> None:
    """Bots against each other: paired seeds, rotated seats, win rates with 95% CIs,
    head-to-head results and Bradley-Terry (Elo-scale) ratings. Ctrl-C stops early and
    reports the games finished."""
    check_players(map_name, players)
    if len(bots) > players:
        raise click.BadParameter(f"{len(bots)} bots for {players} seats: give at most one bot per seat",
                                 param_hint="'--bots'")
    where = make_backend(backend, address, batch, workers)
    workers = workers or os.cpu_count() or 1
    err = Console(stderr=True)
    try:
        # no auto-refresh: no thread in this process while worker processes are forked
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                      TimeRemainingColumn(), console=err, transient=True, auto_refresh=False) as bar:
            task = bar.add_task(f"arena {map_name} {players}p", total=None)

            def progress(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total, refresh=True)

            result = run_arena(map_name, players, bots, games, seed, workers, time_per_move, progress, where,
                               engine=engine)
    except TtrError as e:
        raise click.ClickException(str(e)) from None
    if csv_path:
        with open(csv_path, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=ROW_FIELDS)
            w.writeheader()
            w.writerows(result.to_rows())
    if json_path == "-":
        click.echo(result.to_json())
        return
    if json_path:
        with open(json_path, "w") as f:
            f.write(result.to_json() + "\n")
    _print(Console(), result, f"{workers} worker{'s' * (workers != 1)}" if where is None else "on Ray")


def _print(console: Console, r: ArenaResult, where: str) -> None:
    rots = len(r.lineups)
    if r.stopped:
        console.print(f"[yellow]Stopped: {len(r.records)} of {r.games * rots} games finished.[/]")
    budget = f", {r.time_per_move:g} s per move" if r.time_per_move else ""
    console.print(f"{len(r.records)} games of {r.map_name}, {r.players} players: {r.games} seeds "
                  f"({r.seed}..{r.seed + r.games - 1}) x {rots} seat rotation{'s' * (rots != 1)}{budget}, "
                  f"{where}")
    order = sorted(r.stats.values(), key=lambda s: (-s.rating, r.bots.index(s.bot)))
    t = Table(title="bots, by rating", box=box.SIMPLE_HEAD, show_edge=False)
    for col in ("bot", "games", "win\nrate", "95% CI", "mean\nscore", "tickets\ndone", "mean\nrank",
                "rating", "ms/\nmove"):
        t.add_column(col, justify="left" if col == "bot" else "right", no_wrap=True)
    for s in order:
        t.add_row(s.bot, str(s.games), f"{s.win_rate:.1%}", f"{s.ci_low:.0%}-{s.ci_high:.0%}",
                  f"{s.score_mean:.1f}", f"{s.ticket_completion:.1%}", f"{s.rank_mean:.2f}",
                  f"{s.rating:.0f}", f"{s.sec_per_move * 1000:.2f}")
    console.print(t)
    console.print("slowest move: " + ", ".join(f"{s.bot} {s.max_move_sec:.2f} s" for s in order))
    console.print("[dim]win rate: a win shared by k seats counts 1/k; tickets done: completed/kept;\n"
                  "rating: Bradley-Terry over all pairs of seats in all games, Elo scale, mean 1500[/]")
    if len(order) < 2:
        return
    h = Table(title="head to head: row's win rate against column (comparisons)",
              box=box.SIMPLE_HEAD, show_edge=False)
    h.add_column("bot")
    for s in order:
        h.add_column(s.bot, justify="right")
    for a in order:
        cells = []
        for b in order:
            x = r.head_to_head.get(a.bot, {}).get(b.bot)
            cells.append("-" if a is b or x is None else f"{x['rate']:.1%} ({x['games']:g})")
        h.add_row(a.bot, *cells)
    console.print(h)
