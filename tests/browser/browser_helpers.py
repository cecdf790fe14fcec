"""Small, fast helpers that play the browser client by clicking (Playwright driving Debian's Chromium).

Everything a helper does is what a player does: click the cards, the decks, the routes on the
board (a route is a focusable button: when it is covered by a city name the helper focuses it
and presses Enter, as a keyboard player would), the tickets, the confirm buttons. What to click
is read from the screen (which routes are clickable, which prompt is open), never from the API.
"""
from __future__ import annotations

import json as _json
import re
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Page

from ttr.engine.legal import expand

CHROME_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync"]

ROUTE_LEN = re.compile(r"(\d+) (?:train|ship) space")


def game_state(page: Page) -> dict:
    """What the game screen shows about the turn (data attributes on the game's root)."""
    return page.eval_on_selector(".game", """g => ({ply: +g.dataset.ply, myturn: g.dataset.myturn === '1',
        phase: g.dataset.phase, status: g.dataset.status, seat: g.dataset.seat})""")


def wait_my_move(page: Page, timeout: float = 60) -> dict:
    """Until this seat is to move (or the game is over); the state then."""
    page.wait_for_selector('.game[data-myturn="1"], .game[data-status="over"], .curtain', timeout=timeout * 1000)
    return game_state(page)


def wait_ply_change(page: Page, ply: int, timeout: float = 30) -> None:
    page.wait_for_function(f"() => {{ const g = document.querySelector('.game'); return !g || +g.dataset.ply !== {ply} }}",
                           timeout=timeout * 1000)


def click_route(page: Page, route_id: int) -> None:
    """Click a route on the board (a car of it); Enter on the focused route if a click cannot reach it."""
    loc = page.locator(f'g.ttr-route[data-route="{route_id}"]')
    try:
        loc.locator(".ttr-car").first.click(timeout=1500)
    except Exception:  # covered by a label or outside the view: the keyboard way
        loc.focus()
        page.keyboard.press("Enter")


def selectable_routes(page: Page) -> list[tuple[int, int]]:
    """(route id, length) of every route the board offers now (the legal claims)."""
    items = page.eval_on_selector_all("g.ttr-route:not(.ttr-disabled)",
                                      "els => els.map(e => [+e.dataset.route, e.getAttribute('aria-label')])")
    out = []
    for rid, label in items:
        m = ROUTE_LEN.search(label or "")
        out.append((rid, int(m.group(1)) if m else 1))
    return out


def keep_tickets(page: Page, how_many: int | None = None, ahead: bool = False) -> None:
    """In the keep panel: pick tickets (the fewest allowed, or `how_many`) and keep them (`ahead`:
    before the seat's turn, which changes no turn: until the panel says they are chosen)."""
    panel = page.locator(".keep-panel")
    panel.wait_for()
    n = how_many
    if n is None:
        m = re.search(r"(\d+)", panel.locator(".prompt-sub").inner_text())
        n = int(m.group(1)) if m else 1
    tickets = panel.locator("[data-ticket]")
    for i in range(min(n, tickets.count())):
        tickets.nth(i).click()
    ply = game_state(page)["ply"]
    panel.locator('[data-action="keep"]').click()
    if ahead:
        page.locator('[data-ahead="chosen"]').wait_for()
    else:
        wait_ply_change(page, ply)


def confirm_prompt(page: Page) -> None:
    ply = game_state(page)["ply"]
    page.locator('.prompt [data-action="confirm"]').click()
    wait_ply_change(page, ply)


def draw_blind(page: Page, deck: str = "deck") -> None:
    ply = game_state(page)["ply"]
    page.locator(f'[data-deck="{deck}"]').click()
    wait_ply_change(page, ply)


def _click_and_wait(page: Page, selector: str, ply: int) -> None:
    page.locator(selector).click()
    wait_ply_change(page, ply)


def _take_a_card(page: Page, ply: int) -> bool:
    """Take a card: a blind one from the first deck that can be drawn, else the first face-up
    card (choosing the refill's pile when asked). False when no card can be taken."""
    for deck in ("deck", "train", "ship"):
        if page.locator(f'[data-deck="{deck}"]:not([disabled])').count():
            draw_blind(page, deck)
            return True
    slots = page.locator(".face-up .card-button:not([disabled])")
    if not slots.count():
        return False
    slots.first.click()
    if page.locator(".refill-pop").count():
        page.locator(".refill-pop [data-refill]").first.click()
    wait_ply_change(page, ply)
    return True


def play_one_move(page: Page, prefer_long: bool = True) -> str:
    """One move of a simple player: keep tickets, pay or give up tunnels, claim the longest
    route it can, else take cards from the deck. Returns what it did."""
    st = game_state(page)
    phase = st["phase"]
    if page.locator(".curtain").count():
        page.locator('[data-action="reveal"]').click()
        return "reveal"
    if phase in ("initial-tickets", "keep-tickets"):
        keep_tickets(page)
        return "keep"
    if phase == "choose-pieces":
        _click_and_wait(page, '[data-action="pieces"]', st["ply"])
        return "pieces"
    if phase == "tunnel":
        ply = st["ply"]
        pay = page.locator('.prompt [data-action="confirm"]')
        if pay.count() and pay.is_enabled():
            pay.click()
        else:
            page.locator('[data-action="decline"]').click()
        wait_ply_change(page, ply)
        return "tunnel"
    if phase == "second-card":
        if _take_a_card(page, st["ply"]):
            return "draw"
        _click_and_wait(page, '[data-action="stop"]', st["ply"])
        return "stop"
    routes = selectable_routes(page)
    if routes:
        routes.sort(key=lambda r: -r[1] if prefer_long else r[1])
        click_route(page, routes[0][0])
        page.locator(".pay-panel").wait_for(timeout=5000)
        confirm_prompt(page)
        return "claim"
    if _take_a_card(page, st["ply"]):
        return "draw"
    if page.locator('[data-deck="tickets"]:not([disabled])').count():
        _click_and_wait(page, '[data-deck="tickets"]', st["ply"])
        return "tickets"
    _click_and_wait(page, '[data-action="pass"]', st["ply"])
    return "pass"


