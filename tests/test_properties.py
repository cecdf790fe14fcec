"""Property tests: invariants checked after every action of many seeded random games.

Everything here is recomputed from the save dict (`to_dict()`) and the static map,
independently of the engine's own bookkeeping (card_census, scoring tables, ...),
so a broken invariant in the engine shows up as a failing assertion.

Rulings referenced: G1 (double routes), G3 (empty piles), G4 (face-up locomotive),
G5 (pass), G6 (end), G7 (initial tickets), G8 (longest path), G9/E4 (tickets and
stations), G10 (seed + history), U1, E1, E2 (tunnels), E3 (ferries), E5, E6.
"""
from __future__ import annotations

import json
import random
from collections import Counter
from itertools import combinations, product

import pytest
from helpers import census
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import ttr
from ttr import Action, IllegalActionError

# ----------------------------------------------------------------- constants

COLOURS = ("purple", "blue", "orange", "white", "green", "yellow", "black", "red")
LOCO = "locomotive"
CARD_ORDER = COLOURS + (LOCO,)  # canonical order of cards in action text
FULL_DECK = Counter({**{c: 12 for c in COLOURS}, LOCO: 14})
POINTS = {
    "usa": {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15},          # U1
    "europe": {1: 1, 2: 2, 3: 4, 4: 7, 6: 15, 8: 21},       # E5
}
TRAINS = 45
STATIONS = {"usa": 0, "europe": 3}
LONGEST_NAME = {"usa": "longest_path", "europe": "european_express"}
KEEP_RULES = {  # (initial keep, later draw, later keep)
    "usa": (2, 3, 1),
    "europe": (2, 3, 1),
}
CONFIGS = [(m, n) for m in ("usa", "europe") for n in (2, 3, 4, 5)]
POLICIES = ("uniform", "by_kind", "hoarder", "tunnel_payer")

