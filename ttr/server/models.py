"""The protocol's requests and responses as pydantic models (served as /openapi.json).

Responses are written by the service as JSON directly (service.dumps); these
models document them, and the suite checks every response against them
(schemathesis). What the engine writes (a seat's view, the public log's entries,
the result) is not described again here: it is the engine's schema (ttr.engine:
View, LogEntry, Result, ...), standard-library TypedDicts rebuilt for pydantic
(typeddicts.rebuild). The browser client's types are generated from the same
/openapi.json (web/src/app/api.gen.ts, `npm run gen-types`)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field

from ..agents import LEVELS
from ..editions import EDITIONS, player_range
from ..engine import LegalGroup, LogEntry, Result, ResultSummary, View, You
from .typeddicts import rebuild

if TYPE_CHECKING:  # Literals of the boards and bots registered at import: plain str to the type checker
    MapName = str
    BotName = str
else:
    MapName = Literal[tuple(sorted(EDITIONS))]
    BotName = Literal[tuple(sorted(LEVELS))]
MOST_PLAYERS = max(max(player_range(m)) for m in EDITIONS)
PRINTABLE = r"^[^\x00-\x1f\x7f]*$"  # no control characters (NUL among them)
TOKEN = Field(default=None, max_length=100, description="a seat token (or the creator's token, where it says so)")


class LogLine(LogEntry):
    """One entry of the public log as the server sends it: the engine's entry, when it was
    stored and the entry in English."""
    at: Annotated[float, Field(description="when it was stored (Unix time)")]
    text: Annotated[str, Field(description="the entry in English (clients may say it from the data instead)")]


if not TYPE_CHECKING:  # pydantic takes typing_extensions' TypedDicts only (Python < 3.12)
    View, You, Result, ResultSummary, LogLine, LegalGroup = map(rebuild, (View, You, Result, ResultSummary, LogLine,
                                                                     LegalGroup))


class _Closed(BaseModel):
    """A request: no unknown fields, no coercion ("5" is not a turn)."""
    model_config = ConfigDict(extra="forbid", strict=True)


# ------------------------------------------------------------------ requests

class SeatSpec(_Closed):
    kind: Literal["human", "bot"]
    bot: Optional[BotName] = Field(default=None, description="a bot's name (GET /api/bots): its level")
    name: Optional[str] = Field(default=None, max_length=40, pattern=PRINTABLE,
                                description="shown to everyone (no control characters)")


class CreateGame(_Closed):
    map: MapName = Field(description="a board: GET /api/maps")
    players: int = Field(ge=2, le=MOST_PLAYERS, description="within the board's range (GET /api/maps)")
    seats: list[SeatSpec] = Field(max_length=MOST_PLAYERS, description="one per player, in seat order")
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
    bot: Optional[BotName] = None


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


class GameView(BaseModel):
    id: str
    turn: int = Field(description="the game's ply: changes on every action; send it back with a move")
    seat: Optional[int] = Field(description="the seat shown; null for a spectator")
    status: Literal["playing", "over"]
    seats: list[PublicSeat]
    can_undo: bool = Field(description="this seat may take back the last action now (POST .../undo)")
    view: View = Field(description="the engine's view (ttr.Game.view): what the seat (or a spectator) may see")
    chosen: list[int] = Field(default_factory=list, description="seats whose secret setup choice (first tickets, "
                              "pieces), made ahead of their turn, waits to be played when it comes")
    my_choice: Optional[str] = Field(default=None, description="this seat's own choice made ahead, if any (its "
                                     "text); never another seat's")
    ahead: Optional[list[LegalGroup]] = Field(default=None, description="what this seat may choose now, ahead of "
                                              "its turn, in a setup phase where every seat chooses in secret (the "
                                              "legal groups it will have then); null otherwise")


class LogResponse(BaseModel):
    id: str
    turn: int
    log_from: int = Field(description="the index of the first entry in `log`")
    log: list[LogLine]


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
    result: Result


class ReplayStep(BaseModel):
    id: str
    ply: int = Field(description="the step shown: the position after this many actions")
    plies: int = Field(description="how many actions the game has (the last step)")
    seats: list[PublicSeat]
    view: View = Field(description="the public (spectator's) view of the position at that step")
    hands: list[You] = Field(description="every seat's secrets at that step (the game is over: nothing is secret)")


class MapInfo(BaseModel):
    name: str
    title: str
    min_players: int
    max_players: int


class BotInfo(BaseModel):
    name: str
    description: str
    ratings: dict[str, int] = Field(default_factory=dict,
                                    description="its rating on each board's bot ladder (Elo scale, 1500: the "
                                                "board's mean; docs/ladder.md)")


class Health(BaseModel):
    status: Literal["ok", "database-unavailable"] = Field(description="503 with database-unavailable when the "
                                                                       "database does not answer")
    version: str
    database: str
    games_in_memory: int


# ---------------------------------------------------------------- campaigns

Company = Literal["blue", "black", "red", "yellow", "green"]


class CampaignPlayerSpec(_Closed):
    name: str = Field(min_length=1, max_length=40, pattern=PRINTABLE, description="shown to everyone")
    company: Company = Field(description="the player's railroad company, for the whole campaign")
    kind: Literal["human", "bot"]
    bot: Optional[BotName] = Field(default=None, description="a bot player's bot (GET /api/bots)")


class CreateCampaign(_Closed):
    players: list[CampaignPlayerSpec] = Field(min_length=2, max_length=5, description="clockwise, 2-5")
    pack: str = Field(default="demo", max_length=64, description="a content pack the server has (`demo`)")
    seed: Optional[int] = Field(default=None, ge=0, lt=2**63, description="the campaign's seed; random if omitted")


class StartCampaignGame(_Closed):
    token: Optional[str] = TOKEN
    absent: list[str] = Field(default_factory=list, max_length=5, description="names of players away this game")


class RemovalRequest(_Closed):
    token: Optional[str] = TOKEN
    event: str = Field(max_length=100, description="an event of the game's event discard (`status.pending.choices`)")


class CampaignPlayer(BaseModel):
    idx: int = Field(description="the player's place, clockwise, in the campaign")
    name: str
    company: Company
    kind: Literal["human", "bot"]
    bot: Optional[str]
    has_token: bool = Field(description="a human holds this player's token")


class CampaignCreatedPlayer(CampaignPlayer):
    token: Optional[str] = Field(description="the player's secret (humans only): their seat in every game of the "
                                 "campaign; put it in their link")


class CampaignCreated(BaseModel):
    id: str
    admin_token: str = Field(description="the creator's token: starts games, sees the campaign as a spectator")
    players: list[CampaignCreatedPlayer]


CampaignPhase = Literal["ready", "playing", "removal", "finished"]


class CampaignSummary(BaseModel):
    id: str
    pack: str
    phase: CampaignPhase
    game: int = Field(description="the game the phase is about (1-12)")
    year: int
    created: float
    updated: float
    players: list[CampaignPlayer]
    game_id: Optional[str] = Field(description="the server game being played, while one is")


class MyCampaign(CampaignSummary):
    my_players: list[int] = Field(description="the players whose tokens were sent")
    creator: bool


class CampaignGame(BaseModel):
    game: int
    id: str = Field(description="the server game that played it (GET /api/games/{id})")


class _Open(BaseModel):
    """Part of a campaign's status (ttr.campaign.report): documented fields; a newer ttr may add more."""
    model_config = ConfigDict(extra="allow")


