"""The campaign's rules as pure functions: the content in force between games
(event box, claim steps and rule stickers, bonus cards, retired tickets, the story
read, the boxes opened, offices and vaults), seat order, seeds, absent players'
awards and the final standings. No database, no engine state:
store.py persists, campaign.py plays."""
from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ..editions.legacy.content import (
    COMPANY_COLORS,
    PLAY_PLACES,
    POSTCARD_PLACES,
    ClaimStep,
    Extra,
    PlayRule,
    Trade,
)
from ..editions.legacy.frontier import frontier_from_dict
from ..editions.legacy.pack import GAMES, YEARS, Change, Pack
from ..editions.legacy.story import SETUP_PLACES
from ..errors import TtrError

MAP = "legends-west"
MIN_PLAYERS, MAX_PLAYERS = 2, 5


class CampaignError(TtrError):
    """A campaign request that cannot be done, or a campaign file that cannot be used; nothing was changed."""


@dataclass(frozen=True)
class Player:
    idx: int        # clockwise position at the table (LW-C1)
    name: str
    company: str    # one of COMPANY_COLORS


# ------------------------------------------------------------------ seeds

def derive(seed: int, *parts) -> int:
    """A 31-bit number from the campaign seed and a label: game seeds, bot seeds, random picks."""
    text = "/".join(["ttr-campaign", str(seed)] + [str(p) for p in parts])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big") >> 1


def game_seed(seed: int, game: int) -> int:
    return derive(seed, "game", game)


def pick(seed: int, label: str, choices: list[int]) -> int:
    """A random element of `choices`, fixed by the campaign seed and `label`."""
    return random.Random(derive(seed, label)).choice(sorted(choices))


def year(game: int) -> int:
    return YEARS[game - 1]


# --------------------------------------------------------------- players

def check_players(players: Sequence[Sequence[str]]) -> list[Player]:
    """(name, company colour) pairs, clockwise -> Players; CampaignError names the problem."""
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise CampaignError(f"a campaign has {MIN_PLAYERS}-{MAX_PLAYERS} players, not {len(players)}")
    out, names, companies = [], set(), set()
    for i, (name, company) in enumerate(players):
        name = (name or "").strip()
        company = (company or "").strip().lower()
        if not name:
            raise CampaignError(f"player {i + 1} has no name")
        if company not in COMPANY_COLORS:
            raise CampaignError(f"player {name!r}: unknown company colour {company!r}; "
                                f"the companies are {', '.join(COMPANY_COLORS)}")
        if name.lower() in names:
            raise CampaignError(f"two players are named {name!r}")
        if company in companies:
            raise CampaignError(f"two players chose the {company} company; each company has one owner")
        names.add(name.lower())
        companies.add(company)
        out.append(Player(i, name, company))
    return out


def seat_order(players: list[Player], present: set[int], holder: int) -> list[int]:
    """LW-C1: the present players clockwise (campaign order), starting with the caboose holder (seat 0)."""
    idx = [p.idx for p in players if p.idx in present]
    k = idx.index(holder)
    return idx[k:] + idx[:k]


# ------------------------------------------------------ content in force

