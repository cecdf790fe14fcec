"""Independent recomputation of the report's ticket fates, claim timing, score distribution,
near-failures and per-player-count rows (docs/analyze.md), from the records and the map.
Nothing here imports ttr.analytics."""
from __future__ import annotations

import statistics
from collections import defaultdict

from analyze_helpers import leader_path, put_rate, quantile


def put_some(out, key, k, n):
    """A rate the report shows only when there was something to count."""
    if n:
        put_rate(out, key, k, n)


def open_set(g, m):
    gone = set()
    for s in g:
        gone.update(s["routes"])
        gone.update(s["lanes_closed"])
    return {r.id for r in m.routes if r.id not in gone}


def reachable(m, usable, start):
    adj = defaultdict(set)
    for r in m.routes:
        if r.id in usable:
            adj[r.cities[0]].add(r.cities[1])
            adj[r.cities[1]].add(r.cities[0])
    seen, todo = {start}, [start]
    while todo:
        for v in adj[todo.pop()]:
            if v not in seen:
                seen.add(v)
                todo.append(v)
    return seen


def blocked_lists(g, m):
    cities = {t.id: t.cities for t in m.tickets}
    free = open_set(g, m)
    out = []
    for s in g:
        usable = free | set(s["routes"])
        out.append([t for t in s["tickets_kept"] if t not in s["tickets_done"]
                    and not set(cities[t]) <= reachable(m, usable, cities[t][0])])
    return out


def put_fate(out, key, pairs, n_games, games_with):
    """pairs: (seat, its blocked tickets) of the seats counted."""
    def total(col):
        return sum(len(s[col]) for s, _ in pairs)
    put_some(out, f"{key}.kept_setup", total("kept_setup"), total("offered_setup"))
    put_some(out, f"{key}.kept_later", total("kept_later"), total("offered_later"))
    put_rate(out, f"{key}.completion", total("tickets_done"), total("tickets_kept"))
    failed = total("tickets_kept") - total("tickets_done")
    out[f"{key}.failed"] = failed
    put_some(out, f"{key}.blocked", sum(len(b) for _, b in pairs), failed)
    out[f"{key}.out_of_time"] = failed - sum(len(b) for _, b in pairs)
    put_rate(out, f"{key}.blocked_games", games_with, n_games)


def margin_of(g):
    t = sorted((s["total"] for s in g), reverse=True)
    return t[0] - t[1]


def leader_two_thirds(g):
    pts = list(zip(*(s["arc"] for s in g)))
    last = len(pts) - 1
    cut = (2 * last) // 3
    return leader_path(pts[:cut + 1])[1]


def is_runaway(g):
    w = leader_two_thirds(g)
    if w is None or g[w]["win"] != 1:
        return False
    return g[w]["total"] > 0 and margin_of(g) >= 0.2 * g[w]["total"]


def put_scores(out, key, games):
    out[f"{key}.games"] = len(games)
    margins = [margin_of(g) for g in games]
    spreads = [max(s["total"] for s in g) - min(s["total"] for s in g) for g in games]
    for name, xs in (("margin", margins), ("spread", spreads)):
        out[f"{key}.{name}.mean"] = statistics.fmean(xs)
        out[f"{key}.{name}.median"] = quantile(xs, 0.5)
        if name == "margin":
            out[f"{key}.{name}.p90"] = quantile(xs, 0.9) if len(xs) > 1 else float(xs[0])
            out[f"{key}.{name}.max"] = max(xs)
    led = [(g, leader_two_thirds(g)) for g in games]
    led = [(g, w) for g, w in led if w is not None]
    put_some(out, f"{key}.leader_wins", sum(g[w]["win"] for g, w in led), len(led))
    put_rate(out, f"{key}.runaways", sum(1 for g in games if is_runaway(g)), len(games))


def kind_of(r):
    if r.kind == "ship":
        return "ship"
    return "tunnel" if r.tunnel else ("ferry" if r.locomotives else "plain")


