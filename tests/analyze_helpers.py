"""Independent recomputation of every number of `ttr analyze`'s reports from the raw records
(records.csv, read with the csv module) and the map, and a parser that reads each number the
HTML shows. Nothing here imports ttr.analytics: the tests compare two separate computations."""
from __future__ import annotations

import csv
import heapq
import json
import math
import re
import statistics
from collections import defaultdict
from html.parser import HTMLParser
from pathlib import Path

Z = 1.959963984540054
NEW_LISTS = ("route_turns", "lanes_closed", "offered_setup", "kept_setup", "offered_later", "kept_later")
SOURCE_COLS = ("pts_routes", "pts_tickets", "pts_bonuses", "pts_stations", "pts_harbors", "pts_exchanges",
               "pts_money", "pts_trains_left", "pts_floor")


# ------------------------------------------------------------------ reading the HTML

class Page(HTMLParser):
    """Collects every tagged number (data-k, data-v, the text shown), every piece of text inside
    table cells and the run's facts that is not inside a tagged element, the images, links and
    section ids, and the rows of each table (as cell texts)."""

    def __init__(self, text: str):
        super().__init__()
        self.stack: list[tuple[str, dict]] = []
        self.tagged: list[dict] = []
        self.loose: list[str] = []
        self.images: list[str] = []
        self.links: list[str] = []
        self.sections: list[str] = []
        self.rows: list[list[str]] = []
        self._open: list[dict] = []
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag in ("img", "br", "meta"):
            if tag == "img":
                self.images.append(a.get("src", ""))
            return
        if tag == "a":
            self.links.append(a.get("href", ""))
        if tag == "section":
            self.sections.append(a.get("id", ""))
        if tag == "tr":
            self.rows.append([])
        if tag in ("td", "th") and self.rows:
            self.rows[-1].append("")
        self.stack.append((tag, a))
        if "data-k" in a:
            self._open.append({"k": a["data-k"], "v": a["data-v"], "text": "", "depth": len(self.stack)})

    def handle_endtag(self, tag):
        if not self.stack or tag in ("img", "br", "meta"):
            return
        if self._open and self._open[-1]["depth"] == len(self.stack):
            self.tagged.append(self._open.pop())
        self.stack.pop()

    def handle_data(self, data):
        if self._open:
            self._open[-1]["text"] += data
        tags = [t for t, _ in self.stack]
        if tags and tags[-1] in ("td", "th") and self.rows and self.rows[-1]:
            self.rows[-1][-1] += data
        in_cell = "td" in tags
        in_facts = any("facts" in a.get("class", "") for _, a in self.stack)
        if (in_cell or in_facts) and not self._open and "code" not in tags:
            self.loose.append(data)


def shown_numbers(text: str) -> list[float]:
    return [float(x) for x in re.findall(r"[-+]?\d+(?:\.\d+)?", text.replace("−", "-"))]


def check_shown(item: dict) -> None:
    """The text shown agrees with the exact value, to the decimals shown."""
    text, raw = item["text"].strip(), item["v"]
    try:
        values = [float(x) for x in raw.split(",")]
    except ValueError:
        return  # a string (version, date, board): compared whole elsewhere
    if raw.startswith("["):
        return
    shown = shown_numbers(text)
    assert len(shown) == len(values), (item, shown)
    for s, v, token in zip(shown, values, re.findall(r"[-+]?\d+(?:\.\d+)?", text)):
        decimals = len(token.split(".")[1]) if "." in token else 0
        scale = 100 if "%" in text else 1
        assert abs(s - v * scale) <= 0.5 * 10 ** -decimals + 1e-9, (item, s, v)


# ------------------------------------------------------------------ reading the records

def read_rows(path: Path) -> list[dict]:
    rows = []
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            for k in ("game", "players", "seat", "turns", "total", "rank", "forced_passes", "forced_ticket_draws",
                      "trains_left", "dry_turns", "stuck_turns", "capped_turns", *SOURCE_COLS):
                r[k] = int(r[k])
            r["win"] = float(r["win"])
            for k in ("tickets_kept", "tickets_done", "routes", "arc", *NEW_LISTS):
                r[k] = [int(x) for x in r[k].split()]
            rows.append(r)
    return rows


