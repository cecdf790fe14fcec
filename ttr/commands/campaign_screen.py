"""What `ttr campaign` prints: games starting and ending, removals, the status and the
standings, readable at 80 columns (names and sums are never cut; the year-by-year
table turns on its side when it is too wide)."""
from __future__ import annotations

from rich.console import Console
from rich.markup import escape

from ..campaign import Campaign
from ..campaign.state import GAMES, year
from ..editions.legacy.content import PLAY_PLACES
from ..play.tables import Col, fit_table, natural_width
from ..text import plural


BY = {"event": "the event itself", "pack": "the pack", "story": "the story"}  # who removed an event for good


def console() -> Console:
    return Console(highlight=False)  # a screen laid out for 80 columns, piped too (docs/cli.md)


def started(out: Console, c: Campaign) -> None:
    gone = [c.players[i].name for i in c._snap.absences.get(c.number, [])]
    seats = ", ".join(f"{escape(p.name)} ({p.company})" for p in c.seats)
    story(out, c, c.number, "setup")
    out.print(f"[bold]Game {c.number} ({c.year})[/]: {seats}; {c.pack.trains[c.number - 1]} trains each"
              + (f"; absent: {escape(', '.join(gone))}" if gone else "") + ".")


def story(out: Console, c: Campaign, k: int, point: str) -> None:
    """The story cards read at `point` of game `k`, both sides, and what they did."""
    record = c._snap.readings.get((k, point))
    if not record:
        return
    cards = {card.id: card for card in c.pack.story}
    for cid in record["cards"]:
        card = cards[cid]
        out.print(f"[bold]Story {escape(cid)}[/]: {escape(card.a)}" + (f" / {escape(card.b)}" if card.b else ""))
    names = {p.company: p.name for p in c.players}
    for order in record["orders"]:
        for drawn in order.get("postcards", ()):  # the public side, read aloud (rulebook 199)
            pc = c.pack.postcards[drawn["id"]]
            out.print(f"  {escape(names.get(drawn['company'], drawn['company']))} draws postcard {pc.number}: "
                      f"{escape(pc.public)}")
        if order["open_box"]:
            b = c.pack.boxes[order["open_box"]]
            out.print(f"Opened: {escape(b.name)}. {escape(b.text)}")
        elif order["note"]:
            out.print(f"  {escape(order['note'])}")
    if record["waiting"] and record["cards"]:  # newly reached (not the same pause again)
        out.print(f"[dim]The story waits at {escape(record['waiting'])}: {escape(cards[record['waiting']].a)}[/]")


def ended(out: Console, c: Campaign, k: int) -> None:
    row = c._snap.games[k - 1]
    res = row["result"]
    seats = c._snap.seats[k]
    rows = []
    for s in res["ranking"]:
        p = res["players"][s]
        who = c.players[seats[s]]
        rows.append([str(p["rank"]), escape(who.name), who.company, str(p["money_held"]),
                     str(p["remaining_trains_bonus"]), f"{p['ticket_points']:+d}", f"${p['total']}"])
    cols = [Col("rank", "right"), Col("player"), Col("company"), Col("money", "right"), Col("trains", "right"),
            Col("tickets", "right"), Col("slip", "right")]
    out.print(fit_table(out, cols, rows, title=f"Game {k} ({row['year']}): bank slips", header_style="bold"))
    last = c.players[seats[res["last_place"]]]
    out.print(f"The caboose goes to {escape(last.name)} (last place).")
    if not row["discard"]:
        out.print("[dim]No event was revealed: nothing to remove.[/]")
    change(out, c, k)


def removed(out: Console, c: Campaign, eid: str) -> None:
    out.print(f"{escape(c.caboose.name)} removes the event {escape(c.pack.events[eid].name)} for good.")
    change(out, c, c._snap.games[-1]["game"])


def change(out: Console, c: Campaign, k: int) -> None:
    ch = c._snap.changes.get(k)
    if ch and c._snap.games[k - 1]["status"] == "done":
        out.print(f"Between games: {escape(ch['note'] or 'content changes')}"
                  + (" [dim](demo content)[/]" if ch["demo"] else ""))
    if c._snap.games[k - 1]["status"] == "done":
        story(out, c, k, "end")


