"""What the human sees: card markup, the view-derived context, the board renderer."""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..agents.planner import graph_of
from ..agents.planning import INF
from ..cards import CARD_NAMES
from ..editions import get_edition
from ..engine.actions import (
    CLAIM,
    DECLINE,
    DRAW,
    EXCHANGE,
    HARBOR,
    KEEP,
    KINDS,
    PASS,
    PAY,
    PIECES,
    STATION,
    TICKETS,
    Action,
)
from ..engine.game import Game
from ..engine.ruleset import get_ruleset
from ..lazy import LazySequence
from ..text import result_columns

# ---------------------------------------------------------------- commands

# short and long words of the actions -> action kind
ACTION_WORDS = {
    "d": DRAW, "draw": DRAW,
    "c": CLAIM, "claim": CLAIM,
    "t": TICKETS,
    "k": KEEP, "keep": KEEP,
    "s": STATION, "station": STATION,
    "h": HARBOR, "harbor": HARBOR,
    "p": PAY, "pay": PAY,
    "decline": DECLINE,
    "pass": PASS,
    "pieces": PIECES,
    "exchange": EXCHANGE,
}
# words that show things or leave; `tickets` alone shows your tickets (type `t` to draw new ones)
META_WORDS = {"help": "help", "?": "help", "routes": "routes", "tickets": "tickets", "hand": "hand",
              "board": "board", "legal": "legal", "quit": "quit", "q": "quit", "exit": "quit"}
ALL_WORDS = sorted(set(ACTION_WORDS) | set(META_WORDS))

HELP_ROWS = [
    ("d <card> | d deck", "draw a face-up card (e.g. d red, d loco) or the top of the deck", DRAW),
    ("c <route> [n | cards]", "claim a route by id; n picks the n-th payment, e.g. c 42 or c 42 2", CLAIM),
    ("t", "draw destination tickets", TICKETS),
    ("k <ids> | k all", "keep offered tickets, e.g. k 3 17", KEEP),
    ("s <city> [n | cards]", "build a station, e.g. s Paris", STATION),
    ("h <city> [n | cards]", "build a harbor, e.g. h Lagos", HARBOR),
    ("p [n | list | cards]", "pay the tunnel's extra cards (p alone: the cheapest way)", PAY),
    ("decline", "withdraw from the tunnel, taking your cards back", DECLINE),
    ("pieces <trains> [ships]", "choose your trains and ships", PIECES),
    ("exchange <n> trains-for-ships", "or ships-for-trains: swap pieces with the box", EXCHANGE),
    ("pass", "only when nothing else is legal", PASS),
]
META_HELP = [
    ("board", "the whole table again"), ("hand", "your cards and the face-up cards"),
    ("tickets", "your tickets and how far each is from done (t draws new ones)"),
    ("routes [city]", "the routes you can claim now"),
    ("legal", "every legal action, in canonical text"), ("help", "this list"), ("quit", "leave the game"),
]

PHASE_NAMES = {
    "initial-tickets": "choosing the first tickets", "choose-pieces": "choosing trains and ships",
    "turn": "start of a turn", "second-card": "taking a second card", "tunnel": "paying for a tunnel",
    "keep-tickets": "keeping drawn tickets", "over": "game over",
}

CARD_STYLES = {"purple": "magenta", "blue": "blue", "orange": "dark_orange", "white": "bold white",
               "green": "green", "yellow": "yellow", "black": "bold bright_black", "red": "red",
               "locomotive": "bold cyan", "joker": "bold cyan", "gray": "grey62"}


def card_markup(name: str) -> str:
    style = CARD_STYLES.get(name) or CARD_STYLES.get(name.split("-")[0], "")
    return f"[{style}]{escape(name)}[/]" if style else escape(name)


def cards_markup(cards) -> str:
    """((kind, count), ...) -> '3 red + 1 locomotive' with colours."""
    return " + ".join(f"{n} {card_markup(CARD_NAMES[k])}" for k, n in cards)


