"""Rule clauses shared by USA and Europe (rulebook + RULINGS.md G1-G10, U1/E1, and
the engine's project rulings P1, P2 and the G2 reset cap).

Positions are built with helpers.scenario (an exact save dict loaded with
Game.from_dict), so each test sets exactly the cards it needs."""
from __future__ import annotations

import copy
from collections import Counter
from itertools import combinations

import pytest
from helpers import (
    COLOURS,
    LOCO,
    assert_illegal,
    blocked_board,
    deck_draw_order,
    hand,
    legal,
    legal_kinds,
    play_random,
    routes_using,
    scenario,
)

import ttr

MAPS = ["usa", "europe"]

# Plain routes (no tunnel, no ferry, no double) used per map.
R = {
    "usa": dict(red3=17, gray2=48, len1=3, len1_pay="1red", len1_hand={"red": 1},
                lane_a=21, lane_a_hand={"green": 2}, lane_a_pay="2green",
                lane_b=22, lane_b_hand={"white": 2}, lane_b_pay="2white"),
    "europe": dict(red3=4, gray2=71, len1=35, len1_pay="1purple", len1_hand={"purple": 1},
                   lane_a=1, lane_a_hand={"red": 2}, lane_a_pay="2red",
                   lane_b=42, lane_b_hand={"yellow": 2}, lane_b_pay="2yellow"),
}


def claims_on(g, route):
    return {str(a) for a in g.legal_actions() if a.kind == "claim" and a.target == route}


def draw_deck_twice(g):
    g.apply("draw deck")
    g.apply("draw deck")


# =================================================================== setup

@pytest.mark.parametrize("name", MAPS)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_U1_E_setup_4_cards_5_face_up_45_trains(name, players):
    g = ttr.new_game(name, players=players, seed=11)
    d = ttr.save_game(g)
    assert d["phase"] == "initial-tickets" and d["current_player"] == 0
    for p in d["players"]:
        assert sum(p["hand"].values()) == 4
        assert p["trains"] == 45 and p["score"] == 0 and p["stations"] == [] and p["tickets"] == []
    assert len(d["face_up"]) == 5 and None not in d["face_up"]
    assert len(d["deck"]) + len(d["discard"]) == 110 - 4 * players - 5
    assert g.card_census() == 110


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_U1_usa_deals_3_tickets_each_keep_at_least_2(players):
    g = ttr.new_game("usa", players=players, seed=3)
    m = g.map
    offers = ttr.save_game(g)["players"]
    dealt = [t for p in offers for t in p["offer"]]
    assert all(len(p["offer"]) == 3 for p in offers)
    assert len(set(dealt)) == len(dealt)
    assert len(ttr.save_game(g)["ticket_pile"]) == len(m.tickets) - 3 * players
    keeps = [a for a in g.legal_actions()]
    assert all(a.kind == "keep" for a in keeps)
    assert sorted(len(a.target) for a in keeps) == [2, 2, 2, 3]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_E1_europe_deals_1_long_and_3_regular_keep_at_least_2_any_mix(players):
    g = ttr.new_game("europe", players=players, seed=3)
    m = g.map
    d = ttr.save_game(g)
    for p in d["players"]:
        assert len(p["offer"]) == 4
        assert sum(m.ticket(t).long for t in p["offer"]) == 1
    pile = d["ticket_pile"]
    assert len(pile) == 40 - 3 * players
    assert not any(m.ticket(t).long for t in pile), "later draws are regular tickets only"
    keeps = list(g.legal_actions())
    assert all(a.kind == "keep" for a in keeps)
    assert sorted(len(a.target) for a in keeps) == [2] * 6 + [3] * 4 + [4]
    offer = d["players"][0]["offer"]
    regular = sorted(t for t in offer if not m.ticket(t).long)
    g.apply("keep " + " ".join(map(str, regular[:2])))  # dropping the long ticket is allowed
    assert ttr.save_game(g)["players"][0]["tickets"] == regular[:2]


@pytest.mark.parametrize("name", MAPS)
def test_G7_initial_tickets_keeping_one_is_illegal(name):
    g = ttr.new_game(name, players=2, seed=5)
    t = ttr.save_game(g)["players"][0]["offer"][0]
    assert_illegal(g, f"keep {t}", "keep at least 2")


@pytest.mark.parametrize("name", MAPS)
@pytest.mark.parametrize("players", [2, 4])
def test_G7_initial_tickets_chosen_in_seat_order_before_the_first_turn(name, players):
    g = ttr.new_game(name, players=players, seed=9)
    for seat in range(players):
        assert g.phase == "initial-tickets" and g.current_player == seat
        assert legal_kinds(g) == {"keep"}, "no other action before every player has chosen"
        d = ttr.save_game(g)
        mine = d["players"][seat]["offer"]
        if seat + 1 < players:  # another seat's ticket cannot be kept
            other = d["players"][seat + 1]["offer"]
            assert_illegal(g, "keep " + " ".join(map(str, sorted(other[:2]))), "not among those offered")
        g.apply("keep " + " ".join(map(str, sorted(mine))))
        assert ttr.save_game(g)["players"][seat]["tickets"] == sorted(mine)
    assert g.phase == "turn" and g.current_player == 0
    assert "draw deck" in legal(g)


