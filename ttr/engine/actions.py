"""Actions: small immutable values with one canonical text form.

    draw red | draw locomotive | draw deck      take a face-up card / the top of the deck
    claim 42 3red+1locomotive                   claim route 42 with these cards
    tickets                                     draw destination tickets
    keep 3 17                                   keep these offered tickets (ids, ascending)
    station Paris 2blue                         build a station (Europe)
    pay 1red+1locomotive | decline              the tunnel's extra cards, or withdraw
    pass                                        only when no other action exists (G5)
"""
from __future__ import annotations

from typing import NamedTuple

from ..cards import CARD_INDEX, CARD_NAMES, cards_text
from ..errors import ActionSyntaxError

DECK = -1  # draw target: the top of the draw pile

DRAW, CLAIM, TICKETS, KEEP, STATION, PAY, DECLINE, PASS = (
    "draw", "claim", "tickets", "keep", "station", "pay", "decline", "pass")
KINDS = (DRAW, CLAIM, TICKETS, KEEP, STATION, PAY, DECLINE, PASS)
_KIND_WORDS = {k: k for k in KINDS}  # parsed words -> the shared constant strings


class Action(NamedTuple):
    kind: str
    target: object = None   # card kind / DECK, route id, ticket ids, city name
    cards: tuple = ()       # payment: ((card kind, count), ...) ascending by kind

    def __str__(self) -> str:
        k = self.kind
        if k == DRAW:
            return "draw deck" if self.target == DECK else f"draw {CARD_NAMES[self.target]}"
        if k == CLAIM:
            return f"claim {self.target} {cards_text(self.cards)}"
        if k == KEEP:
            return "keep " + " ".join(map(str, self.target))
        if k == STATION:
            return f"station {self.target} {cards_text(self.cards)}"
        if k == PAY:
            return f"pay {cards_text(self.cards)}"
        return k

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    @classmethod
    def from_text(cls, text: str) -> "Action":
        """Parse canonical text. Raises ActionSyntaxError naming the problem."""
        if not isinstance(text, str):
            raise ActionSyntaxError(f"an action is an Action or its text, not {type(text).__name__}")
        words = text.split()
        if not words:
            raise ActionSyntaxError("empty action text")
        kind, args = _KIND_WORDS.get(words[0], words[0]), words[1:]

        def need(n: int) -> None:
            if len(args) != n:
                raise ActionSyntaxError(f"{text!r}: '{kind}' takes {n} argument(s), got {len(args)}")

        if kind in (TICKETS, DECLINE, PASS):
            need(0)
            return cls(kind)
        if kind == DRAW:
            need(1)
            if args[0] == "deck":
                return cls(DRAW, DECK)
            if args[0] not in CARD_INDEX:
                raise ActionSyntaxError(f"{text!r}: unknown card {args[0]!r} (deck or one of {', '.join(CARD_NAMES)})")
            return cls(DRAW, CARD_INDEX[args[0]])
        if kind == CLAIM:
            need(2)
            try:
                route = int(args[0])
            except ValueError:
                raise ActionSyntaxError(f"{text!r}: route id must be a number, got {args[0]!r}") from None
            return cls(CLAIM, route, parse_cards(args[1], text))
        if kind == KEEP:
            if not args:
                raise ActionSyntaxError(f"{text!r}: keep needs the ids of the tickets to keep")
            try:
                ids = tuple(sorted(int(a) for a in args))
            except ValueError:
                raise ActionSyntaxError(f"{text!r}: ticket ids must be numbers") from None
            if len(set(ids)) != len(ids):
                raise ActionSyntaxError(f"{text!r}: a ticket id is repeated")
            return cls(KEEP, ids)
        if kind == STATION:
            if len(args) < 2:
                raise ActionSyntaxError(f"{text!r}: station takes a city and a payment")
            return cls(STATION, " ".join(args[:-1]), parse_cards(args[-1], text))
        if kind == PAY:
            need(1)
            return cls(PAY, None, parse_cards(args[0], text))
        raise ActionSyntaxError(f"{text!r}: unknown action {kind!r} (one of {', '.join(KINDS)})")


def parse_cards(word: str, text: str) -> tuple:
    """'3red+1locomotive' -> ((7, 3), (8, 1))."""
    counts: dict[int, int] = {}
    for part in word.split("+"):
        i = 0
        while i < len(part) and part[i].isdigit():
            i += 1
        name = part[i:]
        if i == 0 or name not in CARD_INDEX:
            raise ActionSyntaxError(f"{text!r}: bad cards {part!r}; write e.g. 3red+1locomotive")
        n = int(part[:i])
        kind = CARD_INDEX[name]
        if n <= 0 or kind in counts:
            raise ActionSyntaxError(f"{text!r}: bad cards {part!r}; each card kind once, with a positive count")
        counts[kind] = n
    return tuple(sorted(counts.items()))
