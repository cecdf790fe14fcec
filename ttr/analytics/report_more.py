"""The report's sections on ticket fates, claim timing, the score distribution and the
near-failures (docs/analyze.md), each pooled, per player count and per bot where they differ."""
from __future__ import annotations

from . import html as h
from .analysis import Analysis
from .claim_plot import claims_chart
from .claims import CONTESTED, EARLY, GroupStat
from .common import Rate, ticket_label
from .outcomes import RUNAWAY
from .ticket_fate import FateTotals

WHY = "95% intervals are Wilson score intervals; a win shared by k players counts 1/k."


def rate(key: str, r: Rate) -> str:
    """The rate and its interval, or dashes when there was nothing to count (0 of 0)."""
    return h.rate(key, r) if r.n else h.text("–") + h.text("")


def count_label(key: str, n: int, what: str = "") -> str:
    """A row's label naming its player count (a tagged number, left-aligned as text)."""
    return f'<td data-k="{h.esc(key)}" data-v="{n}">{n} players{h.esc(what)}</td>'


def _label(key: str, n: int) -> str:
    return count_label(f"{key}.players", n)


def fate_section(a: Analysis) -> str:
    f = a.fate

    def row(key: str, label: str, t: FateTotals) -> str:
        return (label + rate(f"{key}.kept_setup", t.kept_setup) + rate(f"{key}.kept_later", t.kept_later)
                + h.rate(f"{key}.completion", t.completion) + h.count(f"{key}.failed", int(t.blocked.n))
                + rate(f"{key}.blocked", t.blocked) + h.count(f"{key}.out_of_time", int(t.blocked.n - t.blocked.k))
                + h.rate(f"{key}.blocked_games", t.blocked_games))

    rows = [row("fate.all", h.text("all games"), f.pooled)]
    if a.several_counts:
        rows += [row(f"fate.{n}p", _label(f"fate.{n}p", n), t) for n, t in f.by_count.items()]
    rows += [row(f"fate.bot.{b}", h.text(f"bot {b}"), t) for b, t in f.by_bot.items()]
    counts = list(a.by_count)
    per = []
    for s in sorted(f.stats, key=lambda s: s.ticket.id):
        k = f"fate.{s.ticket.id}"
        per.append(h.count(f"{k}.id", s.ticket.id) + h.text(ticket_label(s.ticket))
                   + rate(f"{k}.kept_setup", s.kept_setup) + rate(f"{k}.kept_later", s.kept_later)
                   + h.count(f"{k}.failed", s.failed) + rate(f"{k}.blocked", s.blocked)
                   + h.count(f"{k}.out_of_time", s.failed - int(s.blocked.k))
                   + "".join(h.pct(f"{k}.done.{n}", s.completion[n].value) if s.completion[n].n else h.text("–")
                             for n in counts))
    return (h.doc("Tickets as dealt: <i>kept at setup</i> is the share of the tickets offered in the initial deal "
                  "that were kept; <i>kept later</i> the same for the draws during the game (a ticket put back "
                  "may be offered again and counts each time; a dash: none offered). A failed ticket (kept, not completed) was "
                  "<i>blocked</i> when its cities could no longer be joined by the seat's own routes and the "
                  "routes still open at the end (unclaimed and not closed by a double-route claim); otherwise it "
                  "failed <i>for want of time</i>. Stations are not counted: a Europe seat with stations left "
                  "could still have borrowed a route. Completion per player count shows a ticket on a more or "
                  "less contested board. " + WHY)
            + h.table(["", "kept at setup", "95% CI", "kept later", "95% CI", "completed", "95% CI", "failed",
                       "blocked (of failed)", "95% CI", "out of time", "games with a blocked ticket", "95% CI"], rows)
            + h.table(["id", "ticket", "kept at setup", "95% CI", "kept later", "95% CI", "failed", "blocked (of failed)",
                       "95% CI", "out of time", *(f"completed, {n} players" for n in counts)], per, scroll=True))


def _group_table(title: str, key: str, groups: list[GroupStat], numeric: bool) -> str:
    rows = []
    for g in groups:
        name = g.group.split()[-1]
        k = f"claims.{key}.{name}"
        rows.append((h.count(f"{k}.name", int(name)) if numeric else h.text(name)) + h.count(f"{k}.routes", g.routes)
                    + h.rate(f"{k}.claimed", g.claimed) + rate(f"{k}.claimer_wins", g.claimer_wins)
                    + (h.dec(f"{k}.round", g.mean_round) if g.claimed.k else h.text("–")))
    return h.table([title, "routes", "claimed", "95% CI", "claimer wins", "95% CI", "mean claim round"], rows)


