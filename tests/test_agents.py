"""Bots: legal moves, whole games on every map, determinism, no peeking."""
from __future__ import annotations

import random

import pytest

import ttr
from ttr.agents import AGENTS, make_agent
from ttr.runtime.sim import play_game

from helpers import shuffle_hidden

CONFIGS = [(m, n) for m in ("usa", "europe", "world", "great-lakes") for n in range(2, 6)]
CONFIGS += [("nordic", 2), ("nordic", 3)] + [("legends-west", n) for n in range(2, 6)]
BOTS = ["random", "greedy", "planner"]


@pytest.mark.parametrize("map_name,players", CONFIGS)
@pytest.mark.parametrize("shift", range(3))
def test_every_bot_plays_legal_moves_to_the_end(map_name, players, shift):
    lineup = [BOTS[(i + shift) % len(BOTS)] for i in range(players)]  # every bot in every config
    g = play_game(map_name, players, seed=3 + shift, agents=lineup)  # play_game applies with full checks
    assert g.is_over
    assert len(g.result()["ranking"]) == players


@pytest.mark.parametrize("name", BOTS)
def test_bots_are_deterministic_given_a_seed(name):
    a = play_game("europe", 3, seed=5, agents=[name] * 3)
    b = play_game("europe", 3, seed=5, agents=[name] * 3)
    assert a.history == b.history


@pytest.mark.parametrize("name", BOTS)
@pytest.mark.parametrize("map_name,players", [("europe", 3), ("usa", 2), ("legends-west", 3)])
def test_bots_play_identically_when_hidden_information_is_shuffled(name, map_name, players):
    """A bot sees only its seat's view: re-dealing what it cannot see changes nothing."""
    rng = random.Random(11)
    g = ttr.new_game(map_name, players, seed=11)
    driver = [make_agent("planner", 100 + s) for s in range(players)]
    checked = 0
    for step in range(120):
        if g.is_over:
            break
        seat = g.current_player
        if g.phase == "turn" and step % 7 == 0:
            twin = shuffle_hidden(g, seat, rng)
            assert twin.view(seat) == g.view(seat)
            assert twin.observe(seat).state == g.observe(seat).state
            assert str(make_agent(name, 1).act(g.observe(seat))) == str(make_agent(name, 1).act(twin.observe(seat)))
            checked += 1
        g.apply(driver[seat].act(g.observe(seat)))
    assert checked >= 5


def test_registry_names_every_bot():
    assert {"random", "greedy", "planner"} <= set(AGENTS)
    with pytest.raises(ttr.TtrError, match="unknown agent"):
        make_agent("nobody")


@pytest.mark.parametrize("map_name,players", [("europe", 3), ("usa", 2), ("nordic", 3), ("world", 3),
                                              ("great-lakes", 2), ("legends-west", 4)])
def test_determinize_gives_a_world_the_seat_cannot_tell_apart(map_name, players):
    """The sampled world shows the seat exactly its view and offers it exactly its legal actions."""
    from ttr.agents.determinize import determinize
    assert_worlds_match_views(map_name, players, 4, determinize, every=5, steps=400)


def assert_worlds_match_views(map_name: str, players: int, seed: int, sample, every: int, steps: int) -> None:
    """Planners play; every `every` steps `sample(observation, rng)` must give a world that shows the
    seat exactly its masked state and its view (a world is a position without a history: its ply
    aside) and offers it exactly its legal actions."""
    rng = random.Random(seed)
    g = ttr.new_game(map_name, players, seed=seed)
    bots = [make_agent("planner", s) for s in range(players)]
    for step in range(steps):
        if g.is_over:
            break
        seat = g.current_player
        if step % every == 0:
            obs = g.observe(seat)
            view = g.view(seat, legal=False)
            world = sample(obs, rng)
            assert world.observe(seat).state == obs.state
            assert {**world.view(seat, legal=False), "ply": view["ply"]} == view
            assert set(map(str, world.legal_actions())) == set(map(str, g.legal_actions()))
        g.apply(bots[seat].act(g.observe(seat)))


def test_search_plays_legal_moves_and_is_deterministic():
    from ttr.agents.search import SearchAgent
    g = ttr.new_game("usa", 2, seed=8)
    bots = [SearchAgent(8, samples=1, confirm=1), make_agent("planner", 9)]
    decisions = 0
    while not g.is_over:
        seat = g.current_player
        action = bots[seat].act(g.observe(seat))
        if seat == 0 and g.phase == "turn" and decisions < 3:
            twice = [SearchAgent(8, samples=1, confirm=1).act(g.observe(0)) for _ in range(2)]
            assert str(twice[0]) == str(twice[1])
            decisions += 1
        g.apply(action)  # checked: an illegal move raises
    assert g.is_over and decisions == 3


