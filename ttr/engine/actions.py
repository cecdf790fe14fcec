"""Actions: small immutable values with one canonical text form.

    draw red | draw locomotive | draw deck      take a face-up card / the top of the deck
    draw red-ship train | draw deck ship        with two decks (Rails & Sails): the face-up card
                                                and the deck that refills its slot / which deck
    claim 42 3red+1locomotive                   claim route 42 with these cards
    tickets                                     draw destination tickets
    keep 3 17                                   keep these offered tickets (ids, ascending)
    station Paris 2blue                         build a station (Europe)
    pay 1red+1locomotive | decline              the tunnel's extra cards, or withdraw
    pass                                        only when no other action exists (G5)
    pieces 25 35                                keep 25 trains and 35 ships (Rails & Sails, RS1)
    exchange 3 trains-for-ships                 swap pieces with the box (RS6); or ships-for-trains
    harbor Lagos 2red-train-anchor+2red-ship    build a harbor (RS5)
"""
from __future__ import annotations

from typing import NamedTuple

from ..cards import CARD_INDEX, CARD_NAMES, DECK_NAMES, cards_text
from ..errors import ActionSyntaxError

DECK = -1  # draw target: the top of the draw pile

DRAW, CLAIM, TICKETS, KEEP, STATION, PAY, DECLINE, PASS, PIECES, EXCHANGE, HARBOR = (
    "draw", "claim", "tickets", "keep", "station", "pay", "decline", "pass", "pieces", "exchange", "harbor")
KINDS = (DRAW, CLAIM, TICKETS, KEEP, STATION, PAY, DECLINE, PASS, PIECES, EXCHANGE, HARBOR)
_EXCHANGE_WORDS = {"trains-for-ships": 1, "ships-for-trains": -1}
_KIND_WORDS = {k: k for k in KINDS}  # parsed words -> the shared constant strings


class Action(NamedTuple):
    kind: str
    target: object = None   # card kind / DECK (two decks: (card kind or DECK, deck)), route id,
                            # ticket ids, city name, (trains, ships), +n trains->ships / -n ships->trains
    cards: tuple = ()       # payment: ((card kind, count), ...) ascending by kind

    def __str__(self) -> str:
        k = self.kind
        if k == DRAW:
            t = self.target
            if t.__class__ is tuple:
                card, deck = t
                return f"draw {'deck' if card == DECK else CARD_NAMES[card]} {DECK_NAMES[deck] if deck >= 0 else 'none'}"
            return "draw deck" if t == DECK else f"draw {CARD_NAMES[t]}"
        if k == CLAIM:
            return f"claim {self.target} {cards_text(self.cards)}"
        if k == KEEP:
            return "keep " + " ".join(map(str, self.target))
        if k == STATION:
            return f"station {self.target} {cards_text(self.cards)}"
        if k == PAY:
            return f"pay {cards_text(self.cards)}"
        if k == PIECES:
            return f"pieces {self.target[0]} {self.target[1]}"
        if k == EXCHANGE:
            n = self.target
            return f"exchange {abs(n)} {'trains-for-ships' if n > 0 else 'ships-for-trains'}"
        if k == HARBOR:
            return f"harbor {self.target} {cards_text(self.cards)}"
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
            if len(args) not in (1, 2):
                raise ActionSyntaxError(f"{text!r}: write 'draw <card or deck>' (two decks: 'draw <card or deck> <deck>')")
            if args[0] == "deck":
                card = DECK
            elif args[0] in CARD_INDEX:
                card = CARD_INDEX[args[0]]
            else:
                raise ActionSyntaxError(f"{text!r}: unknown card {args[0]!r} (deck or one of {', '.join(CARD_NAMES)})")
            if len(args) == 1:
                return cls(DRAW, card)
            if args[1] not in DECK_NAMES and args[1] != "none":
                raise ActionSyntaxError(f"{text!r}: unknown deck {args[1]!r} (one of {', '.join(DECK_NAMES)})")
            return cls(DRAW, (card, DECK_NAMES.index(args[1]) if args[1] != "none" else -1))
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
        if kind in (STATION, HARBOR):
            if len(args) < 2:
                raise ActionSyntaxError(f"{text!r}: {kind} takes a city and a payment")
            return cls(kind, " ".join(args[:-1]), parse_cards(args[-1], text))
        if kind == PIECES:
            need(2)
            if not (args[0].isdigit() and args[1].isdigit()):
                raise ActionSyntaxError(f"{text!r}: write 'pieces <trains> <ships>'")
            return cls(PIECES, (int(args[0]), int(args[1])))
        if kind == EXCHANGE:
            need(2)
            if not args[0].isdigit() or int(args[0]) <= 0 or args[1] not in _EXCHANGE_WORDS:
                raise ActionSyntaxError(f"{text!r}: write 'exchange <n> trains-for-ships' or 'exchange <n> ships-for-trains'")
            return cls(EXCHANGE, int(args[0]) * _EXCHANGE_WORDS[args[1]])
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
