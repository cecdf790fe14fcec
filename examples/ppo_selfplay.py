"""Self-play PPO with action masking on ttr, in one file, on the CPU.

    pip install -e '.[train]'
    python examples/ppo_selfplay.py --map usa --minutes 10 --out runs/usa

One network (an MLP over ttr.formats.observation's tensor, a masked policy head over the
ActionSpace ids and a value head) plays every seat of `--parallel` games at once; each seat's
moves form its own trajectory (observations are relative to the seat, so the same network serves
all). Rewards are ttr.adapters.core's: "score" (the default) pays route points as they are
claimed and the rest of the final total at the end; "win" pays the win share at the end. A claim
paid in steps is several decisions of the same trajectory. Every `--eval-every` iterations the
greedy policy (most likely legal id) plays `--eval-games` games against the random and the
greedy bots; the curve goes to OUT/curve.csv and OUT/curve.png. At the end the policy plays
`ttr arena` matches (paired seeds, rotated seats) against random and greedy as a seat
(ttr.adapters.policy.PolicySeat), saved to OUT/arena.json, and the weights to OUT/policy.pt.
"""
from __future__ import annotations

import argparse
import csv
import json
import time
from pathlib import Path

import numpy as np
import torch
from torch import nn

from ttr.adapters.core import Rewards, Table
from ttr.adapters.policy import PolicySeat
from ttr.agents import AGENTS, make_agent
from ttr.runtime.arena import run_arena, win_shares


