"""`ttr play`: a human at the prompt against bots (ttr/play/, ttr/commands/play.py)."""
from __future__ import annotations

import io
import random
import re

import pytest
from click.testing import CliRunner
from rich.console import Console

import ttr
from ttr.cards import CARD_INDEX, CARD_NAMES
from ttr.cli import main
from ttr.engine import (
    CLAIM,
    DECK,
    DRAW,
    KEEP,
    PASS,
    PAY,
    STATION,
    TICKETS,
    Action,
    Game,
)

from ttr.play import (
    Context,
    Renderer,
    completions,
    new_session,
    resolve,
    ticket_progress,
)


def console() -> Console:
    return Console(file=io.StringIO(), width=140, color_system=None, highlight=False)


def text(c: Console) -> str:
    return c.file.getvalue()


def to_turn(g: Game) -> Game:
    while g.phase != "turn":
        g.apply(g.legal_actions()[-1])  # keep every offered ticket
    return g


# ------------------------------------------------------------------ parser

@pytest.fixture(scope="module")
def usa():
    """USA, 2 players, seed 5, at seat 0's first turn: hand orange, yellow, black, locomotive;
    face up red, yellow, purple, red, locomotive."""
    g = to_turn(ttr.new_game("usa", 2, 5))
    v = g.view(0)
    assert g.current_player == 0 and v["you"]["hand"] == {"orange": 1, "yellow": 1, "black": 1, "locomotive": 1}
    assert v["face_up"] == ["red", "yellow", "purple", "red", "locomotive"]
    return g


def act(line: str, ctx: Context) -> Action:
    res = resolve(line, ctx)
    assert res.kind == "action", (line, res)
    return res.action


@pytest.mark.parametrize("line, expected", [
    ("d red", "draw red"), ("draw red", "draw red"), ("d r", "draw red"), ("D RED", "draw red"),
    ("d loco", "draw locomotive"), ("d l", "draw locomotive"), ("d wild", "draw locomotive"),
    ("d p", "draw purple"), ("d y", "draw yellow"), ("d deck", "draw deck"), ("d d", "draw deck"),
    ("draw deck", "draw deck"), ("d blue", "draw blue"),  # not face up: the engine will say so
    ("t", "tickets"), ("draw tickets", "tickets"), ("pass", "pass"), ("decline", "decline"),
    ("k 3 17", "keep 3 17"), ("keep 17 3", "keep 3 17"),
    ("c 78", "claim 78 1orange+1locomotive"),          # one way to pay: applies directly
    ("c 3 2", "claim 3 1orange"), ("c 3 4", "claim 3 1locomotive"), ("c 3 1locomotive", "claim 3 1locomotive"),
    ("claim 42 3red+1locomotive", "claim 42 3red+1locomotive"),  # canonical text, checked by the engine
    ("station Denver 2blue", "station Denver 2blue"), ("s denver 2blue", "station Denver 2blue"),
])
def test_short_forms_resolve_to_actions(usa, line, expected):
    ctx = Context.of(usa.observe(0))
    assert str(act(line, ctx)) == expected


def test_several_payments_are_offered_cheapest_first(usa):
    ctx = Context.of(usa.observe(0))
    res = resolve("c 3", ctx)
    assert res.kind == "choose"
    assert [str(a) for a in res.options] == ["claim 3 1black", "claim 3 1orange", "claim 3 1yellow",
                                             "claim 3 1locomotive"]
    assert set(res.options) == {a for a in usa.legal_actions() if a.kind == CLAIM and a.target == 3}


@pytest.mark.parametrize("line, words", [
    ("dwar red", ["Unknown command", "draw"]), ("xyz", ["Unknown command", "help"]),
    ("d b", ["could be", "blue", "black"]), ("d qq", ["Unknown card", "deck"]), ("d", ["d <card>"]),
    ("c", ["route id"]), ("c abc", ["must be a number"]), ("c 999", ["no route 999"]),
    ("c 3 9", ["1-4"]), ("k", ["k <ticket ids>"]), ("pass now", ["no arguments"]),
    ("c 3 3bogus", ["bad cards"]),
])
def test_typos_get_a_hint(usa, line, words):
    res = resolve(line, Context.of(usa.observe(0)))
    assert res.kind == "error", res
    for w in words:
        assert w in res.message, (w, res.message)


