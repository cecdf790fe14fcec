"""The browser client's other screens: every board rendered (and how fast), a phone-sized
window, the end screen's numbers, the language switch, the replay viewer, the help panel."""
from __future__ import annotations

import gzip
import json
import time
from pathlib import Path

import pytest

from browser_helpers import (
    api,
    click_route,
    create_game,
    game_state,
    keep_tickets,
    play_one_move,
    selectable_routes,
    wait_my_move,
)

STATIC = Path(__file__).resolve().parents[2] / "ttr" / "server" / "static"
MAPS = ["usa", "europe", "nordic", "world", "great-lakes", "legends-west"]


def _finished_bot_game(server: str, map_name: str = "usa", players: int = 2, seed: int = 5) -> str:
    g = create_game(server, map_name, ["planner"] * players, seed=seed)
    deadline = time.monotonic() + 120
    while api(server, f"api/games/{g['id']}")["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.3)
    return g["id"]


@pytest.mark.parametrize("map_name", MAPS)
def test_every_board_is_drawn_fast_on_desktop_and_phone(new_page, server, artifacts, map_name):
    g = create_game(server, map_name, ["planner", "planner"], seed=3)
    time.sleep(1.0)  # a few bot moves: claims on the board
    times = {}
    for label, phone in (("desktop", False), ("phone", True)):
        page = new_page(phone=phone)
        page.goto(f"{server}#/g/{g['id']}")  # no token: a spectator
        page.wait_for_selector("svg.ttr-board[data-ready]")
        page.wait_for_function("() => window.__ttrBoard && window.__ttrBoard.painted")
        info = page.evaluate("window.__ttrBoard")
        times[label] = info
        assert info["ms"] < 1000, info
        assert page.locator("g.ttr-route").count() == len(api(server, f"api/maps/{map_name}")["routes"])
        if phone:  # nothing wider than the screen
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.screenshot(path=str(artifacts / f"{map_name}-{label}.png"))
    (artifacts / "render.json").write_text(json.dumps(times))


@pytest.mark.parametrize("map_name", MAPS)
def test_the_final_scores_fit_a_phone(new_page, server, artifacts, map_name):
    """On a phone the end screen keeps every player's total in sight (Legacy's bank slip too), and
    every column whole: none under another (the sticky total once hid Europe's stations), no
    sideways scrolling, so the numbers seen add up."""
    gid = _finished_bot_game(server, map_name, 2, seed=3)
    page = new_page(phone=True)
    page.goto(f"{server}#/g/{gid}")
    page.wait_for_selector("[data-end-screen]")
    rights = page.eval_on_selector_all(".end-total", "els => els.map(e => e.getBoundingClientRect().right)")
    assert len(rights) == 2 and max(rights) <= 390, rights
    wrap = page.eval_on_selector(".end-table-wrap", "w => [w.scrollWidth, w.clientWidth, w.getBoundingClientRect().right]")
    assert wrap[0] <= wrap[1], wrap
    for row in page.eval_on_selector_all(".end-table tr", "rs => rs.map(r => [...r.children].map(c => {"
                                         " const b = c.getBoundingClientRect(); return [c.textContent, b.left, b.right] }))"):
        for (_, _, r0), (text, l1, r1) in zip(row, row[1:]):
            assert l1 >= r0 - 0.5 and r1 <= wrap[2] + 0.5, (text, row)
    # the middle of every cell in the window shows that cell: nothing lies over it
    covered = page.evaluate("""() => [...document.querySelectorAll('.end-table th, .end-table td')].filter(c => {
        const b = c.getBoundingClientRect(); const e = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
        return b.top >= 0 && b.bottom <= innerHeight && !(e && c.contains(e)); }).map(c => c.textContent)""")
    assert not covered, covered
    page.screenshot(path=str(artifacts / f"{map_name}-end-phone.png"))


def _turns(log: list, seat: int) -> int:
    """Turns a seat played: its entries' turns, not counting the opening ticket choice (a keep not
    after its own ticket draw) nor a choice of pieces."""
    prev: dict = {}
    turns = set()
    for e in log:
        setup = e["kind"] == "pieces" or (e["kind"] == "keep" and prev.get(e["seat"]) != "tickets")
        if e["seat"] == seat and not setup:
            turns.add(e["turn"])
        prev[e["seat"]] = e["kind"]
    return len(turns)


def test_the_end_screen_gives_each_players_game_in_numbers(new_page, server, artifacts):
    gid = _finished_bot_game(server, "usa", 3, seed=4)
    env = api(server, f"api/games/{gid}")
    log = api(server, f"api/games/{gid}/log")["log"]
    lengths = {r["id"]: r["length"] for r in api(server, "api/maps/usa")["routes"]}
    result = env["view"]["result"]
    page = new_page(size=(1366, 768))
    page.goto(f"{server}#/g/{gid}")
    page.wait_for_selector("[data-end-stats]")
    cols = page.eval_on_selector_all(".stats-table thead th[data-seat]", "els => els.map(e => +e.dataset.seat)")
    assert cols == result["ranking"]

    def cell(stat: str, seat: int) -> str:
        return page.locator(f'.stats-table tr[data-stat="{stat}"] td[data-seat="{seat}"]').inner_text()

    for p in result["players"]:
        s = p["seat"]
        mine = [e for e in log if e["seat"] == s]
        draws = [e for e in mine if e["kind"] == "draw"]
        face_up = sum(1 for e in draws if e["target"] != "deck")
        owned = sorted((lengths[int(r)] for r, o in env["view"]["routes"].items() if o == s), reverse=True)
        assert cell("turns", s) == str(_turns(log, s))
        assert cell("cards", s).split()[0] == str(len(draws)) and f"{face_up} face up" in cell("cards", s)
        assert cell("tickets", s).split()[0] == str(sum(e.get("kept", 0) for e in mine if e["kind"] == "keep"))
        assert cell("routes", s).split()[0] == str(len(owned)) and f"{sum(owned)} spaces" in cell("routes", s)
        by = [f"{n}×{owned.count(n)}" if owned.count(n) > 1 else str(n) for n in sorted(set(owned), reverse=True)]
        assert cell("lengths", s) == ", ".join(by)
        assert cell("longest", s) == str(p["longest_path"])
        assert cell("done", s).split()[0] == str(len(p["tickets_completed"]))
        assert cell("failed", s).split()[0] == str(len(p["tickets_failed"]))
        done = cell("done", s).split()[1:] or ["+0"]
        failed = cell("failed", s).split()[1:] or ["−0"]
        assert int(done[0].lstrip("+")) - int(failed[0].lstrip("−")) == p["ticket_points"]
    page.screenshot(path=str(artifacts / "end-stats.png"))
    # on a phone the table fits the width
    phone = new_page(phone=True)
    phone.goto(f"{server}#/g/{gid}")
    phone.wait_for_selector("[data-end-stats]")
    phone.locator("[data-end-stats]").scroll_into_view_if_needed()
    wrap = phone.eval_on_selector(".stats-wrap", "w => [w.scrollWidth, w.clientWidth, w.getBoundingClientRect().right]")
    assert wrap[0] <= wrap[1] and wrap[2] <= 390, wrap
    phone.screenshot(path=str(artifacts / "end-stats-phone.png"))


def test_the_client_is_small(page, server, artifacts):
    """Gzipped: the code (scripts, styles, pages) under 150 kB and the Chinese font subset (already
    compressed; every page shows the language button's 中文 in it, two weights of about 650
    characters) under 210 kB; a browser fetches no more than these to show the lobby and a game."""
    built = {str(f.relative_to(STATIC)): len(gzip.compress(f.read_bytes(), 9))
             for f in sorted(STATIC.rglob("*")) if f.is_file()}
    fetched: dict[str, int] = {}
    page.on("response", lambda r: r.url.startswith(server) and "/api/" not in r.url
            and fetched.__setitem__(r.url[len(server):], len(gzip.compress(r.body(), 9))))
    g = create_game(server, "europe", ["planner", "planner"], seed=3)
    page.goto(server)
    page.wait_for_selector(".new-game")
    page.goto(f"{server}#/g/{g['id']}")
    page.wait_for_selector("svg.ttr-board[data-ready]")
    font = sum(n for name, n in built.items() if name.endswith(".woff2"))
    sizes = {"code_gz": sum(built.values()) - font, "font_gz": font, "fetched_gz": sum(fetched.values()),
             "files": built, "fetched": fetched}
    (artifacts / "bundle.json").write_text(json.dumps(sizes, indent=1))
    assert any(name.endswith(".js") for name in fetched), fetched
    assert sizes["code_gz"] < 150_000 and font < 210_000 and sizes["fetched_gz"] <= sizes["code_gz"] + font, sizes


def test_a_phone_sized_window_is_playable(new_page, server, artifacts):
    page = new_page(phone=True)
    page.goto(server)
    page.screenshot(path=str(artifacts / "lobby.png"), full_page=True)
    page.click('[data-map="europe"]')
    page.select_option('[data-field="players"]', "2")
    page.click('[data-action="start"]')
    page.wait_for_selector(".game")
    wait_my_move(page)
    page.screenshot(path=str(artifacts / "tickets.png"))
    assert "Tap a ticket" in page.locator(".keep-panel").inner_text()  # no hover on a touch screen
    keep_tickets(page)
    claimed = False
    for i in range(20):
        wait_my_move(page)
        st = game_state(page)
        routes = selectable_routes(page) if st["phase"] == "turn" else []
        if routes and not claimed:
            click_route(page, routes[0][0])
            page.locator(".pay-panel").wait_for()
            page.screenshot(path=str(artifacts / "claim-sheet.png"))
            box = page.locator('.prompt [data-action="confirm"]').bounding_box()
            assert box["height"] >= 40 and box["y"] + box["height"] <= 844
            ply = st["ply"]
            page.locator('.prompt [data-action="confirm"]').click()
            page.wait_for_function(f"() => +document.querySelector('.game').dataset.ply !== {ply}")
            claimed = True
            continue
        play_one_move(page)
        if i == 3:
            page.screenshot(path=str(artifacts / "playing.png"))
    assert claimed
    for _ in range(10):  # the start of a turn of ours, the draw area up (not a ticket or tunnel sheet)
        wait_my_move(page)
        if game_state(page)["phase"] == "turn":
            break
        play_one_move(page)
    assert game_state(page)["phase"] == "turn"
    # touch targets: the face-up cards, decks, tabs and zoom buttons are big enough
    # (measured in one go: bots' moves may redraw the display between two calls)
    for sel in (".face-up .card", "[data-deck]", ".tab", ".ttr-board-controls button"):
        sizes = page.eval_on_selector_all(sel, "els => els.map(e => [e.getBoundingClientRect().width, "
                                               "e.getBoundingClientRect().height])")
        assert sizes and all(w >= 40 and h >= 40 for w, h in sizes), (sel, sizes)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for tab in ("tickets", "players", "log"):
        page.click(f'.tab[data-tab="{tab}"]')
        page.screenshot(path=str(artifacts / f"tab-{tab}.png"))
    # the log tab opens on its newest entry, on the screen
    page.wait_for_function("() => { const r = document.querySelector('.log-entry.last').getBoundingClientRect();"
                           " return r.height > 0 && r.bottom <= innerHeight }")
    # your move with the cards out of sight: their tab is marked, until opened
    wait_my_move(page)
    if game_state(page)["phase"] in ("turn", "second-card"):
        assert page.locator('.tab[data-tab="cards"].wants').count() == 1
        page.screenshot(path=str(artifacts / "cards-tab-marked.png"))
        page.click('.tab[data-tab="cards"]')
        assert page.locator(".tab.wants").count() == 0
    # pan and zoom with the buttons
    k0 = page.evaluate("window.ttrBoard.transform().k")
    page.click(".ttr-zoom-in")
    page.wait_for_function(f"() => window.ttrBoard.transform().k > {k0}")
    page.screenshot(path=str(artifacts / "zoomed.png"))


def test_the_language_switch(new_page, server, artifacts):
    page = new_page(lang="en")
    page.goto(server)
    assert "New game" in page.locator(".new-game h2").inner_text()
    page.click('[data-action="lang"]')
    assert page.locator(".new-game h2").inner_text() == "新游戏"
    assert page.evaluate("document.documentElement.lang") == "zh-CN"
    page.screenshot(path=str(artifacts / "lobby-zh.png"))
    page.click('[data-map="europe"]')
    page.select_option('[data-field="players"]', "2")
    page.click('[data-action="start"]')
    page.wait_for_selector(".game")
    wait_my_move(page)
    assert "车票" in page.locator(".keep-panel").inner_text()
    keep_tickets(page)
    wait_my_move(page)
    for _ in range(3):
        play_one_move(page)
        wait_my_move(page)
    log = page.locator(".log").inner_text()
    assert "保留了" in log and "keeps" not in log
    assert "轮到你了" in page.locator(".status-bar").inner_text()
    page.screenshot(path=str(artifacts / "game-zh.png"))
    page.click('[data-action="lang"]')
    assert "keeps" in page.locator(".log").inner_text()
    assert "Your turn" in page.locator(".status-bar").inner_text()
    # the choice is kept
    page.reload()
    page.wait_for_selector(".game")
    assert "Your turn" in page.locator(".status-bar").inner_text()


def test_the_replay_viewer_steps_through_a_finished_game(page, server, artifacts):
    gid = _finished_bot_game(server, "europe", 2, seed=11)
    rec = api(server, f"api/games/{gid}/replay")
    page.goto(server)
    page.wait_for_selector(f'[data-list="over"] [data-game="{gid}"]')
    page.click(f'[data-list="over"] [data-game="{gid}"] [data-action="replay"]')
    page.wait_for_selector('.replay[data-plies]')
    assert int(page.locator(".replay").get_attribute("data-plies")) == len(rec["history"])
    assert page.locator(".ttr-claim").count() == 0
    page.screenshot(path=str(artifacts / "step-0.png"))
    claims_seen = []
    for k in range(1, 30):
        page.click('[data-action="next"]')
        page.wait_for_selector(f'.replay-step[data-step="{k}"]')
        claims_seen.append(page.locator(".ttr-claim").count())
    assert claims_seen[-1] > 0 and claims_seen == sorted(claims_seen)
    step = api(server, f"api/games/{gid}/replay/29")
    assert page.locator(".ttr-claim").count() == len(step["view"]["routes"])
    assert page.locator(".log-entry").count() == 29
    page.check('[data-pref="hands"]')
    assert page.locator(".player-hand").count() == 2
    page.screenshot(path=str(artifacts / "step-29.png"))
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector('.replay-step[data-step="28"]')
    page.click('[data-action="last"]')
    page.wait_for_selector("[data-end-screen]")
    assert page.locator(".ttr-claim").count() == len(api(server, f"api/games/{gid}/replay/{len(rec['history'])}")["view"]["routes"])
    page.screenshot(path=str(artifacts / "end.png"))


def test_a_game_or_replay_that_cannot_be_shown_says_why_in_words(page, server, artifacts):
    """The server's refusals (no such game; a replay before the end) reach the player as the
    client's own words, with the way back to the lobby."""
    unfinished = create_game(server, "usa", ["human", "human"])["id"]
    page.errors.expect("status of 409")  # the browser logs each refused request
    page.errors.expect("status of 404")
    for path, words in ((f"#/replay/{unfinished}", "This game is not over yet"),
                        ("#/replay/no-such-game", "There is no such game."),
                        ("#/g/no-such-game", "There is no such game.")):
        page.goto(server + path)
        box = page.locator('.error-box[role="alert"]')
        box.wait_for()
        assert words in box.inner_text()
        assert page.locator('a.btn[href="#/"]').count() == 1
    page.screenshot(path=str(artifacts / "no-such-game.png"))


def test_the_help_panel_lists_the_shortcuts(page, server, artifacts):
    gid = _finished_bot_game(server, "usa", 2, seed=2)
    page.goto(f"{server}#/g/{gid}")
    page.wait_for_selector(".game")
    page.keyboard.press("?")
    help_ = page.locator("[data-help]")
    help_.wait_for()
    text = help_.inner_text()
    for key in ("1 – 6", "D", "T", "Esc", "Enter"):
        assert key in text
    page.screenshot(path=str(artifacts / "help.png"))
    page.keyboard.press("Escape")
    assert page.locator("[data-help]").count() == 0
