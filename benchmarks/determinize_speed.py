"""The cost of one sampled world: what the search bot pays to deal a world consistent with its
seat's view, per board, on positions of seeded random games:

  * "search's world": the search bot's call, 8 worlds from one observation (today: Worlds with the
    ticket model's weights, the model kept from move to move as the bot keeps it; trees before
    it: belief.sample_world with its defaults); the cost of preparing the observation is shared
    by its 8 worlds;
  * "lone world": one world from one observation (determinize: the OpenSpiel adapter's resampling,
    a policy seat);
  * "weighted world": one world weighted by the others' claims (today: the ticket model's weights
    worked out afresh, then one world; trees before it: belief.sample_world with 12 deals, an
    option of the search bot then, off by default).

Run it on two checkouts to compare them side by side (`--against PATH` runs the other checkout's
ttr in a subprocess, the two interleaved run by run):

    python benchmarks/determinize_speed.py [--worlds 400] [--runs 5] [--against ../old-ttr]
    python benchmarks/determinize_speed.py --instructions [--against ../old-ttr]

Times are CPU seconds (medians of the runs); `--instructions` counts the search's worlds under
callgrind instead (each tree in its own valgrind run, the same fixed environment as
instructions.py; the garbage collector off while counting), which does not depend on the
machine's load. It understands the determinizer before the engine's face (determinize(rules,
view, rng), through the save format), the face's first one (determinize(observation, rng)) and
today's (Worlds(observation), many worlds from one observation).
"""
from __future__ import annotations

import argparse
import inspect
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BOARDS = [("usa", 2), ("europe", 4), ("nordic", 3), ("world", 4), ("legends-west", 3)]
PER_OBSERVATION = 8  # the search bot's worlds per turn decision (SearchAgent.samples)


def positions(map_name: str, players: int, n: int = 6, seed: int = 5):
    """Every 25th position (from the 10th) of a seeded random game, up to n."""
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


class Sampler:
    """This tree's determinizer, whichever generation it is."""

    def __init__(self, map_name: str, players: int) -> None:
        from ttr.agents import belief
        from ttr.agents import determinize as mod
        from ttr.agents.planner import graph_of
        self.belief, self.mod = belief, mod
        self.generation = (3 if hasattr(belief, "TicketModel") else 2 if hasattr(mod, "Worlds")
                           else 1 if list(inspect.signature(mod.determinize).parameters)[0] == "obs" else 0)
        games = positions(map_name, players)
        if self.generation:
            self.cases = [g.observe(g.current_player) for g in games]
        else:
            self.cases = [(g.rules, g.view(g.current_player, history=False, legal=False)) for g in games]
        rules = games[0].rules
        self.graph = graph_of(rules.map)
        self.model = belief.TicketModel(rules) if self.generation == 3 else None

    def search_worlds(self, case, rng: random.Random, k: int, deals: int = 1) -> None:
        """k worlds of one observation, as the search bot samples them (`deals` > 1: weighted by the others'
        claims; today's trees always weigh them, and `deals` > 1 then weighs them with a fresh model)."""
        if self.generation == 3:
            model = self.belief.TicketModel(case.rules) if deals > 1 else self.model
            worlds = self.mod.Worlds(case, model.weights(case))
            for _ in range(k):
                worlds.game(rng)
            return
        sample_world = self.belief.sample_world
        if self.generation == 2:
            worlds = self.mod.Worlds(case)
            for _ in range(k):
                sample_world(worlds, rng, self.graph, deals)
        elif self.generation == 1:
            for _ in range(k):
                sample_world(case, rng, self.graph, deals)
        else:
            for _ in range(k):
                sample_world(case[0], case[1], rng, self.graph, deals)

    def lone_world(self, case, rng: random.Random) -> None:
        if self.generation:
            self.mod.determinize(case, rng)
        else:
            self.mod.determinize(case[0], case[1], rng)


