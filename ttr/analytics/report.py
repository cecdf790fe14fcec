"""The HTML report of one run: what was run, then a section per question (docs/analyze.md)."""
from __future__ import annotations

from . import charts, replays
from . import html as h
from .analysis import Analysis
from .svg_board import city_board, route_board
from ..editions.variants import describe
from .records import RunInfo
from .report_more import claims_section, count_label, fate_section, near_section, scores_section
from .ticket_stats import EASY, HARD, POOR, RICH

WHY = "95% intervals are Wilson score intervals; a win shared by k players counts 1/k."


def unit(a: Analysis) -> str:
    return "dollars" if a.money else "points"


def run_facts(i: RunInfo, games: int, key: str = "run") -> str:
    """What was run: the board, players, bots, games, seed and ttr version, then how it ran."""
    board = h.fact(f"{key}.board", f"{i.map} ({i.title}, {i.edition} rules" +
                   (f", from {i.map_file}" if i.map_file else "") + ")")
    players = ", ".join(map(str, i.players))
    speed = games / i.seconds if i.seconds else 0.0
    first = h.facts([f"<b>map</b> {board}", f"<b>players</b> {h.fact(f'{key}.players', i.players, players)}",
                     f"<b>bots</b> {h.esc(', '.join(i.bots))}",
                     f"<b>games</b> {h.fact(f'{key}.games_played', games)}",
                     f"<b>seed</b> {h.fact(f'{key}.seed', i.seed)}",
                     f"<b>ttr</b> {h.fact(f'{key}.version', i.ttr_version)}"])
    sub = h.facts(cls="facts sub", items=[
        f"{h.fact(f'{key}.games', i.games)} games asked per player count",
        f"played in {h.fact(f'{key}.seconds', i.seconds, f'{i.seconds:.1f}')} s "
        f"({h.fact(f'{key}.games_per_s', speed, f'{speed:.1f}')} games/s) on "
        + (f"{h.fact(f'{key}.workers', i.workers)} {h.esc(i.backend)} worker{'' if i.workers == 1 else 's'}" if i.workers
           else f"all the CPUs of a {h.esc(i.backend)} cluster"), h.fact(f"{key}.started", i.started)])
    warn = f'<p class="warn">Stopped early (Ctrl-C): these are the {games} games finished.</p>' if i.stopped else ""
    cmd = f'<p class="sub">Run again: <code>{h.esc(i.command)}</code></p>' if i.command else ""
    return first + variant_facts(i) + sub + warn + cmd


def variant_facts(i: RunInfo) -> str:
    """The rules changed (each with the edition's own value) and the experiment file, as written."""
    out = f'<p class="facts rules"><b>rules changed</b> {h.esc(describe(i.rules))}</p>' if i.rules else ""
    if i.experiment:
        e = i.experiment
        over = e.get("overrides") or []
        out += (f'<p class="sub">experiment file <code>{h.esc(e.get("path", ""))}</code>'
                + (f" (the command line changed {h.esc(', '.join(over))})" if over else "")
                + f'</p><pre class="experiment" style="background:#f4f5f7;padding:.5em .8em;border-radius:4px;'
                  f'display:inline-block;margin:.2em 0">{h.esc(e.get("text", ""))}</pre>')
    return out


def header(a: Analysis) -> str:
    return f"<header><h1>ttr analyze: {h.esc(a.info.title)}</h1>{run_facts(a.info, a.games)}{glance(a)}</header>"