def near_rows(games, m):
    """key -> (successes, trials, turns or None)."""
    seats = [s for g in games for s in g]
    blocked = [blocked_lists(g, m) for g in games]
    unusable = 0
    for g in games:
        free = open_set(g, m)
        lens = [r.length for r in m.routes if r.id in free and r.kind != "ship"]
        for s in g:
            if s["trains_left"] and (not lens or min(lens) > s["trains_left"]):
                unusable += 1
    return {"dry": (sum(1 for g in games if any(s["dry_turns"] > 0 for s in g)), len(games),
                    sum(s["dry_turns"] for s in seats)),
            "stuck": (sum(1 for g in games if any(s["stuck_turns"] > 0 for s in g)), len(games),
                      sum(s["stuck_turns"] for s in seats)),
            "capped": (sum(1 for g in games if any(s["capped_turns"] > 0 for s in g)), len(games),
                       sum(s["capped_turns"] for s in seats)),
            "blocked_games": (sum(1 for b in blocked if any(len(x) for x in b)), len(games), None),
            "blocked": (sum(len(x) for b in blocked for x in b), sum(len(s["tickets_kept"]) for s in seats), None),
            "trains_left": (sum(1 for s in seats if s["trains_left"] > 0), len(seats), None),
            "unusable": (unusable, len(seats), None)}


