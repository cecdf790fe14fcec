"""Two runs side by side (A, then B: e.g. a board before and after an edit): route claim rates,
ticket completion, city desirability, seat and bot win rates, game length, the game arc, score
sources and failure states, each as A, B and B - A with a 95% interval of the difference (rates:
Newcombe's; means: paired by game where both runs played the same deals, else Welch's). Routes
and tickets are matched by id where both boards give the id the same cities."""
from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from ..editions.variants import describe
from . import charts
from . import html as h
from .analysis import Analysis, analyse
from .common import Diff, Rate
from .game_stats import leaders
from .outcomes import margin
from .output import load_run
from .paired import MeanDiff, game_key, mean_diff, seat_key
from .records import SOURCES, games_of
from .report import run_facts, unit
from .svg_board import board_svg, cars, diff_legend, diverging

COMPARE = "compare.html"


@dataclass(frozen=True)
class Comparison:
    a: Analysis
    b: Analysis
    routes: list[tuple[int, str, Diff]]        # (id, label, claimed A vs B)
    tickets: list[tuple[int, str, Diff]]       # (id, label, completion A vs B)
    cities: list[tuple[str, Diff]]             # on a completed ticket A vs B
    seats: dict[int, list[Diff]]               # player counts played in both runs
    seats_alone: dict[str, dict[int, list[Rate]]]  # "a"/"b": player counts only that run played
    bots: list[tuple[str, Diff]]               # bots in both runs
    means: list[tuple[str, str, MeanDiff, str]]  # (key, what, A vs B, "games" or "seats" paired)
    rates: list[tuple[str, str, Diff]]         # (key, what, A vs B): arc and failure rates
    only_a: list[str]                          # routes and tickets of A that B lacks (or joins other cities)
    only_b: list[str]                          # the same of B
    gone: list[int]                            # ids of A's routes that B lacks (drawn dashed on B's board)
    warnings: list[str]                        # why the two runs may not be comparable


def _matched(xs: list, ys: list, what: str) -> tuple[list[tuple[int, str, Diff]], list[str], list[str]]:
    """Items (id, cities, label, rate) of A and B paired by id where their cities agree; then the
    items of A, and of B, that have no partner."""
    by_id = {i: (cities, rate) for i, cities, _, rate in xs}
    pairs, done = [], set()
    for i, cities, label, rate in ys:
        if i in by_id and set(by_id[i][0]) == set(cities):
            pairs.append((i, label, Diff(by_id[i][1], rate)))
            done.add(i)
    return (pairs, [f"{what} {i} {label}" for i, _, label, _ in xs if i not in done],
            [f"{what} {i} {label}" for i, _, label, _ in ys if i not in done])


def _means(rows_a: list[dict], rows_b: list[dict]) -> list[tuple[str, str, MeanDiff, str]]:
    """Game length per player count and over all games (in rounds), lead changes per game, and
    each score source per player: paired by game (by seat) where both runs played the same deals."""
    ga, gb = games_of(rows_a), games_of(rows_b)

    def per_game(games, f, players=None):
        return {game_key(g): f(g) for g in games if players is None or len(g) == players}

    out = [(f"means.turns.{n}", f"game length (turns), {n} players",
            mean_diff(per_game(ga, lambda g: g[0]["turns"], n), per_game(gb, lambda g: g[0]["turns"], n)), "games")
           for n in sorted({len(g) for g in ga} & {len(g) for g in gb})]
    out.append(("means.rounds", "game length (rounds: turns / players), all games",
                mean_diff(per_game(ga, lambda g: g[0]["turns"] / len(g)), per_game(gb, lambda g: g[0]["turns"] / len(g))), "games"))

    def changes(g):
        return leaders(list(zip(*(s["arc"] for s in g))))[0]

    out.append(("means.lead_changes", "lead changes per game", mean_diff(per_game(ga, changes), per_game(gb, changes)), "games"))

    def spread(g):
        return max(s["total"] for s in g) - min(s["total"] for s in g)

    out.append(("means.margin", "margin of victory (winner − runner-up)", mean_diff(per_game(ga, margin), per_game(gb, margin)),
                "games"))
    out.append(("means.spread", "score spread (highest − lowest)", mean_diff(per_game(ga, spread), per_game(gb, spread)),
                "games"))
    used = [(c, label) for c, label in SOURCES if c == "pts_tickets" or any(r[c] for r in rows_a + rows_b)]
    for col, label in [*used, ("total", "total")]:
        out.append((f"means.{col}", f"{label}, per player",
                    mean_diff({seat_key(r): r[col] for r in rows_a}, {seat_key(r): r[col] for r in rows_b}), "seats"))
    return out


