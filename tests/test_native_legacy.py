"""Legacy: Legends of the West in the native core (native/src/legacy.cpp, ttr/native/legacy.py): the
games whose setup `legacy_supported` accepts are the same game on both engines, step by step
(random games at every player count are in tests/test_native.py's tiers, as for every board the
core plays); setups it does not accept yet are refused by name, and "auto" plays them in Python."""
from __future__ import annotations

import dataclasses
import os
import pickle
import random

import pytest

import ttr
from ttr import native
from ttr.editions import get_ruleset
from ttr.editions.legacy.content import COMPANY_COLORS, PlayRule, Trade
from ttr.editions.legacy.pack import default_setup, load_pack
from ttr.agents import make_agent
from ttr.native.differential import compare, hoarder_chooser, random_chooser, seat_chooser

if not native.available():
    if os.environ.get("TTR_REQUIRE_EXTRAS") or os.environ.get("CI"):
        pytest.fail(f"the native core is missing: {native.why_unavailable()}", pytrace=False)
    pytest.skip(f"the native core is not built: {native.why_unavailable()}", allow_module_level=True)

MAP = "legends-west"
PLAYERS = (2, 3, 4, 5)


def pack_setup(players: int, game: int):
    """Game `game` of the demo pack as its between-games changes make it (no story deck, no offices)."""
    pack = load_pack("demo")
    events, steps, bonus, retired = list(pack.start_events), list(pack.steps), pack.company_bonus, []
    for k in range(1, game):
        ch = pack.change_after(k)
        if ch is None:
            continue
        events = [e for e in events if e not in ch.remove_events] + list(ch.add_events)
        steps += ch.add_steps
        bonus = bonus if ch.company_bonus is None else ch.company_bonus
        retired += ch.retire_tickets
    return pack.setup(game, companies=COMPANY_COLORS[:players], events=tuple(events), steps=tuple(steps),
                      company_bonus=bonus, retired_tickets=tuple(retired))


@pytest.mark.parametrize("players", PLAYERS)
def test_games_that_hit_the_draw_limit_are_the_same_game_on_both_engines(players):
    """Seats that draw whenever they can: the L2 draw limit, newspapers revealed by every kind of
    draw (blind, refills, the big-city step), display resets, events of every kind."""
    rules = get_ruleset(MAP, players)
    for seed in range(4):
        bad, _ = compare(rules, seed, hoarder_chooser(seed * 31 + players), random_first=seed % 2 == 1)
        assert bad is None, f"{MAP} {players}p seed {seed} (hoarding): {bad}"


@pytest.mark.parametrize("game", range(2, 13))
def test_the_demo_packs_later_games_are_the_same_game_on_both_engines(game):
    """Games 2-12 of the demo pack (more trains, new events and steps, a new bonus card; from game
    8 claim steps that count the cards bearing a pickaxe or a skull, LW-I1) are what the core
    holds: random and hoarders' games at 2 and 5 players."""
    for players in (2, 5):
        setup = pack_setup(players, game)
        assert native.legacy_supported(setup) is None
        assert setup.icons_in_play() == (game >= 8)
        rules = get_ruleset(MAP, players)
        for seed in range(4):
            choose = (random_chooser if seed % 2 == 0 else hoarder_chooser)(seed + game)
            bad, _ = compare(rules, seed, choose, random_first=seed == 1, setup=setup)
            assert bad is None, f"game {game} {players}p seed {seed}: {bad}"


