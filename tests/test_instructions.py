"""The engine's instruction counts per board stay within 5% of the recorded baseline.

benchmarks/instructions.py plays a fixed set of seeded random games per board under valgrind's
callgrind (instrumentation switched on around the games only, one subprocess per board, two at
a time) and counts the instructions; benchmarks/instructions.json is the baseline. A board more
than 5% above it fails. The baseline is updated on purpose only, in a commit of its own with the
reason (`benchmarks/instructions.py --record "reason"`; see its docstring).

Skipped only when valgrind is missing; the project's machines have it (and a C compiler with
valgrind's headers, which the measurement needs to switch callgrind on and off).
"""
from __future__ import annotations

import importlib.util
import shutil
import warnings
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "benchmarks" / "instructions.py"
RECORD = 'benchmarks/instructions.py --record "the reason", in a commit of its own'


def _bench():
    spec = importlib.util.spec_from_file_location("ttr_bench_instructions", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind is not installed (apt-get install valgrind)")
def test_instruction_counts_within_five_percent_of_the_baseline():
    bench = _bench()
    baseline = bench.load_baseline()
    assert baseline["workload"] == bench.workload_record(), \
        f"the workload of benchmarks/instructions.py changed: record a new baseline on purpose ({RECORD})"
    assert set(baseline["boards"]) == set(bench.WORKLOAD)
    try:
        counts = bench.measure(jobs=2)
    except bench.Unavailable as e:
        pytest.fail(f"cannot count instructions: {e}")
    changed = [f"{b}: {counts[b]['actions']} actions, the baseline's games had {row['actions']}"
               for b, row in baseline["boards"].items() if counts[b]["actions"] != row["actions"]]
    assert not changed, ("the benchmark's games changed course, so their counts are not comparable (the golden "
                         f"tests say why); record a new baseline on purpose ({RECORD}):\n  " + "\n  ".join(changed))
    worse = bench.compare(counts, baseline)
    assert not worse, (f"instruction counts more than {bench.TOLERANCE:.0%} over the baseline (Python "
                       f"{counts['_python']}, baseline {baseline['python']}):\n  " + "\n  ".join(worse)
                       + f"\nIf the cost is meant, record a new baseline ({RECORD}).")
    cheaper = [f"{b} {counts[b]['instructions'] / row['instructions'] - 1:+.1%}"
               for b, row in baseline["boards"].items()
               if counts[b]["instructions"] < row["instructions"] * (1 - bench.TOLERANCE)]
    if cheaper:
        warnings.warn(f"cheaper than the baseline: {', '.join(cheaper)}; lock the gain in with a new baseline "
                      f"({RECORD})", stacklevel=1)
