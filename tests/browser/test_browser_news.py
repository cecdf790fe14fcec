"""What happened since a player's last turn: the hot-seat curtain lists every move of the others
since that seat last moved (public information only); the claims made since are marked on the
board until the player acts; a log line that names a route marks it on the board when hovered."""
from __future__ import annotations

import json

from browser_helpers import (api, create_game, draw_blind, game_state, join_link, keep_tickets, other_move_from_view,
                             play_one_move, wait_my_move)
from ttr.engine.legal import expand


def _hot_seat(page, server, seats: list, seed: int) -> tuple[str, dict]:
    """A game whose human seats are all played in this browser (hot-seat); the id and the tokens."""
    g = create_game(server, "usa", seats, seed=seed)
    gid = g["id"]
    tokens = {str(s["seat"]): s["token"] for s in g["seats"] if s.get("token")}
    held = {"id": gid, "map": "usa", "seats": tokens, "created": 0}
    page.goto(server)
    page.evaluate("h => localStorage.setItem('ttr.games', JSON.stringify({[h.id]: h}))", held)
    page.goto(f"{server}#/g/{gid}")
    return gid, tokens


def test_the_curtain_lists_every_move_since_the_seats_last_turn_and_nothing_secret(page, server, artifacts):
    # two seats here and a bot between them: each seat's curtain holds the other seat's turn and the bot's
    gid, tokens = _hot_seat(page, server, ["human", "human", "planner"], seed=5)
    routes = {r["id"]: r for r in api(server, "api/maps/usa")["routes"]}
    lists = 0
    for turn in range(10):
        page.wait_for_selector(".curtain")
        seat = int(page.locator(".curtain").get_attribute("data-curtain"))
        log = api(server, f"api/games/{gid}/log")["log"]
        mine = [i for i, e in enumerate(log) if e["seat"] == seat]
        since = log[mine[-1] + 1:] if mine else log
        page.wait_for_function(f"() => document.querySelectorAll('.curtain-moves li').length === {len(since)}")
        items = page.eval_on_selector_all(".curtain-moves li", "els => els.map(e => [+e.dataset.ply, +e.dataset.seat, e.textContent])")
        assert [(p, s) for p, s, _ in items] == [(e["ply"], e["seat"]) for e in since]
        if len({s for _, s, _ in items}) >= 2:
            lists += 1
        text = page.locator(".curtain-box").inner_text()
        if turn == 3:
            page.screenshot(path=str(artifacts / "curtain.png"))
        named = set()
        for (_, _, words), e in zip(items, since):
            if e["kind"] == "claim":
                r = routes[e["target"]]
                assert f"{r['cities'][0]} – {r['cities'][1]} ({r['length']} long)" in words, words
                named.update(r["cities"])
            if e["kind"] == "keep":
                assert f"keeps {e['kept']} ticket" in words
            if e["kind"] == "draw" and e["target"] == "deck":
                assert words.endswith("draws a card from the deck"), words
        # nothing secret: no city of a held ticket (unless a listed claim names it), no hand
        for s, tok in tokens.items():
            you = api(server, f"api/games/{gid}", token=tok)["view"]["you"]
            for tk in you["tickets"]:
                for city in tk["cities"]:
                    assert city in named or city not in text, (city, text)
        assert page.locator(".hand").count() == 0 and page.locator(".tickets-panel").count() == 0
        page.locator('[data-action="reveal"]').click()
        st = wait_my_move(page)
        assert int(st["seat"]) == seat
        while True:
            play_one_move(page)
            if page.locator(".curtain").count() or not game_state(page)["myturn"]:
                break
    assert lists >= 5  # the curtains listed the moves of both other seats, not only the last


def _draw_two(page) -> None:
    """This seat's turn: two blind cards (a claim by this seat would be fresh to no one)."""
    draw_blind(page)
    st = game_state(page)
    if st["myturn"] and st["phase"] == "second-card":
        draw_blind(page)


def test_claims_since_my_last_turn_are_ringed_and_a_log_line_marks_its_route(page, server, artifacts):
    g = create_game(server, "usa", ["human", "planner", "planner"], seed=3)
    gid = g["id"]
    page.goto(join_link(server, g, 0))
    wait_my_move(page)
    keep_tickets(page)
    both = None
    for _ in range(25):
        st = wait_my_move(page)
        assert st["status"] != "over"
        log = api(server, f"api/games/{gid}/log")["log"]
        owners = api(server, f"api/games/{gid}")["view"]["routes"]
        last = max(i for i, e in enumerate(log) if e["seat"] == 0)
        fresh = [e for e in log[last + 1:] if e["kind"] == "claim" and owners.get(str(e["target"])) == e["seat"]]
        page.wait_for_function(f"() => document.querySelectorAll('.ttr-news [data-new-route]').length === {len(fresh)}")
        marked = page.eval_on_selector_all(".ttr-news [data-new-route]", "els => els.map(e => [+e.dataset.newRoute, +e.dataset.player])")
        assert marked == [[e["target"], e["seat"]] for e in fresh]
        if len({e["seat"] for e in fresh}) == 2:
            both = fresh
            break
        _draw_two(page)
    assert both, "the two bots never both claimed between two of my turns"
    page.screenshot(path=str(artifacts / "fresh.png"))
    # each ring is in its claimer's colour
    for e in both:
        ring = page.locator(f'.ttr-news [data-new-route="{e["target"]}"] .ttr-new-ring').first
        piece = page.locator(f'.ttr-claims [data-claim="{e["target"]}"] .ttr-piece').first
        assert ring.get_attribute("stroke") == piece.get_attribute("fill")
    # the rings pulse and the new pieces arrived car by car, unless motion is reduced or the
    # player turned animations off
    ring = "e => getComputedStyle(e).animationName"
    piece = f'.ttr-claims [data-claim="{both[-1]["target"]}"].ttr-claim-new .ttr-piece-in'
    assert page.eval_on_selector(".ttr-news", ring) == "ttr-pulse"
    assert page.eval_on_selector(piece, ring) == "ttr-arrive"
    page.emulate_media(reduced_motion="reduce")
    assert page.eval_on_selector(".ttr-news", ring) == "none" and page.eval_on_selector(piece, ring) == "none"
    page.emulate_media(reduced_motion="no-preference")
    page.click('[data-action="settings"]')
    page.uncheck('[data-pref="anim"]')
    page.keyboard.press("Escape")
    assert page.eval_on_selector(".ttr-news", ring) == "none" and page.eval_on_selector(piece, ring) == "none"
    # pointing at a log line that names a route marks that route on the board
    r = both[0]["target"]
    assert page.locator(f'.ttr-highlights [data-hl-route="{r}"]').count() == 0
    page.locator(f'.log-entry[data-route="{r}"]').last.hover()
    page.wait_for_selector(f'.ttr-highlights [data-hl-route="{r}"]')
    page.screenshot(path=str(artifacts / "log-hover.png"))
    page.mouse.move(5, 5)
    page.wait_for_selector(f'.ttr-highlights [data-hl-route="{r}"]', state="detached")
    # acting clears the rings: what was new has been seen
    draw_blind(page)
    page.wait_for_selector(".ttr-news [data-new-route]", state="detached", timeout=5000)


