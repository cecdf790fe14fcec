"""Imported replays: finished games (`ttr-replay/1` files, ttr.formats.replay) kept as public,
finished games, so the replay viewer (#/replay/<id>) shows them; a designer's own board travels
with its games (in the game's options) and is served at /api/maps/file-<hash>.

A server takes imports only when started to (`ttr replay FOLDER`, or create_app(imports=True)):
an open server would otherwise store whatever anyone posts."""
from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Body, Request
from starlette.exceptions import HTTPException
from fastapi.responses import Response
from pydantic import BaseModel

from ..agents import AGENTS
from ..engine import result_summary
from ..errors import SaveError
from ..formats import replay as replay_file
from . import tokens
from .boards import BOARDS
from .errors import Forbidden, Invalid, Unavailable
from .models import ErrorBody
from .service import GameService, dumps
from .storage import ActionRow, GameRow, SeatRow, StorageError


def import_replay(service: GameService, data: Any) -> dict:
    """Store a replay file's game as finished (Invalid, nothing stored, if anything is wrong with it);
    the same game imported again is the one stored: {"id", "created"}."""
    try:
        r = replay_file.load(data)
    except SaveError as e:
        raise Invalid(str(e)) from None
    unknown = [b for b in r.bots if b.split("#", 1)[0] not in AGENTS]
    if unknown:
        raise Invalid(f"replay: bots: unknown bot {unknown[0]!r}; known: {', '.join(AGENTS)}")
    if service.store.game(r.id) is not None:
        return {"id": r.id, "created": False}
    g = r.game
    save = data["save"]
    options: dict[str, Any] = dict(r.options)
    if r.map is not None or r.rules:
        options["board"] = {"edition": r.edition, "map": r.map, "rules": r.rules}
    now = service.clock()
    row = GameRow(r.id, r.board, g.num_players, save["seed"], save["random_first"], options, "over", g.ply, None,
                  tokens.token_hash(tokens.new_token()), now, now, dict(result_summary(g.result())),
                  [SeatRow(s, "bot", b.split("#", 1)[0], f"{b} (seat {s})", None) for s, b in enumerate(r.bots)])
    try:
        service.store.import_finished(row, [ActionRow(i, seat, text, now)
                                            for i, (seat, text) in enumerate(zip(g.seats, g.history))])
    except StorageError as e:
        raise Unavailable(f"the replay was not stored: {e}") from None
    if r.map is not None:
        BOARDS[r.board] = r.map
    return {"id": r.id, "created": True}


class ReplayImported(BaseModel):
    id: str
    created: bool


router = APIRouter(prefix="/api")


@router.post("/replays", response_model=ReplayImported, status_code=201,
             responses={c: {"model": ErrorBody} for c in (200, 403, 413, 422)})
def post_replay(request: Request, data: dict[str, Any] = Body(description="a ttr-replay/1 file")) -> Response:
    """Import a finished game (a `ttr-replay/1` file) as a public replay: 201 with its id, or 200
    with the id of the same game imported before; 403 unless the server takes imports."""
    if not getattr(request.app.state, "imports", False):
        raise Forbidden("this server takes no replays: start one with `ttr replay FOLDER`")
    out = import_replay(request.app.state.service, data)
    return Response(dumps(out), status_code=201 if out["created"] else 200, media_type="application/json")


@router.api_route("/replays", methods=["GET", "HEAD", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"],
                  include_in_schema=False)
def replays_other_methods() -> Response:
    """Only POST: 405 with Allow (else the client's files at / would answer 404)."""
    raise HTTPException(405)


__all__ = ["ReplayImported", "import_replay", "router"]
