"""`ttr analyze`'s newer records and definitions on cases worked by hand: tickets offered and kept,
claim turns and closed lanes as recorded; blocked against out-of-time failures, the margin,
spread and runaway leaders, the dry and stuck turns a seat sees; an older records file is refused
clearly. (The report's numbers themselves are recomputed in test_analyze.py.)"""
from __future__ import annotations

import csv
from collections import Counter

import pytest

import ttr
from ttr.analytics.board import shipped
from ttr.analytics.collect import Task, Watched, play_task
from ttr.analytics.outcomes import leader_at_two_thirds, margin, runaway, unusable_trains
from ttr.analytics.records import FIELDS, read
from ttr.analytics.ticket_fate import blocked_tickets
from ttr.engine import Phase
from ttr.errors import TtrError


def seat(**kw) -> dict:
    base = {"routes": [], "lanes_closed": [], "tickets_kept": [], "tickets_done": [], "trains_left": 0, "win": 0.0,
            "total": 0, "arc": [0, 0]}
    return {**base, **kw}


DULUTH = [17, 38, 39, 41, 42, 43]  # every USA route at Duluth but 40, the other lane of Duluth-Omaha (39)


def test_a_failed_ticket_is_blocked_when_own_and_open_routes_cannot_join_its_cities():
    m = ttr.load_map("usa")  # ticket 9: Duluth-El Paso
    closed = [seat(tickets_kept=[9]), seat(routes=DULUTH, lanes_closed=[40])]
    assert blocked_tickets(closed, m) == [[9], []]
    lane_open = [seat(tickets_kept=[9]), seat(routes=DULUTH)]  # 4+ players: the other lane stays open
    assert blocked_tickets(lane_open, m) == [[], []]
    own_lane = [seat(tickets_kept=[9], routes=[40]), seat(routes=DULUTH)]
    assert blocked_tickets(own_lane, m) == [[], []]
    done = [seat(tickets_kept=[9], tickets_done=[9]), seat(routes=DULUTH, lanes_closed=[40])]
    assert blocked_tickets(done, m) == [[], []]


def test_unusable_trains_are_those_no_open_train_route_could_take():
    m = ttr.load_map("usa")
    everything = [r.id for r in m.routes]
    shortest = min(r.length for r in m.routes)
    assert unusable_trains([seat(trains_left=5, routes=everything), seat(trains_left=0)], m) == [True, False]
    assert unusable_trains([seat(trains_left=shortest - 1), seat(trains_left=shortest)], m) == [shortest > 1, False]


def test_margin_spread_and_runaway_leaders():
    # arc points 0..6: two thirds of the game is point 4; seat 1 leads there, seat 0 led at the start
    g = [seat(total=80, win=0.0, arc=[0, 9, 9, 9, 9, 30, 40]), seat(total=100, win=1.0, arc=[0, 1, 5, 12, 15, 20, 25])]
    assert margin(g) == 20 and leader_at_two_thirds(g) == 1
    assert runaway(g)  # 20 >= 20% of 100
    g[0]["total"] = 81
    assert not runaway(g)
    shared = [seat(total=50, win=0.5, arc=[0, 5, 5]), seat(total=50, win=0.5, arc=[0, 1, 1])]
    assert margin(shared) == 0 and not runaway(shared)


@pytest.mark.parametrize("players", [2, 4])
def test_the_records_note_offers_claim_turns_and_closed_lanes(players):
    m = ttr.load_map("europe")
    twins = {r.id: set(r.twins) for r in m.routes}
    rows = [r for i in range(3) for r in play_task(Task(i, shipped("europe"), players, 7 + i, 0, ("planner",) * players))]
    for r in rows:
        assert set(r["kept_setup"]) <= set(r["offered_setup"]) and len(r["offered_setup"]) == 4  # 1 long + 3
        assert Counter(r["kept_later"]) <= Counter(r["offered_later"])
        assert sorted(r["kept_setup"] + r["kept_later"]) == sorted(r["tickets_kept"])
        assert len(r["route_turns"]) == len(r["routes"]) and all(0 <= t < r["turns"] for t in r["route_turns"])
        assert all(t % players == r["seat"] for t in r["route_turns"])  # a seat claims on its own turns
        assert all(any(x in twins[o] for o in r["routes"]) for x in r["lanes_closed"])
    for g in range(3):
        turns = [t for r in rows if r["game"] == g for t in r["route_turns"]]
        assert len(turns) == len(set(turns))  # one claim a turn
    closed = sum(len(r["lanes_closed"]) for r in rows)
    assert closed > 0 if players == 2 else closed == 0  # G1: Europe closes double routes below 4 players


class Stub:
    def act(self, obs):
        return obs.legal[0]


def test_a_seat_notes_turns_begun_with_dry_piles_or_a_stuck_display():
    game = shipped("europe").new_game(2, 3)
    while game.phase != Phase.TURN:
        game.apply(game.legal_actions()[0])
    w, blind = Watched(Stub(), game), Watched(Stub())
    w.act(game.observe(game.current_player))
    assert (w.dry_turns, w.stuck_turns, w.capped_turns) == (0, 0, 0)
    obs = game.observe(game.current_player)
    for deck, discard in obs.layout.pile_starts:
        obs.state[deck] = obs.state[discard] = 0
    a, b = obs.layout.span("face_up")
    obs.state[a:a + 3] = [obs.rules.wild] * 3
    w.act(obs)
    blind.act(obs)
    # the game's own piles hold plenty of other cards: a better display could be dealt, so the cap stopped it
    assert (w.dry_turns, w.stuck_turns, w.capped_turns) == (1, 1, 1)
    assert (blind.dry_turns, blind.stuck_turns, blind.capped_turns) == (1, 1, 0)


def test_records_of_the_older_format_are_refused_clearly(tmp_path):
    old = [c for c in FIELDS if c not in ("route_turns", "lanes_closed", "offered_setup", "kept_setup",
                                          "offered_later", "kept_later", "dry_turns", "stuck_turns",
                                          "capped_turns")]
    path = tmp_path / "records.csv"
    with open(path, "w", newline="") as f:
        csv.writer(f).writerow(old)
    with pytest.raises(TtrError, match="older ttr analyze.*play the run again"):
        read(path)
