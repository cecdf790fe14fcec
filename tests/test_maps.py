"""Map data: the shipped boards load with the right facts, and malformed map files
fail with a MapError naming the file, the entry and the problem."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

import ttr
from ttr.maps import load_map_file, parse_map

ROUTE_COLOURS = {"purple", "blue", "orange", "white", "green", "yellow", "black", "red", "gray"}
SOURCE_COLOUR = {"pink": "purple"}  # the sources call the purple cards pink
MAP_SOURCES = Path(__file__).resolve().parents[1].parent / "shared" / "map-sources"

EXPECTED = {
    # cities, routes, tickets, double routes, tunnels, ferries, total spaces
    "usa": (36, 100, 30, 22, 0, 0, 309),
    "europe": (47, 101, 46, 11, 18, 13, 300),
}


@pytest.mark.parametrize("name", ["usa", "europe"])
def test_map_loads_with_the_right_counts(name):
    m = ttr.load_map(name)
    cities, routes, tickets, doubles, tunnels, ferries, spaces = EXPECTED[name]
    assert m.name == name
    assert len(m.cities) == cities
    assert len(m.routes) == routes
    assert len(m.tickets) == tickets
    assert len({frozenset((r.id, *r.twins)) for r in m.routes if r.twins}) == doubles
    assert sum(r.tunnel for r in m.routes) == tunnels
    assert sum(r.locomotives > 0 for r in m.routes) == ferries
    assert sum(r.length for r in m.routes) == spaces
    assert name in ttr.map_names()


@pytest.mark.parametrize("name", ["usa", "europe"])
def test_every_route_has_a_scored_length_a_valid_colour_and_known_cities(name):
    m = ttr.load_map(name)
    ed = ttr.get_edition(name)
    assert len({r.id for r in m.routes}) == len(m.routes)
    for r in m.routes:
        assert r.length in ed.route_points, r
        assert r.color in ROUTE_COLOURS, r
        assert r.cities[0] != r.cities[1]
        assert all(c in m.city_index for c in r.cities), r
        assert 0 <= r.locomotives <= r.length
        if r.spaces:
            assert len(r.spaces) == r.length
    for t in m.tickets:
        assert all(c in m.city_index for c in t.cities)
        assert t.points > 0


def test_usa_has_no_tunnels_ferries_or_long_tickets():
    m = ttr.load_map("usa")
    assert not any(r.tunnel or r.locomotives for r in m.routes)
    assert not any(t.long for t in m.tickets)


@pytest.mark.parametrize("name", ["usa", "europe"])
def test_G1_double_routes_are_symmetric_and_join_the_same_cities(name):
    m = ttr.load_map(name)
    pairs: dict = {}
    for r in m.routes:
        pairs.setdefault(frozenset(r.cities), []).append(r.id)
        for t in r.twins:
            other = m.route(t)
            assert r.id in other.twins, (r.id, t)
            assert frozenset(other.cities) == frozenset(r.cities)
            assert other.length == r.length
    # every pair of cities joined by 2+ routes is a declared double route (G1)
    for ids in pairs.values():
        for rid in ids:
            assert set(m.route(rid).twins) == set(ids) - {rid}


def test_europe_has_six_long_tickets_41_to_46():
    m = ttr.load_map("europe")
    long = sorted(t.id for t in m.tickets if t.long)
    assert long == [41, 42, 43, 44, 45, 46]
    assert all(m.ticket(t).points in (20, 21) for t in long)
    assert sum(not t.long for t in m.tickets) == 40


@pytest.mark.parametrize("rid,cities,length,color,tunnel,locos,twins", [
    (8, {"Erzurum", "Sochi"}, 3, "red", True, 0, ()),
    (51, {"Madrid", "Pamplona"}, 3, "black", True, 0, (64,)),
    (64, {"Madrid", "Pamplona"}, 3, "white", True, 0, (51,)),
    (65, {"Dieppe", "London"}, 2, "gray", False, 1, (66,)),
    (66, {"Dieppe", "London"}, 2, "gray", False, 1, (65,)),
    (67, {"Amsterdam", "London"}, 2, "gray", False, 2, ()),
    (83, {"Palermo", "Smyrna"}, 6, "gray", False, 2, ()),
    (100, {"Petrograd", "Stockholm"}, 8, "gray", True, 0, ()),
    (1, {"Bruxelles", "Paris"}, 2, "red", False, 0, (42,)),
    (42, {"Bruxelles", "Paris"}, 2, "yellow", False, 0, (1,)),
])
def test_europe_route_facts(rid, cities, length, color, tunnel, locos, twins):
    r = ttr.load_map("europe").route(rid)
    assert set(r.cities) == cities
    assert (r.length, r.color, r.tunnel, r.locomotives, tuple(r.twins)) == (length, color, tunnel, locos, twins)


# ------------------------------------------------------------ malformed maps

def tiny() -> dict:
    return {
        "format": "ttr-map/1", "name": "tiny", "title": "Tiny", "source": "tests",
        "cities": [{"name": "A", "xy": [0, 0]}, {"name": "B", "xy": [1, 0]}, {"name": "C", "xy": [2, 0]}],
        "routes": [
            {"id": 1, "cities": ["A", "B"], "length": 2, "color": "red"},
            {"id": 2, "cities": ["A", "B"], "length": 2, "color": "blue"},
            {"id": 3, "cities": ["B", "C"], "length": 1, "color": "gray", "spaces": [[0, 0, 0]]},
        ],
        "double_routes": [[1, 2]],
        "tickets": [{"id": 1, "cities": ["A", "C"], "points": 3}],
    }


def test_a_valid_tiny_map_parses():
    m = parse_map(tiny(), "tiny.json")
    assert m.route(1).twins == (2,) and m.route(2).twins == (1,)
    assert ttr.connected(m, [1, 3], "A", "C")


def _set(path, value):
    def f(d):
        obj = d
        for k in path[:-1]:
            obj = obj[k]
        obj[path[-1]] = value
    return f


@pytest.mark.parametrize("mutate,entry,problem", [
    (_set(("routes", 2, "cities"), ["B", "Zed"]), "routes[2] (id 3)", "unknown city 'Zed'"),
    (_set(("routes", 2, "id"), 1), "routes[2] (id 1)", "duplicate route id"),
    (_set(("routes", 2, "spaces"), [[0, 0, 0], [1, 1, 1]]), "routes[2] (id 3)", "2 layout spaces for a route of length 1"),
    (_set(("routes", 2, "color"), "pink"), "routes[2] (id 3)", "color"),
    (_set(("routes", 1, "cities"), ["B", "C"]), "double_routes[0]", "must join the same two cities"),
    (_set(("double_routes",), []), "double_routes", "not listed as a double route"),
    (_set(("routes", 2, "length"), 0), "routes[2] (id 3)", "length"),
    (_set(("routes", 2, "cities"), ["B", "B"]), "routes[2] (id 3)", "two different cities"),
    (_set(("tickets", 0, "cities"), ["A", "Nowhere"]), "tickets[0] (id 1)", "unknown city 'Nowhere'"),
    (_set(("cities", 2, "name"), "A"), "cities[2] (A)", "duplicate city name"),
    (_set(("double_routes",), [[1, 9]]), "double_routes[0]", "unknown route id 9"),
])
def test_malformed_map_names_file_entry_and_problem(mutate, entry, problem):
    d = tiny()
    mutate(d)
    with pytest.raises(ttr.MapError) as e:
        parse_map(d, "tiny.json")
    msg = str(e.value)
    assert msg.startswith("tiny.json: "), msg
    assert entry in msg, msg
    assert problem in msg, msg


def test_bad_colour_message_lists_the_valid_colours():
    d = tiny()
    d["routes"][2]["color"] = "pink"
    with pytest.raises(ttr.MapError) as e:
        parse_map(d, "tiny.json")
    assert "gray" in str(e.value) and "red" in str(e.value)


def test_map_file_bad_json_names_the_file(tmp_path):
    p = tmp_path / "broken.json"
    p.write_text('{"format": "ttr-map/1", "name": ', encoding="utf-8")
    with pytest.raises(ttr.MapError) as e:
        load_map_file(p)
    assert "broken.json" in str(e.value) and "not valid JSON" in str(e.value)


def test_map_file_missing_names_the_file(tmp_path):
    p = tmp_path / "nothere.json"
    with pytest.raises(ttr.MapError) as e:
        load_map_file(p)
    assert "nothere.json" in str(e.value) and "no such map file" in str(e.value)


def test_map_file_errors_name_the_file(tmp_path):
    d = tiny()
    d["routes"][0]["cities"] = ["A", "Atlantis"]
    p = tmp_path / "wrong.json"
    p.write_text(json.dumps(d), encoding="utf-8")
    with pytest.raises(ttr.MapError) as e:
        load_map_file(p)
    assert str(e.value).startswith("wrong.json: routes[0] (id 1): unknown city 'Atlantis'")


def test_map_file_valid_round_trip(tmp_path):
    p = tmp_path / "tiny.json"
    p.write_text(json.dumps(tiny()), encoding="utf-8")
    m = load_map_file(p)
    assert [r.id for r in m.routes] == [1, 2, 3]


def test_unknown_map_name_is_a_map_error_listing_known_maps():
    with pytest.raises(ttr.MapError) as e:
        ttr.load_map("atlantis")
    assert "atlantis" in str(e.value) and "europe" in str(e.value) and "usa" in str(e.value)


def test_top_level_must_be_an_object():
    with pytest.raises(ttr.MapError) as e:
        parse_map([1, 2], "list.json")
    assert "list.json" in str(e.value)


def test_unknown_map_name_for_a_new_game_is_refused():
    with pytest.raises(ttr.TtrError):
        ttr.new_game("atlantis", players=2, seed=0)


# ----------------------------------------------------- cross-check the sources

def _source(name):
    p = MAP_SOURCES / f"{name}.json"
    if not p.is_file():
        pytest.skip(f"{p} not present")
    return json.loads(p.read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", ["usa", "europe"])
def test_maps_match_the_shared_map_sources(name):
    src = _source(name)
    m = ttr.load_map(name)
    assert {c["name"] for c in src["cities"]} == {c.name for c in m.cities}
    ours = {r.id: r for r in m.routes}
    assert set(ours) == {r["id"] for r in src["routes"]}
    for r in src["routes"]:
        o = ours[r["id"]]
        assert frozenset(o.cities) == frozenset((r["from"], r["to"])), r["id"]
        assert (o.length, o.color, o.tunnel, o.locomotives) == (
            r["length"], SOURCE_COLOUR.get(r["color"], r["color"]), r["tunnel"], r["locomotives"]), r["id"]
        if r.get("layout_spaces"):
            assert len(o.spaces) == len(r["layout_spaces"])
    src_doubles = {frozenset(d["route_ids"]) for d in src["double_routes"]}
    our_doubles = {frozenset((r.id, *r.twins)) for r in m.routes if r.twins}
    assert src_doubles == our_doubles
    counts = src["counts"]
    assert counts["cities"] == len(m.cities)
    assert counts["route_tracks"] == len(m.routes)
    assert counts["total_track_spaces"] == sum(r.length for r in m.routes)


def test_usa_tickets_match_the_shared_map_sources():
    src = _source("usa")
    m = ttr.load_map("usa")
    theirs = {(t["id"], frozenset((t["from"], t["to"])), t["points"]) for t in src["tickets"]["base"]}
    ours = {(t.id, frozenset(t.cities), t.points) for t in m.tickets}
    assert ours == theirs


def test_europe_tickets_match_the_shared_map_sources():
    src = _source("europe")
    m = ttr.load_map("europe")
    regular = {(t["id"], frozenset((t["from"], t["to"])), t["points"]) for t in src["tickets"]["base_regular"]}
    assert {(t.id, frozenset(t.cities), t.points) for t in m.tickets if not t.long} == regular
    # long tickets are renumbered (41-46) in our data: compare by cities and points
    long = Counter((frozenset((t["from"], t["to"])), t["points"]) for t in src["tickets"]["base_long"])
    assert Counter((frozenset(t.cities), t.points) for t in m.tickets if t.long) == long
