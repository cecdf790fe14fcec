"""The bots in the native core (ttr.native.bots, native/src/bots.cpp, rs_bots.cpp): the greedy and
planner bots choose exactly what the Python bots choose (Rails & Sails too: pieces, harbors,
exchanges, two decks, tours), from their seat's view alone; whole games between bots
in batches are the Python bots' games and do not depend on the number of threads; the search bot
plays the same moves with its playouts in the core as on the Python engine."""
from __future__ import annotations

import dataclasses
import os
import random

import numpy as np
import pytest

import ttr
from ttr import native
from ttr.agents import make_agent
from ttr.agents.determinize import Worlds
from ttr.agents.rollout import playout
from ttr.agents.search import NATIVE_BOARD, NATIVE_BUDGET, PYTHON_WORK, SearchAgent, budget
from ttr.editions import get_ruleset, player_range
from ttr.editions.legacy.content import PlayRule, Trade
from ttr.engine import decode
from ttr.native import bots as native_bots
from ttr.native.game import NativeGame
from ttr.runtime.sim import play_game

from helpers import shuffle_hidden
from test_native_legacy import campaign_setup, extras_setup, frontier_setup, pack_setup, rules_setup, story_setup

if not native.available():
    if os.environ.get("TTR_REQUIRE_EXTRAS") or os.environ.get("CI"):
        pytest.fail(f"the native core is missing: {native.why_unavailable()}", pytrace=False)
    pytest.skip(f"the native core is not built: {native.why_unavailable()}", allow_module_level=True)

CONFIGS = [(m, n) for m in native.BOT_EDITIONS for n in player_range(m)]
LINEUPS = [["planner", "greedy", "random", "planner", "greedy"], ["greedy", "random", "planner", "greedy", "planner"],
           ["random", "planner", "greedy", "random", "planner"]]


def _lockstep(map_name: str, players: int, seed: int, lineup: list[str], random_first: bool = False):
    """A game between Python bots on the Python engine and, in the same position every step, the
    native game: yields (python game, native game) before every action, then applies the Python
    seat's move to both."""
    rules = get_ruleset(map_name, players)
    py = ttr.new_game(map_name, players, seed, random_first)
    nat = NativeGame.new(rules, seed, random_first)
    seats = [make_agent(name, seed * 7919 + s) for s, name in enumerate(lineup[:players])]
    while not py.is_over:
        yield py, nat
        seat = py.current_player
        a = seats[seat].act(py.observe(seat))
        py.apply(a)
        nat.apply(a)
    assert nat.is_over and nat.encode() == py.encode()


@pytest.mark.parametrize("map_name,players", CONFIGS)
def test_the_native_greedy_and_planner_choose_what_the_python_bots_choose(map_name, players):
    """At every decision of whole games (planners, greedy and random bots in turn, so tickets go
    blocked, stations are built, tunnels are paid and declined), each native bot's move equals the
    Python bot's move from the Python game's observation."""
    python_bots = {name: make_agent(name, 0) for name in ("greedy", "planner")}
    decisions = 0
    kinds: set[str] = set()
    for k, lineup in enumerate(LINEUPS):
        seed = 40 * players + k
        for py, nat in _lockstep(map_name, players, seed, lineup, random_first=k == 2):
            obs = py.observe(py.current_player)
            for name, bot in python_bots.items():
                want = bot.act(obs)
                got = native.bot_move(nat, name)
                assert got == want, f"{map_name} {players}p seed {seed} ply {py.ply} {name}: {got} != {want}"
                kinds.add(want.kind)
                decisions += 1
    assert decisions > (200 if map_name == "legends-west" else 300)  # (Legacy's game 1: short games)
    assert {"keep", "draw", "claim"} <= kinds
    if map_name != "legends-west":  # (game 1 of Legends of the West draws no tickets: a short game)
        assert "tickets" in kinds
    if map_name in ("world", "great-lakes"):
        assert {"pieces", "harbor"} <= kinds


