"""The conventions every `ttr` command keeps (docs/cli.md): output paths checked before any game,
--players defaulting to what the board seats, more bots than seats a usage error, exit 130 after
Ctrl-C with what finished kept, --json [FILE], one table style, whole lines when piped, progress
off a terminal, plurals, one version."""
from __future__ import annotations

import csv
import importlib.metadata
import json
import os
import re
import signal
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

import ttr
from ttr.cli import main

ROOT = Path(__file__).resolve().parent.parent
TTR = [sys.executable, "-m", "ttr.cli"]


def run(*args: str):
    res = CliRunner().invoke(main, list(args))
    return res, res.output


def never(*args, **kw):
    raise AssertionError("a game was played before the output path was checked")


# ------------------------------------------------ 1. output paths, checked before any game

@pytest.fixture
def unwritable(tmp_path) -> Path:
    """A path that cannot be written, even by root: under a plain file."""
    f = tmp_path / "a-file"
    f.write_text("")
    return f / "out"


@pytest.mark.parametrize("cmd,option,target", [
    (["analyze", "--map", "usa"], "--out", "analyze.run"),
    (["simulate", "--map", "usa"], "--json", "simulate.simulate"),
    (["arena", "--map", "usa", "--bots", "random"], "--json", "arena.run_arena"),
    (["arena", "--map", "usa", "--bots", "random"], "--csv", "arena.run_arena"),
    (["ladder", "--boards", "usa", "--bots", "random,greedy"], "--out", "ladder.run_ladder"),
    (["bench", "--map", "usa"], "--json", "bench.run_bench"),
], ids=lambda x: x if isinstance(x, str) else x[0])
def test_an_unwritable_output_is_a_usage_error_before_any_game(monkeypatch, unwritable, cmd, option, target):
    module, name = target.split(".")
    monkeypatch.setattr(f"ttr.commands.{module}.{name}", never)
    res, out = run(*cmd, option, str(unwritable))
    assert res.exit_code == 2, out
    assert f"Invalid value for '{option}'" in out and str(unwritable) in " ".join(out.split())
    assert "Not a directory" in out or "no folder" in out


def test_an_output_folder_that_is_a_file_is_named(monkeypatch, unwritable):
    monkeypatch.setattr("ttr.commands.analyze.run", never)
    res, out = run("analyze", "--map", "usa", "--out", str(unwritable.parent))
    assert res.exit_code == 2 and "a-file" in out and "is a file" in out


# ------------------------------------------------ 2. --players suits the board

def test_the_default_player_count_suits_the_board_on_every_command(tmp_path):
    """Nordic seats 2-3: no --players typed means 3 there (4 elsewhere), never an error."""
    s = json.loads(run("simulate", "--map", "nordic", "--games", "1", "--bots", "random", "--json")[1])
    assert s["players"] == 3
    res, out = run("demo", "--map", "nordic", "--bots", "random")
    assert res.exit_code == 0 and "seat 2 (random)" in out and "seat 3" not in out
    res, out = run("arena", "--map", "nordic", "--bots", "random", "--games", "1", "--workers", "1", "--json")
    assert res.exit_code == 0 and json.loads(res.stdout)["players"] == 3
    res, out = run("analyze", "--map", "nordic", "--bots", "random", "--games", "2", "--workers", "1",
                   "--out", str(tmp_path / "r"))
    assert res.exit_code == 0, out
    with open(tmp_path / "r" / "records.csv") as f:
        assert {r["players"] for r in csv.DictReader(f)} == {"3"}
    assert "drawing the report of 2 games…" in out  # 11: said on stderr while it is drawn
    # elsewhere 4; naming two or more bots: one seat each
    assert json.loads(run("simulate", "--map", "usa", "--games", "1", "--bots", "random", "--json")[1])["players"] == 4
    assert json.loads(run("simulate", "--map", "usa", "--games", "1", "--bots", "random,greedy",
                          "--json")[1])["players"] == 2
    # a count typed outside the board's range is still an error, naming it
    res, out = run("simulate", "--map", "nordic", "--players", "4")
    assert res.exit_code == 2 and "nordic is for 2-3 players, not 4" in out


# ------------------------------------------------ 5. more bots than seats

@pytest.mark.parametrize("cmd,seats", [
    (["simulate", "--games", "1"], "2 seats"), (["demo"], "2 seats"), (["arena", "--games", "1"], "2 seats"),
    (["analyze", "--games", "1"], "2 seats"), (["play"], "1 other seat")], ids=lambda x: x[0] if isinstance(x, list) else x)
def test_more_bots_than_seats_is_the_same_usage_error_everywhere(cmd, seats):
    res, out = run(*cmd, "--map", "usa", "--players", "2", "--bots", "random,greedy,planner")
    assert res.exit_code == 2, out
    assert f"Invalid value for '--bots': 3 bots for {seats}: give at most one bot per seat" in out


