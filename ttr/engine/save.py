"""The save format (docs/save-format.md): the whole state as one JSON object.

`from_dict` checks the structure (pydantic), then the facts (known names,
conserved cards and tickets, consistent trains and scores), then, if asked,
that seed + history reproduce exactly the saved state.
"""
from __future__ import annotations

from collections import Counter
from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError

from ..cards import CARD_INDEX, CARD_NAMES
from ..errors import SaveError, TtrError
from .actions import Action
from .observer import hand_dict
from .ruleset import get_ruleset

FORMAT = "ttr-save/1"


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PlayerSave(_M):
    hand: dict[StrictStr, StrictInt]
    tickets: list[StrictInt]
    offer: list[StrictInt] = []
    trains: StrictInt
    stations: list[StrictStr]
    score: StrictInt


class TunnelSave(_M):
    route: StrictInt
    cards: dict[StrictStr, StrictInt]
    revealed: list[StrictStr]
    extra: StrictInt = Field(ge=1)


class SaveFile(_M):
    format: Literal["ttr-save/1"]
    map: StrictStr
    num_players: StrictInt
    seed: StrictInt
    random_first: bool = False
    first_player: StrictInt = 0
    history: list[StrictStr]
    history_seats: list[StrictInt]
    phase: StrictStr
    current_player: StrictInt
    turn: StrictInt = Field(ge=0)
    deck: list[StrictStr]
    discard: list[StrictStr]
    face_up: list[Optional[StrictStr]]
    routes: dict[StrictStr, StrictInt]
    ticket_pile: list[StrictInt]
    players: list[PlayerSave]
    tunnel: Optional[TunnelSave] = None
    final_turns: StrictInt = -1
    passes: StrictInt = Field(default=0, ge=0)
    shuffles: StrictInt = Field(ge=0)


def _cards_out(cards: tuple) -> dict[str, int]:
    return {CARD_NAMES[k]: n for k, n in cards}


def to_dict(game) -> dict:
    rules = game.rules
    tunnel = None
    if game.tunnel:
        r, cards, revealed, extra, _ = game.tunnel
        tunnel = {"route": r, "cards": _cards_out(cards), "revealed": [CARD_NAMES[c] for c in revealed], "extra": extra}
    return {
        "format": FORMAT,
        "map": rules.map.name,
        "num_players": rules.players,
        "seed": game.seed,
        "random_first": game.random_first,
        "first_player": game.first_player,
        "history": game.history,
        "history_seats": list(game.seats),
        "phase": game.phase,
        "current_player": game.current,
        "turn": game.turns,
        "deck": [CARD_NAMES[c] for c in game.deck],
        "discard": [CARD_NAMES[c] for c in game.discard],
        "face_up": [CARD_NAMES[c] if c >= 0 else None for c in game.face_up],
        "routes": {str(r): game.owner[r] for r in rules.route_ids if game.owner[r] >= 0},
        "ticket_pile": list(game.ticket_pile),
        "players": [
            {"hand": hand_dict(game.hands[p]), "tickets": list(game.tickets[p]), "offer": list(game.offers[p]),
             "trains": game.trains[p], "stations": list(game.stations[p]), "score": game.scores[p]}
            for p in range(rules.players)],
        "tunnel": tunnel,
        "final_turns": game.final_turns,
        "passes": game.passes,
        "shuffles": game.shuffles,
    }


def _card(name: str, where: str) -> int:
    if name not in CARD_INDEX:
        raise SaveError(f"save: {where}: unknown card {name!r}")
    return CARD_INDEX[name]


