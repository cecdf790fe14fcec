"""The terminal game: the human's seat (a prompt) and bots, in the match loop."""
from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.markup import escape

from ..agents import AGENTS, make_agent
from ..editions import new_game
from ..engine import log
from ..engine.actions import KEEP, TICKETS, Action
from ..engine.game import Game
from ..engine.observer import Observation
from ..errors import IllegalActionError, TtrError
from ..runtime import Match
from .prompt import (
    Resolved,
    explain_probe,
    is_probe,
    make_input,
    match_city,
    option_text,
    resolve,
)
from .render import Context, Renderer


class Quit(Exception):
    """The human left."""


class HumanSeat:
    """The human at the terminal: shows the phase, reads lines until they name a move.
    A move the engine refuses is explained (`refused`) and the prompt asks again."""
    name = "you"

    def __init__(self, session: "Session"):
        self.s = session
        self.retry = False  # the last move was refused: ask again without showing the board again

    def act(self, obs: Observation) -> Action:
        s = self.s
        ctx = s.ctx = Context.of(obs)
        if not self.retry:
            s.show_phase(ctx)
        self.retry = False
        while True:
            res = resolve(s.ask("your move> "), ctx)
            while res.kind == "choose":
                res = s.choose(res, ctx)
            if res.kind == "empty":
                continue
            if res.kind == "meta":
                s.meta(res, ctx)
                continue
            if res.kind == "error":
                s.console.print(f"[yellow]{escape(res.message)}[/]")
                continue
            if res.message:
                s.console.print(f"[dim]{escape(res.message)}[/]")
            return res.action

    def refused(self, action: Action, error: IllegalActionError) -> None:
        ctx = self.s.ctx
        text = explain_probe(ctx, action, str(error)) if ctx is not None and is_probe(action) else str(error)
        self.s.console.print(f"[yellow]{escape(text)}[/]")
        self.retry = True


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


class Session:
    """One game: a human at `seat`, bots (any Seat) elsewhere, played by the match loop.
    `commit(action)` applies a move elsewhere (a campaign's store) to the same game."""

    def __init__(self, game: Game, seat: int, bots: dict[int, object], names: list[str], console: Console,
                 input_fn: Callable[[str], str], commit: Callable[[Action], object] | None = None):
        self.game = game
        self.seat = seat
        self.names = names
        self.console = console
        self.input_fn = input_fn
        self.out = Renderer(console, names)
        self.last: dict[int, str] = {}
        self.ctx: Context | None = None
        self.announced_last_round = False
        self.quit = False
        self.human = HumanSeat(self)
        seats = [self.human if s == seat else bots[s] for s in range(game.num_players)]
        self.match = Match(game, seats, commit=commit, on_move=self.moved, fallback=True, history=True, names=names)
        self._turn: tuple[int, list[str]] | None = None  # a bot's moves this turn, shown once its turn ends
        self._faults_seen = 0

    # -- helpers

    def ask(self, prompt: str) -> str:
        try:
            return self.input_fn(prompt)
        except (EOFError, KeyboardInterrupt):
            raise Quit from None

    def context(self) -> Context:
        self.ctx = Context.of(self.game.observe(self.seat, history=True))
        return self.ctx

    # -- loop

    def run(self) -> "Session":
        g = self.game
        self.console.print(f"[bold]ttr play[/]: {escape(g.map.title)}, {g.num_players} players, seed {g.seed}. "
                           f"You are seat {self.seat}; " + ", ".join(
                               f"seat {s}: {escape(n)}" for s, n in enumerate(self.names) if s != self.seat)
                           + ". Type help for the commands.")
        try:
            while not g.is_over:
                if g.current_player != self.seat and self.console.is_terminal:
                    with self.console.status(f"{self.out.who(g.current_player)} is thinking…"):
                        self.match.step()
                else:
                    self.match.step()
        except (Quit, KeyboardInterrupt):
            self.flush()
            self.quit = True
            self.console.print("Game abandoned.")
            return self
        self.flush()
        self.out.result(self.context(), self.last)
        return self

    def moved(self, match: Match, seat: int, action: Action) -> None:
        """After every move: say it (a bot's moves once its turn is over), and the last round."""
        for _, message in match.faults[self._faults_seen:]:
            self.console.print(f"[red]{escape(message)}; it plays its first legal move instead.[/]")
        self._faults_seen = len(match.faults)
        g = self.game
        entry = g.log[-1] if g.log else None
        words = log.words(entry, g.rules, self.out.who) if entry else str(action)
        if seat == self.seat:
            if action.kind == KEEP:
                words = f"keeps tickets {' '.join(map(str, action.target))}"
            self.flush()
            self.last[seat] = words
            self.console.print(f"[bold]seat {seat} (you):[/] {escape(words)}")
        else:
            if self._turn is None or self._turn[0] != seat:
                self.flush()
                self._turn = (seat, [])
            self._turn[1].append(words)
            if g.current_player != seat or g.is_over:
                self.flush()
        if not self.announced_last_round and g.final_turns >= 0 and not g.is_over:
            self.flush()
            self.announced_last_round = True
            self.console.print("[bold red]Last round:[/] everyone, you included, plays one more turn.")

    def flush(self) -> None:
        if self._turn is not None:
            seat, parts = self._turn
            self._turn = None
            line = ", then ".join(parts)
            self.last[seat] = line
            self.console.print(f"[dim]{escape(self.out.who(seat))}:[/] {escape(line)}")

    def show_phase(self, ctx: Context) -> None:
        ph = ctx.view["phase"]
        if ph == "turn":
            self.out.board(ctx, self.last)
        elif ph == "second-card":
            self.out.table_cards(ctx)
            self.out.hand(ctx)
            stop = " (or stop: take no second card)" if "stop" in ctx.kinds else ""
            self.console.print(f"Take a second card: d <card> or d deck{stop}.")
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

    def choose(self, res: Resolved, ctx: Context) -> Resolved:
        self.console.print(escape(res.message))
        for i, a in enumerate(res.options, 1):
            self.console.print(f"  {i}) {option_text(a)}   [dim]{escape(str(a))}[/]")
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
    game = new_game(map_name, n, seed)
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
