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
from ttr.editions.legacy.content import COMPANY_COLORS, Extra, PlayRule, Trade
from ttr.editions.legacy.pack import default_setup, load_pack
from ttr.agents import make_agent
from test_native import assert_batch_plays_each_game_as_alone
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


def assert_seen_alike(py, nat, step: int, engines: tuple[str, ...] = ("native",)) -> None:
    """Every seat's view, one seat's observation (state and legal actions) and the save are the
    Python game's, and the save loads back on `engines` as the native game."""
    players = py.num_players
    for seat in [None, *range(players)]:
        assert nat.view(seat) == py.view(seat)
    a, b = py.observe(step % players), nat.observe(step % players)
    assert (a.state, list(map(str, a.legal))) == (b.state, list(map(str, b.legal)))
    saved = ttr.save_game(py)
    assert ttr.save_game(nat) == saved
    for engine in engines:
        loaded = ttr.load_game(saved, engine=engine)
        assert isinstance(loaded, native.NativeGame) and loaded.encode() == py.encode()
        assert loaded.rules is py.rules  # (a grown board's too: the one instance)


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


@pytest.mark.parametrize("players,game", [(2, 1), (4, 1), (5, 1), (3, 10), (3, 0), (4, 0), (3, -1), (5, -1)])
def test_views_saves_and_pickles_are_the_same(players, game):
    """Game 1, game 10 with tickets of a border held face up and an office's ticket (card icons:
    the state's icon sections, secret in the pile and hands; the shown tickets), and (0) a game
    with extra-card offers (the extras phase's state section); (-1) rules of play and postcards
    (their actions and offers: the view's rules, the extras phase's offers taken by slot)."""
    setup = pack_setup(players, game) if game > 0 else extras_setup(players) if game == 0 else rules_setup(players)
    if game > 1:
        setup = dataclasses.replace(setup, public_borders=("red", "blue"), office_tickets=((setup.companies[1], 2),))
    seed = 9 if game > 0 else {3: 18, 4: 11, 5: 2}[players]  # (seeds whose games reach the extras phase)
    py = ttr.new_game(MAP, players, seed, setup=setup)
    nat = ttr.new_game(MAP, players, seed, engine="native", setup=setup)
    assert isinstance(nat, native.NativeGame)
    rng, hoard = random.Random(9), offer_taker(players) if game == 0 else rule_taker(players)
    step = 0
    extras_seen = False
    while not py.is_over:
        extras_seen |= py.phase == "extras"
        if step % 9 == 0 or py.phase == "extras":
            assert_seen_alike(py, nat, step)
            assert pickle.loads(pickle.dumps(nat)).encode() == py.encode()
        legal = py.legal_actions()
        a = legal[rng.randrange(len(legal))] if game > 0 else hoard(py)  # (a hoarder holds the wild cards offers take)
        py.apply(a)
        nat.apply(str(a))
        step += 1
    assert nat.result() == py.result() and list(nat.log) == list(py.log)
    assert nat.result()["unit"] == "dollars"
    assert extras_seen or game > 0


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


@pytest.mark.parametrize("campaign", [False, True, "extras", "rules"])
def test_counted_actions_are_the_listed_ones(campaign):
    """Playouts count and pick a position's actions without listing them (the draw limit too; the
    events' actions, trades, in a campaign's game; the extras phase's offers; the rules' and
    postcards' actions and offers, by slot)."""
    rules = get_ruleset(MAP, 4)
    setup = (extras_setup(4) if campaign == "extras" else rules_setup(4) if campaign == "rules"
             else campaign_setup(4) if campaign else None)
    trades = extras = 0
    for seed in range(4 if campaign else 3):
        g = native.new(rules, seed, seed == 1, setup=setup)
        rng = random.Random(seed)
        while not g.is_over:
            h = g._h
            for i in range(len(h)):
                assert h.pick(i) == h.action(i), f"seed {seed} index {i}"
            legal = g.legal_actions()
            trades += any(a.kind == "trade" and (a.target is not None or campaign != "rules") for a in legal)
            extras += any(a.kind == "extra" and a.target not in ("done", "event" if campaign == "rules" else "")
                          for a in legal)
            g.apply(legal[rng.randrange(len(legal))])
    assert trades > 0 or campaign not in (True, "rules")
    assert extras > 0 or campaign not in ("extras", "rules")


