"""The observer of the research adapters: its layout, its bounds, and no hidden information: the
tensors of a seat are the same in every world that seat cannot tell apart."""
from __future__ import annotations

import random
import re
from pathlib import Path

import numpy as np
import pytest

import ttr
from ttr.adapters.core import Table
from ttr.adapters.observation import Observer
from ttr.agents import make_agent
from ttr.agents.determinize import determinize

from helpers import shuffle_hidden

MAPS = ["usa", "europe", "nordic", "world", "great-lakes", "legends-west"]
DOC = Path(__file__).resolve().parents[1] / "docs" / "research.md"


def _players(m: str) -> int:
    return 3 if m == "nordic" else 4


@pytest.mark.parametrize("map_name", MAPS)
def test_fields_tile_the_tensor(map_name):
    ob = Observer(ttr.get_ruleset(map_name, 3), history=True)
    stop = 0
    for f in ob.fields:
        assert f.start == stop and f.size > 0
        stop = f.stop
    assert stop == ob.size and ob.low.shape == ob.high.shape == ob.shape
    x = np.arange(ob.size, dtype=np.float32)
    parts = ob.split(x)
    assert np.array_equal(np.concatenate([parts[f.name].ravel() for f in ob.fields]), x)
    table = ob.describe()
    assert all(f"`{f.name}`" in table for f in ob.fields)


def test_sizes_in_the_docs():
    """docs/research.md states every board's tensor sizes for every player count."""
    text = DOC.read_text(encoding="utf-8")
    for m in MAPS:
        ed = ttr.get_edition(m)
        row = next(line for line in text.splitlines() if line.startswith(f"| `{m}` |"))
        cells = [c.strip() for c in row.strip("|").split("|")]
        want = []
        for p in range(ed.min_players, ed.max_players + 1):
            rules = ttr.get_ruleset(m, p)
            want.append(f"{Observer(rules).size} / {Observer(rules, history=True).size}")
        assert cells[2:2 + len(want)] == want, (m, cells)
        assert cells[1] == str(ttr.ActionSpace(m, 2).n)


def _positions(map_name: str, players: int, seed: int, every: int = 5):
    """(game, seat, pending) at every `every`-th decision of a planner game, for the seat to move
    (with its partial payment when a stepped claim is legal) and the next seat."""
    g = ttr.new_game(map_name, players, seed=seed)
    space = ttr.ActionSpace(map_name, players)
    bots = [make_agent("planner", 50 + s) for s in range(players)]
    for step in range(400):
        if g.is_over:
            return
        seat = g.current_player
        if step % every == 0:
            pending = ()
            for i in space.legal_ids(g):
                if space.decode(int(i), g) is None:  # a stepped claim: take its first steps
                    pending = (int(i),)
                    nxt = space.legal_ids(g, pending)
                    if len(nxt) and space.decode(int(nxt[0]), g, pending) is None:
                        pending += (int(nxt[0]),)
                    break
            yield g, seat, pending
            yield g, (seat + 1) % players, ()
        g.apply(bots[seat].act(g.observe(seat)))


@pytest.mark.parametrize("map_name", MAPS)
def test_no_hidden_information(map_name):
    """Re-dealing everything a seat cannot see (other hands, tickets and offers, every pile's order,
    secret piece choices, the event deck) leaves its tensors unchanged: the observation, the
    public one, and the information state (with the public log); so is the action mask that
    goes with the observation (for the seat to move)."""
    players = _players(map_name)
    rules = ttr.get_ruleset(map_name, players)
    observers = [Observer(rules), Observer(rules, private=False), Observer(rules, history=True)]
    rng = random.Random(3)
    checked = pending_seen = 0
    for g, seat, pending in _positions(map_name, players, seed=5):
        twin = shuffle_hidden(g, seat, rng)
        world = determinize(rules, g.view(seat, history=False, legal=False), rng)
        if seat == g.current_player:
            mask = observers[0].space.mask(g, pending)
            assert np.array_equal(mask, observers[0].space.mask(twin, pending))
            assert np.array_equal(mask, observers[0].space.mask(world, pending))
        for ob in observers:
            mine = ob.encode(g.view(seat, history=ob.history, legal=False), pending)
            assert np.array_equal(mine, ob.encode(twin.view(seat, history=ob.history, legal=False), pending))
            if not ob.history:  # a determinized world keeps no log
                assert np.array_equal(mine, ob.encode(world.view(seat, history=False, legal=False), pending))
        checked += 1
        pending_seen += bool(pending)
    assert checked >= 20
    if map_name in ("nordic", "world"):  # boards whose stepped claims come up in a game
        assert pending_seen, "no partial payment was checked"


