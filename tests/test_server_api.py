"""The HTTP API: games created exactly as ttr.new_game deals them, every error leaving the
game unchanged, spectators, the log, replays, listings, seats handed to bots, limits."""
from __future__ import annotations

import json
import random

import pytest

import ttr
from ttr.cards import CARD_NAMES
from server_helpers import act, create, play_out, random_move, server, tokens, view, wait_for_humans

MAPS = [("usa", 3), ("europe", 4), ("nordic", 2), ("world", 3), ("great-lakes", 2), ("legends-west", 3)]


@pytest.mark.parametrize("map_name,players", MAPS)
def test_a_created_game_is_exactly_new_game(tmp_path, map_name, players):
    with server(tmp_path) as c:
        g = create(c, map_name, players, seed=77)
        engine = ttr.new_game(map_name, players, seed=77)
        for seat, tok in tokens(g).items():
            v = view(c, g["id"], tok)
            assert v["turn"] == 0 and v["seat"] == seat and v["status"] == "playing"
            assert v["view"] == json.loads(json.dumps(engine.view(seat)))


def test_random_first_and_legacy_setup(tmp_path):
    from ttr.editions.legacy.pack import default_setup
    setup = default_setup(3).to_dict()
    setup["start_money"] = 9
    with server(tmp_path) as c:
        g = create(c, "legends-west", 3, seed=5, random_first=True, setup=setup)
        engine = ttr.new_game("legends-west", 3, seed=5, random_first=True, setup=setup)
        v = view(c, g["id"], tokens(g)[1])
        assert v["view"] == json.loads(json.dumps(engine.view(1)))
        assert v["view"]["edition"]["money"] == [9, 9, 9]
        r = c.post("/api/games", json={"map": "usa", "players": 2, "seats": [{"kind": "human"}] * 2,
                                       "setup": setup})
        assert r.status_code == 422 and r.json()["error"] == "invalid"


@pytest.mark.parametrize("body,detail", [
    ({"map": "mars", "players": 2, "seats": [{"kind": "human"}] * 2}, "body.map"),
    ({"map": "usa", "players": 9, "seats": [{"kind": "human"}] * 9}, "body.players"),
    ({"map": "nordic", "players": 4, "seats": [{"kind": "human"}] * 4}, "2-3 players"),
    ({"map": "usa", "players": 2, "seats": [{"kind": "human"}]}, "1 seats given"),
    ({"map": "usa", "players": 2, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "genius"}]}, "seats.1.bot"),
    ({"map": "usa", "players": 2, "seats": [{"kind": "human"}, {"kind": "bot"}]}, "needs a bot"),
    ({"map": "usa", "players": 2, "seats": [{"kind": "human", "name": "Ann\u0000"}, {"kind": "human"}]},
     "seats.0.name"),
    ({"map": "usa", "players": 2, "seats": [{"kind": "human", "name": "A\nB"}, {"kind": "human"}]}, "seats.0.name"),
    ({"map": "usa", "players": "2", "seats": [{"kind": "human"}] * 2}, "body.players"),
    ({"map": "usa", "players": 2, "seats": [{"kind": "human"}, {"kind": "alien"}]}, "seats.1.kind"),
    ({"map": "usa", "players": 2, "seats": [{"kind": "human"}] * 2, "seed": -1}, "seed"),
])
def test_bad_creations_are_refused(tmp_path, body, detail):
    with server(tmp_path) as c:
        r = c.post("/api/games", json=body)
        assert r.status_code == 422 and detail in r.json()["detail"], r.text
        assert c.get("/api/games").json() == []