@pytest.mark.parametrize("name", MAPS)
def test_G7_initial_choices_are_hidden_from_the_others(name):
    g = ttr.new_game(name, players=2, seed=4)
    offer0 = sorted(ttr.save_game(g)["players"][0]["offer"])
    v1 = g.view(1)
    assert "offer" not in v1["players"][0] and v1["players"][0]["offer_size"] == len(offer0)
    assert v1["you"]["offer"] == sorted(ttr.save_game(g)["players"][1]["offer"])
    assert v1["legal"] is None  # not seat 1's choice yet
    kept = offer0[:2]
    g.apply("keep " + " ".join(map(str, kept)))
    assert g.log[-1] == {"ply": 0, "seat": 0, "turn": 0, "kind": "keep", "kept": 2}  # the public log: how many only
    assert g.view(0)["you"]["tickets"] and [t["id"] for t in g.view(0)["you"]["tickets"]] == kept
    assert g.view(1)["players"][0]["tickets"] == 2


def test_U1_unkept_initial_tickets_go_under_the_pile():
    g = ttr.new_game("usa", players=2, seed=2)
    pile = ttr.save_game(g)["ticket_pile"]
    offer = sorted(ttr.save_game(g)["players"][0]["offer"])
    g.apply(f"keep {offer[0]} {offer[1]}")
    after = ttr.save_game(g)["ticket_pile"]
    assert after == [offer[2]] + pile  # bottom of the pile is the start of the list
    assert after[-1] == pile[-1], "the top of the pile is unchanged"


def test_E1_unkept_initial_tickets_leave_the_game():
    g = ttr.new_game("europe", players=2, seed=2)
    d = ttr.save_game(g)
    pile = d["ticket_pile"]
    offer = sorted(d["players"][0]["offer"])
    g.apply(f"keep {offer[0]} {offer[1]}")
    d2 = ttr.save_game(g)
    assert d2["ticket_pile"] == pile
    everywhere = d2["ticket_pile"] + [t for p in d2["players"] for t in p["tickets"] + p["offer"]]
    assert offer[2] not in everywhere and offer[3] not in everywhere


@pytest.mark.parametrize("name", MAPS)
def test_U1_E1_later_draw_3_keep_at_least_1_unkept_under_the_pile(name):
    pile = [1, 2, 3, 4, 5, 6, 7]  # top = 7
    g = scenario(name, 2, ticket_pile=pile, tickets={0: [20]})
    assert "tickets" in legal(g)
    g.apply("tickets")
    assert g.phase == "keep-tickets" and g.current_player == 0
    assert sorted(ttr.save_game(g)["players"][0]["offer"]) == [5, 6, 7]
    keeps = sorted(tuple(a.target) for a in g.legal_actions())
    assert keeps == sorted(c for k in (1, 2, 3) for c in combinations((5, 6, 7), k))
    assert_illegal(g, "keep 1", "not among those offered")
    assert_illegal(g, "draw deck", "legal actions are: keep")
    g.apply("keep 6")
    d = ttr.save_game(g)
    assert d["players"][0]["tickets"] == [20, 6]
    assert sorted(d["ticket_pile"][:2]) == [5, 7] and d["ticket_pile"][2:] == [1, 2, 3, 4]
    assert d["phase"] == "turn" and d["current_player"] == 1


@pytest.mark.parametrize("name", MAPS)
def test_U1_E1_fewer_than_3_tickets_left_draws_what_is_left(name):
    g = scenario(name, 2, ticket_pile=[8, 9])
    g.apply("tickets")
    assert sorted(ttr.save_game(g)["players"][0]["offer"]) == [8, 9]
    assert sorted(tuple(a.target) for a in g.legal_actions()) == [(8,), (8, 9), (9,)]
    g.apply("keep 8 9")
    assert ttr.save_game(g)["ticket_pile"] == []


@pytest.mark.parametrize("name", MAPS)
def test_tickets_not_legal_when_the_pile_is_empty(name):
    g = scenario(name, 2, ticket_pile=[], hands={0: {"red": 1}})
    assert "tickets" not in legal_kinds(g)
    assert_illegal(g, "tickets")


# ================================================================= drawing

@pytest.mark.parametrize("name", MAPS)
def test_draw_two_cards_from_the_deck(name):
    g = scenario(name, 2, deck_top=["red", "blue"])
    g.apply("draw deck")
    assert g.phase == "second-card" and g.current_player == 0
    assert legal_kinds(g) == {"draw"}
    g.apply("draw deck")
    assert hand(g, 0) == Counter({"red": 1, "blue": 1})
    assert g.phase == "turn" and g.current_player == 1


@pytest.mark.parametrize("name", MAPS)
def test_G4_face_up_locomotive_is_the_whole_draw(name):
    g = scenario(name, 2, face_up=[LOCO, "red", "blue", "green", "white"], deck_top=["yellow", "black"])
    g.apply("draw locomotive")
    assert hand(g, 0) == Counter({LOCO: 1})
    assert g.phase == "turn" and g.current_player == 1, "no second card after a face-up locomotive"
    assert ttr.save_game(g)["face_up"][0] == "yellow", "the slot is refilled from the deck"


@pytest.mark.parametrize("name", MAPS)
def test_G4_face_up_locomotive_cannot_be_the_second_card(name):
    g = scenario(name, 2, face_up=["red", LOCO, "blue", "green", "white"], deck_top=["yellow"])
    g.apply("draw red")
    assert legal(g) == {"draw blue", "draw green", "draw white", "draw yellow", "draw deck"}
    assert_illegal(g, "draw locomotive", "G4")


