"""What `ttr play` shows: it fits an 80x24 terminal, and it says what happened, from the
public log (tunnels, claim steps, money), with the routes as they are (paired, Legacy gains)."""
from __future__ import annotations

import dataclasses
import io
import re

import pytest
from play_helpers import CanonicalHuman
from rich.console import Console

import ttr
from ttr.engine import CLAIM
from ttr.play import Context, Renderer, new_session
from ttr.play.context import claim_gain, route_kind
from ttr.play.session import Session

WIDTH, HEIGHT = 80, 24
VIEWS = ["help", "board", "hand", "tickets", "routes", "legal", "routes Chicago", "xyzzy"]


def narrow() -> Console:
    return Console(file=io.StringIO(), width=WIDTH, height=HEIGHT, color_system=None, highlight=False)


def play_at_80(map_name: str, bots: list[str], seed: int):
    out = narrow()
    human = CanonicalHuman(script=VIEWS)
    s = new_session(map_name, bots, seat=0, seed=seed, input_fn=human, console=out)
    human.session = s
    s.run()
    assert s.game.is_over
    return s, out.file.getvalue()


def turn_starts(log: str) -> list[list[str]]:
    """The lines shown at the start of each of your turns, from the title to 'You may'."""
    blocks, cur = [], None
    for line in log.splitlines():
        if "· your turn" in line:
            cur = []
        if cur is not None:
            cur.append(line)
            if line.startswith("You may:"):
                blocks.append(cur)
                cur = None
    return blocks


@pytest.mark.parametrize("map_name, bots, seed", [
    ("usa", ["planner", "greedy", "random"], 2),
    ("europe", ["planner", "planner", "planner"], 3),
    ("nordic", ["planner", "random"], 4),
    ("world", ["planner", "planner"], 5),
    ("legends-west", ["planner", "planner"], 6),
])
def test_a_whole_game_fits_80_columns_and_each_turn_starts_readably(map_name, bots, seed):
    s, log = play_at_80(map_name, bots, seed)
    wide = [line for line in log.splitlines() if len(line) > WIDTH]
    assert not wide, wide[:3]
    assert "Final result" in log and "Commands" in log and "legal actions" in log
    n = s.game.num_players
    blocks = turn_starts(log)
    assert len(blocks) > 10
    for block in blocks:
        # the players' table: a header and one line per player, whatever their last moves were
        head = next(i for i, line in enumerate(block) if line.lstrip().startswith("seat player"))
        rows = block[head + 1:head + 1 + n]
        assert all(re.match(r"^[▶ ] +\d+ \S", r) for r in rows), block
        assert not re.match(r"^[▶ ] +\d+ ", block[head + 1 + n]), block
        # the routes table: one line per route, as many as the screen has room for (at least 3)
        routes = []
        if any(line.startswith("Routes you can claim") for line in block):
            start = next(i for i, line in enumerate(block) if line.lstrip().startswith("id route")) + 1
            routes = block[start:-1]
            assert 1 <= len(routes) <= 12 and all(re.match(r"^ *\d+ \S", r) for r in routes), block
        # the whole start of a turn, the blank line before it and the prompt after it on one screen
        # (unless you hold so many tickets that only the fewest routes are shown)
        assert len(block) + 2 <= HEIGHT or len(routes) == 3, "\n".join(block)


def test_routes_show_their_kind_and_legacy_gains_instead_of_zero_points():
    world = ttr.load_map("world")
    paired = next(r for r in world.routes if r.pairs)
    assert route_kind(paired) == "paired"
    europe = ttr.load_map("europe")
    assert {route_kind(r) for r in europe.routes} >= {"train", "tunnel", "ferry 1 loco", "ferry 2 loco"}
    g = ttr.new_game("legends-west", 3, seed=7)
    while g.phase != "turn":
        g.apply(g.legal_actions()[0])
    ctx = Context.of(g.observe(g.current_player))
    setup = g.replay_options()["setup"]
    company = setup.companies[g.current_player]
    big = {c.name for c in g.rules.map.cities if c.big}
    for r in g.rules.map.routes:
        mine = r.color == company
        gain = claim_gain(ctx, r)
        assert gain == "+".join(([f"${setup.company_bonus}"] if mine else [])
                                + (["card"] if big & set(r.cities) else [])), (r, gain)
    out = narrow()
    Renderer(out, ["you", "a", "b"]).routes(ctx)
    text = out.file.getvalue()
    assert " gain " in text and " pts " not in text and "$3+card" in text
    usa = ttr.new_game("usa", 2, 5)
    while usa.phase != "turn":
        usa.apply(usa.legal_actions()[0])
    out = narrow()
    Renderer(out, ["you", "a"]).routes(Context.of(usa.observe(usa.current_player)))
    assert " pts " in out.file.getvalue()


