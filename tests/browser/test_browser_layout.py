"""The game screen's layout as players judge it (issue 26): what the prompts leave in sight, city
names that would take a route's click, the board's share of a phone and of a laptop screen, the log
in sight, how unclaimable routes fade. (The end screen's table on a phone: test_browser_views.py.)"""
from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from browser_helpers import (
    api,
    click_route,
    create_game,
    join_link,
    keep_tickets,
    play_one_move,
    selectable_routes,
    wait_my_move,
)

LAPTOP = (1366, 768)

# [name, x, y] -> the names whose point is not the board's to the eye: outside the window, or
# under something else than the board (a panel, a prompt)
COVERED_JS = """pts => pts.filter(([n, x, y]) => {
  if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return true;
  const e = document.elementFromPoint(x, y);
  return !e || !e.closest('.board-host');
}).map(p => p[0])"""

CITY_POINTS_JS = """names => names.map(n => {
  const r = document.querySelector(`g.ttr-city[data-city="${CSS.escape(n)}"] .ttr-city-dot`).getBoundingClientRect();
  return [n, r.left + r.width / 2, r.top + r.height / 2];
})"""

ROUTE_POINTS_JS = """rid => [...document.querySelectorAll(`g.ttr-route[data-route="${rid}"] .ttr-car-body`)].map((c, i) => {
  const r = c.getBoundingClientRect();
  return ['car ' + i, r.left + r.width / 2, r.top + r.height / 2];
})"""


def _inside(box: dict, pts: list) -> list[str]:
    return [n for n, x, y in pts if box["x"] <= x <= box["x"] + box["width"] and box["y"] <= y <= box["y"] + box["height"]]


# deals whose first offer to seat 0 holds cities at the board's bottom left, where the prompt used
# to sit: Europe (Pamplona, Paris, Lisboa; Brest, Marseille, Paris), USA (Los Angeles, San Francisco;
# Phoenix, Los Angeles), World (Buenos Aires, Los Angeles, Rio de Janeiro)
@pytest.mark.parametrize("map_name,seed", [("europe", 21), ("europe", 56), ("usa", 21), ("usa", 13), ("world", 7)])
def test_the_prompts_leave_the_offered_cities_and_the_claimed_route_in_sight(new_page, server, artifacts, map_name, seed):
    page = new_page(size=LAPTOP)
    g = create_game(server, map_name, ["human", "planner"], seed=seed)
    tickets = {t["id"]: t["cities"] for t in api(server, f"api/maps/{map_name}")["tickets"]}
    page.goto(join_link(server, g, 0))
    wait_my_move(page)
    panel = page.locator(".keep-panel")
    panel.wait_for()
    offer = page.evaluate("window.__ttrShown.view.you.offer")
    cities = sorted({c for t in offer for c in tickets[t]})
    pts = page.evaluate(CITY_POINTS_JS, cities)
    page.screenshot(path=str(artifacts / "keep.png"))
    hidden = _inside(panel.bounding_box(), pts)
    assert not hidden, (hidden, panel.bounding_box())
    assert not page.evaluate(COVERED_JS, pts)
    # hovering a ticket rings its cities: where they can be seen
    page.locator(".keep-panel [data-ticket]").first.hover()
    assert page.locator(".ttr-highlights *").count() > 0
    keep_tickets(page)

    # the claim prompt: the route's every car in sight (the claimable route nearest the bottom left)
    for _ in range(16):
        st = wait_my_move(page)
        if st["status"] == "over":
            break
        routes = selectable_routes(page) if st["phase"] == "turn" else []
        if routes:
            where = {rid: page.evaluate(ROUTE_POINTS_JS, rid) for rid, _ in routes}
            rid = max(where, key=lambda r: sum(y - x for _, x, y in where[r]) / len(where[r]))
            click_route(page, rid)
            pay = page.locator(".pay-panel")
            pay.wait_for()
            page.screenshot(path=str(artifacts / "claim.png"))
            pts = page.evaluate(ROUTE_POINTS_JS, rid)
            hidden = _inside(pay.bounding_box(), pts)
            assert not hidden, (rid, hidden, pay.bounding_box())
            assert not page.evaluate(COVERED_JS, pts), rid
            return
        play_one_move(page)
    pytest.fail("no route to claim came up")



