"""Instruction counts of the engine per board, under valgrind's callgrind: a measure of the
engine's cost that, unlike wall time, does not depend on the machine's load.

    python benchmarks/instructions.py                      # measure; compare with the baseline
    python benchmarks/instructions.py --record "the reason"  # measure; write the baseline
    python benchmarks/instructions.py --board usa --board europe
    python benchmarks/instructions.py --tree ../older-ttr   # another checkout, e.g. to compare

(with this tree on PYTHONPATH, e.g. `PYTHONPATH=. .venv/bin/python benchmarks/instructions.py`).

What is counted: per board, the fixed games of WORKLOAD (seeded; each action is
`legal[policy.randrange(len(legal))]` with `policy = random.Random(seed)`), played through
`game.apply` (the checked path) on games that record their public log, as `ttr.new_game` makes
them by default: set-up, legal actions, checks, transitions, the log, scoring.

How: one subprocess per board, in a fixed environment (only PATH, PYTHONPATH = this tree,
PYTHONHASHSEED=0 and LC_ALL=C.UTF-8), run as

    valgrind --tool=callgrind --instr-atstart=no python benchmarks/instructions.py --child <board>

The child imports ttr and builds the board's rulesets with callgrind's instrumentation off
(valgrind runs that part at a few times native cost, not ~50x), then switches it on with
callgrind's client requests (CALLGRIND_ZERO_STATS, CALLGRIND_START_INSTRUMENTATION, from a
three-line C helper compiled here with `cc` against valgrind's <valgrind/callgrind.h>), plays the
games and switches it off: callgrind's total is the games' alone. The baseline run (`--child
baseline`: the same imports and rulesets, no games) counts what switching costs by itself, and
is subtracted from every board's count. Just before switching on, the child collects and freezes
the garbage collector (gc.freeze): the collections during the games then depend on the games
alone (else a few hundred more objects imported by one environment than another move a
collection of a generation and shift a board by several per cent). Before measuring, each child runs once without valgrind
so that every module's bytecode is cached (a compile must not be counted in one run and not in
the next). With the same Python, packages and valgrind the counts repeat exactly or to within
a few hundred instructions (of tens of millions); other machines may differ by a little (the C
library picks its string routines by CPU).

The baseline, benchmarks/instructions.json, is what tests/test_instructions.py compares with: it
fails when a board's count is more than 5% (TOLERANCE) above it. The baseline is updated ON
PURPOSE ONLY, in a commit of its own whose message gives the reason (a feature that has to cost
more, a new Python, a change of WORKLOAD), with `--record "reason"`; an engine change that makes
the engine faster may be followed by such a commit to lock the gain in. Never record a new
baseline to make the test pass without knowing what got slower.
"""
from __future__ import annotations

import argparse
import ctypes
import datetime
import gc
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BASELINE_FILE = ROOT / "benchmarks" / "instructions.json"
TOLERANCE = 0.05  # a board may cost this much more than its baseline

# per board: (players, game seed) of each game: its smallest and its largest player count
WORKLOAD: dict[str, list[tuple[int, int]]] = {
    "usa": [(2, 1), (5, 2)],
    "europe": [(2, 1), (5, 2)],
    "nordic": [(2, 1), (3, 2)],
    "world": [(2, 1), (5, 2)],
    "great-lakes": [(2, 1), (5, 2)],
    "legends-west": [(2, 1), (5, 2)],
}
POLICY = "legal[policy.randrange(len(legal))], policy = random.Random(game seed), through game.apply"

HELPER_C = """\
#include <valgrind/callgrind.h>
void ttr_instr_start(void) { CALLGRIND_ZERO_STATS; CALLGRIND_START_INSTRUMENTATION; }
void ttr_instr_stop(void) { CALLGRIND_STOP_INSTRUMENTATION; }
"""


# ------------------------------------------------------------------ the child (inside valgrind)

def play(board: str, games: list[tuple[int, int]]) -> int:
    """Play the board's games; the number of actions applied."""
    import random

    import ttr
    actions = 0
    for players, seed in games:
        game = ttr.new_game(board, players, seed)
        policy = random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(legal[policy.randrange(len(legal))])
        actions += len(game.actions)  # (older trees measured with --tree have no `ply`)
    return actions


