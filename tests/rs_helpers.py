"""Scenario builder and reference implementations for the Rails & Sails tests
(tests/test_rails_sails.py).

`rs_scenario(...)` builds an exact Rails & Sails position through the save
format: it starts from a fresh game's `to_dict()`, places the cards, routes,
tickets, harbors and pieces the test asks for, puts every other card back into
its own deck (so both decks' censuses stay exact), derives each player's
pieces, box and score from the routes held, and loads the result with
`ttr.load_game(d, verify=False)`.

Conventions:
  * `train_top` / `ship_top` list cards in DRAW ORDER: [0] is the next card drawn.
  * spare cards (not placed by the test) go under the given tops of their own
    deck (kinds round-robin, jokers at the very bottom), or to their own
    discard with spare="discard", or to a seat's hand with spare=<seat>; a dict
    {"train": ..., "ship": ...} chooses per deck.
  * `ticket_pile` is given bottom-first (the save format's order: last = top).
  * `supply` gives a seat's pieces in hand {seat: (trains, ships)}; the box is
    whatever completes 25/50 (World) or 33/32 (Great Lakes) with the pieces on
    the board. By default a seat chose `choice` (World 25 trains + 35 ships,
    Great Lakes 33 + 17) and exchanged nothing.
"""
from __future__ import annotations

import copy
from collections import Counter

import pytest
from helpers import _seat_map  # shared with the one-deck scenario builder

import ttr

RS_COLOURS = ("purple", "white", "green", "yellow", "black", "red")
PARTS = ("train", "train-anchor", "ship", "double-ship")
JOKER = "joker"
TRAIN_DECK = Counter({**{f"{c}-train": 7 for c in RS_COLOURS}, **{f"{c}-train-anchor": 4 for c in RS_COLOURS},
                      JOKER: 14})
SHIP_DECK = Counter({**{f"{c}-ship": 4 for c in RS_COLOURS}, **{f"{c}-double-ship": 6 for c in RS_COLOURS}})
TRAIN_KINDS = frozenset(TRAIN_DECK)
SHIP_KINDS = frozenset(SHIP_DECK)
ALL_CARDS = TRAIN_DECK + SHIP_DECK
PIECES = {"world": (25, 50, 60), "great-lakes": (33, 32, 50)}  # trains, ships, kept (RS1)
DEFAULT_CHOICE = {"world": (25, 35), "great-lakes": (33, 17)}
ROUTE_POINTS = {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 7: 18, 8: 21, 9: 27}  # RS3 (9 -> 27 unverified)
HARBOR_POINTS = {"world": (20, 30, 40), "great-lakes": (10, 20, 30)}  # RS5
DEFAULT_FACE_UP = ("purple-train", "white-train", "green-train", "yellow-ship", "black-ship", "red-ship")


def deck_name(card: str) -> str:
    return "ship" if card in SHIP_KINDS else "train"


def _rest(pool: Counter) -> list[str]:
    """Spare cards in draw order: the kinds round-robin, jokers last."""
    left = Counter(pool)
    kinds = sorted(k for k in left if k != JOKER)
    out = []
    while any(left[k] for k in kinds):
        for k in kinds:
            if left[k]:
                out.append(k)
                left[k] -= 1
    return out + [JOKER] * left[JOKER]