def play_to_the_end(page: Page, limit: float = 240, shots: Path | None = None, every: int = 0) -> int:
    """Play moves until the end-of-game screen shows; the number of moves made."""
    deadline = time.monotonic() + limit
    moves = 0
    while time.monotonic() < deadline:
        st = wait_my_move(page, timeout=max(1.0, deadline - time.monotonic()))
        if st["status"] == "over":
            page.locator("[data-end-screen]").wait_for()
            return moves
        play_one_move(page)
        moves += 1
        if shots and every and moves % every == 0:
            page.screenshot(path=str(shots / f"move-{moves:03d}.png"))
    raise AssertionError(f"the game did not end within {limit} s ({moves} moves)")


# ------------------------------------------------------------------ the other seat, over the API

def api(base: str, path: str, body: dict | None = None, token: str | None = None):
    req = urllib.request.Request(base + path.lstrip("/"), data=_json.dumps(body).encode() if body is not None else None,
                                 headers={"Content-Type": "application/json",
                                          **({"Authorization": f"Bearer {token}"} if token else {})},
                                 method="POST" if body is not None else "GET")
    with urllib.request.urlopen(req, timeout=20) as r:
        return _json.loads(r.read())


def create_game(base: str, map_name: str, seats: list, seed: int | None = None) -> dict:
    """seats: 'human' or a bot's name, per seat."""
    specs = [{"kind": "human", "name": f"P{i + 1}"} if s == "human" else {"kind": "bot", "bot": s}
             for i, s in enumerate(seats)]
    body = {"map": map_name, "players": len(seats), "seats": specs}
    if seed is not None:
        body["seed"] = seed
    return api(base, "api/games", body)


def replayed_legacy_game(base: str, setup, seed: int, moves: list[str], seats: list[int]) -> tuple[dict, list[str]]:
    """A two-player Legends of the West game of `setup` (humans Ann and Bob) brought to a position
    by the moves given (each by its seat's token): the created game and the seats' tokens."""
    created = api(base, "api/games", {"map": "legends-west", "players": 2, "seed": seed, "setup": setup.to_dict(),
                                      "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]})
    gid, tokens = created["id"], [s["token"] for s in created["seats"]]
    turn = 0
    for move, seat in zip(moves, seats):
        turn = api(base, f"api/games/{gid}/actions", {"token": tokens[seat], "action": move, "turn": turn})["turn"]
    return created, tokens


def join_link(base: str, created: dict, seat: int) -> str:
    return f"{base}#/join/{created['id']}/{created['seats'][seat]['token']}"


def other_move_from_view(v: dict) -> str:
    """Seat 1's move from its view (browser_scenarios.other_move, from the legal data)."""
    from browser_scenarios import first_keep, pieces_middle
    if v["phase"] in ("initial-tickets", "keep-tickets"):
        return first_keep(v)
    if v["phase"] == "choose-pieces":
        return pieces_middle(v)
    texts = list(expand(v["legal"]))
    for t in ("draw deck", "draw deck train", "draw deck ship"):
        if t in texts:
            return t
    return texts[0]


class OtherSeat:
    """Plays a human seat over the API whenever it is to move (in a thread), as scripted."""

    def __init__(self, base: str, gid: str, token: str):
        self.base, self.gid, self.token = base, gid, token
        self.stop = threading.Event()
        self.moves = 0
        self.error: Exception | None = None
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        try:
            while not self.stop.is_set():
                env = api(self.base, f"api/games/{self.gid}", token=self.token)
                v = env["view"]
                if env["status"] == "over":
                    return
                if v["current_player"] == env["seat"] and v["legal"]:
                    api(self.base, f"api/games/{self.gid}/actions",
                        {"token": self.token, "action": other_move_from_view(v), "turn": env["turn"]})
                    self.moves += 1
                else:
                    time.sleep(0.05)
        except Exception as e:  # noqa: BLE001 - reported by close()
            self.error = e

    def close(self):
        self.stop.set()
        self.thread.join(5)
        if self.error:
            raise self.error


@contextmanager
def playing_seat_0(page: Page, base: str, map_name: str, seed: int) -> Iterator[dict]:
    """A 2-player game of `map_name` dealt by `seed`: the page joins seat 0 by its link and waits
    for its first move; seat 1 is an OtherSeat, closed (its errors raised) at the end. Yields
    the created game (id and seats' tokens)."""
    g = create_game(base, map_name, ["human", "human"], seed=seed)
    other = OtherSeat(base, g["id"], g["seats"][1]["token"])
    try:
        page.goto(join_link(base, g, 0))
        wait_my_move(page)
        yield g
    finally:
        other.close()


def click_city(page: Page, city: str) -> None:
    loc = page.locator(f'g.ttr-city[data-city="{city}"]')
    try:
        loc.click(timeout=1500)
    except Exception:
        loc.focus()
        page.keyboard.press("Enter")


def hand_of(page: Page) -> str:
    """The hand the screen shows, as a payment-like text ('' when none is shown)."""
    h = page.locator(".hand")
    return h.get_attribute("data-hand") if h.count() else ""
