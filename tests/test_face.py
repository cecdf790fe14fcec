"""The engine's one face (ttr.engine): the integer state codec, the one place secrets are
stripped, check() and undo refusals from the engine, and the facts every action kind carries."""
from __future__ import annotations

import random

import pytest

import ttr
from ttr import SaveError
from ttr.engine import HIDDEN, KINDS, NONE, Game, decode, first_difference, mask
from ttr.engine import CODEC_VERSION

from helpers import shuffle_hidden

BOARDS = [(m, n) for m in ttr.map_names() for n in range(ttr.get_edition(m).min_players,
                                                         ttr.get_edition(m).max_players + 1)]


def positions(map_name: str, players: int, seed: int, every: int = 9, limit: int = 2000):
    """A random game's positions, every `every` actions, and its end."""
    rng = random.Random(seed)
    g = ttr.new_game(map_name, players, seed)
    for step in range(limit):
        if g.is_over:
            break
        if step % every == 0:
            yield g, rng
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
    yield g, rng


def same_course(a: Game, b: Game, rng: random.Random, steps: int = 40) -> None:
    """Two games play on alike: the same legal actions and the same states, step by step."""
    for _ in range(steps):
        assert a.encode() == b.encode()
        if a.is_over:
            assert b.is_over and a.result() == b.result()
            return
        legal = a.legal_actions()
        assert list(map(str, legal)) == list(map(str, b.legal_actions()))
        x = legal[rng.randrange(len(legal))]
        a.apply(x)
        b.apply(x)


@pytest.mark.parametrize("map_name,players", BOARDS)
def test_codec_round_trips_every_board_and_player_count(map_name, players):
    """decode(encode(g)) is the same game: the same integers, and it plays on exactly alike."""
    for g, rng in positions(map_name, players, seed=players * 7 + 1):
        state = g.encode()
        layout = g.layout()
        assert all(x.__class__ is int for x in state)
        assert len(state) == layout.size + (0 if layout.tail is None else 1 + state[layout.size] * layout.tail_width)
        twin = decode(g.rules, state, g.replay_options())
        assert twin.encode() == state
        fast = decode(g.rules, state, g.replay_options(), check=False)  # the unchecked path builds the same game
        assert fast.encode() == state
        seed = rng.random()
        same_course(g.clone(), twin, random.Random(seed), steps=12)
        same_course(g.clone(), fast, random.Random(seed), steps=12)


@pytest.mark.parametrize("map_name,players", [("usa", 3), ("europe", 4), ("nordic", 2), ("world", 3),
                                              ("great-lakes", 4), ("legends-west", 3)])
def test_decode_like_a_game_reads_what_a_mask_hides_and_copies_the_rest(map_name, players):
    """decode(state, like=g) (for many worlds of one observation): g decoded from a state that
    differs at most in what a seat's mask hides; the game is the one a whole decode gives, it
    plays on alike, and it shares nothing with g."""
    for g, rng in positions(map_name, players, seed=players * 5 + 2, every=11):
        seat = g.current_player
        twin = shuffle_hidden(g, seat, rng)  # the same position for the seat, everything hidden re-dealt
        state = twin.encode()
        like = decode(g.rules, g.encode(), g.replay_options(), check=False)
        before = like.encode()
        got = decode(g.rules, state, g.replay_options(), check=False, like=like)
        assert got.encode() == state
        seed = rng.random()
        same_course(got, decode(g.rules, state, g.replay_options()), random.Random(seed), steps=12)
        assert like.encode() == before  # playing on the copy left the template as it was
    with pytest.raises(TypeError, match="Python engine"):
        decode(g.rules, state, check=False, like=object())  # type: ignore[arg-type]


