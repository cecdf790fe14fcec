"""The live board of the report: the map drawn as inline SVG from its layout (the map file the
browser client draws), each route's spaces coloured by a rate on a colour-blind-safe scale
(viridis, 0 to 100%), with the rate shown on hover, a choice of the rate to colour by, and
zoom and pan (board_js.py). Train spaces are rectangles and ship spaces rounded capsules, so the
kinds differ by shape, not colour; city names are placed clear of the routes and of each other."""
from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Mapping, Sequence

from ..maps import Map, Route
from .html import esc

GREY = "#c9c9c9"        # a route without a value
GHOST = "#6d2f8e"       # the dashed outline of a route not on this board
BACKGROUND = "#f4efe2"
Car = tuple[float, float, float, float, float]  # x, y, angle (degrees), length, width


def _hex(cmap: str, v: float) -> str:
    from matplotlib import colormaps
    r, g, b, _ = colormaps[cmap](min(1.0, max(0.0, v)))
    return f"#{round(r * 255):02x}{round(g * 255):02x}{round(b * 255):02x}"


def viridis(v: float) -> str:
    """The colour of v in 0..1 on viridis (matplotlib's table: perceptually even, colour-blind safe)."""
    return _hex("viridis", v)


def diverging(hi: float) -> Callable[[float], str]:
    """Colours of differences in -hi..hi: blue below 0, red above (matplotlib's RdBu, reversed:
    blue and red stay apart for colour-blind eyes)."""
    return lambda v: _hex("RdBu_r", 0.5 + v / (2 * hi))


