"""Legacy content as values: claim steps, events and one game's setup.

Everything the box keeps secret comes from a content pack (pack.py); these are
the frozen values the engine plays with. A claim step is one numbered rule run
after every claim (L4); a persistent event contributes its step while it is the
current event; a lightning event has an effect that acts once, when revealed.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Annotated, Literal, Optional

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationError,
    model_validator,
)

from ...errors import TtrError
from .frontier import Frontier, FrontierModel

COMPANY_COLORS = ("blue", "black", "red", "yellow", "green")
CARD_COLORS = ("black", "blue", "white", "green", "yellow", "red")
STEP_KINDS = ("company_route", "big_city", "route_bonus", "route_fee", "route_cards")
GIVES = ("money", "cards", "tickets")  # what an event's effect gives (or, negative money, takes)
EFFECTS = ("gain_all", "gain_drawer", "gain_poorest", "gain_richest", "gain_per_route")
PLAY_PLACES = ("Q", "R", "S", "T", "U", "V")  # the rule places of play (rulebook 437-447)
POSTCARD_PLACES = ("P1", "P2", "P3")          # a company's postcards that grant an ability, by number (LW-X3)
ICONS = ("pickaxe", "skull")                  # the icons on some train cards (rulebook 210; icons.py)
ICON_CARDS = CARD_COLORS + ("wild",)          # the train cards that may bear one


class ContentError(TtrError):
    """A content pack or a Legacy setup is malformed; the message names the entry."""


@dataclass(frozen=True, slots=True)
class ClaimStep:
    """A numbered claim step (L4). Kinds:
    company_route: a route of the claimer's company colour pays the company bonus;
    big_city: a route touching a big city draws the top card of the deck (once);
    route_bonus / route_fee: a matching route gains / costs `amount` dollars;
    route_cards: a matching route draws `amount` cards from the top of the deck.
    A route matches when its colour is `color` ("company": the claimer's company
    colour; None: any), its length is at least `min_length` (and at most
    `max_length` unless 0), it touches one of `cities` if any are named, and, if
    `big_city`, it touches a big city. With an `icon` (LW-I1), a route_bonus / route_fee /
    route_cards step acts once per card bearing that icon among the cards the claim spent."""
    number: int
    kind: str
    amount: int = 0
    color: str | None = None
    min_length: int = 1
    big_city: bool = False
    label: str = ""
    max_length: int = 0
    cities: tuple[str, ...] = ()
    icon: str | None = None


@dataclass(frozen=True, slots=True)
class TicketMark:
    """What a ticket card shows besides its cities and value (rulebook 146, 210, 463): its border
    colour, a text, the number of a postcard it refers to."""
    ticket: int
    border: str = ""
    text: str = ""
    postcard: int | None = None


@dataclass(frozen=True, slots=True)
class Trade:
    """An event's action (rulebook 278; trade.py): as the whole turn, discard `cards` cards of
    `color` (None: any one colour; wild cards count as any) for `money` dollars, `draw` cards
    from the deck and `tickets` tickets (kept)."""
    cards: int
    color: str | None = None
    money: int = 0
    draw: int = 0
    tickets: int = 0


@dataclass(frozen=True, slots=True)
class Extra:
    """Rulebook 322-324: an offer made when its holder claims a matching route (filters as a claim
    step's): discard one extra wild card for `money` dollars, `draw` cards from the deck and
    `tickets` tickets (kept); one card per offer taken, each offer at most once a claim."""
    label: str
    money: int = 0
    draw: int = 0
    tickets: int = 0
    color: str | None = None
    min_length: int = 1
    max_length: int = 0
    cities: tuple[str, ...] = ()
    big_city: bool = False


@dataclass(frozen=True, slots=True)
class PlayRule:
    """A rule sticker at a place of play, Q-V (rulebook 437-447), in force this game for the
    companies it names: an extra-card offer on their claims (322) and/or an action they may take
    as a turn (a trade, as an event's: 278). At P1-P3: the ability a postcard its one company
    holds grants (LW-X3)."""
    place: str
    companies: tuple[str, ...]
    label: str = ""
    extra: Extra | None = None
    trade: Trade | None = None


@dataclass(frozen=True, slots=True)
class Event:
    """An event card. persistent: `step` acts while the event is current;
    lightning: `effect` acts once, when revealed (kinds in EFFECTS; `color`
    filters gain_per_route, "company" meaning each player's company colour),
    giving `amount` dollars or, with gives="cards" / "tickets", cards from the deck or tickets
    from the ticket pile (kept: there is no choice)."""
    id: str
    name: str
    kind: str                       # "persistent" or "lightning"
    text: str = ""
    step: ClaimStep | None = None
    effect: str | None = None
    amount: int = 0
    color: str | None = None
    demo: bool = False              # invented for the demo pack, not a printed card
    gives: str = "money"            # GIVES
    remove: bool = False            # a lightning event removed for good once it has acted (rulebook 337)
    trade: Trade | None = None      # a persistent event's action, offered while it is current (278)
    extra: Extra | None = None      # a persistent event's extra-card offer on claims, while current (322)


@dataclass(frozen=True, slots=True)
class LegacySetup:
    """The static content of one Legacy game (shared by clones, saved whole)."""
    companies: tuple[str, ...]      # company colour per seat
    company_bonus: int              # dollars for a route of the company colour (step 3)
    trains: int                     # trains per player this game (20 in game 1)
    steps: tuple[ClaimStep, ...]    # the board's claim steps, in number order
    events: tuple[Event, ...]       # the event deck, before shuffling
    year: int = 1865
    start_money: int = 5            # L1
    retired_tickets: tuple[int, ...] = ()  # tickets removed for good
    pack: str = "demo"
    demo: bool = True               # the content is (partly) invented demo content
    names: tuple[str, ...] = ()     # players' names per seat, if any
    company_bonuses: tuple[tuple[str, int], ...] = ()  # a company's own bonus card, where not company_bonus
    company_trains: tuple[tuple[str, int], ...] = ()   # a company's own train count, where not trains
    office_money: tuple[tuple[str, int], ...] = ()     # dollars a company takes from its office at set-up (152)
    office_cards: tuple[tuple[str, int], ...] = ()     # cards it draws at set-up for what its office holds
    office_tickets: tuple[tuple[str, int], ...] = ()   # tickets it takes at set-up (a postcard's reward), kept
    frontiers: tuple[Frontier, ...] = ()               # frontier boards added to the board, in order (451)
    ticket_marks: tuple[TicketMark, ...] = ()          # borders, texts and postcard numbers on tickets (146, 463)
    public_borders: tuple[str, ...] = ()               # tickets of these borders are held face up (465)
    play_rules: tuple[PlayRule, ...] = ()              # rule stickers at places Q-V in force (437-447)
    card_icons: tuple[tuple[str, str, int], ...] = ()  # (icon, card, how many bear it): marks on the train cards (210)

    def icons_in_play(self) -> bool:
        """Some claim step of this game (the board's or an event's) counts a card icon (LW-I1): the
        game follows which cards bear one. Otherwise icons are ignored (rulebook 210)."""
        return bool(self.card_icons) and (any(s.icon for s in self.steps) or any(
            e.step is not None and e.step.icon for e in self.events))

    def has_extras(self) -> bool:
        """Some claim may be followed by extra-card offers (rulebook 322): the game keeps the phase's state."""
        return any(r.extra for r in self.play_rules) or any(e.extra for e in self.events)

    def shown_on_keep(self, ticket: int) -> bool:
        """A ticket its holder plays face up (rulebook 465: where a rule says so, by its border)."""
        return bool(self.public_borders) and any(m.ticket == ticket and m.border in self.public_borders
                                                 for m in self.ticket_marks)

    def bonus(self, company: str) -> int:
        """What a route of `company`'s colour pays at the company-route step (its bonus card)."""
        return dict(self.company_bonuses).get(company, self.company_bonus)

    def trains_of(self, company: str) -> int:
        """The trains `company` plays this game (the back of its box)."""
        return dict(self.company_trains).get(company, self.trains)

    def event(self, event_id: str) -> Event:
        for e in self.events:
            if e.id == event_id:
                return e
        raise ContentError(f"no event {event_id!r} in this setup")

    def to_dict(self) -> dict:
        d = asdict(self)
        d["card_icons"] = [{"icon": i, "card": c, "count": n} for i, c, n in self.card_icons]
        return d

    @classmethod
    def from_dict(cls, d: dict, where: str = "setup") -> "LegacySetup":
        try:
            s = _SetupModel.model_validate(d)
        except ValidationError as e:
            raise ContentError(f"{where}: {_first_error(e)}") from None
        return s.build()


def _first_error(e: ValidationError) -> str:
    err = e.errors()[0]
    msg = err["msg"].removeprefix("Value error, ")
    loc = ".".join(str(x) for x in err["loc"])
    return f"{loc}: {msg}" if loc else msg


# ---------------------------------------------------------------- validation

class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class StepModel(Strict):
    number: StrictInt = Field(ge=1, le=99)
    kind: Literal[STEP_KINDS]  # type: ignore[valid-type]
    amount: StrictInt = Field(default=0, ge=0, le=1000)
    color: Optional[Literal[CARD_COLORS + ("gray", "company")]] = None  # type: ignore[valid-type]
    min_length: StrictInt = Field(default=1, ge=1, le=12)
    big_city: StrictBool = False
    label: StrictStr = ""
    max_length: StrictInt = Field(default=0, ge=0, le=12)
    cities: list[StrictStr] = []
    icon: Optional[Literal[ICONS]] = None  # type: ignore[valid-type]

    @model_validator(mode="after")
    def _amounts(self):
        if self.kind in ("route_bonus", "route_fee", "route_cards") and self.amount <= 0:
            raise ValueError(f"a {self.kind} step needs a positive amount")
        if self.kind == "route_cards" and self.amount > 10:
            raise ValueError("a route_cards step draws at most 10 cards")
        if self.kind in ("company_route", "big_city") and (self.amount or self.color or self.min_length != 1
                                                           or self.big_city or self.max_length or self.cities):
            raise ValueError(f"a {self.kind} step takes no amount or filter (the company bonus is set by the pack)")
        if self.max_length and self.max_length < self.min_length:
            raise ValueError(f"max_length {self.max_length} is below min_length {self.min_length}: no route matches")
        if self.icon and self.kind not in ("route_bonus", "route_fee", "route_cards"):
            raise ValueError(f"a {self.kind} step counts no icons (only route_bonus, route_fee and route_cards do)")
        return self

    def build(self) -> ClaimStep:
        d = self.model_dump()
        d["cities"] = tuple(d["cities"])
        return ClaimStep(**d)


class CardIconModel(Strict):
    """How many train cards of one kind bear an icon (rulebook 210)."""
    icon: Literal[ICONS]  # type: ignore[valid-type]
    card: Literal[ICON_CARDS]  # type: ignore[valid-type]
    count: StrictInt = Field(ge=1, le=12)


def check_icons(marks: list[CardIconModel], where: str) -> None:
    """Each card kind bears each icon in one entry, and no more of its cards bear icons than the
    deck holds (12 of a colour, 14 wild cards, L2)."""
    pairs = [(m.icon, m.card) for m in marks]
    dup = sorted({p for p in pairs if pairs.count(p) > 1})
    if dup:
        raise ValueError(f"{where}: {dup[0][1]} cards bearing a {dup[0][0]} are counted twice")
    for card in ICON_CARDS:
        n = sum(m.count for m in marks if m.card == card)
        if n > (14 if card == "wild" else 12):
            raise ValueError(f"{where}: {n} {card} cards bear an icon, more than the deck holds")


def icon_cards(marks: list[CardIconModel]) -> tuple[tuple[str, str, int], ...]:
    """As LegacySetup.card_icons: (icon, card, count)."""
    return tuple((m.icon, m.card, m.count) for m in marks)


class TicketMarkModel(Strict):
    ticket: StrictInt = Field(ge=1)
    border: StrictStr = Field(default="", pattern=r"^[a-z-]*$")
    text: StrictStr = ""
    postcard: Optional[StrictInt] = Field(default=None, ge=1)

    @model_validator(mode="after")
    def _some(self):
        if not (self.border or self.text or self.postcard is not None):
            raise ValueError(f"the mark of ticket {self.ticket} needs a border, a text or a postcard number")
        return self

    def build(self) -> TicketMark:
        return TicketMark(self.ticket, self.border, self.text, self.postcard)


class TradeModel(Strict):
    cards: StrictInt = Field(ge=1, le=4)
    color: Optional[Literal[CARD_COLORS]] = None  # type: ignore[valid-type]
    money: StrictInt = Field(default=0, ge=0, le=1000)
    draw: StrictInt = Field(default=0, ge=0, le=10)
    tickets: StrictInt = Field(default=0, ge=0, le=3)

    @model_validator(mode="after")
    def _gives(self):
        if not (self.money or self.draw or self.tickets):
            raise ValueError("a trade gives money, cards ('draw') or tickets")
        return self

    def build(self) -> Trade:
        return Trade(**self.model_dump())


class ExtraModel(Strict):
    label: StrictStr = Field(min_length=1)
    money: StrictInt = Field(default=0, ge=0, le=1000)
    draw: StrictInt = Field(default=0, ge=0, le=10)
    tickets: StrictInt = Field(default=0, ge=0, le=3)
    color: Optional[Literal[CARD_COLORS + ("gray", "company")]] = None  # type: ignore[valid-type]
    min_length: StrictInt = Field(default=1, ge=1, le=12)
    max_length: StrictInt = Field(default=0, ge=0, le=12)
    cities: list[StrictStr] = []
    big_city: StrictBool = False

    @model_validator(mode="after")
    def _gives(self):
        if not (self.money or self.draw or self.tickets):
            raise ValueError(f"the offer {self.label!r} gives money, cards ('draw') or tickets for its wild card")
        if self.max_length and self.max_length < self.min_length:
            raise ValueError(f"the offer {self.label!r}: max_length {self.max_length} is below min_length "
                             f"{self.min_length}: no route matches")
        return self

    def build(self) -> Extra:
        d = self.model_dump()
        d["cities"] = tuple(d["cities"])
        return Extra(**d)


class PlayRuleModel(Strict):
    place: Literal[PLAY_PLACES + POSTCARD_PLACES]  # type: ignore[valid-type]
    companies: list[Literal[COMPANY_COLORS]] = Field(min_length=1)  # type: ignore[valid-type]
    label: StrictStr = ""
    extra: Optional[ExtraModel] = None
    trade: Optional[TradeModel] = None

    @model_validator(mode="after")
    def _some(self):
        if self.extra is None and self.trade is None:
            raise ValueError(f"the rule at place {self.place} needs an 'extra' or a 'trade'")
        return self

    def build(self) -> PlayRule:
        return PlayRule(self.place, tuple(self.companies), self.label, self.extra.build() if self.extra else None,
                        self.trade.build() if self.trade else None)


class EventModel(Strict):
    id: StrictStr = Field(min_length=1, pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: StrictStr = Field(min_length=1)
    kind: Literal["persistent", "lightning"]
    text: StrictStr = ""
    step: Optional[StepModel] = None
    effect: Optional[Literal[EFFECTS]] = None  # type: ignore[valid-type]
    amount: StrictInt = Field(default=0, ge=-1000, le=1000)
    color: Optional[Literal[CARD_COLORS + ("gray", "company")]] = None  # type: ignore[valid-type]
    demo: StrictBool = False
    gives: Literal[GIVES] = "money"  # type: ignore[valid-type]
    remove: StrictBool = False
    trade: Optional[TradeModel] = None
    extra: Optional[ExtraModel] = None

    @model_validator(mode="after")
    def _shape(self):
        if self.kind == "persistent":
            if (self.step is None and self.trade is None and self.extra is None) or self.effect is not None:
                raise ValueError(f"persistent event {self.id!r} needs a 'step', a 'trade' or an 'extra' "
                                 "(and no 'effect')")
            if self.step is not None and self.step.kind not in ("route_bonus", "route_fee", "route_cards"):
                raise ValueError(f"persistent event {self.id!r}: its step must be route_bonus, route_fee or route_cards")
            if self.gives != "money" or self.remove:
                raise ValueError(f"persistent event {self.id!r}: 'gives' and 'remove' belong to a lightning event")
        else:
            if self.effect is None or self.step is not None or self.trade is not None or self.extra is not None:
                raise ValueError(f"lightning event {self.id!r} needs an 'effect' (and no 'step', 'trade' or 'extra')")
            if self.amount == 0:
                raise ValueError(f"lightning event {self.id!r} needs a non-zero amount")
            if self.color is not None and self.effect != "gain_per_route":
                raise ValueError(f"lightning event {self.id!r}: only gain_per_route takes a colour")
            if self.gives == "cards" and not 0 < self.amount <= 10:
                raise ValueError(f"lightning event {self.id!r}: it gives 1 to 10 cards, not {self.amount}")
            if self.gives == "tickets" and not 0 < self.amount <= 3:
                raise ValueError(f"lightning event {self.id!r}: it gives 1 to 3 tickets, not {self.amount}")
        return self

    def build(self) -> Event:
        d = self.model_dump()
        d["step"] = self.step.build() if self.step else None
        d["trade"] = self.trade.build() if self.trade else None
        d["extra"] = self.extra.build() if self.extra else None
        return Event(**d)


def check_steps(steps: list[StepModel], where: str) -> None:
    numbers = [s.number for s in steps]
    dup = sorted({n for n in numbers if numbers.count(n) > 1})
    if dup:
        raise ValueError(f"{where}: claim step number(s) {dup} used twice; each number holds one rule")


class _SetupModel(Strict):
    companies: list[Literal[COMPANY_COLORS]] = Field(min_length=2, max_length=5)  # type: ignore[valid-type]
    company_bonus: StrictInt = Field(ge=0, le=1000)
    trains: StrictInt = Field(ge=3, le=56)
    steps: list[StepModel]
    events: list[EventModel]
    year: StrictInt = 1865
    start_money: StrictInt = Field(default=5, ge=0)
    retired_tickets: list[StrictInt] = []
    pack: StrictStr = "demo"
    demo: StrictBool = True
    names: list[StrictStr] = []
    company_bonuses: list[tuple[Literal[COMPANY_COLORS], Annotated[int, Field(strict=True, ge=0, le=1000)]]] = []  # type: ignore[valid-type]
    company_trains: list[tuple[Literal[COMPANY_COLORS], Annotated[int, Field(strict=True, ge=3, le=56)]]] = []  # type: ignore[valid-type]
    office_money: list[tuple[Literal[COMPANY_COLORS], Annotated[int, Field(strict=True, ge=0, le=1000)]]] = []  # type: ignore[valid-type]
    office_cards: list[tuple[Literal[COMPANY_COLORS], Annotated[int, Field(strict=True, ge=0, le=20)]]] = []  # type: ignore[valid-type]
    office_tickets: list[tuple[Literal[COMPANY_COLORS], Annotated[int, Field(strict=True, ge=0, le=10)]]] = []  # type: ignore[valid-type]
    frontiers: list[FrontierModel] = []
    ticket_marks: list[TicketMarkModel] = []
    public_borders: list[StrictStr] = []
    play_rules: list[PlayRuleModel] = []
    card_icons: list[CardIconModel] = []

    @model_validator(mode="after")
    def _unique(self):
        if len(set(self.companies)) != len(self.companies):
            raise ValueError(f"companies: each seat plays a different company, got {self.companies}")
        check_steps(self.steps, "steps")
        ids = [e.id for e in self.events]
        if len(set(ids)) != len(ids):
            raise ValueError("events: an event id appears twice")
        if self.names and len(self.names) != len(self.companies):
            raise ValueError("names: one per seat")
        marked = [m.ticket for m in self.ticket_marks]
        if len(set(marked)) != len(marked):
            raise ValueError("ticket_marks: a ticket is marked twice")
        places = [(r.place, c) for r in self.play_rules for c in r.companies]
        if len(set(places)) != len(places):
            raise ValueError(f"play_rules: a place holds one rule per company ({places})")
        check_icons(self.card_icons, "card_icons")
        borne = {m.icon for m in self.card_icons}
        for step in list(self.steps) + [e.step for e in self.events if e.step is not None]:
            if step.icon and step.icon not in borne:
                raise ValueError(f"claim step {step.number} counts {step.icon} cards, but no train card bears a "
                                 f"{step.icon} (card_icons)")
        return self

    def build(self) -> LegacySetup:
        return LegacySetup(
            companies=tuple(self.companies), company_bonus=self.company_bonus, trains=self.trains,
            steps=tuple(sorted((s.build() for s in self.steps), key=lambda s: s.number)),
            events=tuple(e.build() for e in self.events), year=self.year, start_money=self.start_money,
            retired_tickets=tuple(self.retired_tickets), pack=self.pack, demo=self.demo, names=tuple(self.names),
            company_bonuses=tuple((c, a) for c, a in self.company_bonuses),
            company_trains=tuple((c, t) for c, t in self.company_trains),
            office_money=tuple((c, m) for c, m in self.office_money),
            office_cards=tuple((c, k) for c, k in self.office_cards),
            office_tickets=tuple((c, k) for c, k in self.office_tickets),
            frontiers=tuple(f.build() for f in self.frontiers),
            ticket_marks=tuple(m.build() for m in self.ticket_marks), public_borders=tuple(self.public_borders),
            play_rules=tuple(sorted((r.build() for r in self.play_rules), key=lambda r: r.place)),
            card_icons=icon_cards(self.card_icons))


__all__ = ["ClaimStep", "Event", "Extra", "LegacySetup", "PlayRule", "PLAY_PLACES", "POSTCARD_PLACES", "TicketMark", "Trade", "ContentError", "COMPANY_COLORS", "STEP_KINDS", "EFFECTS", "GIVES"]