def test_batches_keep_the_ledger_and_the_invariants():
    import numpy as np
    core, rules = native.batch_core(get_ruleset(MAP, 5))
    seeds = np.arange(40, dtype=np.int64)
    batch = core.random_games(rules, seeds, 1, True)  # (the core's invariants checked after every action)
    assert not any(batch["errors"])
    again = core.random_games(rules, seeds, 2, False)
    assert np.array_equal(batch["totals"], again["totals"]) and np.array_equal(batch["length"], again["length"])


def rules_setup(players: int, mail: int = 0):
    """A campaign's game (campaign_setup: events with actions) with the events' extra-card offers
    (extras_setup) and rules of play at Q-V and postcard abilities at P1-P3 (rulebook 437-447,
    LW-X3) naming some companies and not others: actions with and without a colour, offers giving
    dollars, cards and tickets, a rule with both, two rules at one place for different companies
    (3 players or more). `mail`: the dollars rule S's offer, on every seat's claims, pays."""
    base, extras = campaign_setup(players), extras_setup(players)
    c = base.companies
    rules = [
        PlayRule("P1", (c[0],), "Postcard 7", extra=Extra("Postcard 7", money=2, min_length=2)),
        PlayRule("P2", (c[-1],), "Postcard 12", trade=Trade(4, draw=3)),
        PlayRule("Q", (c[0], c[1]), "Coal trade", trade=Trade(2, money=3)),
        PlayRule("R", (c[-1],), "Timber", trade=Trade(3, color="green", draw=2, money=1),
                 extra=Extra("Timber offer", draw=1, tickets=1)),
        PlayRule("S", tuple(c), "Mail", extra=Extra("Mail", money=mail, tickets=1, color="company")),
        PlayRule("T", (c[1],), "Land", extra=Extra("Land", money=3, big_city=True), trade=Trade(1, money=1, tickets=1)),
    ]
    if players >= 3:
        rules.append(PlayRule("Q", (c[2],), "Q west", extra=Extra("Q west", money=2, max_length=2)))
    events = base.events + tuple(e for e in extras.events if e not in base.events)
    return dataclasses.replace(base, events=events, play_rules=tuple(sorted(rules, key=lambda r: r.place)))


def rule_taker(seed: int):
    """Mostly draws (holding wild cards); takes an open offer (any: the event's, a rule's) three
    times in four and an action (a trade: the event's, a rule's) three times in ten."""
    hoard, rng = hoarder_chooser(seed, draw=0.7), random.Random(seed)

    def choose(g):
        legal = g.legal_actions()
        takes = [a for a in legal if a.kind == "extra" and a.target != "done"]
        if takes and rng.random() < 0.75:
            return rng.choice(takes)
        trades = [a for a in legal if a.kind == "trade"]
        if trades and rng.random() < 0.3:
            return rng.choice(trades)
        return hoard(g)
    return choose


