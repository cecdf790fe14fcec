"""The bots on game 12 of a Legacy campaign (issue: "Legacy: the whole box", bots in the later
games). Planner bots play a campaign with a content pack (default: the demo pack) up to game 12;
game 12's setup (its trains, the stickers, events and bonus cards the story brought) is then
played by two bots in both seat orders on fresh seeds, and the first bot's win rate, with its 95%
(Wilson) interval, is printed with both bots' mean bank slips and tickets completed.

    PYTHONPATH=. .venv/bin/python benchmarks/legacy_game12.py --bots planner,random --games 100
    PYTHONPATH=. .venv/bin/python benchmarks/legacy_game12.py --bots planner,greedy --games 200 [--pack FILE]
"""
from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import ttr
from ttr.agents import make_agent
from ttr.campaign import Campaign, play
from ttr.runtime.arena import wilson_interval


def game12_setup(pack: str, seed: int):
    """Game 12's setup of a two-player campaign that planner bots played to it."""
    with tempfile.TemporaryDirectory() as d:
        c = Campaign.create(Path(d) / "c.db", [("Ann", "blue"), ("Bob", "red")], pack=pack, seed=seed, durable=False)
        play(c, ["planner", "planner"], games=11)
        g = c.start_game()
        c.close()
        return g.setup


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bots", default="planner,random", help="two bot names: the one measured, then its opponent")
    ap.add_argument("--games", type=int, default=100, help="seeds (each played in both seat orders)")
    ap.add_argument("--seed", type=int, default=700000)
    ap.add_argument("--pack", default="demo")
    ap.add_argument("--campaign-seed", type=int, default=1)
    args = ap.parse_args()
    bots = args.bots.split(",")
    setup = game12_setup(args.pack, args.campaign_seed)
    print(f"game 12 ({setup.year}) of pack {setup.pack}: {setup.trains} trains, claim steps "
          f"{[s.number for s in setup.steps]}, {len(setup.events)} events, company bonus {setup.company_bonus}")
    t0 = time.perf_counter()
    wins, slips, done, games = 0.0, [0, 0], [0, 0], 0
    for s in range(args.seed, args.seed + args.games):
        for order in ((0, 1), (1, 0)):  # bots[i] sits at seat order.index(i)
            g = ttr.new_game("legends-west", 2, seed=s, setup=setup)
            agents = [make_agent(bots[order[seat]], s * 2 + seat) for seat in range(2)]
            while not g.is_over:
                seat = g.current_player
                g.apply(agents[seat].act(g.observe(seat)))
            res = g.result()
            for seat, p in enumerate(res["players"]):
                who = order[seat]
                slips[who] += p["total"]
                done[who] += len(p["tickets_completed"])
            winner = order[res["winners"][0]]
            wins += winner == 0
            games += 1
    lo, hi = wilson_interval(wins, games)
    print(f"{bots[0]} vs {bots[1]}: {games} games (seeds {args.seed}..{args.seed + args.games - 1}, both seat orders), "
          f"{time.perf_counter() - t0:.0f} s")
    print(f"  {bots[0]} wins {100 * wins / games:.1f}% ({100 * lo:.1f}-{100 * hi:.1f}%); mean slip "
          f"{slips[0] / games:.1f} vs {slips[1] / games:.1f}; tickets completed per game {done[0] / games:.2f} vs "
          f"{done[1] / games:.2f}")


if __name__ == "__main__":
    main()
