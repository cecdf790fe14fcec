"""A Legacy campaign's arc as one HTML page (`ttr campaign report`): money per player per year
(the slips, the vaults they add up to, as a picture and a table), the events each game revealed
and removed, the story read and the boxes opened, and where the board grew (the board drawn
with each route coloured by the game it joined). Built from the campaign's status (which holds
only what the campaign has revealed) and its frontier boards, so it shows nothing more."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..editions.legacy.board import grown_map
from ..editions.legacy.frontier import Frontier
from .campaign_plot import arc_figure
from .figures import data_uri
from .html import count, doc, esc, fact, facts, image, page, table
from .svg_board import board_svg, viridis


def render(status: Mapping[str, Any], companies: Mapping[str, str], frontiers: Sequence[Frontier],
           title: str) -> str:
    """The page: `status` as Campaign.status() gives it, `companies` player -> colour, `frontiers`
    the frontier boards added, in order."""
    arc = status["arc"]
    done = [row for row in arc if row["over"]]
    players = list(companies)
    head = (f"<h1>{esc(title)}</h1>"
            + facts([fact("pack", status["pack"]["name"]) + (" (demo content)" if status["pack"]["demo"] else ""),
                     "seed " + fact("seed", status["seed"]),
                     fact("games_done", status["games_done"]) + " of 12 games played",
                     "caboose: " + esc(status["caboose"])]))
    sections = [("money", "Money per player per year", _money(done, players, companies, status)),
                ("events", "Events, story and boxes", _events(done)),
                ("board", "Where the board grew", _board(status, frontiers))]
    return page(title, head, sections)


def _money(done: list[dict], players: list[str], companies: Mapping[str, str], status: Mapping[str, Any]) -> str:
    if not done:
        return doc("No game has ended yet.")
    pic = image(data_uri(arc_figure(done, companies)), "each game's bank slip per player, and the vaults")
    rows = []
    for row in done:
        cells = "".join(count(f"slip.{row['game']}.{p}", row["slips"][p]) if p in row["slips"] else "<td>absent</td>"
                        for p in players)
        rows.append(f"<tr><td>{row['year']}</td>{cells}<td>{esc(row['winner'])}</td></tr>")
    vault = {co["player"]: co["vault"] for co in status["companies"]}
    rows.append("<tr><td><b>vault</b></td>" + "".join(count(f"vault.{p}", vault[p]) for p in players) + "<td></td></tr>")
    note = ("The vault row is the final standings' (slips, absent players' awards and vault items)."
            if status["phase"] == "finished" else "The vault row adds up the slips so far.")
    return pic + table(["year"] + [f"{p} ({companies[p]})" for p in players] + ["winner"], rows) + doc(note)


def _events(done: list[dict]) -> str:
    if not done:
        return doc("No game has ended yet.")
    rows = []
    for row in done:
        removed = [e["event"] + (" (by itself)" if e["by"] == "event" else f" (by {e['player']})" if e["player"] else "")
                   for e in row["events_removed"]]
        rows.append(f"<tr><td>{row['year']}</td><td>{esc(', '.join(row['events_revealed']) or '-')}</td>"
                    f"<td>{esc(', '.join(removed) or '-')}</td><td>{esc(', '.join(row['story']) or '-')}</td>"
                    f"<td>{esc(', '.join(row['boxes_opened'] + row['frontiers_added']) or '-')}</td></tr>")
    return table(["year", "events revealed", "removed for good", "story cards read", "boxes opened, boards added"], rows)


def _board(status: Mapping[str, Any], frontiers: Sequence[Frontier]) -> str:
    b = status["board"]
    m = grown_map(tuple(frontiers))
    added = {f["id"]: f["game"] for f in b["frontiers"]}
    joined: dict[int, int] = {}  # route id -> the game after (or at) which it joined
    names = {f.id: f.name for f in frontiers}
    for f in frontiers:
        for r in f.routes:
            if r.id in m.route_by_id:  # on the board once both its cities are (LW-F1): the later board's game
                ends = [next((g.id for g in frontiers if c in {x.name for x in g.cities}), None) for c in r.cities]
                joined[r.id] = max(added[x] for x in ends if x is not None)
    last = max(joined.values(), default=1)
    layer = {r.id: joined.get(r.id, 0) / last for r in m.routes}
    tips = {r.id: f"{'-'.join(r.cities)}: " + (f"joined in game {joined[r.id]}" if r.id in joined else "the game-1 board")
            for r in m.routes}
    rows = [f"<tr><td>{esc(f['name'])}</td>{count('added.' + f['id'], f['game'])}<td>{esc(', '.join(f['cities']))}</td></tr>"
            for f in b["frontiers"]]
    text = doc(f"The next game is played on {b['cities']} cities, {b['routes']} routes and {b['tickets']} tickets "
               f"({len(frontiers)} frontier board{'s' if len(frontiers) != 1 else ''} added).")
    if not frontiers:
        return text + doc("The board is still the game-1 board.")
    svg = board_svg(m, [("the game a route joined", layer)], tips, "The board as it stands: each route coloured by "
                    "the game it joined (grey: the game-1 board)", "campaign-board", colour=_ramp, scale="")
    return text + table(["frontier board", "game", "cities"], rows) + svg + doc(
        "Colours run from the game-1 board's routes to those of the last frontier added; "
        + "; ".join(f"{esc(names[f.id])}: game {added[f.id]}" for f in frontiers) + ".")


def _ramp(v: float) -> str:
    """Grey for the game-1 board's routes, then viridis from the first frontier added to the last."""
    return "#bdbdbd" if v <= 0 else viridis(v)


__all__ = ["render"]