def child(board: str, helper: str | None) -> None:
    import ttr
    boards = list(WORKLOAD) if board == "baseline" else [board]
    for b in boards:
        for players, _ in WORKLOAD[b]:
            ttr.new_game(b, players, 0)  # builds (and caches) the board's rules
    games = [] if board == "baseline" else WORKLOAD[board]
    lib = ctypes.CDLL(helper) if helper else None
    # The collector starts from nothing and never walks what the imports left (gc.freeze): when it
    # runs, and what it walks, depend on the games alone, not on what else the environment imported.
    gc.collect()
    gc.freeze()
    if lib:
        lib.ttr_instr_start()
    actions = play(board, games) if games else 0
    if lib:
        lib.ttr_instr_stop()
    print(json.dumps({"board": board, "actions": actions, "python": platform.python_version(),
                      "ttr": ttr.__version__}))


# ------------------------------------------------------------------ the parent

class Unavailable(Exception):
    """valgrind, a C compiler or valgrind's headers are missing."""


TREE = ROOT  # the checkout measured (--tree: another one, to compare)


def environment() -> dict[str, str]:
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(TREE), "PYTHONHASHSEED": "0",
            "LC_ALL": "C.UTF-8"}


def build_helper(where: Path) -> Path:
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if cc is None:
        raise Unavailable("no C compiler (cc) to build the callgrind helper")
    src, lib = where / "ttr_instr.c", where / "ttr_instr.so"
    src.write_text(HELPER_C)
    r = subprocess.run([cc, "-O2", "-shared", "-fPIC", "-o", str(lib), str(src)], capture_output=True, text=True)
    if r.returncode:
        raise Unavailable(f"could not build the callgrind helper (is <valgrind/callgrind.h> installed?): {r.stderr.strip()}")
    return lib


