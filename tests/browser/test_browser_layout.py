"""The game screen's layout as players judge it (issue 26): what the prompts leave in sight, the
board's size on a phone, the end screen's table on a phone."""
from __future__ import annotations

import pytest

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
