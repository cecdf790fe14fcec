"""The browser client, played by clicking in Chromium: a whole Europe game against bots, a
tunnel, a station and a ticket draw, hot-seat, a ship route and a harbor on World, a Legacy
event, a Nordic ferry paid in many ways, a friend by link, errors in words."""
from __future__ import annotations

import json
import re

import browser_scenarios as sc
from browser_helpers import (
    api,
    click_city,
    click_route,
    confirm_prompt,
    create_game,
    draw_blind,
    game_state,
    hand_of,
    keep_tickets,
    play_one_move,
    play_to_the_end,
    playing_seat_0,
    selectable_routes,
    wait_my_move,
    wait_ply_change,
)


def test_a_whole_europe_game_against_bots_to_the_end_screen(page, server, artifacts):
    page.goto(server)
    page.click('[data-map="europe"]')
    page.fill('[data-seat-form="0"] [data-field="name"]', "Ada")
    assert page.locator("[data-seat-form]").count() == 3  # you and two bots by default
    page.screenshot(path=str(artifacts / "lobby.png"))
    page.click('[data-action="start"]')
    page.wait_for_selector(".game")
    wait_my_move(page)
    page.screenshot(path=str(artifacts / "first-tickets.png"))
    page.wait_for_function("() => window.__ttrBoard && window.__ttrBoard.painted")
    render = page.evaluate("window.__ttrBoard")
    (artifacts / "render.json").write_text(json.dumps(render))
    assert render["ms"] < 1000, render
    moves = play_to_the_end(page, limit=300, shots=artifacts, every=15)
    assert moves > 10
    end = page.locator("[data-end-screen]")
    end.wait_for()
    page.screenshot(path=str(artifacts / "end.png"))
    assert page.locator(".banner").count() == 0  # no last-round banner over the final scores
    # the players' list shows the final totals, as the score table does
    gid = re.search(r"#/g/([^/?]+)", page.url).group(1)
    final = {r["seat"]: r["total"] for r in api(server, f"api/games/{gid}")["view"]["result"]["players"]}
    shown = page.eval_on_selector_all(".player", "els => els.map(e => [+e.dataset.seat, "
                                                 "+e.querySelector('.player-score').dataset.score])")
    assert dict(shown) == final, (shown, final)
    # the log shows its newest entry: scrolled inside its panel, within the window
    newest = page.locator(".log-entry.last")
    box, log_box = newest.bounding_box(), page.locator(".log").bounding_box()
    assert page.locator(".log-entry").count() > 20
    assert log_box["y"] <= box["y"] and box["y"] + box["height"] <= min(log_box["y"] + log_box["height"], 800) + 1
    assert end.locator(".end-table tbody tr").count() == 3
    assert re.search(r"wins|share the win", end.locator(".end-winner").inner_text())
    # every player's tickets, done or failed, with the path on the board when hovered
    for row in range(3):
        end.locator(".end-table tbody tr").nth(row).click()
        tickets = end.locator(".end-detail [data-ticket]")
        assert tickets.count() >= 2
        done = end.locator(".end-detail .ticket.done")
        if done.count():
            done.first.hover()
            page.wait_for_selector(".ttr-highlights [data-hl-city]")
            assert page.locator(".ttr-highlights [data-hl-route]").count() >= 1
            page.screenshot(path=str(artifacts / f"end-ticket-path-{row}.png"))
    end.locator('[data-action="longest"]').first.hover()
    assert page.locator(".ttr-highlights [data-hl-route]").count() >= 1
    page.screenshot(path=str(artifacts / "end-longest.png"))
    page.locator('[data-action="replay"]').click()
    page.wait_for_selector(".replay[data-ply]")