@pytest.mark.parametrize("players,game", [(2, 1), (4, 1), (5, 1), (3, 10), (3, 0), (4, 0)])
def test_views_saves_and_pickles_are_the_same(players, game):
    """Game 1, game 10 with tickets of a border held face up and an office's ticket (card icons:
    the state's icon sections, secret in the pile and hands; the shown tickets), and (0) a game
    with extra-card offers (the extras phase's state section)."""
    setup = pack_setup(players, game) if game else extras_setup(players)
    if game > 1:
        setup = dataclasses.replace(setup, public_borders=("red", "blue"), office_tickets=((setup.companies[1], 2),))
    seed = 9 if game else {3: 18, 4: 11}[players]  # (seeds whose games reach the extras phase)
    py = ttr.new_game(MAP, players, seed, setup=setup)
    nat = ttr.new_game(MAP, players, seed, engine="native", setup=setup)
    assert isinstance(nat, native.NativeGame)
    rng, hoard = random.Random(9), offer_taker(players)
    step = 0
    extras_seen = False
    while not py.is_over:
        extras_seen |= py.phase == "extras"
        if step % 9 == 0 or py.phase == "extras":
            for seat in [None, *range(players)]:
                assert nat.view(seat) == py.view(seat)
            a, b = py.observe(step % players), nat.observe(step % players)
            assert (a.state, list(map(str, a.legal))) == (b.state, list(map(str, b.legal)))
            saved = ttr.save_game(py)
            assert ttr.save_game(nat) == saved
            loaded = ttr.load_game(saved, engine="native")
            assert isinstance(loaded, native.NativeGame) and loaded.encode() == py.encode()
            assert pickle.loads(pickle.dumps(nat)).encode() == py.encode()
        legal = py.legal_actions()
        a = legal[rng.randrange(len(legal))] if game else hoard(py)  # (a hoarder holds the wild cards offers take)
        py.apply(a)
        nat.apply(str(a))
        step += 1
    assert nat.result() == py.result() and list(nat.log) == list(py.log)
    assert nat.result()["unit"] == "dollars"
    assert extras_seen or game != 0


def campaign_setup(players: int):
    """Game 9 of the demo pack with what a campaign's story may bring: offices, more events (one
    removed for good, one giving cards, one tickets, two with actions), tickets held face up."""
    pack = load_pack("demo")
    base = pack_setup(players, 9)
    companies = base.companies
    events = (*base.events, pack.events["demo-land-grant"], pack.events["demo-supply-train"],
              pack.events["demo-freight-contract"], pack.events["demo-land-office"],
              dataclasses.replace(pack.events["demo-dividend-day"], id="demo-mail", name="Mail (demo)", gives="tickets",
                                  amount=1))
    return dataclasses.replace(base, events=events, office_money=((companies[0], 4), (companies[-1], 2)),
                               office_cards=((companies[-1], 3),), office_tickets=((companies[0], 1),),
                               public_borders=("red",))


def _played(setup, players: int, seeds: range) -> list[str]:
    """Random and hoarders' games of `setup` on both engines, compared step by step; the public
    log's events and actions of the native games, by kind."""
    rules = get_ruleset(MAP, players)
    seen = []
    for seed in seeds:
        choose = (random_chooser if seed % 2 == 0 else hoarder_chooser)(seed * 7 + players)
        bad, _ = compare(rules, seed, choose, random_first=seed % 3 == 1, setup=setup)
        assert bad is None, f"{players}p seed {seed}: {bad}"
        g = native.new(rules, seed, setup=setup)
        again = (random_chooser if seed % 2 == 0 else hoarder_chooser)(seed * 7 + players)
        while not g.is_over:
            g.apply(again(g))
        seen += [ev["event"] for entry in g.log for ev in entry.get("events", [])] + [entry["kind"] for entry in g.log]
    return seen


@pytest.mark.parametrize("players", (2, 5))
def test_what_a_campaign_brings_is_the_same_game_on_both_engines(players):
    """What a campaign's story and boxes bring to a game: what the offices hold at set-up
    (rulebook 152: dollars, cards drawn, tickets kept), an event removed for good once it has acted
    (rulebook 337, LW-P5), an event that gives tickets (LW-P6) and one that gives cards, tickets of a
    border held face up (rulebook 465, LW-P8), the events' actions (trades, rulebook 278)."""
    setup = campaign_setup(players)
    assert native.legacy_supported(setup) is None
    seen = _played(setup, players, range(10))
    for kind in ("event-removed", "ticket", "card", "money", "newspaper", "ticket-shown", "trade"):
        assert kind in seen, kind


