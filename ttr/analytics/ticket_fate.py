"""What becomes of tickets (pure functions of the records and the map): how often each is kept
when offered (at setup and in later draws), why the failed ones failed (blocked, or out of
time), and its completion at each player count. docs/analyze.md defines each number."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..maps import Map, Ticket
from .common import Rate


def open_routes(game: list[dict], m: Map) -> set[int]:
    """The routes nobody owned at the end and no claim had closed (G1)."""
    taken = {r for seat in game for r in seat["routes"]} | {r for seat in game for r in seat["lanes_closed"]}
    return {r.id for r in m.routes} - taken


class _Joined:
    """Cities joined by a set of routes (union-find)."""

    def __init__(self, m: Map, routes: set[int]):
        self.up: dict[str, str] = {}
        for r in m.routes:
            if r.id in routes:
                a, b = (self.find(c) for c in r.cities)
                if a != b:
                    self.up[a] = b

    def find(self, c: str) -> str:
        while c in self.up:
            c = self.up[c]
        return c

    def all(self, cities: tuple[str, ...]) -> bool:
        return len({self.find(c) for c in cities}) == 1


def blocked_tickets(game: list[dict], m: Map) -> list[list[int]]:
    """Per seat: its failed tickets whose cities its own routes and the open routes could not join
    (stations not counted); the others failed for want of time."""
    tickets = {t.id: t.cities for t in m.tickets}
    free = open_routes(game, m)
    out: list[list[int]] = []
    for seat in game:
        failed = [t for t in seat["tickets_kept"] if t not in seat["tickets_done"] and t in tickets]
        if not failed:
            out.append([])
            continue
        joined = _Joined(m, free | set(seat["routes"]))
        out.append([t for t in failed if not joined.all(tickets[t])])
    return out


@dataclass(frozen=True)
class FateStat:
    ticket: Ticket
    kept_setup: Rate      # kept at setup / offered at setup
    kept_later: Rate      # kept in a later draw / offered in one
    failed: int           # held and not completed
    blocked: Rate         # of the failed: blocked
    completion: dict[int, Rate]   # by player count: completed / held


@dataclass(frozen=True)
class FateTotals:
    kept_setup: Rate
    kept_later: Rate
    completion: Rate
    blocked: Rate          # failed tickets that were blocked / failed tickets
    blocked_games: Rate    # games with a blocked ticket


@dataclass(frozen=True)
class Fate:
    stats: list[FateStat]
    pooled: FateTotals
    by_count: dict[int, FateTotals]
    by_bot: dict[str, FateTotals]


def _totals(games: list[list[dict]], blocked: list[list[list[int]]], keep=lambda seat: True) -> FateTotals:
    seats = [(s, b) for g, bg in zip(games, blocked) for s, b in zip(g, bg) if keep(s)]
    failed = sum(len(s["tickets_kept"]) - len(s["tickets_done"]) for s, _ in seats)
    return FateTotals(Rate(sum(len(s["kept_setup"]) for s, _ in seats), sum(len(s["offered_setup"]) for s, _ in seats)),
                      Rate(sum(len(s["kept_later"]) for s, _ in seats), sum(len(s["offered_later"]) for s, _ in seats)),
                      Rate(sum(len(s["tickets_done"]) for s, _ in seats), sum(len(s["tickets_kept"]) for s, _ in seats)),
                      Rate(sum(len(b) for _, b in seats), failed),
                      Rate(sum(1 for g, bg in zip(games, blocked) if any(b for s, b in zip(g, bg) if keep(s))),
                           sum(1 for g in games if any(keep(s) for s in g))))


def blocked_by_game(games: list[list[dict]], m: Map) -> dict[int, list[list[int]]]:
    """blocked_tickets of each game, by its index."""
    return {g[0]["game"]: blocked_tickets(g, m) for g in games}


def fate_stats(games: list[list[dict]], m: Map, known: dict[int, list[list[int]]] | None = None) -> Fate:
    known = known if known is not None else blocked_by_game(games, m)
    blocked = [known[g[0]["game"]] for g in games]
    counter: dict[str, Counter] = {k: Counter() for k in
                                   ("offered_setup", "kept_setup", "offered_later", "kept_later", "failed", "blocked")}
    held: dict[int, Counter] = {}
    done: dict[int, Counter] = {}
    for g, bg in zip(games, blocked):
        n = len(g)
        for seat, b in zip(g, bg):
            for k in ("offered_setup", "kept_setup", "offered_later", "kept_later"):
                counter[k].update(seat[k])
            counter["failed"].update(t for t in seat["tickets_kept"] if t not in seat["tickets_done"])
            counter["blocked"].update(b)
            held.setdefault(n, Counter()).update(seat["tickets_kept"])
            done.setdefault(n, Counter()).update(seat["tickets_done"])
    c = counter
    stats = [FateStat(t, Rate(c["kept_setup"][t.id], c["offered_setup"][t.id]),
                      Rate(c["kept_later"][t.id], c["offered_later"][t.id]), c["failed"][t.id],
                      Rate(c["blocked"][t.id], c["failed"][t.id]),
                      {n: Rate(done[n][t.id], held[n][t.id]) for n in sorted(held)}) for t in m.tickets]
    counts = sorted({len(g) for g in games})
    by_count = {n: _totals([g for g in games if len(g) == n], [b for g, b in zip(games, blocked) if len(g) == n])
                for n in counts}
    bots = list(dict.fromkeys(s["bot"] for g in games for s in g))
    by_bot = {bot: _totals(games, blocked, lambda s, bot=bot: s["bot"] == bot) for bot in bots} if len(bots) > 1 else {}
    return Fate(stats, _totals(games, blocked), by_count, by_bot)


__all__ = ["Fate", "FateStat", "FateTotals", "blocked_by_game", "blocked_tickets", "fate_stats", "open_routes"]
