"""What the human sees: the board, tables and questions, drawn from the context."""
from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from ..engine import (
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
    STOP,
    ActionKind,
    CardTarget,
    CityTarget,
    NoTarget,
    PiecesTarget,
    RouteTarget,
    TicketsTarget,
)
from ..text import plural
from .context import (
    Context,
    card_markup,
    cards_markup,
    claim_gain,
    command_word,
    offered_kinds,
    open_costs,
    route_kind,
    short_cards,
    ticket_path,
    ticket_progress,
)
from .results import result_columns
from .tables import Col, fit_table

BOARD_ROUTES = (3, 12)  # routes shown at the start of a turn, fewest and most (routes shows them all)
BOARD_TICKETS = 4  # more tickets than this: the finished ones on one line
DONE = "[green]done[/]"

# The terminal's own short forms where the kind's `syntax` is long (the prompt reads exchanges as
# canonical text)
HELP_FORMS = {EXCHANGE: "exchange <n> trains-for-ships"}
# The terminal's own words for what some commands do, where they say more than the kind's
# summary (examples, the prompt's options); every other kind is described by its `summary`.
HELP_WORDS = {
    DRAW: "draw a face-up card (e.g. d red, d loco) or the top of the deck",
    CLAIM: "claim a route by id; n picks the n-th payment, e.g. c 42 or c 42 2",
    KEEP: "keep offered tickets, e.g. k 3 17",
    STATION: "build a station, e.g. s Paris",
    HARBOR: "build a harbor, e.g. h Lagos",
    PAY: "pay the tunnel's extra cards (p alone: the cheapest way)",
    DECLINE: "withdraw from the tunnel, taking your cards back",
    STOP: "take no second card (Rails & Sails)",
    EXCHANGE: "or ships-for-trains: swap pieces with the box",
    PASS: "only when nothing else is legal",
}


def help_form(kind: ActionKind) -> str:
    """How to type a kind at the prompt: its word, then what the prompt reads for its target
    (prompt.parser); a target the prompt reads as canonical text: the kind's `syntax`."""
    w = kind.short or kind.name
    t = kind.target
    if isinstance(t, CardTarget):
        return f"{w} <card> | {w} deck"
    if isinstance(t, RouteTarget):
        return f"{w} <route> [n | cards]" if kind.paid else f"{w} <route>"
    if isinstance(t, CityTarget):
        return f"{w} <city> [n | cards]" if kind.paid else f"{w} <city>"
    if isinstance(t, TicketsTarget):
        return f"{w} <ids> | {w} all"
    if isinstance(t, PiecesTarget):
        return f"{w} <trains> [ships]"
    if type(t) is NoTarget:
        return f"{w} [n | list | cards]" if kind.paid else w
    return kind.syntax or w


def help_rows() -> list[tuple[str, str, str]]:
    """(how to type it, what it does, the kind) for every kind of action, in the kinds' order."""
    kinds = sorted(KINDS.values(), key=lambda k: k.order)
    return [(HELP_FORMS.get(k.name) or help_form(k), HELP_WORDS.get(k.name) or k.summary, k.name) for k in kinds]

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