def test_tunnel_station_and_ticket_draw(page, server, artifacts):
    s = sc.tunnel_station_tickets()
    with playing_seat_0(page, server, "europe", s.seed) as g:
        keep_tickets(page)
        wait_my_move(page)
        # the tunnel: claim it, see the revealed cards, pay the extra
        click_route(page, s.info["tunnel"])
        page.locator(".pay-panel").wait_for()
        page.screenshot(path=str(artifacts / "tunnel-claim.png"))
        confirm_prompt(page)
        page.locator(".tunnel-revealed").wait_for()
        assert game_state(page)["phase"] == "tunnel"
        assert page.locator(".tunnel-revealed .card").count() >= 1
        page.screenshot(path=str(artifacts / "tunnel-revealed.png"))
        confirm_prompt(page)  # pay
        page.wait_for_selector(f'.ttr-claim[data-claim="{s.info["tunnel"]}"]')
        assert page.locator(".log-entry", has_text="reveals").count() == 1
        # the station
        wait_my_move(page)
        page.locator('[data-action="station"]').click()
        page.locator(".hint-panel").wait_for()
        page.screenshot(path=str(artifacts / "station-choose-city.png"))
        click_city(page, s.info["city"])
        page.locator(".pay-panel").wait_for()
        confirm_prompt(page)
        page.wait_for_selector(f'.ttr-station[data-station="{s.info["city"]}"]')
        page.screenshot(path=str(artifacts / "station-built.png"))
        # a ticket draw: at least one kept
        wait_my_move(page)
        before = int(page.locator('.player[data-seat="0"] .s-tickets').inner_text())
        ply = game_state(page)["ply"]
        page.locator('[data-deck="tickets"]').click()
        wait_ply_change(page, ply)
        page.locator(".keep-panel").wait_for()
        assert page.locator('.keep-panel [data-action="keep"]').is_disabled()  # nothing chosen yet
        page.screenshot(path=str(artifacts / "tickets-offer.png"))
        keep_tickets(page, 1)
        page.wait_for_function(f"() => +document.querySelector('.player[data-seat=\"0\"] .s-tickets').textContent === {before + 1}")
        assert page.locator(".tickets-panel [data-ticket]").count() == before + 1


def test_hot_seat_never_shows_one_seat_the_other_hand(page, server, artifacts):
    page.goto(server)
    page.click('[data-map="usa"]')
    page.select_option('[data-field="players"]', "2")
    page.fill('[data-seat-form="0"] [data-field="name"]', "Ada")
    page.select_option('[data-seat-form="1"] [data-field="kind"]', "here")
    page.fill('[data-seat-form="1"] [data-field="name"]', "Ben")
    assert page.locator(".note").count() == 1  # the hot-seat note
    page.click('[data-action="start"]')
    page.wait_for_selector(".game")
    gid = page.url.split("/g/")[1]
    held = page.evaluate("JSON.parse(localStorage.getItem('ttr.games'))")[gid]["seats"]
    assert set(held) == {"0", "1"}
    names = {0: "Ada", 1: "Ben"}
    reveals = 0
    for turn in range(14):
        page.wait_for_selector(".curtain")
        seat = int(page.locator(".curtain").get_attribute("data-curtain"))
        # behind the curtain: no hand, no tickets of anyone
        assert page.locator(".hand").count() == 0 and page.locator(".tickets-panel").count() == 0
        assert names[seat] in page.locator(".curtain-title").inner_text()
        if turn == 1:
            page.screenshot(path=str(artifacts / "curtain.png"))
        page.locator('[data-action="reveal"]').click()
        reveals += 1
        st = wait_my_move(page)
        assert int(st["seat"]) == seat
        mine = api(server, f"api/games/{gid}", token=held[str(seat)])["view"]["you"]["hand"]
        other = api(server, f"api/games/{gid}", token=held[str(1 - seat)])["view"]["you"]["hand"]
        shown = hand_of(page)
        expect = "+".join(f"{n}{k}" for k, n in sorted(mine.items(), key=lambda kv: _order(kv[0])) if n)
        assert shown == expect, (shown, expect)
        assert shown != "+".join(f"{n}{k}" for k, n in sorted(other.items(), key=lambda kv: _order(kv[0])) if n) or mine == other
        if turn == 2:
            page.screenshot(path=str(artifacts / f"seat-{seat}.png"))
        # play this seat's whole turn
        while True:
            play_one_move(page)
            st = game_state(page)
            if page.locator(".curtain").count() or not st["myturn"]:
                break
    assert reveals == 14


