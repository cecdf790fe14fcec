"""Europe-only clauses: tunnels (E2), ferries (E3), stations (E4), points and the
European Express (E5, G8), tie-breaks (E6)."""
from __future__ import annotations

import copy
from collections import Counter

import pytest
from helpers import (
    LOCO,
    assert_illegal,
    hand,
    legal,
    legal_kinds,
    routes_using,
    scenario,
)

import ttr

TUNNEL = 8          # Erzurum-Sochi, red tunnel, length 3
GRAY_TUNNEL = 92    # Paris-Zürich, gray tunnel, length 3


def claims_on(g, route):
    return {str(a) for a in g.legal_actions() if a.kind == "claim" and a.target == route}


def tunnel_game(hand_cards, deck_top=(), **kw):
    return scenario("europe", 2, hands={0: hand_cards}, deck_top=list(deck_top), **kw)


def pending(g):
    return ttr.save_game(g)["tunnel"]


# ================================================================ tunnels E2

def test_E2_tunnel_no_match_claim_completes_immediately():
    g = tunnel_game({"red": 3}, ["blue", "green", "white"])
    g.apply(f"claim {TUNNEL} 3red")
    d = ttr.save_game(g)
    assert d["phase"] == "turn" and d["current_player"] == 1 and d["tunnel"] is None
    assert d["routes"] == {str(TUNNEL): 0}
    assert d["players"][0]["score"] == 4 and d["players"][0]["trains"] == 42
    assert Counter(d["discard"]) == Counter({"red": 3, "blue": 1, "green": 1, "white": 1})
    assert hand(g, 0) == Counter()


def test_E2_tunnel_revealed_card_of_the_paid_colour_adds_one():
    g = tunnel_game({"red": 4, LOCO: 1}, ["red", "blue", "green"])
    g.apply(f"claim {TUNNEL} 3red")
    assert g.phase == "tunnel" and g.current_player == 0
    t = pending(g)
    assert t["revealed"] == ["red", "blue", "green"] and t["extra"] == 1
    assert legal(g) == {"pay 1red", "pay 1locomotive", "decline"}
    assert ttr.save_game(g)["routes"] == {}, "not claimed until the extra is paid"


def test_E2_tunnel_revealed_locomotive_adds_one():
    g = tunnel_game({"red": 4, LOCO: 1}, [LOCO, "blue", "green"])
    g.apply(f"claim {TUNNEL} 3red")
    assert pending(g)["extra"] == 1
    assert legal(g) == {"pay 1red", "pay 1locomotive", "decline"}


def test_E2_tunnel_mixed_reveal_counts_colour_and_locomotives():
    g = tunnel_game({"red": 6, LOCO: 2}, ["red", LOCO, "red"])
    g.apply(f"claim {TUNNEL} 3red")
    assert pending(g)["extra"] == 3
    assert legal(g) == {"pay 3red", "pay 2red+1locomotive", "pay 1red+2locomotive", "decline"}


def test_E2_tunnel_other_colours_do_not_count():
    g = tunnel_game({"blue": 5, LOCO: 2}, ["red", "blue", LOCO])
    g.apply(f"claim {GRAY_TUNNEL} 3blue")  # gray tunnel paid in blue: the revealed red does not count
    assert pending(g)["extra"] == 2
    assert legal(g) == {"pay 2blue", "pay 1blue+1locomotive", "pay 2locomotive", "decline"}


def test_E2_tunnel_paid_with_colour_and_locomotives_counts_that_colour():
    g = tunnel_game({"red": 3, LOCO: 1}, ["red", "blue", "blue"])
    g.apply(f"claim {TUNNEL} 2red+1locomotive")
    assert pending(g)["extra"] == 1
    assert legal(g) == {"pay 1red", "decline"}


def test_E2_tunnel_locomotive_only_payment_counts_only_revealed_locomotives():
    g = tunnel_game({LOCO: 5, "red": 2}, ["red", "red", LOCO])
    g.apply(f"claim {TUNNEL} 3locomotive")
    assert pending(g)["extra"] == 1
    assert legal(g) == {"pay 1locomotive", "decline"}
    assert_illegal(g, "pay 1red", "tunnel needs 1 more")


