"""The terminal game: the human's seat (a prompt) and bots, in the match loop."""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping

from rich.console import Console
from rich.markup import escape

from ..agents import AGENTS
from ..cards import CARD_NAMES, cards_text
from ..editions import new_game, player_range
from ..engine import KEEP, TICKETS, Action, Game, LogEntry, Observation, words
from ..errors import IllegalActionError, TtrError
from ..runtime import Match, Seat
from .prompt import (
    Resolved,
    explain_probe,
    is_probe,
    make_input,
    match_city,
    option_text,
    resolve,
)
from .bots import play_bot
from .context import SHOWN_OPTIONS, Context
from .render import Renderer
from .savefile import Saved, dump, read, write


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
            assert res.action is not None, res  # an "action" or a "probe" names one
            return res.action

    def refused(self, action: Action, error: IllegalActionError) -> None:
        ctx = self.s.ctx
        text = explain_probe(ctx, action, str(error)) if ctx is not None and is_probe(action) else str(error)
        self.s.console.print(f"[yellow]{escape(text)}[/]")
        self.retry = True


class Session:
    """One game: a human at `seat`, bots (any Seat) elsewhere, played by the match loop.
    `commit(action)` applies a move elsewhere (a campaign's store) to the same game;
    `save()` is called after every move (and once at the start); `saved_in` says where
    the game is kept, for the question Ctrl-C asks."""

    def __init__(self, game: Game, seat: int, bots: Mapping[int, Seat], names: list[str], console: Console,
                 input_fn: Callable[[str], str], commit: Callable[[Action], object] | None = None,
                 save: Callable[[], object] | None = None, saved_in: str | None = None):
        self.game = game
        self.seat = seat
        self.names = names
        self.console = console
        self.input_fn = input_fn
        self.save = save
        self.saved_in = saved_in
        self.out = Renderer(console, names)
        self.last: dict[int, str] = {}
        self.ctx: Context | None = None
        self.announced_last_round = False
        self.quit = False
        self.human = HumanSeat(self)
        seats: list[Seat | None] = [self.human if s == seat else bots.get(s)  # None: moves from outside
                                    for s in range(game.num_players)]
        self.match = Match(game, seats, commit=commit, on_move=self.moved, fallback=True, names=names)
        self._turn: tuple[int, list[str]] | None = None  # a bot's moves this turn, shown once its turn ends
        self._faults_seen = 0

    # -- helpers

    def ask(self, prompt: str) -> str:
        """A line from the human. End of input quits; Ctrl-C asks first (an empty line if not)."""
        try:
            return self.input_fn(prompt)
        except EOFError:
            raise Quit from None
        except KeyboardInterrupt:
            self.console.print()
            self.confirm_quit()
            return ""

    def confirm_quit(self) -> None:
        """Ask before leaving: raise Quit on yes, Ctrl-C or end of input; otherwise play on."""
        where = f"the game is saved in {self.saved_in}" if self.saved_in else "this game is not saved"
        try:
            answer = self.input_fn(f"Really quit? {where}. [y/N] ").strip().lower()
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            raise Quit from None
        if answer in ("y", "yes"):
            raise Quit
        self.console.print("[dim]Playing on.[/]")

    def context(self) -> Context:
        self.ctx = Context.of(self.game.observe(self.seat))
        return self.ctx

    # -- loop

    def run(self) -> "Session":
        g = self.game
        self.console.print(f"[bold]ttr play[/]: {escape(g.rules.map.title)}, {g.num_players} players, seed {g.seed}. "
                           f"You are seat {self.seat}; " + ", ".join(
                               f"seat {s}: {escape(n)}" for s, n in enumerate(self.names) if s != self.seat)
                           + ". Type help for the commands.")
        if g.actions:
            self.recap()
        if self.save is not None:
            self.save()
        while not g.is_over:
            try:
                try:
                    self.step()
                except KeyboardInterrupt:  # Ctrl-C while a bot thinks: nothing was played
                    self.flush()
                    self.console.print()
                    self.confirm_quit()
            except Quit:
                self.flush()
                self.quit = True
                self.console.print("Game abandoned" + (f"; it is saved in {escape(self.saved_in)}." if self.saved_in
                                                       else "."), soft_wrap=True)  # a path is never broken
                return self
        self.flush()
        self.out.result(self.context(), self.last)
        return self

    def step(self) -> None:
        g = self.game
        if g.current_player != self.seat and self.console.is_terminal:
            with self.console.status(f"{self.out.who(g.current_player)} is thinking…"):
                self.match.step()
        else:
            self.match.step()

    def recap(self) -> None:
        """A resumed game: each seat's last move, from the public log."""
        g = self.game
        for e in g.log or ():
            self.last[e["seat"]] = words(e, g.actions[e["ply"]], g.rules, self.out.who)
            if any(ev["event"] == "last-round" for ev in e.get("events", [])):
                self.announced_last_round = True
        self.console.print(f"Resumed after {g.ply} actions (turn {g.turn + 1})."
                           + (" [bold red]Last round.[/]" if self.announced_last_round else ""))

    def moved(self, match: Match, seat: int, action: Action) -> None:
        """After every move: say it (a bot's moves once its turn is over), and the last round."""
        for _, message in match.faults[self._faults_seen:]:
            self.console.print(f"[red]{escape(message)}; it plays its first legal move instead.[/]")
        self._faults_seen = len(match.faults)
        if self.save is not None:
            self.save()
        g = self.game
        entry = g.log[-1] if g.log else None
        said = words(entry, action, g.rules, self.out.who) if entry else str(action)
        if seat == self.seat:
            if action.kind == KEEP:
                said = f"keeps tickets {' '.join(map(str, action.target))}"
            said = self._name_drawn(entry, action, said)
            self.flush()
            self.last[seat] = said
            self.console.print(f"[bold]seat {seat} (you):[/] {escape(said)}")
        else:
            if self._turn is None or self._turn[0] != seat:
                self.flush()
                self._turn = (seat, [])
            self._turn[1].append(said)
            if g.current_player != seat or g.is_over:
                self.flush()
        last_round = entry is not None and any(e["event"] == "last-round" for e in entry.get("events", []))
        if not self.announced_last_round and last_round and not g.is_over:
            self.flush()
            self.announced_last_round = True
            self.console.print("[bold red]Last round:[/] everyone, you included, plays one more turn.")

    def _name_drawn(self, entry: LogEntry | None, action: Action, words: str) -> str:
        """Your move drew cards (a Legacy claim step): name them, as your hand shows them."""
        events = entry.get("events", []) if entry is not None else []
        draws = [ev for ev in events if ev["event"] == "card" and ev.get("seat") == self.seat]
        if not draws or self.ctx is None:
            return words
        before = Counter(self.ctx.view["you"]["hand"])
        before.subtract({CARD_NAMES[k]: n for k, n in action.cards})
        gained = Counter(self.game.view(self.seat, legal=False)["you"]["hand"])  # type: ignore[index]  # a seat's view has `you`
        gained.subtract(before)
        cards = sorted(c for c, n in gained.items() for _ in range(max(n, 0)))
        if len(cards) != len(draws):  # not certain which: say nothing more
            return words
        for ev, card in zip(draws, cards):
            said = f"{self.out.who(self.seat)} draws a card ({ev['reason']})"
            words = words.replace(said, f"{said}: {card}", 1)
        return words

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
            self.confirm_quit()

    def show_extra(self, ctx: Context) -> None:
        ph = ctx.view["phase"]
        if ph in ("initial-tickets", "keep-tickets"):
            self.out.offer(ctx)
        elif ph == "tunnel":
            self.out.tunnel(ctx)


