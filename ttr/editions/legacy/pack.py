"""Content packs (docs/content-pack.md): what the Legacy box keeps secret, as a
validated JSON file. The demo pack ships as the default; an owner of the box
can write a pack with the printed content and play with it."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal, Optional

from pydantic import (
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationError,
    model_validator,
)

from .content import (
    COMPANY_COLORS,
    CardIconModel,
    ClaimStep,
    ContentError,
    EventModel,
    LegacySetup,
    PlayRule,
    StepModel,
    Strict,
    TicketMark,
    TicketMarkModel,
    _first_error,
    check_icons,
    check_steps,
    icon_cards,
)
from .frontier import Frontier, FrontierModel, check_frontiers, number_frontier
from .postcards import Postcard, PostcardModel, check_postcards
from .story import (
    StoryBox,
    StoryBoxModel,
    StoryCard,
    StoryCardModel,
    check_story,
    conditions,
    walk,
)

FORMAT = "ttr-legacy-pack/2"
FORMATS = ("ttr-legacy-pack/1", FORMAT)  # /1: no story deck and no boxes
GAMES = 12
YEARS = tuple(1865 + 3 * i for i in range(GAMES))  # L6: 1865, 1868, ... 1898
PACK_DIR = Path(__file__).parent / "packs"


class ChangeModel(Strict):
    after: StrictInt = Field(ge=1, le=GAMES - 1)  # applied between game `after` and the next
    note: StrictStr = ""
    add_events: list[StrictStr] = []              # ids of the pack's events, into the event deck
    remove_events: list[StrictStr] = []           # removed for good
    add_steps: list[StepModel] = []               # new claim steps (stickers)
    company_bonus: Optional[StrictInt] = Field(default=None, ge=0, le=1000)
    company_bonuses: dict[Literal[COMPANY_COLORS], Annotated[int, Field(strict=True, ge=0, le=1000)]] = {}  # type: ignore[valid-type]
    retire_tickets: list[StrictInt] = []
    demo: StrictBool = False


class AbsentModel(Strict):
    rule: Literal["lowest", "average", "fixed"]  # an absent player's slip: the game's lowest, mean, or a fixed sum
    amount: StrictInt = Field(default=0, ge=0)
    demo: StrictBool = False


class PackModel(Strict):
    format: Literal[FORMATS]  # type: ignore[valid-type]
    name: StrictStr = Field(min_length=1, pattern=r"^[a-z0-9][a-z0-9-]*$")
    title: StrictStr
    demo: StrictBool
    note: StrictStr = ""
    company_bonus: StrictInt = Field(ge=0, le=1000)
    company_bonuses: dict[Literal[COMPANY_COLORS], Annotated[int, Field(strict=True, ge=0, le=1000)]] = {}  # type: ignore[valid-type]
    trains: list[StrictInt] = Field(min_length=GAMES, max_length=GAMES)
    company_trains: dict[Literal[COMPANY_COLORS], list[StrictInt]] = {}  # type: ignore[valid-type]
    steps: list[StepModel]
    events: list[EventModel]
    start_events: list[StrictStr]
    between_games: list[ChangeModel] = []
    absent: AbsentModel
    story: list[StoryCardModel] = []
    boxes: list[StoryBoxModel] = []
    postcards: list[PostcardModel] = []
    frontiers: list[FrontierModel] = []
    ticket_marks: list[TicketMarkModel] = []
    card_icons: list[CardIconModel] = []

    @model_validator(mode="before")
    @classmethod
    def _number(cls, data):
        """Frontier routes and tickets without an `id` are numbered 101, 102, ... in the pack's order."""
        if isinstance(data, dict) and isinstance(data.get("frontiers"), list):
            data = dict(data)
            data["frontiers"] = [number_frontier(f, data["frontiers"][:i]) for i, f in enumerate(data["frontiers"])]
        return data

    @model_validator(mode="after")
    def _facts(self):
        if self.trains[0] != 20:
            raise ValueError(f"trains: game 1 is played with 20 trains (L4), not {self.trains[0]}")
        for where, counts in [("trains", self.trains)] + [(f"company_trains.{c}", t) for c, t in self.company_trains.items()]:
            if len(counts) != GAMES:
                raise ValueError(f"{where}: {len(counts)} counts, one per game ({GAMES}) needed")
            if counts[0] != 20:
                raise ValueError(f"{where}: game 1 is played with 20 trains (L4), not {counts[0]}")
            for i, t in enumerate(counts):
                if not 3 <= t <= 56:
                    raise ValueError(f"{where}[{i}]: {t} trains; a company has 56 (at least 3 are needed to play)")
        check_steps(list(self.steps), "steps")
        kinds = {s.number: s.kind for s in self.steps}
        if kinds.get(3) != "company_route" or kinds.get(12) != "big_city":
            raise ValueError("steps: the rulebook prints step 3 'company_route' and step 12 'big_city'; both are required")
        ids = [e.id for e in self.events]
        if len(set(ids)) != len(ids):
            raise ValueError(f"events: id(s) {sorted({i for i in ids if ids.count(i) > 1})} defined twice")
        known = set(ids)
        deck = list(self.start_events)
        self._refs(deck, "start_events", known)
        if len(set(deck)) != len(deck):
            raise ValueError("start_events: an event is listed twice")
        steps = list(self.steps)
        seen_after = set()
        for i, ch in enumerate(sorted(self.between_games, key=lambda c: c.after)):
            where = f"between_games (after game {ch.after})"
            if ch.after in seen_after:
                raise ValueError(f"{where}: two entries for the same game; merge them")
            seen_after.add(ch.after)
            self._refs(ch.add_events + ch.remove_events, where, known)
            steps += ch.add_steps
            check_steps(steps, f"{where}: add_steps")
        if (self.story or self.boxes or self.frontiers) and self.format != FORMAT:
            raise ValueError(f"story, boxes and frontiers need format {FORMAT!r}")
        if self.postcards and self.format != FORMAT:
            raise ValueError(f"postcards need format {FORMAT!r}")
        check_postcards(self.postcards)
        postcards = {c.id for c in self.postcards}
        check_story(self.story, self.boxes)
        check_frontiers(self.frontiers)
        marked = [m.ticket for m in self.ticket_marks]
        if len(set(marked)) != len(marked):
            raise ValueError(f"ticket_marks: ticket(s) {sorted({t for t in marked if marked.count(t) > 1})} marked twice")
        check_icons(self.card_icons, "card_icons")
        borne = {m.icon for m in self.card_icons}
        counted = [(s, "steps") for s in self.steps] + [(e.step, f"event {e.id!r}") for e in self.events if e.step]
        counted += [(s, f"between_games (after game {c.after})") for c in self.between_games for s in c.add_steps]
        for step, where in counted:
            if step.icon and step.icon not in borne:
                raise ValueError(f"{where}: claim step {step.number} counts {step.icon} cards, but no train card "
                                 f"bears a {step.icon} (card_icons)")
        frontiers = {f.id for f in self.frontiers}
        boxes = {b.id for b in self.boxes}
        for where, do in ([(f"story card {c.id!r}", c.do) for c in self.story]
                          + [(f"box {b.id!r}", b.do) for b in self.boxes]):
            built = tuple(i.build() for i in do)
            for order in walk(built):
                self._refs(list(order.add_events + order.remove_events), where, known)
                if order.open_box is not None and order.open_box not in boxes:
                    raise ValueError(f"{where}: opens box {order.open_box!r}, which 'boxes' does not define")
                for d in order.draw_postcards:
                    if d.postcard is not None and d.postcard not in postcards:
                        raise ValueError(f"{where}: draws postcard {d.postcard!r}, which 'postcards' does not define")
                unknown = [f for f in order.add_frontiers if f not in frontiers]
                if unknown:
                    raise ValueError(f"{where}: adds frontier {unknown[0]!r}, which 'frontiers' does not define")
            for cond in conditions(built):
                if cond.event_revealed is not None:
                    self._refs([cond.event_revealed], f"{where}: if", known)
        return self

    @staticmethod
    def _refs(ids: list[str], where: str, known: set) -> None:
        missing = [i for i in ids if i not in known]
        if missing:
            raise ValueError(f"{where}: unknown event id(s) {missing}; define them under 'events'")


