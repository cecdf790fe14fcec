"""The core's bots against the Python bots at scale (by hand; the fast tier is tests/test_native_bots.py):
whole games between Python bots (planner, greedy and random in turn, three seat line-ups), and at
every decision the core's greedy and planner moves (`ttr.native.bot_move` on the native game in the
same position) against the Python greedy's and planner's from the Python game's observation.

    PYTHONPATH=. .venv/bin/python benchmarks/bots_differential.py --games 150 [--boards world great-lakes]

Prints each mismatch (board, players, seed, ply, bot) and a summary: decisions compared, the moves'
kinds, mismatches. Exits 1 on a mismatch.
"""
from __future__ import annotations

import argparse
import collections
import sys
import time

import ttr
from ttr import native
from ttr.agents import make_agent
from ttr.editions import get_ruleset, player_range
from ttr.native.game import NativeGame

LINEUPS = [["planner", "greedy", "random", "planner", "greedy"], ["greedy", "random", "planner", "greedy", "planner"],
           ["random", "planner", "greedy", "random", "planner"]]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=150, help="per board and player count")
    ap.add_argument("--boards", nargs="+", default=["world", "great-lakes"])
    ap.add_argument("--seed", type=int, default=500000)
    args = ap.parse_args()
    if not native.available():
        raise SystemExit(f"the native core is not built: {native.why_unavailable()}")
    bots = {name: make_agent(name, 0) for name in ("greedy", "planner")}
    t0, decisions, bad = time.time(), 0, 0
    kinds: collections.Counter[str] = collections.Counter()
    for map_name in args.boards:
        for players in player_range(map_name):
            rules = get_ruleset(map_name, players)
            for k in range(args.games):
                seed, random_first = args.seed + 1000 * players + k, k % 2 == 1
                py = ttr.new_game(map_name, players, seed, random_first, engine="python")
                nat = NativeGame.new(rules, seed, random_first)
                seats = [make_agent(name, seed * 7919 + s) for s, name in enumerate(LINEUPS[k % 3][:players])]
                while not py.is_over:
                    obs = py.observe(py.current_player)
                    for name, bot in bots.items():
                        want = bot.act(obs)
                        kinds[want.kind] += 1
                        decisions += 1
                        if native.bot_move(nat, name) != want:
                            bad += 1
                            print(f"mismatch: {map_name} {players}p seed {seed} ply {py.ply} {name}", flush=True)
                    a = seats[py.current_player].act(obs)
                    py.apply(a)
                    nat.apply(a)
                assert nat.encode() == py.encode()
    print(f"{', '.join(args.boards)}: {args.games} games per board and player count, {decisions:,} decisions, "
          f"{bad} mismatches; moves {dict(kinds)}; {time.time() - t0:.0f} s")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