def extras_setup(players: int):
    """Game 9 of the demo pack with events that make extra-card offers (rulebook 322): the demo
    pack's (dollars, claims of 3 or more) and one that gives cards and a ticket on any claim."""
    pack = load_pack("demo")
    base = pack_setup(players, 9)
    office = pack.events["demo-claim-office"]
    cards = dataclasses.replace(office, id="demo-claim-cards", name="Claim cards (test)",
                                extra=dataclasses.replace(office.extra, label="Claim cards", money=0, draw=2,
                                                          tickets=1, min_length=1))
    return dataclasses.replace(base, events=(*base.events, office, cards))


def offer_taker(seed: int):
    """Mostly draws (holding wild cards), else any action; takes an open offer two times in three."""
    hoard, rng = hoarder_chooser(seed, draw=0.7), random.Random(seed)

    def choose(g):
        takes = [a for a in g.legal_actions() if a.kind == "extra" and a.target != "done"]
        return takes[0] if takes and rng.random() < 0.67 else hoard(g)
    return choose


@pytest.mark.parametrize("players", PLAYERS)
def test_extra_card_offers_are_the_same_game_on_both_engines(players):
    """The extras phase (rulebook 322-324): after a claim an event's offer matches, while the
    claimer holds a wild card, it discards one for dollars, cards and tickets, or takes none."""
    setup = extras_setup(players)
    assert setup.has_extras() and native.legacy_supported(setup) is None
    seen = _played(setup, players, range(6))
    assert "extra" in seen
    actions, gifts = [], set()
    for seed in range(6):
        bad, _ = compare(get_ruleset(MAP, players), seed, offer_taker(seed), setup=setup)
        assert bad is None, f"{players}p seed {seed} (taking offers): {bad}"
        g = native.new(get_ruleset(MAP, players), seed, setup=setup)
        choose = offer_taker(seed)
        while not g.is_over:
            g.apply(choose(g))
        actions += [e["action"] for e in g.log if e["kind"] == "extra"]
        gifts |= {(ev["event"], ev.get("reason")) for e in g.log for ev in e.get("events", [])}
    assert "extra event" in actions and "extra done" in actions, actions
    assert {("card", "Claim cards"), ("ticket", "Claim cards")} <= gifts  # (an offer's cards and tickets: its label)


def test_the_extra_slots_are_the_engines():
    from ttr.editions.legacy.extras import DONE, SLOTS
    from ttr.native.game import _EXTRA_SLOTS
    assert _EXTRA_SLOTS == SLOTS + (DONE,) and len(SLOTS) == 10  # (legacy.hpp: kExtraDone)


@pytest.mark.parametrize("campaign", [False, True, "extras"])
def test_counted_actions_are_the_listed_ones(campaign):
    """Playouts count and pick a position's actions without listing them (the draw limit too; the
    events' actions, trades, in a campaign's game; the extras phase's offers)."""
    rules = get_ruleset(MAP, 4)
    setup = extras_setup(4) if campaign == "extras" else campaign_setup(4) if campaign else None
    trades = extras = 0
    for seed in range(4 if campaign else 3):
        g = native.new(rules, seed, seed == 1, setup=setup)
        rng = random.Random(seed)
        while not g.is_over:
            h = g._h
            for i in range(len(h)):
                assert h.pick(i) == h.action(i), f"seed {seed} index {i}"
            legal = g.legal_actions()
            trades += any(a.kind == "trade" for a in legal)
            extras += any(a.kind == "extra" and a.target != "done" for a in legal)
            g.apply(legal[rng.randrange(len(legal))])
    assert trades > 0 or campaign is not True
    assert extras > 0 or campaign != "extras"


