"""`ttr demo`: one game between bots, printed move by move, with the final scores."""
from __future__ import annotations

import click
from rich.console import Console
from rich.markup import escape

from ..engine import Game, words
from ..errors import TtrError
from ..play.results import result_columns
from ..runtime import Match
from ..runtime.sim import play_game
from ..text import plural
from .options import bots_option, board_players, map_option, players_option, seat_bots
from .output import console, table


@click.command("demo")
@map_option()
@players_option()
@click.option("--seed", type=int, default=1, show_default=True)
@bots_option()
def command(map_name: str, players: int | None, seed: int, bots: list[str]) -> None:
    """Play one game between bots, printed move by move, with final scores."""
    players = board_players(map_name, players, bots)
    names = seat_bots(bots, players)
    out = console()

    def show(match: Match, seat: int, action) -> None:
        g = match.game
        assert g.log is not None  # new_game records the public log
        e = g.log[-1]
        turn = f"turn {e['turn'] + 1:3d}" if e["turn"] != getattr(show, "last", None) else " " * 8
        show.last = e["turn"]  # type: ignore[attr-defined]
        said = words(e, g.actions[e["ply"]], g.rules)
        out.print(f"[dim]{turn}[/] seat {seat} ({names[seat]}): {escape(said)}")

    try:
        g = play_game(map_name, players, seed, names, on_move=show)
    except TtrError as e:
        raise click.ClickException(str(e)) from None
    print_result(out, g)


def print_result(out: Console, g: Game) -> None:
    r = g.result()
    cols, rows, legend = result_columns(r, g.rules.edition)
    t = table(f"Final scores: {g.rules.map.title}, seed {g.seed}, {plural(g.turn, 'turn')}")
    for col in ["rank", "seat"] + cols:
        t.add_column(col, justify="right")
    for seat, row in zip(r["ranking"], rows):
        t.add_row(str(r["players"][seat]["rank"]), str(seat), *row)
    out.print(t)
    out.print(f"[dim]{legend}[/]")