def test_my_tickets_start_as_to_do_and_pointing_at_one_rings_its_cities(page, new_page, server, artifacts):
    g = create_game(server, "usa", ["human", "planner"], seed=3)
    gid = g["id"]
    page.goto(join_link(server, g, 0))
    wait_my_move(page)
    keep_tickets(page)
    # nothing claimed yet: every ticket is to do; pointing at one rings its cities on the board
    wait_my_move(page)
    held = api(server, f"api/games/{gid}", token=g["seats"][0]["token"])["view"]["you"]["tickets"]
    assert page.locator('.tickets-panel [data-group="done"]').count() == 0
    todo = page.eval_on_selector_all('.tickets-panel [data-group="todo"] [data-ticket]', "els => els.map(e => +e.dataset.ticket)")
    assert sorted(todo) == sorted(tk["id"] for tk in held)
    for tk in held:
        page.locator(f'.tickets-panel [data-ticket="{tk["id"]}"]').hover()
        page.wait_for_function(f"() => JSON.stringify([...document.querySelectorAll('.ttr-highlights [data-hl-city]')]"
                               f".map(e => e.dataset.hlCity).sort()) === {json.dumps(json.dumps(sorted(tk['cities']), separators=(',', ':'), ensure_ascii=False))}")
    page.mouse.move(5, 5)
    page.wait_for_selector(".ttr-highlights [data-hl-city]", state="detached")
    # on a phone a tap shows a ticket (the tap's closing mouseleave does not take it back) and
    # brings its cities into the part of the board in sight
    phone = new_page(phone=True)
    phone.goto(join_link(server, g, 0))
    phone.wait_for_selector('.game[data-myturn="1"]')
    phone.click('[data-tab="tickets"]')
    for tk in held:
        phone.locator(f'.tickets-panel [data-ticket="{tk["id"]}"]').tap()
        cities = json.dumps(tk["cities"], ensure_ascii=False)
        phone.wait_for_function(f"() => {{ const hl = [...document.querySelectorAll('.ttr-highlights [data-hl-city]')];"
                                f" return hl.length === 2 && hl.every(e => {cities}.includes(e.dataset.hlCity)) }}")
        phone.wait_for_function("""() => { const b = document.querySelector('.board-host').getBoundingClientRect();
            return [...document.querySelectorAll('.ttr-highlights [data-hl-city]')].every(e => {
                const r = e.getBoundingClientRect(), x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
                return x >= b.left && x <= b.right && y >= b.top && y <= b.bottom; }) }""")
    phone.screenshot(path=str(artifacts / "phone-ticket.png"))


def test_a_station_built_since_my_last_turn_is_ringed_in_its_builders_colour(page, server, artifacts):
    g = create_game(server, "europe", ["human", "human"], seed=8)
    gid, token = g["id"], g["seats"][1]["token"]
    page.goto(join_link(server, g, 0))
    built = None
    for _ in range(12):
        env = api(server, f"api/games/{gid}", token=token)
        v = env["view"]
        if v["current_player"] == 1 and v["legal"]:
            texts = list(expand(v["legal"]))
            move = next((t for t in texts if t.startswith("station ")), None) if built is None else None
            api(server, f"api/games/{gid}/actions", {"token": token, "turn": env["turn"],
                                                     "action": move or other_move_from_view(v)})
            if move:
                built = api(server, f"api/games/{gid}", token=token)["view"]["stations"]
                built = next(c for c, s in built.items() if s == 1)
            continue
        st = wait_my_move(page)
        if built is not None:
            break
        if st["phase"] == "initial-tickets":
            keep_tickets(page)
        else:
            _draw_two(page)
    assert built, "seat 1 never could build a station"
    ring = page.locator(f'.ttr-news [data-new-city="{built}"][data-new-kind="station"]')
    ring.wait_for()
    assert ring.get_attribute("data-player") == "1"
    token_el = page.locator(f'.ttr-tokens [data-station="{built}"] .ttr-token-body')
    assert ring.locator(".ttr-new-ring").get_attribute("stroke") == token_el.get_attribute("fill")
    page.screenshot(path=str(artifacts / "fresh-station.png"))
    # acting clears it: what was new has been seen
    draw_blind(page)
    page.wait_for_selector(".ttr-news [data-new-city]", state="detached")