def test_layout_sections_are_named_contiguous_and_fixed():
    g = ttr.new_game("europe", 3, 1)
    layout = g.layout()
    assert layout.sections[0].name == "format" and g.encode()[0] == CODEC_VERSION
    at = 0
    for s in layout.sections:
        assert s.start == at and s.size >= 1
        at = s.stop
    assert at == layout.size == len(g.encode())
    assert len({s.name for s in layout.sections}) == len(layout.sections)
    # cities are held by index: a station is its city's index in the map
    g2 = ttr.load_game(_with_station(ttr.save_game(ttr.new_game("europe", 2, 3)), "Paris"), verify=False)
    sec = g2.layout()["players[0].stations"]
    assert g2.encode()[sec.start:sec.start + 2] == [1, g2.rules.city_names.index("Paris")]


def _with_station(d: dict, city: str) -> dict:
    d["players"][0]["stations"] = [city]
    return d


@pytest.mark.parametrize("label,change,words", [
    ("a card too many", lambda l, s: s.__setitem__(l["players[0].hand"].start + 1, s[l["players[0].hand"].start + 1] + 1),
     "players\\[0\\].hand"),
    ("an owner out of range", lambda l, s: s.__setitem__(l["routes"].start + 1, 9), "routes"),
    ("a pile longer than its room", lambda l, s: s.__setitem__(l["deck"].start, 999), "deck"),
    ("padding that is not empty", lambda l, s: s.__setitem__(l["deck"].stop - 1, 3), "deck"),
    ("an unknown phase", lambda l, s: s.__setitem__(l["phase"].start, 42), "phase"),
    ("a station on an unknown city", lambda l, s: s.__setitem__(l["players[1].stations"].start, 1) or
     s.__setitem__(l["players[1].stations"].start + 1, 999), "stations"),
    ("the wrong format", lambda l, s: s.__setitem__(0, 99), "format"),
])
def test_decode_refuses_a_broken_state_naming_the_section(label, change, words):
    g = ttr.new_game("europe", 2, 5)
    layout, state = g.layout(), g.encode()
    change(layout, state)
    with pytest.raises(SaveError, match=words):
        decode(g.rules, state)


def test_decode_refuses_a_state_of_another_length_or_not_integers():
    g = ttr.new_game("usa", 2, 5)
    with pytest.raises(SaveError, match="integers"):
        decode(g.rules, g.encode()[:-1])
    with pytest.raises(SaveError, match="not an integer"):
        decode(g.rules, [*g.encode()[:-1], "x"])


# ------------------------------------------------------------------- secrets in one place

@pytest.mark.parametrize("map_name,players", [("usa", 3), ("europe", 4), ("world", 3), ("legends-west", 3),
                                              ("great-lakes", 2), ("nordic", 2)])
def test_the_mask_shows_nothing_hidden_and_keeps_every_size(map_name, players):
    """What a seat sees (its masked state, so its view) is the same when everything it cannot see is
    re-dealt; the seed and every pile's order are hidden; sizes stay."""
    rng = random.Random(3)
    for g, _ in positions(map_name, players, seed=4, every=23):
        layout = g.layout()
        for seat in [*range(players), None]:
            m = mask(layout, g.encode(), seat)
            assert m[layout["seed"].start] == HIDDEN
            deck = layout["deck"]
            assert m[deck.start] == g.encode()[deck.start]
            assert set(m[deck.start + 1:deck.start + 1 + m[deck.start]]) <= {HIDDEN}
            for p in range(players):
                hand = layout.seat(p, "hand")
                if p != seat:
                    assert set(m[hand.start + 1:hand.stop]) == {HIDDEN}
            if seat is not None and not g.is_over:
                twin = shuffle_hidden(g, seat, rng)
                assert twin.observe(seat).state == g.observe(seat).state
                assert twin.view(seat) == g.view(seat)


def test_the_spectators_view_has_no_seat_no_hand_and_no_moves():
    g = ttr.new_game("europe", 3, 2)
    v = g.view(None)
    assert v["seat"] is None and v["you"] is None and v["legal"] is None and v["legal_count"] == 0
    assert v["players"] == g.view(0)["players"] and v["routes"] == g.view(1)["routes"]
    with pytest.raises(ValueError):
        g.view(3)


