"""The protocol's requests and responses as pydantic models (served as /openapi.json).

Responses are written by the service as JSON directly (service.dumps); these
models document them, and the suite checks every response against them
(schemathesis). Models of the engine's view allow extra fields: an edition may
add its own (documented in docs/protocol.md)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field

from ..editions import EDITIONS

if TYPE_CHECKING:  # a Literal of the boards registered at import: a plain str to the type checker
    MapName = str
else:
    MapName = Literal[tuple(sorted(EDITIONS))]
TOKEN = Field(default=None, max_length=100, description="a seat token (or the creator's token, where it says so)")


class _Open(BaseModel):
    model_config = ConfigDict(extra="allow")


class _Closed(BaseModel):
    model_config = ConfigDict(extra="forbid")


# ------------------------------------------------------------------ requests

class SeatSpec(_Closed):
    kind: Literal["human", "bot"]
    bot: Optional[str] = Field(default=None, max_length=32, description="a bot's name (GET /api/bots): its level")
    name: Optional[str] = Field(default=None, max_length=40, description="shown to everyone")


class CreateGame(_Closed):
    map: MapName = Field(description="a board: GET /api/maps")
    players: int = Field(ge=1, le=9)
    seats: list[SeatSpec] = Field(max_length=9, description="one per player, in seat order")
    seed: Optional[int] = Field(default=None, ge=0, lt=2**63, description="the deal; random if omitted")
    random_first: bool = Field(default=False, description="draw the first player from the seed (else seat 0)")
    setup: Optional[dict[str, Any]] = Field(default=None, description="Legacy only: a LegacySetup as a dict")


class ActionRequest(_Closed):
    token: Optional[str] = TOKEN
    action: str = Field(max_length=400, description="canonical action text, e.g. 'claim 42 3red'")
    turn: int = Field(ge=0, description="the `turn` of the view the move was chosen in")


class UndoRequest(_Closed):
    token: Optional[str] = TOKEN
    turn: int = Field(ge=0)


class SeatChange(_Closed):
    token: Optional[str] = TOKEN
    kind: Literal["human", "bot"]
    bot: Optional[str] = Field(default=None, max_length=32)


class TokensRequest(_Closed):
    tokens: list[str] = Field(max_length=100)


# ----------------------------------------------------------------- responses

class ErrorBody(BaseModel):
    error: str = Field(description="a short code: bad-token, not-your-move, stale-turn, illegal-action, ...")
    detail: str = Field(description="what went wrong, in English (for an illegal action: the engine's explanation)")


class _Seat(BaseModel):
    seat: int
    kind: Literal["human", "bot"]
    bot: Optional[str] = Field(description="the bot playing the seat, if one does")
    name: Optional[str]


class PublicSeat(_Seat):
    has_token: bool = Field(description="a human holds (or held) this seat's token")


class CreatedSeat(_Seat):
    token: Optional[str] = Field(description="the seat's secret (human seats only): put it in the seat's link")


class GameCreated(BaseModel):
    id: str
    seats: list[CreatedSeat]
    admin_token: str = Field(description="the creator's token: hands seats to bots and back")


Texts = list[str]


class Payments(_Open):
    count: int
    first: str
    texts: Optional[Texts] = Field(default=None, alias="list", description="every payment's text")
    families: Optional[list[dict[str, Any]]] = Field(default=None, description="payments described by families")


class LegalGroup(_Open):
    kind: str
    targets: Optional[list[Any]] = None
    texts: Optional[list[str]] = None
    payments: Optional[Payments] = None


class TicketInfo(_Open):
    id: int
    cities: list[str]
    points: int
    long: bool


class You(_Open):
    seat: int
    hand: dict[str, int]
    tickets: list[TicketInfo]
    offer: list[int]
    trains: int
    stations_left: int
    score: int


class PlayerInfo(_Open):
    seat: int
    hand_size: int
    tickets: int
    offer_size: int
    trains: int
    stations: list[str]
    score: int


class Pile(BaseModel):
    size: int
    discard: dict[str, int]


class TunnelInfo(BaseModel):
    route: int
    cards: str
    revealed: list[str]
    extra: int


class HistoryItem(BaseModel):
    seat: int
    action: str


class SeatView(_Open):
    """The engine's view (ttr.Game.view): what one seat may see."""
    map: str
    title: str
    num_players: int
    seat: Optional[int]
    phase: str
    current_player: int
    turn: int = Field(description="turns completed (the protocol's turn is the envelope's `turn`)")
    ply: int
    face_up: list[Optional[str]]
    deck_size: int
    discard: dict[str, int]
    decks: dict[str, Pile]
    ticket_pile_size: int
    routes: dict[str, int]
    stations: dict[str, int]
    harbors: dict[str, int]
    tunnel: Optional[TunnelInfo]
    last_round: bool
    final_turns: int
    passes: int
    first_player: int
    you: Optional[You]
    players: list[PlayerInfo]
    history: Optional[list[HistoryItem]]
    legal: Optional[list[LegalGroup]]
    legal_count: int
    result: Optional[dict[str, Any]]
    edition: Optional[dict[str, Any]]


class GameView(BaseModel):
    id: str
    turn: int = Field(description="the game's ply: changes on every action; send it back with a move")
    seat: Optional[int] = Field(description="the seat shown; null for a spectator")
    status: Literal["playing", "over"]
    seats: list[PublicSeat]
    can_undo: bool = Field(description="this seat may take back the last action now (POST .../undo)")
    view: SeatView


class LogEntry(_Open):
    ply: int
    seat: int
    turn: int
    kind: str
    action: Optional[str] = Field(default=None, description="canonical text (absent for secret choices)")
    kept: Optional[int] = Field(default=None, description="keep: how many tickets were kept")
    events: Optional[list[dict[str, Any]]] = None
    at: float = Field(description="when it was stored (Unix time)")
    text: str = Field(description="in English")


class LogResponse(BaseModel):
    id: str
    turn: int
    log_from: int = Field(description="the index of the first entry in `log`")
    log: list[LogEntry]


class ResultSummary(BaseModel):
    totals: list[int]
    ranking: list[int]
    winners: list[int]


class GameSummary(BaseModel):
    id: str
    map: str
    players: int
    status: Literal["playing", "over"]
    turn: int
    to_move: Optional[int]
    created: float
    updated: float
    result: Optional[ResultSummary]
    seats: list[PublicSeat]


class MyGame(GameSummary):
    my_seats: list[int] = Field(description="the seats the tokens sent hold")
    creator: bool = Field(description="one of the tokens sent is the creator's")


class SeatsResponse(BaseModel):
    id: str
    turn: int
    seats: list[PublicSeat]


class ReplayRecord(BaseModel):
    id: str
    map: str
    players: int
    seed: int
    random_first: bool
    options: dict[str, Any]
    history: list[str]
    history_seats: list[int]
    result: dict[str, Any]


class MapInfo(BaseModel):
    name: str
    title: str
    min_players: int
    max_players: int


class BotInfo(BaseModel):
    name: str
    description: str


class Health(BaseModel):
    status: Literal["ok"]
    version: str
    database: str
    games_in_memory: int