@pytest.mark.parametrize("name", MAPS)
def test_G4_locomotive_turned_up_by_the_refill_cannot_be_the_second_card(name):
    g = scenario(name, 2, face_up=["red", "blue", "green", "white", "orange"], deck_top=[LOCO, "yellow"])
    g.apply("draw red")
    assert ttr.save_game(g)["face_up"][0] == LOCO
    assert "draw locomotive" not in legal(g)
    assert_illegal(g, "draw locomotive", "G4")


@pytest.mark.parametrize("name", MAPS)
def test_G4_blind_locomotive_counts_as_one_card_and_allows_a_second(name):
    g = scenario(name, 2, face_up=["red", LOCO, "blue", "green", "white"], deck_top=[LOCO, "yellow"])
    g.apply("draw deck")
    assert hand(g, 0) == Counter({LOCO: 1})
    assert g.phase == "second-card" and g.current_player == 0
    assert "draw locomotive" not in legal(g), "even after a blind draw the face-up locomotive is not a second card"
    g.apply("draw red")
    assert hand(g, 0) == Counter({LOCO: 1, "red": 1})
    assert g.current_player == 1


@pytest.mark.parametrize("name", MAPS)
def test_G4_blind_second_card_may_be_a_locomotive(name):
    g = scenario(name, 2, deck_top=["red", LOCO])
    draw_deck_twice(g)
    assert hand(g, 0) == Counter({"red": 1, LOCO: 1}) and g.current_player == 1


@pytest.mark.parametrize("name", MAPS)
def test_face_up_card_taken_is_replaced_from_the_deck(name):
    g = scenario(name, 2, face_up=["red", "blue", "green", "white", "orange"], deck_top=["yellow", "black", "purple"])
    n = len(ttr.save_game(g)["deck"])
    g.apply("draw red")
    assert ttr.save_game(g)["face_up"] == ["yellow", "blue", "green", "white", "orange"]
    g.apply("draw blue")
    d = ttr.save_game(g)
    assert d["face_up"] == ["yellow", "black", "green", "white", "orange"]
    assert len(d["deck"]) == n - 2 and deck_draw_order(g)[0] == "purple"
    assert hand(g, 0) == Counter({"red": 1, "blue": 1})


@pytest.mark.parametrize("name", MAPS)
def test_G2_three_face_up_locomotives_reset_the_display(name):
    g = scenario(name, 2, face_up=["red", LOCO, LOCO, "blue", "green"],
                 deck_top=[LOCO, "white", "yellow", "black", "orange", "purple"])
    g.apply("draw red")
    d = ttr.save_game(g)
    assert d["face_up"] == ["white", "yellow", "black", "orange", "purple"]
    assert Counter(d["discard"]) == Counter({LOCO: 3, "blue": 1, "green": 1})
    assert d["phase"] == "second-card", "the draw goes on with the new display"


@pytest.mark.parametrize("name", MAPS)
def test_G2_reset_repeats_while_the_new_display_shows_three_locomotives(name):
    g = scenario(name, 2, face_up=["red", LOCO, LOCO, "blue", "green"],
                 deck_top=[LOCO, LOCO, LOCO, LOCO, "white", "yellow", "black", "orange", "purple", "red", "blue"])
    g.apply("draw red")
    d = ttr.save_game(g)
    assert d["face_up"] == ["black", "orange", "purple", "red", "blue"]
    assert Counter(d["discard"]) == Counter({LOCO: 6, "blue": 1, "green": 1, "white": 1, "yellow": 1})


@pytest.mark.parametrize("name", MAPS)
def test_G2_reset_also_after_the_second_card(name):
    g = scenario(name, 2, face_up=["red", LOCO, LOCO, "blue", "green"],
                 deck_top=["yellow", LOCO, "white", "black", "orange", "purple", "red"])
    g.apply("draw blue")   # refilled with yellow
    g.apply("draw red")    # refilled with a locomotive: three show, the display is replaced
    d = ttr.save_game(g)
    assert d["current_player"] == 1
    assert d["face_up"] == ["white", "black", "orange", "purple", "red"]
    assert Counter(d["discard"]) == Counter({LOCO: 3, "yellow": 1, "green": 1})


@pytest.mark.parametrize("name", MAPS)
def test_one_action_per_turn_no_claim_after_the_first_card(name):
    rid = R[name]["red3"]
    g = scenario(name, 2, hands={0: {"red": 3}}, deck_top=["blue", "green"])
    assert f"claim {rid} 3red" in legal(g)
    g.apply("draw deck")
    assert_illegal(g, f"claim {rid} 3red", "legal actions are: draw")
    assert_illegal(g, "tickets", "legal actions are: draw")


@pytest.mark.parametrize("name", MAPS)
def test_G2_no_reset_with_two_face_up_locomotives(name):
    g = scenario(name, 2, face_up=["red", LOCO, "white", "blue", "green"], deck_top=[LOCO, "yellow"])
    g.apply("draw red")
    d = ttr.save_game(g)
    assert d["face_up"] == [LOCO, LOCO, "white", "blue", "green"] and d["discard"] == []


@pytest.mark.parametrize("name", MAPS)
def test_G2_setup_display_never_shows_three_locomotives(name):
    for seed in range(150):
        g = ttr.new_game(name, players=2, seed=seed)
        assert ttr.save_game(g)["face_up"].count(LOCO) < 3, seed


