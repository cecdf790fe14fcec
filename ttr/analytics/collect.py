"""Collecting records: one game between bots, played with the match loop, becomes one row per
seat (the columns are `records.FIELDS`, described in docs/analyze.md; lists are lists here and
space-separated in the CSV).

A game is a pure function of its Task (board, players, seed, seat lineup), so a run's records do
not depend on the backend or the number of workers. What the engine's result does not say is
watched while the game is played: the public score after every round (the game arc), the turn
of each claim, the tickets each seat was offered and kept, the forced moves (G5: a pass when
nothing else is legal, a ticket draw offered alone) and the turns begun with the draw piles dry
or with the face-up resets stopped (G2). Each seat is watched through its own observation (and
the game's state, through its public face, when a turn begins with the resets stopped).
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..engine import CLAIM, PASS, PAY, TICKETS, Phase
from ..runtime import Match
from ..runtime.arena import agent_of, bot_labels, create_agent, lineups
from .board import Board
from .records import SOURCES


@dataclass(frozen=True)
class Task:
    """One game of a run."""
    index: int
    board: Board
    players: int
    seed: int
    rotation: int
    bots: tuple[str, ...]  # bot label per seat
    engine: str = "python"  # the engine that plays it (the same game on either)


def schedule(board: Board, player_counts: Sequence[int], bots: Sequence[str], games: int,
             seed: int, engine: str = "python") -> Iterator[Task]:
    """`games` games for each player count, made as they are needed. With several bots the seats
    rotate as in the arena: game i plays seed + i // R in rotation i % R (R distinct rotations of
    the lineup), so every bot sits in every seat on the same deals."""
    labels = bot_labels(bots)
    index = 0
    for players in player_counts:
        rots = lineups(labels, players)
        for i in range(games):
            r = i % len(rots)
            yield Task(index, board, players, seed + i // len(rots), r, rots[r], engine)
            index += 1


class Watched:
    """A bot's seat that notes what its observations show before passing them on: forced moves,
    the tickets offered and kept (at setup and later), and turns begun with every draw pile and
    discard empty (dry) or with the display showing the G2 reset's locomotives (the resets
    stopped: the cap reached, or no better display could be dealt; with the game given, the
    turns where a better display could have been dealt, so the cap of resets stopped them)."""

    def __init__(self, bot, game=None):
        self.bot = bot
        self.game = game
        self.name = getattr(bot, "name", type(bot).__name__)
        self.forced_passes = 0
        self.forced_ticket_draws = 0
        self.dry_turns = 0
        self.stuck_turns = 0
        self.capped_turns = 0
        self.offered: dict[bool, list[int]] = {True: [], False: []}  # setup?: ids offered
        self.kept: dict[bool, list[int]] = {True: [], False: []}

    def act(self, obs):
        legal = obs.legal
        phase = obs.phase
        if phase == Phase.TURN:
            if len(legal) == 1:
                kind = legal[0].kind
                if kind == PASS:
                    self.forced_passes += 1
                elif kind == TICKETS:
                    self.forced_ticket_draws += 1
            st, layout, rules = obs.state, obs.layout, obs.rules
            if not any(st[d] or st[x] for d, x in layout.pile_starts):
                self.dry_turns += 1
            a, b = layout.span("face_up")
            if st[a:b].count(rules.wild) >= rules.reset_at:
                self.stuck_turns += 1
                if self.game is not None and better_display(self.game):
                    self.capped_turns += 1
        action = self.bot.act(obs)
        if phase in (Phase.INITIAL_TICKETS, Phase.KEEP_TICKETS):
            setup = phase == Phase.INITIAL_TICKETS
            self.offered[setup] += obs.layout.items(obs.state, f"players[{obs.seat}].offer")
            self.kept[setup] += list(action.target)
        return action


def better_display(game) -> bool:
    """Whether the cards in the piles, their discards and the display could deal a display with
    fewer wild cards than make a reset (G2), all decks counted together."""
    layout, st, rules = game.layout(), game.encode(), game.rules
    a, b = layout.span("face_up")
    cards = [c for pile in layout.pile_names for name in pile for c in layout.items(st, name)]
    cards += [c for c in st[a:b] if c >= 0]
    plain = sum(1 for c in cards if c != rules.wild)
    return (b - a) - plain < rules.reset_at


class Arc:
    """Listens to a match: the public score of every seat at the start and after every round, and
    the turn (turns played before it) of each route claimed."""

    def __init__(self, game):
        self.players = game.num_players
        self.points = [self.scores(game)]
        self._turns = game.turn
        self.claimed: dict[int, int] = {}   # route -> the turn it was claimed in
        self._pending = -1                  # a tunnel claimed, waiting for its payment

    def scores(self, g) -> tuple[int, ...]:
        layout, st = g.layout(), g.encode()
        return tuple(st[layout.seat(p, "score").start] for p in range(self.players))

    def __call__(self, match, seat, action) -> None:
        g = match.game
        if action.kind == CLAIM or (action.kind == PAY and self._pending >= 0):
            if action.kind == CLAIM:
                self._pending = action.target
            if g.encode()[g.layout()["routes"].start + self._pending] == seat:
                self.claimed[self._pending] = self._turns
                self._pending = -1
        if g.turn != self._turns:
            self._turns = g.turn
            self._pending = -1
            if g.turn % self.players == 0 or g.is_over:
                self.points.append(self.scores(g))


def sources(p: dict) -> dict[str, int]:
    """A player's total split by where the points came from; the parts add up to `total`.
    Legacy: money held, the remaining-trains bonus, tickets and the floor at $0 (L5)."""
    out = dict.fromkeys((c for c, _ in SOURCES), 0)
    if "money_held" in p:
        out.update(pts_money=p["money_held"], pts_trains_left=p["remaining_trains_bonus"],
                   pts_tickets=p["ticket_points"], pts_floor=p["total"] - p["raw_total"])
    else:
        out.update(pts_routes=p["route_points"], pts_tickets=p["ticket_points"],
                   pts_bonuses=sum(p["bonuses"].values()), pts_stations=p["station_points"],
                   pts_harbors=p["harbor_points"], pts_exchanges=p["exchange_points"])
    return out


def play_task(task: Task) -> list[dict]:
    """Play one game (runs in a worker process) and return its rows, seat by seat."""
    game = task.board.new_game(task.players, task.seed, engine=task.engine)
    seats = [Watched(create_agent(agent_of(b), task.seed * 1000 + s), game) for s, b in enumerate(task.bots)]
    arc = Arc(game)
    Match(game, seats, on_move=arc, names=[f"bot {b}" for b in task.bots]).run()
    r = game.result()
    n = task.players
    rules = game.rules
    shares = [0.0] * n
    for w in r["winners"]:
        shares[w] += 1 / len(r["winners"])
    end = game.view(None, legal=False)
    ended = "deadlock" if end["passes"] >= n else "pieces"
    rows = []
    for s, p in enumerate(r["players"]):
        src = sources(p)
        mine = sorted(int(rid) for rid, owner in end["routes"].items() if owner == s)
        w = seats[s]
        if sum(src.values()) != p["total"]:  # pragma: no cover - a guard on sources()
            raise AssertionError(f"sources {src} do not add up to {p['total']}")
        rows.append({
            "game": task.index, "map": task.board.name, "edition": task.board.edition, "players": n,
            "seed": task.seed, "rotation": task.rotation, "seat": s, "bot": task.bots[s],
            "turns": game.turn, "actions": game.ply, "ended": ended,
            "total": p["total"], "rank": p["rank"], "win": round(shares[s], 6), **src,
            "tickets_kept": sorted(p["tickets_completed"] + p["tickets_failed"]),
            "tickets_done": sorted(p["tickets_completed"]),
            "routes": mine, "route_turns": [arc.claimed.get(x, -1) for x in mine],
            "lanes_closed": sorted(t for x in mine if rules.r_closes[x] for t in rules.r_twins[x]),
            "stations_built": p.get("stations_built", 0), "harbors_built": p.get("harbors_built", 0),
            "longest_path": p.get("longest_path"), "trains_left": p["trains_left"],
            "forced_passes": w.forced_passes, "forced_ticket_draws": w.forced_ticket_draws,
            "offered_setup": w.offered[True], "kept_setup": sorted(w.kept[True]),
            "offered_later": w.offered[False], "kept_later": sorted(w.kept[False]),
            "dry_turns": w.dry_turns, "stuck_turns": w.stuck_turns, "capped_turns": w.capped_turns,
            "arc": [pt[s] for pt in arc.points],
        })
    return rows


__all__ = ["Arc", "Task", "Watched", "play_task", "schedule", "sources"]
