"""Legacy: Legends of the West, game-1 rules (L1-L5, G1, LW-P rulings), one named test per clause."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from legacy_helpers import LW, MAP, NEWS, WILD, event_discard, ledger, position, route_between, setup_with

import ttr
from ttr.cards import CARD_INDEX, NEWSPAPER
from ttr.editions.legacy import (
    ClaimStep,
    ContentError,
    Event,
    LegacySetup,
    remaining_trains_bonus,
)
from ttr.errors import IllegalActionError, SaveError, TtrError

ALL_BUT_YELLOW = {c: 12 for c in ("red", "black", "blue", "white", "green")}
YELLOWS = ("yellow",) * 5
BLUE_PLAIN = route_between("Bangor", "Montreal")        # 2 blue, no big city
YELLOW_PLAIN = route_between("Albany", "Buffalo")       # 2 yellow, no big city
GRAY_PLAIN = route_between("Cincinnati", "Lewisburg")   # 2 gray, no big city
BLACK_3 = route_between("Atlanta", "Mobile")            # 3 black, no big city
ONE_BIG = route_between("Albany", "New York")           # 1 black: New York is big
TWO_BIG = route_between("Boston", "New York", "green")  # 1 green: both big (a triple route)


def hand(g, seat=0):
    return {ttr.cards.CARD_NAMES[k]: n for k, n in enumerate(g.hands[seat]) if n}


def finish_turn(g):
    seat = g.current
    while not g.is_over and g.current == seat:
        g.apply(g.legal_actions()[0])


def census(g):
    return g.card_census() == len(g.rules.deck_cards)


# ---------------------------------------------------------------- L1 money

def test_l1_each_player_starts_with_5_dollars():
    for n in (2, 3, 4, 5):
        g = ttr.new_game(LW, n, seed=n)
        assert g.money == [5] * n and g.result()["players"][0]["money_held"] == 5


def test_l1_claiming_pays_nothing_by_itself():
    g = position(hands={0: {"yellow": 2}})
    g.apply(f"claim {YELLOW_PLAIN} 2yellow")
    assert g.owner[YELLOW_PLAIN] == 0 and g.money == [5, 5] and g.trains[0] == 18


# ------------------------------------------------------------ L2 the deck

@pytest.mark.parametrize("players,papers", [(2, 6), (3, 4), (4, 3), (5, 3)])
def test_l2_newspapers_shuffled_in_by_player_count(players, papers):
    c = Counter(ttr.new_game(LW, players, seed=1).rules.deck_cards)
    assert c[NEWSPAPER] == papers
    assert all(c[CARD_INDEX[col]] == 12 for col in ("black", "blue", "white", "green", "yellow", "red"))
    assert c[CARD_INDEX["locomotive"]] == 12 and c[CARD_INDEX["purple"]] == c[CARD_INDEX["orange"]] == 0


def test_l2_newspapers_dealt_or_shown_at_setup_go_back_and_are_replaced():
    for seed in range(60):
        g = ttr.new_game(LW, 5, seed=seed)
        assert all(h[NEWSPAPER] == 0 and sum(h) == 4 for h in g.hands)
        assert NEWSPAPER not in g.face_up and -1 not in g.face_up
        assert event_discard(g) == [] and g.current_event is None and ledger(g) == []  # no event at setup
        assert g.decks[0].count(NEWSPAPER) == 3 and census(g)


def test_l2_setup_newspaper_really_happens_and_is_shuffled_back():
    """Some seed deals a newspaper at setup (before the replacement): the deck still holds all of them."""
    seen = 0
    for seed in range(40):
        g = ttr.new_game(LW, 2, seed=seed)
        # 4 shuffles (event deck, draw pile, two ticket piles); a 5th: newspapers were set aside and shuffled back
        assert g.shuffles in (4, 5)
        seen += g.shuffles == 5
        assert g.decks[0].count(NEWSPAPER) == 6
    assert seen > 0


def test_l2_blind_newspaper_reveals_the_next_event_and_is_replaced():
    g = position(deck_top=[NEWS, "red", "blue"], event_top=["demo-relief-fund"], money=[5, 4])
    g.apply("draw deck")
    assert hand(g) == {"red": 1}                # the newspaper is replaced by the next card
    assert g.discards[0].count(NEWSPAPER) == 1      # and discarded
    assert event_discard(g) == ["demo-relief-fund"] and g.current_event.id == "demo-relief-fund"
    assert g.money == [5, 9] and g.phase == "second-card"  # lightning: the poorest gain $5 at once


def test_l2_newspaper_into_the_display_reveals_an_event():
    g = position(deck_top=[NEWS, "red"], event_top=["demo-dividend-day"])
    g.apply("draw blue")                        # the slot is refilled from the deck: a newspaper
    assert g.face_up.count(CARD_INDEX["red"]) == 1 and NEWSPAPER not in g.face_up
    assert g.current_event.id == "demo-dividend-day" and g.money == [8, 8]


def test_l2_two_newspapers_in_a_row_reveal_two_events():
    g = position(deck_top=[NEWS, NEWS, "green"], event_top=["demo-dividend-day", "demo-long-haul-subsidy"])
    g.apply("draw deck")
    assert hand(g) == {"green": 1} and event_discard(g) == ["demo-dividend-day", "demo-long-haul-subsidy"]
    assert g.current_event.kind == "persistent" and g.money == [8, 8]


def test_l2_lightning_event_acts_once_and_stays_current():
    g = position(hands={0: {"yellow": 2}}, deck_top=[NEWS, "red"], event_top=["demo-dividend-day"])
    g.apply("draw deck")
    g.apply("draw deck")
    assert g.money == [8, 8]
    g2 = g.clone()
    g2.apply(g2.legal_actions()[0])  # seat 1 plays on: the lightning event does not act again
    assert g2.money == [8, 8] and g2.current_event.id == "demo-dividend-day"


def test_l2_persistent_event_acts_while_current():
    g = position(hands={0: {"black": 3}, 1: {"black": 3}}, revealed=["demo-long-haul-subsidy"],
                 deck_top=["red", "red", NEWS, "blue"], event_top=["demo-dividend-day"])
    g.apply(f"claim {BLACK_3} 3black")                  # step 7 while current: +$2 for 3+ spaces
    assert g.money == [7, 5]
    assert ("step 7: Long-haul subsidy" in ledger(g)[-1][3]) and ledger(g)[-1][:3] == [0, 0, 2]


def test_l2_persistent_event_stops_when_replaced():
    g = position(hands={0: {"red": 2}, 1: {"yellow": 3}}, revealed=["demo-long-haul-subsidy"],
                 deck_top=[NEWS, "blue", "green"], event_top=["demo-dividend-day"])
    g.apply("draw deck")                                # reveals the dividend: the subsidy is no longer current
    g.apply("draw deck")
    assert g.current_event.id == "demo-dividend-day" and g.money == [8, 8]
    g.apply(f"claim {route_between('Charlotte', 'Norfolk')} 3yellow")  # seat 1, 3 spaces: no subsidy now
    assert g.money == [8, 8]


@pytest.mark.parametrize("event,money,expected", [
    ("demo-boiler-explosion", [5, 5], [1, 5]),   # the drawer pays $4
    ("demo-boiler-explosion", [3, 5], [0, 5]),   # ... as far as they can
    ("demo-relief-fund", [4, 4], [9, 9]),        # all tied for the least
    ("demo-antitrust-fine", [9, 2], [4, 2]),     # the richest pays $5
    ("demo-antitrust-fine", [3, 3], [0, 0]),
    ("demo-dividend-day", [0, 7], [3, 10]),
])
def test_l2_each_lightning_effect(event, money, expected):
    g = position(deck_top=[NEWS, "red"], event_top=[event], money=money)
    g.apply("draw deck")
    assert g.money == expected
    assert sum(x[2] for x in ledger(g) if x[3].endswith("(demo)")) == sum(expected) - sum(money)


def test_l2_lightning_per_route_counts_each_players_company_routes():
    routes = {BLUE_PLAIN: 0, route_between("Cincinnati", "Knoxville"): 0, YELLOW_PLAIN: 0,
              route_between("Chicago", "Detroit", "black"): 1}
    g = position(routes=routes, deck_top=[NEWS, "red"], event_top=["demo-freight-boom"])
    g.apply("draw deck")
    assert g.money == [7, 6]  # seat 0 (blue): 2 blue routes; seat 1 (black): 1 black route


def test_lw_p1_newspaper_with_an_empty_event_deck_reveals_nothing():
    ids = [e.id for e in setup_with().events]
    g = position(deck_top=[NEWS, "red"], revealed=ids)  # every event already revealed
    g.apply("draw deck")
    assert hand(g) == {"red": 1} and event_discard(g) == ids and g.money == [5, 5]


# ------------------------------------------------------- L2 the draw limit

def test_l2_no_card_drawn_while_deck_and_discard_hold_8_or_fewer():
    g2 = position(hands={0: ALL_BUT_YELLOW, 1: {"yellow": 7, "locomotive": 10}}, face_up=YELLOWS, deck_size=8)
    assert len(g2.decks[0]) + len(g2.discards[0]) == 8
    kinds = g2.legal_actions().kinds()
    assert "draw" not in kinds and "claim" in kinds
    before = ttr.save_game(g2)
    with pytest.raises(IllegalActionError, match="8 cards or fewer.*L2"):
        g2.apply("draw deck")
    with pytest.raises(IllegalActionError, match="L2"):
        g2.apply("draw yellow")
    assert ttr.save_game(g2) == before


def test_l2_nine_cards_allow_one_draw_then_the_turn_ends():
    g = position(hands={0: ALL_BUT_YELLOW, 1: {"yellow": 6, "locomotive": 10}}, face_up=YELLOWS, deck_size=9)
    assert len(g.decks[0]) + len(g.discards[0]) == 9 and "draw" in g.legal_actions().kinds()
    g.apply("draw deck")                  # now 8: no second card (P1: the turn ends)
    assert g.current == 1 and g.phase == "turn"


def test_l2_only_tickets_or_claims_when_drawing_is_closed():
    g = position(hands={0: ALL_BUT_YELLOW, 1: {"yellow": 7, "locomotive": 10}}, face_up=YELLOWS, deck_size=8)
    assert g.legal_actions().kinds() <= {"claim", "tickets"}


# ---------------------------------------------------------------- L3 tickets

def test_l3_deal_4_keep_at_least_2():
    g = ttr.new_game(LW, 3, seed=2)
    assert all(len(o) == 4 for o in g.offers)
    keeps = [a.target for a in g.legal_actions()]
    assert min(map(len, keeps)) == 2 and max(map(len, keeps)) == 4 and len(keeps) == 6 + 4 + 1


def test_l3_unkept_initial_tickets_go_under_the_pile():
    g = ttr.new_game(LW, 2, seed=3)
    offer = sorted(g.offers[0])
    g.apply(f"keep {offer[0]} {offer[1]}")
    assert set(g.ticket_pile[:2]) == set(offer[2:])  # the bottom of the pile (the top is the end)


@pytest.mark.parametrize("players,left,each", [(4, 13, 3), (5, 12, 2), (3, 8, 2)])
def test_l3_short_ticket_deck_deals_an_equal_2_or_3_and_keeps_1(players, left, each):
    retired = [t.id for t in MAP.tickets][left:]
    g = ttr.new_game(LW, players, seed=4, setup=setup_with(players, retired_tickets=retired))
    assert all(len(o) == each for o in g.offers)
    assert min(len(a.target) for a in g.legal_actions()) == 1
    assert not set(retired) & (set(g.ticket_pile) | {t for o in g.offers for t in o})


def test_l3_later_draw_3_keep_at_least_1_unkept_under_the_pile():
    g = position(ticket_pile=[1, 2, 3, 4, 5, 6])
    g.apply("tickets")
    assert sorted(g.offers[0]) == [4, 5, 6]
    assert min(len(a.target) for a in g.legal_actions()) == 1
    g.apply("keep 5")
    assert g.tickets[0] == [5] and g.ticket_pile[:2] in ([4, 6], [6, 4]) and g.ticket_pile[2:] == [1, 2, 3]


# ---------------------------------------------------------- L4 claim steps

def test_l4_step3_company_route_pays_the_company_bonus():
    g = position(hands={0: {"blue": 2}})
    g.apply(f"claim {BLUE_PLAIN} 2blue")          # seat 0 is the blue company
    assert g.money == [5 + g.setup.company_bonus, 5] and ledger(g)[-1][3] == "step 3: company route"


def test_l4_step3_other_colours_and_gray_pay_nothing():
    g = position(hands={0: {"blue": 2}, 1: {"blue": 2}}, current=1)
    g.apply(f"claim {BLUE_PLAIN} 2blue")          # seat 1 is black: a blue route is not its colour
    assert g.money == [5, 5]
    g = position(hands={0: {"blue": 2}})
    g.apply(f"claim {GRAY_PLAIN} 2blue")          # gray is nobody's company colour
    assert g.money == [5, 5]


def test_l4_step3_pays_the_setups_bonus_amount():
    g = position(hands={0: {"blue": 2}}, setup=setup_with(company_bonus=11))
    g.apply(f"claim {BLUE_PLAIN} 2blue")
    assert g.money == [16, 5]


def test_l4_step12_big_city_draws_one_card_even_for_two_big_cities():
    g = position(hands={0: {"green": 1}}, deck_top=["red", "yellow"])
    g.apply(f"claim {TWO_BIG} 1green")            # Boston and New York are both big: one card
    assert hand(g) == {"red": 1}


def test_l4_step12_each_claim_into_a_big_city_draws_again():
    g = position(hands={0: {"black": 1, "green": 1}}, deck_top=["red", "blue", "white", "yellow"])
    g.apply(f"claim {ONE_BIG} 1black")
    g.apply("draw deck")
    g.apply("draw deck")
    g.apply(f"claim {TWO_BIG} 1green")            # New York again, another turn: another card
    assert hand(g) == {"red": 1, "yellow": 1}


def test_l4_step12_no_card_for_a_route_without_a_big_city():
    g = position(hands={0: {"yellow": 2}}, deck_top=["red"])
    g.apply(f"claim {YELLOW_PLAIN} 2yellow")
    assert hand(g) == {}


def test_l4_step12_drawing_a_newspaper_reveals_an_event_then_replaces_it():
    g = position(hands={0: {"green": 1}}, deck_top=[NEWS, "red"], event_top=["demo-dividend-day"])
    g.apply(f"claim {TWO_BIG} 1green")
    assert hand(g) == {"red": 1} and g.current_event.id == "demo-dividend-day" and g.money == [8, 8]


def test_lw_p2_step12_draw_respects_the_l2_limit():
    g = position(hands={0: ALL_BUT_YELLOW, 1: {"yellow": 7, "locomotive": 12}}, face_up=YELLOWS)
    assert len(g.decks[0]) + len(g.discards[0]) == 6
    g.apply(f"claim {TWO_BIG} 1green")  # the green is discarded: 7 in deck + discard, no draw
    assert g.hands[0][CARD_INDEX["green"]] == 11 and sum(g.hands[0]) == 59
    g = position(hands={0: ALL_BUT_YELLOW, 1: {"yellow": 7, "locomotive": 10}}, face_up=YELLOWS,
                 deck_top=["locomotive"])
    assert len(g.decks[0]) + len(g.discards[0]) == 8
    g.apply(f"claim {TWO_BIG} 1green")  # 9 after the discard: one card is drawn
    assert g.hands[0][CARD_INDEX["locomotive"]] == 1 and sum(g.hands[0]) == 60


def test_l4_steps_run_in_number_order():
    """A fee takes at most what is held, so order shows: $0, company bonus (step 3) then a $1 fee."""
    fee_late = ClaimStep(9, "route_fee", amount=1, label="fee")
    fee_early = ClaimStep(1, "route_fee", amount=1, label="fee")
    steps = list(setup_with().steps)
    late = position(hands={0: {"blue": 2}}, money=[0, 5], setup=setup_with(steps=steps + [fee_late]))
    late.apply(f"claim {BLUE_PLAIN} 2blue")
    early = position(hands={0: {"blue": 2}}, money=[0, 5], setup=setup_with(steps=steps + [fee_early]))
    early.apply(f"claim {BLUE_PLAIN} 2blue")
    assert late.money[0] == 3 - 1 and early.money[0] == 3   # fee after the bonus / fee on $0 first
    assert [s.number for s in early.claim_steps()] == [1, 3, 12]


def test_l4_step_list_is_extensible_with_filters():
    steps = list(setup_with().steps) + [ClaimStep(6, "route_bonus", amount=3, min_length=3, label="long"),
                                        ClaimStep(10, "route_bonus", amount=1, big_city=True, label="depot"),
                                        ClaimStep(5, "route_bonus", amount=2, color="gray", label="grey")]
    g = position(hands={0: {"black": 3, "blue": 2}, 1: {"black": 1}}, setup=setup_with(steps=steps))
    g.apply(f"claim {BLACK_3} 3black")     # long: +3
    assert g.money == [8, 5]
    g.apply(f"claim {ONE_BIG} 1black")     # seat 1, black company: +bonus, big city: depot +1 and a card
    assert g.money == [8, 5 + g.setup.company_bonus + 1]
    g.apply(f"claim {GRAY_PLAIN} 2blue")   # gray: +2
    assert g.money[0] == 10


def test_l4_persistent_event_step_runs_at_its_number():
    g = position(hands={0: {"green": 1}}, money=[0, 5], revealed=["demo-city-tolls"], deck_top=["red"])
    assert [s.number for s in g.claim_steps()] == [3, 9, 12]
    g.apply(f"claim {TWO_BIG} 1green")     # toll: a big city costs $1, but seat 0 holds $0
    assert g.money == [0, 5]
    g = position(hands={0: {"green": 1}}, revealed=["demo-city-tolls"], deck_top=["red"])
    g.apply(f"claim {TWO_BIG} 1green")
    assert g.money == [4, 5]


def test_l4_edge_stubs_are_never_claimable():
    stub_pairs = {(s.city, s.leads_to) for s in MAP.edge_stubs}
    assert len(MAP.edge_stubs) == 8
    cities = {c.name for c in MAP.cities}
    assert all(s.leads_to.split(" (")[0] not in cities for s in MAP.edge_stubs) and stub_pairs
    g = position(hands={0: {c: 7 for c in ("red", "black", "blue", "white", "green", "yellow")}})
    claimable = {a.target for a in g.legal_actions() if a.kind == "claim"}
    assert claimable <= {r.id for r in MAP.routes}
    assert all(set(ttr.load_map(LW).route(r).cities) <= cities for r in claimable)


def test_l4_trains_per_player_from_the_setup():
    assert ttr.new_game(LW, 2, seed=0).trains == [20, 20]
    assert ttr.new_game(LW, 3, seed=0, setup=setup_with(3, trains=31)).trains == [31] * 3


# ------------------------------------------------------ G1 double and triple routes

@pytest.mark.parametrize("players", [2, 3])
def test_g1_doubles_close_at_2_and_3_players(players):
    quebec = route_between("Montreal", "Quebec", "black")
    twin = route_between("Montreal", "Quebec", "white")
    g = position(players, hands={0: {"black": 1}, 1: {"white": 1}})
    g.apply(f"claim {quebec} 1black")
    assert not g.avail[twin]
    assert all(a.target != twin for a in g.legal_actions() if a.kind == "claim")


def test_g1_doubles_stay_open_at_4_players_but_not_to_the_same_player():
    quebec = route_between("Montreal", "Quebec", "black")
    twin = route_between("Montreal", "Quebec", "white")
    g = position(4, hands={0: {"black": 1, "white": 1}, 1: {"white": 1}})
    g.apply(f"claim {quebec} 1black")
    assert g.avail[twin]
    for _ in range(3):
        if g.current == 1:
            break
        g.apply(g.legal_actions()[0])
    g.apply(f"claim {twin} 1white")
    assert g.owner[twin] == 1


def test_g1_triple_routes_stay_open_at_2_players():
    lanes = [route_between("Boston", "New York", c) for c in ("green", "black", "white")]
    g = position(2, hands={0: {"green": 1, "black": 1}, 1: {"black": 1}}, deck_top=["red", "red", "red"])
    g.apply(f"claim {lanes[0]} 1green")
    assert g.avail[lanes[1]] and g.avail[lanes[2]]            # always open
    g.apply(f"claim {lanes[1]} 1black")                        # seat 1 takes another lane
    assert g.owner[lanes[1]] == 1
    assert all(a.target not in lanes for a in g.legal_actions() if a.kind == "claim")  # one lane each
    with pytest.raises(IllegalActionError):
        g.apply(f"claim {lanes[2]} 1black")


# ------------------------------------------------------------------ L5 end

def test_l5_the_end_triggers_at_2_trains_or_fewer_and_everyone_plays_once_more():
    g = position(hands={0: {"black": 1}}, trains=[3, 3], money=[5, 5])
    g.apply(f"claim {ONE_BIG} 1black")
    assert g.trains[0] == 2 and g.final_turns == 2 and not g.is_over
    finish_turn(g)
    assert not g.is_over and g.current == 0
    finish_turn(g)
    assert g.is_over


@pytest.mark.parametrize("left,dollars", [(0, 16), (1, 12), (2, 9), (3, 7), (4, 6), (5, 4), (6, 4), (7, 4),
                                          (8, 2), (9, 2), (10, 2), (11, 0), (20, 0)])
def test_l5_remaining_trains_bonus_table(left, dollars):
    assert remaining_trains_bonus(left) == dollars
    g = position()
    g.trains[:] = [left, left]
    assert g.result()["players"][0]["remaining_trains_bonus"] == dollars


def test_l5_final_money_is_held_plus_bonus_plus_tickets():
    done = next(t for t in MAP.tickets if set(t.cities) == {"Albany", "New York"} or t.id == 4)
    # ticket 4: Baltimore-New York $2 -- built through Philadelphia
    routes = {route_between("Baltimore", "Philadelphia", "red"): 0, route_between("New York", "Philadelphia", "red"): 0}
    g = position(routes=routes, tickets={0: [4, 1], 1: []}, money=[11, 5], trains=[18, 20])
    p = g.result()["players"][0]
    assert done.id == 4 and p["money_held"] == 11 and p["remaining_trains_bonus"] == 0
    assert p["ticket_points"] == 2 - 3 and p["total"] == 11 + 0 + 2 - 3
    assert p["tickets_completed"] == [4] and p["tickets_failed"] == [1]


def test_l5_a_bank_slip_never_shows_less_than_0():
    g = position(tickets={0: [2, 3], 1: []}, money=[1, 5])  # $8 + $6 failed
    p = g.result()["players"][0]
    assert p["raw_total"] == 1 - 14 and p["total"] == 0


def test_l5_tie_more_completed_tickets_wins():
    routes = {route_between("Albany", "New York"): 1, route_between("Albany", "Boston"): 1}
    # seat 1 completes ticket 1? Albany-Bangor needs Boston-Bangor too
    routes[route_between("Bangor", "Boston", "green")] = 1
    g = position(routes=routes, tickets={0: [], 1: [1, 2]}, money=[8, 13], trains=[20, 16])
    r = g.result()
    p0, p1 = r["players"]
    assert p1["tickets_completed"] == [1] and p1["total"] == 13 + 3 - 8 == p0["total"]
    assert r["ranking"] == [1, 0] and r["winners"] == [1] and p1["rank"] == 1 and p0["rank"] == 2


def test_l5_tie_then_the_player_later_in_turn_order_wins():
    g = position(3, money=[6, 6, 6], first_player=0)
    assert g.result()["ranking"] == [2, 1, 0]
    g = position(3, money=[6, 6, 6], first_player=2)   # order 2, 0, 1: seat 1 is last
    assert g.result()["ranking"] == [1, 0, 2] and g.result()["last_place"] == 2


def test_l5_the_last_placed_player_is_reported_for_the_caboose():
    g = position(3, money=[9, 2, 7])
    r = g.result()
    assert r["last_place"] == 1 and r["ranking"] == [0, 2, 1] and r["unit"] == "dollars"


# -------------------------------------------------------- saves, views, errors

def test_view_shows_events_and_money_but_not_the_event_deck_order():
    g = position(deck_top=[NEWS, "red"], event_top=["demo-dividend-day"])
    g.apply("draw deck")
    v = g.view(1)
    leg = v["edition"]
    assert leg["current_event"]["id"] == "demo-dividend-day" and leg["money"] == [8, 8]
    assert leg["event_deck_size"] == 6 and "event_deck" not in leg
    other = g.clone()
    other.event_deck.reverse()  # a different hidden order: the same view
    assert other.view(1) == v


def test_save_round_trip_and_replay_keep_setup_events_and_money():
    g = ttr.new_game(LW, 3, seed=9, setup=setup_with(3, company_bonus=7, trains=24))
    rng = random.Random(9)
    while not g.is_over:
        la = g.legal_actions()
        g.apply(la[rng.randrange(len(la))])
    d = ttr.save_game(g)
    again = ttr.load_game(d)       # verify: replays seed + history with the saved setup
    assert ttr.save_game(again) == d and again.result() == g.result() and again.setup == g.setup


def test_save_with_money_not_matching_the_ledger_is_refused():
    d = ttr.save_game(position(money=[9, 5]))
    d["players"][0]["score"] = 10
    with pytest.raises(SaveError, match=r"players\[0\].score \(money held\) is 10"):
        ttr.load_game(d, verify=False)


@pytest.mark.parametrize("mutate,match", [
    (lambda d: d.pop("edition"), "edition block"),
    (lambda d: d["edition"]["event_deck"].pop(), "each event of the setup exactly once"),
    (lambda d: d["edition"]["setup"].update(companies=["blue", "blue"]), "different company"),
    (lambda d: d["edition"]["setup"].update(trains=99), "trains"),
    (lambda d: d["edition"]["ledger"].append([0, 7, 1, "x"]), r"ledger\[0\]"),
    (lambda d: d["edition"]["setup"]["events"][0].update(kind="lightning", effect=None), "needs an 'effect'"),
])
def test_malformed_legacy_save_is_refused_with_the_reason(mutate, match):
    d = ttr.save_game(position())
    mutate(d)
    with pytest.raises(SaveError, match=match):
        ttr.load_game(d, verify=False)


def test_setup_errors_name_the_problem():
    with pytest.raises(ContentError, match="3 companies for 2 players"):
        ttr.new_game(LW, 2, setup=setup_with(3))
    with pytest.raises(ContentError, match="retires unknown ticket"):
        ttr.new_game(LW, 2, setup=setup_with(retired_tickets=[999]))
    with pytest.raises(TtrError, match="takes the option 'setup' only"):
        ttr.new_game(LW, 2, colour="red")
    with pytest.raises(TtrError, match="takes no options"):
        ttr.new_game("europe", 2, setup=setup_with())
    with pytest.raises(ContentError, match="step number"):
        setup_with(steps=list(setup_with().steps) + [ClaimStep(3, "route_bonus", amount=1)])


def test_setup_is_a_frozen_value_and_round_trips():
    s = setup_with(4)
    assert LegacySetup.from_dict(s.to_dict()) == s and hash(s) == hash(LegacySetup.from_dict(s.to_dict()))
    with pytest.raises(Exception):
        s.trains = 3  # type: ignore[misc]
    assert isinstance(s.events[0], Event)


def test_illegal_action_leaves_the_legacy_state_unchanged():
    g = position(hands={0: {"blue": 1}}, deck_top=[NEWS, "red"])
    d = ttr.save_game(g)
    for bad in (f"claim {BLUE_PLAIN} 1blue", "claim 999 2red", "draw red", "keep 1"):
        with pytest.raises(IllegalActionError):
            g.apply(bad)
        assert ttr.save_game(g) == d


# ------------------------------------------------------- core properties

def check_state(g):
    d = ttr.save_game(g)
    assert census(g)
    start = g.setup.trains
    for seat, p in enumerate(d["players"]):
        mine = [MAP.route(int(r)) for r, s in d["routes"].items() if s == seat]
        assert p["trains"] == start - sum(r.length for r in mine)
        assert p["score"] == 5 + sum(x[2] for x in ledger(g) if x[1] == seat) >= 0  # money = $5 + ledger
        assert p["hand"].get("newspaper", 0) == 0
    assert NEWSPAPER not in g.face_up
    assert sorted(g.event_deck + g.event_discard) == list(range(len(g.setup.events)))
    tickets = Counter(d["ticket_pile"])
    for p in d["players"]:
        tickets.update(p["tickets"] + p["offer"])
    assert all(k == 1 for k in tickets.values()) and len(tickets) == 33
    return d


def play_checked(players: int, seed: int):
    rng = random.Random(seed)
    g = ttr.new_game(LW, players, seed)
    steps = 0
    events = 0
    while not g.is_over:
        d = check_state(g)
        legal = g.legal_actions()
        assert len(legal) > 0
        sample = list(legal) if len(legal) <= 40 else [legal[rng.randrange(len(legal))] for _ in range(30)]
        for a in sample:
            assert ttr.Action.from_text(str(a)) == a and a in legal
            c = g.clone()
            c.apply(str(a))
            check_state(c)
        if steps % 9 == 0:  # a claim with one card short, a face-up card that is not there
            for a in legal:
                if a.kind == "claim":
                    k, n = a.cards[0]
                    bad = ttr.Action("claim", a.target, ((k, n - 1),) + a.cards[1:]) if n > 1 else None
                    if bad is not None and bad not in legal:
                        with pytest.raises(IllegalActionError):
                            g.apply(bad)
                        assert ttr.save_game(g) == d
                    break
        me = g.current_player
        for p in range(players):
            v = g.view(p)
            assert all("hand" not in e and isinstance(e["tickets"], int) for e in v["players"])
            assert "event_deck" not in v["edition"] and "deck" not in v
            if p != me:
                assert v["legal"] is None
        before = len(g.event_discard)
        g.apply(legal[rng.randrange(len(legal))])
        events += len(g.event_discard) - before
        steps += 1
    d = check_state(g)
    again = ttr.load_game(d)  # verifies seed + history with the saved setup
    assert ttr.save_game(again) == d
    replay = ttr.replay(LW, players, seed, g.history, setup=g.setup)
    assert ttr.save_game(replay) == d and replay.result() == g.result()
    res = g.result()
    assert sorted(p["rank"] for p in res["players"]) == list(range(1, players + 1))  # L5: no shared places
    for p in res["players"]:
        assert p["total"] == max(0, p["money_held"] + p["remaining_trains_bonus"] + p["ticket_points"])
    return events


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (5, 4), (2, 5)])
def test_core_properties_random_games(players, seed):
    assert play_checked(players, seed) >= 0


def test_events_happen_in_random_games():
    total = 0
    for seed in range(20):
        g = ttr.new_game(LW, 2, seed)
        rng = random.Random(seed)
        while not g.is_over:
            la = g.legal_actions()
            g.apply_unchecked(la[rng.randrange(len(la))])
        total += len(g.event_discard)
        assert census(g)
    assert total >= 20  # 6 newspapers in 2-player games: events are revealed in play


def test_lw_p3_payments_take_at_most_what_is_held_and_the_drawer_is_the_player_to_move():
    g = position(deck_top=["red", NEWS, "blue"], event_top=["demo-boiler-explosion"], money=[5, 2], current=1,
                 face_up=("red", "black", "white", "green", "yellow"))
    g.apply("draw red")                  # the slot refill takes "red"; the second blind card is the newspaper
    assert g.money == [5, 2]
    g.apply("draw deck")                 # seat 1 drew it: pays $4 of its $2 -> $0
    assert g.money == [5, 0] and ledger(g)[-1][1:3] == [1, -2]


def test_planner_knows_triple_routes_stay_open_at_2_players():
    """The bots plan with the engine's G1 table: a claimed triple lane leaves the others open."""
    from ttr.agents.planner import PlannerAgent, graph_of
    from ttr.agents.planning import Position, route_costs
    lanes = [route_between("Boston", "New York", c) for c in ("green", "black", "white")]
    quebec = [route_between("Montreal", "Quebec", c) for c in ("black", "white")]
    g = position(2, routes={lanes[0]: 1, quebec[0]: 1})
    pos = Position.of(g.observe(0))
    cost = route_costs(pos, graph_of(g.map), g.rules.r_closes)
    assert cost[lanes[1]] == cost[lanes[2]] == 1.0   # triple: still open to seat 0
    assert cost[quebec[1]] is None                      # double at 2 players: closed
    assert PlannerAgent(0).act(g.observe(0)) in g.legal_actions()


