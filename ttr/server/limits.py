"""Request size limit: a body larger than `max_body` bytes is refused with 413 before any
handler sees it (WebSocket messages are limited by uvicorn's ws_max_size and ws.MAX_MESSAGE)."""
from __future__ import annotations

import json


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
