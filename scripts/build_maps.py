"""Build ttr's own map files from the board facts in ../shared/map-sources.

Usage: python scripts/build_maps.py [SOURCE_DIR]

Only facts are carried over (cities, positions, routes, tickets); the output
format is ttr's own (see docs/map-format.md). Re-running is idempotent.
"""
from __future__ import annotations

import heapq
import json
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # ttr's own loader checks every board before it is written
from ttr.errors import MapError  # noqa: E402
from ttr.maps import parse_map  # noqa: E402

OUT = ROOT / "ttr" / "maps" / "data"
COLOUR = {"pink": "purple", "gray": "gray"}  # rulebook names the pink cards purple

BOARDS = {
    # ttr name: (source file, title, ticket sets, long ticket set)
    "usa": ("usa.json", "USA", ["base"], None),
    "europe": ("europe.json", "Europe", ["base_regular"], "base_long"),
    "nordic": ("nordiccountries.json", "Nordic Countries", ["base"], None),
}


def convert(name: str, src_dir: Path) -> dict:
    fname, title, sets, long_set = BOARDS[name]
    src = json.loads((src_dir / fname).read_text(encoding="utf-8"))
    cities = [{"name": c["name"], "xy": c["layout_xy"]} for c in src["cities"]]
    routes = []
    for r in sorted(src["routes"], key=lambda r: r["id"]):
        route = {
            "id": r["id"],
            "cities": [r["from"], r["to"]],
            "length": r["length"],
            "color": COLOUR.get(r["color"], r["color"]),
            "tunnel": bool(r["tunnel"]),
            "locomotives": r["locomotives"],
            "spaces": [[round(x, 1), round(y, 1), round(a, 1)] for x, y, a in r["layout_spaces"]],
        }
        if r.get("any_cards_set") == 4:  # Nordic Murmansk-Lieksa: 4 cards replace one
            route["any_four"] = True
        routes.append(route)
    doubles = [sorted(d["route_ids"]) for d in src["double_routes"]]
    tickets = []
    next_id = 1
    for s in sets + ([long_set] if long_set else []):
        for t in src["tickets"][s]:
            entry = {"id": next_id, "cities": [t["from"], t["to"]], "points": t["points"]}
            if s == long_set:
                entry["long"] = True
            tickets.append(entry)
            next_id += 1
    return {
        "format": "ttr-map/1",
        "name": name,
        "title": title,
        "source": src["source"],
        "cities": cities,
        "routes": routes,
        "double_routes": doubles,
        "tickets": tickets,
    }


