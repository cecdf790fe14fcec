"""Broken-rule proofs: the differential harness (ttr.native.differential) can fail. A build of the
core with deliberately broken rules (-DTTR_MUTANTS=ON, native/include/ttr/mutants.hpp; built here
into build/mutants and reused while its sources are unchanged) plays the kept seeds with one rule
broken at a time: each must be caught, by the check named below; the unbroken core (that build
with no rule broken, and the ordinary build) plays the same seeds without a mismatch. The table
and how the seeds were found: docs/native.md."""
from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ttr import native
from ttr.editions import get_ruleset
from ttr.native.differential import compare, hoarder_chooser, random_chooser

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "mutants"
PROBE = Path(__file__).resolve().parent / "native_mutants.py"

# (broken rule, board, players, seed, chooser, the check of the harness that catches it)
KEPT = [
    ("tunnel-extra", "europe", 3, 0, "random", "state.tunnel"),
    ("tunnel-extra", "europe", 3, 3, "random", "state.phase"),
    ("station-cost", "europe", 3, 0, "random", "legal actions (count)"),
    ("discard-reshuffle", "europe", 3, 0, "random", "state.deck"),
    ("discard-reshuffle", "usa", 5, 0, "hoarder", "state.deck"),
    ("ferry-locos", "europe", 3, 0, "random", "legal actions (count)"),
    ("display-refill", "usa", 5, 0, "hoarder", "state.shuffles"),
    ("display-refill", "europe", 5, 1, "hoarder", "state.shuffles"),
    ("ferry-sets", "nordic", 2, 0, "random", "legal actions (count)"),
    ("any-four", "nordic", 2, 0, "hoarder", "legal actions (count)"),
    ("harbor-value", "world", 4, 0, "random", "result.players[0].harbor_points"),
    ("harbor-value", "great-lakes", 3, 0, "random", "result.players[0].harbor_points"),
    ("exchange-cost", "world", 2, 0, "random", "state.players[0].score"),
    ("exchange-cost", "great-lakes", 3, 0, "random", "state.players[0].score"),
    ("paired-jokers", "world", 2, 0, "random", "legal actions (count)"),
    ("step-dollars", "legends-west", 2, 0, "random", "state.players[0].score"),
    ("step-dollars", "legends-west", 4, 0, "random", "state.players[0].score"),
    ("rule-offer", "legends-west-rules", 2, 0, "rules", "state.players[0].score"),  # (a rule's action)
    ("rule-offer", "legends-west-rules", 2, 2, "rules", "state.players[0].score"),  # (a postcard's offer)
]
GAMES = sorted({(m, p, seed, chooser) for _, m, p, seed, chooser, _ in KEPT})


def _missing(why: str) -> None:
    if os.environ.get("TTR_REQUIRE_EXTRAS") or os.environ.get("CI"):
        pytest.fail(why, pytrace=False)
    pytest.skip(why)


@pytest.fixture(scope="module")
def mutants_dir() -> Path:
    """The mutants build of the core's module (configured once, rebuilt when its sources change)."""
    if not native.available():
        _missing(f"the native core is not built: {native.why_unavailable()}")
    if shutil.which("cmake") is None:
        _missing("cmake is missing: the mutants build of the core cannot be made")
    BUILD.mkdir(parents=True, exist_ok=True)
    with open(BUILD.parent / "mutants.lock", "w") as lock:  # (pytest-xdist workers build it once)
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (BUILD / "CMakeCache.txt").exists():
            subprocess.run(["cmake", "-S", str(ROOT), "-B", str(BUILD), "-DTTR_PYTHON=ON", "-DTTR_MUTANTS=ON",
                            "-DCMAKE_BUILD_TYPE=Release", f"-DPython_EXECUTABLE={sys.executable}"],
                           check=True, capture_output=True, text=True)
        done = subprocess.run(["cmake", "--build", str(BUILD), "-j", "2"], capture_output=True, text=True)
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return BUILD / "native"


def probe(where: Path, *args: object) -> dict:
    env = dict(os.environ, TTR_NATIVE_DIR=str(where), PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, str(PROBE), *map(str, args)], env=env, capture_output=True, text=True,
                          timeout=900)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return json.loads(done.stdout)


@pytest.mark.parametrize("mutant,map_name,players,seed,chooser,field", KEPT,
                         ids=[f"{k[0]}-{k[1]}{k[2]}-{k[4]}{k[3]}" for k in KEPT])
def test_a_broken_rule_is_caught_by_the_harness(mutants_dir, mutant, map_name, players, seed, chooser, field):
    r = probe(mutants_dir, "play", mutant, map_name, players, seed, chooser)
    assert r["field"] is not None, f"{mutant} was not caught in {map_name} {players}p seed {seed} ({chooser})"
    assert r["field"] == field, f"{mutant}: caught by {r['mismatch']!r}, expected the check {field!r}"


@pytest.mark.parametrize("map_name,players,seed,chooser", GAMES, ids=[f"{g[0]}{g[1]}-{g[3]}{g[2]}" for g in GAMES])
def test_the_unbroken_core_passes_the_kept_seeds(mutants_dir, map_name, players, seed, chooser):
    r = probe(mutants_dir, "play", "none", map_name, players, seed, chooser)  # the mutants build, no rule broken
    assert r["field"] is None, r["mismatch"]
    options = {}
    if map_name == "legends-west-rules":  # (Legacy with rules of play and postcards: native_mutants.RULES)
        from test_native_legacy import rule_taker, rules_setup
        map_name, options = "legends-west", {"setup": rules_setup(players)}
        choose = rule_taker(seed * 31 + players)
    else:
        choose = (random_chooser if chooser == "random" else hoarder_chooser)(seed * 31 + players)
    bad, _ = compare(get_ruleset(map_name, players), seed, choose,  # the core under test
                     random_first=chooser == "random" and seed % 3 == 0, **options)
    assert bad is None, str(bad)


def test_every_broken_rule_has_a_kept_seed(mutants_dir):
    names = probe(mutants_dir, "list")["mutants"]
    assert names[0] == "none"
    assert sorted(set(names[1:])) == sorted({k[0] for k in KEPT})
    with pytest.raises(AssertionError, match="no mutant"):
        probe(mutants_dir, "play", "no-such-rule", "usa", 2, 0, "random")