@pytest.mark.parametrize("name", MAPS)
def test_G2_no_reset_when_no_better_display_can_be_dealt(name):
    # deck + discard + display: 14 locomotives and only 2 other cards: every possible
    # display would show 3+ locomotives, so the display stays (and nothing loops).
    g = scenario(name, 2, face_up=["red", LOCO, LOCO, "blue", "white"], deck=[LOCO] * 12, spare=1)
    g.apply("draw red")
    d = ttr.save_game(g)
    assert d["face_up"] == [LOCO, LOCO, LOCO, "blue", "white"]
    assert len(d["deck"]) == 11 and d["discard"] == []
    assert legal(g) == {"draw blue", "draw white", "draw deck"}


def _reset_states(deck_n, discard_n, k_max, shown=5):
    """(deck size, discard size, reshuffles) after k resets, k = 0..k_max (counts only)."""
    out = [(deck_n, discard_n, 0)]
    shuffles = 0
    for _ in range(k_max):
        discard_n += shown
        for _ in range(shown):
            if deck_n == 0:
                deck_n, discard_n, shuffles = discard_n, 0, shuffles + 1
            deck_n -= 1
        out.append((deck_n, discard_n, shuffles))
    return out


@pytest.mark.parametrize("name", MAPS)
def test_G2_reset_cap_stops_after_reset_cap_consecutive_resets(name):
    # 14 locomotives + 3 other cards left: a reset is allowed (a display with 2
    # locomotives exists) but almost every deal shows 3+ locomotives again.
    cap = ttr.get_edition(name).reset_cap
    assert cap == 10
    states = _reset_states(11, 1, cap + 3)
    assert len(set(states)) == len(states)  # each number of resets leaves a distinct trace
    hit_cap = 0
    for seed in range(8):
        g = scenario(name, 2, face_up=["red", LOCO, LOCO, "blue", "white"], deck=[LOCO] * 12,
                     discard=["green"], spare=1, seed=seed)
        s0 = ttr.save_game(g)["shuffles"]
        g.apply("draw red")
        d = ttr.save_game(g)
        k = states.index((len(d["deck"]), len(d["discard"]), d["shuffles"] - s0))
        assert 1 <= k <= cap, f"seed {seed}: {k} resets"
        if d["face_up"].count(LOCO) >= 3:
            assert k == cap, f"seed {seed}: stopped after {k} resets with 3 locomotives showing"
            hit_cap += 1
        assert g.card_census() == 110
    assert hit_cap >= 1


def _capped_then_draw_deck(name, seed):
    """Seat 0 takes a red face up; its replacement, a locomotive, shows 3 and starts the
    resets (14 locomotives and 5 other cards in deck, discard and display: a display with
    2 locomotives exists). If the cap stopped them with 3+ locomotives showing, seat 0 takes
    its second card blind, which ends the turn. Returns (game, resets at the end of the
    turn) or None if the cap did not stop the first resets."""
    g = scenario(name, 2, face_up=["red", LOCO, LOCO, "blue", "white"], deck=[LOCO] * 12,
                 discard=["green", "yellow", "black"], spare=1, seed=seed)
    g.apply("draw red")
    d = ttr.save_game(g)
    if d["face_up"].count(LOCO) < 3:
        return None
    assert d["phase"] == "second-card" and len(d["deck"]) >= 1
    states = _reset_states(len(d["deck"]) - 1, len(d["discard"]), 2 * ttr.get_edition(name).reset_cap)
    g.apply("draw deck")  # a blind card: no face-up slot changes, so only the end of the turn retries
    after = ttr.save_game(g)
    assert after["current_player"] == 1 and after["phase"] == "turn"
    return g, states.index((len(after["deck"]), len(after["discard"]), after["shuffles"] - d["shuffles"]))


@pytest.mark.parametrize("name", MAPS)
def test_g2_after_the_cap_the_reset_is_tried_again_at_the_end_of_the_turn(name):
    """G2: the cap stopped the resets with 3 locomotives face up during seat 0's turn; a
    better display can still be dealt, so the end of the turn resets again: seat 1 does
    not start with the capped display (before the fix it did, every time)."""
    cap = ttr.get_edition(name).reset_cap
    fixed = 0
    for seed in range(12):
        out = _capped_then_draw_deck(name, seed)
        if out is None:
            continue
        g, resets = out
        assert resets >= 1, f"seed {seed}: no reset at the end of the turn"
        if ttr.save_game(g)["face_up"].count(LOCO) < 3:
            fixed += 1
        else:
            assert resets == cap  # P5: the end-of-turn attempt is capped too
        assert g.card_census() == 110
    assert fixed >= 1


@pytest.mark.parametrize("name", MAPS)
def test_P5_g2_the_end_of_turn_attempt_is_capped_too_and_repeats_every_turn(name):
    """P5: each attempt to reset (a draw, a refill, the end of a turn) makes at most
    reset_cap resets in a row; if the end-of-turn attempt is stopped too, the display stays
    for the next turn and is tried again at the end of that turn."""
    cap = ttr.get_edition(name).reset_cap
    for seed in range(12):
        out = _capped_then_draw_deck(name, seed)
        if out is not None and ttr.save_game(out[0])["face_up"].count(LOCO) >= 3:
            g, resets = out
            break
    else:
        pytest.fail("no seed where the end-of-turn attempt was capped")
    assert resets == cap
    d = ttr.save_game(g)
    states = _reset_states(len(d["deck"]), len(d["discard"]), cap)
    g.apply("tickets")  # seat 1 changes nothing on the table ...
    g.apply(f"keep {ttr.save_game(g)['players'][1]['offer'][0]}")  # ... and its turn ends: another attempt
    after = ttr.save_game(g)
    k = states.index((len(after["deck"]), len(after["discard"]), after["shuffles"] - d["shuffles"]))
    assert k >= 1 and (k == cap or after["face_up"].count(LOCO) < 3)


