"""Map data: the shipped boards load with the right facts, and malformed map files
fail with a MapError naming the file, the entry and the problem."""
from __future__ import annotations

import heapq
import json
from collections import Counter
from pathlib import Path

import pytest

import ttr
from ttr.maps import load_map_file, parse_map
from ttr.maps.model import Company, EdgeStub

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


@pytest.mark.parametrize("name", ["usa", "europe", "legends-west"])
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


def legacy_tiny() -> dict:
    """tiny() with a triple route, a big city, an edge stub and two companies."""
    d = tiny()
    d["cities"][0]["big"] = True
    d["routes"].append({"id": 4, "cities": ["B", "A"], "length": 2, "color": "white"})
    d["double_routes"] = [[1, 2, 4]]
    d["edge_stubs"] = [{"id": "C-Far", "city": "C", "color": "gray", "length": 3, "leads_to": "Far (Frontier)"}]
    d["companies"] = [{"color": "blue", "name": "Blue Line"}, {"color": "red", "name": "Red Line"}]
    return d


def test_a_valid_tiny_map_parses():
    m = parse_map(tiny(), "tiny.json")
    assert m.route(1).twins == (2,) and m.route(2).twins == (1,)
    assert ttr.connected(m, [1, 3], "A", "C")


def test_a_triple_route_group_makes_each_lane_twin_to_the_other_two():
    m = parse_map(legacy_tiny(), "tiny.json")
    assert {r.id: r.twins for r in m.routes if r.twins} == {1: (2, 4), 2: (1, 4), 4: (1, 2)}
    assert m.route(3).twins == ()


def test_legacy_fields_parse_into_the_model():
    m = parse_map(legacy_tiny(), "tiny.json")
    assert [c.big for c in m.cities] == [True, False, False]
    assert m.companies == (Company("blue", "Blue Line"), Company("red", "Red Line"))
    assert m.edge_stubs == (EdgeStub("C-Far", "C", "gray", 3, "Far (Frontier)"),)
    assert [r.id for r in m.routes] == [1, 2, 3, 4]  # a stub is not a route


@pytest.mark.parametrize("name", ["usa", "europe", "nordic", "world", "great-lakes"])
def test_maps_without_legacy_fields_get_the_defaults(name):
    m = ttr.load_map(name)
    assert m.companies == () and m.edge_stubs == ()
    assert not any(c.big for c in m.cities)


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
    (_set(("cities", 1, "xy"), None), "cities[1] (B)", "a board with a layout places every city"),
])
def test_malformed_map_names_file_entry_and_problem(mutate, entry, problem):
    assert_refused(tiny(), mutate, entry, problem)


def test_a_board_without_a_layout_parses():
    d = tiny()
    for c in d["cities"]:
        c["xy"] = None
    assert all(c.xy is None for c in parse_map(d, "tiny.json").cities)


def assert_refused(d: dict, mutate, entry: str, problem: str) -> None:
    """The mutated map is refused with a message naming the file, the entry and the problem."""
    mutate(d)
    with pytest.raises(ttr.MapError) as e:
        parse_map(d, "tiny.json")
    msg = str(e.value)
    assert msg.startswith("tiny.json: "), msg
    assert entry in msg, msg
    assert problem in msg, msg


@pytest.mark.parametrize("mutate,entry,problem", [
    (_set(("companies", 1, "color"), "pink"), "companies[1] (Red Line).color", "Input should be"),
    (_set(("companies", 1, "color"), "gray"), "companies[1] (Red Line).color", "'purple'"),
    (_set(("companies", 1, "color"), "blue"), "companies[1] (Red Line)", "a second company of colour 'blue'"),
    (_set(("companies", 1, "name"), ""), "companies[1] ().name", "at least 1 character"),
    (_set(("edge_stubs", 0, "city"), "Atlantis"), "edge_stubs[0] (id C-Far)", "unknown city 'Atlantis'"),
    (_set(("edge_stubs", 0, "color"), "pink"), "edge_stubs[0] (id C-Far).color", "Input should be"),
    (_set(("edge_stubs", 0, "length"), 0), "edge_stubs[0] (id C-Far).length", "greater than or equal to 1"),
    (_set(("edge_stubs", 0, "leads_to"), "A"), "edge_stubs[0] (id C-Far)", "is a city on the board"),
    (lambda d: d["edge_stubs"].append(dict(d["edge_stubs"][0])), "edge_stubs[1] (id C-Far)",
     "duplicate edge stub id"),
    (_set(("routes", 3, "cities"), ["B", "C"]), "double_routes[0]",
     "must join the same two cities, not A-B and B-C"),
    (lambda d: d["routes"].append({"id": 5, "cities": ["A", "B"], "length": 2, "color": "red"})
     or d["double_routes"][0].append(5), "double_routes[0]", "2 or 3 distinct route ids"),
    (_set(("double_routes",), [[1, 2]]), "double_routes", "routes [1, 2, 4] join A and B but are not listed"),
    (_set(("cities", 0, "big"), "yes"), "cities[0] (A).big", "valid boolean"),
])
def test_malformed_legacy_fields_name_file_entry_and_problem(mutate, entry, problem):
    assert_refused(legacy_tiny(), mutate, entry, problem)


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