def test_every_error_leaves_the_game_unchanged(tmp_path):
    with server(tmp_path) as c:
        g = create(c, "europe", 2, seed=3)
        gid, tok = g["id"], tokens(g)
        act(c, gid, tok[0], "keep " + view(c, gid, tok[0])["view"]["legal"][0]["texts"][0], 0)
        before = {s: c.get(f"/api/games/{gid}", params={"token": t}).content for s, t in tok.items()}
        log_before = c.get(f"/api/games/{gid}/log").content
        engine = ttr.replay("europe", 2, 3, [a.text for a in c.service.store.actions(gid)])
        offer = view(c, gid, tok[1])["view"]["you"]["offer"]
        cases = [
            ({"action": "pass", "turn": 1}, 401, "bad-token"),                                   # no token
            ({"token": "x" * 32, "action": "pass", "turn": 1}, 401, "bad-token"),                 # bad token
            ({"token": tok[0], "action": "pass", "turn": 1}, 403, "not-your-move"),
            ({"token": tok[1], "action": "keep " + " ".join(map(str, offer)), "turn": 0}, 409, "stale-turn"),
            ({"token": tok[1], "action": "claim 1 1red", "turn": 1}, 422, "illegal-action"),
            ({"token": tok[1], "action": "fly to the moon", "turn": 1}, 422, "illegal-action"),
            ({"token": tok[1], "action": "keep", "turn": 1}, 422, "illegal-action"),
            ({"token": tok[1], "turn": 1}, 422, "invalid-request"),
            ({"token": tok[1], "action": "pass", "turn": "one"}, 422, "invalid-request"),
            # a legal move with its turn as text: refused, not coerced and played
            ({"token": tok[1], "action": "keep " + " ".join(map(str, offer)), "turn": "1"}, 422, "invalid-request"),
        ]
        for body, status, code in cases:
            r = c.post(f"/api/games/{gid}/actions", json=body)
            assert (r.status_code, r.json()["error"]) == (status, code), (body, r.text)
            for s, t in tok.items():
                assert c.get(f"/api/games/{gid}", params={"token": t}).content == before[s]
            assert c.get(f"/api/games/{gid}/log").content == log_before
            assert c.service.store.game(gid).ply == 1
        r = c.post(f"/api/games/{gid}/actions", json={"token": tok[1], "action": "claim 1 1red", "turn": 1})
        try:
            engine.apply("claim 1 1red")
        except ttr.IllegalActionError as e:
            assert r.json()["detail"] == str(e)  # the engine's own explanation
        assert c.post("/api/games/nope/actions", json={"token": tok[1], "action": "pass", "turn": 1}).status_code == 404
        assert c.get("/api/games/nope").status_code == 404
        assert c.get("/api/games/" + "x" * 40).status_code == 404


def test_a_move_is_answered_with_the_new_view_and_stored(tmp_path):
    with server(tmp_path) as c:
        g = create(c, "usa", 2, seed=9)
        gid, tok = g["id"], tokens(g)
        v = view(c, gid, tok[0])
        keep = "keep " + v["view"]["legal"][0]["texts"][-1]
        r = act(c, gid, tok[0], keep, 0)
        assert r.status_code == 200 and r.json()["turn"] == 1 and r.json() == view(c, gid, tok[0])
        rows = c.service.store.actions(gid)
        assert [(a.n, a.seat, a.text) for a in rows] == [(0, 0, keep)]


def test_spectators_see_only_public_information(tmp_path):
    with server(tmp_path) as c:
        g = create(c, "europe", 3, seed=4)
        gid, tok = g["id"], tokens(g)
        for turn in range(3):
            v = view(c, gid, tok[turn])
            assert act(c, gid, tok[turn], "keep " + v["view"]["legal"][0]["texts"][0], turn).status_code == 200
        s = c.get(f"/api/games/{gid}").json()
        assert s["seat"] is None and s["can_undo"] is False and "history" not in s["view"]
        assert s["view"] == json.loads(json.dumps(c.service.live(gid).game.view(None, legal=False)))
        assert s["view"]["you"] is None and s["view"]["legal"] is None and s["view"]["legal_count"] == 0
        text = json.dumps(s)
        for p in range(3):
            assert json.dumps(view(c, gid, tok[p])["view"]["you"]["hand"]) not in text
        spectator_log = c.get(f"/api/games/{gid}/log").json()
        assert spectator_log == c.get(f"/api/games/{gid}/log", params={"token": tok[0]}).json()
        assert all("action" not in e and e["kept"] >= 2 for e in spectator_log["log"])


def test_the_log_is_the_public_record(tmp_path):
    with server(tmp_path) as c:
        g = create(c, "europe", 2, kinds=["human", "random"], seed=12)
        gid, tok = g["id"], tokens(g)
        final = play_out(c, gid, tok, random.Random(1))
        log = c.get(f"/api/games/{gid}/log").json()["log"]
        game = c.service.live(gid).game
        assert len(log) == game.ply == final["turn"]
        for e, a in zip(log, game.actions):
            assert e["kind"] == a.kind and isinstance(e["text"], str) and e["at"] > 0
            if a.kind == "keep":
                assert "action" not in e and e["kept"] == len(a.target)
            else:
                assert e["action"] == str(a)  # a blind draw is 'draw deck': the card is never named
            if a.kind == "claim":  # the target and the cards as data: clients never parse the text
                assert e["target"] == a.target and e["cards"] == {CARD_NAMES[k]: n for k, n in a.cards}
        assert log[-1]["events"][-1]["event"] == "game-over"
        assert log[-1]["events"][-1]["result"]["totals"] == [p["total"] for p in final["view"]["result"]["players"]]
        assert c.get(f"/api/games/{gid}/log", params={"since": 5}).json()["log"] == log[5:]


