"""`ttr analyze`: the designer's workbench. Many bot games on a board (shipped, or your own map
file) become an HTML report (heat maps on the board, tickets, seats, the game arc, score sources,
bots, failure states) and the raw records (CSV); `--compare A B` sets two runs side by side."""
from __future__ import annotations

import os
import shlex
import sys
import time
from pathlib import Path

import click
from click.core import ParameterSource

from ..analytics import board as boards
from ..analytics.compare import write_compare
from ..analytics.figures import require
from ..analytics.output import RECORDS, write_report
from ..analytics.records import RunInfo
from ..analytics.replays import write_games
from ..analytics.run import run
from ..editions import EDITIONS, player_range
from ..editions.variants import Overrides
from ..errors import MapError, TtrError
from ..text import plural
from ..version import __version__
from .options import PLAYERS_DEFAULT_HELP, MAPS, backend_options, bots_option, check_bots, default_players, engine_option, make_backend
from .experiment import rule_overrides, with_experiment
from .output import check_folder, interrupted, progress, say


def parse_players(value: str, allowed: range) -> list[int]:
    """'4', '2,3' or '2-5' (the board's range): the player counts, each checked."""
    counts: list[int] = []
    try:
        for part in value.split(","):
            lo, _, hi = part.strip().partition("-")
            counts += range(int(lo), int(hi or lo) + 1)
    except ValueError:
        raise click.BadParameter(f"{value!r}: give a count (4), a list (2,3,4) or a range (2-5)",
                                 param_hint="'--players'") from None
    bad = [n for n in counts if n not in allowed]
    if bad or not counts:
        raise click.BadParameter(f"this board is for {allowed.start}-{allowed.stop - 1} players, not {bad[0] if bad else value}",
                                 param_hint="'--players'")
    return sorted(set(counts))


def compare_runs(value: tuple[str, str] | None) -> tuple[str, str] | None:
    """--compare A B: two runs that exist (an option given in their place is a slip: say so)."""
    if not value:
        return None
    for which, path in zip("AB", value):
        if path.startswith("-"):
            raise click.BadParameter(f"takes two runs, A and B, but {which} is {path!r}: give both runs first "
                                     "(--compare A B --out DIR)", param_hint="'--compare'")
        if not Path(path).exists():
            raise click.BadParameter(f"{which}: {path!r}: no such records file or report folder", param_hint="'--compare'")
    return value


def choose_board(map_name: str | None, map_file: str | None, edition: str | None,
                 rules: Overrides = ()) -> boards.Board:
    if map_file and map_name:
        raise click.UsageError("give --map (a shipped board) or --map-file (your own), not both")
    if edition and not map_file:
        raise click.UsageError("--edition goes with --map-file (a shipped board plays its own edition)")
    try:
        return boards.from_file(map_file, edition, rules) if map_file else boards.shipped(map_name or "europe", rules)
    except TtrError as e:
        raise click.BadParameter(str(e), param_hint="'--rule'" if "rules: " in str(e) else "'--map-file'") from None


def check_board(board: boards.Board, counts: list[int]) -> None:
    """A map file its edition cannot play is a usage error now, before any game, naming the file
    (as a malformed file is), not the map's own name."""
    if board.path is None:
        return
    name = Path(board.path).name
    for n in counts:
        try:
            boards.check_playable(board, n)
        except (TtrError, MapError) as e:
            text = str(e).replace(f"map {board.name}", name, 1)
            raise click.BadParameter(text if name in text else f"{name}: {text}", param_hint="'--map-file'") from None


@click.command("analyze")
@click.argument("experiment", required=False, metavar="[EXPERIMENT.toml]", type=click.Path(dir_okay=False))
@click.option("--map", "map_name", type=MAPS, default=None, help="a shipped board [default: europe]")
@click.option("--map-file", type=click.Path(dir_okay=False), default=None,
              help="your own board (docs/map-format.md), validated; it plays --edition's rules")
@click.option("--edition", type=click.Choice(sorted(EDITIONS)), default=None,
              help="whose rules --map-file plays [default: the map's name, if it names an edition]")
@click.option("--players", "players_text", default=None,
              help=f"a count, a list (2,3,4) or a range (2-5): --games games for each ({PLAYERS_DEFAULT_HELP})")
@bots_option(help="comma-separated bot names; fewer than the seats are cycled and rotated over the seats")
@click.option("--games", type=click.IntRange(1), default=1000, show_default=True, help="games per player count")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--rule", "rule_texts", multiple=True, metavar="NAME=VALUE",
              help="change a rule (repeatable): trains=30, route_points=7:18, longest_bonus=none (docs/analyze.md)")
