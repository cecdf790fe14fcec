"""The bot ladder: Bradley-Terry ratings of every pair's games per board, their intervals, the
command's table, JSON and plot."""
from __future__ import annotations

import json
import math

import numpy as np
import pytest
from click.testing import CliRunner

from ttr.cli import main
from ttr.errors import TtrError
from ttr.runtime.arena import Z95, bradley_terry
from ttr.runtime.ladder import ELO, elo_intervals, fit, markdown, run_ladder


def test_two_bots_interval_is_the_binomial_one():
    """Two bots, n games, a wins a share q: the log-strength difference has variance
    1 / (n q (1 - q)), so each centred rating has a quarter of it."""
    n, q = 200, 0.7
    wins = {("a", "b"): n * q, ("b", "a"): n * (1 - q)}
    strengths = bradley_terry(["a", "b"], wins, prior=0.0)
    assert math.log(strengths["a"] / strengths["b"]) == pytest.approx(math.log(q / (1 - q)))
    half = elo_intervals(["a", "b"], wins, strengths)
    expect = Z95 * ELO * math.sqrt(1 / (4 * n * q * (1 - q)))
    assert half["a"] == pytest.approx(expect) and half["b"] == pytest.approx(expect)


def test_intervals_cover_the_true_ratings_and_shrink_with_games():
    """Games drawn from known strengths: the 95% intervals hold the truth about 95% of the time,
    and four times the games halve them."""
    rng = np.random.default_rng(7)
    truth = {"a": 0.0, "b": 100.0, "c": 250.0, "d": 400.0}
    names = list(truth)
    covered, trials, widths = 0, 0, {}
    for games in (100, 400):
        for _ in range(40 if games == 100 else 5):
            wins: dict[tuple[str, str], float] = {}
            for i, x in enumerate(names):
                for y in names[i + 1:]:
                    p = 1 / (1 + 10 ** ((truth[y] - truth[x]) / 400))
                    k = float(rng.binomial(games, p))
                    wins[x, y], wins[y, x] = k, games - k
            lad = fit("toy", names, wins, games, 1, None, dict.fromkeys(names, 3 * games))
            mean = sum(truth.values()) / 4
            for r in lad.ratings:
                if games == 100:
                    trials += 1
                    covered += r.low <= truth[r.bot] - mean + 1500 <= r.high
                widths.setdefault(games, []).append(r.high - r.low)
    assert 0.85 <= covered / trials <= 1.0
    assert np.mean(widths[400]) == pytest.approx(np.mean(widths[100]) / 2, rel=0.15)


def test_run_ladder_orders_the_bots_and_counts_their_games():
    ladders = run_ladder(["usa"], ["random", "greedy"], 3, seed=5, workers=1)
    (lad,) = ladders
    assert [r.bot for r in lad.ratings] == ["greedy", "random"]  # greedy beats random
    assert all(r.games == 6 for r in lad.ratings)  # 3 matches x 2 seat orders
    assert all(r.low < r.elo < r.high for r in lad.ratings)
    assert sum(w for _, _, w in lad.wins) == 6  # one comparison a game, each counted once per side
    with pytest.raises(TtrError, match="two different bots"):
        run_ladder(["usa"], ["random"], 1)


def test_ladder_command_writes_the_table_json_and_plot(tmp_path):
    res = CliRunner().invoke(main, ["ladder", "--boards", "usa,nordic", "--bots", "random,greedy", "--games", "2",
                                    "--workers", "1", "--out", str(tmp_path)])
    assert res.exit_code == 0, res.output
    assert "| bot | usa | nordic |" in res.stdout
    data = json.loads((tmp_path / "ladder.json").read_text())
    assert [b["board"] for b in data["boards"]] == ["usa", "nordic"]
    assert (tmp_path / "ladder.png").stat().st_size > 1000
    assert (tmp_path / "ladder.md").read_text().strip() == markdown(
        [fit(b["board"], ["random", "greedy"], {(a, c): w for a, c, w in b["wins"]}, 2, 1, None,
             {r["bot"]: r["games"] for r in b["ratings"]}) for b in data["boards"]])
    bad = CliRunner().invoke(main, ["ladder", "--boards", "atlantis"])
    assert bad.exit_code != 0 and "unknown board" in bad.output


def test_the_servers_bot_ratings_are_the_ladder_in_the_docs():
    """ttr/server/ladder.json (the browser's level labels) holds the ratings of docs/ladder.json."""
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    docs = json.loads((root / "docs" / "ladder.json").read_text())
    served = json.loads((root / "ttr" / "server" / "ladder.json").read_text())["boards"]
    assert served == {b["board"]: {r["bot"]: round(r["elo"]) for r in b["ratings"]} for b in docs["boards"]}
