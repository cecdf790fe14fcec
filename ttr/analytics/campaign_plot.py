"""A Legacy campaign's arc as a picture (a PNG file): each player's bank slip per year and the
vault it adds up to, with the years where the story opened a box or added a frontier board
(where the world grew)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .figures import pyplot

COMPANY_INK = {"blue": "#3465a4", "black": "#2e3436", "red": "#cc0000", "yellow": "#c4a000", "green": "#4e9a06"}


def plot_arc(arc: Sequence[dict[str, Any]], companies: Mapping[str, str], path: str, title: str = "") -> None:
    """`arc`: the campaign status's rows (ttr.campaign.report.arc); `companies`: player -> colour."""
    plt = pyplot()
    fig = arc_figure(arc, companies, title)
    fig.savefig(path, dpi=120)
    plt.close(fig)


def arc_figure(arc: Sequence[dict[str, Any]], companies: Mapping[str, str], title: str = "") -> Any:
    """The figure of plot_arc (for a page: figures.data_uri)."""
    plt = pyplot()
    done = [row for row in arc if row["over"]]
    fig, (slips, vaults) = plt.subplots(1, 2, figsize=(10, 4.2))
    for player, colour in companies.items():
        years = [row["year"] for row in done if player in row["slips"]]
        money = [row["slips"][player] for row in done if player in row["slips"]]
        ink = COMPANY_INK.get(colour, "#888888")
        slips.plot(years, money, "o-", color=ink, label=f"{player} ({colour})")
        total, running = 0, []
        for row in done:
            total += row["slips"].get(player, 0)
            running.append(total)
        vaults.plot([row["year"] for row in done], running, "o-", color=ink, label=f"{player} ({colour})")
    for ax in (slips, vaults):
        for row in arc:
            names = row["boxes_opened"] + row.get("frontiers_added", [])
            if names:  # one label per year, a line per name (side by side once rotated)
                ax.axvline(row["year"], color="#999999", lw=0.8, ls=":")
                ax.annotate("\n".join(names), (row["year"], 1), xycoords=("data", "axes fraction"), rotation=90,
                            fontsize=7, va="top", ha="right", color="#666666")
        ax.set_xlabel("year")
        ax.set_xticks([row["year"] for row in arc], [str(row["year"]) for row in arc], fontsize=8)
        ax.grid(alpha=0.3)
    slips.set_ylabel("bank slip ($)")
    slips.set_title("Each game's bank slip", fontsize=10)
    vaults.set_ylabel("vault ($, slips so far)")
    vaults.set_title("The vaults", fontsize=10)
    handles, labels = vaults.get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=len(labels), fontsize=8, frameon=False)
    if title:
        fig.suptitle(title, fontsize=11)
    fig.tight_layout(rect=(0, 0.06, 1, 1))
    return fig


__all__ = ["arc_figure", "plot_arc"]