def claims_section(a: Analysis) -> str:
    c = a.claims
    counts = list(a.by_count) if a.several_counts else []
    rows = []
    for s in sorted(c.routes, key=lambda s: (s.median_share if s.claimed.k else 2, s.route.id)):
        k = f"claims.{s.route.id}"
        timing = (h.dec(f"{k}.mean_round", s.mean_round) + h.dec(f"{k}.median_round", s.median_round)
                  + h.pct(f"{k}.median_share", s.median_share)) if s.claimed.k else h.text("") * 3
        rows.append(h.count(f"{k}.id", s.route.id) + h.text(s.route.cities[0] + "–" + s.route.cities[1])
                    + h.pct(f"{k}.claimed", s.claimed.value)
                    + "".join(h.pct(f"{k}.claimed.{n}", s.by_count[n]) for n in counts) + timing
                    + h.text("contested, taken early" if s.early else "", "flag"))
    early = [s for s in c.routes if s.early]
    doubles = ""
    if c.closing_counts:
        drows = [h.num(f"doubles.{d.lanes[0]}.lanes", d.lanes, ", ".join(map(str, d.lanes)))
                 + h.text("–".join(d.cities)) + h.rate(f"doubles.{d.lanes[0]}.closed", d.closed)
                 for d in sorted(c.doubles, key=lambda d: (-d.closed.value, d.lanes))]
        per = [f"{h.fact(f'doubles.{n}.per_game', v, f'{v:.1f}')} lanes closed per game at "
               f"{h.fact(f'doubles.{n}.players', n)} players" for n, v in c.closed_per_game.items()]
        doubles = (f"<h3>Double routes closed ({' and '.join(map(str, c.closing_counts))} players)</h3>"
                   + h.doc("At the player counts where a claim closes the other lanes of a double route (G1), the "
                           "share of those games in which each double route was closed so.")
                   + h.facts([f"games: {h.fact('doubles.games', c.closing_games)}", *per])
                   + h.table(["lanes", "route", "closed", "95% CI"], drows, scroll=True))
    bots = ""
    if c.bots:
        brows = [h.text(f"bot {b.bot}") + h.dec(f"claims.bot.{b.bot}.routes", b.routes)
                 + h.num(f"claims.bot.{b.bot}.length", b.length, f"{b.length:.2f}")
                 + h.dec(f"claims.bot.{b.bot}.round", b.mean_round) + h.pct(f"claims.bot.{b.bot}.early", b.early_share)
                 for b in c.bots]
        bots = "<h3>Claims by bot</h3>" + h.table(["bot", "routes per seat", "mean length", "mean claim round",
                                                   "in the first third"], brows)
    return (h.doc("When each route is claimed: its claim round (1: the first turn of every player) and the share "
                  "of the game's turns played before the claim (median over the games that claimed it). "
                  f"<i>Contested, taken early</i>: claimed in at least {CONTESTED:.0%} of the games, with its median "
                  f"claim at most {EARLY:.0%} into the game. The routes grouped by length, colour and kind (ship, "
                  "tunnel, ferry, plain): claimed is claims / (routes × games); claimer wins is the owners' win "
                  "shares / claims. " + WHY)
            + h.facts([f"contested routes taken early: {h.fact('claims.early', len(early))}"
                       + (" (" + ", ".join(h.esc("–".join(s.route.cities)) for s in early) + ")" if early else "")])
            + h.image(claims_chart(c), "claim rate against claim timing, by route kind")
            + "<h3>By kind</h3>" + _group_table("kind", "kind", c.groups["kind"], False)
            + "<h3>By length</h3>" + _group_table("length", "length", c.groups["length"], True)
            + "<h3>By colour</h3>" + _group_table("colour", "colour", c.groups["colour"], False)
            + bots + doubles + "<h3>Each route</h3>"
            + h.table(["id", "route", "claimed", *(f"claimed, {n} players" for n in counts), "mean round",
                       "median round", "median into the game", ""], rows, scroll=True))


SHOWN = (("mean", "mean"), ("median", "median"), ("p90", "90%"), ("max", "max"))


