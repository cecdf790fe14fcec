"""The core's bots against the Python bots at scale (by hand; the fast tier is tests/test_native_bots.py):
whole games between Python bots (planner, greedy and random in turn, three seat line-ups), and at
every decision the core's greedy and planner moves (`ttr.native.bot_move` on the native game in the
same position) against the Python greedy's and planner's from the Python game's observation.

    PYTHONPATH=. .venv/bin/python benchmarks/bots_differential.py --games 150 [--boards world great-lakes]
    PYTHONPATH=. .venv/bin/python benchmarks/bots_differential.py --games 20 --boards legends-west \
        --setups 1 5 9 12 extras trades

`--setups` (Legends of the West): the demo pack's games by number, "extras" (game 9 with events'
extra-card offers), "trades" (game 9 with a campaign's offices, events and actions), "rules" (those
with rules of play at Q-V and postcard abilities at P1-P3: their trades and offers), "story" (the
demo story's rules) and "frontiers" (game 12 on the board all 8 frontiers grow), built as
tests/test_native_legacy.py builds them.

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


def _setup(which: str | None, players: int) -> dict:
    """Legends of the West's setup named `which` (None, "1": the demo pack's game 1) as options."""
    if which in (None, "1"):
        return {}
    sys.path.insert(0, "tests")
    from test_native_legacy import campaign_setup, extras_setup, frontier_setup, pack_setup, rules_setup, story_setup
    if which == "rules":
        return {"setup": rules_setup(players, mail=3)}
    if which == "story":
        return {"setup": story_setup(players)}
    if which == "frontiers":
        return {"setup": frontier_setup(players, 12, 8)}
    if which == "extras":
        return {"setup": extras_setup(players)}
    if which == "trades":
        return {"setup": campaign_setup(players)}
    return {"setup": pack_setup(players, int(which))}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=150, help="per board and player count")
    ap.add_argument("--boards", nargs="+", default=["world", "great-lakes"])
    ap.add_argument("--seed", type=int, default=500000)
    ap.add_argument("--setups", nargs="+", default=["1"], help="Legends of the West: games of the demo pack, extras, trades")
    args = ap.parse_args()
    if not native.available():
        raise SystemExit(f"the native core is not built: {native.why_unavailable()}")
    bots = {name: make_agent(name, 0) for name in ("greedy", "planner")}
    t0, decisions, bad = time.time(), 0, 0
    full: list[str] = []  # games stopped where the core's ledger is full (compared up to there)
    kinds: collections.Counter[str] = collections.Counter()
    for map_name, which in [(m, w) for m in args.boards for w in (args.setups if m == "legends-west" else [None])]:
        for players in player_range(map_name):
            rules = get_ruleset(map_name, players)
            options = _setup(which, players)
            for k in range(args.games):
                seed, random_first = args.seed + 1000 * players + k, k % 2 == 1
                py = ttr.new_game(map_name, players, seed, random_first, engine="python", **options)
                nat = NativeGame.new(rules, seed, random_first, **options)
                seats = [make_agent(name, seed * 7919 + s) for s, name in enumerate(LINEUPS[k % 3][:players])]
                while not py.is_over:
                    obs = py.observe(py.current_player)
                    for name, bot in bots.items():
                        want = bot.act(obs)
                        kinds[want.kind] += 1
                        decisions += 1
                        if native.bot_move(nat, name) != want:
                            bad += 1
                            print(f"mismatch: {map_name} {which or ''} {players}p seed {seed} ply {py.ply} {name}", flush=True)
                    a = seats[py.current_player].act(obs)
                    py.apply(a)
                    try:
                        nat.apply(a)
                    except ValueError as e:  # (Legacy: a game past the core's ledger, FullError)
                        full.append(f"{map_name} {which or ''} {players}p seed {seed} ply {py.ply}: {e}")
                        print(f"stopped: {full[-1]}", flush=True)
                        break
                else:
                    assert nat.encode() == py.encode()
    print(f"{', '.join(args.boards)}: {args.games} games per board and player count, {decisions:,} decisions, "
          f"{bad} mismatches; moves {dict(kinds)}; {len(full)} games stopped at the core's ledger; "
          f"{time.time() - t0:.0f} s")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
