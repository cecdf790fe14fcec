"""The board drawn from the map's layout, as a heat map for the comparison (the report draws a live
board: svg_board.py): each route coloured by a value (its
spaces where the map places them, else a line between its cities, lanes of a double route side by
side, ship routes dashed, wrap-around routes leaving by the board's edge), or each city."""
from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence

from ..maps import Map, Route
from .figures import WIDTH, data_uri, percent_axis, pyplot

TALLEST = 12.0   # inches
CASING = "#8a8a8a"      # the edge of a train route drawn as a line
SHIP_CASING = "#2f6db5"  # the edge of a ship route (Rails & Sails)


def _extent(m: Map) -> tuple[float, float, float, float]:
    xs = [c.xy[0] for c in m.cities if c.xy] + [s[0] for r in m.routes for s in r.spaces]
    ys = [c.xy[1] for c in m.cities if c.xy] + [s[1] for r in m.routes for s in r.spaces]
    pad = 0.04 * max(max(xs) - min(xs), max(ys) - min(ys))
    return min(xs) - pad, max(xs) + pad, min(ys) - pad, max(ys) + pad


def _pitch(m: Map) -> float:
    """The usual distance between two spaces of a route (the size of a drawn space)."""
    steps = [math.dist(a[:2], b[:2]) for r in m.routes for a, b in zip(r.spaces, r.spaces[1:])]
    return statistics.median(steps) if steps else 0.0


def _positions(m: Map) -> dict[str, tuple[float, float]]:
    """Where each placed city is drawn (a board without a layout has none)."""
    return {c.name: c.xy for c in m.cities if c.xy is not None}


def _lines(m: Map, r: Route, lanes: Mapping[int, tuple[int, int]], gap: float, width: float) -> list:
    """The segments drawing route r: offset from the cities' axis by its lane; a wrap-around route
    as two segments leaving by the nearer edges."""
    xy = _positions(m)
    (xa, ya), (xb, yb) = xy[r.cities[0]], xy[r.cities[1]]
    if r.wraparound:
        shift = width if xb < xa else -width
        segs = [((xa, ya), (xb + shift, yb)), ((xa - shift, ya), (xb, yb))]
    else:
        segs = [((xa, ya), (xb, yb))]
    k, n = lanes.get(r.id, (0, 1))
    off = (k - (n - 1) / 2) * gap
    out = []
    for (x0, y0), (x1, y1) in segs:
        d = math.hypot(x1 - x0, y1 - y0) or 1.0
        nx, ny = -(y1 - y0) / d * off, (x1 - x0) / d * off
        out.append(((x0 + nx, y0 + ny), (x1 + nx, y1 + ny)))
    return out


def _lane_numbers(m: Map) -> dict[int, tuple[int, int]]:
    groups: dict[frozenset, list[int]] = {}
    for r in m.routes:
        groups.setdefault(frozenset(r.cities), []).append(r.id)
    return {rid: (i, len(ids)) for ids in groups.values() for i, rid in enumerate(sorted(ids))}


def _axes(m: Map):
    plt = pyplot()
    x0, x1, y0, y1 = _extent(m)
    ratio = (y1 - y0) / (x1 - x0)
    w = min(WIDTH, TALLEST / ratio)
    fig, ax = plt.subplots(figsize=(w, w * ratio + 0.9))
    ax.set_xlim(x0, x1)
    ax.set_ylim(y1, y0)  # pixel layout: y grows downwards
    ax.set_aspect("equal")
    ax.axis("off")
    return fig, ax


def _draw_routes(ax, m: Map, values: Mapping[int, float] | None, cmap, norm, width_pt: float = 3.6):
    """Draw every route (coloured by `values`, or light grey); returns the mappable for a colour bar."""
    from matplotlib.collections import LineCollection, PatchCollection
    from matplotlib.patches import Rectangle
    x0, x1, _, _ = _extent(m)
    pitch = _pitch(m)
    rects, rect_vals, segs, seg_vals, casings = [], [], [], [], []
    lanes, gap = _lane_numbers(m), 0.007 * (x1 - x0)
    for r in m.routes:
        v = values.get(r.id, math.nan) if values is not None else math.nan
        if r.spaces:
            for x, y, angle in r.spaces:
                w, h = 0.84 * pitch, 0.34 * pitch
                rects.append(Rectangle((x - w / 2, y - h / 2), w, h, angle=angle, rotation_point="center"))
                rect_vals.append(v)
        else:
            for seg in _lines(m, r, lanes, gap, x1 - x0):
                segs.append(seg)
                seg_vals.append(v)
                casings.append(SHIP_CASING if r.kind == "ship" else CASING)
    mappable: PatchCollection | LineCollection | None = None
    if rects:
        pc = PatchCollection(rects, cmap=cmap, norm=norm, edgecolor="#555555", linewidth=0.4, zorder=2)
        if values is None:
            pc.set_facecolor("#dddddd")
        else:
            pc.set_array(rect_vals)
        ax.add_collection(pc)
        mappable = pc
    if segs:
        ax.add_collection(LineCollection(segs, colors=casings, linewidths=width_pt + 1.8, zorder=1,
                                         capstyle="butt"))
        lc = LineCollection(segs, cmap=cmap, norm=norm, linewidths=width_pt, zorder=2, capstyle="butt")
        if values is None:
            lc.set_color("#dddddd")
        else:
            lc.set_array(seg_vals)
        ax.add_collection(lc)
        mappable = mappable or lc
    return mappable