def test_E2_tunnel_locomotive_only_payment_ignores_revealed_colours():
    g = tunnel_game({LOCO: 3}, ["red", "red", "red"])
    g.apply(f"claim {TUNNEL} 3locomotive")
    assert g.phase == "turn" and ttr.save_game(g)["routes"] == {str(TUNNEL): 0}


def test_E2_tunnel_pay_extra_with_colour_no_extra_points_or_trains():
    g = tunnel_game({"red": 4, LOCO: 1}, ["red", "blue", "green"])
    g.apply(f"claim {TUNNEL} 3red")
    g.apply("pay 1red")
    d = ttr.save_game(g)
    assert d["routes"] == {str(TUNNEL): 0} and d["tunnel"] is None
    assert d["players"][0]["score"] == 4, "extra cards add no points"
    assert d["players"][0]["trains"] == 42, "extra cards add no trains"
    assert hand(g, 0) == Counter({LOCO: 1})
    assert Counter(d["discard"]) == Counter({"red": 5, "blue": 1, "green": 1})
    assert d["phase"] == "turn" and d["current_player"] == 1


def test_E2_tunnel_pay_extra_with_locomotives():
    g = tunnel_game({"red": 6, LOCO: 2}, ["red", LOCO, "red"])
    g.apply(f"claim {TUNNEL} 3red")
    g.apply("pay 1red+2locomotive")
    d = ttr.save_game(g)
    assert d["routes"] == {str(TUNNEL): 0}
    assert hand(g, 0) == Counter({"red": 2})
    assert Counter(d["discard"]) == Counter({"red": 6, LOCO: 3})
    assert d["players"][0]["score"] == 4 and d["players"][0]["trains"] == 42


def test_E2_tunnel_length_8_scores_21_whatever_the_extra():
    g = tunnel_game({"black": 10}, ["black", "black", "blue"])
    g.apply("claim 100 8black")
    g.apply("pay 2black")
    d = ttr.save_game(g)
    assert d["routes"] == {"100": 0}
    assert d["players"][0]["score"] == 21 and d["players"][0]["trains"] == 37


def test_E2_tunnel_cannot_afford_only_decline():
    g = tunnel_game({"red": 3, "blue": 4}, ["red", "green", "white"])
    g.apply(f"claim {TUNNEL} 3red")
    assert legal(g) == {"decline"}
    assert_illegal(g, "pay 1red", "legal actions are: decline")
    assert_illegal(g, "pay 1blue")


def test_E2_tunnel_decline_returns_the_cards_ends_the_turn_and_discards_the_revealed():
    g = tunnel_game({"red": 4, LOCO: 1}, ["red", "blue", "green"])
    g.apply(f"claim {TUNNEL} 3red")
    g.apply("decline")
    d = ttr.save_game(g)
    assert hand(g, 0) == Counter({"red": 4, LOCO: 1})
    assert d["routes"] == {} and d["tunnel"] is None
    assert d["players"][0]["score"] == 0 and d["players"][0]["trains"] == 45
    assert Counter(d["discard"]) == Counter({"red": 1, "blue": 1, "green": 1})
    assert d["phase"] == "turn" and d["current_player"] == 1
    assert g.card_census() == 110


def test_E2_tunnel_decline_may_also_be_chosen_when_paying_is_possible():
    g = tunnel_game({"red": 6, LOCO: 2}, ["red", "blue", "green"])
    g.apply(f"claim {TUNNEL} 3red")
    assert "decline" in legal(g) and "pay 1red" in legal(g)
    g.apply("decline")
    assert g.current_player == 1


