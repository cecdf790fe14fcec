"""The report's charts (each returns an SVG data URI): win rate by seat, tickets' completion and
holders' wins, the game arc, game length and lead changes, score by source, and bars of A against
B. Colours are Okabe and Ito's (told apart with any colour vision) and cividis for a scale."""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from .figures import WIDTH, data_uri, percent_axis, place_clear, pyplot
from .game_stats import Arc, SeatStat
from .ticket_stats import Tickets

# Okabe & Ito's palette: blue, orange, bluish green, reddish purple, sky blue, vermillion, yellow, black
OKABE_ITO = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")
BAR, OTHER = OKABE_ITO[0], OKABE_ITO[1]
FAIR = "#888888"


def _err(rates) -> list[list[float]]:
    return [[max(0.0, r.value - r.ci[0]) for r in rates], [max(0.0, r.ci[1] - r.value) for r in rates]]


def seat_chart(seats: Mapping[int, list[SeatStat]]) -> str:
    """Win rate by seat with 95% intervals, a panel per player count, the fair share dashed; the
    seats numbered (0 moves first), so five seats fit a narrow panel."""
    plt = pyplot()
    counts = list(seats)
    fig, axes = plt.subplots(1, len(counts), figsize=(min(WIDTH, 2.2 * len(counts) + 1.6), 2.9), squeeze=False,
                             sharey=True)
    for ax, n in zip(axes[0], counts):
        rates = [s.win for s in seats[n]]
        ax.bar(range(n), [r.value for r in rates], yerr=_err(rates), color=BAR, capsize=4, width=0.6)
        ax.axhline(1 / n, color=FAIR, ls="--", lw=1, label="fair share 1/players")
        ax.set_xticks(range(n), ["0\nfirst" if s == 0 else str(s) for s in range(n)], fontsize=8)
        ax.set_xlabel("seat", fontsize=8)
        ax.set_title(f"{n} players", fontsize=10)
        percent_axis(ax)
    axes[0][0].set_ylabel("games won (95% CI)")
    fig.legend(*axes[0][0].get_legend_handles_labels(), fontsize=8, frameon=False, loc="upper right")
    fig.tight_layout(rect=(0, 0, 1, 0.92))
    return data_uri(fig)


def _label_groups(points: Sequence[tuple[float, float, int]], near: float) -> list[tuple[float, float, list[int]]]:
    """Labels at (x, y) with ids, where points at the same x and within `near` of each other in y
    share one label (so ids do not print over each other)."""
    groups: list[tuple[float, float, list[int]]] = []
    for x, y, i in sorted(points):
        if groups and groups[-1][0] == x and y - groups[-1][1] <= near:
            groups[-1][2].append(i)
        else:
            groups.append((x, y, [i]))
    return groups


# Where a ticket's id may go, in points from its dot, in order of preference.
ID_SPOTS = ((0, 8), (0, -8), (10, 0), (-10, 0), (9, 8), (-9, 8), (9, -8), (-9, -8), (0, 16), (0, -16), (18, 0),
            (-18, 0), (16, 14), (-16, 14), (16, -14), (-16, -14))


def _ids(fig, ax, points: Sequence[tuple[float, float, int]], near: float) -> None:
    """Flagged tickets' ids beside their dots, ids at one place sharing a label, each moved clear of
    the ids placed before it."""
    marks = [ax.annotate(", ".join(map(str, ids)), (x, y), xytext=ID_SPOTS[0], textcoords="offset points",
                         fontsize=7, ha="center", va="center", color="#222222", zorder=4)
             for x, y, ids in _label_groups(points, near)]
    place_clear(fig, marks, [], ID_SPOTS)