def measure(worlds: int) -> dict[str, float]:
    """Microseconds per world, per board and sampler, in this process."""
    out = {}
    for m, n in BOARDS:
        s = Sampler(m, n)
        cases = s.cases
        rng = random.Random(1)
        t0 = time.process_time()
        groups = max(1, worlds // PER_OBSERVATION)
        for i in range(groups):
            s.search_worlds(cases[i % len(cases)], rng, PER_OBSERVATION)
        out[f"search's world {m} {n}p"] = (time.process_time() - t0) / (groups * PER_OBSERVATION) * 1e6
        t0 = time.process_time()
        for i in range(worlds):
            s.lone_world(cases[i % len(cases)], rng)
        out[f"lone world {m} {n}p"] = (time.process_time() - t0) / worlds * 1e6
        count = max(1, worlds // 10)
        t0 = time.process_time()
        for i in range(count):
            s.search_worlds(cases[i % len(cases)], rng, 1, deals=12)
        out[f"weighted world {m} {n}p"] = (time.process_time() - t0) / count * 1e6
    return out


def count_child(board: str, players: int, helper: str) -> None:
    """(inside valgrind) The search's worlds of every position, counted; prints how many."""
    import ctypes
    import gc
    s = Sampler(board, players)
    s.search_worlds(s.cases[0], random.Random(0), 1)  # every module imported and warm
    gc.collect()
    gc.disable()
    lib = ctypes.CDLL(helper)
    rng = random.Random(1)
    lib.ttr_instr_start()
    for case in s.cases:
        s.search_worlds(case, rng, PER_OBSERVATION)
    lib.ttr_instr_stop()
    print(json.dumps({"worlds": PER_OBSERVATION * len(s.cases)}))


def count(trees: dict[str, str]) -> dict[str, dict[str, float]]:
    """Instructions per search's world, per tree and board, under callgrind."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import instructions  # the callgrind helper and the fixed environment
    out: dict[str, dict[str, float]] = {name: {} for name in trees}
    with tempfile.TemporaryDirectory(prefix="ttr-worlds-") as tmp:
        helper = instructions.build_helper(Path(tmp))
        for m, n in BOARDS:
            for name, tree in trees.items():
                env = {**instructions.environment(), "PYTHONPATH": tree}
                args = [sys.executable, __file__, "--count-child", m, str(n), str(helper)]
                subprocess.run(args, env=env, capture_output=True, check=True)  # caches the bytecode
                cg = Path(tmp) / f"callgrind.{name}.{m}"
                r = subprocess.run(["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={cg}",
                                    *args], env=env, capture_output=True, text=True, check=True)
                total = next(int(line.split()[1]) for line in cg.read_text().splitlines() if line.startswith("totals:"))
                out[name][f"{m} {n}p"] = total / json.loads(r.stdout.strip().splitlines()[-1])["worlds"]
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--worlds", type=int, default=400)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--against", default=None, help="another checkout of ttr, measured in turns with this one")
    ap.add_argument("--instructions", action="store_true", help="count instructions under callgrind instead of timing")
    ap.add_argument("--json", action="store_true", help="(internal) print one run as JSON")
    ap.add_argument("--count-child", nargs=3, metavar=("BOARD", "PLAYERS", "HELPER"), help="(internal)")
    args = ap.parse_args()
    if args.count_child:
        board, players, helper = args.count_child
        count_child(board, int(players), helper)
        return
    if args.json:
        print(json.dumps(measure(args.worlds)))
        return
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    trees = {"this": here} | ({"against": os.path.abspath(args.against)} if args.against else {})
    if args.instructions:
        counts = count(trees)
        print(f"{'instructions per search world':30s} " + " ".join(f"{k:>14s}" for k in trees)
              + ("      ratio" if args.against else ""))
        for key in counts["this"]:
            row = f"{key:30s} " + " ".join(f"{counts[k][key]:14,.0f}" for k in trees)
            if args.against:
                row += f"   {counts['against'][key] / counts['this'][key]:6.2f}x"
            print(row)
        return
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