def test_E2_tunnel_decline_leaves_both_lanes_of_a_double_tunnel_open():
    # 51/64 Madrid-Pamplona, black/white double tunnel, 2 players
    g = scenario("europe", 2, hands={0: {"black": 4}, 1: {"white": 3}}, deck_top=["black", "blue", "green"])
    g.apply("claim 51 3black")
    g.apply("decline")
    assert claims_on(g, 64) == {"claim 64 3white"}
    g2 = scenario("europe", 2, hands={0: {"black": 4}, 1: {"white": 3}}, deck_top=["black", "blue", "green"])
    g2.apply("claim 51 3black")
    g2.apply("pay 1black")
    assert claims_on(g2, 64) == set(), "G1: the paid tunnel closes its twin at 2 players"


def test_E2_tunnel_reveals_fewer_than_3_when_deck_and_discard_are_short():
    g = tunnel_game({"red": 4}, deck=["red", "blue"], spare=1)
    g.apply(f"claim {TUNNEL} 3red")
    t = pending(g)
    assert t["revealed"] == ["red", "blue"] and t["extra"] == 1
    g.apply("pay 1red")
    assert ttr.save_game(g)["routes"] == {str(TUNNEL): 0}


def test_E2_tunnel_with_nothing_to_reveal_has_no_extra():
    g = tunnel_game({"red": 3}, deck=[], spare=1)
    g.apply(f"claim {TUNNEL} 3red")
    d = ttr.save_game(g)
    assert d["phase"] == "turn" and d["routes"] == {str(TUNNEL): 0} and d["tunnel"] is None


def test_E2_tunnel_reveal_reshuffles_the_discard_but_not_the_cards_just_paid():
    g = tunnel_game({"red": 3}, deck=["blue"], discard=["green"] * 5, spare=1)
    s0 = ttr.save_game(g)["shuffles"]
    g.apply(f"claim {TUNNEL} 3red")
    d = ttr.save_game(g)
    assert d["routes"] == {str(TUNNEL): 0}, "blue + 2 green revealed: nothing to add"
    assert d["shuffles"] == s0 + 1
    assert Counter(d["deck"]) == Counter({"green": 3})
    assert Counter(d["discard"]) == Counter({"red": 3, "blue": 1, "green": 2})


def test_E2_tunnel_reveal_after_reshuffle_counts_the_new_cards():
    g = tunnel_game({"red": 3, LOCO: 2}, deck=["blue"], discard=[LOCO] * 3, spare=1)
    g.apply(f"claim {TUNNEL} 3red")
    t = pending(g)
    assert t["revealed"] == ["blue", LOCO, LOCO] and t["extra"] == 2
    assert legal(g) == {"pay 2locomotive", "decline"}


def test_E2_tunnel_pending_position_saves_and_replays():
    g = tunnel_game({"red": 4, LOCO: 1}, ["red", "blue", "green"])
    g.apply(f"claim {TUNNEL} 3red")
    d = copy.deepcopy(ttr.save_game(g))
    assert d["tunnel"] == {"route": TUNNEL, "cards": {"red": 3}, "revealed": ["red", "blue", "green"], "extra": 1}
    g2 = ttr.load_game(d, verify=False)
    assert legal(g2) == legal(g) and g2.card_census() == 110
    g2.apply("pay 1locomotive")
    assert ttr.save_game(g2)["routes"] == {str(TUNNEL): 0}


def test_E2_tunnel_needs_enough_trains_for_the_printed_length_only():
    held = routes_using("europe", 42, exclude=[TUNNEL])
    g = tunnel_game({"red": 5}, ["red", "red", "blue"], routes={r: 0 for r in held})
    g.apply(f"claim {TUNNEL} 3red")
    g.apply("pay 2red")
    assert ttr.save_game(g)["players"][0]["trains"] == 0


# ================================================================ ferries E3

def test_E3_ferry_with_two_locomotive_spaces_needs_two_locomotives():
    g = scenario("europe", 2, hands={0: {"red": 2, LOCO: 1}})
    assert claims_on(g, 67) == set()
    g2 = scenario("europe", 2, hands={0: {"red": 2, LOCO: 2}})
    assert claims_on(g2, 67) == {"claim 67 2locomotive"}
    assert_illegal(g2, "claim 67 1red+1locomotive", "do not pay")
    assert_illegal(g2, "claim 67 2red", "do not pay")