def test_the_log_strips_what_a_kind_keeps_secret():
    for name, kind in KINDS.items():
        if kind.secret:
            assert "action" not in kind.public(ttr.Action(name, (1, 2) if name == "keep" else (20, 40)))
    g = ttr.new_game("world", 2, 1)
    offer = g.view(0)["you"]["offer"]
    g.apply("keep " + " ".join(map(str, offer)))
    assert g.log[-1] == {"ply": 0, "seat": 0, "turn": 0, "kind": "keep", "kept": len(offer)}


# ------------------------------------------------------------------- rules questions

def test_check_returns_the_action_or_explains_and_changes_nothing():
    g = ttr.new_game("usa", 2, 3)
    before = g.encode()
    a = g.legal_actions()[0]
    assert g.check(str(a)) == a and g.check(a) == a
    with pytest.raises(ttr.IllegalActionError, match="phase initial-tickets"):
        g.check("tickets")
    with pytest.raises(ttr.ActionSyntaxError):
        g.check("fly 3")
    assert g.encode() == before and g.ply == 0


def test_undo_refusals_come_from_the_engine():
    g = ttr.new_game("europe", 2, 12)
    assert g.undo_refusal(0) == "nothing has been played"
    for seat in range(2):
        g.apply(g.legal_actions()[-1])
    assert g.undo_refusal(1) == "a keep cannot be taken back"
    assert g.undo_refusal(0) == "the last action is not yours"
    # a claim that drew nothing may be taken back; a draw may not
    rng = random.Random(2)
    seen = set()
    while not g.is_over and None not in seen:
        legal = g.legal_actions()
        claims = [x for x in legal if x.kind == "claim" and not g.rules.r_tunnel[x.target]]
        x = claims[0] if claims else legal[rng.randrange(len(legal))]
        seat = g.current_player
        g.apply(x)
        why = g.undo_refusal(seat)
        if g.is_over:
            assert why == "the game is over"
        elif x.kind == "claim" and g.rules.r_tunnel[x.target]:
            assert why == "a tunnel claim revealed cards"
        elif x.kind == "claim":
            assert why is None or why == "that action drew or revealed something"
            seen.add(why)
        elif x.kind == "draw":
            assert why == "a draw cannot be taken back"
    assert None in seen
    assert g.clone().undo_refusal() == "this game did not record what its last action revealed"


def test_every_kind_says_what_ttr_needs_to_know_of_it():
    for name, kind in KINDS.items():
        assert kind.name == name and kind.syntax and kind.summary
        assert isinstance(kind.undoable, bool) and isinstance(kind.secret, bool)
        assert isinstance(kind.order, int)
    orders = [k.order for k in KINDS.values()]
    assert len(set(orders)) == len(orders), "every kind has its own place in the action space"
    assert {k for k, v in KINDS.items() if v.undoable} == {"claim", "station", "harbor", "exchange"}
    assert {k for k, v in KINDS.items() if v.secret} == {"keep", "pieces"}


def test_the_face_is_all_a_game_shows():
    """ttr.new_game gives the face (a Game); the Python engine's fields are not part of it."""
    g = ttr.new_game("usa", 2, 1)
    face = {n for n in dir(Game) if not n.startswith("_")}
    assert all(hasattr(g, n) for n in face)
    assert {"legal_actions", "check", "apply", "encode", "layout", "view", "observe", "undo_refusal", "log"} <= face
    assert not {"hands", "owner", "decks", "offers", "scores", "tickets"} & face
    assert NONE == -1 and HIDDEN == -2
    assert first_difference(g.layout(), g.encode(), g.encode()) is None


def test_the_engines_shuffle_is_cpythons_exactly():
    """randomness.shuffle draws exactly what random.Random.shuffle draws (docs/randomness.md)."""
    from ttr.engine import shuffle
    for seed in (0, 1, -7, 2**70 + 3):
        for n in (0, 1, 2, 3, 31, 32, 33, 110):
            a, b = list(range(n)), list(range(n))
            r1, r2 = random.Random(seed), random.Random(seed)
            r1.shuffle(a)
            shuffle(r2, b)
            assert a == b and r1.getstate() == r2.getstate()
