"""Nothing lost: a real `ttr serve` process is killed with SIGKILL at random moments (during
human moves and bot moves) and restarted, on SQLite and on PostgreSQL. Afterwards every
acknowledged move is stored at its ply, every game is exactly the replay of its stored
actions, games of bots alone are move for move the game an uninterrupted run plays, and
every stored bot move is the move its bot makes in that position. Tokens never reach the
server's log."""
from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time

import httpx
import pytest

import ttr
from ttr.runtime import Match
from ttr.server.bots import ServerBot
from ttr.server.storage import Store

from pg_server import free_port
from server_helpers import random_move

GAMES = [  # map, seats (human or a bot's name), seed
    ("usa", ["random", "greedy"], 101),
    ("europe", ["planner", "random", "greedy"], 102),
    ("usa", ["human", "random"], 103),
    ("nordic", ["human", "greedy", "human"], 104),
]


class Server:
    def __init__(self, db: str, log_path):
        self.db, self.log_path, self.port = db, log_path, free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        log = open(self.log_path, "a")
        self.proc = subprocess.Popen([sys.executable, "-m", "ttr.cli", "serve", "--port", str(self.port), "--db", self.db,
                                      "--bot-delay", "0.01", "--undo-window", "0.01",
                                      "--games-per-minute", "0", "--log-level", "info"], stdout=log, stderr=log)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.base + "/api/health", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.05)
        raise AssertionError("the server did not start")

    def kill(self) -> None:
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)


def _play_humans(srv: Server, games: list[dict], acked: list, rng: random.Random, until: float) -> None:
    """Random legal moves for the human seats until `until` or the server dies."""
    with httpx.Client(base_url=srv.base, timeout=5) as client:
        while time.monotonic() < until:
            moved = False
            for g in games:
                for seat, token in g["tokens"].items():
                    r = client.get(f"/api/games/{g['id']}", params={"token": token})
                    v = r.json()
                    if v["status"] != "playing" or v["view"]["current_player"] != seat:
                        continue
                    move = random_move(v, rng)
                    r = client.post(f"/api/games/{g['id']}/actions",
                                    json={"token": token, "action": move, "turn": v["turn"]})
                    if r.status_code == 200:
                        acked.append((g["id"], v["turn"], move))
                    moved = True
            if not moved:
                time.sleep(0.01)


def _all_over(srv: Server, games: list[dict]) -> bool:
    return all(httpx.get(f"{srv.base}/api/games/{g['id']}").json()["status"] == "over" for g in games)


@pytest.fixture(params=["sqlite", "postgresql"])
def crash_db(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'crash.db'}"
    return request.getfixturevalue("pg_url")


def test_kill_9_at_random_moments_loses_nothing(crash_db, tmp_path):
    rng = random.Random(2024)
    srv = Server(crash_db, tmp_path / "server.log")
    srv.start()
    games = []
    for map_name, kinds, seed in GAMES:
        seats = [{"kind": "human"} if k == "human" else {"kind": "bot", "bot": k} for k in kinds]
        r = httpx.post(srv.base + "/api/games", json={"map": map_name, "players": len(kinds), "seats": seats,
                                                      "seed": seed}).json()
        games.append({"id": r["id"], "map": map_name, "kinds": kinds, "seed": seed,
                      "tokens": {s["seat"]: s["token"] for s in r["seats"] if s["token"]}})
    acked: list[tuple[str, int, str]] = []
    bots_cut = 0  # kills that found a game of bots alone in the middle of play
    try:
        for _ in range(5):  # kill at a random moment while humans and bots are moving, then restart
            killer = threading.Timer(rng.uniform(0.2, 1.5), srv.kill)
            killer.start()
            try:
                _play_humans(srv, games, acked, rng, until=time.monotonic() + 2.0)
            except (httpx.HTTPError, ValueError):
                pass  # the server died mid-request: that move was not acknowledged
            killer.join()
            srv.start()
            playing = {g["id"] for g in httpx.get(srv.base + "/api/games").json()}
            bots_cut += any(g["id"] in playing for g in games if "human" not in g["kinds"])
        deadline = time.monotonic() + 240
        while not _all_over(srv, games):
            assert time.monotonic() < deadline, "the games did not finish"
            _play_humans(srv, games, acked, rng, until=time.monotonic() + 1.0)
        store = Store(crash_db)
        with httpx.Client(base_url=srv.base) as client:
            for g in games:
                stored = store.actions(g["id"])
                history = [a.text for a in stored]
                engine = ttr.replay(g["map"], len(g["kinds"]), g["seed"], history)
                assert engine.is_over and [a.seat for a in stored] == list(engine.seats)
                for seat in range(len(g["kinds"])):
                    served = client.get(f"/api/games/{g['id']}", params={"token": g["tokens"].get(seat)}).json()
                    if seat in g["tokens"]:
                        assert served["view"] == json.loads(json.dumps(engine.view(seat)))
                _check_bot_moves(g, history)
                if "human" not in g["kinds"]:
                    assert history == _uninterrupted(g)
        for gid, n, move in acked:  # every acknowledged move is stored at its ply
            assert store.actions(gid)[n].text == move
        store.close()
    finally:
        srv.stop()
    log = (tmp_path / "server.log").read_text()
    assert f"ttr server: http://127.0.0.1:{srv.port}/" in log  # the URL is printed
    assert "token=***" in log
    for g in games:
        for token in g["tokens"].values():
            assert token not in log
    assert len(acked) > 20 and bots_cut >= 2


def _bots(g: dict) -> list:
    return [None if k == "human" else ServerBot(k, g["seed"], s) for s, k in enumerate(g["kinds"])]


def _uninterrupted(g: dict) -> list[str]:
    game = ttr.new_game(g["map"], len(g["kinds"]), seed=g["seed"])
    Match(game, _bots(g)).run()
    return game.history


def _check_bot_moves(g: dict, history: list[str]) -> None:
    """Each stored bot move is what that bot plays in that position (so restarts changed nothing)."""
    game = ttr.new_game(g["map"], len(g["kinds"]), seed=g["seed"])
    bots = _bots(g)
    for text in history:
        bot = bots[game.current_player]
        if bot is not None:
            assert str(bot.act(game.observe(game.current_player))) == text
        game.apply(text)
