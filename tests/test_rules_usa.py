"""USA clauses (U1): the Europe rules without stations, tunnels and ferries;
route points 1,2,4,7,10,15; longest path +10 ('longest_path'); ties: most completed
tickets, then holding the longest-path bonus card (if all tied players hold it, or
none does, the tie stands), then shared; unkept tickets go under the pile."""
from __future__ import annotations

from helpers import deck_draw_order, legal_kinds, scenario

import ttr


def test_U1_edition_parameters():
    ed = ttr.get_edition("usa")
    assert ed.route_points == {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15}
    assert (ed.trains, ed.hand_size, ed.face_up, ed.longest_bonus) == (45, 4, 5, 10)
    assert ed.stations == 0


def test_U1_unkept_initial_tickets_of_every_player_go_under_the_pile_in_turn():
    g = ttr.new_game("usa", players=3, seed=12)
    pile = ttr.save_game(g)["ticket_pile"]
    unkept = []
    for seat in range(3):
        offer = sorted(ttr.save_game(g)["players"][seat]["offer"])
        g.apply(f"keep {offer[0]} {offer[1]}")
        unkept.append(offer[2])
    after = ttr.save_game(g)["ticket_pile"]
    assert after == [unkept[2], unkept[1], unkept[0]] + pile  # the last one put under is the bottom
    assert g.phase == "turn"


def test_U1_keeping_all_three_initial_tickets_leaves_the_pile_alone():
    g = ttr.new_game("usa", players=2, seed=12)
    pile = ttr.save_game(g)["ticket_pile"]
    offer = sorted(ttr.save_game(g)["players"][0]["offer"])
    g.apply("keep " + " ".join(map(str, offer)))
    assert ttr.save_game(g)["ticket_pile"] == pile


def test_U1_claim_reveals_nothing_no_tunnels_in_usa():
    g = scenario("usa", 2, hands={0: {"red": 3}}, deck_top=["red", "red", "red"])
    order = deck_draw_order(g)
    g.apply("claim 17 3red")
    assert g.phase == "turn" and deck_draw_order(g) == order
    assert ttr.save_game(g)["players"][0]["score"] == 4


def test_U1_no_stations_in_usa():
    g = scenario("usa", 2, hands={0: {"red": 3}})
    assert "station" not in legal_kinds(g)
    p = g.result()["players"][0]
    assert p["stations_built"] == 0 and p["station_points"] == 0


def test_U1_length_5_scores_10_and_6_scores_15():
    g = scenario("usa", 2, hands={0: {"blue": 5}, 1: {"white": 6}})
    g.apply("claim 2 5blue")
    g.apply("claim 14 6white")
    d = ttr.save_game(g)
    assert d["players"][0]["score"] == 10 and d["players"][1]["score"] == 15
    assert d["players"][0]["trains"] == 40 and d["players"][1]["trains"] == 39


def test_U1_longest_path_bonus_is_named_longest_path_and_worth_10():
    g = scenario("usa", 2, routes={99: 0, 48: 0, 52: 1})  # 2+2 path against a 4
    res = g.result()["players"]
    assert res[0]["longest_path"] == 4 and res[1]["longest_path"] == 4
    assert res[0]["bonuses"] == {"longest_path": 10} and res[1]["bonuses"] == {"longest_path": 10}
    g2 = scenario("usa", 2, routes={99: 0, 48: 0, 14: 1})
    res = g2.result()["players"]
    assert res[0]["bonuses"] == {} and res[1]["bonuses"] == {"longest_path": 10}
    assert res[1]["total"] == 15 + 10


def test_U1_no_longest_path_bonus_without_routes():
    res = scenario("usa", 2).result()["players"]
    assert res[0]["bonuses"] == {} and res[1]["bonuses"] == {}


def test_U1_total_is_routes_plus_tickets_plus_bonus():
    # seat 0: Denver-Santa Fe-El Paso completes ticket 7 (Denver-El Paso, 4); fails ticket 1 (Boston-Miami, 12)
    g = scenario("usa", 2, routes={99: 0, 48: 0}, tickets={0: [7, 1]})
    p = g.result()["players"][0]
    assert p["tickets_completed"] == [7] and p["tickets_failed"] == [1]
    assert p["ticket_points"] == 4 - 12
    assert p["total"] == 4 + (4 - 12) + 10


def _ranks(g):
    r = g.result()
    return [p["total"] for p in r["players"]], [p["rank"] for p in r["players"]], r["winners"]


