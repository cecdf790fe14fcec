"""Human reasons for an illegal action. Only called after an action was found
missing from legal_actions(), which alone decides legality; this only words it."""
from __future__ import annotations

from ..cards import CARD_NAMES, DECK_NAMES
from .actions import CLAIM, DECK, DRAW, EXCHANGE, HARBOR, KEEP, PAY, PIECES, STATION, Action
from .moves import can_draw


def why_illegal(game, a) -> str:
    return f"illegal action '{a}' for seat {game.current} (phase {game.phase}, turn {game.turns}): {_reason(game, a)}"


def _reason(game, a) -> str:
    if game.is_over:
        return "the game is over"
    legal = game.legal_actions()
    kinds = legal.kinds()
    if a.kind == DRAW and not can_draw(game):
        return (f"no card may be drawn while the draw pile and its discard hold {game.rules.draw_floor} cards "
                f"or fewer (they hold {len(game.deck) + len(game.discard)}; L2)")
    if a.kind not in kinds:
        return f"in this phase the legal actions are: {', '.join(sorted(kinds))}"
    rules = game.rules
    p = game.current
    hand = game.hands[p]
    if a.kind == DRAW:
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
    if a.kind in (CLAIM, STATION, PAY, HARBOR):
        for k, n in a.cards:
            if k >= len(hand):
                return f"{rules.edition.title} has no {CARD_NAMES[k]} cards"
            if hand[k] < n:
                return f"you hold {hand[k]} {CARD_NAMES[k]}, not {n}"
    if a.kind == CLAIM:
        r = a.target
        if r not in rules.map.route_by_id:
            return f"map {rules.map.name} has no route {r}"
        if game.owner[r] >= 0:
            return f"route {r} is already claimed by seat {game.owner[r]}"
        if not game.avail[r]:
            return f"route {r} is closed: its double was claimed and only one lane is open below {rules.edition.doubles_min_players} players (G1)"
        if any(game.owner[t] == p for t in rules.r_twins[r]):
            return f"you already own the other lane of route {r} (G1)"
        if rules.r_len[r] > game.trains[p]:
            return f"route {r} needs {rules.r_len[r]} trains; you have {game.trains[p]}"
        for kind, targets, pays in legal.segments:
            if kind == CLAIM and r in targets:
                shown = ", ".join(str(Action(CLAIM, r, pays[i])) for i in range(min(8, len(pays))))
                more = f" and {len(pays) - 8} more" if len(pays) > 8 else ""
                return f"these cards do not pay for route {r}; ways you can pay: {shown}{more}"
        return f"these cards do not pay for route {r}, and your hand cannot pay for it"
    if a.kind == STATION:
        if a.target not in rules.map.city_index:
            return f"map {rules.map.name} has no city {a.target!r}"
        if a.target in game.station_at:
            return f"{a.target} already has a station (seat {game.station_at[a.target]})"
        cost = len(game.stations[p]) + 1
        return f"your station number {cost} costs {cost} card(s) of one colour, locomotives wild"
    if a.kind == HARBOR:
        if a.target not in rules.harbor_cities:
            return f"{a.target} is not a harbor city"
        if a.target in game.harbor_at:
            return f"{a.target} already has a harbor (seat {game.harbor_at[a.target]})"
        if len(game.harbors[p]) >= rules.edition.harbors:
            return f"you have built all {rules.edition.harbors} harbors"
        if not any(game.owner[r] == p for r in rules.city_routes[a.target]):
            return f"you have no route into {a.target} (RS5)"
        return "a harbor costs 2 train and 2 ship cards of one colour, all with the anchor, jokers wild (RS5)"
    if a.kind == EXCHANGE:
        trains_in_box, ships_in_box = game.box[p]
        return (f"you have {game.trains[p]} trains and {game.ships[p]} ships; the box holds {trains_in_box} of your "
                f"trains and {ships_in_box} of your ships (RS6)")
    if a.kind == PIECES:
        ed = rules.edition
        return f"keep exactly {ed.pieces_total} pieces, at most {ed.trains} trains and {ed.ships} ships (RS1)"
    if a.kind == KEEP:
        offer = game.offers[p]
        extra = [t for t in a.target if t not in offer]
        if extra:
            return f"ticket(s) {extra} are not among those offered ({sorted(offer)})"
        return f"keep at least {min(len(x.target) for x in legal if x.kind == KEEP)} of {sorted(offer)}"
    if a.kind == PAY:
        return f"the tunnel needs {game.tunnel[3]} more card(s): " + (", ".join(str(x) for x in legal if x.kind == PAY) or "you cannot pay; decline")
    return f"not among the {len(legal)} legal actions"
