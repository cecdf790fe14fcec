"""The claims chart: each route's claim rate against how far into the game it is claimed, by kind
(Okabe and Ito's colours and a marker per kind, so colour is never the only cue), with the corner
of the contested routes taken early marked. An SVG data URI."""
from __future__ import annotations

from .claims import CONTESTED, EARLY, Claims, route_kind
from .figures import WIDTH, data_uri, percent_axis, pyplot

STYLE = {"plain": ("#0072B2", "o"), "ferry": ("#E69F00", "s"), "tunnel": ("#009E73", "^"), "ship": ("#CC79A7", "D")}


def claims_chart(c: Claims) -> str:
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(min(WIDTH, 7.5), 3.6))
    ax.fill_between([0, EARLY], CONTESTED, 1.02, color="#dddddd", zorder=0, lw=0,
                    label=f"contested, taken early (claimed ≥ {CONTESTED:.0%}, median ≤ {EARLY:.0%} in)")
    for kind, (colour, marker) in STYLE.items():
        mine = [s for s in c.routes if s.claimed.k and route_kind(s.route) == kind]
        if mine:
            ax.scatter([s.median_share for s in mine], [s.claimed.value for s in mine], s=[10 + 6 * s.route.length
                       for s in mine], c=colour, marker=marker, alpha=0.8, edgecolors="white", linewidths=0.4,
                       label=f"{kind} ({len(mine)})")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1.02)
    percent_axis(ax)
    percent_axis(ax, "x")
    ax.set_xlabel("median claim: share of the game's turns played before it")
    ax.set_ylabel("games in which it is claimed")
    ax.legend(fontsize=7.5, frameon=False, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    ax.set_title("When each route is claimed (a larger mark is a longer route)", fontsize=10)
    return data_uri(fig)


__all__ = ["claims_chart"]
