"""`ttr campaign`: the 12-game Legacy campaign (Legends of the West), kept in an SQLite file."""
from __future__ import annotations

import json
import random

import click
from rich import box
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table

from ..campaign import Campaign, CampaignError, play
from ..campaign.play import bot_names, terminal_game
from ..campaign.report import status as campaign_status
from ..campaign.state import check_players
from ..errors import TtrError
from .options import bots_option


def _console() -> Console:
    return Console(highlight=False, soft_wrap=True)


@click.group("campaign")
def command() -> None:
    """The 12-game Legacy campaign of Legends of the West (1865-1898), saved in an SQLite file
    after every action: new, play, status, remove."""


def _players(ctx, param, values: tuple[str, ...]) -> list[tuple[str, str]]:
    out = []
    for v in values:
        name, sep, colour = v.rpartition(":")
        if not sep or not name.strip() or not colour.strip():
            raise click.BadParameter(f"{v!r}: write NAME:COLOUR, e.g. Ann:blue")
        out.append((name.strip(), colour.strip()))
    try:
        check_players(out)
    except CampaignError as e:
        raise click.BadParameter(str(e)) from None
    return out


@command.command("new")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--player", "players", multiple=True, required=True, callback=_players,
              help="NAME:COLOUR, once per player (2-5), clockwise; colours: blue, black, red, yellow, green")
@click.option("--pack", default="demo", show_default=True, help="content pack: a shipped pack's name or a pack file "
              "(its JSON is copied into the campaign)")
@click.option("--seed", type=int, default=None, help="campaign seed (default: a random one, shown)")
def new(file: str, players: list[tuple[str, str]], pack: str, seed: int | None) -> None:
    """Start a campaign in FILE (a new file)."""
    if seed is None:
        seed = random.SystemRandom().randrange(2 ** 31)
    try:
        with Campaign.create(file, players, pack=pack, seed=seed) as c:
            out = _console()
            out.print(f"Campaign {escape(file)}: {len(c.players)} players, pack {escape(c.pack.name)}"
                      f"{' (demo content)' if c.pack.demo else ''}, seed {seed}.")
            out.print("Companies: " + ", ".join(f"{escape(p.name)} ({p.company})" for p in c.players)
                      + f". The caboose goes to {escape(c.caboose.name)}, who starts game 1 (1865).")
    except TtrError as e:
        raise click.ClickException(str(e)) from None


@command.command("play")
@click.argument("file", type=click.Path(dir_okay=False))
@bots_option(help="comma-separated bot names, cycled over the players in campaign order")
@click.option("--games", type=click.IntRange(1), default=None, help="games to finish (default: all that remain)")
@click.option("--absent", "absent", multiple=True,
              help="a player away from the games this command starts (repeat, or NAME,NAME)")
@click.option("--sync/--no-sync", default=True, show_default=True,
              help="wait for the disk after each action; --no-sync is faster and a crashed process still "
                   "loses nothing, but a power cut may lose the last moves")
@click.option("--human", default=None, metavar="NAME",
              help="this player is you: play their seat at the terminal prompt (as in ttr play); "
                   "bots play the others")
def play_cmd(file: str, bots: list[str], games: int | None, absent: tuple[str, ...], sync: bool,
             human: str | None) -> None:
    """Play the campaign in FILE: an unfinished game first, then new games. Bots play every seat,
    except the --human player's."""
    away = [a.strip() for v in absent for a in v.split(",") if a.strip()]
    out = _console()
    try:
        with Campaign.open(file, durable=sync) as c:
            if c.phase == "finished":
                raise click.ClickException(f"{file}: the campaign is finished (all 12 games played); "
                                           f"see `ttr campaign status {file}`")
            gone = {_named(c, a, "'--absent'").idx for a in away}
            if len(c.players) - len(gone) < 2:
                raise click.BadParameter(f"at least 2 players must play a game; with {', '.join(away)} absent "
                                         f"{len(c.players) - len(gone)} would be present", param_hint="'--absent'")
            if c.phase == "playing":
                out.print(f"Resuming game {c.number} ({c.year}) after {len(c.game.actions)} actions.")
                if away:
                    out.print("[dim](--absent applies to the games this command starts; the game in progress "
                              "keeps its players.)[/]")
            with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                          console=out, transient=True, disable=not out.is_terminal) as bar:
                done = sum(1 for g in c._snap.games if g["status"] != "playing")
                task = bar.add_task("campaign", total=12, completed=done)

                def moved(c, seat, action):
                    if c.phase == "playing":
                        bar.update(task, description=f"game {c.number} ({c.year}), turn {c.live_game().turns + 1}")

                def ended(c, k):
                    bar.advance(task)
                    _ended(out, c, k)

                me = _named(c, human, "'--human'").idx if human else None
                if me is not None:
                    bar.stop()
                play(c, bots, games=games, absent=away, on_start=lambda c: _started(out, c), on_action=moved,
                     on_end=ended, on_removal=lambda c, e: _removed(out, c, e), human=me,
                     human_game=lambda c: terminal_game(c, me, bot_names(c, bots), out),
                     choose_removal=lambda c: _ask_removal(out, c))
            if c.phase == "finished":
                _standings(out, c.standings())
            else:
                out.print(f"Next: game {c.number} ({c.year}). Continue with `ttr campaign play {escape(file)}`.")
    except TtrError as e:
        raise click.ClickException(str(e)) from None