MAPS = ["usa", "europe", "nordic", "world", "great-lakes", "legends-west"]

# every route space's centre and the points a quarter of its length either side: the ones where
# the topmost element is a city's name (which would take the click meant for the route)
LABEL_OVER_CAR_JS = """() => {
  const out = [];
  for (const car of document.querySelectorAll('.ttr-routes .ttr-route .ttr-car-body')) {
    const rid = car.closest('.ttr-route').dataset.route;
    const r = car.getBoundingClientRect();
    const pts = [[r.left + r.width / 2, r.top + r.height / 2]];
    const w = +car.getAttribute('width');
    if (w) {  // a rectangle (ships are paths: their centre only)
      const x = +car.getAttribute('x'), y = +car.getAttribute('y'), h = +car.getAttribute('height');
      for (const f of [0.25, 0.75]) {
        const p = new DOMPoint(x + w * f, y + h / 2).matrixTransform(car.getScreenCTM());
        pts.push([p.x, p.y]);
      }
    }
    for (const [px, py] of pts) {
      const e = document.elementFromPoint(px, py);
      if (e && e.closest('.ttr-label')) out.push(`route ${rid}: ${e.closest('.ttr-label').textContent}`);
    }
  }
  return out;
}"""


@pytest.mark.parametrize("map_name", MAPS)
def test_no_city_name_takes_the_click_meant_for_a_route(new_page, server, artifacts, map_name):
    """On every board no route space is under a city's name that catches clicks (the name 'Atlanta'
    lay on Atlanta-Nashville: clicking that route's middle did nothing)."""
    g = create_game(server, map_name, ["human", "human"], seed=1)
    page = new_page(size=LAPTOP)
    page.goto(f"{server}#/g/{g['id']}")
    page.wait_for_selector("svg.ttr-board[data-ready]")
    page.wait_for_function("() => window.__ttrBoard && window.__ttrBoard.painted")
    assert page.locator(".ttr-routes .ttr-car-body").count() > 100
    assert page.evaluate(LABEL_OVER_CAR_JS) == []
    page.screenshot(path=str(artifacts / "fit.png"))


PHONE = dict(viewport={"width": 390, "height": 844}, device_scale_factor=3, is_mobile=True, has_touch=True)

# a selectable route's space that a finger can tap: its centre inside the board's box (clear of the
# zoom buttons), and the route's the topmost element there
TAPPABLE_JS = """() => {
  const area = document.querySelector('.board-area').getBoundingClientRect();
  for (const g of document.querySelectorAll('.ttr-routes .ttr-route:not(.ttr-disabled)')) {
    for (const car of g.querySelectorAll('.ttr-car-body')) {
      const r = car.getBoundingClientRect();
      const x = r.left + r.width / 2, y = r.top + r.height / 2;
      if (x < area.left + 20 || x > area.right - 70 || y < area.top + 20 || y > area.bottom - 20) continue;
      const e = document.elementFromPoint(x, y);
      if (e && e.closest('.ttr-route') === g) return [+g.dataset.route, x, y];
    }
  }
  return null;
}"""

SIZES_JS = """() => {
  const b = document.querySelector('.board-area').getBoundingClientRect();
  const names = [...document.querySelectorAll('.ttr-labels .ttr-label')].map(t => t.getBoundingClientRect())
    .filter(r => r.left >= b.left && r.right <= b.right && r.top >= b.top && r.bottom <= b.bottom);
  const fs = [...document.querySelectorAll('.ttr-labels .ttr-label')].map(t => +t.getAttribute('font-size'));
  return {board: b.height / innerHeight, k: window.ttrBoard.transform().k, shown: names.length,
          labelPx: Math.max(...fs) * window.ttrBoard.transform().k};
}"""


