"""A campaign survives SIGKILL: a real `ttr serve` plays a campaign of bots and is killed at random
moments (in a game, at its end, between games) and restarted; the campaign it ends with is the
campaign an uninterrupted server plays (the bots' moves, the slips, the removals, the story)."""
from __future__ import annotations

import random
import time

import httpx

from campaign_server_helpers import new_campaign, same, start, wait_phase
from server_helpers import server
from test_server_crash import Server

PLAYERS = [("Ann", "blue", "planner"), ("Bob", "red", "random")]
BODY = {"players": [{"name": n, "company": co, "kind": "bot", "bot": b} for n, co, b in PLAYERS], "seed": 31}
GAMES = 3


def _get(srv: Server, path: str, **kw) -> httpx.Response | None:
    try:
        return httpx.request(kw.pop("method", "GET"), srv.base + path, timeout=10, **kw)
    except httpx.HTTPError:
        return None  # killed meanwhile


def test_a_campaign_killed_at_random_moments_ends_as_one_never_killed(tmp_path):
    srv = Server(f"sqlite:///{tmp_path / 'killed.db'}", tmp_path / "server.log")
    srv.start()
    rng, kills = random.Random(3), 0
    try:
        made = httpx.post(srv.base + "/api/campaigns", json=BODY, timeout=30).json()
        cid, admin = made["id"], made["admin_token"]
        while True:
            r = _get(srv, f"/api/campaigns/{cid}")
            s = r.json() if r is not None and r.status_code == 200 else None
            if s and s["phase"] == "ready" and s["game"] > GAMES:
                break
            if s and s["phase"] == "ready":
                _get(srv, f"/api/campaigns/{cid}/games", method="POST", json={"token": admin})
            if kills < 5:  # kill it somewhere in what follows: the bots' moves, a game's end, a start
                time.sleep(rng.uniform(0, 0.4))
                srv.kill()
                kills += 1
                srv.start()
            else:
                time.sleep(0.05)
        killed = s
    finally:
        srv.stop()
    with server(tmp_path, f"sqlite:///{tmp_path / 'straight.db'}", bot_delay=0.01) as client:
        made2 = new_campaign(client, PLAYERS, seed=31)
        for _ in range(GAMES):
            start(client, made2["id"], made2["admin_token"])
            straight = wait_phase(client, made2["id"], ("ready",))
    assert kills == 5
    ids = [cid, made2["id"]] + [g["id"] for g in killed["games"] + straight["games"]]
    assert same(killed["status"], straight["status"], *ids)
    assert len(killed["status"]["arc"]) == GAMES
