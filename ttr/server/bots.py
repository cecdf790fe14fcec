"""Bots on the server: seats of the match loop (ttr.runtime) like any other, thinking
in a thread pool so the event loop and other games never wait for them."""
from __future__ import annotations

import asyncio
import itertools
import json
import logging
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

from ..agents import LEVELS, make_agent
from ..engine import Action
from ..engine import Observation
from .errors import Unavailable

if TYPE_CHECKING:  # pragma: no cover
    from .service import GameService

log = logging.getLogger("ttr.server")

# One line per bot, weakest first (GET /api/bots).
DESCRIPTIONS = {
    "random": "plays a uniformly random legal move",
    "greedy": "plans each ticket alone, claims what it can afford on those paths, otherwise draws what they need",
    "planner": "plans the cheapest routes joining the tickets it keeps, collects the cards that plan needs",
    "search": "the planner, checked by Monte Carlo search at ticket choices and key turns, reading the others' "
              "tickets from their claims (strongest, slowest)",
}
assert set(DESCRIPTIONS) == set(LEVELS), "describe every bot (the levels; the play styles are not offered here)"


def ladder_ratings() -> dict[str, dict[str, int]]:
    """Per bot, its rating on each board's ladder (ttr/server/ladder.json, from docs/ladder.json)."""
    boards = json.loads((Path(__file__).parent / "ladder.json").read_text(encoding="utf-8"))["boards"]
    out: dict[str, dict[str, int]] = {}
    for board, bots in boards.items():
        for bot, elo in bots.items():
            out.setdefault(bot, {})[board] = int(elo)
    return out


RATINGS = ladder_ratings()


def bot_seed(game_seed: int, seat: int, ply: int) -> int:
    return game_seed * 1_000_003 + seat * 100_003 + ply


class ServerBot:
    """A bot seat whose move depends only on the game (its seed), the seat and the ply: a fresh
    agent per move, so a restarted server plays exactly the moves it would have played."""

    def __init__(self, name: str, game_seed: int, seat: int):
        self.name = name
        self.game_seed = game_seed
        self.seat = seat

    def act(self, obs: Observation) -> Action:
        agent = make_agent(self.name, bot_seed(self.game_seed, self.seat, obs.view["ply"]))
        return agent.act(obs)


class BotRunner:
    """Schedules bot moves on the event loop: wait the think delay, then let a pool thread
    choose and commit the move (GameService.bot_move), which schedules the next one.

    Games where a person plays have `workers` threads of their own; games of bots alone share
    `background` threads (a queue), so any number of all-bot games never delays a person's game
    by more than the one move of theirs each of its threads may be thinking on."""

    RETRY = 1.0  # seconds before a bot move the database refused is tried again

    def __init__(self, service: "GameService", delay: float, workers: int, background: int = 1):
        self.service = service
        self.delay = delay
        self.workers = max(1, workers)
        self.background = max(1, background)
        self.pool: ThreadPoolExecutor | None = None     # games with a person
        self.queue: ThreadPoolExecutor | None = None    # games of bots alone
        self.loop: asyncio.AbstractEventLoop | None = None
        self.pending: Counter[str] = Counter()  # bot moves scheduled or thinking, per game
        self.latest: dict[str, int] = {}  # per game, the move scheduled last (the others stand down)
        self.serial = itertools.count()
        self.tasks: set[asyncio.Task] = set()

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.pool = ThreadPoolExecutor(self.workers, thread_name_prefix="ttr-bot")
        self.queue = ThreadPoolExecutor(self.background, thread_name_prefix="ttr-bot-queue")

    def schedule(self, gid: str, ply: int, people: bool = True, wait: float | None = None) -> None:
        """Thread-safe: play the bot to move in game gid at ply (`people`: a person plays in the
        game), after `wait` seconds (None: the think delay). Each change of a game schedules at
        most one; a move chosen for a position that has changed meanwhile is dropped (the change
        scheduled its own), so a bot never plays twice."""
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self._spawn, gid, ply, people, self.delay if wait is None else wait)

    def cancel(self, gid: str) -> None:
        """Thread-safe: the game changed and no bot is to move: a move still waiting stands down
        (after an undo and the same move again, the ply alone cannot tell it is out of date)."""
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.latest.pop, gid, None)

    def _spawn(self, gid: str, ply: int, people: bool, wait: float) -> None:
        self.pending[gid] += 1
        self.latest[gid] = serial = next(self.serial)
        task = asyncio.get_running_loop().create_task(self._run(gid, ply, people, wait, serial))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _run(self, gid: str, ply: int, people: bool, wait: float, serial: int) -> None:
        try:
            if wait > 0:
                await asyncio.sleep(wait)
            if self.latest.get(gid) != serial:
                return  # a later change of the game scheduled its own move, or needs none
            pool = self.pool if people else self.queue
            await asyncio.get_running_loop().run_in_executor(pool, self.service.bot_move, gid, ply)
        except Unavailable:  # the database failed: the move was not played; try again shortly
            log.warning("bot move in game %s at ply %d not stored; retrying", gid, ply)
            await asyncio.sleep(self.RETRY)
            self._spawn(gid, ply, people, self.delay)
        except Exception:  # noqa: BLE001 - one game's failure must not stop the others
            log.exception("bot move failed in game %s at ply %d", gid, ply)
        finally:
            self.pending[gid] -= 1
            if not self.pending[gid]:
                del self.pending[gid]
            if self.latest.get(gid) == serial:
                del self.latest[gid]

    def busy(self, gid: str) -> bool:
        return gid in self.pending

    async def stop(self) -> None:
        for t in list(self.tasks):
            t.cancel()
        for pool in (self.pool, self.queue):
            if pool is not None:
                pool.shutdown(wait=True, cancel_futures=True)
        self.pool = self.queue = None
