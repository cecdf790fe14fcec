"""`ttr simulate`: many games between bots, summarised."""
from __future__ import annotations

import json

import click
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from ..version import __version__
from ..errors import TtrError
from ..runtime.sim import simulate, summarize
from .options import (
    backend_options,
    bots_option,
    check_players,
    engine_option,
    make_backend,
    map_option,
    players_option,
    seat_bots,
)


@click.command("simulate")
@map_option()
@players_option(4)
@click.option("--games", type=click.IntRange(1), default=100, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True, help="game i uses seed + i")
@bots_option()
@click.option("--json", "as_json", is_flag=True, help="print the summary as JSON")
@backend_options
@engine_option()
def command(map_name: str, players: int, games: int, seed: int, bots: list[str], as_json: bool, backend: str,
            address: str | None, batch: int | None, engine: str) -> None:
    """Play many games between bots and summarise scores, tickets, length and wins.
    Ctrl-C stops early and reports the games finished."""
    check_players(map_name, players)
    names = seat_bots(bots, players)
    where = make_backend(backend, address, batch)
    try:
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                      console=Console(stderr=True), transient=True) as bar:
            task = bar.add_task(f"{map_name} {players}p", total=games)
            records, stopped = simulate(map_name, players, names, games, seed, where, lambda: bar.advance(task),
                                        engine=engine)
    except TtrError as e:
        raise click.ClickException(str(e)) from None
    if stopped and not records:
        raise click.ClickException("stopped before the first game ended")
    s = summarize(records, players)
    s = {"map": map_name, "players": players, "bots": names, "seed": seed, "engine": engine, "games_asked": games,
         "stopped_early": stopped, "ttr_version": __version__, **s}
    if as_json:
        click.echo(json.dumps(s, indent=2))
        return
    console = Console()
    if stopped:
        console.print(f"[yellow]Stopped: {len(records)} of {games} games finished.[/]")
    console.print(f"{len(records)} games of {map_name}, {players} players ({', '.join(names)}), "
                  f"seeds {seed}..{seed + len(records) - 1}")
    console.print(f"score: mean {s['score_mean']:.1f}, sd {s['score_sd']:.1f}")
    console.print(f"tickets completed: {s['ticket_completion']:.1%}")
    console.print(f"game length: {s['turns_mean']:.1f} turns (sd {s['turns_sd']:.1f}), {s['actions_mean']:.1f} actions")
    t = Table()
    for col in ("seat", "bot", "win rate", "mean score"):
        t.add_column(col, justify="left" if col in ("seat", "bot") else "right")
    for seat in range(players):
        t.add_row(str(seat), names[seat], f"{s['win_rate_by_seat'][seat]:.1%}", f"{s['score_by_seat'][seat]:.1f}")
    console.print(t)