@dataclass(frozen=True)
class Change:
    after: int
    note: str
    add_events: tuple[str, ...]
    remove_events: tuple[str, ...]
    add_steps: tuple[ClaimStep, ...]
    company_bonus: int | None
    retire_tickets: tuple[int, ...]
    demo: bool
    company_bonuses: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class Pack:
    name: str
    title: str
    demo: bool
    note: str
    company_bonus: int
    trains: tuple[int, ...]
    steps: tuple[ClaimStep, ...]
    events: dict            # id -> Event
    start_events: tuple[str, ...]
    changes: tuple[Change, ...]
    absent_rule: str
    absent_amount: int
    source: dict            # the validated file, for saving with a campaign
    story: tuple[StoryCard, ...] = ()
    boxes: dict[str, StoryBox] = field(default_factory=dict)  # id -> box, in the pack's order
    company_bonuses: dict[str, int] = field(default_factory=dict)  # a company's own bonus card (222)
    company_trains: dict[str, tuple[int, ...]] = field(default_factory=dict)  # a company's own counts (241)
    frontiers: dict[str, Frontier] = field(default_factory=dict)  # id -> frontier board, in the pack's order
    ticket_marks: tuple[TicketMark, ...] = ()  # the marks printed on tickets (146, 210, 463)
    postcards: dict[str, Postcard] = field(default_factory=dict)  # id -> postcard, in number order (the post office)
    card_icons: tuple[tuple[str, str, int], ...] = ()  # the icons printed on train cards (210): (icon, card, count)

    def change_after(self, game: int) -> Change | None:
        return next((c for c in self.changes if c.after == game), None)

    def setup(self, game: int = 1, companies: tuple[str, ...] = COMPANY_COLORS[:2], events: tuple[str, ...] | None = None,
              steps: tuple[ClaimStep, ...] | None = None, company_bonus: int | None = None,
              retired_tickets: tuple[int, ...] = (), names: tuple[str, ...] = (),
              company_bonuses: dict[str, int] | None = None,
              offices: dict[str, dict[str, int]] | None = None,
              frontiers: tuple[Frontier, ...] = (), public_borders: tuple[str, ...] = (),
              play_rules: tuple[PlayRule, ...] = ()) -> LegacySetup:
        """The setup of game `game` (1-12); by default the pack's game-1 content."""
        if not 1 <= game <= GAMES:
            raise ContentError(f"a campaign has games 1-{GAMES}, not {game}")
        ids = self.start_events if events is None else events
        return LegacySetup(
            companies=tuple(companies), company_bonus=self.company_bonus if company_bonus is None else company_bonus,
            trains=self.trains[game - 1], steps=tuple(sorted(self.steps if steps is None else steps, key=lambda s: s.number)),
            events=tuple(self.events[i] for i in ids), year=YEARS[game - 1], retired_tickets=tuple(retired_tickets),
            pack=self.name, demo=self.demo or any(self.events[i].demo for i in ids), names=tuple(names),
            company_bonuses=tuple(sorted((c, a) for c, a in (self.company_bonuses if company_bonuses is None
                                                              else company_bonuses).items() if c in companies)),
            company_trains=tuple(sorted((c, t[game - 1]) for c, t in self.company_trains.items() if c in companies)),
            office_money=tuple(sorted((c, o["money"]) for c, o in (offices or {}).items()
                                      if c in companies and o.get("money"))),
            office_cards=tuple(sorted((c, o["cards"]) for c, o in (offices or {}).items()
                                      if c in companies and o.get("cards"))),
            office_tickets=tuple(sorted((c, o["tickets"]) for c, o in (offices or {}).items()
                                        if c in companies and o.get("tickets"))),
            frontiers=tuple(frontiers), ticket_marks=self.ticket_marks, public_borders=tuple(sorted(public_borders)),
            play_rules=tuple(play_rules), card_icons=self.card_icons)