def test_too_many_bots_for_the_board_says_so_without_players():
    res, out = run("simulate", "--map", "nordic", "--bots", "random,greedy,planner,search")
    assert res.exit_code == 2 and "4 bots for 3 seats" in out


# ------------------------------------------------ 8. Ctrl-C: exit 130, what finished kept

def _interrupt(args: list[str], after: float, cwd: Path) -> subprocess.CompletedProcess:
    """Run ttr, send it SIGINT (Ctrl-C) after `after` seconds, wait for it to end. The child starts
    with SIGINT at its default, as at a terminal: a suite started in the background of a shell
    without job control inherits SIGINT ignored, and Python would then never raise KeyboardInterrupt."""
    p = subprocess.Popen(TTR + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=cwd,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    time.sleep(after)
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=120)
    return subprocess.CompletedProcess(args, p.returncode, out, err)


def test_ctrl_c_in_simulate_exits_130_with_the_games_finished(tmp_path):
    r = _interrupt(["simulate", "--map", "usa", "--players", "2", "--bots", "random", "--games", "1000000"], 6,
                   tmp_path)
    assert r.returncode == 130, r.stderr
    m = re.search(r"Stopped \(Ctrl-C\): (\d+) of 1000000 games finished", r.stdout)
    assert m and int(m.group(1)) > 0 and f"{m.group(1)} games of usa" in r.stdout, r.stdout


def test_ctrl_c_in_a_parallel_arena_exits_130_keeping_whole_matches(tmp_path):
    r = _interrupt(["arena", "--map", "usa", "--players", "2", "--bots", "random,greedy", "--games", "1000000",
                    "--workers", "2", "--json"], 8, tmp_path)
    assert r.returncode == 130, r.stderr
    s = json.loads(r.stdout)
    assert s["stopped_early"] and s["matches"] > 0 and s["games"] == 2 * s["matches"]
    assert s["games_finished"] == s["games"] + s["games_left_out"]
    assert sum(b - a + 1 for a, b in s["seeds_played"]) == s["matches"]
    assert all(b["games"] == s["games"] for b in s["bots_stats"])  # each bot in every seat of every match


def test_ctrl_c_in_analyze_exits_130_with_the_report_of_the_games_finished(tmp_path):
    r = _interrupt(["analyze", "--map", "usa", "--players", "2", "--bots", "random", "--games", "1000000",
                    "--workers", "1", "--out", "r"], 8, tmp_path)
    assert r.returncode == 130, r.stderr
    assert "Stopped (Ctrl-C)" in r.stderr and (tmp_path / "r" / "report.html").exists()
    assert "Stopped early (Ctrl-C)" in (tmp_path / "r" / "report.html").read_text()


def test_ctrl_c_stops_the_whole_ladder_with_130(monkeypatch, tmp_path):
    """Not one pair's matches only, the ladder going on with the next pair: nothing is written."""
    import ttr.runtime.ladder as ladder
    real, pairs = ladder.run_arena, []

    def stopped_arena(*args, **kw):  # as if Ctrl-C stopped the first pair's matches
        import dataclasses
        pairs.append(args[2])
        return dataclasses.replace(real(*args, **kw), stopped=True)

    monkeypatch.setattr(ladder, "run_arena", stopped_arena)
    res, out = run("ladder", "--boards", "usa", "--bots", "random,greedy,planner", "--games", "2", "--workers", "1",
                   "--out", str(tmp_path / "l"))
    assert res.exit_code == 130 and "Interrupted (Ctrl-C)." in out
    assert pairs == [["random", "greedy"]] and not (tmp_path / "l" / "ladder.md").exists()


def test_ctrl_c_that_no_command_handles_exits_130(monkeypatch):
    def interrupted(*args, **kw):
        raise KeyboardInterrupt

    monkeypatch.setattr("ttr.commands.demo.play_game", interrupted)
    res, out = run("demo", "--map", "usa")
    assert res.exit_code == 130 and "Interrupted (Ctrl-C)." in out


# ------------------------------------------------ 9. a map file its edition cannot play

def test_an_unplayable_map_file_is_a_usage_error_naming_the_file(monkeypatch, tmp_path):
    """Europe's board under the USA rules: its 8-space route scores nothing there. The error names
    the file (not "map europe", the map's own name) and comes before any game."""
    monkeypatch.setattr("ttr.commands.analyze.run", never)
    path = tmp_path / "my-board.json"
    path.write_text((ROOT / "ttr" / "maps" / "data" / "europe.json").read_text())
    res, out = run("analyze", "--map-file", str(path), "--edition", "usa", "--players", "2", "--out",
                   str(tmp_path / "r"))
    assert res.exit_code == 2, out
    flat = " ".join(out.split())
    assert "Invalid value for '--map-file': my-board.json: route" in flat and "length 8" in flat, out
    assert "map europe" not in out


# ------------------------------------------------ 10. one version