def claim_by_tap(page, spot, on_turn=lambda st: None, on_panel=lambda rid: None, confirm: bool = True) -> int:
    """On a phone: blind draws until `spot()` finds (route, x, y) on one of this seat's turns; tap
    there, confirm the claim (`confirm` False: wait for it to go ahead by itself) and check the
    route is this seat's. `on_turn(state)` runs at each turn, `on_panel(route)` with the pay panel
    open. The route claimed."""
    for _ in range(30):
        st = wait_my_move(page)
        if st["phase"] == "turn":
            on_turn(st)
            found = spot()
            if found:
                rid, x, y = found
                page.touchscreen.tap(x, y)
                page.locator(".pay-panel").wait_for()
                on_panel(rid)
                if confirm:
                    page.locator('.prompt [data-action="confirm"]').tap()
                page.wait_for_function(f"() => +document.querySelector('.game').dataset.ply !== {st['ply']}")
                assert page.evaluate(f"window.__ttrShown.view.routes[{rid}]") == 0
                return rid
            page.locator('[data-deck="deck"]').tap()
        elif st["phase"] == "second-card":
            page.locator('[data-deck="deck"]').tap()
        else:
            play_one_move(page)
        page.wait_for_function(f"() => +document.querySelector('.game').dataset.ply !== {st['ply']}")
    pytest.fail("no route came within a tap")