@dataclass
class Box:
    """What the next game is set up with: the event box, the board's claim steps and the rule
    stickers (with the last game of those that last some games), the bonus cards, retired tickets,
    what the offices hold, the frontier boards added; the events removed for good, the vaults'
    items, how far the story has been read and which boxes are open."""
    events: list[str]
    steps: list[ClaimStep]
    company_bonus: int
    retired_tickets: list[int]
    removed: list[dict] = field(default_factory=list)  # {"event", "game", "by": "caboose"|"event"|"pack"|"story", "player"}
    expiry: dict[int, int] = field(default_factory=dict)  # claim step number -> the last game it lasts
    story_pos: int = 0                                  # the story cards read so far
    read: list[dict] = field(default_factory=list)      # {"id", "game", "point"}, in order
    opened: list[dict] = field(default_factory=list)    # {"id", "game", "point"}, in order
    waiting: str | None = None                          # the pause card the reading waits at
    ended: bool = False                                 # the stop card was read: the story is over
    company_bonuses: dict[str, int] = field(default_factory=dict)  # a company's own bonus card, where set
    offices: dict[str, dict[str, int]] = field(default_factory=dict)  # company -> {"money", "cards"[, "tickets"]} for its next set-up
    vault_items: list[dict] = field(default_factory=list)  # {"company", "money", "note", "game"}: scored at the end
    rules: dict[str, dict] = field(default_factory=dict)   # place (A-E, end-4/5/7) -> its rule sticker (story.Rule)
    rule_expiry: dict[str, int] = field(default_factory=dict)  # place -> the last game its sticker lasts
    postcards: list[dict] = field(default_factory=list)  # drawn: {"id", "company", "game", "point", "done": game or None}
    frontiers: list[dict] = field(default_factory=list)    # frontier boards added (as recorded), in order (451)
    grew: list[dict] = field(default_factory=list)         # {"id", "game"}: the game each was added at
    public_borders: dict[str, int | None] = field(default_factory=dict)  # border -> last game (None: for good) (465)

    @classmethod
    def initial(cls, pack: Pack) -> "Box":
        return cls(list(pack.start_events), list(pack.steps), pack.company_bonus, [],
                   company_bonuses=dict(pack.company_bonuses))

    def bonus(self, company: str) -> int:
        """The company's bonus card (rulebook 222, 421)."""
        return self.company_bonuses.get(company, self.company_bonus)

    def remove(self, event_id: str, game: int, player: int | None, by: str = "caboose") -> None:
        """Out of the box for good: the caboose holder's removal (L5), or an event's own (337, by "event")."""
        self.events.remove(event_id)
        self.removed.append({"event": event_id, "game": game, "by": by, "player": player})

    def begin(self, game: int) -> None:
        """Before game `game` is set up: stickers that lasted their games come off (rulebook 206)."""
        gone = {n for n, last in self.expiry.items() if last < game}
        if gone:
            self.steps = [s for s in self.steps if s.number not in gone]
            self.expiry = {n: last for n, last in self.expiry.items() if n not in gone}
        for place in [p for p, last in self.rule_expiry.items() if last < game]:
            del self.rules[place], self.rule_expiry[place]
        for border in [b for b, last in self.public_borders.items() if last is not None and last < game]:
            del self.public_borders[border]

    def apply(self, change: dict) -> None:
        """A recorded between-games change (change_record)."""
        self.apply_order(change, change["after"], "pack")

    def apply_order(self, change: dict, game: int, by: str) -> None:
        """A recorded change: of the pack's schedule (change_record) or of the story (story.order_record)."""
        for eid in change["remove_events"]:
            if eid in self.events:
                self.events.remove(eid)
                self.removed.append({"event": eid, "game": game, "by": by, "player": None})
        for eid in change["add_events"]:  # LW-C6: an event removed earlier can be recalled
            if eid not in self.events:
                self.events.append(eid)
        added = [ClaimStep(**{**s, "cities": tuple(s.get("cities", ()))}) for s in change["add_steps"]]
        self.steps = sorted(self.steps + added, key=lambda s: s.number)
        if change.get("until_game") is not None:
            self.expiry.update({s.number: change["until_game"] for s in added})
        if change["company_bonus"] is not None:  # every company's card, unless its own is set again below
            self.company_bonus = change["company_bonus"]
            self.company_bonuses = {}
        self.company_bonuses.update(dict(change.get("company_bonuses") or {}))
        self.retired_tickets += [t for t in change["retire_tickets"] if t not in self.retired_tickets]
        back = set(change.get("restore_tickets", ()))
        self.retired_tickets = [t for t in self.retired_tickets if t not in back]
        for item in change.get("office", ()):
            o = self.offices.setdefault(item["company"], {"money": 0, "cards": 0})
            o["money"] += item["money"]
            o["cards"] += item["cards"]
            if item.get("tickets"):
                o["tickets"] = o.get("tickets", 0) + item["tickets"]
        self.vault_items += [{**item, "game": game} for item in change.get("vault", ())]
        for border in change.get("public_tickets", ()):
            self.public_borders[border] = change.get("until_game")
        self.postcards += [{**drawn, "done": None} for drawn in change.get("postcards", ())]
        for f in change.get("add_frontiers", ()):
            if all(f["id"] != g["id"] for g in self.frontiers):
                self.frontiers.append(f)
                self.grew.append({"id": f["id"], "game": game})
        for rule in change.get("add_rules", ()):
            self.rules[rule["place"]] = dict(rule)
            if change.get("until_game") is not None:
                self.rule_expiry[rule["place"]] = change["until_game"]

    def drawn_postcards(self) -> set[str]:
        return {p["id"] for p in self.postcards}

    def postcards_met(self, done: list[dict]) -> None:
        """Postcards whose condition was met (`{"id", "game"}`): revealed, and never met again."""
        held = {p["id"]: p for p in self.postcards}
        for d in done:
            held[d["id"]]["done"] = d["game"]  # KeyError: a record that does not fit (reported as damage)

    def take_offices(self, companies) -> dict[str, dict[str, int]]:
        """At a set-up (step 2, before the story is read at step 7): the companies playing take
        everything out of their offices; what they took."""
        return {c: self.offices.pop(c) for c in companies if c in self.offices}

    def vault_money(self, company: str) -> int:
        """What the items in a company's vault are worth at the campaign's end."""
        return sum(i["money"] for i in self.vault_items if i["company"] == company)

    def read_card(self, card: str, game: int, point: str, stop: bool) -> None:
        self.read.append({"id": card, "game": game, "point": point})
        self.story_pos += 1
        self.ended = self.ended or stop

    def open(self, box: str, game: int, point: str) -> None:
        self.opened.append({"id": box, "game": game, "point": point})

    def opened_ids(self) -> set[str]:
        return {b["id"] for b in self.opened}

    def apply_reading(self, record: dict) -> None:
        """A stored reading of the story (story.read's record), replayed."""
        game, point = record["game"], record["point"]
        self.postcards_met(record.get("postcards_done", []))  # checked before the story is read (LW-PC3)
        for card in record["cards"]:
            self.read_card(card, game, point, False)
        for order in record["orders"]:
            self.apply_order(order, game, "story")
            if order["open_box"] is not None:
                self.open(order["open_box"], game, point)
        self.waiting = record["waiting"]
        self.ended = record["stopped"]