def new_session(map_name: str, bots: list[str], seat: int = 0, seed: int = 1,
                input_fn: Callable[[str], str] | None = None, console: Console | None = None,
                save_to: str | None = None) -> Session:
    """Set up a game: the human at `seat`, one bot per name elsewhere, in seat order.
    `save_to`: a file the game is saved in after every move (see savefile.py).
    Raises TtrError for an unknown bot, a bad map, player count or seat."""
    unknown = [b for b in bots if b not in AGENTS]
    if unknown:
        raise TtrError(f"unknown bot {unknown[0]!r}; known: {', '.join(sorted(AGENTS))}")
    n = 1 + len(bots)
    if n not in player_range(map_name):
        r = player_range(map_name)
        raise TtrError(f"{map_name} is for {r.start}-{r.stop - 1} players, not {n}")
    if not 0 <= seat < n:
        raise TtrError(f"seat {seat} does not exist in a {n}-player game (seats 0-{n - 1})")
    it = iter(bots)
    by_seat = {s: next(it) for s in range(n) if s != seat}
    saved = Saved(new_game(map_name, n, seed), seat, by_seat, [by_seat.get(s, "you") for s in range(n)])
    return _session(saved, input_fn, console, save_to)


def resume_session(path: str, input_fn: Callable[[str], str] | None = None,
                   console: Console | None = None) -> Session:
    """The game saved in `path`, to play on (and saved there after every move).
    Raises PlaySaveError (a TtrError) naming the problem with the file."""
    return _session(read(path), input_fn, console, path)


def _session(saved: Saved, input_fn, console: Console | None, save_to: str | None) -> Session:
    console = console or Console()
    g, seat = saved.game, saved.seat
    agents = {s: play_bot(name, g.seed, s) for s, name in saved.bots.items()}
    def save() -> None:
        assert save_to is not None  # passed to the session only then (below)
        write(save_to, dump(g, seat, saved.bots, saved.names))

    session = Session(g, seat, agents, saved.names, console, input_fn or input,
                      save=save if save_to is not None else None, saved_in=save_to)
    if input_fn is None:
        session.input_fn = make_input(lambda: session.ctx, console)
    return session


def run_session(map_name: str, bots: list[str], seat: int = 0, seed: int = 1,
                input_fn: Callable[[str], str] | None = None, console: Console | None = None,
                save_to: str | None = None) -> Session:
    """Play a whole game (or until the human quits or input ends); returns the session (its .game)."""
    return new_session(map_name, bots, seat, seed, input_fn, console, save_to).run()
