"""The WebSocket: /ws/games/{id}?token=T pushes the seat's view and the new log entries
after every change, and takes the same moves as the POSTs (docs/protocol.md, "WebSocket")."""
from __future__ import annotations

import asyncio
import json
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.concurrency import run_in_threadpool

from .errors import ServiceError
from .hub import Subscriber
from .service import GameService, dumps

router = APIRouter()

MAX_MESSAGE = 16 * 1024  # characters in one client message


def _error(status: int, code: str, detail: str, ref: Any = None) -> str:
    return dumps({"type": "error", "status": status, "error": code, "detail": detail, "id": ref})


def handle(service: GameService, gid: str, token: str | None, text: str) -> str | None:
    """One client message -> the reply (an ack or an error); updates go out through the hub."""
    if len(text) > MAX_MESSAGE:
        return _error(413, "too-large", f"a message holds at most {MAX_MESSAGE} characters")
    try:
        msg = json.loads(text)
    except ValueError:
        return _error(422, "invalid-request", "a message is a JSON object")
    except RecursionError:
        return _error(422, "invalid-request", "a message is a JSON object, not nested this deeply")
    if not isinstance(msg, dict):
        return _error(422, "invalid-request", "a message is a JSON object")
    try:  # a lone surrogate ("\ud800") decodes but cannot be sent back: refuse it here, not at the send
        dumps(msg).encode("utf-8")
    except UnicodeEncodeError:
        return _error(422, "invalid-request", "a message's texts are Unicode text (a lone surrogate is not)")
    ref = msg.get("id")
    kind = msg.get("type", "action")
    if kind == "ping":
        return dumps({"type": "pong", "id": ref})
    turn = msg.get("turn")
    tok = msg.get("token", token)
    if kind not in ("action", "undo") or not isinstance(turn, int) or isinstance(turn, bool) or \
            (kind == "action" and not isinstance(msg.get("action"), str)) or not (tok is None or isinstance(tok, str)):
        return _error(422, "invalid-request", "send {type: 'action', action, turn} or {type: 'undo', turn} "
                      "or {type: 'ping'}", ref)
    try:
        if kind == "action":
            out = service.act(gid, tok, msg["action"], turn, respond=False)
        else:
            out = service.undo(gid, tok, turn, respond=False)
    except ServiceError as e:
        return _error(e.status, e.code, e.detail, ref)
    return dumps({"type": "ack", "id": ref, "turn": out["turn"]})


async def _send_queued(ws: WebSocket, sub: Subscriber) -> None:
    while True:
        text = await sub.queue.get()
        if text is None:
            await ws.close(code=1013, reason="too slow: reconnect")
            return
        await ws.send_text(text)


@router.websocket("/ws/games/{gid}")
async def game_socket(ws: WebSocket, gid: str, token: str | None = None) -> None:
    service: GameService = ws.app.state.service
    await ws.accept()
    sub = Subscriber(None)
    try:
        live = await run_in_threadpool(service.subscribe, gid, token or None, sub)
    except ServiceError as e:
        await ws.send_text(_error(e.status, e.code, e.detail))
        await ws.close(code=4000 + e.status)
        return
    sender = asyncio.create_task(_send_queued(ws, sub))
    try:
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:  # a binary frame
                sub.push(_error(422, "invalid-request", "send text frames: a message is a JSON object"))
                continue
            reply = await asyncio.get_running_loop().run_in_executor(ws.app.state.ws_pool, handle, service, gid,
                                                                     token or None, text)
            if reply is not None:
                sub.push(reply)
    except (WebSocketDisconnect, RuntimeError):  # gone
        pass
    finally:
        sender.cancel()
        await run_in_threadpool(service.unsubscribe, live, sub)
