"""`ttr bench`: the engine's speed on random full games."""
from __future__ import annotations

import json

import click

from ..version import __version__
from ..errors import TtrError
from .. import native
from ..editions import get_ruleset
from ..runtime.sim import bench as run_bench
from ..runtime.sim import bench_batch
from ..text import plural
from .options import board_players, check_players, json_option, map_option, players_option
from .output import check_file, console, emit_json, progress, table

TARGETS = (("usa", 2), ("europe", 4), ("nordic", 3), ("world", 4))  # the speed targets' setups


@click.command("bench")
@map_option(default=None)
@players_option(help="default: without --map each speed target's own count; with --map 4, or the board's most if "
                     "fewer")
@click.option("--games", type=click.IntRange(1), default=200, show_default=True, help="games per run")
@click.option("--runs", type=click.IntRange(1), default=5, show_default=True)
@click.option("--engine", type=click.Choice(["both", "python", "native"]), default="both", show_default=True,
              help="which engine; both: side by side (native where it is installed and plays the board)")
@click.option("--threads", type=click.IntRange(1), default=1, show_default=True,
              help="threads for the native core's whole games (batch)")
@json_option("the results")
def command(map_name: str | None, players: int | None, games: int, runs: int, engine: str, threads: int,
            json_out: str | None) -> None:
    """Random full games per second and microseconds per action (medians over runs, CPU time):
    through the engine's face on its fast path (apply_unchecked, no public log), for the Python
    engine and the native core side by side, and whole games played in the native core (batch,
    its own random bot); the cost of a clone and the bytes a game state holds. Default: the speed
    targets' setups."""
    if map_name:
        configs = [(map_name, board_players(map_name, players, None))]
    else:
        configs = [(m, check_players(m, players) if players else n) for m, n in TARGETS]
    plans: list[tuple[str, int, str]] = []
    for m, n in configs:
        has_native = native.plays(get_ruleset(m, n))
        if engine in ("both", "python"):
            plans.append((m, n, "python"))
        if engine in ("both", "native"):
            if not has_native:
                if engine == "native" and (map_name or not native.available()):  # (the targets: those it plays)
                    why = native.why_unavailable() or f"the native core does not play {m} yet"
                    raise click.ClickException(why)
                continue
            plans += [(m, n, "native"), (m, n, "batch")]
    check_file(json_out, "--json")
    rows = []
    try:
        total = len(plans) * runs
        with progress("bench", total, "runs") as update:
            step = iter(range(1, total + 1))

            def advance() -> None:
                update(next(step), total)

            for m, n, what in plans:
                if what == "batch":
                    rows.append(bench_batch(m, n, max(games, 10_000), runs, threads=threads, progress=advance))
                else:
                    rows.append(run_bench(m, n, games, runs, progress=advance, engine=what))
    except TtrError as e:
        raise click.ClickException(str(e)) from None
    if not emit_json(json_out, json.dumps({"ttr_version": __version__, "results": rows}, indent=2)):
        return
    t = table(f"random full games, CPU time, median of {plural(runs, 'run')} (batch: whole games in the core)")
    for col in ("map", "players", "engine", "games/s", "(min-max)", "us/action", "clone us", "state bytes"):
        t.add_column(col, justify="right")
    for r in rows:
        how = r["engine"] if r["path"] == "face" else "native batch" + (f" x{r['threads']}" if r["threads"] > 1 else "")
        t.add_row(r["map"], str(r["players"]), how, f"{r['games_per_s']:.0f}",
                  f"{r['games_per_s_min']:.0f}-{r['games_per_s_max']:.0f}", f"{r['us_per_action']:.2f}",
                  "" if r["clone_us"] is None else f"{r['clone_us']:.2f}",
                  "" if r["state_bytes"] is None else f"{r['state_bytes']:,}")
    console().print(t)