# ------------------------------------------- Legacy: Legends of the West, game 1

LW = "legends-west"
LW_BIG = {"Boston", "New York", "Philadelphia", "Pittsburgh", "Baltimore", "New Orleans"}
LW_TRIPLES = {frozenset(p) for p in (("Boston", "New York"), ("New York", "Philadelphia"),
                                     ("Baltimore", "Philadelphia"))}


def _lanes_by_pair(m) -> dict:
    pairs: dict = {}
    for r in m.routes:
        pairs.setdefault(frozenset(r.cities), []).append(r)
    return pairs


def _shortest(m, a: str, b: str) -> int:
    """Fewest spaces between two cities (Dijkstra over every route)."""
    best, heap = {a: 0}, [(0, a)]
    while heap:
        d, c = heapq.heappop(heap)
        if c == b:
            return d
        for r in m.routes:
            if c in r.cities:
                n = r.cities[1] if r.cities[0] == c else r.cities[0]
                if d + r.length < best.get(n, 1 << 30):
                    best[n] = d + r.length
                    heapq.heappush(heap, (d + r.length, n))
    raise AssertionError(f"{a} and {b} are not connected")


def test_legends_west_loads_with_the_right_counts():
    m = ttr.load_map(LW)
    assert m.name == LW and LW in ttr.map_names()
    assert m.title == "Ticket to Ride Legacy: Legends of the West (game 1 board)"
    pairs = _lanes_by_pair(m)
    assert len(m.cities) == 23
    assert len(m.routes) == 72
    assert len(pairs) == 49
    assert sum(len(v) == 2 for v in pairs.values()) == 17
    assert {p for p, v in pairs.items() if len(v) == 3} == LW_TRIPLES
    assert max(len(v) for v in pairs.values()) == 3
    assert sum(r.length for r in m.routes) == 136
    assert [r.id for r in m.routes] == list(range(1, 73))


def test_legends_west_colour_and_length_histograms():
    m = ttr.load_map(LW)
    assert Counter(r.color for r in m.routes) == {
        "green": 12, "yellow": 11, "red": 12, "black": 10, "blue": 10, "white": 11, "gray": 6}
    assert Counter(r.length for r in m.routes) == {1: 28, 2: 28, 3: 12, 4: 4}
    # Legacy's train cards: no purple or orange anywhere on the board
    assert {r.color for r in m.routes} | {s.color for s in m.edge_stubs} <= {
        "black", "blue", "white", "green", "yellow", "red", "gray"}


def test_legends_west_triple_routes_are_twins_of_each_other():
    m = ttr.load_map(LW)
    for pair, lanes in _lanes_by_pair(m).items():
        ids = {r.id for r in lanes}
        for r in lanes:
            assert set(r.twins) == ids - {r.id}, r
        if pair in LW_TRIPLES:
            assert len({r.color for r in lanes}) == 3 and {r.length for r in lanes} == {1}


def test_legends_west_tickets_are_33_worth_175_dollars_between_board_cities():
    m = ttr.load_map(LW)
    assert len(m.tickets) == 33
    assert sum(t.points for t in m.tickets) == 175
    assert [t.id for t in m.tickets] == list(range(1, 34))
    for t in m.tickets:
        assert len(t.cities) == 2 and not (t.long or t.tour)
        assert all(c in m.city_index for c in t.cities), t


def test_legends_west_ticket_values_are_the_shortest_path_but_one():
    m = ttr.load_map(LW)
    off = {frozenset(t.cities): (t.points, _shortest(m, *t.cities))
           for t in m.tickets if t.points != _shortest(m, *t.cities)}
    assert off == {frozenset(("Nashville", "Charleston")): (5, 4)}
    assert any("Nashville - Charleston" in g and "$5" in g for g in m.known_gaps)


def test_legends_west_big_cities():
    m = ttr.load_map(LW)
    assert {c.name for c in m.cities if c.big} == LW_BIG
    assert any("INFERRED" in g and "big cities" in g for g in m.known_gaps)


