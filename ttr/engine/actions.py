"""Actions: small immutable values with one canonical text, and the table of action kinds.

An action's text is its kind's word, then its target's text, then its payment:

    draw red | draw locomotive | draw deck      take a face-up card / the top of the deck
    draw red-ship train | draw deck ship        with two decks (Rails & Sails): the face-up card
                                                and the deck that refills its slot / which deck
    stop                                        take no second card (RS2)
    claim 42 3red+1locomotive                   claim route 42 with these cards
    tickets                                     draw destination tickets
    keep 3 17                                   keep these offered tickets (ids, ascending)
    station Paris 2blue                         build a station (Europe)
    pay 1red+1locomotive | decline              the tunnel's extra cards, or withdraw
    pass                                        only when no other action exists (G5)
    pieces 25 35                                keep 25 trains and 35 ships (Rails & Sails, RS1)
    exchange 3 trains-for-ships                 swap pieces with the box (RS6); or ships-for-trains
    harbor Lagos 2red-train-anchor+2red-ship    build a harbor (RS5)

Each kind is declared once, as an `ActionKind` registered here: its word, how its
target is written and read, whether it carries cards, and how it is applied,
explained, described and offered (core kinds: turn.py; an edition's own kinds: its
module). Legality is decided only by `legal_actions()` (moves.py).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from ..cards import CARD_INDEX, CARD_NAMES, DECK_NAMES, cards_text
from ..errors import ActionSyntaxError

if TYPE_CHECKING:  # pragma: no cover
    from .game import PyGame
    from .legal import LegalActions, Segment
    from .ruleset import Ruleset

DECK = -1  # draw target: the top of the draw pile

# The kinds' words (each declared in the table below, by turn.py or an edition's module).
DRAW, STOP, CLAIM, TICKETS, KEEP, STATION, PAY, DECLINE, PASS, PIECES, EXCHANGE, HARBOR = (
    "draw", "stop", "claim", "tickets", "keep", "station", "pay", "decline", "pass", "pieces", "exchange", "harbor")

Payment = tuple[tuple[int, int], ...]  # ((card kind, count), ...) ascending by kind


class Action(NamedTuple):
    kind: str
    target: Any = None      # card kind / DECK (two decks: (card kind or DECK, deck)), route id,
                            # ticket ids, city name, (trains, ships), +n trains->ships / -n ships->trains
    cards: Payment = ()     # payment: ((card kind, count), ...) ascending by kind

    def __str__(self) -> str:
        spec = KINDS.get(self.kind)
        if spec is None:
            return f"{self.kind}?"
        t = spec.target.text(self.target)
        text = self.kind if t is None else f"{self.kind} {t}"
        return f"{text} {cards_text(self.cards)}" if spec.paid else text

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
        spec = KINDS.get(words[0])
        if spec is None:
            raise ActionSyntaxError(f"{text!r}: unknown action {words[0]!r} (one of {', '.join(KINDS)})")
        args = words[1:]
        cards: Payment = ()
        if spec.paid:
            if not args:
                raise ActionSyntaxError(f"{text!r}: write '{spec.syntax}'")
            cards = parse_cards(args[-1], text)
            args = args[:-1]
        return cls(spec.name, spec.target.parse(args, text, spec), cards)


def parse_cards(word: str, text: str) -> Payment:
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


# ------------------------------------------------------------------- targets

class Target:
    """How a kind's target is written (`text`), read (`parse`) and sent to clients (`data`)."""

    def text(self, value: Any) -> str | None:
        return None if value is None else str(value)

    def parse(self, args: list[str], text: str, spec: "ActionKind") -> Any:
        if args:
            raise ActionSyntaxError(f"{text!r}: '{spec.name}' takes no argument")
        return None

    def data(self, value: Any) -> Any:
        """The target as a JSON value."""
        return value


class NoTarget(Target):
    pass


