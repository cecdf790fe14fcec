"""The final result as a table (presentation only)."""
from __future__ import annotations


def result_columns(result: dict, edition) -> tuple[list[str], list[list[str]], str]:
    """The final result as a table: column names, one row per seat in ranking
    order (after rank and seat), and a legend line."""
    players = result["players"]
    rows = []
    if result.get("unit") == "dollars":  # Legacy: bank slips (L5)
        cols = ["slip $", "held $", "trains $", "tickets $", "done"]
        for seat in result["ranking"]:
            p = players[seat]
            kept = len(p["tickets_completed"]) + len(p["tickets_failed"])
            rows.append([str(p["total"]), str(p["money_held"]), str(p["remaining_trains_bonus"]),
                         f"{p['ticket_points']:+d}", f"{len(p['tickets_completed'])}/{kept}"])
        return cols, rows, ("slip: money held + remaining-trains bonus + tickets, never below $0; "
                            "done: tickets completed/kept")
    path = bool(edition.longest_bonus) or "longest_path" in edition.tie_breaks  # where it scores or breaks ties
    cols = ["total", "routes", "tickets", "done"] + (["path"] if path else []) + ["bonus"]
    if edition.stations:
        cols.append("stations")
    if edition.harbors:
        cols += ["harbors", "exch."]
    for seat in result["ranking"]:
        p = players[seat]
        kept = len(p["tickets_completed"]) + len(p["tickets_failed"])
        row = [str(p["total"]), str(p["route_points"]), str(p["ticket_points"]),
               f"{len(p['tickets_completed'])}/{kept}"] + ([str(p["longest_path"])] if path else [])
        row.append(f"{sum(p['bonuses'].values()):+d}")
        if edition.stations:
            row.append(f"{p['stations_built']} ({p['station_points']:+d})")
        if edition.harbors:
            row += [f"{p['harbors_built']} ({p['harbor_points']:+d})", f"{p['exchange_points']:+d}"]  # built (points)
        rows.append(row)
    bonuses = ", ".join(sorted({b for p in players for b in p["bonuses"]})) or "none"
    return cols, rows, "done: tickets completed/kept; " + ("path: longest path; " if path else "") + f"bonus: {bonuses}"
