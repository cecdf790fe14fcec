"""Games to watch: a few games of a run chosen for a designer to see (the longest, the one with the
most lead changes, one in which a flagged ticket failed), played again (a game is a pure
function of its board, players, seed and seat lineup) and written as replay files
(`ttr.formats.replay`) into the report folder's games/, which `ttr replay FOLDER` serves to the
browser's replay viewer; the report links to them there."""
from __future__ import annotations

import json
import shlex
from collections.abc import Sequence
from pathlib import Path

from ..formats import replay as replay_file
from ..maps import Map
from ..runtime import Match
from ..runtime.arena import agent_of, create_agent
from . import html as h
from .board import Board
from .game_stats import leaders
from .records import games_of
from .ticket_stats import HARD, ticket_stats

GAMES = "games"   # the folder of replay files in a report folder
PORT = 8765       # where `ttr replay` listens unless told otherwise


def lead_changes(game: list[dict]) -> int:
    return leaders(list(zip(*(seat["arc"] for seat in game))))[0]


def choose(rows: list[dict], m: Map) -> list[dict]:
    """The games to watch: the longest, the one with most lead changes, and the first game in which
    a flagged ticket (a hard one first) was kept and failed; each {"why": [...], "ticket": id or
    None, "rows": the game's rows}, a game chosen twice listed once."""
    games = games_of(rows)
    picks: list[tuple[str, list[dict], int | None]] = [
        ("the longest game", max(games, key=lambda g: (g[0]["turns"], -g[0]["game"])), None),
        ("the most lead changes", max(games, key=lambda g: (lead_changes(g), -g[0]["game"])), None)]
    flagged = sorted((s for s in ticket_stats(games, m).stats if s.flags),
                     key=lambda s: (HARD not in s.flags, s.ticket.id))
    for s in flagged:
        failed = next((g for g in games for seat in g
                       if s.ticket.id in seat["tickets_kept"] and s.ticket.id not in seat["tickets_done"]), None)
        if failed is not None:
            picks.append((f"flagged ticket {s.label} ({', '.join(s.flags)}) failed", failed, s.ticket.id))
            break
    out: dict[int, dict] = {}
    for why, g, ticket in picks:
        d = out.setdefault(g[0]["game"], {"why": [], "ticket": None, "rows": g})
        d["why"].append(why)
        d["ticket"] = ticket if ticket is not None else d["ticket"]
    return list(out.values())


def play_again(board: Board, game: list[dict]):
    """The game, played again as the run played it (the same agents, seeds and seats), recording;
    None if it does not come out as recorded."""
    first = game[0]
    g = board.new_game(first["players"], first["seed"], record=True)
    seats = [create_agent(agent_of(s["bot"]), first["seed"] * 1000 + s["seat"]) for s in game]
    Match(g, seats).run()
    same = g.turn == first["turns"] and [p["total"] for p in g.result()["players"]] == [s["total"] for s in game]
    return g if same else None


def write_games(rows: list[dict], board: Board, m: Map, out: str | Path, version: str) -> list[dict]:
    """Play the chosen games again and write them into out/games/; what the report shows of each."""
    folder = Path(out) / GAMES
    folder.mkdir(parents=True, exist_ok=True)
    shown = []
    for pick in choose(rows, m):
        game = pick["rows"]
        first = game[0]
        why = "; ".join(pick["why"])
        g = play_again(board, game)
        if g is None:
            continue
        bots = [s["bot"] for s in game]
        d = replay_file.dump(g, bots, board.edition, board.raw(), replay_file.rules_json(board.rules), why,
                             first["game"], version)
        name = f"game-{first['game']}.json"
        (folder / name).write_text(json.dumps(d, separators=(",", ":")) + "\n", encoding="utf-8")
        shown.append({"id": replay_file.replay_id(d), "file": f"{GAMES}/{name}", "why": why, "game": first["game"],
                      "players": first["players"], "seed": first["seed"], "bots": bots, "turns": first["turns"],
                      "lead_changes": lead_changes(game), "ticket": pick["ticket"],
                      "winners": [s["seat"] for s in game if s["win"] > 0]})
    return shown


def section(games: Sequence[dict], folder: str) -> str:
    """The report's list of games to watch, each linked to the replay viewer of `ttr replay`."""
    cmd = f"ttr replay {shlex.quote(folder)}"
    rows = []
    for d in games:
        url = f"http://127.0.0.1:{PORT}/#/replay/{d['id']}"
        k = f"replays.{d['game']}"
        ticket = h.count(f"{k}.ticket", d["ticket"]) if d["ticket"] is not None else h.text("")
        rows.append(h.count(f"{k}.game", d["game"]) + h.text(d["why"]) + h.count(f"{k}.players", d["players"])
                    + h.text(", ".join(d["bots"])) + h.count(f"{k}.seed", d["seed"]) + h.count(f"{k}.turns", d["turns"])
                    + h.count(f"{k}.lead_changes", d["lead_changes"]) + ticket
                    + h.num(f"{k}.won", d["winners"], ", ".join(map(str, d["winners"])))
                    + f'<td style="white-space:nowrap"><a href="{h.esc(url)}" target="_blank" rel="noopener">replay this game</a></td>')
    return (h.doc("A few games to see move by move in the browser's replay viewer. Start its server first, "
                  f"from a terminal: <code>{h.esc(cmd)}</code> (it serves the games written into "
                  f"<code>{GAMES}/</code> beside this report, on port {PORT}; with <code>--port N</code> "
                  "change the port in the address), then follow a link.")
            + h.table(["game", "why", "players", "bots by seat", "seed", "turns", "lead changes", "ticket", "won by seat",
                       "replay"], rows))


__all__ = ["GAMES", "PORT", "choose", "lead_changes", "play_again", "section", "write_games"]