PROP_SETTINGS = settings(max_examples=4, deadline=None, database=None,
                         suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def cards_text(counts: dict[str, int]) -> str:
    return "+".join(f"{counts[c]}{c}" for c in CARD_ORDER if counts.get(c))


# ----------------------------------------------------------- state checks

def check_cards(game, d: dict) -> None:
    c = census(d)
    assert sum(c.values()) == 110, f"{sum(c.values())} cards in play, not 110: {dict(c)}"
    assert c == FULL_DECK, f"card census by colour is off: {dict(c - FULL_DECK)} extra, {dict(FULL_DECK - c)} missing"
    assert all(v > 0 for p in d["players"] for v in p["hand"].values()), "a hand lists a zero/negative count"
    assert game.card_census() == 110
    assert game.rules.total_cards == 110


def check_trains_stations(game, d: dict) -> None:
    m = game.map
    for seat, p in enumerate(d["players"]):
        owned = [int(r) for r, s in d["routes"].items() if s == seat]
        used = sum(m.route_by_id[r].length for r in owned)
        assert p["trains"] + used == TRAINS, f"seat {seat}: {p['trains']} trains left + {used} on the board != 45"
        assert p["trains"] >= 0
        assert len(p["stations"]) <= STATIONS[d["map"]], f"seat {seat} built {len(p['stations'])} stations"
        for city in p["stations"]:
            assert city in m.city_index
    built = [c for p in d["players"] for c in p["stations"]]
    assert len(built) == len(set(built)), f"two stations on one city: {built}"
    for r, s in d["routes"].items():
        assert 0 <= s < d["num_players"]
        assert int(r) in m.route_by_id


def check_scores(game, d: dict) -> None:
    table = POINTS[d["map"]]
    m = game.map
    for seat, p in enumerate(d["players"]):
        expect = sum(table[m.route_by_id[int(r)].length] for r, s in d["routes"].items() if s == seat)
        assert p["score"] == expect, f"seat {seat}: score {p['score']}, routes give {expect}"


def check_double_routes(game, d: dict) -> None:
    """G1: one lane per player; below 4 players one lane per double route."""
    m = game.map
    owner = {int(r): s for r, s in d["routes"].items()}
    for r, s in owner.items():
        for t in m.route_by_id[r].twins:
            if t in owner:
                assert owner[t] != s, f"seat {s} owns both lanes {r} and {t}"
                assert d["num_players"] >= 4, f"both lanes {r} and {t} claimed with {d['num_players']} players"


class TicketTracker:
    """Which tickets must still be in the game (hands, offers, pile) and which left it (E1)."""

    def __init__(self, game, d: dict):
        self.map_name = d["map"]
        self.all = {t.id for t in game.map.tickets}
        dealt = {t for p in d["players"] for t in p["offer"]}
        # E1: the long tickets not dealt go back to the box; USA has no long tickets
        self.boxed = {t.id for t in game.map.tickets if t.long} - dealt
        self.top = None  # which end of the saved pile is drawn from: "end" or "start"

    def check(self, d: dict) -> None:
        seen = Counter(d["ticket_pile"])
        for p in d["players"]:
            seen.update(p["tickets"])
            seen.update(p["offer"])
        dup = {t: k for t, k in seen.items() if k > 1}
        assert not dup, f"tickets appear more than once: {dup}"
        back = set(seen) & self.boxed
        assert not back, f"boxed tickets came back: {sorted(back)}"
        assert set(seen) == self.all - self.boxed, (
            f"tickets lost: {sorted(self.all - self.boxed - set(seen))}, unknown: {sorted(set(seen) - self.all)}")

    def before_after(self, before: dict, action: Action, after: dict) -> None:
        p = before["current_player"]
        if action.kind == "tickets":
            pile, offer = before["ticket_pile"], after["players"][p]["offer"]
            n = len(offer)
            assert n == min(3, len(pile)), f"drew {n} tickets from a pile of {len(pile)}"
            # docs/save-format.md: the pile is listed bottom first, the last entry is the top
            if set(offer) == set(pile[len(pile) - n:]) and after["ticket_pile"] == pile[:len(pile) - n]:
                top = "end"
            else:
                raise AssertionError(f"offer {offer} is not the top of the pile {pile}")
            if self.top is not None and n < len(pile):
                assert top == self.top, "the ticket pile is drawn from both ends"
            if n < len(pile):
                self.top = top
        elif action.kind == "keep":
            offer = before["players"][p]["offer"]
            kept = list(action.target)
            unkept = [t for t in offer if t not in kept]
            assert sorted(after["players"][p]["tickets"]) == sorted(before["players"][p]["tickets"] + kept)
            assert after["players"][p]["offer"] == []
            initial = before["phase"] == "initial-tickets"
            if initial and self.map_name == "europe":
                self.boxed |= set(unkept)  # E1: unkept initial tickets leave the game
                assert after["ticket_pile"] == before["ticket_pile"]
                return
            # U1/E1: unkept tickets go under the pile
            pile, new = before["ticket_pile"], after["ticket_pile"]
            k = len(unkept)
            assert len(new) == len(pile) + k
            at_start = sorted(new[:k]) == sorted(unkept) and new[k:] == pile
            at_end = sorted(new[len(new) - k:]) == sorted(unkept) and new[:len(new) - k] == pile
            if self.top == "end":
                assert at_start, f"unkept {unkept} not put under the pile: {pile} -> {new}"
            elif self.top == "start":
                assert at_end, f"unkept {unkept} not put under the pile: {pile} -> {new}"
            else:
                assert at_start or at_end, f"unkept {unkept} not put under the pile: {pile} -> {new}"
                if k and pile:
                    self.top = "end" if at_start else "start"


def check_empty_slots(d: dict) -> None:
    """G3: a face-up slot stays empty only while no card can refill it."""
    if None in d["face_up"]:
        assert not d["deck"] and not d["discard"], (
            f"empty face-up slot with {len(d['deck'])} cards in the deck and {len(d['discard'])} in the discard")
    assert len(d["face_up"]) == 5


def check_state(game, d: dict, tickets: TicketTracker) -> None:
    check_cards(game, d)
    check_empty_slots(d)
    check_trains_stations(game, d)
    check_scores(game, d)
    check_double_routes(game, d)
    tickets.check(d)
    assert d["phase"] == game.phase and d["current_player"] == game.current_player
    assert d["history"] == game.history == [str(a) for a in game.actions]


# ------------------------------------------- the legal actions, recomputed

def _pays(hand: dict, colours, length: int, ferry: int) -> set[str]:
    """E3 and the base rules: one colour (the route's, or any for gray) plus
    locomotives as wild, at least `ferry` locomotives; all-locomotive payments too."""
    out = set()
    locos = hand.get(LOCO, 0)
    for c in colours:
        for k in range(ferry, length + 1):  # k locomotives
            if k <= locos and length - k <= hand.get(c, 0):
                out.add(cards_text({c: length - k, LOCO: k}))
    return out


def expected_legal(game, d: dict) -> set[str]:
    """The legal actions of the saved position, derived from the rules alone."""
    phase, p = d["phase"], d["current_player"]
    me = d["players"][p]
    hand = me["hand"]
    m = game.map
    n = d["num_players"]
    face = {c for c in d["face_up"] if c is not None}
    deck_or_discard = bool(d["deck"] or d["discard"])
    if phase == "over":
        return set()
    if phase in ("initial-tickets", "keep-tickets"):
        offer = sorted(me["offer"])
        least = min(len(offer), KEEP_RULES[d["map"]][0 if phase == "initial-tickets" else 2])
        return {"keep " + " ".join(map(str, c)) for k in range(least, len(offer) + 1)
                for c in combinations(offer, k)}
    if phase == "second-card":
        out = {f"draw {c}" for c in face if c != LOCO}  # G4
        if deck_or_discard:
            out.add("draw deck")
        return out
    if phase == "tunnel":
        t = d["tunnel"]
        paid = next((c for c in t["cards"] if c != LOCO), None)
        revealed = t["revealed"]
        # E2: each revealed locomotive, or card of the colour paid, adds one card
        assert t["extra"] == sum(1 for c in revealed if c == LOCO or c == paid) > 0
        assert len(revealed) <= 3
        out = {"decline"}
        colours = [paid] if paid else []
        for pay in _pays(hand, colours, t["extra"], 0):
            out.add(f"pay {pay}")
        if hand.get(LOCO, 0) >= t["extra"]:
            out.add(f"pay {t['extra']}{LOCO}")
        return out
    assert phase == "turn", phase
    out = {f"draw {c}" for c in face}
    if deck_or_discard:
        out.add("draw deck")
    owner = {int(r): s for r, s in d["routes"].items()}
    for r in m.routes:
        if r.id in owner or r.length > me["trains"]:
            continue
        twins_owned = [owner[t] for t in r.twins if t in owner]
        if twins_owned and (n < 4 or p in twins_owned):  # G1
            continue
        colours = COLOURS if r.color == "gray" else (r.color,)
        for pay in _pays(hand, colours, r.length, r.locomotives):
            out.add(f"claim {r.id} {pay}")
    if d["ticket_pile"]:
        out.add("tickets")
    built = len(me["stations"])
    if built < STATIONS[d["map"]]:  # E4: the k-th station costs k cards of one colour
        taken = {c for q in d["players"] for c in q["stations"]}
        pays = _pays(hand, COLOURS, built + 1, 0)
        for city in m.city_index:
            if city not in taken:
                out.update(f"station {city} {pay}" for pay in pays)
    if not out:
        out.add("pass")  # G5
    return out


def check_legal_sequence(game, d: dict) -> list[Action]:
    legal = game.legal_actions()
    items = list(legal)
    texts = [str(a) for a in items]
    assert len(legal) == len(items), "len() disagrees with iteration"
    assert len(set(texts)) == len(texts), f"duplicate legal actions: {[t for t, k in Counter(texts).items() if k > 1]}"
    assert len(set(items)) == len(items)
    for i, a in enumerate(items):
        assert legal[i] == a, f"legal[{i}] != the {i}-th action iterated"
        assert a in legal
        back = game.parse_action(str(a))
        assert back == a and str(back) == str(a), f"{a!r} does not round-trip through its text"
    if items:
        assert legal[-1] == items[-1]
        assert legal[1:3] == items[1:3]
    with pytest.raises(IndexError):
        legal[len(items)]
    # G5/P1: someone always has something to do until the game is over
    assert (len(items) == 0) == (d["phase"] == "over"), f"{len(items)} legal actions in phase {d['phase']}"
    expect = expected_legal(game, d)
    got = set(texts)
    assert got == expect, (f"legal actions differ from the rules in phase {d['phase']}: "
                           f"engine only {sorted(got - expect)[:10]}, rules only {sorted(expect - got)[:10]}")
    return items


# ------------------------------------------------------- illegal actions

GARBAGE = ["", "   ", "foo", "claim", "claim x 1red", "claim 1 3rde", "claim 1 0red", "claim 1 red",
           "claim 1 2red+1red", "draw", "draw Red", "draw purplish", "keep", "keep a", "keep 1 1",
           "pay", "pay 1", "tickets now", "pass 1", "decline please", "station", "station 1red",
           "DRAW deck", "claim -1 1red", "draw deck deck", 123, None, 1.5, ("draw", -1), b"draw deck"]


def illegal_candidates(game, d: dict, rng: random.Random) -> list[tuple[str, object]]:
    """Actions the rules forbid in this position, built by mutating legal ones or the position."""
    m = game.map
    p = d["current_player"]
    phase = d["phase"]
    me = d["players"][p]
    hand = me["hand"]
    owner = {int(r): s for r, s in d["routes"].items()}
    out: list[tuple[str, object]] = [("garbage", rng.choice(GARBAGE)), ("garbage", rng.choice(GARBAGE))]
    free = [r for r in m.routes if r.id not in owner]
    coloured = [r for r in free if r.color != "gray"]
    if coloured:
        r = rng.choice(coloured)
        other = rng.choice([c for c in COLOURS if c != r.color])
        out.append(("wrong colour", f"claim {r.id} {r.length}{other}"))
        if r.locomotives == 0 and r.length > 1:
            n_other = rng.randrange(1, r.length)
            out.append(("two colours", f"claim {r.id} {cards_text({r.color: r.length - n_other, other: n_other})}"))
    if owner:
        rid = rng.choice(sorted(owner))
        r = m.route_by_id[rid]
        col = rng.choice(COLOURS) if r.color == "gray" else r.color
        out.append(("claimed by another", f"claim {rid} {r.length}{col}"))
        out.append(("claimed by another", f"claim {rid} {r.length}{LOCO}"))
    if free:
        r = rng.choice(free)
        col = rng.choice(COLOURS) if r.color == "gray" else r.color
        if r.length > 1:
            out.append(("too few cards", f"claim {r.id} {r.length - 1}{col}"))
        out.append(("too many cards", f"claim {r.id} {r.length + 1}{col}"))
        if hand.get(col, 0) + hand.get(LOCO, 0) < r.length:
            out.append(("cards not held", f"claim {r.id} {cards_text({col: r.length - min(hand.get(LOCO, 0), r.length - 1), LOCO: min(hand.get(LOCO, 0), r.length - 1)})}"))
        if r.locomotives:  # E3: ferry spaces need locomotives
            out.append(("ferry without locomotives", f"claim {r.id} {r.length}{col}"))
    out.append(("no such route", f"claim {max(m.route_by_id) + 1} 1red"))
    out.append(("no such route", "claim 0 1red"))
    out.append(("no such city", "station Atlantis 1red"))
    taken = [c for q in d["players"] for c in q["stations"]]
    if taken:
        out.append(("city has a station", f"station {rng.choice(taken)} {len(me['stations']) + 1}{LOCO}"))
    if d["map"] == "usa" or len(me["stations"]) >= 3:
        out.append(("no stations left", f"station {rng.choice(list(m.city_index))} 1{LOCO}"))
    else:
        free_cities = [c for c in m.city_index if c not in taken]
        cost = len(me["stations"]) + 1
        out.append(("wrong station cost", f"station {rng.choice(free_cities)} {cost + 1}{LOCO}"))
        if cost > 1:
            out.append(("wrong station cost", f"station {rng.choice(free_cities)} {cost - 1}{LOCO}"))
    offered = me["offer"]
    not_offered = sorted({t.id for t in m.tickets} - set(offered))
    out.append(("ticket not offered", f"keep {rng.choice(not_offered)}"))
    if phase == "turn":
        out += [("other phase", "decline"), ("other phase", "pay 1red"), ("other phase", "pay 1locomotive")]
        others = [t for q in d["players"] for t in q["tickets"]]
        if others:
            out.append(("other phase", f"keep {rng.choice(others)}"))
        if not d["ticket_pile"]:
            out.append(("empty ticket pile", "tickets"))
        if not (d["deck"] or d["discard"]):
            out.append(("empty piles (G3)", "draw deck"))
        out.append(("G5: pass with moves", "pass"))
    elif phase == "second-card":
        out += [("other phase", "tickets"), ("other phase", "decline"), ("other phase", "pass")]
        if LOCO in d["face_up"]:
            out.append(("G4 second card locomotive", f"draw {LOCO}"))
        if free:
            r = rng.choice(free)
            out.append(("other phase", f"claim {r.id} {r.length}{LOCO}"))
        if d["map"] == "europe":
            out.append(("other phase", f"station {rng.choice(list(m.city_index))} 1{LOCO}"))
    elif phase in ("initial-tickets", "keep-tickets"):
        out += [("other phase", "draw deck"), ("other phase", "tickets"), ("other phase", "pass"),
                ("other phase", "decline")]
        least = 2 if phase == "initial-tickets" else 1
        if len(offered) > least and least > 1:
            out.append(("keep too few", f"keep {rng.choice(offered)}"))
        if offered:
            out.append(("ticket not offered", "keep " + " ".join(map(str, sorted(offered + [not_offered[0]])))))
    elif phase == "tunnel":
        t = d["tunnel"]
        out += [("other phase", "draw deck"), ("other phase", "tickets"), ("other phase", "pass")]
        paid = next((c for c in t["cards"] if c != LOCO), None)
        wrong = rng.choice([c for c in COLOURS if c != paid])
        out.append(("tunnel: wrong colour", f"pay {t['extra']}{wrong}"))
        if t["extra"] > 1:
            out.append(("tunnel: too few", f"pay {t['extra'] - 1}{LOCO}"))
        out.append(("tunnel: too many", f"pay {t['extra'] + 1}{LOCO}"))
    elif phase == "over":
        out += [("game over", "draw deck"), ("game over", "pass"), ("game over", "tickets")]
    # the same, as Action values rather than text
    for label, a in list(out):
        if isinstance(a, str):
            try:
                out.append((label + " (Action)", Action.from_text(a)))
            except ValueError:
                pass
    return out


def check_illegal(game, d: dict, rng: random.Random, legal_texts: set[str], sample: int = 8) -> None:
    cands = illegal_candidates(game, d, rng)
    for label, a in rng.sample(cands, min(sample, len(cands))):
        text = a if isinstance(a, str) else str(a) if isinstance(a, Action) else None
        if text is not None and text in legal_texts:
            continue  # e.g. "keep x" that happens to be legal: not a mutation after all
        with pytest.raises(IllegalActionError):
            game.apply(a)
        after = ttr.save_game(game)
        assert after == d, f"a refused action ({label}: {a!r}) changed the state"


# --------------------------------------------------------------- results

def own_components(game, seat: int, extra=()) -> dict:
    """Union-find over the cities joined by seat's routes (plus `extra` route ids)."""
    m = game.map
    parent = {c: c for c in m.city_index}

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x
    for r in [r.id for r in m.routes if game.owner[r.id] == seat] + list(extra):
        a, b = (find(c) for c in m.route_by_id[r].cities)
        parent[a] = b
    return {c: find(c) for c in m.city_index}


def ticket_score(game, comp: dict, tickets) -> int:
    total = 0
    for t in tickets:
        tk = game.map.ticket_by_id[t]
        total += tk.points if comp[tk.cities[0]] == comp[tk.cities[1]] else -tk.points
    return total


def brute_longest(edges: list[tuple[str, str, int]]) -> int:
    """G8 by exhaustive search: the longest trail (each route once, cities may repeat)."""
    adj: dict[str, list] = {}
    for i, (a, b, w) in enumerate(edges):
        adj.setdefault(a, []).append((b, w, i))
        adj.setdefault(b, []).append((a, w, i))
    used = [False] * len(edges)

    def walk(u):
        best = 0
        for v, w, i in adj[u]:
            if not used[i]:
                used[i] = True
                best = max(best, w + walk(v))
                used[i] = False
        return best
    return max((walk(u) for u in adj), default=0)


def check_result(game, final: bool) -> None:
    res = game.result()
    json.dumps(res)
    n = game.num_players
    name = game.map.name
    ps = res["players"]
    assert [p["seat"] for p in ps] == list(range(n))
    assert res["over"] == game.is_over
    d = ttr.save_game(game)
    m = game.map
    longest = {}
    for seat, p in enumerate(ps):
        owned = [int(r) for r, s in d["routes"].items() if s == seat]
        assert p["route_points"] == sum(POINTS[name][m.route_by_id[r].length] for r in owned)
        assert sorted(p["tickets_completed"] + p["tickets_failed"]) == sorted(d["players"][seat]["tickets"])
        assert p["ticket_points"] == (sum(m.ticket_by_id[t].points for t in p["tickets_completed"])
                                      - sum(m.ticket_by_id[t].points for t in p["tickets_failed"]))
        assert p["stations_built"] == len(d["players"][seat]["stations"])
        assert p["station_points"] == 4 * (STATIONS[name] - p["stations_built"])  # E4; USA: none
        assert p["trains_left"] == d["players"][seat]["trains"]
        bonus_total = sum(p["bonuses"].values())
        assert p["total"] == p["route_points"] + p["ticket_points"] + p["station_points"] + bonus_total
        # G9/E4, recomputed: the best borrowing of one other player's route per station
        borrowed = p["stations_borrowed"]
        for city, r in borrowed.items():
            assert city in d["players"][seat]["stations"]
            assert city in m.route_by_id[r].cities and game.owner[r] not in (-1, seat)
        comp = own_components(game, seat, borrowed.values())
        for t in p["tickets_completed"]:
            a, b = m.ticket_by_id[t].cities
            assert comp[a] == comp[b], f"seat {seat}: ticket {t} counted complete but {a}-{b} are not joined"
        for t in p["tickets_failed"]:
            a, b = m.ticket_by_id[t].cities
            assert comp[a] != comp[b], f"seat {seat}: ticket {t} counted failed but {a}-{b} are joined"
        options = [[r for r in (x.id for x in m.routes) if city in m.route_by_id[r].cities
                    and game.owner[r] not in (-1, seat)] or [None] for city in d["players"][seat]["stations"]]
        best = max(ticket_score(game, own_components(game, seat, [r for r in combo if r is not None]),
                                d["players"][seat]["tickets"]) for combo in product(*options))
        assert p["ticket_points"] == best, f"seat {seat}: ticket points {p['ticket_points']}, best borrowing gives {best}"
        if final:  # exhaustive G8 check (own routes only, never borrowed ones)
            edges = [(*m.route_by_id[r].cities, m.route_by_id[r].length) for r in owned]
            longest[seat] = brute_longest(edges)
            assert p["longest_path"] == longest[seat], f"seat {seat}: longest {p['longest_path']} != {longest[seat]}"
    top = max(p["longest_path"] for p in ps)
    for p in ps:  # G8: every player tied for the longest gets the bonus
        expect = {LONGEST_NAME[name]: 10} if p["longest_path"] == top and top > 0 else {}
        assert p["bonuses"] == expect, f"seat {p['seat']}: bonuses {p['bonuses']}, expected {expect}"
    ranking = res["ranking"]
    assert sorted(ranking) == list(range(n)), "ranking is not a permutation of the seats"
    totals = [ps[s]["total"] for s in ranking]
    assert totals == sorted(totals, reverse=True), "ranking not sorted by total"

    def key(p):  # U1 / E6 tie-breaks
        if name == "usa":  # U1: then holding the longest-path bonus card (path lengths are not compared)
            return (p["total"], len(p["tickets_completed"]), 1 if "longest_path" in p["bonuses"] else 0)
        return (p["total"], len(p["tickets_completed"]), -p["stations_built"],
                1 if "european_express" in p["bonuses"] else 0)
    best_key = max(key(p) for p in ps)
    assert res["winners"] == [p["seat"] for p in ps if key(p) == best_key]
    assert ranking == sorted(range(n), key=lambda s: (tuple(-x for x in key(ps[s])), s)), (
        "ranking must follow the tie-breaks, seats still tied in seat order")
    for p in ps:
        assert p["rank"] == 1 + sum(1 for o in ps if key(o) > key(p))


# ------------------------------------------------------------ play a game

def choose(game, items: list[Action], rng: random.Random, policy: str) -> Action:
    if policy == "uniform":
        return rng.choice(items)
    kinds = sorted({a.kind for a in items})
    if policy == "hoarder" and "draw" in kinds and rng.random() < 0.9:
        return rng.choice([a for a in items if a.kind == "draw"])
    if policy == "tunnel_payer":
        if "pay" in kinds:
            return rng.choice([a for a in items if a.kind == "pay"])
        tunnels = [a for a in items if a.kind == "claim" and game.map.route_by_id[a.target].tunnel]
        if tunnels and rng.random() < 0.7:
            return rng.choice(tunnels)
        return rng.choice(items)
    kind = rng.choice(kinds)
    return rng.choice([a for a in items if a.kind == kind])


def play_checked(map_name: str, players: int, seed: int, policy: str, every_legal: int = 10) -> None:
    rng = random.Random(seed * 31 + players)
    game = ttr.new_game(map_name, players=players, seed=seed)
    d = ttr.save_game(game)
    tickets = TicketTracker(game, d)
    check_state(game, d, tickets)
    restored: list[tuple[int, ttr.Game]] = []
    verified = False
    trigger = None   # turns counted when the last round was triggered (G6)
    turns_after = 0
    step = 0
    while not game.is_over:
        items = check_legal_sequence(game, d)
        texts = {str(a) for a in items}
        # every legal action applies, on a clone, leaving the original untouched
        sample = items if step % every_legal == 0 else rng.sample(items, min(3, len(items)))
        for a in sample:
            c = game.clone()
            c.apply(a)
            assert c.card_census() == 110
            assert c.history == d["history"] + [str(a)]
        check_illegal(game, d, rng, texts)
        if step % 7 == 0:  # the original was never touched by all of that
            assert ttr.save_game(game) == d
        # clone independence: play a clone on, the original must not move
        if rng.random() < 0.03:
            c = game.clone()
            for _ in range(25):
                if c.is_over:
                    break
                la = c.legal_actions()
                c.apply_unchecked(la[rng.randrange(len(la))])
            assert ttr.save_game(game) == d, "playing a clone changed the original"
            assert [str(a) for a in game.legal_actions()] == [str(a) for a in items]
        # save/restore at random points; the restored game must go on identically
        if rng.random() < 0.02 or step == 5:
            blob = json.loads(json.dumps(d))
            g2 = ttr.load_game(blob, verify=not verified)
            verified = True
            assert ttr.save_game(g2) == d, "to_dict -> json -> from_dict -> to_dict is not the identity"
            assert [str(a) for a in g2.legal_actions()] == [str(a) for a in items]
            restored.append((len(game.actions), g2))
        a = choose(game, items, rng, policy)
        before = d
        mover = game.current_player
        r = rng.random()
        if r < 0.3:
            game.apply(str(a))
        elif r < 0.35:
            game.apply_unchecked(a)
        else:
            game.apply(a)
        d = ttr.save_game(game)
        tickets.before_after(before, a, d)
        check_state(game, d, tickets)
        turn_ended = d["phase"] in ("turn", "over") and before["phase"] != "initial-tickets"
        if turn_ended:
            if trigger is None and d["players"][mover]["trains"] <= 2:
                trigger = step
            elif trigger is not None:
                turns_after += 1
                assert turns_after <= players, "the game went on after the final round (G6)"
                assert (turns_after == players) == game.is_over or d["passes"] >= players, (
                    f"{turns_after} turns after the trigger in a {players}-player game, over={game.is_over} (G6)")
        if rng.random() < 0.01:
            check_result(game, final=False)
        step += 1
    # G6: after the trigger, every player, the trigger's too, played exactly one more turn
    assert trigger is not None or d["passes"] >= players, "the game ended without a trigger or a round of passes"
    if trigger is not None:
        assert turns_after == players or d["passes"] >= players, f"{turns_after} turns after the trigger (G6)"
    check_legal_sequence(game, d)
    assert len(game.legal_actions()) == 0
    check_illegal(game, d, rng, set(), sample=20)
    check_result(game, final=True)
    # replay from seed + history reproduces the final state exactly (G10)
    again = ttr.replay(map_name, players, seed, game.history)
    assert ttr.save_game(again) == d
    assert again.result() == game.result()
    # restored games continue identically
    for at, g2 in restored:
        for a in game.actions[at:]:
            assert a in g2.legal_actions()
            g2.apply(a)
        assert ttr.save_game(g2) == d, f"the game restored at action {at} diverged"
        assert g2.result() == game.result()
    # the final save restores too
    g3 = ttr.load_game(json.loads(json.dumps(d)), verify=True)
    assert ttr.save_game(g3) == d and g3.is_over and g3.result() == game.result()


@pytest.mark.parametrize("map_name,players", CONFIGS)
@PROP_SETTINGS
@given(seed=st.integers(0, 2**31 - 1), policy=st.sampled_from(POLICIES))
def test_invariants_after_every_action(map_name, players, seed, policy):
    play_checked(map_name, players, seed, policy)


# ------------------------------------------------------- smaller properties

@pytest.mark.parametrize("map_name", ["usa", "europe"])
@settings(max_examples=6, deadline=None, database=None)
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 5), steps=st.integers(0, 400))
def test_apply_text_action_and_unchecked_agree(map_name, seed, players, steps):
    """apply(Action), apply(text) and apply_unchecked(Action) lead to the same state (G10)."""
    rng = random.Random(seed)
    a_game = ttr.new_game(map_name, players=players, seed=seed)
    b_game = ttr.new_game(map_name, players=players, seed=seed)
    c_game = ttr.new_game(map_name, players=players, seed=seed)
    for _ in range(steps):
        if a_game.is_over:
            break
        la = a_game.legal_actions()
        a = la[rng.randrange(len(la))]
        a_game.apply(a)
        b_game.apply(str(a))
        c_game.apply_unchecked(a)
    assert ttr.save_game(a_game) == ttr.save_game(b_game) == ttr.save_game(c_game)


