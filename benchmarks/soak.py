"""Soak test of the native core: at least a million seeded games per board at its largest player
count (USA 5 players, Europe 5 players, Nordic 3, World 5, Great Lakes 5, Legends of the West 5: game 1
of the demo pack) between uniformly random bots, with the core's invariants
checked after every action (`ttr._native.random_games(..., check=True)`: every card, piece and
ticket conserved, owners consistent, every game ending). Prints games per second and the errors,
of which there must be none (exit status 1 otherwise, with the seeds that broke).

    PYTHONPATH=. .venv/bin/python benchmarks/soak.py                    # 1,000,000 games per board
    PYTHONPATH=. .venv/bin/python benchmarks/soak.py --games 20000      # a quick look
    PYTHONPATH=. .venv/bin/python benchmarks/soak.py --boards usa:3 --first-seed 5000000
    PYTHONPATH=. .venv/bin/python benchmarks/soak.py --boards legends-west:5 --frontiers 8 --legacy-game 12
        # Legends of the West on the board the demo pack's first 8 frontiers grow, its game 12

Seeds are first_seed .. first_seed + games - 1; a failing seed replays alone with
`ttr._native.random_games(rules, numpy.array([seed]), 1, True)`. Wall time depends on the machine
and its load: read, not tested."""
from __future__ import annotations

import argparse
import sys
import time

import numpy as np

from ttr.editions import get_ruleset
from ttr.native.game import CORE, UNAVAILABLE, core_rules


def legacy_setup(players: int, frontiers: int, game: int):
    """Game `game` of the demo pack (as its changes between games make it) on the board its first
    `frontiers` frontiers grow."""
    import dataclasses

    from ttr.editions.legacy.content import COMPANY_COLORS
    from ttr.editions.legacy.pack import load_pack
    pack = load_pack("demo")
    events, steps, bonus, retired = list(pack.start_events), list(pack.steps), pack.company_bonus, []
    for k in range(1, game):
        ch = pack.change_after(k)
        if ch is None:
            continue
        events = [e for e in events if e not in ch.remove_events] + list(ch.add_events)
        steps += ch.add_steps
        bonus = bonus if ch.company_bonus is None else ch.company_bonus
        retired += ch.retire_tickets
    setup = pack.setup(game, companies=COMPANY_COLORS[:players], events=tuple(events), steps=tuple(steps),
                       company_bonus=bonus, retired_tickets=tuple(retired))
    return dataclasses.replace(setup, frontiers=tuple(pack.frontiers.values())[:frontiers])


def soak(board: str, players: int, games: int, first_seed: int, threads: int, batch: int,
         frontiers: int = 0, legacy_game: int = 1) -> int:
    setup = legacy_setup(players, frontiers, legacy_game) if board == "legends-west" and (frontiers or legacy_game > 1) else None
    rules = core_rules(get_ruleset(board, players), setup)
    if setup is not None:
        board = f"{board} (game {legacy_game}, {frontiers} frontiers)"
    errors: list[tuple[int, str]] = []
    actions = 0
    done = 0
    points = 0.0
    start = time.perf_counter()
    while done < games:
        n = min(batch, games - done)
        seeds = np.arange(first_seed + done, first_seed + done + n, dtype=np.int64)
        out = CORE.random_games(rules, seeds, threads, True)
        errors += [(int(seeds[i]), e) for i, e in out["errors"]]
        actions += int(out["length"].sum())
        points += float(out["totals"].mean()) * n
        done += n
        elapsed = time.perf_counter() - start
        print(f"  {board} {players}p: {done:>9,} games  {done / elapsed:>8,.0f} games/s  errors {len(errors)}",
              flush=True)
    elapsed = time.perf_counter() - start
    print(f"{board} {players}p: {done:,} games in {elapsed:,.1f} s: {done / elapsed:,.0f} games/s, "
          f"{actions / elapsed:,.0f} actions/s, {actions / done:.1f} actions a game, mean score {points / done:.1f}; "
          f"errors: {len(errors)}")
    for seed, e in errors[:20]:
        print(f"  seed {seed}: {e}")
    return len(errors)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=1_000_000, help="games per board (default 1,000,000)")
    ap.add_argument("--boards", nargs="+", default=["usa:5", "europe:5", "nordic:3", "world:5", "great-lakes:5",
                                                 "legends-west:5"],
                    help="board:players (default: every board at its largest player count)")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--batch", type=int, default=50_000, help="games per call (progress is printed after each)")
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--frontiers", type=int, default=0,
                    help="Legends of the West: the demo pack's first N frontiers grow the board (8: all)")
    ap.add_argument("--legacy-game", type=int, default=1, help="Legends of the West: the demo pack's game (1-12)")
    args = ap.parse_args()
    if CORE is None:
        print(UNAVAILABLE, file=sys.stderr)
        return 2
    bad = 0
    for spec in args.boards:
        board, players = spec.split(":")
        bad += soak(board, int(players), args.games, args.first_seed, args.threads, args.batch, args.frontiers,
                    args.legacy_game)
    print("OK: no errors" if not bad else f"FAILED: {bad} games broke an invariant or did not end")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
