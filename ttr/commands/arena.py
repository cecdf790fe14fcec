"""`ttr arena`: bots against each other on paired seeds with rotated seats, in parallel."""
from __future__ import annotations

import csv
import json
import os

import click
from rich.console import Console

from ..errors import TtrError
from ..runtime.arena import ROW_FIELDS, ArenaResult, run_arena, seed_ranges
from ..text import plural
from .options import (
    backend_options,
    board_players,
    bots_option,
    check_bots,
    engine_option,
    json_option,
    make_backend,
    map_option,
    players_option,
)
from .output import check_file, console, emit_json, interrupted, progress, say, table
from .rules import board_rules, describe, rule_option, rules_summary


@click.command("arena")
@map_option()
@players_option()
@bots_option(None, required=True, help="comma-separated bot names; fewer than --players are cycled over the seats, "
             "a name given twice is two entrants")
@click.option("--games", type=click.IntRange(1), default=100, show_default=True,
              help="matches: seeds seed..seed+games-1, each played in every seat rotation")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--workers", type=click.IntRange(1), default=None, help="processes (default: all cores)")
@click.option("--time-per-move", type=click.FloatRange(0, min_open=True), default=None,
              help="seconds per move, for bots that take a budget")
@click.option("--csv", "csv_path", type=click.Path(dir_okay=False), default=None,
              help="write one row per game per seat to this file")
@rule_option()
@json_option()
@backend_options
@engine_option()
def command(map_name: str, players: int | None, bots: list[str], games: int, seed: int, workers: int | None,
            time_per_move: float | None, csv_path: str | None, rule_texts: tuple[str, ...], json_out: str | None,
            backend: str, address: str | None, batch: int | None, engine: str = "auto") -> None:
    """Bots against each other: paired seeds, rotated seats, win rates with 95% CIs,
    head-to-head results and Bradley-Terry (Elo-scale) ratings. Ctrl-C stops early, reports
    the matches finished in every seat rotation and exits with status 130."""
    players = board_players(map_name, players, bots)
    check_bots(bots, players)
    rules = board_rules(map_name, players, rule_texts)
    check_file(csv_path, "--csv")
    check_file(json_out, "--json")
    where = make_backend(backend, address, batch, workers)
    workers = workers or os.cpu_count() or 1
    try:
        with progress(f"arena {map_name} {players}p", None) as update:
            result = run_arena(map_name, players, bots, games, seed, workers, time_per_move, update, where,
                               engine=engine, rules=rules)
    except TtrError as e:
        raise click.ClickException(str(e)) from None
    if result.stopped and not result.records:
        say(f"Stopped (Ctrl-C) after {plural(result.finished or 0, 'game')}, before the first match "
            f"(one seed in all {plural(len(result.lineups), 'seat rotation')}) ended.")
        interrupted()
    if csv_path:
        with open(csv_path, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=ROW_FIELDS)
            w.writeheader()
            w.writerows(result.to_rows())
        say(f"wrote {csv_path}")
    changed = rules_summary(map_name, rules)
    if emit_json(json_out, json.dumps({**result.summary(), "rules": changed}, indent=2)):
        if changed:
            console().print(f"rules changed: {describe(changed)}")
        _print(console(), result, plural(workers, "worker") if where is None else "on Ray")
    if result.stopped:
        interrupted()


def _seeds(seeds: list[int]) -> str:
    return ", ".join(f"{a}" if a == b else f"{a}..{b}" for a, b in seed_ranges(seeds))


def _print(out: Console, r: ArenaResult, where: str) -> None:
    rots = len(r.lineups)
    played = r.seeds_played
    if r.stopped:
        dropped = f" ({plural(r.left_out, 'game')} of unfinished matches left out)" if r.left_out else ""
        out.print(f"[yellow]Stopped (Ctrl-C) after {r.finished} of {plural(r.games * rots, 'game')}: the results "
                  f"are over the {plural(len(played), 'match', 'matches')} played in every seat rotation"
                  f"{dropped}.[/]")
    budget = f", {r.time_per_move:g} s per move" if r.time_per_move else ""
    out.print(f"{plural(len(r.records), 'game')} of {r.map_name}, {r.players} players: "
              f"{plural(len(played), 'seed')} ({_seeds(played)}) x {plural(rots, 'seat rotation')}{budget}, {where}")
    order = sorted(r.stats.values(), key=lambda s: (-s.rating, r.bots.index(s.bot)))
    t = table("bots, by rating")
    for col in ("bot", "games", "win\nrate", "95% CI", "mean\nscore", "tickets\ndone", "mean\nrank",
                "rating", "ms/\nmove"):
        t.add_column(col, justify="left" if col == "bot" else "right", no_wrap=True)
    for s in order:
        t.add_row(s.bot, str(s.games), f"{s.win_rate:.1%}", f"{s.ci_low:.0%}-{s.ci_high:.0%}",
                  f"{s.score_mean:.1f}", f"{s.ticket_completion:.1%}", f"{s.rank_mean:.2f}",
                  f"{s.rating:.0f}", f"{s.sec_per_move * 1000:.2f}")
    out.print(t)
    out.print("slowest move: " + ", ".join(f"{s.bot} {s.max_move_sec:.2f} s" for s in order))
    out.print("[dim]win rate: a win shared by k seats counts 1/k; tickets done: completed/kept;\n"
              "rating: Bradley-Terry over all pairs of seats in all games, Elo scale, mean 1500[/]")
    if len(order) < 2:
        return
    h = table("head to head: row's win rate against column (comparisons)")
    h.add_column("bot")
    for s in order:
        h.add_column(s.bot, justify="right")
    for a in order:
        cells = []
        for b in order:
            x = r.head_to_head.get(a.bot, {}).get(b.bot)
            cells.append("-" if a is b or x is None else f"{x['rate']:.1%} ({x['games']:g})")
        h.add_row(a.bot, *cells)
    out.print(h)
