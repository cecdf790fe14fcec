"""Friends by link choose their first tickets at once: the seat whose turn has not come sees its
offer and chooses; its choice waits, secret, and is played for it when its turn comes."""
from __future__ import annotations

from browser_helpers import api, create_game, join_link, keep_tickets, wait_my_move


def test_friends_by_link_choose_their_first_tickets_at_once(browser, server, artifacts):
    g = create_game(server, "europe", ["human", "human"], seed=12)
    gid = g["id"]
    pages = []
    try:
        for seat in (0, 1):
            ctx = browser.new_context(viewport={"width": 1280, "height": 800})
            page = ctx.new_page()
            page.set_default_timeout(20000)
            page.goto(join_link(server, g, seat))
            pages.append(page)
        first, second = pages
        wait_my_move(first)
        # seat 1 is not to move, yet it is offered its tickets now, and told it is choosing ahead
        second.locator(".keep-panel .ahead-note").wait_for()
        assert second.locator(".game").get_attribute("data-myturn") == "0"
        second.screenshot(path=str(artifacts / "choose-ahead.png"))
        keep_tickets(second, ahead=True)
        chosen = second.locator(".ahead-choice").get_attribute("data-choice")
        assert chosen.startswith("keep ")
        second.screenshot(path=str(artifacts / "chosen.png"))
        # seat 0 sees only that seat 1 has chosen, not what
        env0 = api(server, f"api/games/{gid}", token=g["seats"][0]["token"])
        assert env0["chosen"] == [1] and env0["my_choice"] is None and chosen not in str(env0)
        first.locator('.players [data-chosen="1"]').wait_for()  # seat 0 sees that seat 1 has chosen
        first.screenshot(path=str(artifacts / "other-chose.png"))
        # seat 0 keeps: seat 1's choice is played for it at once, and the first turn begins
        keep_tickets(first)
        first.wait_for_function("() => document.querySelector('.game').dataset.phase === 'turn'")
        log = api(server, f"api/games/{gid}/log")["log"]
        assert [e["seat"] for e in log] == [0, 1] and log[1]["kind"] == "keep"
        kept = sorted(t["id"] for t in api(server, f"api/games/{gid}", token=g["seats"][1]["token"])["view"]["you"]["tickets"])
        assert "keep " + " ".join(map(str, kept)) == chosen
        second.wait_for_function("() => !document.querySelector('[data-ahead]')")
    finally:
        for p in pages:
            p.context.close()
