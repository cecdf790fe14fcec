"""Two runs side by side (A, then B: e.g. a board before and after an edit): route claim rates,
ticket completion, city desirability, seat and bot win rates, the game arc, score sources and
failure states, each as A, B and B - A (rates with Newcombe's 95% interval of the difference).
Routes and tickets are matched by id where both boards give the id the same cities."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from . import charts
from . import html as h
from .analysis import Analysis, analyse
from .board_plot import route_map
from .common import Diff
from .output import load_run
from .report import SPREAD, run_facts, unit

COMPARE = "compare.html"


@dataclass(frozen=True)
class Comparison:
    a: Analysis
    b: Analysis
    routes: list[tuple[int, str, Diff]]        # (id, label, claimed A vs B)
    tickets: list[tuple[int, str, Diff]]       # (id, label, completion A vs B)
    cities: list[tuple[str, Diff]]             # on a completed ticket A vs B
    seats: dict[int, list[Diff]]               # player counts played in both runs
    bots: list[tuple[str, Diff]]               # bots in both runs
    rates: list[tuple[str, str, Diff]]         # (key, what, A vs B): arc and failure rates
    unmatched: list[str]                       # routes and tickets compared in neither way


def _matched(xs: list, ys: list, what: str) -> tuple[list[tuple[int, str, Diff]], list[tuple[int, str]]]:
    """Items (id, cities, label, rate) of A and B paired by id where their cities agree; the rest
    named as not compared."""
    by_id = {i: (cities, rate) for i, cities, _, rate in xs}
    pairs, done = [], set()
    for i, cities, label, rate in ys:
        if i in by_id and set(by_id[i][0]) == set(cities):
            pairs.append((i, label, Diff(by_id[i][1], rate)))
            done.add(i)
    rest = [(i, f"{what} {i} {label} (A)") for i, _, label, _ in xs if i not in done]
    rest += [(i, f"{what} {i} {label} (B)") for i, _, label, _ in ys if i not in done]
    return pairs, rest


def compare(a: Analysis, b: Analysis) -> Comparison:
    routes = _matched([(s.route.id, s.route.cities, s.label, s.claimed) for s in a.routes],
                      [(s.route.id, s.route.cities, s.label, s.claimed) for s in b.routes], "route")
    tickets = _matched([(s.ticket.id, s.ticket.cities, s.label, s.completion) for s in a.tickets.stats],
                       [(s.ticket.id, s.ticket.cities, s.label, s.completion) for s in b.tickets.stats], "ticket")
    ca = {c.city: c for c in a.cities}
    cities = [(c.city, Diff(ca[c.city].on_completed_ticket, c.on_completed_ticket)) for c in b.cities if c.city in ca]
    seats = {n: [Diff(x.win, y.win) for x, y in zip(a.seats[n], b.seats[n])] for n in b.seats if n in a.seats}
    ba = {x.bot: x for x in a.bots}
    bots = [(x.bot, Diff(ba[x.bot].win, x.win)) for x in b.bots if x.bot in ba] if a.several_bots and b.several_bots else []
    fa, fb = a.failures, b.failures
    rates = [("any_lead_change", "games with a lead change", Diff(a.arc.any_lead_change, b.arc.any_lead_change)),
             ("leader_wins", "the leader before the final scoring won", Diff(a.arc.leader_wins, b.arc.leader_wins)),
             ("forced_pass", "games with a forced pass", Diff(fa.forced_pass_games, fb.forced_pass_games)),
             ("forced_draw", "games with a forced ticket draw", Diff(fa.forced_draw_games, fb.forced_draw_games)),
             ("deadlock", "games ended by a round of passes", Diff(fa.deadlocks, fb.deadlocks))]
    unmatched = [x for _, x in routes[1] + tickets[1]]
    return Comparison(a, b, routes[0], tickets[0], cities, seats, bots, rates, unmatched)


DIFF_HEAD = ["A", "B", "B − A", "95% CI of B − A"]
NOTE = ("B − A with Newcombe's 95% interval (from the two Wilson intervals); <b>differs</b>: the interval "
        "excludes 0. With many rows, some differ by chance: about 1 in 20 where nothing changed.")


def _clear(d: Diff) -> str:
    return h.text("differs" if d.clear else "", "flag")


def _by_size(rows):
    return sorted(rows, key=lambda r: -abs(r[-1].value))


def routes_part(c: Comparison) -> str:
    pic = route_map(c.b.map, {i: d.value for i, _, d in c.routes}, "Claim rate, B − A (red: claimed more in B)",
                    "change in the share of games in which the route was claimed", diverging=True)
    rows = [h.count(f"routes.{i}.id", i) + h.text(label) + h.diff(f"routes.{i}", d) + _clear(d)
            for i, label, d in _by_size(c.routes)]
    gone = h.doc("Not compared (not on both boards with the same cities): " + h.esc("; ".join(c.unmatched))) \
        if c.unmatched else ""
    return (h.doc("The share of games in which each route was claimed, A against B, on B's board. " + NOTE)
            + h.image(pic, "claim rate difference") + gone
            + h.table(["id", "route", *DIFF_HEAD, ""], rows, scroll=True))


def tickets_part(c: Comparison) -> str:
    rows = [h.count(f"tickets.{i}.id", i) + h.text(label) + h.diff(f"tickets.{i}", d) + _clear(d)
            for i, label, d in _by_size(c.tickets)]
    cities = [h.text(name) + h.diff(f"cities.{name}", d) + _clear(d) for name, d in _by_size(c.cities)]
    return (h.doc("Ticket completion (of the seats that kept the ticket), A against B; then how often each city "
                  "is on a completed ticket. " + NOTE)
            + h.table(["id", "ticket", *DIFF_HEAD, ""], rows, scroll=True)
            + "<h3>Cities on a completed ticket</h3>" + h.table(["city", *DIFF_HEAD, ""], cities, scroll=True))


def seats_part(c: Comparison) -> str:
    parts = []
    for n, diffs in c.seats.items():
        pic = charts.rate_bars([f"seat {s}" for s in range(n)], [("A", [d.a for d in diffs]), ("B", [d.b for d in diffs])],
                               "games won (95% CI)", 1 / n)
        rows = [h.count(f"seats.{n}.{s}.seat", s) + h.diff(f"seats.{n}.{s}", d) + _clear(d) for s, d in enumerate(diffs)]
        parts.append(f"<h3>{n} players</h3>" + h.image(pic, f"win rate by seat, {n} players")
                     + h.table(["seat", *DIFF_HEAD, ""], rows))
    if c.bots:
        rows = [h.text(bot) + h.diff(f"bots.{bot}", d) + _clear(d) for bot, d in c.bots]
        parts.append("<h3>Bots: games won</h3>" + h.table(["bot", *DIFF_HEAD, ""], rows))
    return h.doc("Games won from each seat, for the player counts both runs played. " + NOTE) + "".join(parts)


def games_part(c: Comparison) -> str:
    a, b = c.a, c.b
    means = [(f"arc.turns.{n}", f"game length (turns), {h.count(f'arc.turns.{n}.players', n, 'span')} players, mean",
              a.arc.turns[n]["mean"],
              b.arc.turns[n]["mean"]) for n in b.arc.turns if n in a.arc.turns]
    means.append(("arc.lead_changes", "lead changes per game, mean", a.arc.lead_changes["mean"],
                  b.arc.lead_changes["mean"]))
    cols = list(dict.fromkeys([*a.sources.columns, *b.sources.columns]))
    means += [(f"sources.{col}", h.esc(f"{label}, mean per player"), a.sources.all.get(col, 0.0), b.sources.all.get(col, 0.0))
              for col, label in cols]
    means.append(("sources.total", "total, mean per player", a.sources.total_all, b.sources.total_all))
    rows = [f"<td>{what}</td>" + h.dec(f"{k}.a", x) + h.dec(f"{k}.b", y) + h.signed_dec(f"{k}.diff", y - x)
            for k, what, x, y in means]
    rates = [h.text(what) + h.diff(k, d) + _clear(d) for k, what, d in c.rates]
    units = unit(a) if unit(a) == unit(b) else f"{unit(a)} / {unit(b)}"
    return (h.doc(f"Means (in {units}; no interval) and rates, A against B. "
                  f"The game length spread ({', '.join(label for _, label in SPREAD)}) is in each run's own report.")
            + h.table(["", "A", "B", "B − A"], rows) + h.table(["", *DIFF_HEAD, ""], rates))


def render_compare(c: Comparison) -> str:
    head = (f"<header><h1>ttr analyze: A against B</h1><h3>A</h3>{run_facts(c.a.info, c.a.games, 'a')}"
            f"<h3>B</h3>{run_facts(c.b.info, c.b.games, 'b')}</header>")
    sections = [("routes", "Routes claimed", routes_part(c)), ("tickets", "Tickets and cities", tickets_part(c)),
                ("seats", "Seats and bots", seats_part(c)), ("games", "Game arc, score sources, failure states",
                                                            games_part(c))]
    return h.page("ttr analyze: A against B", head, sections)


def write_compare(path_a: str | Path, path_b: str | Path, out: str | Path) -> Path:
    """Compare two runs' records (CSV files or report folders); writes out/compare.html."""
    a, b = (analyse(*load_run(p)) for p in (path_a, path_b))
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    page = out / COMPARE
    page.write_text(render_compare(compare(a, b)), encoding="utf-8")
    return page


__all__ = ["COMPARE", "Comparison", "compare", "render_compare", "write_compare"]
