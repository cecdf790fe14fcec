"""The core action kinds: draw, stop, claim, pay, decline, tickets, keep and pass.
Each is declared once, with its text, how it is applied, offered, explained and
described (the table is in actions.py; an edition's own kinds live in its module)."""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..cards import CARD_NAMES, DECK_NAMES, LOCO, NEWSPAPER
from ..text import plural
from .actions import (
    CLAIM,
    DECK,
    DECLINE,
    DRAW,
    KEEP,
    PASS,
    PAY,
    STOP,
    TICKETS,
    Action,
    ActionKind,
    CardTarget,
    IdBlock,
    Payment,
    RouteTarget,
    TicketsTarget,
    register,
)
from .phases import KEEP_TICKETS, SECOND_CARD

if TYPE_CHECKING:  # pragma: no cover
    from .game import PyGame
    from .legal import LegalActions
    from .ruleset import Ruleset


def cards_words(cards: Iterable[tuple[int, int]]) -> str:
    """'2 red, 1 locomotive', '3 locomotives': colours read as adjectives, other kinds take a plural."""
    return ", ".join(f"{n} {CARD_NAMES[k]}" if k < LOCO else plural(n, CARD_NAMES[k]) for k, n in cards)


class Draw(ActionKind):
    name = DRAW
    target = CardTarget()
    syntax = "draw <card or deck> (two decks: draw <card or deck> <deck>)"
    summary = "take a face-up card or the top card of a deck"
    short = "d"
    order = 0

    def apply(self, game: "PyGame", a: Action) -> None:
        rules = game.rules
        t = a.target
        if t.__class__ is tuple:  # two decks: (card or DECK, deck)
            card, d = t
        else:
            card, d = t, 0
        hand = game.hands[game.current]
        if card == DECK:
            hand[game.pop_card(d, game.current)] += 1
        else:
            fu = game.face_up
            i = fu.index(card)
            fu[i] = game.pop_card(d, -1 - i) if d >= 0 else -1
            hand[card] += 1
            if fu.count(rules.wild) >= rules.reset_at:
                game.check_reset()
        if game.phase is SECOND_CARD or (card == rules.wild and rules.whole_draw):
            game.end_turn()
            return
        game.second_card()

    def explain(self, game: "PyGame", a: Action, legal: "LegalActions") -> str | None:
        rules = game.rules
        two = rules.multi_deck
        if isinstance(a.target, tuple) != two:
            return ("with two decks write 'draw <card or deck> <deck>'" if two
                    else "this edition has one deck: write 'draw <card>' or 'draw deck'")
        card, d = a.target if two else (a.target, 0)
        if card == DECK:
            return f"the {DECK_NAMES[d] if two else 'draw'} pile and its discard are both empty"
        if card not in game.face_up:
            return f"no {CARD_NAMES[card]} card is face up"
        if card == rules.edition.wild:
            return f"a face-up {CARD_NAMES[card]} cannot be the second card (G4)"
        return f"the {DECK_NAMES[d] if d >= 0 else 'none'} deck cannot refill the slot; choose a deck that has cards"

    def describe(self, rules: "Ruleset", a: Action) -> str:
        card, deck = a.target if isinstance(a.target, tuple) else (a.target, None)
        if card == DECK:
            return f"draws from the {DECK_NAMES[deck]} deck" if deck is not None else "draws from the deck"
        refill = f" (refilled from the {DECK_NAMES[deck]} deck)" if deck is not None and deck >= 0 else ""
        return f"takes a face-up {CARD_NAMES[card]}{refill}"

    def ids(self, rules: "Ruleset", universe: tuple[int, ...]) -> IdBlock:
        cards = sorted(set(rules.deck_cards) - {NEWSPAPER})  # L2: a newspaper is never face up
        if rules.multi_deck:
            decks = tuple(range(len(rules.decks)))
            return IdBlock([(c, d) for c in cards for d in (*decks, -1)] + [(DECK, d) for d in decks])
        return IdBlock([*cards, DECK])


