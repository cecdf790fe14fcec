"""The public log: what happened, as everyone at the table saw it.

One entry per action, made before it is applied:
    {"ply": 12, "seat": 1, "turn": 5, "kind": "claim", "action": "claim 42 3red", "events": [...]}
`action` is the canonical text, except where the rules keep it secret: a ticket
choice shows only how many were kept (`"kept": 2`) and a piece choice nothing
until all are revealed (RS1: a "pieces-revealed" event). The transitions add
public events while the action is applied (game.note): tickets drawn (how many),
tunnel reveals, display resets, the last round, the end of the game with the
scores, and an edition's own (Legacy: newspapers, events, money). A blind card
is never named. `words(entry, rules)` says an entry in English.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from ..cards import CARD_NAMES
from .actions import KEEP, KINDS, PIECES, Action

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game
    from .ruleset import Ruleset

SECRET_KINDS = (KEEP, PIECES)  # their targets are never in the public log


def entry(game: "Game", a: Action) -> dict[str, Any]:
    e: dict[str, Any] = {"ply": len(game.actions), "seat": game.current, "turn": game.turns, "kind": a.kind}
    if a.kind == KEEP:
        e["kept"] = len(a.target)
    elif a.kind not in SECRET_KINDS:
        e["action"] = str(a)
    return e


def card_names(cards: Iterable[int]) -> list[str]:
    return [CARD_NAMES[c] for c in cards]


def result_summary(result: dict[str, Any]) -> dict[str, Any]:
    return {"totals": [p["total"] for p in result["players"]], "ranking": list(result["ranking"]),
            "winners": list(result["winners"])}


def _event_words(ev: dict[str, Any], who: Callable[[int], str]) -> str:
    kind = ev.get("event")
    if kind == "tunnel":
        shown = ", ".join(ev["revealed"]) or "no cards"
        return f"the tunnel reveals {shown}: {ev['extra']} more card(s) to pay" if ev["extra"] else \
            f"the tunnel reveals {shown}: nothing more to pay"
    if kind == "tickets-drawn":
        return f"{ev['count']} ticket(s) offered"
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
    return str(ev)


def words(e: dict[str, Any], rules: "Ruleset", who: Callable[[int], str] = lambda s: f"seat {s}") -> str:
    """An entry in English: what the seat did, then what followed."""
    if "action" in e:
        did = KINDS[e["kind"]].describe(rules, Action.from_text(e["action"]))
    elif e["kind"] == KEEP:
        did = f"keeps {e['kept']} ticket(s)"
    else:
        did = "chooses trains and ships (secret until everyone has chosen)"
    events = [_event_words(ev, who) for ev in e.get("events", ())]
    return "; ".join([did, *events])


__all__ = ["SECRET_KINDS", "card_names", "entry", "result_summary", "words"]