def glance(a: Analysis) -> str:
    """The headlines, each a number from a section below (with the same key)."""
    items = []
    for n, seats in a.seats.items():
        s0 = seats[0].win
        items.append(f"{h.count(f'seats.{n}.players', n, 'span')} players: the first player wins {h.pct(f'seats.{n}.0.win', s0.value, 'span')} "
                     f"({h.interval(f'seats.{n}.0.win.ci', s0.ci, 'span')}; fair share "
                     f"{h.pct(f'seats.{n}.fair', 1 / n, 'span')}); median length "
                     f"{h.count(f'arc.turns.{n}.median', a.arc.turns[n]['median'], 'span')} turns")
    flags = {f: sum(1 for t in a.tickets.stats if f in t.flags) for f in (HARD, EASY, RICH, POOR)}
    per = ""
    if a.several_counts:
        per = " (" + ", ".join(f"{h.count(f'fate.{n}p.players', n, 'span')} players "
                               f"{h.pct(f'fate.{n}p.completion', t.completion.value, 'span')}"
                               for n, t in a.fate.by_count.items()) + ")"
    items.append(f"tickets held are completed {h.pct('tickets.completion', a.tickets.completion.value, 'span')}{per}; "
                 + ", ".join(f"{h.count(f'tickets.flagged.{f}', k, 'span')} flagged {h.esc(f)}" for f, k in flags.items()))
    best = sorted(a.routes, key=lambda s: (-s.by_winner.value, s.route.id))[:3]
    items.append("routes the winner claims most: " + ", ".join(
        f"{h.esc(s.label)} {h.pct(f'routes.{s.route.id}.by_winner', s.by_winner.value, 'span')}" for s in best))
    per = ""
    if a.several_counts:
        per = " (" + ", ".join(f"{h.count(f'arc.{n}p.players', n, 'span')} players "
                               f"{h.pct(f'arc.{n}p.leader_wins', c.arc.leader_wins.value, 'span')}"
                               for n, c in a.by_count.items()) + ")"
    items.append(f"the leader before the final scoring wins {h.pct('arc.leader_wins', a.arc.leader_wins.value, 'span')}"
                 f" of games{per}; a player is forced to pass in "
                 f"{h.count('failures.forced_pass.games', int(a.failures.forced_pass_games.k), 'span')} games")
    fate, runs = a.fate.pooled, a.scores.runaways
    per = ""
    if a.several_counts:
        per = " (" + ", ".join(f"{h.count(f'scores.{n}p.players', n, 'span')} players "
                               f"{h.pct(f'scores.{n}p.runaways', c.scores.runaways.value, 'span')}"
                               for n, c in a.by_count.items()) + ")"
    failed = (f"of the tickets that failed, {h.pct('fate.all.blocked', fate.blocked.value, 'span')} were blocked, "
              "the others ran out of time" if fate.blocked.n else "no kept ticket failed")
    items.append(f"{failed}; a runaway leader won {h.pct('scores.all.runaways', runs.value, 'span')}"
                 f" of games{per}; {h.count('claims.early', sum(1 for s in a.claims.routes if s.early), 'span')} "
                 "contested routes are taken early")
    return '<ul class="facts glance">' + "".join(f"<li>{x}</li>" for x in items) + "</ul>"


def routes_section(a: Analysis) -> str:
    rows = []
    for s in sorted(a.routes, key=lambda s: (-s.claimed.value, s.route.id)):
        r, k = s.route, f"routes.{s.route.id}"
        kind = " ".join(x for x in (r.color, "ship" if r.kind == "ship" else "", "tunnel" if r.tunnel else "",
                                    "ferry" if r.locomotives else "") if x)
        rows.append(h.count(f"{k}.id", r.id) + h.text(s.label) + h.count(f"{k}.length", r.length) + h.text(kind)
                    + h.rate(f"{k}.claimed", s.claimed) + h.rate(f"{k}.by_winner", s.by_winner)
                    + h.rate(f"{k}.claimer_wins", s.claimer_wins))
    never = sum(1 for s in a.routes if not s.claimed.k)
    return (h.doc("Each route coloured by the share of games in which it was claimed (by anyone); the buttons "
                  "colour it instead by the share in which the game's winner claimed it, or by <i>claimer wins</i>: "
                  "of the games in which the route was claimed, the share its owner won (well above 1/players, the "
                  "route goes with winning; grey: never claimed). Hover a route for its numbers. " + WHY)
            + route_board(a.map, a.routes)
            + h.facts([f"routes never claimed: {h.fact('routes.never', never)}"])
            + h.table(["id", "route", "length", "kind", "claimed", "95% CI", "by the winner", "95% CI",
                       "claimer wins", "95% CI"], rows, scroll=True))