@pytest.mark.parametrize("map_name", ["europe", "nordic"])
def test_route_graph_shortest_paths_break_ties_by_city_name(map_name):
    """The planner's Dijkstra equals a plain one keyed by city names (the same paths, ties
    included: equal costs are common), whatever routes are unusable."""
    import heapq

    from ttr.agents.planner import graph_of
    graph = graph_of(ttr.load_map(map_name))

    def plain(src, dst, cost):
        dist, back, heap = {src: 0.0}, {}, [(0.0, src)]
        while heap:
            d, u = heapq.heappop(heap)
            if u == dst:
                break
            if d > dist.get(u, float("inf")):
                continue
            for rid, v in graph.adj[u]:
                c = cost(rid)
                if c is not None and d + c < dist.get(v, float("inf")):
                    dist[v], back[v] = d + c, (u, rid)
                    heapq.heappush(heap, (d + c, v))
        if dst not in dist:
            return float("inf"), []
        path, v = [], dst
        while v != src:
            v, rid = back[v]
            path.append(rid)
        return dist[dst], path

    rng = random.Random(4)
    cities = sorted(graph.adj)
    for _ in range(20):
        costs = {r: (None if rng.random() < 0.2 else float(rng.choice([0, 1, 2, 2, 3])))
                 for r in graph.route}
        for _ in range(15):
            a, b = rng.sample(cities, 2)
            assert graph.shortest(a, b, costs.get) == plain(a, b, costs.get)


@pytest.mark.parametrize("map_name,players", [("europe", 4), ("usa", 2), ("nordic", 3), ("world", 3),
                                              ("great-lakes", 2), ("legends-west", 3)])
def test_many_worlds_of_one_observation_are_each_decoded_whole(map_name, players):
    """Worlds(obs) deals many worlds from one observation: the first is decoded whole and kept as a
    template, the others are copied from it reading only what the seat's mask hides
    (decode(like=)). Each must be the game a whole decode of its state gives (the same state and
    legal actions), show the seat exactly its masked state, and keep nothing of the template's
    deal or of the world before it (each world is played on, then the next is dealt)."""
    from ttr.agents.determinize import Worlds
    from ttr.engine import decode
    g = ttr.new_game(map_name, players, seed=6)
    bots = [make_agent("planner", s) for s in range(players)]
    checked = 0
    for step in range(260):
        if g.is_over:
            break
        seat = g.current_player
        if step % 13 == 0:
            obs = g.observe(seat)
            worlds = Worlds(obs)
            twin = Worlds(obs)
            rng, twin_rng = random.Random(step), random.Random(step)
            seen = set()
            for _ in range(4):
                world = worlds.game(rng)
                state = twin.state(twin_rng)  # the same draws: the same state
                whole = decode(obs.rules, state, obs.options, check=False)
                assert world.encode() == whole.encode() == state
                assert [str(a) for a in world.legal_actions()] == [str(a) for a in whole.legal_actions()]
                assert world.observe(seat).state == obs.state
                seen.add(tuple(state))
                if not world.is_over:  # played on: the next world must not share its lists
                    world.apply(world.legal_actions()[0])
            assert len(seen) > 1 or players == 1  # the worlds differ
            checked += 1
        g.apply(bots[seat].act(g.observe(seat)))
    assert checked >= 5


# The determinizer's worlds, draw for draw: a digest of the states dealt (3 per position, every
# 9th position of a seeded random game). The search bot's moves follow from them, so a change
# here changes its games; if that is meant, record the new digests on purpose and say why.
WORLD_DIGESTS = {
    "usa 2": "fcb693d3767b940f", "europe 4": "f80444c27833b645", "europe 2": "da31694a38828cfa",
    "nordic 3": "b09b92057980b0d3", "world 4": "a788c59ed164775d", "great-lakes 3": "c4934b92d010429c",
    "legends-west 3": "0d0937bdc4ad6140",  # + edition.event_gone (the same worlds without it: c1e4516dcd35a8d6)
}


@pytest.mark.parametrize("setup", list(WORLD_DIGESTS))
def test_the_determinizer_deals_the_same_worlds_as_before(setup):
    import hashlib
    import json

    from ttr.agents.determinize import deal
    map_name, players = setup.split()
    h = hashlib.sha256()
    g = ttr.new_game(map_name, int(players), seed=21)
    policy = random.Random(21)
    step = 0
    while not g.is_over:
        if step % 9 == 0:
            obs = g.observe(g.current_player)
            rng = random.Random(step)
            for _ in range(3):
                h.update(json.dumps(deal(obs, rng)).encode())
        legal = g.legal_actions()
        g.apply(legal[policy.randrange(len(legal))])
        step += 1
    assert h.hexdigest()[:16] == WORLD_DIGESTS[setup]
