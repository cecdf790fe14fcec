"""The shapes of what the engine writes for clients, defined once: a seat's view, the public
log's entries and the result. The server builds its models from these (pydantic), serves them
in /openapi.json, and the browser client's types are generated from that (web/src/app/api.ts).
Standard-library TypedDicts: the engine imports no outside package. (No postponed annotations:
the required and optional keys are read when the classes are made.)"""

from typing import Any, Literal, NotRequired, TypedDict

Counts = dict[str, int]  # card name -> count (a hand, a payment, a discard pile)
PhaseName = Literal["initial-tickets", "choose-pieces", "turn", "second-card", "tunnel", "keep-tickets", "over", "extras"]


# Exactly `take` cards, at most from[k] of kind k; with `above`, more than above[k] of some kind k.
# ("from" is a keyword: the functional form.)
Part = TypedDict("Part", {"take": int, "from": Counts, "above": NotRequired[Counts]})


class Family(TypedDict):
    """Payments: `base` plus one multiset per part."""
    base: Counts
    parts: list[Part]


class Payments(TypedDict):
    """A segment's payments: how many, the first (default) as text and as counts, and every
    payment's text (`list`, what an action sends) and counts (`counts`), or families of multisets
    (`families`, when they are many and structured)."""
    count: int
    first: str
    first_counts: Counts
    list: NotRequired[list[str]]
    counts: NotRequired[list[Counts]]
    families: NotRequired[list[Family]]


class LegalGroup(TypedDict):
    """Legal moves of one kind: every target (as data and as text) with every payment."""
    kind: str
    targets: NotRequired[list[Any]]
    texts: NotRequired[list[str]]
    payments: NotRequired[Payments]


class TicketInfo(TypedDict):
    id: int
    cities: list[str]
    points: int
    long: bool


class You(TypedDict):
    """The seat's own secrets."""
    seat: int
    hand: Counts
    tickets: list[TicketInfo]
    offer: list[int]
    trains: int
    stations_left: int
    score: int
    ships: NotRequired[int]
    harbors_left: NotRequired[int]
    pieces_choice: NotRequired[list[int] | None]


class Box(TypedDict):
    trains: int
    ships: int


class PlayerInfo(TypedDict):
    """What everyone sees of a seat."""
    seat: int
    hand_size: int
    tickets: int
    offer_size: int
    trains: int
    stations: list[str]
    score: int
    ships: NotRequired[int]
    box: NotRequired[Box]
    harbors: NotRequired[list[str]]
    exchanged: NotRequired[int]
    pieces_chosen: NotRequired[bool]


class Pile(TypedDict):
    size: int
    discard: Counts


class TunnelInfo(TypedDict):
    route: int
    cards: Counts
    revealed: list[str]
    extra: int


class Features(TypedDict):
    """What the edition has (clients never guess it from the board's name)."""
    stations: int         # stations per player (0: none)
    harbors: int          # harbors per player (0: none)
    ships: bool           # ship routes and pieces chosen secretly (Rails & Sails)
    exchange: bool        # pieces exchanged with the box (RS6)
    money: bool           # scores are dollars held (Legacy)
    tunnels: bool
    ferries: bool
    decks: list[str]      # the draw piles by name
    may_stop: bool        # a player may take no second card (RS2)


class PlayerResult(TypedDict):
    seat: int
    total: int
    rank: int
    tickets_completed: list[int]
    tickets_failed: list[int]
    trains_left: int
    ticket_points: int
    route_points: NotRequired[int]
    exchange_points: NotRequired[int]
    stations_borrowed: NotRequired[dict[str, int]]
    tours: NotRequired[dict[str, str]]
    harbors_built: NotRequired[int]
    harbor_points: NotRequired[int]
    longest_path: NotRequired[int]
    stations_built: NotRequired[int]
    station_points: NotRequired[int]
    ships_left: NotRequired[int]
    bonuses: NotRequired[dict[str, int]]
    # Legacy (L5)
    company: NotRequired[str]
    name: NotRequired[str | None]
    money_held: NotRequired[int]
    remaining_trains_bonus: NotRequired[int]
    turn_order: NotRequired[int]
    raw_total: NotRequired[int]


class Result(TypedDict):
    players: list[PlayerResult]
    ranking: list[int]
    winners: list[int]
    over: bool
    unit: NotRequired[str]
    year: NotRequired[int]
    last_place: NotRequired[int]


class ResultSummary(TypedDict):
    totals: list[int]
    ranking: list[int]
    winners: list[int]


class LegacyEvent(TypedDict):
    id: str
    name: str
    kind: str
    text: str
    demo: bool