def test_E3_ferry_one_locomotive_space_rest_one_colour_locomotives_wild():
    g = scenario("europe", 2, hands={0: {"red": 2, "blue": 1, LOCO: 2}})
    assert claims_on(g, 65) == {"claim 65 1red+1locomotive", "claim 65 1blue+1locomotive", "claim 65 2locomotive"}
    assert_illegal(g, "claim 65 2red", "do not pay")
    assert_illegal(g, "claim 65 1blue+1red", "do not pay")


def test_E3_long_ferry_palermo_smyrna():
    g = scenario("europe", 2, hands={0: {"blue": 5, "red": 2, LOCO: 3}})
    assert claims_on(g, 83) == {"claim 83 4blue+2locomotive", "claim 83 3blue+3locomotive"}
    assert_illegal(g, "claim 83 5blue+1locomotive", "do not pay")
    assert_illegal(g, "claim 83 2blue+2red+2locomotive", "do not pay")
    g.apply("claim 83 4blue+2locomotive")
    d = ttr.save_game(g)
    assert d["players"][0]["score"] == 15 and d["players"][0]["trains"] == 39
    assert hand(g, 0) == Counter({"blue": 1, "red": 2, LOCO: 1})


def test_E3_ferry_without_enough_locomotives_is_illegal():
    g = scenario("europe", 2, hands={0: {"blue": 6, LOCO: 1}})
    assert claims_on(g, 83) == set() and claims_on(g, 80) == set()
    assert "claim 65 1blue+1locomotive" in legal(g)


# =============================================================== stations E4

def stations_of(g, city=None):
    return {str(a) for a in g.legal_actions() if a.kind == "station" and (city is None or a.target == city)}


def test_E4_first_station_costs_one_card_of_any_colour():
    g = scenario("europe", 2, hands={0: {"red": 1, "blue": 1, LOCO: 1}})
    assert stations_of(g, "Paris") == {"station Paris 1red", "station Paris 1blue", "station Paris 1locomotive"}
    g.apply("station Paris 1red")
    d = ttr.save_game(g)
    assert d["players"][0]["stations"] == ["Paris"]
    assert hand(g, 0) == Counter({"blue": 1, LOCO: 1}) and d["discard"] == ["red"]
    assert d["players"][0]["score"] == 0 and d["players"][0]["trains"] == 45
    assert d["current_player"] == 1 and d["phase"] == "turn"
    assert g.view(1)["stations"] == {"Paris": 0}


def test_E4_second_station_costs_two_cards_of_one_colour_locomotives_wild():
    g = scenario("europe", 2, hands={0: {"red": 1, "blue": 2, LOCO: 1}}, stations={0: ["Paris"]})
    assert stations_of(g, "Berlin") == {"station Berlin 2blue", "station Berlin 1blue+1locomotive",
                                        "station Berlin 1red+1locomotive"}
    assert_illegal(g, "station Berlin 1blue+1red", "costs 2 cards of one colour")
    assert_illegal(g, "station Berlin 1blue", "costs 2")


def test_E4_third_station_costs_three_cards():
    g = scenario("europe", 2, hands={0: {"red": 3, "blue": 1, LOCO: 1}}, stations={0: ["Paris", "Wien"]})
    assert stations_of(g, "Berlin") == {"station Berlin 3red", "station Berlin 2red+1locomotive"}
    g.apply("station Berlin 2red+1locomotive")
    assert ttr.save_game(g)["players"][0]["stations"] == ["Paris", "Wien", "Berlin"]


def test_E4_at_most_three_stations():
    g = scenario("europe", 2, hands={0: {"red": 6, LOCO: 4}}, stations={0: ["Paris", "Wien", "Berlin"]})
    assert "station" not in legal_kinds(g)
    assert_illegal(g, "station Roma 4red", "you have built all 3 stations")