def _stranded(g: ttr.Game, few: str) -> ttr.Game:
    """The position of `g` with the seat to move holding no card and nothing left to draw (the piles,
    the display and the ticket pile all go to the next seat), and `few` ("trains" or "ships") of
    its pieces down to one, the rest exchanged (each a point): all it may do is exchange or pass."""
    p = g.current_player
    h = g.hands[(p + 1) % g.num_players]
    for d in range(len(g.rules.decks)):
        for c in [*g.decks[d], *g.discards[d], *([c for c in g.face_up if c >= 0] if d == 0 else [])]:
            h[c] += 1
        g.decks[d], g.discards[d] = [], []
    g.face_up = [-1] * len(g.face_up)
    for k, n in enumerate(g.hands[p]):
        h[k] += n
        g.hands[p][k] = 0
    g.tickets[(p + 1) % g.num_players] += g.ticket_pile
    g.ticket_pile = []
    bt, bs = g.box[p]
    d = max(0, min(g.trains[p] - 1, bs)) if few == "trains" else -max(0, min(g.ships[p] - 1, bt))  # trains to ships
    g.trains[p], g.ships[p], g.box[p] = g.trains[p] - d, g.ships[p] + d, (bt + d, bs - d)
    g.exchanged[p] += abs(d)
    g.scores[p] -= abs(d)
    return decode(g.rules, g.encode())  # (checked)


@pytest.mark.parametrize("map_name,players", [("world", 2), ("great-lakes", 3), ("world", 4), ("great-lakes", 5)])
def test_the_native_bots_exchange_pieces_as_the_python_bots_do(map_name, players):
    """RS6: a seat with no card and nothing to draw whose plan needs more trains (or ships) than it
    has exchanges as the Python bot does (which exchange, or none), in positions along planner games."""
    kinds: list[str] = []
    for g in _positions(map_name, players, players, every=7, limit=16):
        if g.phase != "turn":
            continue
        for few in ("trains", "ships"):
            x = _stranded(g.clone(), few)
            obs = x.observe(x.current_player)
            for name in ("greedy", "planner"):
                want = make_agent(name, 0).act(obs)
                assert native.bot_move(x, name) == want, f"{map_name} {players}p ply {g.ply} {few} {name}"
                kinds.append(want.kind)
    assert kinds.count("exchange") > len(kinds) // 2, kinds


def test_the_native_bots_see_only_their_seats_view():
    """Re-dealing what the seat cannot see (the piles, the other hands, tickets and offers; with a
    sampled world also the seed and the draw count) changes no native bot's move."""
    rng = random.Random(5)
    checked = 0
    for map_name, players in [("europe", 3), ("usa", 2), ("europe", 5), ("usa", 4), ("world", 3), ("great-lakes", 2)]:
        rules = get_ruleset(map_name, players)
        for step, (py, nat) in enumerate(_lockstep(map_name, players, 17, LINEUPS[0])):
            if step % 5:
                continue
            seat = py.current_player
            twin = shuffle_hidden(py, seat, rng)
            assert twin.view(seat) == py.view(seat) and twin.encode() != py.encode()
            world = Worlds(py.observe(seat)).state(rng)  # everything hidden dealt afresh, the seed too
            others = [twin, NativeGame.from_state(rules, twin.encode()), NativeGame.from_state(rules, world)]
            for name in ("greedy", "planner"):
                move = native.bot_move(nat, name)
                assert native.bot_move(py, name) == move  # a Python game's position, the same move
                assert all(native.bot_move(o, name) == move for o in others)
            checked += 1
    assert checked > 100


LINEUPS_BY_SIZE = [["planner", "planner"], ["greedy", "random"], ["random", "planner", "greedy"],
                   ["planner", "greedy", "planner", "random"], ["greedy"] * 5, ["random"] * 3]


@pytest.mark.parametrize("map_name,lineup", [(m, x) for m in native.BOT_EDITIONS for x in LINEUPS_BY_SIZE
                                             if len(x) in player_range(m)])
