"""Event actions (rulebook 278: money from "carrying out certain event actions"): while a
persistent event with a `trade` is the current event, a player may, as the whole turn, discard
cards of one colour (wild cards count as any colour, rulebook 318) and take what the trade gives:
dollars, cards from the deck, tickets (kept, secret). Declared here as Legacy's own action kind
(`trade <cards>`), offered by legal_actions() like any other."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...cards import COLOR_INDEX
from ...engine.actions import Action, ActionKind, IdBlock, NoTarget, Payment, register
from ...engine.legal import NO_TARGET
from ...engine.turn import cards_words
from ...text import plural

if TYPE_CHECKING:  # pragma: no cover
    from ...engine.game import PyGame
    from ...engine.legal import LegalActions
    from ...engine.ruleset import Ruleset
    from .content import Trade

TRADE = "trade"
MOST_CARDS = 4  # a trade asks for 1 to 4 cards (the action space holds every such payment)


def trade_key(t: "Trade") -> tuple[int, int, int, bool, bool, int, int]:
    """The trade's price as a route key: `cards` cards of its colour (-1: any one colour)."""
    return (COLOR_INDEX[t.color] if t.color else -1, t.cards, 0, False, False, 0, 0)


def gives_words(t: "Trade") -> str:
    parts = ([f"${t.money}"] if t.money else []) + ([plural(t.draw, "card")] if t.draw else []) \
        + ([plural(t.tickets, "ticket")] if t.tickets else [])
    return " and ".join(parts)


class TradeKind(ActionKind):
    name = TRADE
    target = NoTarget()
    paid = True
    syntax = "trade <cards>"
    summary = "carry out the current event's action"
    short = "e"
    turn_action = True
    order = 13  # after every other kind: the ids of the game-1 action space keep their numbers

    def apply(self, game: "PyGame", a: Action) -> None:
        game.trade(a.cards)  # type: ignore[attr-defined]  # offered only in Legacy games (LegacyGame.trade)

    def moves(self, game: "PyGame", p: int, hand: tuple[int, ...], segs: list) -> None:
        trade = game.trade_offer()  # type: ignore[attr-defined]  # a Legacy game (LegacyGame.trade_offer)
        if trade is None:
            return
        pays = game.rules.edition.payments(hand, trade_key(trade))
        if pays:
            segs.append((TRADE, NO_TARGET, pays))

    def explain(self, game: "PyGame", a: Action, legal: "LegalActions") -> str | None:
        ev = game.current_event  # type: ignore[attr-defined]
        if ev is None or ev.trade is None:
            return "the current event offers no action to carry out"
        t = ev.trade
        colour = f"{t.color} " if t.color else "one colour's "
        return (f"{ev.name} takes {plural(t.cards, colour + 'card')} (wild cards count as any colour) "
                f"for {gives_words(t)}, as your whole turn")

    def describe(self, rules: "Ruleset", a: Action) -> str:
        return f"carries out the event's action with {cards_words(a.cards)}"

    def ids(self, rules: "Ruleset", universe: tuple[int, ...]) -> IdBlock | None:
        pays: set[Payment] = set()
        for n in range(1, MOST_CARDS + 1):
            pays.update(rules.edition.payments(universe, (-1, n, 0, False, False, 0, 0)))
        return IdBlock((None,), sorted(pays))


TRADE_KIND = register(TradeKind())

__all__ = ["TRADE", "TRADE_KIND", "MOST_CARDS", "gives_words", "trade_key"]