def test_meta_commands(usa):
    ctx = Context.of(usa.observe(0))
    for line, meta in [("help", "help"), ("?", "help"), ("tickets", "tickets"), ("routes", "routes"),
                       ("routes Denver", "routes"), ("hand", "hand"), ("board", "board"), ("legal", "legal"),
                       ("quit", "quit"), ("q", "quit")]:
        res = resolve(line, ctx)
        assert (res.kind, res.meta) == ("meta", meta), line
    assert resolve("   ", ctx).kind == "empty"


def test_stations_cities_match_loosely():
    g = to_turn(ttr.new_game("europe", 3, 1))
    ctx = Context.of(g.observe(g.current_player))
    stations = [a for a in g.legal_actions() if a.kind == STATION and a.target == "Zürich"]
    assert len(stations) > 1
    for line in ("s Zürich", "s zurich", "station ZUR"):
        res = resolve(line, ctx)
        assert res.kind == "choose" and set(res.options) == set(stations), line
    assert act("s zurich 1", ctx) == resolve("s Zürich", ctx).options[0]
    res = resolve("s Ma", ctx)  # Madrid, Marseille
    assert res.kind == "error" and "Madrid" in res.message and "Marseille" in res.message
    assert resolve("s Atlantis", ctx).kind == "error"


def test_pay_takes_the_cheapest_or_a_numbered_option(usa):
    base = Context.of(usa.observe(0))
    pays = [Action(PAY, None, ((CARD_INDEX["locomotive"], 1),)), Action(PAY, None, ((CARD_INDEX["red"], 1),))]
    ctx = Context(base.view, base.rules, pays)
    assert str(act("p", ctx)) == "pay 1red"
    assert str(act("p 2", ctx)) == "pay 1locomotive"
    assert str(act("pay 1locomotive", ctx)) == "pay 1locomotive"
    assert resolve("p list", ctx).kind == "choose"


def test_two_decks_ask_which_deck():
    g = ttr.new_game("world", 2, 1)
    while g.phase != "turn":
        g.apply(g.legal_actions()[0])
    ctx = Context.of(g.observe(g.current_player))
    res = resolve("d deck", ctx)
    assert res.kind == "choose" and {str(a) for a in res.options} == {"draw deck train", "draw deck ship"}
    assert str(act("d deck ship", ctx)) == "draw deck ship"
    assert g.view(0)["face_up"] == ["red-train", "joker", "white-train-anchor", "yellow-double-ship",
                                    "white-double-ship", "red-ship"]
    res = resolve("d red", ctx)  # red-train or red-ship
    assert res.kind == "error" and "red-train, red-ship" in res.message
    res = resolve("d red-s", ctx)  # which deck refills the slot
    assert res.kind == "choose" and {str(a) for a in res.options} == {"draw red-ship train", "draw red-ship ship"}
    assert str(act("d loco ship", ctx)) == "draw joker ship"


def test_completion_of_words_routes_and_cities(usa):
    ctx = Context.of(usa.observe(0))
    n, words = completions(ctx, "cl")
    assert n == 2 and [w for w, _ in words] == ["claim"]
    n, words = completions(ctx, "c 7")
    assert {w for w, _ in words} == {"7", "75", "78", "79"}
    n, words = completions(ctx, "d ")
    assert {w for w, _ in words} == {"red", "yellow", "purple", "locomotive", "deck"}
    n, words = completions(ctx, "routes new y")
    assert n == len("new y") and [w for w, _ in words] == ["New York"]


# --------------------------------------------------------------- rendering

def render_board(g: Game, seat: int) -> str:
    c = console()
    Renderer(c, ["you" if s == seat else "random" for s in range(g.num_players)]).board(Context.of(g.observe(seat)), {})
    return text(c)


