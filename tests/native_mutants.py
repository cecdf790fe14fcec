"""Plays the differential harness against the mutants build of the native core (a core with
deliberately broken rules, native/include/ttr/mutants.hpp), one rule broken at a time. Run in a
subprocess by tests/test_native_mutants.py with TTR_NATIVE_DIR set to that build (it is not a test
module itself); also used once to find the seeds the tests keep:

    TTR_NATIVE_DIR=build/mutants/native .venv/bin/python tests/native_mutants.py list
    TTR_NATIVE_DIR=build/mutants/native .venv/bin/python tests/native_mutants.py play MUTANT MAP PLAYERS SEED CHOOSER
    TTR_NATIVE_DIR=build/mutants/native .venv/bin/python tests/native_mutants.py search MUTANT MAP PLAYERS CHOOSER [N]

`list` prints the mutants' names; `play` prints one JSON object: the first mismatch's field and text (null: the engines agreed) and
the steps played. `search` prints the first seeds of 0..N-1 that catch the mutant, with the field.
CHOOSER: `random` (the fast tier's uniform choices), `hoarder` (draws whenever it can: games that
run out of cards), `bots` (planner, greedy, random seats) or `rules` (takes Legacy's offers and
actions). MAP `legends-west-rules`: Legacy with rules of play and postcards
(test_native_legacy.rules_setup)."""
from __future__ import annotations

import json
import sys

from ttr.agents import make_agent
from ttr.editions import get_ruleset
from ttr.native.differential import Chooser, compare, hoarder_chooser, random_chooser, seat_chooser
from ttr.native.game import CORE

BOTS = ["planner", "greedy", "planner", "random", "greedy"]


RULES = "legends-west-rules"  # Legacy with rules of play and postcards (test_native_legacy.rules_setup)


def chooser(kind: str, seed: int, players: int) -> Chooser:
    if kind == "rules":  # takes the rules' offers and actions (test_native_legacy.rule_taker)
        from test_native_legacy import rule_taker
        return rule_taker(seed * 31 + players)
    if kind == "random":
        return random_chooser(seed * 31 + players)
    if kind == "hoarder":
        return hoarder_chooser(seed * 31 + players)
    if kind == "bots":
        return seat_chooser([make_agent(name, seed * 10 + s) for s, name in enumerate(BOTS[:players])])
    raise SystemExit(f"unknown chooser {kind!r}")


def play(mutant: str, map_name: str, players: int, seed: int, kind: str) -> dict[str, object]:
    CORE.set_mutant(mutant)
    options = {}
    if map_name == RULES:
        from test_native_legacy import rules_setup
        map_name, options = "legends-west", {"setup": rules_setup(players)}
    bad, steps = compare(get_ruleset(map_name, players), seed, chooser(kind, seed, players),
                         random_first=kind == "random" and seed % 3 == 0, **options)
    return {"mutant": mutant, "field": bad.field if bad else None, "mismatch": str(bad) if bad else None,
            "steps": steps}


def main(argv: list[str]) -> None:
    if not hasattr(CORE, "set_mutant"):
        raise SystemExit("this is not the mutants build of the core: set TTR_NATIVE_DIR (build/mutants/native)")
    if argv[:1] == ["list"]:
        print(json.dumps({"mutants": list(CORE.MUTANTS)}))
        return
    cmd, mutant, map_name, players = argv[0], argv[1], argv[2], int(argv[3])
    if cmd == "play":
        print(json.dumps(play(mutant, map_name, players, int(argv[4]), argv[5])))
    elif cmd == "search":
        kind, n = argv[4], int(argv[5]) if len(argv) > 5 else 200
        found = 0
        for seed in range(n):
            r = play(mutant, map_name, players, seed, kind)
            if r["field"]:
                print(seed, r["field"], "|", r["mismatch"], flush=True)
                found += 1
                if found >= 5:
                    break
        print(f"{found} of the seeds tried catch {mutant}")
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
