"""Legal action generation: the one source of legality.

Each phase has a generator (PHASE_MOVES) that yields segments (kind, targets,
payments); LegalActions combines every target with every payment of its
segment. Turn actions that belong to one edition (stations, harbors,
exchanges) come from their kind's `moves` hook.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from .actions import CLAIM, DECK, DECLINE, DRAW, KEEP, PASS, PAY, PIECES, STOP, TICKETS
from .legal import NO_CARDS, NO_TARGET, Segment
from .phases import (
    CHOOSE_PIECES,
    INITIAL_TICKETS,
    KEEP_TICKETS,
    OVER,
    SECOND_CARD,
    TUNNEL,
    TURN,
    Phase,
)

if TYPE_CHECKING:  # pragma: no cover
    from .actions import Payment
    from .edition import Edition
    from .game import PyGame


def segments(g: "PyGame") -> list[Segment]:
    return PHASE_MOVES[g.phase](g)


def second_card_segments(g: "PyGame") -> list[Segment]:
    """G4/P1: a second card (no face-up wild where G4 forbids it); RS2: or none."""
    targets = draw_targets(g, second=True)
    if not targets:
        return []
    segs: list[Segment] = [(DRAW, targets, NO_CARDS)]
    if g.rules.may_stop:
        segs.append((STOP, NO_TARGET, NO_CARDS))
    return segs


def keep_segments(g: "PyGame") -> list[Segment]:
    offer = sorted(g.offers[g.current])
    ed = g.rules.edition
    if g.phase is INITIAL_TICKETS:  # L3: a short initial deal (fewer tickets than usual) keeps fewer
        full = len(offer) >= ed.initial_long + ed.initial_regular
        least = min(len(offer), ed.initial_keep if full else ed.short_initial_keep)
    else:
        least = min(len(offer), ed.later_keep)
    keeps = tuple(c for k in range(least, len(offer) + 1) for c in combinations(offer, k))
    return [(KEEP, keeps, NO_CARDS)]


def tunnel_segments(g: "PyGame") -> list[Segment]:
    _, _, _, extra, paid = g.tunnel  # type: ignore[misc]  # not None in the TUNNEL phase
    pays = g.rules.edition.tunnel_payments(g.hands[g.current], paid, extra)
    segs: list[Segment] = [(PAY, NO_TARGET, tuple(pays))] if pays else []
    segs.append((DECLINE, NO_TARGET, NO_CARDS))
    return segs


def pieces_segments(g: "PyGame") -> list[Segment]:
    return [(PIECES, piece_choices(g.rules.edition), NO_CARDS)]


def piece_choices(ed: "Edition") -> tuple[tuple[int, int], ...]:
    """RS1: exactly pieces_total pieces, at most ed.trains trains and ed.ships ships."""
    total = ed.pieces_total or 0
    return tuple((t, total - t) for t in range(max(0, total - ed.ships), min(ed.trains, total) + 1))


def draw_targets(g: "PyGame", second: bool) -> list[int] | list[tuple[int, int]]:
    """Cards that may be taken (G4 on the second card) and the decks that can give one."""
    rules = g.rules
    if rules.draw_floor is not None and not can_draw(g):
        return []
    targets = sorted(set(g.face_up))
    if targets[0] < 0:
        del targets[0]  # an empty slot (G3)
    if second and rules.whole_draw and rules.wild in targets:
        targets.remove(rules.wild)  # G4: a face-up wild card cannot be the second card
    if not rules.multi_deck:
        if g.decks[0] or g.discards[0]:
            targets.append(DECK)
        return targets
    # RS2: the drawer chooses the deck that refills the slot (or none if both are out)
    decks = [d for d in range(len(g.decks)) if g.decks[d] or g.discards[d]]
    refills = decks or [-1]
    return [(c, d) for c in targets for d in refills] + [(DECK, d) for d in decks]


def can_draw(g: "PyGame") -> bool:
    """L2: no card may be drawn while the draw pile and its discard hold draw_floor cards or fewer."""
    floor = g.rules.draw_floor
    return floor is None or len(g.decks[0]) + len(g.discards[0]) > floor


def turn_segments(g: "PyGame") -> list[Segment]:
    rules = g.rules
    ed = rules.edition
    p = g.current
    hand = tuple(g.hands[p])  # the payment hooks read it (and may use it as a cache key)
    segs: list[Segment] = []
    draws = draw_targets(g, second=False)
    if draws:
        segs.append((DRAW, draws, NO_CARDS))
    pieces = (g.trains[p], g.ships[p])
    open_groups, blocked = g.open_groups, g.blocked[p]
    payments = ed.payments
    reaches = ed.claim_reach(hand)
    paid: dict[tuple[int, ...], Sequence[Payment]] = {}  # payment key -> payments, computed once per turn
    for ri, groups in rules.claim_groups:
        reach = reaches[ri]
        for n, key, gi, twins, pkey, kind in groups:
            if n > reach or n > pieces[kind]:
                break
            rs: Sequence[int] = open_groups[gi]
            if blocked and twins and rs:  # G1: one lane per player
                rs = [r for r in rs if r not in blocked]
            if rs:
                pays = paid.get(pkey)
                if pays is None:
                    pays = paid[pkey] = payments(hand, key)
                if pays:
                    segs.append((CLAIM, rs, pays))
    if g.ticket_pile:
        segs.append((TICKETS, NO_TARGET, NO_CARDS))
    for spec in rules.turn_kinds:  # the edition's own turn actions (stations, harbors, exchanges)
        spec.moves(g, p, hand, segs)
    if not segs:
        segs.append((PASS, NO_TARGET, NO_CARDS))  # G5
    return segs


def _over(g: "PyGame") -> list[Segment]:
    return []


PHASE_MOVES: dict[Phase, Callable[["PyGame"], list[Segment]]] = {
    TURN: turn_segments,
    SECOND_CARD: second_card_segments,
    INITIAL_TICKETS: keep_segments,
    KEEP_TICKETS: keep_segments,
    TUNNEL: tunnel_segments,
    CHOOSE_PIECES: pieces_segments,
    OVER: _over,
}


def register_phase(phase: Phase, moves: Callable[["PyGame"], list[Segment]]) -> None:
    """An edition's own phase (Phase members after OVER) and the actions it offers."""
    PHASE_MOVES[phase] = moves


__all__ = ["PHASE_MOVES", "register_phase", "can_draw", "draw_targets", "piece_choices", "segments", "turn_segments"]
