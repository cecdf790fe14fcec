"""`ttr analyze`: every number of the report is recomputed from the raw records by independent
code (tests/analyze_helpers.py); the whole report renders as one self-contained page; every board
and a designer's own map file work; two runs compare."""
from __future__ import annotations

import base64
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import ttr
from analyze_helpers import Page, compare_numbers, expected_compare, expected_report, read_rows
from ttr.analytics.board import from_file, shipped
from ttr.analytics.compare import write_compare
from ttr.analytics.output import write_report
from ttr.analytics.records import RunInfo, read
from ttr.analytics.run import run
from ttr.cli import main
from ttr.errors import MapError, TtrError
from ttr.maps import DATA

SECTIONS = ["routes", "claims", "cities", "tickets", "fate", "seats", "arc", "sources", "scores", "bots", "failures",
            "near"]


def analyse_to(out: Path, board, players, bots, games, seed, workers=1) -> Path:
    r = run(board, players, bots, games, seed, workers=workers)
    m = board.load()
    info = RunInfo(board.name, m.title, board.edition, list(players), list(bots), games, seed, r.backend, r.workers,
                   ttr.__version__, board.path, board.raw(), len({x["game"] for x in r.rows}), r.stopped,
                   round(max(r.seconds, 0.001), 3), "2025-01-01 00:00:00", "ttr analyze (test)")
    return write_report(r.rows, info, m, out)


@pytest.fixture(scope="module")
def europe_run(tmp_path_factory) -> Path:
    """Europe, 2 and 3 players, planner against random: random bots pass, fail tickets and lose."""
    out = tmp_path_factory.mktemp("europe")
    analyse_to(out, shipped("europe"), [2, 3], ["planner", "random"], 6, 11)
    return out


def load(out: Path):
    rows = read_rows(out / "records.csv")
    info = json.loads((out / "records.json").read_text())
    page = Page((out / "report.html").read_text())
    return rows, info, page


def test_every_number_in_the_report_is_recomputed_from_the_records(europe_run):
    rows, info, page = load(europe_run)
    expected, flags = expected_report(rows, info, ttr.load_map("europe"))
    compare_numbers(page, expected)
    table: dict[str, str] = {}
    for r in page.rows:
        if r and r[0].isdigit() and len(r) == 11:
            table.setdefault(r[0], r[-1])  # the ticket table (the first with 11 columns)
    for tid, f in flags.items():
        assert table[str(tid)] == ", ".join(f), (tid, table[str(tid)], f)