def dump(data: dict) -> str:
    """JSON with one line per city, route and ticket, so diffs stay readable."""
    parts = []
    for key, value in data.items():
        if isinstance(value, list):
            rows = ",\n".join("  " + json.dumps(v, ensure_ascii=False) for v in value)
            parts.append(f" {json.dumps(key)}: [\n{rows}\n ]")
        else:
            parts.append(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


RS_BOARDS = {
    # ttr name: (source file, title, layout: None (positions in the source), or the file giving
    # board_xy_pct, percent of a board scan of the given width and height in pixels)
    "world": ("rails_and_sails_world.json", "Rails & Sails: World", None),
    "great-lakes": ("rails_and_sails_great_lakes.json", "Rails & Sails: Great Lakes",
                    ("great_lakes_geography.json", 3000, 1672)),
}

# Great Lakes: what is still unsure after the cross-check of the source's transcription (S1)
# against its second_source (S2). Replaces the source's own notes, some of which S2 settled.
GREAT_LAKES_NOTES = (
    "cross-checked against a second, independent transcription of the board (S2): 102 of the first's "
    "109 routes and all 55 tickets agreed, the rest follow S2; the 9-space route's points and the harbor "
    "values are unverified (see known_gaps)",
    [
        "Route points: the one 9-space route (Cleveland-New York, gray train) scores 27 in S2, 25 in a "
        "third, weak source: unverified (RS3).",
        "Harbor points 10/20/30 for 1/2/3+ completed tickets and -4 per unbuilt harbor come from S2 only: "
        "unverified (RS5).",
        "Which ticket cards show a harbor anchor is not recorded.",
        "Eight routes rest on S2 alone, where S1 differed or lacked them: Duluth-Marquette (red ship 6) "
        "and Lake Superior-Marquette (gray ship 2) end at Marquette, not Marathon; Buffalo-Erie (gray 2) and "
        "both Buffalo-Syracuse routes (yellow, red 3) are train routes; both Cedar Rapids-Chicago routes are "
        "5 long; Kingston-Buffalo (gray ship 4) is missing from S1.",
        "No paired spaces, tours or wraparound routes are recorded (the Great Lakes side may have none).",
        "Rules: only the setup page of the English Great Lakes rulebook was found (2 train + 2 ship cards; "
        "50 pieces, at most 33 trains and 32 ships; S2 agrees); the rest follows the World rules.",
        "Tickets: S1 lists 56 lines, Erie-Kingston (4) twice; the 55 kept are the deck's official count and "
        "match S2's.",
        "Layout: xy is S2's position of each node (the two lake junctions too) on its scan of the board, "
        "a 3000 x 1672 pixel image: a transcription, not an official layout; routes have no space "
        "positions. Real latitude/longitude of every node are in great_lakes_geography.json, not here "
        "(the map format has no field for them).",
        "The board prints 'Perry Sound' (three transcriptions agree); ttr uses the town's real name, "
        "Parry Sound.",
    ],
)
NOTES = {"great-lakes": GREAT_LAKES_NOTES}


def _entries(fname: str, key: str, entries: object, **fields: type) -> list[tuple[str, dict]]:
    """A source list as (where, entry) pairs, where = 'file: key[i] (id or name)'. An entry that is
    not an object, lacks one of `fields` or has it of another type stops the build, naming it."""
    if not isinstance(entries, list):
        raise SystemExit(f"{fname}: {key} must be a list")
    out = []
    for i, e in enumerate(entries):
        where = f"{fname}: {key}[{i}]"
        if not isinstance(e, dict):
            raise SystemExit(f"{where}: not an object")
        if "id" in e or "name" in e:
            where += f" ({e.get('id', e.get('name'))})"
        for field, kind in fields.items():
            if field not in e:
                raise SystemExit(f"{where}: no {field}")
            v = e[field]
            if not isinstance(v, kind) or isinstance(v, bool) != (kind is bool):  # a bool is no int here
                raise SystemExit(f"{where}: {field} must be {kind.__name__}, not {v!r}")
        out.append((where, e))
    return out


def _int_id(where: str, text: object) -> int:
    """'GL12', 'R7', 'D58' -> 12, 7, 58."""
    if not isinstance(text, str) or not text.lstrip("RGLD").isdecimal():
        raise SystemExit(f"{where}: {text!r} is not a route or ticket id like GL12")
    return int(text.lstrip("RGLD"))


def _board_xy(src_dir: Path, layout: tuple, names: list[str]) -> dict[str, list[float]]:
    """Each node's position in pixels of the board scan, from its board_xy_pct; every node placed."""
    fname, width, height = layout
    src = json.loads((src_dir / fname).read_text(encoding="utf-8"))
    xy = {}
    for where, c in _entries(fname, "cities", src.get("cities"), name=str, board_xy_pct=list):
        pct = c["board_xy_pct"]
        if c["name"] not in names:
            raise SystemExit(f"{where}: not a node of the board")
        if c["name"] in xy:
            raise SystemExit(f"{where}: a second position")
        if len(pct) != 2 or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 100
                                    for v in pct):
            raise SystemExit(f"{where}: board_xy_pct must be two percentages (0-100), not {pct!r}")
        xy[c["name"]] = [round(pct[0] * width / 100, 1), round(pct[1] * height / 100, 1)]
    missing = [n for n in names if n not in xy]
    if missing:
        raise SystemExit(f"{fname}: no board position for {', '.join(missing)}")
    return xy