def _draw_cities(ax, m: Map, labels: Mapping[str, str] | None = None) -> list:
    """Cities as dots with their names (with `labels`: the dots are drawn by the caller); returns
    the names' texts."""
    import matplotlib.patheffects as pe
    halo = [pe.withStroke(linewidth=2.2, foreground="white")]
    names = []
    for c in m.cities:
        if not c.xy:
            continue
        if labels is None:
            ax.plot(*c.xy, "o", ms=2.6 if c.junction else 3.6, color="#222222", zorder=4)
        if c.junction:
            continue
        text = c.name if labels is None else f"{c.name} {labels.get(c.name, '')}".strip()
        names.append(ax.annotate(text, c.xy, xytext=(3, 3), textcoords="offset points", fontsize=6.5, zorder=7,
                                 path_effects=halo))  # above the route ids: a name stays readable
    return names


def _kinds_legend(ax, m: Map) -> None:
    """Rails & Sails: which lines are ship routes."""
    if not any(r.kind == "ship" and not r.spaces for r in m.routes):
        return
    from matplotlib.lines import Line2D
    ax.legend([Line2D([], [], color="#dddddd", lw=3.6, path_effects=_edge(CASING)),
               Line2D([], [], color="#dddddd", lw=3.6, path_effects=_edge(SHIP_CASING))],
              ["train route (grey edge)", "ship route (blue edge)"], loc="lower right", bbox_to_anchor=(1.0, 1.0),
              ncol=2, fontsize=8, frameon=False)


def _edge(color: str) -> list:
    import matplotlib.patheffects as pe
    return [pe.Stroke(linewidth=5.4, foreground=color), pe.Normal()]


def _colorbar(fig, ax, mappable, label: str, diverging: bool) -> None:
    cb = fig.colorbar(mappable, ax=ax, orientation="horizontal", fraction=0.035, pad=0.02, aspect=50)
    cb.set_label(label)
    percent_axis(cb.ax, "x")
    if diverging:
        cb.ax.xaxis.set_major_formatter(_signed_percent())


def _signed_percent():
    from matplotlib.ticker import FuncFormatter
    return FuncFormatter(lambda v, _: f"{v * 100:+.0f} pts" if v else "0")


def _mark(ax, m: Map, values: Mapping[int, float], top: int) -> list:
    """The `top` routes by |value| get their id, to find them in the table; returns the ids' texts."""
    best = sorted((r for r in m.routes if r.id in values), key=lambda r: -abs(values[r.id]))[:top]
    xy = _positions(m)
    marks = []
    for r in best:
        if r.spaces:
            x, y = statistics.fmean(s[0] for s in r.spaces), statistics.fmean(s[1] for s in r.spaces)
        else:
            (xa, ya), (xb, yb) = xy[r.cities[0]], xy[r.cities[1]]
            x, y = (xa + xb) / 2, (ya + yb) / 2
        if r.wraparound:
            continue
        marks.append(ax.annotate(str(r.id), (x, y), xytext=(0, 0), textcoords="offset points", fontsize=6.5,
                                 ha="center", va="center", zorder=6, weight="bold",
                                 bbox={"boxstyle": "round,pad=0.15", "fc": "white", "ec": "#333333", "lw": 0.5}))
    return marks


# Where a route id may go, in points from the route's middle, in order of preference.
NUDGES = ((0, 0), (0, -11), (0, 11), (14, 0), (-14, 0), (12, -11), (-12, -11), (12, 11), (-12, 11))


def place_clear(fig, marks: list, names: list, nudges: Sequence[tuple[float, float]] = NUDGES) -> None:
    """Move each label (an annotation placed in offset points: a route id, a ticket id) off the
    names and the labels placed before it: the first of `nudges` that clears them, else the first."""
    renderer = fig.canvas.get_renderer()
    frame = 1.6 * fig.dpi / 72  # an id's frame around its text, in pixels

    def box(t):
        return t.get_window_extent(renderer).padded(frame)

    taken = [t.get_window_extent(renderer) for t in names]
    for t in marks:
        for nudge in nudges:
            t.xyann = nudge
            if not any(box(t).overlaps(o) for o in taken):
                break
        else:
            t.xyann = nudges[0]
        taken.append(box(t))


def route_map(m: Map, values: Mapping[int, float], title: str, label: str, *, diverging: bool = False,
              top: int = 10) -> str:
    """Routes coloured by a rate (0..1; a difference -1..1 when diverging): an SVG data URI."""
    from matplotlib.colors import Normalize, TwoSlopeNorm
    fig, ax = _axes(m)
    hi = max((abs(v) for v in values.values()), default=0.0)
    norm: Normalize
    if diverging:
        hi = max(hi, 0.01)
        cmap, norm = pyplot().get_cmap("RdBu_r"), TwoSlopeNorm(0.0, -hi, hi)
    else:
        cmap, norm = pyplot().get_cmap("viridis"), Normalize(0.0, max(hi, 0.01))
    mappable = _draw_routes(ax, m, values, cmap, norm)
    names = _draw_cities(ax, m)
    marks = _mark(ax, m, values, top)
    _kinds_legend(ax, m)
    _colorbar(fig, ax, mappable, label, diverging)
    ax.set_title(title, loc="left", fontsize=11)
    place_clear(fig, marks, names)
    return data_uri(fig, raster=True)


__all__ = ["NUDGES", "place_clear", "route_map"]
