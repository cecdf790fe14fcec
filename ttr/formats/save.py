"""The save format (docs/save-format.md): the whole state as one JSON object.

A save is the integer state (ttr.engine's codec) written with names: cards, cities and
phases by name, each section under its own key, plus the replay record (seed, history).
`dump(game)` writes it (format `ttr-save/2`); `load(d)` checks the structure (pydantic),
turns the names back into the integer state, and has the engine decode it, which checks the
facts (conserved cards and tickets, consistent trains and scores; SaveError names the field);
then, if asked, that seed + history reproduce exactly the saved state. `ttr-save/1` files
(whose edition block was called `legacy`) still load. `random` names the random procedure
the seed drives (docs/randomness.md).
"""
from __future__ import annotations

from typing import Any, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError

from ..cards import CARD_INDEX, CARD_NAMES
from .. import native
from ..editions import ENGINES, game_class, get_ruleset
from ..engine import (
    CODEC_VERSION,
    NONE,
    PHASES,
    Phase,
    Ruleset,
    RANDOM_PROCEDURE,
    Action,
    Game,
    StateLayout,
    decode,
    first_difference,
    replay,
)
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
    random: Literal["ttr-random/1"] = "ttr-random/1"
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


def dump(game: Game) -> dict[str, Any]:
    """The whole state of `game` as a JSON-ready object (it holds every secret)."""
    rules = game.rules
    layout, st = game.layout(), game.encode()
    names = CARD_NAMES

    def val(name: str) -> int:
        return st[layout[name].start]

    def cards(name: str) -> list[str]:
        return [names[c] for c in layout.items(st, name)]

    def hand(name: str) -> dict[str, int]:
        return {names[k]: n for k, n in enumerate(layout.items(st, name)) if n}

    route, extra, _ = layout.items(st, "tunnel")
    tunnel = None if route == NONE else {"route": route, "cards": hand("tunnel.cards"),
                                         "revealed": cards("tunnel.revealed"), "extra": extra}
    d: dict[str, Any] = {
        "format": FORMAT,
        "random": RANDOM_PROCEDURE,
        "map": rules.map.name,
        "num_players": rules.players,
        "seed": val("seed"),
        "random_first": bool(val("random_first")),
        "first_player": val("first_player"),
        "history": game.history,
        "history_seats": list(game.seats),
        "phase": str(PHASES[val("phase")]),
        "current_player": val("current_player"),
        "turn": val("turn"),
    }
    for deck, discard in layout.pile_names:
        d[deck], d[discard] = cards(deck), cards(discard)
    d.update({
        "face_up": [names[c] if c >= 0 else None for c in layout.items(st, "face_up")],
        "routes": {str(r): s for r, s in enumerate(layout.items(st, "routes")) if s >= 0},
        "ticket_pile": layout.items(st, "ticket_pile"),
        "players": [_player_out(game, layout, st, p) for p in range(rules.players)],
        "tunnel": tunnel,
        "final_turns": val("final_turns"),
        "passes": val("passes"),
        "shuffles": val("shuffles"),
    })
    block = game_class(rules).edition_to_save(rules, game.replay_options(), layout, st)
    if block is not None:
        d["edition"] = block
    return d


def _player_out(game: Game, layout: StateLayout, st: list[int], p: int) -> dict[str, Any]:
    rules = game.rules
    cities = rules.city_names

    def seat(name: str) -> list[int]:
        return layout.items(st, f"players[{p}].{name}")

    out: dict[str, Any] = {"hand": {CARD_NAMES[k]: n for k, n in enumerate(seat("hand")) if n},
                           "tickets": seat("tickets"), "offer": seat("offer"), "trains": seat("trains")[0],
                           "stations": [cities[c] for c in seat("stations")], "score": seat("score")[0]}
    if rules.edition.pieces_total is not None:
        choice = seat("pieces_choice")
        box = seat("box")
        out.update(ships=seat("ships")[0], box={"trains": box[0], "ships": box[1]},
                   harbors=[cities[c] for c in seat("harbors")], exchanged=seat("exchanged")[0],
                   pieces_choice=choice if choice[0] != NONE else None)
    return out


def _card(name: str, where: str) -> int:
    if name not in CARD_INDEX:
        raise SaveError(f"save: {where}: unknown card {name!r}")
    return CARD_INDEX[name]


def _check(cond: bool, msg: str) -> None:
    if not cond:
        raise SaveError(f"save: {msg}")


def _put(out: list[int], items: list[int], cap: int, what: str) -> None:
    _check(len(items) <= cap, f"{what} holds {len(items)} items; it has room for {cap}")
    out.append(len(items))
    out += items
    out += [NONE] * (cap - len(items))