@pytest.mark.parametrize("players", PLAYERS)
def test_rules_of_play_and_postcards_are_the_same_game_on_both_engines(players):
    """Rules of play at Q-V and postcard abilities at P1-P3 (rulebook 437-447, LW-X3): the actions
    they grant (whole turns, rulebook 278) and their extra-card offers (322), for the companies
    they name only, with the current event's: each held feature is played, by target."""
    setup = rules_setup(players)
    assert native.legacy_supported(setup) is None and native.plays(get_ruleset(MAP, players), {"setup": setup})
    rules = get_ruleset(MAP, players)
    taken, gifts = set(), set()
    for seed in range(3):
        bad, _ = compare(rules, seed, rule_taker(seed * 5 + players), random_first=seed % 2 == 1, setup=setup)
        assert bad is None, f"{players}p seed {seed}: {bad}"
        g = native.new(rules, seed, seed % 2 == 1, setup=setup)
        choose = rule_taker(seed * 5 + players)
        while not g.is_over:
            g.apply(choose(g))
        taken |= {e["action"].split(" ")[0] + " " + e["action"].split(" ")[1] for e in g.log
                  if e["kind"] in ("trade", "extra")}
        gifts |= {(ev["event"], ev.get("reason")) for e in g.log for ev in e.get("events", [])}
    want = {"trade Q", "trade T", "trade P2", "extra P1", "extra S", "extra T", "extra R"}
    assert want <= taken, sorted(taken)
    assert {("money", "rule Q: Coal trade"), ("ticket", "rule T: Land"), ("card", "Postcard 12"), ("ticket", "Mail"),
            ("money", "Postcard 7")} <= gifts  # (an action's: its rule's reason; an offer's: its label)
    if players >= 3:
        assert "extra Q" in taken


def test_rules_of_play_with_the_events_actions_and_offers_are_the_same_game():
    """The current event's action and offer beside the rules' (the event's first, then the rules'
    by place; the ledger's reasons): whole games until each was taken."""
    taken = set()
    for players in (2, 4):
        setup, rules = rules_setup(players), get_ruleset(MAP, players)
        for seed in range(3, 7):
            bad, _ = compare(rules, seed, rule_taker(seed), setup=setup)
            assert bad is None, f"{players}p seed {seed}: {bad}"
            g = native.new(rules, seed, setup=setup)
            choose = rule_taker(seed)
            while not g.is_over:
                a = choose(g)
                if a.kind in ("trade", "extra"):
                    taken.add((a.kind, a.target))
                g.apply(a)
    assert {("trade", None), ("trade", "R")} <= taken, sorted(taken, key=str)


def test_an_action_or_offer_not_granted_is_refused_as_python_refuses_it():
    """Bad input: an action at a place whose rule does not name the seat's company, or at a place
    with no rule, or an offer outside the extras phase: the same error as the Python engine's, the
    state unchanged."""
    setup = rules_setup(3)
    py = ttr.new_game(MAP, 3, 1, setup=setup)
    nat = ttr.new_game(MAP, 3, 1, engine="native", setup=setup)
    assert isinstance(nat, native.NativeGame)
    while py.phase != "turn":
        a = py.legal_actions()[0]
        py.apply(a)
        nat.apply(a)
    p = py.current_player
    tried = 0
    for place in ("R", "T", "P2", "V"):
        if any(r.place == place and setup.companies[p] in r.companies for r in setup.play_rules):
            continue  # (granted to this seat)
        for text in (f"trade {place} 1red", f"trade {place} 1locomotive", f"extra {place}"):
            errors, states = [], []
            for g in (py, nat):
                before = g.encode()
                with pytest.raises(ttr.TtrError) as e:
                    g.apply(text)
                errors.append((type(e.value), str(e.value)))
                states.append(g.encode() == before)
            assert errors[0] == errors[1] and all(states), (text, errors)
            tried += 1
    assert tried >= 6


