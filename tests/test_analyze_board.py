"""The report's live board (ttr.analytics.svg_board): every route drawn once from the map's layout,
coloured on viridis by each rate, its numbers in its hover text; city names clear of each other on
every board; ship spaces shaped apart from train spaces."""
from __future__ import annotations

import re

import pytest

from ttr.analytics.svg_board import board_svg, cars, pitch, place_labels, viridis
from ttr.maps import load_map, map_names

BOARDS = [n for n in map_names() if n != "great-lakes-fixture"]


def boxes(m, font, dot=0.0):
    """The name boxes as place_labels sizes them."""
    p = pitch(m)
    out = {}
    for name, (x, y, anchor) in place_labels(m, cars(m), p, font, dot).items():
        w, h = 0.62 * font * len(name), 0.9 * font
        left = x - (w if anchor == "end" else w / 2 if anchor == "middle" else 0)
        out[name] = (left, y - 0.34 * font - h / 2, left + w, y - 0.34 * font + h / 2)
    return out


@pytest.mark.parametrize("dot", [0.0, 0.27], ids=["routes", "cities"])
@pytest.mark.parametrize("name", BOARDS)
def test_city_names_do_not_collide(name, dot):
    m = load_map(name)
    b = boxes(m, 0.34 * pitch(m), dot * pitch(m))
    names = sorted(b)
    hits = [(a, c) for i, a in enumerate(names) for c in names[i + 1:]
            if b[a][0] < b[c][2] and b[c][0] < b[a][2] and b[a][1] < b[c][3] and b[c][1] < b[a][3]]
    assert not hits, hits
    assert len(b) == sum(1 for c in m.cities if c.xy and not c.junction)


@pytest.mark.parametrize("name", ["europe", "world", "legends-west"])
def test_every_route_is_drawn_once_coloured_with_its_numbers(name):
    m = load_map(name)
    values = {r.id: (r.id % 11) / 10 for r in m.routes}
    tips = {r.id: f"route {r.id}: {'–'.join(r.cities)}" for r in m.routes}
    svg = board_svg(m, [("claimed", values), ("other", {})], tips, "test", "b")
    groups = re.findall(r'<g class="rt( ship)?" fill="([^"]+)" data-c0="([^"]+)" data-c1="([^"]+)" data-tip="([^"]*)">'
                        r'<title>[^<]*</title>((?:<rect [^>]*/>)+)</g>', svg)
    assert len(groups) == len(m.routes)
    for r, (ship, fill, c0, c1, tip, rects) in zip(m.routes, groups):
        assert tip.startswith(f"route {r.id}:")
        assert fill == c0 == viridis(values[r.id]) and c1 == "#c9c9c9"
        assert rects.count("<rect") == r.length
        assert bool(ship) == (r.kind == "ship")
        if r.kind == "ship":  # capsules: the corner radius is half the width
            w, rx = re.search(r'height="([\d.]+)" rx="([\d.]+)"', rects).groups()
            assert abs(float(w) / 2 - float(rx)) < 0.11


def test_the_scale_is_viridis():
    assert viridis(0.0) == "#440154" and viridis(1.0) == "#fde725" and viridis(2.0) == "#fde725"


def test_a_city_board_colours_its_cities_and_leaves_routes_plain():
    m = load_map("world")
    values = {c.name: 0.5 for c in m.cities if not c.junction}
    svg = board_svg(m, [("on a ticket", values)], {n: f"{n}: 50%" for n in values}, "test", "c", by_city=True)
    assert svg.count('<circle class="ct"') == len(values) and 'class="rt' not in svg
    assert svg.count('class="rp"') == len(m.routes)
    assert all(f'data-tip="{n}: 50%"' in svg for n in values)


def test_a_board_without_a_layout_says_so():
    import dataclasses
    m = load_map("usa")
    bare = dataclasses.replace(m, cities=tuple(dataclasses.replace(c, xy=None) for c in m.cities),
                               routes=tuple(dataclasses.replace(r, spaces=()) for r in m.routes))
    out = board_svg(bare, [("claimed", {})], {}, "test", "b")
    assert "no layout" in out and "<svg" not in out