def test_lw_p4_newspapers_are_no_cards_for_a_better_display():
    """G2 with LW-P4: the piles hold only wild cards and newspapers besides the display's two colour
    cards: no display with fewer than 3 wild cards can be dealt, so there is no reset (and no event)."""
    hands = {0: {"black": 12, "blue": 12, "white": 11}, 1: {"green": 12, "yellow": 12, "red": 11}}
    g = position(2, hands=hands, face_up=(WILD, WILD, WILD, "white", "red"))
    before = ttr.save_game(g)
    assert set(before["deck"] + before["discard"]) == {WILD, NEWS}
    g.check_reset()
    after = ttr.save_game(g)
    assert after["face_up"] == before["face_up"] and after["deck"] == before["deck"]
    assert event_discard(g) == []


def test_l3_sampled_worlds_deal_no_retired_ticket():
    """A seat's sampled worlds (the search bot's determinizer) deal the others' tickets and the
    pile from the tickets in play: a retired ticket is in none of them."""
    from ttr.agents.determinize import Worlds
    retired = [t.id for t in MAP.tickets if not t.long][-8:]
    g = ttr.new_game(LW, 3, seed=5, setup=setup_with(3, retired_tickets=retired))
    rng = random.Random(5)
    checked = 0
    while not g.is_over and checked < 12:
        seat = g.current_player
        worlds = Worlds(g.observe(seat))
        for _ in range(3):
            world = ttr.save_game(worlds.game(rng))
            held = set(world["ticket_pile"]) | {t for p in world["players"] for t in p["tickets"] + p["offer"]}
            assert not held & set(retired)
        checked += 1
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
    assert checked == 12
