"""Helpers for the server tests: an app on a temporary SQLite file, games created over
HTTP, random legal moves chosen from a view's `legal` data (as a client would)."""
from __future__ import annotations

import itertools
import random
import time
import warnings
from contextlib import contextmanager

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from ttr.engine.legal import expand
from ttr.server import create_app


@contextmanager
def server(tmp_path, db: str | None = None, **kw):
    kw.setdefault("bot_delay", 0)
    kw.setdefault("undo_window", 0)
    kw.setdefault("games_per_minute", 0)  # tests create many games a minute; tests of the limit set one
    app = create_app(db or f"sqlite:///{tmp_path / 'server.db'}", **kw)
    with TestClient(app) as client:
        client.service = app.state.service
        yield client


def create(client, map_name="europe", players=2, kinds=None, seed=1, **extra) -> dict:
    kinds = kinds or ["human"] * players
    seats = [{"kind": "human"} if k == "human" else {"kind": "bot", "bot": k} for k in kinds]
    r = client.post("/api/games", json={"map": map_name, "players": players, "seats": seats, "seed": seed, **extra})
    assert r.status_code == 201, r.text
    return r.json()


def tokens(created: dict) -> dict[int, str]:
    return {s["seat"]: s["token"] for s in created["seats"] if s["token"]}


def view(client, gid: str, token: str | None = None) -> dict:
    r = client.get(f"/api/games/{gid}", params={"token": token} if token else {})
    assert r.status_code == 200, r.text
    return r.json()


def random_move(v: dict, rng: random.Random, claim_bias: float = 0.6) -> str:
    """A random legal move from the view's legal data (claims favoured, so games end sooner)."""
    groups = v["view"]["legal"]
    claims = [g for g in groups if g["kind"] in ("claim", "station", "harbor")]
    g = rng.choice(claims if claims and rng.random() < claim_bias else groups)
    return rng.choice(list(itertools.islice(expand([g]), 2000)))


def act(client, gid: str, token: str, action: str, turn: int):
    return client.post(f"/api/games/{gid}/actions", json={"token": token, "action": action, "turn": turn})


def wait_for_humans(client, gid: str, humans: dict[int, str], timeout: float = 30) -> dict:
    """Poll until a human seat is to move or the game is over (bots play meanwhile)."""
    deadline = time.monotonic() + timeout
    while True:
        v = view(client, gid)
        if v["status"] == "over" or v["view"]["current_player"] in humans:
            return v
        assert time.monotonic() < deadline, "the bots did not move"
        time.sleep(0.005)


def play_out(client, gid: str, humans: dict[int, str], rng: random.Random, max_moves: int = 3000) -> dict:
    """Random legal moves for the human seats until the game is over."""
    for _ in range(max_moves):
        v = wait_for_humans(client, gid, humans)
        if v["status"] == "over":
            return v
        seat = v["view"]["current_player"]
        mine = view(client, gid, humans[seat])
        r = act(client, gid, humans[seat], random_move(mine, rng), mine["turn"])
        assert r.status_code == 200, r.text
    raise AssertionError("the game did not end")