@pytest.mark.parametrize("map_name", MAPS)
def test_tensors_stay_in_their_bounds(map_name):
    rules = ttr.get_ruleset(map_name, 2)
    ob = Observer(rules, history=True)
    rng = np.random.default_rng(1)
    for seed in range(2):
        g = ttr.new_game(map_name, 2, seed=seed, record=False)
        space = ob.space
        while not g.is_over:
            prefix: tuple = ()
            while True:
                for s in range(2):
                    x = ob.encode(g.view(s, history=True, legal=False), prefix if s == g.current_player else ())
                    assert np.all(x >= ob.low) and np.all(x <= ob.high) and np.all(np.isfinite(x))
                i = int(rng.choice(space.legal_ids(g, prefix)))
                a = space.decode(i, g, prefix)
                if a is not None:
                    break
                prefix += (i,)
            g.apply(a)


def test_the_tensor_reads_the_view():
    """Spot checks of the fields against the view they come from."""
    g = ttr.new_game("europe", 3, seed=2)
    bots = [make_agent("planner", s) for s in range(3)]
    for _ in range(40):
        g.apply(bots[g.current_player].act(g.observe(g.current_player)))
    seat = g.current_player
    ob = Observer(g.rules)
    v = g.view(seat, history=False, legal=False)
    p = ob.split(ob.encode(v))
    kinds = [ttr.cards.CARD_NAMES[k] for k in ob.kinds]
    assert {kinds[i]: round(float(x) * 12) for i, x in enumerate(p["hand"][:8]) if x} == \
        {c: n for c, n in v["you"]["hand"].items() if c != "locomotive"}
    owned = {ob.routes[r]: int(np.argmax(row)) for r, row in enumerate(p["routes"]) if row.any()}
    assert owned == {int(r): (s - seat) % 3 for r, s in v["routes"].items()}
    assert p["to_move"][0] == 1 and p["phase"].sum() == 1
    assert sorted(ob.tickets[i] for i in np.flatnonzero(p["tickets"])) == sorted(t["id"] for t in v["you"]["tickets"])
    for s in range(3):
        assert p["seats"][(s - seat) % 3][3] == pytest.approx(v["players"][s]["trains"] / 45)


def test_a_partial_payment_is_shown_to_the_payer_only():
    """Nordic: after the claim id of a ferry, the payer's tensor shows the route (pending), the
    other seat's is unchanged."""
    t = Table("nordic", 2)
    rng = np.random.default_rng(0)
    t.reset(4)
    for _ in range(2000):
        seat = t.to_move
        stepped = [int(i) for i in np.flatnonzero(t.mask()) if t.space.decode(int(i), t.game) is None]
        if stepped:
            other = 1 - seat
            before = (t.observe(seat), t.observe(other))
            t.step(stepped[0])
            assert t.to_move == seat and t.prefix == (stepped[0],)
            after = (t.observe(seat), t.observe(other))
            pend = t.observer.split(after[0])["pending"]
            assert pend[t.observer.stepped.index(t.space.partial(t.prefix)[0])] == 1
            assert not np.array_equal(before[0], after[0]) and np.array_equal(before[1], after[1])
            return
        t.step(int(rng.choice(np.flatnonzero(t.mask()))))
        if t.over:
            t.reset(int(rng.integers(1000)))
    pytest.fail("no stepped claim came up")


def test_describe_prints_the_fields():
    text = Observer(ttr.get_ruleset("usa", 2)).describe()
    assert re.search(r"\| `hand` \| 9 \| \d+-\d+ \|", text)
