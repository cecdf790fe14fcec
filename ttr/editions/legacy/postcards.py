"""Postcards (rulebook lines 196-202): drawn from the post office when an instruction says so,
one side read aloud (`public`), the other (`secret`: a condition and its reward) kept by its
holder until the condition is met. Here a postcard is a validated model and a frozen value; its
condition is tested on what a finished game leaves (ttr/campaign/postcards.py), and its reward
goes into the holder's office or vault, as the story's items do. A postcard may also grant an
ability while it is held and not met (`ability`: an extra-card offer on claims and/or an action,
rulebook 322-323, ruling LW-X3), in force in its holder's games as a rule at P1-P3."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Optional

from pydantic import Field, StrictBool, StrictInt, StrictStr, model_validator

from .content import CARD_COLORS, Extra, ExtraModel, Strict, Trade, TradeModel

ID = r"^[a-z0-9][a-z0-9-]*$"


@dataclass(frozen=True, slots=True)
class Goal:
    """A postcard's condition: every given field must hold, for its holder, in one game."""
    route: tuple[str, str] | None = None     # claim a route between these two cities
    connect: tuple[str, str] | None = None   # join these two cities with one's own routes
    ticket: int | None = None                # complete this ticket
    ticket_to: str | None = None             # complete a ticket that names this city
    routes: int | None = None                # claim at least this many routes ...
    color: str | None = None                 # ... of this colour (a card colour, gray, company)
    min_length: int = 1                      # ... of at least this many spaces
    money_at_least: int | None = None        # end the game holding at least this many dollars

    def cities(self) -> list[str]:
        """The cities the condition names (for the pack check)."""
        return list(self.route or ()) + list(self.connect or ()) + ([self.ticket_to] if self.ticket_to else [])


@dataclass(frozen=True, slots=True)
class Reward:
    """What meeting the condition gives the holder: dollars and cards into its office (taken at
    its next set-up), dollars into its vault (counted at the campaign's end)."""
    money: int = 0
    cards: int = 0
    vault: int = 0
    tickets: int = 0           # into its office: tickets taken at its next set-up (kept, secret)


@dataclass(frozen=True, slots=True)
class Postcard:
    id: str
    number: int                # printed on the card: the post office is drawn in number order
    public: str                # read aloud when drawn
    secret: str                # the condition and reward in words, hidden until met
    goal: Goal
    reward: Reward
    demo: bool = False
    extra: Extra | None = None   # an ability its holder has while holding it (public side; LW-X3): an extra-card offer
    trade: Trade | None = None   # ... and/or an action as a turn


class GoalModel(Strict):
    route: list[StrictStr] | None = Field(default=None, min_length=2, max_length=2)
    connect: list[StrictStr] | None = Field(default=None, min_length=2, max_length=2)
    ticket: StrictInt | None = None
    ticket_to: StrictStr | None = None
    routes: StrictInt | None = Field(default=None, ge=1, le=60)
    color: Optional[Literal[CARD_COLORS + ("gray", "company")]] = None  # type: ignore[valid-type]
    min_length: StrictInt = Field(default=1, ge=1, le=12)
    money_at_least: StrictInt | None = Field(default=None, ge=1, le=10_000)

    @model_validator(mode="after")
    def _shape(self):
        if all(getattr(self, f) is None for f in ("route", "connect", "ticket", "ticket_to", "routes",
                                                   "money_at_least")):
            raise ValueError("a condition needs one of route, connect, ticket, ticket_to, routes, money_at_least")
        if self.routes is None and (self.color is not None or self.min_length != 1):
            raise ValueError("'color' and 'min_length' count the routes of 'routes'; give 'routes'")
        for name in ("route", "connect"):
            pair = getattr(self, name)
            if pair is not None and pair[0] == pair[1]:
                raise ValueError(f"{name}: two different cities, not {pair[0]!r} twice")
        return self

    def build(self) -> Goal:
        return Goal(tuple(self.route) if self.route else None,  # type: ignore[arg-type]  # two cities (checked)
                    tuple(self.connect) if self.connect else None,  # type: ignore[arg-type]
                    self.ticket, self.ticket_to, self.routes, self.color, self.min_length, self.money_at_least)


class RewardModel(Strict):
    money: StrictInt = Field(default=0, ge=0, le=1000)
    cards: StrictInt = Field(default=0, ge=0, le=20)
    vault: StrictInt = Field(default=0, ge=0, le=1000)
    tickets: StrictInt = Field(default=0, ge=0, le=3)

    @model_validator(mode="after")
    def _some(self):
        if not (self.money or self.cards or self.vault or self.tickets):
            raise ValueError("a reward needs money, cards, tickets or vault")
        return self

    def build(self) -> Reward:
        return Reward(self.money, self.cards, self.vault, self.tickets)


class AbilityModel(Strict):
    """What holding a postcard lets its holder do (its public side, rulebook 322-323; LW-X3)."""
    extra: Optional[ExtraModel] = None
    trade: Optional[TradeModel] = None

    @model_validator(mode="after")
    def _some(self):
        if self.extra is None and self.trade is None:
            raise ValueError("an ability needs an 'extra' or a 'trade'")
        return self


class PostcardModel(Strict):
    id: StrictStr = Field(min_length=1, pattern=ID)
    number: StrictInt = Field(ge=1, le=999)
    public: StrictStr = Field(min_length=1)
    secret: StrictStr = Field(min_length=1)
    condition: GoalModel
    reward: RewardModel
    demo: StrictBool = False
    ability: Optional[AbilityModel] = None

    def build(self) -> Postcard:
        a = self.ability
        return Postcard(self.id, self.number, self.public, self.secret, self.condition.build(), self.reward.build(),
                        self.demo, a.extra.build() if a and a.extra else None, a.trade.build() if a and a.trade else None)



def check_postcards(cards: list[PostcardModel]) -> None:
    """Ids and numbers are unique (references are checked by the pack, which knows its story)."""
    ids, numbers = [c.id for c in cards], [c.number for c in cards]
    for what, dup in (("id", sorted({v for v in ids if ids.count(v) > 1})),
                      ("number", sorted({v for v in numbers if numbers.count(v) > 1}))):
        if dup:
            raise ValueError(f"postcards: {what}(s) {dup} used twice")


__all__ = ["Goal", "Reward", "Postcard", "PostcardModel", "check_postcards"]
