"""A complete game consistent with what one seat sees: everything hidden from
it (the order of the piles, the other players' hands, tickets and ticket
offers) is dealt at random from what it cannot account for. Built from the
seat's view and the static rules only, through the save format."""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ..cards import CARD_NAMES, DECK_NAMES
from ..engine.actions import parse_cards
from ..engine.game import Game
from ..engine.moves import piece_choices
from ..engine.ruleset import Ruleset
from ..formats.save import FORMAT, load


def determinize(rules: Ruleset, view: dict, rng: random.Random) -> Game:
    """A world the seat of `view` cannot tell from the real one (no log kept)."""
    ed = rules.edition
    seat = view["seat"]
    me = view["you"]
    # cards: the whole deck minus what the seat can see
    unseen = Counter(rules.deck_cards)
    unseen.subtract(Counter({CARD_NAMES.index(k): n for k, n in me["hand"].items()}))
    unseen.subtract(Counter(CARD_NAMES.index(c) for c in view["face_up"] if c))
    for name, pile in view["decks"].items():
        unseen.subtract(Counter({CARD_NAMES.index(k): n for k, n in pile["discard"].items()}))
    tunnel = view["tunnel"]
    if tunnel:
        for k, n in parse_cards(tunnel["cards"], "tunnel"):
            unseen[k] -= n
        for c in tunnel["revealed"]:
            unseen[CARD_NAMES.index(c)] -= 1
    # each pile keeps its known size; what each deck is missing beyond that is in the other hands
    piles: dict[int, list[int]] = {d: [] for d in range(len(rules.decks))}
    for k, n in unseen.items():
        piles[rules.deck_of[k]].extend([k] * n)
    hidden = []
    for d, pile in piles.items():
        rng.shuffle(pile)
        size = view["decks"][DECK_NAMES[d]]["size"]
        hidden += pile[size:]
        del pile[size:]
    rng.shuffle(hidden)
    # tickets: all but the seat's own, dealt to the others, the rest the pile
    mine = {t["id"] for t in me["tickets"]} | set(me["offer"])
    regular = [t.id for t in rules.map.tickets if t.id not in mine and not t.long]
    long = [t.id for t in rules.map.tickets if t.id not in mine and t.long]
    rng.shuffle(regular)
    rng.shuffle(long)
    pile = [regular.pop() for _ in range(min(view["ticket_pile_size"], len(regular)))]
    rest = regular + long  # what the others may hold (a long ticket only from an initial deal)
    rng.shuffle(rest)

    def deal(n: int, initial_offer: bool) -> list[int]:
        out = [long.pop() for _ in range(ed.initial_long) if initial_offer and long]
        for t in out:
            rest.remove(t)
        while len(out) < n:
            t = rest.pop()
            if t in long:
                long.remove(t)
            out.append(t)
        return out

    players = []
    for p in view["players"]:
        s = p["seat"]
        entry = {"trains": p["trains"], "stations": list(p["stations"]), "score": p["score"]}
        if s == seat:
            entry.update(hand=dict(me["hand"]), tickets=[t["id"] for t in me["tickets"]], offer=list(me["offer"]))
        else:
            hand: Counter = Counter(CARD_NAMES[hidden.pop()] for _ in range(p["hand_size"]))
            initial = view["phase"] == "initial-tickets"
            entry.update(hand=dict(hand), tickets=deal(p["tickets"], False),
                         offer=deal(p["offer_size"], initial and p["offer_size"] > 0))
        if ed.pieces_total is not None:
            entry.update(ships=p["ships"], box=dict(p["box"]), harbors=list(p["harbors"]), exchanged=p["exchanged"],
                         pieces_choice=me.get("pieces_choice") if s == seat else _choice(p, view, rules))
        players.append(entry)
    data: dict[str, Any] = {
        "format": FORMAT, "map": view["map"], "num_players": view["num_players"], "seed": rng.randrange(1 << 30),
        "first_player": view["first_player"], "history": [], "history_seats": [], "phase": view["phase"],
        "current_player": view["current_player"], "turn": view["turn"],
        "deck": [CARD_NAMES[k] for k in piles[0]],
        "discard": _pile(view["decks"]["train"]["discard"]),
        "face_up": list(view["face_up"]), "routes": dict(view["routes"]),
        "ticket_pile": pile, "players": players,
        "tunnel": None, "final_turns": view["final_turns"], "passes": view["passes"], "shuffles": 0,
    }
    if len(rules.decks) > 1:
        name = DECK_NAMES[1]
        data[f"{name}_deck"] = [CARD_NAMES[k] for k in piles[1]]
        data[f"{name}_discard"] = _pile(view["decks"][name]["discard"])
    legacy = view.get("edition")
    if legacy is not None:  # Legacy: the event deck's order is hidden: any order of the events not yet revealed
        shown = legacy["event_discard"]
        events = [e["id"] for e in legacy["setup"]["events"] if e["id"] not in shown]
        rng.shuffle(events)
        data["edition"] = {"setup": legacy["setup"], "event_deck": events, "event_discard": list(shown),
                        "ledger": [list(x) for x in legacy["ledger"]]}
    if tunnel:
        data["tunnel"] = {"route": tunnel["route"], "cards": {CARD_NAMES[k]: n for k, n in parse_cards(tunnel["cards"], "")},
                       "revealed": list(tunnel["revealed"]), "extra": tunnel["extra"]}
    return load(data, verify=False, record=False)


def _pile(counts: dict) -> list[str]:
    return [k for k, n in counts.items() for _ in range(n)]


def _choice(p: dict, view: dict, rules):
    """RS1: another seat's piece choice, as far as the view tells it."""
    ed = rules.edition
    if not p["pieces_chosen"]:
        return None
    if view["phase"] in ("initial-tickets", "choose-pieces"):  # chosen but still secret
        options = piece_choices(ed)
        return list(options[len(options) // 2])
    used = sum(rules.r_len[int(r)] for r, s in view["routes"].items() if s == p["seat"] and not rules.r_kind[int(r)])
    ex = p["exchanged"]
    for net in range(-ex, ex + 1, 2):  # trains given to the box overall: any count the exchanges allow
        t = p["trains"] + used + net
        if 0 <= t <= ed.trains and 0 <= ed.pieces_total - t <= ed.ships:
            return [t, ed.pieces_total - t]
    return None  # pragma: no cover - the real choice is always one of them