def expected_more(out, rows, games, m):
    counts = sorted({len(g) for g in games})
    several = len(counts) > 1
    bots = list(dict.fromkeys(r["bot"] for r in rows))
    blocked = {g[0]["game"]: blocked_lists(g, m) for g in games}
    # tickets dealt, kept and failed
    groups = [("fate.all", games)] + ([(f"fate.{p}p", [g for g in games if len(g) == p]) for p in counts]
                                      if several else [])
    for key, gs in groups:
        pairs = [(s, b) for g in gs for s, b in zip(g, blocked[g[0]["game"]])]
        put_fate(out, key, pairs, len(gs), sum(1 for g in gs if any(blocked[g[0]["game"]])))
    if several:
        for p in counts:
            out[f"fate.{p}p.players"] = p
    if len(bots) > 1:
        for b in bots:
            pairs = [(s, x) for g in games for s, x in zip(g, blocked[g[0]["game"]]) if s["bot"] == b]
            gs = [g for g in games if any(s["bot"] == b for s in g)]
            put_fate(out, f"fate.bot.{b}", pairs, len(gs),
                     sum(1 for g in gs if any(x for s, x in zip(g, blocked[g[0]["game"]]) if s["bot"] == b)))
    for t in m.tickets:
        k = f"fate.{t.id}"
        out[f"{k}.id"] = t.id
        put_some(out, f"{k}.kept_setup", sum(r["kept_setup"].count(t.id) for r in rows),
                 sum(r["offered_setup"].count(t.id) for r in rows))
        put_some(out, f"{k}.kept_later", sum(r["kept_later"].count(t.id) for r in rows),
                 sum(r["offered_later"].count(t.id) for r in rows))
        failed = sum(1 for r in rows if t.id in r["tickets_kept"] and t.id not in r["tickets_done"])
        out[f"{k}.failed"] = failed
        n_blocked = sum(x.count(t.id) for b in blocked.values() for x in b)
        put_some(out, f"{k}.blocked", n_blocked, failed)
        out[f"{k}.out_of_time"] = failed - n_blocked
        for p in counts:
            mine = [r for r in rows if r["players"] == p]
            held = sum(1 for r in mine if t.id in r["tickets_kept"])
            if held:
                out[f"{k}.done.{p}"] = sum(1 for r in mine if t.id in r["tickets_done"]) / held
    # when routes are claimed
    claims = defaultdict(list)  # route -> (round, share, win)
    for r in rows:
        for rid, turn in zip(r["routes"], r["route_turns"]):
            claims[rid].append((turn // r["players"] + 1, turn / r["turns"], r["win"], r["bot"]))
    n = len(games)
    early = 0
    for r in m.routes:
        k, cl = f"claims.{r.id}", claims[r.id]
        out[f"{k}.id"], out[f"{k}.claimed"] = r.id, len(cl) / n
        if several:
            for p in counts:
                these = [g for g in games if len(g) == p]
                out[f"{k}.claimed.{p}"] = sum(1 for g in these if any(r.id in s["routes"] for s in g)) / len(these)
        if cl:
            out[f"{k}.mean_round"] = statistics.fmean(x[0] for x in cl)
            out[f"{k}.median_round"] = quantile([x[0] for x in cl], 0.5)
            out[f"{k}.median_share"] = quantile([x[1] for x in cl], 0.5)
            early += len(cl) / n >= 2 / 3 and out[f"{k}.median_share"] <= 1 / 3
    out["claims.early"] = early
    for what, f in (("kind", kind_of), ("length", lambda r: r.length), ("colour", lambda r: r.color)):
        members = defaultdict(list)
        for r in m.routes:
            members[f(r)].append(r.id)
        for name, ids in members.items():
            k = f"claims.{what}.{name}"
            cl = [x for i in ids for x in claims[i]]
            if what == "length":
                out[f"{k}.name"] = name
            out[f"{k}.routes"] = len(ids)
            put_rate(out, f"{k}.claimed", len(cl), len(ids) * n)
            put_some(out, f"{k}.claimer_wins", sum(x[2] for x in cl), len(cl))
            if cl:  # never claimed: no round to show
                out[f"{k}.round"] = statistics.fmean(x[0] for x in cl)
    length = {r.id: r.length for r in m.routes}
    if len(bots) > 1:
        for b in bots:
            mine = [(rid, x) for rid, xs in claims.items() for x in xs if x[3] == b]
            seats = sum(1 for r in rows if r["bot"] == b)
            out[f"claims.bot.{b}.routes"] = len(mine) / seats
            out[f"claims.bot.{b}.length"] = statistics.fmean(length[rid] for rid, _ in mine) if mine else 0.0
            out[f"claims.bot.{b}.round"] = statistics.fmean(x[0] for _, x in mine) if mine else 0.0
            out[f"claims.bot.{b}.early"] = sum(1 for _, x in mine if x[1] < 1 / 3) / len(mine) if mine else 0.0
    closing = [p for p in counts if any(r["lanes_closed"] for r in rows if r["players"] == p)]
    if closing:
        at = [g for g in games if len(g) in closing]
        out["doubles.games"] = len(at)
        for p in closing:
            these = [g for g in at if len(g) == p]
            out[f"doubles.{p}.players"] = p
            out[f"doubles.{p}.per_game"] = sum(len(s["lanes_closed"]) for g in these for s in g) / len(these)
        done = set()
        for r in m.routes:
            lanes = tuple(sorted([r.id, *r.twins]))
            if not r.twins or lanes in done:
                continue
            done.add(lanes)
            out[f"doubles.{lanes[0]}.lanes"] = lanes
            put_rate(out, f"doubles.{lanes[0]}.closed",
                     sum(1 for g in at if set(lanes) & {x for s in g for x in s["lanes_closed"]}), len(at))
    # score distribution
    put_scores(out, "scores.all", games)
    if several:
        for p in counts:
            put_scores(out, f"scores.{p}p", [g for g in games if len(g) == p])
            out[f"scores.{p}p.players"] = p
    if len(bots) > 1:
        for b in bots:
            won = [margin_of(g) for g in games for s in g if s["bot"] == b and s["win"] == 1]
            lost = [max(x["total"] for x in g) - s["total"] for g in games for s in g if s["bot"] == b and s["win"] == 0]
            if won:
                out[f"scores.bot.{b}.won_by"] = statistics.fmean(won)
            if lost:
                out[f"scores.bot.{b}.lost_by"] = statistics.fmean(lost)
            runs = sum(1 for g in games for i, s in enumerate(g)
                       if s["bot"] == b and is_runaway(g) and leader_two_thirds(g) == i)
            put_rate(out, f"scores.bot.{b}.runaways", runs, sum(1 for r in rows if r["bot"] == b))
    # near-failures
    for key, (k, of, turns) in near_rows(games, m).items():
        out[f"near.{key}.k"], out[f"near.{key}.n"] = k, of
        put_rate(out, f"near.{key}", k, of)
        if turns is not None:
            out[f"near.{key}.turns"] = turns
        if several:
            for p in counts:
                kp, op, _ = near_rows([g for g in games if len(g) == p], m)[key]
                out[f"near.{key}.{p}p"] = kp / op if op else 0.0
    # per player count rows of the older sections
    if several:
        for p in counts:
            these = [g for g in games if len(g) == p]
            lead = [leader_path(list(zip(*(s["arc"] for s in g)))) for g in these]
            out[f"arc.{p}p.players"] = p
            put_rate(out, f"arc.{p}p.any_lead_change", sum(1 for c, _ in lead if c), len(these))
            out[f"arc.{p}p.any_lead_change.n"] = len(these)
            led = [(g, w) for g, (_, w) in zip(these, lead) if w is not None]
            put_rate(out, f"arc.{p}p.leader_wins", sum(g[w]["win"] for g, w in led), len(led))
            out[f"arc.{p}p.leader_wins.n"] = len(led)
            out[f"arc.{p}p.any_lead_change.players"] = out[f"arc.{p}p.leader_wins.players"] = p
            mine = [r for r in rows if r["players"] == p]
            for key in [k for k in out if k.startswith("sources.") and k.endswith(".all")]:
                col = key.split(".")[1]
                out[f"sources.{col}.{p}p"] = statistics.fmean(r[col] for r in mine)
