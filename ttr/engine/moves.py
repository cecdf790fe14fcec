"""Legal action generation: the one source of legality.

Each phase yields segments (kind, targets, payments); LegalActions combines
every target with every payment of its segment.
"""
from __future__ import annotations

from itertools import combinations

from .actions import CLAIM, DECK, DECLINE, DRAW, EXCHANGE, HARBOR, KEEP, PASS, PAY, PIECES, STATION, TICKETS
from .legal import _NO_CARDS

# Phases (boardgame.io "stages"): explicit data on the state.
INITIAL_TICKETS = "initial-tickets"  # G7: each player keeps initial tickets, in seat order
CHOOSE_PIECES = "choose-pieces"      # RS1: each player secretly chooses trains and ships
TURN = "turn"                        # start of a turn: any action
SECOND_CARD = "second-card"          # after a first card that allows a second
TUNNEL = "tunnel"                    # E2: pay the revealed extra, or decline
KEEP_TICKETS = "keep-tickets"        # after drawing tickets mid-game
OVER = "over"
PHASES = (INITIAL_TICKETS, CHOOSE_PIECES, TURN, SECOND_CARD, TUNNEL, KEEP_TICKETS, OVER)

_NONE = (None,)


def segments(g) -> list:
    ph = g.phase
    if ph is TURN:
        return turn_segments(g)
    if ph is SECOND_CARD:
        return [(DRAW, draw_targets(g, second=True), _NO_CARDS)]
    if ph is INITIAL_TICKETS or ph is KEEP_TICKETS:
        offer = sorted(g.offers[g.current])
        ed = g.rules.edition
        if ph is INITIAL_TICKETS:  # L3: a short initial deal (fewer tickets than usual) keeps fewer
            full = len(offer) >= ed.initial_long + ed.initial_regular
            least = min(len(offer), ed.initial_keep if full else ed.short_initial_keep)
        else:
            least = min(len(offer), ed.later_keep)
        keeps = [c for k in range(least, len(offer) + 1) for c in combinations(offer, k)]
        return [(KEEP, keeps, _NO_CARDS)]
    if ph is TUNNEL:
        _, _, _, extra, paid = g.tunnel
        pays = g.rules.edition.tunnel_payments(g.hands[g.current], paid, extra)
        segs = [(PAY, _NONE, pays)] if pays else []
        segs.append((DECLINE, _NONE, _NO_CARDS))
        return segs
    if ph is CHOOSE_PIECES:
        return [(PIECES, piece_choices(g.rules.edition), _NO_CARDS)]
    return []


def piece_choices(ed) -> list[tuple[int, int]]:
    """RS1: exactly pieces_total pieces, at most ed.trains trains and ed.ships ships."""
    total = ed.pieces_total
    return [(t, total - t) for t in range(max(0, total - ed.ships), min(ed.trains, total) + 1)]


def draw_targets(g, second: bool) -> list:
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


def can_draw(g) -> bool:
    """L2: no card may be drawn while the draw pile and its discard hold draw_floor cards or fewer."""
    floor = g.rules.draw_floor
    return floor is None or len(g.decks[0]) + len(g.discards[0]) > floor


def turn_segments(g) -> list:
    rules = g.rules
    ed = rules.edition
    p = g.current
    hand = tuple(g.hands[p])  # the payment hooks read it (and may use it as a cache key)
    segs = []
    draws = draw_targets(g, second=False)
    if draws:
        segs.append((DRAW, draws, _NO_CARDS))
    pieces = (g.trains[p], g.ships[p])
    open_groups, blocked = g.open_groups, g.blocked[p]
    payments = ed.payments
    reaches = ed.claim_reach(hand)
    paid = {}  # payment key -> payments, computed once per turn
    for ri, groups in rules.claim_groups:
        reach = reaches[ri]
        for n, key, gi, twins, pkey, kind in groups:
            if n > reach or n > pieces[kind]:
                break
            rs = open_groups[gi]
            if blocked and twins and rs:  # G1: one lane per player
                rs = [r for r in rs if r not in blocked]
            if rs:
                pays = paid.get(pkey)
                if pays is None:
                    pays = paid[pkey] = payments(hand, key)
                if pays:
                    segs.append((CLAIM, rs, pays))
    if g.ticket_pile:
        segs.append((TICKETS, _NONE, _NO_CARDS))
    if rules.extras:
        _extra_segments(g, p, hand, segs)
    if not segs:
        segs.append((PASS, _NONE, _NO_CARDS))  # G5
    return segs


def _extra_segments(g, p: int, hand: tuple, segs: list) -> None:
    """Stations (E4), harbors (RS5) and exchanges (RS6)."""
    rules = g.rules
    ed = rules.edition
    if ed.stations:
        built = len(g.stations[p])
        if built < ed.stations:
            pays = ed.station_payments(hand, built + 1)
            if pays:
                cities = [c for c in rules.city_names if c not in g.station_at]
                if cities:
                    segs.append((STATION, cities, pays))
    if ed.harbors and len(g.harbors[p]) < ed.harbors:
        pays = ed.harbor_payments(hand)
        if pays:
            cities = harbor_cities(g, p)
            if cities:
                segs.append((HARBOR, cities, pays))
    if ed.exchange:  # RS6: +n trains for ships, -n ships for trains, as far as the box allows
        box_trains, box_ships = g.box[p]
        n = min(g.trains[p], box_ships)
        if n:
            segs.append((EXCHANGE, range(1, n + 1), _NO_CARDS))
        n = min(g.ships[p], box_trains)
        if n:
            segs.append((EXCHANGE, range(-1, -n - 1, -1), _NO_CARDS))


def harbor_cities(g, p: int) -> list[str]:
    """RS5: harbor cities without a harbor where the player has a route."""
    rules = g.rules
    owner = g.owner
    return [c for c in sorted(rules.harbor_cities) if c not in g.harbor_at
            and any(owner[r] == p for r in rules.city_routes[c])]