class CampaignPackInfo(_Open):
    name: str
    title: str
    demo: bool


class CampaignEvent(_Open):
    id: str
    name: str
    kind: str
    demo: bool


class RemovedEvent(CampaignEvent):
    game: int
    by: str = Field(description="`caboose` (the holder's removal) or `event` (it removed itself)")
    player: Optional[str]


class CampaignEvents(_Open):
    box: list[CampaignEvent] = Field(description="the events kept in the box for the games to come")
    removed: list[RemovedEvent] = Field(description="the events removed for good")


class CampaignOffice(_Open):
    company_bonus: int
    caboose: bool
    money: int
    cards: int


class VaultItem(_Open):
    money: int
    note: str
    game: int


class CampaignCompany(_Open):
    player: str
    company: Company
    office: CampaignOffice
    vault_items: list[VaultItem]
    vault: int = Field(description="the slips so far (after game 12: the vault counted as the final standings do)")
    games_played: list[int]
    games_absent: list[int]


class StoryCardRead(_Open):
    id: str
    a: str
    b: str
    game: int
    point: Literal["setup", "end"]
    demo: bool


class StoryWaiting(_Open):
    id: str
    a: str = Field(description="the pause card's face (its back is read when it is due)")
    until_game: Optional[int]
    at: Optional[str]