def load(d: dict[str, Any], verify: bool = True, record: bool = True, engine: str = "python") -> Game:
    """The game a save holds; SaveError (naming the field and the problem) if it is malformed or
    inconsistent. `verify`: also check that seed + history give exactly this state. `record`: keep
    a public log of the actions from here on (search worlds do not). `engine`: the engine that plays
    it on ("python", "native" or "auto": a save of either loads in the other; the Python engine checks it)."""
    if engine not in ENGINES:
        raise TtrError(f"unknown engine {engine!r}; one of {', '.join(ENGINES)}")  # (auto: chosen below)
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
    cls = game_class(rules)
    options = cls.options_from_save(s.edition, rules, "save")
    rules = cls.rules_for(rules, options)  # e.g. a Legacy board grown by frontier boards
    _check(len(s.players) == n, f"players lists {len(s.players)} entries for num_players {n}")
    _check(s.phase in PHASES, f"unknown phase {s.phase!r} (one of {', '.join(PHASES)})")
    _check(len(s.history) == len(s.history_seats), "history and history_seats differ in length")
    _check(len(s.face_up) == ed.face_up, f"face_up holds {len(s.face_up)} slots, not {ed.face_up}")
    state = _state(s, rules) + cls.edition_from_save(s.edition, rules, options, "save")
    try:
        actions = [Action.from_text(t) for t in s.history]
    except TtrError as e:
        raise SaveError(f"save: history: {e}") from None
    g = decode(rules, state, options, where="save", record=record, actions=actions, seats=s.history_seats)
    if verify:
        try:
            replayed = replay(rules, s.seed, s.history, random_first=s.random_first, **options)
        except TtrError as e:
            raise SaveError(f"save: the history does not replay: {e}") from None
        field = first_difference(g.layout(), g.encode(), replayed.encode())
        _check(field is None, f"{field} differs from what seed {s.seed} and the history give")
        _check(list(replayed.seats) == list(s.history_seats),
               f"history_seats differs from what seed {s.seed} and the history give")
    if engine == "native" or (engine == "auto" and native.plays(rules, options)):
        try:
            return native.from_state(rules, g.encode(), record=record, actions=actions, seats=s.history_seats,
                                     **options)
        except TtrError as e:
            raise SaveError(f"save: {e}") from None
    return g


def _state(s: SaveFile, rules: Ruleset) -> list[int]:
    """The integer state of the save's common sections (codec order), names turned into ids."""
    ed, n = rules.edition, rules.players
    out = [CODEC_VERSION, s.seed, int(s.random_first), PHASES.index(Phase(s.phase)), s.current_player,
           s.first_player, s.turn, s.final_turns, s.passes, s.shuffles]
    for d, cards in enumerate(rules.decks):
        prefix = "" if d == 0 else "ship_"
        deck, discard = getattr(s, f"{prefix}deck"), getattr(s, f"{prefix}discard")
        _check(deck is not None and discard is not None, f"{prefix}deck and {prefix}discard are required for {ed.title}")
        _put(out, [_card(c, f"{prefix}deck") for c in deck], len(cards), f"{prefix}deck")
        _put(out, [_card(c, f"{prefix}discard") for c in discard], len(cards), f"{prefix}discard")
    if len(rules.decks) == 1:
        _check(s.ship_deck is None and s.ship_discard is None, f"{ed.title} has no ship deck")
    out += [NONE if c is None else _card(c, "face_up") for c in s.face_up]
    tickets_cap = len(rules.map.tickets)
    _put(out, list(s.ticket_pile), tickets_cap, "ticket_pile")
    owner = [NONE] * rules.n_ids
    for key, seat in s.routes.items():
        _check(key.isdigit() and str(int(key)) == key and int(key) in rules.map.route_by_id,
               f"routes: unknown route id {key!r}")
        _check(0 <= seat < n, f"routes: route {key} owned by seat {seat}, not a seat of {n}")
        owner[int(key)] = seat
    out += owner
    counts = [0] * ed.n_kinds
    if s.tunnel:
        t = s.tunnel
        for k, v in t.cards.items():
            kind = _card(k, "tunnel.cards")
            _check(kind < ed.n_kinds and v > 0, f"tunnel.cards: {v} {k} is not a payment of {ed.title}")
            counts[kind] = v
        paid = next((k for k, v in enumerate(counts) if v and k != ed.wild), NONE)
        out += [t.route, t.extra, paid]
        out += counts
        _put(out, [_card(c, "tunnel.revealed") for c in t.revealed], ed.tunnel_reveal, "tunnel.revealed")
    else:
        out += [NONE, 0, NONE]
        out += counts
        _put(out, [], ed.tunnel_reveal, "tunnel.revealed")
    offer_cap = max(ed.initial_long + ed.initial_regular, ed.later_draw)
    city = rules.city_index
    for p, ps in enumerate(s.players):
        hand = [0] * ed.n_kinds
        for name, count in ps.hand.items():
            _check(count >= 0, f"players[{p}].hand: negative count for {name}")
            kind = _card(name, f"players[{p}].hand")
            _check(kind < ed.n_kinds, f"players[{p}].hand: {ed.title} has no {name} cards")
            hand[kind] = count
        out.append(sum(hand))
        out += hand
        _put(out, list(ps.tickets), tickets_cap, f"players[{p}].tickets")
        _put(out, list(ps.offer), offer_cap, f"players[{p}].offer")
        choice = list(ps.pieces_choice) if ps.pieces_choice is not None else [NONE, NONE]
        out += [ps.trains, ps.ships, ps.box.trains, ps.box.ships, *choice, ps.exchanged, ps.score]
        for what, built, limit in (("stations", ps.stations, ed.stations), ("harbors", ps.harbors, ed.harbors)):
            _check(len(built) <= limit, f"players[{p}] has {len(built)} {what}; {ed.title} allows {limit}")
            for c in built:
                _check(c in city, f"players[{p}].{what}: unknown city {c!r}")
            _put(out, [city[c] for c in built], limit, f"players[{p}].{what}")
    return out


__all__ = ["FORMAT", "FORMATS", "dump", "load"]
