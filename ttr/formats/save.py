"""The save format (docs/save-format.md): the whole state as one JSON object.

`dump(game)` writes it (format `ttr-save/2`); `load(d)` checks the structure
(pydantic), then the facts (known names, conserved cards and tickets,
consistent trains and scores), then, if asked, that seed + history reproduce
exactly the saved state. `ttr-save/1` files (whose edition block was called
`legacy`) still load.
"""
from __future__ import annotations

from collections import Counter
from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError

from ..cards import CARD_INDEX, CARD_NAMES, DECK_NAMES
from ..editions import get_ruleset
from ..engine.actions import Action
from ..engine.game import Game
from ..engine.observer import hand_dict
from ..engine.phases import CHOOSE_PIECES, INITIAL_TICKETS, PHASES, TUNNEL, Phase
from ..errors import SaveError, TtrError

FORMAT = "ttr-save/2"
FORMATS = ("ttr-save/1", "ttr-save/2")  # what load() reads


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid")


class BoxSave(_M):
    trains: StrictInt = Field(default=0, ge=0)
    ships: StrictInt = Field(default=0, ge=0)


class PlayerSave(_M):
    hand: dict[StrictStr, StrictInt]
    tickets: list[StrictInt]
    offer: list[StrictInt] = []
    trains: StrictInt
    stations: list[StrictStr]
    score: StrictInt
    # Rails & Sails
    ships: StrictInt = 0
    box: BoxSave = BoxSave()
    harbors: list[StrictStr] = []
    exchanged: StrictInt = Field(default=0, ge=0)
    pieces_choice: Optional[tuple[StrictInt, StrictInt]] = None


class TunnelSave(_M):
    route: StrictInt
    cards: dict[StrictStr, StrictInt]
    revealed: list[StrictStr]
    extra: StrictInt = Field(ge=1)


class SaveFile(_M):
    format: Literal["ttr-save/1", "ttr-save/2"]
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
    ship_deck: Optional[list[StrictStr]] = None
    ship_discard: Optional[list[StrictStr]] = None
    face_up: list[Optional[StrictStr]]
    routes: dict[StrictStr, StrictInt]
    ticket_pile: list[StrictInt]
    players: list[PlayerSave]
    tunnel: Optional[TunnelSave] = None
    final_turns: StrictInt = -1
    passes: StrictInt = Field(default=0, ge=0)
    shuffles: StrictInt = Field(ge=0)
    edition: Optional[dict] = None  # the edition's own state (Legacy: setup, event piles, money ledger)


def _cards_out(cards: tuple) -> dict[str, int]:
    return {CARD_NAMES[k]: n for k, n in cards}


def dump(game: Game) -> dict:
    """The whole state of `game` as a JSON-ready object (it holds every secret)."""
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
        "deck": [CARD_NAMES[c] for c in game.decks[0]],
        "discard": [CARD_NAMES[c] for c in game.discards[0]],
        **{f"{DECK_NAMES[d]}_{what}": [CARD_NAMES[c] for c in pile[d]]
           for d in range(1, len(game.decks)) for what, pile in (("deck", game.decks), ("discard", game.discards))},
        "face_up": [CARD_NAMES[c] if c >= 0 else None for c in game.face_up],
        "routes": {str(r): game.owner[r] for r in rules.route_ids if game.owner[r] >= 0},
        "ticket_pile": list(game.ticket_pile),
        "players": [_player_out(game, p) for p in range(rules.players)],
        "tunnel": tunnel,
        "final_turns": game.final_turns,
        "passes": game.passes,
        "shuffles": game.shuffles,
        **({"edition": block} if (block := game.edition_state()) is not None else {}),
    }


def _player_out(game, p: int) -> dict:
    out = {"hand": hand_dict(game.hands[p]), "tickets": list(game.tickets[p]), "offer": list(game.offers[p]),
           "trains": game.trains[p], "stations": list(game.stations[p]), "score": game.scores[p]}
    if game.rules.edition.pieces_total is not None:
        choice = game.piece_choices[p]
        out.update(ships=game.ships[p], box={"trains": game.box[p][0], "ships": game.box[p][1]},
                   harbors=list(game.harbors[p]), exchanged=game.exchanged[p],
                   pieces_choice=list(choice) if choice else None)
    return out