def test_the_hot_seat_curtain_shows_the_servers_spectator_view(page, server, artifacts):
    """Between the seats of one browser the screen shows what a spectator is sent (from a
    spectator WebSocket): the engine stripped the secrets; the client blanks nothing itself."""
    g = create_game(server, "europe", ["human", "human"], seed=11)
    gid = g["id"]
    held = {"id": gid, "map": "europe", "seats": {str(s["seat"]): s["token"] for s in g["seats"]}, "created": 0}
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    page.goto(server)
    page.evaluate("h => localStorage.setItem('ttr.games', JSON.stringify({[h.id]: h}))", held)
    page.goto(f"{server}#/g/{gid}")
    for turn in range(3):
        page.wait_for_selector(".curtain")
        spectator = api(server, f"api/games/{gid}")
        assert spectator["seat"] is None and spectator["view"]["you"] is None and spectator["view"]["legal"] is None
        page.wait_for_function(f"() => window.__ttrShown && window.__ttrShown.turn === {spectator['turn']}")
        assert page.evaluate("window.__ttrShown") == spectator  # the very envelope a spectator is sent
        assert page.locator('.game[data-view-seat="spectator"]').count() == 1
        assert page.locator(".hand").count() == 0 and page.locator(".tickets-panel").count() == 0
        if turn == 1:
            assert page.locator(".curtain-moves li").count()  # the moves since, in words from the log's data
            page.screenshot(path=str(artifacts / "curtain-spectator.png"))
        seat = int(page.locator(".curtain").get_attribute("data-curtain"))
        page.locator('[data-action="reveal"]').click()
        st = wait_my_move(page)
        assert int(st["seat"]) == seat and page.locator(f'.game[data-view-seat="{seat}"]').count() == 1
        assert page.evaluate("window.__ttrShown.seat") == seat
        while True:
            play_one_move(page)
            if page.locator(".curtain").count() or not game_state(page)["myturn"]:
                break
    watching = [u for u in sockets if u.split("?")[0].endswith(f"/ws/games/{gid}") and "token=" not in u]
    assert watching, sockets  # the spectator's WebSocket


def _order(card: str) -> int:
    from ttr.cards import CARD_INDEX
    return CARD_INDEX[card]


def test_world_ship_route_and_harbor(page, server, artifacts):
    s = sc.ship_and_harbor()
    with playing_seat_0(page, server, "world", s.seed) as g:
        keep_tickets(page)
        wait_my_move(page)
        assert game_state(page)["phase"] == "choose-pieces"
        page.screenshot(path=str(artifacts / "pieces.png"))
        ply = game_state(page)["ply"]
        page.locator('[data-action="pieces"]').click()
        wait_ply_change(page, ply)
        wait_my_move(page)
        assert page.locator('[data-deck="ship"]').count() == 1 and page.locator('[data-deck="train"]').count() == 1
        click_route(page, s.info["route"])
        page.locator(".pay-panel").wait_for()
        page.screenshot(path=str(artifacts / "ship-claim.png"))
        confirm_prompt(page)
        page.wait_for_selector(f'.ttr-claim[data-claim="{s.info["route"]}"]')
        wait_my_move(page)
        page.locator('[data-action="harbor"]').click()
        click_city(page, s.info["city"])
        page.locator(".pay-panel").wait_for()
        page.screenshot(path=str(artifacts / "harbor-pay.png"))
        confirm_prompt(page)
        page.wait_for_selector(f'.ttr-harbor[data-harbor="{s.info["city"]}"]')
        assert page.locator('.player[data-seat="0"] .s-harbors').inner_text().strip() == "2"
        page.screenshot(path=str(artifacts / "harbor-built.png"))
        # a face-up card names the deck that refills its slot
        wait_my_move(page)
        slot = page.locator(".face-up .card-button:not([disabled])").first
        ply = game_state(page)["ply"]
        slot.click()
        if page.locator(".refill-pop").count():
            page.screenshot(path=str(artifacts / "refill-choice.png"))
            page.locator(".refill-pop [data-refill]").first.click()
        wait_ply_change(page, ply)


def test_legends_of_the_west_shows_the_event(page, server, artifacts):
    s = sc.newspaper_first_draw()
    with playing_seat_0(page, server, "legends-west", s.seed) as g:
        assert page.locator(".player-score").first.inner_text().startswith("$")  # money, not points
        keep_tickets(page)
        wait_my_move(page)
        assert "No event" in page.locator(".event-card").inner_text()
        draw_blind(page)
        page.wait_for_selector("[data-newspaper]")
        assert s.info["event"] in page.locator("[data-newspaper]").inner_text()
        assert s.info["event"] in page.locator(".event-card").inner_text()
        assert page.locator(".log-entry", has_text="newspaper").count() >= 1
        page.screenshot(path=str(artifacts / "event.png"))


