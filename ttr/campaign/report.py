"""The campaign's status as JSON-ready data (what `ttr campaign status` shows)."""
from __future__ import annotations

from dataclasses import asdict

from ..editions.legacy.board import grown_map
from ..editions.legacy.frontier import frontier_from_dict
from .postcards import view as postcard_view
from .state import year


def _event(c, eid: str) -> dict:
    e = c.pack.events[eid]
    return {"id": e.id, "name": e.name, "kind": e.kind, "demo": e.demo}


def status(c, as_player: str | None = None) -> dict:
    """The campaign's status as all players may see it; `as_player` (a name) adds what that player
    alone may see: the secret sides of the postcards they hold (rulebook 199)."""
    snap, box = c._snap, c.box
    viewer = c.player(as_player).company if as_player is not None else None
    caboose = c.caboose
    vault = {p.idx: 0 for p in c.players}  # the slips so far; once finished, the final standings' vaults
    for (_g, p), row in snap.slips.items():
        vault[p] += row["total"]
    if c.phase == "finished":
        final = {r["player"]: r["vault"] for r in c.standings()["ranking"]}
        vault = {p.idx: final[p.name] for p in c.players}
    companies = []
    for p in c.players:
        played = sorted(g for (g, q) in snap.slips if q == p.idx)
        companies.append({
            "player": p.name, "company": p.company,
            "office": {"company_bonus": box.bonus(p.company), "caboose": p.idx == caboose.idx,
                       "money": box.offices.get(p.company, {}).get("money", 0),
                       "cards": box.offices.get(p.company, {}).get("cards", 0),
                       "tickets": box.offices.get(p.company, {}).get("tickets", 0)},
            "vault_items": [{"money": i["money"], "note": i["note"], "game": i["game"]}
                            for i in box.vault_items if i["company"] == p.company],
            "vault": vault[p.idx], "games_played": played,
            "games_absent": sorted(g for g, gone in snap.absences.items() if p.idx in gone),
        })
    names = {p.idx: p.name for p in c.players}
    out = {
        "pack": {"name": c.pack.name, "title": c.pack.title, "demo": c.pack.demo},
        "seed": c.seed, "map": snap.map, "phase": c.phase, "game": c.number, "year": year(c.number),
        "games_done": sum(1 for g in snap.games if g["status"] == "done"),
        "caboose": caboose.name,
        "companies": companies,
        "events": {"box": [_event(c, e) for e in box.events],
                   "removed": [{**_event(c, r["event"]), "game": r["game"], "by": r["by"],
                                "player": names.get(r["player"])} for r in box.removed]},
        "rules": [{**rule, "until_game": box.rule_expiry.get(place)} for place, rule in sorted(box.rules.items())],
        "claim_steps": [{"number": s.number, "kind": s.kind, "label": s.label, "until_game": box.expiry.get(s.number),
                         "icon": s.icon} for s in box.steps],
        "card_icons": [{"icon": i, "card": card, "count": n} for i, card, n in c.pack.card_icons],
        "story": story(c),
        "boxes": boxes(c),
        "board": board(c),
        "postcards": postcard_view(c.pack, box, {p.company: p.name for p in c.players}, viewer),
        "as_player": c.player(as_player).name if as_player is not None else None,
        "arc": arc(c),
        "public_tickets": [{"border": b, "until_game": last} for b, last in sorted(box.public_borders.items())],
        "company_bonus": box.company_bonus,
        "retired_tickets": list(box.retired_tickets),
        "changes": [{"after": a, "note": ch["note"], "demo": ch["demo"]} for a, ch in sorted(snap.changes.items())],
        "current_game": None, "pending": None, "standings": None,
    }
    if c.phase == "ready":
        out["pending"] = {"decision": "start_game", "game": c.number, "year": year(c.number),
                          "trains": c.pack.trains[c.number - 1]}
    elif c.phase == "removal":
        out["pending"] = {"decision": "remove_event", "player": caboose.name,
                          "choices": [_event(c, e) for e in c.pending_removal()]}
    elif c.phase == "playing":
        out["current_game"] = _progress(c)
    else:
        out["standings"] = c.standings()
    return out