def by_game(rows):
    games = defaultdict(list)
    for r in rows:
        games[r["game"]].append(r)
    return [sorted(games[g], key=lambda r: r["seat"]) for g in sorted(games)]


# ------------------------------------------------------------------ statistics, written again

def wilson(k, n):
    if n <= 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + Z * Z / n
    c = (p + Z * Z / (2 * n)) / d
    w = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / d
    return (max(0.0, c - w), min(1.0, c + w))


def put_rate(out, key, k, n):
    out[key] = k / n if n else 0.0
    out[key + ".ci"] = wilson(k, n)


def dijkstra(m, a, b):
    adj = defaultdict(list)
    for r in m.routes:
        adj[r.cities[0]].append((r.cities[1], r.length))
        adj[r.cities[1]].append((r.cities[0], r.length))
    dist, heap = {a: 0}, [(0, a)]
    while heap:
        d, u = heapq.heappop(heap)
        if u == b:
            return d
        if d > dist.get(u, math.inf):
            continue
        for v, w in adj[u]:
            if d + w < dist.get(v, math.inf):
                dist[v] = d + w
                heapq.heappush(heap, (d + w, v))
    return math.inf


def quantile(xs, q):
    xs = sorted(xs)
    pos = (len(xs) - 1) * q
    lo = math.floor(pos)
    return xs[lo] + (xs[min(lo + 1, len(xs) - 1)] - xs[lo]) * (pos - lo)


def put_spread(out, key, xs):
    one = len(xs) < 2
    out.update({f"{key}.mean": statistics.fmean(xs), f"{key}.sd": 0.0 if one else statistics.stdev(xs),
                f"{key}.min": min(xs), f"{key}.p10": quantile(xs, 0.1), f"{key}.median": quantile(xs, 0.5),
                f"{key}.p90": quantile(xs, 0.9), f"{key}.max": max(xs)})


def leader_path(points):
    changes, leader = 0, None
    for pt in points:
        top = max(pt)
        if list(pt).count(top) == 1:
            now = list(pt).index(top)
            if leader is not None and now != leader:
                changes += 1
            leader = now
    return changes, leader


def ticket_flags(m, held, done, won, spaces):
    """Ticket flags as docs/analyze.md defines them."""
    total_held = sum(held.values())
    pooled, pooled_win = sum(done.values()) / total_held, sum(won.values()) / total_held
    pts = [(spaces[t.id], t.points) for t in m.tickets if not t.tour and spaces[t.id] >= 0]
    slope, intercept = statistics.linear_regression([x for x, _ in pts], [y for _, y in pts])
    sd = statistics.stdev([y - intercept - slope * x for x, y in pts])
    flags = {}
    for t in m.tickets:
        f = []
        if held[t.id]:
            lo, hi = wilson(done[t.id], held[t.id])
            f += ["hard"] if hi < pooled - 0.05 else ["easy"] if lo > pooled + 0.05 else []
            lo, hi = wilson(won[t.id], held[t.id])
            f += ["held by losers"] if hi < pooled_win - 0.05 else ["held by winners"] if lo > pooled_win + 0.05 else []
        if not t.tour and spaces[t.id] >= 0:
            r = t.points - intercept - slope * spaces[t.id]
            off = max(2 * sd, 2.0)
            f += ["many points for its length"] if r > off else ["few points for its length"] if r < -off else []
        flags[t.id] = f
    return flags, (intercept, slope, sd)


