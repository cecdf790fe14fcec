"""Undo: a player takes back their own last action while it revealed nothing hidden and no
one has acted since. Allowed: a claim of a non-tunnel route, a station, a harbor, an
exchange, when nothing was drawn or revealed and the game did not end. Refused: every draw,
ticket draw and keep, piece choice, tunnel claim, pay and decline, anything that drew or
revealed a card or ended the game, and anything after which someone else acted."""
from __future__ import annotations

import random

import pytest

from server_helpers import act, create, random_move, server, tokens, view

UNDOABLE = {"claim", "station", "harbor", "exchange"}


def undo(c, gid, token, turn):
    return c.post(f"/api/games/{gid}/undo", json={"token": token, "turn": turn})


def piles(v: dict) -> tuple:
    w = v["view"]
    return ({k: d["size"] for k, d in w["decks"].items()}, w["ticket_pile_size"],
            (w["edition"] or {}).get("event_deck_size"))


def snapshot(c, gid, tok) -> tuple:
    return tuple(c.get(f"/api/games/{gid}", params={"token": t}).content for t in tok.values()) + \
        (c.get(f"/api/games/{gid}/log").content, c.get(f"/api/games/{gid}").content)


@pytest.mark.parametrize("map_name,players,seed", [("europe", 3, 1), ("usa", 2, 2), ("world", 2, 3),
                                                   ("legends-west", 2, 4), ("nordic", 2, 5)])
def test_undo_is_offered_exactly_when_allowed(tmp_path, map_name, players, seed):
    rng = random.Random(seed)
    seen: dict[tuple[str, bool], int] = {}
    with server(tmp_path) as c:
        g = create(c, map_name, players, seed=seed)
        gid, tok = g["id"], tokens(g)
        for _ in range(2000):
            spectator = view(c, gid)
            if spectator["status"] == "over":
                break
            seat = spectator["view"]["current_player"]
            before = view(c, gid, tok[seat])
            snap = snapshot(c, gid, tok) if rng.random() < 0.5 else None
            move = random_move(before, rng, claim_bias=0.8)
            after = act(c, gid, tok[seat], move, before["turn"]).json()
            entry = c.get(f"/api/games/{gid}/log", params={"since": before["turn"]}).json()["log"][0]
            kind = move.split()[0]
            tunnel = kind == "claim" and c.service.live(gid).game.rules.r_tunnel[int(move.split()[1])]
            events = {e["event"] for e in entry.get("events", ())}
            allowed = (kind in UNDOABLE and not tunnel and events <= {"last-round", "money"}
                       and piles(after) == piles(before) and after["status"] == "playing")
            assert after["can_undo"] == allowed, (move, entry)
            key = ("tunnel" if tunnel else kind, allowed)
            seen[key] = seen.get(key, 0) + 1
            # nobody else may take it back
            other = tok[(seat + 1) % players]
            r = undo(c, gid, other, after["turn"])
            assert r.status_code == 422 and r.json()["error"] == "cannot-undo"
            if not allowed:
                r = undo(c, gid, tok[seat], after["turn"])
                assert r.status_code == 422 and r.json()["error"] == "cannot-undo", r.text
                continue
            assert undo(c, gid, tok[seat], after["turn"] - 1).status_code == 409  # stale
            r = undo(c, gid, tok[seat], after["turn"])
            assert r.status_code == 200 and r.json()["turn"] == before["turn"]
            assert r.json() == {**before, "can_undo": r.json()["can_undo"]}
            if snap is not None:
                assert snapshot(c, gid, tok) == snap  # every seat, the log and spectators: as before
            assert c.service.store.game(gid).ply == before["turn"]
            assert len(c.service.store.actions(gid)) == before["turn"]
            assert act(c, gid, tok[seat], move, before["turn"]).status_code == 200  # play it after all
    assert any(allowed for (_, allowed) in seen), seen
    assert any(not allowed for (_, allowed) in seen), seen


def test_undo_is_refused_once_someone_else_has_acted(tmp_path):
    rng = random.Random(7)
    with server(tmp_path) as c:
        g = create(c, "usa", 2, seed=7)
        gid, tok = g["id"], tokens(g)
        for _ in range(400):
            v = view(c, gid)
            seat = v["view"]["current_player"]
            mine = view(c, gid, tok[seat])
            after = act(c, gid, tok[seat], random_move(mine, rng, claim_bias=1.0), mine["turn"]).json()
            if after["can_undo"]:
                break
        else:
            pytest.fail("no undoable move was played")
        nxt = after["view"]["current_player"]
        theirs = view(c, gid, tok[nxt])
        act(c, gid, tok[nxt], random_move(theirs, rng), theirs["turn"])
        r = undo(c, gid, tok[seat], theirs["turn"] + 1)
        assert r.status_code == 422 and "not yours" in r.json()["detail"]
        assert view(c, gid, tok[seat])["can_undo"] is False
        assert undo(c, gid, None, theirs["turn"] + 1).status_code == 401
        assert undo(c, gid, "bad", theirs["turn"] + 1).status_code == 401


def test_nothing_to_undo_at_the_start(tmp_path):
    with server(tmp_path) as c:
        g = create(c, "europe", 2)
        r = undo(c, g["id"], tokens(g)[0], 0)
        assert r.status_code == 422 and r.json()["detail"] == "nothing has been played"