def test_U1_tie_most_completed_tickets_wins():
    # seat 1: Denver-Santa Fe-El Paso (4 points) + ticket 7 (+4); seat 0: Helena-Winnipeg (7) + Seattle-Vancouver (1)
    g = scenario("usa", 2, routes={52: 0, 97: 0, 99: 1, 48: 1}, tickets={1: [7]})
    totals, ranks, winners = _ranks(g)
    assert totals[0] == totals[1] == 8 + 10
    assert ranks == [2, 1] and winners == [1]


def test_u1_tie_then_the_longest_path_bonus_holder_wins():
    # seat 1: one 6 (15) + bonus; seat 0: 5, 5, 3, 1 apart (25), longest 5
    g = scenario("usa", 2, routes={71: 0, 87: 0, 62: 0, 97: 0, 14: 1})
    totals, ranks, winners = _ranks(g)
    assert totals[0] == totals[1] == 25
    assert [p["longest_path"] for p in g.result()["players"]] == [5, 6]
    assert [p["bonuses"] for p in g.result()["players"]] == [{}, {"longest_path": 10}]
    assert ranks == [2, 1] and winners == [1]


def test_U1_tickets_are_compared_before_longest_path():
    # seat 0 completes ticket 7 with a shorter longest path; seat 1 has the longest path bonus
    g = scenario("usa", 2, routes={99: 0, 48: 0, 52: 0, 97: 0, 62: 0, 71: 1}, tickets={0: [7]})
    totals, ranks, winners = _ranks(g)
    assert totals[0] == totals[1] == 20
    assert ranks == [1, 2] and winners == [0]


def test_U1_full_tie_is_shared():
    g = scenario("usa", 3, routes={99: 0, 48: 0, 27: 1, 64: 1, 97: 2})
    totals, ranks, winners = _ranks(g)
    assert totals[0] == totals[1] == 14
    assert ranks == [1, 1, 3] and winners == [0, 1]


def test_U1_game_over_result_ranking():
    g = scenario("usa", 2, routes={14: 1}, hands={0: {"red": 1}})
    r = g.result()
    assert r["ranking"] == [1, 0] and r["winners"] == [1] and r["over"] is False


def test_u1_tied_players_without_the_bonus_share_the_win_whatever_their_path_lengths():
    """U1: after most completed tickets only the bonus card breaks a tie; two tied players who
    both lack it share, although their longest paths differ (the old ruling P3 compared lengths)."""
    # seat 0: Calgary-Winnipeg (6) and Miami-New Orleans (6) apart: 30 points, longest 6
    # seat 1: El Paso-Houston-New Orleans (6 + 2), Denver-Phoenix (5), Seattle-Vancouver (1),
    #         Boston-Montréal (2): 15 + 2 + 10 + 1 + 2 = 30 points, longest 8
    # seat 2: Kansas City-Omaha-Duluth-Sault St. Marie-Toronto-Pittsburgh-Washington: 13 points,
    #         longest 12, the bonus: 23
    g = scenario("usa", 3, routes={14: 0, 69: 0, 44: 1, 53: 1, 35: 1, 97: 1, 8: 1,
                                   56: 2, 39: 2, 41: 2, 95: 2, 84: 2, 85: 2})
    res = g.result()
    totals, ranks, winners = _ranks(g)
    assert totals == [30, 30, 23]
    assert [p["longest_path"] for p in res["players"]] == [6, 8, 12]
    assert [p["bonuses"] for p in res["players"]] == [{}, {}, {"longest_path": 10}]
    assert [len(p["tickets_completed"]) for p in res["players"]] == [0, 0, 0]
    assert ranks == [1, 1, 3] and winners == [0, 1] and res["ranking"] == [0, 1, 2]


def test_u1_tied_players_who_all_hold_the_bonus_share_the_win():
    # seat 0: Denver-Santa Fe-El Paso (2 + 2), Seattle-Vancouver (1), Boston-Montréal (2): 7 + 10
    # seat 1: Helena-Winnipeg (4): 7 + 10; both longest 4, both hold the bonus
    g = scenario("usa", 2, routes={99: 0, 48: 0, 97: 0, 8: 0, 52: 1})
    res = g.result()
    totals, ranks, winners = _ranks(g)
    assert totals == [17, 17]
    assert [p["bonuses"] for p in res["players"]] == [{"longest_path": 10}] * 2
    assert ranks == [1, 1] and winners == [0, 1]


def test_u1_nordic_keeps_comparing_path_lengths():
    """U1 is the USA rule; Nordic has no bonus card and breaks the tie by longest path (N4)."""
    assert ttr.get_edition("usa").tie_breaks == ("tickets_completed", "longest_path_bonus")
    assert ttr.get_edition("nordic").tie_breaks == ("tickets_completed", "longest_path")
