"""Play styles (ttr.agents.styles): the FDG 2017 profiles as bots that play legal, deterministic
games everywhere and measurably differently from each other."""
from __future__ import annotations

import statistics

import pytest
from click.testing import CliRunner

import ttr
from ttr.agents import AGENTS, LEVELS, STYLES
from ttr.analytics.board import shipped
from ttr.analytics.run import run
from ttr.cli import main
from ttr.runtime.sim import play_game

NAMES = ["route", "tickets", "long", "onestep"]


def test_the_styles_are_bots_by_name_but_not_levels_of_the_browser():
    assert list(STYLES) == NAMES and set(NAMES) <= set(AGENTS)
    assert list(LEVELS) == ["random", "greedy", "planner", "search"]
    from ttr.server.bots import DESCRIPTIONS
    assert list(DESCRIPTIONS) == list(LEVELS)


@pytest.mark.parametrize("map_name,players", [("usa", 4), ("europe", 4), ("nordic", 3), ("world", 4),
                                              ("great-lakes", 4), ("legends-west", 4)])
def test_every_style_plays_legal_games_to_the_end_and_is_deterministic(map_name, players):
    lineup = [NAMES[i % 4] for i in range(players)]
    g = play_game(map_name, players, seed=4, agents=lineup)  # every action checked
    assert g.is_over
    assert play_game(map_name, players, seed=4, agents=lineup).history == g.history


@pytest.fixture(scope="module")
def profiles():
    """Each style (and the planner) against a planner: 24 Europe games, 2 players, its seats' rows."""
    m = ttr.load_map("europe")
    out = {}
    for bot in ["planner", *NAMES]:
        rows = run(shipped("europe"), [2], [bot, "planner"], 24, 5, workers=1).rows
        mine = [r for r in rows if r["bot"] == bot]
        out[bot] = {
            "kept": statistics.mean(len(r["tickets_kept"]) for r in mine),
            "length": statistics.mean(m.route_by_id[x].length for r in mine for x in r["routes"]),
            "routes": statistics.mean(len(r["routes"]) for r in mine),
            "longest": statistics.mean(r["longest_path"] for r in mine),
        }
    return out


def test_the_ticket_hungry_bot_keeps_more_tickets_than_the_route_focused(profiles):
    assert profiles["tickets"]["kept"] > profiles["planner"]["kept"] > profiles["route"]["kept"]
    assert profiles["tickets"]["kept"] >= profiles["route"]["kept"] + 2


def test_the_route_focused_bot_claims_longer_routes(profiles):
    assert profiles["route"]["length"] > max(p["length"] for b, p in profiles.items() if b != "route") + 0.5


def test_the_long_route_bot_builds_the_longest_paths(profiles):
    assert profiles["long"]["longest"] > max(p["longest"] for b, p in profiles.items() if b != "long")


def test_the_one_step_bot_claims_many_short_routes(profiles):
    assert profiles["onestep"]["routes"] > max(p["routes"] for b, p in profiles.items() if b != "onestep")
    assert profiles["onestep"]["length"] < min(p["length"] for b, p in profiles.items() if b != "onestep")


def test_analyze_takes_the_styles_by_name(tmp_path):
    res = CliRunner().invoke(main, ["analyze", "--map", "usa", "--players", "4", "--bots", "route,tickets,long,onestep",
                                    "--games", "4", "--out", str(tmp_path / "o"), "--workers", "1"],
                             catch_exceptions=False)
    assert res.exit_code == 0, res.output
    from ttr.analytics.records import read
    rows, info = read(tmp_path / "o")
    assert {r["bot"] for r in rows} == set(NAMES) and info is not None and info.bots == NAMES
