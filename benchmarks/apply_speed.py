"""Random games through the checked face (`game.apply`, recording the public log, as
`ttr.new_game` gives them), side by side with other checkouts of ttr and, optionally, another
pure-Python engine, interleaved in one run: medians of CPU seconds per step and games per
second, and the ratios.

    python benchmarks/apply_speed.py [--runs 5] [--games 150]
        [--against NAME=PATH ...]                 other ttr checkouts (e.g. before=../ttr-old)
        [--reference PATH --reference-python PY]  another engine's package root and interpreter
        [--boards usa-2,europe-4,nordic-3,world-4,great-lakes-3,legends-west-3]

The reference is driven through its own random playout (`state.step(state.sample_legal(rng))`
on its USA map, two players) in its own interpreter; only USA 2p is compared with it.

`--instructions` counts instructions per step instead (valgrind's callgrind, switched on around
the timed games only, with the helper of benchmarks/instructions.py): the same figures whatever
the machine's load, so one run suffices.
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

BOARDS = [("usa", 2), ("europe", 4)]


class Counting:
    """Times a block in CPU seconds, or (with callgrind's helper) counts its instructions."""

    def __init__(self, helper: str | None) -> None:
        import ctypes
        self.lib = ctypes.CDLL(helper) if helper else None

    def start(self) -> None:
        if self.lib:
            self.lib.ttr_instr_start()
        self.t0 = time.process_time()

    def stop(self) -> float:
        if self.lib:
            self.lib.ttr_instr_stop()
        return time.process_time() - self.t0


def ttr_run(games: int, seed: int, boards: list[tuple[str, int]] = BOARDS,
            helper: str | None = None) -> dict[str, tuple[float, int]]:
    """(CPU seconds, steps) per board: uniformly random games through game.apply."""
    import ttr
    out = {}
    clock = Counting(helper)
    for m, n in boards:
        rng = random.Random(seed)
        for i in range(3):  # warm up: the board's tables are built once, outside the timing
            g = ttr.new_game(m, n, 10**6 + i)
            while not g.is_over:
                legal = g.legal_actions()
                g.apply(legal[int(rng.random() * len(legal))])
        steps = 0
        clock.start()
        for i in range(games):
            g = ttr.new_game(m, n, seed + i)
            while not g.is_over:
                legal = g.legal_actions()
                g.apply(legal[int(rng.random() * len(legal))])
                steps += 1
        out[f"{m} {n}p"] = (clock.stop(), steps)
    return out


def reference_run(games: int, seed: int, helper: str | None = None) -> dict[str, tuple[float, int]]:
    """The other engine's random playouts (its API: Game(RuleConfig), state.step(sample_legal))."""
    from ticket_to_ride.engine.config import RuleConfig
    from ticket_to_ride.engine.rng import stream
    from ticket_to_ride.engine.state import Game
    game = Game(RuleConfig(map_name="usa", n_players=2, track_history=False))
    for s in range(10**6, 10**6 + 3):  # warm up, as for ttr
        state = game.new_initial_state(s)
        rng = stream(s, "bench")
        while not state.is_terminal():
            state.step(state.sample_legal(rng))
    steps = 0
    clock = Counting(helper)
    clock.start()
    for s in range(seed, seed + games):
        state = game.new_initial_state(s)
        rng = stream(s, "bench")
        while not state.is_terminal():
            state.step(state.sample_legal(rng))
            steps += 1
    return {"usa 2p": (clock.stop(), steps)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--games", type=int, default=150)
    ap.add_argument("--against", action="append", default=[], help="NAME=PATH of another ttr checkout")
    ap.add_argument("--reference", default=None, help="the other engine's package root")
    ap.add_argument("--reference-python", default=sys.executable)
    ap.add_argument("--worker", choices=["ttr", "reference"], help=argparse.SUPPRESS)
    ap.add_argument("--seed", type=int, default=0, help=argparse.SUPPRESS)
    ap.add_argument("--board", default=None, help="with --worker ttr: only this board, e.g. usa-2")
    ap.add_argument("--boards", default=None, help="the boards, e.g. usa-2,nordic-3 (default: usa-2,europe-4)")
    ap.add_argument("--instructions", action="store_true", help="count instructions (callgrind) instead of time")
    ap.add_argument("--helper", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.boards:
        BOARDS[:] = [(b.rsplit("-", 1)[0], int(b.rsplit("-", 1)[1])) for b in args.boards.split(",")]
    if args.worker == "reference":
        print(json.dumps(reference_run(args.games, args.seed, args.helper)))
        return
    if args.worker:
        boards = BOARDS if args.board is None else [(args.board.rsplit("-", 1)[0], int(args.board.rsplit("-", 1)[1]))]
        print(json.dumps(ttr_run(args.games, args.seed, boards, args.helper)))
        return
    if args.instructions:
        return count_instructions(args)
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    engines = {"this": (sys.executable, here, "ttr")}
    for spec in args.against:
        name, path = spec.split("=", 1)
        engines[name] = (sys.executable, os.path.abspath(path), "ttr")
    if args.reference:
        engines["reference"] = (args.reference_python, os.path.abspath(args.reference), "reference")
    runs: dict[str, list[dict[str, list[float]]]] = {k: [] for k in engines}
    for r in range(args.runs):
        for name, (python, path, worker) in engines.items():  # interleaved: the same load for each
            env = {**os.environ, "PYTHONPATH": path, "PYTHONHASHSEED": "0"}
            res = subprocess.run([python, os.path.abspath(__file__), "--worker", worker, "--games", str(args.games),
                                  "--seed", str(1000 * r), *(["--boards", args.boards] if args.boards else [])],
                                 env=env, capture_output=True, text=True, check=True)
            runs[name].append(json.loads(res.stdout))
    print(f"{'board':10s} {'engine':10s} {'µs/step':>9s} {'games/s':>9s} {'vs this':>8s}")
    for m, n in BOARDS:
        key = f"{m} {n}p"
        base = None
        for name in engines:
            rows = [x[key] for x in runs[name] if key in x]
            if not rows:
                continue
            us = statistics.median(sec / steps * 1e6 for sec, steps in rows)
            gps = statistics.median(args.games / sec for sec, _ in rows)
            base = us if name == "this" else base
            ratio = f"{us / base:7.2f}x" if base else ""
            print(f"{key:10s} {name:10s} {us:9.2f} {gps:9.0f} {ratio:>8s}")


def count_instructions(args: argparse.Namespace) -> None:
    """One run of every engine under callgrind: instructions per step, and the ratios."""
    import tempfile
    from pathlib import Path
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from instructions import build_helper  # the callgrind switch (a three-line C helper)
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    engines = {"this": (sys.executable, here, "ttr")}
    for spec in args.against:
        name, path = spec.split("=", 1)
        engines[name] = (sys.executable, os.path.abspath(path), "ttr")
    if args.reference:
        engines["reference"] = (args.reference_python, os.path.abspath(args.reference), "reference")
    with tempfile.TemporaryDirectory() as tmp:
        helper = build_helper(Path(tmp))
        per_step: dict[str, dict[str, float]] = {}
        for m, n in BOARDS:
            for name, (python, path, worker) in engines.items():
                if worker == "reference" and (m, n) != ("usa", 2):
                    continue  # the reference plays USA 2p only
                env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": path, "PYTHONHASHSEED": "0"}
                cmd = [python, os.path.abspath(__file__), "--worker", worker, "--games", str(args.games),
                       "--helper", str(helper), *(["--board", f"{m}-{n}"] if worker == "ttr" else [])]
                subprocess.run(cmd, env=env, capture_output=True, check=True)  # caches the bytecode
                out = Path(tmp) / f"callgrind.{name}.{m}"
                res = subprocess.run(["valgrind", "--tool=callgrind", "--instr-atstart=no",
                                      f"--callgrind-out-file={out}", *cmd], env=env, capture_output=True, text=True,
                                     check=True)
                (key, (_, steps)), = json.loads(res.stdout.strip().splitlines()[-1]).items()
                total = int(next(x for x in out.read_text().splitlines() if x.startswith("totals:")).split()[1])
                per_step.setdefault(key, {})[name] = total / steps
    print(f"{'board':10s} {'engine':15s} {'instructions/step':>18s} {'vs this':>8s}")
    for key, rows in per_step.items():
        for name, v in rows.items():
            ratio = f"{v / rows['this']:7.2f}x" if "this" in rows else ""
            print(f"{key:10s} {name:15s} {v:18,.0f} {ratio:>8s}")


if __name__ == "__main__":
    main()