@pytest.mark.parametrize("map_name", ["europe", "usa"])
def test_a_phone_gives_the_board_most_of_the_screen_and_routes_are_claimed_by_tapping(browser, server, artifacts, map_name):
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    page.set_default_timeout(20000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    g = create_game(server, map_name, ["human", "planner"], seed=21)
    try:
        page.goto(join_link(server, g, 0))
        wait_my_move(page)
        # the offered tickets' cities are all on the board's part in sight, none under the prompt
        page.locator(".keep-panel").wait_for()
        tickets = {t["id"]: t["cities"] for t in api(server, f"api/maps/{map_name}")["tickets"]}
        offer = page.evaluate("window.__ttrShown.view.you.offer")
        cities = sorted({c for t in offer for c in tickets[t]})
        try:  # the board's box settles (the drawer grew) and the view follows
            page.wait_for_function(f"names => ({COVERED_JS})(({CITY_POINTS_JS})(names)).length === 0", arg=cities, timeout=3000)
        except PlaywrightTimeout:
            pass  # the assertion below says which
        page.screenshot(path=str(artifacts / "keep.png"))
        assert not page.evaluate(COVERED_JS, page.evaluate(CITY_POINTS_JS, cities)), cities
        keep_tickets(page)

        def sizes_on_my_turn(st):
            sizes = page.evaluate(SIZES_JS)
            page.screenshot(path=str(artifacts / "turn.png"))
            # most of the height is the board's, at a zoom where names are read (8 px and more)
            assert sizes["board"] >= 0.55, sizes
            assert sizes["labelPx"] >= 9.9 and sizes["shown"] >= 8, sizes

        def route_in_sight(rid):
            # the route being paid for stays in sight above the prompt
            assert not page.evaluate(COVERED_JS, page.evaluate(ROUTE_POINTS_JS, rid)), rid
            page.screenshot(path=str(artifacts / "claim.png"))

        claim_by_tap(page, lambda: page.evaluate(TAPPABLE_JS), sizes_on_my_turn, route_in_sight)
        # the open tab closes its panel: the board takes the room
        h0 = page.evaluate(SIZES_JS)["board"]
        page.locator('.tab.on').tap()
        page.wait_for_function(f"() => document.querySelector('.board-area').getBoundingClientRect().height / innerHeight > {h0 + 0.15}")
        page.screenshot(path=str(artifacts / "closed.png"))
        assert not errors, errors
    finally:
        ctx.close()


LOG_JS = """() => {
  const p = document.querySelector('.panel-log').getBoundingClientRect();
  const last = document.querySelector('.log-entry.last');
  const l = last ? last.getBoundingClientRect() : null;
  return {shown: Math.min(p.bottom, innerHeight) - Math.max(p.top, 0),
          last: !!l && l.top >= p.top - 1 && l.bottom <= Math.min(p.bottom, innerHeight) + 1};
}"""


def test_the_log_keeps_its_share_of_a_laptop_screen(new_page, server, artifacts):
    """World with four players at 1366x768: players, six face-up cards, three decks and the tickets
    once pushed the log below the window's bottom (a line and a half in sight)."""
    page = new_page(size=LAPTOP)
    g = create_game(server, "world", ["human", "planner", "planner", "planner"], seed=7)
    page.goto(join_link(server, g, 0))
    wait_my_move(page)
    page.locator(".keep-panel").wait_for()
    page.screenshot(path=str(artifacts / "keep.png"))
    assert page.evaluate(LOG_JS)["shown"] >= 150  # even under the tall ticket prompt
    keep_tickets(page, 5)
    st = wait_my_move(page)
    while st["phase"] != "turn":
        play_one_move(page)
        st = wait_my_move(page)
    page.wait_for_function("() => document.querySelectorAll('.log-entry').length >= 4")
    page.screenshot(path=str(artifacts / "turn.png"))
    log = page.evaluate(LOG_JS)
    assert log["shown"] >= 150 and log["last"], log


@pytest.mark.parametrize("map_name", ["nordic", "legends-west"])
def test_a_portrait_board_gets_the_height_of_a_laptop_screen(new_page, server, artifacts, map_name):
    """Nordic was drawn 555 px tall in a 1366x768 window (names 6 px): the hand and the status now
    sit beside a portrait board, which gets the height under the top bar."""
    page = new_page(size=LAPTOP)
    g = create_game(server, map_name, ["human", "planner"], seed=21)
    page.goto(join_link(server, g, 0))
    wait_my_move(page)
    page.screenshot(path=str(artifacts / "board.png"))
    drawn = page.evaluate("() => document.querySelector('.ttr-bg').getBoundingClientRect().height / (innerHeight - 48)")
    assert drawn >= 0.95, drawn
    assert page.evaluate(SIZES_JS)["labelPx"] >= 7.5
    # a wide screen: the same, and the hand's column does not take all the blank beside the board
    wide = new_page(size=(1920, 1080))
    wide.goto(f"{server}#/g/{g['id']}")
    wide.wait_for_selector("svg.ttr-board[data-ready]")
    look = wide.evaluate("""() => ({drawn: document.querySelector('.ttr-bg').getBoundingClientRect().height / (innerHeight - 48),
                                   me: document.querySelector('.me-area').getBoundingClientRect().width})""")
    assert look["drawn"] >= 0.95 and look["me"] <= 441, look


def test_unclaimable_routes_fade_mildly_and_claimable_ones_are_outlined(new_page, server, artifacts):
    """On one's turn the routes one cannot claim fade to 65% (were 42%: too faint to plan with);
    the claimable ones keep their colour and get a heavy outline."""
    page = new_page(size=LAPTOP)
    g = create_game(server, "usa", ["human", "planner"], seed=21)
    page.goto(join_link(server, g, 0))
    wait_my_move(page)
    keep_tickets(page)
    st = wait_my_move(page)
    assert st["phase"] == "turn"
    look = page.evaluate("""() => {
      const off = document.querySelector('.ttr-routes .ttr-route.ttr-disabled');
      const on = document.querySelector('.ttr-routes .ttr-route:not(.ttr-disabled)');
      const stroke = g => parseFloat(getComputedStyle(g.querySelector('.ttr-car-body')).strokeWidth);
      return {fade: +getComputedStyle(off).opacity, on: +getComputedStyle(on).opacity, onStroke: stroke(on), offStroke: stroke(off)};
    }""")
    page.screenshot(path=str(artifacts / "turn.png"))
    assert 0.6 <= look["fade"] <= 0.7 and look["on"] == 1, look
    assert look["onStroke"] >= 2 * look["offStroke"], look


def test_a_tall_prompt_in_a_short_window_can_be_scrolled_to_its_buttons(new_page, server, artifacts):
    """1366x560: World's five offered tickets are taller than the side panel above the log; the
    Keep button is reached by scrolling, not cut off under the log."""
    page = new_page(size=(1366, 560))
    g = create_game(server, "world", ["human", "planner", "planner", "planner"], seed=7)
    page.goto(join_link(server, g, 0))
    wait_my_move(page)
    keep = page.locator('.keep-panel [data-action="keep"]')
    keep.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "keep.png"))
    box = keep.bounding_box()
    hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.closest('[data-action]')?.dataset.action ?? null",
                        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
    assert hit == "keep", (hit, box)


