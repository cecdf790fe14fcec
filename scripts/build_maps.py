"""Build ttr's own map files from the board facts in ../shared/map-sources.

Usage: python scripts/build_maps.py [SOURCE_DIR]

Only facts are carried over (cities, positions, routes, tickets); the output
format is ttr's own (see docs/map-format.md). Re-running is idempotent.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "ttr" / "maps" / "data"
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
    # ttr name: (source file, title)
    "world": ("rails_and_sails_world.json", "Rails & Sails: World"),
    "great-lakes": ("rails_and_sails_great_lakes.json", "Rails & Sails: Great Lakes"),
}


def _int_id(text: str) -> int:
    return int(text.lstrip("RGLD"))


def convert_rails_and_sails(name: str, src_dir: Path) -> dict:
    fname, title = RS_BOARDS[name]
    src = json.loads((src_dir / fname).read_text(encoding="utf-8"))
    cities = []
    for c in src["cities"]:
        entry = {"name": c["name"], "xy": c.get("layout_xy")}
        if c.get("harbor"):
            entry["harbor"] = True
        if c.get("waypoint"):
            entry["junction"] = True
        cities.append(entry)
    routes, doubles, seen = [], [], set()
    for r in sorted(src["routes"], key=lambda r: _int_id(r["id"])):
        rid = _int_id(r["id"])
        route = {"id": rid, "cities": [r["a"], r["b"]], "length": r["length"], "color": r["color"],
                 "kind": r["kind"]}
        if r.get("paired_spaces"):
            route["pairs"] = r["paired_spaces"]
        if r.get("wraparound"):
            route["wraparound"] = True
        routes.append(route)
        if r.get("parallel_with"):
            group = sorted({rid, *(_int_id(x) for x in r["parallel_with"])})
            if tuple(group) not in seen:
                seen.add(tuple(group))
                doubles.append(group)
    tickets, pairs = [], set()
    for t in src["tickets"]:
        key = (frozenset((t["a"], t["b"])), t["points"])
        if key in pairs:  # the Great Lakes source lists one ticket twice
            continue
        pairs.add(key)
        tickets.append({"id": _int_id(t["id"]) if "id" in t else len(tickets) + 1,
                        "cities": [t["a"], t["b"]], "points": t["points"]})
    for t in src.get("tours", []):
        tickets.append({"id": _int_id(t["id"]), "cities": t["cities_in_order"], "points": t["points_in_order"],
                        "tour": True, "points_any_order": t["points_connected_any_order"],
                        "penalty": t["penalty_if_incomplete"]})
    gaps = src.get("known_gaps", [])
    return {
        "format": "ttr-map/1",
        "name": name,
        "title": title,
        "source": src["source"] if isinstance(src["source"], str) else json.dumps(src["source"]),
        "status": src.get("status", "complete, cross-checked"),
        "known_gaps": gaps,
        "cities": cities,
        "routes": routes,
        "double_routes": doubles,
        "tickets": tickets,
    }


def main() -> None:
    src_dir = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2] / "shared" / "map-sources"
    OUT.mkdir(parents=True, exist_ok=True)
    for name in BOARDS:
        data = convert(name, src_dir)
        (OUT / f"{name}.json").write_text(dump(data), encoding="utf-8")
        print(f"{name}: {len(data['cities'])} cities, {len(data['routes'])} routes, {len(data['tickets'])} tickets")
    for name in RS_BOARDS:
        data = convert_rails_and_sails(name, src_dir)
        (OUT / f"{name}.json").write_text(dump(data), encoding="utf-8")
        print(f"{name}: {len(data['cities'])} cities, {len(data['routes'])} routes, {len(data['tickets'])} tickets")


if __name__ == "__main__":
    main()