def parse_pack(data: dict, where: str = "pack") -> Pack:
    """A pack from its JSON object; ContentError names the entry and the problem."""
    if not isinstance(data, dict):
        raise ContentError(f"{where}: a content pack is a JSON object")
    try:
        m = PackModel.model_validate(data)
    except ValidationError as e:
        raise ContentError(f"{where}: {_first_error(e)}") from None
    return Pack(
        name=m.name, title=m.title, demo=m.demo, note=m.note, company_bonus=m.company_bonus, trains=tuple(m.trains),
        steps=tuple(s.build() for s in m.steps), events={e.id: e.build() for e in m.events},
        start_events=tuple(m.start_events),
        changes=tuple(Change(c.after, c.note, tuple(c.add_events), tuple(c.remove_events),
                             tuple(s.build() for s in c.add_steps), c.company_bonus, tuple(c.retire_tickets), c.demo,
                             tuple(sorted(c.company_bonuses.items())))
                      for c in sorted(m.between_games, key=lambda c: c.after)),
        absent_rule=m.absent.rule, absent_amount=m.absent.amount, source=m.model_dump(mode="json", by_alias=True),
        story=tuple(c.build() for c in m.story), boxes={b.id: b.build() for b in m.boxes},
        company_bonuses=dict(m.company_bonuses), company_trains={c: tuple(t) for c, t in m.company_trains.items()},
        frontiers={f.id: f.build() for f in m.frontiers}, ticket_marks=tuple(t.build() for t in m.ticket_marks),
        postcards={c.id: c.build() for c in sorted(m.postcards, key=lambda c: c.number)},
        card_icons=icon_cards(m.card_icons))


@lru_cache(maxsize=16)
def _load_named(name: str) -> Pack:
    path = PACK_DIR / f"{name}.json"
    return load_pack_file(path)


def load_pack_file(path: str | Path) -> Pack:
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ContentError(f"content pack {path}: no such file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise ContentError(f"content pack {path}: cannot read it ({e})") from None
    except json.JSONDecodeError as e:
        raise ContentError(f"content pack {path}: not JSON (line {e.lineno}, column {e.colno}: {e.msg})") from None
    return parse_pack(data, where=f"content pack {path}")


def load_pack(name_or_path: str = "demo") -> Pack:
    """A shipped pack by name (`demo`), or a pack file by path."""
    if (PACK_DIR / f"{name_or_path}.json").exists() and "/" not in name_or_path:
        return _load_named(name_or_path)
    return load_pack_file(name_or_path)


def default_setup(players: int) -> LegacySetup:
    """Game 1 with the demo pack, companies in the map's order by seat."""
    return load_pack("demo").setup(1, companies=COMPANY_COLORS[:players])


__all__ = ["Pack", "Change", "FORMATS", "load_pack", "load_pack_file", "parse_pack", "default_setup", "FORMAT", "GAMES", "YEARS"]