def test_playouts_are_the_games_the_python_bots_play(map_name, lineup):
    """playouts(board, players, seeds, bots) gives, seed by seed, the result of
    ttr.runtime.sim.play_game(board, players, seed, bots): the same totals, winners, tickets,
    length and turns; the games keep the core's invariants and the planners' memo its plans."""
    players = len(lineup)
    seeds = [3, 11, 12345]
    out = native.playouts(map_name, players, seeds, bots=lineup, check=True)  # (invariants, memo checked)
    assert out["errors"] == []
    for i, seed in enumerate(seeds):
        g = play_game(map_name, players, seed, lineup)
        r = g.result()
        ps = r["players"]
        assert out["totals"][i].tolist() == [p["total"] for p in ps]
        assert out["winners"][i].tolist() == [int(p in r["winners"]) for p in range(players)]
        assert out["tickets_done"][i].tolist() == [len(p["tickets_completed"]) for p in ps]
        assert out["tickets_kept"][i].tolist() == [len(p["tickets_completed"]) + len(p["tickets_failed"]) for p in ps]
        assert (int(out["length"][i]), int(out["turns"][i])) == (g.ply, g.turn)


@pytest.mark.parametrize("bots", ["random", "greedy", "planner", ["planner", "random", "greedy"]])
def test_playouts_do_not_depend_on_the_number_of_threads(bots):
    players = 3
    seeds = np.arange(-40, 160, dtype=np.int64) * 7_777_777
    runs = [native.playouts("europe", players, seeds, bots=bots, threads=t, check=t == 3) for t in (1, 2, 3, 8)]
    for r in runs[1:]:
        for key in ("totals", "winners", "tickets_done", "tickets_kept", "length", "turns"):
            assert np.array_equal(r[key], runs[0][key]), key
        assert r["errors"] == []
    assert runs[0]["totals"].shape == (200, 3) and runs[0]["totals"].dtype == np.int16
    assert runs[0]["length"].min() > 50 and runs[0]["winners"].sum(axis=1).min() >= 1


def test_playouts_take_rules_or_a_name_and_say_what_is_wrong():
    rules = get_ruleset("usa", 2)
    a = native.playouts(rules, seeds=[1, 2], bots="planner")
    b = native.playouts("usa", 2, [1, 2], bots=["planner", "planner"])
    assert np.array_equal(a["totals"], b["totals"]) and a["seeds"].tolist() == [1, 2]
    assert native.playouts("usa", 2, [])["totals"].shape == (0, 2)
    with pytest.raises(ttr.TtrError, match="not 'search'"):
        native.playouts("usa", 2, [1], bots="search")
    with pytest.raises(ttr.TtrError, match="3 bots for 2 seats"):
        native.playouts("usa", 2, [1], bots=["planner"] * 3)
    rule = PlayRule("Q", ("black",), "Coal trade", trade=Trade(2, money=3))  # (Legacy: every setup the core plays)
    setup = dataclasses.replace(pack_setup(2, 9), play_rules=(rule,))
    assert native.plays_bots(get_ruleset("legends-west", 2), {"setup": setup})
    assert native.playouts("legends-west", 2, [1], setup=setup, check=True)["errors"] == []
    with pytest.raises(ttr.TtrError, match="how many players"):
        native.playouts("usa", seeds=[1])
    with pytest.raises(ttr.TtrError, match="threads"):
        native.playouts("usa", 2, [1], threads=0)


@pytest.mark.parametrize("map_name,players", [("europe", 2), ("usa", 3), ("europe", 4), ("nordic", 3), ("world", 3),
                                              ("great-lakes", 2), ("legends-west", 3)])