@pytest.mark.parametrize("map_name", ["usa", "europe"])
@settings(max_examples=5, deadline=None, database=None)
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 5))
def test_same_seed_same_game_different_seed_different_deal(map_name, seed, players):
    """G10: the seed alone decides the deal; another seed deals differently."""
    a = ttr.save_game(ttr.new_game(map_name, players=players, seed=seed))
    b = ttr.save_game(ttr.new_game(map_name, players=players, seed=seed))
    c = ttr.save_game(ttr.new_game(map_name, players=players, seed=seed + 1))
    assert a == b
    assert a["deck"] != c["deck"]


@pytest.mark.parametrize("map_name,players", CONFIGS)
def test_initial_position(map_name, players):
    """U1/E1/G7: 4 cards each, 5 face up, 45 trains, ticket offers dealt, seat 0 keeps first."""
    g = ttr.new_game(map_name, players=players, seed=players)
    d = ttr.save_game(g)
    assert d["phase"] == "initial-tickets" and d["current_player"] == 0
    assert len(d["face_up"]) == 5 and None not in d["face_up"]
    for p in d["players"]:
        assert sum(p["hand"].values()) == 4
        assert p["trains"] == 45 and p["score"] == 0 and p["stations"] == [] and p["tickets"] == []
        if map_name == "usa":
            assert len(p["offer"]) == 3
        else:
            offer = [g.map.ticket_by_id[t] for t in p["offer"]]
            assert len(offer) == 4 and sum(t.long for t in offer) == 1
    assert len(d["deck"]) + len(d["discard"]) == 110 - 5 - 4 * players
    # G7: seats choose in order
    for seat in range(players):
        assert g.current_player == seat and g.phase == "initial-tickets"
        g.apply(g.legal_actions()[0])
    assert g.phase == "turn" and g.current_player == 0


