"""The `ttr analyze` report in Chromium: it prints whole (no table cut at its scroll box), its live
board answers hover, the rate buttons and zoom, and its "replay this game" links open the replay
viewer of `ttr replay` for a shipped board and for a designer's own map file."""
from __future__ import annotations

import json
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from conftest import _client, _free_port
from ttr.maps import DATA

TTR = str(Path(sys.executable).with_name("ttr"))


def analyze(out: Path, *args: str) -> Path:
    subprocess.run([TTR, "analyze", "--players", "3", "--games", "24", "--seed", "5", "--workers", "1",
                    "--out", str(out), *args], check=True, capture_output=True, timeout=600)
    return out


@pytest.fixture(scope="module")
def europe(tmp_path_factory) -> Path:
    return analyze(tmp_path_factory.mktemp("report") / "europe", "--map", "europe", "--bots", "planner,greedy")


@pytest.fixture(scope="module")
def own_board(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("own")
    raw = json.loads((DATA / "europe.json").read_text())
    raw["title"] = "My Europe"
    raw["routes"] = [r for r in raw["routes"] if r["id"] != 2]  # no Berlin-Frankfurt
    raw["double_routes"] = [g for g in raw.get("double_routes", []) if 2 not in g]
    (d / "my-europe.json").write_text(json.dumps(raw))
    return analyze(d / "report", "--map-file", str(d / "my-europe.json"))


def test_the_report_prints_whole(page, europe, artifacts):
    page.goto((europe / "report.html").as_uri())
    clipped = page.evaluate("""() => [...document.querySelectorAll('.scroll')]
        .filter(s => s.scrollHeight > s.clientHeight + 1).length""")
    assert clipped >= 1  # on screen, long tables scroll in their box
    page.emulate_media(media="print")
    hidden = page.evaluate("""() => {
        const out = [];
        document.querySelectorAll('table').forEach(t => {
            const box = (t.closest('.scroll') || t).getBoundingClientRect();
            [...t.rows].forEach((r, i) => {
                const b = r.getBoundingClientRect();
                if (b.height === 0 || b.top < box.top - 1 || b.bottom > box.bottom + 1) out.push(t.rows[0].innerText + ' row ' + i);
            });
        });
        return out;}""")
    assert hidden == []
    assert page.evaluate("() => [...document.querySelectorAll('.scroll')].every(s => s.scrollHeight <= s.clientHeight + 1)")
    assert page.locator(".bctl").first.is_hidden()
    pdf = page.pdf(format="A4", print_background=True)
    (artifacts / "report.pdf").write_bytes(pdf)
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    rows = page.evaluate("() => document.querySelectorAll('tr').length")
    assert pages >= 8 and rows > 300, (pages, rows)


def test_the_live_board_hovers_colours_and_zooms(page, europe, artifacts):
    page.goto((europe / "report.html").as_uri())
    board = page.locator("figure.board").first
    board.scroll_into_view_if_needed()
    route = board.locator(".rt").nth(5)
    route.locator("rect").first.hover()
    tip = board.locator(".tip")
    assert tip.is_visible() and re.match(r"route \d+: \S+–\S+", tip.inner_text())
    assert "claimed" in tip.inner_text() and "claimer wins" in tip.inner_text()
    page.screenshot(path=str(artifacts / "hover.png"))
    board.locator("button[data-m='1']").click()
    assert route.get_attribute("fill") == route.get_attribute("data-c1")
    svg = board.locator("svg.bsvg")
    home = svg.get_attribute("viewBox")
    board.locator("button[data-z='1.5']").click()
    assert float(svg.get_attribute("viewBox").split()[2]) < float(home.split()[2])
    board.locator("button[data-z='0']").click()
    assert svg.get_attribute("viewBox") == home
    box = svg.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.wheel(0, -200)  # the plain wheel scrolls the page past a whole board
    assert svg.get_attribute("viewBox") == home
    page.keyboard.down("Control")
    page.mouse.wheel(0, -200)
    page.keyboard.up("Control")
    page.wait_for_function("(h) => document.querySelector('svg.bsvg').getAttribute('viewBox') !== h", arg=home)
    cities = page.locator("figure.board").nth(1)
    cities.scroll_into_view_if_needed()
    cities.locator(".ct").nth(3).hover()
    assert "in the winner's network" in cities.locator(".tip").inner_text()


def serve_replays(folder: Path):
    port = _free_port()
    proc = subprocess.Popen([TTR, "replay", str(folder), "--port", str(port)], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=1).read()
            return proc, port
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                pytest.fail(f"ttr replay did not start: {proc.stdout.read() if proc.stdout else ''}")
            time.sleep(0.3)


@pytest.mark.parametrize("which", ["europe", "own_board"])
def test_a_report_link_opens_the_game_in_the_replay_viewer(page, which, request, artifacts):
    _client()
    folder = request.getfixturevalue(which)
    html = (folder / "report.html").read_text()
    links = re.findall(r'href="http://127\.0\.0\.1:8765/(#/replay/r[0-9a-f]+)"', html)
    assert len(links) >= 2 and "ttr replay " in html
    proc, port = serve_replays(folder)
    try:
        for link in links:
            page.goto(f"http://127.0.0.1:{port}/{link}")
            root = page.locator(".game.replay")
            root.wait_for()
            assert int(root.get_attribute("data-plies")) > 50
            assert ("My Europe" if which == "own_board" else "Europe") in page.locator("header").first.inner_text()
            page.keyboard.press("End")
            page.wait_for_function("() => document.querySelector('.game.replay').dataset.ply === "
                                   "document.querySelector('.game.replay').dataset.plies")
        page.screenshot(path=str(artifacts / f"replay-{which}.png"))
    finally:
        proc.terminate()
        proc.wait(10)
