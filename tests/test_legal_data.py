"""Legal moves as data (issue: foundation): the groups a view carries for the seat to move
rebuild exactly legal_actions(), on every map and player count, in every phase, big hands
included; nothing is capped; the data is JSON and holds nothing of other seats."""
from __future__ import annotations

import json
import random

import pytest

import ttr
from ttr.engine.legal import LIST_LIMIT, expand

SETUPS = [(m, n) for m in sorted(ttr.EDITIONS) for n in ttr.editions.player_range(m)]
EXACT = 60_000  # positions with at most this many legal actions are rebuilt whole; bigger ones are sampled


def positions(map_name: str, players: int, seed: int, draw_bias: float):
    """Positions of a random game; with draw_bias, draws are preferred so hands grow big."""
    rng = random.Random(seed)
    g = ttr.new_game(map_name, players, seed=seed)
    while not g.is_over:
        yield g
        legal = g.legal_actions()
        draws = [a for a in legal.segments if a[0] == "draw"]
        if draws and rng.random() < draw_bias:
            kind, targets, pays = draws[0]
            g.apply(ttr.Action(kind, rng.choice(targets), pays[0]))
        else:
            g.apply(legal[rng.randrange(len(legal))])


def check(g: ttr.Game) -> str:
    seat = g.current_player
    v = json.loads(json.dumps(g.view(seat)))
    legal = g.legal_actions()
    assert v["legal_count"] == len(legal)
    if len(legal) <= EXACT:
        rebuilt = list(expand(v["legal"]))
        assert len(rebuilt) == len(legal) and set(rebuilt) == {str(a) for a in legal}
    else:  # a few hundred thousand ways to pay: every described family is counted, and samples are legal
        rng = random.Random(len(legal))
        for group in v["legal"]:
            pays = group.get("payments")
            if pays and "families" in pays:
                assert pays["count"] > LIST_LIMIT
        for i in rng.sample(range(len(legal)), 200):
            assert legal[i] in legal and str(legal[i]).split()[0] in {gr["kind"] for gr in v["legal"]}
    for other in range(g.num_players):
        if other != seat:
            assert g.view(other)["legal"] is None
    return g.phase


@pytest.mark.parametrize("map_name,players", SETUPS)
def test_legal_moves_rebuilt_from_the_view_equal_legal_actions(map_name, players):
    phases = set()
    for seed, bias in ((1, 0.0), (2, 0.85)):
        for i, g in enumerate(positions(map_name, players, seed, bias)):
            if i % 3 == 0:
                phases.add(check(g))
    assert {"initial-tickets", "turn", "second-card"} <= phases


def test_murmansk_lieksa_is_sent_as_families_with_its_default_first():
    """A big structured payment set is sent as families, with its first (default) payment."""
    hand = {"purple": 5, "blue": 5, "orange": 4, "white": 4, "green": 7, "yellow": 4, "black": 3, "red": 6,
            "locomotive": 6}
    d = ttr.save_game(ttr.new_game("nordic", 2, seed=3))
    g = ttr.load_game(_with_hand(d, 0, hand), verify=False)
    while g.phase != "turn":
        g.apply(g.legal_actions()[0])
    v = g.view(0)
    claims = {t: gr for gr in v["legal"] if gr["kind"] == "claim" for t in gr["targets"]}
    ml = claims[53]["payments"]
    assert "families" in ml and ml["count"] > 10_000
    legal = g.legal_actions()
    assert ml["first"] == str(next(a for a in legal if a.kind == "claim" and a.target == 53)).split()[-1]


def _with_hand(d: dict, seat: int, hand: dict) -> dict:
    """A save with `seat` holding `hand`: the cards come from the deck (the census stays exact)."""
    have = dict(d["players"][seat]["hand"])
    deck = list(d["deck"]) + [c for c, n in have.items() for _ in range(n)]
    for c, n in hand.items():
        for _ in range(n):
            deck.remove(c)
    d["deck"], d["players"][seat]["hand"] = deck, dict(hand)
    return d