def _check_counts(fname: str, counts: dict, cities: list, routes: list, doubles: list, tickets: list,
                  lines: int) -> None:
    """Each count the source states (under its own names) must be what its entries give."""
    regular = sum(not t.get("tour") for t in tickets)
    junctions = sum("junction" in c for c in cities)
    found = {
        "cities": len(cities) - junctions, "waypoints": junctions, "lake_waypoints": junctions,
        "harbor_cities": sum("harbor" in c for c in cities),
        "routes": len(routes), "train_routes": sum(r["kind"] == "train" for r in routes),
        "ship_routes": sum(r["kind"] == "ship" for r in routes), "total_spaces": sum(r["length"] for r in routes),
        "parallel_pairs": len(doubles), "paired_space_routes": sum("pairs" in r for r in routes),
        "wraparound_routes": sum("wraparound" in r for r in routes),
        "ticket_lines": lines, "tickets": len(tickets), "regular_tickets": regular, "unique_tickets": regular,
        "tour_tickets": len(tickets) - regular,
    }
    for key, n in counts.items():
        if key in found and found[key] != n:
            raise SystemExit(f"{fname}: counts.{key} is {n}, but the entries give {found[key]}")


def convert_rails_and_sails(name: str, src_dir: Path) -> dict:
    fname, title, layout = RS_BOARDS[name]
    src = json.loads((src_dir / fname).read_text(encoding="utf-8"))
    nodes = _entries(fname, "cities", src.get("cities"), name=str)
    xy = _board_xy(src_dir, layout, [c["name"] for _, c in nodes]) if layout else {}
    cities = []
    for _, c in nodes:
        entry = {"name": c["name"], "xy": xy.get(c["name"], c.get("layout_xy"))}
        if c.get("harbor"):
            entry["harbor"] = True
        if c.get("waypoint"):
            entry["junction"] = True
        cities.append(entry)
    lanes = _entries(fname, "routes", src.get("routes"), id=str, a=str, b=str, kind=str, color=str, length=int)
    routes, doubles, seen = [], [], set()
    for where, r in sorted(lanes, key=lambda lane: _int_id(lane[0], lane[1]["id"])):
        rid = _int_id(where, r["id"])
        route = {"id": rid, "cities": [r["a"], r["b"]], "length": r["length"], "color": r["color"],
                 "kind": r["kind"]}
        if r.get("paired_spaces"):
            route["pairs"] = r["paired_spaces"]
        if r.get("wraparound"):
            route["wraparound"] = True
        routes.append(route)
        if r.get("parallel_with"):
            if not isinstance(r["parallel_with"], list):
                raise SystemExit(f"{where}: parallel_with must be a list of route ids")
            group = sorted({rid, *(_int_id(where, x) for x in r["parallel_with"])})
            if tuple(group) not in seen:
                seen.add(tuple(group))
                doubles.append(group)
    tickets, pairs = [], set()
    lines = _entries(fname, "tickets", src.get("tickets"), a=str, b=str, points=int)
    for where, t in lines:
        key = (frozenset((t["a"], t["b"])), t["points"])
        if key in pairs:  # the Great Lakes source lists one ticket twice
            continue
        pairs.add(key)
        tickets.append({"id": _int_id(where, t["id"]) if "id" in t else len(tickets) + 1,
                        "cities": [t["a"], t["b"]], "points": t["points"]})
    for where, t in _entries(fname, "tours", src.get("tours", []), id=str, cities_in_order=list, points_in_order=int,
                             points_connected_any_order=int, penalty_if_incomplete=int):
        tickets.append({"id": _int_id(where, t["id"]), "cities": t["cities_in_order"], "points": t["points_in_order"],
                        "tour": True, "points_any_order": t["points_connected_any_order"],
                        "penalty": t["penalty_if_incomplete"]})
    _check_counts(fname, src.get("counts", {}), cities, routes, doubles, tickets, len(lines))
    source = src["source"] if isinstance(src["source"], str) else json.dumps(src["source"])
    if "second_source" in src:  # S1's own words "Single source, not cross-checked" predate the cross-check
        source = (f"S1: {source.removesuffix(' Single source, not cross-checked.')} "
                  f"Cross-checked against S2: {src['second_source']}.")
    if layout:
        source += f" Layout: board_xy_pct in {layout[0]}."
    status, gaps = NOTES.get(name, (src.get("status", "complete, cross-checked"), src.get("known_gaps", [])))
    return {
        "format": "ttr-map/1",
        "name": name,
        "title": title,
        "source": source,
        "status": status,
        "known_gaps": gaps,
        "cities": cities,
        "routes": routes,
        "double_routes": doubles,
        "tickets": tickets,
    }


