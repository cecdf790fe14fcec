"""The server's limits (docs/protocol.md, "Limits"): new games per client address per minute
(429 with Retry-After, nothing stored), a request head too large (431 as it arrives, the server
answering others meanwhile), and games of bots alone that never delay a game with a person."""
from __future__ import annotations

import socket
import threading
import time

import pytest

from ttr.server import create_app
from ttr.server.limits import MAX_HEAD, LimitedHttp, RateLimit

from server_helpers import create, server, tokens, wait_for_humans


def test_the_rate_limit_counts_a_sliding_minute_per_key():
    now = [100.0]
    limit = RateLimit(3, clock=lambda: now[0])
    assert [limit.take("a") for _ in range(3)] == [0, 0, 0]
    assert limit.take("a") == 60  # the first of the three leaves the window in 60 s
    assert limit.take("b") == 0   # another address has its own count
    now[0] += 59.5
    assert limit.take("a") == 1   # half a second left: one whole second to wait
    now[0] += 0.5
    assert limit.take("a") == 0
    assert RateLimit(0).take("a") == 0  # no limit


def test_too_many_new_games_from_one_address_get_429_and_nothing_is_stored(tmp_path):
    with server(tmp_path, games_per_minute=3) as a:
        for i in range(3):
            create(a, "usa", 2, seed=i)
        before = a.get("/api/games", params={"status": "playing"}).json()
        r = a.post("/api/games", json={"map": "usa", "players": 2, "seats": [{"kind": "human"}] * 2, "seed": 9})
        assert r.status_code == 429
        assert r.json()["error"] == "too-many-requests" and "3 games a minute" in r.json()["detail"]
        assert 1 <= int(r.headers["Retry-After"]) <= 60
        assert a.get("/api/games", params={"status": "playing"}).json() == before
        assert a.get("/api/health").status_code == 200  # only creating games is limited


@pytest.fixture()
def live_server(tmp_path):
    """The app on a real socket, served by uvicorn with the protocol `ttr serve` uses."""
    import uvicorn

    app = create_app(f"sqlite:///{tmp_path / 'head.db'}", bot_delay=0)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(app, http=LimitedHttp, log_level="warning", lifespan="on")
    srv = uvicorn.Server(config)
    t = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    t.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    yield port
    srv.should_exit = True
    t.join(10)


def _request(port: int, head: bytes, body_parts=()) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        try:
            s.sendall(head)
            for part in body_parts:
                s.sendall(part)
        except (BrokenPipeError, ConnectionResetError):  # refused while still sending: read the answer
            pass
        out = b""
        try:
            while chunk := s.recv(65536):
                out += chunk
        except ConnectionResetError:
            pass
        return out


def test_a_request_head_too_large_gets_431_as_it_arrives(live_server):
    ok = _request(live_server, b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Pad: " + b"a" * 1000 + b"\r\nConnection: close\r\n\r\n")
    assert ok.startswith(b"HTTP/1.1 200")
    big = _request(live_server, b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Pad: " + b"a" * (MAX_HEAD + 1000) + b"\r\n\r\n")
    assert big.startswith(b"HTTP/1.1 431") and b'"error": "too-large"' in big
    # 50 MB of one header: refused long before the end arrives (the server does not buffer it)
    start = time.monotonic()
    huge = _request(live_server, b"GET /api/health HTTP/1.1\r\nHost: x\r\nX-Pad: ",
                    (b"a" * (1 << 20) for _ in range(50)))
    assert huge.startswith(b"HTTP/1.1 431")
    assert time.monotonic() - start < 5
    again = _request(live_server, b"GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert again.startswith(b"HTTP/1.1 200")


def test_a_body_in_the_same_reads_as_its_head_is_not_counted_as_head(live_server):
    body = b'{"map": "usa", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}], "pad": "' + b"x" * 40000 + b'"}'
    r = _request(live_server, b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                 b"Connection: close\r\nContent-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
    assert r.startswith(b"HTTP/1.1 422")  # read whole and refused for its unknown field, not for its head


def test_games_of_bots_alone_never_delay_a_game_with_a_person(tmp_path, monkeypatch):
    from ttr.server import bots as server_bots
    act_of = server_bots.ServerBot.act

    def slow(self, obs):
        time.sleep(0.2)
        return act_of(self, obs)

    monkeypatch.setattr(server_bots.ServerBot, "act", slow)
    with server(tmp_path, bot_workers=1, bot_queue=1, games_per_minute=0) as a:
        for i in range(8):  # eight games of bots alone: 1.6 s of moves waiting at any time
            create(a, "usa", 2, kinds=["random", "random"], seed=i)
        time.sleep(0.3)
        start = time.monotonic()
        g = create(a, "usa", 2, kinds=["random", "human"], seed=20)
        v = wait_for_humans(a, g["id"], tokens(g), timeout=10)
        waited = time.monotonic() - start
        assert v["turn"] == 1
        assert waited < 0.9, f"the person waited {waited:.2f} s for one bot move"