def _fold(text: str) -> str:
    """Case- and accent-insensitive form of a name: 'Zürich' -> 'zurich'."""
    return "".join(c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c))


def _is_payment(word: str) -> bool:
    return any(ch.isdigit() for ch in word) and any(ch.isalpha() for ch in word)


# ------------------------------------------------------------ what you see

SORTED_OPTIONS = 500  # payment options up to this many are sorted cheapest first; more keep the engine's order
SHOWN_OPTIONS = 12    # payment options listed at most when asking which one


class PaymentOptions(LazySequence):
    """The actions paying for one target, in the engine's order (for Nordic: fewest cards
    first, then fewest locomotives), without listing them."""
    __slots__ = ("kind", "target", "pays", "_len")

    def __init__(self, kind: str, target, pays):
        self.kind, self.target, self.pays, self._len = kind, target, pays, len(pays)

    def _item(self, i: int) -> Action:
        return Action(self.kind, self.target, self.pays[i])


@dataclass
class Context:
    """What the prompt knows: the human's view, the printed board, and the human's legal actions
    (the view's list; `legal` is passed only when the view had to shorten it)."""
    view: dict
    game_map: object
    legal: list = field(default_factory=list)

    @classmethod
    def of(cls, game: Game, seat: int, view: dict | None = None) -> "Context":
        v = view if view is not None else game.view(seat)
        if v["current_player"] != seat or v["phase"] == "over":
            legal = []
        elif v["legal_action_count"] == len(v["legal_actions"]):
            legal = [Action.from_text(t) for t in v["legal_actions"]]
        else:  # thousands (Nordic N6: up to millions) of ways to pay: the view lists the first ones;
            legal = game.legal_actions()  # these are the seat's own moves, kept lazy
        return cls(v, game.map, legal)

    def __post_init__(self):
        self.edition = get_edition(self.view["map"])
        self.seat = self.view["seat"]
        self.my_turn = bool(self.legal)
        by: dict = {}    # kind -> its actions; claims, stations and harbors: in `paid` (the kind is listed empty)
        paid: dict = {}  # (claim|station|harbor, target) -> its payment options
        segments = getattr(self.legal, "segments", None)
        if segments is None:
            for a in self.legal:
                if a.kind in (CLAIM, STATION, HARBOR):
                    by.setdefault(a.kind, [])
                    paid.setdefault((a.kind, a.target), []).append(a)
                else:
                    by.setdefault(a.kind, []).append(a)
        else:  # a lazy LegalActions: payment options stay lazy per target, the rest are few
            for kind, targets, pays in segments:
                if kind in (CLAIM, STATION, HARBOR):
                    by.setdefault(kind, [])
                    for t in targets:
                        paid[kind, t] = PaymentOptions(kind, t, pays)
                else:
                    by.setdefault(kind, []).extend(Action(kind, t, p) for t in targets for p in pays)
        self.by_kind = by
        for key, opts in paid.items():
            if len(opts) <= SORTED_OPTIONS:
                paid[key] = sorted(opts, key=self.cost)
        self.claims: dict[int, list[Action]] = {t: o for (k, t), o in paid.items() if k == CLAIM}
        self.sites: dict[tuple[str, str], list[Action]] = {key: o for key, o in paid.items() if key[0] != CLAIM}
        self.pays = sorted(by.get(PAY, ()), key=self.cost)

    def cost(self, a: Action) -> tuple:
        """Cheapest first: fewest wild cards, then fewest cards."""
        wild = sum(n for k, n in a.cards if k == self.edition.wild)
        return wild, sum(n for _, n in a.cards), str(a)

    @property
    def kinds(self) -> list[str]:
        return [k for k in KINDS if k in self.by_kind]


def ticket_progress(view: dict, game_map, cities: list[str]) -> int | None:
    """Pieces still needed to connect `cities` in order, on the cheapest path through the seat's own routes
    (free), routes still open to it, and others' routes at its stations (free, assuming the station is used
    there); None if blocked. Uses only public facts: owners, stations and the doubles rule."""
    return ticket_path(view, game_map, cities)[0]


