"""Human reasons for an illegal action. Only called after an action was found
missing from legal_actions(), which alone decides legality; this only words it."""
from __future__ import annotations

from ..cards import CARD_NAMES, LOCO
from .actions import CLAIM, DECK, DRAW, KEEP, PAY, STATION, Action


def why_illegal(game, a) -> str:
    return f"illegal action '{a}' for seat {game.current} (phase {game.phase}, turn {game.turns}): {_reason(game, a)}"


def _reason(game, a) -> str:
    if game.is_over:
        return "the game is over"
    legal = game.legal_actions()
    kinds = legal.kinds()
    if a.kind not in kinds:
        return f"in this phase the legal actions are: {', '.join(sorted(kinds))}"
    rules = game.rules
    p = game.current
    hand = game.hands[p]
    if a.kind == DRAW:
        if a.target == DECK:
            return "the draw pile and the discard are both empty"
        if a.target not in game.face_up:
            return f"no {CARD_NAMES[a.target]} card is face up"
        if a.target == LOCO:
            return "a face-up locomotive cannot be the second card (G4)"
    if a.kind in (CLAIM, STATION, PAY):
        for k, n in a.cards:
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
    if a.kind == KEEP:
        offer = game.offers[p]
        extra = [t for t in a.target if t not in offer]
        if extra:
            return f"ticket(s) {extra} are not among those offered ({sorted(offer)})"
        return f"keep at least {min(len(x.target) for x in legal if x.kind == KEEP)} of {sorted(offer)}"
    if a.kind == PAY:
        return f"the tunnel needs {game.tunnel[3]} more card(s): " + (", ".join(str(x) for x in legal if x.kind == PAY) or "you cannot pay; decline")
    return f"not among the {len(legal)} legal actions"
