"""Views (`game.view(seat)`) show a seat everything it may know and nothing more.

The core check is indistinguishability: two games that differ only in what the
viewer cannot know (the deck order, other players' hands of the same sizes,
other players' tickets and ticket offers, the order of the ticket pile) must
give the viewer exactly the same view. Any field that leaks hidden information
makes the two views differ.
"""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import ttr
from ttr.cards import CARD_NAMES
from ttr.engine.legal import expand

CONFIGS = [(m, n) for m in ("usa", "europe") for n in (2, 3, 4, 5)]
PUBLIC_PLAYER_KEYS = {"seat", "hand_size", "tickets", "offer_size", "trains", "stations", "score"}


def hand_of(cards: list[str]) -> dict[str, int]:
    c = Counter(cards)
    return {k: c[k] for k in CARD_NAMES if c[k]}


def flat(hand: dict[str, int]) -> list[str]:
    return [k for k, n in hand.items() for _ in range(n)]


def perturb_hidden(d: dict, viewer: int, rng: random.Random, cards=True, tickets=True, deck_order=True) -> dict:
    """A copy of save `d` that differs only in what `viewer` cannot see."""
    d = json.loads(json.dumps(d))
    others = [p for p in range(d["num_players"]) if p != viewer]
    if cards:  # re-deal the deck and the other hands, keeping every size
        pool = d["deck"] + [c for p in others for c in flat(d["players"][p]["hand"])]
        rng.shuffle(pool)
        i = len(d["deck"])
        d["deck"] = pool[:i]
        for p in others:
            n = sum(d["players"][p]["hand"].values())
            d["players"][p]["hand"] = hand_of(pool[i:i + n])
            i += n
    elif deck_order:
        rng.shuffle(d["deck"])
    if tickets:  # re-deal the pile, the other players' tickets and their offers, keeping sizes
        pool = d["ticket_pile"] + [t for p in others for t in d["players"][p]["tickets"] + d["players"][p]["offer"]]
        rng.shuffle(pool)
        i = len(d["ticket_pile"])
        d["ticket_pile"] = pool[:i]
        for p in others:
            for key in ("tickets", "offer"):
                n = len(d["players"][p][key])
                d["players"][p][key] = pool[i:i + n]
                i += n
    return d


def positions(map_name: str, players: int, seed: int, every: int = 9):
    """Positions of one random game: regular samples plus every ticket choice and tunnel."""
    rng = random.Random(seed)
    g = ttr.new_game(map_name, players=players, seed=seed)
    step = 0
    while not g.is_over:
        if step % every == 0 or g.phase in ("initial-tickets", "keep-tickets", "tunnel"):
            yield g
        la = g.legal_actions()
        g.apply_unchecked(la[rng.randrange(len(la))])
        step += 1
    yield g


def check_view_shape(g, seat: int, v: dict) -> None:
    text = json.dumps(v)  # JSON-serialisable
    assert json.loads(text) == json.loads(json.dumps(json.loads(text)))
    d = ttr.save_game(g)
    me = d["players"][seat]
    # the player's own secrets are present
    assert v["you"]["hand"] == me["hand"]
    assert sorted(t["id"] for t in v["you"]["tickets"]) == sorted(me["tickets"])
    assert sorted(v["you"]["offer"]) == sorted(me["offer"])
    for t in v["you"]["tickets"]:
        tk = g.map.ticket_by_id[t["id"]]
        assert t["points"] == tk.points and tuple(t["cities"]) == tk.cities
    # the others: only sizes and public facts
    for p, entry in enumerate(v["players"]):
        assert set(entry) <= PUBLIC_PLAYER_KEYS, f"seat {p}: view shows {set(entry) - PUBLIC_PLAYER_KEYS}"
        assert entry["hand_size"] == sum(d["players"][p]["hand"].values())
        assert entry["tickets"] == len(d["players"][p]["tickets"])
        assert entry["offer_size"] == len(d["players"][p]["offer"])
        assert isinstance(entry["tickets"], int) and isinstance(entry["hand_size"], int)
    assert v["deck_size"] == len(d["deck"])
    assert v["ticket_pile_size"] == len(d["ticket_pile"])
    assert "history" not in v  # the public log is the one history
    if g.current_player == seat and not g.is_over:
        assert sorted(expand(v["legal"])) == sorted(str(a) for a in g.legal_actions())
        assert v["legal_count"] == len(g.legal_actions())
    else:
        assert v["legal"] is None


@pytest.mark.parametrize("map_name,players", CONFIGS)
def test_views_do_not_depend_on_hidden_information(map_name, players):
    rng = random.Random(players)
    checked = changed = 0
    for seed in (11, 12):
        for g in positions(map_name, players, seed):
            if g.is_over:
                continue
            d = ttr.save_game(g)
            for viewer in range(players):
                v = g.view(viewer)
                check_view_shape(g, viewer, v)
                d2 = perturb_hidden(d, viewer, rng)
                g2 = ttr.load_game(d2, verify=False)
                assert ttr.save_game(g2) == d2
                changed += d2 != d
                v2 = g2.view(viewer)
                assert v2 == v, _diff(v, v2)
                checked += 1
    assert checked > 50 and changed > checked // 2  # the perturbations were real


