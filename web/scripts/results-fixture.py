"""Results of real games, for the client's tests of the end-of-game reveal (web/tests/app/reveal.test.ts):
a few bot games on every board (random bots fail tickets; planners complete them), each game's
`result` as the engine gives it. Run from the repository: .venv/bin/python web/scripts/results-fixture.py"""
from __future__ import annotations

import json
from pathlib import Path

from ttr.runtime.sim import play_game

GAMES = [("usa", ["planner", "random", "greedy"], 3), ("usa", ["random"] * 5, 4),
         ("europe", ["planner", "random", "planner", "greedy", "random"], 5), ("europe", ["random", "planner"], 6),
         ("nordic", ["planner", "random", "greedy"], 7),
         ("world", ["planner", "random", "greedy", "random"], 8), ("world", ["random", "random"], 9),
         ("great-lakes", ["planner", "random", "greedy"], 10),
         ("legends-west", ["planner", "random", "greedy"], 11), ("legends-west", ["random", "random", "random"], 12)]

out = []
for map_name, bots, seed in GAMES:
    g = play_game(map_name, len(bots), seed, bots)
    out.append({"map": map_name, "seed": seed, "bots": bots, "result": g.result()})
path = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "results.json"
path.write_text(json.dumps(out, separators=(",", ":")) + "\n")
print(path, path.stat().st_size)
