"""Statistics of the tickets (pure functions of the records and the map): how often each is
completed when held, how often its holder wins, its points against its difficulty (the fewest
spaces joining its cities), and the outliers (docs/analyze.md says how each flag is decided)."""
from __future__ import annotations

import statistics
from dataclasses import dataclass

from ..maps import Map, Ticket
from .common import Rate, shortest_lengths, tally

HARD, EASY = "hard", "easy"
WINNERS, LOSERS = "held by winners", "held by losers"
RICH, POOR = "many points for its length", "few points for its length"
MARGIN = 0.05       # a rate is flagged when its whole 95% interval lies this far beyond the pooled rate
VALUE_SDS = 2.0     # a ticket's points this many residual sds off the board's line are flagged,
VALUE_POINTS = 2.0  # and at least this many points off it


@dataclass(frozen=True)
class TicketStat:
    ticket: Ticket
    shortest: int          # fewest spaces joining its cities (-1: not joined on this board)
    held: int              # seats (over all games) that kept it
    completion: Rate       # of those: completed
    win_when_held: Rate    # of those: won (shared wins 1/k)
    flags: tuple[str, ...]

    @property
    def label(self) -> str:
        return "–".join(self.ticket.cities)


@dataclass(frozen=True)
class Tickets:
    stats: list[TicketStat]
    completion: Rate        # every ticket held in the run, pooled
    win_when_held: Rate     # the holders' win share, pooled
    line: tuple[float, float, float] | None   # points ~ a + b * spaces: (a, b, residual sd), two-city tickets


def value_line(m: Map, spaces: dict[int, int]) -> tuple[float, float, float] | None:
    """The least-squares line of points on shortest length over the board's two-city tickets."""
    pts = [(spaces[t.id], t.points) for t in m.tickets if not t.tour and spaces[t.id] >= 0]
    if len(pts) < 3 or len({x for x, _ in pts}) < 2:
        return None
    xs, ys = [x for x, _ in pts], [y for _, y in pts]
    b, a = statistics.linear_regression(xs, ys)
    sd = statistics.stdev([y - (a + b * x) for x, y in pts])
    return a, b, sd


def _beyond(r: Rate, pooled: float, low: str, high: str) -> list[str]:
    """[low] / [high] when r's interval lies wholly more than MARGIN below / above `pooled`: a
    difference both sure and large enough to matter (many games make every interval narrow)."""
    lo, hi = r.ci
    return [low] if hi < pooled - MARGIN else [high] if lo > pooled + MARGIN else []


def ticket_stats(games: list[list[dict]], m: Map) -> Tickets:
    seats = [seat for g in games for seat in g]
    held, won = tally(seats, "tickets_kept", (t.id for t in m.tickets))
    done, _ = tally(seats, "tickets_done", held)
    pooled = Rate(sum(done.values()), sum(held.values()))
    pooled_win = Rate(sum(won.values()), sum(held.values()))
    spaces = shortest_lengths(m)
    line = value_line(m, spaces)
    out = []
    for t in m.tickets:
        c, w = Rate(done[t.id], held[t.id]), Rate(won[t.id], held[t.id])
        flags = []
        if held[t.id]:
            flags += _beyond(c, pooled.value, HARD, EASY) + _beyond(w, pooled_win.value, LOSERS, WINNERS)
        if line and not t.tour and spaces[t.id] >= 0:
            resid = t.points - (line[0] + line[1] * spaces[t.id])
            off = max(VALUE_SDS * line[2], VALUE_POINTS)
            flags += [RICH] if resid > off else [POOR] if resid < -off else []
        out.append(TicketStat(t, spaces[t.id], held[t.id], c, w, tuple(flags)))
    return Tickets(out, pooled, pooled_win, line)


__all__ = ["EASY", "HARD", "LOSERS", "POOR", "RICH", "TicketStat", "Tickets", "WINNERS", "ticket_stats",
           "value_line"]
