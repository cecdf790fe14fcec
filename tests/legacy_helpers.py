"""Scenario builder for the Legacy rule-clause tests (map legends-west).

`position(...)` starts from a fresh game's save, places what the test asks for
(hands, display, the draw order of the deck, routes, tickets, money, the event
deck's order), puts every other card under the given deck top (or into the
discard), and loads it with `ttr.load_game(d, verify=False)`, which checks the
card census and money against the ledger.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import asdict

import ttr
from ttr.cards import CARD_NAMES
from ttr.editions.legacy import LegacySetup
from ttr.editions.legacy.pack import load_pack

LW = "legends-west"
COLOURS = ("black", "blue", "white", "green", "yellow", "red")
WILD = "locomotive"
NEWS = "newspaper"
DISPLAY = ("black", "blue", "white", "green", "yellow")
MAP = ttr.load_map(LW)
ROUTE = MAP.route_by_id


def route_between(a: str, b: str, color: str | None = None) -> int:
    for r in MAP.routes:
        if set(r.cities) == {a, b} and (color is None or r.color == color):
            return r.id
    raise KeyError((a, b, color))


def setup_with(players: int = 2, **changes) -> LegacySetup:
    """The demo game-1 setup with some fields replaced (events: list of Event)."""
    base = load_pack("demo").setup(1, companies=("blue", "black", "red", "yellow", "green")[:players])
    d = base.to_dict()
    for k, v in changes.items():
        d[k] = [e if isinstance(e, dict) else asdict(e) for e in v] if k in ("events", "steps") else v
    return LegacySetup.from_dict(d)


def position(players: int = 2, *, hands=None, face_up=DISPLAY, deck_top=(), deck_size=None, spare="deck",
             routes=None, tickets=None, money=None, trains=None, event_top=(), revealed=(), current=0, first_player=0,
             setup=None, final_turns=-1, ticket_pile=None, marks=None, face_marks=None) -> ttr.Game:
    """deck_top: the next cards drawn, in draw order; deck_size: the whole draw
    pile's size (the rest of the spare cards go to the discard); event_top: the
    next events revealed, in order; revealed: the event discard (last = current).
    Where a rule counts card icons: marks, per seat {card: {icon: n}} of its hand's cards that
    bear one; face_marks, per display slot its card's icon or None; every other marked card is
    in the draw pile, else the discard."""
    g = ttr.new_game(LW, players, seed=0, setup=setup)
    d = ttr.save_game(g)
    pool = Counter(CARD_NAMES[k] for k in g.rules.deck_cards)

    def take(cards, where):
        for c in cards:
            if pool[c] <= 0:
                raise ValueError(f"{where}: no {c} card left to place")
            pool[c] -= 1

    hands = dict(enumerate(hands)) if isinstance(hands, list) else (hands or {})
    for p in range(players):
        h = {k: v for k, v in (hands.get(p) or {}).items() if v}
        take([k for k, v in h.items() for _ in range(v)], f"hands[{p}]")
        d["players"][p]["hand"] = h
    take([c for c in face_up if c], "face_up")
    take(deck_top, "deck_top")
    spares = [c for c in sorted(pool) for _ in range(pool[c])]
    spares.sort(key=lambda c: (c == NEWS, c == WILD))  # newspapers and wilds at the very bottom
    if deck_size is not None:
        under = deck_size - len(deck_top)
        deck, discard = spares[:under][::-1], spares[under:]
    elif spare == "deck":
        deck, discard = spares[::-1], []
    else:
        deck, discard = [], spares
    d["deck"] = deck + list(reversed(deck_top))  # the save's top card is the last
    d["discard"] = discard
    d["face_up"] = list(face_up)
    routes = routes or {}
    d["routes"] = {str(r): s for r, s in routes.items()}
    used = [sum(ROUTE[r].length for r, s in routes.items() if s == p) for p in range(players)]
    start = g.setup.trains
    if trains is not None:  # trains left per seat; the game's start count follows from seat 0
        start = trains[0] + used[0]
        assert all(trains[p] + used[p] == start for p in range(players)), "trains + routes held: one start count"
        d["edition"]["setup"]["trains"] = start
    tickets = dict(enumerate(tickets)) if isinstance(tickets, list) else (tickets or {})
    used_tickets = set()
    money = money if money is not None else [5] * players
    ledger = []
    for p in range(players):
        d["players"][p]["trains"] = start - used[p]
        d["players"][p]["tickets"] = list(tickets.get(p, []))
        used_tickets |= set(tickets.get(p, []))
        d["players"][p]["offer"] = []
        d["players"][p]["score"] = money[p]
        if money[p] != g.setup.start_money:
            ledger.append([0, p, money[p] - g.setup.start_money, "set up"])
    d["ticket_pile"] = ticket_pile if ticket_pile is not None else [t.id for t in MAP.tickets if t.id not in used_tickets]
    d["edition"]["ledger"] = ledger
    ids = [e["id"] for e in d["edition"]["setup"]["events"]]
    rest = [i for i in ids if i not in event_top and i not in revealed]
    d["edition"]["event_deck"] = rest + list(reversed(event_top))
    d["edition"]["event_discard"] = list(revealed)  # the last is the current event
    if "icons" in d["edition"]:
        d["edition"]["icons"] = _icons_block(g, d, marks or {}, face_marks or [None] * len(face_up))
    d["phase"] = "turn"
    d["current_player"] = current
    d["first_player"] = first_player
    d["final_turns"] = final_turns
    return ttr.load_game(d, verify=False)


def legacy(g) -> dict:
    """The Legacy block of the public view (events by id, the ledger with its reasons)."""
    return g.view(None, legal=False)["edition"]


def event_discard(g) -> list[str]:
    return legacy(g)["event_discard"]


def ledger(g) -> list[list]:
    return legacy(g)["ledger"]


def _icons_block(g, d, marks, face_marks) -> dict:
    """The save's icons block: the marks asked for, the rest in the pile, then the discard."""
    left = Counter()
    for icon, card, n in g.setup.card_icons:
        left[icon, WILD if card == "wild" else card] += n
    hands = []
    for p in range(g.num_players):
        out = []
        for card, icons in (marks.get(p) or {}).items():
            for icon, n in icons.items():
                left[icon, card] -= n
                out.append([icon, card, n])
        hands.append(out)
    for c, icon in zip(d["face_up"], face_marks):
        if icon:
            left[icon, c] -= 1
    piles = {}
    for name in ("deck", "discard"):
        room = Counter(d[name])
        out = []
        for (icon, card), n in sorted(left.items()):
            put = min(n, room[card])
            if put > 0:
                out.append([icon, card, put])
                room[card] -= put
                left[icon, card] -= put
        piles[name] = out
    assert not +left, f"no room for the marked cards {dict(+left)}"
    return {**piles, "face_up": list(face_marks), "hands": hands}