BESIDE_JS = """gap => {
  // a point `gap` px off the long side of a clickable car, on the bare board (no route or city
  // under it) and nearer to that car than to any other clickable car
  const area = document.querySelector('.board-area').getBoundingClientRect();
  const cars = [...document.querySelectorAll('.ttr-routes .ttr-route:not(.ttr-disabled) .ttr-car-body')];
  const centres = cars.map(c => { const r = c.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; });
  for (const car of cars) {
    const b = car.getBBox(), m = car.getScreenCTM();
    const k = Math.hypot(m.a, m.b);
    const lx = b.x + b.width / 2, ly = b.y + b.height + gap / k;
    const x = m.a * lx + m.c * ly + m.e, y = m.b * lx + m.d * ly + m.f;
    if (x < area.left + 30 || x > area.right - 80 || y < area.top + 30 || y > area.bottom - 30) continue;
    const under = document.elementFromPoint(x, y);
    if (!under || under.closest('.ttr-route, .ttr-city, .ttr-label, button')) continue;
    const own = car.getBoundingClientRect();
    const mine = Math.hypot(own.left + own.width / 2 - x, own.top + own.height / 2 - y);
    if (centres.some(([cx, cy], i) => cars[i].closest('.ttr-route') !== car.closest('.ttr-route')
        && Math.hypot(cx - x, cy - y) < mine + 12)) continue;
    return [+car.closest('.ttr-route').dataset.route, x, y];
  }
  return null;
}"""


def test_on_a_phone_the_claim_countdown_claims_unless_stopped(browser, server, artifacts):
    """The 'countdown' confirm setting: on a touch screen the pay panel counts down on its button
    and claims by itself at 0."""
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    page.set_default_timeout(20000)
    g = create_game(server, "usa", ["human", "planner"], seed=21)
    try:
        page.goto(server)
        page.evaluate("() => localStorage.setItem('ttr.prefs', JSON.stringify({confirm: 'countdown'}))")
        page.goto(join_link(server, g, 0))
        page.reload()  # the preferences are read as the page loads
        keep_tickets(page)
        seen = []

        def counting(rid):
            button = page.locator('.prompt [data-action="confirm"]')
            seen.append(button.get_attribute("data-countdown"))
            page.screenshot(path=str(artifacts / "countdown.png"))

        claim_by_tap(page, lambda: page.evaluate(TAPPABLE_JS), on_panel=counting, confirm=False)
        assert seen and seen[0] in ("3", "2"), seen
    finally:
        ctx.close()


def test_on_a_phone_a_tap_beside_a_route_claims_it(browser, server, artifacts):
    """Cars are about 7 x 21 px on a phone: a tap that misses by a few px still reaches the route."""
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    page.set_default_timeout(20000)
    g = create_game(server, "europe", ["human", "planner"], seed=21)
    try:
        page.goto(join_link(server, g, 0))
        claim_by_tap(page, lambda: page.evaluate(BESIDE_JS, 9),
                     on_panel=lambda rid: page.screenshot(path=str(artifacts / "tap-beside.png")))
    finally:
        ctx.close()
