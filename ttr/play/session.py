"""The game loop: bots move, the human is prompted, until the game ends."""
from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.markup import escape

from ..agents import AGENTS, make_agent
from ..cards import cards_text
from ..engine.actions import (
    KEEP,
    TICKETS,
    Action,
)
from ..engine.game import Game
from ..errors import IllegalActionError, TtrError
from ..text import describe
from .prompt import (
    Resolved,
    explain_probe,
    make_input,
    match_city,
    option_text,
    resolve,
)
from .render import SHOWN_OPTIONS, Context, Renderer

# --------------------------------------------------------------- the loop

def resolve_bots(names: list[str], console: Console) -> list[str]:
    """Known bot names, unknown ones replaced by random with a message listing the known ones."""
    out = []
    for n in names:
        if n in AGENTS:
            out.append(n)
        else:
            console.print(f"[yellow]Unknown bot {escape(n)!r}; known: {escape(', '.join(sorted(AGENTS)))}. "
                          "Playing 'random' in its place.[/]")
            out.append("random")
    return out


class Quit(Exception):
    """The human left."""


class Session:
    """One game: a human at `seat`, bots elsewhere."""

    def __init__(self, game: Game, seat: int, bots: dict[int, object], names: list[str], console: Console,
                 input_fn: Callable[[str], str], commit: Callable[[Action], Game] | None = None):
        self.game = game
        self.commit = commit  # applies an action elsewhere (e.g. a campaign's store) and returns the new game
        self.seat = seat
        self.bots = bots
        self.names = names
        self.console = console
        self.input_fn = input_fn
        self.out = Renderer(console, names)
        self.last: dict[int, str] = {}
        self.ctx: Context | None = None
        self.announced_last_round = False
        self.quit = False

    # -- helpers

    def do(self, action: Action) -> None:
        """Apply a move (IllegalActionError: nothing changed)."""
        if self.commit is None:
            self.game.apply(action)
        else:
            self.game = self.commit(action)

    def context(self) -> Context:
        self.ctx = Context.of(self.game, self.seat)
        return self.ctx

    def ask(self, prompt: str) -> str:
        try:
            return self.input_fn(prompt)
        except (EOFError, KeyboardInterrupt):
            raise Quit from None

    # -- loop

    def run(self) -> "Session":
        g = self.game
        self.console.print(f"[bold]ttr play[/]: {escape(g.map.title)}, {g.num_players} players, seed {g.seed}. "
                           f"You are seat {self.seat}; " + ", ".join(
                               f"seat {s}: {escape(n)}" for s, n in enumerate(self.names) if s != self.seat)
                           + ". Type help for the commands.")
        try:
            while not self.game.is_over:
                if self.game.current_player == self.seat:
                    self.human_move()
                else:
                    self.bot_turn(self.game.current_player)
                self.check_last_round()
        except (Quit, KeyboardInterrupt):
            self.quit = True
            self.console.print("Game abandoned.")
            return self
        self.out.result(self.context(), self.last)
        return self

    def check_last_round(self) -> None:
        if not self.announced_last_round and self.game.final_turns >= 0 and not self.game.is_over:
            self.announced_last_round = True
            self.console.print("[bold red]Last round:[/] everyone, you included, plays one more turn.")

    def marks(self) -> tuple[int, int]:
        """Legacy: how many events and money changes there were so far (to report the new ones)."""
        g = self.game
        return (len(g.event_discard), len(g.ledger)) if hasattr(g, "event_discard") else (0, 0)

    def report_news(self, since: tuple[int, int]) -> None:
        """Legacy: events revealed by newspapers and money gained or paid since `since`."""
        g = self.game
        if not hasattr(g, "event_discard"):
            return
        for eid in g.event_discard[since[0]:]:
            ev = g.setup.event(eid)
            self.console.print(f"[bold magenta]Newspaper![/] Event [bold]{escape(ev.name)}[/] ({ev.kind}): "
                               f"{escape(ev.text)}")
        for _, seat, dollars, reason in g.ledger[since[1]:]:
            self.console.print(f"[magenta]  {escape(self.out.who(seat))} {'gains' if dollars > 0 else 'pays'} "
                               f"${abs(dollars)}: {escape(reason)}[/]")

    def bot_turn(self, seat: int) -> None:
        bot = self.bots[seat]
        parts = []
        since = self.marks()
        while self.game.current_player == seat and not self.game.is_over:
            g = self.game
            try:
                if self.console.is_terminal:
                    with self.console.status(f"{self.out.who(seat)} is thinking…"):
                        action = bot.act(g, seat)
                else:
                    action = bot.act(g, seat)
                if action not in g.legal_actions():
                    raise IllegalActionError(f"illegal move {action}")
            except Exception as e:  # noqa: BLE001 - a faulty bot must not end the human's game
                action = g.legal_actions()[0]
                self.console.print(f"[red]{escape(self.out.who(seat))} failed ({escape(str(e))}); "
                                   f"it plays {escape(str(action))}.[/]")
            self.do(action)
            parts.append(describe(self.game, seat, action))
        line = ", then ".join(parts)
        self.last[seat] = line
        self.console.print(f"[dim]{escape(self.out.who(seat))}:[/] {escape(line)}")
        self.report_news(since)

    def show_phase(self, ctx: Context) -> None:
        ph = ctx.view["phase"]
        if ph == "turn":
            self.out.board(ctx, self.last)
        elif ph == "second-card":
            self.out.table_cards(ctx)
            self.out.hand(ctx)
            self.console.print("Take a second card: d <card> or d deck.")
            return
        elif ph in ("initial-tickets", "keep-tickets"):
            if ph == "initial-tickets":
                self.out.status(ctx, self.last)
                self.out.table_cards(ctx)
                self.out.hand(ctx)
            self.out.offer(ctx)
        elif ph == "tunnel":
            self.out.tunnel(ctx)
        elif ph == "choose-pieces":
            self.out.status(ctx, self.last)
            self.out.hand(ctx)
            self.out.tickets(ctx)
            self.out.pieces(ctx)
        self.out.kinds(ctx)

    def human_move(self) -> None:
        """Prompt until one legal action is applied."""
        ctx = self.context()
        self.show_phase(ctx)
        while True:
            line = self.ask("your move> ")
            res = resolve(line, ctx)
            while res.kind == "choose":
                res = self.choose(res, ctx)
            if res.kind == "empty":
                continue
            if res.kind == "meta":
                self.meta(res, ctx)
                continue
            if res.kind == "error":
                self.console.print(f"[yellow]{escape(res.message)}[/]")
                continue
            if res.kind == "probe":
                self.console.print(f"[yellow]{escape(self.explain(res.action))}[/]")
                continue
            if res.message:
                self.console.print(f"[dim]{escape(res.message)}[/]")
            if self.apply(res.action):
                return

    def choose(self, res: Resolved, ctx: Context) -> Resolved:
        self.console.print(escape(res.message))
        n = len(res.options)
        shown = n if n <= SHOWN_OPTIONS + 1 else SHOWN_OPTIONS  # never "... and 1 more"
        for i in range(1, shown + 1):
            a = res.options[i - 1]
            self.console.print(f"  {i}) {option_text(a)}   [dim]{escape(str(a))}[/]")
        if shown < n:
            example = f"{res.command} {cards_text(res.options[shown].cards)}" if res.command else ""
            self.console.print(f"  [dim]… and {n - shown} more: type a number up to {n}"
                               + (f", or the cards, e.g. {escape(example)}" if example else "") + ".[/]")
        while True:
            answer = self.ask(f"which one? [1-{len(res.options)}, Enter to cancel] ").strip()
            if not answer:
                self.console.print("[dim]Cancelled.[/]")
                return Resolved("empty")
            if answer.isdigit():
                i = int(answer)
                if 1 <= i <= len(res.options):
                    return Resolved("action", res.options[i - 1])
                self.console.print(f"[yellow]Choose 1-{len(res.options)}, or press Enter to cancel.[/]")
                continue
            return resolve(answer, ctx)  # another command instead

    def apply(self, action: Action) -> bool:
        since = self.marks()
        try:
            self.do(action)
        except IllegalActionError as e:  # and ActionSyntaxError: nothing changed
            self.console.print(f"[yellow]{escape(str(e))}[/]")
            return False
        line = describe(self.game, self.seat, action)
        if action.kind == KEEP:
            line = f"keeps tickets {' '.join(map(str, action.target))}"
        self.last[self.seat] = line
        self.console.print(f"[bold]seat {self.seat} (you):[/] {escape(line)}")
        self.report_news(since)
        return True

    def explain(self, probe: Action) -> str:
        return explain_probe(self.game, self.ctx or self.context(), probe)

    def meta(self, res: Resolved, ctx: Context) -> None:
        m = res.meta
        if m == "help":
            self.out.help(ctx)
        elif m == "board":
            self.out.board(ctx, self.last)
            self.show_extra(ctx)
        elif m == "hand":
            self.out.table_cards(ctx)
            self.out.hand(ctx)
        elif m == "tickets":
            self.out.tickets(ctx)
            self.show_extra(ctx)
            if TICKETS in ctx.by_kind:
                self.console.print("[dim](To draw new destination tickets, type t.)[/]")
        elif m == "routes":
            city = None
            if res.args:
                city, err = match_city(ctx, " ".join(res.args))
                if city is None:
                    self.console.print(f"[yellow]{escape(err)}[/]")
                    return
            self.out.routes(ctx, city)
        elif m == "legal":
            self.out.legal(ctx)
        elif m == "quit":
            answer = self.ask("Really quit this game? [y/N] ").strip().lower()
            if answer in ("y", "yes"):
                raise Quit
            self.console.print("[dim]Playing on.[/]")

    def show_extra(self, ctx: Context) -> None:
        ph = ctx.view["phase"]
        if ph in ("initial-tickets", "keep-tickets"):
            self.out.offer(ctx)
        elif ph == "tunnel":
            self.out.tunnel(ctx)


