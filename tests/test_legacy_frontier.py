"""Frontier boards of a Legacy campaign (rulebook 188-190, 373, 451; rulings LW-F1 to LW-F3 in
docs/campaign.md): a pack's frontier boards, added by the story for all later games, grow the
board a game is played on; their double routes follow the 2-3-player rule; nothing of a frontier
shows before it is added."""
from __future__ import annotations

import copy
import json
from dataclasses import asdict

import pytest

import ttr
from ttr.agents import make_agent
from legacy_helpers import position, setup_with
from test_campaign_story import card, pack, play_until
from ttr.campaign import FINISHED, Campaign, CampaignError
from ttr.campaign.packcheck import check_pack_games
from ttr.editions.legacy import ContentError
from ttr.editions.legacy.board import board_json, grown_map
from ttr.editions.legacy.frontier import Frontier, FrontierCity, FrontierRoute, FrontierTicket
from ttr.editions.legacy.pack import load_pack, parse_pack

DEMO = load_pack("demo")
FLORIDA = DEMO.frontiers["florida"]
PLAINS = DEMO.frontiers["great-plains"]
BASE = ttr.load_map("legends-west")


def grown(*frontiers: Frontier, players: int = 2):
    return setup_with(players, frontiers=[asdict(f) for f in frontiers])


def route_on(m, a: str, b: str, color: str | None = None) -> int:
    return next(r.id for r in m.routes if set(r.cities) == {a, b} and (color is None or r.color == color))


# ------------------------------------------------------------------ the board

def test_a_frontier_adds_its_cities_routes_and_tickets_to_the_board_451():
    m = grown_map((FLORIDA,))
    names = {c.name for c in m.cities}
    assert {"Jacksonville", "Tampa", "Miami"} <= names and len(m.cities) == len(BASE.cities) + 3
    assert route_on(m, "Savannah", "Jacksonville") in m.route_by_id
    assert {t.id for t in FLORIDA.tickets} <= set(m.ticket_by_id)
    g = ttr.new_game("legends-west", 2, seed=1, setup=grown(FLORIDA))
    assert g.rules.map is m and len(g.rules.city_names) == len(BASE.cities) + 3
    assert ttr.new_game("legends-west", 2, seed=1).rules.map is BASE  # game 1's board is unchanged


def test_a_frontier_route_or_ticket_waits_for_both_its_cities_LW_F1():
    plains_only = {c.name for c in grown_map((PLAINS,)).cities}
    open_range = DEMO.frontiers["open-range"]
    m = grown_map((open_range,))  # Kansas City-Little Rock and the ticket Houston-Kansas City need the Great Plains
    assert "Kansas City" not in {c.name for c in m.cities} and "Kansas City" in plains_only
    assert not any("Kansas City" in r.cities for r in m.routes)
    assert not any("Kansas City" in t.cities for t in m.tickets)
    both = grown_map((PLAINS, open_range))
    assert any(set(r.cities) == {"Little Rock", "Kansas City"} for r in both.routes)
    assert any(set(t.cities) == {"Houston", "Kansas City"} for t in both.tickets)


def test_an_edge_stub_is_gone_once_its_city_is_on_the_board_LW_F2():
    before = {s.id for s in BASE.edge_stubs}
    after = {s.id for s in grown_map((FLORIDA,)).edge_stubs}
    assert {"Savannah-Jacksonville", "Savannah-Jacksonville-2"} <= before
    assert after == before - {"Savannah-Jacksonville", "Savannah-Jacksonville-2", "Mobile-Tampa"}


def test_a_frontier_route_keeps_the_colour_and_length_its_edge_stub_shows():
    m = grown_map((FLORIDA,))
    stub = next(s for s in BASE.edge_stubs if s.id == "Mobile-Tampa")
    r = m.route_by_id[route_on(m, "Mobile", "Tampa")]
    assert (r.color, r.length) == (stub.color, stub.length)


@pytest.mark.parametrize("players, both_open", [(2, False), (3, False), (4, True)])
def test_a_frontier_double_route_follows_the_two_or_three_player_rule_373(players, both_open):
    m = grown_map((FLORIDA,))
    blue = route_on(m, "Savannah", "Jacksonville", "blue")
    gray = route_on(m, "Savannah", "Jacksonville", "gray")
    assert m.route_by_id[blue].twins == (gray,)
    g = position(players, hands={0: {"blue": 1}}, setup=grown(FLORIDA, players=players))
    g.apply(f"claim {blue} 1blue")
    assert g.avail[gray] is both_open


