"""Human-readable descriptions of actions and positions (presentation only)."""
from __future__ import annotations

from .cards import CARD_NAMES, DECK_NAMES
from .engine.actions import CLAIM, DECK, DECLINE, DRAW, EXCHANGE, HARBOR, KEEP, PASS, PAY, PIECES, STATION, TICKETS


def describe(game, seat: int, action) -> str:
    """One line saying what `seat` does, without revealing secrets to onlookers."""
    k = action.kind
    if k == DRAW:
        card, deck = action.target if isinstance(action.target, tuple) else (action.target, None)
        if card == DECK:
            return f"draws from the {DECK_NAMES[deck]} deck" if deck is not None else "draws from the deck"
        refill = f" (refilled from the {DECK_NAMES[deck]} deck)" if deck is not None and deck >= 0 else ""
        return f"takes a face-up {CARD_NAMES[card]}{refill}"
    if k == CLAIM:
        r = game.map.route(action.target)
        kind = " tunnel" if r.tunnel else (" ferry" if r.ferry else (" ship route" if r.kind == "ship" else ""))
        points = f", +{game.rules.r_points[r.id]}" if game.rules.r_points[r.id] else ""  # Legacy: claims pay nothing
        return f"claims {r.cities[0]}–{r.cities[1]} ({r.length} {r.color}{kind}{points}) with {_cards(action.cards)}"
    if k == TICKETS:
        return "draws destination tickets"
    if k == KEEP:
        return f"keeps {len(action.target)} ticket(s)"
    if k == STATION:
        return f"builds a station in {action.target} with {_cards(action.cards)}"
    if k == PAY:
        return f"pays {_cards(action.cards)} more for the tunnel"
    if k == DECLINE:
        return "declines the tunnel and takes the cards back"
    if k == PASS:
        return "passes (no legal move)"
    if k == PIECES:
        return "chooses trains and ships (secret until everyone has chosen)"
    if k == HARBOR:
        return f"builds a harbor in {action.target} with {_cards(action.cards)}"
    if k == EXCHANGE:
        n = action.target
        return f"exchanges {abs(n)} {'trains for ships' if n > 0 else 'ships for trains'} with the box (-{abs(n)})"
    return str(action)


def _cards(cards) -> str:
    return ", ".join(f"{n} {CARD_NAMES[k]}" for k, n in cards)


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
