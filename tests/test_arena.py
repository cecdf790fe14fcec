"""`ttr arena`: statistics on known inputs, pairing and rotation, determinism, outputs, command line."""
from __future__ import annotations

import csv
import dataclasses
import io
import json
import math
import re

import pytest
from click.testing import CliRunner

from ttr.agents import AGENTS
from ttr.agents.random_agent import RandomAgent
from ttr.cli import main
from ttr.errors import TtrError
from ttr.runtime.arena import (
    ROW_FIELDS,
    GameResult,
    analyse,
    bot_labels,
    bot_stats,
    bradley_terry,
    create_agent,
    elo_ratings,
    lineups,
    pairwise_outcomes,
    run_arena,
    schedule,
    wilson_interval,
    win_shares,
)

# ---------------------------------------------------------------- statistics


def test_wilson_interval_known_values():
    lo, hi = wilson_interval(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    lo, hi = wilson_interval(0, 10)
    assert lo == 0 and hi == pytest.approx(0.2775, abs=1e-4)
    lo, hi = wilson_interval(10, 10)
    assert hi == pytest.approx(1) and lo == pytest.approx(0.7225, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    lo, hi = wilson_interval(2.5, 5)  # fractional successes (shared wins)
    assert lo < 0.5 < hi and lo + hi == pytest.approx(1.0)


def test_bradley_terry_two_bots_75_percent_is_191_elo():
    wins = {("A", "B"): 75, ("B", "A"): 25}
    elo = elo_ratings(bradley_terry(["A", "B"], wins, prior=0))
    assert elo["A"] - elo["B"] == pytest.approx(400 * math.log10(3), abs=0.01)  # 190.85
    assert (elo["A"] + elo["B"]) / 2 == pytest.approx(1500)
    # the default prior (one drawn virtual game per pair) shrinks it a little
    elo = elo_ratings(bradley_terry(["A", "B"], wins))
    assert 185 < elo["A"] - elo["B"] < 191


def test_bradley_terry_recovers_known_strengths():
    true = {"A": 4.0, "B": 2.0, "C": 1.0, "D": 0.5}
    n = 120
    wins = {(a, b): n * pa / (pa + pb) for a, pa in true.items() for b, pb in true.items() if a != b}
    s = bradley_terry(list(true), wins, prior=0)
    for a in true:
        assert s[a] / s["C"] == pytest.approx(true[a] / true["C"], rel=1e-6)
    elo = elo_ratings(s)
    assert sum(elo.values()) / 4 == pytest.approx(1500)
    assert elo["A"] - elo["B"] == pytest.approx(400 * math.log10(2), abs=1e-3)


def test_bradley_terry_finite_when_a_bot_wins_everything():
    elo = elo_ratings(bradley_terry(["A", "B", "C"], {("A", "B"): 10, ("B", "C"): 10, ("A", "C"): 10}))
    assert all(math.isfinite(v) for v in elo.values())
    assert elo["A"] > elo["B"] > elo["C"]
    assert elo_ratings(bradley_terry(["A"], {})) == {"A": 1500}


def test_shared_wins_and_pairwise_outcomes():
    assert win_shares([0, 2], 3) == [0.5, 0.0, 0.5]
    assert win_shares([1], 2) == [0.0, 1.0]
    # ranks 1,1,3: A and B tie (half each), both beat C; same-bot pairs are skipped
    w = pairwise_outcomes([(("A", "B", "C"), (1, 1, 3)), (("A", "A", "B"), (2, 1, 3))])
    assert w == {("A", "B"): 0.5 + 2, ("B", "A"): 0.5, ("A", "C"): 1, ("C", "A"): 0,
                 ("B", "C"): 1, ("C", "B"): 0}


def _game(i, bots, totals, ranks, kept=(3, 3), done=(1, 2)):
    winners = tuple(s for s, r in enumerate(ranks) if r == 1)
    return GameResult(i, 1, 0, bots, totals, ranks, winners, kept, done, 50, (40, 40))


def test_bot_stats_counts_shared_wins_as_fractions():
    records = [_game(0, ("A", "B"), (50, 50), (1, 1)),        # shared: half a win each
               _game(1, ("B", "A"), (40, 60), (2, 1)),        # A wins
               _game(2, ("A", "B"), (30, 70), (2, 1), done=(0, 3))]
    st = bot_stats(records, ["A", "B"], {"A": 1510.0, "B": 1490.0})
    a, b = st["A"], st["B"]
    assert a.games == b.games == 3
    assert a.wins == 1.5 and b.wins == 1.5 and a.win_rate == 0.5
    assert (a.ci_low, a.ci_high) == wilson_interval(1.5, 3)
    assert a.score_mean == pytest.approx((50 + 60 + 30) / 3)
    assert a.rank_mean == pytest.approx(4 / 3)
    assert a.tickets_kept == 9 and a.tickets_done == 1 + 2 + 0 and a.ticket_completion == pytest.approx(3 / 9)
    assert a.rating == 1510.0
    r = analyse("usa", 2, ["A", "B"], 3, 1, None, records)
    assert r.head_to_head["A"]["B"] == {"wins": 1.5, "games": 3.0, "rate": 0.5}
    assert r.ratings["A"] == pytest.approx(r.ratings["B"])


# ---------------------------------------------------------------- pairing and rotation


def test_lineups_rotate_and_cycle():
    assert lineups(["A", "B"], 2) == [("A", "B"), ("B", "A")]
    assert lineups(["A", "B", "C"], 3) == [("A", "B", "C"), ("B", "C", "A"), ("C", "A", "B")]
    # fewer bots than seats: cycled, and only distinct rotations are played
    assert lineups(["P", "R"], 4) == [("P", "R", "P", "R"), ("R", "P", "R", "P")]
    assert lineups(["P", "R"], 3) == [("P", "R", "P"), ("R", "P", "P"), ("P", "P", "R")]
    assert lineups(["A"], 3) == [("A", "A", "A")]
    assert bot_labels(["random", "random", "greedy", "random"]) == ["random", "random#2", "greedy", "random#3"]


def test_schedule_pairs_seeds_over_rotations():
    tasks = list(schedule("usa", 3, ["A", "B", "C"], games=4, seed=10))
    assert [t.index for t in tasks] == list(range(12))
    rots = lineups(["A", "B", "C"], 3)
    for s in range(10, 14):
        match = [t for t in tasks if t.seed == s]
        assert [t.rotation for t in match] == [0, 1, 2]          # every seed once per rotation
        assert [t.bots for t in match] == rots
        for seat in range(3):                                    # each bot sits in every seat once
            assert sorted(t.bots[seat] for t in match) == ["A", "B", "C"]
    assert {t.seed for t in tasks} == set(range(10, 14))


# ---------------------------------------------------------------- playing


@pytest.fixture(scope="module")
def tiny():
    return run_arena("usa", 2, ["random", "random"], games=2, seed=3, workers=1)


def test_same_result_with_one_or_two_workers(tiny):
    two = run_arena("usa", 2, ["random", "random"], games=2, seed=3, workers=2)
    assert two == tiny
    strip = [{k: v for k, v in row.items() if k != "seconds"} for row in tiny.to_rows()]
    assert strip == [{k: v for k, v in row.items() if k != "seconds"} for row in two.to_rows()]


def test_arena_games_are_paired(tiny):
    assert [(r.seed, r.rotation, r.bots) for r in tiny.records] == [
        (3, 0, ("random", "random#2")), (3, 1, ("random#2", "random")),
        (4, 0, ("random", "random#2")), (4, 1, ("random#2", "random"))]
    for r in tiny.records:
        assert r.turns > 0 and len(r.totals) == 2 and r.winners
        assert all(0 <= d <= k for d, k in zip(r.tickets_done, r.tickets_kept))
    # identical bots on the same deal from swapped seats: the mirrored games are identical
    a, b = tiny.records[0], tiny.records[1]
    assert a.totals == b.totals and a.winners == b.winners
    assert tiny.stats["random"].games == 4 and tiny.stats["random"].win_rate == 0.5


def test_csv_and_json_outputs_parse(tiny):
    rows = tiny.to_rows()
    assert len(rows) == 4 * 2
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=ROW_FIELDS)
    w.writeheader()
    w.writerows(rows)
    back = list(csv.DictReader(io.StringIO(buf.getvalue())))
    assert len(back) == 8 and set(back[0]) == set(ROW_FIELDS)
    assert sum(float(r["win"]) for r in back) == pytest.approx(4)
    s = json.loads(tiny.to_json())
    assert s["games"] == 4 and s["matches"] == 2 and s["seeds"] == [3, 4]
    assert {b["bot"] for b in s["bots_stats"]} == {"random", "random#2"}
    assert s["head_to_head"]["random"]["random#2"]["games"] == 4
    assert sum(s["seat_win_rate"]) == pytest.approx(1)
    assert set(s["ratings"]) == {"random", "random#2"}


class BudgetAgent(RandomAgent):
    name = "budget-test"
    seen: list = []

    def __init__(self, seed: int = 0, time_per_move: float | None = None):
        super().__init__(seed)
        BudgetAgent.seen.append(time_per_move)


class IllegalAgent(RandomAgent):
    def act(self, obs):
        return "claim nowhere"


def test_time_per_move_is_passed_to_agents_that_take_it(monkeypatch):
    monkeypatch.setitem(AGENTS, "budget-test", BudgetAgent)
    BudgetAgent.seen.clear()
    create_agent("budget-test", 1, 0.25)
    assert BudgetAgent.seen == [0.25]
    assert isinstance(create_agent("random", 1, 0.25), RandomAgent)  # no such keyword: ignored
    BudgetAgent.seen.clear()
    r = run_arena("usa", 2, ["budget-test", "random"], games=1, seed=1, workers=1, time_per_move=0.5)
    assert BudgetAgent.seen == [0.5, 0.5] and r.time_per_move == 0.5


def test_bad_input_and_bot_errors(monkeypatch):
    with pytest.raises(TtrError, match="unknown bot"):
        run_arena("usa", 2, ["nobody"], 1, 1, 1)
    with pytest.raises(TtrError, match="2-5 players"):
        run_arena("usa", 7, ["random"], 1, 1, 1)
    with pytest.raises(TtrError, match="at most one bot per seat"):
        run_arena("usa", 2, ["random"] * 3, 1, 1, 1)
    monkeypatch.setitem(AGENTS, "illegal-test", IllegalAgent)
    with pytest.raises(TtrError, match=r"bot illegal-test \(seat 0, turn 0\).*seed 1"):
        run_arena("usa", 2, ["illegal-test", "random"], 1, 1, 1)


# ---------------------------------------------------------------- command line


def test_cli_arena(tmp_path):
    out_csv, out_json = tmp_path / "a.csv", tmp_path / "a.json"
    args = ["arena", "--map", "usa", "--players", "2", "--bots", "random,random", "--games", "2", "--seed", "3",
            "--workers", "1", "--csv", str(out_csv), "--json", str(out_json)]
    res = CliRunner().invoke(main, args)
    assert res.exit_code == 0, res.output
    out = res.output
    assert "4 games of usa, 2 players: 2 seeds (3..4) x 2 seat rotations" in out
    assert "95% CI" in out and "rating" in out and "head to head" in out
    assert re.search(r"slowest move: random \d+\.\d\d s, random#2 \d+\.\d\d s", out), out
    assert re.search(r"random#2\s+4\s+50\.0%\s+\d+%-\d+%", out), out
    assert len(list(csv.DictReader(out_csv.open()))) == 8
    assert json.loads(out_json.read_text())["games"] == 4
    res = CliRunner().invoke(main, args[:-4] + ["--json", "-"])
    assert res.exit_code == 0 and json.loads(res.output)["matches"] == 2


@pytest.mark.parametrize("extra, words", [
    (["--bots", "nobody"], ["--bots", "unknown bot 'nobody'"]),
    (["--bots", "random", "--players", "9"], ["--players", "2-5 players"]),
    (["--bots", "random", "--map", "mars"], ["--map"]),
    (["--bots", "random,random,random", "--players", "2"], ["--bots", "at most one bot per seat"]),
    (["--bots", ","], ["--bots"]),
    ([], ["--bots"]),
])
def test_cli_arena_errors_are_clean(extra, words):
    res = CliRunner().invoke(main, ["arena", "--map", "usa", "--games", "1", "--workers", "1", *extra]
                             if "--map" not in extra else ["arena", "--games", "1", *extra])
    assert res.exit_code == 2, res.output
    assert isinstance(res.exception, SystemExit) and "Traceback" not in res.output
    for w in words:
        assert w in res.output, res.output


def test_result_dataclasses_ignore_timing():
    g = _game(0, ("A", "B"), (1, 2), (2, 1))
    assert dataclasses.replace(g, seconds=(1.0, 2.0)) == g
