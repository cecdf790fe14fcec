"""`ttr analyze --backend ray` plays the local backend's games: the same records for the same
seed, on a small local Ray instance; a map file's board travels with its text."""
from __future__ import annotations

import csv
import re
import subprocess
import sys

import pytest
from click.testing import CliRunner

from ttr.analytics.board import from_file
from ttr.analytics.run import run
from ttr.cli import main
from ttr.maps import DATA

from helpers import research_import

ray = research_import("ray")


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def _records(out) -> list[dict]:
    with open(out / "records.csv", newline="") as f:
        return list(csv.DictReader(f))


def test_analyze_on_ray_writes_the_local_records(local_ray, tmp_path):
    args = ["analyze", "--map", "usa", "--players", "2,3", "--bots", "planner,greedy", "--games", "3", "--seed", "5"]
    local = CliRunner().invoke(main, [*args, "--workers", "1", "--out", str(tmp_path / "local")])
    assert local.exit_code == 0, local.output
    on_ray = CliRunner().invoke(main, [*args, "--backend", "ray", "--batch", "2", "--out", str(tmp_path / "ray")])
    assert on_ray.exit_code == 0, on_ray.output
    assert re.search(r"\d+ ray workers?\b", on_ray.output), on_ray.output
    rows = _records(tmp_path / "local")
    assert len(rows) == 3 * 2 + 3 * 3
    assert _records(tmp_path / "ray") == rows
    assert re.search(r"</span> ray workers?\b", (tmp_path / "ray" / "report.html").read_text())


def test_a_map_file_is_played_on_ray_without_the_file(local_ray, tmp_path):
    from ttr.adapters.ray import RayBackend
    path = tmp_path / "mine.json"
    path.write_text((DATA / "nordic.json").read_text())
    board = from_file(str(path))
    path.unlink()  # the workers play the text the board carries
    local = run(board, [2], ["planner", "random"], 4, 9, workers=1)
    on_ray = run(board, [2], ["planner", "random"], 4, 9, backend=RayBackend(batch=3))
    assert on_ray.backend == "ray" and local.backend == "local"
    assert on_ray.rows == local.rows and len(local.rows) == 8


def test_analyze_says_at_once_when_the_cluster_cannot_be_reached(tmp_path):
    """A clean error, no traceback and no report (in a fresh process: in this one a Ray instance
    a test started would be used instead)."""
    res = subprocess.run([sys.executable, "-c", "from ttr.cli import main; main()", "analyze", "--map", "usa",
                          "--players", "2", "--games", "1", "--backend", "ray", "--address", "127.0.0.1:1",
                          "--out", str(tmp_path / "r")], capture_output=True, text=True, timeout=120)
    assert res.returncode == 1 and "Error: cannot reach the Ray cluster at 127.0.0.1:1" in res.stderr
    assert "Traceback" not in res.stderr and not (tmp_path / "r" / "report.html").exists()