def arc(c) -> list[dict]:
    """The campaign's arc, a row per game played: each player's bank slip (money per year), the
    winner, the events revealed and removed, the story read, the boxes opened and the frontier
    boards added (where the world grew), all as far as revealed."""
    snap, box = c._snap, c.box
    names = {p.idx: p.name for p in c.players}
    events = c.pack.events
    boxes_by_id = c.pack.boxes
    companies = {p.company: p.name for p in c.players}
    grown = {f["id"]: f["name"] for f in box.frontiers}
    out = []
    for g in snap.games:
        k = g["game"]
        seats = snap.seats.get(k, [])
        res = g["result"]
        row: dict = {"game": k, "year": g["year"], "over": res is not None,
                     "players": [names[p] for p in seats], "absent": [names[p] for p in snap.absences.get(k, [])],
                     "slips": {names[p]: snap.slips[k, p]["total"] for p in seats if (k, p) in snap.slips},
                     "winner": names[seats[res["winners"][0]]] if res else None,
                     "events_revealed": [events[e].name for e in (g["discard"] or [])]
                     + [events[e].name for e in ((res or {}).get("facts") or {}).get("gone", ())],
                     "events_removed": [{"event": events[r["event"]].name, "by": r["by"],
                                         "player": names.get(r["player"])} for r in box.removed if r["game"] == k],
                     "story": [r["id"] for r in box.read if r["game"] == k],
                     "boxes_opened": [boxes_by_id[b["id"]].name for b in box.opened if b["game"] == k],
                     "frontiers_added": [grown[f["id"]] for f in box.grew if f["game"] == k],
                     "postcards_drawn": [{"number": c.pack.postcards[p["id"]].number,
                                          "holder": companies[p["company"]]} for p in box.postcards if p["game"] == k],
                     "postcards_done": [{"number": c.pack.postcards[p["id"]].number, "holder": companies[p["company"]]}
                                        for p in box.postcards if p["done"] == k]}
        out.append(row)
    return out


def board(c) -> dict:
    """The board the next game is played on (rulebook 451): the game-1 board and the frontier
    boards added, each with its cities and the game it was added after (or at)."""
    frontiers = tuple(frontier_from_dict(f) for f in c.box.frontiers)
    m = grown_map(frontiers)
    added = {g["id"]: g["game"] for g in c.box.grew}
    return {"cities": len(m.cities), "routes": len(m.routes), "tickets": len(m.tickets),
            "frontiers": [{"id": f.id, "name": f.name, "game": added[f.id], "demo": f.demo,
                           "cities": [x.name for x in f.cities]} for f in frontiers]}


def story(c) -> dict:
    """The story as far as it has been read (rulebook 160-162): each card read, both sides, and
    the pause card the reading waits at (its face is up); nothing of the cards below it."""
    box, cards = c.box, {card.id: card for card in c.pack.story}
    read = [{"id": r["id"], "a": cards[r["id"]].a, "b": cards[r["id"]].b, "game": r["game"], "point": r["point"],
             "demo": cards[r["id"]].demo} for r in box.read]
    waiting = cards[box.waiting] if box.waiting else None
    return {"read": read, "ended": box.ended, "left": len(c.pack.story) - box.story_pos,
            "waiting": {"id": waiting.id, "a": waiting.a, "until_game": waiting.until_game, "at": waiting.at}
            if waiting else None}


def boxes(c) -> list[dict]:
    """The frontier boxes and the toolbox: an open one's contents are public (rulebook 190), a
    closed one shows its name alone."""
    opened = {b["id"]: b for b in c.box.opened}
    out = []
    for b in c.pack.boxes.values():
        row = {"id": b.id, "name": b.name, "kind": b.kind, "open": b.id in opened}
        if b.id in opened:
            row |= {"text": b.text, "opened_in": opened[b.id]["game"], "demo": b.demo}
        out.append(row)
    return out


def _progress(c) -> dict:
    g = c.live_game()
    seats = c.seats
    v = g.view(None, legal=False)
    legacy = v["edition"]
    setup = g.replay_options()["setup"]
    cur = legacy["current_event"]
    ev = setup.event(cur["id"]) if cur else None
    return {
        "game": c.number, "year": year(c.number), "seed": g.seed, "actions": g.ply, "turn": g.turn,
        "phase": g.phase, "to_move": seats[g.current_player].name, "last_round": v["last_round"],
        "trains": setup.trains,
        "seats": [{"seat": s, "player": p.name, "company": p.company, "money": legacy["money"][s],
                   "trains_left": v["players"][s]["trains"], "tickets": v["players"][s]["tickets"]}
                  for s, p in enumerate(seats)],
        "absent": [c.players[i].name for i in c._snap.absences.get(c.number, [])],
        "current_event": asdict(ev) if ev else None,
        "event_deck": legacy["event_deck_size"], "event_discard": list(legacy["event_discard"]),
    }


__all__ = ["status"]
