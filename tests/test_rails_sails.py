"""Rails & Sails (maps `world` and `great-lakes`): rule-clause tests RS1-RS7 and
the general rulings as they apply here (G1-G6), save format, views, random-game
properties and the CLI.

Sources: the rulebook seed 002_... (Chinese), shared/RULINGS.md. Positions are
built with rs_helpers.rs_scenario (an exact save dict loaded with
ttr.load_game(verify=False)). Legality is checked against rs_helpers.ref_legal,
a reference written from the rules (covering + no superfluous card), not from
the engine.
"""
from __future__ import annotations

import copy
import json
import random
from collections import Counter
from itertools import combinations

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from rs_helpers import (
    ALL_CARDS,
    HARBOR_POINTS,
    JOKER,
    PIECES,
    ROUTE_POINTS,
    RS_COLOURS,
    SHIP_DECK,
    SHIP_KINDS,
    TRAIN_DECK,
    TRAIN_KINDS,
    assert_illegal,
    cards,
    census,
    claims_of,
    hand,
    legal,
    legal_kinds,
    ref_harbor_payments,
    ref_legal,
    ref_route_payments,
    routes_totalling,
    rs_scenario,
)

import ttr
from ttr.cli import main as cli_main

WORLD = ttr.load_map("world")
LAKES = ttr.load_map("great-lakes")
MAPS = {"world": WORLD, "great-lakes": LAKES}
HYP = settings(max_examples=60, deadline=None, database=None,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def c(**kw) -> str:
    return cards(**kw)


def by_names(m, a: str, b: str, kind: str | None = None) -> list[int]:
    return [r.id for r in m.routes if set(r.cities) == {a, b} and (kind is None or r.kind == kind)]


def play_turn_draws(g, n_turns: int) -> None:
    """Let the players take `n_turns` whole turns of blind train draws (or exchanges / pass)."""
    for _ in range(n_turns):
        start = g.turns
        while g.turns == start and not g.is_over:
            la = legal(g)
            for pick in ("draw deck train", "draw deck ship"):
                if pick in la:
                    g.apply(pick)
                    break
            else:
                g.apply(sorted(la)[0])


# =========================================================== map and deck facts

def test_world_map_facts():
    """The board the rules below rely on: 47 cities + the Indian Ocean junction, 130 routes."""
    m = WORLD
    cities = [x for x in m.cities if not x.junction]
    junctions = [x.name for x in m.cities if x.junction]
    assert len(cities) == 47 and junctions == ["Indian Ocean waypoint"]
    assert len(m.routes) == 130
    assert sum(r.kind == "train" for r in m.routes) == 71 and sum(r.kind == "ship" for r in m.routes) == 59
    pairs = {frozenset((r.id, *r.twins)) for r in m.routes if r.twins}
    assert len(pairs) == 34 and all(len(p) == 2 for p in pairs)
    paired = {r.id: r for r in m.routes if r.pairs}
    assert sorted(paired) == [10, 22, 50, 59, 91]
    assert all(r.color == "gray" and r.kind == "train" and r.pairs == r.length for r in paired.values())
    assert len(m.tickets) == 65
    assert sorted(t.id for t in m.tickets if t.tour) == list(range(58, 66))
    for t in m.tickets:
        if t.tour:
            assert len(t.cities) >= 3 and t.points > t.points_any_order > 0 and t.penalty > 0
        else:
            assert len(t.cities) == 2


def test_great_lakes_map_facts():
    m = LAKES
    assert sum(not x.junction for x in m.cities) == 35
    assert sorted(x.name for x in m.cities if x.junction) == ["Lake Huron", "Lake Superior"]
    assert len(m.routes) == 110 and len(m.tickets) == 55
    assert [r.id for r in m.routes if r.length == 9] == [27]


@pytest.mark.parametrize("map_name", ["world", "great-lakes"])
def test_G1_double_routes_are_of_one_kind(map_name):
    """G1 (Rails & Sails): only routes of the same kind form a double route."""
    m = MAPS[map_name]
    for r in m.routes:
        for t in r.twins:
            assert m.route(t).kind == r.kind and set(m.route(t).cities) == set(r.cities)
    for a in m.routes:
        for b in m.routes:
            if a.id < b.id and set(a.cities) == set(b.cities):
                assert (b.id in a.twins) == (a.kind == b.kind), (a.id, b.id)


@pytest.mark.parametrize("map_name", ["world", "great-lakes"])
def test_RS2_decks_contents(map_name):
    """Train deck 80 (per colour 7 plain + 4 anchored, 14 jokers), ship deck 60 (per colour 4 single + 6 double)."""
    g = ttr.new_game(map_name, 3, 5)
    train, ship = census(ttr.save_game(g))
    assert train == TRAIN_DECK and sum(train.values()) == 80
    assert ship == SHIP_DECK and sum(ship.values()) == 60
    assert g.card_census() == 140


# ====================================================================== RS1 setup

@pytest.mark.parametrize("map_name,per_deck", [("world", (3, 7)), ("great-lakes", (2, 2))])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_RS1_hands_per_map(map_name, per_deck, players):
    for seed in range(4):
        d = ttr.save_game(ttr.new_game(map_name, players, seed))
        for p in d["players"]:
            h = Counter(p["hand"])
            assert sum(v for k, v in h.items() if k in TRAIN_KINDS) == per_deck[0], h
            assert sum(v for k, v in h.items() if k in SHIP_KINDS) == per_deck[1], h
        dealt_t, dealt_s = per_deck[0] * players, per_deck[1] * players
        assert len(d["deck"]) + len(d["discard"]) == 80 - dealt_t - 3
        assert len(d["ship_deck"]) + len(d["ship_discard"]) == 60 - dealt_s - 3


@pytest.mark.parametrize("map_name", ["world", "great-lakes"])
def test_RS1_display_three_cards_from_each_deck(map_name):
    for seed in range(12):
        d = ttr.save_game(ttr.new_game(map_name, 4, seed))
        fu = d["face_up"]
        assert len(fu) == 6 and None not in fu
        assert sum(x in TRAIN_KINDS for x in fu) == 3 and sum(x in SHIP_KINDS for x in fu) == 3, fu
        assert fu.count(JOKER) < 3


def test_RS1_five_tickets_keep_at_least_three_unkept_under_the_pile():
    g = ttr.new_game("world", 3, 11)
    d = ttr.save_game(g)
    assert d["phase"] == "initial-tickets"
    offers = [p["offer"] for p in d["players"]]
    assert all(len(o) == 5 for o in offers)
    assert len({t for o in offers for t in o}) == 15
    expected = {"keep " + " ".join(map(str, k)) for n in (3, 4, 5) for k in combinations(sorted(offers[0]), n)}
    assert legal(g) == expected and len(expected) == 16
    keep = sorted(offers[0])[:3]
    assert_illegal(g, "keep " + " ".join(map(str, sorted(offers[0])[:2])), "at least 3")
    pile = d["ticket_pile"]
    g.apply("keep " + " ".join(map(str, keep)))
    after = ttr.save_game(g)
    unkept = sorted(set(offers[0]) - set(keep))
    assert sorted(after["ticket_pile"][:2]) == unkept, "unkept initial tickets go under the pile (RS1)"
    assert after["ticket_pile"][2:] == pile
    assert after["players"][0]["tickets"] == keep
    assert after["phase"] == "initial-tickets" and after["current_player"] == 1


@pytest.mark.parametrize("map_name,lo,hi,total", [("world", 10, 25, 60), ("great-lakes", 18, 33, 50)])
def test_RS1_piece_choices_legal_set(map_name, lo, hi, total):
    """World: exactly 60, <= 25 trains, <= 50 ships; Great Lakes: 50, <= 33, <= 32. 16 options each."""
    g = ttr.new_game(map_name, 2, 3)
    for _ in range(2):
        g.apply(g.legal_actions()[0])
    assert g.phase == "choose-pieces" and g.current_player == 0
    expected = {f"pieces {t} {total - t}" for t in range(lo, hi + 1)}
    assert legal(g) == expected and len(expected) == 16
    max_t, max_s, _ = PIECES[map_name]
    for t, s in [(hi + 1, total - hi - 1), (lo - 1, total - lo + 1), (hi, total - hi - 1), (hi, total - hi + 1),
                 (0, total), (max_t, max_s)]:
        assert_illegal(g, f"pieces {t} {s}")


def _to_pieces_phase(map_name, players, seed):
    g = ttr.new_game(map_name, players, seed)
    while g.phase == "initial-tickets":
        g.apply(g.legal_actions()[0])
    return g


def test_RS1_piece_choices_applied_together_with_the_box():
    g = _to_pieces_phase("world", 3, 8)
    g.apply("pieces 20 40")
    d = ttr.save_game(g)
    assert d["phase"] == "choose-pieces" and d["current_player"] == 1
    assert [(p["trains"], p["ships"]) for p in d["players"]] == [(0, 0)] * 3, "applied before all have chosen"
    assert g.view(1)["players"][0]["trains"] == 0 and g.view(1)["players"][0]["ships"] == 0
    g.apply("pieces 25 35")
    g.apply("pieces 10 50")
    d = ttr.save_game(g)
    assert d["phase"] == "turn" and d["current_player"] == 0
    got = [(p["trains"], p["ships"], p["box"]["trains"], p["box"]["ships"]) for p in d["players"]]
    assert got == [(20, 40, 5, 10), (25, 35, 0, 15), (10, 50, 15, 0)]
    v = g.view(2)
    assert [(p["trains"], p["ships"], p["box"]) for p in v["players"]] == [
        (20, 40, {"trains": 5, "ships": 10}), (25, 35, {"trains": 0, "ships": 15}),
        (10, 50, {"trains": 15, "ships": 0})]


def test_RS1_piece_choices_great_lakes_box():
    g = _to_pieces_phase("great-lakes", 2, 8)
    g.apply("pieces 18 32")
    g.apply("pieces 33 17")
    d = ttr.save_game(g)
    assert [(p["trains"], p["ships"], p["box"]["trains"], p["box"]["ships"]) for p in d["players"]] == [
        (18, 32, 15, 0), (33, 17, 0, 15)]


def test_RS1_piece_choices_secret_until_all_have_chosen():
    """Each player chooses secretly; choices are revealed together: what seat 1 sees
    before choosing must not depend on what seat 0 chose."""
    views = []
    for choice in ("pieces 25 35", "pieces 12 48"):
        g = _to_pieces_phase("world", 2, 21)
        g.apply(choice)
        assert g.current_player == 1 and g.phase == "choose-pieces"
        views.append(g.view(1))
    for key in views[0]:
        assert views[0][key] == views[1][key], f"view of seat 1 differs in {key!r}: {views[0][key]} / {views[1][key]}"
    assert json.dumps(views[0]) == json.dumps(views[1])


def test_RS1_G7_random_first_player_starts_tickets_pieces_and_turns():
    seed = next(s for s in range(50) if ttr.new_game("world", 4, s, random_first=True).first_player == 2)
    g = ttr.new_game("world", 4, seed, random_first=True)
    order = []
    while g.phase == "initial-tickets":
        order.append(g.current_player)
        g.apply(g.legal_actions()[0])
    assert order == [2, 3, 0, 1]
    order = []
    while g.phase == "choose-pieces":
        order.append(g.current_player)
        assert ttr.save_game(g)["players"][order[0]]["trains"] == 0
        g.apply("pieces 20 40")
    assert order == [2, 3, 0, 1]
    assert g.phase == "turn" and g.current_player == 2
    assert all((p["trains"], p["ships"]) == (20, 40) for p in ttr.save_game(g)["players"])


def test_RS1_three_harbors_each():
    g = _to_pieces_phase("world", 2, 1)
    g.apply("pieces 25 35")
    g.apply("pieces 25 35")
    assert g.view(0)["you"]["harbors_left"] == 3
    r = g.result()
    assert all(p["harbor_points"] == -12 and p["harbors_built"] == 0 for p in r["players"])


# ===================================================================== RS2 drawing

FACE = ["purple-train", "white-train", "green-train", "yellow-ship", "black-ship", "red-ship"]


def test_RS2_draw_face_up_refill_from_the_chosen_deck():
    g = rs_scenario(face_up=FACE, train_top=["red-train", "black-train"], ship_top=["white-double-ship", "green-ship"])
    d0 = ttr.save_game(g)
    g.apply("draw purple-train ship")
    d = ttr.save_game(g)
    assert d["face_up"][0] == "white-double-ship", "the slot is refilled from the ship deck"
    assert d["deck"] == d0["deck"] and d["ship_deck"] == d0["ship_deck"][:-1]
    assert hand(g, 0)["purple-train"] == 1
    assert g.phase == "second-card" and g.current_player == 0
    g.apply("draw yellow-ship train")
    d = ttr.save_game(g)
    assert d["face_up"][3] == "red-train", "the slot is refilled from the train deck"
    assert d["ship_deck"] == d0["ship_deck"][:-1] and d["deck"] == d0["deck"][:-1]
    assert hand(g, 0)["yellow-ship"] == 1
    assert g.phase == "turn" and g.current_player == 1
    assert Counter(x in TRAIN_KINDS for x in d["face_up"]) == Counter({True: 3, False: 3})


def test_RS2_draw_options_list():
    g = rs_scenario(face_up=FACE)
    expected = {f"draw {x} {dk}" for x in FACE for dk in ("train", "ship")} | {"draw deck train", "draw deck ship"}
    assert {a for a in legal(g) if a.startswith("draw")} == expected
    assert_illegal(g, "draw purple-train none")
    assert_illegal(g, "draw red-train train", "no red-train card is face up")
    assert_illegal(g, "draw purple-train", "two decks")


def test_RS2_at_most_two_cards_a_player_may_stop_after_the_first():
    """RS2 (the rulebook: 最多兩張, at most two cards): after the first card the player may take
    no second one; `stop` ends the turn and is offered only then, and only in Rails & Sails."""
    g = rs_scenario(face_up=FACE, train_top=["red-train", "black-train"], ship_top=["white-double-ship"])
    assert "stop" not in legal(g)
    assert_illegal(g, "stop", "legal actions are")
    g.apply("draw deck train")
    assert g.phase == "second-card" and "stop" in legal(g)
    before = ttr.save_game(g)
    g.apply("stop")
    d = ttr.save_game(g)
    assert g.phase == "turn" and g.current_player == 1 and hand(g, 0) == Counter({"red-train": 1})
    assert d["deck"] == before["deck"] and d["face_up"] == before["face_up"], "stopping takes no card"
    assert ttr.Action.from_text("stop") == g.actions[-1] and str(g.actions[-1]) == "stop"


def test_RS2_stop_is_logged_saved_and_replayed():
    g = ttr.new_game("world", 2, seed=4)
    while g.phase != "turn":
        g.apply(g.legal_actions()[0])
    g.apply("draw deck ship")
    g.apply("stop")
    assert g.log[-1]["action"] == "stop" and "takes no second card" in ttr.engine.words(g.log[-1], g.actions[-1], g.rules)
    again = ttr.replay("world", 2, 4, g.history)
    assert ttr.save_game(again) == ttr.save_game(g)
    assert ttr.load_game(ttr.save_game(g)).history[-1] == "stop"


def test_RS2_stop_is_not_an_action_of_one_deck_editions():
    g = ttr.new_game("europe", 2, seed=1)
    while g.phase != "turn":
        g.apply(g.legal_actions()[0])
    g.apply("draw deck")
    assert g.phase == "second-card" and all(a.kind != "stop" for a in g.legal_actions())
    with pytest.raises(ttr.IllegalActionError, match="legal actions are: draw"):
        g.apply("stop")


def test_RS2_blind_draw_from_either_deck():
    g = rs_scenario(face_up=FACE, train_top=["joker", "red-train"], ship_top=["white-double-ship", "green-ship"])
    g.apply("draw deck ship")
    assert hand(g, 0) == Counter({"white-double-ship": 1})
    assert g.phase == "second-card"
    g.apply("draw deck train")
    assert hand(g, 0) == Counter({"white-double-ship": 1, "joker": 1}), "a blind joker is one of the two cards (G4)"
    assert ttr.save_game(g)["face_up"] == FACE
    assert g.current_player == 1


def test_G4_blind_joker_first_allows_a_second_card():
    g = rs_scenario(face_up=FACE, train_top=["joker", "red-train"])
    g.apply("draw deck train")
    assert g.phase == "second-card" and g.current_player == 0
    g.apply("draw deck train")
    assert hand(g, 0) == Counter({"joker": 1, "red-train": 1}) and g.current_player == 1


def test_G4_face_up_joker_is_the_whole_draw():
    fu = ["joker", "white-train", "green-train", "yellow-ship", "black-ship", "red-ship"]
    g = rs_scenario(face_up=fu, train_top=["red-train"])
    g.apply("draw joker train")
    assert hand(g, 0) == Counter({"joker": 1})
    assert g.phase == "turn" and g.current_player == 1, "taking a face-up joker ends the draw"


def test_G4_face_up_joker_never_the_second_card():
    fu = ["joker", "white-train", "green-train", "yellow-ship", "black-ship", "red-ship"]
    g = rs_scenario(face_up=fu, train_top=["red-train"])
    g.apply("draw white-train train")
    assert g.phase == "second-card"
    assert not any(a.startswith("draw joker") for a in legal(g))
    assert_illegal(g, "draw joker train", "second card")
    assert_illegal(g, "draw joker ship", "second card")
    assert "draw green-train ship" in legal(g) and "draw deck train" in legal(g)


def test_G4_joker_turned_up_by_the_refill_not_the_second_card():
    g = rs_scenario(face_up=FACE, train_top=["joker", "red-train"])
    g.apply("draw purple-train train")
    assert ttr.save_game(g)["face_up"][0] == JOKER
    assert g.phase == "second-card"
    assert not any(a.startswith("draw joker") for a in legal(g))
    assert_illegal(g, "draw joker ship")
    g.apply("draw deck ship")
    assert g.current_player == 1


def test_RS2_three_face_up_jokers_reset_all_six_three_from_each_deck():
    fu = ["joker", "joker", "purple-train", "yellow-ship", "black-ship", "red-ship"]
    train_top = ["joker", "white-train", "green-train", "yellow-train", "black-train"]
    ship_top = ["purple-ship", "white-ship", "green-ship", "red-double-ship"]
    g = rs_scenario(face_up=fu, train_top=train_top, ship_top=ship_top)
    g.apply("draw purple-train train")  # the refill is the third joker
    d = ttr.save_game(g)
    assert Counter(d["discard"]) == Counter({"joker": 3}), "the jokers go to the train discard"
    assert Counter(d["ship_discard"]) == Counter({"yellow-ship": 1, "black-ship": 1, "red-ship": 1})
    assert Counter(d["face_up"]) == Counter(["white-train", "green-train", "yellow-train",
                                             "purple-ship", "white-ship", "green-ship"])
    assert g.phase == "second-card", "the reset does not end the draw"
    assert hand(g, 0) == Counter({"purple-train": 1})


def test_RS2_refill_from_ship_deck_cannot_make_a_third_joker():
    fu = ["joker", "joker", "purple-train", "yellow-ship", "black-ship", "red-ship"]
    g = rs_scenario(face_up=fu, train_top=["joker"], ship_top=["purple-ship"])
    g.apply("draw purple-train ship")
    d = ttr.save_game(g)
    assert d["face_up"] == ["joker", "joker", "purple-ship", "yellow-ship", "black-ship", "red-ship"]
    assert d["discard"] == [] and d["ship_discard"] == []


def test_G2_no_reset_when_no_display_with_fewer_jokers_can_be_dealt():
    """G2 + RS2 (RS-P2): the train deck (and its discard) hold only jokers, so every
    3 + 3 deal shows 3 jokers: the display is left as it is (never loop)."""
    non_joker_train = {k: v for k, v in TRAIN_DECK.items() if k != JOKER}
    hands = {1: dict(non_joker_train)}
    hands[1]["purple-train"] -= 1
    fu = ["joker", "joker", "purple-train", "yellow-ship", "black-ship", "red-ship"]
    g = rs_scenario(face_up=fu, hands=hands, train_top=["joker"] * 12)
    g.apply("draw purple-train train")
    d = ttr.save_game(g)
    train, ship = census(d)
    assert train == TRAIN_DECK and ship == SHIP_DECK
    assert g.phase == "second-card"
    assert d["face_up"] == ["joker", "joker", "joker", "yellow-ship", "black-ship", "red-ship"]
    assert d["discard"] == [] and d["ship_discard"] == []


def test_RS2_each_deck_reshuffles_its_own_discard():
    g = rs_scenario(face_up=FACE, train_deck=[], spare={"train": "discard", "ship": "deck"})
    d0 = ttr.save_game(g)
    assert d0["deck"] == [] and d0["discard"]
    g.apply("draw deck train")
    d = ttr.save_game(g)
    got = hand(g, 0)
    assert sum(got.values()) == 1 and set(got) <= TRAIN_KINDS
    assert d["discard"] == [] and len(d["deck"]) == len(d0["discard"]) - 1
    assert Counter(d["deck"]) + got == Counter(d0["discard"])
    assert d["ship_deck"] == d0["ship_deck"] and d["ship_discard"] == d0["ship_discard"]


def test_RS2_ship_deck_reshuffles_its_own_discard_for_a_refill():
    g = rs_scenario(face_up=FACE, ship_deck=[], spare={"train": "deck", "ship": "discard"})
    d0 = ttr.save_game(g)
    assert "draw purple-train ship" in legal(g) and "draw deck ship" in legal(g)
    g.apply("draw purple-train ship")
    d = ttr.save_game(g)
    assert d["face_up"][0] in SHIP_KINDS
    assert d["ship_discard"] == [] and Counter(d["ship_deck"]) + Counter([d["face_up"][0]]) == Counter(
        d0["ship_discard"])
    assert d["deck"] == d0["deck"] and d["discard"] == d0["discard"]


def test_RS2_empty_deck_and_discard_that_deck_cannot_be_drawn():
    """G3 per deck: the ship deck and its discard empty -> no blind ship draw, no ship refill."""
    g = rs_scenario(face_up=FACE, spare={"train": "deck", "ship": 1})
    d = ttr.save_game(g)
    assert d["ship_deck"] == [] and d["ship_discard"] == []
    la = legal(g)
    assert "draw deck ship" not in la and "draw deck train" in la
    assert "draw yellow-ship train" in la and "draw yellow-ship ship" not in la
    assert_illegal(g, "draw deck ship")
    assert_illegal(g, "draw purple-train ship")
    assert_illegal(g, "draw purple-train none")


def test_G3_both_decks_empty_slot_stays_empty():
    g = rs_scenario(face_up=FACE, spare=1)
    la = legal(g)
    assert {a for a in la if a.startswith("draw")} == {f"draw {x} none" for x in FACE}
    g.apply("draw purple-train none")
    assert ttr.save_game(g)["face_up"][0] is None
    assert "draw deck train" not in legal(g)
    g.apply("draw white-train none")
    assert ttr.save_game(g)["face_up"][:2] == [None, None] and g.current_player == 1


def test_RS_P1_emptied_slots_refill_from_the_train_pile_first():
    """RS-P1: slots left empty (both piles were out) refill after a claim, from the
    train pile first, then from the ship pile."""
    g = rs_scenario(face_up=FACE, spare=1)
    g.apply("draw purple-train none")
    g.apply("draw white-train none")  # slots 0 and 1 stay empty; seat 1 to play
    g.apply("claim 60 " + c(white_ship=1, white_double_ship=1, joker=1))  # joker -> train discard
    d = ttr.save_game(g)
    assert d["face_up"][0] == "joker"  # the train pile refills first
    assert d["face_up"][1] in ("white-ship", "white-double-ship")  # then the ship pile
    assert d["face_up"][2:] == list(FACE[2:])


def test_RS2_claim_discards_go_to_their_own_deck():
    g = rs_scenario(hands={0: {"white-double-ship": 1, "white-ship": 1, "joker": 1}}, routes={})
    g.apply("claim 60 " + c(white_ship=1, white_double_ship=1, joker=1))  # DES-Mumbai, 4 white ship spaces
    d = ttr.save_game(g)
    assert d["discard"] == ["joker"]
    assert Counter(d["ship_discard"]) == Counter({"white-ship": 1, "white-double-ship": 1})


# ==================================================================== RS3 claiming

def test_RS3_purple_three_space_train_route_rulebook_example():
    """Peter plays three purple train cards; any of them may be a joker."""
    (r,) = by_names(WORLD, "Novosibirsk", "Yakutsk")
    assert WORLD.route(r).color == "purple" and WORLD.route(r).length == 3 and WORLD.route(r).kind == "train"
    g = rs_scenario(hands={0: {"purple-train": 3, "joker": 3, "purple-ship": 3, "white-train": 3}})
    assert claims_of(g, r) == {f"claim {r} " + x for x in (
        c(purple_train=3), c(purple_train=2, joker=1), c(purple_train=1, joker=2), c(joker=3))}
    g.apply(f"claim {r} " + c(purple_train=2, joker=1))
    d = ttr.save_game(g)
    assert d["routes"] == {str(r): 0} and d["players"][0]["score"] == 4
    assert d["players"][0]["trains"] == 22 and d["players"][0]["ships"] == 35


def test_RS3_anchored_train_cards_count_as_train_cards():
    g = rs_scenario(hands={0: {"purple-train": 2, "purple-train-anchor": 1, "joker": 1}})
    assert claims_of(g, 119) == {"claim 119 " + x for x in (
        c(purple_train=2, purple_train_anchor=1), c(purple_train=2, joker=1),
        c(purple_train=1, purple_train_anchor=1, joker=1))}


def test_RS3_train_route_refuses_superfluous_and_wrong_cards():
    g = rs_scenario(hands={0: {"purple-train": 4, "joker": 2, "purple-ship": 2, "purple-double-ship": 2,
                               "white-train": 3}})
    assert_illegal(g, "claim 119 " + c(purple_train=3, joker=1))  # a joker next to an exact payment
    assert_illegal(g, "claim 119 " + c(purple_train=4))
    assert_illegal(g, "claim 119 " + c(purple_train=2, purple_ship=1))  # ship cards never pay train routes
    assert_illegal(g, "claim 119 " + c(purple_double_ship=2))
    assert_illegal(g, "claim 119 " + c(purple_train=2))  # too few
    assert_illegal(g, "claim 119 " + c(white_train=3))  # wrong colour


def test_RS3_white_four_space_ship_route_rulebook_example():
    """Steven plays two white double ships; or four singles; or two singles + one double; jokers too."""
    (r,) = by_names(WORLD, "Dar Es Salaam", "Mumbai")
    assert (WORLD.route(r).color, WORLD.route(r).length, WORLD.route(r).kind) == ("white", 4, "ship")
    g = rs_scenario(hands={0: {"white-double-ship": 2, "white-ship": 4, "joker": 1}})
    assert claims_of(g, r) == {f"claim {r} " + x for x in (
        c(white_double_ship=2), c(white_ship=4), c(white_ship=2, white_double_ship=1),
        c(white_ship=1, white_double_ship=1, joker=1), c(white_ship=3, joker=1))}
    g.apply(f"claim {r} " + c(white_double_ship=2))
    d = ttr.save_game(g)["players"][0]
    assert (d["trains"], d["ships"], d["score"]) == (25, 31, 7)


def test_RS3_ship_route_jokers():
    g = rs_scenario(hands={0: {"white-double-ship": 1, "joker": 4}})
    assert claims_of(g, 60) == {"claim 60 " + x for x in (c(white_double_ship=1, joker=2), c(joker=4))}


def test_RS3_five_space_ship_route_doubles_may_overpay_by_one():
    """Two doubles + one single, or three doubles (only 5 ships placed)."""
    (r,) = by_names(WORLD, "Honolulu", "Manila")
    assert (WORLD.route(r).color, WORLD.route(r).length, WORLD.route(r).kind) == ("white", 5, "ship")
    g = rs_scenario(hands={0: {"white-double-ship": 3, "white-ship": 1}})
    assert claims_of(g, r) == {f"claim {r} " + c(white_ship=1, white_double_ship=2),
                               f"claim {r} " + c(white_double_ship=3)}
    g2 = rs_scenario(hands={0: {"white-double-ship": 4, "white-ship": 2, "joker": 2}})
    assert claims_of(g2, r) == {f"claim {r} " + x for x in (
        c(white_ship=1, white_double_ship=2), c(white_double_ship=3), c(white_double_ship=2, joker=1),
        c(white_ship=2, white_double_ship=1, joker=1), c(white_ship=1, white_double_ship=1, joker=2))}
    g.apply(f"claim {r} " + c(white_double_ship=3))
    d = ttr.save_game(g)["players"][0]
    assert (d["ships"], d["score"]) == (30, 10), "three doubles on 5 spaces place 5 ships"


def test_RS3_refuses_superfluous_ship_payments():
    g = rs_scenario(hands={0: {"white-double-ship": 4, "white-ship": 4, "joker": 2, "white-train": 4}})
    assert_illegal(g, "claim 60 " + c(white_double_ship=3))  # 3 doubles on 4 spaces
    assert_illegal(g, "claim 60 " + c(white_double_ship=2, joker=1))  # a joker next to an exact payment
    assert_illegal(g, "claim 60 " + c(white_double_ship=2, white_ship=1))
    assert_illegal(g, "claim 60 " + c(white_ship=4, joker=1))
    assert_illegal(g, "claim 81 " + c(white_double_ship=2, white_ship=2))  # 5 spaces: 2 doubles + 2 singles
    assert_illegal(g, "claim 81 " + c(white_double_ship=3, white_ship=1))
    assert_illegal(g, "claim 81 " + c(white_double_ship=3, joker=1))
    assert_illegal(g, "claim 60 " + c(white_train=4))  # train cards never pay ship routes
    assert_illegal(g, "claim 60 " + c(white_ship=3))  # too few


def test_RS3_gray_routes_take_one_colour():
    g = rs_scenario(hands={0: {"red-train": 2, "black-train": 1, "red-double-ship": 1, "black-ship": 1}})
    assert claims_of(g, 2) == set()  # Al-Qahira-Casablanca, 3 gray train
    assert_illegal(g, "claim 2 " + c(black_train=1, red_train=2))
    assert claims_of(g, 40) == set()  # Cape Town-Toamasina, 3 gray ship
    assert_illegal(g, "claim 40 " + c(black_ship=1, red_double_ship=1))
    g2 = rs_scenario(hands={0: {"red-train": 3, "red-double-ship": 1, "red-ship": 1, "black-double-ship": 2}})
    assert claims_of(g2, 2) == {"claim 2 " + c(red_train=3)}
    assert claims_of(g2, 40) == {"claim 40 " + c(red_ship=1, red_double_ship=1),
                                 "claim 40 " + c(black_double_ship=2)}


def test_RS3_paired_route_rulebook_anchorage_vancouver():
    """Route 10, 2 paired spaces = 4 train cards, each pair one colour or with a joker."""
    r = WORLD.route(10)
    assert set(r.cities) == {"Anchorage", "Vancouver"} and r.pairs == 2 and r.length == 2
    g = rs_scenario(hands={0: {"red-train": 3, "black-train": 2, "joker": 1}})
    assert claims_of(g, 10) == {"claim 10 " + x for x in (
        c(black_train=2, red_train=2), c(red_train=3, joker=1),
        c(black_train=1, red_train=2, joker=1), c(black_train=2, red_train=1, joker=1))}
    assert_illegal(g, "claim 10 " + c(black_train=1, red_train=3))
    assert_illegal(g, "claim 10 " + c(red_train=2))  # one card per space is not enough
    assert_illegal(g, "claim 10 " + c(black_train=2, red_train=2, joker=1))  # superfluous joker
    g.apply("claim 10 " + c(black_train=2, red_train=2))
    d = ttr.save_game(g)
    assert d["players"][0]["trains"] == 23, "a paired route places one train per space"
    assert d["players"][0]["score"] == 2
    assert Counter(d["discard"]) == Counter({"black-train": 2, "red-train": 2})


def test_RS3_paired_route_three_red_one_joker():
    g = rs_scenario(hands={0: {"red-train": 3, "joker": 1}})
    assert claims_of(g, 10) == {"claim 10 " + c(red_train=3, joker=1)}


def test_RS3_paired_route_anchored_cards_and_jokers():
    g = rs_scenario(hands={0: {"red-train": 1, "red-train-anchor": 1, "joker": 2}})
    assert claims_of(g, 50) == {"claim 50 " + x for x in (
        c(red_train=1, red_train_anchor=1), c(red_train=1, joker=1), c(red_train_anchor=1, joker=1), c(joker=2))}
    assert claims_of(g, 10) == {"claim 10 " + c(red_train=1, red_train_anchor=1, joker=2)}


def test_RS3_paired_route_refuses_ship_cards_and_one_card_per_space():
    g = rs_scenario(hands={0: {"red-ship": 2, "red-double-ship": 2, "red-train": 1, "black-train": 1}})
    assert claims_of(g, 50) == set()
    assert_illegal(g, "claim 50 " + c(red_double_ship=1))
    assert_illegal(g, "claim 50 " + c(black_train=1, red_train=1))
    assert_illegal(g, "claim 50 " + c(red_train=1))


def test_RS3_paired_route_colour_may_change_every_space_three_pairs():
    """Route 22 (Beijing-Lahore, 3 paired spaces): 2 red + 2 black + 2 white pays, one colour per pair."""
    assert WORLD.route(22).pairs == 3
    g = rs_scenario(hands={0: {"red-train": 2, "black-train": 2, "white-train": 2}})
    pay = "claim 22 " + c(white_train=2, black_train=2, red_train=2)
    assert claims_of(g, 22) == {pay}
    g.apply(pay)
    assert ttr.save_game(g)["routes"] == {"22": 0}


PHYSICAL_TRAIN = sorted(TRAIN_DECK.elements())
PHYSICAL_ALL = sorted(ALL_CARDS.elements())


@given(st.fixed_dictionaries({**{f"{x}-train": st.integers(0, 2) for x in RS_COLOURS},
                              **{f"{x}-train-anchor": st.integers(0, 1) for x in RS_COLOURS},
                              JOKER: st.integers(0, 2)}),
       st.sampled_from([10, 22, 50, 59, 91]))
@example({"green-train": 1, "green-train-anchor": 1, "yellow-train": 2, "red-train": 2}, 22)
@example({"purple-train": 1, "black-train": 1, "joker": 2}, 10)
@settings(max_examples=150, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
def test_RS3_paired_payments_match_the_rule(counts, route):
    """Any hand: the legal payments of a paired route are exactly 2 cards per space,
    each pair one colour or with jokers, nothing superfluous."""
    h = Counter({k: v for k, v in counts.items() if v})
    g = rs_scenario(hands={0: dict(h)})
    expected = {f"claim {route} {p}" for p in ref_route_payments(WORLD.route(route), h)}
    assert claims_of(g, route) == expected


SHIP_ROUTES = [r.id for r in WORLD.routes if r.kind == "ship"]
TRAIN_ROUTES = [r.id for r in WORLD.routes if r.kind == "train" and not r.pairs]


@given(st.lists(st.integers(0, len(PHYSICAL_ALL) - 1), unique=True, max_size=16),
       st.sampled_from(SHIP_ROUTES + TRAIN_ROUTES))
@HYP
def test_RS3_payments_match_the_rule(drawn, route):
    """Any hand: the legal payments of a train or ship route are exactly the covering,
    minimal card sets (no card removable)."""
    h = Counter(PHYSICAL_ALL[i] for i in drawn)
    g = rs_scenario(hands={0: dict(h)})
    expected = {f"claim {route} {p}" for p in ref_route_payments(WORLD.route(route), h)}
    assert claims_of(g, route) == expected


def test_RS3_train_routes_use_train_pieces():
    """Not enough train pieces -> the train route is not legal, whatever the cards."""
    held = routes_totalling("world", "train", 9, exclude=[3, 28])
    g = rs_scenario(hands={0: {"white-train": 3, "white-double-ship": 3}}, routes={r: 0 for r in held},
                    choice={0: (10, 50)})
    assert ttr.save_game(g)["players"][0]["trains"] == 1
    assert claims_of(g, 3) == set()  # Al-Qahira-Djibouti, 2 white train
    assert_illegal(g, "claim 3 " + c(white_train=2))
    assert claims_of(g, 28) == {"claim 28 " + c(white_train=1)}  # Buenos Aires-Rio, 1 white train
    assert claims_of(g, 60) == {"claim 60 " + c(white_double_ship=2)}  # ships are plenty
    g.apply("claim 60 " + c(white_double_ship=2))
    d = ttr.save_game(g)["players"][0]
    assert (d["trains"], d["ships"]) == (1, 46)


def test_RS3_ship_routes_use_ship_pieces():
    held = routes_totalling("world", "ship", 34, exclude=[16, 1, 3])
    g = rs_scenario(hands={0: {"white-double-ship": 2, "green-ship": 1, "white-train": 2}}, routes={r: 0 for r in held})
    d = ttr.save_game(g)["players"][0]
    assert (d["trains"], d["ships"]) == (25, 1)
    assert claims_of(g, 16) == set()  # Bangkok-Jakarta, 2 white ship
    assert_illegal(g, "claim 16 " + c(white_double_ship=1))
    assert claims_of(g, 1) == {"claim 1 " + c(green_ship=1)}  # Al-Qahira-Athina, 1 green ship
    g.apply("claim 3 " + c(white_train=2))
    d = ttr.save_game(g)["players"][0]
    assert (d["trains"], d["ships"]) == (23, 1)


def test_RS3_route_points_table():
    ed = ttr.get_edition("world")
    assert ed.route_points == {k: v for k, v in ROUTE_POINTS.items() if k <= 8}
    lakes = ttr.get_edition("great-lakes")
    assert lakes.route_points == ROUTE_POINTS


def test_RS3_great_lakes_nine_space_route_scores_27():
    """Cleveland-New York (9, gray) scores 27 (flagged unverified in RS3)."""
    g = rs_scenario("great-lakes", hands={0: {"red-train": 7, "red-train-anchor": 2}})
    assert claims_of(g, 27) == {"claim 27 " + c(red_train=7, red_train_anchor=2)}
    g.apply("claim 27 " + c(red_train=7, red_train_anchor=2))
    d = ttr.save_game(g)["players"][0]
    assert (d["score"], d["trains"]) == (27, 24)


# ================================================================ G1 double routes

@pytest.mark.parametrize("players", [2, 3])
def test_G1_two_or_three_players_close_the_other_lane(players):
    g = rs_scenario(players=players, hands={0: {"white-train": 2}, 1: {"red-train": 2}})
    g.apply("claim 3 " + c(white_train=2))  # Al-Qahira-Djibouti white; 4 is the red lane
    assert g.current_player == 1
    assert claims_of(g, 4) == set()
    assert_illegal(g, "claim 4 " + c(red_train=2), "closed")


@pytest.mark.parametrize("players", [4, 5])
def test_G1_four_or_five_players_one_lane_each(players):
    g = rs_scenario(players=players, hands={0: {"white-train": 2, "red-train": 2}, 1: {"red-train": 2}})
    g.apply("claim 3 " + c(white_train=2))
    assert claims_of(g, 4) == {"claim 4 " + c(red_train=2)}
    g2 = rs_scenario(players=players, hands={0: {"red-train": 2}}, routes={3: 0})
    assert claims_of(g2, 4) == set()
    assert_illegal(g2, "claim 4 " + c(red_train=2), "other lane")


def test_G1_train_and_ship_route_between_the_same_cities_are_not_a_double():
    """Great Lakes Duluth-Thunder Bay: a train route (1) and a ship route (54)."""
    assert by_names(LAKES, "Duluth", "Thunder Bay") == [1, 54]
    g = rs_scenario("great-lakes", hands={0: {"black-train": 5, "yellow-double-ship": 2},
                                          1: {"yellow-double-ship": 2}})
    g.apply("claim 1 " + c(black_train=5))
    assert claims_of(g, 54) == {"claim 54 " + c(yellow_double_ship=2)}, "the other player may take the ship route"
    g2 = rs_scenario("great-lakes", hands={0: {"yellow-double-ship": 2}}, routes={1: 0})
    assert claims_of(g2, 54) == {"claim 54 " + c(yellow_double_ship=2)}, "and so may the train route's owner"
    g2.apply("claim 54 " + c(yellow_double_ship=2))
    assert ttr.save_game(g2)["routes"] == {"1": 0, "54": 0}


# ========================================================================= RS4

def test_RS4_later_ticket_draw_four_keep_one_unkept_under_the_pile():
    pile = list(range(1, 20))
    g = rs_scenario(ticket_pile=pile, tickets={0: [30, 31, 32], 1: [33, 34, 35]})
    g.apply("tickets")
    d = ttr.save_game(g)
    offer = d["players"][0]["offer"]
    assert sorted(offer) == [16, 17, 18, 19], "the top 4 of the pile"
    assert d["ticket_pile"] == list(range(1, 16))
    expected = {"keep " + " ".join(map(str, k)) for n in range(1, 5) for k in combinations([16, 17, 18, 19], n)}
    assert legal(g) == expected
    g.apply("keep 18")
    d = ttr.save_game(g)
    assert sorted(d["ticket_pile"][:3]) == [16, 17, 19] and d["ticket_pile"][3:] == list(range(1, 16))
    assert d["players"][0]["tickets"] == [30, 31, 32, 18]
    assert g.current_player == 1 and g.phase == "turn"


def test_RS4_fewer_than_four_tickets_left():
    g = rs_scenario(ticket_pile=[7, 9], tickets={0: [1], 1: [2]})
    g.apply("tickets")
    assert sorted(ttr.save_game(g)["players"][0]["offer"]) == [7, 9]
    assert legal(g) == {"keep 7", "keep 9", "keep 7 9"}


def test_RS4_no_ticket_draw_from_an_empty_pile():
    g = rs_scenario(ticket_pile=[], tickets={0: list(range(1, 34)), 1: list(range(34, 66))})
    assert "tickets" not in legal(g)
    assert_illegal(g, "tickets")


def _tour_result(routes, tickets, map_name="world", seat=0):
    m = MAPS[map_name]
    on_t = sum(m.route(r).length for r in routes if m.route(r).kind == "train")
    max_t, _, total = PIECES[map_name]
    choice = (max(on_t, total - 50 if map_name == "world" else total - 32), 0)
    choice = (choice[0], total - choice[0])
    g = rs_scenario(map_name, routes={r: seat for r in routes}, tickets={seat: tickets}, choice={seat: choice})
    return g.result()["players"][seat]


def test_RS4_tour_in_order():
    """Lagos-Luanda-Dar Es Salaam-Djibouti met in order: 9."""
    p = _tour_result([86, 59, 55], [63])
    assert p["tours"] == {63: "in_order"} and p["ticket_points"] == 9
    assert p["tickets_completed"] == [63]


def test_RS4_tour_in_order_needs_the_longer_path():
    """Casablanca-Al-Qahira-Tehran: the short way (Athina-Tehran) skips Al-Qahira, the
    in-order path Casablanca-Marseille-Athina-Al-Qahira-Tehran exists: 9."""
    p = _tour_result([50, 12, 13, 1, 5], [61])
    assert p["tours"] == {61: "in_order"} and p["ticket_points"] == 9


def test_RS4_tour_loop_would_repeat_a_city_scores_the_lower_value():
    """Casablanca-Marseille-Athina-Al-Qahira, then back through Athina to Tehran: meeting the
    cities in order would repeat Athina, so only the any-order value (6)."""
    p = _tour_result([50, 12, 1, 13], [61])
    assert p["tours"] == {61: "any_order"} and p["ticket_points"] == 6
    assert p["tickets_completed"] == [61]


def test_RS4_tour_listed_city_met_out_of_turn_on_the_only_path():
    """Casablanca-Marseille-Athina-Tehran-Al-Qahira: the only path to Al-Qahira passes Tehran
    (the last city) first: 6."""
    p = _tour_result([50, 12, 13, 5], [61])
    assert p["tours"] == {61: "any_order"} and p["ticket_points"] == 6


def test_RS4_tour_out_of_order_connected():
    """Lagos-Casablanca-Al-Qahira-Djibouti-Dar Es Salaam-Luanda: all connected, no in-order path: 6."""
    p = _tour_result([49, 2, 3, 55, 59], [63])
    assert p["tours"] == {63: "any_order"} and p["ticket_points"] == 6


def test_RS4_tour_incomplete_penalty():
    p = _tour_result([86, 59], [63])
    assert p["tours"] == {63: "failed"} and p["ticket_points"] == -15
    assert p["tickets_failed"] == [63]
    p = _tour_result([], [59, 65])
    assert p["ticket_points"] == -40 - 36


def test_RS4_tour_of_five_cities():
    """Murmansk-Tiksi-Novosibirsk-Yakutsk-Petropavlovsk in order: 30; with Tiksi-Yakutsk only
    as the link the order breaks: 20."""
    p = _tour_result([115, 118, 119, 126], [65])
    assert p["tours"] == {65: "in_order"} and p["ticket_points"] == 30
    p = _tour_result([115, 128, 119, 118, 126], [65])
    assert p["tours"] == {65: "in_order"}  # Murmansk-Tiksi-Novosibirsk-Yakutsk-Petropavlovsk still exists
    p = _tour_result([115, 128, 119, 126], [65])  # Novosibirsk only hangs off Yakutsk
    assert p["tours"] == {65: "any_order"} and p["ticket_points"] == 20


def _simple_paths(adj, start, goal):
    stack = [(start, [start])]
    while stack:
        u, path = stack.pop()
        for v in adj.get(u, ()):
            if v in path:
                continue
            if v == goal:
                yield path + [v]
            else:
                stack.append((v, path + [v]))


def _ref_tour(routes, tour):
    adj = {}
    for r in routes:
        a, b = WORLD.route(r).cities
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)
    seen, todo = {tour.cities[0]}, [tour.cities[0]]
    while todo:
        u = todo.pop()
        for v in adj.get(u, ()):
            if v not in seen:
                seen.add(v)
                todo.append(v)
    if not all(x in seen for x in tour.cities):
        return "failed", -tour.penalty
    listed = set(tour.cities)
    for path in _simple_paths(adj, tour.cities[0], tour.cities[-1]):
        if [x for x in path if x in listed] == list(tour.cities):
            return "in_order", tour.points
    return "any_order", tour.points_any_order


def _near(tour, hops=1):
    cities = set(tour.cities)
    for _ in range(hops):
        cities |= {x for r in WORLD.routes if set(r.cities) & cities for x in r.cities}
    return sorted(r.id for r in WORLD.routes if set(r.cities) <= cities)


@given(st.sampled_from(list(range(58, 66))), st.randoms(use_true_random=False), st.floats(0.3, 0.95))
@settings(max_examples=80, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
def test_RS4_tours_match_the_rule_on_random_networks(tid, rnd, density):
    tour = WORLD.ticket(tid)
    pool = _near(tour)
    routes, trains, ships = [], 0, 0
    for r in pool:
        x = WORLD.route(r)
        if rnd.random() < density and not any(t in routes for t in x.twins):
            if (x.kind == "train" and trains + x.length > 25) or (x.kind == "ship" and ships + x.length > 35):
                continue
            routes.append(r)
            trains += x.length if x.kind == "train" else 0
            ships += x.length if x.kind == "ship" else 0
    p = _tour_result(routes, [tid])
    status, pts = _ref_tour(routes, tour)
    assert p["tours"] == {tid: status}, (routes, p["tours"], status)
    assert p["ticket_points"] == pts


# ====================================================================== RS5 harbors

HARBOR_HAND = {"red-train-anchor": 2, "red-ship": 2, "joker": 1, "red-train": 2, "red-double-ship": 2}


def test_RS5_harbor_legal_cities_and_payments():
    g = rs_scenario(hands={0: HARBOR_HAND}, routes={30: 0, 55: 0, 33: 1})
    pays = {c(red_train_anchor=2, red_ship=2), c(red_train_anchor=1, red_ship=2, joker=1),
            c(red_train_anchor=2, red_ship=1, joker=1)}
    expected = {f"harbor {city} {p}" for city in ("Buenos Aires", "Valparaiso", "Dar Es Salaam") for p in pays}
    assert {a for a in legal(g) if a.startswith("harbor")} == expected
    assert not WORLD.cities[WORLD.city_index["Djibouti"]].harbor


def test_RS5_harbor_refusals():
    g = rs_scenario(hands={0: {**HARBOR_HAND, "black-ship": 2, "black-train-anchor": 1}}, routes={30: 0, 55: 0, 33: 1})
    ok = c(red_train_anchor=2, red_ship=2)
    assert_illegal(g, f"harbor Djibouti {ok}", "not a harbor city")
    assert_illegal(g, f"harbor Lagos {ok}", "no route")
    assert_illegal(g, f"harbor Cape Town {ok}", "no route")  # only the other player's route enters it
    assert_illegal(g, "harbor Buenos Aires " + c(red_train=2, red_ship=2))  # plain trains carry no anchor
    assert_illegal(g, "harbor Buenos Aires " + c(red_train_anchor=2, red_double_ship=1))  # doubles never
    assert_illegal(g, "harbor Buenos Aires " + c(red_train_anchor=2, red_double_ship=2))
    assert_illegal(g, "harbor Buenos Aires " + c(black_ship=2, red_train_anchor=2))  # one colour
    assert_illegal(g, "harbor Buenos Aires " + c(red_train_anchor=2, red_ship=2, joker=1))  # superfluous
    assert_illegal(g, "harbor Buenos Aires " + c(red_ship=2, joker=1))  # too few
    assert_illegal(g, "harbor Buenos Aires " + c(red_ship=1, red_train_anchor=1, red_train=1, joker=1))


def test_RS5_harbor_jokers_wild():
    g = rs_scenario(hands={0: {"joker": 4, "black-ship": 1}}, routes={30: 0})
    assert {a for a in legal(g) if a.startswith("harbor")} == {
        f"harbor {city} {p}" for city in ("Buenos Aires", "Valparaiso")
        for p in (c(joker=4), c(black_ship=1, joker=3))}
    g2 = rs_scenario(hands={0: {"joker": 2, "black-ship": 1, "red-train-anchor": 1, "white-double-ship": 3}},
                     routes={30: 0})
    assert "harbor" not in legal_kinds(g2)


@given(st.fixed_dictionaries({**{f"{x}-{part}": st.integers(0, 3) for x in ("red", "black")
                                 for part in ("train", "train-anchor", "ship", "double-ship")},
                              JOKER: st.integers(0, 5)}))
@HYP
def test_RS5_harbor_payments_match_the_rule(counts):
    """Any hand: 2 anchored train + 2 single ship cards of one colour, jokers replacing any,
    nothing superfluous; plain trains and double ships never."""
    h = Counter({k: v for k, v in counts.items() if v})
    g = rs_scenario(hands={0: dict(h)}, routes={30: 0})
    expected = {f"harbor Buenos Aires {p}" for p in ref_harbor_payments(h)}
    assert {a for a in legal(g) if a.startswith("harbor Buenos Aires")} == expected


def test_RS5_harbor_points_tables():
    assert ttr.get_edition("world").harbor_points == HARBOR_POINTS["world"]
    assert ttr.get_edition("great-lakes").harbor_points == HARBOR_POINTS["great-lakes"]


def test_RS5_harbor_only_one_per_city_and_three_per_player():
    g = rs_scenario(hands={0: HARBOR_HAND}, routes={30: 0}, harbors={1: ["Buenos Aires"]})
    assert {a.split(" ")[1] for a in legal(g) if a.startswith("harbor")} == {"Valparaiso"}
    assert_illegal(g, "harbor Buenos Aires " + c(red_train_anchor=2, red_ship=2), "already has a harbor")
    g2 = rs_scenario(hands={0: HARBOR_HAND}, routes={30: 0, 55: 0},
                     harbors={0: ["Lagos", "Tokyo", "Lima"]})
    assert "harbor" not in legal_kinds(g2)
    assert_illegal(g2, "harbor Buenos Aires " + c(red_train_anchor=2, red_ship=2))


def test_RS5_harbor_build_discards_and_ends_turn():
    g = rs_scenario(hands={0: HARBOR_HAND}, routes={30: 0})
    g.apply("harbor Buenos Aires " + c(red_train_anchor=1, red_ship=2, joker=1))
    d = ttr.save_game(g)
    assert d["players"][0]["harbors"] == ["Buenos Aires"]
    assert Counter(d["discard"]) == Counter({"red-train-anchor": 1, "joker": 1})
    assert Counter(d["ship_discard"]) == Counter({"red-ship": 2})
    assert hand(g, 0) == Counter({"red-train-anchor": 1, "red-train": 2, "red-double-ship": 2})
    assert g.current_player == 1
    assert g.view(0)["you"]["harbors_left"] == 2 and g.view(1)["harbors"] == {"Buenos Aires": 0}
    assert g.result()["players"][0]["harbor_points"] == -8


def test_RS7_junction_is_no_harbor_and_on_no_ticket():
    wp = "Indian Ocean waypoint"
    city = WORLD.cities[WORLD.city_index[wp]]
    assert city.junction and not city.harbor
    assert not any(wp in t.cities for t in WORLD.tickets)
    for name in ("Lake Huron", "Lake Superior"):
        x = LAKES.cities[LAKES.city_index[name]]
        assert x.junction and not x.harbor and not any(name in t.cities for t in LAKES.tickets)
    g = rs_scenario(hands={0: {"joker": 4}}, routes={36: 0})
    assert {a.split(" ", 1)[1].rsplit(" ", 1)[0] for a in legal(g) if a.startswith("harbor")} == {"Cape Town"}
    assert_illegal(g, f"harbor {wp} 4joker", "not a harbor city")


def test_RS7_junction_is_a_route_endpoint():
    """Cape Town-waypoint-Perth-Jakarta completes Cape Town-Jakarta (13)."""
    p = _tour_result([36, 120, 85], [22])
    assert p["tickets_completed"] == [22] and p["ticket_points"] == 13


HARBOR_EXAMPLE_ROUTES = [86, 59, 55, 11, 3, 65, 1, 30, 54, 52, 62, 84]


def test_RS5_harbor_scoring_rulebook_example():
    """Jenny: harbors on Buenos Aires and Dar Es Salaam; completed Buenos Aires-Manila,
    Buenos Aires-Sydney, Hamburg-Dar Es Salaam and the tour Lagos-Luanda-Dar Es Salaam-Djibouti:
    30 points for each harbor."""
    ids = {WORLD.ticket(t).cities: t for t in (46, 6, 29, 63)}
    assert set(ids) == {("Buenos Aires", "Manila"), ("Buenos Aires", "Sydney"), ("Hamburg", "Dar Es Salaam"),
                        ("Lagos", "Luanda", "Dar Es Salaam", "Djibouti")}
    g = rs_scenario(routes={r: 0 for r in HARBOR_EXAMPLE_ROUTES}, tickets={0: [46, 6, 29, 63]},
                    harbors={0: ["Buenos Aires", "Dar Es Salaam"]})
    p = g.result()["players"][0]
    assert sorted(p["tickets_completed"]) == [6, 29, 46, 63]
    assert p["harbors_built"] == 2
    assert p["harbor_points"] == 30 + 30 - 4
    assert p["route_points"] == 38 and p["ticket_points"] == 17 + 13 + 8 + 9
    assert p["total"] == 38 + 47 + 56


def test_RS5_failed_tour_does_not_count_for_a_harbor():
    routes = [r for r in HARBOR_EXAMPLE_ROUTES if r != 86]  # Lagos cut off
    g = rs_scenario(routes={r: 0 for r in routes}, tickets={0: [46, 6, 29, 63]},
                    harbors={0: ["Buenos Aires", "Dar Es Salaam"]})
    p = g.result()["players"][0]
    assert p["tours"] == {63: "failed"}
    assert p["harbor_points"] == 30 + 20 - 4


def test_RS5_tour_counts_every_city_on_it_at_either_value():
    g = rs_scenario(routes={r: 0 for r in [86, 59, 55]}, tickets={0: [63]}, harbors={0: ["Luanda", "Lagos"]})
    assert g.result()["players"][0]["harbor_points"] == 20 + 20 - 4  # in order
    g = rs_scenario(routes={r: 0 for r in [49, 2, 3, 55, 59]}, tickets={0: [63]}, harbors={0: ["Luanda", "Lagos"]})
    p = g.result()["players"][0]
    assert p["tours"] == {63: "any_order"}
    assert p["harbor_points"] == 20 + 20 - 4


BA_ROUTES = [30, 54, 52, 65, 62, 84, 28, 47, 46, 51, 50]  # Buenos Aires to Sydney, Manila, Miami, Marseille


@pytest.mark.parametrize("k,points", [(0, 0), (1, 20), (2, 30), (3, 40), (4, 40)])
def test_RS5_harbor_points_by_completed_tickets_world(k, points):
    tickets = [46, 6, 35, 7][:k] + [12]  # ticket 12 (Rio-Hamburg) does not name Buenos Aires
    g = rs_scenario(routes={r: 0 for r in BA_ROUTES}, tickets={0: tickets}, harbors={0: ["Buenos Aires"]})
    p = g.result()["players"][0]
    assert len(p["tickets_completed"]) == k
    assert p["harbor_points"] == points - 8


def test_RS5_failed_ticket_does_not_count_for_a_harbor():
    routes = [r for r in BA_ROUTES if r != 51]  # Miami-Casablanca missing: Buenos Aires-Marseille fails
    g = rs_scenario(routes={r: 0 for r in routes}, tickets={0: [46, 7]}, harbors={0: ["Buenos Aires"]})
    p = g.result()["players"][0]
    assert p["tickets_failed"] == [7]
    assert p["harbor_points"] == 20 - 8


LAKES_CHICAGO = [68, 65, 16, 22, 26, 8, 2]


@pytest.mark.parametrize("k,points", [(0, 0), (1, 10), (2, 20), (3, 30), (4, 30)])
def test_RS5_harbor_points_great_lakes(k, points):
    tickets = [11, 12, 37, 31][:k]
    g = rs_scenario("great-lakes", routes={r: 0 for r in LAKES_CHICAGO}, tickets={0: tickets or [1]},
                    harbors={0: ["Chicago"]})
    p = g.result()["players"][0]
    assert sorted(p["tickets_completed"]) == sorted(tickets)
    assert p["harbor_points"] == points - 8


def test_RS5_ticket_naming_two_own_harbors_counts_for_both():
    g = rs_scenario(routes={r: 0 for r in BA_ROUTES}, tickets={0: [46]}, harbors={0: ["Buenos Aires", "Manila"]})
    assert g.result()["players"][0]["harbor_points"] == 20 + 20 - 4


def test_RS5_unbuilt_harbors_minus_four_each():
    for built in range(4):
        hs = ["Lagos", "Tokyo", "Lima"][:built]
        g = rs_scenario(harbors={0: hs})
        assert g.result()["players"][0]["harbor_points"] == -4 * (3 - built)


# ===================================================================== RS6 exchange

def test_RS6_exchange_rulebook_example_two_ships_for_two_trains():
    g = rs_scenario(choice={0: (20, 40)})
    d = ttr.save_game(g)["players"][0]
    assert (d["trains"], d["ships"], d["box"]) == (20, 40, {"trains": 5, "ships": 10})
    g.apply("exchange 2 ships-for-trains")
    d = ttr.save_game(g)["players"][0]
    assert (d["trains"], d["ships"], d["box"]) == (22, 38, {"trains": 3, "ships": 12})
    assert d["score"] == -2 and d["exchanged"] == 2
    assert g.current_player == 1, "an exchange is the whole turn"
    assert g.view(1)["players"][0]["score"] == -2
    p = g.result()["players"][0]
    assert p["exchange_points"] == -2 and p["route_points"] == 0 and p["total"] == -2 - 12


def test_RS6_exchange_limits_follow_the_box():
    g = rs_scenario(choice={0: (20, 40)})
    ex = {a for a in legal(g) if a.startswith("exchange")}
    assert ex == ({f"exchange {n} trains-for-ships" for n in range(1, 11)}
                  | {f"exchange {n} ships-for-trains" for n in range(1, 6)})
    assert_illegal(g, "exchange 6 ships-for-trains", "box")
    assert_illegal(g, "exchange 11 trains-for-ships", "box")
    g2 = rs_scenario(choice={0: (25, 35)})
    assert_illegal(g2, "exchange 1 ships-for-trains")
    assert {a for a in legal(g2) if a.startswith("exchange")} == {
        f"exchange {n} trains-for-ships" for n in range(1, 16)}


def test_RS6_exchange_limited_by_pieces_in_supply():
    held = routes_totalling("world", "train", 22)
    g = rs_scenario(choice={0: (25, 35)}, routes={r: 0 for r in held})
    assert {a for a in legal(g) if a.startswith("exchange")} == {f"exchange {n} trains-for-ships" for n in (1, 2, 3)}


def test_RS6_repeated_exchanges_accumulate():
    g = rs_scenario(choice={0: (20, 40)})
    g.apply("exchange 2 trains-for-ships")
    g.apply("draw deck train")
    g.apply("draw deck train")
    assert g.current_player == 0
    g.apply("exchange 3 ships-for-trains")
    d = ttr.save_game(g)["players"][0]
    assert (d["trains"], d["ships"], d["box"]) == (21, 39, {"trains": 4, "ships": 11})
    assert d["exchanged"] == 5 and d["score"] == -5
    assert g.result()["players"][0]["exchange_points"] == -5


# ========================================================================== G6 / G5

def _low_pieces(extra_train=0, extra_ship=0, players=2, hands=None, seat=0):
    """Seat `seat` holds routes leaving 2 + extra_train trains and 6 + extra_ship ships."""
    tr = routes_totalling("world", "train", 23 - extra_train, exclude=[3, 4, 16])
    sh = routes_totalling("world", "ship", 29 - extra_ship, exclude=[3, 4, 16])
    return rs_scenario(players=players, routes={r: seat for r in tr + sh}, hands=hands)


def test_G6_end_at_six_pieces_two_more_turns_each():
    g = _low_pieces(hands={0: {"white-train": 2}})
    d = ttr.save_game(g)["players"][0]
    assert d["trains"] + d["ships"] == 8
    g.apply("claim 3 " + c(white_train=2))
    assert ttr.save_game(g)["players"][0]["trains"] + ttr.save_game(g)["players"][0]["ships"] == 6
    assert g.view(1)["last_round"] is True
    seats = []
    while not g.is_over:
        seats.append(g.current_player)
        play_turn_draws(g, 1)
    assert seats == [1, 0, 1, 0], "two more turns for every player, the trigger's included"


def test_G6_seven_pieces_does_not_end():
    g = _low_pieces(extra_train=1, hands={0: {"white-train": 2}})
    g.apply("claim 3 " + c(white_train=2))
    assert g.view(1)["last_round"] is False and ttr.save_game(g)["final_turns"] == -1


def test_G6_ships_count_too():
    g = _low_pieces(extra_train=-2, extra_ship=2, hands={0: {"white-double-ship": 1}})
    d = ttr.save_game(g)["players"][0]
    assert (d["trains"], d["ships"]) == (0, 8)
    g.apply("claim 16 " + c(white_double_ship=1))
    assert g.view(0)["last_round"] is True


def test_G6_three_players_six_more_turns():
    g = _low_pieces(players=3, hands={0: {"white-train": 2}})
    g.apply("claim 3 " + c(white_train=2))
    assert ttr.save_game(g)["final_turns"] == 6
    seats = []
    while not g.is_over:
        seats.append(g.current_player)
        play_turn_draws(g, 1)
    assert seats == [1, 2, 0, 1, 2, 0]


def test_G6_a_second_low_player_does_not_restart_the_countdown():
    tr0 = routes_totalling("world", "train", 23, exclude=[3, 4, 28, 29, 16])
    tr1 = routes_totalling("world", "train", 24, exclude=[3, 4, 28, 29, 16] + tr0)
    sh0 = routes_totalling("world", "ship", 29)
    sh1 = routes_totalling("world", "ship", 29, exclude=sh0)
    g = rs_scenario(routes={**{r: 0 for r in tr0 + sh0}, **{r: 1 for r in tr1 + sh1}},
                    hands={0: {"white-train": 2}, 1: {"red-train": 1}})
    g.apply("claim 3 " + c(white_train=2))
    assert ttr.save_game(g)["final_turns"] == 4
    assert ttr.save_game(g)["players"][1]["trains"] + ttr.save_game(g)["players"][1]["ships"] == 7
    g.apply("claim 29 " + c(red_train=1))  # seat 1 drops to 6 during the last turns
    assert ttr.save_game(g)["final_turns"] == 3, "G6 triggers once"
    turns = 1
    while not g.is_over:
        play_turn_draws(g, 1)
        turns += 1
    assert turns == 4


def test_G5_pass_only_when_nothing_else():
    all_tickets = [t.id for t in WORLD.tickets]
    tr = routes_totalling("world", "train", 25)
    g = rs_scenario(face_up=[None] * 6, spare=1, routes={r: 0 for r in tr}, ticket_pile=[],
                    tickets={0: all_tickets[:30], 1: all_tickets[30:]})
    d = ttr.save_game(g)["players"][0]
    assert (d["trains"], d["box"]) == (0, {"trains": 0, "ships": 15})
    assert legal(g) == {"pass"}
    g.apply("pass")
    assert g.current_player == 1
    g2 = rs_scenario(face_up=[None] * 6, spare=1, ticket_pile=[], tickets={0: all_tickets[:30], 1: all_tickets[30:]})
    assert "pass" not in legal(g2) and legal_kinds(g2) == {"exchange"}
    assert_illegal(g2, "pass")


# ============================================================ RS7 scoring and ties

def test_RS7_no_end_game_bonus():
    long_train = [109, 108, 115, 124, 125, 106]  # a long trail Moskva-...-Manila
    g = rs_scenario(routes={r: 0 for r in long_train + [23]}, tickets={0: [24]})
    r = g.result()
    for p in r["players"]:
        assert p["bonuses"] == {}
        assert p["total"] == p["route_points"] + p["exchange_points"] + p["ticket_points"] + p["harbor_points"]


def test_RS7_tie_broken_by_most_completed_tickets():
    # seat 0: routes 12 + 1 (3 points) and Marseille-Al-Qahira (5) done: 8 - 12 = -4, 1 ticket
    # seat 1: routes 32 + 55 (8 points), no ticket: 8 - 12 = -4, 0 tickets
    g = rs_scenario(routes={12: 0, 1: 0, 32: 1, 55: 1}, tickets={0: [23], 1: []}, phase="over")
    r = g.result()
    assert [p["total"] for p in r["players"]] == [-4, -4]
    assert r["winners"] == [0] and [p["rank"] for p in r["players"]] == [1, 2]
    assert r["ranking"] == [0, 1]


def test_RS7_tie_with_equal_tickets_is_shared():
    # seat 1: Jakarta-Darwin-Sydney (4) + Jakarta-Sydney (7) - 3 exchanged - 12 = -4, 1 ticket
    g = rs_scenario(routes={12: 0, 1: 0, 62: 1, 65: 1}, tickets={0: [23], 1: [17]}, exchanged={1: 3},
                    supply={1: (20, 36)}, phase="over")
    r = g.result()
    assert [p["total"] for p in r["players"]] == [-4, -4]
    assert r["winners"] == [0, 1] and [p["rank"] for p in r["players"]] == [1, 1]


def test_RS7_wraparound_route_is_ordinary():
    """Route 10 Anchorage-Vancouver crosses the east-west edge: it connects like any route."""
    assert WORLD.route(10).wraparound
    p = _tour_result([10, 130, 32], [60])  # Anchorage-Vancouver-Winnipeg-Cambridge Bay
    assert p["tours"] == {60: "in_order"} and p["ticket_points"] == 18


# ===================================================================== save format

def _midgame(map_name="world", players=3, seed=4, actions=120):
    g = ttr.new_game(map_name, players, seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if g.is_over:
            break
        la = g.legal_actions()
        kinds = sorted(la.kinds())
        k = rng.choice(kinds)
        opts = [a for a in la if a.kind == k] if len(la) < 3000 else list(la)
        g.apply(rng.choice(opts))
    return g


@pytest.mark.parametrize("map_name", ["world", "great-lakes"])
def test_save_round_trip_with_verification(map_name):
    for n_actions in (0, 7, 60, 150):
        g = _midgame(map_name, 3, 9, n_actions)
        d = ttr.save_game(g)
        for key in ("ship_deck", "ship_discard"):
            assert key in d
        for p in d["players"]:
            for key in ("ships", "box", "harbors", "exchanged", "pieces_choice"):
                assert key in p
        text = json.dumps(d)
        h = ttr.load_game(json.loads(text))
        assert ttr.save_game(h) == d
        assert [str(a) for a in h.legal_actions()] == [str(a) for a in g.legal_actions()]


def test_save_carries_harbors_exchanges_and_choices():
    g = rs_scenario(hands={0: HARBOR_HAND}, routes={30: 0}, choice={0: (20, 40), 1: (25, 35)})
    g.apply("harbor Buenos Aires " + c(red_train_anchor=2, red_ship=2))
    g.apply("exchange 4 trains-for-ships")
    d = ttr.save_game(g)
    assert d["players"][0]["harbors"] == ["Buenos Aires"] and d["players"][0]["pieces_choice"] == [20, 40]
    assert d["players"][1]["exchanged"] == 4 and d["players"][1]["box"] == {"trains": 4, "ships": 11}
    assert ttr.save_game(ttr.load_game(copy.deepcopy(d), verify=False)) == d


def _bad(d, fn, *words):
    d = copy.deepcopy(d)
    fn(d)
    with pytest.raises(ttr.SaveError) as e:
        ttr.load_game(d, verify=False)
    for w in words:
        assert w.lower() in str(e.value).lower(), str(e.value)


def test_save_refuses_cards_in_the_wrong_deck():
    d = rs_scenario(load=False)

    def ship_in_train_deck(d):
        d["deck"][0], d["ship_deck"][0] = d["ship_deck"][0], d["deck"][0]

    def train_in_ship_discard(d):
        d["ship_discard"].append(d["deck"].pop())

    def ship_in_train_discard(d):
        d["discard"].append(d["ship_deck"].pop())

    _bad(d, ship_in_train_deck, "does not belong")
    _bad(d, train_in_ship_discard, "does not belong")
    _bad(d, ship_in_train_discard, "does not belong")


def test_save_refuses_missing_or_extra_cards():
    d = rs_scenario(load=False)
    _bad(d, lambda d: d["ship_deck"].pop(), "ship")
    _bad(d, lambda d: d["deck"].append("joker"), "joker")
    _bad(d, lambda d: d.pop("ship_deck"), "ship_deck")
    _bad(d, lambda d: d["face_up"].pop(), "face_up")


def test_save_refuses_pieces_not_adding_up():
    d = rs_scenario(routes={3: 0, 60: 0}, choice={0: (20, 40)}, load=False)
    ttr.load_game(copy.deepcopy(d), verify=False)

    def more_trains(d):
        d["players"][0]["trains"] += 1

    def more_ships(d):
        d["players"][0]["ships"] += 1

    def box(d):
        d["players"][0]["box"]["trains"] += 1

    def swap_without_box(d):
        d["players"][0]["trains"] += 1
        d["players"][0]["ships"] -= 1

    def choice(d):
        d["players"][0]["pieces_choice"] = [26, 34]

    def choice_sum(d):
        d["players"][0]["pieces_choice"] = [20, 41]

    def no_choice(d):
        d["players"][0]["pieces_choice"] = None

    def score(d):
        d["players"][0]["exchanged"] = 2

    for fn in (more_trains, more_ships, box, swap_without_box, choice, choice_sum, no_choice, score):
        _bad(d, fn)


def test_save_refuses_box_that_no_exchange_explains():
    """Chose 25 trains + 35 ships and never exchanged, yet holds 20 + 40 with 5 + 10 in the box."""
    d = rs_scenario(choice={0: (25, 35)}, load=False)
    d["players"][0].update(trains=20, ships=40, box={"trains": 5, "ships": 10})
    _bad(d, lambda d: None)


def test_save_refuses_piece_choices_out_of_seat_order():
    """In choose-pieces, exactly the seats before the current one (from the first player) have chosen."""
    ok = rs_scenario(players=3, phase="choose-pieces", current=1, choice={0: (20, 40)}, load=False)
    ttr.load_game(copy.deepcopy(ok), verify=False)
    _bad(ok, lambda d: d["players"][2].update(pieces_choice=[20, 40]))  # seat 2 chose before seat 1
    _bad(ok, lambda d: d["players"][0].update(pieces_choice=None))  # seat 0 has not chosen
    _bad(ok, lambda d: d["players"][1].update(pieces_choice=[20, 40]))  # the current seat already chose


def test_save_refuses_pieces_before_the_choice():
    d = rs_scenario(phase="choose-pieces", current=1, choice={0: (20, 40)}, load=False)
    ttr.load_game(copy.deepcopy(d), verify=False)
    _bad(d, lambda d: d["players"][0].update(trains=20, ships=40))


def test_save_refuses_bad_harbors():
    d = rs_scenario(routes={30: 0}, load=False)
    _bad(d, lambda d: d["players"][0].update(harbors=["Djibouti"]), "not a harbor city")
    _bad(d, lambda d: d["players"][0].update(harbors=["Indian Ocean waypoint"]), "not a harbor city")
    _bad(d, lambda d: d["players"][0].update(harbors=["Lagos", "Lima", "Tokyo", "Perth"]), "harbors")
    _bad(d, lambda d: [d["players"][p].update(harbors=["Lagos"]) for p in (0, 1)], "two harbors")
    _bad(d, lambda d: d["players"][0].update(harbors=["Atlantis"]), "unknown city")


# =========================================================================== views

def test_view_shows_both_decks_pieces_harbors_and_exchanges():
    g = rs_scenario(routes={30: 0, 60: 1}, harbors={1: ["Dar Es Salaam"]}, exchanged={0: 1},
                    supply={0: (24, 33)}, train_discard=["red-train"], ship_discard=["red-ship", "red-ship"])
    v = g.view(0)
    d = ttr.save_game(g)
    assert v["decks"]["train"] == {"size": len(d["deck"]), "discard": {"red-train": 1}}
    assert v["decks"]["ship"] == {"size": len(d["ship_deck"]), "discard": {"red-ship": 2}}
    p0, p1 = v["players"]
    assert (p0["trains"], p0["ships"], p0["box"], p0["exchanged"], p0["score"]) == (
        24, 33, {"trains": 1, "ships": 14}, 1, 3)
    assert (p1["trains"], p1["ships"], p1["harbors"]) == (25, 31, ["Dar Es Salaam"])
    assert v["harbors"] == {"Dar Es Salaam": 1}
    assert v["you"]["pieces_choice"] == [25, 35] and v["you"]["harbors_left"] == 3
    assert "pieces_choice" not in p1 or p1["pieces_choice"] in (None, True)


def _permute_hidden(d: dict, seat: int, rng: random.Random) -> dict:
    """Another position `seat` cannot tell apart: other hands swap cards with the deck
    of the same kind, other tickets with the pile, both decks reshuffled."""
    d = copy.deepcopy(d)
    for p, ps in enumerate(d["players"]):
        if p == seat:
            continue
        h = Counter(ps["hand"])
        for pile in ("deck", "ship_deck"):
            deck = d[pile]
            cards_in = [k for k, v in sorted(h.items()) for _ in range(v) if (k in SHIP_KINDS) == (pile == "ship_deck")]
            for k in cards_in:
                if deck and rng.random() < 0.7:
                    i = rng.randrange(len(deck))
                    h[k] -= 1
                    h[deck[i]] += 1
                    deck[i] = k
        ps["hand"] = {k: v for k, v in h.items() if v}
        for field in ("tickets", "offer"):
            for i in range(len(ps[field])):
                if d["ticket_pile"] and rng.random() < 0.7:
                    j = rng.randrange(len(d["ticket_pile"]))
                    ps[field][i], d["ticket_pile"][j] = d["ticket_pile"][j], ps[field][i]
    rng.shuffle(d["deck"])
    rng.shuffle(d["ship_deck"])
    rng.shuffle(d["ticket_pile"])
    return d


@pytest.mark.parametrize("map_name,players,n_actions", [
    ("world", 2, 3), ("world", 3, 40), ("world", 4, 140), ("great-lakes", 2, 90), ("great-lakes", 5, 160)])
def test_view_hides_hands_tickets_and_deck_order(map_name, players, n_actions):
    g = _midgame(map_name, players, 13, n_actions)
    assert not g.is_over
    d = ttr.save_game(g)
    rng = random.Random(n_actions)
    for seat in range(players):
        v = g.view(seat)
        changed = False
        for _ in range(3):
            alt = _permute_hidden(d, seat, rng)
            changed |= any(alt["players"][p] != d["players"][p] for p in range(players) if p != seat)
            other = ttr.load_game(alt, verify=False)
            assert other.view(seat) == v
        assert changed or players == 1


def test_view_never_names_other_hands_or_tickets():
    g = _midgame("world", 3, 2, 50)
    v = g.view(1)
    text = json.dumps(v)
    assert set(v["you"]["hand"]) == set(ttr.save_game(g)["players"][1]["hand"])
    for p in v["players"]:
        assert "hand" not in p and not isinstance(p["tickets"], list)
    assert "ship_deck" not in text and '"deck":' not in text


# ====================================================== properties on random games

def _ticket_ids(d):
    ids = list(d["ticket_pile"])
    for p in d["players"]:
        ids += p["tickets"] + p["offer"]
    return ids


def check_state(g, d, m, n_tickets):
    name = d["map"]
    train, ship = census(d)
    assert train == TRAIN_DECK, f"train-deck census off: {dict(train - TRAIN_DECK)} / {dict(TRAIN_DECK - train)}"
    assert ship == SHIP_DECK, f"ship-deck census off: {dict(ship - SHIP_DECK)} / {dict(SHIP_DECK - ship)}"
    assert set(d["deck"]) | set(d["discard"]) <= TRAIN_KINDS
    assert set(d["ship_deck"]) | set(d["ship_discard"]) <= SHIP_KINDS
    assert g.card_census() == 140
    assert len(d["face_up"]) == 6
    if None in d["face_up"]:
        assert not (d["deck"] or d["discard"] or d["ship_deck"] or d["ship_discard"]), "G3: a slot left empty"
    ids = _ticket_ids(d)
    assert len(ids) == len(set(ids)) == n_tickets, "tickets lost or duplicated"
    max_t, max_s, total = PIECES[name]
    revealed = d["phase"] not in ("initial-tickets", "choose-pieces")
    owner = {int(r): s for r, s in d["routes"].items()}
    harbor_cities = []
    for seat, p in enumerate(d["players"]):
        held = [m.route(r) for r, s in owner.items() if s == seat]
        on_t = sum(r.length for r in held if r.kind == "train")
        on_s = sum(r.length for r in held if r.kind == "ship")
        if revealed:
            assert p["trains"] >= 0 and p["ships"] >= 0
            assert p["trains"] + on_t + p["box"]["trains"] == max_t
            assert p["ships"] + on_s + p["box"]["ships"] == max_s
            assert p["trains"] + p["ships"] + on_t + on_s == total
            t0, s0 = p["pieces_choice"]
            net = p["box"]["trains"] - (max_t - t0)  # trains moved into the box by exchanges
            assert abs(net) <= p["exchanged"] and (p["exchanged"] - net) % 2 == 0
        else:
            assert (p["trains"], p["ships"]) == (0, 0) and not held
        assert p["score"] == sum(ROUTE_POINTS[r.length] for r in held) - p["exchanged"]
        assert len(p["harbors"]) <= 3
        for city in p["harbors"]:
            assert m.cities[m.city_index[city]].harbor
            assert any(city in r.cities for r in held), "a harbor without an own route into its city"
        harbor_cities += p["harbors"]
    assert len(harbor_cities) == len(set(harbor_cities))
    for r, s in owner.items():
        for t in m.route(r).twins:
            if t in owner:
                assert owner[t] != s and d["num_players"] >= 4, f"G1: lanes {r} and {t}"


def check_transition(before, a, after, m, n_players):
    p = before["current_player"]
    hb, ha = Counter(before["players"][p]["hand"]), Counter(after["players"][p]["hand"])
    same_display = before["face_up"] == after["face_up"]
    ended = after["turn"] == before["turn"] + 1
    if a.kind == "draw":
        card, deck = str(a).split()[1:]
        pile = "deck" if deck == "train" else "ship_deck"
        other = "ship_deck" if deck == "train" else "deck"
        if card == "deck":
            got = ha - hb
            assert sum(got.values()) == 1 and set(got) <= (TRAIN_KINDS if deck == "train" else SHIP_KINDS)
            if before[pile]:
                assert got == Counter([before[pile][-1]]), "a blind draw takes the top card"
            assert same_display and after[other] == before[other]
        else:
            assert ha - hb == Counter([card])
            i = before["face_up"].index(card)
            changed = [j for j in range(6) if before["face_up"][j] != after["face_up"][j]]
            if len(changed) <= 1 and after["face_up"][i] is not None and deck != "none":
                if before[pile]:
                    assert after["face_up"][i] == before[pile][-1], "refilled from the chosen deck's top"
                assert (after["face_up"][i] in SHIP_KINDS) == (deck == "ship")
                assert after[other] == before[other]
            if deck == "none":
                assert after["face_up"][i] is None
        if before["phase"] == "second-card" or card == JOKER:
            assert ended, "the draw ends after two cards or one face-up joker (G4)"
    elif a.kind == "claim":
        r = m.route(a.target)
        paid = hb - ha
        assert sum(paid.values()) == sum(n for _, n in a.cards)
        assert after["routes"][str(r.id)] == p
        key = "ships" if r.kind == "ship" else "trains"
        otherk = "trains" if r.kind == "ship" else "ships"
        assert after["players"][p][key] == before["players"][p][key] - r.length
        assert after["players"][p][otherk] == before["players"][p][otherk]
        if same_display:
            assert Counter(after["discard"]) - Counter(before["discard"]) == Counter(
                {k: v for k, v in paid.items() if k in TRAIN_KINDS})
            assert Counter(after["ship_discard"]) - Counter(before["ship_discard"]) == Counter(
                {k: v for k, v in paid.items() if k in SHIP_KINDS})
        assert ended
    elif a.kind == "harbor":
        assert after["players"][p]["harbors"] == before["players"][p]["harbors"] + [a.target]
        assert sum((hb - ha).values()) == 4
        assert ended
    elif a.kind == "exchange":
        k = a.target
        bp, ap = before["players"][p], after["players"][p]
        assert ap["trains"] == bp["trains"] - k and ap["ships"] == bp["ships"] + k
        assert ap["box"] == {"trains": bp["box"]["trains"] + k, "ships": bp["box"]["ships"] - k}
        assert ap["exchanged"] == bp["exchanged"] + abs(k) and ap["score"] == bp["score"] - abs(k)
        assert ended
    elif a.kind == "tickets":
        pile = before["ticket_pile"]
        k = min(4, len(pile))
        assert sorted(after["players"][p]["offer"]) == sorted(pile[len(pile) - k:])
        assert after["ticket_pile"] == pile[:len(pile) - k]
    elif a.kind == "keep":
        offer = before["players"][p]["offer"]
        unkept = [t for t in offer if t not in a.target]
        assert sorted(after["ticket_pile"][:len(unkept)]) == sorted(unkept)
        assert after["ticket_pile"][len(unkept):] == before["ticket_pile"]
        assert after["players"][p]["tickets"] == before["players"][p]["tickets"] + list(a.target)
    if ended and after["phase"] != "over":
        assert after["current_player"] == (p + 1) % n_players
    if ended:
        fb, fa = before["final_turns"], after["final_turns"]
        pieces = after["players"][p]["trains"] + after["players"][p]["ships"]
        if fb < 0:
            assert fa == (2 * n_players if pieces <= 6 else -1), "G6 trigger"
        else:
            assert fa == fb - 1 and (after["phase"] == "over") == (fa == 0)


def _illegal_candidates(g, d, m, rng):
    p = d["current_player"]
    h = Counter(d["players"][p]["hand"])
    names = sorted(ALL_CARDS)
    out = ["pass", "tickets", "keep 1", f"pieces {rng.randrange(0, 61)} {rng.randrange(0, 61)}",
           f"draw {rng.choice(names)} {rng.choice(['train', 'ship', 'none'])}",
           f"draw deck {rng.choice(['train', 'ship', 'none'])}",
           f"exchange {rng.randrange(1, 60)} {rng.choice(['trains-for-ships', 'ships-for-trains'])}",
           "claim 999 1joker"]
    held = [k for k, v in h.items() for _ in range(v)]
    for _ in range(4):
        r = rng.choice(m.routes)
        k = min(len(held), max(1, r.length + rng.randrange(-1, 3)))
        pay = Counter(rng.sample(held, k)) if held else Counter({rng.choice(names): 1})
        if rng.random() < 0.3:
            pay[rng.choice(names)] += 1
        out.append(f"claim {r.id} " + "+".join(f"{v}{k}" for k, v in pay.items()))
    city = rng.choice(m.cities).name
    pay = Counter(rng.sample(held, min(4, len(held)))) if held else Counter({"joker": 4})
    out.append(f"harbor {city} " + "+".join(f"{v}{k}" for k, v in pay.items()))
    return out


def _pick(la, rng):
    kinds = sorted(la.kinds())
    k = rng.choice(kinds)
    opts = [a for a in la if a.kind == k] if len(la) < 4000 else None
    if opts is None:
        return la[rng.randrange(len(la))]
    return rng.choice(opts)


PROP_CONFIGS = [("world", 2, 4), ("world", 3, 3), ("world", 4, 2), ("world", 5, 2),
                ("great-lakes", 2, 4), ("great-lakes", 3, 3), ("great-lakes", 4, 2), ("great-lakes", 5, 2)]


@pytest.mark.parametrize("map_name,players,games", PROP_CONFIGS)
def test_properties_random_games(map_name, players, games):
    """After every action: both decks' censuses, pieces, scores, G1, G3, G6, tickets;
    legal actions unique, text round-trip and applicable on a clone; sampled illegal
    actions refused with nothing changed; save/restore; at the end, replay."""
    m = MAPS[map_name]
    n_tickets = len(m.tickets)
    for game_i in range(games):
        seed = 1000 * players + game_i
        g = ttr.new_game(map_name, players, seed)
        rng = random.Random(seed)
        d = ttr.save_game(g)
        check_state(g, d, m, n_tickets)
        steps = 0
        while not g.is_over:
            la = g.legal_actions()
            texts = [str(a) for a in la]
            assert len(texts) == len(set(texts)) and len(texts) > 0
            sample = la if len(la) <= 40 else [la[rng.randrange(len(la))] for _ in range(40)]
            for a in sample:
                assert g.parse_action(str(a)) == a
                assert a in la
            for a in rng.sample(list(sample), min(3, len(sample))):
                k = g.clone()
                k.apply(a)
            if steps % 3 == 0:
                legal_set = set(texts)
                for text in _illegal_candidates(g, d, m, rng):
                    try:
                        act = g.parse_action(text)
                    except ttr.ActionSyntaxError:
                        continue
                    if str(act) in legal_set:
                        continue
                    with pytest.raises(ttr.IllegalActionError):
                        g.apply(text)
                    assert ttr.save_game(g) == d, f"refused {text!r} changed the game"
            a = _pick(la, rng)
            g.apply(a)
            after = ttr.save_game(g)
            check_state(g, after, m, n_tickets)
            check_transition(d, a, after, m, players)
            assert ttr.save_game(ttr.load_game(copy.deepcopy(after), verify=False)) == after
            d = after
            steps += 1
            assert steps < 5000
        res = g.result()
        for p, rp in enumerate(res["players"]):
            assert rp["total"] == (rp["route_points"] + rp["exchange_points"] + rp["ticket_points"]
                                   + rp["harbor_points"])
            assert rp["bonuses"] == {}
            assert rp["route_points"] == d["players"][p]["score"] + d["players"][p]["exchanged"]
        again = ttr.replay(map_name, players, seed, g.history)
        assert ttr.save_game(again) == d
        assert ttr.save_game(ttr.load_game(json.loads(json.dumps(d)))) == d  # verify=True replays


@pytest.mark.parametrize("map_name,seeds", [("world", range(4)), ("great-lakes", range(3))])
def test_properties_legal_actions_match_the_rules(map_name, seeds):
    """Every position of random games: the engine's legal actions equal the reference
    (RS1-RS6, G1, G3-G5), written from the rules in rs_helpers.ref_legal."""
    m = MAPS[map_name]
    problems = []
    for seed in seeds:
        players = 2 + seed % 4
        g = ttr.new_game(map_name, players, 500 + seed)
        rng = random.Random(seed)
        while not g.is_over:
            d = ttr.save_game(g)
            ref = ref_legal(d, m)
            eng = {str(a) for a in g.legal_actions()}
            if ref != eng:
                problems.append((seed, g.turns, sorted(ref - eng)[:3], sorted(eng - ref)[:3]))
            g.apply(_pick(g.legal_actions(), rng))
    assert not problems, f"{len(problems)} positions differ (seed, turn, missing, extra): {problems[:6]}"


# ============================================================================ CLI

def test_cli_simulate_world():
    res = CliRunner().invoke(cli_main, ["simulate", "--map", "world", "--players", "4", "--games", "3"])
    assert res.exit_code == 0, res.output
    assert "3 games of world" in res.output


def test_cli_bench_great_lakes():
    res = CliRunner().invoke(cli_main, ["bench", "--map", "great-lakes", "--players", "2", "--games", "2",
                                        "--runs", "1", "--json"])
    assert res.exit_code == 0, res.output
    rows = json.loads(res.output)["results"]
    assert rows[0]["map"] == "great-lakes" and rows[0]["players"] == 2
