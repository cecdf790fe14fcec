"""Scenario builder and small utilities for the rule-clause tests.

`scenario(...)` builds an exact position through the save format: it starts
from a fresh game's `to_dict()`, places the cards, routes, tickets and stations
the test asks for, puts every other card somewhere (so the 110-card census stays
exact), derives each player's trains and score from the routes held, and loads
the result with `ttr.load_game(d, verify=False)`.

Conventions:
  * `deck_top` lists cards in DRAW ORDER: deck_top[0] is the next card drawn.
  * `deck` (instead of deck_top) gives the whole draw pile in draw order.
  * spare cards (not placed anywhere by the test) go to `spare`: "deck" (under
    deck_top, colours round-robin with locomotives at the very bottom),
    "discard", or a seat number (that seat's hand).
  * `ticket_pile` is given bottom-first (the save format's order: last = top);
    by default it holds every regular ticket not placed elsewhere, ascending.
"""
from __future__ import annotations

import copy
import importlib
import os
from collections import Counter
from types import ModuleType

import pytest

import ttr

COLOURS = ("purple", "blue", "orange", "white", "green", "yellow", "black", "red")
LOCO = "locomotive"
CARDS = COLOURS + (LOCO,)
FULL_DECK = Counter({**{c: 12 for c in COLOURS}, LOCO: 14})
DEFAULT_FACE_UP = ("purple", "blue", "orange", "white", "green")


def _seat_map(value, players: int, what: str) -> dict:
    """Accept {seat: x} or [x_seat0, x_seat1, ...]."""
    if value is None:
        return {}
    if isinstance(value, dict):
        out = dict(value)
    else:
        out = dict(enumerate(value))
    for s in out:
        if not 0 <= s < players:
            raise ValueError(f"{what}: no seat {s} in a {players}-player game")
    return out


def scenario(map_name: str = "europe", players: int = 2, *, hands=None, face_up=DEFAULT_FACE_UP,
             deck_top=(), deck=None, discard=(), spare="deck", routes=None, tickets=None, offers=None,
             ticket_pile=None, stations=None, phase: str = "turn", current: int = 0, first_player: int = 0,
             final_turns: int = -1, passes: int = 0, tunnel=None, seed: int = 0, turn: int = 0) -> ttr.Game:
    d = ttr.save_game(ttr.new_game(map_name, players=players, seed=seed))
    m = ttr.load_map(map_name)
    ed = ttr.get_edition(map_name)
    pool = Counter(FULL_DECK)

    def take(cards, where):
        for c in cards:
            if c not in FULL_DECK:
                raise ValueError(f"{where}: unknown card {c!r}")
            if pool[c] <= 0:
                raise ValueError(f"{where}: no {c} card left to place (the deck has {FULL_DECK[c]})")
            pool[c] -= 1

    hands = _seat_map(hands, players, "hands")
    hand_lists = []
    for s in range(players):
        h = {k: v for k, v in (hands.get(s) or {}).items() if v}
        take([k for k, v in h.items() for _ in range(v)], f"hands[{s}]")
        hand_lists.append(Counter(h))
    face_up = list(face_up)
    if len(face_up) != ed.face_up:
        raise ValueError(f"face_up needs {ed.face_up} slots")
    take([c for c in face_up if c is not None], "face_up")
    tunnel_d = None
    if tunnel is not None:
        tunnel_d = {"route": tunnel["route"], "cards": dict(tunnel["cards"]),
                    "revealed": list(tunnel["revealed"]), "extra": tunnel["extra"]}
        take([k for k, v in tunnel_d["cards"].items() for _ in range(v)], "tunnel.cards")
        take(tunnel_d["revealed"], "tunnel.revealed")
    if deck is not None and deck_top:
        raise ValueError("give deck or deck_top, not both")
    draw_order = list(deck if deck is not None else deck_top)
    take(draw_order, "deck")
    discard = list(discard)
    take(discard, "discard")

    # spare cards: colours round-robin (so consecutive draws differ), locomotives last
    rest = []
    left = Counter(pool)
    while any(left[c] for c in COLOURS):
        for c in COLOURS:
            if left[c]:
                rest.append(c)
                left[c] -= 1
    rest += [LOCO] * left[LOCO]
    if spare == "deck":
        if deck is not None and rest:
            raise ValueError("deck= gives the whole draw pile: put spare cards in the discard or a hand")
        draw_order += rest
    elif spare == "discard":
        discard += rest
    elif isinstance(spare, int) and 0 <= spare < players:
        hand_lists[spare].update(Counter(rest))
    else:
        raise ValueError(f"spare must be 'deck', 'discard' or a seat, not {spare!r}")

    d["deck"] = list(reversed(draw_order))  # save format: last element = top of the pile
    d["discard"] = discard
    d["face_up"] = face_up
    d["tunnel"] = tunnel_d

    routes = {int(r): s for r, s in (routes or {}).items()}
    d["routes"] = {str(r): s for r, s in routes.items()}
    tickets = _seat_map(tickets, players, "tickets")
    offers = _seat_map(offers, players, "offers")
    stations = _seat_map(stations, players, "stations")
    used = {t for ts in list(tickets.values()) + list(offers.values()) for t in ts}
    if ticket_pile is None:
        ticket_pile = [t.id for t in m.tickets if not t.long and t.id not in used]
    for p in range(players):
        ps = d["players"][p]
        ps["hand"] = {c: n for c, n in hand_lists[p].items() if n}
        ps["tickets"] = list(tickets.get(p, []))
        ps["offer"] = list(offers.get(p, []))
        held = [r for r, s in routes.items() if s == p]
        ps["trains"] = ed.trains - sum(m.route(r).length for r in held)
        ps["score"] = sum(ed.route_points[m.route(r).length] for r in held)
        ps["stations"] = list(stations.get(p, []))
    d["ticket_pile"] = list(ticket_pile)
    d["phase"] = phase
    d["current_player"] = current
    d["first_player"] = first_player
    d["final_turns"] = final_turns
    d["passes"] = passes
    d["turn"] = turn
    d["history"] = []
    d["history_seats"] = []
    return ttr.load_game(d, verify=False)