def _card(name: str, where: str) -> int:
    if name not in CARD_INDEX:
        raise SaveError(f"save: {where}: unknown card {name!r}")
    return CARD_INDEX[name]


def _check(cond: bool, msg: str) -> None:
    if not cond:
        raise SaveError(f"save: {msg}")


def load(d: dict, verify: bool = True, record: bool = True) -> Game:
    """The game a save holds; SaveError (naming the field and the problem) if it is malformed or
    inconsistent. `verify`: also check that seed + history give exactly this state. `record`: keep
    a public log of the actions from here on (search worlds do not)."""
    if not isinstance(d, dict):
        raise SaveError("a save is a JSON object")
    if d.get("format") == "ttr-save/1" and "legacy" in d:  # version 1 called the edition block 'legacy'
        d = {("edition" if k == "legacy" else k): v for k, v in d.items()}
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
    ed, n = rules.edition, rules.players
    _check(len(s.players) == n, f"players lists {len(s.players)} entries for num_players {n}")
    _check(s.phase in PHASES, f"unknown phase {s.phase!r} (one of {', '.join(PHASES)})")
    _check(0 <= s.current_player < n and 0 <= s.first_player < n, "current_player/first_player out of range")
    _check(len(s.history) == len(s.history_seats), "history and history_seats differ in length")
    _check(len(s.face_up) == ed.face_up, f"face_up holds {len(s.face_up)} slots, not {ed.face_up}")
    g = Game.blank(rules)
    g.seed, g.first_player, g.random_first = s.seed, s.first_player, s.random_first
    g.load_edition_state(s.edition)
    g.phase = Phase(s.phase)
    g.current, g.turns = s.current_player, s.turn
    _load_cards(g, s)
    _load_routes(g, s)
    _load_players(g, s)
    g.ticket_pile = list(s.ticket_pile)
    g.final_turns, g.passes, g.shuffles = s.final_turns, s.passes, s.shuffles
    try:
        g.actions = [Action.from_text(t) for t in s.history]
    except TtrError as e:
        raise SaveError(f"save: history: {e}") from None
    g.seats = list(s.history_seats)
    g.log = [] if record else None
    if verify:
        try:
            replayed = Game.replay(rules, s.seed, s.history, random_first=s.random_first, **g.replay_options())
        except TtrError as e:
            raise SaveError(f"save: the history does not replay: {e}") from None
        mine, theirs = dump(g), dump(replayed)
        for key in mine:
            _check(mine[key] == theirs[key], f"{key} differs from what seed {s.seed} and the history give")
    return g


