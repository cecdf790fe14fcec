"""The end of the game revealed as at the table: the scores on the track, each player's tickets one
by one, the bonuses, the winner; then the final table. Skip and Escape go there at once; the reveal
plays once per game in a browser, only for a seat, and not at all without animations."""
from __future__ import annotations

import json
import time

from browser_helpers import api, create_game, join_link
from browser_scenarios import first_keep, pieces_middle
from ttr.engine.legal import expand

# every step the page shows: polled more often than the shortest step lasts (220 ms)
RECORD = """(() => { window.__rv = []; setInterval(() => {
  const r = document.querySelector('[data-end-reveal]'); if (!r) return;
  const step = +r.dataset.step, last = window.__rv[window.__rv.length - 1];
  if (last && last.step === step) return;
  const totals = {}; r.querySelectorAll('.rv-row').forEach(e => totals[e.dataset.seat] = +e.dataset.total);
  const order = [...r.querySelectorAll('.rv-row')].sort((a, b) => a.dataset.pos - b.dataset.pos).map(e => +e.dataset.seat);
  window.__rv.push({step, steps: +r.dataset.steps, kind: r.dataset.kind, totals, order,
                    caption: r.querySelector('.rv-caption').textContent});
}, 40); })()"""


def _finished_as_seat_0(server: str, map_name: str, bots: list[str], seed: int) -> tuple[dict, dict]:
    """A game whose seat 0 is a human played over the API (the first claim it can make, else a
    blind card): over before the page opens. The created game and its final result."""
    g = create_game(server, map_name, ["human", *bots], seed=seed)
    token = g["seats"][0]["token"]
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        env = api(server, f"api/games/{g['id']}", token=token)
        v = env["view"]
        if env["status"] == "over":
            return g, v["result"]
        if v["current_player"] != 0 or not v["legal"]:
            time.sleep(0.02)
            continue
        if v["phase"] in ("initial-tickets", "keep-tickets"):
            move = first_keep(v)
        elif v["phase"] == "choose-pieces":
            move = pieces_middle(v)
        else:
            texts = list(expand(v["legal"]))
            claims = [t for t in texts if t.startswith("claim ")]
            move = claims[0] if claims else next((t for t in texts if t.startswith("draw deck")), texts[0])
        api(server, f"api/games/{g['id']}/actions", {"token": token, "action": move, "turn": env["turn"]})
    raise AssertionError("the game did not end")


def _final_table(page) -> list[tuple[int, int]]:
    return [tuple(x) for x in page.eval_on_selector_all(".end-table tbody tr", "rs => rs.map(r => [+r.dataset.seat, +r.querySelector('.end-total').dataset.total])")]


def _ticket_points(server: str, map_name: str) -> dict[int, dict]:
    return {t["id"]: t for t in api(server, f"api/maps/{map_name}")["tickets"]}