def test_one_version_from_one_place():
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "version" not in meta["project"] and meta["project"]["dynamic"] == ["version"]
    assert meta["tool"]["scikit-build"]["metadata"]["version"]["input"] == "ttr/version.py"
    assert importlib.metadata.version("ttr") == ttr.__version__  # pip show ttr (after pip install -e .)
    assert run("--version")[1].strip().endswith(ttr.__version__)


# ------------------------------------------------ 11. piped output, progress, plurals

def test_piped_output_keeps_lines_whole(monkeypatch):
    monkeypatch.delenv("COLUMNS", raising=False)
    res, out = run("demo", "--map", "europe", "--players", "3", "--seed", "2")
    claims = [line for line in out.splitlines() if " claims " in line]
    assert claims and all(re.search(r"\) with \d+ ", line) for line in claims)  # never cut before "with"
    assert max(map(len, out.splitlines())) > 80


def test_progress_off_a_terminal_is_a_plain_line_now_and_then():
    from ttr.commands.output import Ticker
    now, lines = [0.0], []
    t = Ticker("analyze usa", "games", lines.append, clock=lambda: now[0])
    for done in range(1, 1001):  # a game every 0.1 s: 100 s in all
        now[0] = done * 0.1
        t.update(done, 1000)
    # the first tenth (10 s) gives the first line; then one each tenth: lines 10 s apart
    assert len(lines) == 10 and lines[0] == "analyze usa: 100/1000 games, 0:00:10 elapsed, about 0:01:30 left (10%)"
    now[0], lines[:] = 0.0, []
    t = Ticker("arena", "games", lines.append, clock=lambda: now[0])
    for done in range(1, 5):  # a short run says nothing; a slow one a line every 30 s
        now[0] = done * 4.0
        t.update(done, 1000)
    assert lines == []
    now[0] = 31.0
    t.update(5, None)
    assert lines == ["arena: 5 games, 0:00:31 elapsed"]


def test_plurals():
    from ttr.cards import COLOR_INDEX, LOCO
    from ttr.text import plural
    assert [plural(1, "game"), plural(2, "game"), plural(0, "match"), plural(3, "ticket")] == [
        "1 game", "2 games", "0 matches", "3 tickets"]
    from ttr.engine import words
    g = ttr.new_game("europe", 3, 2)
    g.apply(g.legal_actions()[0])
    assert re.fullmatch(r"keeps \d tickets?", words(g.log[-1], g.actions[-1], g.rules))
    import ttr.editions.europe as europe  # the engine's card words, through a module that uses them
    assert europe.cards_words([(COLOR_INDEX["red"], 2), (LOCO, 1)]) == "2 red, 1 locomotive"
    assert europe.cards_words([(LOCO, 2)]) == "2 locomotives"


# ------------------------------------------------ 12. --json [FILE], one table style

@pytest.mark.parametrize("cmd", [["simulate", "--map", "usa", "--games", "1", "--bots", "random"],
                                 ["arena", "--map", "usa", "--bots", "random", "--games", "1", "--workers", "1"],
                                 ["bench", "--map", "usa", "--games", "1", "--runs", "1", "--engine", "python"]],
                         ids=lambda c: c[0])
def test_json_means_the_same_on_every_command(tmp_path, cmd):
    alone = CliRunner().invoke(main, [*cmd, "--json"])
    assert alone.exit_code == 0 and json.loads(alone.stdout)["ttr_version"] == ttr.__version__  # JSON only
    dash = CliRunner().invoke(main, [*cmd, "--json", "-"])
    assert json.loads(dash.stdout).keys() == json.loads(alone.stdout).keys()
    f = tmp_path / "out.json"
    both = CliRunner().invoke(main, [*cmd, "--json", str(f)])
    assert both.exit_code == 0 and json.loads(f.read_text())["ttr_version"] == ttr.__version__
    assert not both.stdout.lstrip().startswith("{") and f"wrote {f}" in both.output  # the text as well


@pytest.mark.parametrize("cmd", [["simulate", "--map", "usa", "--games", "1", "--bots", "random"],
                                 ["arena", "--map", "usa", "--bots", "random,greedy", "--games", "1", "--workers", "1"],
                                 ["bench", "--map", "usa", "--games", "1", "--runs", "1", "--engine", "python"],
                                 ["demo", "--map", "usa", "--bots", "random"]], ids=lambda c: c[0])
def test_one_table_style_everywhere(cmd):
    """No frames and no rules (as ttr play's and ttr campaign's screens): the same look everywhere."""
    res, out = run(*cmd)
    assert res.exit_code == 0, out
    assert not set(out) & set("│┃━─┏┡╇└┘┌┐╭╮╰╯"), out


def test_the_conventions_are_documented():
    doc = (ROOT / "docs" / "cli.md").read_text()
    for word in ("--players", "--bots", "--json", "--out", "130", "exit", "stderr"):
        assert word in doc
    assert "docs/cli.md" in (ROOT / "README.md").read_text()