def test_nordic_ferry_payment_chosen_kind_by_kind(page, server, artifacts):
    s = sc.nordic_ferry_families()
    with playing_seat_0(page, server, "nordic", s.seed) as g:
        keep_tickets(page)
        for _ in range(s.info["draw_turns"]):
            wait_my_move(page)
            draw_blind(page)
            if game_state(page)["phase"] == "second-card":
                draw_blind(page)
        wait_my_move(page)
        click_route(page, s.info["route"])
        picker = page.locator(".pay-picker")
        picker.wait_for()
        assert f"{s.info['count']} ways" in picker.inner_text().replace(",", "")
        first = picker.get_attribute("data-payment")
        page.screenshot(path=str(artifacts / "picker.png"))
        # change one kind's count: the others follow, the payment stays legal (Confirm enabled)
        ups = picker.locator('[data-step="up"]:not([disabled])')
        assert ups.count() >= 1
        ups.first.click()
        assert picker.get_attribute("data-payment") != first
        assert page.locator('.prompt [data-action="confirm"]').is_enabled()
        page.screenshot(path=str(artifacts / "picker-changed.png"))
        chosen = picker.get_attribute("data-payment")
        confirm_prompt(page)
        page.wait_for_selector(f'.ttr-claim[data-claim="{s.info["route"]}"]')
        log = api(server, f"api/games/{g['id']}/log")["log"]
        assert any(e.get("action") == f"claim {s.info['route']} {chosen}" for e in log)


def test_a_friend_joins_by_link_and_errors_are_shown_in_words(new_page, server, artifacts):
    host = new_page()
    host.goto(server)
    host.click('[data-map="usa"]')
    host.select_option('[data-field="players"]', "2")
    host.fill('[data-seat-form="0"] [data-field="name"]', "Ada")
    host.select_option('[data-seat-form="1"] [data-field="kind"]', "friend")
    host.fill('[data-seat-form="1"] [data-field="name"]', "Bea")
    host.click('[data-action="start"]')
    link = host.locator("[data-link]").first.input_value()
    assert "#/join/" in link
    host.screenshot(path=str(artifacts / "share-links.png"))
    host.click('[data-action="enter"]')
    friend = new_page()
    friend.goto(link)
    friend.wait_for_selector(".game")
    wait_my_move(host)
    keep_tickets(host)
    wait_my_move(friend)
    assert "Bea" in friend.locator(".player.me .player-name").inner_text()
    # the friend's move is changed on its way to the server: the server refuses it, in words
    friend.route_web_socket(re.compile(r".*/ws/games/.*"), lambda ws: _tamper(ws))
    friend.reload()
    wait_my_move(friend)
    friend.locator(".keep-panel [data-ticket]").nth(0).click()
    friend.locator(".keep-panel [data-ticket]").nth(1).click()
    friend.locator('.keep-panel [data-action="keep"]').click()
    toast = friend.locator('[data-toast="error"]')
    toast.wait_for()
    assert "not allowed" in toast.inner_text()
    friend.screenshot(path=str(artifacts / "error-toast.png"))
    # the lobby lists the game under "your games", with whose move it is
    host.goto(server)
    host.wait_for_selector(f'[data-list="mine"] [data-game]')
    assert "Bea" in host.locator('[data-list="mine"]').inner_text()


def _tamper(ws):
    server = ws.connect_to_server()

    def to_server(message):
        msg = json.loads(message)
        if msg.get("type", "action") == "action" and "action" in msg:
            msg["action"] = "keep 999"
        server.send(json.dumps(msg))

    ws.on_message(to_server)


def test_preferences_colour_letters_one_click_claims_and_no_animations(page, server, artifacts):
    page.goto(server)
    page.click('[data-map="usa"]')
    page.select_option('[data-field="players"]', "2")
    page.click('[data-action="start"]')
    page.wait_for_selector(".game")
    page.click('[data-action="settings"]')
    page.check('[data-pref="cb"]')
    page.uncheck('[data-pref="anim"]')
    page.check('[data-pref="confirm-never"]')
    page.keyboard.press("Escape")
    assert page.locator("html.cb-on").count() == 1 and page.locator("html.no-anim").count() == 1
    assert page.locator("svg.ttr-cb-on").count() == 1
    wait_my_move(page)
    keep_tickets(page)
    for _ in range(12):
        wait_my_move(page)
        routes = selectable_routes(page)
        if routes and game_state(page)["phase"] == "turn":
            ply = game_state(page)["ply"]
            click_route(page, routes[0][0])
            wait_ply_change(page, ply)  # claimed at once: no confirmation asked
            assert page.locator(".pay-panel").count() == 0
            page.wait_for_selector(f'.ttr-claim[data-claim="{routes[0][0]}"]')
            page.screenshot(path=str(artifacts / "one-click-claim.png"))
            break
        play_one_move(page)
    else:
        raise AssertionError("no route became claimable")
    # the letters are on the cards too
    assert page.locator(".hand .card-letter").first.is_visible()
    # keyboard: D draws from the deck
    wait_my_move(page)
    if game_state(page)["phase"] == "turn":
        ply = game_state(page)["ply"]
        page.keyboard.press("d")
        wait_ply_change(page, ply)
        assert game_state(page)["phase"] == "second-card"
