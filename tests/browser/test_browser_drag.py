"""Claiming by drag and drop: a card of the hand dragged onto a route shows phantom cars in the
seat's colour there, a drop opens the claim with that card's colour chosen (or claims at once when
claims are not confirmed), and a drop where that card cannot pay changes nothing but says why.
Mouse (page.mouse down/move/up) at 1280x800, and a finger (a long press, then a drag: touch
events through the DevTools protocol) on a 390x844 phone. Screenshots mid-drag and after.

Which card pays for which route is read from the shown view's legal data with the engine's own
`expand` (the test does not use the client's reading of it)."""
from __future__ import annotations

import time
from contextlib import contextmanager

from browser_helpers import game_state, hand_of, keep_tickets, playing_seat_0, wait_my_move, wait_ply_change
from browser_scenarios import parse

from ttr.engine.legal import expand

WILD = ("locomotive", "joker")
SEED = 3  # USA, 2 seats: after the first tickets seat 0 holds 2 black, 1 blue, 1 purple


def _claims(page) -> dict[int, list[dict[str, int]]]:
    """route id -> its legal payments, from the view the screen shows."""
    v = page.evaluate("window.__ttrShown")["view"]
    out: dict[int, list[dict[str, int]]] = {}
    for t in expand(v["legal"]):
        parts = t.split(" ")
        if parts[0] == "claim":
            out.setdefault(int(parts[1]), []).append(parse(parts[2]) if len(parts) > 2 else {})
    return out


def _spot(page, rid: int) -> tuple[float, float] | None:
    """The centre of a space of the route that a pointer there reaches (no city name over it)."""
    return page.evaluate("""rid => {
      for (const c of document.querySelectorAll(`.ttr-routes [data-route="${rid}"] .ttr-car`)) {
        const b = c.getBoundingClientRect();
        const x = b.left + b.width / 2, y = b.top + b.height / 2;
        if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) continue;
        const e = document.elementFromPoint(x, y);
        if (e && e.closest(`[data-route="${rid}"]`)) return [x, y];
      }
      return null; }""", rid)


def _plan(page):
    """A card, a route it pays for with that colour alone (and the fewest wild cards), and a
    claimable route none of whose payments holds that card."""
    claims = _claims(page)
    hand = parse(hand_of(page))
    for card in sorted(hand, key=lambda c: -hand[c]):
        if card in WILD:
            continue
        good = [r for r, pays in claims.items() if any(p.get(card) and set(p) <= {card, *WILD} for p in pays) and _spot(page, r)]
        bad = [r for r, pays in claims.items() if not any(p.get(card) for p in pays) and _spot(page, r)]
        if good and bad:
            return card, good[0], bad[0]
    raise AssertionError(f"no card with a route it pays for and one it does not: {hand} {claims}")


def _card_centre(page, card: str) -> tuple[float, float]:
    b = page.locator(f'.hand [data-hand="{card}"]').bounding_box()
    return b["x"] + b["width"] / 2, b["y"] + b["height"] / 2


def _mouse_drag(page, card: str, to: tuple[float, float], release: bool = True) -> None:
    x, y = _card_centre(page, card)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 12, y - 12, steps=3)
    page.mouse.move(to[0], to[1], steps=15)
    if release:
        page.mouse.up()


def _seat_fill(page) -> str:
    return page.evaluate("ttrBoard.svg.querySelector('.ttr-phantoms .ttr-phantom-piece')?.getAttribute('fill') ?? ''")


@contextmanager
def _my_turn(page, server):
    """The USA deal of SEED, seat 0 here (seat 1 over the API), its first tickets kept: its turn."""
    with playing_seat_0(page, server, "usa", SEED) as g:
        st = wait_my_move(page)
        if st["phase"] in ("initial-tickets", "keep-tickets"):
            keep_tickets(page)
            wait_my_move(page)
        assert game_state(page)["phase"] == "turn"
        yield g