def test_a_big_city_on_a_frontier_draws_a_card_at_claim_step_12():
    m = grown_map((PLAINS,))
    assert next(c for c in m.cities if c.name == "St. Louis").big
    r = m.route_by_id[route_on(m, "Cincinnati", "St. Louis")]
    g = position(hands={0: {r.color: r.length}}, deck_top=["red"], setup=grown(PLAINS))
    g.apply(f"claim {r.id} {r.length}{r.color}")
    assert g.hands[0][ttr.cards.CARD_INDEX["red"]] == 1


def test_a_game_on_a_grown_board_saves_and_loads():
    s = grown(FLORIDA, PLAINS)
    g = ttr.new_game("legends-west", 2, seed=4, setup=s)
    bot = make_agent("planner", seed=1)
    while not g.is_over:
        g.apply(bot.act(g.observe(g.current_player)))
    claimed = [r for r in g.rules.route_ids if g.owner[r] >= 0 and r > 100]
    assert claimed  # the bot used the new board
    d = json.loads(json.dumps(ttr.save_game(g)))
    h = ttr.load_game(d)
    assert h.encode() == g.encode() and h.rules.map is g.rules.map
    assert [f["id"] for f in g.view(0)["edition"]["setup"]["frontiers"]] == ["florida", "great-plains"]


def test_the_grown_board_is_the_map_file_it_says():
    d = board_json((FLORIDA,))
    assert ttr.maps.parse_map(d, "test") == grown_map((FLORIDA,))
    assert board_json(()) == json.loads((ttr.maps.DATA / "legends-west.json").read_text())


# ------------------------------------------------------------------ the pack

def frontier(fid="test-land", cities=(("Tombstone", False),), routes=(("Tombstone", "Atlanta", 2, "red"),),
             tickets=(("Tombstone", "Boston", 9),)):
    return {"id": fid, "name": fid.title(), "cities": [{"name": c, "xy": [900.0, 900.0], "big": b} for c, b in cities],
            "routes": [{"cities": [a, b], "length": n, "color": col} for a, b, n, col in routes],
            "tickets": [{"cities": [a, b], "points": p} for a, b, p in tickets]}


def with_frontiers(*frontiers, story=()):
    return pack(list(story), frontiers=list(frontiers))


def test_a_packs_frontier_routes_and_tickets_are_numbered_in_its_order():
    p = with_frontiers(frontier("one"), frontier("two", cities=(("Gila", False),), routes=(("Gila", "Atlanta", 1, "blue"),),
                                                 tickets=(("Gila", "Boston", 8),)))
    assert [r.id for f in p.frontiers.values() for r in f.routes] == [101, 102]
    assert [t.id for f in p.frontiers.values() for t in f.tickets] == [101, 102]


@pytest.mark.parametrize("frontiers, message", [
    ([frontier(cities=(("Atlanta", False),))], "frontier 'test-land': 'Atlanta' is already on the game-1 board"),
    ([frontier(), frontier("other")], "frontier 'other': 'Tombstone' is already on frontier 'test-land'"),
    ([frontier(), frontier()], "frontiers: id 'test-land' used twice"),
    ([frontier(routes=(("Tombstone", "Nowhere", 2, "red"),))], "no city 'Nowhere' on the game-1 board or any frontier"),
    ([frontier(routes=(("Boston", "Atlanta", 2, "red"),))], "a frontier's route touches one of its own cities"),
    ([frontier(routes=(("Tombstone", "Atlanta", 2, "purple"),))], "colour 'purple' is not one of"),
    ([frontier(tickets=(("Tombstone", "Tombstone", 3),))], "a ticket joins two different cities"),
])
def test_a_malformed_frontier_is_refused_naming_it(frontiers, message):
    with pytest.raises(ContentError, match=message):
        with_frontiers(*frontiers)


def test_an_instruction_adding_an_unknown_frontier_is_refused():
    with pytest.raises(ContentError, match="story card 'c1': adds frontier 'nope', which 'frontiers' does not define"):
        with_frontiers(frontier(), story=[card("c1", {"add_frontiers": ["nope"]})])


