"""`ttr campaign`: the 12-game Legacy campaign (Legends of the West), kept in an SQLite file."""
from __future__ import annotations

import json
import random
from pathlib import Path

import click
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
)

from ..campaign import Campaign, CampaignError, play
from ..campaign.play import bot_names, terminal_game
from ..campaign.report import status as campaign_status
from ..campaign.packcheck import check_pack_games
from ..campaign.state import check_players
from ..editions.legacy.content import ContentError
from ..editions.legacy.frontier import frontier_from_dict
from ..editions.legacy.pack import load_pack
from ..errors import TtrError
from . import campaign_screen as screen
from .options import bots_option


@click.group("campaign")
def command() -> None:
    """The 12-game Legacy campaign of Legends of the West (1865-1898), saved in an SQLite file
    after every action: new, play, status, remove, check-pack."""


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
            out = screen.console()
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
    out = screen.console()
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
                out.print(f"Resuming game {c.number} ({c.year}) after {c.live_game().ply} actions.")
                if away:
                    out.print("[dim](--absent applies to the games this command starts; the game in progress "
                              "keeps its players.)[/]")
            with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                          console=out, transient=True, disable=not out.is_terminal) as bar:
                done = sum(1 for g in c._snap.games if g["status"] != "playing")
                task = bar.add_task("campaign", total=12, completed=done)

                def moved(c, seat, action):
                    if c.phase == "playing":
                        bar.update(task, description=f"game {c.number} ({c.year}), turn {c.live_game().turn + 1}")

                def ended(c, k):
                    bar.advance(task)
                    screen.ended(out, c, k)

                me = _named(c, human, "'--human'").idx if human else None
                if me is not None:
                    bar.stop()
                play(c, bots, games=games, absent=away, on_start=lambda c: screen.started(out, c), on_action=moved,
                     on_end=ended, on_removal=lambda c, e: screen.removed(out, c, e), human=me,
                     human_game=None if me is None else (lambda c: terminal_game(c, me, bot_names(c, bots), out)),
                     choose_removal=lambda c: _ask_removal(out, c))
            if c.phase == "finished":
                screen.standings(out, c.standings())
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
            out = screen.console()
            out.print(f"{escape(who)} removes the event {escape(c.pack.events[event].name)} for good.")
            screen.change(out, c, c._snap.games[-1]["game"])
    except TtrError as e:
        raise click.ClickException(str(e)) from None


@command.command("check-pack")
@click.argument("pack")
def check_pack_cmd(pack: str) -> None:
    """Check the content pack PACK (a shipped pack's name or a pack file) as a campaign would use
    it: the file, then the setup of every game, 1 to 12, for 2 to 5 players."""
    try:
        p = load_pack(pack)
        check_pack_games(p)
    except (ContentError, CampaignError) as e:
        raise click.ClickException(str(e)) from None
    screen.console().print(f"Content pack {escape(p.name)} ({escape(p.title)}): every game, 1 to 12, sets up "
                           f"for 2 to 5 players{'; demo content' if p.demo else ''}.")


@command.command("update-pack")
@click.argument("file", type=click.Path(dir_okay=False))
@click.argument("pack")
def update_pack_cmd(file: str, pack: str) -> None:
    """Between games, replace the content pack of the campaign in FILE with PACK (a pack file or a
    shipped pack's name) that corrects or adds content: cards entered as the box reveals them.
    The story read so far must begin PACK's story; the old pack is kept in FILE."""
    try:
        with Campaign.open(file) as c:
            k = c.update_pack(pack)
            p = c.pack
    except TtrError as e:
        raise click.ClickException(str(e)) from None
    screen.console().print(f"Content pack {escape(p.name)} ({escape(p.title)}) plays from game {k} on: "
                           f"{len(p.story)} story cards, {len(p.boxes)} boxes, {len(p.events)} events.")


@command.command("report")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--out", "out", type=click.Path(dir_okay=False), default="campaign.html", show_default=True,
              help="the HTML file to write")
def report_cmd(file: str, out: str) -> None:
    """Write the arc of the campaign in FILE as an HTML page (the analytics extra): money per player
    per year, the events, the story and the boxes, and where the board grew; only what the campaign
    has revealed."""
    try:
        with Campaign.open(file, lock=False) as c:
            s = campaign_status(c)
            companies = {p.name: p.company for p in c.players}
            frontiers = [frontier_from_dict(f) for f in c.box.frontiers]
    except TtrError as e:
        raise click.ClickException(str(e)) from None
    from ..analytics.campaign_report import render
    Path(out).write_text(render(s, companies, frontiers, f"Campaign {Path(file).name}"), encoding="utf-8")
    click.echo(f"Wrote {out}")


@command.command("status")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="print the status as JSON")
@click.option("--plot", "plot", type=click.Path(dir_okay=False), default=None,
              help="also draw the campaign's arc (slips and vaults per year) to this PNG file (the analytics extra)")
def status_cmd(file: str, as_json: bool, plot: str | None) -> None:
    """Where the campaign in FILE stands: game and year, caboose, offices and vaults, events,
    claim steps, the story and the boxes, the campaign so far, the game in progress, a pending
    decision, the final standings."""
    try:
        with Campaign.open(file, lock=False) as c:
            s = campaign_status(c)
            companies = {p.name: p.company for p in c.players}
    except TtrError as e:
        raise click.ClickException(str(e)) from None
    if plot:
        from ..analytics.campaign_plot import plot_arc
        plot_arc(s["arc"], companies, plot, title=f"Campaign {file}: pack {s['pack']['name']}")
    if as_json:
        click.echo(json.dumps(s, indent=2))
        return
    screen.print_status(screen.console(), file, s)