@backend_options
@click.option("--workers", type=click.IntRange(1), default=None,
              help="processes, or a local Ray instance's CPUs (default: all cores)")
@click.option("--out", type=click.Path(file_okay=False), default="report", show_default=True,
              help="the folder for report.html, records.csv and records.json")
@click.option("--compare", nargs=2, default=None, metavar="A B", callback=lambda ctx, p, v: compare_runs(v),
              help="compare two runs (records.csv files or report folders) instead of playing: writes compare.html")
@engine_option()
def command(experiment: str | None, rule_texts: tuple[str, ...], map_name: str | None, map_file: str | None, edition: str | None, players_text: str | None, bots: list[str],
            games: int, seed: int, backend: str, address: str | None, batch: int | None, workers: int | None,
            out: str, compare: tuple[str, str] | None, engine: str) -> None:
    """Play many bot games on a board and write an HTML report of what decides them (with the raw
    records as CSV). Ctrl-C stops early and reports the games finished.

    EXPERIMENT.toml: a run written down (board, rules, bots, players, games, seed: docs/analyze.md);
    --map, --map-file, --edition, --players, --bots, --games, --seed typed beside it replace its
    values, and --rule changes its rules."""
    try:
        require()  # matplotlib: fail before any game is played
    except TtrError as e:
        raise click.ClickException(str(e)) from None
    if compare:
        ctx = click.get_current_context()
        given = [p.opts[0] for p in ctx.command.params if p.name not in ("compare", "out") and p.name
                  and ctx.get_parameter_source(p.name) not in (None, ParameterSource.DEFAULT)]
        if given:
            raise click.UsageError(f"--compare reads two runs and plays no games: {', '.join(given)} "
                                   "cannot go with it")
        try:
            page, warnings = write_compare(compare[0], compare[1], out)
        except TtrError as e:
            raise click.ClickException(str(e)) from None
        for w in warnings:
            click.echo(f"Warning: {w}", err=True)
        click.echo(f"wrote {page}")
        return
    exp = None
    overridden: list[str] = []
    rules = rule_overrides(rule_texts)
    if experiment:  # the file's values, those typed beside it replacing them
        values, exp, overridden = with_experiment(click.get_current_context(), experiment, dict(
            map_name=map_name, map_file=map_file, edition=edition, players_text=players_text, bots=bots,
            games=games, seed=seed, rule_texts=rule_texts))
        map_name, map_file, edition, players_text, bots, games, seed, rules = (values[k] for k in (
            "map_name", "map_file", "edition", "players_text", "bots", "games", "seed", "rules"))
    board = choose_board(map_name, map_file, edition, rules)
    counts = (parse_players(players_text, player_range(board.edition)) if players_text is not None
              else [default_players(board.edition, bots)])
    check_bots(bots, min(counts))
    check_board(board, counts)
    check_folder(out, "--out")
    where = make_backend(backend, address, batch, workers)
    started = time.strftime("%Y-%m-%d %H:%M:%S")
    try:
        with progress(f"analyze {board.name}", games * len(counts)) as update:
            result = run(board, counts, bots, games, seed, where, workers, update, engine=engine)
    except TtrError as e:
        raise click.ClickException(str(e)) from None
    if not result.rows:
        say("Stopped (Ctrl-C) before the first game ended: nothing written.")
        interrupted()
    m = board.load()
    played = len({r["game"] for r in result.rows})
    workers = result.workers or (None if address else os.cpu_count())  # a local Ray instance: all cores
    info = RunInfo(board.name, m.title, board.edition, counts, list(bots), games, seed, result.backend, workers,
                   __version__, board.path, board.raw(), played, result.stopped, round(result.seconds, 3), started,
                   "ttr " + shlex.join(["analyze", *sys.argv[2:]]) if sys.argv[1:2] == ["analyze"] else "",
                   rules=board.changed(), experiment=exp.record(overridden) if exp else None)
    say("playing again the games to watch (games/: ttr replay serves them)…")
    info.extra["replays"] = write_games(result.rows, board, m, out, __version__)
    info.extra["replays_folder"] = str(Path(out).resolve())
    say(f"drawing the report of {plural(played, 'game')}…")
    page = write_report(result.rows, info, m, out)
    if result.stopped:
        say(f"Stopped (Ctrl-C): {played} of {plural(games * len(counts), 'game')} finished.")
    click.echo(f"{plural(played, 'game')} in {result.seconds:.1f} s ({played / result.seconds:.1f} games/s, "
               f"{plural(workers, f'{result.backend} worker') if workers else 'all the Ray cluster'}); wrote {page} and {Path(out) / RECORDS}")
    if result.stopped:
        interrupted()