def test_a_native_playout_is_the_python_playout(map_name, players):
    """The search bot's playout in the core (a candidate, then planners in every seat to the end)
    from a sampled world: the same result and length as rollout.playout on the Python engine. The
    world offers the seat its legal actions in the real game's order (the search gives the core
    the candidates' indices in the observation's legal actions)."""
    rules = get_ruleset(map_name, players)
    rng = random.Random(players)
    checked = 0
    for step, (py, _) in enumerate(_lockstep(map_name, players, 8, LINEUPS[1])):
        if step % 23:
            continue
        obs = py.observe(py.current_player)
        worlds = Worlds(obs)
        state = worlds.state(rng)
        world = worlds.decode(state)
        assert list(map(str, world.legal_actions())) == list(map(str, obs.legal))
        core = native_bots.world(rules, state)
        assert core.encode() == state
        for i in sorted({0, len(obs.legal) - 1}):
            w = world.clone()
            w.apply_unchecked(obs.legal[i])
            r = playout(w, {})
            totals, winners, played = core.playout(i, 1000)
            assert list(totals) == [p["total"] for p in r["players"]]
            assert [p for p in range(players) if winners >> p & 1] == r["winners"]
            assert played == w.ply
            checked += 1
        assert core.encode() == state  # played on a copy
    assert checked >= 8
    with pytest.raises(IndexError):
        core.playout(10_000, 10)


def _positions(map_name: str, players: int, seed: int, every: int, limit: int):
    g = ttr.new_game(map_name, players, seed=seed)
    bots = [make_agent("planner", s) for s in range(players)]
    out = []
    step = 0
    while not g.is_over and len(out) < limit:
        seat = g.current_player
        if g.phase in ("turn", "initial-tickets", "keep-tickets") and step % every == 0:
            out.append(g.clone())
        step += 1
        g.apply(bots[seat].act(g.observe(seat)))
    return out


@pytest.mark.parametrize("options", [{}, {"halving": True, "keep_candidates": 8}, {"beta": 0.0}, {"work": 1500}])
@pytest.mark.parametrize("map_name,players", [("usa", 2), ("europe", 2), ("europe", 3), ("nordic", 2), ("world", 2),
                                              ("great-lakes", 3)])
def test_search_plays_the_same_moves_with_native_playouts(map_name, players, options):
    """The search bot's choice and the actions it simulated are the same with its playouts in the
    core as on the Python engine, for the same seed and position."""
    rails_sails = map_name in ("world", "great-lakes")  # (slower playouts in Python: fewer positions)
    for g in _positions(map_name, players, 4 + players, every=11, limit=2 if rails_sails else 4):
        obs = g.observe(g.current_player)
        bots = [SearchAgent(3, samples=3, keep_samples=3, confirm=3, turns="all", native=flag, **options)
                for flag in (False, True)]
        a, b = (bot.act(obs) for bot in bots)
        assert a == b and bots[0].simulated == bots[1].simulated > 0
        assert bots[0].rng.getstate() == bots[1].rng.getstate()  # the same draws


def test_search_uses_the_core_by_itself_where_it_plays_the_board(monkeypatch):
    calls = []
    real = native_bots.world
    monkeypatch.setattr(native_bots, "world", lambda *a: calls.append(1) or real(*a))
    g = _positions("usa", 2, 3, every=3, limit=2)[-1]
    SearchAgent(1, samples=2, confirm=2, turns="all").act(g.observe(g.current_player))
    assert calls
    calls.clear()
    SearchAgent(1, samples=2, confirm=2, turns="all", native=False).act(g.observe(g.current_player))
    lakes = ttr.new_game("great-lakes", 2, 1)  # Rails & Sails: its bots in the core too
    SearchAgent(1, samples=1, keep_samples=1, confirm=1).act(lakes.observe(lakes.current_player))
    assert calls
    calls.clear()
    west = ttr.new_game("legends-west", 2, 1)  # Legacy: its bots in the core too
    SearchAgent(1, samples=1, keep_samples=1, confirm=1).act(west.observe(west.current_player))
    assert calls
    calls.clear()
    SearchAgent(1, samples=1, keep_samples=1, confirm=1, native=False).act(west.observe(west.current_player))
    assert not calls


