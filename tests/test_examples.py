"""The training example runs: one tiny iteration, its curve, weights and arena results saved
(the real run is a benchmark, reported in the README, not a test)."""
from __future__ import annotations

import csv
import importlib.util
import json
from pathlib import Path

from helpers import research_import

research_import("torch")
research_import("gymnasium")
research_import("matplotlib")

SCRIPT = Path(__file__).resolve().parents[1] / "examples" / "ppo_selfplay.py"


def test_ppo_selfplay_runs_one_tiny_iteration(tmp_path, capsys):
    spec = importlib.util.spec_from_file_location("ppo_selfplay", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    try:
        mod.main(["--map", "nordic", "--iterations", "1", "--games-per-iter", "2", "--parallel", "2",
                  "--eval-games", "1", "--arena-games", "1", "--eval-every", "1", "--threads", "1",
                  "--out", str(tmp_path)])
    finally:
        mod.AGENTS.pop("ppo", None)
    rows = list(csv.DictReader(open(tmp_path / "curve.csv")))
    assert [r["iteration"] for r in rows] == ["0", "1"] and float(rows[1]["games"]) == 2
    arena = json.loads((tmp_path / "arena.json").read_text())
    assert [a["opponent"] for a in arena] == ["random", "greedy"] and all(a["games"] == 2 for a in arena)
    assert (tmp_path / "policy.pt").stat().st_size > 0 and (tmp_path / "curve.png").stat().st_size > 0
    assert "arena vs greedy" in capsys.readouterr().out
