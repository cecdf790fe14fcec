"""The public log: what happened, as everyone at the table saw it (the one history).

One entry per action (schema.LogEntry):
    {"ply": 12, "seat": 1, "turn": 5, "kind": "claim", "action": "claim 42 3red",
     "target": 42, "cards": {"red": 3}, "events": [...]}
The action's target and cards are data (`target` as its kind writes it for clients,
`cards` as card name -> count), so nothing reading the log parses the action text.
What the rules keep secret is stripped by the kind (observer.public_action): a ticket
choice shows only how many were kept (`"kept": 2`) and a piece choice nothing until all
are revealed (RS1: a "pieces-revealed" event). The transitions add public events while
the action is applied (game.note): tickets drawn (how many), tunnel reveals, display
resets, the last round, the end of the game with the scores, and an edition's own
(Legacy: newspapers, events, money). A blind card is never named.

The log keeps little per action (the game keeps the action and its seat) and writes an
entry when it is first read, so recording costs little on the hot path. `words(entry, rules)` says an entry in English.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, overload

from ..cards import CARD_NAMES
from ..text import plural
from .actions import KINDS, Action
from .observer import public_action

if TYPE_CHECKING:  # pragma: no cover
    from .game import PyGame
    from .ruleset import Ruleset
    from .schema import LogEntry, LogEvent, ResultSummary

# Events that reveal nothing hidden: an action followed only by these may be taken back.
QUIET_EVENTS = frozenset({"last-round", "money"})


class LogRecord:
    """What a game records for its public log (the game holds it; it holds nothing of the game,
    so a game is freed as soon as it is dropped): per action, only the turn and how many cards
    had been drawn from the piles before it (`turns`, `drawn`: so whether an action drew or
    revealed anything hidden is whether the count moved), the events that followed, and the
    entries written so far; the action and its seat are the game's own record."""
    __slots__ = ("start", "turns", "drawn", "events", "entries")

    def __init__(self, start: int) -> None:
        self.start = start                           # the ply it records from (a loaded game: its history's length)
        self.turns: list[int] = []                   # per action: its turn
        self.drawn: list[int] = []                   # per action: the cards drawn before it
        self.events: dict[int, list[LogEvent]] = {}  # entry index -> its events (most have none)
        self.entries: list[LogEntry] = []            # written when first read


class PublicLog(Sequence["LogEntry"]):
    """The public log of one game from where it started recording (`game.log`): a read-only
    sequence of entries over the game's LogRecord, each written when first read."""
    __slots__ = ("game", "record")

    def __init__(self, game: PyGame, record: LogRecord) -> None:
        self.game = game
        self.record = record

    def __len__(self) -> int:
        return len(self.record.turns)

    @overload
    def __getitem__(self, i: int) -> LogEntry: ...
    @overload
    def __getitem__(self, i: slice) -> list[LogEntry]: ...

    def __getitem__(self, i: Any) -> LogEntry | list[LogEntry]:
        n = len(self.record.turns)
        if isinstance(i, slice):
            return [self._entry(j) for j in range(*i.indices(n))]
        return self._entry(i)

    def _entry(self, i: int) -> LogEntry:
        n = len(self.record.turns)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(i)
        entries = self.record.entries
        while len(entries) <= i:
            entries.append(self._write(len(entries)))
        return entries[i]

    def _write(self, i: int) -> LogEntry:
        rec = self.record
        ply = rec.start + i
        a = self.game.actions[ply]
        e: dict[str, Any] = {"ply": ply, "seat": self.game.seats[ply], "turn": rec.turns[i], "kind": a.kind,
                             **public_action(a)}
        events = rec.events.get(i)
        if events:
            for ev in events:
                if ev["event"] == "game-over" and "result" not in ev:  # written when first read
                    ev["result"] = result_summary(self.game.result())
            e["events"] = events
        return e  # type: ignore[return-value]  # the keys of a LogEntry (schema.py)

    def __iter__(self) -> Iterator[LogEntry]:
        for i in range(len(self.record.turns)):
            yield self._entry(i)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"<PublicLog of {len(self)} entries>"


def card_names(cards: Iterable[int]) -> list[str]:
    return [CARD_NAMES[c] for c in cards]


def result_summary(result: dict[str, Any]) -> ResultSummary:
    return {"totals": [p["total"] for p in result["players"]], "ranking": list(result["ranking"]),
            "winners": list(result["winners"])}


def _event_words(ev: LogEvent, who: Callable[[int], str]) -> str:
    kind = ev.get("event")
    if kind == "tunnel":
        shown = ", ".join(ev["revealed"]) or "no cards"
        return f"the tunnel reveals {shown}: {plural(ev['extra'], 'more card', 'more cards')} to pay" if ev["extra"] else \
            f"the tunnel reveals {shown}: nothing more to pay"
    if kind == "tickets-drawn":
        return f"{plural(ev['count'], 'ticket')} offered"
    if kind == "display-reset":
        return "three wild cards face up: the display is dealt anew"
    if kind == "last-round":
        return f"{who(ev['seat'])} has few pieces left: last round"
    if kind == "game-over":
        return "game over"
    if kind == "pieces-revealed":
        return "pieces revealed: " + ", ".join(f"{who(s)} {t} trains, {sh} ships" for s, (t, sh) in
                                                enumerate(ev["choices"]))
    if kind == "newspaper":
        return f"Newspaper! Event {ev['name']} ({ev['kind']}): {ev['text']}"
    if kind == "money":
        return f"{who(ev['seat'])} {'gains' if ev['dollars'] > 0 else 'pays'} ${abs(ev['dollars'])} ({ev['reason']})"
    if kind == "card":
        return f"{who(ev['seat'])} draws a card ({ev['reason']})"
    if kind == "ticket":
        return f"{who(ev['seat'])} takes a ticket ({ev['reason']})"
    if kind == "event-removed":
        return f"the event {ev['name']} is removed for good"
    return str(ev)


def words(e: LogEntry, action: Action, rules: Ruleset, who: Callable[[int], str] = lambda s: f"seat {s}") -> str:
    """An entry in English: what the seat did (its `action`, which the caller holds: the game's
    record; every kind describes itself in public words), then what followed."""
    did = KINDS[action.kind].describe(rules, action)
    events = [_event_words(ev, who) for ev in e.get("events", ())]
    return "; ".join([did, *events])


def undo_refusal(game: Any, record: LogRecord | None, drawn: int, seat: int | None = None) -> str | None:
    """Why `game`'s last action may not be taken back (by `seat`, if given), or None if it may: it
    must be the seat's own, of a kind that can be undone, and have drawn and revealed nothing
    (docs/rules.md, "Undo"). `record` is the game's log record (None: it keeps none, and cannot
    know what an action revealed); `drawn` its count of cards drawn so far. Both engines ask this."""
    if not game.actions:
        return "nothing has been played"
    if game.is_over:
        return "the game is over"
    if seat is not None and game.seats[-1] != seat:
        return "the last action is not yours"
    a = game.actions[-1]
    why = KINDS[a.kind].undo_refusal(game, a)
    if why is not None:
        return why
    if record is None or not record.turns or record.start + len(record.turns) != len(game.actions):
        return "this game did not record what its last action revealed"
    events = record.events.get(len(record.turns) - 1, ())
    if record.drawn[-1] != drawn or any(e["event"] not in QUIET_EVENTS for e in events):
        return "that action drew or revealed something"
    return None


__all__ = ["PublicLog", "QUIET_EVENTS", "card_names", "result_summary", "undo_refusal", "words"]
