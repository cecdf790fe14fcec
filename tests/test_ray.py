"""`--backend ray` gives the local backend's results for the same seeds, --json output included
(timings aside), on a small local Ray instance."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from ttr.cli import main
from ttr.errors import TtrError

from helpers import research_import

ray = research_import("ray")

TIMING = ("sec_per_move", "max_move_sec")


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def _json(*args: str) -> dict:
    res = CliRunner().invoke(main, list(args))
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout)


def _untimed(summary: dict) -> dict:
    for s in summary["bots_stats"]:
        for k in TIMING:
            s.pop(k)
    return summary


def test_simulate_on_ray_gives_the_local_results(local_ray):
    args = ("simulate", "--map", "usa", "--players", "2", "--bots", "greedy,random", "--games", "5", "--seed", "11",
            "--json")
    local = _json(*args)
    assert _json(*args, "--backend", "ray", "--batch", "2") == local
    assert local["games"] == 5


def test_arena_on_ray_gives_the_local_results(local_ray):
    args = ("arena", "--map", "nordic", "--players", "2", "--bots", "planner,greedy", "--games", "3", "--seed", "4",
            "--json", "-")
    local = _json(*args, "--workers", "2")
    on_ray = _json(*args, "--backend", "ray", "--batch", "2")
    assert _untimed(on_ray) == _untimed(local)
    assert local["games"] == 6


def test_a_task_error_is_raised_in_the_driver(local_ray):
    from ttr.adapters.ray import RayBackend
    from ttr.runtime.sim import play_record
    tasks = [("usa", 2, s, ("random", "random"), "python") for s in range(4)]
    with pytest.raises(TtrError, match="^unknown map 'atlantis'"):
        RayBackend(batch=2).run(play_record, [*tasks, ("atlantis", 2, 1, ("random", "random"), "python")], lambda r: None)
    assert ray.is_initialized()  # an instance the caller started stays up
    got: list = []
    RayBackend(batch=3).run(play_record, tasks, got.append)
    assert sorted(r.seed for r in got) == [0, 1, 2, 3]


def test_address_and_batch_need_the_ray_backend():
    res = CliRunner().invoke(main, ["simulate", "--games", "1", "--address", "127.0.0.1:6379"])
    assert res.exit_code == 2 and "--address is for --backend ray" in res.output


def test_an_address_nothing_listens_on_is_a_clean_error():
    """Ray would retry for minutes; the backend says at once that the cluster cannot be reached.
    (In a fresh process: in this one, a Ray instance a test started would be used instead.)"""
    res = subprocess.run([sys.executable, "-c", "from ttr.cli import main; main()", "simulate", "--games", "1",
                          "--map", "usa", "--players", "2", "--backend", "ray", "--address", "127.0.0.1:1"],
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 1 and "cannot reach the Ray cluster at 127.0.0.1:1" in res.stderr


def test_ladder_on_ray_gives_the_local_results(local_ray, tmp_path):
    from ttr.adapters.ray import RayBackend
    from ttr.runtime.ladder import run_ladder
    local = run_ladder(["usa"], ["random", "greedy", "planner"], 2, seed=3, workers=2)
    on_ray = run_ladder(["usa"], ["random", "greedy", "planner"], 2, seed=3, backend=RayBackend(batch=2))
    assert [lad.to_dict() for lad in on_ray] == [lad.to_dict() for lad in local]