def test_replay_only_once_over_and_it_replays(tmp_path):
    with server(tmp_path) as c:
        g = create(c, "nordic", 2, kinds=["human", "greedy"], seed=21)
        gid, tok = g["id"], tokens(g)
        r = c.get(f"/api/games/{gid}/replay")
        assert r.status_code == 409 and r.json()["error"] == "not-over"
        play_out(c, gid, tok, random.Random(2))
        rec = c.get(f"/api/games/{gid}/replay").json()
        assert rec["seed"] == 21 and rec["map"] == "nordic"
        again = ttr.replay(rec["map"], rec["players"], rec["seed"], rec["history"], rec["random_first"])
        assert again.is_over and again.result() == rec["result"] and list(again.seats) == rec["history_seats"]


def test_maps_bots_health_and_openapi(tmp_path):
    with server(tmp_path) as c:
        maps = c.get("/api/maps").json()
        assert {m["name"] for m in maps} == set(ttr.map_names())
        europe = c.get("/api/maps/europe").json()
        assert len(europe["routes"]) == len(ttr.load_map("europe").routes)
        assert c.get("/api/maps/../../etc/passwd").status_code == 404
        assert c.get("/api/maps/mars").status_code == 404
        bots = c.get("/api/bots").json()
        assert [b["name"] for b in bots] == ["random", "greedy", "planner", "search"]
        assert all(b["description"] for b in bots)
        assert all(set(b["ratings"]) == set(ttr.map_names()) for b in bots)  # the ladder's, every board
        assert bots[3]["ratings"]["usa"] > bots[0]["ratings"]["usa"]  # search above random
        h = c.get("/api/health").json()
        assert h["status"] == "ok" and h["database"] == "sqlite"
        spec = c.get("/openapi.json").json()
        for path in ("/api/games", "/api/games/{gid}", "/api/games/{gid}/actions", "/api/games/{gid}/log",
                     "/api/games/{gid}/replay", "/api/games/{gid}/undo", "/api/maps", "/api/bots"):
            assert path in spec["paths"]


def test_listings_open_finished_and_mine(tmp_path):
    with server(tmp_path) as c:
        a = create(c, "usa", 2, seed=1)
        b = create(c, "usa", 2, kinds=["human", "random"], seed=2)
        d = create(c, "europe", 2, kinds=["random", "random"], seed=3)
        wait_for_humans(c, d["id"], {}, timeout=60)
        open_ids = {g["id"] for g in c.get("/api/games", params={"status": "playing"}).json()}
        assert open_ids == {a["id"], b["id"]}
        done = c.get("/api/games", params={"status": "over"}).json()
        assert [g["id"] for g in done] == [d["id"]] and len(done[0]["result"]["totals"]) == 2
        mine = c.post("/api/games/mine", json={"tokens": [tokens(a)[1], b["admin_token"], "nonsense"]}).json()
        got = {g["id"]: (g["my_seats"], g["creator"]) for g in mine}
        assert got == {a["id"]: ([1], False), b["id"]: ([], True)}
        assert "token" not in json.dumps(c.get("/api/games").json()).replace("has_token", "")


def test_seats_handed_to_bots_and_back(tmp_path):
    with server(tmp_path, seat_timeout=3600) as c:
        g = create(c, "usa", 3, seed=8)
        gid, tok = g["id"], tokens(g)
        url = f"/api/games/{gid}/seats/0"
        # another player may not, before the seat has kept the game waiting for the timeout
        r = c.post(url, json={"token": tok[1], "kind": "bot", "bot": "random"})
        assert r.status_code == 403
        assert c.post(url, json={"token": "wrong", "kind": "bot", "bot": "random"}).status_code == 401
        assert c.post(url, json={"token": g["admin_token"], "kind": "bot", "bot": "chess"}).status_code == 422
        c.service.seat_timeout = 0
        r = c.post(url, json={"token": tok[1], "kind": "bot", "bot": "random"})
        assert r.status_code == 200 and r.json()["seats"][0]["kind"] == "bot"
        v = wait_for_humans(c, gid, {1: tok[1], 2: tok[2]})
        assert v["turn"] == 1  # the bot kept its tickets
        assert act(c, gid, tok[0], "pass", 1).json()["error"] == "not-your-move"
        # only the creator or the seat's own token takes it back
        c.service.seat_timeout = 3600
        assert c.post(url, json={"token": tok[2], "kind": "human"}).status_code == 403
        assert c.post(url, json={"token": tok[0], "kind": "human"}).json()["seats"][0]["kind"] == "human"
        assert c.post(f"/api/games/{gid}/seats/2", json={"token": g["admin_token"], "kind": "bot",
                                                          "bot": "planner"}).status_code == 200
        assert c.post(f"/api/games/{gid}/seats/7", json={"token": g["admin_token"], "kind": "bot",
                                                          "bot": "planner"}).status_code == 404


