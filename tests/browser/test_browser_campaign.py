"""A Legacy campaign in the browser (issue 24, item 5): created in the lobby, games 1 and 2 played
by clicking against a bot, the screen between them (standings, caboose, offices and vaults,
events, story, boxes, the board) at desktop and phone sizes, the caboose holder's removal, the
next game started from it."""
from __future__ import annotations

import re

from browser_helpers import api, play_to_the_end, wait_my_move


def _no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width} px wide"


def _between_games(page, base: str, cid: str, game: int, artifacts, new_page) -> dict:
    """The campaign screen after game `game`, at desktop and phone sizes (with a spectator's
    phone in Chinese): what it shows agrees with the server's status."""
    page.locator(".game [data-action='campaign']").click()
    page.wait_for_selector(f".campaign[data-game] .cp-standings [data-slip='{game}']")
    st = api(base, f"api/campaigns/{cid}")
    page.screenshot(path=str(artifacts / f"between-{game}-desktop.png"), full_page=True)
    _no_sideways_scroll(page)
    shown = page.eval_on_selector_all(".cp-standings tbody tr",
                                      "rows => rows.map(r => [r.dataset.player, r.querySelector(`[data-slip='%d']`).textContent])"
                                      % game)
    assert dict(shown) == {n: f"${s}" for n, s in st["status"]["arc"][game - 1]["slips"].items()}
    holder = page.locator(".cp-standings [data-caboose]").locator("xpath=ancestor::tr").get_attribute("data-player")
    assert holder == st["status"]["caboose"]
    assert page.locator("[data-office]").count() == 2 and page.locator("[data-box]").count() == len(st["status"]["boxes"])
    read = [c["id"] for c in st["status"]["story"]["read"]]
    assert sorted(page.eval_on_selector_all("[data-story]", "els => els.map(e => e.dataset.story)")) == sorted(read)
    # the board as it now stands: the frontier boards added so far, their cities drawn (rulebook 451)
    board = st["status"]["board"]
    assert page.locator("[data-frontier]").count() == len(board["frontiers"])
    page.wait_for_function(f"document.querySelectorAll('.cp-board svg .ttr-city[data-city]').length === {board['cities']}")
    phone = new_page(phone=True, lang="zh")
    phone.goto(base + f"#/c/{cid}")
    phone.wait_for_selector(f".cp-standings [data-slip='{game}']")
    phone.wait_for_timeout(300)  # the board's first paint
    phone.screenshot(path=str(artifacts / f"between-{game}-phone-zh.png"), full_page=True)
    _no_sideways_scroll(phone)
    assert phone.locator(".cp-head").inner_text().startswith(f"第 {game + 1} 局") or st["phase"] == "removal"
    assert phone.locator("[data-action='start-game'], [data-remove]").count() == 0  # a spectator decides nothing
    return st


def test_a_campaign_is_played_in_the_browser_game_1_then_game_2(page, server, artifacts, new_page):
    page.goto(server)
    page.click("[data-action='new-campaign']")
    form = page.locator(".cp-new")
    form.locator("[data-player-form='0'] [data-field='name']").fill("Ann")
    assert form.locator("[data-player-form='1'] [data-field='kind']").input_value() == "bot"
    page.screenshot(path=str(artifacts / "new-campaign.png"))
    form.locator("[data-action='create-campaign']").click()
    page.wait_for_selector(".campaign [data-action='start-game']")
    cid = re.search(r"#/c/([\w-]+)", page.url).group(1)
    page.screenshot(path=str(artifacts / "before-game-1.png"), full_page=True)
    cities = []
    for game in (1, 2):
        page.locator("[data-action='start-game']").click()
        page.locator("[data-action='play-game']").click()
        page.wait_for_selector(".game")
        wait_my_move(page)
        moves = play_to_the_end(page, limit=240)
        assert moves > 5
        st = _between_games(page, server, cid, game, artifacts, new_page)
        if st["phase"] == "removal":  # Ann holds the caboose: she removes an event here
            assert st["status"]["caboose"] == "Ann"
            choice = st["status"]["pending"]["choices"][0]
            page.locator(f"[data-remove='{choice['id']}']").click()
            page.wait_for_selector(f"[data-removed='{choice['id']}']")
        page.wait_for_selector(f".campaign[data-phase='ready'][data-game='{game + 1}']")
        st = api(server, f"api/campaigns/{cid}")
        assert st["game"] == game + 1 and len(st["games"]) == game
        cities.append(st["status"]["board"]["cities"])
    assert cities[1] > cities[0]  # the demo pack adds Florida after game 2: the board grew
    # game 3 is next; the lobby lists the campaign for its resume
    page.goto(server)
    row = page.locator(f"[data-campaign='{cid}']")
    row.wait_for()
    assert "3" in row.inner_text()