def test_drag_a_card_onto_a_route_shows_phantom_cars_and_claims_with_that_colour(page, server, artifacts):
    with _my_turn(page, server):
        card, good, bad = _plan(page)
        hand0, ply0 = hand_of(page), game_state(page)["ply"]
        view0 = page.evaluate("JSON.stringify(ttrBoard.transform())")
        n_spaces = page.locator(f'.ttr-routes [data-route="{good}"] .ttr-car').count()
        assert page.locator(".hand-row.can-drag").count() == 1

        # a wrong route: the card hangs dimmed over it, no phantom; the drop says why and changes nothing
        _mouse_drag(page, card, _spot(page, bad), release=False)
        page.locator(".drag-ghost.drop-no").wait_for()
        assert page.locator(".ttr-phantoms [data-phantom]").count() == 0
        page.mouse.up()
        toast = page.locator(".toast").last
        toast.wait_for()
        assert "cannot pay for" in toast.inner_text() and card in toast.inner_text(), toast.inner_text()
        page.screenshot(path=str(artifacts / "wrong-route-message.png"))
        time.sleep(0.3)
        assert page.locator(".pay-panel").count() == 0 and page.locator(".drag-ghost").count() == 0
        assert game_state(page)["ply"] == ply0 and hand_of(page) == hand0
        assert page.locator(f'.ttr-claim[data-claim="{bad}"]').count() == 0
        # the drag over the board did not pan it (d3-zoom never saw the gesture)
        assert page.evaluate("JSON.stringify(ttrBoard.transform())") == view0
        page.locator(".toast .icon-btn").last.click()

        # dropped outside the board: the same, with a hint
        _mouse_drag(page, card, (1100, 780))
        page.locator(".toast", has_text="Drag a card onto a route").wait_for()
        assert page.locator(".pay-panel").count() == 0 and game_state(page)["ply"] == ply0
        page.locator(".toast .icon-btn").last.click()

        # the right route: phantom cars on each space, in the seat's colour, and the route highlighted
        _mouse_drag(page, card, _spot(page, good), release=False)
        page.locator(f'.ttr-phantoms [data-phantom="{good}"]').wait_for()
        assert page.locator(f'.ttr-phantoms [data-phantom="{good}"] .ttr-phantom-piece').count() == n_spaces
        assert page.locator(f'.ttr-highlights [data-hl-route="{good}"]').count() == 1
        assert page.locator(".drag-ghost.drop-ok").count() == 1
        fill = _seat_fill(page)
        assert fill.startswith("#"), fill
        # other routes the card cannot pay for are not offered while it is dragged
        assert page.locator(f'.ttr-routes [data-route="{bad}"].ttr-disabled').count() == 1
        page.screenshot(path=str(artifacts / "mid-drag.png"))
        page.mouse.up()

        # the claim asks to confirm, that colour chosen
        panel = page.locator(".pay-panel")
        panel.wait_for()
        chosen = panel.locator(".pay-option.on, .pay-picker").first.get_attribute("data-payment")
        assert card in chosen and all(k in (card, *WILD) for k in parse(chosen)), chosen
        # the pieces stay shown on the route being paid for
        assert page.locator(f'.ttr-phantoms [data-phantom="{good}"]').count() == 1
        page.screenshot(path=str(artifacts / "after-drop.png"))
        panel.locator('[data-action="confirm"]').click()
        wait_ply_change(page, ply0)
        page.locator(f'.ttr-claim[data-claim="{good}"]').wait_for()
        assert page.locator(".ttr-phantoms [data-phantom]").count() == 0
        left = parse(hand_of(page))
        assert left.get(card, 0) == parse(hand0)[card] - parse(chosen)[card], (hand0, left)
        # the phantom cars were the pieces now standing there, in the same colour
        assert page.locator(f'.ttr-claim[data-claim="{good}"] .ttr-piece').first.get_attribute("fill") == fill
        page.screenshot(path=str(artifacts / "claimed.png"))


def test_pointing_at_a_claimable_route_shows_phantom_cars_without_motion_if_asked(page, server):
    with _my_turn(page, server):
        claims = _claims(page)
        rid = next(r for r in claims if _spot(page, r))
        page.mouse.move(*_spot(page, rid))
        page.locator(f'.ttr-phantoms [data-phantom="{rid}"]').wait_for()
        # the pieces arrive one after another, but not where reduced motion is asked for
        anim = "getComputedStyle(document.querySelector('.ttr-phantom-in')).animationName"
        assert page.evaluate(anim) == "ttr-phantom-in"
        page.emulate_media(reduced_motion="reduce")
        assert page.evaluate(anim) == "none"
        page.emulate_media(reduced_motion="no-preference")
        page.mouse.move(5, 790)
        page.wait_for_function("() => !document.querySelector('.ttr-phantoms [data-phantom]')")


def test_a_long_press_and_drag_on_a_phone_claims(new_page, server, artifacts):
    page = new_page(phone=True)
    with _my_turn(page, server):
        card, good, _ = _plan(page)
        ply0 = game_state(page)["ply"]
        to = _spot(page, good)
        x, y = _card_centre(page, card)
        cdp = page.context.new_cdp_session(page)

        def touch(kind: str, px: float = 0, py: float = 0) -> None:
            cdp.send("Input.dispatchTouchEvent",
                     {"type": kind, "touchPoints": [] if kind == "touchEnd" else [{"x": px, "y": py, "id": 1}]})

        # a quick swipe from a card is not a drag
        touch("touchStart", x, y)
        for i in range(1, 6):
            touch("touchMove", x, y - 8 * i)
        touch("touchEnd")
        assert page.locator(".drag-ghost").count() == 0
        # a long press, then a drag (which does not pan the board)
        view0 = page.evaluate("JSON.stringify(ttrBoard.transform())")
        touch("touchStart", x, y)
        time.sleep(0.6)
        page.locator(".drag-ghost").wait_for()
        for i in range(1, 16):
            touch("touchMove", x + (to[0] - x) * i / 15, y + (to[1] - y) * i / 15)
            time.sleep(0.02)
        page.locator(f'.ttr-phantoms [data-phantom="{good}"]').wait_for()
        assert page.evaluate("JSON.stringify(ttrBoard.transform())") == view0
        page.screenshot(path=str(artifacts / "phone-mid-drag.png"))
        touch("touchEnd")
        panel = page.locator(".pay-panel")
        panel.wait_for()
        chosen = panel.locator(".pay-option.on, .pay-picker").first.get_attribute("data-payment")
        assert card in chosen, chosen
        page.screenshot(path=str(artifacts / "phone-after-drop.png"))
        panel.locator('[data-action="confirm"]').click()
        wait_ply_change(page, ply0)
        page.locator(f'.ttr-claim[data-claim="{good}"]').wait_for()


def test_without_confirmation_a_drop_claims_at_once_with_that_colour(page, server):
    with _my_turn(page, server):
        page.click('[data-action="settings"]')
        page.check('[data-pref="confirm-never"]')
        page.keyboard.press("Escape")
        card, good, _ = _plan(page)
        hand0, ply0 = parse(hand_of(page)), game_state(page)["ply"]
        _mouse_drag(page, card, _spot(page, good))
        wait_ply_change(page, ply0)
        page.locator(f'.ttr-claim[data-claim="{good}"]').wait_for()
        assert page.locator(".pay-panel").count() == 0
        assert parse(hand_of(page)).get(card, 0) < hand0[card]