def _warnings(a: Analysis, b: Analysis, routes: int) -> list[str]:
    out = []
    if a.info.edition != b.info.edition:
        out.append(f"A plays {a.info.edition}'s rules and B {b.info.edition}'s.")
    elif a.info.rules != b.info.rules:
        out.append(f"A and B play different rules (A: {describe(a.info.rules) or 'stock'}; "
                   f"B: {describe(b.info.rules) or 'stock'}).")
    most = max(len(a.map.routes), len(b.map.routes))
    if routes < most / 2:
        out.append(f"Only {routes} of {most} routes are on both boards with the same cities: A ({a.map.title}) and "
                   f"B ({b.map.title}) look like different boards, and most rows below compare unrelated things.")
    if not set(a.seats) & set(b.seats):
        out.append(f"The runs share no player count (A: {', '.join(map(str, a.seats))}; B: "
                   f"{', '.join(map(str, b.seats))}): seats are shown for each run alone, and the means and rates mix "
                   "different games.")
    return out


def compare(a: Analysis, b: Analysis, rows_a: list[dict], rows_b: list[dict]) -> Comparison:
    """A against B, from their analyses and records (A's and B's rows, for the paired means)."""
    routes = _matched([(s.route.id, s.route.cities, s.label, s.claimed) for s in a.routes],
                      [(s.route.id, s.route.cities, s.label, s.claimed) for s in b.routes], "route")
    tickets = _matched([(s.ticket.id, s.ticket.cities, s.label, s.completion) for s in a.tickets.stats],
                       [(s.ticket.id, s.ticket.cities, s.label, s.completion) for s in b.tickets.stats], "ticket")
    ca = {c.city: c for c in a.cities}
    cities = [(c.city, Diff(ca[c.city].on_completed_ticket, c.on_completed_ticket)) for c in b.cities if c.city in ca]
    seats = {n: [Diff(x.win, y.win) for x, y in zip(a.seats[n], b.seats[n])] for n in b.seats if n in a.seats}
    alone = {side: {n: [s.win for s in st] for n, st in x.seats.items() if n not in other.seats}
             for side, x, other in (("a", a, b), ("b", b, a))}
    ba = {x.bot: x for x in a.bots}
    bots = [(x.bot, Diff(ba[x.bot].win, x.win)) for x in b.bots if x.bot in ba] if a.several_bots and b.several_bots else []
    fa, fb = a.failures, b.failures
    rates = [("any_lead_change", "games with a lead change", Diff(a.arc.any_lead_change, b.arc.any_lead_change)),
             ("leader_wins", "the leader before the final scoring won", Diff(a.arc.leader_wins, b.arc.leader_wins)),
             ("forced_pass", "games with a forced pass", Diff(fa.forced_pass_games, fb.forced_pass_games)),
             ("forced_draw", "games with a forced ticket draw", Diff(fa.forced_draw_games, fb.forced_draw_games)),
             ("deadlock", "games ended by a round of passes", Diff(fa.deadlocks, fb.deadlocks)),
             ("kept_setup", "tickets kept at setup (of those dealt)", Diff(a.fate.pooled.kept_setup, b.fate.pooled.kept_setup)),
             ("kept_later", "tickets kept in later draws (of those drawn)",
              Diff(a.fate.pooled.kept_later, b.fate.pooled.kept_later)),
             ("completion", "tickets completed (of those kept)", Diff(a.fate.pooled.completion, b.fate.pooled.completion)),
             ("blocked", "failed tickets that were blocked", Diff(a.fate.pooled.blocked, b.fate.pooled.blocked)),
             ("blocked_games", "games with a blocked ticket", Diff(a.fate.pooled.blocked_games, b.fate.pooled.blocked_games)),
             ("runaways", "runaway games", Diff(a.scores.runaways, b.scores.runaways)),
             ("leader_two_thirds", "the leader at two thirds of the game won", Diff(a.scores.leader_wins, b.scores.leader_wins))]
    both = {i for i, _, _ in routes[0]}
    gone = [s.route.id for s in a.routes if s.route.id not in both]
    return Comparison(a, b, routes[0], tickets[0], cities, seats, alone, bots, _means(rows_a, rows_b), rates,
                      routes[1] + tickets[1], routes[2] + tickets[2], gone, _warnings(a, b, len(routes[0])))


