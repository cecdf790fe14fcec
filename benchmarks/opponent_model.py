"""How well the search bot's opponent model (ttr/agents/belief.py) predicts the tickets players
really hold: on positions of recorded games, the log-likelihood of each other seat's kept
tickets under the model's weighted dealing, against dealing them uniformly from the same
unaccounted tickets (the search bot's dealing before the model).

Games are played by planners (the bots the search bot is measured against), or by the bots of
`--bots`; a position is every `--every`-th turn of seat 0 (the observer); each other seat that
has claimed a route and holds tickets is one sample. Two sets of seeds: beta is fitted on the
first (`--seed`) and the gain reported on the second (`--seed` + 100,000), which the fit never
saw. Results in nats per sample and per ticket, with standard errors.

    python benchmarks/opponent_model.py [--games 60] [--boards usa,europe] [--json out.json]
"""
from __future__ import annotations

import argparse
import json
import math
import statistics

import ttr
from ttr.agents import make_agent
from ttr.agents.belief import BETA, TicketModel, set_log_likelihood, uniform_log_likelihood
from ttr.agents.determinize import Worlds

BOARDS = [("usa", 2), ("usa", 4), ("europe", 2), ("europe", 4), ("nordic", 3), ("world", 3),
          ("great-lakes", 3), ("legends-west", 3)]
BETAS = [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0]


def samples(map_name: str, players: int, games: int, seed: int, every: int, bots: list[str]):
    """(observation, other seat, its true tickets) at the positions of `games` seeded games."""
    for s in range(seed, seed + games):
        g = ttr.new_game(map_name, players, seed=s)
        agents = [make_agent(bots[p % len(bots)], s * 10 + p) for p in range(players)]
        turn = 0
        while not g.is_over:
            seat = g.current_player
            if seat == 0 and g.phase == "turn":
                if turn % every == every - 1:
                    obs = g.observe(0)
                    owners = set(obs.layout.items(obs.state, "routes")) - {-1, 0}
                    for p in sorted(owners):
                        mine = g.observe(p)
                        held = mine.layout.items(mine.state, f"players[{p}].tickets")
                        if held:
                            yield obs, p, list(held)
                turn += 1
            g.apply(agents[seat].act(g.observe(seat)))


def gains(recorded, betas: list[float]) -> dict[float, list[tuple[float, int]]]:
    """Per beta: (log-likelihood under the model minus under uniform dealing, tickets) per sample."""
    out: dict[float, list[tuple[float, int]]] = {b: [] for b in betas}
    models: dict[float, TicketModel] = {}
    for obs, p, held in recorded:
        worlds = Worlds(obs)
        pool = worlds.regular + worlds.long
        uniform = uniform_log_likelihood(len(held), len(pool))
        for b in betas:
            model = models.get(b)
            if model is None or model.rules is not obs.rules:
                model = models[b] = TicketModel(obs.rules, b)
            weight = model.weights(obs)[p]
            out[b].append((set_log_likelihood(held, pool, weight) - uniform, len(held)))
    return out


def summary(rows: list[tuple[float, int]]) -> dict:
    g = [x for x, _ in rows]
    n = len(g)
    return {"samples": n, "tickets": sum(k for _, k in rows),
            "gain": statistics.fmean(g) if g else 0.0,
            "stderr": statistics.stdev(g) / math.sqrt(n) if n > 1 else 0.0,
            "gain_per_ticket": sum(g) / max(1, sum(k for _, k in rows))}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=60, help="games per board and per set of seeds")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--every", type=int, default=4, help="a position every this many of seat 0's turns")
    ap.add_argument("--boards", default=",".join(f"{m}:{p}" for m, p in BOARDS),
                    help="map:players, comma-separated")
    ap.add_argument("--bots", default="planner", help="the bots that play the recorded games")
    ap.add_argument("--json", help="write the results here")
    args = ap.parse_args()
    bots = args.bots.split(",")
    results = []
    for spec in args.boards.split(","):
        m, _, p = spec.partition(":")
        players = int(p or 2)
        fit = gains(list(samples(m, players, args.games, args.seed, args.every, bots)), BETAS)
        best = max(BETAS, key=lambda b: statistics.fmean(x for x, _ in fit[b]) if fit[b] else 0.0)
        held_out = gains(list(samples(m, players, args.games, args.seed + 100_000, args.every, bots)),
                         sorted({best, BETA}))
        row = {"map": m, "players": players, "fitted_beta": best,
               "fit": {str(b): summary(fit[b]) for b in BETAS},
               "held_out": {str(b): summary(held_out[b]) for b in held_out}}
        results.append(row)
        h = row["held_out"][str(best)]
        d = row["held_out"][str(BETA)]
        print(f"{m} {players}p: beta {best:g} (fitted) gains {h['gain']:+.2f} ± {1.96 * h['stderr']:.2f} nats per "
              f"seat ({h['gain_per_ticket']:+.2f} per ticket; {h['samples']} samples, {h['tickets']} tickets); "
              f"beta {BETA:g} (the bot's): {d['gain']:+.2f} ± {1.96 * d['stderr']:.2f}", flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=2)


if __name__ == "__main__":
    main()
