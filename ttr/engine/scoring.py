"""End-of-game scoring: tickets (with E4 station borrowing), longest path, bonuses, ranking."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import product
from typing import TYPE_CHECKING, Any

from .graph import DisjointSet, longest_trail

if TYPE_CHECKING:  # pragma: no cover
    from .game import PyGame
    from .ruleset import Ruleset

# (ticket points, completed ticket ids, failed ticket ids, tour id -> "in_order" / "any_order" / "failed")
TicketScore = tuple[int, list[int], list[int], dict[int, str]]


def ordered_path(adj: dict[int, set[int]], seq: tuple[int, ...]) -> bool:
    """RS4: is there a path from seq[0] to seq[-1] that meets the listed cities in
    this order and never repeats a city? (A listed city met out of turn breaks it.)"""
    return _ordered(adj, seq, {c: i for i, c in enumerate(seq)}, {seq[0]}, seq[0], 1)


def _ordered(adj: dict[int, set[int]], seq: tuple[int, ...], turn: dict[int, int], visited: set[int],
             u: int, i: int) -> bool:
    """ordered_path from u, `i` the index of the next listed city to meet (a module function, not
    a closure: a recursive closure is a reference cycle, freed only by the garbage collector)."""
    for v in adj.get(u, ()):
        if v in visited:
            continue
        j = turn.get(v)
        if j is not None and j != i:
            continue
        if j == i and i == len(seq) - 1:
            return True
        visited.add(v)
        if _ordered(adj, seq, turn, visited, v, i + 1 if j == i else i):
            return True
        visited.discard(v)
    return False


def _adjacency(rules: Ruleset, routes: Sequence[int]) -> dict[int, set[int]]:
    adj: dict[int, set[int]] = {}
    for r in routes:
        a, b = rules.r_ends[r]
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)
    return adj


def _ticket_points(rules: Ruleset, ds: DisjointSet, tickets: list[int], routes: Sequence[int] = ()) -> TicketScore:
    """Points, completed and failed tickets; tours (RS4) need the routes for the ordered path."""
    done: list[int] = []
    failed: list[int] = []
    pts = 0
    tours: dict[int, str] = {}
    adj = None
    for t in tickets:
        tour = rules.tours.get(t)
        if tour is not None:
            cities = rules.ticket_cities[t]
            root = ds.find(cities[0])
            if all(ds.find(c) == root for c in cities):
                if adj is None:
                    adj = _adjacency(rules, routes)
                in_order = ordered_path(adj, cities)
                tours[t] = "in_order" if in_order else "any_order"
                pts += tour.points if in_order else tour.points_any_order
                done.append(t)
            else:
                tours[t] = "failed"
                pts -= tour.penalty or tour.points
                failed.append(t)
            continue
        a, b = rules.ticket_ends[t]
        if ds.find(a) == ds.find(b):
            done.append(t)
            pts += rules.ticket_points[t]
        else:
            failed.append(t)
            pts -= rules.ticket_points[t]
    return pts, done, failed, tours


def score_tickets(game: PyGame, p: int) -> dict[str, Any]:
    """Tickets of seat p. E4: each station may borrow one route of another player
    into its city; the borrowings that maximise the ticket score are chosen, and
    among those the ones completing most tickets (P4, it matters for E6)."""
    rules = game.rules
    owner = game.owner
    ends = rules.r_ends
    ds = DisjointSet(len(rules.city_names))
    own = [r for r in rules.route_ids if owner[r] == p]
    for r in own:
        ds.union(*ends[r])
    tickets = game.tickets[p]
    best = _ticket_points(rules, ds, tickets, own)
    borrowed: dict[str, int] = {}
    choices = []
    for city in game.stations[p]:
        options = [r for r in rules.city_routes[city] if owner[r] >= 0 and owner[r] != p]
        if options:
            choices.append((city, options))
    if choices and best[2]:  # something to gain only if a ticket is still failed
        for combo in product(*(opts for _, opts in choices)):
            d = ds.copy()
            for r in combo:
                d.union(*ends[r])
            cand = _ticket_points(rules, d, tickets, own + list(combo))
            if (cand[0], len(cand[1])) > (best[0], len(best[1])):  # P4: then most tickets completed
                best = cand
                borrowed = {rules.city_names[city]: r for (city, _), r in zip(choices, combo)}
    pts, done, failed, tours = best
    return {"ticket_points": pts, "tickets_completed": done, "tickets_failed": failed,
            "stations_borrowed": borrowed, "tours": tours}


def harbor_points(game: PyGame, p: int, done: list[int]) -> int:
    """RS5: each harbor scores by the completed tickets naming its city (a tour:
    any city on it); each unbuilt harbor loses the penalty."""
    ed = game.rules.edition
    if not ed.harbors:
        return 0
    cities_of = game.rules.ticket_cities
    pts = -ed.harbor_penalty * (ed.harbors - len(game.harbors[p]))
    for city in game.harbors[p]:
        count = sum(1 for t in done if city in cities_of[t])
        if count:
            pts += ed.harbor_points[min(count, len(ed.harbor_points)) - 1]
    return pts


def longest_of(game: PyGame, p: int) -> int:
    rules = game.rules
    owner = game.owner
    return longest_trail([(*rules.r_ends[r], rules.r_len[r]) for r in rules.route_ids if owner[r] == p])


TIE_BREAKS: dict[str, Callable[[dict[str, Any]], int]] = {
    # name: key, larger is better
    "tickets_completed": lambda r: len(r["tickets_completed"]),
    "longest_path": lambda r: r["longest_path"],
    "longest_path_bonus": lambda r: 1 if "longest_path" in r["bonuses"] else 0,  # U1: holding the card
    "fewest_stations": lambda r: -r["stations_built"],
    "european_express": lambda r: 1 if "european_express" in r["bonuses"] else 0,
}


def result(game: PyGame) -> dict[str, Any]:
    rules = game.rules
    ed = rules.edition
    players: list[dict[str, Any]] = []
    for p in range(rules.players):
        t = score_tickets(game, p)
        built = len(game.stations[p])
        players.append({
            "seat": p,
            "route_points": game.scores[p] + game.exchanged[p],
            "exchange_points": -game.exchanged[p],
            **t,
            "harbors_built": len(game.harbors[p]),
            "harbor_points": harbor_points(game, p, t["tickets_completed"]),
            "longest_path": longest_of(game, p),
            "stations_built": built,
            "station_points": (ed.stations - built) * ed.station_points if ed.stations else 0,
            "trains_left": game.trains[p],
            "ships_left": game.ships[p],
            "bonuses": {},
        })
    return finish(rules, players, game.is_over)


def finish(rules: Ruleset, players: list[dict[str, Any]], over: bool) -> dict[str, Any]:
    """The result from each seat's scored facts (the keys `result` writes, `bonuses` empty): the
    bonuses, totals, ranks (tie breaks) and winners. Shared by every engine."""
    ed = rules.edition
    n = len(players)
    if ed.longest_bonus:  # G8: every player tied for the longest gets it
        top = max(r["longest_path"] for r in players)
        for r in players:
            if r["longest_path"] == top and top > 0:
                r["bonuses"][ed.longest_bonus_name] = ed.longest_bonus
    if ed.globetrotter_bonus:
        top = max(len(r["tickets_completed"]) for r in players)
        for r in players:
            if len(r["tickets_completed"]) == top:
                r["bonuses"]["globetrotter"] = ed.globetrotter_bonus
    for r in players:
        r["total"] = (r["route_points"] + r["exchange_points"] + r["ticket_points"] + r["station_points"]
                      + r["harbor_points"] + sum(r["bonuses"].values()))
    keys = [TIE_BREAKS[name] for name in ed.tie_breaks]

    def key(r: dict[str, Any]) -> tuple[int, ...]:
        return (r["total"], *(k(r) for k in keys))

    ranking = sorted(range(n), key=lambda p: (tuple(-x for x in key(players[p])), p))
    for r in players:
        r["rank"] = 1 + sum(1 for o in players if key(o) > key(r))
    return {"players": players, "ranking": ranking,
            "winners": [p for p in range(n) if players[p]["rank"] == 1],
            "over": over}
