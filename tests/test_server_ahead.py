"""Choices made ahead of one's turn (docs/protocol.md, "Choosing ahead"): at a table by link the
seats choose their first tickets (Rails & Sails: their pieces) at once; the server keeps each
choice and plays it, in seat order, when the seat's turn comes, so the game is the one of seats
choosing in turn. What may be chosen comes from the engine; nothing of a choice reaches the
other seats but that it was made."""
from __future__ import annotations

import json

import ttr
from server_helpers import act, create, server, tokens, view


def keeps(v: dict) -> list[str]:
    """The keep texts a response offers ahead (its `ahead` groups)."""
    group = next(g for g in v["ahead"] if g["kind"] == "keep")
    return ["keep " + t for t in group["texts"]]


def test_seats_choose_their_first_tickets_at_once_and_the_game_is_the_one_chosen_in_turn(tmp_path):
    with server(tmp_path) as c:
        g = create(c, "europe", 3, seed=4)
        gid, tok = g["id"], tokens(g)
        first = view(c, gid, tok[0])
        assert first["ahead"] is None and first["view"]["current_player"] == 0  # its turn: the usual way
        two, one = keeps(view(c, gid, tok[2]))[-1], keeps(view(c, gid, tok[1]))[0]
        for seat, text in ((2, two), (1, one)):
            r = act(c, gid, tok[seat], text, 0)
            assert r.status_code == 200, r.text
            assert r.json()["my_choice"] == text and r.json()["turn"] == 0
        assert view(c, gid, tok[0])["chosen"] == [1, 2]
        mine = first["view"]["legal"][0]["texts"][0]
        r = act(c, gid, tok[0], "keep " + mine, 0)
        assert r.status_code == 200, r.text
        after = r.json()
        assert after["turn"] == 3 and after["view"]["phase"] == "turn" and after["chosen"] == []
        # the same game as the seats keeping in turn, entry by entry
        same = ttr.new_game("europe", 3, 4)
        for text in ("keep " + mine, one, two):
            same.apply(text)
        assert c.service.live(gid).game.history == same.history
        assert [e["seat"] for e in c.get(f"/api/games/{gid}/log").json()["log"]] == [0, 1, 2]


def test_the_engine_says_what_may_be_chosen_ahead(tmp_path):
    with server(tmp_path) as c:
        g = create(c, "europe", 2, seed=6)
        gid, tok = g["id"], tokens(g)
        v = view(c, gid, tok[1])
        assert [x["kind"] for x in v["ahead"]] == ["keep"]
        offer = v["view"]["you"]["offer"]
        theirs = view(c, gid, tok[0])["view"]["you"]["offer"]
        for bad, why in ((f"keep {theirs[0]} {theirs[1]}", "illegal-action"), (f"keep {offer[0]}", "illegal-action"),
                         ("draw deck", "illegal-action"), ("keep x", "illegal-action")):
            r = act(c, gid, tok[1], bad, 0)
            assert r.status_code == 422 and r.json()["error"] == why, (bad, r.text)
        assert view(c, gid, tok[1])["my_choice"] is None and view(c, gid)["chosen"] == []
        # changed until its turn comes: the last choice is played
        a, b = keeps(v)[0], keeps(v)[-1]
        assert act(c, gid, tok[1], a, 0).status_code == 200
        assert act(c, gid, tok[1], b, 0).json()["my_choice"] == b
        act(c, gid, tok[0], "keep " + view(c, gid, tok[0])["view"]["legal"][0]["texts"][0], 0)
        assert c.service.live(gid).game.history[1] == b
        # its turn has passed: nothing more is chosen ahead
        again = view(c, gid, tok[1])
        assert again["ahead"] is None
        r = act(c, gid, tok[1], b, again["turn"])
        assert r.status_code in (403, 422), r.text


def test_a_choice_made_ahead_shows_only_that_it_was_made(tmp_path):
    """Seat 0's answers and a spectator's are the same bytes whichever tickets seat 1 chose."""
    seen = []
    for pick in (0, -1):
        (tmp_path / str(pick)).mkdir()
        with server(tmp_path / str(pick)) as c:
            g = create(c, "usa", 2, seed=9)
            gid, tok = g["id"], tokens(g)
            with c.websocket_connect(f"/ws/games/{gid}?token={tok[0]}") as ws:
                json.loads(ws.receive_text())
                assert act(c, gid, tok[1], keeps(view(c, gid, tok[1]))[pick], 0).status_code == 200
                pushed = json.loads(ws.receive_text())
            assert pushed["chosen"] == [1] and pushed["my_choice"] is None
            seen.append([{k: v for k, v in x.items() if k != "id"} for x in (pushed, view(c, gid, tok[0]), view(c, gid))])
    assert seen[0] == seen[1]