def test_a_frontier_added_twice_is_refused_before_the_campaign_starts():
    p = with_frontiers(frontier(), story=[card("c1", {"add_frontiers": ["test-land"]}),
                                          card("c2", {"add_frontiers": ["test-land"]})])
    with pytest.raises(CampaignError, match="story card 'c2': adds frontier 'test-land', which is already on the board"):
        check_pack_games(p)


def test_a_double_route_of_four_is_refused_when_the_board_grows():
    four = frontier(routes=tuple(("Tombstone", "Atlanta", 1, c) for c in ("red", "blue", "green", "white")))
    p = with_frontiers(four, story=[card("c1", {"add_frontiers": ["test-land"]})])
    with pytest.raises(CampaignError, match="game 1 .* cannot be set up"):
        check_pack_games(p)


# ------------------------------------------------------------------ the campaign

def test_the_demo_campaign_ends_on_a_bigger_board_than_it_began_451(tmp_path):
    c = Campaign.create(tmp_path / "c.ttrc", [("Ann", "blue"), ("Bob", "red")], seed=5)
    c.start_game()
    first = len(c.live_game().rules.map.cities)
    play_until(c, 12, "setup")
    last = c.live_game().rules.map
    assert first == len(BASE.cities) and len(last.cities) > first
    s = c.status()
    assert s["board"]["cities"] == len(last.cities)
    assert [f["id"] for f in s["board"]["frontiers"]] == [f["id"] for f in c.box.frontiers]
    grew = [name for row in s["arc"] for name in row["frontiers_added"]]
    assert grew == [f["name"] for f in s["board"]["frontiers"]]
    c.close()
    with Campaign.open(tmp_path / "c.ttrc") as again:  # rebuilt from the file: the same board
        assert again.live_game().rules.map is last


def test_a_frontier_added_is_kept_as_recorded_when_the_pack_changes_later(tmp_path):
    c = Campaign.create(tmp_path / "c.ttrc", [("Ann", "blue"), ("Bob", "red")], seed=5)
    play_until(c, 3, "setup")  # Florida was added at the end of game 2
    florida = c.live_game().rules.map
    play_until(c, 3, "end")
    data = copy.deepcopy(DEMO.source)
    data["frontiers"][0]["tickets"][0]["points"] += 1  # a correction, after Florida is on the board
    c.update_pack(parse_pack(data, "corrected"))
    c.start_game()
    assert c.live_game().rules.map.ticket_by_id == florida.ticket_by_id
    c.close()


def test_nothing_of_a_frontier_shows_before_it_is_added_190(tmp_path):
    c = Campaign.create(tmp_path / "c.ttrc", [("Ann", "blue"), ("Bob", "red")], seed=5)
    c.start_game()
    shown = json.dumps(c.status()) + json.dumps(c.live_game().view(0))
    for f in DEMO.frontiers.values():
        for city in f.cities:
            assert city.name not in shown
        assert f.name not in shown
    play_until(c, 12, "end")
    assert c.phase == FINISHED
    shown = json.dumps(c.status())
    added = {f["id"] for f in c.box.frontiers}
    for f in DEMO.frontiers.values():
        assert (f.name in shown) is (f.id in added)


def test_a_frontier_named_by_a_sticker_is_a_board_city_for_the_pack_check():
    p = with_frontiers(frontier(), story=[card("c1", {"add_frontiers": ["test-land"]}),
                                          card("c2", {"add_steps": [{"number": 40, "kind": "route_bonus", "amount": 1,
                                                                     "cities": ["Tombstone"], "label": "Boomtown"}]})])
    check_pack_games(p)  # Tombstone is on the board from game 1 on
    early = with_frontiers(frontier(), story=[card("c2", {"add_steps": [{"number": 40, "kind": "route_bonus", "amount": 1,
                                                                         "cities": ["Tombstone"], "label": "Boomtown"}]}),
                                              card("p1", halt="pause", until_game=3),
                                              card("c1", {"add_frontiers": ["test-land"]})])
    with pytest.raises(CampaignError, match="names 'Tombstone', which is not a city of the board"):
        check_pack_games(early)
