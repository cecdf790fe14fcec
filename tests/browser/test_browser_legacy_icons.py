"""Legacy in the browser: where a claim step counts card icons (rulebook 210, LW-I1), the pickaxe and
skull show on the face-up cards, on the player's own hand (not on anyone else's) and beside the
claim steps that count them."""
from __future__ import annotations

import random
from dataclasses import asdict

from browser_helpers import api, join_link, replayed_legacy_game
from legacy_helpers import setup_with

import ttr

GOLD = {"number": 20, "kind": "route_bonus", "amount": 2, "icon": "pickaxe", "label": "Gold in the hills"}
MARKS = [{"icon": "pickaxe", "card": card, "count": 6} for card in ("black", "blue", "white")] + \
        [{"icon": "skull", "card": card, "count": 6} for card in ("green", "yellow", "red")]


def _setup():
    base = setup_with(2)
    return setup_with(2, steps=[*map(asdict, base.steps), GOLD], card_icons=MARKS)


def _marked(setup) -> tuple[int, list[str], list[int]]:
    """A seed and draws after which seat 0 holds a marked card and a face-up card bears an icon."""
    for seed in range(100):
        g = ttr.new_game("legends-west", 2, seed=seed, setup=setup)
        r = random.Random(seed)
        while not g.is_over and g.turn < 6:
            legal = g.legal_actions()
            g.apply(r.choice([a for a in legal if a.kind in ("draw", "keep")] or list(legal)))
        if g.current_player == 0 and g.phase == "turn" and any(g.icons.hands[0]) \
                and any(i >= 0 for i in g.icons.shown):
            return seed, [str(a) for a in g.actions], list(g.seats)
    raise AssertionError("no seed marks seat 0's hand and the display")


def test_the_icons_show_on_face_up_cards_the_own_hand_and_the_claim_steps_L210(page, server, artifacts, new_page):
    setup = _setup()
    seed, moves, seats = _marked(setup)
    created, tokens = replayed_legacy_game(server, setup, seed, moves, seats)
    gid = created["id"]
    icons = api(server, f"api/games/{gid}", token=tokens[0])["view"]["edition"]["icons"]
    assert icons["hands"][1] is None  # the server sends seat 0 nothing of seat 1's marked cards
    page.goto(join_link(server, created, 0))
    page.wait_for_selector(".face-up [data-slot]")
    shown = page.eval_on_selector_all(".face-up .slot", "els => els.map(e => e.querySelector('[data-mark]')?.dataset.mark ?? null)")
    assert shown == icons["face_up"]
    hand = page.eval_on_selector_all(".hand [data-hand] [data-mark]", "els => els.map(e => "
                                     "[e.closest('[data-hand]').dataset.hand, e.dataset.mark, e.textContent])")
    want = sorted([card, icon, str(n)] for card, marks in icons["hands"][0].items() for icon, n in marks.items())
    assert sorted(hand) == want and want
    steps = page.locator(".claim-steps").first
    steps.locator("summary").click()
    assert steps.locator("[data-icon='pickaxe']").inner_text().startswith("Gold in the hills")
    assert "per card with a pickaxe spent on the claim" in steps.inner_text()
    page.screenshot(path=str(artifacts / "icons-desktop.png"))
    phone = new_page(phone=True, lang="zh")
    phone.goto(join_link(server, created, 0))
    phone.wait_for_selector(".face-up [data-slot]")
    assert phone.locator(".face-up [data-mark]").count() == sum(1 for i in icons["face_up"] if i)
    phone.screenshot(path=str(artifacts / "icons-phone-zh.png"))
    other = new_page()
    other.goto(join_link(server, created, 1))
    other.wait_for_selector(".face-up [data-slot]")
    assert other.locator(".face-up [data-mark]").count() == sum(1 for i in icons["face_up"] if i)
    assert other.locator(".hand [data-mark]").count() == sum(  # seat 1 sees its own marks only
        n for marks in (api(server, f"api/games/{gid}", token=tokens[1])["view"]["edition"]["icons"]["hands"][1] or {}).values()
        for n in [len(marks)])
