"""Scoring primitives: ttr.longest_path (G8) and ttr.connected (G9) on hand-made
route sets, ticket completion and failure at game end."""
from __future__ import annotations

import random
from collections import defaultdict

import pytest
from helpers import scenario

import ttr

EU = ttr.load_map("europe")
US = ttr.load_map("usa")

# Europe routes used below
PAR_BRU, BRU_FRA, FRA_PAR = 1, 11, 28          # triangle 2 + 2 + 3
FRA_ESS, ESS_BER, BER_FRA = 18, 12, 2          # triangle 2 + 2 + 3, shares Frankfurt
FRA_MUN = 36                                   # 2
MUN_VEN, VEN_ZUR, ZUR_MUN = 16, 24, 48         # triangle 2 + 2 + 2
PAR_PAM, PAR_MAR, PAR_BRE, PAR_DIE = 10, 90, 49, 35   # arms 4, 4, 3, 1
EDI_LON = 26                                   # 4


def brute_longest_trail(m, route_ids) -> int:
    """Every trail from every city, by exhaustive search (small sets only)."""
    adj = defaultdict(list)
    for i, rid in enumerate(route_ids):
        r = m.route(rid)
        a, b = r.cities
        adj[a].append((b, r.length, i))
        adj[b].append((a, r.length, i))
    used = set()

    def dfs(u):
        best = 0
        for v, w, i in adj[u]:
            if i not in used:
                used.add(i)
                best = max(best, w + dfs(v))
                used.discard(i)
        return best

    return max((dfs(c) for c in list(adj)), default=0)


def test_G8_no_routes_is_zero():
    assert ttr.longest_path(EU, []) == 0


def test_G8_single_route_is_its_length():
    assert ttr.longest_path(EU, [EDI_LON]) == 4


def test_G8_path_adds_up():
    assert ttr.longest_path(EU, [PAR_PAM, PAR_BRU, BRU_FRA]) == 8


def test_G8_loop_counts_every_route():
    assert ttr.longest_path(EU, [PAR_BRU, BRU_FRA, FRA_PAR]) == 7


def test_G8_figure_eight_passes_the_shared_city_twice():
    assert ttr.longest_path(EU, [PAR_BRU, BRU_FRA, FRA_PAR, FRA_ESS, ESS_BER, BER_FRA]) == 14


def test_G8_branch_takes_the_two_longest_arms_no_route_twice():
    assert ttr.longest_path(EU, [PAR_PAM, PAR_MAR, PAR_BRE, PAR_DIE]) == 8


def test_G8_loop_with_a_tail_repeats_a_city():
    assert ttr.longest_path(EU, [PAR_BRU, BRU_FRA, FRA_PAR, PAR_PAM]) == 11


def test_G8_two_loops_joined_by_a_route():
    routes = [PAR_BRU, BRU_FRA, FRA_PAR, FRA_MUN, MUN_VEN, VEN_ZUR, ZUR_MUN]
    assert ttr.longest_path(EU, routes) == 15


def test_G8_disconnected_pieces_take_the_longest_not_the_sum():
    assert ttr.longest_path(EU, [PAR_BRU, BRU_FRA, FRA_PAR, EDI_LON]) == 7
    assert ttr.longest_path(EU, [EDI_LON, MUN_VEN]) == 4


def test_G8_two_lanes_between_the_same_cities_form_a_loop():
    assert ttr.longest_path(EU, [1, 42]) == 4
    assert ttr.longest_path(EU, [1, 42, PAR_PAM]) == 8


def test_G8_order_of_routes_does_not_matter():
    routes = [PAR_BRU, BRU_FRA, FRA_PAR, FRA_MUN, MUN_VEN, PAR_PAM]
    assert ttr.longest_path(EU, routes) == ttr.longest_path(EU, list(reversed(routes)))