def test_batches_keep_the_ledger_and_the_invariants():
    import numpy as np
    core, rules = native.batch_core(get_ruleset(MAP, 5))
    seeds = np.arange(40, dtype=np.int64)
    batch = core.random_games(rules, seeds, 1, True)  # (the core's invariants checked after every action)
    assert not any(batch["errors"])
    again = core.random_games(rules, seeds, 2, False)
    assert np.array_equal(batch["totals"], again["totals"]) and np.array_equal(batch["length"], again["length"])


def test_a_later_game_is_refused_by_name_and_auto_plays_it_in_python():
    """A campaign's story may put a rule of play at Q-V (rulebook 437-447): not in the core yet."""
    rule = PlayRule("Q", ("black",), "Coal trade", trade=Trade(2, money=3))
    setup = dataclasses.replace(pack_setup(3, 9), play_rules=(rule,))
    assert native.legacy_supported(setup) == "rules of play at Q-V and postcard abilities (play_rules)"
    assert native.legacy_supported(default_setup(3)) is None
    with pytest.raises(ttr.TtrError, match="rules of play"):
        ttr.new_game(MAP, 3, 1, engine="native", setup=setup)
    auto = ttr.new_game(MAP, 3, 1, engine="auto", setup=setup)
    assert not isinstance(auto, native.NativeGame)
    assert isinstance(ttr.new_game(MAP, 3, 1, engine="auto", setup=pack_setup(3, 9)), native.NativeGame)
    assert isinstance(ttr.new_game(MAP, 3, 1, engine="auto"), native.NativeGame)  # (game 1 of the demo pack)


def test_each_feature_not_yet_in_the_core_is_named():
    base = default_setup(2)
    cases = [
        (dict(play_rules=(PlayRule("Q", ("blue",), "x", trade=Trade(2, money=3)),)), "rules of play"),
    ]
    for change, words in cases:
        setup = dataclasses.replace(base, **change)
        missing = native.legacy_supported(setup)
        assert missing is not None and words in missing, (change, missing)
        assert not native.plays(get_ruleset(MAP, 2), {"setup": setup})


def test_the_core_refuses_a_state_whose_event_piles_do_not_add_up():
    g = ttr.new_game(MAP, 2, 3, engine="native")
    state = g.encode()
    at = g.layout()["edition.event_discard"].start
    state[at], state[at + 1] = 1, state[g.layout()["edition.event_deck"].start + 1]  # an event twice
    with pytest.raises(ttr.SaveError, match="event"):
        native.from_state(get_ruleset(MAP, 2), state)


@pytest.mark.parametrize("pack", ["demo", os.path.join(os.path.dirname(__file__), "packs", "second.json")])
def test_a_whole_campaign_plays_its_games_natively_by_default_and_they_are_the_python_engines(tmp_path, pack):
    """Issue 25: a campaign of 12 games (the demo pack, the test pack) between bots, on the native
    engine by default (a game whose setup the core does not hold yet is played in Python) and on the
    Python engine: game by game the same actions, results, vaults and story."""
    from ttr.campaign import Campaign, play

    players = [("Ann", "red"), ("Bo", "blue"), ("Cy", "green")]
    runs, engines = {}, {}
    for engine in ("auto", "python"):
        c = Campaign.create(tmp_path / f"{engine}.db", players, pack=pack, seed=5, durable=False, engine=engine)
        kinds: list[tuple[str, bool]] = []  # per game: the engine's class, and whether the core holds its setup

        def started(c: Campaign) -> None:
            g = c.live_game()
            kinds.append((type(g).__name__, native.legacy_supported(g.replay_options()["setup"]) is None))

        assert play(c, "planner", on_start=started) == 12
        games = [(k, c.store.actions(k)) for k in range(1, 13)]
        runs[engine] = (games, c.standings(), c.status())
        engines[engine] = kinds
        c.close()
    assert [k for k, _ in engines["python"]] == ["LegacyGame"] * 12
    assert [k for k, _ in engines["auto"]] == ["NativeGame" if held else "LegacyGame" for _, held in engines["auto"]]
    assert engines["auto"][0] == ("NativeGame", True)  # (game 1 at least; later ones as the core holds them)
    for k in range(12):
        assert runs["auto"][0][k] == runs["python"][0][k], f"game {k + 1}: the actions differ"
    assert runs["auto"][1] == runs["python"][1] and runs["auto"][2] == runs["python"][2]