def expected_report(rows, info, m) -> tuple[dict, dict]:
    """Every number of report.html by key, and each ticket's flags."""
    out: dict = {}
    games = by_game(rows)
    n = len(games)
    counts = sorted({len(g) for g in games})
    out.update({"run.players": json.dumps(info["players"]), "run.games_played": n, "run.seed": info["seed"],
                "run.version": info["ttr_version"], "run.games": info["games"], "run.seconds": info["seconds"],
                "run.games_per_s": n / info["seconds"], "run.started": info["started"],
                "run.board": f"{info['map']} ({info['title']}, {info['edition']} rules"
                             + (f", from {info['map_file']}" if info["map_file"] else "") + ")"})
    if info["workers"]:
        out["run.workers"] = info["workers"]
    # routes
    ends = {r.id: r.cities for r in m.routes}
    for r in m.routes:
        claimed = sum(1 for g in games if any(r.id in s["routes"] for s in g))
        won = sum(s["win"] for g in games for s in g if r.id in s["routes"])
        k = f"routes.{r.id}"
        out[f"{k}.id"], out[f"{k}.length"] = r.id, r.length
        put_rate(out, f"{k}.claimed", claimed, n)
        put_rate(out, f"{k}.by_winner", won, n)
        put_rate(out, f"{k}.claimer_wins", won, claimed)
    out["routes.never"] = sum(1 for r in m.routes if out[f"routes.{r.id}.claimed"] == 0)
    # cities
    cities_of = {t.id: t.cities for t in m.tickets}
    for c in m.cities:
        if c.junction:
            continue
        ticket = sum(1 for g in games if any(c.name in cities_of[t] for s in g for t in s["tickets_done"]))
        net = sum(1 for g in games if any(c.name in ends[x] for s in g for x in s["routes"]))
        win = sum(s["win"] for g in games for s in g if any(c.name in ends[x] for x in s["routes"]))
        put_rate(out, f"cities.{c.name}.ticket", ticket, n)
        put_rate(out, f"cities.{c.name}.network", net, n)
        put_rate(out, f"cities.{c.name}.winner", win, n)
    # tickets
    held = {t.id: sum(1 for r in rows if t.id in r["tickets_kept"]) for t in m.tickets}
    done = {t.id: sum(1 for r in rows if t.id in r["tickets_done"]) for t in m.tickets}
    won = {t.id: sum(r["win"] for r in rows if t.id in r["tickets_kept"]) for t in m.tickets}
    spaces = {}
    for t in m.tickets:
        d = sum(dijkstra(m, a, b) for a, b in zip(t.cities, t.cities[1:]))
        spaces[t.id] = int(d) if math.isfinite(d) else -1
    flags, (a0, b0, sd) = ticket_flags(m, held, done, won, spaces)
    for t in m.tickets:
        k = f"tickets.{t.id}"
        out[f"{k}.id"], out[f"{k}.points"], out[f"{k}.held"] = t.id, t.points, held[t.id]
        if spaces[t.id] >= 0:
            out[f"{k}.shortest"] = spaces[t.id]
        put_rate(out, f"{k}.completion", done[t.id], held[t.id])
        put_rate(out, f"{k}.win", won[t.id], held[t.id])
    total_held = sum(held.values())
    out.update({"tickets.held": total_held, "tickets.completion": sum(done.values()) / total_held,
                "tickets.win": sum(won.values()) / total_held, "tickets.line.intercept": a0,
                "tickets.line.slope": b0, "tickets.line.sd": sd})
    for name in ("hard", "easy", "many points for its length", "few points for its length"):
        out[f"tickets.flagged.{name}"] = sum(1 for f in flags.values() if name in f)
    # seats
    for p in counts:
        these = [g for g in games if len(g) == p]
        out[f"seats.{p}.fair"], out[f"seats.{p}.players"] = 1 / p, p
        for s in range(p):
            k = f"seats.{p}.{s}"
            out[f"{k}.seat"], out[f"{k}.games"] = s, len(these)
            put_rate(out, f"{k}.win", sum(g[s]["win"] for g in these), len(these))
            out[f"{k}.score"] = statistics.fmean(g[s]["total"] for g in these)
    # the arc
    points = [list(zip(*(s["arc"] for s in g))) for g in games]
    running = [sum(1 for p in points if k < len(p)) for k in range(max(len(p) for p in points))]
    longest = sum(1 for r in running if r >= max(1, math.ceil(0.05 * n)))  # rounds that 5% of the games reach
    step = 5 if longest <= 61 else 10
    shown = list(range(0, longest, step))
    if shown[-1] != longest - 1:
        shown.append(longest - 1)
    for k in shown:
        at = [(g, p[k]) for g, p in zip(games, points) if k < len(p)]
        wsum = sum(s["win"] for g, _ in at for s in g)
        out[f"arc.round.{k}.round"], out[f"arc.round.{k}.running"] = k, len(at)
        out[f"arc.round.{k}.winners"] = sum(s["win"] * pt[i] for g, pt in at for i, s in enumerate(g)) / wsum
        others = [pt[i] for g, pt in at for i, s in enumerate(g) if s["win"] == 0]
        out[f"arc.round.{k}.others"] = statistics.fmean(others) if others else 0.0
    lead = [leader_path(p) for p in points]
    for c in range(max(x for x, _ in lead) + 1):
        out[f"arc.lead_counts.{c}"] = sum(1 for x, _ in lead if x == c)
    put_spread(out, "arc.lead_changes", [x for x, _ in lead])
    put_rate(out, "arc.any_lead_change", sum(1 for x, _ in lead if x), n)
    out["arc.any_lead_change.n"] = n
    led = [(g, who) for g, (_, who) in zip(games, lead) if who is not None]
    put_rate(out, "arc.leader_wins", sum(g[who]["win"] for g, who in led), len(led))
    out["arc.leader_wins.n"] = len(led)
    for p in counts:
        turns = [g[0]["turns"] for g in games if len(g) == p]
        put_spread(out, f"arc.turns.{p}", turns)
        put_spread(out, f"arc.rounds.{p}", [t / p for t in turns])
        out[f"arc.turns.{p}.players"] = out[f"arc.rounds.{p}.players"] = p
    # sources
    cols = [c for c in SOURCE_COLS if c == "pts_tickets" or any(r[c] for r in rows)]
    winners = [r for r in rows if r["win"] > 0]
    wsum = sum(r["win"] for r in winners)
    total = statistics.fmean(r["total"] for r in rows)
    for c in cols:
        out[f"sources.{c}.all"] = statistics.fmean(r[c] for r in rows)
        out[f"sources.{c}.winners"] = sum(r["win"] * r[c] for r in winners) / wsum
        out[f"sources.{c}.share"] = out[f"sources.{c}.all"] / total if total else 0.0
    out["sources.total.all"] = total
    out["sources.total.winners"] = sum(r["win"] * r["total"] for r in winners) / wsum
    # bots
    bots = list(dict.fromkeys(r["bot"] for r in rows))
    if len(bots) > 1:
        for b in bots:
            mine = [r for r in rows if r["bot"] == b]
            out[f"bots.{b}.seats"] = len(mine)
            put_rate(out, f"bots.{b}.win", sum(r["win"] for r in mine), len(mine))
            out[f"bots.{b}.score"] = statistics.fmean(r["total"] for r in mine)
            out[f"bots.{b}.rank"] = statistics.fmean(r["rank"] for r in mine)
            put_rate(out, f"bots.{b}.tickets", sum(len(r["tickets_done"]) for r in mine),
                     sum(len(r["tickets_kept"]) for r in mine))
            for c in cols:
                out[f"bots.{b}.{c}"] = statistics.fmean(r[c] for r in mine)
    # failures
    for key, test, moves in (("forced_pass", lambda g: any(s["forced_passes"] for s in g), "forced_passes"),
                             ("forced_draw", lambda g: any(s["forced_ticket_draws"] for s in g), "forced_ticket_draws"),
                             ("deadlock", lambda g: g[0]["ended"] == "deadlock", None)):
        k = sum(1 for g in games if test(g))
        out[f"failures.{key}.games"] = k
        put_rate(out, f"failures.{key}", k, n)
        if moves:
            out[f"failures.{key}.moves"] = sum(s[moves] for g in games for s in g)
        if len(counts) > 1:
            for p in counts:
                these = [g for g in games if len(g) == p]
                out[f"failures.{key}.{p}p"] = sum(1 for g in these if test(g)) / len(these)
    from analyze_more import expected_more
    expected_more(out, rows, games, m)
    return out, flags


