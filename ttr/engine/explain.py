"""Human reasons for an illegal action. Only called after an action was found
missing from legal_actions(), which alone decides legality; this only words it
(each kind words its own reasons: ActionKind.explain)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import CARD_NAMES
from .actions import DRAW, KINDS, Action
from .moves import can_draw
from .phases import TURN

if TYPE_CHECKING:  # pragma: no cover
    from .game import PyGame


def why_illegal(game: "PyGame", a: Action) -> str:
    return f"illegal action '{a}' for seat {game.current} (phase {game.phase}, turn {game.turns}): {_reason(game, a)}"


def _reason(game: "PyGame", a: Action) -> str:
    if game.is_over:
        return "the game is over"
    legal = game.legal_actions()
    kinds = legal.kinds()
    if a.kind == DRAW and not can_draw(game):
        return (f"no card may be drawn while the draw pile and its discard hold {game.rules.draw_floor} cards "
                f"or fewer (they hold {len(game.decks[0]) + len(game.discards[0])}; L2)")
    if a.kind not in kinds:
        spec = KINDS.get(a.kind)  # an edition's own kind says why it is not offered now (a turn action: in a turn)
        own = (spec.explain(game, a, legal) if spec in game.rules.edition.kinds
               and (game.phase == TURN or not spec.turn_action) else None)
        return own or f"in this phase the legal actions are: {', '.join(sorted(kinds))}"
    hand = game.hands[game.current]
    for k, n in a.cards:
        if k >= len(hand):
            return f"{game.rules.edition.title} has no {CARD_NAMES[k]} cards"
        if hand[k] < n:
            return f"you hold {hand[k]} {CARD_NAMES[k]}, not {n}"
    spec = KINDS.get(a.kind)
    reason = spec.explain(game, a, legal) if spec is not None else None
    return reason or f"not among the {len(legal)} legal actions"