# ------------------------------------------------------------------ frontier boards (rulebook 451)

FRONTIERS = tuple(load_pack("demo").frontiers.values())  # the demo pack's 8, in its order
FIRST_ID = 101  # frontier.FIRST_ID: a frontier's routes and tickets are numbered from here


def frontier_setup(players: int, game: int, k: int):
    """Game `game` of the demo pack on the board its first `k` frontiers grow."""
    return dataclasses.replace(pack_setup(players, game), frontiers=FRONTIERS[:k])


def bot_chooser(players: int, seed: int):
    """The Python bots as seats (planners and greedy bots complete tickets, frontier ones too)."""
    names = ["planner", "greedy", "planner", "greedy", "planner"][:players]
    return seat_chooser([make_agent(name, seed * 10 + s) for s, name in enumerate(names)])


def test_the_grown_demo_board_is_the_games_board_in_the_core():
    """All 8 frontiers: 63 cities, 200 routes (ids to 228), 64 tickets (ids to 131), within the
    core's sizes; the native game's rules are the Python game's (the grown board: views, action
    texts and ids read them), and the core's tables are built from them."""
    from ttr.native.game import core_rules, static_game
    for players in PLAYERS:
        setup = frontier_setup(players, 1, 8)
        assert native.legacy_supported(setup) is None
        py = ttr.new_game(MAP, players, 3, setup=setup)
        nat = ttr.new_game(MAP, players, 3, engine="native", setup=setup)
        auto = ttr.new_game(MAP, players, 3, engine="auto", setup=setup)
        assert isinstance(nat, native.NativeGame) and isinstance(auto, native.NativeGame)
        rules = py.rules
        assert nat.rules is rules and auto.rules is rules and rules is not get_ruleset(MAP, players)
        assert (len(rules.city_names), len(rules.map.routes), rules.n_ids) == (63, 200, 229)
        assert (len(rules.map.tickets), max(rules.map.ticket_by_id)) == (64, 131)
        assert static_game(get_ruleset(MAP, players), setup).rules is rules
        assert core_rules(get_ruleset(MAP, players), setup) is core_rules(rules, setup)  # (one table per board)
        assert native.plays(get_ruleset(MAP, players), {"setup": setup})
        assert nat.encode() == py.encode() and nat.layout() == py.layout()


@pytest.mark.parametrize("players,k", [(2, 1), (3, 3), (4, 8), (5, 8), (2, 8), (5, 4)])
def test_frontier_boards_are_the_same_game_on_both_engines(players, k):
    """Games on a board grown by one, several and all of the demo pack's frontiers (games 1 and 12:
    20 trains a seat, and the last game's trains, steps and bonus cards): random, hoarders' and
    bots' games, step by step; routes of the frontiers claimed and their tickets dealt and completed."""
    claimed = dealt = completed = 0
    rules = get_ruleset(MAP, players)
    for game in (1, 12):
        setup = frontier_setup(players, game, k)
        for seed in range(4):
            kind = seed % 3
            chooser = lambda: (random_chooser(seed + game) if kind == 0 else hoarder_chooser(seed + game)  # noqa: E731
                               if kind == 1 else bot_chooser(players, seed + game))
            bad, steps = compare(rules, seed, chooser(), random_first=seed == 1, setup=setup)
            assert bad is None, f"{players}p {k} frontier(s) game {game} seed {seed}: {bad}"
            g = native.new(rules, seed, seed == 1, setup=setup)
            choose = chooser()
            while not g.is_over:
                g.apply(choose(g))
            state, layout = g.encode(), g.layout()
            owners = state[layout["routes"].start:layout["routes"].stop]
            claimed += sum(o >= 0 for r, o in enumerate(owners) if r >= FIRST_ID)
            for p in g.result()["players"]:
                dealt += sum(t >= FIRST_ID for t in p["tickets_completed"] + p["tickets_failed"])
                completed += sum(t >= FIRST_ID for t in p["tickets_completed"])
    assert claimed > 0 and dealt > 0 and completed > 0, (claimed, dealt, completed)