def test_tokens_in_a_header_limits_cors_and_pages(tmp_path):
    with server(tmp_path, static_dir=tmp_path / "no-client") as c:  # as if the client were not built
        g = create(c, "usa", 2)
        gid, tok = g["id"], tokens(g)
        r = c.get(f"/api/games/{gid}", headers={"Authorization": f"Bearer {tok[1]}"})
        assert r.json()["seat"] == 1
        assert c.get(f"/api/games/{gid}", headers={"Authorization": "Bearer nope"}).status_code == 401
        r = c.post(f"/api/games/{gid}/actions", content=b'{"action": "' + b"x" * 70000 + b'", "turn": 0}',
                   headers={"content-type": "application/json"})
        assert r.status_code == 413 and r.json()["error"] == "too-large"
        assert "access-control-allow-origin" not in c.get("/api/maps", headers={"Origin": "http://evil.example"}).headers
        assert "not built" in c.get("/").text
    static = tmp_path / "static"
    static.mkdir()
    (static / "index.html").write_text("<h1>client</h1>")
    with server(tmp_path, cors_origins=["http://localhost:5173"], static_dir=static) as c:
        assert c.get("/").text == "<h1>client</h1>"
        r = c.get("/api/maps", headers={"Origin": "http://localhost:5173"})
        assert r.headers["access-control-allow-origin"] == "http://localhost:5173"
        assert c.get("/api/health").status_code == 200


def test_games_leave_memory_and_come_back_exactly(tmp_path):
    with server(tmp_path, cache_size=1) as c:
        seeds = (1, 2, 3)
        games = [create(c, "europe", 2, seed=s) for s in seeds]
        rng = random.Random(5)
        for _ in range(12):
            for g in games:
                v = wait_for_humans(c, g["id"], tokens(g))
                seat = v["view"]["current_player"]
                mine = view(c, g["id"], tokens(g)[seat])
                assert act(c, g["id"], tokens(g)[seat], random_move(mine, rng), mine["turn"]).status_code == 200
        assert c.service.cached() <= 2
        for g, seed in zip(games, seeds):
            engine = ttr.replay("europe", 2, seed, [a.text for a in c.service.store.actions(g["id"])])
            for seat, t in tokens(g).items():
                assert view(c, g["id"], t)["view"] == json.loads(json.dumps(engine.view(seat)))


def test_a_move_the_database_refuses_is_not_played(tmp_path):
    from ttr.server.storage import StorageError
    with server(tmp_path) as c:
        g = create(c, "usa", 2, seed=11)
        gid, tok = g["id"], tokens(g)
        move = "keep " + view(c, gid, tok[0])["view"]["legal"][0]["texts"][0]
        before = c.get(f"/api/games/{gid}", params={"token": tok[0]}).content
        store = c.service.store
        real = store.append

        def failing(*a, **kw):
            raise StorageError("disk full")
        store.append = failing
        r = act(c, gid, tok[0], move, 0)
        assert r.status_code == 503 and r.json()["error"] == "unavailable"
        assert c.get(f"/api/games/{gid}", params={"token": tok[0]}).content == before
        assert c.get(f"/api/games/{gid}/log").json()["log"] == []
        store.append = real
        assert act(c, gid, tok[0], move, 0).status_code == 200
        assert [a.text for a in store.actions(gid)] == [move]


def test_a_slow_bot_holds_up_neither_the_server_nor_other_games(tmp_path):
    import threading
    import time

    from ttr.server import bots

    release = threading.Event()
    real_act = bots.ServerBot.act

    def act_slowly(self, obs):
        if self.name == "search":  # stands for a bot that thinks for a long time
            release.wait(10)
        return real_act(self, obs)

    bots.ServerBot.act = act_slowly
    try:
        with server(tmp_path, bot_workers=2) as c:
            slow = create(c, "usa", 2, kinds=["search", "human"], seed=1)
            quick = create(c, "usa", 2, kinds=["random", "human"], seed=2)
            t0 = time.monotonic()
            assert view(c, slow["id"])["turn"] == 0  # the slow game answers while its bot thinks
            v = wait_for_humans(c, quick["id"], tokens(quick), timeout=5)  # the other game's bot has moved
            assert v["turn"] == 1 and time.monotonic() - t0 < 5
            assert view(c, slow["id"])["turn"] == 0
            release.set()
            assert wait_for_humans(c, slow["id"], tokens(slow))["turn"] == 1
    finally:
        bots.ServerBot.act = real_act