# ------------------------------------------------------------------ utilities

def hand(g: ttr.Game, seat: int) -> Counter:
    """A seat's hand as a Counter of card names."""
    return Counter(ttr.save_game(g)["players"][seat]["hand"])


def deck_draw_order(g: ttr.Game) -> list[str]:
    """The draw pile, next card first."""
    return list(reversed(ttr.save_game(g)["deck"]))


def legal(g: ttr.Game) -> set[str]:
    return {str(a) for a in g.legal_actions()}


def legal_kinds(g: ttr.Game) -> set[str]:
    return {a.kind for a in g.legal_actions()}


def assert_illegal(g: ttr.Game, text: str, *reason_parts: str) -> str:
    """Applying `text` must raise IllegalActionError, name the action and each reason
    part (case-insensitive), and leave the game exactly as it was."""
    before = copy.deepcopy(ttr.save_game(g))
    legal_before = [str(a) for a in g.legal_actions()]
    with pytest.raises(ttr.IllegalActionError) as e:
        g.apply(text)
    msg = str(e.value)
    try:
        canonical = str(g.parse_action(text))  # e.g. '2red+1blue' is written '1blue+2red'
    except ttr.ActionSyntaxError:
        canonical = text
    assert canonical in msg, f"message does not name the action {canonical!r}: {msg}"
    for part in reason_parts:
        assert part.lower() in msg.lower(), f"message lacks {part!r}: {msg}"
    assert ttr.save_game(g) == before, "a refused action changed the game"
    assert [str(a) for a in g.legal_actions()] == legal_before
    return msg


def route_len(map_name: str, rid: int) -> int:
    return ttr.load_map(map_name).route(rid).length


def routes_using(map_name: str, trains: int, exclude=(), prefer_long: bool = True) -> list[int]:
    """Route ids whose lengths add up to exactly `trains`, avoiding `exclude` and
    their twins, never both lanes of a double route (deterministic greedy)."""
    m = ttr.load_map(map_name)
    banned = set(exclude)
    for r in list(banned):
        banned.update(m.route(r).twins)
    cands = sorted((r for r in m.routes if r.id not in banned),
                   key=lambda r: (-r.length if prefer_long else r.length, r.id))
    out, left = [], trains
    for r in cands:
        if r.id in banned or r.length > left:
            continue
        out.append(r.id)
        banned.add(r.id)
        banned.update(r.twins)
        left -= r.length
        if left == 0:
            return out
    raise ValueError(f"cannot use exactly {trains} trains on {map_name}")


def blocked_board(map_name: str, players: int, trains_left: int = 3) -> dict[int, int]:
    """Routes {id: seat} such that every seat has exactly `trains_left` trains and no
    route of length <= `trains_left` is still open (at 2-3 players one lane per pair
    is claimed, which closes the others; at 4-5 players every lane is claimed)."""
    m = ttr.load_map(map_name)
    ed = ttr.get_edition(map_name)
    cap = ed.trains - trains_left
    if players < ed.doubles_min_players:
        pairs: dict = {}
        for r in m.routes:
            pairs.setdefault(frozenset(r.cities), []).append(r)
        lanes = [min(rs, key=lambda r: r.id) for rs in pairs.values()]
    else:
        lanes = list(m.routes)
    lanes.sort(key=lambda r: (-r.length, r.id))
    short = [r for r in lanes if r.length <= trains_left]
    free = [r for r in lanes if r.length > trains_left]
    owner: dict[int, int] = {}

    def ok(r, s):
        return not any(owner.get(t) == s for t in r.twins)

    for s in range(players):
        load = 0
        last = s == players - 1
        for r in list(short):
            if load + r.length <= cap and ok(r, s):
                owner[r.id] = s
                load += r.length
                short.remove(r)
        if last and short:
            raise ValueError(f"{len(short)} short routes left over")
        need = cap - load
        reach = {0: []}
        for r in free:
            if not ok(r, s):
                continue
            for tot, chosen in list(reach.items()):
                t = tot + r.length
                if t <= need and t not in reach and not any(x.id in r.twins for x in chosen):
                    reach[t] = chosen + [r]
        if need not in reach:
            raise ValueError(f"cannot top seat {s} up by {need}")
        for r in reach[need]:
            owner[r.id] = s
            free.remove(r)
    return owner


