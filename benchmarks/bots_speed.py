"""The bots in the native core: the search bot's playouts per second with its playouts on the Python
engine and in the core (the same moves; one run, interleaved), and whole games per second of
`ttr.native.playouts` per bot on one thread and two.

    PYTHONPATH=. .venv/bin/python benchmarks/bots_speed.py [--repeats 5] [--positions 12] [--games 2000]
        [--parts search,games,versus] [--versus world:4 --versus great-lakes:3] [--python-games 10]

Search: the search bot (the budget it had before budgets per board: 8 worlds a turn, 16 a ticket
choice over 4, work 4000; every turn searched) moves in a fixed set of positions of
planner games (USA and Europe, 2 players), once with native=False and once with native=True per
repeat; playouts/s = playouts played / CPU seconds spent in its moves (dealing worlds, choosing
candidates and the rest of the move included). The moves and the actions simulated must agree.
Games: `playouts(board, 2, seeds, bots=...)`, CPU seconds (all threads) and wall seconds; on a
shared machine read the CPU figures. Versus (default World 4p and Great Lakes 3p): whole games
between bots of one kind, the Python bots (`ttr.runtime.sim.play_game`, on the Python engine and on
the native one) against the core's (`playouts`, one thread), games/s CPU on the same seeds (the
first `--python-games` of them), whose results must agree. Medians of the repeats; wall-time
figures depend on the load.
"""
from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

import ttr
from ttr import native
from ttr.agents import make_agent
from ttr.agents import search as search_module
from ttr.native import bots as native_bots
from ttr.runtime.sim import play_game


def positions(map_name: str, seed: int, every: int, limit: int) -> list[ttr.Game]:
    g = ttr.new_game(map_name, 2, seed=seed)
    bots = [make_agent("planner", s) for s in range(2)]
    out, step = [], 0
    while not g.is_over and len(out) < limit:
        seat = g.current_player
        if g.phase in ("turn", "initial-tickets", "keep-tickets") and step % every == 0:
            out.append(g.clone())
        step += 1
        g.apply(bots[seat].act(g.observe(seat)))
    return out


class Counter:
    """Counts the playouts of the search bot: Python's `playout` calls, the core's worlds' `playout` calls."""

    def __init__(self) -> None:
        self.calls = 0
        self.playout, self.world = search_module.playout, native_bots.world

    def __enter__(self) -> Counter:
        def playout(*args):
            self.calls += 1
            return self.playout(*args)

        counter = self

        class World:
            def __init__(self, world) -> None:
                self.core = world

            def playout(self, *args):
                counter.calls += 1
                return self.core.playout(*args)

        search_module.playout = playout
        native_bots.world = lambda *args: World(self.world(*args))
        return self

    def __exit__(self, *exc) -> None:
        search_module.playout, native_bots.world = self.playout, self.world


LEGACY_BUDGET = {"samples": 8, "keep_samples": 16, "keep_candidates": 4, "confirm": 16, "work": 4000}


def search_run(games: list[ttr.Game], flag: bool) -> tuple[float, int, list]:
    """CPU seconds in the search bot's moves, playouts played, the moves (and actions simulated)."""
    with Counter() as counter:
        moves, cpu = [], 0.0
        for g in games:
            # the budget it had before budgets per board (the native one would take minutes a move in Python)
            bot = search_module.SearchAgent(7, turns="all", native=flag, **LEGACY_BUDGET)
            obs = g.observe(g.current_player)
            t = time.process_time()
            a = bot.act(obs)
            cpu += time.process_time() - t
            moves.append((str(a), bot.simulated))
    return cpu, counter.calls, moves


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--positions", type=int, default=12, help="per board")
    ap.add_argument("--games", type=int, default=2000, help="games per playouts() call")
    ap.add_argument("--parts", default="search,games,versus", help="which parts to run (comma-separated)")
    ap.add_argument("--versus", action="append", default=None, metavar="BOARD:PLAYERS",
                    help="boards of the versus part (default world:4 and great-lakes:3)")
    ap.add_argument("--python-games", type=int, default=10, help="games per Python run of the versus part")
    args = ap.parse_args()
    if not native.available():
        raise SystemExit(f"the native core is not built: {native.why_unavailable()}")
    parts = set(args.parts.split(","))
    if "search" in parts:
        search_part(args)
    if "games" in parts:
        games_part(args)
    if "versus" in parts:
        versus_part(args, args.versus or ["world:4", "great-lakes:3"])