class Net(nn.Module):
    def __init__(self, n_obs: int, n_act: int, hidden: int = 256):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(n_obs, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh())
        self.pi = nn.Linear(hidden, n_act)
        self.v = nn.Linear(hidden, 1)

    def forward(self, x: torch.Tensor, mask: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        h = self.body(x)
        return self.pi(h).masked_fill(~mask, -1e9), self.v(h).squeeze(-1)

    def greedy(self, x: np.ndarray, mask: np.ndarray) -> int:
        with torch.no_grad():
            logits, _ = self(torch.from_numpy(x)[None], torch.from_numpy(mask.astype(bool))[None])
        return int(logits.argmax())


def rollout(net: Net, tables: list[Table], games: int, seed: int, reward: str) -> dict:
    """Play `games` self-play games, len(tables) at a time; every seat's moves are a trajectory."""
    obs, masks, acts, logps, vals, rews, dones = [], [], [], [], [], [], []
    trajectories: list[list[int]] = []
    started = 0
    live: dict[int, tuple[Rewards, list[list[int]]]] = {}
    finals = []

    def start(j: int) -> None:
        nonlocal started
        game = tables[j].reset(seed + started)
        started += 1
        live[j] = (Rewards(reward, game), [[] for _ in range(game.num_players)])

    for j in range(min(len(tables), games)):
        start(j)
    while live:
        js = list(live)
        seats = [tables[j].to_move for j in js]
        x = np.stack([tables[j].observe(s) for j, s in zip(js, seats)])
        m = np.stack([tables[j].mask() for j in js]).astype(bool)
        with torch.no_grad():
            logits, v = net(torch.from_numpy(x), torch.from_numpy(m))
            logp_all = torch.log_softmax(logits, -1)
            a = (logits - torch.empty_like(logits).exponential_().log()).argmax(-1)  # Gumbel-max: a sample
            lp = logp_all.gather(1, a[:, None]).squeeze(1)
        for k, (j, s) in enumerate(zip(js, seats)):
            idx = len(acts)
            obs.append(x[k]), masks.append(m[k]), acts.append(int(a[k])), logps.append(float(lp[k]))
            vals.append(float(v[k])), rews.append(0.0), dones.append(False)
            rw, traj = live[j]
            traj[s].append(idx)
            if tables[j].step(int(a[k])) is None:
                continue
            for seat, r in enumerate(rw.step()):
                if r and traj[seat]:
                    rews[traj[seat][-1]] += r
            if tables[j].over:
                for t in traj:
                    if t:
                        dones[t[-1]] = True
                trajectories.extend(t for t in traj if t)
                finals.append(tables[j].game.result())
                del live[j]
                if started < games:
                    start(j)
    return {"obs": np.stack(obs), "mask": np.stack(masks), "act": np.array(acts), "logp": np.array(logps, np.float32),
            "val": np.array(vals, np.float32), "rew": np.array(rews, np.float32), "traj": trajectories, "finals": finals}


def advantages(batch: dict, gamma: float = 1.0, lam: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
    adv = np.zeros(len(batch["act"]), np.float32)
    val, rew = batch["val"], batch["rew"]
    for t in batch["traj"]:
        gae = 0.0
        for k in range(len(t) - 1, -1, -1):
            i = t[k]
            nxt = val[t[k + 1]] if k + 1 < len(t) else 0.0
            delta = rew[i] + gamma * nxt - val[i]
            gae = delta + gamma * lam * gae
            adv[i] = gae
    return adv, adv + val


def update(net: Net, opt: torch.optim.Optimizer, batch: dict, epochs: int = 4, minibatch: int = 1024,
           clip: float = 0.2, ent_coef: float = 0.01, vf_coef: float = 0.5) -> dict:
    adv, ret = advantages(batch)
    x, m = torch.from_numpy(batch["obs"]), torch.from_numpy(batch["mask"])
    a, old_lp = torch.from_numpy(batch["act"]), torch.from_numpy(batch["logp"])
    adv_t, ret_t = torch.from_numpy(adv), torch.from_numpy(ret)
    n = len(a)
    stats = {"loss": 0.0, "entropy": 0.0}
    for _ in range(epochs):
        for idx in torch.randperm(n).split(minibatch):
            logits, v = net(x[idx], m[idx])
            dist = torch.distributions.Categorical(logits=logits)
            lp = dist.log_prob(a[idx])
            ratio = (lp - old_lp[idx]).exp()
            ad = adv_t[idx]
            ad = (ad - ad.mean()) / (ad.std() + 1e-8) if len(idx) > 1 else ad
            pg = -torch.min(ratio * ad, ratio.clamp(1 - clip, 1 + clip) * ad).mean()
            vloss = (v - ret_t[idx]).pow(2).mean()
            ent = dist.entropy().mean()
            loss = pg + vf_coef * vloss - ent_coef * ent
            opt.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(net.parameters(), 0.5)
            opt.step()
            stats = {"loss": loss.item(), "entropy": ent.item()}
    return stats


def evaluate(net: Net, map_name: str, players: int, opponent: str, games: int, seed: int) -> tuple[float, float, float]:
    """The greedy policy's win share and mean final total against `opponent` bots (its seat
    rotates), and the bots' mean final total."""
    table = Table(map_name, players)
    wins, totals, theirs = 0.0, 0.0, 0.0
    for g in range(games):
        me = g % players
        seats = [None if s == me else make_agent(opponent, seed + g * 10 + s) for s in range(players)]
        table.reset(seed + g, seats)
        while True:
            table.run_bots()
            if table.over:
                break
            table.step(net.greedy(table.observe(me), table.mask()))
        r = table.game.result()
        wins += win_shares(r["winners"], players)[me]
        totals += r["players"][me]["total"]
        theirs += sum(p["total"] for s, p in enumerate(r["players"]) if s != me) / (players - 1)
    return wins / games, totals / games, theirs / games


def arena(net: Net, map_name: str, players: int, opponent: str, games: int, seed: int) -> dict:
    """`ttr arena` statistics of the policy (as a seat) against a bot."""
    AGENTS["ppo"] = lambda s=0: PolicySeat(net.greedy, seed=s)  # type: ignore[assignment]
    r = run_arena(map_name, players, ["ppo", opponent], games, seed=seed, workers=1)
    s = r.stats["ppo"]
    return {"opponent": opponent, "games": s.games, "win_rate": s.win_rate, "ci": [s.ci_low, s.ci_high],
            "score_mean": s.score_mean, "opponent_score_mean": r.stats[opponent].score_mean,
            "tickets_done": s.ticket_completion}


def plot(rows: list[dict], path: Path) -> None:
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:  # the CSV is enough
        return
    t = [r["minutes"] for r in rows]
    fig, (a, b) = plt.subplots(1, 2, figsize=(10, 4))
    a.plot(t, [r["win_vs_random"] for r in rows], "o-", label="vs random")
    a.plot(t, [r["win_vs_greedy"] for r in rows], "s-", label="vs greedy")
    a.set(xlabel="training minutes", ylabel="win rate (greedy policy)", ylim=(-0.02, 1.02), title="win rate")
    a.legend()
    b.plot(t, [r["score_vs_random"] for r in rows], "o-", label="vs random")
    b.plot(t, [r["score_vs_greedy"] for r in rows], "s-", label="vs greedy")
    b.plot(t, [r["selfplay_score"] for r in rows], "^-", label="self-play")
    b.plot(t, [r["greedy_score"] for r in rows], "s--", color="tab:orange", alpha=0.5, label="the greedy bot")
    b.set(xlabel="training minutes", ylabel="mean final total", title="score")
    b.legend()
    fig.suptitle(f"ttr PPO self-play ({rows[-1]['map']}, {rows[-1]['players']} players)")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--map", default="usa")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--reward", default="score", choices=["score", "win"])
    ap.add_argument("--minutes", type=float, default=10.0, help="stop after the first iteration past this")
    ap.add_argument("--iterations", type=int, default=10**9)
    ap.add_argument("--games-per-iter", type=int, default=32)
    ap.add_argument("--parallel", type=int, default=16, help="games played at once")
    ap.add_argument("--eval-every", type=int, default=5)
    ap.add_argument("--eval-games", type=int, default=20)
    ap.add_argument("--arena-games", type=int, default=100, help="arena matches (each in both seat orders)")
    ap.add_argument("--lr", type=float, default=3e-4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--out", default="runs/ppo")
    args = ap.parse_args(argv)
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    tables = [Table(args.map, args.players) for _ in range(args.parallel)]
    ob = tables[0].observer
    net = Net(ob.size, tables[0].n)
    opt = torch.optim.Adam(net.parameters(), lr=args.lr)
    rows: list[dict] = []
    t0 = time.perf_counter()
    games = 0

    def checkpoint(it: int, stats: dict, selfplay: float) -> None:
        wr, sr, rr = evaluate(net, args.map, args.players, "random", args.eval_games, 10**6)
        wg, sg, gg = evaluate(net, args.map, args.players, "greedy", args.eval_games, 10**6)
        rows.append({"map": args.map, "players": args.players, "iteration": it, "games": games,
                     "minutes": round((time.perf_counter() - t0) / 60, 3), "selfplay_score": round(selfplay, 2),
                     "win_vs_random": wr, "score_vs_random": sr, "random_score": rr,
                     "win_vs_greedy": wg, "score_vs_greedy": sg, "greedy_score": gg,
                     "entropy": round(stats.get("entropy", 0.0), 4)})
        print(" ".join(f"{k}={v}" for k, v in rows[-1].items()), flush=True)
        with open(out / "curve.csv", "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0]))
            w.writeheader()
            w.writerows(rows)
        plot(rows, out / "curve.png")

    checkpoint(0, {}, float("nan"))
    it = 0
    while it < args.iterations and time.perf_counter() - t0 < args.minutes * 60:
        it += 1
        batch = rollout(net, tables, args.games_per_iter, args.seed * 10**6 + games, args.reward)
        games += len(batch["finals"])
        stats = update(net, opt, batch)
        selfplay = float(np.mean([p["total"] for r in batch["finals"] for p in r["players"]]))
        if it % args.eval_every == 0 or it == args.iterations:
            checkpoint(it, stats, selfplay)
    if rows[-1]["iteration"] != it:
        checkpoint(it, stats, selfplay)
    torch.save(net.state_dict(), out / "policy.pt")
    results = [arena(net, args.map, args.players, o, args.arena_games, 2 * 10**6) for o in ("random", "greedy")]
    (out / "arena.json").write_text(json.dumps(results, indent=2) + "\n")
    for r in results:
        print(f"arena vs {r['opponent']}: {r['games']} games, win rate {r['win_rate']:.1%} "
              f"(95% CI {r['ci'][0]:.0%}-{r['ci'][1]:.0%}), mean score {r['score_mean']:.1f} "
              f"vs {r['opponent_score_mean']:.1f}, tickets done {r['tickets_done']:.0%}")


if __name__ == "__main__":
    main()