@pytest.mark.parametrize("map_name", ["world", "great-lakes"])
def test_the_search_bot_takes_the_cores_budget_on_rails_and_sails(map_name):
    """Where the core plays the bots (BOT_EDITIONS: Rails & Sails too) the search bot's budget is
    the core's (budget(..., native=True)), not the Python playouts' (PYTHON_WORK)."""
    g = ttr.new_game(map_name, 2, seed=2)
    assert native.plays_bots(g.rules)
    assert budget(map_name, True) == {**NATIVE_BUDGET, **NATIVE_BOARD.get(map_name, {})} != budget(map_name, False)
    bot = SearchAgent(1, samples=2, keep_samples=2, confirm=2)
    bot.act(g.observe(g.current_player))
    assert bot.work == NATIVE_BUDGET["work"] != PYTHON_WORK[map_name]


def test_a_whole_search_game_is_the_same_game_with_native_playouts():
    histories = []
    for flag in (False, True):
        g = ttr.new_game("europe", 2, seed=31)
        bots = [SearchAgent(31, samples=2, keep_samples=2, confirm=2, native=flag), make_agent("planner", 32)]
        while not g.is_over:
            seat = g.current_player
            g.apply(bots[seat].act(g.observe(seat)))
        histories.append(g.history)
    assert histories[0] == histories[1]



# ---------------------------------------------------------------- Legacy: Legends of the West

LW = "legends-west"
LW_SETUPS = {"game 5": lambda n: pack_setup(n, 5), "game 9 (icons)": lambda n: pack_setup(n, 9),
             "game 12": lambda n: pack_setup(n, 12), "extras": extras_setup, "trades": campaign_setup,
             "rules": lambda n: rules_setup(n, mail=3), "story": story_setup,
             "frontiers": lambda n: frontier_setup(n, 12, 8)}


def _lw_lockstep(players: int, seed: int, lineup: list[str], setup, random_first: bool = False):
    """_lockstep on a Legacy setup (a later game of the demo pack, offers, trades)."""
    py = ttr.new_game(LW, players, seed, random_first, setup=setup)
    nat = native.new(get_ruleset(LW, players), seed, random_first, setup=setup)
    seats = [make_agent(name, seed * 7919 + s) for s, name in enumerate(lineup[:players])]
    while not py.is_over:
        yield py, nat
        seat = py.current_player
        a = seats[seat].act(py.observe(seat))
        py.apply(a)
        try:
            nat.apply(a)
        except ValueError as e:  # planners trading on where nobody claims: compared up to the core's ledger
            assert "ledger" in str(e) and py.ply > 1000
            return
    assert nat.is_over and nat.encode() == py.encode()


@pytest.mark.parametrize("which", list(LW_SETUPS))
def test_the_native_bots_play_legacys_later_games_as_the_python_bots(which):
    """Later games of the demo pack (more events and claim steps; from game 8 card icons, LW-I1),
    extra-card offers (the extras phase, 322) and events' actions (trades, 278), at 2-5 players:
    at every decision the native greedy and planner bots choose what the Python bots choose (what
    claims pay orders them, icons weigh face-up cards, offers are taken or not, trades made)."""
    python_bots = {name: make_agent(name, 0) for name in ("greedy", "planner")}
    kinds: set[str] = set()
    decisions = 0
    for players in (2, 3, 4, 5):
        setup = LW_SETUPS[which](players)
        for k in range(3 if which in ("extras", "trades", "rules") else 2):
            seed = 10 * players + k
            for py, nat in _lw_lockstep(players, seed, LINEUPS[k % 3], setup, random_first=k == 1):
                obs = py.observe(py.current_player)
                for name, bot in python_bots.items():
                    want = bot.act(obs)
                    got = native.bot_move(nat, name)
                    assert got == want, f"{which} {players}p seed {seed} ply {py.ply} {name}: {got} != {want}"
                    assert native.bot_move(py, name) == want  # (a Python game's position: the same move)
                    kinds.add(want.kind)
                    decisions += 1
    assert decisions > 1000 and {"keep", "draw", "claim"} <= kinds
    if which in ("trades", "rules"):
        assert "trade" in kinds
    if which == "extras":
        assert "extra" in kinds


