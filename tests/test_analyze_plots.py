"""The report's plots read clearly: the seat chart's labels do not overlap at 5 players, the ticket
chart uses no red-green scale and its ids do not overlap, and every colour is Okabe-Ito's, grey or
from cividis/viridis (told apart with any colour vision)."""
from __future__ import annotations

import pytest
from matplotlib.colors import to_hex

from ttr.analytics import charts
from ttr.analytics.analysis import analyse
from ttr.analytics.board import shipped
from ttr.analytics.records import RunInfo
from ttr.analytics.run import run

SAFE = {c.lower() for c in charts.OKABE_ITO} | {charts.FAIR, "#bbbbbb", "#222222", "#333333", "#000000", "#ffffff"}  # and greys


@pytest.fixture(scope="module")
def usa():
    board = shipped("usa")
    r = run(board, [2, 3, 4, 5], ["planner", "random"], 8, 3, workers=1)
    info = RunInfo("usa", "USA", "usa", [2, 3, 4, 5], ["planner", "random"], 8, 3)
    return analyse(r.rows, info, board.load())


@pytest.fixture
def figures(monkeypatch):
    """The figures the charts draw, kept open instead of encoded."""
    kept = []
    monkeypatch.setattr(charts, "data_uri", lambda fig, raster=False: kept.append(fig) or "data:")
    yield kept
    charts.pyplot().close("all")


def overlaps(texts, renderer) -> list[tuple[str, str]]:
    shown = [t for t in texts if t.get_text() and t.get_visible()]
    boxes = [t.get_window_extent(renderer) for t in shown]
    return [(shown[i].get_text(), shown[j].get_text()) for i in range(len(boxes)) for j in range(i + 1, len(boxes))
            if boxes[i].overlaps(boxes[j])]


def test_seat_labels_do_not_overlap_at_five_players(usa, figures):
    charts.seat_chart(usa.seats)
    fig = figures[0]
    r = fig.canvas.get_renderer()
    for ax in fig.axes:
        assert not overlaps(ax.get_xticklabels(), r)
    assert len(fig.axes) == 4 and len(fig.axes[-1].get_xticklabels()) == 5


def test_the_ticket_chart_is_colour_blind_safe_and_its_ids_apart(usa, figures):
    charts.ticket_chart(usa.tickets)
    fig = figures[0]
    r = fig.canvas.get_renderer()
    for ax in fig.axes[:2]:
        for coll in ax.collections:
            cmap = coll.get_cmap().name if coll.get_array() is not None else None
            assert cmap in (None, "cividis"), cmap
            if cmap is None and len(coll.get_facecolors()):
                assert {to_hex(c) for c in coll.get_facecolors()} <= SAFE
        ids = [t for t in ax.texts]
        assert not overlaps(ids, r)


def test_the_arc_draws_each_player_count_apart(usa, figures):
    charts.arc_chart(usa.arc, "points", {n: c.arc for n, c in usa.by_count.items()})
    labels = [line.get_label() for line in figures[0].axes[0].lines]
    assert labels == [f"{n} players: {who}" for n in (2, 3, 4, 5) for who in ("winners", "the others")]
    charts.arc_chart(usa.by_count[3].arc, "points", {3: usa.by_count[3].arc})  # one count: one pair
    assert [line.get_label() for line in figures[1].axes[0].lines] == ["winners", "the others"]


def test_every_other_chart_uses_the_safe_palette(usa, figures):
    charts.length_chart(usa.arc)
    charts.sources_chart([("all players", usa.sources.all)], usa.sources.columns, "points")
    charts.arc_chart(usa.arc, "points")
    charts.arc_chart(usa.arc, "points", {n: c.arc for n, c in usa.by_count.items()})
    for fig in figures:
        for ax in fig.axes:
            for p in ax.patches:
                if p.get_fill():
                    assert to_hex(p.get_facecolor()) in SAFE, to_hex(p.get_facecolor())
            for line in ax.lines:
                assert to_hex(line.get_color()) in SAFE, to_hex(line.get_color())