def search_part(args) -> None:

    games = [g for m in ("usa", "europe") for g in positions(m, 5, 4, args.positions)]
    rates: dict[bool, list[float]] = {False: [], True: []}
    per_move: dict[bool, list[float]] = {False: [], True: []}
    for _ in range(args.repeats):
        runs = {flag: search_run(games, flag) for flag in (False, True)}
        assert runs[False][2] == runs[True][2], "the native playouts changed a move"
        for flag, (cpu, n, _) in runs.items():
            rates[flag].append(n / cpu)
            per_move[flag].append(cpu / len(games))
    print(f"search bot, {len(games)} positions (USA and Europe, 2 players), its former budget, every turn searched; "
          f"medians of {args.repeats}:")
    for flag, name in ((False, "python"), (True, "native")):
        print(f"  {name:7} {statistics.median(rates[flag]):9.0f} playouts/s CPU  "
              f"{1000 * statistics.median(per_move[flag]):8.1f} ms CPU per move")
    print(f"  native / python: {statistics.median(rates[True]) / statistics.median(rates[False]):.1f}x playouts/s, "
          f"{statistics.median(per_move[False]) / statistics.median(per_move[True]):.1f}x per move")



def games_part(args) -> None:
    seeds = np.arange(args.games, dtype=np.int64)
    print(f"\nttr.native.playouts, {args.games} games per call, 2 players; medians of {args.repeats} "
          f"(CPU: all threads):")
    for map_name in ("usa", "europe"):
        for bot in ("random", "greedy", "planner"):
            line = []
            for threads in (1, 2):
                cpu, wall = [], []
                for _ in range(args.repeats):
                    t, w = time.process_time(), time.perf_counter()
                    native.playouts(map_name, 2, seeds, bots=bot, threads=threads)
                    cpu.append(time.process_time() - t)
                    wall.append(time.perf_counter() - w)
                line.append(f"{threads} thread{'s' * (threads > 1)}: {args.games / statistics.median(cpu):7.0f} games/s CPU"
                            f" {args.games / statistics.median(wall):7.0f} wall")
            print(f"  {map_name:6} {bot:8} " + " | ".join(line))


def versus_part(args, boards: list[str]) -> None:
    print(f"\nthe Python bots against the core's, whole games, games/s CPU of one thread; medians of {args.repeats} "
          f"(Python: {args.python_games} games a run, native: {args.games}):")
    for spec in boards:
        map_name, players = spec.split(":")[0], int(spec.split(":")[1])
        seeds = np.arange(args.games, dtype=np.int64)
        for bot in ("random", "greedy", "planner"):
            rates: dict[str, list[float]] = {"python": [], "native engine": [], "core": []}
            for _ in range(args.repeats):
                out = native.playouts(map_name, players, seeds, bots=bot)  # (a first call builds the tables)
                t = time.process_time()
                out = native.playouts(map_name, players, seeds, bots=bot)
                rates["core"].append(args.games / (time.process_time() - t))
                for engine, key in (("python", "python"), ("native", "native engine")):
                    t = time.process_time()
                    games = [play_game(map_name, players, i, [bot] * players, engine=engine)
                             for i in range(args.python_games)]
                    rates[key].append(args.python_games / (time.process_time() - t))
                    for i, g in enumerate(games):  # the same games
                        totals = [p["total"] for p in g.result()["players"]]
                        assert out["totals"][i].tolist() == totals, (spec, bot, i)
            med = {k: statistics.median(v) for k, v in rates.items()}
            print(f"  {map_name} {players}p {bot:8} Python bots: {med['python']:8.1f} (Python engine) "
                  f"{med['native engine']:8.1f} (native engine) | core: {med['core']:8.0f} games/s | "
                  f"core / Python: {med['core'] / med['python']:.0f}x, / Python bots on the native engine: "
                  f"{med['core'] / med['native engine']:.0f}x")


if __name__ == "__main__":
    main()
