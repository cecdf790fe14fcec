"""Helpers for the server's campaign tests: campaigns created and played over HTTP."""
from __future__ import annotations

import random
import time

from server_helpers import play_out, view

BOTS = {"kind": "bot", "bot": "planner"}


def new_campaign(client, players, seed=5, pack="demo") -> dict:
    """players: (name, company, "human" or a bot's name)."""
    body = {"players": [{"name": n, "company": co, "kind": "human"} if k == "human" else
                        {"name": n, "company": co, "kind": "bot", "bot": k} for n, co, k in players],
            "seed": seed, "pack": pack}
    r = client.post("/api/campaigns", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def player_tokens(created: dict) -> dict[str, str]:
    return {p["name"]: p["token"] for p in created["players"] if p["token"]}


def status(client, cid: str, token: str | None = None) -> dict:
    r = client.get(f"/api/campaigns/{cid}", params={"token": token} if token else {})
    assert r.status_code == 200, r.text
    return r.json()


def start(client, cid: str, token: str, absent=()) -> dict:
    r = client.post(f"/api/campaigns/{cid}/games", json={"token": token, "absent": list(absent)})
    assert r.status_code == 200, r.text
    return r.json()


def humans_of(client, gid: str, toks: dict[str, str]) -> dict[int, str]:
    """Seat -> token of the game's human seats (by the players' names)."""
    return {s["seat"]: toks[s["name"]] for s in view(client, gid)["seats"] if s["name"] in toks}


def play_game(client, cid: str, toks: dict[str, str], rng: random.Random, moves: int | None = None) -> dict:
    """Random legal moves for the humans (bots play on their own) until the game ends (or `moves`
    human moves have been made); the campaign's status then, as the creator sees it."""
    gid = status(client, cid)["game_id"]
    humans = humans_of(client, gid, toks)
    if moves is None:
        play_out(client, gid, humans, rng)
    else:
        from server_helpers import act, random_move, wait_for_humans
        for _ in range(moves):
            v = wait_for_humans(client, gid, humans)
            seat = v["view"]["current_player"]
            mine = view(client, gid, humans[seat])
            assert act(client, gid, humans[seat], random_move(mine, rng), mine["turn"]).status_code == 200
    return status(client, cid)


def wait_phase(client, cid: str, phases: tuple[str, ...], timeout: float = 60) -> dict:
    """Poll until the campaign is in one of `phases` (bots play meanwhile)."""
    deadline = time.monotonic() + timeout
    while True:
        s = status(client, cid)
        if s["phase"] in phases:
            return s
        assert time.monotonic() < deadline, f"the campaign stayed {s['phase']}"
        time.sleep(0.01)


def same(a: dict, b: dict, *ids: str) -> bool:
    """Two JSON documents equal once the given ids (campaign, games) are blanked."""
    import json
    sa, sb = json.dumps(a, sort_keys=True), json.dumps(b, sort_keys=True)
    for i in ids:
        sa, sb = sa.replace(i, "ID"), sb.replace(i, "ID")
    return sa == sb