@pytest.mark.parametrize("name", MAPS)
def test_G3_empty_deck_reshuffles_the_discard(name):
    g = scenario(name, 2, deck=[], discard=["red"] * 5 + ["blue"] * 5, spare=1)
    s0 = ttr.save_game(g)["shuffles"]
    assert "draw deck" in legal(g)
    g.apply("draw deck")
    d = ttr.save_game(g)
    assert sum(d["players"][0]["hand"].values()) == 1
    assert len(d["deck"]) == 9 and d["discard"] == []
    assert d["shuffles"] == s0 + 1
    assert Counter(d["deck"]) + hand(g, 0) == Counter({"red": 5, "blue": 5})


@pytest.mark.parametrize("name", MAPS)
def test_G3_deck_and_discard_empty_draw_deck_not_legal_and_empty_slot_stays_empty(name):
    r = R[name]
    g = scenario(name, 2, face_up=["red", "blue", "green", "white", "orange"], deck=[], spare=1)
    assert "draw deck" not in legal(g)
    assert_illegal(g, "draw deck", "both empty")
    g.apply("draw red")
    assert ttr.save_game(g)["face_up"] == [None, "blue", "green", "white", "orange"]
    assert "draw deck" not in legal(g) and "draw blue" in legal(g)
    g.apply("draw blue")
    assert ttr.save_game(g)["face_up"] == [None, None, "green", "white", "orange"]
    assert g.current_player == 1
    # seat 1 claims: the paid cards reach the discard and the empty slots refill from it
    g.apply(f"claim {r['red3']} 3red")
    d = ttr.save_game(g)
    assert None not in d["face_up"]
    assert Counter(d["face_up"][:2]) == Counter({"red": 2}) and d["deck"] == ["red"] and d["discard"] == []


@pytest.mark.parametrize("name", MAPS)
@pytest.mark.parametrize("face_up", [["red", None, None, None, None], ["red", LOCO, LOCO, None, None]])
def test_P1_turn_ends_when_no_second_card_can_be_taken(name, face_up):
    g = scenario(name, 2, face_up=face_up, deck=[], spare=1)
    g.apply("draw red")
    assert g.phase == "turn" and g.current_player == 1
    assert hand(g, 0) == Counter({"red": 1})
    assert ttr.save_game(g)["face_up"][1:] == face_up[1:]


@pytest.mark.parametrize("name", MAPS)
def test_P1_turn_ends_after_the_last_blind_card(name):
    g = scenario(name, 2, face_up=[LOCO, None, None, None, None], deck=["blue"], spare=1)
    g.apply("draw deck")
    assert g.phase == "turn" and g.current_player == 1
    assert hand(g, 0) == Counter({"blue": 1})


# ================================================================ claiming

@pytest.mark.parametrize("name", MAPS)
def test_claim_needs_exact_colour_and_count(name):
    rid = R[name]["red3"]
    g = scenario(name, 2, hands={0: {"red": 4, "blue": 3}})
    assert claims_on(g, rid) == {f"claim {rid} 3red"}
    assert_illegal(g, f"claim {rid} 2red", "do not pay")
    assert_illegal(g, f"claim {rid} 4red", "do not pay")
    assert_illegal(g, f"claim {rid} 3blue", "do not pay")
    assert_illegal(g, f"claim {rid} 2red+1blue", "do not pay")


@pytest.mark.parametrize("name", MAPS)
def test_claim_locomotives_are_wild(name):
    rid = R[name]["red3"]
    g = scenario(name, 2, hands={0: {"red": 2, LOCO: 2}})
    assert claims_on(g, rid) == {f"claim {rid} 2red+1locomotive", f"claim {rid} 1red+2locomotive"}
    g2 = scenario(name, 2, hands={0: {LOCO: 3}})
    assert claims_on(g2, rid) == {f"claim {rid} 3locomotive"}


@pytest.mark.parametrize("name", MAPS)
def test_claim_gray_route_takes_any_one_colour(name):
    rid = R[name]["gray2"]
    g = scenario(name, 2, hands={0: {"red": 2, "blue": 2, "green": 1, LOCO: 1}})
    assert claims_on(g, rid) == {f"claim {rid} 2red", f"claim {rid} 2blue", f"claim {rid} 1red+1locomotive",
                                 f"claim {rid} 1blue+1locomotive", f"claim {rid} 1green+1locomotive"}
    assert_illegal(g, f"claim {rid} 1red+1blue", "do not pay")


@pytest.mark.parametrize("name", MAPS)
def test_claim_removes_the_cards_places_trains_and_scores_at_once(name):
    rid = R[name]["red3"]
    g = scenario(name, 2, hands={0: {"red": 3, LOCO: 2, "blue": 1}})
    g.apply(f"claim {rid} 2red+1locomotive")
    d = ttr.save_game(g)
    assert d["routes"] == {str(rid): 0}
    assert hand(g, 0) == Counter({"red": 1, LOCO: 1, "blue": 1})
    assert Counter(d["discard"]) == Counter({"red": 2, LOCO: 1})
    assert d["players"][0]["trains"] == 42 and d["players"][0]["score"] == 4
    assert d["current_player"] == 1 and d["phase"] == "turn"