def new_session(map_name: str, bots: list[str], seat: int = 0, seed: int = 1,
                input_fn: Callable[[str], str] | None = None, console: Console | None = None) -> Session:
    """Set up a game: the human at `seat`, one bot per name elsewhere (unknown names play random).
    Raises TtrError for a bad map, player count or seat."""
    console = console or Console()
    names = resolve_bots(list(bots), console)
    n = 1 + len(names)
    if not 0 <= seat < n:
        raise TtrError(f"seat {seat} does not exist in a {n}-player game (seats 0-{n - 1})")
    game = Game.new(map_name, n, seed)
    seat_names, agents = [], {}
    it = iter(names)
    for s in range(n):
        if s == seat:
            seat_names.append("you")
        else:
            name = next(it)
            seat_names.append(name)
            agents[s] = make_agent(name, seed * 7919 + s)
    session = Session(game, seat, agents, seat_names, console, input_fn or input)
    if input_fn is None:
        session.input_fn = make_input(lambda: session.ctx, console)
    return session


def run_session(map_name: str, bots: list[str], seat: int = 0, seed: int = 1,
                input_fn: Callable[[str], str] | None = None, console: Console | None = None) -> Session:
    """Play a whole game (or until the human quits or input ends); returns the session (its .game)."""
    return new_session(map_name, bots, seat, seed, input_fn, console).run()
