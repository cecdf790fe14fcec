"""Options shared by the commands: the board, the player count (checked against the
board's range), and bots by name (an unknown name is a usage error with a suggestion)."""
from __future__ import annotations

import difflib
from collections.abc import Callable
from typing import Any

import click

from ..agents import AGENTS
from ..editions import ENGINES, EDITIONS, player_range
from ..text import plural

MAPS = click.Choice(sorted(EDITIONS))


def map_option(default: str | None = "europe") -> Callable:
    return click.option("--map", "map_name", type=MAPS, default=default, show_default=True, help="the board")


def player_ranges() -> str:
    """Each board's player range, e.g. '2-5 on most boards; nordic 2-3' (board names are never split
    at their hyphens by the help's line wrapping)."""
    by_range: dict[str, list[str]] = {}
    for m in sorted(EDITIONS):
        r = player_range(m)
        by_range.setdefault(f"{r.start}-{r.stop - 1}", []).append(m)
    common = max(by_range, key=lambda k: len(by_range[k]))
    rest = [f"{' '.join(ms)} {k}" for k, ms in by_range.items() if k != common]
    if len(by_range) == 1:
        return f"{common} on every board"
    return f"{common} on most boards; " + "; ".join(rest)


DEFAULT_PLAYERS = 4
PLAYERS_DEFAULT_HELP = ("default: one seat per bot named when --bots names two or more, else 4 or the "
                        "board's most if fewer")


def players_option(help: str = PLAYERS_DEFAULT_HELP) -> Callable:
    """--players, the same on every command: no default value here, default_players() decides
    once the board and the bots are known (docs/cli.md)."""
    return click.option("--players", type=int, default=None, help=f"{help} ({player_ranges()})")


def default_players(map_name: str, bots: list[str] | None, you: int = 0) -> int:
    """The player count when --players is not given: a seat per bot named (and `you`: ttr play's
    own seat) if that makes two or more seats, else 4, or the board's most if it seats fewer
    (Nordic: 3). Too many bots for the board is left to seat_bots, which says so."""
    most = player_range(map_name)[-1]
    seats = len(bots or ()) + you
    return min(seats, most) if seats >= 2 else min(DEFAULT_PLAYERS, most)


def board_players(map_name: str, players: int | None, bots: list[str] | None, you: int = 0) -> int:
    """--players as given (checked against the board's range), or default_players()."""
    return check_players(map_name, default_players(map_name, bots, you) if players is None else players)


def check_players(map_name: str, players: int) -> int:
    """The player count, or a usage error (exit code 2) naming the board's range."""
    r = player_range(map_name)
    if players not in r:
        raise click.BadParameter(f"{map_name} is for {r.start}-{r.stop - 1} players, not {players}",
                                 param_hint="'--players'")
    return players


def bot_name(name: str, hint: str = "'--bots'") -> str:
    if name in AGENTS:
        return name
    close = difflib.get_close_matches(name, sorted(AGENTS), n=1)
    suggestion = f" Did you mean {close[0]!r}?" if close else ""
    raise click.BadParameter(f"unknown bot {name!r}.{suggestion} Known bots: {', '.join(sorted(AGENTS))}",
                             param_hint=hint)


def parse_bots(ctx: Any, param: Any, value: str | None) -> list[str] | None:
    """A click callback: comma-separated bot names, each checked."""
    if value is None:
        if param is not None and param.required:
            raise click.MissingParameter(ctx=ctx, param=param)
        return None
    names = [s.strip() for s in value.split(",") if s.strip()]
    if not names:
        raise click.BadParameter("give at least one bot name", param_hint="'--bots'")
    return [bot_name(n) for n in names]


def bots_option(default: str | None = "planner", help: str = "comma-separated bot names, one per seat, cycled",
                **kw: Any) -> Callable:
    """--bots, with --agents kept as an alias."""
    return click.option("--bots", "--agents", "bots", default=default, show_default=default is not None,
                        callback=parse_bots, help=f"{help} (known: {', '.join(sorted(AGENTS))})", **kw)


def json_option(what: str = "the summary") -> Callable:
    """--json [FILE], the same on every command: alone (or '-') the result as JSON on stdout instead
    of the text; with FILE written there as well as the text (checked before any game is played)."""
    return click.option("--json", "json_out", is_flag=False, flag_value="-", default=None, metavar="[FILE]",
                        help=f"{what} as JSON: alone (or -) on stdout instead of the text; with FILE, "
                             "written there too")


def engine_option(default: str = "auto") -> Callable:
    """--engine: which engine plays the games (the same games on either)."""
    return click.option("--engine", type=click.Choice(ENGINES), default=default, show_default=True,
                        help="the engine: native (the C++ core, where it is installed and plays the board), "
                             "python (the reference), auto (native where it can)")


def backend_options(f: Callable) -> Callable:
    """--backend, --address and --batch: where the games are played."""
    f = click.option("--batch", type=click.IntRange(1), default=None,
                     help="games per Ray task (default 8; --backend ray)")(f)
    f = click.option("--address", default=None, metavar="ADDR",
                     help="a Ray cluster's address (--backend ray; default: a local Ray instance)")(f)
    return click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True,
                        help="where the games are played: this machine, or Ray (pip install 'ttr[ray]'); "
                             "the results are the same")(f)


def make_backend(backend: str, address: str | None, batch: int | None, workers: int | None = None) -> Any:
    """The Ray backend for --backend ray (None for local), or a usage error."""
    if backend != "ray":
        for name, value in (("--address", address), ("--batch", batch)):
            if value is not None:
                raise click.BadParameter(f"{name} is for --backend ray", param_hint=f"'{name}'")
        return None
    try:
        from ..adapters.ray import DEFAULT_BATCH, RayBackend
    except ImportError:
        raise click.ClickException("--backend ray needs Ray: pip install 'ttr[ray]'") from None
    return RayBackend(address, batch or DEFAULT_BATCH, workers)


def check_bots(bots: list[str], seats: int, what: str = "seat") -> None:
    """A usage error (exit 2) when more bots are named than there are seats for them: every
    command says so the same way, rather than dropping the extra bots."""
    if len(bots) > seats:
        raise click.BadParameter(f"{len(bots)} bots for {plural(seats, what)}: give at most one bot per seat",
                                 param_hint="'--bots'")


def seat_bots(bots: list[str], players: int) -> list[str]:
    """Bots cycled over the seats (a usage error if there are more bots than seats)."""
    check_bots(bots, players)
    return (bots * players)[:players]


__all__ = ["DEFAULT_PLAYERS", "MAPS", "backend_options", "board_players", "bot_name", "bots_option", "check_bots", "check_players",
           "default_players", "json_option", "make_backend", "map_option", "parse_bots", "player_ranges", "players_option",
           "seat_bots"]
