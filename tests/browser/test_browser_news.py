"""What happened since a player's last turn: the hot-seat curtain lists every move of the others
since that seat last moved (public information only); the claims made since are marked on the
board until the player acts; a log line that names a route marks it on the board when hovered."""
from __future__ import annotations

from browser_helpers import api, create_game, game_state, play_one_move, wait_my_move


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