class LegacyStep(TypedDict):
    number: int
    kind: str
    label: str
    icon: str | None  # a step that acts per train card bearing this icon spent on the claim (LW-I1)


class LegacyOffer(TypedDict):
    """What an extra wild card gets (rulebook 322) or an action gives (278)."""
    label: str
    money: int
    draw: int
    tickets: int


class LegacyTrade(TypedDict):
    cards: int
    color: str | None
    money: int
    draw: int
    tickets: int


class LegacyPlayRule(TypedDict):
    """A rule sticker at a place of play, Q-V (rulebook 437-447), in force this game."""
    place: str
    label: str
    companies: list[str]
    extra: LegacyOffer | None
    trade: LegacyTrade | None


class LegacyExtras(TypedDict):
    """The extras phase's claim (rulebook 322): the route and the offers taken so far."""
    route: int
    taken: list[str]


class LegacyIcons(TypedDict):
    """The icons on train cards, where a rule counts them (rulebook 210, LW-I1)."""
    face_up: list[str | None]                        # per display slot: the icon its card bears
    hands: list[dict[str, dict[str, int]] | None]    # per seat: card -> icon -> how many (its own seat only)


class LegacyBlock(TypedDict):
    """Legacy's own block of a view (L1, L2, L4)."""
    setup: dict[str, Any]
    money: list[int]
    current_event: LegacyEvent | None
    event_discard: list[str]
    event_gone: list[str]      # removed for good during this game (rulebook 337)
    event_deck_size: int
    shown_tickets: list[list[int]]  # [seat, ticket] held face up (rulebook 465)
    claim_steps: list[LegacyStep]
    play_rules: list[LegacyPlayRule]  # rules of play at places Q-V (rulebook 437-447)
    event_extra: LegacyOffer | None   # the current event's extra-card offer (rulebook 322)
    extras: LegacyExtras | None       # in the extras phase: its claim; else None
    icons: LegacyIcons | None         # the card icons, where a rule counts them (LW-I1); else None
    ledger: list[list[Any]]    # [turn, seat, dollars, reason]


class View(TypedDict):
    """What one seat (or, with `seat` and `you` null, a spectator) may see."""
    map: str
    title: str
    num_players: int
    seat: int | None
    phase: PhaseName
    current_player: int
    turn: int                  # turns completed
    ply: int                   # actions applied
    face_up: list[str | None]
    deck_size: int
    discard: Counts
    decks: dict[str, Pile]
    ticket_pile_size: int
    routes: dict[str, int]     # route id -> owner
    stations: dict[str, int]   # city -> seat
    harbors: dict[str, int]    # city -> seat
    tunnel: TunnelInfo | None
    last_round: bool
    final_turns: int
    passes: int
    first_player: int
    you: You | None
    players: list[PlayerInfo]
    legal: list[LegalGroup] | None
    legal_count: int
    result: Result | None
    features: Features
    edition: LegacyBlock | None


class LogEvent(TypedDict):
    """What followed an action: `event` names it (tunnel, tickets-drawn, display-reset, last-round,
    game-over, pieces-revealed, newspaper, money, card, ticket, event-removed, ticket-shown); the other
    keys depend on it."""
    event: str
    seat: NotRequired[int]
    route: NotRequired[int]
    revealed: NotRequired[list[str]]
    extra: NotRequired[int]
    count: NotRequired[int]
    result: NotRequired[ResultSummary]
    choices: NotRequired[list[list[int]]]
    id: NotRequired[str]
    name: NotRequired[str]
    kind: NotRequired[str]
    text: NotRequired[str]
    dollars: NotRequired[int]
    reason: NotRequired[str]
    ticket: NotRequired[int]


class LogEntry(TypedDict):
    """One action as the table saw it: its text and target as data, unless its kind keeps it secret."""
    ply: int
    seat: int
    turn: int
    kind: str
    action: NotRequired[str]   # canonical text (absent for secret choices)
    target: NotRequired[Any]   # the target as data (a route id, a card, a city, ...)
    cards: NotRequired[Counts]  # the payment
    kept: NotRequired[int]     # keep: how many tickets were kept
    events: NotRequired[list[LogEvent]]


__all__ = ["Box", "Counts", "Family", "Features", "LegacyBlock", "LegacyEvent", "LegacyStep", "LegalGroup", "LogEntry",
           "LogEvent", "Part", "Payments", "PhaseName", "Pile", "PlayerInfo", "PlayerResult", "Result",
           "ResultSummary", "TicketInfo", "TunnelInfo", "View", "You"]