def test_board_shows_own_hand_and_tickets_never_others(usa):
    out = render_board(usa, 0)
    tickets = {s: [t["id"] for t in usa.view(s)["you"]["tickets"]] for s in (0, 1)}
    assert "Your hand (4): 1 orange · 1 yellow · 1 black · 1 locomotive" in out
    for t in tickets[0]:
        assert " – ".join(usa.rules.map.ticket(t).cities) in out
    assert "Routes you can claim" in out and "Face up: red · yellow · purple · red · locomotive" in out
    # seat 1's hand and tickets differ (set in a copy of the engine's state): the board of seat 0 is the same
    other = usa.clone()
    other.hands[1] = [0, 0, 0, 0, 0, 0, 0, 4, 0]  # 4 red instead of blue, orange, green, locomotive
    other.tickets[1] = [t for t in range(1, 40) if t not in usa.tickets[0]][:len(usa.tickets[1])]
    assert other.hands[1] != usa.hands[1] and other.tickets[1] != usa.tickets[1]
    assert render_board(other, 0) == out
    for t in tickets[1]:
        if t not in tickets[0]:
            assert " – ".join(usa.rules.map.ticket(t).cities) not in out


def test_ticket_progress_counts_trains_and_sees_blocks():
    g = to_turn(ttr.new_game("usa", 2, 5))
    v = g.view(0)
    assert ticket_progress(v, g.rules, ["Denver", "Omaha"]) == 4
    assert ticket_progress(v, g.rules, ["Helena", "Duluth"]) == 6
    r = next(r for r in g.rules.map.routes if set(r.cities) == {"Denver", "Omaha"})
    v["routes"][str(r.id)] = 0
    assert ticket_progress(v, g.rules, ["Denver", "Omaha"]) == 0
    city_routes = [r for r in g.rules.map.routes if "Miami" in r.cities]
    for r in city_routes:
        v["routes"][str(r.id)] = 1
    assert ticket_progress(v, g.rules, ["Miami", "Denver"]) is None


# ------------------------------------------------------------ whole games

class ScriptedHuman:
    """Types `script` first, then a short form of a random legal action (claims preferred, so games end);
    after each scripted line checks that the game did not change."""

    def __init__(self, seed: int, script: list[str], log: Console):
        self.rng = random.Random(seed)
        self.script = list(script)
        self.pending: list[str] = []
        self.session = None
        self.log = log
        self.snapshot = None
        self.typed: list[str] = []
        self.seen_choice = False
        self.paid = self.typed_p = False

    def __call__(self, prompt: str) -> str:
        g = self.session.game
        if self.snapshot is not None:
            assert ttr.save_game(g) == self.snapshot, "a typo, an illegal move or a view command changed the game"
            self.snapshot = None
        if self.pending:
            line = self.pending.pop(0)
        elif self.script:
            line = self.script.pop(0)
            self.snapshot = ttr.save_game(g)
        else:
            assert prompt == "your move> ", prompt
            line = self.short_form(g)
        self.log.print(prompt + line, markup=False)
        self.typed.append(line)
        return line

    def short_form(self, g: Game) -> str:
        legal = list(g.legal_actions())
        claims = [a for a in legal if a.kind in (CLAIM, PAY)]  # claim and pay more often, so games end
        a = self.rng.choice(claims if claims and self.rng.random() < 0.7 else legal)
        if a.kind == DRAW:
            return "d deck" if a.target == DECK else f"d {CARD_NAMES[a.target]}"
        if a.kind == CLAIM:
            opts = Context.of(g.observe(self.session.seat)).claims[a.target]
            i = opts.index(a) + 1
            if len(opts) == 1:
                return f"c {a.target}"
            if self.rng.random() < 0.5:
                return f"c {a.target} {i}"
            self.seen_choice = True
            self.pending.append(str(i))  # answer the numbered question
            return f"c {a.target}"
        if a.kind == TICKETS:
            return "t"
        if a.kind == KEEP:
            return "k " + " ".join(map(str, a.target))
        if a.kind == STATION:
            opts = Context.of(g.observe(self.session.seat)).sites[(STATION, a.target)]
            return f"s {a.target.lower()} {opts.index(a) + 1}"
        if a.kind == PAY:
            opts = Context.of(g.observe(self.session.seat)).pays
            self.paid = True
            self.typed_p = self.typed_p or a == opts[0]
            return "p" if a == opts[0] else f"p {opts.index(a) + 1}"
        if a.kind == PASS:
            return "pass"
        return str(a)  # decline