def ticket_chart(t: Tickets) -> str:
    """Left: each ticket's holders' win rate against its completion (dot size: how often held,
    colour: its points on cividis), the pooled rates dashed. Right: completion against difficulty
    (the fewest spaces joining the cities) with 95% intervals. Flagged tickets are diamonds with
    their id."""
    plt = pyplot()
    fig, (ax, cx) = plt.subplots(1, 2, figsize=(WIDTH, 4.6))
    held = [s for s in t.stats if s.held]
    most = max([1] + [x.held for x in held])
    points = [s.ticket.points for s in held] or [0]
    for flagged, marker in ((False, "o"), (True, "D")):
        group = [s for s in held if bool(s.flags) == flagged]
        sc = ax.scatter([s.completion.value for s in group], [s.win_when_held.value for s in group],
                        c=[s.ticket.points for s in group], cmap="cividis", vmin=min(points), vmax=max(points),
                        s=[14 + 70 * s.held / most for s in group], marker=marker, edgecolors="#222222",
                        linewidths=0.9 if flagged else 0.4, zorder=3 if flagged else 2,
                        label="a flagged ticket (its id)" if flagged else "a ticket (size: how often held)")
    ax.axvline(t.completion.value, color=FAIR, ls="--", lw=1)
    ax.axhline(t.win_when_held.value, color=FAIR, ls="--", lw=1, label="all tickets held")
    cb = fig.colorbar(sc, ax=ax, pad=0.01)
    cb.set_label("ticket points")
    ax.set_xlabel("completed when held")
    ax.set_ylabel("holder won the game")
    percent_axis(ax)
    percent_axis(ax, "x")
    ax.legend(fontsize=7.5, frameon=False, loc="upper center", bbox_to_anchor=(0.5, -0.14), ncol=2)
    shown = [s for s in held if s.shortest >= 0]
    cx.errorbar([s.shortest for s in shown], [s.completion.value for s in shown], yerr=_err([s.completion for s in shown]),
                fmt="none", ecolor="#bbbbbb", lw=0.8, zorder=1)
    for flagged, colour, marker, label in ((False, BAR, "o", "a ticket"), (True, OTHER, "D", "a flagged ticket (its id)")):
        group = [s for s in shown if bool(s.flags) == flagged]
        if group:
            cx.scatter([s.shortest for s in group], [s.completion.value for s in group], c=colour, s=18 if flagged else 14,
                       marker=marker, edgecolors="#222222" if flagged else "none", linewidths=0.6, zorder=2, label=label)
    cx.axhline(t.completion.value, color=FAIR, ls="--", lw=1, label="all tickets held")
    cx.set_xlabel("difficulty: fewest spaces joining the cities")
    cx.set_ylabel("completed when held (95% CI)")
    cx.legend(fontsize=7.5, frameon=False, loc="upper center", bbox_to_anchor=(0.5, -0.14), ncol=2)
    percent_axis(cx)
    fig.tight_layout()
    _ids(fig, ax, [(s.completion.value, s.win_when_held.value, s.ticket.id) for s in held if s.flags], 0.01)
    _ids(fig, cx, [(s.shortest, s.completion.value, s.ticket.id) for s in shown if s.flags], 0.01)
    return data_uri(fig)


def arc_chart(arc: Arc, unit: str, by_count: Mapping[int, Arc] | None = None) -> str:
    """Mean public score by round, winners against the others, with the games still running; with
    several player counts (`by_count`), a pair of lines for each (pooling them would mix games
    whose rounds differ in length)."""
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(WIDTH * 0.8, 3.4))
    rounds = range(arc.shown)
    if by_count and len(by_count) > 1:
        for i, (n, c) in enumerate(by_count.items()):
            shown = range(c.shown)
            colour = OKABE_ITO[i % len(OKABE_ITO)]
            ax.plot(shown, c.winner_mean[:c.shown], color=colour, lw=2, label=f"{n} players: winners")
            ax.plot(shown, c.other_mean[:c.shown], color=colour, lw=1.6, ls="--", label=f"{n} players: the others")
    else:
        ax.plot(rounds, arc.winner_mean[:arc.shown], color=BAR, lw=2, label="winners")
        ax.plot(rounds, arc.other_mean[:arc.shown], color=OTHER, lw=2, label="the others")
    ax.set_xlabel("round (every player has had that many turns)")
    ax.set_ylabel(f"mean public score ({unit})")
    ax2 = ax.twinx()
    ax2.fill_between(rounds, [r / arc.running[0] for r in arc.running[:arc.shown]], color=FAIR, alpha=0.15,
                     step="mid", label="games still running")
    ax2.set_ylim(0, 1.05)
    ax2.set_ylabel("games still running")
    percent_axis(ax2)
    ax2.spines["right"].set_visible(True)
    ax.set_zorder(ax2.get_zorder() + 1)
    ax.patch.set_visible(False)
    h1, l1 = ax.get_legend_handles_labels()
    h2, l2 = ax2.get_legend_handles_labels()
    ax.legend(h1 + h2, l1 + l2, fontsize=8, frameon=False, loc="upper left")
    return data_uri(fig)


