"""The differential harness at scale: thousands of games per board and player count played on the
Python engine and the native core side by side (ttr.native.differential.compare: after every step
the encoded state, the phase and the legal actions in order; at the end the result and the public
log). `make test` runs the fast tier (tests/test_native.py); this is the long one.

Of every ten games of a configuration, eight are uniformly random (every third with a random first
player), one is a hoarder's (seats draw whenever they can: empty piles, refills, passes) and one
is between bots (planner, greedy, planner, random, greedy: stations, tunnels, returned tickets).
Prints, per configuration, the games, their steps, the games per second and every mismatch (its
seed, chooser, step and first differing field); exit status 1 if there was any.

    PYTHONPATH=. .venv/bin/python benchmarks/differential.py [--games 1000] [--workers 2] [--first-seed 100000]
    PYTHONPATH=. .venv/bin/python benchmarks/differential.py --configs usa:2 europe:5 --games 200
"""
from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor

BOT_NAMES = ["planner", "greedy", "planner", "random", "greedy"]


def play(job: tuple[str, int, int]) -> tuple[str, int, int, int, str | None]:
    """One game on both engines: (board, players, seed, steps, the mismatch's text or None)."""
    from ttr.agents import make_agent
    from ttr.editions import get_ruleset
    from ttr.native.differential import compare, hoarder_chooser, random_chooser, seat_chooser
    board, players, seed = job
    rules = get_ruleset(board, players)
    kind = seed % 10
    if kind == 8:
        how, choose, first = "hoarder", hoarder_chooser(seed * 31 + players), False
    elif kind == 9:
        how, first = "bots", False
        choose = seat_chooser([make_agent(name, seed * 10 + s) for s, name in enumerate(BOT_NAMES[:players])])
    else:
        how, choose, first = "random", random_chooser(seed * 31 + players), seed % 3 == 0
    bad, steps = compare(rules, seed, choose, random_first=first)
    return board, players, seed, steps, None if bad is None else f"{how}: {bad}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=1000, help="games per configuration (default 1000)")
    ap.add_argument("--configs", nargs="+", default=[f"{m}:{n}" for m in ("usa", "europe") for n in range(2, 6)]
                    + ["nordic:2", "nordic:3"] + [f"{m}:{n}" for m in ("world", "great-lakes") for n in range(2, 6)],
                    help="board:players (default: USA and Europe 2-5 players, Nordic 2-3, World and Great Lakes 2-5)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--first-seed", type=int, default=100_000)
    args = ap.parse_args()
    from ttr import native
    if not native.available():
        sys.exit(native.why_unavailable())
    configs = [(c.split(":")[0], int(c.split(":")[1])) for c in args.configs]
    failures = 0
    t_all = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        for board, players in configs:
            t0 = time.perf_counter()
            jobs = [(board, players, args.first_seed + i) for i in range(args.games)]
            steps, bad = 0, []
            for _, _, seed, n, why in pool.map(play, jobs, chunksize=8):
                steps += n
                if why:
                    bad.append((seed, why))
            secs = time.perf_counter() - t0
            failures += len(bad)
            print(f"{board} {players}p: {args.games} games, {steps:,} steps, {len(bad)} mismatches "
                  f"({args.games / secs:.1f} games/s wall, {args.workers} workers)", flush=True)
            for seed, why in bad[:10]:
                print(f"    seed {seed}: {why}", flush=True)
    print(f"{len(configs) * args.games} games in {time.perf_counter() - t_all:.0f} s, {failures} mismatches")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