LEGACY_BOARDS = {
    # ttr name: (source file, title)
    "legends-west": ("legacy_public_facts.json", "Ticket to Ride Legacy: Legends of the West (game 1 board)"),
}


def _shortest(routes: list[dict], a: str, b: str) -> int:
    """Fewest spaces between two cities over the routes (Dijkstra)."""
    adj = defaultdict(list)
    for r in routes:
        x, y = r["cities"]
        adj[x].append((y, r["length"]))
        adj[y].append((x, r["length"]))
    best, todo = {a: 0}, [(0, a)]
    while todo:
        d, c = heapq.heappop(todo)
        if c == b:
            return d
        if d > best[c]:
            continue
        for n, w in adj[c]:
            if d + w < best.get(n, 1 << 30):
                best[n] = d + w
                heapq.heappush(todo, (d + w, n))
    raise ValueError(f"{a} and {b} are not connected")


def _cite(src: dict) -> str:
    if "repo" in src:
        return f"{src['repo']} @ {src['commit'][:12]}: {src['path']}"
    return src["what"]


def convert_legacy(name: str, src_dir: Path) -> dict:
    """The game-1 board of a Legacy campaign: the start-area cities, routes and tickets,
    the companies, and the routes drawn off the board edge (edge stubs, never claimable).

    Route ids run 1.. over the lanes sorted by their two city names (each pair written
    in alphabetical order), lanes of one pair in the source's order; ticket ids 1.. in
    the source's order."""
    fname, title = LEGACY_BOARDS[name]
    src = json.loads((src_dir / fname).read_text(encoding="utf-8"))
    cities = []
    for c in src["cities"]:
        entry = {"name": c["name"], "xy": c["layout_xy"]}
        if c["big_city"]:
            entry["big"] = True
        cities.append(entry)
    lanes = sorted(src["routes"], key=lambda r: tuple(sorted((r["a"], r["b"]))))  # stable: lane order kept
    routes, by_pair = [], defaultdict(list)
    for rid, r in enumerate(lanes, 1):
        pair = sorted((r["a"], r["b"]))
        routes.append({"id": rid, "cities": pair, "length": r["length"],
                       "color": COLOUR.get(r["color"], r["color"])})
        by_pair[tuple(pair)].append(rid)
    for r in lanes:  # the source states each pair's lane count and its triples: agree with them
        pair = tuple(sorted((r["a"], r["b"])))
        if len(by_pair[pair]) != r["lanes_between_pair"]:
            raise SystemExit(f"{fname}: {r['id']}: {len(by_pair[pair])} lanes found, {r['lanes_between_pair']} stated")
    triples = {tuple(sorted(t["pair"])) for t in src["triple_routes"]}
    if triples != {p for p, ids in by_pair.items() if len(ids) == 3}:
        raise SystemExit(f"{fname}: triple_routes disagree with the lanes")
    doubles = [ids for ids in by_pair.values() if len(ids) > 1]
    stubs, stub_lanes = [], defaultdict(int)
    for e in src["edge_stubs"]:
        # our own ids: the source gives two different stubs the same id
        key = f"{e['from']}-{e['frontier_city']}"
        stub_lanes[key] += 1
        stubs.append({"id": key if stub_lanes[key] == 1 else f"{key}-{stub_lanes[key]}", "city": e["from"],
                      "color": COLOUR.get(e["color"], e["color"]), "length": e["full_length"],
                      "leads_to": f"{e['frontier_city']} ({e['leads_to_frontier']})"})
    companies = [{"color": c["color"], "name": c["name"]} for c in src["companies"]]
    tickets = [{"id": i, "cities": [t["a"], t["b"]], "points": t["value"]} for i, t in enumerate(src["tickets"], 1)]

    big = sorted(c["name"] for c in src["cities"] if c["big_city"])
    off = [t for t in tickets if t["points"] != _shortest(routes, *t["cities"])]
    fixes = []  # single route lengths that, changed by one, would make every ticket its shortest path
    for r in routes if off else ():
        for n in (r["length"] - 1, r["length"] + 1):
            trial = [dict(x, length=n) if x is r else x for x in routes]
            if n and all(t["points"] == _shortest(trial, *t["cities"]) for t in tickets):
                fixes.append(f"{'-'.join(r['cities'])} of length {n} (not {r['length']})")
    pieces = [p["name"] for p in src["board_pieces_game1"] if p["cities"]]
    empty = [p for p in src["board_pieces_game1"] if not p["cities"]]
    hidden = [f"{r['a']}-{r['b']}" for r in src["routes_to_frontiers_not_visible_in_game1"]]
    ports = sorted(c["name"] for c in src["cities"] if c["port_icon"])
    gaps = [
        "big cities are INFERRED, not read off a game-1 board: " + ", ".join(big)
        + (" are big on both end-of-campaign boards seen, and the printed set is a subset of these (medium-high "
           "confidence); the other cities are not big on at least one of them, so are taken as not printed big "
           "(medium)"),
        ("edge stubs were traced by eye on one photo (medium confidence); their length is the whole route's, "
         "once the piece it leads to is added; how many of its spaces show in game 1 is not recorded"),
        "ticket values are dollars; " + "; ".join(
            f"{' - '.join(t['cities'])} is worth ${t['points']} but its shortest path here is "
            f"{_shortest(routes, *t['cities'])}" for t in off)
        + f"; the other {len(tickets) - len(off)} equal their shortest path"
        + (f"; {'the only route length change' if len(fixes) == 1 else 'route length changes'} "
           "(one route, by one space) that would make all agree: " + ", ".join(fixes) if fixes else ""),
        "only the game-1 board (" + ", ".join(pieces) + "; " + "; ".join(
            f"also {p['name']}, no cities ({p['confidence']} confidence)" for p in empty)
        + "): the frontier boards added later in the campaign are not included, nor the routes into them "
        "that game 1 does not show (" + ", ".join(hidden) + "; medium)",
        "the company bonus amount is not public",
        "port icons (" + ", ".join(ports) + ") are not carried in this format",
    ]
    return {
        "format": "ttr-map/1",
        "name": name,
        "title": title,
        "source": f"{fname} (public facts on the game-1 board of Ticket to Ride Legacy: Legends of the West), from: "
                  + "; ".join(_cite(v) for v in src["sources"].values()),
        "status": "game-1 board; cities, routes, tickets and companies cross-checked where two sources exist "
                  "(high confidence); big cities and edge stubs are less sure (see known_gaps)",
        "known_gaps": gaps,
        "cities": cities,
        "routes": routes,
        "double_routes": doubles,
        "edge_stubs": stubs,
        "companies": companies,
        "tickets": tickets,
    }


CONVERTERS = {**{name: convert for name in BOARDS}, **{name: convert_rails_and_sails for name in RS_BOARDS},
              **{name: convert_legacy for name in LEGACY_BOARDS}}


def build(name: str, src_dir: Path) -> str:
    """One board's map file text, once ttr's loader accepts it: a board ttr refuses is never written."""
    text = dump(CONVERTERS[name](name, src_dir))
    try:
        parse_map(json.loads(text), f"{name}.json")
    except MapError as e:
        raise SystemExit(f"built from {src_dir}: {e}") from None
    return text


def main() -> None:
    src_dir = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "map-sources"
    OUT.mkdir(parents=True, exist_ok=True)
    for name in CONVERTERS:
        text = build(name, src_dir)
        (OUT / f"{name}.json").write_text(text, encoding="utf-8")
        data = json.loads(text)
        print(f"{name}: {len(data['cities'])} cities, {len(data['routes'])} routes, {len(data['tickets'])} tickets")


if __name__ == "__main__":
    main()
