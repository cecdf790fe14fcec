"""The story deck and the boxes of a content pack (rulebook lines 95, 127, 160-162, 188-190,
224, 239, 527-529), as validated models and frozen values.

A story card has two sides of text and a list of instructions (`do`) carried out when it is
read. A `pause` card holds the reading until a number of games have ended (LW-S1); a `stop`
card ends the story. A box (a frontier box or the conductor's toolbox) is opened by an
instruction; its text becomes public and its own instructions are carried out then.
An instruction is a change (events in or out of the box, claim-step stickers, for good or
for some games, the company bonus, tickets retired or restored, a box opened, a frontier board
added) or a branch
on what happened in the game just ended (`if`, `then`, `else`: rulebook line 117).
The reading itself (which cards, in which order, with what result) is the campaign's
(ttr/campaign/story.py)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal, Optional, Union

from pydantic import Field, StrictBool, StrictInt, StrictStr, model_validator

from .content import (
    COMPANY_COLORS,
    PLAY_PLACES,
    ClaimStep,
    Extra,
    ExtraModel,
    StepModel,
    Strict,
    Trade,
    TradeModel,
)

ID = r"^[a-z0-9][a-z0-9-]*$"
GAMES = 12
HALTS = ("pause", "stop")
WHO = ("winner", "last", "caboose", "each") + COMPANY_COLORS  # who an office or vault item goes to
SETUP_PLACES = ("A", "B", "C", "D", "E")        # the blank set-up steps 10-13 (rulebook 245-258)
END_PLACES = ("end-4", "end-5", "end-7")        # the end-of-game steps with room for a sticker
POINTS = ("setup", "end")  # set-up step 7 and end-of-game step 3: when the story is read


# ------------------------------------------------------------------ values

@dataclass(frozen=True, slots=True)
class Condition:
    """What must have happened in the game just ended (every given field must hold)."""
    event_revealed: str | None = None           # this event was revealed (it is in the event discard)
    route_claimed: tuple[str, str] | None = None  # a route between these cities was claimed
    ticket_completed: int | None = None          # some player completed this ticket
    winner_company: str | None = None            # the winner plays this company
    slip_at_least: int | None = None             # some player's bank slip is at least this
    players_at_least: int | None = None          # at least this many played

    def describe(self) -> str:
        """The condition in words (error messages and branch names)."""
        parts = []
        for name, text in SAYS.items():
            value = getattr(self, name)
            if value is not None:
                parts.append(text.format("-".join(value) if isinstance(value, tuple) else value))
        return " and ".join(parts)


SAYS = {"event_revealed": "event {} was revealed", "route_claimed": "a route {} was claimed",
        "ticket_completed": "ticket {} was completed", "winner_company": "the {} company won",
        "slip_at_least": "a bank slip reached ${}", "players_at_least": "at least {} played"}


@dataclass(frozen=True, slots=True)
class Order:
    """One change to the campaign's content, carried out when read."""
    note: str = ""
    add_events: tuple[str, ...] = ()
    remove_events: tuple[str, ...] = ()
    add_steps: tuple[ClaimStep, ...] = ()
    for_games: int | None = None       # the stickers of add_steps last this many games (rulebook 206)
    company_bonus: int | None = None
    company_bonuses: tuple[tuple[str, int], ...] = ()  # a company's own bonus card
    retire_tickets: tuple[int, ...] = ()
    restore_tickets: tuple[int, ...] = ()
    open_box: str | None = None
    office: tuple["Item", ...] = ()    # into offices: used at that company's next set-up (rulebook 152)
    vault: tuple["Item", ...] = ()     # into vaults: scored at the campaign's end (152, 229)
    add_rules: tuple["Rule", ...] = ()  # stickers on the set-up's places A-E and end-of-game steps 4, 5, 7
    add_frontiers: tuple[str, ...] = ()  # frontier boards added to the board for all later games (451)
    public_tickets: tuple[str, ...] = ()  # tickets of these borders are held face up (465); for_games applies
    draw_postcards: tuple["Draw", ...] = ()  # postcards drawn from the post office (rulebook 196-202)


@dataclass(frozen=True, slots=True)
class Draw:
    """Postcards drawn: `count` each for the companies `to` (a WHO) names, the post office's next
    in number order, or the one named (`postcard`)."""
    to: str
    count: int = 1
    postcard: str | None = None