def rs_scenario(map_name: str = "world", players: int = 2, *, hands=None, face_up=DEFAULT_FACE_UP,
                train_top=(), ship_top=(), train_deck=None, ship_deck=None, train_discard=(), ship_discard=(),
                spare="deck", routes=None, tickets=None, offers=None, ticket_pile=None, harbors=None,
                choice=None, supply=None, exchanged=None, phase: str = "turn", current: int = 0,
                first_player: int = 0, final_turns: int = -1, passes: int = 0, seed: int = 0,
                turn: int = 0, load: bool = True):
    """An exact Rails & Sails position (see the module docstring). `train_deck`/`ship_deck`
    give a whole pile in draw order (then no spare card may go there). load=False
    returns the save dict instead of the Game."""
    d = ttr.save_game(ttr.new_game(map_name, players=players, seed=seed))
    m = ttr.load_map(map_name)
    max_t, max_s, total = PIECES[map_name]
    pools = {"train": Counter(TRAIN_DECK), "ship": Counter(SHIP_DECK)}

    def take(cards, where):
        for c in cards:
            if c not in ALL_CARDS:
                raise ValueError(f"{where}: unknown card {c!r}")
            pool = pools[deck_name(c)]
            if pool[c] <= 0:
                raise ValueError(f"{where}: no {c} card left to place")
            pool[c] -= 1

    hands = _seat_map(hands, players, "hands")
    hand_lists = []
    for s in range(players):
        h = {k: v for k, v in (hands.get(s) or {}).items() if v}
        take([k for k, v in h.items() for _ in range(v)], f"hands[{s}]")
        hand_lists.append(Counter(h))
    face_up = list(face_up)
    if face_up == list(DEFAULT_FACE_UP):  # the default display: swap in cards the hands left over
        for i, c in enumerate(face_up):
            pool = pools[deck_name(c)]
            if pool[c] <= 0:
                face_up[i] = next((k for k in sorted(pool) if pool[k] > 0 and k != "joker"), None)
            if face_up[i] is not None:
                pools[deck_name(face_up[i])][face_up[i]] -= 1
    else:
        take([c for c in face_up if c is not None], "face_up")
    piles = {}
    for name, top, whole, disc in (("train", train_top, train_deck, train_discard),
                                   ("ship", ship_top, ship_deck, ship_discard)):
        if whole is not None and top:
            raise ValueError("give a whole deck or its top, not both")
        order = list(whole if whole is not None else top)
        for c in order + list(disc):
            if deck_name(c) != name:
                raise ValueError(f"{c} does not belong to the {name} deck")
        take(order, f"{name} deck")
        take(list(disc), f"{name} discard")
        rest = _rest(+pools[name])
        disc = list(disc)
        where = spare.get(name, "deck") if isinstance(spare, dict) else spare
        if where == "deck":
            if whole is not None and rest:
                raise ValueError(f"{name}_deck= gives the whole pile: put the spare cards elsewhere")
            order += rest
        elif where == "discard":
            disc += rest
        elif isinstance(where, int) and 0 <= where < players:
            hand_lists[where].update(Counter(rest))
        else:
            raise ValueError(f"spare must be 'deck', 'discard' or a seat, not {where!r}")
        piles[name] = (order, disc)
    d["deck"] = list(reversed(piles["train"][0]))
    d["discard"] = piles["train"][1]
    d["ship_deck"] = list(reversed(piles["ship"][0]))
    d["ship_discard"] = piles["ship"][1]
    d["face_up"] = face_up

    routes = {int(r): s for r, s in (routes or {}).items()}
    d["routes"] = {str(r): s for r, s in routes.items()}
    tickets = _seat_map(tickets, players, "tickets")
    offers = _seat_map(offers, players, "offers")
    harbors = _seat_map(harbors, players, "harbors")
    choice = _seat_map(choice, players, "choice")
    supply = _seat_map(supply, players, "supply")
    exchanged = _seat_map(exchanged, players, "exchanged")
    used_t = {t for ts in list(tickets.values()) + list(offers.values()) for t in ts}
    if ticket_pile is None:
        ticket_pile = [t.id for t in m.tickets if t.id not in used_t]
    before_reveal = phase in ("initial-tickets", "choose-pieces")
    for p in range(players):
        ps = d["players"][p]
        ps["hand"] = {c: n for c, n in hand_lists[p].items() if n}
        ps["tickets"] = list(tickets.get(p, []))
        ps["offer"] = list(offers.get(p, []))
        held = [m.route(r) for r, s in routes.items() if s == p]
        on_t = sum(r.length for r in held if r.kind == "train")
        on_s = sum(r.length for r in held if r.kind == "ship")
        ex = exchanged.get(p, 0)
        ps["score"] = sum(ROUTE_POINTS[r.length] for r in held) - ex
        ps["exchanged"] = ex
        ps["harbors"] = list(harbors.get(p, []))
        ps["stations"] = []
        if before_reveal:
            ps["trains"] = ps["ships"] = 0
            ps["box"] = {"trains": 0, "ships": 0}
            ps["pieces_choice"] = list(choice[p]) if p in choice else None
            continue
        ch = choice.get(p, DEFAULT_CHOICE[map_name])
        if p in supply:
            t, s = supply[p]
        else:
            t, s = ch[0] - on_t, ch[1] - on_s
        ps["trains"], ps["ships"] = t, s
        ps["box"] = {"trains": max_t - t - on_t, "ships": max_s - s - on_s}
        ps["pieces_choice"] = list(ch)
    d["ticket_pile"] = list(ticket_pile)
    d["phase"] = phase
    d["current_player"] = current
    d["first_player"] = first_player
    d["final_turns"] = final_turns
    d["passes"] = passes
    d["turn"] = turn
    d["history"] = []
    d["history_seats"] = []
    d["tunnel"] = None
    if not load:
        return d
    return ttr.load_game(d, verify=False)


