"""Arena: bots against each other on paired seeds with rotated seats, in parallel, with statistics.

A *match* is one seed played in every distinct rotation of the seat lineup, so each bot gets the
same deal from every seat. Each game is a pure function of (map, players, seed, lineup, per-move
budget), so results do not depend on the number of worker processes. No I/O here: the command
line is ttr/commands/arena.py.
"""
from __future__ import annotations

import inspect
import json
import math
import statistics
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field

from ..version import __version__
from ..agents import AGENTS, make_agent
from ..editions import new_game
from ..errors import TtrError
from .backend import Backend, LocalBackend
from .match import Match
from .seat import SeatError

Z95 = 1.959963984540054  # two-sided 95% normal quantile
ELO_ANCHOR = 1500.0


# ---------------------------------------------------------------------------- statistics (pure)

def wilson_interval(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion; `successes` may be fractional (shared wins).
    With n == 0 nothing is known: (0, 1)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(max(p * (1 - p) / n + z2 / (4 * n * n), 0.0))
    return max(0.0, centre - half), min(1.0, centre + half)


def win_shares(winners: Sequence[int], seats: int) -> list[float]:
    """Win credit per seat: a win shared by k seats counts 1/k to each."""
    shares = [0.0] * seats
    for w in winners:
        shares[w] += 1 / len(winners)
    return shares


def pairwise_outcomes(games: Iterable[tuple[Sequence[str], Sequence[int]]]) -> dict[tuple[str, str], float]:
    """From games given as (bot per seat, rank per seat; 1 is best), the wins of a over b for
    every ordered pair of bots: every pair of seats held by different bots is one comparison,
    the better-ranked seat wins it, equal ranks give half a win to each."""
    wins: dict[tuple[str, str], float] = {}
    for bots, ranks in games:
        for i in range(len(bots)):
            for j in range(i + 1, len(bots)):
                a, b = bots[i], bots[j]
                if a == b:
                    continue
                sa = 1.0 if ranks[i] < ranks[j] else 0.5 if ranks[i] == ranks[j] else 0.0
                wins[a, b] = wins.get((a, b), 0.0) + sa
                wins[b, a] = wins.get((b, a), 0.0) + 1.0 - sa
    return wins


def bradley_terry(names: Sequence[str], wins: Mapping[tuple[str, str], float], prior: float = 1.0,
                  tol: float = 1e-12, max_iter: int = 100_000) -> dict[str, float]:
    """Bradley-Terry strengths (geometric mean 1) by the MM iteration of Hunter (2004):
        p_i <- W_i / sum_j n_ij / (p_i + p_j).
    `wins[a, b]` is the (possibly fractional) number of times a beat b. `prior` adds that many
    virtual games, drawn, between every pair of bots, so the fit exists and is finite even when a
    bot won or lost everything; prior=0 gives the plain maximum-likelihood fit."""
    names = list(dict.fromkeys(names))
    k = len(names)
    if k == 0:
        return {}
    w = [[wins.get((a, b), 0.0) + (prior / 2 if a != b else 0.0) for b in names] for a in names]
    n = [[w[i][j] + w[j][i] for j in range(k)] for i in range(k)]
    total = [sum(w[i][j] for j in range(k) if j != i) for i in range(k)]
    p = [1.0] * k
    for _ in range(max_iter):
        new = []
        for i in range(k):
            denom = sum(n[i][j] / (p[i] + p[j]) for j in range(k) if j != i and n[i][j] > 0)
            new.append(total[i] / denom if denom > 0 else p[i])
        positive = [x for x in new if x > 0]
        g = math.exp(statistics.fmean(math.log(x) for x in positive)) if positive else 1.0
        new = [x / g for x in new]
        delta = max(abs(math.log(a / b)) if a > 0 and b > 0 else (0.0 if a == b else math.inf)
                    for a, b in zip(new, p))
        p = new
        if delta < tol:
            break
    return dict(zip(names, p))


def elo_ratings(strengths: Mapping[str, float], anchor: float = ELO_ANCHOR) -> dict[str, float]:
    """Strengths on the Elo scale, 400*log10(strength), shifted so the mean rating is `anchor`.
    (A strength of 0, possible only with prior=0, maps to -inf and is left out of the mean.)"""
    raw = {k: 400 * math.log10(v) if v > 0 else -math.inf for k, v in strengths.items()}
    finite = [v for v in raw.values() if math.isfinite(v)]
    shift = anchor - (statistics.fmean(finite) if finite else 0.0)
    return {k: v + shift for k, v in raw.items()}


# ---------------------------------------------------------------------------- pairing

def bot_labels(bots: Sequence[str]) -> list[str]:
    """A distinct label per given bot: a name given twice becomes 'name' and 'name#2'."""
    seen: dict[str, int] = {}
    labels = []
    for b in bots:
        seen[b] = seen.get(b, 0) + 1
        labels.append(b if seen[b] == 1 else f"{b}#{seen[b]}")
    return labels


def agent_of(label: str) -> str:
    return label.split("#", 1)[0]


def lineups(labels: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The seat lineups of one match: the labels cycled to fill the seats, then every distinct
    rotation (rotation r puts base[(seat + r) % players] in each seat)."""
    if not labels:
        raise TtrError("no bots given")
    base = [labels[i % len(labels)] for i in range(players)]
    rots = (tuple(base[(s + r) % players] for s in range(players)) for r in range(players))
    return list(dict.fromkeys(rots))


@dataclass(frozen=True)
class Task:
    """One game: a pure function of these fields."""
    index: int
    map_name: str
    players: int
    seed: int
    rotation: int
    bots: tuple[str, ...]  # label per seat
    time_per_move: float | None = None
    engine: str = "python"  # the engine that plays it (the same game on either)
    rules: tuple = ()       # rules changed (ttr.editions.variants)


def schedule(map_name: str, players: int, bots: Sequence[str], games: int, seed: int,
             time_per_move: float | None = None, engine: str = "python", rules: tuple = ()) -> Iterator[Task]:
    """Every game of the arena, in order, made as they are needed: seeds seed..seed+games-1,
    each in every rotation."""
    rots = lineups(bot_labels(bots), players)
    index = 0
    for s in range(seed, seed + games):
        for r, lineup in enumerate(rots):
            yield Task(index, map_name, players, s, r, lineup, time_per_move, engine, rules)
            index += 1


# ---------------------------------------------------------------------------- playing

@dataclass(frozen=True)
class GameResult:
    index: int
    seed: int
    rotation: int
    bots: tuple[str, ...]           # label per seat
    totals: tuple[int, ...]
    ranks: tuple[int, ...]          # 1 is best; ties share a rank
    winners: tuple[int, ...]
    tickets_kept: tuple[int, ...]
    tickets_done: tuple[int, ...]
    turns: int
    moves: tuple[int, ...]          # actions chosen per seat
    seconds: tuple[float, ...] = field(default=(), compare=False)   # thinking time per seat
    max_move: tuple[float, ...] = field(default=(), compare=False)  # slowest move per seat


def _agent_kwargs(name: str, time_per_move: float | None) -> dict:
    """Pass the per-move budget to agents whose constructor takes one."""
    if time_per_move is None:
        return {}
    try:
        params = inspect.signature(AGENTS[name]).parameters
    except (TypeError, ValueError):
        return {}
    for key in ("time_per_move", "budget"):
        if key in params:
            return {key: time_per_move}
    return {}


def create_agent(name: str, seed: int, time_per_move: float | None = None):
    kw = _agent_kwargs(name, time_per_move)
    return AGENTS[name](seed, **kw) if kw else make_agent(name, seed)


def play_task(task: Task) -> GameResult:
    """Play one game of the arena (runs in a worker process)."""
    bots = [create_agent(agent_of(b), task.seed * 1000 + seat, task.time_per_move)
            for seat, b in enumerate(task.bots)]
    match = Match(new_game(task.map_name, task.players, task.seed, record=False, engine=task.engine, rules=task.rules), bots,
                  names=[f"bot {b}" for b in task.bots])
    try:
        g = match.run()
    except SeatError as e:
        raise SeatError(f"{e} (arena game seed {task.seed}, rotation {task.rotation})") from None
    secs, slowest, moves = match.seconds, match.slowest, match.moves
    r = g.result()
    ps = r["players"]
    return GameResult(
        task.index, task.seed, task.rotation, task.bots,
        tuple(p["total"] for p in ps), tuple(p["rank"] for p in ps), tuple(r["winners"]),
        tuple(len(p["tickets_completed"]) + len(p["tickets_failed"]) for p in ps),
        tuple(len(p["tickets_completed"]) for p in ps), g.turn, tuple(moves), tuple(secs), tuple(slowest))


# ---------------------------------------------------------------------------- results

@dataclass(frozen=True)
class BotStats:
    bot: str
    agent: str
    games: int            # seats played (a bot in two seats of one game counts twice)
    wins: float           # shared wins count 1/k
    win_rate: float
    ci_low: float
    ci_high: float
    score_mean: float
    score_sd: float
    tickets_kept: int
    tickets_done: int
    ticket_completion: float
    rank_mean: float
    rating: float
    sec_per_move: float = field(default=0.0, compare=False)
    max_move_sec: float = field(default=0.0, compare=False)


def bot_stats(records: Sequence[GameResult], labels: Sequence[str], ratings: Mapping[str, float]) -> dict[str, BotStats]:
    out = {}
    for b in labels:
        seats = [(r, s) for r in records for s, x in enumerate(r.bots) if x == b]
        n = len(seats)
        wins = sum(win_shares(r.winners, len(r.bots))[s] for r, s in seats)
        scores = [r.totals[s] for r, s in seats]
        kept = sum(r.tickets_kept[s] for r, s in seats)
        done = sum(r.tickets_done[s] for r, s in seats)
        moves = sum(r.moves[s] for r, s in seats)
        secs = sum(r.seconds[s] for r, s in seats if r.seconds)
        lo, hi = wilson_interval(wins, n)
        out[b] = BotStats(
            b, agent_of(b), n, wins, wins / n if n else 0.0, lo, hi,
            statistics.fmean(scores) if scores else 0.0, statistics.stdev(scores) if n > 1 else 0.0,
            kept, done, done / kept if kept else 0.0,
            statistics.fmean(r.ranks[s] for r, s in seats) if n else 0.0, ratings.get(b, ELO_ANCHOR),
            secs / moves if moves else 0.0, max((r.max_move[s] for r, s in seats if r.max_move), default=0.0))
    return out


def head_to_head(labels: Sequence[str], wins: Mapping[tuple[str, str], float]) -> dict[str, dict[str, dict]]:
    """h2h[a][b] = {'wins': a's wins over b, 'games': comparisons, 'rate': wins/games}."""
    out: dict[str, dict[str, dict]] = {}
    for a in labels:
        for b in labels:
            if a == b:
                continue
            n = wins.get((a, b), 0.0) + wins.get((b, a), 0.0)
            if n:
                w = wins.get((a, b), 0.0)
                out.setdefault(a, {})[b] = {"wins": w, "games": n, "rate": w / n}
    return out


ROW_FIELDS = ("game", "seed", "rotation", "seat", "bot", "agent", "total", "rank", "win", "tickets_kept",
              "tickets_done", "turns", "moves", "seconds")


@dataclass(frozen=True)
class ArenaResult:
    map_name: str
    players: int
    bots: tuple[str, ...]                      # labels, in the order given
    seed: int
    games: int                                 # matches (seeds)
    time_per_move: float | None
    lineups: tuple[tuple[str, ...], ...]       # the rotations played for every seed
    records: tuple[GameResult, ...]            # by task index (the games finished)
    stats: dict[str, BotStats]
    head_to_head: dict[str, dict[str, dict]]
    ratings: dict[str, float]                  # Elo scale, mean 1500
    stopped: bool = False                      # interrupted: `records` are the complete matches finished
    finished: int | None = None                # games finished before the stop (None: all are in `records`)

    def to_rows(self) -> list[dict]:
        """One row per game per seat, for CSV (columns ROW_FIELDS)."""
        rows = []
        for r in self.records:
            shares = win_shares(r.winners, len(r.bots))
            for s, b in enumerate(r.bots):
                rows.append({"game": r.index, "seed": r.seed, "rotation": r.rotation, "seat": s, "bot": b,
                             "agent": agent_of(b), "total": r.totals[s], "rank": r.ranks[s],
                             "win": round(shares[s], 6), "tickets_kept": r.tickets_kept[s],
                             "tickets_done": r.tickets_done[s], "turns": r.turns, "moves": r.moves[s],
                             "seconds": round(r.seconds[s], 6) if r.seconds else None})
        return rows

    def seat_win_rates(self) -> list[float]:
        """Win share by seat over all games (the first-player effect, bots aside)."""
        wins = [0.0] * self.players
        for r in self.records:
            for s, x in enumerate(win_shares(r.winners, self.players)):
                wins[s] += x
        return [w / len(self.records) for w in wins] if self.records else wins

    @property
    def seeds_played(self) -> list[int]:
        """The seeds of the matches in `records` (each played in every rotation), in order."""
        return sorted({r.seed for r in self.records})

    @property
    def left_out(self) -> int:
        """Games finished before a stop but left out: their match was not played in every rotation."""
        return (self.finished or len(self.records)) - len(self.records)

    def summary(self) -> dict:
        """JSON-ready summary: `matches`/`games` count what the statistics are over (after a stop,
        the complete matches), `matches_asked`/`games_planned` what was asked."""
        return {
            "map": self.map_name, "players": self.players, "bots": list(self.bots), "seed": self.seed,
            "seeds": [self.seed, self.seed + self.games - 1], "seeds_played": seed_ranges(self.seeds_played),
            "matches": len(self.seeds_played), "matches_asked": self.games,
            "games": len(self.records), "games_finished": len(self.records) + self.left_out,
            "games_left_out": self.left_out, "time_per_move": self.time_per_move,
            "lineups": [list(x) for x in self.lineups],
            "bots_stats": [asdict(s) for s in sorted(self.stats.values(), key=lambda s: -s.rating)],
            "head_to_head": self.head_to_head, "ratings": self.ratings,
            "games_planned": self.games * len(self.lineups), "stopped_early": self.stopped,
            "ttr_version": __version__,
            "seat_win_rate": self.seat_win_rates(),
            "turns_mean": statistics.fmean(r.turns for r in self.records) if self.records else 0.0,
        }

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.summary(), indent=indent)


def seed_ranges(seeds: Sequence[int]) -> list[list[int]]:
    """Sorted seeds as [first, last] runs: [1, 2, 3, 5] -> [[1, 3], [5, 5]]."""
    runs: list[list[int]] = []
    for s in seeds:
        if runs and s == runs[-1][1] + 1:
            runs[-1][1] = s
        else:
            runs.append([s, s])
    return runs


def complete_matches(records: Sequence[GameResult], rotations: int) -> list[GameResult]:
    """The games of the seeds played in every rotation. A stopped run keeps only these: a seed
    played in some seat orders only would favour the bots it seated well (the pairing is lost)."""
    played: dict[int, int] = {}
    for r in records:
        played[r.seed] = played.get(r.seed, 0) + 1
    return [r for r in records if played[r.seed] == rotations]


def analyse(map_name: str, players: int, bots: Sequence[str], games: int, seed: int,
            time_per_move: float | None, records: Sequence[GameResult], prior: float = 1.0,
            stopped: bool = False) -> ArenaResult:
    """Statistics over played games (records in task order). A stopped run's statistics are over
    its complete matches only (complete_matches); `finished` counts the games it finished."""
    labels = bot_labels(bots)
    finished = None
    if stopped:
        finished = len(records)
        records = complete_matches(records, len(lineups(labels, players)))
    wins = pairwise_outcomes((r.bots, r.ranks) for r in records)
    ratings = elo_ratings(bradley_terry(labels, wins, prior=prior))
    return ArenaResult(map_name, players, tuple(labels), seed, games, time_per_move,
                       tuple(lineups(labels, players)), tuple(records), bot_stats(records, labels, ratings),
                       head_to_head(labels, wins), ratings, stopped, finished)


def check(map_name: str, players: int, bots: Sequence[str], rules: tuple = ()) -> None:
    """Raise TtrError for unknown bots, too many bots, or a map/player count that cannot be played."""
    if not bots:
        raise TtrError("no bots given")
    unknown = [b for b in bots if b not in AGENTS]
    if unknown:
        raise TtrError(f"unknown bot {unknown[0]!r}; known: {', '.join(sorted(AGENTS))}")
    new_game(map_name, players, 0, rules=rules)  # raises TtrError for an unknown map, player count or rule
    if len(bots) > players:
        raise TtrError(f"{len(bots)} bots for {players} seats: give at most one bot per seat")


def run_arena(map_name: str, players: int, bots: list[str], games: int, seed: int = 1,
              workers: int | None = None, time_per_move: float | None = None,
              progress: Callable[[int, int], None] | None = None, backend: Backend | None = None,
              engine: str = "python", rules: tuple = ()) -> ArenaResult:
    """Play `games` matches (seeds seed..seed+games-1, each in every seat rotation) and return the
    statistics: on `backend` (default: this machine, `workers` processes, default all cores).
    Games are made as workers need them. `progress(done, total)` is called in this process after
    each game. Ctrl-C (KeyboardInterrupt) stops the run: the result holds the matches finished in
    every rotation (`stopped` is set; `finished` counts the games finished). The result does not depend on the backend (timings aside)."""
    check(map_name, players, bots, rules)
    if games < 1:
        raise TtrError(f"games must be at least 1, not {games}")
    total = games * len(lineups(bot_labels(bots), players))
    tasks = schedule(map_name, players, bots, games, seed, time_per_move, engine, rules)
    if backend is None:
        backend = LocalBackend(min(LocalBackend(workers).workers, total))
    results: dict[int, GameResult] = {}
    stopped = False

    def finished(r: GameResult) -> None:
        results[r.index] = r
        if progress:
            progress(len(results), total)

    try:
        backend.run(play_task, tasks, finished)
    except KeyboardInterrupt:
        stopped = True
    records = [results[i] for i in sorted(results)]
    return analyse(map_name, players, bots, games, seed, time_per_move, records, stopped=stopped)


__all__ = ["ArenaResult", "BotStats", "GameResult", "Task", "ROW_FIELDS", "agent_of", "analyse", "bot_labels",
           "bot_stats", "bradley_terry", "check", "complete_matches", "create_agent", "elo_ratings", "head_to_head", "lineups",
           "pairwise_outcomes", "play_task", "run_arena", "schedule", "seed_ranges", "wilson_interval", "win_shares"]
