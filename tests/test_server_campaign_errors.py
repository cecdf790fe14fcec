"""Bad campaign requests get a clear error naming what was wrong, and change nothing."""
from __future__ import annotations

import random

import pytest
import sqlalchemy as sa

from campaign_server_helpers import new_campaign, play_game, player_tokens, start, status
from server_helpers import server

PEOPLE = [("Ann", "blue", "human"), ("Bob", "red", "human"), ("Cy", "green", "planner")]


def _player(name="Ann", company="blue", kind="human", **kw):
    return {"name": name, "company": company, "kind": kind, **kw}


@pytest.mark.parametrize("body, status_code, code, says", [
    ({"players": [_player()]}, 422, "invalid-request", "players"),
    ({"players": [_player(), _player("Bob", "blue")]}, 422, "invalid", "blue"),
    ({"players": [_player(), _player("ann", "red")]}, 422, "invalid", "ann"),
    ({"players": [_player(), _player("Bob", "pink")]}, 422, "invalid-request", "company"),
    ({"players": [_player(), _player("Bob", "red", "bot")]}, 422, "invalid", "players[1]: a bot player needs a bot"),
    ({"players": [_player(bot="random"), _player("Bob", "red")]}, 422, "invalid", "players[0]: a human player has no bot"),
    ({"players": [_player(), _player("Bob", "red")], "pack": "../secret"}, 422, "invalid", "unknown pack '../secret'"),
    ({"players": [_player(), _player("Bob", "red")], "seed": -1}, 422, "invalid-request", "seed"),
    ({"players": [_player(), _player("", "red")]}, 422, "invalid-request", "name"),
])
def test_a_bad_campaign_is_refused_and_nothing_is_stored(tmp_path, body, status_code, code, says):
    with server(tmp_path) as client:
        r = client.post("/api/campaigns", json=body)
        assert (r.status_code, r.json()["error"]) == (status_code, code), r.text
        assert says in r.json()["detail"]
        assert client.get("/api/campaigns").json() == []


def _stored(client) -> tuple:
    with client.service.store.engine.connect() as c:
        return tuple(c.execute(sa.text(f"SELECT count(*) FROM {t}")).scalar()
                     for t in ("campaigns", "campaign_writes", "campaign_games", "games", "actions"))


def test_requests_out_of_turn_or_by_the_wrong_player_change_nothing(tmp_path):
    with server(tmp_path) as client:
        made = new_campaign(client, PEOPLE, seed=2)
        cid, toks, admin = made["id"], player_tokens(made), made["admin_token"]
        other = new_campaign(client, PEOPLE, seed=2)

        def refused(method, path, body, code, error, says, token=None):
            before, seen = _stored(client), status(client, cid, toks["Ann"])
            r = client.request(method, path, json=body) if method == "POST" else client.get(path, params=body)
            assert (r.status_code, r.json()["error"]) == (code, error), r.text
            assert says in r.json()["detail"], r.json()["detail"]
            assert _stored(client) == before and status(client, cid, toks["Ann"]) == seen

        games, removal = f"/api/campaigns/{cid}/games", f"/api/campaigns/{cid}/removal"
        refused("GET", "/api/campaigns/nope", {}, 404, "not-found", "no campaign 'nope'")
        refused("GET", f"/api/campaigns/{cid}", {"token": "forged"}, 401, "bad-token", "no player's of this campaign")
        refused("POST", games, {}, 401, "bad-token", "token")
        refused("POST", games, {"token": player_tokens(other)["Ann"]}, 401, "bad-token", "no player's")
        refused("POST", games, {"token": admin, "absent": ["Zed"]}, 422, "invalid", "no player 'Zed'")
        refused("POST", games, {"token": admin, "absent": ["Ann", "Bob"]}, 422, "invalid", "at least 2 players")
        refused("POST", games, {"token": admin, "absent": "Ann"}, 422, "invalid-request", "absent")
        refused("POST", removal, {"token": toks["Ann"], "event": "x"}, 409, "not-now", "has not started")
        start(client, cid, toks["Ann"], absent=["Cy"])
        refused("POST", games, {"token": admin}, 409, "not-now", "game 1 (1865) is in progress")
        s = play_game(client, cid, toks, random.Random(3))
        assert s["phase"] == "removal"
        holder = s["status"]["caboose"]
        not_holder = next(n for n in toks if n != holder)
        refused("POST", games, {"token": admin}, 409, "not-now", f"{holder} (caboose) must first remove an event")
        refused("POST", removal, {"token": toks[not_holder], "event": s["status"]["pending"]["choices"][0]["id"]},
                403, "forbidden", f"only {holder}")
        refused("POST", removal, {"token": admin, "event": s["status"]["pending"]["choices"][0]["id"]},
                403, "forbidden", f"only {holder}")
        refused("POST", removal, {"token": toks[holder], "event": "demo-no-such"}, 422, "invalid",
                "'demo-no-such' is not in game 1's event discard")
        refused("POST", removal, {"token": toks[holder], "event": "x", "extra": 1}, 422, "invalid-request", "extra")
        assert status(client, cid)["status"]["companies"][2]["games_absent"] == [1]


def test_new_campaigns_count_as_new_games_for_the_limit(tmp_path):
    with server(tmp_path, games_per_minute=2) as client:
        new_campaign(client, PEOPLE)
        new_campaign(client, PEOPLE)
        r = client.post("/api/campaigns", json={"players": [_player(), _player("Bob", "red")]})
        assert r.status_code == 429 and r.json()["error"] == "too-many-requests" and "Retry-After" in r.headers
        assert len(client.get("/api/campaigns").json()) == 2