POINTS = {
    # route, length, points, hand, payment (tunnels: revealed cards do not match)
    "usa": [(3, 1, 1), (48, 2, 2), (47, 3, 4), (24, 4, 7), (2, 5, 10), (14, 6, 15)],
    "europe": [(35, 1, 1), (71, 2, 2), (4, 3, 4), (70, 4, 7), (99, 6, 15), (100, 8, 21)],
}


@pytest.mark.parametrize("name,rid,length,points", [(n, *x) for n, xs in POINTS.items() for x in xs])
def test_U1_E5_route_points_by_length_on_claim(name, rid, length, points):
    r = ttr.load_map(name).route(rid)
    assert r.length == length
    colour = r.color if r.color != "gray" else "black"
    g = scenario(name, 2, hands={0: {colour: length}}, deck_top=["white", "green", "blue"] if colour != "white"
                 else ["red", "green", "blue"])
    g.apply(f"claim {rid} {length}{colour}")
    d = ttr.save_game(g)
    assert d["routes"] == {str(rid): 0}
    assert d["players"][0]["score"] == points
    assert d["players"][0]["trains"] == 45 - length
    assert g.result()["players"][0]["route_points"] == points


@pytest.mark.parametrize("name", MAPS)
def test_claim_needs_enough_trains(name):
    r = R[name]
    held = routes_using(name, 43, exclude=[r["red3"], r["gray2"]])
    g = scenario(name, 2, routes={x: 0 for x in held}, hands={0: {"red": 3}})
    assert ttr.save_game(g)["players"][0]["trains"] == 2
    assert claims_on(g, r["red3"]) == set()
    assert_illegal(g, f"claim {r['red3']} 3red", "needs 3 trains")
    assert f"claim {r['gray2']} 2red" in legal(g)


@pytest.mark.parametrize("name", MAPS)
def test_claimed_route_is_illegal_for_others(name):
    rid = R[name]["red3"]
    g = scenario(name, 2, hands={0: {"red": 3}, 1: {"red": 3}})
    g.apply(f"claim {rid} 3red")
    assert g.current_player == 1
    assert claims_on(g, rid) == set()
    assert_illegal(g, f"claim {rid} 3red", "already claimed by seat 0")


@pytest.mark.parametrize("name", MAPS)
def test_claim_unknown_route_is_refused(name):
    g = scenario(name, 2, hands={0: {"red": 3}})
    assert_illegal(g, "claim 999 3red", "no route 999")


@pytest.mark.parametrize("name", MAPS)
def test_claim_with_cards_not_held_is_refused(name):
    rid = R[name]["red3"]
    g = scenario(name, 2, hands={0: {"red": 2, "blue": 5}})
    assert_illegal(g, f"claim {rid} 3red", "you hold 2 red, not 3")


# ========================================================= double routes G1

@pytest.mark.parametrize("name", MAPS)
@pytest.mark.parametrize("players", [2, 3])
def test_G1_below_4_players_claiming_one_lane_closes_the_other_for_everyone(name, players):
    r = R[name]
    g = scenario(name, players, hands={0: {**r["lane_a_hand"], **r["lane_b_hand"]}, 1: r["lane_b_hand"]})
    assert f"claim {r['lane_b']} {r['lane_b_pay']}" in legal(g)
    g.apply(f"claim {r['lane_a']} {r['lane_a_pay']}")
    assert g.current_player == 1
    assert claims_on(g, r["lane_b"]) == set()
    assert_illegal(g, f"claim {r['lane_b']} {r['lane_b_pay']}", "closed", "G1")
    g.view(1)  # still consistent


@pytest.mark.parametrize("name", MAPS)
@pytest.mark.parametrize("players", [4, 5])
def test_G1_from_4_players_the_other_lane_stays_open_for_others(name, players):
    r = R[name]
    g = scenario(name, players, hands={0: r["lane_a_hand"], 1: r["lane_b_hand"]})
    g.apply(f"claim {r['lane_a']} {r['lane_a_pay']}")
    assert g.current_player == 1
    assert claims_on(g, r["lane_b"]) == {f"claim {r['lane_b']} {r['lane_b_pay']}"}
    g.apply(f"claim {r['lane_b']} {r['lane_b_pay']}")
    assert ttr.save_game(g)["routes"] == {str(r["lane_a"]): 0, str(r["lane_b"]): 1}


@pytest.mark.parametrize("name", MAPS)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_G1_one_player_never_owns_both_lanes(name, players):
    r = R[name]
    g = scenario(name, players, routes={r["lane_a"]: 0}, hands={0: r["lane_b_hand"]})
    assert claims_on(g, r["lane_b"]) == set()
    assert_illegal(g, f"claim {r['lane_b']} {r['lane_b_pay']}", "G1")


@pytest.mark.parametrize("players,open_", [(2, False), (3, False), (4, True), (5, True)])
def test_G1_gray_double_route_usa(players, open_):
    # USA 6/7 Atlanta-Raleigh, both gray 2
    g = scenario("usa", players, routes={6: 0}, current=1, hands={0: {"red": 2}, 1: {"red": 2}})
    assert (claims_on(g, 7) == {"claim 7 2red"}) is open_
    g0 = scenario("usa", players, routes={6: 0}, current=0, hands={0: {"red": 2}})
    assert claims_on(g0, 7) == set()


