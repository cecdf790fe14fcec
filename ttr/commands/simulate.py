"""`ttr simulate`: many games between bots, summarised."""
from __future__ import annotations

import json

import click

from ..errors import TtrError
from ..runtime.sim import simulate, summarize
from ..text import plural
from ..version import __version__
from .options import (
    backend_options,
    bots_option,
    board_players,
    engine_option,
    json_option,
    make_backend,
    map_option,
    players_option,
    seat_bots,
)
from .output import check_file, console, emit_json, interrupted, progress, say, table
from .rules import board_rules, describe, rule_option, rules_summary


@click.command("simulate")
@map_option()
@players_option()
@click.option("--games", type=click.IntRange(1), default=100, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True, help="game i uses seed + i")
@bots_option()
@rule_option()
@json_option()
@backend_options
@engine_option()
def command(map_name: str, players: int | None, games: int, seed: int, bots: list[str], rule_texts: tuple[str, ...],
            json_out: str | None, backend: str, address: str | None, batch: int | None, engine: str) -> None:
    """Play many games between bots and summarise scores, tickets, length and wins.
    Ctrl-C stops early, reports the games finished and exits with status 130."""
    players = board_players(map_name, players, bots)
    names = seat_bots(bots, players)
    rules = board_rules(map_name, players, rule_texts)
    check_file(json_out, "--json")
    where = make_backend(backend, address, batch)
    try:
        with progress(f"simulate {map_name} {players}p", games) as update:
            done = iter(range(1, games + 1))

            def one_more() -> None:
                update(next(done), games)

            records, stopped = simulate(map_name, players, names, games, seed, where, one_more, engine=engine,
                                        rules=rules)
    except TtrError as e:
        raise click.ClickException(str(e)) from None
    if stopped and not records:
        say("Stopped (Ctrl-C) before the first game ended.")
        interrupted()
    s = summarize(records, players)
    s = {"map": map_name, "players": players, "bots": names, "seed": seed, "engine": engine, "games_asked": games,
         "stopped_early": stopped, "ttr_version": __version__, "rules": rules_summary(map_name, rules), **s}
    if emit_json(json_out, json.dumps(s, indent=2)):
        _print(s, map_name, players, names, games, seed, stopped)
    if stopped:
        interrupted()


def _print(s: dict, map_name: str, players: int, names: list[str], games: int, seed: int, stopped: bool) -> None:
    out = console()
    played = s["games"]
    if stopped:
        out.print(f"[yellow]Stopped (Ctrl-C): {played} of {plural(games, 'game')} finished.[/]")
    out.print(f"{plural(played, 'game')} of {map_name}, {players} players ({', '.join(names)}), "
              f"seeds {seed}..{seed + played - 1}")
    if s["rules"]:
        out.print(f"rules changed: {describe(s['rules'])}")
    out.print(f"score: mean {s['score_mean']:.1f}, sd {s['score_sd']:.1f}")
    out.print(f"tickets completed: {s['ticket_completion']:.1%}")
    out.print(f"game length: {s['turns_mean']:.1f} turns (sd {s['turns_sd']:.1f}), {s['actions_mean']:.1f} actions")
    t = table()
    for col in ("seat", "bot", "win rate", "mean score"):
        t.add_column(col, justify="left" if col in ("seat", "bot") else "right")
    for seat in range(players):
        t.add_row(str(seat), names[seat], f"{s['win_rate_by_seat'][seat]:.1%}", f"{s['score_by_seat'][seat]:.1f}")
    out.print(t)