def cities_section(a: Analysis) -> str:
    rows = [h.text(c.city) + h.rate(f"cities.{c.city}.ticket", c.on_completed_ticket)
            + h.rate(f"cities.{c.city}.network", c.in_network) + h.rate(f"cities.{c.city}.winner", c.in_winner_network)
            for c in sorted(a.cities, key=lambda c: (-c.in_winner_network.value, c.city))]
    return (h.doc("City desirability: the share of games in which some player completed a ticket naming the city "
                  "(a tour names all its cities), in which some player's routes reach it, and in which the "
                  "winner's routes reach it; the board colours each city by one of them (the buttons), hover a "
                  "city for all three. " + WHY)
            + city_board(a.map, a.cities)
            + h.table(["city", "on a completed ticket", "95% CI", "in a network", "95% CI", "in the winner's network",
                       "95% CI"], rows, scroll=True))


def tickets_section(a: Analysis) -> str:
    t = a.tickets
    rows = []
    for s in sorted(t.stats, key=lambda s: s.ticket.id):
        k = f"tickets.{s.ticket.id}"
        kind = "tour" if s.ticket.tour else "long" if s.ticket.long else ""
        shortest = h.count(f"{k}.shortest", s.shortest) if s.shortest >= 0 else h.text("not joined")
        rows.append(h.count(f"{k}.id", s.ticket.id) + h.text(s.label) + h.text(kind) + h.count(f"{k}.points", s.ticket.points)
                    + shortest + h.count(f"{k}.held", s.held) + h.rate(f"{k}.completion", s.completion)
                    + h.rate(f"{k}.win", s.win_when_held) + h.text(", ".join(s.flags), "flag"))
    line = []
    if t.line:
        av, b, sd = t.line
        line = [f"points ≈ {h.fact('tickets.line.intercept', av, f'{av:.2f}')} + "
                f"{h.fact('tickets.line.slope', b, f'{b:.2f}')} × spaces "
                f"(residual sd {h.fact('tickets.line.sd', sd, f'{sd:.2f}')})"]
    summary = h.facts([f"tickets held: {h.fact('tickets.held', int(t.completion.n))}",
                       f"completed {h.fact('tickets.completion', t.completion.value, f'{t.completion.value:.1%}')}",
                       f"holders won {h.fact('tickets.win', t.win_when_held.value, f'{t.win_when_held.value:.1%}')}",
                       *line])
    return (h.doc("For each ticket: how often it was kept (<i>held</i>: seats over all games), the share of holders "
                  "who completed it and who won the game, against its difficulty: the fewest spaces joining its "
                  "cities on the empty board (a tour: its legs in order). Flags: <i>hard</i> / <i>easy</i> when the "
                  "completion interval lies wholly more than 5 points below / above the completion of all tickets "
                  "held; "
                  "<i>held by winners</i> / <i>losers</i> likewise for the win rate; <i>many</i> / <i>few points for "
                  "its length</i> when its points lie more than 2 residual sds above / below the board's line of "
                  "points on spaces (two-city tickets). The left plot sets each ticket's holders' win rate against "
                  "its completion (a larger dot: held more often; its colour: its points), the right one its "
                  "completion against its difficulty; flagged tickets are diamonds with their id. " + WHY)
            + summary + h.image(charts.ticket_chart(t), "tickets: holders' wins, completion and difficulty")
            + h.table(["id", "ticket", "kind", "points", "shortest", "held", "completed", "95% CI", "holder won",
                       "95% CI", "flags"], rows, scroll=True))


def seats_section(a: Analysis) -> str:
    tables = []
    for n, seats in a.seats.items():
        rows = [h.count(f"seats.{n}.{s.seat}.seat", s.seat) + h.count(f"seats.{n}.{s.seat}.games", int(s.win.n))
                + h.rate(f"seats.{n}.{s.seat}.win", s.win) + h.dec(f"seats.{n}.{s.seat}.score", s.score)
                + h.text("" if s.win.ci[0] <= 1 / n <= s.win.ci[1] else "interval excludes the fair share", "flag")
                for s in seats]
        tables.append(f"<h3>{n} players</h3>" + h.table(["seat", "games", "won", "95% CI", f"mean score ({unit(a)})", ""],
                                                        rows))
    return (h.doc("The share of games won from each seat (seat 0 moves first), for each player count, against "
                  "the fair share 1/players (dashed). " + WHY)
            + h.image(charts.seat_chart(a.seats), "win rate by seat") + "".join(tables))


SPREAD = (("mean", "mean"), ("sd", "sd"), ("min", "min"), ("p10", "10%"), ("median", "median"), ("p90", "90%"),
          ("max", "max"))


