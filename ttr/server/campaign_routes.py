"""The campaigns' HTTP API (docs/protocol.md, "Campaigns")."""
from __future__ import annotations

from typing import Any, Optional

from fastapi import APIRouter, Query, Request
from fastapi.responses import Response

from .campaigns import CampaignService
from .errors import TooMany
from .models import (
    CampaignCreated,
    CampaignSummary,
    CampaignView,
    CreateCampaign,
    MyCampaign,
    RemovalRequest,
    StartCampaignGame,
    TokensRequest,
)
from .routes import AuthHeader, TokenQuery, _errors, _json, _token

router = APIRouter(prefix="/api")


def _campaigns(request: Request) -> CampaignService:
    return request.app.state.campaigns


@router.post("/campaigns", response_model=CampaignCreated, status_code=201, responses=_errors(429, 503))
def create_campaign(body: CreateCampaign, request: Request) -> Response:
    limit = request.app.state.game_limit  # a campaign counts as a new game (--games-per-minute)
    wait = limit.take(request.client.host if request.client else "")
    if wait:
        raise TooMany(f"one address may create at most {limit.per_minute} games or campaigns a minute; "
                      f"try again in {wait} s", retry_after=wait)
    out = _campaigns(request).create([p.model_dump() for p in body.players], body.pack, body.seed)
    return _json(out, 201)


@router.get("/campaigns", response_model=list[CampaignSummary], responses=_errors())
def list_campaigns(request: Request, limit: int = Query(default=50, ge=1, le=200),
                   offset: int = Query(default=0, ge=0, le=10**6)) -> Response:
    return _json(_campaigns(request).listing(limit, offset))


@router.post("/campaigns/mine", response_model=list[MyCampaign], responses=_errors())
def my_campaigns(body: TokensRequest, request: Request) -> Response:
    return _json(_campaigns(request).mine(body.tokens))


@router.get("/campaigns/{cid}", response_model=CampaignView, responses=_errors(401, 404, 503))
def get_campaign(cid: str, request: Request, token: Optional[str] = TokenQuery,
                 authorization: Optional[str] = AuthHeader) -> Response:
    return _json(_campaigns(request).status(cid, _token(token, authorization)))


@router.post("/campaigns/{cid}/games", response_model=CampaignView, responses=_errors(401, 404, 409, 503))
def start_campaign_game(cid: str, body: StartCampaignGame, request: Request,
                        authorization: Optional[str] = AuthHeader) -> Response:
    return _json(_campaigns(request).start(cid, _token(body.token, authorization), body.absent))


@router.post("/campaigns/{cid}/removal", response_model=CampaignView, responses=_errors(401, 403, 404, 409, 503))
def remove_event(cid: str, body: RemovalRequest, request: Request,
                 authorization: Optional[str] = AuthHeader) -> Response:
    return _json(_campaigns(request).remove(cid, _token(body.token, authorization), body.event))


@router.get("/campaigns/{cid}/board", response_model=dict[str, Any], responses=_errors(404, 503))
def campaign_board(cid: str, request: Request) -> Response:
    return _json(_campaigns(request).board(cid))


__all__ = ["router"]
