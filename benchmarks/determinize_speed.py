"""The cost of one sampled world: median microseconds per world on positions of random games, per
board, for the determinizer (one uniform deal) and for the search bot's sampled world
(belief.sample_world: 12 deals weighted by the others' claims, one of them kept). Run it on two checkouts to compare them
side by side (`--against PATH` runs the other checkout's ttr in a subprocess, interleaved):

    python benchmarks/determinize_speed.py [--worlds 300] [--runs 5] [--against ../old-ttr]

It understands the determinizer before the engine's face (determinize(rules, view, rng),
through the save format) and after it (determinize(observation, rng), on integers).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time

BOARDS = [("usa", 2), ("europe", 4), ("nordic", 3), ("world", 4), ("legends-west", 3)]


def positions(map_name: str, players: int, n: int = 6, seed: int = 5):
    import ttr
    rng = random.Random(seed)
    g = ttr.new_game(map_name, players, seed)
    out = []
    step = 0
    while not g.is_over and len(out) < n:
        if step % 25 == 10:
            out.append(g.clone())
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
        step += 1
    return out


def measure(worlds: int) -> dict[str, float]:
    """Microseconds per sampled world, per board and sampler, in this process."""
    import inspect

    from ttr.agents import belief
    from ttr.agents import determinize as mod
    from ttr.agents.planner import graph_of
    new_api = list(inspect.signature(mod.determinize).parameters)[0] == "obs"
    out = {}
    for m, n in BOARDS:
        cases = []
        for g in positions(m, n):
            seat = g.current_player
            cases.append(g.observe(seat) if new_api else (g.rules, g.view(seat, history=False, legal=False)))
        graph = graph_of(cases[0].rules.map if new_api else cases[0][0].map)
        for what, count in (("determinize", worlds), ("sample_world", max(1, worlds // 10))):
            rng = random.Random(1)
            t0 = time.process_time()
            for i in range(count):
                c = cases[i % len(cases)]
                if what == "determinize":
                    mod.determinize(c, rng) if new_api else mod.determinize(c[0], c[1], rng)
                else:
                    belief.sample_world(c, rng, graph) if new_api else belief.sample_world(c[0], c[1], rng, graph)
            out[f"{what} {m} {n}p"] = (time.process_time() - t0) / count * 1e6
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--worlds", type=int, default=300)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--against", default=None, help="another checkout of ttr, measured in turns with this one")
    ap.add_argument("--json", action="store_true", help="(internal) print one run as JSON")
    args = ap.parse_args()
    if args.json:
        print(json.dumps(measure(args.worlds)))
        return
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    trees = {"this": here} | ({"against": os.path.abspath(args.against)} if args.against else {})
    runs: dict[str, list[dict[str, float]]] = {k: [] for k in trees}
    for _ in range(args.runs):
        for name, path in trees.items():  # interleaved: the same load for both
            env = {**os.environ, "PYTHONPATH": path}
            res = subprocess.run([sys.executable, __file__, "--json", "--worlds", str(args.worlds)], env=env,
                                 capture_output=True, text=True, check=True)
            runs[name].append(json.loads(res.stdout))
    print(f"{'sampler, board':30s} " + " ".join(f"{k:>14s}" for k in trees) + ("      ratio" if args.against else ""))
    for key in runs["this"][0]:
        med = {k: statistics.median(r[key] for r in runs[k]) for k in trees}
        row = f"{key:30s} " + " ".join(f"{med[k]:11.1f} µs" for k in trees)
        if args.against:
            row += f"   {med['against'] / med['this']:6.1f}x"
        print(row)


if __name__ == "__main__":
    main()