def ticket_path(view: dict, game_map, cities: list[str], cost=None) -> tuple[int | None, set]:
    """(pieces still needed, ids of the unowned routes on that cheapest path); (None, set()) if blocked."""
    cost = cost or open_costs(view, game_map)
    graph = graph_of(game_map)
    total, routes = 0.0, set()
    for src, dst in zip(cities, cities[1:]):
        d, path = graph.shortest(src, dst, cost)
        if d == INF:
            return None, set()
        total += d
        routes |= {r for r in path if cost(r)}
    return int(total), routes


def open_costs(view: dict, game_map):
    """route id -> pieces still to lay for the seat: 0 for its own routes and for others' routes at its
    stations, the length for routes it may still claim, None for the rest (taken, or closed by G1)."""
    seat = view["seat"]
    owners = {int(r): s for r, s in view["routes"].items()}
    closes = get_ruleset(view["map"], view["num_players"]).r_closes  # G1 (Legacy: triples stay open)
    my_stations = {c for c, s in view["stations"].items() if s == seat}
    route = game_map.route_by_id

    def cost(rid: int):
        r = route[rid]
        owner = owners.get(rid, -1)
        if owner == seat:
            return 0
        if owner >= 0:
            return 0 if my_stations & set(r.cities) else None
        twin_owners = [owners.get(t, -1) for t in r.twins]
        if seat in twin_owners or (closes[rid] and any(o >= 0 for o in twin_owners)):
            return None
        return r.length
    return cost


def route_kind(r) -> str:
    if r.kind == "ship":
        return "ship"
    if r.tunnel:
        return "tunnel"
    if r.ferry:
        return f"ferry ({r.locomotives} loco)"
    return "train"