@pytest.mark.parametrize("players,k,game", [(2, 1, 9), (3, 8, 10), (5, 8, 12)])
def test_views_saves_pickles_and_replays_on_a_grown_board_are_the_same(players, k, game):
    """On a grown board (with tickets of a border held face up, game 10: ids of frontier tickets
    in edition.shown): views, observations, saves (loaded on either engine), pickles (the grown
    board unpickles to the one instance) and replays are the Python engine's."""
    setup = frontier_setup(players, game, k)
    if game == 10:
        setup = dataclasses.replace(setup, public_borders=("red", "blue", "green"))
    seed = 4
    py = ttr.new_game(MAP, players, seed, setup=setup)
    nat = ttr.new_game(MAP, players, seed, engine="native", setup=setup)
    choose = bot_chooser(players, seed)
    step = 0
    while not py.is_over:
        if step % 7 == 0:
            for seat in [None, *range(players)]:
                assert nat.view(seat) == py.view(seat)
            a, b = py.observe(step % players), nat.observe(step % players)
            assert (a.state, list(map(str, a.legal))) == (b.state, list(map(str, b.legal)))
            saved = ttr.save_game(py)
            assert ttr.save_game(nat) == saved
            for engine in ("native", "auto"):
                loaded = ttr.load_game(saved, engine=engine)
                assert isinstance(loaded, native.NativeGame) and loaded.encode() == py.encode()
                assert loaded.rules is py.rules
            back = pickle.loads(pickle.dumps(nat))
            assert back.encode() == py.encode() and back.rules is py.rules
            assert pickle.loads(pickle.dumps(py)).rules is py.rules  # (the Python game's too: by its frontiers)
        a = choose(py)
        py.apply(a)
        nat.apply(str(a))
        step += 1
    assert nat.result() == py.result() and list(nat.log) == list(py.log)
    again = ttr.replay(MAP, players, seed, nat.history, engine="native", setup=setup)
    assert isinstance(again, native.NativeGame) and again.encode() == py.encode()
    assert any(a.kind == "claim" and a.target >= FIRST_ID for a in py.actions)


def test_batches_on_a_grown_board_play_each_game_as_it_plays_alone():
    """The core's whole random games on the fully grown board (5 seats, game 12): the invariants
    after every action, each game as alone and on 2 threads; the batch's tables are the game's."""
    import numpy as np
    from ttr.native.game import core_rules
    setup = frontier_setup(5, 12, 8)
    core, rules = native.batch_core(get_ruleset(MAP, 5), setup)
    assert rules is core_rules(ttr.new_game(MAP, 5, 0, engine="native", setup=setup).rules, setup)
    seeds = np.array([0, 1, 2**40 + 7, -5] + list(range(100, 140)), dtype=np.int64)
    batch = core.random_games(rules, seeds, 1, True)
    assert not any(batch["errors"])
    threaded = core.random_games(rules, seeds, 2, False)
    for i, seed in enumerate(seeds):
        alone = core.random_games(rules, seeds[i:i + 1], 1, False)
        for key in ("totals", "winners", "tickets_done", "length"):
            assert np.array_equal(batch[key][i], alone[key][0]), f"seed {seed}: {key}"
            assert np.array_equal(batch[key][i], threaded[key][i]), f"seed {seed}: {key} (2 threads)"


