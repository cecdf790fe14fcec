"""Bots pursuing their postcards on game 12 of a Legacy campaign (rulebook 196-202). Game 12's
setup comes from a two-player campaign planner bots played (benchmarks/legacy_game12.py); each
seat then holds one postcard "connect A and B" (A and B drawn per seed from PAIRS) worth REWARD
dollars when met. The first bot pursues its postcard (the planner's `goals`, as the campaign gives
them); the second plays as it would without (`--aims both`: both pursue theirs). Printed: how
often each met its postcard, the mean slip, and the first bot's win rate counting a met postcard's
reward with the slip (95% Wilson interval).

    PYTHONPATH=. .venv/bin/python benchmarks/legacy_postcards.py --bots planner,planner --games 200
    PYTHONPATH=. .venv/bin/python benchmarks/legacy_postcards.py --bots planner,greedy --games 200
"""
from __future__ import annotations

import argparse
import random
import time

import ttr
from ttr.agents import make_agent
from ttr.agents.planner import PlannerAgent
from ttr.campaign.postcards import met
from ttr.campaign.story import facts_of
from ttr.editions.legacy.postcards import Goal
from ttr.maps.model import Ticket
from ttr.runtime.arena import wilson_interval

from legacy_game12 import game12_setup  # type: ignore[import-not-found]

REWARD = 8
PAIRS = [("Chicago", "Pittsburgh"), ("Charlotte", "Nashville"), ("New York", "Atlanta"), ("Montreal", "Detroit"),
         ("Boston", "Baltimore"), ("Savannah", "Knoxville"), ("Buffalo", "Cincinnati"), ("Norfolk", "Atlanta"),
         ("Quebec", "Albany"), ("Mobile", "Charleston")]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bots", default="planner,planner")
    ap.add_argument("--aims", choices=("none", "first", "both"), default="first")
    ap.add_argument("--games", type=int, default=100, help="seeds (each played in both seat orders)")
    ap.add_argument("--seed", type=int, default=900000)
    ap.add_argument("--campaign-seed", type=int, default=1)
    args = ap.parse_args()
    bots = args.bots.split(",")
    setup = game12_setup("demo", args.campaign_seed)
    t0 = time.perf_counter()
    wins, slips, hits, games = 0.0, [0, 0], [0, 0], 0
    for s in range(args.seed, args.seed + args.games):
        pairs = random.Random(s).sample(PAIRS, 2)  # bot i's postcard: pairs[i]
        for order in ((0, 1), (1, 0)):  # bots[i] sits at seat order.index(i)
            g = ttr.new_game("legends-west", 2, seed=s, setup=setup)
            agents = [make_agent(bots[order[seat]], s * 2 + seat) for seat in range(2)]
            for seat, a in enumerate(agents):
                who = order[seat]
                if isinstance(a, PlannerAgent) and (who == 0 and args.aims != "none" or args.aims == "both"):
                    a.goals = (Ticket(-1, pairs[who], REWARD),)
            while not g.is_over:
                seat = g.current_player
                g.apply(agents[seat].act(g.observe(seat)))
            res = g.result()
            facts = facts_of(12, g, setup.companies)
            value = [0, 0]
            for seat, p in enumerate(res["players"]):
                who = order[seat]
                ok = met(Goal(connect=pairs[who]), facts, seat)
                hits[who] += ok
                slips[who] += p["total"]
                value[who] = p["total"] + REWARD * ok
            wins += 1.0 if value[0] > value[1] else 0.5 if value[0] == value[1] else 0.0
            games += 1
    lo, hi = wilson_interval(wins, games)
    print(f"{bots[0]} ({'not ' if args.aims == 'none' else ''}pursuing its postcard) vs {bots[1]} ({'pursuing' if args.aims == 'both' else 'not pursuing'} "
          f"its own): {games} games (seeds {args.seed}..{args.seed + args.games - 1}, both seat orders), "
          f"{time.perf_counter() - t0:.0f} s")
    print(f"  postcards met {100 * hits[0] / games:.1f}% vs {100 * hits[1] / games:.1f}%; mean slip "
          f"{slips[0] / games:.1f} vs {slips[1] / games:.1f}; {bots[0]} wins (slip + ${REWARD} if met) "
          f"{100 * wins / games:.1f}% ({100 * lo:.1f}-{100 * hi:.1f}%)")


if __name__ == "__main__":
    main()