def round_rows(rounds: int) -> list[int]:
    """The rounds the arc's table shows: every 5th (every 10th past 60 rounds), and the last."""
    step = 5 if rounds <= 61 else 10
    shown = list(range(0, rounds, step))
    return shown if shown[-1] == rounds - 1 else shown + [rounds - 1]


def arc_section(a: Analysis) -> str:
    arc = a.arc
    lines = [(f"arc.{key}.{n}", f"length ({key}), {h.count(f'arc.{key}.{n}.players', n, 'span')} players",
              getattr(arc, key)[n]) for n in arc.turns for key in ("turns", "rounds")]
    lines.append(("arc.lead_changes", "lead changes", arc.lead_changes))
    spread = h.table(["", *(label for _, label in SPREAD)],
                     [f"<td>{label}</td>" + "".join(h.dec(f"{key}.{s}", values[s]) for s, _ in SPREAD)
                      for key, label, values in lines])
    by_round = h.table(["round", "games running", f"winners ({unit(a)})", f"the others ({unit(a)})"],
                       [h.count(f"arc.round.{k}.round", k) + h.count(f"arc.round.{k}.running", arc.running[k])
                        + h.dec(f"arc.round.{k}.winners", arc.winner_mean[k]) + h.dec(f"arc.round.{k}.others", arc.other_mean[k])
                        for k in round_rows(arc.shown)])
    leads = h.table(["lead changes", *map(str, range(len(arc.lead_change_counts)))],
                    [h.text("games") + "".join(h.count(f"arc.lead_counts.{c}", g)
                                               for c, g in enumerate(arc.lead_change_counts))])
    facts = h.table(["", "share", "95% CI", "of games"],
                    [h.text("games with a lead change") + h.rate("arc.any_lead_change", arc.any_lead_change)
                     + h.count("arc.any_lead_change.n", int(arc.any_lead_change.n)),
                     h.text("the leader before the final scoring won") + h.rate("arc.leader_wins", arc.leader_wins)
                     + h.count("arc.leader_wins.n", int(arc.leader_wins.n)),
                     *(count_label(f"arc.{n}p.{key}.players", n, f": {what}") + h.rate(f"arc.{n}p.{key}", r)
                       + h.count(f"arc.{n}p.{key}.n", int(r.n)) for n, c in (a.by_count.items() if a.several_counts else ())
                       for key, what, r in (("any_lead_change", "a lead change", c.arc.any_lead_change),
                                            ("leader_wins", "the leader won", c.arc.leader_wins)))])
    score = "money held" if a.money else "route points as claimed, less exchanges"
    return (h.doc(f"The public score ({score}; tickets and bonuses count only at the end) after every round, "
                  "averaged over the games still running (shown while 5% of the games run): the eventual "
                  "winners against the others. The leader is "
                  "the one player strictly ahead (a tie keeps the previous leader); a lead change is a new leader. "
                  "Game length counts turns (one player's turn each); a round is a turn of every player. Quantiles "
                  "interpolate between games.")
            + h.image(charts.arc_chart(arc, unit(a), {n: c.arc for n, c in a.by_count.items()}), "score over rounds")
            + facts + spread
            + h.image(charts.length_chart(arc), "game length and lead changes")
            + "<h3>Score by round</h3>" + by_round + "<h3>Lead changes per game</h3>" + leads)


def sources_section(a: Analysis) -> str:
    s = a.sources
    groups = [("all players", s.all), ("winners", s.winners)]
    if a.several_bots:
        groups += [(f"bot {b.bot}", b.sources) for b in a.bots]
    counts = list(a.by_count.items()) if a.several_counts else []
    rows = [h.text(label) + h.dec(f"sources.{c}.all", s.all[c]) + h.dec(f"sources.{c}.winners", s.winners[c])
            + h.num(f"sources.{c}.share", s.all[c] / s.total_all if s.total_all else 0.0,
                    f"{(s.all[c] / s.total_all if s.total_all else 0.0):.0%}")
            + "".join(h.dec(f"sources.{c}.{n}p", x.sources.all.get(c, 0.0)) for n, x in counts)
            for c, label in s.columns]
    rows.append(h.text("total") + h.dec("sources.total.all", s.total_all) + h.dec("sources.total.winners", s.total_winners)
                + h.text("") + "".join(h.dec(f"sources.total.{n}p", x.sources.total_all) for n, x in counts))
    return (h.doc(f"Mean {unit(a)} per player by where they came from (winners weighted by their win share); the "
                  "sources add up to the total. <i>Share</i>: the source's part of the mean total (negative parts, "
                  "failed tickets and exchanges, make the others add to more than 100%).")
            + h.image(charts.sources_chart(groups, s.columns, unit(a)), "score by source")
            + h.table(["source", "all players", "winners", "share", *(f"{n} players" for n, _ in counts)], rows))