SCRIPT = ["help", "dwar red", "claim 1 9red", "c 999", "k 1 2", "board", "tickets", "routes", "hand", "legal",
          "quit", "n"]


def test_whole_game_through_the_prompt():
    out = console()
    human = ScriptedHuman(1, SCRIPT, out)
    session = new_session("usa", ["random"], seat=0, seed=2, input_fn=human, console=out)
    human.session = session
    session.run()
    g = session.game
    log = text(out)
    assert g.is_over and not session.quit
    assert "Traceback" not in log
    # the prompt's explanations, and nothing changed (checked by ScriptedHuman)
    assert "Commands" in log and "Legal now: keep" in log
    assert "Unknown command 'dwar'. Did you mean draw?" in log
    assert "illegal action 'claim 1 9red' for seat 0" in log and "in this phase the legal actions are: keep" in log
    assert "Map usa has no route 999" in log
    assert "tickets [1, 2] are not among those offered" in log
    assert "Really quit? this game is not saved. [y/N] n" in log and "Playing on." in log
    # what was shown
    assert "Your hand (" in log and "Your tickets:" in log and "Routes you can claim" in log
    assert "Tickets offered: keep at least 2" in log
    assert re.search(r"seat 1 \(random\): (takes a face-up|draws|claims|keeps)", log)
    assert "Final result: USA" in log and ("You win!" in log or "Winner: seat 1 (random)" in log
                                           or "You share the win." in log)
    assert human.seen_choice and "which one? [1-" in log
    # every human action came from a short form; the game is a legal replay
    assert ttr.save_game(ttr.replay("usa", 2, 2, g.history)) == ttr.save_game(g)
    assert sum(1 for s in g.seats if s == 0) > 20


def test_human_in_second_seat_and_input_ending():
    out = console()
    lines = iter(["help"])
    session = new_session("usa", ["random"], seat=1, seed=4, input_fn=lambda p: next(lines, None) or _eof(),
                          console=out)
    session.run()
    assert session.quit and "Game abandoned." in text(out)
    assert session.game.seats[0] == 0 and session.game.current_player == 1  # the bot kept its tickets first


def _eof():
    raise EOFError


def test_europe_game_with_stations_and_tunnels_as_the_second_seat():
    out = console()
    human = ScriptedHuman(3, [], out)
    session = new_session("europe", ["random", "random"], seat=1, seed=11, input_fn=human, console=out)
    human.session = session
    session.run()
    g, log = session.game, text(out)
    assert g.is_over and "Final result: Europe" in log and "Traceback" not in log
    assert ttr.save_game(ttr.replay("europe", 3, 11, g.history)) == ttr.save_game(g)
    mine = [a for a, s in zip(g.actions, g.seats) if s == 1]
    assert any(a.kind == STATION for a in mine)                  # typed as s <city> <n>
    assert human.typed_p and any(a.kind == PAY for a in mine)      # p: the cheapest way
    assert re.search(r"\d more cards? needed", log) and "Paying the cheapest way" in log