@dataclass(frozen=True, slots=True)
class Rule:
    """A rule sticker outside the claim steps: at a set-up place (A-E) the companies it names start
    every game with `money` and `cards`; at an end-of-game step (end-4, end-5, end-7) the companies
    it names put `money` in their vaults after every game; at a place of play (Q-V, rulebook
    437-447) the companies it names have an extra-card offer on their claims (`extra`, 322) and/or
    an action (`trade`, 278) in every game. `to` is a WHO."""
    place: str
    to: str
    money: int = 0
    cards: int = 0
    label: str = ""
    extra: Extra | None = None
    trade: Trade | None = None


@dataclass(frozen=True, slots=True)
class Item:
    """What goes into an office or a vault: to whom (WHO), and how much of what."""
    to: str
    money: int = 0                     # office: dollars taken at set-up; vault: dollars at the campaign's end
    cards: int = 0                     # office: cards drawn at set-up
    note: str = ""
    tickets: int = 0                   # office: tickets taken at set-up (a postcard's reward)


@dataclass(frozen=True, slots=True)
class Branch:
    """Instructions that depend on the game just ended."""
    when: Condition
    then: tuple["Instruction", ...]
    otherwise: tuple["Instruction", ...] = ()


Instruction = Union[Order, Branch]


@dataclass(frozen=True, slots=True)
class StoryCard:
    id: str
    a: str                             # side A (read first)
    b: str = ""                        # side B
    halt: str | None = None            # "pause" or "stop" (HALTS)
    until_game: int | None = None      # a pause: read once this many games have ended
    at: str | None = None              # a pause: read only at this reading point (POINTS)
    do: tuple[Instruction, ...] = ()
    demo: bool = False


@dataclass(frozen=True, slots=True)
class StoryBox:
    """A frontier box or the conductor's toolbox."""
    id: str
    name: str
    kind: str                          # "frontier" or "toolbox"
    text: str = ""                     # what it holds, public once opened
    do: tuple[Instruction, ...] = ()
    demo: bool = False


# ------------------------------------------------------------- validation

class ConditionModel(Strict):
    event_revealed: Optional[StrictStr] = None
    route_claimed: Optional[list[StrictStr]] = Field(default=None, min_length=2, max_length=2)
    ticket_completed: Optional[StrictInt] = None
    winner_company: Optional[Literal[COMPANY_COLORS]] = None  # type: ignore[valid-type]
    slip_at_least: Optional[StrictInt] = Field(default=None, ge=0, le=10_000)
    players_at_least: Optional[StrictInt] = Field(default=None, ge=2, le=5)

    @model_validator(mode="after")
    def _some(self):
        if all(v is None for v in self.model_dump().values()):
            raise ValueError("a condition needs at least one of " + ", ".join(ConditionModel.model_fields))
        return self

    def build(self) -> Condition:
        d = self.model_dump()
        if d["route_claimed"] is not None:
            d["route_claimed"] = tuple(d["route_claimed"])
        return Condition(**d)


CHANGE_FIELDS = ("add_events", "remove_events", "add_steps", "company_bonus", "company_bonuses", "retire_tickets",
                 "restore_tickets", "open_box", "office", "vault", "add_rules", "add_frontiers", "public_tickets",
                 "draw_postcards")


class GiftModel(Strict):
    """What an office item or a rule sticker gives the companies it names: money, cards or both."""
    to: Literal[WHO]  # type: ignore[valid-type]
    money: StrictInt = Field(default=0, ge=0, le=1000)
    cards: StrictInt = Field(default=0, ge=0, le=20)

    def what(self) -> str:
        return "an office item"

    @model_validator(mode="after")
    def _some(self):
        if not self.money and not self.cards:
            raise ValueError(f"{self.what()} needs money or cards")
        return self


class OfficeModel(GiftModel):
    note: StrictStr = ""

    def build(self) -> Item:
        return Item(self.to, self.money, self.cards, self.note)


