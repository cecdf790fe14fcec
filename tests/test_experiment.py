"""Experiment files (TOML): `ttr analyze experiment.toml` runs what the file says, checks it before
any game, lets options typed beside it replace its values, and records the file in the report."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ttr.analytics.experiment import load
from ttr.cli import main
from ttr.errors import TtrError
from ttr.maps import DATA

ISSUE = """map = "europe"
players = [3]
bots = ["planner"]
games = 60
seed = 9
[rules]
trains = 30
"""


def cli(*args: str):
    return CliRunner().invoke(main, ["analyze", *args], catch_exceptions=False)


def test_the_issues_example_runs_as_written_and_the_report_records_it(tmp_path):
    exp = tmp_path / "experiment.toml"
    exp.write_text(ISSUE)
    res = cli(str(exp), "--out", str(tmp_path / "out"), "--workers", "2")
    assert res.exit_code == 0, res.output
    info = json.loads((tmp_path / "out" / "records.json").read_text())
    assert (info["map"], info["players"], info["bots"], info["games"], info["seed"]) == ("europe", [3], ["planner"], 60, 9)
    assert info["games_played"] == 60
    assert info["rules"] == {"trains": {"value": 30, "stock": 45}}
    assert info["experiment"] == {"path": str(exp), "text": ISSUE, "overrides": []}
    rows = (tmp_path / "out" / "records.csv").read_text().splitlines()
    head = rows[0].split(",")
    trains_left = [int(r.split(",")[head.index("trains_left")]) for r in rows[1:]]
    assert max(trains_left) < 30 and len(trains_left) == 180  # 60 games of 3 seats, 30 trains each
    page = (tmp_path / "out" / "report.html").read_text()
    assert "rules changed</b> trains 30 (stock 45)" in page
    assert '<pre class="experiment"' in page and '">map = &quot;europe&quot;\nplayers = [3]' in page


def test_options_beside_the_file_replace_its_values_and_are_named(tmp_path):
    exp = tmp_path / "e.toml"
    exp.write_text(ISSUE)
    res = cli(str(exp), "--games", "2", "--players", "2", "--rule", "end_trains=4", "--map", "usa",
              "--out", str(tmp_path / "o"), "--workers", "1")
    assert res.exit_code == 0, res.output
    info = json.loads((tmp_path / "o" / "records.json").read_text())
    assert (info["map"], info["players"], info["games_played"], info["seed"]) == ("usa", [2], 2, 9)
    assert info["rules"] == {"end_trains": {"value": 4, "stock": 2}, "trains": {"value": 30, "stock": 45}}
    assert info["experiment"]["overrides"] == ["--map", "--players", "--games", "--rule"]
    assert "the command line changed --map, --players, --games, --rule" in (tmp_path / "o" / "report.html").read_text()


def test_a_map_file_is_found_beside_the_experiment_file_with_its_rules(tmp_path):
    raw = json.loads((DATA / "europe.json").read_text())
    for r in raw["routes"]:
        if r["id"] == 2:
            r["length"], r["spaces"] = 7, []
    raw["rules"] = {"route_points": {"7": 18}}
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "my.json").write_text(json.dumps(raw))
    exp = tmp_path / "e.toml"
    exp.write_text('map_file = "maps/my.json"\nplayers = 2\ngames = 2\n[rules]\ntrains = 35\n')
    elsewhere = tmp_path / "run"
    elsewhere.mkdir()
    res = CliRunner().invoke(main, ["analyze", str(exp), "--out", str(elsewhere / "o"), "--workers", "1"],
                             catch_exceptions=False)
    assert res.exit_code == 0, res.output
    info = json.loads((elsewhere / "o" / "records.json").read_text())
    assert info["map_file"].endswith("maps/my.json")
    assert info["rules"]["route_points"] == {"value": {"7": 18}, "stock": {"7": None}}
    assert info["rules"]["trains"]["value"] == 35


@pytest.mark.parametrize("text,message", [
    ('map = "europe"\ngame = 3\n', "line 2: game: unknown key (did you mean 'games'?)"),
    ('map = "europe"\n\ngames = "many"\n', "line 3: games: must be a whole number of games, at least 1, not 'many'"),
    ('players = ["three"]\n', "line 1: players: must be a player count or a list of them"),
    ('map = "nordic"\nplayers = [4]\n', "line 2: players: nordic is for 2-3 players, not 4"),
    ('bots = ["planer"]\n', "line 1: bots: unknown bot 'planer' (did you mean 'planner'?)"),
    ('map = "atlantis"\n', "line 1: map: must be a shipped board"),
    ('map = "europe"\n[rules]\ntrains = 30\ntrain = 3\n', "line 4: rules: unknown rule 'train'"),
    ('[rules]\ntrains = -3\n', "line 2: rules: trains: must be at least 1, not -3"),
    ('map = "usa"\nedition = "usa"\n', "line 2: edition: goes with map_file"),
    ('map = [europe\n', "not valid TOML"),
])
def test_a_bad_file_is_a_usage_error_naming_the_line_and_key_before_any_game(tmp_path, text, message, monkeypatch):
    exp = tmp_path / "bad.toml"
    exp.write_text(text)
    with pytest.raises(TtrError, match="bad.toml: " + message.replace("(", r"\(").replace(")", r"\)").replace("?", r"\?")
                       .replace("[", r"\[")):
        load(exp)
    import ttr.commands.analyze as run_module
    monkeypatch.setattr(run_module, "run", lambda *a, **k: pytest.fail("a game was played"))
    res = cli(str(exp), "--out", str(tmp_path / "o"))
    assert res.exit_code == 2 and "bad.toml" in res.output, res.output


def test_a_missing_file_and_rule_options_are_usage_errors(tmp_path):
    res = cli(str(tmp_path / "none.toml"), "--out", str(tmp_path / "o"))
    assert res.exit_code == 2 and "no such experiment file" in res.output
    res = cli("--rule", "trains", "--out", str(tmp_path / "o"))
    assert res.exit_code == 2 and "write NAME=VALUE" in res.output
    res = cli("--rule", "wagons=3", "--out", str(tmp_path / "o"))
    assert res.exit_code == 2 and "unknown rule 'wagons'" in res.output


def test_rule_options_change_a_plain_run(tmp_path):
    res = cli("--map", "usa", "--players", "2", "--games", "2", "--rule", "trains=25", "--rule", "longest_bonus=none",
              "--out", str(tmp_path / "o"), "--workers", "1")
    assert res.exit_code == 0, res.output
    info = json.loads((tmp_path / "o" / "records.json").read_text())
    assert info["rules"] == {"longest_bonus": {"value": None, "stock": 10}, "trains": {"value": 25, "stock": 45}}
    assert info["experiment"] is None
    assert Path(tmp_path / "o" / "report.html").read_text().count("rules changed") == 1