def test_a_setup_the_ledger_cannot_hold_is_refused_and_auto_plays_it_in_python():
    """Offers paying dollars on every claim of one company at all nine places (Q-V, P1-P3), beside
    the claim steps' and the event's: more money changes than the core's ledger is sure to hold at
    5 players; refused by name (the ledger), and "auto" plays it in Python. The same rules without
    dollars are the core's."""
    from ttr.editions.legacy.extras import SLOTS
    rules, base = get_ruleset(MAP, 5), rules_setup(5, mail=1)
    heavy = dataclasses.replace(base, play_rules=tuple(
        PlayRule(place, (base.companies[0],), place, extra=Extra(place, money=1)) for place in sorted(SLOTS[1:])))
    assert native.legacy_supported(heavy) is None  # (what it uses the core holds: the ledger's size is the core's)
    assert not native.plays(rules, {"setup": heavy})
    with pytest.raises(ttr.TtrError, match="ledger"):
        ttr.new_game(MAP, 5, 1, engine="native", setup=heavy)
    assert not isinstance(ttr.new_game(MAP, 5, 1, engine="auto", setup=heavy), native.NativeGame)
    light = dataclasses.replace(heavy, play_rules=tuple(
        dataclasses.replace(r, extra=Extra(r.place, tickets=1)) for r in heavy.play_rules))
    assert isinstance(ttr.new_game(MAP, 5, 1, engine="auto", setup=light), native.NativeGame)
    assert isinstance(ttr.new_game(MAP, 5, 1, engine="auto", setup=base), native.NativeGame)


def test_a_campaigns_rule_of_play_is_played_natively():
    """A campaign's story may put a rule of play at Q-V (rulebook 437-447): the core plays it."""
    rule = PlayRule("Q", ("black",), "Coal trade", trade=Trade(2, money=3))
    setup = dataclasses.replace(pack_setup(3, 9), play_rules=(rule,))
    assert native.legacy_supported(setup) is None
    assert isinstance(ttr.new_game(MAP, 3, 1, engine="native", setup=setup), native.NativeGame)
    assert isinstance(ttr.new_game(MAP, 3, 1, engine="auto", setup=setup), native.NativeGame)
    assert isinstance(ttr.new_game(MAP, 3, 1, engine="auto"), native.NativeGame)  # (game 1 of the demo pack)


def test_every_feature_of_a_setup_is_held_now():
    """Rules of play and postcards with frontier boards: `legacy_supported` names no feature the
    core lacks (boards and ledgers past the core's fixed sizes are refused by name: below)."""
    pack = load_pack("demo")
    frontier = next(iter(pack.frontiers.values()))
    rule = PlayRule("Q", ("blue",), "x", trade=Trade(2, money=3))
    for change in (dict(frontiers=(frontier,)), dict(play_rules=(rule,)), dict(frontiers=(frontier,), play_rules=(rule,))):
        setup = dataclasses.replace(default_setup(2), **change)
        assert native.legacy_supported(setup) is None, change
        assert native.plays(get_ruleset(MAP, 2), {"setup": setup})
        assert isinstance(ttr.new_game(MAP, 2, 1, engine="native", setup=setup), native.NativeGame)


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
    assert all(k == "NativeGame" for k, _ in engines["auto"])  # (every game: rules of play and frontiers held)
    for k in range(12):
        assert runs["auto"][0][k] == runs["python"][0][k], f"game {k + 1}: the actions differ"
    assert runs["auto"][1] == runs["python"][1] and runs["auto"][2] == runs["python"][2]


def story_setup(players: int):
    """Game 9 of the demo pack with the rules its story brings (on the game-1 board: the frontiers
    it opens are left out): postcard 9's ability at P1 (the Governor's favour, an offer of
    dollars on long claims) for one company, Q's survey crew (cards on claims of a big city) for
    another, R's scrap dealer (an action, 4 cards of one colour for $6) for every company."""
    c = pack_setup(players, 9).companies
    rules = (PlayRule("P1", (c[0],), "postcard 9", extra=Extra("Governor's favour", money=3, min_length=4)),
             PlayRule("Q", (c[-1],), "Survey crew", extra=Extra("Survey crew", draw=2, big_city=True)),
             PlayRule("R", tuple(c), "Scrap dealer", trade=Trade(4, money=6)))
    return dataclasses.replace(pack_setup(players, 9), play_rules=rules)


