"""Human-readable descriptions of actions and positions (presentation only)."""
from __future__ import annotations

from .cards import CARD_NAMES, DECK_NAMES
from .engine.actions import CLAIM, DECK, DECLINE, DRAW, EXCHANGE, HARBOR, KEEP, PASS, PAY, PIECES, STATION, TICKETS


def describe(game, seat: int, action) -> str:
    """One line saying what `seat` does, without revealing secrets to onlookers."""
    k = action.kind
    if k == DRAW:
        card, deck = action.target if isinstance(action.target, tuple) else (action.target, None)
        if card == DECK:
            return f"draws from the {DECK_NAMES[deck]} deck" if deck is not None else "draws from the deck"
        refill = f" (refilled from the {DECK_NAMES[deck]} deck)" if deck is not None and deck >= 0 else ""
        return f"takes a face-up {CARD_NAMES[card]}{refill}"
    if k == CLAIM:
        r = game.map.route(action.target)
        kind = " tunnel" if r.tunnel else (" ferry" if r.ferry else (" ship route" if r.kind == "ship" else ""))
        return (f"claims {r.cities[0]}–{r.cities[1]} ({r.length} {r.color}{kind}, +{game.rules.r_points[r.id]}) "
                f"with {_cards(action.cards)}")
    if k == TICKETS:
        return "draws destination tickets"
    if k == KEEP:
        return f"keeps {len(action.target)} ticket(s)"
    if k == STATION:
        return f"builds a station in {action.target} with {_cards(action.cards)}"
    if k == PAY:
        return f"pays {_cards(action.cards)} more for the tunnel"
    if k == DECLINE:
        return "declines the tunnel and takes the cards back"
    if k == PASS:
        return "passes (no legal move)"
    if k == PIECES:
        return "chooses trains and ships (secret until everyone has chosen)"
    if k == HARBOR:
        return f"builds a harbor in {action.target} with {_cards(action.cards)}"
    if k == EXCHANGE:
        n = action.target
        return f"exchanges {abs(n)} {'trains for ships' if n > 0 else 'ships for trains'} with the box (-{abs(n)})"
    return str(action)


def _cards(cards) -> str:
    return ", ".join(f"{n} {CARD_NAMES[k]}" for k, n in cards)