def bots_section(a: Analysis) -> str:
    labels = [label for _, label in a.sources.columns]
    cols = [c for c, _ in a.sources.columns]
    rows = [h.text(b.bot) + h.count(f"bots.{b.bot}.seats", b.seats) + h.rate(f"bots.{b.bot}.win", b.win)
            + h.dec(f"bots.{b.bot}.score", b.score) + h.num(f"bots.{b.bot}.rank", b.rank, f"{b.rank:.2f}")
            + h.rate(f"bots.{b.bot}.tickets", b.tickets) + "".join(h.dec(f"bots.{b.bot}.{c}", b.sources[c]) for c in cols)
            for b in a.bots]
    fair = 1 / (sum(a.info.players) / len(a.info.players))
    return (h.doc("Each bot over the seats it played (seats rotate over the games, so every bot sits in every "
                  "seat on the same deals): games won, mean score and rank, tickets completed of those kept, "
                  "and its mean points by source. " + WHY)
            + h.image(charts.rate_bars([b.bot for b in a.bots], [("won", [b.win for b in a.bots])], "games won", fair),
                      "win rate by bot")
            + h.table(["bot", "seats", "won", "95% CI", "mean score", "mean rank", "tickets done", "95% CI", *labels],
                      rows))


def failures_section(a: Analysis) -> str:
    f = a.failures
    items = [("forced_pass", "a player had to pass (nothing else was legal)", f.forced_pass_games, f.forced_passes),
             ("forced_draw", "a player had to draw tickets (the only legal move)", f.forced_draw_games, f.forced_draws),
             ("deadlock", "the game ended by a whole round of passes", f.deadlocks, None)]
    counts = list(a.by_count.items()) if a.several_counts else []
    attr = {"forced_pass": "forced_pass_games", "forced_draw": "forced_draw_games", "deadlock": "deadlocks"}
    rows = [h.text(what) + h.count(f"failures.{k}.games", int(r.k)) + h.rate(f"failures.{k}", r)
            + (h.count(f"failures.{k}.moves", moves) if moves is not None else h.text(""))
            + "".join(h.pct(f"failures.{k}.{n}p", getattr(x.failures, attr[k]).value) for n, x in counts)
            for k, what, r, moves in items]
    return (h.doc("Games in which the rules left a player no real choice (rules G5 and P2 in docs/rules.md): the "
                  "share of games (with its 95% interval) and the number of such moves in all games.")
            + h.table(["games in which", "games", "share", "95% CI", "moves", *(f"{n} players" for n, _ in counts)], rows))


def render(a: Analysis) -> str:
    """The whole report as one HTML page."""
    sections = [("routes", "Routes: the heat map", routes_section(a)),
                ("claims", "When routes are claimed", claims_section(a)), ("cities", "City desirability", cities_section(a)),
                ("tickets", "Tickets", tickets_section(a)), ("fate", "Tickets dealt, kept and failed", fate_section(a)),
                ("seats", "Seat advantage", seats_section(a)),
                ("arc", "The game arc", arc_section(a)), ("sources", "Score by source", sources_section(a)),
                ("scores", "Score distribution", scores_section(a, unit(a)))]
    if a.several_bots:
        sections.append(("bots", "Bots compared", bots_section(a)))
    sections += [("failures", "Failure states", failures_section(a)), ("near", "Near-failures", near_section(a))]
    if a.info.extra.get("replays"):
        sections.append(("watch", "Games to watch", replays.section(a.info.extra["replays"],
                                                                     a.info.extra.get("replays_folder", "FOLDER"))))
    return h.page(f"ttr analyze: {a.info.title}", header(a), sections)


__all__ = ["render", "round_rows", "run_facts", "unit"]