def test_a_bot_move_the_database_refuses_is_tried_again(tmp_path):
    from ttr.server.storage import StorageError
    with server(tmp_path) as c:
        c.app.state.runner.RETRY = 0.05
        store = c.service.store
        real, calls = store.append, []

        def fail_twice(*a, **kw):
            calls.append(a)
            if len(calls) <= 2:
                raise StorageError("disk busy")
            return real(*a, **kw)
        store.append = fail_twice
        g = create(c, "usa", 2, kinds=["random", "human"], seed=4)
        v = wait_for_humans(c, g["id"], tokens(g), timeout=10)
        assert v["turn"] == 1 and len(calls) == 3  # the third try was stored
        assert len(store.actions(g["id"])) == 1


def test_an_unseeded_game_has_a_secret_63_bit_seed(tmp_path):
    with server(tmp_path) as c:
        r = c.post("/api/games", json={"map": "usa", "players": 2, "seats": [{"kind": "human"}] * 2})
        gid = r.json()["id"]
        seed = c.service.store.game(gid).seed
        assert 0 <= seed < 2**63
        everything = c.get(f"/api/games/{gid}").text + c.get("/api/games").text + c.get(f"/api/games/{gid}/log").text
        assert str(seed) not in everything and c.get(f"/api/games/{gid}/replay").status_code == 409


def test_one_app_may_be_started_and_stopped_again(tmp_path):
    """A test client (or a server) may run the app's start-up and shut-down more than once."""
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient
    from ttr.server import create_app
    app = create_app(f"sqlite:///{tmp_path / 'again.db'}", bot_delay=0)
    for seed in (1, 2):
        with TestClient(app) as c:
            g = c.post("/api/games", json={"map": "usa", "players": 2, "seed": seed,
                                           "seats": [{"kind": "bot", "bot": "random"}, {"kind": "human"}]}).json()
            c.service = app.state.service
            assert wait_for_humans(c, g["id"], tokens(g), timeout=10)["turn"] == 1


def test_every_response_carries_the_security_headers_and_a_405_names_its_methods(tmp_path):
    with server(tmp_path) as c:
        for path in ("/", "/api/maps", "/api/games/nope"):
            r = c.get(path)
            assert r.headers["x-content-type-options"] == "nosniff"
            assert r.headers["referrer-policy"] == "no-referrer"  # a seat's link carries its token
            assert r.headers["x-frame-options"] == "DENY"
            csp = r.headers["content-security-policy"]
            assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp
        docs = c.get("/docs")  # FastAPI's viewer loads from its CDN: no policy there, the rest still
        assert docs.status_code == 200 and "content-security-policy" not in docs.headers
        assert docs.headers["x-content-type-options"] == "nosniff"
        for method, path, allow in (("DELETE", "/api/games", "GET, POST"), ("OPTIONS", "/api/games/x", "GET"),
                                    ("PUT", "/api/maps", "GET"), ("DELETE", "/api/games/x/actions", "POST"),
                                    ("POST", "/index.html", "GET, HEAD")):
            r = c.request(method, path)
            assert (r.status_code, r.headers["allow"]) == (405, allow), (method, path, r.headers)


def test_with_the_database_down_reads_get_a_json_503_and_health_says_so(tmp_path):
    import sqlalchemy as sa
    with server(tmp_path) as c:
        g = create(c, "usa", 2, seed=4)
        assert c.get("/api/health").json()["status"] == "ok"
        store = c.service.store
        working = store.engine
        store.engine = sa.create_engine(f"sqlite:///{tmp_path}/no/such/dir/x.db")  # every connection fails
        try:
            r = c.get("/api/health")
            assert r.status_code == 503 and r.json()["status"] == "database-unavailable"
            for path in ("/api/games", "/api/games/unknown-game"):  # (a game in memory is still served)
                r = c.get(path)
                assert r.status_code == 503, (path, r.text)
                body = r.json()
                assert body["error"] == "unavailable" and "SELECT" not in r.text and "sqlite" not in r.text.lower()
        finally:
            store.engine = working
        assert c.get("/api/health").status_code == 200