def pitch(m: Map) -> float:
    """The board's usual space size: its spaces' spacing, else a low quantile (10%) of city distance per space."""
    steps = [math.dist(a[:2], b[:2]) for r in m.routes for a, b in zip(r.spaces, r.spaces[1:])]
    if steps:
        return statistics.median(steps)
    xy = _xy(m)
    per = sorted(math.dist(xy[r.cities[0]], xy[r.cities[1]]) / r.length for r in m.routes if not r.wraparound)
    return per[len(per) // 10] if per else 50.0


def _xy(m: Map) -> dict[str, tuple[float, float]]:
    return {c.name: c.xy for c in m.cities if c.xy is not None}


def frame(m: Map, p: float) -> tuple[float, float]:
    """The west and east edges a wraparound route crosses (as the client draws them)."""
    xs = [c.xy[0] for c in m.cities if c.xy]
    left = min(0.0, min(xs) - p)
    return left, max(xs) + (min(xs) - left)


def cars(m: Map) -> dict[int, list[Car]]:
    """Every route's spaces as drawn: the map's own, else spread along the line between its cities
    (lanes of a double route side by side; a wraparound route split across the board's edges)."""
    p = pitch(m)
    xy = _xy(m)
    left, right = frame(m, p)
    groups: dict[tuple, list[int]] = {}
    for r in m.routes:
        groups.setdefault((frozenset(r.cities), r.wraparound), []).append(r.id)
    lane = {rid: (i, len(ids)) for ids in groups.values() for i, rid in enumerate(sorted(ids))}
    out: dict[int, list[Car]] = {}
    for r in m.routes:
        if r.spaces:
            out[r.id] = [(x, y, a, 0.84 * p, 0.34 * p) for x, y, a in r.spaces]
            continue
        (ax, ay), (bx, by) = xy[r.cities[0]], xy[r.cities[1]]
        if r.wraparound:
            bx = bx + (right - left) if ax >= bx else bx - (right - left)
        d = math.hypot(bx - ax, by - ay) or 1.0
        ux, uy = (bx - ax) / d, (by - ay) / d
        k, n = lane[r.id]
        off = (k - (n - 1) / 2) * 0.42 * p
        ox, oy = -uy * off, ux * off
        trim, need = 0.26 * p, 0.8 * p * r.length  # room at the cities; the spaces' length at least
        bulge = _bulge(d - 2 * trim, need) * (1 if k >= (n - 1) / 2 else -1)
        placed = []
        for x, y, angle, slot in _along((ax + ux * trim + ox, ay + uy * trim + oy),
                                        (bx - ux * trim + ox, by - uy * trim + oy), bulge, r.length):
            if r.wraparound and not left <= x <= right:
                x += (right - left) if x < left else -(right - left)
            placed.append((x, y, angle, min(0.84 * p, 0.9 * slot), 0.3 * p))
        out[r.id] = placed
    return out


def _curve(a: tuple[float, float], b: tuple[float, float], bulge: float, t: float) -> tuple[float, float]:
    """The point at t of the quadratic curve from a to b whose middle is `bulge` off the straight line."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    d = math.dist(a, b) or 1.0
    cx, cy = mx - (b[1] - a[1]) / d * 2 * bulge, my + (b[0] - a[0]) / d * 2 * bulge
    u = 1 - t
    return u * u * a[0] + 2 * u * t * cx + t * t * b[0], u * u * a[1] + 2 * u * t * cy + t * t * b[1]


def _bulge(straight: float, need: float) -> float:
    """How far off the straight line a curve must bow to be `need` long (0: the line is long enough)."""
    if straight >= need:
        return 0.0
    return math.sqrt(max(need * need - straight * straight, 0.0)) * 0.55


def _along(a: tuple[float, float], b: tuple[float, float], bulge: float, count: int) -> list[tuple[float, float, float, float]]:
    """`count` spaces evenly along the (curved) line from a to b: x, y, angle, the room of each."""
    pts = [_curve(a, b, bulge, i / 64) for i in range(65)]
    run = [0.0]
    for p0, p1 in zip(pts, pts[1:]):
        run.append(run[-1] + math.dist(p0, p1))
    slot = run[-1] / count
    out = []
    for i in range(count):
        want = slot * (i + 0.5)
        j = next((j for j in range(1, 65) if run[j] >= want), 64)
        f = (want - run[j - 1]) / ((run[j] - run[j - 1]) or 1.0)
        (x0, y0), (x1, y1) = pts[j - 1], pts[j]
        out.append((x0 + (x1 - x0) * f, y0 + (y1 - y0) * f, math.degrees(math.atan2(y1 - y0, x1 - x0)), slot))
    return out


def _bounds(m: Map, drawn: dict[int, list[Car]], p: float) -> tuple[float, float, float, float]:
    xs = [c.xy[0] for c in m.cities if c.xy] + [c[0] for cs in drawn.values() for c in cs]
    ys = [c.xy[1] for c in m.cities if c.xy] + [c[1] for cs in drawn.values() for c in cs]
    return min(xs) - p, min(ys) - p, max(xs) + p, max(ys) + p


# Label positions around a city's dot, in order of preference: (dx, dy) in units of the gap, and
# the text's anchor.
SPOTS = ((1, 0, "start"), (-1, 0, "end"), (0, -1, "middle"), (0, 1, "middle"), (0.8, -0.8, "start"),
         (-0.8, -0.8, "end"), (0.8, 0.8, "start"), (-0.8, 0.8, "end"))


def place_labels(m: Map, drawn: dict[int, list[Car]], p: float, font: float,
                 dot: float = 0.0) -> dict[str, tuple[float, float, str]]:
    """Where each city's name goes: of SPOTS, the one its box covers the fewest route spaces, dots
    and names already placed with (a name overlapping another costs most); crowded cities first."""
    import numpy as np
    xy = {c.name: c.xy for c in m.cities if c.xy and not c.junction}
    pts = [(x + dx * cl / 3, y + dy * cl / 3, w / 2) for cs in drawn.values() for x, y, a, cl, w in cs
           for dx, dy in ((math.cos(math.radians(a)) * k, math.sin(math.radians(a)) * k) for k in (-1, 0, 1))]
    pts += [(x, y, max(0.2 * p, dot)) for x, y in (c.xy for c in m.cities if c.xy)]
    px, py, pr = (np.array(v) for v in zip(*pts))
    boxes: list[tuple[float, float, float, float]] = []
    gap = max(0.25 * p, dot + 0.08 * p)
    x0, y0, x1, y1 = _bounds(m, drawn, p)

    def box(name: str, spot: tuple) -> tuple[float, float, float, float]:
        (cx, cy), (dx, dy, anchor) = xy[name], spot
        w, h = 0.62 * font * len(name), 0.9 * font
        lx = cx + dx * gap - (w if anchor == "end" else w / 2 if anchor == "middle" else 0)
        ly = cy + dy * (gap + h / 2) - h / 2
        return lx, ly, lx + w, ly + h

    def cost(b: tuple[float, float, float, float]) -> float:
        qx, qy = np.clip(px, b[0], b[2]), np.clip(py, b[1], b[3])
        hits = float(np.sum(np.hypot(px - qx, py - qy) < pr))
        over = sum(1 for o in boxes if b[0] < o[2] and o[0] < b[2] and b[1] < o[3] and o[1] < b[3])
        out = b[0] < x0 or b[2] > x1 or b[1] < y0 or b[3] > y1
        return hits + 50 * over + 20 * out

    def crowd(name: str) -> int:
        cx, cy = xy[name]
        return -int(np.sum(np.hypot(px - cx, py - cy) < 2 * p))

    placed = {}
    for name in sorted(xy, key=lambda n: (crowd(n), n)):
        costs = [cost(box(name, s)) + 0.3 * i for i, s in enumerate(SPOTS)]
        best = SPOTS[costs.index(min(costs))]
        boxes.append(box(name, best))
        cx, cy = xy[name]
        h = 0.9 * font
        placed[name] = (cx + best[0] * gap, cy + best[1] * (gap + h / 2) + 0.34 * font, best[2])
    return placed


def _car(x: float, y: float, a: float, ln: float, w: float, ship: bool) -> str:
    rx = w / 2 if ship else w * 0.12
    return (f'<rect x="{x - ln / 2:.1f}" y="{y - w / 2:.1f}" width="{ln:.1f}" height="{w:.1f}" rx="{rx:.1f}" '
            f'transform="rotate({a:.1f} {x:.1f} {y:.1f})"/>')


def _colours(layers: Sequence[tuple[str, Mapping]], key: object, colour: Callable[[float], str]) -> str:
    """fill and data-c<i> (the colour under each layer) of one route or city."""
    first = layers[0][1]
    return (f'fill="{colour(first[key]) if key in first else GREY}" '
            + " ".join(f'data-c{i}="{colour(v[key]) if key in v else GREY}"' for i, (_, v) in enumerate(layers)))


def board_svg(m: Map, layers: Sequence[tuple[str, Mapping]], tips: Mapping, label: str, uid: str,
              by_city: bool = False, colour: Callable[[float], str] = viridis, scale: str | None = None,
              ghosts: Sequence[tuple[Sequence[Car], bool, str]] = ()) -> str:
    """The board as a live figure: routes (or, `by_city`, cities) coloured by the first of `layers`
    ((name, value per route id or city name) each, chosen by buttons) with `colour` (viridis over
    0..1 unless given, its legend `scale`), `tips` shown on hover; `ghosts` (cars, ship, tip): routes
    not on this board drawn dashed where they were. Needs board_js.SCRIPT once on the page."""
    if any(c.xy is None for c in m.cities):  # a board without a layout (docs/map-format.md)
        return ('<p class="doc">This board has no layout (its cities have no <code>xy</code>), so it is not '
                'drawn; the table lists every number.</p>')
    p = pitch(m)
    drawn = cars(m)
    x0, y0, x1, y1 = _bounds(m, drawn, p)
    font = 0.34 * p
    routes = []
    for r in m.routes:
        spaces = "".join(_car(*c, r.kind == "ship") for c in drawn[r.id])
        if by_city:
            routes.append(f'<g class="rp" fill="#dcd5c3">{spaces}</g>')
            continue
        routes.append(f'<g class="rt{" ship" if r.kind == "ship" else ""}" {_colours(layers, r.id, colour)} '
                      f'data-tip="{esc(tips.get(r.id, ""))}"><title>{esc(tips.get(r.id, ""))}</title>{spaces}</g>')
    for spaces_of, ship, tip in ghosts:
        routes.append(f'<g class="rt gh" fill="none" pointer-events="all" stroke="{GHOST}" stroke-dasharray="4 3" '
                      f'data-tip="{esc(tip)}">'
                      f'<title>{esc(tip)}</title>{"".join(_car(*c, ship) for c in spaces_of)}</g>')
    dot = 0.27 * p if by_city else 0.0
    cities = "".join(
        f'<circle class="ct" cx="{c.xy[0]:.1f}" cy="{c.xy[1]:.1f}" r="{dot:.1f}" {_colours(layers, c.name, colour)} '
        f'data-tip="{esc(tips.get(c.name, ""))}"><title>{esc(tips.get(c.name, ""))}</title></circle>'
        if by_city and not c.junction else
        f'<circle cx="{c.xy[0]:.1f}" cy="{c.xy[1]:.1f}" r="{(0.1 if c.junction else 0.17) * p:.1f}"/>'
        for c in m.cities if c.xy)
    labels = place_labels(m, drawn, p, font, dot)
    names = "".join(f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{a}">{esc(n)}</text>' for n, (x, y, a) in labels.items())
    for n, (x, y, a) in labels.items():  # the board shows every name whole
        w = 0.7 * font * len(n)
        left = x - (w if a == "end" else w / 2 if a == "middle" else 0)
        x0, x1, y0, y1 = min(x0, left - 0.1 * p), max(x1, left + w + 0.1 * p), min(y0, y - font), max(y1, y + 0.4 * font)
    view = f"{x0:.0f} {y0:.0f} {x1 - x0:.0f} {y1 - y0:.0f}"
    buttons = "".join(f'<button type="button" data-m="{i}"{" class=on" if i == 0 else ""}>{esc(name)}</button>'
                      for i, (name, _) in enumerate(layers))
    return (f'<figure class="board" id="{uid}"><div class="bctl"><span>colour by</span> {buttons}'
            '<span class="zoom"><button type="button" data-z="1.5" title="zoom in">+</button>'
            '<button type="button" data-z="0.667" title="zoom out">−</button>'
            '<button type="button" data-z="0" title="the whole board">fit</button></span></div>'
            f'<svg class="bsvg" viewBox="{view}" data-view="{view}" role="img" aria-label="{esc(label)}" '
            f'preserveAspectRatio="xMidYMid meet">'
            f'<rect x="{x0:.0f}" y="{y0:.0f}" width="{x1 - x0:.0f}" height="{y1 - y0:.0f}" fill="{BACKGROUND}"/>'
            f'<g class="routes" stroke="#3a3a3a" stroke-width="0.8">{"".join(routes)}</g>'
            f'<g class="cities" fill="#1d1d1d" stroke="#fff" stroke-width="{0.04 * p:.2f}">{cities}</g>'
            f'<g class="names" font-size="{font:.1f}" stroke="#fff" stroke-width="{0.12 * p:.2f}" '
            f'paint-order="stroke" stroke-linejoin="round" fill="#111">{names}</g></svg>'
            f'<div class="tip" hidden></div>{legend(m) if scale is None else scale}'
            f'<figcaption>{esc(label)}. Hover a {"city" if by_city else "route"} for its numbers; zoom with the '
            'buttons or Ctrl + scroll (a pinch), drag to move.</figcaption></figure>')


def legend(m: Map) -> str:
    """The colour scale (0 to 100%), the grey of no value, and the shapes of train and ship spaces."""
    scale = "".join(f'<rect x="{20 + 6 * i}" y="6" width="6.4" height="14" fill="{viridis((i + 0.5) / 50)}"/>'
                    for i in range(50))
    ticks = "".join(f'<text x="{20 + 3 * v}" y="34" text-anchor="middle">{v}%</text>' for v in range(0, 101, 25))
    ships = any(r.kind == "ship" for r in m.routes)
    kinds = ('<rect x="385" y="8" width="26" height="9" rx="1" fill="#888" stroke="#333"/>'
             '<text x="417" y="16">train route</text>'
             + ('<rect x="490" y="8" width="26" height="9" rx="4.5" fill="#888" stroke="#333"/>'
                '<text x="522" y="16">ship route</text>' if ships else ""))
    return ('<svg class="legend" viewBox="0 0 600 40" font-size="11">'
            f'{scale}<rect x="20" y="6" width="300" height="14" fill="none" stroke="#555" stroke-width=".5"/>'
            f'{ticks}<rect x="346" y="6" width="14" height="14" fill="{GREY}" stroke="#555" stroke-width=".5"/>'
            f'<text x="353" y="34" text-anchor="middle">none</text>{kinds}</svg>')


def diff_legend(hi: float, ghosts: bool) -> str:
    """The scale of differences (-hi..hi, percentage points), the grey of no clear change and, with
    `ghosts`, the dashed outline of a route gone from the board."""
    colour = diverging(hi)
    scale = "".join(f'<rect x="{20 + 6 * i}" y="6" width="6.4" height="14" fill="{colour(hi * ((i + 0.5) / 25 - 1))}"/>'
                    for i in range(50))
    ticks = "".join(f'<text x="{20 + 150 * (1 + f)}" y="34" text-anchor="middle">{100 * hi * f:+.0f}</text>'
                    for f in (-1, -0.5, 0, 0.5, 1))
    gone = (f'<rect x="515" y="8" width="26" height="9" rx="1" fill="none" stroke="{GHOST}" stroke-dasharray="4 3"/>'
            '<text x="546" y="16">only in A</text>') if ghosts else ""
    return ('<svg class="legend" viewBox="0 0 600 40" font-size="11">'
            f'{scale}<rect x="20" y="6" width="300" height="14" fill="none" stroke="#555" stroke-width=".5"/>{ticks}'
            f'<text x="342" y="34">points</text><rect x="392" y="6" width="14" height="14" fill="{GREY}" stroke="#555" '
            f'stroke-width=".5"/><text x="412" y="17">no clear change</text>{gone}</svg>')


def _rate(name: str, r) -> str:
    lo, hi = r.ci
    return f"{name} {r.value * 100:.1f}% (95% CI {lo * 100:.1f}–{hi * 100:.1f}%)"


def route_board(m: Map, stats: Sequence) -> str:
    """The routes heat map of the report: claimed, by the winner, claimer wins (RouteStat each)."""
    tips = {}
    for s in stats:
        r: Route = s.route
        kind = ", ".join(x for x in ("ship" if r.kind == "ship" else "train", r.color, "tunnel" if r.tunnel else "",
                                     f"ferry ({r.locomotives} locomotive{'s' * (r.locomotives > 1)})"
                                     if r.locomotives else "") if x)
        wins = _rate("claimer wins", s.claimer_wins) if s.claimed.k else "claimer wins: never claimed"
        tips[r.id] = "\n".join([f"route {r.id}: {s.label}", f"{r.length} space{'s' * (r.length != 1)}, {kind}",
                                _rate("claimed", s.claimed), _rate("by the winner", s.by_winner), wins])
    layers = [("claimed", {s.route.id: s.claimed.value for s in stats}),
              ("by the winner", {s.route.id: s.by_winner.value for s in stats}),
              ("claimer wins", {s.route.id: s.claimer_wins.value for s in stats if s.claimed.k})]
    return board_svg(m, layers, tips, f"{m.title}: routes coloured by the share of games", f"board-{m.name}")


def city_board(m: Map, stats: Sequence) -> str:
    """The cities map of the report: on a completed ticket, in a network, in the winner's (CityStat each)."""
    tips = {c.city: "\n".join([c.city, _rate("on a completed ticket", c.on_completed_ticket),
                               _rate("in a network", c.in_network), _rate("in the winner's network", c.in_winner_network)])
            for c in stats}
    layers = [("on a completed ticket", {c.city: c.on_completed_ticket.value for c in stats}),
              ("in a network", {c.city: c.in_network.value for c in stats}),
              ("in the winner's network", {c.city: c.in_winner_network.value for c in stats})]
    return board_svg(m, layers, tips, f"{m.title}: cities coloured by the share of games", f"cities-{m.name}",
                     by_city=True)


__all__ = ["board_svg", "cars", "city_board", "diff_legend", "diverging", "legend", "pitch", "place_labels", "route_board",
           "viridis"]