class CardTarget(Target):
    """A face-up card kind or DECK; with two decks (card or DECK, deck): the deck that refills the
    taken card's slot (-1: none can), or the deck drawn from."""

    def text(self, value: Any) -> str:
        if value.__class__ is tuple:
            card, deck = value
            return f"{'deck' if card == DECK else CARD_NAMES[card]} {DECK_NAMES[deck] if deck >= 0 else 'none'}"
        return "deck" if value == DECK else CARD_NAMES[value]

    def parse(self, args: list[str], text: str, spec: "ActionKind") -> int | tuple[int, int]:
        if len(args) not in (1, 2):
            raise ActionSyntaxError(f"{text!r}: write 'draw <card or deck>' (two decks: 'draw <card or deck> <deck>')")
        if args[0] == "deck":
            card = DECK
        elif args[0] in CARD_INDEX:
            card = CARD_INDEX[args[0]]
        else:
            raise ActionSyntaxError(f"{text!r}: unknown card {args[0]!r} (deck or one of {', '.join(CARD_NAMES)})")
        if len(args) == 1:
            return card
        if args[1] not in DECK_NAMES and args[1] != "none":
            raise ActionSyntaxError(f"{text!r}: unknown deck {args[1]!r} (one of {', '.join(DECK_NAMES)})")
        return card, DECK_NAMES.index(args[1]) if args[1] != "none" else -1

    def data(self, value: Any) -> str | dict[str, str | None]:
        if value.__class__ is tuple:
            card, deck = value
            return {"card": "deck" if card == DECK else CARD_NAMES[card], "pile": DECK_NAMES[deck] if deck >= 0 else None}
        return "deck" if value == DECK else CARD_NAMES[value]


class RouteTarget(Target):
    def parse(self, args: list[str], text: str, spec: "ActionKind") -> int:
        if len(args) != 1:
            raise ActionSyntaxError(f"{text!r}: write '{spec.syntax}'")
        try:
            return int(args[0])
        except ValueError:
            raise ActionSyntaxError(f"{text!r}: route id must be a number, got {args[0]!r}") from None


class TicketsTarget(Target):
    def text(self, value: Any) -> str:
        return " ".join(map(str, value))

    def parse(self, args: list[str], text: str, spec: "ActionKind") -> tuple[int, ...]:
        if not args:
            raise ActionSyntaxError(f"{text!r}: keep needs the ids of the tickets to keep")
        try:
            ids = tuple(sorted(int(a) for a in args))
        except ValueError:
            raise ActionSyntaxError(f"{text!r}: ticket ids must be numbers") from None
        if len(set(ids)) != len(ids):
            raise ActionSyntaxError(f"{text!r}: a ticket id is repeated")
        return ids

    def data(self, value: Any) -> list[int]:
        return list(value)


class CityTarget(Target):
    def parse(self, args: list[str], text: str, spec: "ActionKind") -> str:
        if not args:
            raise ActionSyntaxError(f"{text!r}: {spec.name} takes a city and a payment")
        return " ".join(args)


class PiecesTarget(Target):
    def text(self, value: Any) -> str:
        return f"{value[0]} {value[1]}"

    def parse(self, args: list[str], text: str, spec: "ActionKind") -> tuple[int, int]:
        if len(args) != 2 or not (args[0].isdigit() and args[1].isdigit()):
            raise ActionSyntaxError(f"{text!r}: write 'pieces <trains> <ships>'")
        return int(args[0]), int(args[1])

    def data(self, value: Any) -> list[int]:
        return list(value)


_EXCHANGE_WORDS = {"trains-for-ships": 1, "ships-for-trains": -1}


class ExchangeTarget(Target):
    """+n: n trains for ships; -n: n ships for trains."""

    def text(self, value: Any) -> str:
        return f"{abs(value)} {'trains-for-ships' if value > 0 else 'ships-for-trains'}"

    def parse(self, args: list[str], text: str, spec: "ActionKind") -> int:
        if len(args) != 2 or not args[0].isdigit() or int(args[0]) <= 0 or args[1] not in _EXCHANGE_WORDS:
            raise ActionSyntaxError(f"{text!r}: write 'exchange <n> trains-for-ships' or 'exchange <n> ships-for-trains'")
        return int(args[0]) * _EXCHANGE_WORDS[args[1]]


