"""The Great Lakes board (`great-lakes`) after the cross-check of its source: the counts, each
correction the second source brought, the layout, and the build from the shared sources."""
from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path

import pytest

import ttr

ROOT = Path(__file__).resolve().parents[1]
MAP_SOURCES = ROOT.parent / "shared" / "map-sources"
SOURCE, GEOGRAPHY = "rails_and_sails_great_lakes.json", "great_lakes_geography.json"
LAKES = ttr.load_map("great-lakes")


def _build_maps():
    spec = importlib.util.spec_from_file_location("build_maps", ROOT / "scripts" / "build_maps.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BUILD = _build_maps()


def _between(a: str, b: str) -> list:
    return [r for r in LAKES.routes if set(r.cities) == {a, b}]


def test_great_lakes_has_110_routes_355_spaces_and_28_double_routes():
    m = LAKES
    assert len(m.routes) == 110
    assert sum(r.length for r in m.routes) == 355
    assert len({frozenset((r.id, *r.twins)) for r in m.routes if r.twins}) == 28
    assert all(len(r.twins) == 1 for r in m.routes if r.twins)
    assert sum(r.kind == "train" for r in m.routes) == 55 and sum(r.kind == "ship" for r in m.routes) == 55
    assert sum(not c.junction for c in m.cities) == 35 and sum(c.harbor for c in m.cities) == 25
    assert [r.id for r in m.routes] == list(range(1, 111))
    assert len(m.tickets) == 55


def test_kingston_buffalo_is_a_gray_4_ship_route():
    (r,) = _between("Kingston", "Buffalo")
    assert (r.id, r.kind, r.color, r.length, r.twins) == (110, "ship", "gray", 4, ())


def test_cedar_rapids_chicago_is_a_double_route_5_long():
    routes = _between("Cedar Rapids", "Chicago")
    assert sorted((r.id, r.color, r.length, r.kind, r.twins) for r in routes) == [
        (12, "yellow", 5, "train", (13,)), (13, "red", 5, "train", (12,))]


def test_duluth_marquette_and_lake_superior_marquette_end_at_marquette_not_marathon():
    (duluth,) = _between("Duluth", "Marquette")
    (lake,) = _between("Lake Superior", "Marquette")
    assert (duluth.id, duluth.kind, duluth.color, duluth.length) == (55, "ship", "red", 6)
    assert (lake.id, lake.kind, lake.color, lake.length) == (56, "ship", "gray", 2)
    assert _between("Duluth", "Marathon") == []


def test_lake_superior_marathon_is_no_longer_a_double_route():
    (r,) = _between("Lake Superior", "Marathon")
    assert (r.id, r.color, r.length, r.twins) == (61, "white", 2, ())
    assert LAKES.route(56).twins == ()


def test_buffalo_erie_and_buffalo_syracuse_are_train_routes():
    (erie,) = _between("Buffalo", "Erie")
    assert (erie.id, erie.kind, erie.color, erie.length) == (103, "train", "gray", 2)
    syracuse = _between("Buffalo", "Syracuse")
    assert sorted((r.id, r.kind, r.color, r.length, r.twins) for r in syracuse) == [
        (104, "train", "yellow", 3, (105,)), (105, "train", "red", 3, (104,))]


def test_every_node_has_a_position_inside_the_board_scan():
    _, width, height = BUILD.RS_BOARDS["great-lakes"][2]
    for c in LAKES.cities:  # the two lake junctions too
        assert c.xy is not None, c.name
        assert 0 <= c.xy[0] <= width and 0 <= c.xy[1] <= height, c
    assert len({c.xy for c in LAKES.cities}) == len(LAKES.cities)


def test_known_gaps_keep_the_nine_space_points_and_the_harbor_values_unverified():
    assert "UNVERIFIED" not in LAKES.status and "cross-checked" in LAKES.status
    gaps = " ".join(LAKES.known_gaps)
    assert "scores 27" in gaps and "RS3" in gaps
    assert "10/20/30" in gaps and "RS5" in gaps
    assert "need checking" not in gaps  # the 9- and 8-space routes and the junctions were confirmed


# ---------------------------------------------------------- built from the sources

def _sources(tmp_path: Path) -> Path:
    """A copy of the shared map sources that a test may spoil."""
    if not (MAP_SOURCES / SOURCE).is_file():
        pytest.skip(f"{MAP_SOURCES} not present")
    for f in MAP_SOURCES.glob("*.json"):
        shutil.copy(f, tmp_path / f.name)
    return tmp_path


@pytest.mark.parametrize("name", sorted(BUILD.CONVERTERS))
def test_map_file_is_what_build_maps_produces_from_the_sources(name, tmp_path):
    built = BUILD.build(name, _sources(tmp_path))
    assert (ROOT / "ttr" / "maps" / "data" / f"{name}.json").read_text(encoding="utf-8") == built


def _spoil(fname: str, change):
    def spoil(src_dir: Path) -> None:
        path = src_dir / fname
        data = json.loads(path.read_text(encoding="utf-8"))
        change(data)
        path.write_text(json.dumps(data), encoding="utf-8")
    return spoil


def _route(i: int, **fields):
    return _spoil(SOURCE, lambda d: d["routes"][i].update(fields))


@pytest.mark.parametrize("spoil,message", [
    (_spoil(SOURCE, lambda d: d["routes"][11].pop("length")), f"{SOURCE}: routes[11] (GL12): no length"),
    (_route(11, length="5"), f"{SOURCE}: routes[11] (GL12): length must be int, not '5'"),
    (_route(11, length=True), f"{SOURCE}: routes[11] (GL12): length must be int, not True"),
    (_route(11, id="Cedar"), f"{SOURCE}: routes[11] (Cedar): 'Cedar' is not a route or ticket id"),
    (_route(11, parallel_with="GL13"), f"{SOURCE}: routes[11] (GL12): parallel_with must be a list"),
    (_spoil(SOURCE, lambda d: d["routes"].__setitem__(3, "GL4")), f"{SOURCE}: routes[3]: not an object"),
    (_spoil(SOURCE, lambda d: d["tickets"][2].update(points=None)),
     f"{SOURCE}: tickets[2]: points must be int, not None"),
    (_spoil(SOURCE, lambda d: d["cities"][4].pop("name")), f"{SOURCE}: cities[4]: no name"),
    (_spoil(SOURCE, lambda d: d["counts"].update(total_spaces=351)),
     f"{SOURCE}: counts.total_spaces is 351, but the entries give 355"),
    (_spoil(GEOGRAPHY, lambda d: d["cities"][1].update(board_xy_pct=[46.07, 165.96])),
     f"{GEOGRAPHY}: cities[1] (Bay City): board_xy_pct must be two percentages (0-100), not [46.07, 165.96]"),
    (_spoil(GEOGRAPHY, lambda d: d["cities"][1].update(name="Bay Town")),
     f"{GEOGRAPHY}: cities[1] (Bay Town): not a node of the board"),
    (_spoil(GEOGRAPHY, lambda d: d["cities"].pop()), f"{GEOGRAPHY}: no board position for Lake Superior"),
    # what the converter passes on, ttr's loader checks before the file is written
    (_route(11, a="Cedar Rapid"), "great-lakes.json: routes[11] (id 12): unknown city 'Cedar Rapid'"),
    (_route(11, color="pinkish"), "great-lakes.json: routes[11] (id 12).color: Input should be"),
])
def test_a_malformed_source_entry_stops_the_build_naming_it(spoil, message, tmp_path):
    src_dir = _sources(tmp_path)
    spoil(src_dir)
    with pytest.raises(SystemExit) as e:
        BUILD.build("great-lakes", src_dir)
    assert message in str(e.value)
