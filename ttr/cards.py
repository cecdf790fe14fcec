"""Card kinds shared by the train-card editions (USA, Europe, Nordic).

A card kind is a small int; hands are lists of counts indexed by kind.
"""

COLORS = ("purple", "blue", "orange", "white", "green", "yellow", "black", "red")
LOCO = 8
CARD_NAMES = COLORS + ("locomotive",)
CARD_INDEX = {name: i for i, name in enumerate(CARD_NAMES)}
GRAY = "gray"
ROUTE_COLORS = COLORS + (GRAY,)


def cards_text(cards: tuple) -> str:
    """Canonical text of a payment: ((kind, count), ...) -> '3red+1locomotive'."""
    return "+".join(f"{n}{CARD_NAMES[k]}" for k, n in cards)