def _named(c: Campaign, name: str, hint: str):
    """A player of the campaign named on the command line (a usage error if there is none)."""
    try:
        return c.player(name)
    except CampaignError as e:
        raise click.BadParameter(str(e), param_hint=hint) from None


def _ask_removal(out: Console, c: Campaign) -> str:
    """You hold the caboose: choose the event to remove for good (a number or an id)."""
    choices = c.pending_removal()
    out.print("You hold the caboose: remove one event of this game's event discard for good.")
    for i, eid in enumerate(choices, 1):
        ev = c.pack.events[eid]
        out.print(f"  {i}. {escape(ev.name)} ({ev.kind}): {escape(ev.text)}")
    while True:
        try:
            answer = input(f"remove which event? [1-{len(choices)}] ").strip()
        except (EOFError, KeyboardInterrupt):
            raise click.ClickException("no event chosen; the removal is still pending "
                                       "(`ttr campaign remove` or play on)") from None
        if answer.isdigit() and 1 <= int(answer) <= len(choices):
            return choices[int(answer) - 1]
        if answer in choices:
            return answer
        out.print(f"[yellow]Type a number from 1 to {len(choices)} or an event id.[/]")


def _started(out: Console, c: Campaign) -> None:
    gone = [c.players[i].name for i in c._snap.absences.get(c.number, [])]
    seats = ", ".join(f"{escape(p.name)} ({p.company})" for p in c.seats)
    out.print(f"[bold]Game {c.number} ({c.year})[/]: {seats}; {c.pack.trains[c.number - 1]} trains each"
              + (f"; absent: {escape(', '.join(gone))}" if gone else "") + ".")


def _ended(out: Console, c: Campaign, k: int) -> None:
    row = c._snap.games[k - 1]
    res = row["result"]
    t = Table(title=f"Game {k} ({row['year']}): bank slips", box=box.SIMPLE_HEAD, show_edge=False)
    for col in ("rank", "player", "company", "money", "trains bonus", "tickets", "slip"):
        t.add_column(col, justify="left" if col in ("player", "company") else "right")
    seats = c._snap.seats[k]
    for s in res["ranking"]:
        p = res["players"][s]
        who = c.players[seats[s]]
        t.add_row(str(p["rank"]), escape(who.name), who.company, str(p["money_held"]),
                  str(p["remaining_trains_bonus"]), f"{p['ticket_points']:+d}", f"${p['total']}")
    out.print(t)
    last = c.players[seats[res["last_place"]]]
    out.print(f"The caboose goes to {escape(last.name)} (last place).")
    if not row["discard"]:
        out.print("[dim]No event was revealed: nothing to remove.[/]")
    _change(out, c, k)


def _removed(out: Console, c: Campaign, eid: str) -> None:
    out.print(f"{escape(c.caboose.name)} removes the event {escape(c.pack.events[eid].name)} for good.")
    _change(out, c, c._snap.games[-1]["game"])


def _change(out: Console, c: Campaign, k: int) -> None:
    ch = c._snap.changes.get(k)
    if ch and c._snap.games[k - 1]["status"] == "done":
        out.print(f"Between games: {escape(ch['note'] or 'content changes')}"
                  + (" [dim](demo content)[/]" if ch["demo"] else ""))


