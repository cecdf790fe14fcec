"""GET /api/games/{id}/replay/{ply}: a finished game's position at any step, for the
browser's replay viewer: the public view at that step and every seat's hand."""
from __future__ import annotations

import json
import random

import ttr
from server_helpers import create, play_out, server, tokens


def test_replay_steps_are_the_positions_of_the_game(tmp_path):
    with server(tmp_path) as c:
        g = create(c, "europe", 2, kinds=["human", "greedy"], seed=12)
        gid = g["id"]
        r = c.get(f"/api/games/{gid}/replay/0")
        assert r.status_code == 409 and r.json()["error"] == "not-over"
        play_out(c, gid, tokens(g), random.Random(4))
        rec = c.get(f"/api/games/{gid}/replay").json()
        n = len(rec["history"])
        for ply in (0, 1, n // 2, n):
            step = c.get(f"/api/games/{gid}/replay/{ply}").json()
            engine = ttr.replay("europe", 2, 12, rec["history"][:ply])
            public = json.loads(json.dumps(engine.view(None, legal=False)))  # the spectator's view
            assert step["ply"] == ply and step["plies"] == n
            assert step["view"] == public
            assert (public["seat"], public["you"], public["legal"], public["legal_count"]) == (None, None, None, 0)
            assert step["hands"] == [json.loads(json.dumps(engine.view(s, legal=False)["you"])) for s in (0, 1)]
        assert step["view"]["result"] == rec["result"] and step["view"]["phase"] == "over"
        assert c.get(f"/api/games/{gid}/replay/{n + 1}").status_code == 404
        assert c.get(f"/api/games/{gid}/replay/-1").status_code == 422
        assert c.get("/api/games/nosuchgame00/replay/0").status_code == 404
        assert "/api/games/{gid}/replay/{ply}" in c.get("/openapi.json").json()["paths"]
