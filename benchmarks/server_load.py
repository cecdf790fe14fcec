"""Server load: N concurrent games over WebSockets against a local `ttr serve`.

Each game has one WebSocket client per human seat; a client that sees its seat to move
picks a random legal move from the view's `legal` data and sends it; the time from
sending to the server's ack is one action's latency (the server has committed the move
and pushed every subscriber's new view before it acks). Finished games are replaced, so
the load stays at N games for the whole run. `--bot-seats` seats per game are the
server's bots instead (with no think delay).

    python benchmarks/server_load.py [--games 200] [--players 2] [--duration 30] [--runs 3]
                                     [--think 0] [--bot-seats 0] [--bot random] [--map usa] [--url http://...]

Prints throughput (actions per second, all seats) and p50/p95/p99 latency per run, then
the medians over the runs.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time

import httpx
import websockets



def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(db: str, workers: int) -> tuple[subprocess.Popen, str]:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "ttr.cli", "serve", "--port", str(port), "--db", db,
                             "--bot-delay", "0", "--bot-workers", str(workers),
                             "--bot-queue-workers", str(workers), "--undo-window", "0", "--games-per-minute", "0",
                             "--log-level", "warning"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    for _ in range(600):
        try:
            if httpx.get(base + "/api/health", timeout=1).status_code == 200:
                return proc, base
        except httpx.HTTPError:
            time.sleep(0.05)
    proc.kill()
    raise SystemExit("the server did not start")


def choose(view: dict, rng: random.Random) -> str:
    """A random legal move from the legal data: a random group, target and listed payment (a
    group described by families pays with its `first` payment: legal for every target)."""
    group = rng.choice(view["legal"])
    words = [group["kind"]]
    if "texts" in group:
        words.append(rng.choice(group["texts"]))
    pays = group.get("payments")
    if pays is not None:
        words.append(rng.choice(pays["list"]) if "list" in pays else pays["first"])
    return " ".join(words)


class Load:
    def __init__(self, base: str, args):
        self.base, self.args = base, args
        self.ws_base = base.replace("http://", "ws://")
        self.latencies: list[float] = []
        self.when: list[float] = []  # when each measured action was sent (seconds into the run)
        self.actions = 0
        self.errors = 0
        self.games_done = 0
        self.stop_at = 0.0

    async def create(self, client: httpx.AsyncClient, rng: random.Random) -> dict:
        a = self.args
        seats = [{"kind": "bot", "bot": a.bot} if i < a.bot_seats else {"kind": "human"} for i in range(a.players)]
        rng.shuffle(seats)
        r = await client.post("/api/games", json={"map": a.map, "players": a.players, "seats": seats,
                                                  "seed": rng.randrange(2**31)})
        return r.json()

    async def seat(self, gid: str, seat: int, token: str, rng: random.Random, done: asyncio.Event) -> None:
        sent: dict[int, float] = {}
        tasks: set[asyncio.Task] = set()
        async with websockets.connect(f"{self.ws_base}/ws/games/{gid}?token={token}", max_size=2**22) as ws:
            while not done.is_set():
                try:
                    text = await asyncio.wait_for(ws.recv(), timeout=max(0.1, self.stop_at - time.perf_counter()))
                except asyncio.TimeoutError:
                    break
                msg = json.loads(text)
                kind = msg["type"]
                if kind == "ack":
                    t0 = sent.pop(msg["id"], None)
                    if t0 is not None and time.perf_counter() < self.stop_at:
                        self.latencies.append(time.perf_counter() - t0)
                        self.when.append(t0 - self.stop_at + self.args.duration)
                        self.actions += 1
                elif kind == "error":
                    self.errors += 1
                    sent.pop(msg.get("id"), None)
                elif kind == "update":
                    if msg["status"] == "over":
                        done.set()
                        break
                    if msg["view"]["current_player"] == seat and msg["view"]["legal"] and time.perf_counter() < self.stop_at:
                        move = asyncio.create_task(self.move(ws, msg, rng, sent))  # keep reading meanwhile
                        tasks.add(move)
                        move.add_done_callback(tasks.discard)

    async def move(self, ws, msg: dict, rng: random.Random, sent: dict[int, float]) -> None:
        """Think (if asked), then send a random legal move; its ack is timed from here."""
        if self.args.think:
            await asyncio.sleep(self.args.think * rng.uniform(0.5, 1.5))
        turn = msg["turn"]
        action = choose(msg["view"], rng)
        sent[turn] = time.perf_counter()
        try:
            await ws.send(json.dumps({"action": action, "turn": turn, "id": turn}))
        except websockets.ConnectionClosed:
            sent.pop(turn, None)

    async def game_slot(self, i: int) -> None:
        rng = random.Random(i)
        async with httpx.AsyncClient(base_url=self.base, timeout=30) as client:
            while time.perf_counter() < self.stop_at:
                g = await self.create(client, rng)
                done = asyncio.Event()
                humans = [(s["seat"], s["token"]) for s in g["seats"] if s["token"]]
                await asyncio.gather(*(self.seat(g["id"], s, t, random.Random(rng.random()), done) for s, t in humans))
                if done.is_set():
                    self.games_done += 1

    async def run(self) -> dict:
        t0 = time.perf_counter()
        self.stop_at = t0 + self.args.duration
        await asyncio.gather(*(self.game_slot(i) for i in range(self.args.games)))
        elapsed = min(time.perf_counter(), self.stop_at) - t0
        lat = sorted(self.latencies)

        def pct(p: float) -> float:
            return lat[min(len(lat) - 1, int(p / 100 * len(lat)))] * 1000 if lat else float("nan")

        return {"actions": self.actions, "seconds": round(elapsed, 1), "actions_per_s": round(self.actions / elapsed, 1),
                "p50_ms": round(pct(50), 2), "p95_ms": round(pct(95), 2), "p99_ms": round(pct(99), 2),
                "max_ms": round(lat[-1] * 1000, 1) if lat else None, "errors": self.errors,
                "games_finished": self.games_done}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--map", default="usa")
    ap.add_argument("--duration", type=float, default=30)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--think", type=float, default=0.0,
                    help="mean seconds a client waits before each move (uniform 0.5-1.5 x); 0: at once")
    ap.add_argument("--bot-seats", type=int, default=0, help="seats per game played by the server's bots")
    ap.add_argument("--bot", default="random")
    ap.add_argument("--bot-workers", type=int, default=2)
    ap.add_argument("--url", default=None, help="a running server (else one is started per run)")
    ap.add_argument("--db", default=None, help="database URL for the started server (default: a temporary SQLite file)")
    ap.add_argument("--json", default=None)
    args = ap.parse_args()
    results = []
    for run in range(args.runs):
        proc = None
        base = args.url
        if base is None:
            db = args.db or f"sqlite:///{os.path.join(tempfile.mkdtemp(prefix='ttr-load-'), 'load.db')}"
            proc, base = start_server(db, args.bot_workers)
        try:
            r = asyncio.run(Load(base, args).run())
        finally:
            if proc is not None:
                proc.terminate()
                proc.wait(10)
        results.append(r)
        print(f"run {run + 1}: {json.dumps(r)}", flush=True)
    summary = {k: statistics.median(r[k] for r in results) for k in ("actions_per_s", "p50_ms", "p95_ms", "p99_ms")}
    print(f"{args.games} games x {args.players} seats ({args.bot_seats} bot) on {args.map}, think {args.think} s, "
          f"{args.duration:.0f} s, "
          f"median of {len(results)} runs: {json.dumps(summary)}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"args": vars(args), "runs": results, "median": summary}, f, indent=2)


if __name__ == "__main__":
    main()