# ------------------------------------------------------------------ utilities

def hand(g, seat: int) -> Counter:
    return Counter(ttr.save_game(g)["players"][seat]["hand"])


def legal(g) -> set[str]:
    return {str(a) for a in g.legal_actions()}


def legal_kinds(g) -> set[str]:
    return {a.kind for a in g.legal_actions()}


def claims_of(g, route: int) -> set[str]:
    """The legal claim texts for one route."""
    return {str(a) for a in g.legal_actions() if a.kind == "claim" and a.target == route}


def cards(**counts) -> str:
    """Payment text in canonical (card kind) order: cards(red_train=2, joker=1) -> '2red-train+1joker'."""
    names = {k.replace("_", "-"): v for k, v in counts.items() if v}
    order = [f"{c}-{p}" for c in RS_COLOURS for p in PARTS] + [JOKER]
    unknown = set(names) - set(order)
    if unknown:
        raise ValueError(f"unknown cards {unknown}")
    return "+".join(f"{names[k]}{k}" for k in order if k in names)


def assert_illegal(g, text: str, *reason_parts: str) -> str:
    """Applying `text` raises IllegalActionError naming the action and each reason part
    (case-insensitive), and leaves the game exactly as it was."""
    before = copy.deepcopy(ttr.save_game(g))
    legal_before = [str(a) for a in g.legal_actions()]
    with pytest.raises(ttr.IllegalActionError) as e:
        g.apply(text)
    msg = str(e.value)
    for part in reason_parts:
        assert part.lower() in msg.lower(), f"message lacks {part!r}: {msg}"
    assert ttr.save_game(g) == before, "a refused action changed the game"
    assert [str(a) for a in g.legal_actions()] == legal_before
    return msg


def census(d: dict) -> tuple[Counter, Counter]:
    """(train deck cards, ship deck cards) anywhere in play, counted from a save dict."""
    every = Counter(d["deck"]) + Counter(d["discard"]) + Counter(d["ship_deck"]) + Counter(d["ship_discard"])
    every.update(c for c in d["face_up"] if c is not None)
    for p in d["players"]:
        every.update(p["hand"])
    train = Counter({k: v for k, v in every.items() if k in TRAIN_KINDS})
    ship = Counter({k: v for k, v in every.items() if k in SHIP_KINDS})
    other = {k: v for k, v in every.items() if k not in TRAIN_KINDS and k not in SHIP_KINDS}
    assert not other, f"cards of no Rails & Sails deck in play: {other}"
    return +train, +ship


# ------------------------------------------------ reference legality (RS1-RS6)
#
# Written from the rules, not from the engine: a payment is any multiset of the
# player's cards that covers the route (or harbor) such that no single card can
# be removed while it still covers (RS3). Covering is decided per the rulebook:
#   train route n:   n cards, each a train card (plain or anchored) of the
#                    colour, or a joker;
#   paired route:    each of the n spaces takes a pair: 2 train cards of one
#                    colour, or with jokers (the colour may change per space);
#   ship route n:    single ships (1 space), double ships (up to 2 spaces) and
#                    jokers (1 space) of the colour, together at least n spaces;
#   harbor:          2 anchored train cards + 2 single ships of one colour,
#                    jokers replacing any of them.
# Gray routes: any one colour.

