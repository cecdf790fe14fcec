"""The search bot (or `--bot`, e.g. the learned bot) against another bot in the arena (`ttr arena`'s games: paired seeds, rotated
seats) with budgets and options other than its defaults, or with its playouts forced onto the
Python engine (`--python`): for measuring a budget's strength and time per move.

    PYTHONPATH=. .venv/bin/python benchmarks/search_arena.py --map europe --games 400 --workers 2 \\
        --set samples=16 --set confirm=32 --set work=8000 [--python] [--json out.json]

`--set name=value` (repeatable) sets a parameter of the bot under test (`--bot`, default search);
the bot keeps its name, or gets a `*` when the opponent is the same bot (the teacher of the
learned bot against the search bot: `--set 'turns="all"' --opponent search`).
Prints the win rate with its 95% interval, the mean and slowest time per move of each bot (the
arena's own timing of `act`, here in CPU seconds of the worker unless `--wall`: on a shared
machine wall seconds follow the load), and the wall seconds the whole arena took. `--json` writes the arena's summary
and every game's totals (to compare runs game by game).
"""
from __future__ import annotations

import argparse
import ast
import json
import time
import types

from ttr.agents import AGENTS
from ttr.agents.search import SearchAgent
from ttr.runtime import match as match_module
from ttr.runtime.arena import run_arena


def variant(base: type[SearchAgent], options: dict) -> type[SearchAgent]:
    class Variant(base):  # type: ignore[valid-type,misc]
        def __init__(self, seed: int = 0, **kw):
            super().__init__(seed, **{**options, **kw})
    Variant.__name__ = f"{base.__name__}({options})"
    return Variant


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--map", default="europe")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--bot", default="search", help="the bot under test: search or learned")
    ap.add_argument("--opponent", default="planner")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--python", action="store_true", help="playouts on the Python engine (native=False)")
    ap.add_argument("--json", default=None)
    ap.add_argument("--wall", action="store_true", help="time moves in wall seconds (default: CPU seconds)")
    args = ap.parse_args()
    if not args.wall:  # the match loop times each move with CPU seconds of its (single-threaded) worker
        match_module.time = types.SimpleNamespace(perf_counter=time.process_time)  # type: ignore[assignment]
    options = {}
    for item in args.set:
        name, value = item.split("=", 1)
        options[name] = ast.literal_eval(value)
    if args.python:
        options["native"] = False
    name = args.bot + "*" if args.bot == args.opponent else args.bot
    AGENTS[name] = variant(AGENTS[args.bot], options)  # the workers are forked: they see it too
    t = time.perf_counter()
    r = run_arena(args.map, args.players, [name, args.opponent], args.games, args.seed, args.workers)
    wall = time.perf_counter() - t
    print(f"{args.map} {args.players}p, {len(r.records)} games (seeds {args.seed}..{args.seed + args.games - 1}), "
          f"{name} {options or 'defaults'} vs {args.opponent}: {wall:.0f} s")
    for s in sorted(r.stats.values(), key=lambda s: -s.win_rate):
        print(f"  {s.bot:10} win {100 * s.win_rate:5.1f}% ({100 * s.ci_low:.1f}-{100 * s.ci_high:.1f}%)  "
              f"score {s.score_mean:6.1f}  tickets {100 * s.ticket_completion:5.1f}%  "
              f"{1000 * s.sec_per_move:7.2f} ms/move  slowest {s.max_move_sec:.3f} s ({'wall' if args.wall else 'CPU'})")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"options": options, "seconds": wall, "summary": r.summary(),
                       "games": [[g.seed, g.rotation, list(g.totals), list(g.moves), list(g.seconds)]
                                 for g in r.records]}, f)


if __name__ == "__main__":
    main()