def _load_cards(g, s) -> None:
    """Piles, display, hands and a pending tunnel; every card of the edition exactly once."""
    rules = g.rules
    ed, m = rules.edition, rules.map
    g.decks, g.discards = [], []
    for d in range(len(rules.decks)):
        prefix = "" if d == 0 else f"{DECK_NAMES[d]}_"
        deck, discard = getattr(s, f"{prefix}deck"), getattr(s, f"{prefix}discard")
        _check(deck is not None and discard is not None, f"{prefix}deck and {prefix}discard are required for {ed.title}")
        g.decks.append([_card(c, f"{prefix}deck") for c in deck])
        g.discards.append([_card(c, f"{prefix}discard") for c in discard])
        for c in g.decks[d] + g.discards[d]:
            _check(c < ed.n_kinds and rules.deck_of[c] == d, f"{prefix}deck: a {CARD_NAMES[c]} card does not belong there")
    if len(rules.decks) == 1:
        _check(s.ship_deck is None and s.ship_discard is None, f"{ed.title} has no ship deck")
    g.face_up = [-1 if c is None else _card(c, "face_up") for c in s.face_up]
    g.hands = []
    for p, ps in enumerate(s.players):
        h = [0] * ed.n_kinds
        for name, k in ps.hand.items():
            _check(k >= 0, f"players[{p}].hand: negative count for {name}")
            kind = _card(name, f"players[{p}].hand")
            _check(kind < ed.n_kinds, f"players[{p}].hand: {ed.title} has no {name} cards")
            h[kind] = k
        g.hands.append(h)
    g.tunnel = None
    pending: Counter[int] = Counter()
    if s.tunnel:
        _check(g.phase == TUNNEL, "a tunnel is pending outside the tunnel phase")
        t = s.tunnel
        _check(t.route in m.route_by_id and rules.r_tunnel[t.route], f"tunnel: route {t.route} is not a tunnel")
        cards = tuple(sorted((_card(k, "tunnel.cards"), v) for k, v in t.cards.items()))
        revealed = tuple(_card(c, "tunnel.revealed") for c in t.revealed)
        paid = next((k for k, _ in cards if k != ed.wild), -1)
        g.tunnel = (t.route, cards, revealed, t.extra, paid)
        for k, v in cards:
            pending[k] += v
        pending.update(revealed)
    else:
        _check(g.phase != TUNNEL, "phase is tunnel but no tunnel is pending")
    census = Counter(c for c in g.face_up if c >= 0) + pending
    for pile in g.decks + g.discards:
        census.update(pile)
    for h in g.hands:
        census.update({k: v for k, v in enumerate(h) if v})
    expected = Counter(rules.deck_cards)
    for k in sorted(set(census) | set(expected)):
        _check(census[k] == expected[k],
               f"{census[k]} {CARD_NAMES[k]} cards in play; the {ed.title} deck has {expected[k]}")


def _load_routes(g, s) -> None:
    rules = g.rules
    n, m = rules.players, rules.map
    g.owner = [-1] * rules.n_ids
    for key, seat in s.routes.items():
        _check(key.isdigit() and str(int(key)) == key and int(key) in m.route_by_id, f"routes: unknown route id {key!r}")
        _check(0 <= seat < n, f"routes: route {key} owned by seat {seat}, not a seat of {n}")
        g.owner[int(key)] = seat
    for r in rules.route_ids:
        if g.owner[r] >= 0:
            for t in rules.r_twins[r]:
                _check(g.owner[t] != g.owner[r], f"routes: seat {g.owner[r]} owns both lanes {r} and {t}")
                _check(not (rules.r_closes[r] and g.owner[t] >= 0), f"routes: both lanes {r} and {t} claimed with {n} players")
    g.avail = [False] * rules.n_ids
    for r in rules.route_ids:
        g.avail[r] = g.owner[r] < 0 and not any(rules.r_closes[t] and g.owner[t] >= 0 for t in rules.r_twins[r])
    g.open_groups = [tuple(r for r in routes if g.avail[r]) for routes in rules.group_routes]
    g.blocked = [tuple(t for r in rules.route_ids if g.owner[r] == p and not rules.r_closes[r] for t in rules.r_twins[r])
                 for p in range(n)]