def test_E4_one_station_per_city_for_all_players():
    g = scenario("europe", 2, hands={0: {"red": 2}}, stations={1: ["Paris"], 0: ["Roma"]})
    targets = {a.target for a in g.legal_actions() if a.kind == "station"}
    assert "Paris" not in targets and "Roma" not in targets and "Berlin" in targets
    assert_illegal(g, "station Paris 2red", "already has a station")
    assert_illegal(g, "station Roma 2red", "already has a station")


def test_E4_station_on_an_unknown_city_is_refused():
    g = scenario("europe", 2, hands={0: {"red": 2}})
    assert_illegal(g, "station Atlantis 1red", "no city 'Atlantis'")


@pytest.mark.parametrize("built,points", [(0, 12), (1, 8), (2, 4), (3, 0)])
def test_E4_each_unbuilt_station_scores_4(built, points):
    cities = ["Paris", "Wien", "Berlin"][:built]
    g = scenario("europe", 2, stations={0: cities})
    p = g.result()["players"][0]
    assert p["stations_built"] == built and p["station_points"] == points
    assert p["total"] == points


def _borrow_game(extra_stations=()):
    # seat 0: Madrid-Pamplona (51), Pamplona-Paris (10), Amsterdam-Bruxelles (55); station at Paris.
    # seat 1: Bruxelles-Paris (1), Paris-Zürich (92), Zürich-Venezia (24), Venezia-München (16).
    # tickets of seat 0: Amsterdam-Pamplona (1, 7 points) needs Paris-Bruxelles;
    #                    Madrid-Zürich (24, 8 points) needs Paris-Zürich.
    return scenario("europe", 2, routes={51: 0, 10: 0, 55: 0, 1: 1, 92: 1, 24: 1, 16: 1},
                    stations={0: ["Paris", *extra_stations]}, tickets={0: [1, 24]})


def test_E4_station_borrows_one_route_for_all_tickets_chosen_to_maximise_score():
    p = _borrow_game().result()["players"][0]
    assert p["stations_borrowed"] == {"Paris": 92}
    assert p["tickets_completed"] == [24] and p["tickets_failed"] == [1]
    assert p["ticket_points"] == 8 - 7


def test_E4_two_stations_can_borrow_two_routes():
    p = _borrow_game(extra_stations=["Bruxelles"]).result()["players"][0]
    assert sorted(p["tickets_completed"]) == [1, 24] and p["ticket_points"] == 15
    assert p["stations_borrowed"] == {"Paris": 92, "Bruxelles": 1}


def test_E4_G8_borrowed_routes_do_not_count_for_the_european_express():
    res = _borrow_game().result()["players"]
    assert res[0]["longest_path"] == 7  # Madrid-Pamplona-Paris; with Paris-Zürich it would be 10
    assert res[1]["longest_path"] == 9
    assert "european_express" not in res[0]["bonuses"]
    assert res[1]["bonuses"] == {"european_express": 10}


def test_E4_station_borrows_one_route_not_a_chain():
    # seat 0 reaches Paris; seat 1 owns Paris-Frankfurt and Frankfurt-Bruxelles.
    g = scenario("europe", 2, routes={101: 0, 10: 0, 28: 1, 11: 1}, stations={0: ["Paris"]}, tickets={0: [6]})
    p = g.result()["players"][0]  # ticket 6 Barcelona-Bruxelles needs both of seat 1's routes
    assert p["tickets_failed"] == [6] and p["ticket_points"] == -8


def test_E4_station_borrows_only_routes_touching_its_city():
    # seat 1's Bruxelles-Frankfurt does not touch the station's city (Paris)
    g = scenario("europe", 2, routes={101: 0, 10: 0, 11: 1}, stations={0: ["Paris"]}, tickets={0: [6]})
    assert g.result()["players"][0]["tickets_failed"] == [6]
    g2 = scenario("europe", 2, routes={101: 0, 10: 0, 1: 1}, stations={0: ["Paris"]}, tickets={0: [6]})
    p = g2.result()["players"][0]
    assert p["tickets_completed"] == [6] and p["stations_borrowed"] == {"Paris": 1}


