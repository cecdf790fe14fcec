"""Rule variants (ttr.editions.variants): an edition with some numbers changed, checked field by
field; played the same on both engines; carried by a run's Board, a map file and the records."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import ttr
from ttr.agents import make_agent
from ttr.analytics.board import from_file, shipped
from ttr.analytics.run import run
from ttr.editions import get_edition, get_ruleset, variant
from ttr.editions.variants import describe, merge, parse_rule_options
from ttr.engine import Ruleset
from ttr.errors import TtrError
from ttr.maps import DATA


def test_a_variant_changes_its_numbers_and_leaves_the_stock_edition_alone():
    ed = variant("europe", trains=30, route_points={7: 18, 8: 25}, longest_bonus=None)
    assert (ed.trains, ed.route_points[7], ed.route_points[8], ed.route_points[6], ed.longest_bonus) == (30, 18, 25, 15, None)
    assert ed.name == "europe" and ed.kinds == get_edition("europe").kinds
    stock = get_edition("europe")
    assert stock.trains == 45 and 7 not in stock.route_points and stock.longest_bonus == 10
    assert variant("usa") is get_edition("usa")
    assert variant("europe", {"trains": "30", "route_points": {"7": "18"}}).route_points[7] == 18  # TOML/JSON text


@pytest.mark.parametrize("edition,rules,message", [
    ("europe", {"train": 30}, "unknown rule 'train' (did you mean 'trains'?)"),
    ("europe", {"trains": 0}, "trains: must be at least 1, not 0"),
    ("europe", {"trains": "many"}, "trains: must be a whole number, not 'many'"),
    ("europe", {"trains": True}, "trains: must be a whole number"),
    ("europe", {"end_trains": 45}, "end_trains: 45 would end the game at once with 45 trains"),
    ("europe", {"later_keep": 4}, "later_keep: keep 4 of 3 tickets drawn"),
    ("europe", {"route_points": {13: 40}}, "route_points: length 13: routes are at most 12 long"),
    ("europe", {"route_points": {"x": 1}}, "route_points (a length): must be a whole number"),
    ("usa", {"stations": 2}, "stations: Ticket to Ride (USA) has no such rule to change"),
    ("world", {"cards_per_color": 3}, "cards_per_color: Ticket to Ride: Rails & Sails (World) deals its own decks"),
    ("world", {"hand_size": 3}, "hand_size: Ticket to Ride: Rails & Sails (World) has no such rule"),
    ("great-lakes", {"face_up": 6}, "face_up: Ticket to Ride: Rails & Sails (Great Lakes) has no such rule"),
])
def test_bad_rules_are_refused_naming_the_field_and_why(edition, rules, message):
    with pytest.raises(TtrError, match="rules: " + re.escape(message)):
        variant(edition, **rules)


def test_rule_options_parse_merge_and_describe():
    o = parse_rule_options(["trains=30", "route_points=7:18,9:27", "longest_bonus=none", "trains=28"])
    assert dict(o) == {"trains": 28, "route_points": ((7, 18), (9, 27)), "longest_bonus": None}
    assert dict(merge(o, parse_rule_options(["route_points=7:20"])))["route_points"] == ((7, 20), (9, 27))
    with pytest.raises(TtrError, match="write NAME=VALUE"):
        parse_rule_options(["trains"])
    b = shipped("europe", o)
    assert describe(b.changed()) == ("longest_bonus none (stock 10); route_points 7: 18 (stock none), "
                                     "9: 27 (stock none); trains 28 (stock 45)")


VARIANTS = [
    ("usa", {"trains": 30, "hand_size": 6, "face_up": 6, "loco_reset": None}),
    ("europe", {"trains": 25, "route_points": {8: 30, 4: 8}, "later_draw": 4, "later_keep": 2, "end_trains": 5,
                "final_rounds": 2, "stations": 1, "station_points": 2, "tunnel_reveal": 2}),
    ("usa", {"longest_bonus": None, "doubles_min_players": 2, "cards_per_color": 8, "locomotives": 6,
             "reset_cap": 2, "loco_reset": 2}),
    ("europe", {"initial_long": 0, "initial_regular": 4, "initial_keep": 3, "longest_bonus": 0,
                "doubles_min_players": 5}),
]


@pytest.mark.parametrize("name,rules", VARIANTS)
def test_the_native_core_plays_a_variant_exactly_as_the_python_engine(name, rules):
    from ttr import native
    if not native.available():
        pytest.skip(native.why_unavailable() or "no native core")
    from ttr.native.differential import compare, hoarder_chooser, random_chooser, seat_chooser
    for players in (2, 4):
        r = Ruleset(ttr.load_map(name), variant(name, **rules), players)
        for seed in range(2):
            for choose in (random_chooser(seed), hoarder_chooser(seed),
                           seat_chooser([make_agent("planner", seed * 10 + i) for i in range(players)])):
                bad, _ = compare(r, seed, choose)
                assert bad is None, f"{name} {rules} {players}p seed {seed}: {bad}"


def test_auto_falls_back_to_python_where_the_core_cannot_hold_a_variant_and_native_refuses():
    from ttr import native
    board = shipped("europe", (("face_up", 7),))
    assert board.engine_for(3, "auto") == "python"
    assert type(board.new_game(3, 1, engine="auto")).__name__ == "PyGame"
    why = "face_up" if native.available() else "not built"  # (the reason without a compiler: no core at all)
    with pytest.raises(TtrError, match=f"native engine cannot play europe at 3 players: .*{why}"):
        board.engine_for(3, "native")
    if native.available():
        assert shipped("europe", (("trains", 30),)).engine_for(3, "auto") == "native"


def test_a_variant_changes_the_games_and_the_stock_rules_do_not_change():
    stock = run(shipped("usa"), [2], ["planner"], 4, 3, workers=1).rows
    again = run(shipped("usa", (("trains", 45),)), [2], ["planner"], 4, 3, workers=1).rows  # the stock number
    short = run(shipped("usa", (("trains", 20),)), [2], ["planner"], 4, 3, workers=1).rows
    assert again == stock
    assert sum(r["turns"] for r in short) < sum(r["turns"] for r in stock)
    assert all(r["trains_left"] <= 20 for r in short)
    assert get_ruleset("usa", 2).edition.trains == 45


def edited(tmp_path: Path, rules: dict | None) -> Path:
    """Europe with Berlin-Frankfurt 7 spaces long (a length Europe scores no points for)."""
    raw = json.loads((DATA / "europe.json").read_text())
    for r in raw["routes"]:
        if r["id"] == 2:
            r["length"], r["spaces"] = 7, []
    if rules is not None:
        raw["rules"] = rules
    path = tmp_path / "seven.json"
    path.write_text(json.dumps(raw))
    return path


def test_a_map_file_gives_points_to_a_length_its_edition_does_not_score(tmp_path):
    with pytest.raises(TtrError, match=r"length 7, which .* does not score.*route_points"):
        run(from_file(str(edited(tmp_path, None))), [2], ["planner"], 1, 1, workers=1)
    board = from_file(str(edited(tmp_path, {"route_points": {"7": 18}, "trains": 40})))
    assert dict(board.rules) == {"route_points": ((7, 18),), "trains": 40}
    assert board.ruleset(2).r_points[2] == 18 and board.ruleset(2).edition.trains == 40
    assert run(board, [2], ["planner"], 2, 1, workers=1).rows
    over = from_file(str(edited(tmp_path, {"route_points": {"7": 18}, "trains": 40})), rules=(("trains", 35),))
    assert dict(over.rules)["trains"] == 35 and dict(over.rules)["route_points"] == ((7, 18),)
    with pytest.raises(TtrError, match=r"seven.json: rules: unknown rule 'train'"):
        from_file(str(edited(tmp_path, {"train": 40})))


def test_simulate_and_arena_take_rules_and_say_so():
    from click.testing import CliRunner
    from ttr.cli import main
    res = CliRunner().invoke(main, ["simulate", "--map", "usa", "--players", "2", "--games", "3", "--rule", "trains=20",
                                    "--json", "-"], catch_exceptions=False)
    assert res.exit_code == 0, res.output
    s = json.loads(res.output)
    assert s["rules"] == {"trains": {"value": 20, "stock": 45}} and s["turns_mean"] < 50
    stock = json.loads(CliRunner().invoke(main, ["simulate", "--map", "usa", "--players", "2", "--games", "3",
                                                 "--json", "-"], catch_exceptions=False).output)
    assert stock["rules"] == {} and stock["turns_mean"] > s["turns_mean"]
    res = CliRunner().invoke(main, ["arena", "--map", "usa", "--players", "2", "--bots", "planner,route", "--games", "2",
                                    "--workers", "1", "--rule", "trains=20"], catch_exceptions=False)
    assert res.exit_code == 0 and "rules changed: trains 20 (stock 45)" in res.output, res.output
    for cmd in (["simulate"], ["arena", "--bots", "planner"]):
        res = CliRunner().invoke(main, [*cmd, "--map", "usa", "--players", "2", "--games", "1", "--rule", "stations=2"])
        assert res.exit_code == 2 and "stations: Ticket to Ride (USA) has no such rule" in res.output, res.output


def test_new_game_plays_a_variant_by_name_on_either_engine():
    from ttr.editions import engine_for, new_game
    g = new_game("usa", 2, 1, rules=(("trains", 20),), engine="auto")
    assert g.rules.edition.trains == 20 and g.rules is not get_ruleset("usa", 2)
    assert engine_for("usa", 2, "auto", (("face_up", 7),)) == "python"
    assert new_game("usa", 2, 1).rules is get_ruleset("usa", 2)
