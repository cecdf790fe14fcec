"""The `ttr` command."""
from __future__ import annotations

import json
import sys

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from . import __version__
from .agents import AGENTS
from .editions import EDITIONS
from .errors import TtrError
from .sim import bench as run_bench
from .sim import play_game, record, summarize
from .text import describe, result_columns

console = Console()
MAPS = click.Choice(sorted(EDITIONS))


@click.group()
@click.version_option(__version__)
def main() -> None:
    """ttr: the Ticket to Ride family of board games."""


def _agents(spec: str | None, players: int) -> list[str]:
    if not spec:
        return ["random"] * players
    names = [s.strip() for s in spec.split(",") if s.strip()]
    for n in names:
        if n not in AGENTS:
            raise click.BadParameter(f"unknown agent {n!r}; known: {', '.join(sorted(AGENTS))}")
    return (names * players)[:players]


@main.command()
@click.option("--map", "map_name", type=MAPS, default="europe", show_default=True)
@click.option("--players", type=click.IntRange(1, 8), default=4, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--agents", default=None, help="comma-separated agent names, one per seat (default: random)")
def demo(map_name: str, players: int, seed: int, agents: str | None) -> None:
    """Play one game between bots, printed turn by turn, with final scores."""
    names = _agents(agents, players)
    last_turn = [-1]

    def show(g, seat, action):
        if g.turns != last_turn[0] and g.phase == "turn":
            last_turn[0] = g.turns
            console.print(f"[dim]turn {g.turns + 1:3d}[/] seat {seat} ({names[seat]}): {describe(g, seat, action)}")
        else:
            console.print(f"[dim]         [/] seat {seat} ({names[seat]}): {describe(g, seat, action)}")

    try:
        g = play_game(map_name, players, seed, names, on_action=show)
    except TtrError as e:
        raise click.ClickException(str(e)) from None
    _print_result(g)


def _print_result(g) -> None:
    r = g.result()
    cols, rows, legend = result_columns(r, g.edition)
    t = Table(title=f"Final scores: {g.map.title}, seed {g.seed}, {g.turns} turns")
    for col in ["rank", "seat"] + cols:
        t.add_column(col, justify="right")
    for seat, row in zip(r["ranking"], rows):
        t.add_row(str(r["players"][seat]["rank"]), str(seat), *row)
    console.print(t)
    console.print(f"[dim]{legend}[/]")


@main.command()
@click.option("--map", "map_name", type=MAPS, default="europe", show_default=True)
@click.option("--players", type=click.IntRange(1, 8), default=4, show_default=True)
@click.option("--games", type=click.IntRange(1), default=100, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True, help="game i uses seed + i")
@click.option("--agents", default=None, help="comma-separated agent names, one per seat (default: random)")
@click.option("--json", "as_json", is_flag=True, help="print the summary as JSON")
def simulate(map_name: str, players: int, games: int, seed: int, agents: str | None, as_json: bool) -> None:
    """Play many games between bots and summarise scores, tickets, length and wins."""
    names = _agents(agents, players)
    records = []
    try:
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                      console=Console(stderr=True), transient=True) as bar:
            task = bar.add_task(f"{map_name} {players}p", total=games)
            for i in range(games):
                records.append(record(play_game(map_name, players, seed + i, names)))
                bar.advance(task)
    except TtrError as e:
        raise click.ClickException(str(e)) from None
    s = summarize(records, players)
    if as_json:
        click.echo(json.dumps(s, indent=2))
        return
    console.print(f"{games} games of {map_name}, {players} players ({', '.join(names)}), seeds {seed}..{seed + games - 1}")
    console.print(f"score: mean {s['score_mean']:.1f}, sd {s['score_sd']:.1f}")
    console.print(f"tickets completed: {s['ticket_completion']:.1%}")
    console.print(f"game length: {s['turns_mean']:.1f} turns (sd {s['turns_sd']:.1f}), {s['actions_mean']:.1f} actions")
    t = Table()
    t.add_column("seat")
    t.add_column("agent")
    t.add_column("win rate", justify="right")
    t.add_column("mean score", justify="right")
    for seat in range(players):
        t.add_row(str(seat), names[seat], f"{s['win_rate_by_seat'][seat]:.1%}", f"{s['score_by_seat'][seat]:.1f}")
    console.print(t)


@main.command()
@click.option("--map", "map_name", type=MAPS, default=None, help="default: the speed targets' maps")
@click.option("--players", type=click.IntRange(1, 8), default=None)
@click.option("--games", type=click.IntRange(1), default=200, show_default=True, help="games per run")
@click.option("--runs", type=click.IntRange(1), default=5, show_default=True)
@click.option("--json", "as_json", is_flag=True)
def bench(map_name: str | None, players: int | None, games: int, runs: int, as_json: bool) -> None:
    """Random full games per second and microseconds per action (medians over runs)."""
    if map_name:
        configs = [(map_name, players or 2)]
    else:
        configs = [(m, n) for m, n in (("usa", 2), ("europe", 4), ("nordic", 3), ("world", 4)) if m in EDITIONS]
        if players:
            configs = [(m, players) for m, _ in configs]
    rows = []
    try:
        for m, n in configs:
            rows.append(run_bench(m, n, games, runs))
    except TtrError as e:
        raise click.ClickException(str(e)) from None
    if as_json:
        click.echo(json.dumps(rows, indent=2))
        return
    t = Table(title=f"random full games, one core, median of {runs} runs of {games} games")
    for col in ("map", "players", "games/s", "(min-max)", "us/action", "clone us"):
        t.add_column(col, justify="right")
    for r in rows:
        t.add_row(r["map"], str(r["players"]), f"{r['games_per_s']:.0f}",
                  f"{r['games_per_s_min']:.0f}-{r['games_per_s_max']:.0f}", f"{r['us_per_action']:.2f}",
                  f"{r['clone_us']:.2f}")
    console.print(t)


def _register() -> None:
    """Commands kept in ttr/commands/, each module defining `command`."""
    import importlib
    import pkgutil

    from . import commands
    for info in pkgutil.iter_modules(commands.__path__):
        module = importlib.import_module(f"{commands.__name__}.{info.name}")
        if hasattr(module, "command"):
            main.add_command(module.command)


_register()

if __name__ == "__main__":
    sys.exit(main())
