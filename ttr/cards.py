"""Card kinds. A card kind is a small int; hands are lists of counts indexed by kind.

One universe of kinds serves every edition: 0-8 are the train-game cards (USA,
Europe, Nordic, Legacy: eight colours and the locomotive, which Legacy calls the
wild train card); 9-33 are Rails & Sails' travel cards (per colour: train,
anchored train, single ship (always anchored), double ship; then the joker);
34 is Legacy's newspaper. An edition's hands are as long as the kinds it uses.
"""
from __future__ import annotations

from collections.abc import Iterable

COLORS = ("purple", "blue", "orange", "white", "green", "yellow", "black", "red")
LOCO = 8
COLOR_INDEX = {name: i for i, name in enumerate(COLORS)}

# Rails & Sails (RS2, RS3, RS5)
RS_COLORS = ("purple", "white", "green", "yellow", "black", "red")
RS_PARTS = ("train", "train-anchor", "ship", "double-ship")
RS_BASE = LOCO + 1


def rs_card(color: str, part: str) -> int:
    """Kind of the Rails & Sails card of this colour and part (see RS_PARTS)."""
    return RS_BASE + RS_COLORS.index(color) * len(RS_PARTS) + RS_PARTS.index(part)


JOKER = RS_BASE + len(RS_COLORS) * len(RS_PARTS)
NEWSPAPER = JOKER + 1  # Legacy: drawn, it reveals an event and is replaced (L2); never held
CARD_NAMES = (COLORS + ("locomotive",) + tuple(f"{c}-{p}" for c in RS_COLORS for p in RS_PARTS)
              + ("joker", "newspaper"))
CARD_INDEX = {name: i for i, name in enumerate(CARD_NAMES)}
GRAY = "gray"
ROUTE_COLORS = COLORS + (GRAY,)

DECK_NAMES = ("train", "ship")  # Rails & Sails' two decks; one-deck editions use "train" only


def cards_text(cards: Iterable[tuple[int, int]]) -> str:
    """Canonical text of a payment: ((kind, count), ...) -> '3red+1locomotive'."""
    return "+".join(f"{n}{CARD_NAMES[k]}" for k, n in cards)