def test_a_choice_made_ahead_survives_a_restart_and_a_bot_before_it(tmp_path):
    db = f"sqlite:///{tmp_path / 'keep.db'}"
    with server(tmp_path, db=db) as c:
        g = create(c, "usa", 3, kinds=["human", "human", "human"], seed=2)
        gid, tok = g["id"], tokens(g)
        text = keeps(view(c, gid, tok[2]))[0]
        assert act(c, gid, tok[2], text, 0).status_code == 200
        # seat 0 leaves its seat to a bot
        assert c.post(f"/api/games/{gid}/seats/0", json={"token": tok[0], "kind": "bot", "bot": "planner"}).status_code == 200
    with server(tmp_path, db=db) as c:  # a restart: the choice is stored
        assert view(c, gid, tok[2])["my_choice"] == text
        v = view(c, gid, tok[1])
        for _ in range(500):
            if v["view"]["current_player"] == 1:
                break
            v = view(c, gid, tok[1])
        r = act(c, gid, tok[1], "keep " + v["view"]["legal"][0]["texts"][0], v["turn"])
        assert r.status_code == 200, r.text
        assert r.json()["turn"] == 3 and c.service.live(gid).game.history[2] == text


def test_rails_and_sails_pieces_are_chosen_ahead_too(tmp_path):
    with server(tmp_path) as c:
        g = create(c, "world", 2, seed=3)
        gid, tok = g["id"], tokens(g)
        assert act(c, gid, tok[1], keeps(view(c, gid, tok[1]))[0], 0).status_code == 200  # first tickets
        r = act(c, gid, tok[0], "keep " + view(c, gid, tok[0])["view"]["legal"][0]["texts"][0], 0)
        assert r.json()["turn"] == 2
        v = view(c, gid, tok[1])
        assert v["view"]["phase"] == "choose-pieces" and v["view"]["current_player"] == 0
        assert [x["kind"] for x in v["ahead"]] == ["pieces"]
        pieces = "pieces " + v["ahead"][0]["texts"][0]
        assert act(c, gid, tok[1], pieces, 2).status_code == 200
        theirs = view(c, gid, tok[0])["view"]["players"][1]
        assert theirs["pieces_chosen"] is False and theirs["ships"] == 0  # the engine's state: not chosen yet
        mine = view(c, gid, tok[0])["view"]["legal"][0]["texts"][-1]
        assert act(c, gid, tok[0], "pieces " + mine, 2).json()["turn"] == 4
        assert c.service.live(gid).game.history[3] == pieces


def test_bots_and_spectators_choose_nothing_ahead(tmp_path):
    with server(tmp_path) as c:
        g = create(c, "usa", 2, kinds=["human", "planner"], seed=1)
        gid = g["id"]
        assert view(c, gid)["ahead"] is None and view(c, gid)["my_choice"] is None
        assert c.service.live(gid).ahead(1) is None


def test_a_choice_not_played_in_time_gives_way_to_the_seats_own_move(tmp_path, monkeypatch):
    """If the database fails just as a choice made ahead should be played, the move before it still
    stands; the seat then moves as usual, and its stored choice goes."""
    from ttr.server.errors import Unavailable
    with server(tmp_path) as c:
        g = create(c, "usa", 2, seed=4)
        gid, tok = g["id"], tokens(g)
        mine = keeps(view(c, gid, tok[1]))
        assert act(c, gid, tok[1], mine[0], 0).status_code == 200
        svc = c.service

        def fail(live):
            raise Unavailable("the database did not answer")

        monkeypatch.setattr(svc, "_play_choices", fail)
        r = act(c, gid, tok[0], "keep " + view(c, gid, tok[0])["view"]["legal"][0]["texts"][0], 0)
        assert r.status_code == 200 and r.json()["turn"] == 1  # seat 0's move stands
        monkeypatch.undo()
        v = view(c, gid, tok[1])
        assert v["view"]["current_player"] == 1 and v["my_choice"] == mine[0] and v["ahead"] is None
        r = act(c, gid, tok[1], mine[-1], 1)  # another keep, the usual way
        assert r.status_code == 200 and r.json()["chosen"] == [] and r.json()["my_choice"] is None
        assert svc.store.game(gid).choices == {} and svc.live(gid).game.history[1] == mine[-1]
