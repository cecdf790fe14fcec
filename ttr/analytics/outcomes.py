"""How games end and how close they run to the rules' edges (pure functions of the records and
the map): the score distribution (margin of victory, spread, runaway leaders) and the
near-failures (dry draw piles, a stuck face-up display, tickets made impossible, trains left
that no open route could take). docs/analyze.md defines each number."""
from __future__ import annotations

from dataclasses import dataclass

from ..maps import Map
from .common import Rate, mean, spread
from .game_stats import leaders
from .ticket_fate import blocked_by_game, open_routes

RUNAWAY = 0.2   # a runaway: the leader at two thirds of the game won by at least this share of its total


def margin(g: list[dict]) -> int:
    """Winner minus runner-up (0 for a shared win)."""
    top = sorted((s["total"] for s in g), reverse=True)
    return top[0] - top[1]


def leader_at_two_thirds(g: list[dict]) -> int | None:
    """The leader (strictly ahead, a tie keeps the previous one) over the public scores up to two
    thirds of the game: the arc's points 0 .. ⌊2/3 · last⌋."""
    points = list(zip(*(s["arc"] for s in g)))
    return leaders(points[:2 * (len(points) - 1) // 3 + 1])[1]


def runaway(g: list[dict]) -> bool:
    who = leader_at_two_thirds(g)
    return who is not None and g[who]["win"] == 1 and margin(g) >= RUNAWAY * g[who]["total"] > 0


@dataclass(frozen=True)
class ScoreDist:
    games: int
    margin: dict[str, float]   # spread over games
    spread: dict[str, float]   # max − min, spread over games
    leader_wins: Rate          # the leader at two thirds won (games with such a leader)
    runaways: Rate             # runaway games / games


@dataclass(frozen=True)
class BotScores:
    bot: str
    won_by: float        # mean margin of its sole wins
    lost_by: float       # mean (winner − its score) when it did not win
    wins: int            # its sole wins
    losses: int          # its seats that did not win
    runaways: Rate       # its runaway wins / its seats


def score_dist(games: list[list[dict]]) -> ScoreDist:
    led = [(g, w) for g in games if (w := leader_at_two_thirds(g)) is not None]
    return ScoreDist(len(games), spread([margin(g) for g in games]),
                     spread([max(s["total"] for s in g) - min(s["total"] for s in g) for g in games]),
                     Rate(sum(g[w]["win"] for g, w in led), len(led)), Rate(sum(1 for g in games if runaway(g)), len(games)))


def bot_scores(games: list[list[dict]]) -> list[BotScores]:
    names = list(dict.fromkeys(s["bot"] for g in games for s in g))
    if len(names) < 2:
        return []
    out = []
    for b in names:
        won = [margin(g) for g in games for s in g if s["bot"] == b and s["win"] == 1]
        lost = [max(x["total"] for x in g) - s["total"] for g in games for s in g if s["bot"] == b and s["win"] == 0]
        seats = [(g, i) for g in games for i, s in enumerate(g) if s["bot"] == b]
        out.append(BotScores(b, mean(won), mean(lost), len(won), len(lost), Rate(sum(1 for g, i in seats if runaway(g)
                                                                and leader_at_two_thirds(g) == i), len(seats))))
    return out


@dataclass(frozen=True)
class NearFailures:
    games: int
    dry_games: Rate          # games in which a turn began with every draw pile and discard empty
    dry_turns: int
    stuck_games: Rate        # games in which a turn began with the reset's locomotives face up (G2)
    stuck_turns: int
    capped_games: Rate       # of those, a better display could have been dealt: the cap of 10 resets stopped them
    capped_turns: int
    blocked_games: Rate      # games in which a kept ticket was made impossible
    blocked: Rate            # blocked tickets / tickets kept
    trains_left: Rate        # seats that ended with trains left / seats
    unusable: Rate           # seats whose trains left no open train route could take / seats


def unusable_trains(g: list[dict], m: Map) -> list[bool]:
    """Per seat: it ended with trains, and every train route still open was longer (or none was open)."""
    free = open_routes(g, m)
    lengths = [r.length for r in m.routes if r.id in free and r.kind != "ship"]
    shortest = min(lengths) if lengths else None
    return [s["trains_left"] > 0 and (shortest is None or shortest > s["trains_left"]) for s in g]


def near_failures(games: list[list[dict]], m: Map, known: dict[int, list[list[int]]] | None = None) -> NearFailures:
    n = len(games)
    known = known if known is not None else blocked_by_game(games, m)
    blocked = [known[g[0]["game"]] for g in games]
    seats = [s for g in games for s in g]
    return NearFailures(
        n, Rate(sum(1 for g in games if any(s["dry_turns"] for s in g)), n), sum(s["dry_turns"] for s in seats),
        Rate(sum(1 for g in games if any(s["stuck_turns"] for s in g)), n), sum(s["stuck_turns"] for s in seats),
        Rate(sum(1 for g in games if any(s["capped_turns"] for s in g)), n), sum(s["capped_turns"] for s in seats),
        Rate(sum(1 for b in blocked if any(b)), n),
        Rate(sum(len(x) for b in blocked for x in b), sum(len(s["tickets_kept"]) for s in seats)),
        Rate(sum(1 for s in seats if s["trains_left"] > 0), len(seats)),
        Rate(sum(u for g in games for u in unusable_trains(g, m)), len(seats)))


__all__ = ["BotScores", "NearFailures", "RUNAWAY", "ScoreDist", "bot_scores", "leader_at_two_thirds", "margin",
           "near_failures", "runaway", "score_dist", "unusable_trains"]