def length_chart(arc: Arc) -> str:
    """Histograms: game length in turns (stacked by player count), and lead changes per game."""
    plt = pyplot()
    from matplotlib.ticker import MaxNLocator
    fig, (a, b) = plt.subplots(1, 2, figsize=(WIDTH * 0.9, 2.8))
    every = [t for ts in arc.turn_counts.values() for t in ts]
    step = max(1, math.ceil((max(every) - min(every) + 1) / 40))
    bins = list(range(min(every), max(every) + step + 1, step))  # whole turns: no empty combs
    a.hist(list(arc.turn_counts.values()), bins=bins, stacked=True, label=[f"{n} players" for n in arc.turn_counts],
           color=[OKABE_ITO[i % len(OKABE_ITO)] for i in range(len(arc.turn_counts))])
    a.set_xlabel("game length (turns: one player's turn each)")
    a.set_ylabel("games")
    a.legend(fontsize=8, frameon=False)
    b.bar(range(len(arc.lead_change_counts)), arc.lead_change_counts, color=OTHER, width=0.7)
    b.set_xlabel("lead changes in a game")
    b.xaxis.set_major_locator(MaxNLocator(integer=True))
    a.yaxis.set_major_locator(MaxNLocator(integer=True))
    b.yaxis.set_major_locator(MaxNLocator(integer=True))
    b.set_ylabel("games")
    return data_uri(fig)


def sources_chart(groups: Sequence[tuple[str, Mapping[str, float]]], labels: Sequence[tuple[str, str]],
                  unit: str) -> str:
    """Mean score by source for each group (all players, winners, each bot): stacked bars, the
    negative parts (failed tickets, exchanges) to the left of zero."""
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(WIDTH * 0.8, 0.6 + 0.55 * len(groups)))
    colors = list(OKABE_ITO) + [FAIR]  # nine sources at most
    for gi, (_, means) in enumerate(groups):
        left_pos = left_neg = 0.0
        for si, (col, label) in enumerate(labels):
            v = means.get(col, 0.0)
            start = left_pos if v >= 0 else left_neg
            ax.barh(gi, v, left=start, color=colors[si % len(colors)], label=label if gi == 0 else None, height=0.6)
            if v >= 0:
                left_pos += v
            else:
                left_neg += v
    ax.axvline(0, color="#333333", lw=0.8)
    ax.set_yticks(range(len(groups)), [g for g, _ in groups])
    ax.invert_yaxis()
    ax.set_xlabel(f"mean {unit} per player")
    ax.legend(fontsize=8, frameon=False, ncol=min(5, len(labels)), loc="lower left", bbox_to_anchor=(0.0, 1.0))
    return data_uri(fig)


def rate_bars(names: Sequence[str], series: Sequence[tuple[str, Sequence]], ylabel: str,
              fair: float | None = None) -> str:
    """Grouped bars of rates with 95% intervals: one group per name, one bar per series (e.g. run
    A and run B, or a single series of bots)."""
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(min(WIDTH, 1.2 + 0.7 * len(names) * len(series)), 2.9))
    width = 0.8 / len(series)
    colors = list(OKABE_ITO)
    for i, (label, rates) in enumerate(series):
        xs = [x + (i - (len(series) - 1) / 2) * width for x in range(len(names))]
        ax.bar(xs, [r.value for r in rates], width=width * 0.9, yerr=_err(rates), capsize=3, color=colors[i % len(colors)],
               label=label)
    if fair is not None:
        ax.axhline(fair, color=FAIR, ls="--", lw=1, label="fair share")
    ax.set_xticks(range(len(names)), names, fontsize=8)
    ax.set_ylabel(ylabel)
    percent_axis(ax)
    if len(series) > 1 or fair is not None:
        ax.legend(fontsize=8, frameon=False)
    return data_uri(fig)


__all__ = ["arc_chart", "length_chart", "rate_bars", "seat_chart", "sources_chart", "ticket_chart"]
