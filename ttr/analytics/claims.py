"""When routes are claimed (pure functions of the records and the map): each route's claim
round and how far into the game it falls, the contested routes taken early, the routes grouped
by length, colour and kind, double-route closure (G1) and each bot's claims.
docs/analyze.md defines each number."""
from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass

from ..maps import Map, Route
from .common import Rate, mean

CONTESTED = 2 / 3   # claimed in at least this share of the games,
EARLY = 1 / 3       # with its median claim at most this far into the game: contested and taken early


def claim_round(turn: int, players: int) -> int:
    """The round a claim fell in: 1 for the first turn of every player, and so on."""
    return turn // players + 1


def route_kind(r: Route) -> str:
    return "ship" if r.kind == "ship" else "tunnel" if r.tunnel else "ferry" if r.locomotives else "plain"


def claims_of(games: list[list[dict]]):
    """Every claim: (game, seat record, route id, round, share of the game's turns played before it)."""
    for g in games:
        for seat in g:
            for r, t in zip(seat["routes"], seat["route_turns"]):
                yield g, seat, r, claim_round(t, len(g)), t / seat["turns"]


@dataclass(frozen=True)
class ClaimStat:
    route: Route
    claimed: Rate       # games in which it was claimed / games
    mean_round: float
    median_round: float
    median_share: float  # median share of the game's turns played before the claim
    early: bool          # contested and taken early
    by_count: dict[int, float]   # by player count: games in which it was claimed / games


@dataclass(frozen=True)
class GroupStat:
    group: str           # "length 3", "red", "tunnel", ...
    routes: int
    claimed: Rate        # claims / (routes × games)
    claimer_wins: Rate   # the owners' win shares / claims
    mean_round: float


@dataclass(frozen=True)
class DoubleStat:
    lanes: tuple[int, ...]
    cities: tuple[str, str]
    closed: Rate         # games (at the closing player counts) in which a claim closed its other lanes


@dataclass(frozen=True)
class BotClaims:
    bot: str
    routes: float        # mean routes claimed per seat
    length: float        # mean length of its routes
    mean_round: float
    early_share: float   # of its claims: in the first third of the game


@dataclass(frozen=True)
class Claims:
    routes: list[ClaimStat]
    groups: dict[str, list[GroupStat]]   # "length", "colour", "kind"
    closing_counts: list[int]            # player counts at which some claim closed a lane
    closing_games: int
    doubles: list[DoubleStat]
    closed_per_game: dict[int, float]    # by closing player count: lanes closed per game
    bots: list[BotClaims]


def _group(name: str, rs: list[Route], games: list[list[dict]], owners: dict[int, list[tuple[float, int]]]) -> GroupStat:
    got = [x for r in rs for x in owners[r.id]]
    return GroupStat(name, len(rs), Rate(len(got), len(rs) * len(games)), Rate(sum(w for w, _ in got), len(got)),
                     mean(k for _, k in got))


def claim_stats(games: list[list[dict]], m: Map) -> Claims:
    n = len(games)
    rounds: dict[int, list[int]] = {r.id: [] for r in m.routes}
    shares: dict[int, list[float]] = {r.id: [] for r in m.routes}
    owners: dict[int, list[tuple[float, int]]] = {r.id: [] for r in m.routes}
    games_at = Counter(len(g) for g in games)
    at_count: dict[int, Counter] = {c: Counter() for c in games_at}
    for g, seat, r, k, share in claims_of(games):
        at_count[len(g)][r] += 1
        if r in rounds:
            rounds[r].append(k)
            shares[r].append(share)
            owners[r].append((seat["win"], k))
    routes = []
    for r in m.routes:
        ks, sh = rounds[r.id], shares[r.id]
        med = statistics.median(sh) if sh else 0.0
        claimed = Rate(len(ks), n)
        routes.append(ClaimStat(r, claimed, mean(ks), float(statistics.median(ks)) if ks else 0.0, med,
                                bool(ks) and claimed.value >= CONTESTED and med <= EARLY,
                                {c: at_count[c][r.id] / games_at[c] for c in sorted(games_at)}))
    groups = {
        "length": [_group(f"length {x}", [r for r in m.routes if r.length == x], games, owners)
                   for x in sorted({r.length for r in m.routes})],
        "colour": [_group(c, [r for r in m.routes if r.color == c], games, owners)
                   for c in sorted({r.color for r in m.routes})],
        "kind": [_group(k, [r for r in m.routes if route_kind(r) == k], games, owners)
                 for k in ("plain", "ferry", "tunnel", "ship") if any(route_kind(r) == k for r in m.routes)]}
    closing = sorted({len(g) for g in games if any(s["lanes_closed"] for s in g)})
    at = [g for g in games if len(g) in closing]
    doubles, seen = [], set()
    for r in m.routes:
        lanes = tuple(sorted((r.id, *r.twins)))
        if r.twins and lanes not in seen:
            seen.add(lanes)
            doubles.append(DoubleStat(lanes, r.cities, Rate(sum(
                1 for g in at if any(x in s["lanes_closed"] for s in g for x in lanes)), len(at))))
    per_game = {c: mean(sum(len(s["lanes_closed"]) for s in g) for g in games if len(g) == c) for c in closing}
    bots = []
    names = list(dict.fromkeys(s["bot"] for g in games for s in g))
    length = {r.id: r.length for r in m.routes}
    if len(names) > 1:
        for b in names:
            mine = [(r, k, sh) for _, seat, r, k, sh in claims_of(games) if seat["bot"] == b]
            seats = sum(1 for g in games for s in g if s["bot"] == b)
            bots.append(BotClaims(b, len(mine) / seats if seats else 0.0, mean(length.get(r, 0) for r, _, _ in mine),
                                  mean(k for _, k, _ in mine),
                                  sum(1 for _, _, sh in mine if sh < EARLY) / len(mine) if mine else 0.0))
    return Claims(routes, groups, closing, len(at), doubles, per_game, bots)


__all__ = ["BotClaims", "ClaimStat", "Claims", "DoubleStat", "GroupStat", "claim_round", "claim_stats", "claims_of",
           "route_kind"]
