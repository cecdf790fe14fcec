"""The app factory: `create_app(db=...)` builds the FastAPI app around one database."""
from __future__ import annotations

import asyncio
import logging
import secrets
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import AsyncIterator, Sequence

import sqlalchemy as sa
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from .. import __version__
from . import campaign_routes, logs, replays, routes, ws
from .bots import BotRunner
from .campaigns import CampaignService
from .errors import ServiceError, TooMany
from .headers import SecurityHeaders
from .limits import BodyLimit, RateLimit
from .notify import Listener
from .service import GameService
from .storage import StorageError, Store

STATIC = Path(__file__).parent / "static"
log = logging.getLogger("ttr.server")

PLACEHOLDER = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>ttr</title></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 3em auto">
<h1>ttr game server</h1>
<p>The server is running, but the browser client is not built.</p>
<p>Build it once (Node 20+): <code>cd web &amp;&amp; npm ci &amp;&amp; npm run build</code>
(it is written to <code>ttr/server/static/</code>), then reload this page.</p>
<p>Meanwhile the API answers: <a href="/docs">/docs</a>, <a href="/openapi.json">/openapi.json</a>,
<a href="/api/maps">/api/maps</a>; the protocol is described in <code>docs/protocol.md</code>.</p>
</body></html>
"""


def create_app(db: str = "sqlite:///ttr.db", *, bot_delay: float = 0.6, bot_workers: int = 2,
               cors_origins: Sequence[str] = (), cache_size: int = 1000, seat_timeout: float = 86400.0,
               max_body: int = 64 * 1024, static_dir: Path | None = None, engine: str = "auto",
               bot_queue: int = 1, games_per_minute: int = 20, undo_window: float = 3.0,
               imports: bool = False) -> FastAPI:
    """The server for database URL `db` (sqlite:///path or postgresql://...): see `ttr serve --help`.
    `engine`: which engine plays the games ("auto": the native core where it plays the board);
    `bot_queue`: threads for the bots of games without a person; `games_per_minute`: new games
    one client address may create per minute (0: no limit); `undo_window`: seconds a bot waits,
    instead of `bot_delay`, after a move its player may take back; `imports`: take finished games
    (POST /api/replays, server/replays.py)."""
    store = Store(db)
    service = GameService(store, cache_size=cache_size, seat_timeout=seat_timeout, engine=engine)
    runner = BotRunner(service, bot_delay, bot_workers, bot_queue)
    campaigns = CampaignService(service)
    listener = (Listener(store.url, secrets.token_hex(8), lambda gid: service.refresh(gid))
                if store.dialect == "postgresql" else None)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        logs.install()
        loop = asyncio.get_running_loop()
        service.hub.start(loop)
        runner.start(loop)
        service.schedule, service.busy, service.cancel = runner.schedule, runner.busy, runner.cancel
        if listener is not None:
            service.notify_tag = listener.me
            listener.start()
        service.resume_bots()
        campaigns.resume()  # a game's end or a bot's removal a crash left unrecorded
        app.state.ws_pool = ThreadPoolExecutor(32, thread_name_prefix="ttr-ws")  # WebSocket moves wait on commits here
        try:
            yield
        finally:
            app.state.ws_pool.shutdown(wait=False, cancel_futures=True)
            if listener is not None:
                listener.stop()
            await runner.stop()
            store.close()

    app = FastAPI(title="ttr game server", version=__version__, lifespan=lifespan,
                  description="Ticket to Ride, played by the rulebooks: see docs/protocol.md.")
    app.state.service = service
    app.state.campaigns = campaigns
    app.state.runner = runner
    app.state.game_limit = RateLimit(games_per_minute)
    app.state.imports = imports
    service.undo_window = max(bot_delay, undo_window)

    @app.exception_handler(ServiceError)
    async def service_error(request: Request, exc: ServiceError) -> JSONResponse:
        headers = {"Retry-After": str(exc.retry_after)} if isinstance(exc, TooMany) else None
        return JSONResponse(exc.body(), status_code=exc.status, headers=headers)

    @app.exception_handler(StorageError)
    @app.exception_handler(sa.exc.SQLAlchemyError)
    async def database_error(request: Request, exc: Exception) -> JSONResponse:
        # a read the database could not answer (writes say so themselves): JSON, and nothing of the statement
        if isinstance(exc, sa.exc.SQLAlchemyError):
            log.warning("database error on %s: %s", request.url.path, getattr(exc, "orig", None) or type(exc).__name__)
        return JSONResponse({"error": "unavailable", "detail": "the database did not answer; try again shortly"},
                            status_code=503)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        headers = dict(exc.headers or {})
        if exc.status_code == 405:  # Allow: the methods of every route on this path, not just the first's
            headers["Allow"] = ", ".join(_allowed(app, request))
        status = 422 if exc.status_code == 400 else exc.status_code  # a body that is not JSON: malformed, as documented
        code = {404: "not-found", 405: "method-not-allowed", 422: "invalid-request"}.get(status, "http-error")
        return JSONResponse({"error": code, "detail": str(exc.detail)}, status_code=status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        err = exc.errors()[0] if exc.errors() else {"loc": (), "msg": "invalid request"}
        where = ".".join(str(x) for x in err.get("loc", ()))
        return JSONResponse({"error": "invalid-request", "detail": f"{where}: {err.get('msg')}"}, status_code=422)

    app.include_router(routes.router)
    app.include_router(replays.router)
    app.include_router(campaign_routes.router)
    app.include_router(ws.router)
    if cors_origins:
        app.add_middleware(CORSMiddleware, allow_origins=list(cors_origins), allow_methods=["GET", "POST"],
                           allow_headers=["Authorization", "Content-Type"])
    app.add_middleware(BodyLimit, max_body=max_body)
    app.add_middleware(SecurityHeaders)
    _static(app, static_dir or STATIC)
    return app


def _allowed(app: FastAPI, request: Request) -> list[str]:
    """The documented methods of the request's path (its most literal template in /openapi.json, as the
    routes are matched: /api/games/mine before /api/games/{gid}); a path no API route takes is the client's
    files: GET, HEAD."""
    parts = request.url.path.rstrip("/").split("/")
    best: tuple[int, list[str]] | None = None
    for template, ops in app.openapi()["paths"].items():
        segments = template.rstrip("/").split("/")
        if len(segments) != len(parts) or any(t != p and not t.startswith("{") for t, p in zip(segments, parts)):
            continue
        params = sum(t.startswith("{") for t in segments)
        if best is None or params < best[0]:
            best = (params, sorted(m.upper() for m in ops))
    return best[1] if best else ["GET", "HEAD"]


def _static(app: FastAPI, folder: Path) -> None:
    """The built client at / (index.html), or a page saying how to build it."""
    index = folder / "index.html"

    @app.get("/", include_in_schema=False)
    def home():
        return FileResponse(index) if index.is_file() else HTMLResponse(PLACEHOLDER)

    if folder.is_dir():
        app.mount("/", StaticFiles(directory=folder, html=True), name="static")


__all__ = ["create_app"]