class Stop(ActionKind):
    """RS2: after the first card, the player may take no second card."""
    name = STOP
    syntax = "stop"
    summary = "take no second card"
    order = 1

    def apply(self, game: "PyGame", a: Action) -> None:
        game.end_turn()

    def describe(self, rules: "Ruleset", a: Action) -> str:
        return "takes no second card"

    def ids(self, rules: "Ruleset", universe: tuple[int, ...]) -> IdBlock | None:
        return IdBlock([None]) if rules.may_stop else None


class Claim(ActionKind):
    name = CLAIM
    target = RouteTarget()
    paid = True
    syntax = "claim <route> <cards>"
    summary = "claim a route with cards"
    short = "c"
    undoable = True
    order = 2

    def apply(self, game: "PyGame", a: Action) -> None:
        r = a.target
        hand = game.hands[game.current]
        for k, n in a.cards:
            hand[k] -= n
        if game.rules.r_tunnel[r]:
            game.reveal_tunnel(r, a.cards)
        else:
            game.finish_claim(r, a.cards)

    def explain(self, game: "PyGame", a: Action, legal: "LegalActions") -> str | None:
        rules = game.rules
        p = game.current
        r = a.target
        if r not in rules.map.route_by_id:
            return f"map {rules.map.name} has no route {r}"
        if game.owner[r] >= 0:
            return f"route {r} is already claimed by seat {game.owner[r]}"
        if not game.avail[r]:
            return (f"route {r} is closed: its double was claimed and only one lane is open below "
                    f"{rules.edition.doubles_min_players} players (G1)")
        if any(game.owner[t] == p for t in rules.r_twins[r]):
            return f"you already own the other lane of route {r} (G1)"
        pieces = game.ships[p] if rules.r_kind[r] else game.trains[p]
        if rules.r_len[r] > pieces:
            what = "ships" if rules.r_kind[r] else "trains"
            return f"route {r} needs {rules.r_len[r]} {what}; you have {pieces}"
        for kind, targets, pays in legal.segments:
            if kind == CLAIM and r in targets:
                shown = ", ".join(str(Action(CLAIM, r, pays[i])) for i in range(min(8, len(pays))))
                more = f" and {len(pays) - 8} more" if len(pays) > 8 else ""
                return f"these cards do not pay for route {r}; ways you can pay: {shown}{more}"
        return f"these cards do not pay for route {r}, and your hand cannot pay for it"

    def describe(self, rules: "Ruleset", a: Action) -> str:
        r = rules.map.route(a.target)
        kind = " tunnel" if r.tunnel else (" ferry" if r.ferry else (" ship route" if r.kind == "ship" else ""))
        pairs = f", {r.pairs} paired" if r.pairs else ""
        points = f", +{rules.r_points[r.id]}" if rules.r_points[r.id] else ""  # Legacy: claims pay nothing
        return f"claims {r.cities[0]}–{r.cities[1]} ({r.length} {r.color}{kind}{pairs}{points}) with {cards_words(a.cards)}"

    def undo_refusal(self, game: "PyGame", a: Action) -> str | None:
        return "a tunnel claim revealed cards" if game.rules.r_tunnel[a.target] else None


class Pay(ActionKind):
    """E2: the tunnel's extra cards."""
    name = PAY
    paid = True
    syntax = "pay <cards>"
    summary = "pay the tunnel's extra cards"
    short = "p"
    order = 10

    def apply(self, game: "PyGame", a: Action) -> None:
        r, cards, revealed, _, _ = game.tunnel  # type: ignore[misc]  # not None in the TUNNEL phase
        hand = game.hands[game.current]
        for k, n in a.cards:
            hand[k] -= n
        game.discards[0].extend(revealed)
        game.discard_cards(a.cards)
        game.tunnel = None
        game.finish_claim(r, cards)

    def explain(self, game: "PyGame", a: Action, legal: "LegalActions") -> str | None:
        pays = ", ".join(str(x) for x in legal if x.kind == PAY) or "you cannot pay; decline"
        return f"the tunnel needs {plural(game.tunnel[3], 'more card', 'more cards')}: {pays}"  # type: ignore[index]  # set in the TUNNEL phase

    def describe(self, rules: "Ruleset", a: Action) -> str:
        return f"pays {cards_words(a.cards)} more for the tunnel"

    def ids(self, rules: "Ruleset", universe: tuple[int, ...]) -> IdBlock | None:
        ed = rules.edition
        pays: set[Payment] = set()
        for r in rules.route_ids:
            if rules.r_tunnel[r]:
                key = rules.r_key[r]
                assert key is not None  # every route has a key
                for p in ed.payments(universe, key):
                    paid = next((k for k, _ in p if k != ed.wild), -1)
                    for extra in range(1, ed.tunnel_reveal + 1):
                        pays.update(ed.tunnel_payments(universe, paid, extra))
        return IdBlock([None], sorted(pays)) if pays else None