def test_legends_west_edge_stubs_are_never_routes():
    m = ttr.load_map(LW)
    assert len(m.edge_stubs) == 8
    assert len({s.id for s in m.edge_stubs}) == 8
    for s in m.edge_stubs:
        assert s.city in m.city_index, s
        assert s.color in ROUTE_COLOURS and 1 <= s.length <= 4, s
        frontier_city = s.leads_to.split(" (")[0]
        assert frontier_city not in m.city_index, s
        assert not any(frontier_city in r.cities for r in m.routes), s
    assert Counter(s.city for s in m.edge_stubs) == {
        "Cincinnati": 1, "Nashville": 1, "New Orleans": 3, "Savannah": 2, "Mobile": 1}
    assert len(m.routes) == 72  # the stubs are on top of the 72 lanes, not among them
    assert any("traced by eye" in g for g in m.known_gaps)


def test_legends_west_companies():
    m = ttr.load_map(LW)
    assert [(c.color, c.name) for c in m.companies] == [
        ("blue", "B&O (Baltimore & Ohio)"),
        ("black", "New York Central System"),
        ("red", "Pennsylvania Railroad (PRR)"),
        ("yellow", "Erie"),
        ("green", "New York, New Haven & Hartford"),
    ]


def test_legends_west_status_and_known_gaps():
    m = ttr.load_map(LW)
    assert m.status != "complete" and "game-1" in m.status
    gaps = " ".join(m.known_gaps)
    for needle in ("medium", "frontier boards", "not included", "Atlanta-Nashville"):
        assert needle in gaps, needle


@pytest.mark.parametrize("mutate,problem", [
    (lambda d: d["companies"][4].update(color="gray"), "companies[4] (New York, New Haven & Hartford).color: Input"),
    (lambda d: d["edge_stubs"][0].update(city="St. Louis"),
     "edge_stubs[0] (id Cincinnati-St. Louis): unknown city 'St. Louis'"),
    (lambda d: d["double_routes"].__setitem__(1, [14, 15, 68]),
     ("double_routes[1]: routes of a double route must join the same two cities, not "
      "Baltimore-Philadelphia and New York-Philadelphia")),
])
def test_legends_west_file_with_a_broken_legacy_field_is_refused(mutate, problem):
    d = json.loads((Path(ttr.maps.__file__).parent / "data" / f"{LW}.json").read_text(encoding="utf-8"))
    parse_map(d, f"{LW}.json")
    mutate(d)
    with pytest.raises(ttr.MapError) as e:
        parse_map(d, f"{LW}.json")
    assert str(e.value).startswith(f"{LW}.json: {problem}"), str(e.value)


def test_legends_west_matches_the_shared_source():
    src = _source("legacy_public_facts")
    m = ttr.load_map(LW)
    assert [(c["name"], tuple(c["layout_xy"]), c["big_city"]) for c in src["cities"]] == [
        (c.name, c.xy, c.big) for c in m.cities]
    theirs = Counter((frozenset((r["a"], r["b"])), r["length"], r["color"]) for r in src["routes"])
    assert Counter((frozenset(r.cities), r.length, r.color) for r in m.routes) == theirs
    lanes = _lanes_by_pair(m)
    for r in src["routes"]:
        assert len(lanes[frozenset((r["a"], r["b"]))]) == r["lanes_between_pair"], r["id"]
    assert {frozenset(t["pair"]) for t in src["triple_routes"]} == LW_TRIPLES
    assert [(frozenset((t["a"], t["b"])), t["value"]) for t in src["tickets"]] == [
        (frozenset(t.cities), t.points) for t in m.tickets]
    assert [(e["from"], e["color"], e["full_length"], e["frontier_city"], e["leads_to_frontier"])
            for e in src["edge_stubs"]] == [
        (s.city, s.color, s.length, *s.leads_to.rstrip(")").split(" (")) for s in m.edge_stubs]
    assert [(c["color"], c["name"]) for c in src["companies"]] == [(c.color, c.name) for c in m.companies]
    counts = src["counts"]
    pairs = _lanes_by_pair(m)
    assert (counts["cities"], counts["route_lanes"], counts["city_pairs"], counts["spaces"]) == (
        len(m.cities), len(m.routes), len(pairs), sum(r.length for r in m.routes))
    assert (counts["double_pairs"], counts["triple_pairs"]) == (
        sum(len(v) == 2 for v in pairs.values()), sum(len(v) == 3 for v in pairs.values()))
    assert (counts["edge_stub_lanes"], counts["tickets"], counts["ticket_value_total"]) == (
        len(m.edge_stubs), len(m.tickets), sum(t.points for t in m.tickets))
    assert counts["color_histogram"] == dict(Counter(r.color for r in m.routes))
    assert counts["length_histogram"] == {str(k): v for k, v in Counter(r.length for r in m.routes).items()}