def _standings(out: Console, s: dict) -> None:
    t = Table(title="Final standings" if s["final"] else "Vaults so far", box=box.SIMPLE_HEAD, show_edge=False)
    t.add_column("rank", justify="right")
    t.add_column("player")
    t.add_column("company")
    for g in range(1, 13):
        t.add_column(str(1862 + 3 * g), justify="right")
    t.add_column("vault", justify="right")
    for r in s["ranking"]:
        cells = []
        for x in r["games"]:
            cells.append("" if x is None else f"{x['slip']}{'*' if x['absent'] else ''}")
        t.add_row(str(r["rank"]), escape(r["player"]), r["company"], *cells, f"${r['vault']}")
    out.print(t)
    if any(x and x["absent"] for r in s["ranking"] for x in r["games"]):
        out.print("[dim]*: absent, paid by the pack's rule for absent players[/]")
    if s["final"]:
        out.print("[bold]Winner:[/] " + ", ".join(escape(w) for w in s["winners"]))


@command.command("remove")
@click.argument("file", type=click.Path(dir_okay=False))
@click.argument("event")
def remove_cmd(file: str, event: str) -> None:
    """The caboose holder removes EVENT (an id from the last game's event discard) for good
    (`play` lets a bot choose instead)."""
    try:
        with Campaign.open(file) as c:
            who = c.caboose.name
            c.remove_event(event)
            out = _console()
            out.print(f"{escape(who)} removes the event {escape(c.pack.events[event].name)} for good.")
            _change(out, c, c._snap.games[-1]["game"])
    except TtrError as e:
        raise click.ClickException(str(e)) from None


@command.command("status")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="print the status as JSON")
def status_cmd(file: str, as_json: bool) -> None:
    """Where the campaign in FILE stands: game and year, caboose, offices and vaults, events,
    claim steps, the game in progress, a pending decision, the final standings."""
    try:
        with Campaign.open(file) as c:
            s = campaign_status(c)
    except TtrError as e:
        raise click.ClickException(str(e)) from None
    if as_json:
        click.echo(json.dumps(s, indent=2))
        return
    _print_status(_console(), file, s)


def _print_status(out: Console, file: str, s: dict) -> None:
    pack = s["pack"]
    out.print(f"[bold]Campaign {escape(file)}[/]: pack {escape(pack['name'])}"
              f"{' (demo content, not the printed cards)' if pack['demo'] else ''}, seed {s['seed']}.")
    phase = {"ready": "not started yet", "playing": "in progress", "removal": "over; an event removal is pending",
             "finished": "the last game; the campaign is finished"}[s["phase"]]
    out.print(f"Game {s['game']} of 12 ({s['year']}): {phase}. {s['games_done']} game(s) done. "
              f"Caboose: {escape(s['caboose'])}.")
    t = Table(title="Companies", box=box.SIMPLE_HEAD, show_edge=False)
    for col in ("player", "company", "office", "vault so far", "played", "absent"):
        t.add_column(col, justify="right" if col in ("vault so far", "played") else "left")
    for co in s["companies"]:
        office = f"bonus card ${co['office']['company_bonus']}" + (", caboose" if co["office"]["caboose"] else "")
        t.add_row(escape(co["player"]), co["company"], office, f"${co['vault']}", str(len(co["games_played"])),
                  ", ".join(map(str, co["games_absent"])) or "-")
    out.print(t)
    ev = s["events"]
    out.print(f"Event box ({len(ev['box'])}): " + (", ".join(escape(e["name"]) for e in ev["box"]) or "empty"))
    if ev["removed"]:
        out.print("Removed for good: " + "; ".join(
            f"{escape(e['name'])} (after game {e['game']}, "
            f"{'by ' + escape(e['player']) if e['by'] == 'caboose' else 'by the pack'})" for e in ev["removed"]))
    out.print("Claim steps: " + ", ".join(f"{x['number']} {escape(x['label'] or x['kind'])}" for x in s["claim_steps"])
              + f"; company bonus ${s['company_bonus']}.")
    if s["retired_tickets"]:
        out.print(f"Retired tickets: {', '.join(map(str, s['retired_tickets']))}")
    cur = s["current_game"]
    if cur:
        cev = cur["current_event"]
        out.print(f"[bold]Game in progress[/]: turn {cur['turn'] + 1}, {cur['actions']} actions, "
                  f"{escape(cur['to_move'])} to move{' (last round)' if cur['last_round'] else ''}; "
                  f"current event: {escape(cev['name']) if cev else 'none'}, {cur['event_deck']} event(s) in the deck.")
        g = Table(box=box.SIMPLE_HEAD, show_edge=False)
        for col in ("seat", "player", "company", "money", "trains left", "tickets"):
            g.add_column(col, justify="left" if col in ("player", "company") else "right")
        for x in cur["seats"]:
            g.add_row(str(x["seat"]), escape(x["player"]), x["company"], f"${x['money']}", str(x["trains_left"]),
                      str(x["tickets"]))
        out.print(g)
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
        _standings(out, s["standings"])