def from_dict(cls, d: dict, verify: bool = True):
    from .game import PHASES, TUNNEL  # noqa: circular at import time

    if not isinstance(d, dict):
        raise SaveError("a save is a JSON object")
    try:
        s = SaveFile.model_validate(d)
    except ValidationError as e:
        err = e.errors()[0]
        loc = ".".join(str(x) for x in err["loc"]) or "top level"
        raise SaveError(f"save: {loc}: {err['msg']}") from None
    try:
        rules = get_ruleset(s.map, s.num_players)
    except TtrError as e:
        raise SaveError(f"save: {e}") from None
    ed, m, n = rules.edition, rules.map, rules.players

    def check(cond: bool, msg: str) -> None:
        if not cond:
            raise SaveError(f"save: {msg}")

    check(len(s.players) == n, f"players lists {len(s.players)} entries for num_players {n}")
    check(s.phase in PHASES, f"unknown phase {s.phase!r} (one of {', '.join(PHASES)})")
    check(0 <= s.current_player < n and 0 <= s.first_player < n, "current_player/first_player out of range")
    check(len(s.history) == len(s.history_seats), "history and history_seats differ in length")
    check(len(s.face_up) == ed.face_up, f"face_up holds {len(s.face_up)} slots, not {ed.face_up}")
    g = cls.__new__(cls)
    g.rules, g.seed, g.first_player, g.random_first = rules, s.seed, s.first_player, s.random_first
    g.phase = PHASES[PHASES.index(s.phase)]
    g.current, g.turns = s.current_player, s.turn
    g.deck = [_card(c, "deck") for c in s.deck]
    g.discard = [_card(c, "discard") for c in s.discard]
    g.face_up = [-1 if c is None else _card(c, "face_up") for c in s.face_up]
    g.hands = []
    for p, ps in enumerate(s.players):
        h = [0] * len(CARD_NAMES)
        for name, k in ps.hand.items():
            check(k >= 0, f"players[{p}].hand: negative count for {name}")
            h[_card(name, f"players[{p}].hand")] = k
        g.hands.append(h)
    g.tunnel = None
    pending = Counter()
    if s.tunnel:
        check(g.phase == TUNNEL, "a tunnel is pending outside the tunnel phase")
        t = s.tunnel
        check(t.route in m.route_by_id and rules.r_tunnel[t.route], f"tunnel: route {t.route} is not a tunnel")
        cards = tuple(sorted((_card(k, "tunnel.cards"), v) for k, v in t.cards.items()))
        revealed = tuple(_card(c, "tunnel.revealed") for c in t.revealed)
        paid = next((k for k, _ in cards if k != CARD_INDEX["locomotive"]), -1)
        g.tunnel = (t.route, cards, revealed, t.extra, paid)
        for k, v in cards:
            pending[k] += v
        pending.update(revealed)
    else:
        check(g.phase != TUNNEL, "phase is tunnel but no tunnel is pending")
    census = Counter(g.deck) + Counter(g.discard) + Counter(c for c in g.face_up if c >= 0) + pending
    for h in g.hands:
        census.update({k: v for k, v in enumerate(h) if v})
    expected = Counter(rules.deck_cards)
    for k in sorted(set(census) | set(expected)):
        check(census[k] == expected[k],
              f"{census[k]} {CARD_NAMES[k]} cards in play; the {ed.title} deck has {expected[k]}")
    g.owner = [-1] * rules.n_ids
    for key, seat in s.routes.items():
        check(key.isdigit() and str(int(key)) == key and int(key) in m.route_by_id, f"routes: unknown route id {key!r}")
        check(0 <= seat < n, f"routes: route {key} owned by seat {seat}, not a seat of {n}")
        g.owner[int(key)] = seat
    for r in rules.route_ids:
        if g.owner[r] >= 0:
            for t in rules.r_twins[r]:
                check(g.owner[t] != g.owner[r], f"routes: seat {g.owner[r]} owns both lanes {r} and {t}")
                check(not (rules.doubles_closed and g.owner[t] >= 0), f"routes: both lanes {r} and {t} claimed with {n} players")
    g.avail = [False] * rules.n_ids
    for r in rules.route_ids:
        g.avail[r] = g.owner[r] < 0 and not (rules.doubles_closed and any(g.owner[t] >= 0 for t in rules.r_twins[r]))
    g.open_groups = [tuple(r for r in routes if g.avail[r]) for routes in rules.group_routes]
    g.blocked = [() if rules.doubles_closed else
                 tuple(t for r in rules.route_ids if g.owner[r] == p for t in rules.r_twins[r]) for p in range(n)]
    seen_tickets = Counter(s.ticket_pile)
    g.trains, g.scores, g.stations, g.tickets, g.offers = [], [], [], [], []
    g.station_at = {}
    for p, ps in enumerate(s.players):
        owned = [r for r in rules.route_ids if g.owner[r] == p]
        check(ps.trains >= 0, f"players[{p}] holds routes needing more than the {ed.trains} trains a player has")
        check(ps.trains == ed.trains - sum(rules.r_len[r] for r in owned),
              f"players[{p}].trains is {ps.trains} but the routes held leave {ed.trains - sum(rules.r_len[r] for r in owned)}")
        check(ps.score == sum(rules.r_points[r] for r in owned),
              f"players[{p}].score is {ps.score} but the routes held score {sum(rules.r_points[r] for r in owned)}")
        check(len(ps.stations) <= ed.stations, f"players[{p}] has {len(ps.stations)} stations; {ed.title} allows {ed.stations}")
        for c in ps.stations:
            check(c in m.city_index, f"players[{p}].stations: unknown city {c!r}")
            check(c not in g.station_at, f"two stations on {c}")
            g.station_at[c] = p
        seen_tickets.update(ps.tickets)
        seen_tickets.update(ps.offer)
        g.trains.append(ps.trains)
        g.scores.append(ps.score)
        g.stations.append(list(ps.stations))
        g.tickets.append(list(ps.tickets))
        g.offers.append(list(ps.offer))
    choosing = {g.current} if g.phase in ("initial-tickets", "keep-tickets") else set()
    if g.phase == "initial-tickets":  # seats from the current one up to the first player have yet to choose
        seat = g.current
        while True:
            choosing.add(seat)
            seat = (seat + 1) % n
            if seat == g.first_player:
                break
    for p in range(n):
        if p in choosing:
            check(bool(g.offers[p]), f"players[{p}].offer is empty but seat {p} has tickets to choose in phase {g.phase}")
        else:
            check(not g.offers[p], f"players[{p}].offer holds tickets but seat {p} is not choosing any")
    for t, k in seen_tickets.items():
        check(t in m.ticket_by_id, f"unknown ticket id {t}")
        check(k == 1, f"ticket {t} appears {k} times")
    g.ticket_pile = list(s.ticket_pile)
    g.final_turns, g.passes, g.shuffles = s.final_turns, s.passes, s.shuffles
    try:
        g.actions = [Action.from_text(t) for t in s.history]
    except TtrError as e:
        raise SaveError(f"save: history: {e}") from None
    g.seats = list(s.history_seats)
    g._legal = g._result = None
    if verify:
        try:
            replayed = cls.replay(s.map, n, s.seed, s.history, random_first=s.random_first)
        except TtrError as e:
            raise SaveError(f"save: the history does not replay: {e}") from None
        mine, theirs = to_dict(g), to_dict(replayed)
        for key in mine:
            check(mine[key] == theirs[key], f"{key} differs from what seed {s.seed} and the history give")
    return g