MALFORMED_ACTIONS = [
    Action("keep", 5), Action("keep", ("a",)), Action("claim", "x", ()), Action("claim", 1, ((99, 1),)),
    Action("claim", 1, ((-1, 1),)), Action("claim", 1, "3red"), Action("draw", "red"), Action("draw", 99),
    Action("station", 5, ((0, 1),)), Action("pay", None, ((99, 1),)), Action("bogus"),
    Action("claim", [1], ((7, 1),)), Action("keep", None),
]


@pytest.mark.parametrize("bad", MALFORMED_ACTIONS, ids=lambda a: f"{a.kind}-{a.target!r}-{a.cards!r}")
def test_malformed_action_values_are_refused(bad):
    """apply() promises IllegalActionError, changing nothing, for anything not legal,
    including hand-built Action values with nonsense fields (checked in three positions)."""
    for steps in (0, 8, 40):
        g = ttr.new_game("europe", players=3, seed=4)
        rng = random.Random(4)
        for _ in range(steps):
            la = g.legal_actions()
            g.apply(la[rng.randrange(len(la))])
        before = ttr.save_game(g)
        with pytest.raises(IllegalActionError):
            g.apply(bad)
        assert ttr.save_game(g) == before


def turns_completed(seats: list[int], players: int) -> int:
    """Turns played after the initial ticket choices (each turn: a run of one seat's actions)."""
    rest = seats[players:]
    return 0 if not rest else 1 + sum(1 for a, b in zip(rest, rest[1:]) if a != b)