def play_random(g: ttr.Game, seed: int, max_actions: int = 100_000, check=None) -> ttr.Game:
    """Play uniformly random legal actions (through the checked `apply`) to the end."""
    import random
    rng = random.Random(seed)
    n = 0
    while not g.is_over:
        legal_now = g.legal_actions()
        assert len(legal_now) > 0, f"no legal action in phase {g.phase}"
        a = legal_now[rng.randrange(len(legal_now))]
        g.apply(a)
        if check:
            check(g)
        n += 1
        assert n < max_actions, "game did not end"
    return g


def census(d: dict) -> Counter:
    """Every card in play, counted from a one-deck save dict alone."""
    c = Counter(d["deck"]) + Counter(d["discard"]) + Counter(x for x in d["face_up"] if x is not None)
    for p in d["players"]:
        c.update(p["hand"])
    if d["tunnel"]:
        c.update(d["tunnel"]["cards"])
        c.update(d["tunnel"]["revealed"])
    return +c


def shuffle_hidden(game: ttr.Game, seat: int, rng) -> ttr.Game:
    """The same position for `seat`, with everything hidden from it re-dealt: the order of every
    draw pile, the other players' hands, tickets and ticket offers (same sizes, long tickets
    among long ones), their secret piece choices (Rails & Sails, before they are revealed) and
    the order of the event deck (Legacy). The history stays: the seat saw it (others' keeps only
    counted)."""
    from ttr.cards import CARD_INDEX, DECK_NAMES
    from ttr.engine.moves import piece_choices

    d = ttr.save_game(game)
    rules = game.rules
    others = [p for p in range(game.num_players) if p != seat]
    for deck, name in enumerate(DECK_NAMES[:len(rules.decks)]):
        key = "deck" if deck == 0 else f"{name}_deck"
        held = [[c for c, n in d["players"][p]["hand"].items() if rules.deck_of[CARD_INDEX[c]] == deck
                 for _ in range(n)] for p in others]
        pool = [c for h in held for c in h] + d[key]
        rng.shuffle(pool)
        for p, h in zip(others, held):
            mine = {c: n for c, n in d["players"][p]["hand"].items() if rules.deck_of[CARD_INDEX[c]] != deck}
            for c in pool[:len(h)]:
                mine[c] = mine.get(c, 0) + 1
            d["players"][p]["hand"], pool = mine, pool[len(h):]
        d[key] = pool
    long = {t.id for t in rules.map.tickets if t.long}
    for is_long in (False, True):
        slots = [(p, f, i) for p in others for f in ("tickets", "offer")
                 for i, t in enumerate(d["players"][p][f]) if (t in long) == is_long]
        slots += [(None, "pile", i) for i, t in enumerate(d["ticket_pile"]) if (t in long) == is_long]
        ids = [d["ticket_pile"][i] if p is None else d["players"][p][f][i] for p, f, i in slots]
        rng.shuffle(ids)
        for (p, f, i), t in zip(slots, ids):
            if p is None:
                d["ticket_pile"][i] = t
            else:
                d["players"][p][f][i] = t
    if rules.edition.pieces_total is not None and d["phase"] in ("initial-tickets", "choose-pieces"):
        for p in others:
            if d["players"][p]["pieces_choice"] is not None:
                d["players"][p]["pieces_choice"] = list(rng.choice(piece_choices(rules.edition)))
    if "edition" in d:
        rng.shuffle(d["edition"]["event_deck"])
    return ttr.load_game(d, verify=False)


def research_import(name: str) -> ModuleType:
    """A module of the research extras (rl, train, ray). Without it the caller is skipped, except
    where the extras must be there (`make test` installs them and sets TTR_REQUIRE_EXTRAS; CI):
    then it fails, so the official checkers cannot be skipped unnoticed."""
    try:
        return importlib.import_module(name)
    except ImportError as e:
        if os.environ.get("TTR_REQUIRE_EXTRAS") or os.environ.get("CI"):
            pytest.fail(f"{name} is missing ({e}); make test installs '.[test,rl,train,ray,recipes]'", pytrace=False)
        pytest.skip(f"{name} is not installed (pip install -e '.[rl,train,ray,recipes]')", allow_module_level=True)