# ============================================================== end of game

@pytest.mark.parametrize("name", MAPS)
def test_G6_last_round_every_player_including_the_trigger_gets_exactly_one_more_turn(name):
    r = R[name]
    held = routes_using(name, 42, exclude=[r["len1"]])
    g = scenario(name, 3, routes={x: 1 for x in held}, hands={1: r["len1_hand"]})
    draw_deck_twice(g)  # seat 0
    assert ttr.save_game(g)["players"][1]["trains"] == 3
    g.apply(f"claim {r['len1']} {r['len1_pay']}")  # seat 1: 2 trains left -> last round
    assert g.view(0)["last_round"] is True
    order = []
    while not g.is_over:
        order.append(g.current_player)
        draw_deck_twice(g)
    assert order == [2, 0, 1]
    assert g.phase == "over" and len(g.legal_actions()) == 0
    assert_illegal(g, "draw deck", "the game is over")
    assert g.result()["over"] is True


@pytest.mark.parametrize("name", MAPS)
def test_G6_not_triggered_above_2_trains(name):
    held = routes_using(name, 42)
    g = scenario(name, 2, routes={x: 0 for x in held})
    draw_deck_twice(g)
    assert ttr.save_game(g)["final_turns"] == -1 and g.view(0)["last_round"] is False


@pytest.mark.parametrize("name", MAPS)
def test_G6_checked_at_the_end_of_every_turn_not_only_after_a_claim(name):
    held = routes_using(name, 43)
    g = scenario(name, 2, routes={x: 0 for x in held})
    assert ttr.save_game(g)["players"][0]["trains"] == 2
    draw_deck_twice(g)  # seat 0 ends a turn with 2 trains
    assert g.view(1)["last_round"] is True
    order = []
    while not g.is_over:
        order.append(g.current_player)
        draw_deck_twice(g)
    assert order == [1, 0]


@pytest.mark.parametrize("name", MAPS)
def test_G6_triggers_once(name):
    r = R[name]
    held0 = routes_using(name, 43, exclude=[r["len1"]])
    held1 = routes_using(name, 42, exclude=[r["len1"], *held0])
    g = scenario(name, 3, routes={**{x: 0 for x in held0}, **{x: 1 for x in held1}}, hands={1: r["len1_hand"]})
    draw_deck_twice(g)  # seat 0 ends its turn with 2 trains: last round
    g.apply(f"claim {r['len1']} {r['len1_pay']}")  # seat 1 also drops to 2 during the last round
    order = [1]
    while not g.is_over:
        order.append(g.current_player)
        draw_deck_twice(g)
    assert order == [1, 2, 0], "the last round is not restarted by a second player reaching 2 trains"


# ============================================================ G5 pass / P2

@pytest.mark.parametrize("name", MAPS)
def test_G5_pass_is_illegal_while_another_action_exists(name):
    g = scenario(name, 2, hands={0: {"red": 1}})
    assert "pass" not in legal(g)
    assert_illegal(g, "pass", "legal actions are")


@pytest.mark.parametrize("name", MAPS)
def test_G5_pass_is_the_only_action_when_nothing_else_is_legal(name):
    g = scenario(name, 2, face_up=[None] * 5, deck=[], spare=1, ticket_pile=[])
    assert legal(g) == {"pass"}
    g.apply("pass")
    assert g.current_player == 1 and not g.is_over


@pytest.mark.parametrize("name", MAPS)
def test_G5_forced_ticket_draw_when_it_is_the_only_action(name):
    g = scenario(name, 2, face_up=[None] * 5, deck=[], spare=1, ticket_pile=[1, 2, 3])
    assert legal(g) == {"tickets"}
    assert_illegal(g, "pass")
    g.apply("tickets")
    assert g.phase == "keep-tickets"


BLOCKED = [("usa", 3), ("europe", 5)]


def _blocked(name, players, ticket_pile=(), passes=0):
    """Deck, discard and display empty, every card in a hand, 3 trains each, no
    short route open, every station built: no seat can do anything."""
    routes = blocked_board(name, players)
    stations = {}
    if name == "europe":
        cities = [c.name for c in ttr.load_map(name).cities]
        stations = {s: cities[3 * s:3 * s + 3] for s in range(players)}
    hands = {}
    for s in range(1, players):
        hands[s] = {c: 2 for c in COLOURS}
    return scenario(name, players, routes=routes, stations=stations, hands=hands, face_up=[None] * 5,
                    deck=[], spare=0, ticket_pile=list(ticket_pile), passes=passes)


@pytest.mark.parametrize("name,players", BLOCKED)
def test_P2_a_whole_round_of_passes_ends_the_game(name, players):
    g = _blocked(name, players)
    assert all(p["trains"] == 3 for p in ttr.save_game(g)["players"])
    for seat in range(players):
        assert not g.is_over
        assert g.current_player == seat and legal(g) == {"pass"}
        g.apply("pass")
    assert g.is_over and g.phase == "over"
    assert g.result()["over"] is True