DIFF_HEAD = ["A", "B", "B − A", "95% CI of B − A"]
NOTE = ("B − A with Newcombe's 95% interval (from the two Wilson intervals); <b>differs</b>: the interval "
        "excludes 0. With many rows, some differ by chance: about 1 in 20 where nothing changed.")


def _clear(d: Diff | MeanDiff) -> str:
    return h.text("differs" if d.clear else "", "flag")


def _by_size(rows):
    return sorted(rows, key=lambda r: -abs(r[-1].value))


def route_diff_board(c: Comparison) -> str:
    """B's board, each route coloured by B − A where the difference is clear (grey: no clear
    change), A's routes that B lacks dashed where they were; hover for the numbers."""
    clear = {i: d.value for i, _, d in c.routes if d.clear}
    hi = max([abs(v) for v in clear.values()] + [0.01])
    tips = {}
    for i, label, d in c.routes:
        lo, up = d.ci
        tips[i] = (f"route {i}: {label}\nclaimed: A {d.a.value * 100:.1f}%, B {d.b.value * 100:.1f}%\n"
                   f"B − A {d.value * 100:+.1f} points (95% CI {lo * 100:+.1f}…{up * 100:+.1f})"
                   + ("" if d.clear else "\nno clear change"))
    names = {s.route.id: s.label for s in c.a.routes}
    drawn = cars(c.a.map) if c.gone else {}
    ghosts = [(drawn[i], c.a.map.route(i).kind == "ship", f"route {i}: {names[i]}\nonly in A (removed in B)")
              for i in c.gone]
    return board_svg(c.b.map, [("B − A, clear differences", clear)], tips,
                     f"{c.b.map.title}: claim rate, B − A, where the difference is clear (red: claimed more in B)",
                     "board-compare", colour=diverging(hi), scale=diff_legend(hi, bool(ghosts)), ghosts=ghosts)


def routes_part(c: Comparison) -> str:
    rows = [h.count(f"routes.{i}.id", i) + h.text(label) + h.diff(f"routes.{i}", d) + _clear(d)
            for i, label, d in _by_size(c.routes)]
    return (h.doc("The share of games in which each route was claimed, A against B, on B's board; only the "
                  "routes whose difference is clear are coloured. " + NOTE)
            + _only(c) + route_diff_board(c)
            + h.table(["id", "route", *DIFF_HEAD, ""], rows, scroll=True))


def _only(c: Comparison) -> str:
    """The routes and tickets on one board only: removed (or rejoined) in B, or new in B."""
    parts = [f"<b>{what}</b> " + h.esc("; ".join(xs)) for what, xs in
             (("Only in A (removed in B, or joining other cities there):", c.only_a),
              ("Only in B (added, or joining other cities than in A):", c.only_b)) if xs]
    return h.doc("<br>".join(parts)) if parts else ""


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
    for side, counts in c.seats_alone.items():
        for n, wins in counts.items():
            rows = [h.count(f"seats_{side}.{n}.{s}.seat", s) + h.rate(f"seats_{side}.{n}.{s}", r) for s, r in enumerate(wins)]
            parts.append(f"<h3>{n} players: {side.upper()} alone</h3>"
                         + h.doc(f"Only {side.upper()} played {n} players: its seats' win rates, not compared.")
                         + h.table(["seat", "won", "95% CI"], rows))
    if c.bots:
        rows = [h.text(bot) + h.diff(f"bots.{bot}", d) + _clear(d) for bot, d in c.bots]
        parts.append("<h3>Bots: games won</h3>" + h.table(["bot", *DIFF_HEAD, ""], rows))
    return h.doc("Games won from each seat, for the player counts both runs played (a count one run played alone "
                 "is shown for that run). " + NOTE) + "".join(parts)


