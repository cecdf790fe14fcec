"""The WebSocket: the first message is the seat's view with the whole log, every change
pushes the new view and the new log entries, moves and undos go the same way as the POSTs."""
from __future__ import annotations

import json
import random

from server_helpers import act, create, random_move, server, tokens, view


def recv(ws) -> dict:
    return json.loads(ws.receive_text())


def test_first_message_then_an_update_per_change(tmp_path):
    with server(tmp_path) as c:
        g = create(c, "europe", 2, seed=2)
        gid, tok = g["id"], tokens(g)
        with c.websocket_connect(f"/ws/games/{gid}?token={tok[0]}") as w0, \
                c.websocket_connect(f"/ws/games/{gid}") as spy:
            first = recv(w0)
            assert first["type"] == "update" and first["seat"] == 0 and first["log_from"] == 0 and first["log"] == []
            assert {k: v for k, v in first.items() if k not in ("type", "log", "log_from")} == view(c, gid, tok[0])
            assert recv(spy)["seat"] is None
            v = view(c, gid, tok[0])
            move = "keep " + v["view"]["legal"][0]["texts"][0]
            assert act(c, gid, tok[0], move, 0).status_code == 200  # a POST from elsewhere is pushed too
            up = recv(w0)
            assert up["turn"] == 1 and up["log_from"] == 0 and len(up["log"]) == 1 and up["log"][0]["kept"] == 2
            s = recv(spy)
            assert s["view"]["you"] is None and s["log"] == up["log"]


def test_moves_over_the_socket_and_their_errors(tmp_path):
    with server(tmp_path) as c:
        g = create(c, "usa", 2, seed=3)
        gid, tok = g["id"], tokens(g)
        with c.websocket_connect(f"/ws/games/{gid}?token={tok[0]}") as ws:
            first = recv(ws)
            move = "keep " + first["view"]["legal"][0]["texts"][0]
            ws.send_text(json.dumps({"type": "action", "action": move, "turn": 0, "id": "a1"}))
            up, ack = recv(ws), recv(ws)
            assert up["type"] == "update" and up["turn"] == 1
            assert ack == {"type": "ack", "id": "a1", "turn": 1}
            for msg, status, code in [
                ({"action": move, "turn": 0, "id": 2}, 409, "stale-turn"),
                ({"action": "pass", "turn": 1, "id": 3}, 403, "not-your-move"),
                ({"type": "dance", "turn": 1}, 422, "invalid-request"),
                ({"action": 5, "turn": 1}, 422, "invalid-request"),
                ({"type": "undo", "turn": 1}, 422, "cannot-undo"),
            ]:
                ws.send_text(json.dumps(msg))
                err = recv(ws)
                assert (err["type"], err["status"], err["error"]) == ("error", status, code), err
                assert err["id"] == msg.get("id")
            ws.send_text("not json")
            assert recv(ws)["error"] == "invalid-request"
            ws.send_text(json.dumps({"type": "ping", "id": 9}))
            assert recv(ws) == {"type": "pong", "id": 9}
            ws.send_text(json.dumps({"action": "x" * 20000, "turn": 1}))
            assert recv(ws)["status"] == 413
        assert c.service.store.game(gid).ply == 1


def test_spectators_and_bad_tokens(tmp_path):
    with server(tmp_path) as c:
        g = create(c, "usa", 2)
        gid = g["id"]
        with c.websocket_connect(f"/ws/games/{gid}?token=wrong") as ws:
            err = recv(ws)
            assert err["type"] == "error" and err["status"] == 401
        with c.websocket_connect("/ws/games/nothing") as ws:
            assert recv(ws)["status"] == 404
        with c.websocket_connect(f"/ws/games/{gid}") as ws:
            recv(ws)
            ws.send_text(json.dumps({"action": "pass", "turn": 0}))
            assert recv(ws)["status"] == 401


def test_bots_are_pushed_and_undo_truncates_the_log(tmp_path):
    rng = random.Random(4)
    with server(tmp_path) as c:
        g = create(c, "usa", 2, kinds=["human", "random"], seed=4)
        gid, tok = g["id"], tokens(g)
        with c.websocket_connect(f"/ws/games/{gid}?token={tok[0]}") as ws:
            state = recv(ws)
            log = state["log"]
            for _ in range(300):
                if state["status"] == "over":
                    break
                if state["view"]["current_player"] == 0:
                    move = random_move(state, rng, claim_bias=1.0)
                    ws.send_text(json.dumps({"action": move, "turn": state["turn"], "id": state["turn"]}))
                msg = recv(ws)
                if msg["type"] == "ack":
                    continue
                assert msg["type"] == "update"
                log = log[:msg["log_from"]] + msg["log"]
                assert len(log) == msg["turn"]
                state = msg
                if state["can_undo"] and state["view"]["current_player"] != 0:
                    break  # our claim; the bot has not moved yet (it may: the race is fine either way)
            assert log == c.get(f"/api/games/{gid}/log").json()["log"][:len(log)]
        # an undo over the socket: the push says the log is cut back
        g2 = create(c, "europe", 2, seed=6)
        gid2, tok2 = g2["id"], tokens(g2)
        with c.websocket_connect(f"/ws/games/{gid2}?token={tok2[0]}") as ws:
            state = recv(ws)
            for _ in range(400):
                seat = state["view"]["current_player"]
                mine = view(c, gid2, tok2[seat])
                r = act(c, gid2, tok2[seat], random_move(mine, rng, claim_bias=1.0), mine["turn"]).json()
                state = recv(ws)
                if r["can_undo"] and seat == 0:
                    break
            ws.send_text(json.dumps({"type": "undo", "turn": state["turn"], "id": "u"}))
            up, ack = recv(ws), recv(ws)
            assert up["turn"] == state["turn"] - 1 and up["log_from"] == up["turn"] and up["log"] == []
            assert ack["type"] == "ack"


def test_odd_frames_get_an_error_and_the_socket_stays_usable(tmp_path):
    """A binary frame, JSON nested too deeply and a lone surrogate in a text: each gets an error
    reply (they used to drop the connection, or leave it open and silent for good)."""
    with server(tmp_path) as c:
        g = create(c, "usa", 2, seed=3)
        gid, tok = g["id"], tokens(g)
        with c.websocket_connect(f"/ws/games/{gid}?token={tok[0]}") as ws:
            recv(ws)
            ws.send_bytes(b'{"type": "ping"}')
            err = recv(ws)
            assert (err["type"], err["status"], err["error"]) == ("error", 422, "invalid-request")
            ws.send_text("[" * 5000 + "]" * 5000)
            assert recv(ws)["error"] == "invalid-request"
            ws.send_text('{"type": "ping", "id": "\\ud800"}')
            err = recv(ws)
            assert err["error"] == "invalid-request" and "surrogate" in err["detail"]
            ws.send_text('{"action": "keep \\udfff", "turn": 0}')
            assert recv(ws)["error"] == "invalid-request"
            ws.send_text(json.dumps({"type": "ping", "id": 7}))
            assert recv(ws) == {"type": "pong", "id": 7}  # still answering
        assert c.service.store.game(gid).ply == 0
