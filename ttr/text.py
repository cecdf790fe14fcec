"""Human-readable descriptions of actions and positions (presentation only)."""
from __future__ import annotations

from .cards import CARD_NAMES
from .engine.actions import CLAIM, DECK, DECLINE, DRAW, KEEP, PASS, PAY, STATION, TICKETS


def describe(game, seat: int, action) -> str:
    """One line saying what `seat` does, without revealing secrets to onlookers."""
    k = action.kind
    if k == DRAW:
        return "draws from the deck" if action.target == DECK else f"takes a face-up {CARD_NAMES[action.target]}"
    if k == CLAIM:
        r = game.map.route(action.target)
        kind = " tunnel" if r.tunnel else (" ferry" if r.ferry else "")
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
    return str(action)


def _cards(cards) -> str:
    return ", ".join(f"{n} {CARD_NAMES[k]}" for k, n in cards)