class RuleModel(Strict):
    place: Literal[SETUP_PLACES + END_PLACES + PLAY_PLACES]  # type: ignore[valid-type]
    to: Literal[WHO]  # type: ignore[valid-type]
    money: StrictInt = Field(default=0, ge=0, le=1000)
    cards: StrictInt = Field(default=0, ge=0, le=20)
    label: StrictStr = ""
    extra: Optional[ExtraModel] = None
    trade: Optional[TradeModel] = None

    @model_validator(mode="after")
    def _shape(self):
        where = f"the rule sticker at {self.place}"
        if self.place in PLAY_PLACES:
            if self.money or self.cards or (self.extra is None and self.trade is None):
                raise ValueError(f"{where} (a place of play) needs an 'extra' or a 'trade', and no money or cards")
        else:
            if self.extra is not None or self.trade is not None:
                raise ValueError(f"{where}: an 'extra' or a 'trade' belongs to a place of play "
                                 f"({', '.join(PLAY_PLACES)})")
            if not self.money and not self.cards:
                raise ValueError(f"{where} needs money or cards")
            if self.place in END_PLACES and self.cards:
                raise ValueError(f"{where} puts money in vaults; cards belong to a set-up place")
        return self

    def build(self) -> Rule:
        return Rule(self.place, self.to, self.money, self.cards, self.label,
                    self.extra.build() if self.extra else None, self.trade.build() if self.trade else None)


class VaultModel(Strict):
    to: Literal[WHO]  # type: ignore[valid-type]
    money: StrictInt = Field(ge=1, le=1000)
    note: StrictStr = ""

    def build(self) -> Item:
        return Item(self.to, self.money, 0, self.note)


class DrawModel(Strict):
    to: Literal[WHO]  # type: ignore[valid-type]
    count: StrictInt = Field(default=1, ge=1, le=5)
    postcard: Optional[StrictStr] = None

    @model_validator(mode="after")
    def _one_named(self):
        if self.postcard is not None and (self.count != 1 or self.to == "each"):
            raise ValueError(f"postcard {self.postcard!r} is one card: it goes to one company, once")
        return self

    def build(self) -> Draw:
        return Draw(self.to, self.count, self.postcard)


class InstructionModel(Strict):
    """A change (any of CHANGE_FIELDS, with `note`), or a branch (`if`, `then`, `else`)."""
    model_config = Strict.model_config | {"populate_by_name": True}
    if_: Optional[ConditionModel] = Field(default=None, alias="if")
    then: list["InstructionModel"] = []
    else_: list["InstructionModel"] = Field(default=[], alias="else")
    note: StrictStr = ""
    add_events: list[StrictStr] = []
    remove_events: list[StrictStr] = []
    add_steps: list[StepModel] = []
    for_games: Optional[StrictInt] = Field(default=None, ge=1, le=GAMES - 1)
    company_bonus: Optional[StrictInt] = Field(default=None, ge=0, le=1000)
    company_bonuses: dict[Literal[COMPANY_COLORS], Annotated[int, Field(strict=True, ge=0, le=1000)]] = {}  # type: ignore[valid-type]
    retire_tickets: list[StrictInt] = []
    restore_tickets: list[StrictInt] = []
    open_box: Optional[StrictStr] = None
    office: list[OfficeModel] = []
    vault: list[VaultModel] = []
    add_rules: list[RuleModel] = []
    add_frontiers: list[StrictStr] = []
    public_tickets: list[Annotated[str, Field(strict=True, min_length=1, pattern=r"^[a-z-]+$")]] = []
    draw_postcards: list[DrawModel] = []

    @model_validator(mode="after")
    def _shape(self):
        changes = [f for f in CHANGE_FIELDS if getattr(self, f) not in (None, [], {})]
        if self.if_ is not None:
            if changes or self.note or self.for_games is not None:
                raise ValueError(f"a branch ('if') holds 'then' and 'else' only; put {changes or ['note']} "
                                 "in one of them")
            if not self.then and not self.else_:
                raise ValueError("a branch ('if') needs 'then' or 'else'")
        else:
            if self.then or self.else_:
                raise ValueError("'then' and 'else' need an 'if'")
            if not changes and not self.note:
                raise ValueError(f"an instruction needs one of {', '.join(CHANGE_FIELDS)} (or a note), or an 'if'")
            if self.for_games is not None and not self.add_steps and not self.add_rules and not self.public_tickets:
                raise ValueError("'for_games' says how long the stickers of 'add_steps', 'add_rules' and "
                                 "'public_tickets' last; there are none")
            places = [r.place for r in self.add_rules]
            if len(set(places)) != len(places):
                raise ValueError(f"add_rules: a place holds one sticker ({places})")
        return self

    def build(self) -> Instruction:
        if self.if_ is not None:
            return Branch(self.if_.build(), tuple(i.build() for i in self.then), tuple(i.build() for i in self.else_))
        return Order(self.note, tuple(self.add_events), tuple(self.remove_events),
                      tuple(s.build() for s in self.add_steps), self.for_games, self.company_bonus,
                      tuple(sorted(self.company_bonuses.items())),
                      tuple(self.retire_tickets), tuple(self.restore_tickets), self.open_box,
                      tuple(i.build() for i in self.office), tuple(i.build() for i in self.vault),
                      tuple(r.build() for r in self.add_rules), tuple(self.add_frontiers), tuple(self.public_tickets),
                      draw_postcards=tuple(d.build() for d in self.draw_postcards))


