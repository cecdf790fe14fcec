"""matplotlib, loaded on first use (the `analytics` extra), drawing off screen (Agg); each
figure becomes a data URI that the HTML report embeds (SVG with text as paths, or PNG for the
boards: no fonts, files or network needed to view it)."""
from __future__ import annotations

import base64
import io
from collections.abc import Sequence
from typing import Any

from ..errors import TtrError

INSTALL = "pip install 'ttr[analytics]'"
WIDTH = 10.0  # inches: the report's column
RASTER_DPI = 150


def pyplot() -> Any:
    """matplotlib.pyplot on the Agg backend, or TtrError saying how to install it."""
    try:
        import matplotlib
    except ImportError:
        raise TtrError(f"the report's plots need matplotlib, which is not installed: {INSTALL}") from None
    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt
    plt.rcParams.update({"svg.fonttype": "path", "svg.hashsalt": "ttr", "font.size": 9,
                         "axes.spines.top": False, "axes.spines.right": False, "figure.dpi": 100})
    return plt


def require() -> None:
    """Fail early (before any game is played) when matplotlib is missing."""
    pyplot()


def data_uri(fig: Any, raster: bool = False) -> str:
    """The figure as a data URI (closes the figure): SVG, or PNG for `raster` figures of many
    shapes (the boards), which SVG would make large."""
    plt = pyplot()
    buf = io.BytesIO()
    if raster:
        fig.savefig(buf, format="png", dpi=RASTER_DPI, bbox_inches="tight", metadata={"Software": None})
        buf = _palette_png(buf)
        kind = "png"
    else:
        fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
        kind = "svg+xml"
    plt.close(fig)
    return f"data:image/{kind};base64," + base64.b64encode(buf.getvalue()).decode("ascii")


def _palette_png(buf: io.BytesIO) -> io.BytesIO:
    """The PNG with at most 256 colours (a third of the size; a board has few colours)."""
    from PIL import Image
    buf.seek(0)
    out = io.BytesIO()
    Image.open(buf).convert("RGB").quantize(256, dither=Image.Dither.NONE).save(out, format="PNG", optimize=True)
    return out


def percent_axis(ax: Any, which: str = "y") -> None:
    from matplotlib.ticker import PercentFormatter
    (ax.yaxis if which == "y" else ax.xaxis).set_major_formatter(PercentFormatter(1.0, decimals=0))


# Where an id label may go, in points from its spot, in order of preference.
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


__all__ = ["INSTALL", "NUDGES", "WIDTH", "data_uri", "percent_axis", "place_clear", "pyplot", "require"]