def change_record(change: Change) -> dict:
    """A pack change as the JSON kept in the campaign (so the record is self-contained)."""
    return {"after": change.after, "note": change.note, "add_events": list(change.add_events),
            "remove_events": list(change.remove_events), "add_steps": [asdict(s) for s in change.add_steps],
            "company_bonus": change.company_bonus, "company_bonuses": dict(change.company_bonuses),
            "retire_tickets": list(change.retire_tickets),
            "demo": change.demo}


def setup_for(pack: Pack, game: int, box: Box, companies: tuple[str, ...], names: tuple[str, ...] = (),
              whom=None, taken: dict[str, dict[str, int]] | None = None):
    """The LegacySetup of game `game` with the content in force (`box`), companies by seat: what
    they took from their offices (`taken`, Box.take_offices; default: what the offices hold), plus
    what the rule stickers at set-up places A-E give the companies they name, and the rules of play
    at places Q-V, for the companies they name (`whom(who, where)` names them; without it, none)."""
    offices = {c: dict(o) for c, o in (box.offices if taken is None else taken).items()}
    play = []
    for place in sorted(p for p in box.rules if p in PLAY_PLACES):
        rule = box.rules[place]
        named = tuple(c for c in (whom(rule["to"], f"the rule sticker at place {place}") if whom else ())
                      if c in companies)
        if named:
            play.append(play_rule(rule, named))
    play += postcard_rules(pack, box, companies)
    for place in sorted(p for p in box.rules if p in SETUP_PLACES):
        rule = box.rules[place]
        for c in (whom(rule["to"], f"the rule sticker at set-up place {place}") if whom else ()):
            o = offices.setdefault(c, {"money": 0, "cards": 0})
            o["money"] = o.get("money", 0) + rule["money"]
            o["cards"] = o.get("cards", 0) + rule["cards"]
    return pack.setup(game, companies=companies, events=tuple(box.events), steps=tuple(box.steps),
                      company_bonus=box.company_bonus, retired_tickets=tuple(box.retired_tickets), names=names,
                      company_bonuses=box.company_bonuses, offices=offices,
                      frontiers=tuple(frontier_from_dict(f) for f in box.frontiers),
                      public_borders=tuple(box.public_borders), play_rules=tuple(play))


