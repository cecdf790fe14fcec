"""`ttr play`: you against bots, in the terminal."""
from __future__ import annotations

import shutil
import sys

import click
from rich.console import Console

from ..editions import EDITIONS
from ..errors import TtrError
from ..play import run_session


@click.command("play")
@click.option("--map", "map_name", type=click.Choice(sorted(EDITIONS)), default="europe", show_default=True)
@click.option("--bots", default="planner,planner,planner", show_default=True,
              help="comma-separated bot names, one per opponent (players = 1 + bots); unknown names play random")
@click.option("--seat", type=int, default=0, show_default=True, help="your seat (0 moves first)")
@click.option("--seed", type=int, default=1, show_default=True)
def command(map_name: str, bots: str, seat: int, seed: int) -> None:
    """Play one game against bots: type help at the prompt for the commands."""
    names = [b.strip() for b in bots.split(",") if b.strip()]
    if not names:
        raise click.BadParameter("name at least one bot", param_hint="--bots")
    # a terminal sizes itself; piped output gets room for the tables
    width = None if sys.stdout.isatty() else max(120, shutil.get_terminal_size((120, 40)).columns)
    console = Console(width=width, highlight=False)
    try:
        run_session(map_name, names, seat=seat, seed=seed, console=console)
    except TtrError as e:
        raise click.ClickException(str(e)) from None