class Decline(ActionKind):
    """E2: withdraw from the tunnel; the cards go back to the hand."""
    name = DECLINE
    syntax = "decline"
    summary = "withdraw from the tunnel"
    order = 11

    def apply(self, game: "PyGame", a: Action) -> None:
        _, cards, revealed, _, _ = game.tunnel  # type: ignore[misc]  # not None in the TUNNEL phase
        hand = game.hands[game.current]
        for k, n in cards:
            hand[k] += n
        game.discards[0].extend(revealed)
        game.tunnel = None
        game.refill()
        game.end_turn()

    def describe(self, rules: "Ruleset", a: Action) -> str:
        return "declines the tunnel and takes the cards back"

    def ids(self, rules: "Ruleset", universe: tuple[int, ...]) -> IdBlock | None:
        return IdBlock([None]) if any(rules.r_tunnel[r] for r in rules.route_ids) else None


class Tickets(ActionKind):
    name = TICKETS
    syntax = "tickets"
    summary = "draw destination tickets"
    short = "t"
    order = 4

    def apply(self, game: "PyGame", a: Action) -> None:
        pile = game.ticket_pile
        n = min(game.rules.edition.later_draw, len(pile))
        game.offers[game.current] = [pile.pop() for _ in range(n)]
        game.phase = KEEP_TICKETS
        game.note(event="tickets-drawn", seat=game.current, count=n)

    def describe(self, rules: "Ruleset", a: Action) -> str:
        return "draws destination tickets"

    def ids(self, rules: "Ruleset", universe: tuple[int, ...]) -> IdBlock:
        return IdBlock([None])


class Keep(ActionKind):
    name = KEEP
    target = TicketsTarget()
    syntax = "keep <ticket ids>"
    summary = "keep these of the offered tickets"
    short = "k"
    secret = True  # which tickets were kept: only how many
    order = 5

    def apply(self, game: "PyGame", a: Action) -> None:
        game.keep_tickets(game.current, a.target)

    def explain(self, game: "PyGame", a: Action, legal: "LegalActions") -> str | None:
        offer = game.offers[game.current]
        extra = [t for t in a.target if t not in offer]
        if extra:
            return f"{'tickets' if len(extra) != 1 else 'ticket'} {extra} {'are' if len(extra) != 1 else 'is'} not among those offered ({sorted(offer)})"
        return f"keep at least {min(len(x.target) for x in legal if x.kind == KEEP)} of {sorted(offer)}"

    def describe(self, rules: "Ruleset", a: Action) -> str:
        return f"keeps {plural(len(a.target), 'ticket')}"

    def public(self, a: Action) -> dict[str, Any]:
        return {"kept": len(a.target)}


class Pass(ActionKind):
    """G5: only when no other action exists."""
    name = PASS
    syntax = "pass"
    summary = "pass (no other move exists)"
    order = 12

    def apply(self, game: "PyGame", a: Action) -> None:
        game.passes += 1
        game.end_turn()

    def describe(self, rules: "Ruleset", a: Action) -> str:
        return "passes (no legal move)"

    def ids(self, rules: "Ruleset", universe: tuple[int, ...]) -> IdBlock:
        return IdBlock([None])


# the kinds every edition has (an edition adds its own: Edition.kinds)
CORE_KINDS: tuple[ActionKind, ...] = tuple(register(k) for k in (Draw(), Stop(), Claim(), Pay(), Decline(), Tickets(),
                                                                 Keep(), Pass()))

__all__ = ["CORE_KINDS", "Claim", "Decline", "Draw", "Keep", "Pass", "Pay", "Stop", "Tickets", "cards_words"]
