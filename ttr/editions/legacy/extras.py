"""Extra wild cards for offers (rulebook 322-324): "sometimes you discard extra wild cards to
satisfy postcards, events or conditions; for several conditions, one wild card each". An offer
(content.Extra) comes from the current event, from a rule sticker at a place of play (Q-V) that
names the claimer's company, or from a postcard the claimer holds (P1-P3). Right after a claim whose route an offer matches, while the claimer
holds a wild card, the game is in the `extras` phase: the claimer takes offers one at a time
(`extra event`, `extra Q`, ...; one wild card each, each offer at most once a claim) or ends the
turn (`extra done`)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.actions import Action, ActionKind, IdBlock, Target, register
from ...engine.legal import NO_CARDS
from ...engine.moves import register_phase
from ...engine.phases import EXTRAS
from ...errors import ActionSyntaxError
from .content import PLAY_PLACES, POSTCARD_PLACES

if TYPE_CHECKING:  # pragma: no cover
    from ...engine.game import PyGame
    from ...engine.legal import LegalActions, Segment
    from ...engine.ruleset import Ruleset

EXTRA = "extra"
EVENT = "event"                # the current event's offer
DONE = "done"                  # take no (more) offers: the turn ends
SLOTS = (EVENT,) + PLAY_PLACES + POSTCARD_PLACES  # where an offer comes from; bit i of the used mask: SLOTS[i]


class ExtraTarget(Target):
    def parse(self, args: list[str], text: str, spec: ActionKind) -> Any:
        if len(args) != 1 or args[0] not in SLOTS + (DONE,):
            raise ActionSyntaxError(f"{text!r}: write 'extra <offer>' (event, a place {', '.join(PLAY_PLACES)} or "
                                    f"a postcard {', '.join(POSTCARD_PLACES)}) or 'extra done'")
        return args[0]


class ExtraKind(ActionKind):
    name = EXTRA
    target = ExtraTarget()
    syntax = "extra <event|Q..V|P1..P3|done>"
    summary = "discard an extra wild card for an offer, or end the turn"
    short = "x"
    order = 14  # after the trades: the ids before keep their numbers

    def apply(self, game: "PyGame", a: Action) -> None:
        game.take_extra(a.target)  # type: ignore[attr-defined]  # offered only in Legacy games (LegacyGame.take_extra)

    def explain(self, game: "PyGame", a: Action, legal: "LegalActions") -> str | None:
        if game.phase is not EXTRAS:
            return "extra wild cards are discarded only right after a claim that an offer matches"
        return f"offer {a.target!r} is not open: it does not match the route, was taken already, or you hold no wild card"

    def describe(self, rules: "Ruleset", a: Action) -> str:
        if a.target == DONE:
            return "takes no more offers"
        whose = "event" if a.target == EVENT else ("postcard " if a.target in POSTCARD_PLACES else "rule ") + a.target
        return f"discards an extra wild card for the {whose}'s offer"

    def ids(self, rules: "Ruleset", universe: tuple[int, ...]) -> IdBlock | None:
        return IdBlock(SLOTS + (DONE,))


def extras_segments(g: "PyGame") -> list["Segment"]:
    return [(EXTRA, tuple(g.extra_targets()) + (DONE,), NO_CARDS)]  # type: ignore[attr-defined]  # a Legacy game


EXTRA_KIND = register(ExtraKind())
register_phase(EXTRAS, extras_segments)

__all__ = ["DONE", "EVENT", "EXTRA", "EXTRA_KIND", "SLOTS"]