def postcard_rules(pack: Pack, box: Box, companies: tuple[str, ...]) -> list[PlayRule]:
    """LW-X3: the abilities of the postcards each playing company holds and has not met, as its
    rules at P1-P3 (by postcard number; a company's first three)."""
    out = []
    for c in companies:
        held = sorted((pack.postcards[e["id"]] for e in box.postcards if e["company"] == c and e["done"] is None),
                      key=lambda card: card.number)
        able = [card for card in held if card.extra is not None or card.trade is not None]
        for place, card in zip(POSTCARD_PLACES, able):
            out.append(PlayRule(place, (c,), f"postcard {card.number}", card.extra, card.trade))
    return out


def play_rule(rule: dict, companies: tuple[str, ...]) -> PlayRule:
    """A rule sticker at a place of play (its record, story.Rule as a dict) for these companies."""
    extra, trade = rule.get("extra"), rule.get("trade")
    return PlayRule(rule["place"], companies, rule.get("label", ""),
                    Extra(**{**extra, "cities": tuple(extra["cities"])}) if extra else None,
                    Trade(**trade) if trade else None)


# ------------------------------------------------------------- awards

def absent_award(rule: str, amount: int, slips: list[int]) -> int:
    """LW-C7: an absent player's slip for one game: the lowest slip of those who played it,
    their mean rounded down, or a fixed sum (the pack says which)."""
    if rule == "fixed":
        return amount
    if not slips:
        return 0
    if rule == "lowest":
        return min(slips)
    return sum(slips) // len(slips)


def standings(players: list[Player], slips: dict[tuple[int, int], int], awards: dict[tuple[int, int], int],
              items: dict[int, int] | None = None) -> dict:
    """The campaign's standings: each vault (slips + absent awards + what its items are worth, `items`
    by player, counted at the campaign's end: rulebook 152, 229), ranked; equal vaults share a rank (LW-C8)."""
    rows: list[dict[str, Any]] = []
    for p in players:
        # one entry per game: {"game", "year", "slip", "absent"}, or None before it is played
        per_game: list[dict[str, Any] | None] = []
        for g in range(1, GAMES + 1):
            if (g, p.idx) in slips:
                per_game.append({"game": g, "year": year(g), "slip": slips[g, p.idx], "absent": False})
            elif (g, p.idx) in awards:
                per_game.append({"game": g, "year": year(g), "slip": awards[g, p.idx], "absent": True})
            else:
                per_game.append(None)
        extra = (items or {}).get(p.idx, 0)
        total = sum(x["slip"] for x in per_game if x) + extra
        rows.append({"player": p.name, "company": p.company, "vault": total, "games": per_game, "items": extra})
    order = sorted(range(len(rows)), key=lambda i: -rows[i]["vault"])
    for pos, i in enumerate(order):
        prev = rows[order[pos - 1]] if pos else None
        rows[i]["rank"] = prev["rank"] if prev and prev["vault"] == rows[i]["vault"] else pos + 1
    return {"ranking": [rows[i] for i in order], "winners": [rows[i]["player"] for i in order
                                                            if rows[i]["rank"] == 1]}


__all__ = ["CampaignError", "Player", "Box", "setup_for", "MAP", "GAMES", "derive", "game_seed", "pick", "year", "check_players",
           "seat_order", "change_record", "absent_award", "standings"]