# ---------------------------------------------------------------- the kinds

class ActionKind:
    """One kind of action, declared once: subclasses set the class attributes and
    implement `apply`; the other hooks have defaults. Everything ttr knows of a kind is
    here: its text, how it changes the state, how it is offered, explained and described,
    whether it can be taken back, what of it is secret, and its block of integer ids
    (`ids`, read by ttr.formats.action_space)."""
    name: ClassVar[str]
    target: ClassVar[Target] = NoTarget()
    paid: ClassVar[bool] = False       # the text ends with a payment (cards)
    syntax: ClassVar[str] = ""         # e.g. "claim <route> <cards>"
    summary: ClassVar[str] = ""        # what it does, in a few words
    short: ClassVar[str | None] = None  # a one-letter word for it at a prompt (ttr play)
    turn_action: ClassVar[bool] = False  # offered at the start of a turn by `moves(...)` (an edition's extras)
    undoable: ClassVar[bool] = False   # may be taken back when it drew and revealed nothing (undo_refusal)
    secret: ClassVar[bool] = False     # the target is secret: the log shows only `public(a)`
    order: ClassVar[int] = 0           # the place of its block in the action space (ascending)

    def apply(self, game: "PyGame", a: Action) -> None:
        """Change the state (the action is known to be legal)."""
        raise NotImplementedError

    def moves(self, game: "PyGame", p: int, hand: tuple[int, ...], segs: list[Segment]) -> None:
        """Turn actions: append this kind's segments (kind, targets, payments) for seat p."""

    def explain(self, game: "PyGame", a: Action, legal: "LegalActions") -> str | None:
        """Why this action of this kind is not legal here (None: no specific reason)."""
        return None

    def describe(self, rules: "Ruleset", a: Action) -> str:
        """What the player does, in words anyone at the table may read."""
        return str(a)

    def undo_refusal(self, game: "PyGame", a: Action) -> str | None:
        """Why this action, the last one applied, cannot be taken back (None: nothing of the kind's own)."""
        return None if self.undoable else f"a {self.name} cannot be taken back"

    def public(self, a: Action) -> dict[str, Any]:
        """What everyone may know of the action, as the log's data: its text, its target as data
        and its cards (a secret kind overrides this with what the table sees)."""
        out: dict[str, Any] = {"action": str(a)}
        if a.target is not None:
            out["target"] = self.target.data(a.target)
        if self.paid:
            out["cards"] = {CARD_NAMES[k]: n for k, n in a.cards}
        return out

    def ids(self, rules: "Ruleset", universe: tuple[int, ...]) -> "IdBlock | None":
        """This kind's block of integer ids on a board: every target and payment it can ever
        offer (`universe`: every card of the game in one hand), or None if the board never
        offers it. Kinds whose ids need more than targets x payments (claims in payment
        steps, keeps as positions in the offer) are numbered by ttr.formats.action_space."""
        return None


class IdBlock(NamedTuple):
    """A kind's block of the action space: every target, each with every payment (payments
    None: the kind takes no cards)."""
    targets: Sequence[Any]
    payments: Sequence[Payment] | None = None


KINDS: dict[str, ActionKind] = {}


def register(spec: ActionKind) -> ActionKind:
    """Add an action kind to the table (once per word)."""
    if spec.name in KINDS and type(KINDS[spec.name]) is not type(spec):
        raise ValueError(f"action kind {spec.name!r} is already declared by {type(KINDS[spec.name]).__name__}")
    KINDS[spec.name] = spec
    return spec


def kind_names() -> Sequence[str]:
    return tuple(KINDS)


__all__ = ["CLAIM", "DECK", "DECLINE", "DRAW", "EXCHANGE", "HARBOR", "KEEP", "PASS", "PAY", "PIECES", "STATION",
           "STOP", "TICKETS", "Action", "ActionKind", "CardTarget", "CityTarget", "ExchangeTarget", "KINDS", "NoTarget",
           "IdBlock", "Payment", "PiecesTarget", "RouteTarget", "Target", "TicketsTarget", "kind_names", "parse_cards",
           "register"]