@pytest.mark.parametrize("which", ["game 9 (icons)", "extras", "trades", "rules", "frontiers"])
def test_playouts_of_a_legacy_setup_are_the_python_bots_games(which):
    """playouts(..., setup=) plays the games the Python bots play on that setup."""
    for players, lineup in [(2, ["planner", "greedy"]), (3, ["random", "planner", "greedy"]),
                            (5, ["greedy", "planner", "random", "planner", "greedy"])]:
        setup = LW_SETUPS[which](players)
        seeds = [1, 7]
        out = native.playouts(LW, players, seeds, bots=lineup, check=True, setup=setup)
        assert out["errors"] == []
        for i, seed in enumerate(seeds):
            g = ttr.new_game(LW, players, seed, setup=setup)
            seats = [make_agent(name, seed * 7919 + s) for s, name in enumerate(lineup)]
            while not g.is_over:
                g.apply(seats[g.current_player].act(g.observe(g.current_player)))
            r = g.result()
            assert out["totals"][i].tolist() == [p["total"] for p in r["players"]], f"{which} {players}p seed {seed}"
            assert out["winners"][i].tolist() == [int(p in r["winners"]) for p in range(players)]
            assert (int(out["length"][i]), int(out["turns"][i])) == (g.ply, g.turn)


@pytest.mark.parametrize("which,players", [("game 1", 2), ("game 1", 4), ("trades", 3), ("extras", 2), ("rules", 3),
                                           ("frontiers", 2)])
def test_search_plays_the_same_moves_with_native_playouts_on_legends_west(which, players):
    """The search bot on Legends of the West (its setups too): the same choice and simulated
    actions with its playouts in the core as on the Python engine."""
    setup = None if which == "game 1" else LW_SETUPS[which](players)
    g = ttr.new_game(LW, players, 4 + players, **({} if setup is None else {"setup": setup}))
    bots = [make_agent("planner", s) for s in range(players)]
    checked = step = 0
    while not g.is_over and checked < 3:
        seat = g.current_player
        if g.phase in ("turn", "initial-tickets", "keep-tickets") and step % 7 == 0:
            obs = g.observe(seat)
            pair = [SearchAgent(3, samples=3, keep_samples=3, confirm=3, turns="all", native=flag) for flag in (False, True)]
            a, b = (bot.act(obs) for bot in pair)
            assert a == b and pair[0].simulated == pair[1].simulated > 0
            assert pair[0].rng.getstate() == pair[1].rng.getstate()
            checked += 1
        step += 1
        g.apply(bots[seat].act(g.observe(seat)))
    assert checked == 3, checked


def test_a_legacy_game_past_the_cores_ledger_is_that_games_error_and_ends_a_playout():
    """Planners may trade on for ever where nobody can claim (the Python planner too: a campaign's
    game 9, 5 seats, seed 700116 passes the ledger's money changes): in a batch that game's
    error names the ledger and the others play on; a search bot's playout stops there."""
    rules, setup = get_ruleset(LW, 5), campaign_setup(5)
    out = native.playouts(LW, 5, [700115, 700116], bots="planner", setup=setup)
    assert [i for i, _ in out["errors"]] == [1] and "ledger" in out["errors"][0][1]
    assert out["length"][0] < 1000
    full = int(out["errors"][0][1].split(":")[0].split()[-1])  # "after action N: ..."
    g = native.new(rules, 700116, setup=setup, record=False)
    while g.ply < full - 190:
        g.apply(native.bot_move(g, "planner"))
    totals, _, played = native_bots.world(rules, g.encode(), setup).playout(0, 1000)
    assert 1 < played < 1000 and len(totals) == 5