def newcombe(ka, na, kb, nb):
    pa, pb = ka / na if na else 0.0, kb / nb if nb else 0.0
    (la, ua), (lb, ub) = wilson(ka, na), wilson(kb, nb)
    d = pb - pa
    return d - math.sqrt((pb - lb) ** 2 + (ua - pa) ** 2), d + math.sqrt((ub - pb) ** 2 + (pa - la) ** 2)


def expected_compare(a: dict, b: dict, info_a, info_b, rows_a, rows_b, map_a, map_b) -> dict:
    """Every number of compare.html, from the two runs' own expected numbers and records."""
    out = {}
    for side, e in (("a", a), ("b", b)):
        out.update({f"{side}.{k[4:]}": v for k, v in e.items() if k.startswith("run.")})

    def pair(key, ka, na, kb, nb):
        out[f"{key}.a"], out[f"{key}.b"] = (ka / na if na else 0.0), (kb / nb if nb else 0.0)
        out[f"{key}.diff"] = out[f"{key}.b"] - out[f"{key}.a"]
        out[f"{key}.diff.ci"] = newcombe(ka, na, kb, nb)

    ga, gb = by_game(rows_a), by_game(rows_b)
    ra = {r.id: r for r in map_a.routes}
    for r in map_b.routes:
        if r.id in ra and set(ra[r.id].cities) == set(r.cities):
            out[f"routes.{r.id}.id"] = r.id
            pair(f"routes.{r.id}", sum(1 for g in ga if any(r.id in s["routes"] for s in g)), len(ga),
                 sum(1 for g in gb if any(r.id in s["routes"] for s in g)), len(gb))
    ta = {t.id: t for t in map_a.tickets}
    for t in map_b.tickets:
        if t.id in ta and ta[t.id].cities == t.cities:
            out[f"tickets.{t.id}.id"] = t.id
            pair(f"tickets.{t.id}", sum(1 for r in rows_a if t.id in r["tickets_done"]),
                 sum(1 for r in rows_a if t.id in r["tickets_kept"]),
                 sum(1 for r in rows_b if t.id in r["tickets_done"]), sum(1 for r in rows_b if t.id in r["tickets_kept"]))
    names_a = {c.name for c in map_a.cities if not c.junction}
    for c in map_b.cities:
        if not c.junction and c.name in names_a:
            ka = a[f"cities.{c.name}.ticket"] * len(ga)
            kb = b[f"cities.{c.name}.ticket"] * len(gb)
            pair(f"cities.{c.name}", round(ka), len(ga), round(kb), len(gb))
    for p in sorted({len(g) for g in gb} & {len(g) for g in ga}):
        xa, xb = [g for g in ga if len(g) == p], [g for g in gb if len(g) == p]
        for s in range(p):
            out[f"seats.{p}.{s}.seat"] = s
            pair(f"seats.{p}.{s}", sum(g[s]["win"] for g in xa), len(xa), sum(g[s]["win"] for g in xb), len(xb))
    bots_a, bots_b = set(r["bot"] for r in rows_a), list(dict.fromkeys(r["bot"] for r in rows_b))
    if len(bots_a) > 1 and len(bots_b) > 1:
        for bot in bots_b:
            if bot in bots_a:
                ma, mb = [r for r in rows_a if r["bot"] == bot], [r for r in rows_b if r["bot"] == bot]
                pair(f"bots.{bot}", sum(r["win"] for r in ma), len(ma), sum(r["win"] for r in mb), len(mb))

    for side, g_this, g_other in (("a", ga, gb), ("b", gb, ga)):
        for p in sorted({len(g) for g in g_this} - {len(g) for g in g_other}):
            these = [g for g in g_this if len(g) == p]
            for s in range(p):
                out[f"seats_{side}.{p}.{s}.seat"] = s
                put_rate(out, f"seats_{side}.{p}.{s}", sum(g[s]["win"] for g in these), len(these))

    def mean_pair(key, xa: dict, xb: dict):
        """Scipy's intervals: paired t where both runs hold the same keys, else Welch's."""
        import warnings

        from scipy import stats
        warnings.filterwarnings("ignore", "Precision loss", RuntimeWarning)  # a source all zero in one run
        ma, mb = statistics.fmean(xa.values()), statistics.fmean(xb.values())
        out[f"{key}.a"], out[f"{key}.b"], out[f"{key}.diff"] = ma, mb, mb - ma
        if xa.keys() == xb.keys():
            ks = sorted(xa)
            ci = stats.ttest_rel([xb[k] for k in ks], [xa[k] for k in ks]).confidence_interval()
            out[f"{key}.pairs"] = len(ks)
        else:
            ci = stats.ttest_ind(list(xb.values()), list(xa.values()), equal_var=False).confidence_interval()
        out[f"{key}.diff.ci"] = (float(ci.low), float(ci.high))

    def game_values(games, f):
        return {(g[0]["players"], g[0]["seed"], g[0]["rotation"]): f(g) for g in games}

    for p in sorted({len(g) for g in gb} & {len(g) for g in ga}):
        out[f"means.turns.{p}.players"] = p
        mean_pair(f"means.turns.{p}", game_values([g for g in ga if len(g) == p], lambda g: g[0]["turns"]),
                  game_values([g for g in gb if len(g) == p], lambda g: g[0]["turns"]))
    mean_pair("means.rounds", game_values(ga, lambda g: g[0]["turns"] / len(g)),
              game_values(gb, lambda g: g[0]["turns"] / len(g)))

    def changes(g):
        return leader_path(list(zip(*(s["arc"] for s in g))))[0]

    mean_pair("means.lead_changes", game_values(ga, changes), game_values(gb, changes))
    from analyze_more import blocked_lists, is_runaway, leader_two_thirds, margin_of
    mean_pair("means.margin", game_values(ga, margin_of), game_values(gb, margin_of))
    mean_pair("means.spread", game_values(ga, lambda g: max(s["total"] for s in g) - min(s["total"] for s in g)),
              game_values(gb, lambda g: max(s["total"] for s in g) - min(s["total"] for s in g)))
    for c in (*SOURCE_COLS, "total"):
        if c in ("total", "pts_tickets") or any(r[c] for r in rows_a + rows_b):
            mean_pair(f"means.{c}", {(r["players"], r["seed"], r["rotation"], r["seat"]): r[c] for r in rows_a},
                      {(r["players"], r["seed"], r["rotation"], r["seat"]): r[c] for r in rows_b})
    for key in ("any_lead_change", "leader_wins"):
        na, nb = a[f"arc.{key}.n"], b[f"arc.{key}.n"]
        pair(key, a[f"arc.{key}"] * na, na, b[f"arc.{key}"] * nb, nb)
    for key in ("forced_pass", "forced_draw", "deadlock"):
        pair(key, a[f"failures.{key}.games"], len(ga), b[f"failures.{key}.games"], len(gb))

    def fates(games, m):
        seats = [s for g in games for s in g]
        blocked = [blocked_lists(g, m) for g in games]
        led = [(g, w) for g in games if (w := leader_two_thirds(g)) is not None]
        return {"kept_setup": (sum(len(s["kept_setup"]) for s in seats), sum(len(s["offered_setup"]) for s in seats)),
                "kept_later": (sum(len(s["kept_later"]) for s in seats), sum(len(s["offered_later"]) for s in seats)),
                "completion": (sum(len(s["tickets_done"]) for s in seats), sum(len(s["tickets_kept"]) for s in seats)),
                "blocked": (sum(len(x) for b in blocked for x in b),
                            sum(len(s["tickets_kept"]) - len(s["tickets_done"]) for s in seats)),
                "blocked_games": (sum(1 for b in blocked if any(b)), len(games)),
                "runaways": (sum(1 for g in games if is_runaway(g)), len(games)),
                "leader_two_thirds": (sum(g[w]["win"] for g, w in led), len(led))}
    fa, fb = fates(ga, map_a), fates(gb, map_b)
    for key in fa:
        pair(key, *fa[key], *fb[key])
    return out


def compare_numbers(page: Page, expected: dict) -> None:
    """Every tagged number is expected and equal to its recomputation; every expected number is
    shown; no number in a table cell or the facts is untagged."""
    seen = {}
    for item in page.tagged:
        k = item["k"]
        assert k in expected, f"the report shows {k} = {item['v']}, which the recomputation does not know"
        want = expected[k]
        if isinstance(want, tuple):
            got = tuple(float(x) for x in item["v"].split(","))
            assert all(math.isclose(g, w, rel_tol=1e-9, abs_tol=1e-9) for g, w in zip(got, want)), (k, got, want)
        elif isinstance(want, str):
            assert item["v"] == want, (k, item["v"], want)
        else:
            assert math.isclose(float(item["v"]), want, rel_tol=1e-9, abs_tol=1e-9), (k, item["v"], want)
        check_shown(item)
        seen[k] = item["v"]
    missing = sorted(set(expected) - set(seen))
    assert not missing, f"numbers not in the report: {missing[:10]}"
    loose = [t for t in page.loose if re.search(r"\d", t)]
    assert not loose, f"numbers shown without a key: {loose[:10]}"