def test_E4_G9_tickets_without_stations_need_own_routes():
    g = scenario("europe", 2, routes={101: 0, 10: 0, 1: 1}, tickets={0: [6]})
    assert g.result()["players"][0]["tickets_failed"] == [6]


# ===================================================== E5 / European Express

def test_E5_total_adds_routes_tickets_stations_and_express():
    g = scenario("europe", 2, routes={51: 0, 10: 0, 55: 0, 1: 1, 92: 1, 24: 1, 16: 1},
                 stations={0: ["Paris"]}, tickets={0: [1, 24], 1: [17]})
    res = g.result()["players"]
    assert res[0]["route_points"] == 4 + 7 + 1
    assert res[0]["total"] == 12 + 1 + 8 + 0
    assert res[1]["route_points"] == 2 + 4 + 2 + 2
    assert res[1]["ticket_points"] == -5
    assert res[1]["total"] == 10 - 5 + 12 + 10


def test_G8_E5_european_express_goes_to_every_tied_player():
    # seat 0: loop Paris-Bruxelles-Frankfurt-Paris (2+2+3); seat 1: Edinburgh-London-Dieppe-Paris (4+2+1)
    g = scenario("europe", 2, routes={1: 0, 11: 0, 28: 0, 26: 1, 65: 1, 35: 1})
    res = g.result()["players"]
    assert res[0]["longest_path"] == 7 and res[1]["longest_path"] == 7
    assert res[0]["bonuses"] == {"european_express": 10} and res[1]["bonuses"] == {"european_express": 10}


def test_G8_loops_count_in_full():
    # loop of 7 against a path of 6: a simple path through the loop would only be 5
    g = scenario("europe", 2, routes={1: 0, 11: 0, 28: 0, 26: 1, 65: 1})
    res = g.result()["players"]
    assert res[0]["longest_path"] == 7 and res[1]["longest_path"] == 6
    assert "european_express" in res[0]["bonuses"] and "european_express" not in res[1]["bonuses"]


def test_G8_no_route_used_twice():
    # seat 0: star at Paris with arms 4, 4, 3 -> 8 (not 11); seat 1: path 4+2+3 = 9
    g = scenario("europe", 2, routes={10: 0, 90: 0, 49: 0, 26: 1, 67: 1, 43: 1})
    res = g.result()["players"]
    assert res[0]["longest_path"] == 8 and res[1]["longest_path"] == 9
    assert res[1]["bonuses"] == {"european_express": 10} and res[0]["bonuses"] == {}


def test_G8_cities_may_repeat_figure_eight():
    # two triangles sharing Frankfurt: one trail through every route (Frankfurt twice)
    g = scenario("europe", 2, routes={1: 0, 11: 0, 28: 0, 18: 0, 12: 0, 2: 0})
    assert g.result()["players"][0]["longest_path"] == 14


# ============================================================ E6 tie-breaks

def _ranks(g):
    r = g.result()
    return [p["total"] for p in r["players"]], [p["rank"] for p in r["players"]], r["winners"]


def test_E6_tie_most_completed_tickets_wins():
    # seat 1: Frankfurt-Essen-Kobenhavn (2+3: 6 points) + ticket 17 Frankfurt-Kobenhavn (+5)
    # seat 0: Kyiv-Wilno-Smolensk (2+3: 6) + Athina-Sofia (3: 4) + Budapest-Wien (1: 1) = 11, no ticket
    g = scenario("europe", 2, routes={73: 0, 45: 0, 39: 0, 3: 0, 18: 1, 68: 1}, tickets={1: [17]})
    totals, ranks, winners = _ranks(g)
    assert totals[0] == totals[1] == 11 + 12 + 10
    assert ranks == [2, 1] and winners == [1]
    assert g.result()["ranking"] == [1, 0]


