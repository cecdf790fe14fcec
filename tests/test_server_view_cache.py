"""The server builds each seat's view once per change of the game: every reply and every
subscriber of that seat (or every spectator) shares it."""
from __future__ import annotations

import json

from server_helpers import act, create, server, tokens, view

from ttr.engine import PyGame  # type: ignore[attr-defined]  # counting the engines' views
from ttr.native import NativeGame


def test_each_seats_view_is_built_once_per_change(tmp_path, monkeypatch):
    built: list[object] = []
    for cls in (PyGame, NativeGame):  # whichever engine the server plays on
        def counting(self, seat, legal=True, real=cls.view):
            built.append(seat)
            return real(self, seat, legal)

        monkeypatch.setattr(cls, "view", counting)
    with server(tmp_path) as c:
        g = create(c, "europe", 3, seed=4)
        gid, tok = g["id"], tokens(g)
        with c.websocket_connect(f"/ws/games/{gid}?token={tok[0]}") as a, \
                c.websocket_connect(f"/ws/games/{gid}?token={tok[0]}") as b, \
                c.websocket_connect(f"/ws/games/{gid}") as s1, c.websocket_connect(f"/ws/games/{gid}") as s2:
            for ws in (a, b, s1, s2):
                json.loads(ws.receive_text())
            for _ in range(3):
                view(c, gid, tok[0])
                view(c, gid)
            assert sorted(built, key=str) == [0, None]  # seat 0's and the spectators', once each
            built.clear()
            v = view(c, gid, tok[0])
            assert act(c, gid, tok[0], "keep " + v["view"]["legal"][0]["texts"][0], 0).status_code == 200
            for ws in (a, b, s1, s2):
                assert json.loads(ws.receive_text())["turn"] == 1
            view(c, gid, tok[0])
            view(c, gid, tok[1])
            assert sorted(built, key=str) == [0, 1, None]  # after the change: once per seat shown
