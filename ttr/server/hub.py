"""WebSocket subscribers: each connection has a queue of messages (JSON texts) that the
game service fills, in order, from whichever thread changed the game, and a task that
sends them. A client too slow to keep up is dropped (it reconnects for a fresh view)."""
from __future__ import annotations

import asyncio
from collections.abc import Iterable

QUEUE = 64  # messages waiting for one client at most


class Subscriber:
    def __init__(self, seat: int | None):
        self.seat = seat          # None: a spectator
        self.log_sent = 0         # log entries this client has been sent
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(QUEUE + 1)

    def push(self, text: str | None) -> None:
        """On the event loop: queue a message (None closes the connection)."""
        q = self.queue
        if text is not None and q.qsize() >= QUEUE:
            while not q.empty():
                q.get_nowait()
            text = None  # too slow: drop it
        q.put_nowait(text)


class Hub:
    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop

    def deliver(self, messages: Iterable[tuple[Subscriber, str | None]]) -> None:
        """Thread-safe, order-preserving: hand messages to their subscribers' queues."""
        batch = list(messages)
        if not batch:
            return
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        loop.call_soon_threadsafe(_push_all, batch)


def _push_all(batch: list[tuple[Subscriber, str | None]]) -> None:
    for sub, text in batch:
        sub.push(text)
