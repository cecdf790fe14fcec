"""The bot ladder's plot: each board's ratings with their 95% intervals (a PNG file)."""
from __future__ import annotations

from collections.abc import Sequence

from ..runtime.ladder import BoardLadder
from .figures import pyplot


def plot_ladder(ladders: Sequence[BoardLadder], path: str) -> None:
    """A panel per board, a row per bot (strongest on top), its rating and interval."""
    plt = pyplot()
    n = len(ladders)
    cols = min(n, 3)
    rows = (n + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(3.4 * cols, 0.45 * max(len(lad.ratings) for lad in ladders) * rows
                                                  + 1.2 * rows), squeeze=False, sharex=True)  # (one scale)
    for ax, lad in zip(axes.flat, ladders):
        rs = list(reversed(lad.ratings))  # (the strongest at the top)
        ys = range(len(rs))
        ax.errorbar([r.elo for r in rs], ys, xerr=[[r.elo - r.low for r in rs], [r.high - r.elo for r in rs]],
                    fmt="o", color="#4c78a8", capsize=3)
        ax.set_yticks(list(ys), [r.bot for r in rs])
        ax.set_title(f"{lad.board} (2 players)", fontsize=10)
        ax.axvline(1500, color="#888888", lw=0.8, ls="--")
        ax.tick_params(labelbottom=True)
    for ax in axes[-1]:
        ax.set_xlabel("rating (Elo scale, 95% interval)")
    for ax in list(axes.flat)[n:]:
        ax.axis("off")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


__all__ = ["plot_ladder"]