@pytest.mark.parametrize("map_name,players", [("usa", 2), ("europe", 4)])
def test_turn_counter_counts_completed_turns(map_name, players):
    """docs/save-format.md: `turn` is the number of turns completed, up to and including the last one."""
    rng = random.Random(players)
    g = ttr.new_game(map_name, players=players, seed=17)
    while not g.is_over:
        la = g.legal_actions()
        g.apply(la[rng.randrange(len(la))])
        d = ttr.save_game(g)
        done = turns_completed(d["history_seats"], players)
        if d["phase"] in ("second-card", "tunnel", "keep-tickets"):
            done -= 1  # the turn in progress is not complete yet
        assert d["turn"] == max(done, 0) == g.view(0)["turn"], (
            f"after {len(d['history'])} actions (phase {d['phase']}): turn {d['turn']}, {done} turns completed")


# ------------------------------------------------------------- E2 tunnels

TUNNELS = [r for r in ttr.load_map("europe").routes if r.tunnel]


@settings(max_examples=300, deadline=None, database=None)
@given(data=st.data())
def test_tunnel_extra_cards_E2(data):
    """E2 on hand-built positions: the revealed locomotives and cards of the colour paid ask
    for that many more cards (only locomotives count, and only locomotives pay, after an
    all-locomotive payment); fewer cards are revealed when fewer exist; declining gives
    the cards back; the revealed cards are discarded either way; extra cards score nothing."""
    g = ttr.new_game("europe", players=2, seed=data.draw(st.integers(0, 1000), label="seed"))
    for _ in range(2):
        g.apply(g.legal_actions()[0])
    d = ttr.save_game(g)
    r = data.draw(st.sampled_from(TUNNELS), label="route")
    mode = data.draw(st.sampled_from(["colour", "locos"]), label="mode")
    if mode == "colour":
        colour = r.color if r.color != "gray" else data.draw(st.sampled_from(COLOURS), label="colour")
        k = data.draw(st.integers(r.locomotives, r.length - 1), label="locos paid")
        payment = Counter({colour: r.length - k, LOCO: k})
    else:
        colour = None
        payment = Counter({LOCO: r.length})
    card = st.one_of(st.just(LOCO), st.sampled_from(CARD_ORDER))  # locomotives often
    revealed = data.draw(st.lists(card, max_size=3), label="revealed")
    spare = Counter({LOCO: data.draw(st.integers(0, 3), label="spare locos")})
    if colour:
        spare[colour] = data.draw(st.integers(0, 3), label="spare colour")
    spare[data.draw(st.sampled_from(COLOURS), label="other colour")] += data.draw(st.integers(0, 3), label="spare other")
    hand0 = +(payment + spare)
    pool = FULL_DECK - Counter(c for c in d["face_up"] if c)
    rest = pool - hand0 - Counter(revealed)
    assume(sum(rest.values()) == sum(pool.values()) - sum(hand0.values()) - len(revealed))  # enough cards
    rest_cards = [c for c in CARD_ORDER for _ in range(rest[c])]
    random.Random(len(rest_cards)).shuffle(rest_cards)
    if len(revealed) == 3:
        hand1, middle = rest_cards[:4], rest_cards[4:]
        deck = middle + revealed[::-1]  # the last entry is the top
    else:  # fewer cards exist than 3: everything else is in the other hand
        hand1, deck = rest_cards, revealed[::-1]
    d["deck"], d["discard"] = deck, []
    d["players"][0]["hand"] = dict(hand0)
    d["players"][1]["hand"] = dict(Counter(hand1))
    g = ttr.load_game(d, verify=False)
    claim = f"claim {r.id} {cards_text(payment)}"
    assert claim in {str(a) for a in g.legal_actions()}
    g.apply(claim)
    after = ttr.save_game(g)
    check_cards(g, after)
    paid = Counter(payment)
    extra = sum(1 for c in revealed if c == LOCO or c == colour)
    points = POINTS["europe"][r.length]

    def claimed(state, extra_paid: Counter):
        assert state["routes"].get(str(r.id)) == 0
        assert Counter(state["players"][0]["hand"]) == hand0 - paid - extra_paid
        assert Counter(state["discard"]) == paid + Counter(revealed) + extra_paid
        assert state["players"][0]["trains"] == 45 - r.length, "extra cards use no trains"
        assert state["players"][0]["score"] == points, "extra cards add no points"
        assert state["phase"] == "turn" and state["current_player"] == 1

    if extra == 0:
        assert after["tunnel"] is None
        claimed(after, Counter())
        return
    assert after["phase"] == "tunnel" and after["current_player"] == 0
    assert after["tunnel"]["extra"] == extra
    assert sorted(after["tunnel"]["revealed"]) == sorted(revealed)
    legal = {str(a) for a in g.legal_actions()}
    left = hand0 - paid
    expect = {"decline"}
    for locos in range(extra + 1):
        if locos <= left[LOCO] and (colour or locos == extra) and extra - locos <= (left[colour] if colour else 0):
            expect.add("pay " + cards_text({colour: extra - locos, LOCO: locos} if colour else {LOCO: extra}))
    assert legal == expect
    json.dumps(g.view(1))
    assert g.view(1)["tunnel"]["extra"] == extra  # a pending tunnel is public
    # decline: the cards go back to the hand, the revealed cards are discarded, the turn ends
    dec = g.clone()
    dec.apply("decline")
    s = ttr.save_game(dec)
    assert str(r.id) not in s["routes"]
    assert Counter(s["players"][0]["hand"]) == hand0
    assert Counter(s["discard"]) == Counter(revealed)
    assert s["players"][0]["trains"] == 45 and s["players"][0]["score"] == 0
    assert s["phase"] == "turn" and s["current_player"] == 1
    check_cards(dec, s)
    for pay in sorted(expect - {"decline"}):
        c = g.clone()
        c.apply(pay)
        claimed(ttr.save_game(c), Counter({CARD_ORDER[k]: v for k, v in Action.from_text(pay).cards}))
        check_cards(c, ttr.save_game(c))


@pytest.mark.parametrize("map_name,players", [("usa", 2), ("europe", 3)])
def test_clone_of_a_finished_game_is_independent(map_name, players):
    """Clone independence includes what a clone hands out: mutating the clone's result
    (or the clone itself) never changes the original's."""
    rng = random.Random(5)
    g = ttr.new_game(map_name, players=players, seed=5)
    while not g.is_over:
        la = g.legal_actions()
        g.apply_unchecked(la[rng.randrange(len(la))])
    expected = json.loads(json.dumps(g.result()))
    d = ttr.save_game(g)
    c = g.clone()
    res = c.result()
    res["players"][0]["total"] += 1000
    res["winners"].append(99)
    res["ranking"].reverse()
    c.hands[0][0] += 5
    c.tickets[0].append(-1)
    assert ttr.save_game(g) == d
    assert g.result() == expected, "mutating a clone's result changed the original's"