def test_the_end_is_revealed_ticket_by_ticket_then_the_final_table(new_page, server, artifacts):
    g, result = _finished_as_seat_0(server, "europe", ["planner", "planner"], seed=21)
    players = result["players"]
    tickets = _ticket_points(server, "europe")
    page = new_page()
    page.add_init_script(RECORD)
    page.goto(join_link(server, g, 0))
    page.locator("[data-end-reveal]").wait_for()
    assert page.evaluate("document.activeElement.dataset.action") == "skip"  # keyboard players can skip at once
    page.wait_for_selector('[data-end-reveal][data-kind="ticket"]')
    page.screenshot(path=str(artifacts / "reveal-ticket.png"))
    # the players' list keeps the final totals hidden meanwhile
    assert page.locator(".player-score").first.evaluate("e => getComputedStyle(e).visibility") == "hidden"
    page.wait_for_selector(".end-reveal.rv-last")
    page.screenshot(path=str(artifacts / "reveal-winner.png"))
    page.locator("[data-end-screen]").wait_for(timeout=15000)
    page.screenshot(path=str(artifacts / "final-table.png"))
    seen = page.evaluate("window.__rv")
    (artifacts / "steps.json").write_text(json.dumps(seen, indent=1))

    # every step shown, in order, within about 12 s
    n = seen[0]["steps"]
    assert [s["step"] for s in seen] == list(range(n)), seen
    kinds = [s["kind"] for s in seen]
    assert kinds[0] == "track" and kinds[-1] == "final"
    assert seen[0]["totals"] == {str(p["seat"]): p["route_points"] for p in players}
    # each player's tickets one by one: done adds its points, failed takes them off
    shown = [(s, prev) for prev, s in zip(seen, seen[1:]) if s["kind"] == "ticket"]
    assert len(shown) == sum(len(p["tickets_completed"]) + len(p["tickets_failed"]) for p in players)
    failed = 0
    for s, prev in shown:
        moved = {k: s["totals"][k] - prev["totals"][k] for k in s["totals"] if s["totals"][k] != prev["totals"][k]}
        assert len(moved) == 1, (s, prev)
        (seat, d), = moved.items()
        p = players[int(seat)]
        assert abs(d) in {tickets[i]["points"] for i in p["tickets_completed"] + p["tickets_failed"]}
        failed += d < 0
    assert failed == sum(len(p["tickets_failed"]) for p in players) > 0  # the API player fails some
    # the running totals end at the result's, ranked as the result ranks them, with the winner named
    assert seen[-1]["totals"] == {str(p["seat"]): p["total"] for p in players}
    assert seen[-1]["order"] == result["ranking"]
    assert "wins" in seen[-1]["caption"] or "share the win" in seen[-1]["caption"]
    # the final table is the result's
    assert _final_table(page) == [(s, players[s]["total"]) for s in result["ranking"]]
    assert page.locator(".player-score").first.evaluate("e => getComputedStyle(e).visibility") == "visible"
    # once per game in this browser: a reload shows the table at once
    page.reload()
    page.locator("[data-end-screen]").wait_for()
    assert page.locator("[data-end-reveal]").count() == 0
    assert page.evaluate("window.__rv.length") == 0


def test_the_reveal_can_be_skipped_fits_a_phone_and_stays_away_without_motion(new_page, server, artifacts):
    g, result = _finished_as_seat_0(server, "usa", ["planner", "greedy", "planner", "greedy"], seed=22)
    final = [(s, result["players"][s]["total"]) for s in result["ranking"]]
    # a phone: the reveal fits the width, Skip jumps to the final table
    for lang in ("en", "zh"):
        phone = new_page(phone=True, lang=lang)
        phone.goto(join_link(server, g, 0))
        phone.wait_for_selector('[data-end-reveal][data-kind="ticket"]')
        phone.wait_for_timeout(300)  # the rows settle
        phone.screenshot(path=str(artifacts / f"phone-{lang}-reveal.png"))
        box = phone.locator(".end-reveal").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["y"] + box["height"] <= 844, box
        rows = phone.eval_on_selector_all(".rv-row", "rs => rs.map(r => { const b = r.getBoundingClientRect(); "
                                          "return [b.left, b.right, r.scrollWidth <= r.clientWidth] })")
        assert len(rows) == 5 and all(l >= 0 and r <= 390 and fits for l, r, fits in rows), rows
        if lang == "zh":
            assert phone.locator(".rv-skip").inner_text().strip() == "跳过"
        phone.locator('[data-action="skip"]').click()
        phone.locator("[data-end-screen]").wait_for(timeout=2000)
        assert _final_table(phone) == final
        phone.screenshot(path=str(artifacts / f"phone-{lang}-table.png"))
    # Escape skips too
    page = new_page()
    page.goto(join_link(server, g, 0))
    page.locator("[data-end-reveal]").wait_for()
    page.keyboard.press("Escape")
    page.locator("[data-end-screen]").wait_for(timeout=2000)
    assert _final_table(page) == final
    # animations off in the settings, or the system asking for less motion, or a spectator: the table at once
    off = new_page()
    off.add_init_script("localStorage.setItem('ttr.prefs', JSON.stringify({lang: 'en', animations: false}))")
    reduced = new_page()
    reduced.emulate_media(reduced_motion="reduce")
    for p, url in ((off, join_link(server, g, 0)), (reduced, join_link(server, g, 0)), (new_page(), f"{server}#/g/{g['id']}")):
        p.goto(url)
        p.locator("[data-end-screen]").wait_for()
        assert p.locator("[data-end-reveal]").count() == 0
        assert _final_table(p) == final
