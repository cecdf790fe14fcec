"""Every statistic of a run, from its records and its map (pure: no I/O, no plotting)."""
from __future__ import annotations

from dataclasses import dataclass

from ..maps import Map
from .board_stats import CityStat, RouteStat, city_stats, route_stats
from .game_stats import (
    Arc,
    BotStat,
    Failures,
    SeatStat,
    Sources,
    arc_stats,
    bot_stats,
    failure_stats,
    seat_stats,
    source_stats,
)
from .claims import Claims, claim_stats
from .outcomes import BotScores, NearFailures, ScoreDist, bot_scores, near_failures, score_dist
from .records import RunInfo, games_of
from .ticket_fate import Fate, blocked_by_game, fate_stats
from .ticket_stats import Tickets, ticket_stats


@dataclass(frozen=True)
class CountSplit:
    """The statistics that pooling player counts would mix, for one player count."""
    players: int
    games: int
    arc: Arc
    sources: Sources
    failures: Failures
    scores: ScoreDist
    near: NearFailures


@dataclass(frozen=True)
class Analysis:
    info: RunInfo
    map: Map
    games: int
    routes: list[RouteStat]
    cities: list[CityStat]
    tickets: Tickets
    seats: dict[int, list[SeatStat]]
    arc: Arc
    sources: Sources
    bots: list[BotStat]
    failures: Failures
    fate: Fate
    claims: Claims
    scores: ScoreDist
    bot_scores: list[BotScores]
    near: NearFailures
    by_count: dict[int, CountSplit]

    @property
    def several_bots(self) -> bool:
        return len(self.bots) > 1

    @property
    def money(self) -> bool:
        """Legacy: scores are dollars."""
        return any(c == "pts_money" for c, _ in self.sources.columns)

    @property
    def several_counts(self) -> bool:
        return len(self.by_count) > 1


def analyse(rows: list[dict], info: RunInfo, m: Map) -> Analysis:
    games = games_of(rows)
    blocked = blocked_by_game(games, m)

    def split(these: list[list[dict]], n: int) -> CountSplit:
        return CountSplit(n, len(these), arc_stats(these), source_stats([s for g in these for s in g]),
                          failure_stats(these), score_dist(these), near_failures(these, m, blocked))

    counts = sorted({len(g) for g in games})
    by_count = {n: split([g for g in games if len(g) == n], n) for n in counts}
    pooled = by_count[counts[0]] if len(counts) == 1 else split(games, 0)
    return Analysis(info, m, len(games), route_stats(games, m), city_stats(games, m), ticket_stats(games, m),
                    seat_stats(games), pooled.arc, pooled.sources, bot_stats(rows), pooled.failures,
                    fate_stats(games, m, blocked), claim_stats(games, m), pooled.scores, bot_scores(games),
                    pooled.near, by_count)


__all__ = ["Analysis", "CountSplit", "analyse"]