def test_the_whole_report_renders_self_contained(europe_run):
    text = (europe_run / "report.html").read_text()
    page = Page(text)
    assert page.sections == SECTIONS
    first = text[:text.index("<nav>")]
    for what in ("europe", "players", "bots", "games", "seed", ttr.__version__):
        assert what in first
    assert len(page.images) == 7 and all(src.startswith("data:image/") for src in page.images)
    europe = ttr.load_map("europe")  # the live boards: routes, then cities
    assert text.count('<figure class="board"') == 2 and text.count('class="rt') == len(europe.routes)
    assert text.count('<circle class="ct"') == len(europe.cities)
    assert all(link.startswith("#") for link in page.links)
    outside = re.findall(r"""(?:src|href)\s*=\s*["']?(?!data:|#)([^"' >]+)""", text)
    assert not outside and "url(" not in text and "@import" not in text
    for src in page.images:
        body = base64.b64decode(src.split(",", 1)[1])
        if src.startswith("data:image/svg"):
            refs = re.findall(rb"""href=["']([^"']*)["']""", body)
            assert all(r.startswith(b"#") or r.startswith(b"data:") for r in refs)
        else:
            assert body[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_records_read_back_as_they_were_written(europe_run):
    rows, info = read(europe_run / "records.csv")
    assert info.map == "europe" and info.players == [2, 3] and info.bots == ["planner", "random"]
    assert len({r["game"] for r in rows}) == 12
    for r in rows:
        parts = sum(r[c] for c in ("pts_routes", "pts_tickets", "pts_bonuses", "pts_stations", "pts_harbors",
                                   "pts_exchanges", "pts_money", "pts_trains_left", "pts_floor"))
        assert parts == r["total"]
        assert set(r["tickets_done"]) <= set(r["tickets_kept"])
        assert len(r["arc"]) >= 2 and r["arc"][0] == 0


def test_games_do_not_depend_on_the_number_of_workers():
    board = shipped("usa")
    one = run(board, [2], ["planner", "greedy"], 4, 3, workers=1).rows
    two = run(board, [2], ["planner", "greedy"], 4, 3, workers=2).rows
    assert one == two
    assert [r["bot"] for r in one[:4]] == ["planner", "greedy", "greedy", "planner"]  # seats rotate


@pytest.mark.parametrize("name,players", [("usa", 2), ("nordic", 3), ("world", 2), ("great-lakes", 2),
                                          ("legends-west", 3)])
def test_every_board_reports(tmp_path, name, players):
    page_path = analyse_to(tmp_path, shipped(name), [players], ["planner"], 2, 1)
    rows, info, page = load(tmp_path)
    expected, _ = expected_report(rows, info, ttr.load_map(name))
    compare_numbers(page, expected)
    assert all(0 <= t < r["turns"] for r in rows for t in r["route_turns"])  # every claim's turn was seen
    assert page.sections == [s for s in SECTIONS if s != "bots"]
    if name == "legends-west":
        assert "dollars" in page_path.read_text()


def edited_europe(tmp_path: Path, **change) -> Path:
    raw = json.loads((DATA / "europe.json").read_text())
    raw.update(change)
    for r in raw["routes"]:
        if r["id"] == 2:  # Berlin-Frankfurt: 3 spaces become 4 (a map designer's edit)
            r["length"], r["spaces"] = 4, r["spaces"] + [r["spaces"][-1]]
    path = tmp_path / "my-europe.json"
    path.write_text(json.dumps(raw))
    return path


def test_a_designers_map_file_plays_its_edition_and_compares(tmp_path, europe_run):
    path = edited_europe(tmp_path)
    board = from_file(str(path))
    assert board.edition == "europe" and board.path
    analyse_to(tmp_path / "b", board, [2, 3], ["planner", "random"], 6, 11)
    rows, info, page = load(tmp_path / "b")
    assert info["map_data"]["routes"][1]["length"] == 4
    m = ttr.maps.load_map_file(path)
    expected, _ = expected_report(rows, info, m)
    compare_numbers(page, expected)
    cmp, warnings = write_compare(europe_run / "records.csv", tmp_path / "b", tmp_path / "cmp")
    assert warnings == []
    page = Page(cmp.read_text())
    assert page.sections == ["routes", "tickets", "seats", "games"]
    rows_a, info_a, _ = load(europe_run)
    exp_a, _ = expected_report(rows_a, info_a, ttr.load_map("europe"))
    compare_numbers(page, expected_compare(exp_a, expected, info_a, info, rows_a, rows, ttr.load_map("europe"), m))


def test_map_file_errors_are_clear(tmp_path):
    renamed = edited_europe(tmp_path, name="my-board")
    with pytest.raises(TtrError, match="no edition's name.*--edition"):
        from_file(str(renamed))
    assert from_file(str(renamed), "europe").edition == "europe"
    broken = tmp_path / "broken.json"
    raw = json.loads((DATA / "usa.json").read_text())
    raw["routes"][0]["cities"] = ["Atlanta", "Nowhere"]
    broken.write_text(json.dumps(raw))
    with pytest.raises(MapError, match=r"broken.json: routes\[0\] \(id 1\): unknown city 'Nowhere'"):
        from_file(str(broken))
    board = from_file(str(edited_europe(tmp_path)), "usa")  # a length-4 route is fine, but 8 is not USA's
    with pytest.raises(TtrError, match="length 8, which .* does not score"):
        run(board, [2], ["planner"], 1, 1)


def cli(*args: str):
    return CliRunner().invoke(main, ["analyze", *args], catch_exceptions=False)


def test_the_command_writes_the_report_and_says_what_it_did(tmp_path):
    res = cli("--map", "usa", "--players", "2", "--games", "2", "--out", str(tmp_path / "r"), "--workers", "1")
    assert res.exit_code == 0, res.output
    assert "2 games in" in res.output and (tmp_path / "r" / "report.html").is_file()
    res = cli("--compare", str(tmp_path / "r" / "records.csv"), str(tmp_path / "r"), "--out", str(tmp_path / "c"))
    assert res.exit_code == 0 and (tmp_path / "c" / "compare.html").is_file()


@pytest.mark.parametrize("args,message", [
    (["--address", "127.0.0.1:6379"], "--address is for --backend ray"),
    (["--players", "7"], "is for 2-5 players, not 7"),
    (["--players", "two"], "give a count (4), a list (2,3,4) or a range (2-5)"),
    (["--map", "usa", "--map-file", "x.json"], "not both"),
    (["--edition", "usa"], "--edition goes with --map-file"),
    (["--map-file", "nowhere.json"], "no such map file"),
    (["--bots", "planner,greedy,random", "--players", "2"], "3 bots for 2 seats"),
])
def test_the_command_refuses_clearly(tmp_path, args, message):
    res = cli(*args, "--games", "1", "--out", str(tmp_path / "r"))
    assert res.exit_code in (1, 2) and message in res.output, res.output


def test_ctrl_c_keeps_the_games_finished_and_the_report_says_so(tmp_path):
    def progress(done, total):
        if done == 2:
            raise KeyboardInterrupt

    r = run(shipped("usa"), [2], ["planner"], 5, 1, workers=1, progress=progress)
    assert r.stopped and len({x["game"] for x in r.rows}) == 2
    m = ttr.load_map("usa")
    info = RunInfo("usa", m.title, "usa", [2], ["planner"], 5, 1, games_played=2, stopped=True, seconds=1.0)
    page = write_report(r.rows, info, m, tmp_path)
    assert "Stopped early (Ctrl-C): these are the 2 games finished." in page.read_text()


def test_a_run_on_a_ray_cluster_reports_its_backend_and_reads_back(tmp_path, europe_run):
    """With --address the cluster's size is not known: the facts say so, and the records read back."""
    rows, info = read(europe_run / "records.csv")
    assert info is not None
    info.backend, info.workers = "ray", None
    write_report(rows, info, ttr.load_map("europe"), tmp_path)
    rows2, info2, page = load(tmp_path)
    assert info2["workers"] is None and info2["backend"] == "ray"
    assert "all the CPUs of a ray cluster" in (tmp_path / "report.html").read_text()
    expected, _ = expected_report(rows2, info2, ttr.load_map("europe"))
    assert "run.workers" not in expected
    compare_numbers(page, expected)


def test_ids_are_moved_off_names_and_each_other():
    """Id labels (a chart's ticket ids): one that would sit on a name, or on another id, is nudged clear."""
    from ttr.analytics.figures import place_clear, pyplot
    fig, ax = pyplot().subplots()
    name = ax.annotate("Boden", (0.5, 0.5), xytext=(3, 3), textcoords="offset points", fontsize=6.5)
    ids = [ax.annotate(t, (0.52, 0.51), xytext=(0, 0), textcoords="offset points", fontsize=6.5, ha="center",
                       va="center") for t in ("14", "15")]
    place_clear(fig, ids, [name])
    r = fig.canvas.get_renderer()
    boxes = [t.get_window_extent(r) for t in (name, *ids)]
    assert ids[0].xyann != (0, 0) and ids[1].xyann not in ((0, 0), ids[0].xyann)
    assert not any(a.overlaps(b) for i, a in enumerate(boxes) for b in boxes[i + 1:])
    pyplot().close(fig)