def test_a_persistent_events_claim_step_counts_in_the_gain():
    from ttr.editions.legacy.content import ClaimStep, Event
    from ttr.editions.legacy.pack import load_pack
    toll = Event("toll", "Toll", "persistent", "big cities cost $2",
                 step=ClaimStep(9, "route_fee", amount=2, big_city=True, label="Toll"))
    setup = dataclasses.replace(load_pack("demo").setup(1, companies=("blue", "red")), events=(toll,))
    g = ttr.new_game("legends-west", 2, seed=3, setup=setup)
    while g.phase != "turn":
        g.apply(g.legal_actions()[0])
    g.event_discard.append(g.event_deck.pop())  # the toll is the current event
    ctx = Context.of(g.observe(0))
    big_blue = next(r for r in g.rules.map.routes if r.color == "blue" and {c.name for c in g.rules.map.cities if c.big}
                    & set(r.cities))
    assert claim_gain(ctx, big_blue) == f"${setup.company_bonus - 2}+card"


def test_what_happened_is_shown_from_the_public_log():
    """Tunnels' revealed cards, money and the cards claim steps draw, newspapers: as they happen."""
    _, log = play_at_80("europe", ["planner", "planner", "planner"], 3)
    flat = " ".join(log.split())
    assert re.search(r"seat \d \(planner\): claims [^;]+; the tunnel reveals \w+, \w+, \w+:", flat), "tunnel"
    s, log = play_at_80("legends-west", ["planner", "planner"], 6)
    flat = " ".join(log.split())
    assert re.search(r"gains \$\d+ \(step 3: company route\)", flat)
    assert re.search(r"seat \d \(planner\) draws a card \(step 12: big city\)", flat)
    # a card a claim step draws for you is named (you see it in your hand)
    mine = re.findall(r"seat 0 \(you\) draws a card \(step 12: big city\): ([a-z]+)", flat)
    drawn = [e for e in s.game.log if e["seat"] == 0 and any(ev.get("event") == "card" for ev in e.get("events", ()))]
    assert drawn and len(mine) == len(drawn)
    assert "Newspaper! Event" in flat
    # what others did is never more than the log says: no blind card is named
    assert not re.search(r"seat [12] \(planner\) draws a card \(step 12: big city\):", flat)


def test_claiming_a_tunnel_shows_the_revealed_cards_to_the_claimer():
    g = ttr.new_game("europe", 2, 1)
    while g.phase != "turn":
        g.apply(g.legal_actions()[0])
    for _ in range(200):
        tunnels = [a for a in g.legal_actions() if a.kind == CLAIM and g.rules.map.route(a.target).tunnel]
        if tunnels and g.current_player == 0:
            break
        g.apply(next((a for a in g.legal_actions() if a.kind != CLAIM), g.legal_actions()[0]))
    assert tunnels
    lines = iter([str(tunnels[0])])

    def typed(prompt):
        line = next(lines, None)
        if line is None:
            raise EOFError
        return line

    out = narrow()
    Session(g, 0, {1: _Passive()}, ["you", "bot"], out, typed).run()
    text = " ".join(out.file.getvalue().split())
    e = next(e for e in g.log if e.get("action") == str(tunnels[0]))
    revealed = next(ev for ev in e["events"] if ev["event"] == "tunnel")["revealed"]
    assert f"the tunnel reveals {', '.join(revealed)}" in text
    if g.phase == "tunnel":
        assert "Tunnel " in text and "revealed" in text


class _Passive:
    def act(self, obs):
        return obs.legal[0]