def scores_section(a: Analysis, unit: str) -> str:
    def row(key: str, label: str, d) -> str:
        return (label + h.count(f"{key}.games", d.games)
                + "".join(h.dec(f"{key}.margin.{s}", d.margin[s]) for s, _ in SHOWN)
                + "".join(h.dec(f"{key}.spread.{s}", d.spread[s]) for s, _ in SHOWN[:2])
                + rate(f"{key}.leader_wins", d.leader_wins) + h.rate(f"{key}.runaways", d.runaways))

    rows = [row("scores.all", h.text("all games"), a.scores)]
    if a.several_counts:
        rows += [row(f"scores.{n}p", _label(f"scores.{n}p", n), s.scores) for n, s in a.by_count.items()]
    bots = ""
    if a.bot_scores:
        bots = "<h3>By bot</h3>" + h.table(["bot", f"won by ({unit})", f"lost by ({unit})", "runaway wins", "95% CI"], [
            h.text(f"bot {b.bot}") + (h.dec(f"scores.bot.{b.bot}.won_by", b.won_by) if b.wins else h.text("–"))
            + (h.dec(f"scores.bot.{b.bot}.lost_by", b.lost_by) if b.losses else h.text("–")) + h.rate(f"scores.bot.{b.bot}.runaways", b.runaways)
            for b in a.bot_scores])
    return (h.doc(f"The final scores ({unit}): the <i>margin</i> of victory (the winner's total less the runner-up's; "
                  "0 for a shared win) and the <i>spread</i> (the best total less the worst), over the games. "
                  "<i>The leader at two thirds</i>: the player strictly ahead in the public score (as in the arc) "
                  "over the rounds up to two thirds of the game; <i>runaway</i>: that leader won alone by at least "
                  f"{RUNAWAY:.0%} of its own total. By bot: the mean margin of its sole wins, the mean gap to the "
                  "winner when it did not win, and the share of its seats that won as a runaway leader. " + WHY)
            + h.table(["", "games", *(f"margin {x}" for _, x in SHOWN), "spread mean", "spread median",
                       "leader at ⅔ won", "95% CI", "runaway", "95% CI"], rows) + bots)


def near_section(a: Analysis) -> str:
    counts = list(a.by_count) if a.several_counts else []
    items = [("dry", "games in which a turn began with every draw pile and discard empty", "turns", "dry_games",
              "dry_turns"),
             ("stuck", "games in which a turn began with the reset's locomotives face up (the resets stopped)", "turns",
              "stuck_games", "stuck_turns"),
             ("capped", "games in which the reset cap left them face up (a better display could have been dealt)",
              "turns", "capped_games", "capped_turns"),
             ("blocked_games", "games in which a kept ticket was made impossible (blocked)", "", "blocked_games", ""),
             ("blocked", "tickets kept that were blocked (of tickets kept)", "", "blocked", ""),
             ("trains_left", "seats that ended with trains left (of seats)", "", "trains_left", ""),
             ("unusable", "seats whose trains left no open route could take (of seats)", "", "unusable", "")]
    rows = []
    for key, what, _, rate_attr, count_attr in items:
        r: Rate = getattr(a.near, rate_attr)
        rows.append(h.text(what) + h.count(f"near.{key}.k", int(r.k)) + h.count(f"near.{key}.n", int(r.n))
                    + h.rate(f"near.{key}", r)
                    + (h.count(f"near.{key}.turns", getattr(a.near, count_attr)) if count_attr else h.text(""))
                    + "".join(h.pct(f"near.{key}.{n}p", getattr(a.by_count[n].near, rate_attr).value) for n in counts))
    return (h.doc("How close the games run to the rules' edges: games in which a turn began with nothing left to "
                  "draw blind (the train deck, its discard and every other pile empty), or with as many "
                  "locomotives face up as make a reset (G2) because the resets stopped (the cap of 10 in a row "
                  "reached, or no better display could be dealt), and of those the games where the cards in the piles, "
                  "discards and display could have dealt a better display, so the cap stopped the resets; kept tickets made impossible (blocked, see "
                  "Tickets dealt); seats that ended with trains left, and those whose trains no route still open "
                  "could take (every open train route longer, or none open). " + WHY)
            + h.table(["", "count", "of", "share", "95% CI", "turns", *(f"{n} players" for n in counts)], rows))


__all__ = ["claims_section", "fate_section", "near_section", "scores_section"]
