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
from .records import RunInfo, games_of
from .ticket_stats import Tickets, ticket_stats


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

    @property
    def several_bots(self) -> bool:
        return len(self.bots) > 1

    @property
    def money(self) -> bool:
        """Legacy: scores are dollars."""
        return any(c == "pts_money" for c, _ in self.sources.columns)


def analyse(rows: list[dict], info: RunInfo, m: Map) -> Analysis:
    games = games_of(rows)
    return Analysis(info, m, len(games), route_stats(games, m), city_stats(games, m), ticket_stats(games, m),
                    seat_stats(games), arc_stats(games), source_stats(rows), bot_stats(rows), failure_stats(games))


__all__ = ["Analysis", "analyse"]
