"""End-of-game scoring: tickets (with E4 station borrowing), longest path, bonuses, ranking."""
from __future__ import annotations

from itertools import product

from .graph import DisjointSet, longest_trail


def _ticket_points(rules, ds: DisjointSet, tickets: list[int]) -> tuple[int, list[int], list[int]]:
    done, failed, pts = [], [], 0
    for t in tickets:
        a, b = rules.ticket_ends[t]
        if ds.find(a) == ds.find(b):
            done.append(t)
            pts += rules.ticket_points[t]
        else:
            failed.append(t)
            pts -= rules.ticket_points[t]
    return pts, done, failed


def score_tickets(game, p: int) -> dict:
    """Tickets of seat p. E4: each station may borrow one route of another player
    into its city; the borrowings that maximise the ticket score are chosen, and
    among those the ones completing most tickets (P4, it matters for E6)."""
    rules = game.rules
    owner = game.owner
    ends = rules.r_ends
    ds = DisjointSet(len(rules.city_names))
    for r in rules.route_ids:
        if owner[r] == p:
            ds.union(*ends[r])
    tickets = game.tickets[p]
    best = _ticket_points(rules, ds, tickets)
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
            cand = _ticket_points(rules, d, tickets)
            if (cand[0], len(cand[1])) > (best[0], len(best[1])):  # P4: then most tickets completed
                best = cand
                borrowed = {city: r for (city, _), r in zip(choices, combo)}
    pts, done, failed = best
    return {"ticket_points": pts, "tickets_completed": done, "tickets_failed": failed,
            "stations_borrowed": borrowed}


def longest_of(game, p: int) -> int:
    rules = game.rules
    owner = game.owner
    return longest_trail([(*rules.r_ends[r], rules.r_len[r]) for r in rules.route_ids if owner[r] == p])


TIE_BREAKS = {
    # name: key, larger is better
    "tickets_completed": lambda r: len(r["tickets_completed"]),
    "longest_path": lambda r: r["longest_path"],
    "fewest_stations": lambda r: -r["stations_built"],
    "european_express": lambda r: 1 if "european_express" in r["bonuses"] else 0,
}


def result(game) -> dict:
    rules = game.rules
    ed = rules.edition
    n = rules.players
    players = []
    for p in range(n):
        t = score_tickets(game, p)
        built = len(game.stations[p])
        players.append({
            "seat": p,
            "route_points": game.scores[p],
            **t,
            "longest_path": longest_of(game, p),
            "stations_built": built,
            "station_points": (ed.stations - built) * ed.station_points if ed.stations else 0,
            "trains_left": game.trains[p],
            "bonuses": {},
        })
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
        r["total"] = r["route_points"] + r["ticket_points"] + r["station_points"] + sum(r["bonuses"].values())
    keys = [TIE_BREAKS[name] for name in ed.tie_breaks]

    def key(r):
        return (r["total"], *(k(r) for k in keys))

    ranking = sorted(range(n), key=lambda p: (tuple(-x for x in key(players[p])), p))
    for r in players:
        r["rank"] = 1 + sum(1 for o in players if key(o) > key(r))
    return {"players": players, "ranking": ranking,
            "winners": [p for p in range(n) if players[p]["rank"] == 1],
            "over": game.is_over}