@pytest.mark.parametrize("players", (2, 3, 4))
def test_the_demo_storys_rules_are_the_same_game_on_both_engines(players):
    """(Hoarders' games, and games taking offers and actions; at 5 players, with an action every seat
    may take at any turn, games outlast the harness's 5,000 steps.)"""
    setup, rules = story_setup(players), get_ruleset(MAP, players)
    assert native.plays(rules, {"setup": setup})
    taken = set()
    for seed in range(3):
        for choose in (hoarder_chooser(seed), rule_taker(seed)):
            bad, _ = compare(rules, seed, choose, random_first=seed == 1, setup=setup)
            assert bad is None, f"{players}p seed {seed}: {bad}"
        g = native.new(rules, seed, seed == 1, setup=setup)
        choose = rule_taker(seed)
        while not g.is_over:
            a = choose(g)
            taken.add((a.kind, a.target))
            g.apply(a)
    assert ("trade", "R") in taken and {("extra", "P1"), ("extra", "Q")} & taken, sorted(taken, key=str)


def test_the_core_refuses_bad_tables_of_rules_of_play():
    """validate_lw: a rule's slot, reason and action in range, one rule a place per company, the
    offers' tables per event and rule (seat, route)."""
    from ttr.native.game import CORE, tables
    from ttr.native.legacy import legacy_tables
    rules = get_ruleset(MAP, 3)
    setup = rules_setup(3)
    good = {**tables(rules), **legacy_tables(rules, setup)}
    CORE.Rules(good)  # (the setup's own tables)
    first = good["lw_rules"][0]
    q = [k for k, r in enumerate(setup.play_rules) if r.place == "Q"]
    names = list(good["lw_rule_names"])
    names[q[1] * 3:q[1] * 3 + 3] = names[q[0] * 3:q[0] * 3 + 3]  # (Q west now names Q's companies too)
    bad = [
        ({"lw_rules": [[0, *first[1:]], *good["lw_rules"][1:]]}, "slot"),
        ({"lw_rules": [[10, *first[1:]], *good["lw_rules"][1:]]}, "slot"),
        ({"lw_rules": [[first[0], 0, *first[2:]], *good["lw_rules"][1:]]}, "reason"),
        ({"lw_rules": [[*first[:2], 2, 99, *first[4:]], *good["lw_rules"][1:]]}, "trade"),
        ({"lw_rule_names": names}, "two at one place"),
        ({"lw_rule_names": names[:-1]}, "rule_names"),
        ({"lw_extra_match": good["lw_extra_match"][:-rules.n_ids]}, "extra_match"),
        ({"lw_rules": good["lw_rules"][:-1], "lw_rule_names": good["lw_rule_names"][:-3]}, "extra_gives"),  # (one rule fewer)
    ]
    for change, words in bad:
        with pytest.raises(ValueError, match=words):
            CORE.Rules({**good, **change})


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
            assert_seen_alike(py, nat, step, engines=("native", "auto"))
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
    assert_batch_plays_each_game_as_alone(core, rules, seeds)


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
    and a postcard's ability (play_rules): each game's setup (its frontiers, rules, offices, events,
    steps, the story's changes) is the same game on both engines, with bots, hoarders and seats
    that take the rules' offers and actions."""
    from ttr.campaign import Campaign, play
    players = [("Ann", "red"), ("Bo", "blue"), ("Cy", "green")]
    c = Campaign.create(tmp_path / "c.db", players, pack="demo", seed=5, durable=False, engine="python")
    setups = []
    play(c, "planner", on_start=lambda c: setups.append(c.live_game().replay_options()["setup"]))
    c.close()
    grown = [s for s in setups if s.frontiers]
    assert len(grown) >= 8 and max(len(s.frontiers) for s in grown) >= 3 and all(s.play_rules for s in grown)
    for i, setup in enumerate(grown):
        assert native.legacy_supported(setup) is None
        for seed in range(3):
            choose = (hoarder_chooser, lambda k: bot_chooser(3, k), rule_taker)[seed](seed + i)
            bad, _ = compare(get_ruleset(MAP, 3), seed, choose, setup=setup)
            assert bad is None, f"game {i + 3} ({len(setup.frontiers)} frontiers) seed {seed}: {bad}"