def _split(total: int, first: int, second: int):
    """Ways to take `total` cards from two kinds holding `first` and `second`."""
    for a in range(max(0, total - second), min(first, total) + 1):
        yield a, total - a


def _text(counts: dict) -> str:
    return cards(**{k.replace("-", "_"): v for k, v in counts.items() if v})


def _minimal(counts: dict, covers) -> bool:
    if not counts or not covers(counts):
        return False
    for k, v in counts.items():
        if v:
            less = dict(counts)
            less[k] = v - 1
            if covers(less):
                return False
    return True


def _max_pairs(colour_counts, jokers: int) -> int:
    """How many spaces of a paired route these cards can fill (pairs of one colour, jokers wild)."""
    pairs = sum(c // 2 for c in colour_counts)
    odd = sum(c % 2 for c in colour_counts)
    used = min(odd, jokers)
    return pairs + used + (jokers - used) // 2


def ref_route_payments(route, hand: Counter) -> set[str]:
    """Every legal payment text for `route` from `hand` (card name -> count)."""
    n = route.length
    colours = RS_COLOURS if route.color == "gray" else (route.color,)
    J = hand[JOKER]
    out = set()
    if route.kind == "ship":
        for c in colours:
            S, D = hand[f"{c}-ship"], hand[f"{c}-double-ship"]
            for s in range(min(S, n + 1) + 1):
                for dd in range(min(D, n + 1) + 1):
                    for j in range(min(J, n + 1) + 1):
                        counts = {f"{c}-ship": s, f"{c}-double-ship": dd, JOKER: j}
                        cov = lambda x, c=c: x[f"{c}-ship"] + 2 * x[f"{c}-double-ship"] + x[JOKER] >= n  # noqa: E731
                        if _minimal(counts, cov):
                            out.add(_text(counts))
        return out
    if route.pairs:
        assert route.pairs == n, "every space of a paired route is paired"
        totals = [hand[f"{c}-train"] + hand[f"{c}-train-anchor"] for c in RS_COLOURS]

        def rec(i: int, chosen: list):
            if i == len(RS_COLOURS):
                for j in range(min(J, 2 * n + 1) + 1):
                    base = {RS_COLOURS[k]: chosen[k] for k in range(len(RS_COLOURS))}
                    base[JOKER] = j
                    cov = lambda x: _max_pairs([x[c] for c in RS_COLOURS], x[JOKER]) >= n  # noqa: E731
                    if _minimal(base, cov):
                        yield dict(base)
                return
            for t in range(min(totals[i], 2 * n + 1) + 1):
                yield from rec(i + 1, chosen + [t])

        for colour_level in rec(0, []):
            parts = [list(_split(colour_level[c], hand[f"{c}-train"], hand[f"{c}-train-anchor"]))
                     for c in RS_COLOURS]

            def expand(i: int, acc: dict):
                if i == len(RS_COLOURS):
                    out.add(_text({**acc, JOKER: colour_level[JOKER]}))
                    return
                c = RS_COLOURS[i]
                for x, a in parts[i]:
                    expand(i + 1, {**acc, f"{c}-train": x, f"{c}-train-anchor": a})

            expand(0, {})
        return out
    for c in colours:
        for t in range(min(hand[f"{c}-train"] + hand[f"{c}-train-anchor"], n + 1) + 1):
            for j in range(min(J, n + 1) + 1):
                cov = lambda x: x["c"] + x[JOKER] >= n  # noqa: E731
                if _minimal({"c": t, JOKER: j}, cov):
                    for x, a in _split(t, hand[f"{c}-train"], hand[f"{c}-train-anchor"]):
                        out.add(_text({f"{c}-train": x, f"{c}-train-anchor": a, JOKER: j}))
    return out


def ref_harbor_payments(hand: Counter) -> set[str]:
    out = set()
    J = hand[JOKER]

    def cov(x):
        return min(x["a"], 2) + min(x["s"], 2) + x[JOKER] >= 4

    for c in RS_COLOURS:
        for a in range(min(hand[f"{c}-train-anchor"], 3) + 1):
            for s in range(min(hand[f"{c}-ship"], 3) + 1):
                for j in range(min(J, 5) + 1):
                    if _minimal({"a": a, "s": s, JOKER: j}, cov):
                        out.add(_text({f"{c}-train-anchor": a, f"{c}-ship": s, JOKER: j}))
    return out


def ref_legal(d: dict, m) -> set[str]:
    """Every legal action text of the position in save dict `d` (map `m`), from the rules."""
    phase = d["phase"]
    p = d["current_player"]
    me = d["players"][p]
    n = d["num_players"]
    name = d["map"]
    if phase == "over":
        return set()
    if phase in ("initial-tickets", "keep-tickets"):
        from itertools import combinations
        offer = sorted(me["offer"])
        least = min(len(offer), 3 if phase == "initial-tickets" else 1)
        return {"keep " + " ".join(map(str, c)) for k in range(least, len(offer) + 1)
                for c in combinations(offer, k)}
    if phase == "choose-pieces":
        max_t, max_s, total = PIECES[name]
        return {f"pieces {t} {total - t}" for t in range(0, total + 1) if t <= max_t and total - t <= max_s}
    live = [dk for dk, pile, disc in (("train", "deck", "discard"), ("ship", "ship_deck", "ship_discard"))
            if d[pile] or d[disc]]
    refills = live or ["none"]
    shown = {c for c in d["face_up"] if c is not None}
    out = set()
    second = phase == "second-card"
    for c in shown:
        if second and c == JOKER:
            continue  # G4
        out.update(f"draw {c} {r}" for r in refills)
    out.update(f"draw deck {dk}" for dk in live)
    if second:
        return out | {"stop"} if out else out  # RS2: at most two cards; with none to take the turn has ended
    assert phase == "turn", phase
    hand_c = Counter(me["hand"])
    owner = {int(r): s for r, s in d["routes"].items()}
    for r in m.routes:
        if r.id in owner:
            continue
        if any(t in owner for t in r.twins) and (n < 4 or any(owner[t] == p for t in r.twins if t in owner)):
            continue  # G1
        if r.length > (me["ships"] if r.kind == "ship" else me["trains"]):
            continue
        out.update(f"claim {r.id} {pay}" for pay in ref_route_payments(r, hand_c))
    if d["ticket_pile"]:
        out.add("tickets")
    harbor_at = {c for ps in d["players"] for c in ps["harbors"]}
    if len(me["harbors"]) < 3:
        pays = ref_harbor_payments(hand_c)
        for city in m.cities:
            if city.harbor and city.name not in harbor_at and any(
                    owner.get(r.id) == p for r in m.routes if city.name in r.cities):
                out.update(f"harbor {city.name} {pay}" for pay in pays)
    box = me["box"]
    out.update(f"exchange {k} trains-for-ships" for k in range(1, min(me["trains"], box["ships"]) + 1))
    out.update(f"exchange {k} ships-for-trains" for k in range(1, min(me["ships"], box["trains"]) + 1))
    if not out:
        out.add("pass")
    return out


def routes_totalling(map_name: str, kind: str, total: int, exclude=()) -> list[int]:
    """Route ids of one kind ("train"/"ship") whose lengths add up to exactly `total`,
    avoiding `exclude` and their twins, never two lanes of one double route, never a
    paired route (deterministic greedy, longest first)."""
    m = ttr.load_map(map_name)
    banned = set(exclude)
    for r in list(banned):
        banned.update(m.route(r).twins)
    out, left = [], total
    for r in sorted(m.routes, key=lambda r: (-r.length, r.id)):
        if r.kind != kind or r.pairs or r.id in banned or r.length > left:
            continue
        out.append(r.id)
        banned.add(r.id)
        banned.update(r.twins)
        left -= r.length
        if left == 0:
            return out
    if left:
        raise ValueError(f"cannot use exactly {total} {kind} pieces on {map_name}")
    return out