def _diff(a, b, path="view") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            if a.get(k) != b.get(k):
                return _diff(a.get(k), b.get(k), f"{path}[{k!r}]")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return _diff(x, y, f"{path}[{i}]")
    return f"hidden information leaks through {path}: {a!r} != {b!r}"


@pytest.mark.parametrize("what", ["deck_order", "cards", "tickets"])
@pytest.mark.parametrize("map_name", ["usa", "europe"])
def test_each_kind_of_hidden_information_separately(map_name, what):
    """Deck order alone, hands alone, tickets alone: each leaves the other seats' views unchanged."""
    rng = random.Random(7)
    for g in positions(map_name, 4, 5, every=5):
        if g.is_over:
            continue
        d = ttr.save_game(g)
        for viewer in range(4):
            d2 = perturb_hidden(d, viewer, rng, cards=what == "cards", tickets=what == "tickets",
                                deck_order=what == "deck_order")
            assert ttr.load_game(d2, verify=False).view(viewer) == g.view(viewer)


@pytest.mark.parametrize("map_name", ["usa", "europe"])
def test_the_viewers_own_secrets_do_change_the_view(map_name):
    """The comparison above is sensitive: changing the viewer's own hand or tickets changes the view."""
    g = ttr.new_game(map_name, players=3, seed=3)
    rng = random.Random(3)
    for _ in range(30):
        la = g.legal_actions()
        g.apply(la[rng.randrange(len(la))])
    d = ttr.save_game(g)
    viewer = 0
    # swap the viewer's hand with another player's of a different make-up
    other = next(p for p in range(1, 3) if d["players"][p]["hand"] != d["players"][viewer]["hand"])
    d2 = json.loads(json.dumps(d))
    d2["players"][viewer]["hand"], d2["players"][other]["hand"] = d["players"][other]["hand"], d["players"][viewer]["hand"]
    assert ttr.load_game(d2, verify=False).view(viewer) != g.view(viewer)
    d3 = json.loads(json.dumps(d))
    d3["players"][viewer]["tickets"], d3["players"][other]["tickets"] = (
        d["players"][other]["tickets"], d["players"][viewer]["tickets"])
    assert ttr.load_game(d3, verify=False).view(viewer) != g.view(viewer)


def test_view_of_an_offer_in_progress_hides_it_from_the_others():
    """G7: initial tickets are chosen hidden from the others; a mid-game offer too."""
    g = ttr.new_game("europe", players=3, seed=2)
    offer = ttr.save_game(g)["players"][0]["offer"]
    assert g.view(0)["you"]["offer"] == sorted(offer)
    for seat in (1, 2):
        v = g.view(seat)
        assert v["players"][0]["offer_size"] == 4
        assert v["you"]["offer"] == sorted(ttr.save_game(g)["players"][seat]["offer"])
        assert set(v["you"]["offer"]).isdisjoint(offer)
    g.apply(g.legal_actions()[-1])  # seat 0 keeps all four
    kept = ttr.save_game(g)["players"][0]["tickets"]
    assert g.log[0] == {"ply": 0, "seat": 0, "turn": 0, "kind": "keep", "kept": len(kept)}  # how many, not which
    for seat in (1, 2):
        assert g.view(seat)["players"][0]["tickets"] == len(kept)
    assert sorted(t["id"] for t in g.view(0)["you"]["tickets"]) == sorted(kept)


@pytest.mark.parametrize("map_name,players", [("usa", 2), ("europe", 3), ("europe", 5)])
def test_views_at_the_end_reveal_all_tickets(map_name, players):
    *_, g = positions(map_name, players, 21)
    assert g.is_over
    d = ttr.save_game(g)
    res = g.result()
    for seat in range(players):
        v = g.view(seat)
        json.dumps(v)
        assert v["legal"] is None
        assert v["result"] is not None and v["result"] == json.loads(json.dumps(res))
        for p, entry in enumerate(v["result"]["players"]):
            assert sorted(entry["tickets_completed"] + entry["tickets_failed"]) == sorted(d["players"][p]["tickets"])


@pytest.mark.parametrize("seat", [-1, 3, 7])
def test_view_of_a_missing_seat_is_refused(seat):
    g = ttr.new_game("usa", players=3, seed=1)
    with pytest.raises(ValueError):
        g.view(seat)


def test_view_does_not_alias_the_game_state():
    """Mutating a view must not change the game (it is a snapshot)."""
    g = ttr.new_game("europe", players=2, seed=9)
    before = ttr.save_game(g)
    v = g.view(0)
    v["you"]["hand"]["red"] = 99
    v["you"]["offer"].append(12345)
    v["face_up"].append("red")
    for p in v["players"]:
        p["stations"].append("Paris")
    assert ttr.save_game(g) == before


def test_view_at_the_end_does_not_alias_the_result():
    """The result inside a final view is a snapshot: editing it does not change game.result()."""
    *_, g = positions("usa", 2, 4)
    assert g.is_over
    expected = json.loads(json.dumps(g.result()))
    v = g.view(0)
    v["result"]["winners"].append(7)
    v["result"]["players"][0]["total"] += 100
    assert g.result() == expected
    assert g.view(1)["result"] == expected