class CampaignStory(_Open):
    read: list[StoryCardRead]
    ended: bool
    left: int = Field(description="cards not read yet (their text is not shown)")
    waiting: Optional[StoryWaiting]


class CampaignBox(_Open):
    id: str
    name: str
    kind: str
    open: bool
    text: Optional[str] = Field(default=None, description="an open box's contents (a closed box shows its name alone)")
    opened_in: Optional[int] = None


class RemovedInGame(_Open):
    event: str
    by: str
    player: Optional[str]


class ArcGame(_Open):
    game: int
    year: int
    over: bool
    players: list[str]
    absent: list[str]
    slips: dict[str, int] = Field(description="player -> bank slip")
    winner: Optional[str]
    events_revealed: list[str]
    events_removed: list[RemovedInGame]
    story: list[str]
    boxes_opened: list[str]
    frontiers_added: list[str] = Field(default_factory=list, description="the frontier boards it added")


class FrontierAdded(_Open):
    id: str
    name: str
    game: int = Field(description="the game it was added at (its end, or its set-up)")
    demo: bool
    cities: list[str] = Field(description="the cities it brought")


class CampaignBoardInfo(_Open):
    cities: int
    routes: int
    tickets: int
    frontiers: list[FrontierAdded] = Field(description="the frontier boards added so far, in order (rulebook 451)")


class ClaimStep(_Open):
    number: int
    kind: str
    label: str
    until_game: Optional[int]
    icon: Optional[str] = Field(default=None, description="it acts per train card bearing this icon spent on a claim")


class CardIcons(_Open):
    icon: str
    card: str
    count: int


class CampaignPending(_Open):
    decision: Literal["start_game", "remove_event"]
    game: Optional[int] = None
    year: Optional[int] = None
    player: Optional[str] = Field(default=None, description="remove_event: the caboose holder")
    choices: Optional[list[CampaignEvent]] = Field(default=None, description="remove_event: the event discard")


class CampaignPublicTickets(BaseModel):
    border: str
    until_game: Optional[int] = Field(description="the last game it lasts; null: for good")


class CampaignStatus(_Open):
    pack: CampaignPackInfo
    seed: Optional[int] = Field(description="null until the campaign is over (it would tell every deck)")
    map: str
    phase: Literal["ready", "playing", "removal", "finished"]
    game: int
    year: int
    games_done: int
    caboose: str = Field(description="the player holding the caboose")
    companies: list[CampaignCompany]
    events: CampaignEvents
    rules: list[dict[str, Any]] = Field(description="rule stickers in force")
    claim_steps: list[ClaimStep]
    card_icons: list[CardIcons] = Field(default=[], description="how many train cards of a kind bear an icon (210)")
    story: CampaignStory
    boxes: list[CampaignBox]
    board: CampaignBoardInfo = Field(description="the board the next game is played on (its map: "
                                     "GET /api/campaigns/{id}/board)")
    arc: list[ArcGame] = Field(description="a row per game played")
    company_bonus: int
    retired_tickets: list[Any]
    public_tickets: list[CampaignPublicTickets] = Field(description="borders whose tickets are held face up "
                                                        "(rulebook 465)")
    changes: list[dict[str, Any]]
    current_game: Optional[dict[str, Any]] = Field(description="the game in progress: turn, money, trains and "
                                                   "ticket counts (never a card or a ticket)")
    pending: Optional[CampaignPending]
    standings: Optional[dict[str, Any]] = Field(description="after game 12: the final standings")


class CampaignView(BaseModel):
    id: str
    pack: str
    phase: CampaignPhase
    game: int
    year: int
    you: Optional[int] = Field(description="the player the token is; null for the creator or a spectator")
    creator: bool
    players: list[CampaignPlayer]
    games: list[CampaignGame]
    game_id: Optional[str] = Field(description="the server game being played, while one is")
    can_start: bool = Field(description="this token may start the next game now")
    can_remove: bool = Field(description="this token's player holds the caboose and must remove an event now")
    postcards: Optional[Any] = Field(description="the postcards, as far as this token may see them (a secret "
                                     "side only to its holder); null where the campaign has none")
    status: CampaignStatus = Field(description="the campaign as revealed so far: `ttr campaign status --json`, "
                                   "without the seeds while the campaign goes on (docs/campaign.md)")