def test_longest_path_unknown_route_is_an_error():
    with pytest.raises(ttr.TtrError):
        ttr.longest_path(EU, [999])


@pytest.mark.parametrize("m", [EU, US], ids=["europe", "usa"])
def test_G8_longest_path_matches_exhaustive_search_on_random_route_sets(m):
    rng = random.Random(2024)
    # a compact region so the random sets form loops, branches and repeated cities
    for _ in range(60):
        region = {m.cities[rng.randrange(len(m.cities))].name}
        frontier = list(region)
        while len(region) < 8 and frontier:
            c = frontier.pop(rng.randrange(len(frontier)))
            for r in m.routes:
                if c in r.cities:
                    for x in r.cities:
                        if x not in region:
                            region.add(x)
                            frontier.append(x)
        local = [r.id for r in m.routes if set(r.cities) <= region]
        k = min(len(local), rng.randint(1, 10))
        routes = rng.sample(local, k)
        assert ttr.longest_path(m, routes) == brute_longest_trail(m, routes), routes


def test_G9_connected_through_several_routes():
    assert ttr.connected(EU, [PAR_PAM, PAR_BRU, BRU_FRA], "Pamplona", "Frankfurt")
    assert ttr.connected(EU, [PAR_PAM, PAR_BRU, BRU_FRA], "Frankfurt", "Pamplona")


def test_G9_not_connected_across_pieces():
    assert not ttr.connected(EU, [PAR_BRU, EDI_LON], "Paris", "London")
    assert not ttr.connected(EU, [], "Paris", "Bruxelles")


def test_G9_connected_unknown_city_is_an_error():
    with pytest.raises(ttr.TtrError):
        ttr.connected(EU, [PAR_BRU], "Paris", "Atlantis")


# ========================================================= tickets at the end

def test_G9_ticket_completed_by_own_routes_scores_its_points():
    g = scenario("usa", 2, routes={99: 0, 48: 0}, tickets={0: [7]})  # Denver-Santa Fe-El Paso
    p = g.result()["players"][0]
    assert p["tickets_completed"] == [7] and p["tickets_failed"] == []
    assert p["ticket_points"] == 4


def test_G9_failed_ticket_scores_negative():
    g = scenario("usa", 2, routes={99: 0}, tickets={0: [7, 25]})
    p = g.result()["players"][0]
    assert p["tickets_completed"] == [] and sorted(p["tickets_failed"]) == [7, 25]
    assert p["ticket_points"] == -4 - 22
    assert p["total"] == 2 + (-26) + 10


def test_G9_other_players_routes_do_not_complete_a_ticket():
    g = scenario("usa", 2, routes={99: 0, 48: 1}, tickets={0: [7]})
    assert g.result()["players"][0]["tickets_failed"] == [7]


def test_G9_long_ticket_across_europe():
    # Edinburgh-London-Dieppe-Paris-Zürich-Venezia-Roma-Brindisi-Athina completes ticket 43 (21)
    route = [26, 65, 35, 92, 24, 52, 59, 85]
    g = scenario("europe", 2, routes={r: 0 for r in route}, tickets={0: [43]})
    p = g.result()["players"][0]
    assert p["tickets_completed"] == [43] and p["ticket_points"] == 21
    assert p["longest_path"] == ttr.longest_path(EU, route) == sum(EU.route(r).length for r in route)
    g2 = scenario("europe", 2, routes={r: 0 for r in route if r != 92}, tickets={0: [43]})
    assert g2.result()["players"][0]["ticket_points"] == -21


def test_G9_result_longest_path_agrees_with_ttr_longest_path():
    routes = [PAR_BRU, BRU_FRA, FRA_PAR, FRA_MUN, MUN_VEN, VEN_ZUR, ZUR_MUN]
    g = scenario("europe", 2, routes={r: 1 for r in routes})
    assert g.result()["players"][1]["longest_path"] == 15
    assert g.result()["players"][0]["longest_path"] == 0