InstructionModel.model_rebuild()


class StoryCardModel(Strict):
    id: StrictStr = Field(min_length=1, pattern=ID)
    a: StrictStr = Field(min_length=1)
    b: StrictStr = ""
    halt: Optional[Literal[HALTS]] = None  # type: ignore[valid-type]
    until_game: Optional[StrictInt] = Field(default=None, ge=1, le=GAMES)
    at: Optional[Literal[POINTS]] = None  # type: ignore[valid-type]
    do: list[InstructionModel] = []
    demo: StrictBool = False

    @model_validator(mode="after")
    def _halt(self):
        if self.halt == "pause" and self.until_game is None:
            raise ValueError(f"pause card {self.id!r} needs 'until_game' (the games that must have ended)")
        if self.halt != "pause" and (self.until_game is not None or self.at is not None):
            raise ValueError(f"story card {self.id!r}: 'until_game' and 'at' belong to a pause card")
        return self

    def build(self) -> StoryCard:
        return StoryCard(self.id, self.a, self.b, self.halt, self.until_game, self.at,
                         tuple(i.build() for i in self.do), self.demo)


class StoryBoxModel(Strict):
    id: StrictStr = Field(min_length=1, pattern=ID)
    name: StrictStr = Field(min_length=1)
    kind: Literal["frontier", "toolbox"]
    text: StrictStr = ""
    do: list[InstructionModel] = []
    demo: StrictBool = False

    def build(self) -> StoryBox:
        return StoryBox(self.id, self.name, self.kind, self.text, tuple(i.build() for i in self.do), self.demo)


def walk(instructions: tuple[Instruction, ...]):
    """Every change among `instructions`, on every branch (for checks that need no results)."""
    for i in instructions:
        if isinstance(i, Branch):
            yield from walk(i.then)
            yield from walk(i.otherwise)
        else:
            yield i


def conditions(instructions: tuple[Instruction, ...]):
    """Every condition among `instructions`, nested ones too."""
    for i in instructions:
        if isinstance(i, Branch):
            yield i.when
            yield from conditions(i.then)
            yield from conditions(i.otherwise)


def check_story(cards: list[StoryCardModel], boxes: list[StoryBoxModel]) -> None:
    """What the story's cards and boxes must satisfy by themselves (references to events,
    tickets and cities are checked by the pack, which knows them)."""
    ids = [c.id for c in cards]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    if dup:
        raise ValueError(f"story: card id(s) {dup} used twice")
    for i, c in enumerate(cards):
        if c.halt == "stop" and i + 1 < len(cards):
            raise ValueError(f"story: card {cards[i + 1].id!r} follows the stop card {c.id!r} and would never be read")
    box_ids = [b.id for b in boxes]
    dup = sorted({i for i in box_ids if box_ids.count(i) > 1})
    if dup:
        raise ValueError(f"boxes: box id(s) {dup} used twice")


__all__ = ["Branch", "Draw", "Order", "Item", "Rule", "WHO", "SETUP_PLACES", "END_PLACES", "Condition", "Instruction", "StoryBox", "StoryCard", "HALTS", "POINTS",
           "CHANGE_FIELDS", "conditions", "walk"]
