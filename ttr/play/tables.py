"""Tables whose rows stay one line each at any width (an 80-column terminal included):
every column is as wide as its widest cell, and one `flex` column gets the room the
others leave, its cells cut with … where they do not fit."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Console
from rich.table import Table
from rich.text import Text

MIN_FLEX = 8  # the flexible column never gets fewer characters than this


@dataclass(frozen=True)
class Col:
    name: str
    justify: str = "left"
    flex: bool = False        # takes the room left (at most one column)
    most: int | None = None   # never wider than this (cut with …)


def cell_width(markup: str) -> int:
    return Text.from_markup(markup).cell_len


def natural_width(cols: Sequence[Col], rows: Sequence[Sequence[str]]) -> int:
    """The width the table takes with no cell cut."""
    return sum(max([cell_width(c.name)] + [cell_width(r[i]) for r in rows]) for i, c in enumerate(cols)) + len(cols) - 1


def fit_table(console: Console, cols: Sequence[Col], rows: Sequence[Sequence[str]], *, title: str | None = None,
              header_style: str = "dim", width: int | None = None) -> Table:
    """A borderless table of `rows` (rich markup) with one space between columns, that fits
    `width` (default: the console's)."""
    width = width or console.width
    widths = []
    for i, c in enumerate(cols):
        w = max([cell_width(c.name)] + [cell_width(r[i]) for r in rows])
        widths.append(min(w, c.most) if c.most else w)
    flex = next((i for i, c in enumerate(cols) if c.flex), None)
    room = None
    if flex is not None:
        room = max(MIN_FLEX, width - (sum(widths) - widths[flex]) - (len(cols) - 1))
    t = Table(box=None, padding=(0, 1), collapse_padding=True, pad_edge=False, show_edge=False,
              header_style=header_style, title=title, title_justify="left", title_style="bold")
    for i, c in enumerate(cols):
        most = room if i == flex else c.most
        t.add_column(c.name, justify=c.justify, no_wrap=True, overflow="ellipsis",  # type: ignore[arg-type]
                     max_width=most, min_width=min(widths[i], most) if most else widths[i])
    for r in rows:
        t.add_row(*r)
    return t


__all__ = ["Col", "fit_table", "natural_width"]