def test_cli_play_through_the_prompt(tmp_path):
    g = ttr.new_game("usa", 2, 3)
    keep = " ".join(map(str, g.view(0)["you"]["offer"]))
    res = CliRunner().invoke(main, ["play", "--map", "usa", "--bots", "random", "--seed", "3",
                                    "--save", str(tmp_path / "g.json")],
                             input=f"help\nk {keep}\nd deck\nd deck\nbogus\nquit\ny\n")
    out = res.output
    assert res.exit_code == 0, out
    assert "seat 1: random" in out
    assert f"your move> k {keep}\nseat 0 (you): keeps tickets {keep}" in out
    assert out.count("seat 0 (you): draws from the deck") == 2
    assert "Unknown command 'bogus'" in out and "Game abandoned" in out
    assert "Traceback" not in out


def test_cli_play_bad_setup_is_a_usage_error():
    res = CliRunner().invoke(main, ["play", "--map", "usa", "--bots", "random", "--seat", "5"], input="")
    assert res.exit_code == 2 and "seat 5 does not exist" in res.output
    res = CliRunner().invoke(main, ["play", "--map", "nordic", "--bots", "random,random,random"], input="")
    assert res.exit_code == 2 and "3 bots for 2 other seats" in res.output  # nordic: 3 players at most


def test_legacy_game_through_the_prompt_shows_money_events_and_slips():
    out = console()
    human = ScriptedHuman(5, [], out)
    session = new_session("legends-west", ["planner"], seat=0, seed=6, input_fn=human, console=out)
    human.session = session
    session.run()
    g, log = session.game, text(out)
    assert g.is_over and "Traceback" not in log
    assert "Final result: Ticket to Ride Legacy" in log and "slip $" in log and "held $" in log
    assert "Claim steps: 3 Company route, 12 Big city" in log and "company bonus $3" in log
    assert "Current event:" in log or "No current event yet." in log
    shown = g.view(None)["edition"]["event_discard"]
    if shown:  # every event revealed was announced
        flat = " ".join(log.split())  # lines wrap where they will
        setup = g.replay_options()["setup"]
        assert all(f"Event {setup.event(e).name}" in flat for e in shown) and "Newspaper!" in log
    assert ttr.save_game(ttr.replay("legends-west", 2, 6, g.history, **g.replay_options())) == ttr.save_game(g)


def test_an_incomplete_move_is_explained_from_the_view(usa):
    """A probe (a claim or payment without cards, keeping no ticket) is refused by the engine as
    malformed before it explains anything: the prompt says why from the view instead."""
    from ttr.play.prompt import explain_probe, is_probe

    ctx = Context.of(usa.observe(0))
    unpaid = next(r.id for r in usa.rules.map.routes if r.id not in ctx.claims and r.length > 2)
    for line, words in [(f"c {unpaid}", "your hand cannot pay for it"),
                        ("p", "in this phase the legal actions are: claim, draw, tickets"),
                        ("k all", "in this phase the legal actions are")]:
        res = resolve(line, ctx)
        assert res.kind == "probe" and is_probe(res.action), line
        with pytest.raises(ttr.IllegalActionError) as e:
            usa.check(res.action)
        shown = explain_probe(ctx, res.action, str(e.value))
        assert words in shown and "fields do not form" not in shown, (line, shown)


def test_cli_play_deals_a_new_game_each_time_and_prints_its_seed(tmp_path):
    """Without --seed each game is new; the printed seed deals it again."""
    import re
    seeds, offers = [], []
    for i in range(3):
        path = tmp_path / f"g{i}.json"
        res = CliRunner().invoke(main, ["play", "--map", "usa", "--bots", "random", "--save", str(path)],
                                 input="quit\ny\n")
        assert res.exit_code == 0, res.output
        seed = int(re.search(r"Seed (\d+) \(--seed \1 deals this game again\)", res.output).group(1))
        seeds.append(seed)
        offers.append(ttr.new_game("usa", 2, seed).view(0)["you"]["offer"])
        again = CliRunner().invoke(main, ["play", "--map", "usa", "--bots", "random", "--seed", str(seed),
                                          "--save", str(tmp_path / f"again{i}.json")], input="quit\ny\n")
        assert f"Seed {seed} " in again.output
    assert len(set(seeds)) == 3 and len({tuple(o) for o in offers}) > 1
