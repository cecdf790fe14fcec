"""Legacy in the browser: right after a claim, the extras phase offers an extra wild card per offer
(rulebook 322-324); a player takes one by clicking it, and the rules of play (437-447) are listed."""
from __future__ import annotations

import random

from browser_helpers import api, join_link, replayed_legacy_game
from legacy_helpers import setup_with

import ttr

GOLD = {"id": "gold-rush-x", "name": "Gold rush", "kind": "persistent",
        "text": "While this event is current: when you claim a route, you may discard an extra wild card for $5.",
        "extra": {"label": "Gold rush", "money": 5}}
RULES = [{"place": "Q", "companies": ["blue", "black"], "label": "Survey crew",
          "extra": {"label": "Survey crew", "draw": 2}},
         {"place": "R", "companies": ["blue", "black"], "label": "Scrap dealer", "trade": {"cards": 4, "money": 6}}]


def _to_extras(setup) -> tuple[int, list[str], list[int]]:
    """A seed and the moves (and seats) that bring seat 0 to an extras phase with two offers open."""
    for seed in range(200):
        g = ttr.new_game("legends-west", 2, seed=seed, setup=setup)
        r = random.Random(seed)
        while not g.is_over and g.phase != "extras":
            legal = g.legal_actions()
            claims = [a for a in legal if a.kind == "claim"]
            if claims and (g.current_player == 1 or g.hands[0][ttr.cards.LOCO] >= 2):
                g.apply(r.choice(claims))
            else:
                g.apply(r.choice([a for a in legal if a.kind != "claim"] or legal))
        if g.phase == "extras" and g.current_player == 0 and len(g.legal_actions()) >= 3:
            return seed, [str(a) for a in g.actions], list(g.seats)
    raise AssertionError("no seed reaches the extras phase")


def test_the_extras_phase_is_played_by_clicking_an_offer_L322(page, server, artifacts):
    setup = setup_with(events=[GOLD], play_rules=RULES)
    seed, moves, seats = _to_extras(setup)
    created, tokens = replayed_legacy_game(server, setup, seed, moves, seats)
    gid = created["id"]
    page.goto(join_link(server, created, 0))
    panel = page.locator(".extras-panel")
    panel.wait_for()
    offers = page.eval_on_selector_all(".extras-panel [data-offer]", "els => els.map(e => e.dataset.offer)")
    assert sorted(offers) == ["Q", "event"]
    assert "Gold rush" in panel.inner_text() and "$5" in panel.inner_text()
    page.screenshot(path=str(artifacts / "extras.png"))
    before = api(server, f"api/games/{gid}", token=tokens[0])["view"]["edition"]["money"][0]
    page.click(".extras-panel [data-offer='event']")
    page.wait_for_function("() => !document.querySelector(\".extras-panel [data-offer='event']\")")
    v = api(server, f"api/games/{gid}", token=tokens[0])["view"]
    assert v["edition"]["money"][0] == before + 5
    assert v["edition"]["extras"] is None or v["edition"]["extras"]["taken"] == ["event"]
    page.wait_for_selector("text=discards an extra wild card for the event's offer")
    if v["phase"] == "extras":  # a second wild card: the survey crew is still open; done ends the turn
        page.click("[data-action='extra-done']")
        page.wait_for_function("() => !document.querySelector('.extras-panel')")
    assert api(server, f"api/games/{gid}", token=tokens[0])["view"]["current_player"] == 1
    rules = page.locator(".play-rules")
    rules.locator("summary").click()
    assert "Survey crew" in rules.inner_text() and "Scrap dealer" in rules.inner_text()