def standings(out: Console, s: dict) -> None:
    """The vaults, ranked, with each game's slip: one row per player when that fits the width,
    else the vaults first and the slips with one row per game."""
    title = "Final standings" if s["final"] else "Vaults so far"
    ranking = s["ranking"]

    def slip(x) -> str:
        return "" if x is None else f"{x['slip']}{'*' if x['absent'] else ''}"

    years = [f"'{year(g) % 100:02d}" for g in range(1, GAMES + 1)]
    cols = ([Col("rank", "right"), Col("player"), Col("company")] + [Col(y, "right") for y in years]
            + [Col("vault", "right")])
    rows = [[str(r["rank"]), escape(r["player"]), r["company"], *map(slip, r["games"]), f"${r['vault']}"]
            for r in ranking]
    if natural_width(cols, rows) <= out.width:
        out.print(fit_table(out, cols, rows, title=title, header_style="bold"))
    else:
        vaults = [[str(r["rank"]), escape(r["player"]), r["company"], f"${r['vault']}"] for r in ranking]
        out.print(fit_table(out, [Col("rank", "right"), Col("player"), Col("company"), Col("vault", "right")],
                            vaults, title=title, header_style="bold"))
        played = [g for g in range(GAMES) if any(r["games"][g] for r in ranking)]
        if played:
            room = max(6, (out.width - 4 - len(ranking)) // len(ranking))  # a year, then the players
            by_game = [[str(year(g + 1))] + [slip(r["games"][g]) for r in ranking] for g in played]
            out.print(fit_table(out, [Col("year")] + [Col(r["player"], "right", most=room) for r in ranking],
                                by_game, title="Bank slips by game", header_style="bold"))
    if any(r.get("items") for r in ranking):
        out.print("Vaults include what their items are worth: " + ", ".join(
            f"{escape(r['player'])} ${r['items']}" for r in ranking if r.get("items")) + ".")
    if any(x and x["absent"] for r in ranking for x in r["games"]):
        out.print("[dim]*: absent, paid by the pack's rule for absent players[/]")
    if s["final"]:
        out.print("[bold]Winner:[/] " + ", ".join(escape(w) for w in s["winners"]))


def gift_words(g: dict) -> str:
    """What an offer or an action gives: "$4 and 2 cards"."""
    return " and ".join(x for x in (f"${g['money']}" if g.get("money") else "",
                                    plural(g["draw"], "card") if g.get("draw") else "",
                                    plural(g["tickets"], "ticket") if g.get("tickets") else "") if x)


def play_rule_words(r: dict) -> str:
    """A rule of play (Q-V) in words: its offer on claims and its action."""
    parts = []
    if r.get("extra"):
        parts.append(f"an extra wild card on a claim for {gift_words(r['extra'])}")
    if r.get("trade"):
        t = r["trade"]
        parts.append(f"as a turn, {plural(t['cards'], (t['color'] + ' ' if t['color'] else '') + 'card')} "
                     f"for {gift_words(t)}")
    return "; ".join(parts)


def rule_words(r: dict) -> str:
    """A rule sticker in words: where it is, who gets what, until when."""
    until = f" (until game {r['until_game']})" if r["until_game"] else ""
    if r["place"] in PLAY_PLACES:
        return (f"rule {r['place']}{' ' + escape(r['label']) if r['label'] else ''}: {escape(r['to'])} may take "
                f"{escape(play_rule_words(r))}{until}")
    setup = len(r["place"]) == 1  # A-E; else end-4, end-5, end-7
    gives = " and ".join(x for x in (f"${r['money']}" if r["money"] else "",
                                     plural(r["cards"], "card") if r["cards"] else "") if x)
    what = f"starts with {gives}" if setup else f"puts {gives} in the vault"
    where = f"set-up {r['place']}" if setup else f"end step {r['place'][4:]}"
    return f"{where}{' ' + escape(r['label']) if r['label'] else ''}: {escape(r['to'])} {what}{until}"


def arc(out: Console, rows: list[dict]) -> None:
    """The campaign so far, a line per game over (wrapped, never cut): its winner and slip, the
    events it revealed and removed, the story cards read, the boxes opened and the board's growth."""
    done = [r for r in rows if r["over"]]
    if not done:
        return
    out.print("[bold]The campaign so far[/]")
    for r in done:
        gone = [e["event"] + (" (by itself)" if e["by"] == "event" else "") for e in r["events_removed"]]
        parts = [f"{escape(r['winner'])} won (${r['slips'][r['winner']]})",
                 plural(len(r["events_revealed"]), "event") + (f", removed {escape(', '.join(gone))}" if gone else "")]
        if r["story"]:
            parts.append(f"story: {plural(len(r['story']), 'card')}")
        parts += [f"opened {escape(b)}" for b in r["boxes_opened"]]
        if r["frontiers_added"]:
            parts.append("the board grew: " + escape(", ".join(r["frontiers_added"])))
        if r.get("postcards_done"):
            parts.append("postcards met: " + ", ".join(f"{x['number']} ({escape(x['holder'])})"
                                                       for x in r["postcards_done"]))
        out.print(f"  {r['year']}: " + "; ".join(parts) + ".")


def postcards(out: Console, pc: dict) -> None:
    """The postcards drawn: number, holder, public side; the secret side once met or to its holder."""
    if not pc["drawn"]:
        return
    out.print(f"[bold]Postcards[/] ({pc['left']} left in the post office)")
    for x in pc["drawn"]:
        state = f"met in game {x['done']}" if x["done"] else "not met yet"
        line = f"  {x['number']} ({escape(x['holder'] or x['company'])}, {state}): {escape(x['public'])}"
        if x["secret"] is not None:
            r = x["reward"]
            office = " and ".join(w for w in (f"${r['money']}" if r["money"] else "",
                                              plural(r["cards"], "card") if r["cards"] else "",
                                              plural(r["tickets"], "ticket") if r["tickets"] else "") if w)
            gives = ", ".join(w for w in (f"{office} in the office" if office else "",
                                          f"${r['vault']} in the vault" if r["vault"] else "") if w)
            line += f" [dim]Secret: {escape(x['secret'])} (ttr reads: {escape(x['condition'])}; reward: {gives})[/]"
        out.print(line)


def print_status(out: Console, file: str, s: dict) -> None:
    pack = s["pack"]
    out.print(f"[bold]Campaign {escape(file)}[/]: pack {escape(pack['name'])}"
              f"{' (demo content, not the printed cards)' if pack['demo'] else ''}, seed {s['seed']}.")
    phase = {"ready": "not started yet", "playing": "in progress", "removal": "over; an event removal is pending",
             "finished": "the last game; the campaign is finished"}[s["phase"]]
    out.print(f"Game {s['game']} of 12 ({s['year']}): {phase}. {plural(s['games_done'], 'game')} done. "
              f"Caboose: {escape(s['caboose'])}.")
    rows = [[escape(co["player"]), co["company"], f"${co['vault']}", str(len(co["games_played"])),
             ", ".join(map(str, co["games_absent"])) or "-", "caboose" if co["office"]["caboose"] else ""]
            for co in s["companies"]]
    cols = [Col("player"), Col("company"), Col("vault", "right"), Col("played", "right"), Col("absent"),
            Col("office")]
    out.print(fit_table(out, cols, rows, title="Companies", header_style="bold"))
    offices = [f"{escape(co['player'])} " + " and ".join(
        x for x in (f"${co['office']['money']}" if co["office"]["money"] else "",
                    plural(co["office"]["cards"], "card") if co["office"]["cards"] else "",
                    plural(co["office"].get("tickets", 0), "ticket") if co["office"].get("tickets") else "") if x)
        for co in s["companies"] if co["office"]["money"] or co["office"]["cards"] or co["office"].get("tickets")]
    if offices:
        out.print("In the offices, for the next set-up: " + "; ".join(offices) + ".")
    items = [f"{escape(co['player'])} " + ", ".join(f"${i['money']} ({escape(i['note'])})" if i["note"] else f"${i['money']}"
                                                    for i in co["vault_items"]) for co in s["companies"] if co["vault_items"]]
    if items:
        out.print("In the vaults, counted at the end: " + "; ".join(items) + ".")
    ev = s["events"]
    out.print(f"Event box ({len(ev['box'])}): " + (", ".join(escape(e["name"]) for e in ev["box"]) or "empty"))
    if ev["removed"]:
        out.print("Removed for good: " + "; ".join(
            f"{escape(e['name'])} (after game {e['game']}, "
            f"{'by ' + escape(e['player']) if e['by'] == 'caboose' else 'by ' + BY.get(e['by'], e['by'])})"
            for e in ev["removed"]))
    out.print("Claim steps: " + ", ".join(f"{x['number']} {escape(x['label'] or x['kind'])}"
                                          + (f" (per card with a {x['icon']} spent)" if x.get("icon") else "")
                                          + (f" (until game {x['until_game']})" if x["until_game"] else "")
                                          for x in s["claim_steps"])
              + f"; company bonus ${s['company_bonus']} (each office's bonus card).")
    if s.get("card_icons"):
        out.print("Train cards with icons: " + ", ".join(f"{x['count']} {x['card']} with a {x['icon']}"
                                                         for x in s["card_icons"]) + ".")
    if s["rules"]:
        out.print("Rule stickers: " + "; ".join(map(rule_words, s["rules"])) + ".")
    if s["public_tickets"]:
        out.print("Tickets held face up: " + ", ".join(
            f"{escape(t['border'])} borders" + (f" (until game {t['until_game']})" if t["until_game"] else "")
            for t in s["public_tickets"]) + ".")
    if s["retired_tickets"]:
        out.print(f"Retired tickets: {', '.join(map(str, s['retired_tickets']))}")
    st = s["story"]
    wait = st["waiting"]
    out.print(f"Story: {plural(len(st['read']), 'card')} read"
              + (f", the last {escape(st['read'][-1]['id'])}" if st["read"] else "")
              + ("; the story is over." if st["ended"] else
                 f"; waiting at {escape(wait['id'])} ({escape(wait['a'])})." if wait else "."))
    postcards(out, s["postcards"])
    if s["boxes"]:
        out.print("Boxes: " + "; ".join(f"{escape(b['name'])}: " + (f"opened in game {b['opened_in']}"
                                                                     if b["open"] else "closed")
                                        for b in s["boxes"]))
    b = s["board"]
    out.print(f"Board: {plural(b['cities'], 'city', 'cities')}, {plural(b['routes'], 'route')}, "
              f"{plural(b['tickets'], 'ticket')}"
              + ("; frontier boards: " + "; ".join(f"{escape(f['name'])} (game {f['game']})" for f in b["frontiers"])
                 if b["frontiers"] else " (the game-1 board)") + ".")
    arc(out, s["arc"])
    cur = s["current_game"]
    if cur:
        cev = cur["current_event"]
        out.print(f"[bold]Game in progress[/]: turn {cur['turn'] + 1}, {cur['actions']} actions, "
                  f"{escape(cur['to_move'])} to move{' (last round)' if cur['last_round'] else ''}; "
                  f"current event: {escape(cev['name']) if cev else 'none'}, {plural(cur['event_deck'], 'event')} in the deck.")
        rows = [[str(x["seat"]), escape(x["player"]), x["company"], f"${x['money']}", str(x["trains_left"]),
                 str(x["tickets"])] for x in cur["seats"]]
        cols = [Col("seat", "right"), Col("player"), Col("company"), Col("money", "right"), Col("trains", "right"),
                Col("tickets", "right")]
        out.print(fit_table(out, cols, rows, header_style="bold"))
        if cur["absent"]:
            out.print(f"Absent: {escape(', '.join(cur['absent']))}")
    pend = s["pending"]
    if pend and pend["decision"] == "remove_event":
        out.print(f"[bold]Pending:[/] {escape(pend['player'])} (caboose) removes one event for good: "
                  + ", ".join(f"{escape(e['name'])} (id {escape(e['id'])})" for e in pend["choices"])
                  + f". [dim](ttr campaign remove {escape(file)} ID; or `play` lets the bot choose)[/]")
    elif pend:
        out.print(f"Next: game {pend['game']} ({pend['year']}), {pend['trains']} trains each.")
    if s["standings"]:
        standings(out, s["standings"])


__all__ = ["arc", "postcards", "change", "console", "ended", "print_status", "removed", "standings", "started", "story"]