def test_E6_tickets_are_compared_before_stations():
    # as above, but seat 1 also built a station (-4), made up by Berlin-Wien (3: +4)
    g = scenario("europe", 2, routes={73: 0, 45: 0, 39: 0, 3: 0, 18: 1, 68: 1, 19: 1}, tickets={1: [17]},
                 stations={1: ["Roma"]})
    totals, ranks, winners = _ranks(g)
    assert totals[0] == totals[1]
    assert ranks == [2, 1] and winners == [1]


def test_E6_tie_fewest_stations_built_wins():
    # seat 0 built one station (8 station points) and has 4 more route points
    g = scenario("europe", 2, routes={73: 0, 45: 0, 39: 0, 19: 0, 18: 1, 68: 1, 38: 1},
                 stations={0: ["Roma"]})
    totals, ranks, winners = _ranks(g)
    assert totals[0] == totals[1] == 14 + 8 + 10
    assert ranks == [2, 1] and winners == [1]


def test_E6_tie_european_express_holder_wins():
    # seat 1: path of 5 (6 points) + express; seat 0: two 4s and a 2 apart (16 points), longest 4
    g = scenario("europe", 2, routes={26: 0, 13: 0, 59: 0, 73: 1, 45: 1})
    totals, ranks, winners = _ranks(g)
    assert totals[0] == totals[1] == 16 + 12
    assert g.result()["players"][1]["bonuses"] == {"european_express": 10}
    assert ranks == [2, 1] and winners == [1]


def test_E6_stations_are_compared_before_the_european_express():
    # seat 1 holds the express (path of 5) but built a station; seat 0: 4, 3 and 1 apart, no station
    g = scenario("europe", 2, routes={26: 0, 39: 0, 3: 0, 73: 1, 45: 1}, stations={1: ["Roma"]})
    totals, ranks, winners = _ranks(g)
    assert totals[0] == totals[1] == 12 + 12
    assert g.result()["players"][1]["bonuses"] == {"european_express": 10}
    assert ranks == [1, 2] and winners == [0]


def test_E6_full_tie_is_shared():
    g = scenario("europe", 3, routes={73: 0, 45: 0, 18: 1, 68: 1, 59: 2})
    totals, ranks, winners = _ranks(g)
    assert totals[0] == totals[1] and totals[2] < totals[0]
    assert ranks == [1, 1, 3] and winners == [0, 1]


def test_P4_equal_borrowings_prefer_the_one_completing_more_tickets():
    """P4: two borrowings give the same ticket score; the one completing more tickets wins (E6)."""
    from types import SimpleNamespace

    from ttr.editions import EUROPE
    from ttr.engine.ruleset import Ruleset
    from ttr.engine.scoring import score_tickets
    from ttr.maps import parse_map

    raw = {
        "format": "ttr-map/1", "name": "p4", "title": "P4", "source": "test",
        "cities": [{"name": n, "xy": [i, i]} for i, n in enumerate(["W", "S", "A", "B", "B2"])],
        "routes": [  # S-A comes first, so a first-found choice would pick it
            {"id": 1, "cities": ["W", "S"], "length": 1, "color": "red"},
            {"id": 2, "cities": ["S", "A"], "length": 1, "color": "red"},
            {"id": 3, "cities": ["S", "B"], "length": 1, "color": "red"},
            {"id": 4, "cities": ["B", "B2"], "length": 1, "color": "red"},
        ],
        "tickets": [
            {"id": 1, "cities": ["W", "A"], "points": 6},
            {"id": 2, "cities": ["W", "B"], "points": 3},
            {"id": 3, "cities": ["W", "B2"], "points": 3},
            {"id": 4, "cities": ["A", "B2"], "points": 20, "long": True},
        ],
    }
    rules = Ruleset(parse_map(raw, "p4.json"), EUROPE, 2)
    owner = [-1, 0, 1, 1, 0]
    game = SimpleNamespace(rules=rules, owner=owner, tickets=[[1, 2, 3], []], stations=[[rules.city_index["S"]], []])
    t = score_tickets(game, 0)
    assert t["ticket_points"] == 0
    assert t["stations_borrowed"] == {"S": 3}
    assert sorted(t["tickets_completed"]) == [2, 3] and t["tickets_failed"] == [1]
