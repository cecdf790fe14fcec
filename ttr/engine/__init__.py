"""The rules engine, behind one face: everything the rest of ttr may use is exported here, and
nothing outside ttr.engine and ttr.editions imports an engine submodule (an import-linter
contract checks it). A game is a `Game` (face.py): asked, never read. The face also carries
what a second implementation of the rules needs: the compiled tables (`Ruleset`), the integer
state codec (`StateLayout`, `decode`), the action kinds (`KINDS`) and the schema of what
clients are sent (`View`, `LogEntry`, ...). docs/architecture.md lists it.

The engine imports nothing above itself: names are resolved to rules by ttr.editions, saves
live in ttr.formats."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from . import turn  # noqa: F401 - declares the core action kinds
from .actions import (
    CLAIM,
    DECK,
    DECLINE,
    DRAW,
    EXCHANGE,
    HARBOR,
    KEEP,
    KINDS,
    PASS,
    PAY,
    PIECES,
    STATION,
    STOP,
    TICKETS,
    Action,
    ActionKind,
    CardTarget,
    CityTarget,
    ExchangeTarget,
    IdBlock,
    NoTarget,
    Payment,
    PiecesTarget,
    RouteTarget,
    Target,
    TicketsTarget,
    parse_cards,
    register,
)
from .codec import (
    CODEC_VERSION,
    COUNTS,
    HIDDEN,
    LIST,
    NOBODY,
    NONE,
    OWN,
    PUBLIC,
    UNORDERED,
    VALUES,
    Section,
    StateLayout,
    first_difference,
    layout_of,
)
from .codec import decode as _decode
from .edition import Edition, RouteKey
from .face import Game
from .game import PyGame
from .graph import DisjointSet, connected, longest_path
from .legal import NO_CARDS, NO_TARGET, DescribedPayments, Family, LegalActions, Segment, expand, family_members, legal_data
from .log import QUIET_EVENTS, LogRecord, PublicLog, card_names, result_summary, undo_refusal, words
from .moves import piece_choices
from .observer import NO_MOVES, Observation, features, mask, public_action
from .observer import observe as seat_observation
from .observer import view as seat_view
from .phases import PHASES, Phase
from .randomness import RANDOM_PROCEDURE, shuffle
from .scoring import finish as finish_result
from .ruleset import Ruleset
from .schema import (
    Features,
    LegalGroup,
    LogEntry,
    LogEvent,
    PlayerInfo,
    Result,
    ResultSummary,
    TicketInfo,
    TunnelInfo,
    View,
    You,
)


def new(rules: Ruleset, seed: int = 0, random_first: bool = False, *, record: bool = True, **options: Any) -> Game:
    """A new game of `rules` set up from `seed` (`options`: the edition's own, e.g. Legacy's
    `setup`; `record=False`: keep no public log, for playouts)."""
    return PyGame.new(rules, seed, random_first, record=record, **options)


def replay(rules: Ruleset, seed: int, history: Iterable[Action | str], random_first: bool = False,
           **options: Any) -> Game:
    """Seed + history = the game (G10); every action is checked (IllegalActionError names the entry)."""
    return PyGame.replay(rules, seed, history, random_first, **options)


def ticket_pool(rules: Ruleset, options: dict[str, Any] | None = None) -> list[int]:
    """The regular tickets a game of `rules` plays with (`options`: the edition's static content;
    Legacy leaves its retired tickets out), in map order."""
    g = PyGame.blank(rules)
    g.set_static(**(options or {}))
    return g.ticket_pool()


def decode(rules: Ruleset, state: list[int], options: dict[str, Any] | None = None, *, check: bool = True,
           where: str = "state", record: bool = False, actions: Sequence[Action] = (),
           seats: Sequence[int] = (), like: Game | None = None) -> Game:
    """The game whose integer state is `state` (codec.py; `actions` and `seats`: its record, by
    default none). `check`: refuse, with a SaveError naming the section, a state that breaks a
    fact of the rules. `like` (with check=False, for many worlds of one observation): a game of
    the same engine decoded from a state that differs at most in what a seat's mask hides."""
    if like is not None and not isinstance(like, PyGame):
        raise TypeError(f"decode(like=...) takes a game of the Python engine, not {like!r}")
    return _decode(rules, state, options, check=check, where=where, record=record, actions=actions, seats=seats,
                   like=like)


__all__ = [
    "CLAIM", "CODEC_VERSION", "COUNTS", "CardTarget", "CityTarget", "DECK", "DECLINE", "DRAW", "DescribedPayments",
    "DisjointSet", "EXCHANGE", "Edition", "ExchangeTarget", "Family", "Features", "Game", "HARBOR", "HIDDEN",
    "IdBlock", "KEEP", "KINDS", "LIST", "LegalActions", "LegalGroup", "LogEntry", "LogEvent", "NOBODY", "NONE",
    "NO_CARDS", "NO_MOVES", "NO_TARGET", "NoTarget", "OWN", "Observation", "PASS", "PAY", "PHASES", "PIECES",
    "PUBLIC", "Payment", "Phase", "PiecesTarget", "PlayerInfo", "QUIET_EVENTS", "RANDOM_PROCEDURE",
    "Result", "ResultSummary", "RouteKey", "RouteTarget", "Ruleset", "STATION", "STOP", "Section", "Segment",
    "StateLayout", "TICKETS", "Target", "TicketInfo", "TicketsTarget", "TunnelInfo", "UNORDERED", "VALUES",
    "View", "You", "ActionKind", "Action", "connected", "decode", "expand", "family_members", "features",
    "first_difference", "legal_data", "longest_path", "mask", "new", "parse_cards", "piece_choices",
    "public_action", "register", "replay", "result_summary", "shuffle", "ticket_pool", "undo_refusal", "words",
    "LogRecord", "PublicLog", "card_names", "finish_result", "layout_of", "seat_observation", "seat_view",
]