class Renderer:
    """Draws parts of one view on a console."""

    def __init__(self, console: Console, names: list[str]):
        self.console = console
        self.names = names  # per seat: "you" or the bot's name

    def print(self, *args, **kw) -> None:
        self.console.print(*args, **kw)

    def who(self, seat: int) -> str:
        return f"seat {seat} ({self.names[seat]})"

    # -- parts

    def status(self, ctx: Context, last: dict[int, str]) -> None:
        v = ctx.view
        phase = PHASE_NAMES.get(v["phase"], v["phase"])
        mover = "you" if v["current_player"] == ctx.seat else self.who(v["current_player"])
        over = v["phase"] == "over"
        flag = "  [bold red]LAST ROUND[/]" if v["last_round"] and not over else ""
        turn = f"{v['turn']} turns" if over else f"turn {v['turn'] + 1}"
        self.print(f"\n[bold]{escape(ctx.game_map.title)}[/] · {turn} · {escape(phase)}"
                   + ("" if over else f" · to move: {escape(mover)}") + flag)
        t = Table(show_edge=False, pad_edge=False, box=None, header_style="bold")
        rs = "ships" in v["players"][0]
        legacy = v.get("legacy")
        money = "$" if legacy else "score"
        cols = (["", "seat", "player"] + (["company"] if legacy else []) + [money, "trains"] + (["ships"] if rs else [])
                + ["cards", "tickets"])
        if ctx.edition.stations:
            cols.append("stations")
        if ctx.edition.harbors:
            cols.append("harbors")
        cols.append("last action")
        for c in cols:
            t.add_column(c, justify="right" if c in ("score", "$", "trains", "ships", "cards", "tickets") else "left")
        for p in v["players"]:
            s = p["seat"]
            row = ["▶" if s == v["current_player"] and v["phase"] != "over" else "", str(s),
                   "[bold]you[/]" if s == ctx.seat else escape(self.names[s])]
            if legacy:
                row.append(legacy["setup"]["companies"][s])
            row += [str(p["score"]), str(p["trains"])]
            if rs:
                row.append(str(p["ships"]))
            row += [str(p["hand_size"]), str(p["tickets"])]
            if ctx.edition.stations:
                row.append(escape(", ".join(p["stations"])) or "-")
            if ctx.edition.harbors:
                row.append(escape(", ".join(p["harbors"])) or "-")
            row.append(escape(last.get(s, "")))
            t.add_row(*row)
        self.print(t)
        if legacy:
            self.events(legacy)

    def events(self, legacy: dict) -> None:
        """Legacy: the current event, the claim steps in force and the company bonus."""
        ev = legacy["current_event"]
        if ev:
            self.print(f"Current event: [bold]{escape(ev['name'])}[/] ({ev['kind']}): {escape(ev['text'])}")
        else:
            self.print("[dim]No current event yet.[/]")
        steps = "; ".join(f"{s['number']}. {escape(s['label'] or s['kind'])}" for s in legacy["claim_steps"])
        self.print(f"[dim]Claim steps: {steps} · company bonus ${legacy['setup']['company_bonus']} · "
                   f"{legacy['event_deck_size']} event(s) in the deck · year {legacy['setup']['year']}[/]")

    def table_cards(self, ctx: Context) -> None:
        v = ctx.view
        shown = " · ".join(card_markup(c) if c else "[dim](empty)[/]" for c in v["face_up"])
        if len(v["decks"]) > 1:
            piles = ", ".join(f"{n} deck {d['size']}" for n, d in v["decks"].items())
        else:
            piles = f"deck {v['deck_size']}"
        self.print(f"[bold]Face up:[/] {shown}   [dim]({piles} cards, {v['ticket_pile_size']} tickets left)[/]")

    def hand(self, ctx: Context) -> None:
        h = ctx.view["you"]["hand"]
        cards = " · ".join(f"{n} {card_markup(c)}" for c, n in h.items()) or "[dim]no cards[/]"
        you = ctx.view["you"]
        pieces = f"{you['trains']} trains" + (f", {you['ships']} ships" if "ships" in you else "")
        extra = f", {you['stations_left']} stations" if ctx.edition.stations else ""
        extra += f", {you['harbors_left']} harbors" if "harbors_left" in you else ""
        self.print(f"[bold]Your hand ({sum(h.values())}):[/] {cards}   [dim]({pieces}{extra} left)[/]")

    def tickets(self, ctx: Context) -> None:
        you = ctx.view["you"]
        if not you["tickets"]:
            self.print("[bold]Your tickets:[/] none yet")
            return
        self.print("[bold]Your tickets:[/]")
        t = Table(box=None, header_style="dim")
        for c in ("id", "cities", "points", "to go"):
            t.add_column(c, justify="right" if c in ("id", "points") else "left")
        pieces = you["trains"] + you.get("ships", 0)
        for tk in you["tickets"]:
            t.add_row(str(tk["id"]), escape(" – ".join(tk["cities"])) + (" [dim](long)[/]" if tk["long"] else ""),
                      str(tk["points"]), self._to_go(ctx, tk["cities"], pieces))
        self.print(t)

    def _to_go(self, ctx: Context, cities: list[str], pieces: int) -> str:
        need = ticket_progress(ctx.view, ctx.game_map, cities)
        if need is None:
            return "[red]blocked[/]"
        if need == 0:
            return "[green]done[/]"
        unit = "trains" if "ships" not in ctx.view["you"] else "pieces"
        short = f" [red](you have {pieces})[/]" if need > pieces else ""
        return f"[yellow]{need} {unit}[/]{short}"

    def offer(self, ctx: Context) -> None:
        v = ctx.view
        offer = v["you"]["offer"]
        keeps = ctx.by_kind.get(KEEP, [])
        least = min((len(a.target) for a in keeps), default=1)
        self.print(f"[bold]Tickets offered:[/] keep at least {least} (e.g. k {' '.join(map(str, offer[:least]))}, "
                   "or k all)")
        t = Table(box=None, header_style="dim")
        for c in ("id", "cities", "points", "shortest"):
            t.add_column(c, justify="right" if c in ("id", "points") else "left")
        pieces = v["you"]["trains"] + v["you"].get("ships", 0)
        for tid in offer:
            tk = ctx.game_map.ticket(tid)
            t.add_row(str(tid), escape(" – ".join(tk.cities)) + (" [dim](long)[/]" if tk.long else ""),
                      str(tk.points), self._to_go(ctx, list(tk.cities), pieces))
        self.print(t)

    def routes(self, ctx: Context, city: str | None = None, limit: int | None = None) -> None:
        """The claimable routes, one row per route; `limit`: those on your tickets' paths first, at most
        `limit` rows (the board), else all (of `city`)."""
        if not ctx.claims:
            self.print("[dim]No route can be claimed now.[/]")
            return
        useful = self._ticket_routes(ctx)
        rids = [rid for rid in sorted(ctx.claims) if not city or city in ctx.game_map.route(rid).cities]
        if not rids:
            self.print(f"[dim]No claimable route touches {escape(city or '')}.[/]")
            return
        hidden = 0
        if limit is not None and len(rids) > limit:
            best = sorted(rids, key=lambda r: (r not in useful, -ctx.game_map.route(r).length, r))[:limit]
            hidden = len(rids) - len(best)
            rids = sorted(best)
        t = Table(box=None, header_style="dim")
        for c in ("id", "route", "len", "colour", "type", "pts", "ways", "cheapest", "tickets"):
            t.add_column(c, justify="right" if c in ("id", "len", "pts", "ways") else "left")
        for rid in rids:
            r = ctx.game_map.route(rid)
            opts = ctx.claims[rid]
            t.add_row(str(rid), escape(" – ".join(r.cities)), str(r.length), card_markup(r.color), route_kind(r),
                      str(ctx.edition.route_points[r.length]), str(len(opts)), cards_markup(opts[0].cards),
                      " ".join(map(str, useful.get(rid, ()))))
        self.print("[bold]Routes you can claim[/] [dim](c <id>; ways: payment options; tickets: on the cheapest "
                   "path of these tickets)[/]")
        self.print(t)
        if hidden:
            self.print(f"[dim]… and {hidden} more: type routes (or routes <city>) for all.[/]")

    @staticmethod
    def _ticket_routes(ctx: Context) -> dict[int, list[int]]:
        """route id -> your unfinished tickets whose cheapest path uses it."""
        cost = open_costs(ctx.view, ctx.game_map)
        out: dict[int, list[int]] = {}
        for tk in ctx.view["you"]["tickets"]:
            need, path = ticket_path(ctx.view, ctx.game_map, tk["cities"], cost)
            for rid in path:
                out.setdefault(rid, []).append(tk["id"])
        return out

    def tunnel(self, ctx: Context) -> None:
        tu = ctx.view["tunnel"]
        if not tu:
            return
        r = ctx.game_map.route(tu["route"])
        revealed = ", ".join(card_markup(c) for c in tu["revealed"])
        self.print(f"[bold]Tunnel {r.id} ({escape(' – '.join(r.cities))}):[/] revealed {revealed}: "
                   f"[bold]{tu['extra']} more card(s)[/] needed.")
        if ctx.pays:
            for i, a in enumerate(ctx.pays, 1):
                self.print(f"  {i}) {cards_markup(a.cards)}   [dim]p {i}[/]")
            self.print("[dim]p pays the first (cheapest); decline takes your cards back.[/]")
        else:
            self.print("You cannot pay: type [bold]decline[/].")

    def pieces(self, ctx: Context) -> None:
        opts = [a.target for a in ctx.by_kind.get(PIECES, [])]
        if opts:
            lo, hi = min(t for t, _ in opts), max(t for t, _ in opts)
            total = sum(opts[0])
            self.print(f"[bold]Choose your pieces:[/] {total} in all, {lo}-{hi} trains, the rest ships "
                       f"(e.g. pieces {opts[len(opts) // 2][0]} {opts[len(opts) // 2][1]}).")

    def kinds(self, ctx: Context) -> None:
        if ctx.my_turn:
            hints = {DRAW: "d", CLAIM: "c", TICKETS: "t", KEEP: "k", STATION: "s", HARBOR: "h", PAY: "p"}
            kinds = ", ".join(f"{k} ({hints[k]})" if k in hints else k for k in ctx.kinds)
            self.print(f"[dim]You may: {kinds}. Type help for the commands.[/]")

    def board(self, ctx: Context, last: dict[int, str]) -> None:
        self.status(ctx, last)
        self.table_cards(ctx)
        self.hand(ctx)
        self.tickets(ctx)
        if ctx.claims:
            self.routes(ctx, limit=12)

    def help(self, ctx: Context) -> None:
        self.print("[bold]Commands[/] (canonical action texts work too, e.g. claim 42 3red+1locomotive)")
        t = Table(box=None)
        t.add_column("type")
        t.add_column("to")
        legal = set(ctx.kinds)
        for form, what, kind in HELP_ROWS:
            if kind in legal or kind in (DRAW, CLAIM, TICKETS, KEEP, PASS) or kind in self._edition_kinds(ctx):
                mark = "" if kind in legal else " [dim](not now)[/]"
                t.add_row(escape(form), escape(what) + mark)
        for form, what in META_HELP:
            t.add_row(escape(form), escape(what))
        self.print(t)
        if ctx.my_turn:
            self.print(f"Legal now: [bold]{', '.join(ctx.kinds)}[/]. Tab completes commands, cards, route ids "
                       "and cities where the terminal allows.")

    @staticmethod
    def _edition_kinds(ctx: Context) -> set:
        ed = ctx.edition
        out = set()
        if ed.stations:
            out.add(STATION)
        if ed.tunnel_reveal and any(r.tunnel for r in ctx.game_map.routes):
            out |= {PAY, DECLINE}
        if ed.harbors:
            out.add(HARBOR)
        if ed.pieces_total is not None:
            out.add(PIECES)
        if ed.exchange:
            out.add(EXCHANGE)
        return out

    def legal(self, ctx: Context, limit: int = 80) -> None:
        if not ctx.legal:
            self.print("[dim]Nothing to do: it is not your move.[/]")
            return
        shown = ", ".join(escape(str(a)) for a in ctx.legal[:limit])
        more = f" … and {len(ctx.legal) - limit} more" if len(ctx.legal) > limit else ""
        self.print(f"{len(ctx.legal)} legal actions: {shown}{more}")

    def result(self, ctx: Context, last: dict[int, str] | None = None) -> None:
        v = ctx.view
        r = v["result"]
        ed = ctx.edition
        self.status(ctx, last or {})
        t = Table(title=f"Final result: {escape(ctx.game_map.title)}, {v['turn']} turns", title_style="bold")
        cols, rows, legend = result_columns(r, ed)
        for c in ["rank", "seat", "player"] + cols:
            t.add_column(c, justify="left" if c == "player" else "right")
        for s, row in zip(r["ranking"], rows):
            t.add_row(str(r["players"][s]["rank"]), str(s),
                      "[bold]you[/]" if s == ctx.seat else escape(self.names[s]), *row)
        t.caption = escape(legend)
        self.print(t)
        mine = r["players"][ctx.seat]
        for label, ids, style in (("completed", mine["tickets_completed"], "green"),
                                  ("failed", mine["tickets_failed"], "red")):
            if ids:
                names = "; ".join(f"{' – '.join(ctx.game_map.ticket(i).cities)} ({ctx.game_map.ticket(i).points})"
                                  for i in ids)
                self.print(f"Your tickets {label}: [{style}]{escape(names)}[/]")
        winners = r["winners"]
        if ctx.seat in winners:
            self.print("[bold green]You win![/]" if len(winners) == 1 else "[bold green]You share the win.[/]")
        else:
            self.print("[bold]Winner:[/] " + ", ".join(escape(self.who(w)) for w in winners))
