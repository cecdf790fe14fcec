"""The HTTP API (docs/protocol.md). Handlers are plain functions: FastAPI runs them in
its thread pool, so a database commit never blocks the event loop."""
from __future__ import annotations

from typing import Any, Literal, Optional

from fastapi import APIRouter, Header, Path, Query, Request
from fastapi.responses import Response

from .. import __version__
from ..agents import LEVELS
from ..editions import EDITIONS
from ..maps import DATA, map_names
from .boards import BOARDS, board_of
from .bots import DESCRIPTIONS, RATINGS
from .errors import NotFound, TooMany
from .models import (
    ActionRequest,
    BotInfo,
    CreateGame,
    ErrorBody,
    GameCreated,
    GameSummary,
    GameView,
    Health,
    LogResponse,
    MapInfo,
    MyGame,
    ReplayRecord,
    ReplayStep,
    SeatChange,
    SeatsResponse,
    TokensRequest,
    UndoRequest,
)
from .service import GameService, dumps

router = APIRouter(prefix="/api")


def _errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The documented error responses of a route (every route may answer 422 to a malformed request)."""
    return {c: {"model": ErrorBody} for c in sorted({*codes, 422})}


def _json(obj: Any, status: int = 200) -> Response:
    return Response(dumps(obj), status_code=status, media_type="application/json")


def _service(request: Request) -> GameService:
    return request.app.state.service


def _token(query: str | None, authorization: str | None) -> str | None:
    """A token from the query (?token=), else from `Authorization: Bearer <token>`."""
    if query:
        return query
    if authorization and authorization[:7].lower() == "bearer ":
        return authorization[7:].strip() or None
    return None


TokenQuery = Query(default=None, max_length=100, description="a seat token; omit it to watch as a spectator")
AuthHeader = Header(default=None, max_length=120, description="`Bearer <token>`: the token, kept out of URLs")


@router.get("/health", response_model=Health,
            responses={503: {"model": Health, "description": "the database does not answer"}})
def health(request: Request) -> Response:
    s = _service(request)
    up = s.store.ping()
    return _json({"status": "ok" if up else "database-unavailable", "version": __version__, "database": s.store.dialect,
                  "games_in_memory": s.cached()}, status=200 if up else 503)


@router.get("/maps", response_model=list[MapInfo])
def maps() -> Response:
    return _json([{"name": n, "title": EDITIONS[n].title, "min_players": EDITIONS[n].min_players,
                   "max_players": EDITIONS[n].max_players} for n in map_names() if n in EDITIONS])


@router.get("/maps/{name}", response_model=dict[str, Any], responses=_errors(404))
def map_file(name: str) -> Response:
    if name not in map_names():
        if name in BOARDS:  # a designer's board, of an imported replay
            return _json(BOARDS[name])
        raise NotFound(f"no map {name!r}")
    return Response((DATA / f"{name}.json").read_bytes(), media_type="application/json")


@router.get("/bots", response_model=list[BotInfo])
def bots() -> Response:
    return _json([{"name": n, "description": DESCRIPTIONS[n], "ratings": RATINGS.get(n, {})} for n in LEVELS])


@router.post("/games", response_model=GameCreated, status_code=201, responses=_errors(429, 503))
def create_game(body: CreateGame, request: Request) -> Response:
    limit = request.app.state.game_limit
    wait = limit.take(request.client.host if request.client else "")
    if wait:
        raise TooMany(f"one address may create at most {limit.per_minute} games a minute; "
                      f"try again in {wait} s", retry_after=wait)
    c = _service(request).create(body.map, body.players, [s.model_dump() for s in body.seats], seed=body.seed,
                                 random_first=body.random_first, setup=body.setup)
    return _json({"id": c.id, "seats": c.seats, "admin_token": c.admin_token}, 201)


@router.get("/games", response_model=list[GameSummary], responses=_errors())
def list_games(request: Request, status: Literal["playing", "over"] = "playing",
               limit: int = Query(default=50, ge=1, le=200), offset: int = Query(default=0, ge=0, le=10**6)) -> Response:
    return _json(_service(request).listing(status, limit, offset))


@router.post("/games/mine", response_model=list[MyGame], responses=_errors())
def my_games(body: TokensRequest, request: Request) -> Response:
    return _json(_service(request).mine(body.tokens))


@router.get("/games/{gid}", response_model=GameView, responses=_errors(401, 404, 503))
def get_game(gid: str, request: Request, token: Optional[str] = TokenQuery,
             authorization: Optional[str] = AuthHeader) -> Response:
    return _json(_service(request).view(gid, _token(token, authorization)))


@router.post("/games/{gid}/actions", response_model=GameView, responses=_errors(401, 403, 404, 409, 503))
def post_action(gid: str, body: ActionRequest, request: Request, authorization: Optional[str] = AuthHeader) -> Response:
    return _json(_service(request).act(gid, _token(body.token, authorization), body.action, body.turn))


@router.post("/games/{gid}/undo", response_model=GameView, responses=_errors(401, 404, 409, 503))
def post_undo(gid: str, body: UndoRequest, request: Request, authorization: Optional[str] = AuthHeader) -> Response:
    return _json(_service(request).undo(gid, _token(body.token, authorization), body.turn))


@router.post("/games/{gid}/seats/{seat}", response_model=SeatsResponse, responses=_errors(401, 403, 404, 503))
def change_seat(gid: str, seat: int, body: SeatChange, request: Request,
                authorization: Optional[str] = AuthHeader) -> Response:
    return _json(_service(request).set_seat(gid, _token(body.token, authorization), seat, body.kind, body.bot))


@router.get("/games/{gid}/log", response_model=LogResponse, responses=_errors(401, 404, 503))
def get_log(gid: str, request: Request, token: Optional[str] = TokenQuery, authorization: Optional[str] = AuthHeader,
            since: int = Query(default=0, ge=0, le=10**6, description="the first entry wanted")) -> Response:
    return _json(_service(request).log(gid, _token(token, authorization), since))


@router.get("/games/{gid}/board", response_model=dict[str, Any], responses=_errors(404, 503))
def get_board(gid: str, request: Request) -> Response:
    """The map file of the board the game is played on (a Legacy campaign's board may grow)."""
    live = _service(request).live(gid)
    board = board_of(live.row.map, live.row.options)
    if board is None:
        raise NotFound(f"game {gid}'s board is not known to this server")
    return _json(board)


@router.get("/games/{gid}/replay", response_model=ReplayRecord, responses=_errors(404, 409, 503))
def get_replay(gid: str, request: Request) -> Response:
    return _json(_service(request).replay_record(gid))


@router.get("/games/{gid}/replay/{ply}", response_model=ReplayStep, responses=_errors(404, 409, 503))
def get_replay_step(gid: str, request: Request,
                    ply: int = Path(ge=0, le=10**6, description="the step: the position after this many actions")) -> Response:
    return _json(_service(request).replay_step(gid, ply))


__all__ = ["router"]