class Renderer:
    """Draws parts of one view on a console."""

    def __init__(self, console: Console, names: list[str]):
        self.console = console
        self.names = names  # per seat: "you" or the bot's name
        self.lines = 0

    def print(self, *args, **kw) -> None:
        """Print, counting the lines it takes (`self.lines`: the board fits them to the screen)."""
        for x in args:
            shown = Text.from_markup(x) if isinstance(x, str) else x
            self.lines += len(self.console.render_lines(shown, self.console.options, pad=False))
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
        if v["phase"] == "turn":  # the start of a turn: whose
            phase = "your turn" if mover == "you" else f"{mover} to move"
        elif not over:
            phase += f" · to move: {mover}"
        self.print(f"\n[bold]{escape(ctx.game_map.title)}[/] · {turn} · {escape(phase)}" + flag)
        rs = "ships" in v["players"][0]
        legacy = v.get("edition")
        cols = [Col(""), Col("seat", "right"), Col("player", most=20)] + ([Col("co.")] if legacy else [])
        cols += [Col("$" if legacy else "score", "right"), Col("trains", "right")]
        cols += [Col("ships", "right")] if rs else []
        cols += [Col("cards", "right"), Col("tkts", "right")]
        cols += [Col("stations", most=16)] if ctx.edition.stations else []
        cols += [Col("harbors", most=16)] if ctx.edition.harbors else []
        cols.append(Col("last action", flex=True))
        rows = []
        for p in v["players"]:
            s = p["seat"]
            row = ["▶" if s == v["current_player"] and not over else "", str(s),
                   "[bold]you[/]" if s == ctx.seat else escape(self.names[s])]
            if legacy:
                row.append(legacy["setup"]["companies"][s])
            row += [str(p["score"]), str(p["trains"])] + ([str(p["ships"])] if rs else [])
            row += [str(p["hand_size"]), str(p["tickets"])]
            if ctx.edition.stations:
                row.append(escape(", ".join(p["stations"])) or "-")
            if ctx.edition.harbors:
                row.append(escape(", ".join(p["harbors"])) or "-")
            row.append(escape(last.get(s, "").split("; ")[0]))  # the move; what followed was said with it
            rows.append(row)
        self.print(fit_table(self.console, cols, rows, header_style="bold"))
        if legacy:
            self.events(ctx, legacy)

    def events(self, ctx: Context, legacy: dict) -> None:
        """Legacy: the current event, the claim steps in force and the company bonus."""
        ev = legacy["current_event"]
        if ev:
            self.print(f"Current event: [bold]{escape(ev['name'])}[/] ({ev['kind']}): {escape(ev['text'])}")
        else:
            self.print("[dim]No current event yet.[/]")
        if legacy.get("shown_tickets"):  # rulebook 465: held face up
            by_id = ctx.game_map.ticket_by_id
            self.print("Tickets held face up: " + "; ".join(
                f"{'you' if seat == ctx.seat else escape(self.who(seat))}: {escape('-'.join(by_id[t].cities))} "
                f"(${by_id[t].points})" for seat, t in legacy["shown_tickets"]))
        steps = ", ".join(f"{s['number']} {escape(s['label'] or s['kind'])}"
                          + (f" (per {s['icon']} card spent)" if s.get("icon") else "") for s in legacy["claim_steps"])
        self.print(f"[dim]Claim steps: {steps} · company bonus ${legacy['setup']['company_bonus']} · "
                   f"{plural(legacy['event_deck_size'], 'event')} to come · {legacy['setup']['year']}[/]")

    def table_cards(self, ctx: Context) -> None:
        v = ctx.view
        icons = (v.get("edition") or {}).get("icons") or {}  # Legacy: the card icons, where a rule counts them
        marks = icons.get("face_up") or [None] * len(v["face_up"])
        shown = " · ".join((card_markup(c) + (escape(f" [{m}]") if m else "")) if c else "[dim](empty)[/]"
                           for c, m in zip(v["face_up"], marks))
        if len(v["decks"]) > 1:
            piles = ", ".join(f"{n} deck {d['size']}" for n, d in v["decks"].items())
        else:
            piles = f"deck {v['deck_size']}"
        self.print(f"[bold]Face up:[/] {shown}  [dim]({piles}, {plural(v['ticket_pile_size'], 'ticket')})[/]")

    def hand(self, ctx: Context) -> None:
        h = ctx.view["you"]["hand"]
        icons = (ctx.view.get("edition") or {}).get("icons")  # Legacy: its own marked cards, where a rule counts them
        mine = (icons["hands"][ctx.seat] or {}) if icons else {}
        cards = " · ".join(f"{n} {card_markup(c)}" + (" (" + ", ".join(f"{k} with a {i}" for i, k in mine[c].items())
                                                     + ")" if c in mine else "")
                           for c, n in h.items()) or "[dim]no cards[/]"
        you = ctx.view["you"]
        pieces = f"{you['trains']} trains" + (f", {you['ships']} ships" if "ships" in you else "")
        extra = f", {you['stations_left']} stations" if ctx.edition.stations else ""
        extra += f", {you['harbors_left']} harbors" if "harbors_left" in you else ""
        self.print(f"[bold]Your hand ({sum(h.values())}):[/] {cards}  [dim]({pieces}{extra} left)[/]")

    def tickets(self, ctx: Context, fold: int | None = None) -> None:
        """Your tickets and how far each is; with `fold`, more than `fold` tickets show the finished
        ones on one line."""
        you = ctx.view["you"]
        if not you["tickets"]:
            self.print("[bold]Your tickets:[/] none yet")
            return
        pieces = you["trains"] + you.get("ships", 0)
        rows, done = [], []
        for tk in you["tickets"]:
            to_go = self._to_go(ctx, tk["cities"], pieces)
            if fold is not None and len(you["tickets"]) > fold and to_go == DONE:
                done.append(str(tk["id"]))
                continue
            rows.append([str(tk["id"]), self._cities(tk["cities"], tk["long"]), str(tk["points"]), to_go])
        if done:
            rows.append(["", f"[green]done: {', '.join(done)}[/]", "", ""])
        self.print(fit_table(self.console, [Col("tkt", "right"), Col("your tickets", flex=True),
                                            Col("pts", "right"), Col("to go")], rows))

    @staticmethod
    def _cities(cities, long: bool) -> str:
        return escape(" – ".join(cities)) + (" [dim](long)[/]" if long else "")

    def _to_go(self, ctx: Context, cities: list[str], pieces: int) -> str:
        need = ticket_progress(ctx.view, ctx.rules, cities)
        if need is None:
            return "[red]blocked[/]"
        if need == 0:
            return DONE
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
        pieces = v["you"]["trains"] + v["you"].get("ships", 0)
        rows = []
        for tid in offer:
            tk = ctx.game_map.ticket(tid)
            rows.append([str(tid), self._cities(tk.cities, tk.long), str(tk.points),
                         self._to_go(ctx, list(tk.cities), pieces)])
        self.print(fit_table(self.console, [Col("id", "right"), Col("cities", flex=True), Col("pts", "right"),
                                            Col("shortest")], rows))

    def routes(self, ctx: Context, city: str | None = None, limit: int | None = None) -> None:
        """The claimable routes, one line each; `limit`: those on your tickets' paths first, at most
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
        legacy = ctx.view.get("edition") is not None  # claims pay by the claim steps, not in points
        rows = []
        for rid in rids:
            r = ctx.game_map.route(rid)
            opts = ctx.claims[rid]
            value = claim_gain(ctx, r) if legacy else str(ctx.edition.route_points[r.length])
            rows.append([str(rid), escape("–".join(r.cities)), f"{r.length} {card_markup(r.color)} {route_kind(r)}",
                         value, short_cards(opts[0].cards), str(len(opts)), " ".join(map(str, useful.get(rid, ())))])
        cols = [Col("id", "right"), Col("route", flex=True), Col("what"), Col("gain" if legacy else "pts", "right"),
                Col("cheapest", most=22), Col("ways", "right"), Col("tkts")]  # the id always shows
        shown = f"{len(rids)} of {len(rids) + hidden}; routes: all" if hidden else "c <id> claims"
        self.print(f"[bold]Routes you can claim[/] [dim]({shown}; tkts: tickets served)[/]")
        self.print(fit_table(self.console, cols, rows))

    @staticmethod
    def _ticket_routes(ctx: Context) -> dict[int, list[int]]:
        """route id -> your unfinished tickets whose cheapest path uses it."""
        cost = open_costs(ctx.view, ctx.rules)
        out: dict[int, list[int]] = {}
        for tk in ctx.view["you"]["tickets"]:
            need, path = ticket_path(ctx.view, ctx.rules, tk["cities"], cost)
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
                   f"[bold]{plural(tu['extra'], 'more card', 'more cards')}[/] needed.")
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
            kinds = ", ".join(f"{k} ({command_word(k)})" if command_word(k) != k else k for k in ctx.kinds)
            self.print(f"[dim]You may: {kinds}. help lists the commands.[/]")

    def board(self, ctx: Context, last: dict[int, str]) -> None:
        """The start of a turn, on one screen: as many routes as the terminal's height leaves room
        for (a 24-line terminal included), at least a few."""
        self.lines = 0
        self.status(ctx, last)
        self.table_cards(ctx)
        self.hand(ctx)
        self.tickets(ctx, fold=BOARD_TICKETS)
        if ctx.claims:  # below the routes: their title and header, "You may", the prompt
            room = self.console.height - self.lines - 4
            self.routes(ctx, limit=max(BOARD_ROUTES[0], min(BOARD_ROUTES[1], room)))

    def help(self, ctx: Context) -> None:
        self.print("[bold]Commands[/] (canonical action texts work too, e.g. claim 42 3red+1locomotive)")
        t = Table(box=None)
        t.add_column("type")
        t.add_column("to")
        legal = set(ctx.kinds)
        board = set(offered_kinds(ctx.rules))  # the kinds this board has (a kind it never offers is left out)
        for form, what, kind in help_rows():
            if kind in legal or kind in board:
                mark = "" if kind in legal else " [dim](not now)[/]"
                t.add_row(escape(form), escape(what) + mark)
        for form, what in META_HELP:
            t.add_row(escape(form), escape(what))
        self.print(t)
        if ctx.my_turn:
            self.print(f"Legal now: [bold]{', '.join(ctx.kinds)}[/]. Tab completes commands, cards, route ids "
                       "and cities where the terminal allows.")

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
        self.print(f"\n[bold]Final result: {escape(ctx.game_map.title)}, {v['turn']} turns[/]")
        cols, rows, legend = result_columns(r, ed)
        table = [[str(r["players"][s]["rank"]), str(s), "[bold]you[/]" if s == ctx.seat else escape(self.names[s]),
                  *row] for s, row in zip(r["ranking"], rows)]
        self.print(fit_table(self.console, [Col("rank", "right"), Col("seat", "right"), Col("player", flex=True)]
                             + [Col(c, "right") for c in cols], table, header_style="bold"))
        self.print(f"[dim]{escape(legend)}[/]")
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
