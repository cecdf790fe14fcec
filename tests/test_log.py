"""The public log (ttr/engine/log.py): one entry per action with what everyone at the table saw,
never anything hidden, and words for each entry."""
from __future__ import annotations

import json
import random

import pytest

import ttr
from ttr.cards import CARD_NAMES
from ttr.engine import KINDS, words

EVENT_FIELDS = {  # event -> the fields it may carry (all public)
    "tunnel": {"route", "revealed", "extra"}, "tickets-drawn": {"seat", "count"}, "display-reset": set(),
    "last-round": {"seat"}, "game-over": {"result"}, "pieces-revealed": {"choices"},
    "newspaper": {"id", "name", "kind", "text"}, "money": {"seat", "dollars", "reason"}, "card": {"seat", "reason"},
}


def play(map_name: str, players: int, seed: int) -> ttr.Game:
    rng = random.Random(seed)
    g = ttr.new_game(map_name, players, seed=seed)
    while not g.is_over:
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
    return g


@pytest.mark.parametrize("map_name", sorted(ttr.EDITIONS))
def test_one_public_entry_per_action_and_nothing_hidden(map_name):
    g = play(map_name, 3, 11)
    assert len(g.log) == len(g.actions)
    json.dumps(list(g.log))
    for e, a, seat in zip(g.log, g.actions, g.seats):
        assert e["seat"] == seat and e["kind"] == a.kind
        if a.kind == "keep":  # which tickets were kept is secret: only how many
            assert "action" not in e and e["kept"] == len(a.target)
        elif a.kind == "pieces":  # RS1: secret until all have chosen (then one event shows them all)
            assert "action" not in e
        else:  # the text, and the target and cards as data (nobody parses the text back)
            assert e["action"] == str(a)
            assert e.get("target") == (None if a.target is None else KINDS[a.kind].target.data(a.target))
            assert e.get("cards") == ({CARD_NAMES[k]: n for k, n in a.cards} if KINDS[a.kind].paid else None)
        if a.kind == "draw" and str(a).startswith("draw deck"):  # a blind card is never named
            assert set(e) <= {"ply", "seat", "turn", "kind", "action", "target", "events"}
            assert e["target"] in ("deck", {"card": "deck", "pile": e["target"]["pile"]} if isinstance(e["target"], dict) else "deck")
        for ev in e.get("events", ()):
            assert set(ev) - {"event"} <= EVENT_FIELDS[ev["event"]], ev
        assert words(e, a, g.rules)
    assert g.log[-1]["events"][-1]["event"] == "game-over"
    assert g.log[-1]["events"][-1]["result"]["totals"] == [p["total"] for p in g.result()["players"]]


def test_the_log_is_the_same_for_the_same_public_game():
    """Replaying a game gives the same log; a clone for search keeps none."""
    g = play("europe", 4, 3)
    assert ttr.replay("europe", 4, 3, g.history).log == g.log
    assert g.clone().log is None


def test_tunnel_reveals_are_logged_with_what_they_ask():
    g = play("europe", 2, 5)
    reveals = [ev for e in g.log for ev in e.get("events", ()) if ev["event"] == "tunnel"]
    assert reveals and all(len(ev["revealed"]) <= 3 and ev["extra"] <= len(ev["revealed"]) for ev in reveals)


@pytest.mark.parametrize("map_name,players", [("usa", 2), ("europe", 4), ("nordic", 3), ("world", 3),
                                              ("great-lakes", 4), ("legends-west", 3)])
def test_a_recording_game_is_freed_when_dropped(map_name, players):
    """The game holds its log's record and the log (game.log) is a view made on access, and no
    rule is a recursive closure, so playing makes no reference cycle: a dropped game is freed at
    once, not by a later garbage collection (which made whole games pile up and cost every random
    game about 8% of its time)."""
    import gc
    import random as _random
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        rng = _random.Random(1)
        g = ttr.new_game(map_name, players, seed=1)
        while not g.is_over:  # to the end: the scoring too
            legal = g.legal_actions()
            g.apply(legal[rng.randrange(len(legal))])
        assert g.result()["winners"] and len(g.log) == g.ply and g.log[-1]["ply"] == g.ply - 1
        del g, legal
        assert gc.collect() == 0  # nothing unreachable was left for the collector
    finally:
        if was:
            gc.enable()