@pytest.mark.parametrize("name,players", BLOCKED)
def test_P2_any_other_action_restarts_the_count_of_passes(name, players):
    # every other seat has just passed; seat 0 must draw the last ticket (G5)
    g = _blocked(name, players, ticket_pile=[1], passes=players - 1)
    assert legal(g) == {"tickets"}
    g.apply("tickets")
    g.apply("keep 1")
    assert not g.is_over
    for _ in range(players - 1):        # seats 1..n-1 pass: one short of a whole round since the draw
        assert legal(g) == {"pass"}
        g.apply("pass")
    assert not g.is_over and g.current_player == 0
    g.apply("pass")                     # seat 0 completes the round
    assert g.is_over


# ======================================================== illegal actions

@pytest.mark.parametrize("name", MAPS)
@pytest.mark.parametrize("text,reason", [
    ("draw locomotive", "no locomotive card is face up"),
    ("keep 1", "legal actions are"),
    ("pay 1red", "legal actions are"),
    ("decline", "legal actions are"),
])
def test_illegal_actions_are_refused_with_a_reason_and_change_nothing(name, text, reason):
    g = scenario(name, 2, hands={0: {"red": 3}}, face_up=["red", "blue", "green", "white", "orange"])
    assert_illegal(g, text, reason)


def test_station_is_not_an_action_in_usa():
    g = scenario("usa", 2, hands={0: {"red": 3}})
    assert "station" not in legal_kinds(g)
    assert_illegal(g, "station Denver 1red", "legal actions are")


@pytest.mark.parametrize("name", MAPS)
@pytest.mark.parametrize("text", ["fly to the moon", "draw pinkish", "claim x 3red", "claim 4 3reds", "keep",
                                  "pass now", "", "station 1red", "pay 0red"])
def test_malformed_action_text_is_a_syntax_error_and_changes_nothing(name, text):
    g = scenario(name, 2, hands={0: {"red": 3}})
    before = copy.deepcopy(ttr.save_game(g))
    with pytest.raises(ttr.ActionSyntaxError):
        g.apply(text)
    assert ttr.save_game(g) == before


def test_apply_refuses_a_non_action():
    g = scenario("usa", 2)
    with pytest.raises(ttr.IllegalActionError):
        g.apply(42)


# =========================================================== G10, actions

@pytest.mark.parametrize("name", MAPS)
def test_G10_same_seed_same_game_different_seed_different_game(name):
    a, b, c = (ttr.new_game(name, players=3, seed=s) for s in (5, 5, 6))
    assert ttr.save_game(a) == ttr.save_game(b)
    assert ttr.save_game(a)["deck"] != ttr.save_game(c)["deck"]


@pytest.mark.parametrize("name,players,seed", [("usa", 2, 1), ("usa", 4, 2), ("europe", 2, 3), ("europe", 5, 4)])
def test_G10_seed_and_history_replay_the_game_exactly(name, players, seed):
    g = play_random(ttr.new_game(name, players=players, seed=seed), seed=seed * 31)
    assert g.is_over
    r = ttr.replay(name, players, seed, g.history)
    assert ttr.save_game(r) == ttr.save_game(g)
    assert r.result() == g.result()
    loaded = ttr.load_game(copy.deepcopy(ttr.save_game(g)), verify=True)
    assert ttr.save_game(loaded) == ttr.save_game(g)


def test_G10_seat_0_starts_unless_random_first():
    g = ttr.new_game("usa", players=4, seed=8)
    assert g.current_player == 0 and ttr.save_game(g)["first_player"] == 0
    firsts = {ttr.save_game(ttr.new_game("usa", players=4, seed=s, random_first=True))["first_player"] for s in range(40)}
    assert len(firsts) > 1
    for s in range(10):
        g = ttr.new_game("usa", players=4, seed=s, random_first=True)
        f = ttr.save_game(g)["first_player"]
        assert g.current_player == f  # G7: initial choices start with the first player
        for _ in range(4):
            g.apply(g.legal_actions()[0])
        assert g.phase == "turn" and g.current_player == f


@pytest.mark.parametrize("name", MAPS)
def test_random_game_invariants_and_action_text_round_trip(name):
    seen = set()

    def check(g):
        assert g.card_census() == 110
        d = ttr.save_game(g)
        assert all(p["trains"] >= 0 for p in d["players"])
        legal_now = g.legal_actions()
        assert len(legal_now) == len(list(legal_now))
        for i, a in enumerate(legal_now):
            if i > 40:
                break
            assert g.parse_action(str(a)) == a
            assert a in legal_now and legal_now[i] == a
            seen.add(a.kind)
        if len(legal_now):
            assert legal_now[-1] == list(legal_now)[-1]

    g = play_random(ttr.new_game(name, players=3, seed=21), seed=5, check=check)
    assert g.is_over
    assert {"draw", "claim", "keep"} <= seen


def test_cards_of_another_edition_are_refused_with_a_clear_message():
    """A payment naming Rails & Sails cards in Europe is illegal, not a crash."""
    g = ttr.new_game("europe", 2, seed=1)
    while g.phase == "initial-tickets":
        g.apply(g.legal_actions()[0])
    before = ttr.save_game(g)
    for text in ("station Paris 2red-double-ship+1red-ship", "claim 1 2joker"):
        try:
            g.apply(text)
        except ttr.IllegalActionError as e:
            assert "has no" in str(e) and "cards" in str(e)
        else:  # pragma: no cover
            raise AssertionError(f"{text} was accepted")
    assert ttr.save_game(g) == before
