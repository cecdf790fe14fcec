"""`ttr analyze --compare`: means with intervals (paired by deal where the runs played the same
games, else Welch's), seats when the player counts differ, only clear route differences coloured,
routes of one board only named, a warning for unrelated boards, and the command's slips refused."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import ttr
from analyze_helpers import Page, compare_numbers, expected_compare, expected_report, read_rows
from ttr.analytics import compare as cmp_mod
from ttr.analytics.analysis import analyse
from ttr.analytics.board import from_file, shipped
from ttr.analytics.output import load_run, write_report
from ttr.analytics.paired import mean_diff, t_quantile
from ttr.analytics.records import RunInfo
from ttr.analytics.run import run
from ttr.editions import parse_rules
from ttr.cli import main
from ttr.maps import DATA


def analyse_to(out: Path, board, players, bots, games, seed) -> Path:
    r = run(board, players, bots, games, seed, workers=1)
    m = board.load()
    info = RunInfo(board.name, m.title, board.edition, list(players), list(bots), games, seed, r.backend, r.workers,
                   ttr.__version__, board.path, board.raw(), len({x["game"] for x in r.rows}), r.stopped, 1.0,
                   "2025-01-01 00:00:00", "ttr analyze (test)")
    write_report(r.rows, info, m, out)
    return out


def without_berlin_frankfurt(tmp_path: Path) -> Path:
    raw = json.loads((DATA / "europe.json").read_text())
    gone = {r["id"] for r in raw["routes"] if set(r["cities"]) == {"Berlin", "Frankfurt"}}
    raw["routes"] = [r for r in raw["routes"] if r["id"] not in gone]
    raw["double_routes"] = [d for d in raw["double_routes"] if not gone & set(d)]
    path = tmp_path / "no-berlin-frankfurt.json"
    path.write_text(json.dumps(raw))
    return path


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """Europe and Europe without Berlin-Frankfurt on the same deals; USA at another player count."""
    base = tmp_path_factory.mktemp("cmp")
    a = analyse_to(base / "a", shipped("europe"), [2], ["planner"], 8, 5)
    b = analyse_to(base / "b", from_file(str(without_berlin_frankfurt(base))), [2], ["planner"], 8, 5)
    usa = analyse_to(base / "usa", shipped("usa"), [3], ["planner"], 4, 5)
    return a, b, usa


def expected(a: Path, b: Path) -> dict:
    (rows_a, info_a, m_a), (rows_b, info_b, m_b) = load_run(a), load_run(b)
    ra, rb = read_rows(a / "records.csv"), read_rows(b / "records.csv")
    ia, ib = (json.loads((x / "records.json").read_text()) for x in (a, b))
    ea, _ = expected_report(ra, ia, m_a)
    eb, _ = expected_report(rb, ib, m_b)
    return expected_compare(ea, eb, ia, ib, ra, rb, m_a, m_b)


def test_t_quantiles_match_the_printed_tables():
    table = {1: 12.706, 2: 4.303, 3: 3.182, 5: 2.571, 10: 2.228, 30: 2.042, 120: 1.980}
    for df, t in table.items():
        assert round(t_quantile(0.975, df), 3) == t, df
    assert round(t_quantile(0.95, 4), 3) == 2.132 and round(t_quantile(0.025, 7), 3) == -2.365


def test_means_are_paired_by_deal_when_the_runs_played_the_same_games(runs, tmp_path):
    a, b, _ = runs
    page_path, warnings = cmp_mod.write_compare(a, b, tmp_path)
    assert warnings == []
    page = Page(page_path.read_text())
    exp = expected(a, b)
    assert exp["means.turns.2.pairs"] == 8 and exp["means.total.pairs"] == 16
    compare_numbers(page, exp)


def test_paired_and_independent_intervals_differ_as_they_should():
    """The same numbers, keyed alike (paired) or not (Welch): a constant shift is sure when paired."""
    xa = {k: float(k % 5) for k in range(10)}
    xb = {k: v + 1.0 for k, v in xa.items()}
    paired = mean_diff(xa, xb)
    assert paired.pairs == 10 and paired.ci == (1.0, 1.0) and paired.clear
    welch = mean_diff(xa, {k + 100: v for k, v in xb.items()})
    assert welch.pairs == 0 and welch.ci[0] < 0 < welch.ci[1] and not welch.clear


def test_only_clear_route_differences_are_coloured_and_removed_routes_drawn_and_named(runs, monkeypatch, tmp_path):
    a, b, _ = runs
    drawn: dict = {}
    real = cmp_mod.board_svg

    def board_svg(m, layers, tips, label, uid, **kw):
        drawn.update(values=dict(layers[0][1]), ghosts=kw.get("ghosts", ()))
        return real(m, layers, tips, label, uid, **kw)

    monkeypatch.setattr(cmp_mod, "board_svg", board_svg)
    (rows_a, *ra), (rows_b, *rb) = load_run(a), load_run(b)
    c = cmp_mod.compare(analyse(rows_a, *ra), analyse(rows_b, *rb), rows_a, rows_b)
    clear = {i for i, _, d in c.routes if d.clear}
    assert len(clear) < len(c.routes)
    page = cmp_mod.render_compare(c)
    assert set(drawn["values"]) == clear
    assert c.gone == [2, 56] and [tip.split("\n")[0] for _, _, tip in drawn["ghosts"]] == \
        ["route 2: Berlin–Frankfurt", "route 56: Berlin–Frankfurt"]
    assert page.count('class="rt gh"') == 2 and "only in A (removed in B)" in page
    assert c.only_a == ["route 2 Berlin–Frankfurt", "route 56 Berlin–Frankfurt"] and not c.only_b
    assert "Only in A (removed in B" in page and "route 2 Berlin–Frankfurt" in page


def test_unrelated_boards_and_different_player_counts_are_said_and_seats_still_shown(runs, tmp_path):
    a, _, usa = runs
    page_path, warnings = cmp_mod.write_compare(a, usa, tmp_path)
    assert any("different boards" in w for w in warnings)
    assert any("europe's rules and B usa's" in w for w in warnings)
    assert any("share no player count" in w for w in warnings)
    text = page_path.read_text()
    assert "Warning:" in text and "3 players: B alone" in text and "2 players: A alone" in text
    compare_numbers(Page(text), expected(a, usa))


def test_a_rule_change_between_the_runs_is_said(runs, tmp_path):
    a, _, _ = runs
    b = tmp_path / "thirty"
    board = shipped("europe", parse_rules({"trains": 30}))
    r = run(board, [2], ["planner"], 8, 5, workers=1)
    m = board.load()
    info = RunInfo("europe", m.title, "europe", [2], ["planner"], 8, 5, r.backend, r.workers, ttr.__version__,
                   None, None, 8, False, 1.0, "", "", rules=board.changed())
    write_report(r.rows, info, m, b)
    _, warnings = cmp_mod.write_compare(a, b, tmp_path / "c")
    assert warnings == ["A and B play different rules (A: stock; B: trains 30 (stock 45))."]
    means = {k: d for k, _, d, _ in cmp_mod.compare(*(analyse(*load_run(x)) for x in (a, b)),
                                                     load_run(a)[0], load_run(b)[0]).means}
    assert means["means.turns.2"].pairs == 8 and means["means.turns.2"].value < 0  # fewer trains: shorter games


def cli(*args: str):
    return CliRunner().invoke(main, ["analyze", *args])


def test_the_command_warns_on_stderr_and_refuses_its_slips(runs, tmp_path):
    a, b, usa = runs
    res = cli("--compare", str(a), str(usa), "--out", str(tmp_path / "c"))
    assert res.exit_code == 0 and "Warning: Only 0 of" in res.stderr, res.output
    res = cli("--compare", str(a), "--out", str(tmp_path / "x"))
    assert res.exit_code == 2 and "but B is '--out'" in res.output and not (tmp_path / "x").exists()
    res = cli("--compare", str(a), str(b), "--games", "5", "--players", "3")
    assert res.exit_code == 2 and "--players, --games cannot go with it" in res.output
    res = cli("--compare", str(a), str(tmp_path / "nowhere"))
    assert res.exit_code == 2 and "B: " in res.output and "no such records file" in res.output
