"""`ttr play`: you against bots, in the terminal, saved after every move."""
from __future__ import annotations

import secrets
import shutil
import sys
from pathlib import Path

import click
from click.core import ParameterSource
from rich.console import Console
from rich.markup import escape

from ..errors import TtrError
from ..play import new_session, resume_session
from ..play.savefile import default_path
from .options import bots_option, check_bots, check_players, default_players, map_option, players_option, seat_bots

NEW_GAME_OPTIONS = ("map_name", "players", "bots", "seat", "seed", "save")


@click.command("play")
@map_option()
@players_option(help="players, you included (default: one seat per bot named and yours; naming none, 4, or "
                     "the board's most if fewer)")
@bots_option(None, help="comma-separated bot names for the other seats, in seat order, cycled (default: planners)")
@click.option("--seat", type=click.IntRange(0), default=0, show_default=True, help="your seat (0 moves first)")
@click.option("--seed", type=click.IntRange(0, (1 << 30) - 1), default=None,
              help="deal this game (default: a new game each time; its seed is printed)")
@click.option("--save", "save", type=click.Path(dir_okay=False), default=None,
              help="save the game in this new file after every move (default: a new file in your data "
                   "directory; the path is printed)")
@click.option("--resume", type=click.Path(dir_okay=False), default=None,
              help="play on a game saved by ttr play (same board, bots and seat), saving it there")
@click.pass_context
def command(ctx: click.Context, map_name: str, players: int | None, bots: list[str] | None, seat: int,
            seed: int | None,
            save: str | None, resume: str | None) -> None:
    """Play one game against bots: type help at the prompt for the commands. Ctrl-C asks
    before leaving; the game is saved after every move and `--resume FILE` plays it on."""
    # a terminal sizes itself; piped output gets room for the tables
    width = None if sys.stdout.isatty() else max(120, shutil.get_terminal_size((120, 40)).columns)
    console = Console(width=width, highlight=False)
    try:
        if resume:
            given = [f"--{n.replace('_name', '')}" for n in NEW_GAME_OPTIONS
                     if ctx.get_parameter_source(n) == ParameterSource.COMMANDLINE]
            if given:
                raise click.UsageError(f"--resume plays on the saved game as it was set up: drop {', '.join(given)}")
            session = resume_session(resume, console=console)
            path = resume
        else:
            names = opponents(map_name, players, bots, seat)
            if seed is None:
                seed = secrets.randbelow(1 << 30)
            path = str(save_path(save, map_name))
            session = new_session(map_name, names, seat=seat, seed=seed, console=console, save_to=path)
            console.print(f"[dim]Seed {seed} (--seed {seed} deals this game again). Saving the game in "
                          f"{escape(path)} after every move (ttr play --resume {escape(path)} plays it on).[/]",
                          soft_wrap=True)
        session.run()
    except TtrError as e:
        raise click.ClickException(str(e)) from None
    if session.quit:
        console.print(f"Play on with: ttr play --resume {escape(path)}", soft_wrap=True)


def opponents(map_name: str, players: int | None, bots: list[str] | None, seat: int) -> list[str]:
    """The bot of each other seat, in seat order (usage errors, exit code 2, for bad counts)."""
    if players is None:
        players = default_players(map_name, bots, you=1)
    check_players(map_name, players)
    bots = bots or ["planner"]
    check_bots(bots, players - 1, "other seat")
    if seat >= players:
        raise click.BadParameter(f"seat {seat} does not exist in a {players}-player game (seats 0-{players - 1})",
                                 param_hint="'--seat'")
    return seat_bots(bots, players - 1)


def save_path(save: str | None, map_name: str) -> Path:
    """The new file the game is saved in (a usage error if it exists or its folder does not)."""
    if save is None:
        p = default_path(map_name)
        try:
            p.parent.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise click.ClickException(f"cannot create {p.parent} for the saved game ({e.strerror}); "
                                       "choose a file with --save") from None
        return p
    p = Path(save)
    if p.exists():
        raise click.BadParameter(f"{save} exists: play it on with --resume {save}, or choose a new file",
                                 param_hint="'--save'")
    if not p.parent.is_dir():
        raise click.BadParameter(f"no folder {p.parent} for {save}", param_hint="'--save'")
    return p
