"""Statistics of the games (pure functions of the records): seat advantage, the game arc (score
over rounds, lead changes, length), the score by source, the bots compared, and the failure
states. docs/analyze.md says how each number is computed."""
from __future__ import annotations

import math
from dataclasses import dataclass

from .common import Rate, mean, spread, weighted_mean
from .records import SOURCES


SHOWN_SHARE = 0.05  # the arc is shown over the rounds that this share of the games reach


@dataclass(frozen=True)
class SeatStat:
    players: int
    seat: int
    win: Rate        # games won from this seat (shared 1/k), of the games with this player count
    score: float     # mean final score


def seat_stats(games: list[list[dict]]) -> dict[int, list[SeatStat]]:
    """By player count, seat by seat."""
    out: dict[int, list[SeatStat]] = {}
    for n in sorted({len(g) for g in games}):
        these = [g for g in games if len(g) == n]
        out[n] = [SeatStat(n, s, Rate(sum(g[s]["win"] for g in these), len(these)),
                           mean(g[s]["total"] for g in these)) for s in range(n)]
    return out


def leaders(arc_points: list[tuple[int, ...]]) -> tuple[int, int | None]:
    """(lead changes, leader before the final scoring) of one game's public scores by round: the
    leader is the one seat strictly ahead; a tie keeps the previous leader."""
    changes, leader = 0, None
    for pt in arc_points:
        top = max(pt)
        if pt.count(top) == 1:
            now = pt.index(top)
            if leader is not None and now != leader:
                changes += 1
            leader = now
    return changes, leader


@dataclass(frozen=True)
class Arc:
    winner_mean: list[float]   # by round: mean public score of the winners (weighted by win share)
    other_mean: list[float]    # by round: mean public score of the other players
    running: list[int]         # by round: games that had reached it
    lead_changes: dict[str, float]      # spread over games
    lead_change_counts: list[int]       # games with 0, 1, 2, ... lead changes
    any_lead_change: Rate
    leader_wins: Rate          # the leader before the final scoring won (games that had a leader)
    turns: dict[int, dict[str, float]]    # by player count: game length in turns (one player's turn each)
    rounds: dict[int, dict[str, float]]   # by player count: game length in rounds (turns / players)
    turn_counts: dict[int, list[int]]     # by player count: turns of each game (for the histogram)

    @property
    def shown(self) -> int:
        """Rounds worth showing: while at least 5% of the games (and at least one) still run; the
        few longest games alone would make a noisy tail."""
        least = max(1, math.ceil(SHOWN_SHARE * self.running[0]))
        return sum(1 for r in self.running if r >= least)


def arc_stats(games: list[list[dict]]) -> Arc:
    points = [list(zip(*(seat["arc"] for seat in g))) for g in games]
    longest = max(len(p) for p in points)
    win_mean, other_mean, running = [], [], []
    for k in range(longest):
        at = [(g, p[k]) for g, p in zip(games, points) if k < len(p)]
        running.append(len(at))
        win_mean.append(weighted_mean((seat["win"], pt[s]) for g, pt in at for s, seat in enumerate(g)
                                      if seat["win"] > 0))
        other_mean.append(mean(pt[s] for g, pt in at for s, seat in enumerate(g) if seat["win"] == 0))
    lead = [leaders(p) for p in points]
    changes = [c for c, _ in lead]
    counts = [0] * (max(changes) + 1)
    for c in changes:
        counts[c] += 1
    led = [(g, who) for g, (_, who) in zip(games, lead) if who is not None]
    turns = {n: [g[0]["turns"] for g in games if len(g) == n] for n in sorted({len(g) for g in games})}
    return Arc(win_mean, other_mean, running, spread(changes), counts,
               Rate(sum(1 for c in changes if c), len(games)),
               Rate(sum(g[who]["win"] for g, who in led), len(led)),
               {n: spread(ts) for n, ts in turns.items()}, {n: spread([t / n for t in ts]) for n, ts in turns.items()},
               turns)


@dataclass(frozen=True)
class Sources:
    columns: list[tuple[str, str]]   # (column, label) of the sources this run scored
    all: dict[str, float]            # mean per player
    winners: dict[str, float]        # mean per winner (weighted by win share)
    total_all: float
    total_winners: float


def used_sources(rows: list[dict]) -> list[tuple[str, str]]:
    """The sources some player scored with (and always tickets)."""
    return [(c, label) for c, label in SOURCES if c == "pts_tickets" or any(r[c] for r in rows)]


def source_stats(rows: list[dict]) -> Sources:
    cols = used_sources(rows)
    won = [r for r in rows if r["win"] > 0]
    return Sources(cols, {c: mean(r[c] for r in rows) for c, _ in cols},
                   {c: weighted_mean((r["win"], r[c]) for r in won) for c, _ in cols},
                   mean(r["total"] for r in rows), weighted_mean((r["win"], r["total"]) for r in won))


@dataclass(frozen=True)
class BotStat:
    bot: str
    seats: int            # seats played (a bot in two seats of a game counts twice)
    win: Rate
    score: float
    rank: float
    tickets: Rate         # tickets completed of those kept
    sources: dict[str, float]


def bot_stats(rows: list[dict]) -> list[BotStat]:
    cols = used_sources(rows)
    out = []
    for bot in dict.fromkeys(r["bot"] for r in rows):
        mine = [r for r in rows if r["bot"] == bot]
        out.append(BotStat(bot, len(mine), Rate(sum(r["win"] for r in mine), len(mine)),
                           mean(r["total"] for r in mine), mean(r["rank"] for r in mine),
                           Rate(sum(len(r["tickets_done"]) for r in mine), sum(len(r["tickets_kept"]) for r in mine)),
                           {c: mean(r[c] for r in mine) for c, _ in cols}))
    return out


@dataclass(frozen=True)
class Failures:
    forced_pass_games: Rate      # games in which some player had to pass (G5)
    forced_passes: int
    forced_draw_games: Rate      # games in which some player had to draw tickets (offered alone)
    forced_draws: int
    deadlocks: Rate              # games ended by a whole round of passes (P2)


def failure_stats(games: list[list[dict]]) -> Failures:
    n = len(games)
    return Failures(Rate(sum(1 for g in games if any(s["forced_passes"] for s in g)), n),
                    sum(s["forced_passes"] for g in games for s in g),
                    Rate(sum(1 for g in games if any(s["forced_ticket_draws"] for s in g)), n),
                    sum(s["forced_ticket_draws"] for g in games for s in g),
                    Rate(sum(1 for g in games if g[0]["ended"] == "deadlock"), n))


__all__ = ["Arc", "BotStat", "Failures", "SeatStat", "Sources", "arc_stats", "bot_stats", "failure_stats",
           "leaders", "seat_stats", "source_stats", "used_sources"]