def _load_players(g, s) -> None:
    """Pieces, scores, stations, harbors, tickets and offers, checked against the routes held."""
    rules = g.rules
    ed, m, n = rules.edition, rules.map, rules.players
    chosen_later = ed.pieces_total is not None
    seen_tickets = Counter(s.ticket_pile)
    g.trains, g.ships, g.box, g.piece_choices, g.exchanged, g.scores = [], [], [], [], [], []
    g.stations, g.harbors, g.tickets, g.offers = [], [], [], []
    g.station_at, g.harbor_at = {}, {}
    revealed = chosen_later and g.phase not in (INITIAL_TICKETS, CHOOSE_PIECES)
    for p, ps in enumerate(s.players):
        owned = [r for r in rules.route_ids if g.owner[r] == p]
        used = [sum(rules.r_len[r] for r in owned if rules.r_kind[r] == kind) for kind in (0, 1)]
        points = sum(rules.r_points[r] for r in owned) - ps.exchanged
        _check(ps.trains >= 0, f"players[{p}] holds routes needing more trains than the player has")
        _check(ps.ships >= 0, f"players[{p}] holds routes needing more ships than the player has")
        problem = g.check_score(p, ps.score, points)
        _check(problem is None, problem or "")
        if not chosen_later:
            start = g.start_trains()
            _check(ps.trains == start - used[0],
                   f"players[{p}].trains is {ps.trains} but the routes held leave {start - used[0]}")
        elif revealed:
            _check(ps.trains + used[0] + ps.box.trains == ed.trains and ps.ships + used[1] + ps.box.ships == ed.ships,
                   f"players[{p}]: trains + trains on the board + trains in the box must be {ed.trains}, "
                   f"and likewise {ed.ships} ships")
            _check(ps.trains + ps.ships + sum(used) == ed.pieces_total, f"players[{p}] must hold {ed.pieces_total} pieces")
            _check(ps.pieces_choice is not None, f"players[{p}].pieces_choice is missing")
            net = ps.pieces_choice[0] - ps.trains - used[0]  # trains net given to the box (RS6)
            _check(abs(net) <= ps.exchanged and (ps.exchanged - abs(net)) % 2 == 0,
                   f"players[{p}]: {ps.exchanged} exchanged pieces cannot turn the choice {list(ps.pieces_choice)} "
                   f"into {ps.trains + used[0]} trains")
        else:
            _check(not owned and ps.trains == ps.ships == 0 and ps.box == BoxSave(),
                   f"players[{p}] has pieces or routes before the pieces are chosen")
        if ps.pieces_choice is not None:
            t_, s_ = ps.pieces_choice
            _check(chosen_later and t_ + s_ == ed.pieces_total and 0 <= t_ <= ed.trains and 0 <= s_ <= ed.ships,
                   f"players[{p}].pieces_choice {list(ps.pieces_choice)} breaks RS1")
        for what, cities, at, limit in (("stations", ps.stations, g.station_at, ed.stations),
                                        ("harbors", ps.harbors, g.harbor_at, ed.harbors)):
            _check(len(cities) <= limit, f"players[{p}] has {len(cities)} {what}; {ed.title} allows {limit}")
            for c in cities:
                _check(c in m.city_index, f"players[{p}].{what}: unknown city {c!r}")
                _check(c not in at, f"two {what} on {c}")
                at[c] = p
        for c in ps.harbors:
            _check(c in rules.harbor_cities, f"players[{p}].harbors: {c} is not a harbor city")
        seen_tickets.update(ps.tickets)
        seen_tickets.update(ps.offer)
        g.trains.append(ps.trains)
        g.ships.append(ps.ships)
        g.box.append((ps.box.trains, ps.box.ships))
        g.piece_choices.append(tuple(ps.pieces_choice) if ps.pieces_choice else None)
        g.exchanged.append(ps.exchanged)
        g.scores.append(ps.score)
        g.stations.append(list(ps.stations))
        g.harbors.append(list(ps.harbors))
        g.tickets.append(list(ps.tickets))
        g.offers.append(list(ps.offer))
    if chosen_later:  # RS1: choices are made in seat order from the first player
        order = [(g.first_player + i) % n for i in range(n)]
        if g.phase == CHOOSE_PIECES:
            done = order[:order.index(g.current)]
        else:
            done = [] if g.phase == INITIAL_TICKETS else order
        for p in range(n):
            _check((g.piece_choices[p] is not None) == (p in done),
                   f"players[{p}].pieces_choice: {'missing' if p in done else 'made out of seat order'} in phase {g.phase}")
    choosing = {g.current} if g.phase in (INITIAL_TICKETS, "keep-tickets") else set()
    if g.phase == INITIAL_TICKETS:  # seats from the current one up to the first player have yet to choose
        seat = g.current
        while True:
            choosing.add(seat)
            seat = (seat + 1) % n
            if seat == g.first_player:
                break
    for p in range(n):
        if p in choosing:
            _check(bool(g.offers[p]), f"players[{p}].offer is empty but seat {p} has tickets to choose in phase {g.phase}")
        else:
            _check(not g.offers[p], f"players[{p}].offer holds tickets but seat {p} is not choosing any")
    for t, k in seen_tickets.items():
        _check(t in m.ticket_by_id, f"unknown ticket id {t}")
        _check(k == 1, f"ticket {t} appears {k} times")