def test_a_harbor_can_be_taken_back(tmp_path):
    from ttr.agents import make_agent
    with server(tmp_path) as c:
        g = create(c, "world", 2, seed=1)
        gid, tok = g["id"], tokens(g)
        bots = [make_agent("planner", s) for s in range(2)]
        for _ in range(300):
            game = c.service.live(gid).game
            seat = game.current_player
            harbors = [str(a) for a in game.legal_actions() if a.kind == "harbor"]
            move = harbors[0] if harbors else str(bots[seat].act(game.observe(seat)))
            before = view(c, gid, tok[seat])
            after = act(c, gid, tok[seat], move, before["turn"]).json()
            if harbors:
                break
        else:
            pytest.fail("no harbor became legal")
        assert piles(after) == piles(before) and after["can_undo"]  # a harbor draws nothing
        r = undo(c, gid, tok[seat], after["turn"])
        assert r.status_code == 200 and r.json()["view"] == before["view"]


def test_the_move_that_ends_the_game_cannot_be_taken_back(tmp_path):
    rng = random.Random(9)
    with server(tmp_path) as c:
        g = create(c, "usa", 2, seed=9)
        gid, tok = g["id"], tokens(g)
        while True:
            v = view(c, gid)
            if v["status"] == "over":
                break
            seat = v["view"]["current_player"]
            mine = view(c, gid, tok[seat])
            last = act(c, gid, tok[seat], random_move(mine, rng, claim_bias=1.0), mine["turn"]).json()
        assert last["can_undo"] is False
        r = undo(c, gid, tok[seat], last["turn"])
        assert r.status_code == 422 and r.json()["detail"] == "the game is over"


def test_a_bot_still_moves_after_an_undo_and_the_same_move_again_while_it_thinks(tmp_path):
    """The bot's first choice is for a position undone meanwhile: dropped; it plays the new one."""
    import threading

    from ttr.server import bots
    from server_helpers import wait_for_humans

    thinking, release = threading.Event(), threading.Event()
    real_act = bots.ServerBot.act

    def act_when_released(self, obs):
        thinking.set()
        release.wait(10)
        return real_act(self, obs)

    rng = random.Random(12)
    with server(tmp_path) as c:
        g = create(c, "usa", 2, kinds=["human", "random"], seed=12)
        gid, tok = g["id"], tokens(g)
        for _ in range(300):  # until seat 0 makes a move it may take back
            v = wait_for_humans(c, gid, tok)
            mine = view(c, gid, tok[0])
            move = random_move(mine, rng, claim_bias=1.0)
            bots.ServerBot.act = act_when_released
            after = act(c, gid, tok[0], move, mine["turn"]).json()
            if after["can_undo"] and after["view"]["current_player"] == 1:
                break
            bots.ServerBot.act = real_act
            release.set()
            wait_for_humans(c, gid, tok)
            release.clear()
            thinking.clear()
        else:
            pytest.fail("no undoable move")
        assert thinking.wait(10)  # the bot is thinking about the claim's position
        assert undo(c, gid, tok[0], after["turn"]).status_code == 200
        assert act(c, gid, tok[0], move, mine["turn"]).status_code == 200  # the same move again: same ply
        release.set()
        bots.ServerBot.act = real_act
        v = wait_for_humans(c, gid, tok, timeout=10)
        assert v["turn"] >= after["turn"] + 1  # the bot moved
        history = [a.text for a in c.service.store.actions(gid)]
        assert len(history) == v["turn"]


def test_against_bots_a_move_that_may_be_taken_back_leaves_time_to_take_it_back(tmp_path):
    """With bots, the next bot waits `undo_window` seconds after a move its player may take back (not
    the short think delay, after which undo was refused), and the usual delay after any other move."""
    import time

    from server_helpers import wait_for_humans

    rng = random.Random(31)
    with server(tmp_path, undo_window=1.0) as c:
        g = create(c, "usa", 2, kinds=["human", "random"], seed=31)
        gid, tok = g["id"], tokens(g)
        quick = []
        for _ in range(300):  # until seat 0 makes a move it may take back
            wait_for_humans(c, gid, tok)
            mine = view(c, gid, tok[0])
            move = random_move(mine, rng, claim_bias=1.0)
            start = time.monotonic()
            after = act(c, gid, tok[0], move, mine["turn"]).json()
            if after["can_undo"] and after["view"]["current_player"] == 1:
                break
            if after["view"]["current_player"] == 1:
                wait_for_humans(c, gid, tok)
                quick.append(time.monotonic() - start)
        else:
            pytest.fail("no undoable move")
        time.sleep(0.5)  # longer than the think delay (0 here): the bot has not moved
        assert undo(c, gid, tok[0], after["turn"]).status_code == 200
        assert act(c, gid, tok[0], move, mine["turn"]).status_code == 200
        start = time.monotonic()
        v = wait_for_humans(c, gid, tok, timeout=10)
        assert v["turn"] > after["turn"] and time.monotonic() - start >= 0.9  # it waited the window out
        assert quick and max(quick) < 0.9  # after moves that cannot be taken back it did not wait