def run_child(board: str, helper: Path, out_dir: Path, python: str) -> dict[str, Any]:
    script = str(Path(__file__).resolve())
    args = [script, "--child", board, "--helper", str(helper)]
    env = environment()
    warm = subprocess.run([python, *args], env=env, capture_output=True, text=True)  # caches the bytecode
    if warm.returncode:
        raise RuntimeError(f"{board}: the workload failed without valgrind:\n{warm.stderr}")
    out = out_dir / f"callgrind.{board}.out"
    r = subprocess.run(["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}",
                        python, *args], env=env, capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError(f"{board}: valgrind failed:\n{r.stderr[-3000:]}")
    info = json.loads(r.stdout.strip().splitlines()[-1])
    m = re.search(r"^totals: (\d+)", out.read_text(), re.M)  # (the "summary:" line is written at the start)
    if m is None:
        raise RuntimeError(f"{board}: no total in callgrind's output {out}")
    info["instructions"] = int(m.group(1))
    return info


def measure(boards: list[str] | None = None, jobs: int = 2, python: str = sys.executable) -> dict[str, Any]:
    """{board: {instructions, actions, per_action}} for the boards (default: all of WORKLOAD),
    the baseline subtracted; plus "_baseline" and "_python"."""
    if shutil.which("valgrind") is None:
        raise Unavailable("valgrind is not installed")
    boards = boards or list(WORKLOAD)
    with tempfile.TemporaryDirectory(prefix="ttr-instr-") as tmp:
        helper = build_helper(Path(tmp))
        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            runs = dict(zip(["baseline", *boards],
                            pool.map(lambda b: run_child(b, helper, Path(tmp), python), ["baseline", *boards])))
    base = runs.pop("baseline")
    out: dict[str, Any] = {}
    for b, info in runs.items():
        n = info["instructions"] - base["instructions"]
        out[b] = {"instructions": n, "actions": info["actions"], "per_action": round(n / info["actions"])}
    out["_baseline"] = base["instructions"]
    out["_python"] = base["python"]
    return out


def valgrind_version() -> str:
    try:
        return subprocess.run(["valgrind", "--version"], capture_output=True, text=True).stdout.strip()
    except OSError:
        return "none"


def load_baseline() -> dict[str, Any]:
    return json.loads(BASELINE_FILE.read_text())


def workload_record() -> dict[str, Any]:
    return {"games": {b: [f"{players} players, seed {seed}" for players, seed in games] for b, games in WORKLOAD.items()},
            "policy": POLICY}


def dumps(data: dict[str, Any]) -> str:
    """JSON with one line per board."""
    def block(d: dict[str, Any], indent: str) -> str:
        rows = [f"{indent}  {json.dumps(k)}: {json.dumps(v, separators=(', ', ': '))}" for k, v in d.items()]
        return "{\n" + ",\n".join(rows) + f"\n{indent}}}"
    rows = []
    for k, v in data.items():
        if k == "workload":
            text = "{\n" + f'    "games": {block(v["games"], "    ")},\n    "policy": {json.dumps(v["policy"])}\n  }}'
        elif k == "boards":
            text = block(v, "  ")
        else:
            text = json.dumps(v)
        rows.append(f"  {json.dumps(k)}: {text}")
    return "{\n" + ",\n".join(rows) + "\n}\n"


def compare(counts: dict[str, Any], baseline: dict[str, Any]) -> list[str]:
    """The boards whose count is more than TOLERANCE above the baseline, as messages."""
    worse = []
    for b, row in counts.items():
        if b.startswith("_") or b not in baseline["boards"]:
            continue
        was = baseline["boards"][b]["instructions"]
        ratio = row["instructions"] / was
        if ratio > 1 + TOLERANCE:
            worse.append(f"{b}: {row['instructions']:,} instructions, {ratio - 1:+.1%} over the baseline {was:,}")
    return worse


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--board", action="append", help="measure only this board (repeatable)")
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1), help="valgrind runs at once")
    ap.add_argument("--record", metavar="REASON", help="write the counts as the new baseline, with this reason")
    ap.add_argument("--tree", help="measure another checkout of ttr (to compare; never recorded)")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    ap.add_argument("--helper", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.child, args.helper)
        return
    if args.record and args.board:
        ap.error("--record measures every board")
    if args.tree:
        if args.record:
            ap.error("--record measures this tree")
        global TREE
        TREE = Path(args.tree).resolve()
    counts = measure(args.board, args.jobs)
    baseline = load_baseline() if BASELINE_FILE.exists() else None
    for b in WORKLOAD:
        if b not in counts:
            continue
        row = counts[b]
        was = baseline["boards"].get(b, {}).get("instructions") if baseline else None
        vs = f"  {row['instructions'] / was - 1:+.2%} vs baseline" if was else ""
        print(f"{b:13s} {row['instructions']:>14,} instructions  {row['actions']:5d} actions  "
              f"{row['per_action']:>9,}/action{vs}")
    print(f"(switching instrumentation alone: {counts['_baseline']:,}, subtracted; Python {counts['_python']})")
    if args.record:
        data = {
            "about": ("Instruction counts of the engine per board (benchmarks/instructions.py): the baseline "
                      "tests/test_instructions.py compares with (a board more than 5% above fails). Updated on "
                      "purpose only, in its own commit, with the reason."),
            "date": datetime.date.today().isoformat(),
            "reason": args.record,
            "python": f"{platform.python_implementation()} {counts['_python']}",
            "valgrind": valgrind_version(),
            "machine": platform.machine(),
            "note": ("callgrind Ir of the games alone (instrumentation switched on after importing ttr and "
                     "building the rulesets; the cost of switching, measured by a run without games, subtracted); "
                     "PYTHONHASHSEED=0; on one machine the counts repeat to within a few hundred instructions; other machines may differ slightly"),
            "tolerance": TOLERANCE,
            "workload": workload_record(),
            "switching": counts["_baseline"],
            "boards": {b: counts[b] for b in WORKLOAD},
        }
        BASELINE_FILE.write_text(dumps(data))
        print(f"wrote {BASELINE_FILE.relative_to(ROOT)}")
    elif baseline:
        worse = compare(counts, baseline)
        if worse:
            sys.exit("more than 5% over the baseline:\n  " + "\n  ".join(worse))


if __name__ == "__main__":
    main()