def _mean_cells(key: str, d: MeanDiff, units: str) -> str:
    lo, hi = d.ci
    ci = (h.num(f"{key}.diff.ci", (lo, hi), f"{lo:+.2f}…{hi:+.2f}") if math.isfinite(lo)
          else h.text("none: fewer than 2 games"))
    how = h.num(f"{key}.pairs", d.pairs, f"paired, {d.pairs} {units}") if d.pairs else h.text("independent")
    return (h.num(f"{key}.a", d.a, f"{d.a:.2f}") + h.num(f"{key}.b", d.b, f"{d.b:.2f}")
            + h.num(f"{key}.diff", d.value, f"{d.value:+.2f}") + ci + _clear(d) + how)


def _mean_label(key: str, what: str) -> str:
    """A mean's name; a player count in it is a number shown, so it carries its key."""
    if key.startswith("means.turns."):
        n = int(key.rsplit(".", 1)[1])
        return f"<td>game length (turns), {h.count(f'{key}.players', n, 'span')} players</td>"
    return h.text(what)


def games_part(c: Comparison) -> str:
    units = unit(c.a) if unit(c.a) == unit(c.b) else f"{unit(c.a)} / {unit(c.b)}"
    means = [_mean_label(k, what) + _mean_cells(k, d, units) for k, what, d, units in c.means]
    rates = [h.text(what) + h.diff(k, d) + _clear(d) for k, what, d in c.rates]
    return (h.doc(f"Means (scores in {units}), A against B, with a 95% interval of B − A: where both runs played "
                  "the same deals (player counts, seeds and seat rotations), game by game (seat by seat for the "
                  "scores), which removes the luck of the deal from the difference (Student's t on the paired "
                  "differences); otherwise Welch's interval of two independent means. <b>differs</b>: the "
                  "interval excludes 0. Then rates, as above. Each run's report has the full spread of its game "
                  "length.")
            + h.table(["", *DIFF_HEAD, "", "how"], means) + h.table(["", *DIFF_HEAD, ""], rates))


def render_compare(c: Comparison) -> str:
    warn = "".join(f'<p class="warn"><b>Warning:</b> {h.esc(w)}</p>' for w in c.warnings)
    head = (f"<header><h1>ttr analyze: A against B</h1>{warn}<h3>A</h3>{run_facts(c.a.info, c.a.games, 'a')}"
            f"<h3>B</h3>{run_facts(c.b.info, c.b.games, 'b')}</header>")
    sections = [("routes", "Routes claimed", routes_part(c)), ("tickets", "Tickets and cities", tickets_part(c)),
                ("seats", "Seats and bots", seats_part(c)), ("games", "Game length and arc, score sources, failure states",
                                                            games_part(c))]
    return h.page("ttr analyze: A against B", head, sections)


def write_compare(path_a: str | Path, path_b: str | Path, out: str | Path) -> tuple[Path, list[str]]:
    """Compare two runs' records (CSV files or report folders); writes out/compare.html and returns
    its path and the warnings it shows (why the runs may not be comparable)."""
    (rows_a, info_a, map_a), (rows_b, info_b, map_b) = load_run(path_a), load_run(path_b)
    c = compare(analyse(rows_a, info_a, map_a), analyse(rows_b, info_b, map_b), rows_a, rows_b)
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    page = out / COMPARE
    page.write_text(render_compare(c), encoding="utf-8")
    return page, c.warnings


__all__ = ["COMPARE", "Comparison", "compare", "render_compare", "write_compare"]
