"""Event actions (rulebook 278: money from "carrying out certain event actions"): while a
persistent event with a `trade` is the current event, a player may, as the whole turn, discard
cards of one colour (wild cards count as any colour, rulebook 318) and take what the trade gives:
dollars, cards from the deck, tickets (kept, secret). A rule sticker at a place of play (Q-V,
rulebook 437-447) may grant its companies such an action too. Declared here as Legacy's own action
kind (`trade <cards>`: the event's; `trade Q <cards>`: the rule's at place Q), offered by
legal_actions() like any other."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...cards import COLOR_INDEX

from ...engine.actions import Action, ActionKind, IdBlock, Payment, Target, register
from ...engine.turn import cards_words
from ...errors import ActionSyntaxError
from ...text import plural
from .content import PLAY_PLACES, POSTCARD_PLACES

PLACES = PLAY_PLACES + POSTCARD_PLACES  # a rule's action: at a place of play, or a postcard's (LW-X3)

if TYPE_CHECKING:  # pragma: no cover
    from ...engine.game import PyGame
    from ...engine.legal import LegalActions
    from ...engine.ruleset import Ruleset
    from .content import Trade

TRADE = "trade"
MOST_CARDS = 4  # a trade asks for 1 to 4 cards (the action space holds every such payment)
_TARGETS = {where: (where,) for where in (None,) + PLACES}  # one tuple each: segment ids are cached by it


def trade_key(t: "Trade") -> tuple[int, int, int, bool, bool, int, int]:
    """The trade's price as a route key: `cards` cards of its colour (-1: any one colour)."""
    return (COLOR_INDEX[t.color] if t.color else -1, t.cards, 0, False, False, 0, 0)


def gives_words(t: "Trade") -> str:
    parts = ([f"${t.money}"] if t.money else []) + ([plural(t.draw, "card")] if t.draw else []) \
        + ([plural(t.tickets, "ticket")] if t.tickets else [])
    return " and ".join(parts)


class TradeTarget(Target):
    """None: the current event's action; a place of play (Q-V): the action its rule grants; P1-P3:
    the action a postcard its player holds grants."""

    def parse(self, args: list[str], text: str, spec: ActionKind) -> Any:
        if not args:
            return None
        if len(args) == 1 and args[0] in PLACES:
            return args[0]
        raise ActionSyntaxError(f"{text!r}: write 'trade <cards>' (the event's action) or 'trade <place> <cards>' "
                                f"(a rule's or a postcard's, place one of {', '.join(PLACES)})")


class TradeKind(ActionKind):
    name = TRADE
    target = TradeTarget()
    paid = True
    syntax = "trade [place] <cards>"
    summary = "carry out the current event's action (or a rule's)"
    short = "e"
    turn_action = True
    order = 13  # after every other kind: the ids of the game-1 action space keep their numbers

    def apply(self, game: "PyGame", a: Action) -> None:
        game.trade(a.target, a.cards)  # type: ignore[attr-defined]  # offered only in Legacy games (LegacyGame.trade)

    def moves(self, game: "PyGame", p: int, hand: tuple[int, ...], segs: list) -> None:
        for where, trade, _ in game.trade_offers(p):  # type: ignore[attr-defined]  # a Legacy game
            pays = game.rules.edition.payments(hand, trade_key(trade))
            if pays:
                segs.append((TRADE, _TARGETS[where], pays))

    def explain(self, game: "PyGame", a: Action, legal: "LegalActions") -> str | None:
        offers = {where: (trade, name) for where, trade, name in game.trade_offers(game.current)}  # type: ignore[attr-defined]
        if a.target not in offers:
            if a.target is None:
                return "the current event offers no action to carry out"
            return f"no rule or postcard at {a.target} grants your company an action"
        t, name = offers[a.target]
        colour = f"{t.color} " if t.color else "one colour's "
        return (f"{name} takes {plural(t.cards, colour + 'card')} (wild cards count as any colour) "
                f"for {gives_words(t)}, as your whole turn")

    def describe(self, rules: "Ruleset", a: Action) -> str:
        whose = ("the event's" if a.target is None else f"postcard {a.target}'s" if a.target in POSTCARD_PLACES
                 else f"rule {a.target}'s")
        return f"carries out {whose} action with {cards_words(a.cards)}"

    def ids(self, rules: "Ruleset", universe: tuple[int, ...]) -> IdBlock | None:
        pays: set[Payment] = set()
        for n in range(1, MOST_CARDS + 1):
            pays.update(rules.edition.payments(universe, (-1, n, 0, False, False, 0, 0)))
        return IdBlock((None,) + PLACES, sorted(pays))


TRADE_KIND = register(TradeKind())

__all__ = ["TRADE", "TRADE_KIND", "TradeTarget", "MOST_CARDS", "gives_words", "trade_key"]