def _too_big(what: str):
    """A frontier past one of the core's fixed sizes: ticket ids, route ids or cities."""
    from ttr.editions.legacy.frontier import Frontier, FrontierCity, FrontierRoute, FrontierTicket
    if what == "cities":  # (63 on the grown demo board; the core holds 64)
        return Frontier("far", "Far", tuple(FrontierCity(f"Far {i}", (10.0 * i, 5.0)) for i in range(2)),
                        (FrontierRoute(240, ("Far 0", "Far 1"), 2, "gray"),))
    big = 300  # (a ticket id or route id past the core's 256)
    return Frontier("far", "Far", (FrontierCity("Far", (5.0, 5.0)),),
                    (FrontierRoute(big if what == "route ids" else 240, ("Far", "Chicago"), 2, "gray"),),
                    (FrontierTicket(big if what == "ticket ids" else 241, ("Far", "Chicago"), 5),))


@pytest.mark.parametrize("what,words", [("ticket ids", "ticket ids"), ("route ids", "route ids"),
                                        ("cities", "cities: 65, more than the 64")])
def test_a_board_too_big_for_the_core_is_refused_by_name_and_auto_plays_it_in_python(what, words):
    frontiers = FRONTIERS + (_too_big(what),) if what == "cities" else (_too_big(what),)
    setup = dataclasses.replace(pack_setup(3, 1), frontiers=frontiers)
    assert native.legacy_supported(setup) is None  # (the core plays frontiers; this board is too big)
    with pytest.raises(ttr.TtrError, match=f"cannot hold this board: .*{words}"):
        ttr.new_game(MAP, 3, 1, engine="native", setup=setup)
    assert not native.plays(get_ruleset(MAP, 3), {"setup": setup})
    auto = ttr.new_game(MAP, 3, 1, engine="auto", setup=setup)
    assert not isinstance(auto, native.NativeGame)
    choose = random_chooser(1)
    while not auto.is_over:
        auto.apply(choose(auto))
    saved = ttr.save_game(auto)
    assert not isinstance(ttr.load_game(saved, engine="auto"), native.NativeGame)
    with pytest.raises(ttr.SaveError, match="cannot hold this board"):
        ttr.load_game(saved, engine="native")
    replayed = ttr.replay(MAP, 3, 1, auto.history, engine="auto", setup=setup)
    assert not isinstance(replayed, native.NativeGame) and replayed.encode() == auto.encode()


def test_a_campaigns_later_games_on_their_grown_boards_are_the_same_game_on_both_engines(tmp_path):
    """The demo campaign's games 3-12 grow the board (1 to 4 frontiers) and bring rules of play
    (play_rules: not in the core yet, so a campaign plays them in Python); without those rules,
    each game's setup (its frontiers, offices, events, steps, the story's changes) is the same game
    on both engines."""
    from ttr.campaign import Campaign, play
    players = [("Ann", "red"), ("Bo", "blue"), ("Cy", "green")]
    c = Campaign.create(tmp_path / "c.db", players, pack="demo", seed=5, durable=False, engine="python")
    setups = []
    play(c, "planner", on_start=lambda c: setups.append(c.live_game().replay_options()["setup"]))
    c.close()
    grown = [dataclasses.replace(s, play_rules=()) for s in setups if s.frontiers]
    assert len(grown) >= 8 and max(len(s.frontiers) for s in grown) >= 3
    for i, setup in enumerate(grown):
        assert native.legacy_supported(setup) is None
        for seed in range(2):
            choose = bot_chooser(3, seed + i) if seed else hoarder_chooser(seed + i)
            bad, _ = compare(get_ruleset(MAP, 3), seed, choose, setup=setup)
            assert bad is None, f"game {i + 3} ({len(setup.frontiers)} frontiers) seed {seed}: {bad}"
