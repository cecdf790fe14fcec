"""The server's limits (docs/protocol.md, "Limits"): a request body larger than `max_body` bytes
is refused with 413 before any handler sees it (WebSocket messages are limited by uvicorn's
ws_max_size and ws.MAX_MESSAGE); a request head (request line and headers) larger than
MAX_HEAD bytes with 431 while it is still arriving (`LimitedHttp`, the protocol `ttr serve` runs);
new games per client address per minute (`RateLimit`, 429 with Retry-After)."""
from __future__ import annotations

import json
import math
import time
from collections import deque
from collections.abc import Callable

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

MAX_HEAD = 32 * 1024  # bytes of a request line and its headers together


class BodyLimit:
    def __init__(self, app, max_body: int):
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        for name, value in scope.get("headers", ()):
            if name == b"content-length" and (not value.isdigit() or int(value) > self.max_body):
                return await self._refuse(send)
        chunks, size, more = [], 0, True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                return await self.app(scope, _replay([message]), send)
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            if size > self.max_body:
                return await self._refuse(send)
            more = message.get("more_body", False)
        body = b"".join(chunks)
        return await self.app(scope, _replay([{"type": "http.request", "body": body, "more_body": False}], receive), send)

    async def _refuse(self, send) -> None:
        body = json.dumps({"error": "too-large", "detail": f"a request body holds at most {self.max_body} bytes"}).encode()
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


def _replay(messages: list, then=None):
    """A receive() that gives these messages first, then waits on the real one."""
    async def receive():
        if messages:
            return messages.pop(0)
        if then is None:
            return {"type": "http.disconnect"}
        return await then()
    return receive


class RateLimit:
    """At most `per_minute` events per key in any 60 seconds (a sliding window); 0 means no limit."""

    WINDOW = 60.0

    def __init__(self, per_minute: int, clock: Callable[[], float] = time.monotonic):
        self.per_minute = per_minute
        self.clock = clock
        self.seen: dict[str, deque[float]] = {}

    def take(self, key: str) -> int:
        """Count one event for `key` if the limit allows it and return 0; otherwise the whole
        seconds until it will (nothing is counted)."""
        if self.per_minute <= 0:
            return 0
        now = self.clock()
        if len(self.seen) > 10_000:  # forget the keys whose window is empty
            self.seen = {k: q for k, q in self.seen.items() if q and q[-1] > now - self.WINDOW}
        q = self.seen.setdefault(key, deque())
        while q and q[0] <= now - self.WINDOW:
            q.popleft()
        if len(q) >= self.per_minute:
            return max(1, math.ceil(q[0] + self.WINDOW - now))
        q.append(now)
        return 0


_431 = json.dumps({"error": "too-large", "detail": f"a request's line and headers hold at most {MAX_HEAD} bytes"}).encode()


class _HeadTooLarge(Exception):
    pass


class LimitedHttp(HttpToolsProtocol):
    """uvicorn's httptools protocol, refusing a request whose head (its line and headers) outgrows
    MAX_HEAD bytes with 431: counted header by header, and while a header is still arriving (httptools
    alone would buffer a header of any size until its end)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.head: int | None = 0  # bytes read of the current request's head; None once it is whole
        self.size = 0              # bytes of its line and headers parsed so far
        self.refused = False

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self.head, self.size = 0, 0

    def on_url(self, url: bytes) -> None:
        self._count(len(url))
        super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        self._count(len(name) + len(value) + 4)
        super().on_header(name, value)

    def on_headers_complete(self) -> None:
        self.head = None
        super().on_headers_complete()

    def _count(self, n: int) -> None:
        self.size += n
        if self.size > MAX_HEAD:
            raise _HeadTooLarge  # httptools stops parsing; uvicorn answers 400, sent as 431 below

    def data_received(self, data: bytes) -> None:
        if self.refused:
            return
        if self.head is not None:
            self.head += len(data)
        super().data_received(data)
        if self.head is not None and self.head > MAX_HEAD:  # all of it head, and no end in sight
            self.send_400_response("")

    def send_400_response(self, msg: str) -> None:
        if self.refused:
            return
        if self.size <= MAX_HEAD and (self.head is None or self.head <= MAX_HEAD):
            return super().send_400_response(msg)  # a malformed request
        self.refused = True
        if not self.transport.is_closing():
            self.transport.write(b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-type: application/json\r\n"
                                 b"content-length: " + str(len(_431)).encode() + b"\r\nconnection: close\r\n\r\n" + _431)
            self.transport.close()
