"""Train the `learned` bot's network (docs/bots.md, "The learned bot"): expert iteration.

    python scripts/train_learned.py selfplay --map europe --games 614 --seed 0 --out data/
    python scripts/train_learned.py train --map europe --data data/ --seed 0   # into ttr/agents/weights/
    python scripts/train_learned.py plot ttr/agents/weights/europe-2.json --out curve.png

1. selfplay: the teacher (the search bot searching every turn) plays itself, seeded; every
   decision is recorded as the deciding seat's tensor (`ttr.formats.observation.Observer`), its
   legal ids (`ttr.ActionSpace`), the id the teacher chose, and how the game ended for that seat.
2. train: a policy and value network (PyTorch, CPU) learns the teacher's choices (cross-entropy
   over the legal ids) and the outcome (the win, by logistic loss; the score margin / 100, by
   squared error); its weights are exported to numpy (`ttr.agents.learned.Network` reads them
   without PyTorch), with the learning curve as JSON and a plot.

Every step is seeded: the same seed and games give the same data and the same weights (on one
machine: PyTorch's CPU kernels are deterministic with one thread, which `train` sets).
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from pathlib import Path

import numpy as np

import ttr
from ttr.agents import SearchAgent
from ttr.formats.observation import Observer
from ttr.runtime.match import Match

ROOT = Path(__file__).resolve().parent.parent
TEACHER = {"turns": "all"}  # the search bot's parameters for the teacher


class Recorder:
    """A seat that asks `agent` for its move and records the decision (needs the real game for the
    ids of ticket keeps, which are positions in the offer; both follow from the seat's view)."""

    def __init__(self, agent, game, observer: Observer, rows: list):
        self.agent, self.game, self.ob, self.rows = agent, game, observer, rows
        self.name = agent.name

    def act(self, obs):
        a = self.agent.act(obs)
        space = self.ob.space
        mask = space.mask(self.game)
        self.rows.append((obs.seat, self.ob.encode(obs).astype(np.float16), np.packbits(mask),
                          space.encode(a, self.game)))
        return a


def play_one(args: tuple[str, int, int, dict]) -> dict:
    """One teacher game: its decisions and outcome per seat."""
    map_name, players, seed, teacher = args
    game = ttr.new_game(map_name, players, seed=seed, engine="auto")
    ob = Observer(game.rules)
    rows: list = []
    seats = [Recorder(SearchAgent(seed * 16 + p, **teacher), game, ob, rows) for p in range(players)]
    try:
        Match(game, seats).run()
    except Exception as e:  # noqa: BLE001 - a teacher's failure is reported with its seed, the others go on
        return {"seed": seed, "error": f"{type(e).__name__}: {e}"}
    res = game.result()
    totals = [p["total"] for p in res["players"]]
    winners = res["winners"]
    win = [1.0 / len(winners) if p in winners else 0.0 for p in range(players)]
    margin = [(totals[p] - max(t for q, t in enumerate(totals) if q != p)) / 100.0 for p in range(players)]
    return {"seed": seed, "seat": [r[0] for r in rows], "x": np.stack([r[1] for r in rows]),
            "mask": np.stack([r[2] for r in rows]), "action": np.array([r[3] for r in rows], dtype=np.int32),
            "win": np.array([win[r[0]] for r in rows], dtype=np.float32),
            "margin": np.array([margin[r[0]] for r in rows], dtype=np.float32)}


def selfplay(map_name: str, players: int, games: int, seed: int, out: Path, workers: int) -> None:
    out.mkdir(parents=True, exist_ok=True)
    todo = [(map_name, players, seed + i, TEACHER) for i in range(games)
            if not (out / f"game-{seed + i}.npz").exists()]  # resumable: a game is one file
    t0 = time.time()
    pool = multiprocessing.get_context("spawn").Pool(workers) if workers > 1 else None
    try:
        played = pool.imap_unordered(play_one, todo) if pool else map(play_one, todo)
        for k, g in enumerate(played):
            if "error" in g:
                print(f"game {g['seed']} failed: {g['error']}", file=sys.stderr, flush=True)
                continue
            np.savez_compressed(out / f"game-{g['seed']}.npz", **{k2: v for k2, v in g.items() if k2 != "seed"})
            if (k + 1) % 10 == 0:
                print(f"{k + 1}/{len(todo)} games, {time.time() - t0:.0f} s", flush=True)
    finally:
        if pool:
            pool.close()
            pool.join()


def load(data: Path, n: int) -> dict[str, np.ndarray]:
    """Every recorded game of `data`, in seed order: tensors, masks, chosen ids, outcomes, seeds."""
    files = sorted(data.glob("game-*.npz"), key=lambda f: int(f.stem.split("-")[1]))
    if not files:
        raise SystemExit(f"{data}: no recorded games (run selfplay first)")
    parts: dict[str, list] = {k: [] for k in ("x", "mask", "action", "win", "margin", "game")}
    for f in files:
        with np.load(f) as z:
            for k in ("x", "mask", "action", "win", "margin"):
                parts[k].append(z[k])
            parts["game"].append(np.full(len(z["action"]), int(f.stem.split("-")[1]), dtype=np.int64))
    out = {k: np.concatenate(v) for k, v in parts.items()}
    out["mask"] = out["mask"][:, :(n + 7) // 8]
    return out


def train(map_name: str, players: int, data: Path, seed: int, out: Path, epochs: int, hidden: int,
          batch: int, lr: float, value_weight: float = 0.25) -> dict:
    import torch  # the train extra (pyproject.toml); only this step needs it
    from torch import nn

    from ttr.agents.learned import signature

    torch.manual_seed(seed)
    torch.set_num_threads(1)  # deterministic CPU kernels: the same seed gives the same weights
    rules = ttr.get_ruleset(map_name, players)
    ob = Observer(rules)
    n, size = ob.space.n, ob.size
    d = load(data, n)
    if d["x"].shape[1] != size:
        raise SystemExit(f"{data}: tensors of {d['x'].shape[1]} values, {map_name} at {players} players has {size}")
    rng = np.random.default_rng(seed)
    games = np.unique(d["game"])
    held = set(rng.choice(games, size=max(1, len(games) // 10), replace=False).tolist())  # 10% of games: validation
    is_val = np.array([g in held for g in d["game"]])
    tr, va = np.flatnonzero(~is_val), np.flatnonzero(is_val)

    class Net(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.l1, self.l2 = nn.Linear(size, hidden), nn.Linear(hidden, hidden)
            self.p, self.v, self.m = nn.Linear(hidden, n), nn.Linear(hidden, 1), nn.Linear(hidden, 1)

        def forward(self, x):
            h = torch.relu(self.l2(torch.relu(self.l1(x))))
            return self.p(h), self.v(h).squeeze(1), self.m(h).squeeze(1)

    net = Net()
    opt = torch.optim.Adam(net.parameters(), lr=lr, weight_decay=1e-4)

    def batch_of(idx):
        x = torch.from_numpy(d["x"][idx].astype(np.float32))
        mask = torch.from_numpy(np.unpackbits(d["mask"][idx], axis=1, count=n).astype(bool))
        return (x, mask, torch.from_numpy(d["action"][idx].astype(np.int64)), torch.from_numpy(d["win"][idx]),
                torch.from_numpy(d["margin"][idx]))

    def losses(idx):
        x, mask, a, win, margin = batch_of(idx)
        logits, v, m = net(x)
        logits = logits.masked_fill(~mask, -1e9)  # a softmax over the legal ids alone
        lp = nn.functional.cross_entropy(logits, a, reduction="none")
        lv = nn.functional.binary_cross_entropy_with_logits(v, win, reduction="none")
        lm = (m - margin) ** 2
        right = (logits.argmax(1) == a).float()
        return lp, lv, lm, right

    def evaluate(idx) -> dict:
        net.eval()
        sums = np.zeros(4)
        with torch.no_grad():
            for k in range(0, len(idx), 4096):
                for j, t in enumerate(losses(idx[k:k + 4096])):
                    sums[j] += float(t.sum())
        net.train()
        return dict(zip(("policy", "win", "margin", "accuracy"), (sums / max(len(idx), 1)).round(4).tolist()))

    curve = []
    best: tuple[float, int, dict] | None = None  # the epoch of least validation policy loss is kept
    t0 = time.time()
    for epoch in range(1, epochs + 1):
        order = rng.permutation(tr)
        for k in range(0, len(order), batch):
            lp, lv, lm, _ = losses(order[k:k + batch])
            loss = lp.mean() + value_weight * (lv.mean() + lm.mean())  # the outcome is shared by a game's decisions
            opt.zero_grad()
            loss.backward()
            opt.step()
        row = {"epoch": epoch, "seconds": round(time.time() - t0, 1), "train": evaluate(tr[:20000]),
               "validation": evaluate(va)}
        curve.append(row)
        print(json.dumps(row), flush=True)
        if best is None or row["validation"]["policy"] < best[0]:
            w = {"w1": net.l1.weight, "b1": net.l1.bias, "w2": net.l2.weight, "b2": net.l2.bias, "wp": net.p.weight,
                 "bp": net.p.bias, "wv": net.v.weight, "bv": net.v.bias, "wm": net.m.weight, "bm": net.m.bias}
            kept = {k: v.detach().numpy().astype(np.float16) for k, v in w.items()}
            best = (row["validation"]["policy"], epoch, kept)
    assert best is not None
    arrays: dict[str, np.ndarray] = best[2]
    out.parent.mkdir(parents=True, exist_ok=True)
    arrays["signature"] = np.array(signature(rules))
    np.savez_compressed(out, **arrays)
    meta = {"map": map_name, "players": players, "seed": seed, "games": int(len(games)), "decisions": int(len(tr)),
            "validation_decisions": int(len(va)), "epochs": epochs, "kept_epoch": best[1], "hidden": hidden,
            "batch": batch, "lr": lr, "value_weight": value_weight,
            "teacher": TEACHER, "seconds": round(time.time() - t0, 1), "curve": curve}
    out.with_suffix(".json").write_text(json.dumps(meta, indent=1) + "\n")
    return meta


def plot(meta: dict, out: Path) -> None:
    """The learning curve: losses and the share of the teacher's moves ranked first, per epoch,
    on the training games and the held-out ones; the epoch kept marked."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    ep = [r["epoch"] for r in meta["curve"]]
    fig, ax = plt.subplots(1, 2, figsize=(9, 3.4))
    for what, colour in (("policy", "tab:blue"), ("win", "tab:orange")):
        for part, style in (("train", "-"), ("validation", "--")):
            ax[0].plot(ep, [r[part][what] for r in meta["curve"]], style, color=colour, label=f"{what} loss ({part})")
    for part, style in (("train", "-"), ("validation", "--")):
        ax[1].plot(ep, [r[part]["accuracy"] for r in meta["curve"]], style, color="tab:blue", label=part)
    for a in ax:
        a.axvline(meta["kept_epoch"], color="grey", lw=0.8, ls=":")
        a.set_xlabel("epoch (dotted: the one kept)")
    ax[0].legend(fontsize=7)
    ax[1].set_ylabel("the teacher's move ranked first")
    ax[1].legend(fontsize=7)
    fig.suptitle(f"The learned bot's network: {meta['map']}, {meta['players']} players, {meta['games']} teacher games")
    fig.tight_layout()
    fig.savefig(out, dpi=110)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("selfplay")
    s.add_argument("--map", default="europe")
    s.add_argument("--players", type=int, default=2)
    s.add_argument("--games", type=int, default=400)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--workers", type=int, default=2)
    s.add_argument("--out", type=Path, required=True)
    t = sub.add_parser("train")
    t.add_argument("--map", default="europe")
    t.add_argument("--players", type=int, default=2)
    t.add_argument("--data", type=Path, required=True)
    t.add_argument("--seed", type=int, default=0)
    t.add_argument("--epochs", type=int, default=12)
    t.add_argument("--hidden", type=int, default=256)
    t.add_argument("--batch", type=int, default=256)
    t.add_argument("--lr", type=float, default=1e-3)
    t.add_argument("--value-weight", type=float, default=0.25, help="of the outcome's losses beside the policy's")
    t.add_argument("--out", type=Path, default=None, help="default: ttr/agents/weights/MAP-PLAYERS.npz")
    t.add_argument("--plot", type=Path, default=None, help="the learning curve as a PNG")
    c = sub.add_parser("plot", help="the learning curve of a training run's JSON (written beside its weights)")
    c.add_argument("meta", type=Path)
    c.add_argument("--out", type=Path, required=True)
    a = p.parse_args(argv)
    if a.cmd == "plot":
        plot(json.loads(a.meta.read_text()), a.out)
    elif a.cmd == "selfplay":
        selfplay(a.map, a.players, a.games, a.seed, a.out, a.workers)
    else:
        out = a.out or ROOT / "ttr" / "agents" / "weights" / f"{a.map}-{a.players}.npz"
        meta = train(a.map, a.players, a.data, a.seed, out, a.epochs, a.hidden, a.batch, a.lr, a.value_weight)
        if a.plot:
            plot(meta, a.plot)
    return 0


if __name__ == "__main__":
    sys.exit(main())
