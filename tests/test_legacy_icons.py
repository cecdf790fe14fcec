"""The pickaxe and skull icons on train cards (rulebook 210; project ruling LW-I1).

210: "some train cards bear a pickaxe or a skull icon ... ignore them for now": later rules refer
to them. A claim step with an `icon` acts once per card bearing it that a claim spends; the game
then follows which cards bear one, zone by zone, and a payer spends them to its advantage."""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import asdict

import pytest

import ttr
from legacy_helpers import LW, ledger, legacy, position, route_between, setup_with
from ttr.agents import make_agent
from ttr.agents.determinize import Worlds
from ttr.cards import CARD_INDEX, CARD_NAMES
from ttr.editions.legacy import ContentError
from ttr.editions.legacy import icons as card_icons
from ttr.editions.legacy.content import LegacySetup
from ttr.editions.legacy.icons import ICONS, spend_order
from ttr.editions.legacy.pack import load_pack, parse_pack
from ttr.errors import SaveError
from ttr.runtime.match import Match

BLACK_3 = route_between("Atlanta", "Mobile")       # 3 black, no big city
YELLOW_2 = route_between("Albany", "Buffalo")      # 2 yellow, no big city
GOLD = {"number": 20, "kind": "route_bonus", "amount": 2, "icon": "pickaxe", "label": "Gold in the hills"}
AGENTS = {"number": 21, "kind": "route_fee", "amount": 1, "icon": "skull", "label": "Road agents"}
MARKS = [{"icon": "pickaxe", "card": "black", "count": 3}, {"icon": "skull", "card": "black", "count": 2},
         {"icon": "pickaxe", "card": "wild", "count": 2}, {"icon": "skull", "card": "yellow", "count": 2}]


def icon_setup(*steps, players=2, marks=MARKS) -> LegacySetup:
    base = setup_with(players)
    return setup_with(players, steps=[*map(asdict, base.steps), *(steps or (GOLD, AGENTS))], card_icons=marks)


def mine(g, seat: int) -> dict:
    """The marked cards of `seat`'s hand, as that seat's own view shows them."""
    return g.view(seat)["edition"]["icons"]["hands"][seat]


def census(g) -> None:
    """Every marked card is a card of its zone, and there are as many as the setup marks."""
    ic, k = g.icons, g.icons.k
    want = Counter()
    for icon, card, n in g.setup.card_icons:
        want[ICONS.index(icon), CARD_INDEX["locomotive" if card == "wild" else card]] += n
    have = Counter()
    zones = [(ic.deck, Counter(g.decks[0])), (ic.discard, Counter(g.discards[0]))]
    zones += [(ic.hands[p], Counter({c: n for c, n in enumerate(g.hands[p])})) for p in range(g.num_players)]
    for marks, cards in zones:
        for j, n in enumerate(marks):
            have[j // k, j % k] += n
        for c in range(k):
            assert sum(marks[i * k + c] for i in range(len(ICONS))) <= cards[c]
    for slot, icon in enumerate(ic.shown):
        if icon >= 0:
            assert g.face_up[slot] >= 0
            have[icon, g.face_up[slot]] += 1
    assert +have == +want


def test_icons_are_ignored_until_a_rule_counts_them_L210():
    """Marked cards alone change nothing: the same game, draw for draw, with no icon state."""
    plain, marked = setup_with(), setup_with(card_icons=MARKS)
    assert not marked.icons_in_play() and icon_setup().icons_in_play()
    a, b = (ttr.new_game(LW, 2, seed=3, setup=s) for s in (plain, marked))
    rng = random.Random(0)
    while not a.is_over:
        act = rng.choice(list(a.legal_actions()))
        a.apply(act)
        b.apply(act)
    assert a.encode() == b.encode() and b.icons is None and legacy(b)["icons"] is None


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_marked_card_stays_in_one_zone_through_whole_games_L210(players):
    for seed in range(4):
        g = ttr.new_game(LW, players, seed=seed, setup=icon_setup(players=players))
        rng = random.Random(seed)
        census(g)
        while not g.is_over:
            g.apply(rng.choice(list(g.legal_actions())))
            census(g)
        again = ttr.load_game(ttr.save_game(g))  # the save's check of the icons passes
        assert again.encode() == g.encode()


def test_a_claim_spends_the_cards_whose_icon_pays_and_keeps_those_that_cost_LW_I1():
    g = position(setup=icon_setup(), hands={0: {"black": 4}}, marks={0: {"black": {"pickaxe": 2, "skull": 1}}})
    g.apply(f"claim {BLACK_3} 3black")
    assert ledger(g)[-1][1:] == [0, 4, "step 20: Gold in the hills"]  # $2 for each pickaxe card
    assert mine(g, 0) == {"black": {"skull": 1}} and g.hands[0][CARD_INDEX["black"]] == 1
    census(g)


def test_a_skull_card_spent_costs_per_card_when_no_unmarked_card_is_left_LW_I1():
    g = position(setup=icon_setup(AGENTS), hands={0: {"black": 3}}, marks={0: {"black": {"skull": 2}}},
                 money=[5, 5])
    g.apply(f"claim {BLACK_3} 3black")
    assert ledger(g)[-1][1:] == [0, -2, "step 21: Road agents"] and g.money[0] == 3
    assert mine(g, 0) == {}


def test_marked_cards_whose_icon_does_nothing_here_are_spent_after_unmarked_ones_LW_I1():
    short_gold = {**GOLD, "min_length": 4}  # pays on routes of 4+ only: not on this one
    g = position(setup=icon_setup(short_gold), hands={0: {"black": 4}}, marks={0: {"black": {"pickaxe": 2}}})
    g.apply(f"claim {BLACK_3} 3black")
    assert all(x[3] != "step 20: Gold in the hills" for x in ledger(g))
    assert mine(g, 0) == {"black": {"pickaxe": 1}}  # one unmarked card, then one of the two pickaxes


def test_the_spending_order_LW_I1():
    assert spend_order([2, -1]) == [0, None, 1]       # what pays first, what costs last
    assert spend_order([0, 0]) == [None, 0, 1]        # unmarked before marked cards that do nothing now
    assert spend_order([1, 3]) == [1, 0, None]        # the better gain first
    assert spend_order([-1, -3]) == [None, 0, 1]      # the smaller cost first


def test_a_route_cards_step_with_an_icon_draws_per_marked_card_L210():
    curse = {"number": 21, "kind": "route_cards", "amount": 1, "icon": "skull", "label": "Cursed cards"}
    g = position(setup=icon_setup(curse), hands={0: {"yellow": 2}}, marks={0: {"yellow": {"skull": 2}}},
                 deck_top=["red", "white"])
    g.apply(f"claim {YELLOW_2} 2yellow")
    assert g.hands[0][CARD_INDEX["red"]] == 1 and g.hands[0][CARD_INDEX["white"]] == 1


def test_a_face_up_card_shows_its_icon_and_takes_it_into_the_hand_L210():
    g = position(setup=icon_setup(), face_marks=["pickaxe", None, None, None, None])
    assert legacy(g)["icons"]["face_up"] == ["pickaxe", None, None, None, None]  # public
    g.apply("draw black")
    assert mine(g, 0) == {"black": {"pickaxe": 1}}
    assert g.view(1)["edition"]["icons"]["hands"][0] is None and legacy(g)["icons"]["hands"] == [None, None]
    census(g)


def test_a_display_reset_and_a_reshuffle_carry_the_marked_cards_G2_G3():
    g = position(setup=icon_setup(), face_up=("locomotive", "locomotive", "black", "blue", "white"),
                 face_marks=["pickaxe", None, "pickaxe", None, None], deck_top=["locomotive"])
    g.apply("draw black")  # its slot takes the third wild card: the display is reset (G2)
    assert g.icons.shown[2] == -1 and sum(g.icons.discard) >= 1
    census(g)
    h = position(setup=icon_setup(), deck_size=1, spare="discard")
    assert sum(h.icons.discard) > 0
    h.apply("draw deck")
    h.apply("draw deck")  # the pile is empty: the discard is shuffled into it (G3)
    assert sum(h.icons.discard) == 0
    census(h)


def test_a_seat_never_sees_another_seats_marked_cards_nor_the_piles():
    """Re-deal what seat 0 cannot see (seat 1's marks, the pile's): its view and state are the same."""
    a = position(setup=icon_setup(), hands={1: {"black": 3}}, marks={1: {"black": {"pickaxe": 2}}})
    b = position(setup=icon_setup(), hands={1: {"black": 3}}, marks={1: {"black": {"skull": 1}}})
    assert a.view(0) == b.view(0) and a.observe(0).state == b.observe(0).state
    assert a.view(1) != b.view(1)


def test_saves_keep_the_marked_cards_and_refuse_wrong_ones():
    g = ttr.new_game(LW, 3, seed=4, setup=icon_setup(players=3))
    rng = random.Random(4)
    for _ in range(40):
        g.apply(rng.choice(list(g.legal_actions())))
    d = ttr.save_game(g)
    assert ttr.load_game(d).encode() == g.encode()
    bad = ttr.save_game(g)
    bad["edition"]["icons"]["hands"][0] = [["pickaxe", "black", 9]]
    with pytest.raises(SaveError, match="edition.icons.hand\\[0\\] marks more black cards"):
        ttr.load_game(bad)
    bad = ttr.save_game(g)
    bad["edition"]["icons"]["deck"].append(["horseshoe", "red", 1])
    with pytest.raises(SaveError, match="no \\[icon, card, count\\] triple"):
        ttr.load_game(bad)
    bad = ttr.save_game(g)
    del bad["edition"]["icons"]
    with pytest.raises(SaveError, match="edition.icons must be"):
        ttr.load_game(bad)
    plain = ttr.save_game(ttr.new_game(LW, 2, seed=1))
    plain["edition"]["icons"] = d["edition"]["icons"]
    with pytest.raises(SaveError, match="no rule of this setup counts card icons"):
        ttr.load_game(plain)


def test_packs_are_refused_when_a_rule_counts_an_icon_no_card_bears():
    demo = load_pack("demo").source
    with pytest.raises(ContentError, match="claim step 16 counts pickaxe cards, but no train card bears a pickaxe"):
        parse_pack({**demo, "card_icons": [m for m in demo["card_icons"] if m["icon"] != "pickaxe"]})
    with pytest.raises(ContentError, match="black cards bearing a pickaxe are counted twice"):
        parse_pack({**demo, "card_icons": demo["card_icons"] + [{"icon": "pickaxe", "card": "black", "count": 1}]})
    with pytest.raises(ContentError, match="13 red cards bear an icon, more than the deck holds"):
        parse_pack({**demo, "card_icons": [{"icon": "skull", "card": "red", "count": 12},
                                           {"icon": "pickaxe", "card": "red", "count": 1}]})
    with pytest.raises(ContentError, match="counts skull cards"):
        LegacySetup.from_dict({**setup_with().to_dict(), "steps": [AGENTS], "card_icons": []})


def test_a_seats_worlds_deal_the_marked_cards_it_cannot_see():
    g = ttr.new_game(LW, 3, seed=6, setup=icon_setup(players=3))
    rng = random.Random(6)
    for _ in range(30):
        g.apply(rng.choice(list(g.legal_actions())))
    obs = g.observe(g.current_player)
    worlds = Worlds(obs)
    for k in range(5):
        w = worlds.game(random.Random(k))
        census(w)
        assert w.icons.hands[obs.seat] == g.icons.hands[obs.seat] and w.icons.shown == g.icons.shown


@pytest.mark.parametrize("bots", [["planner", "greedy"], ["search", "random"]])
def test_every_bot_plays_a_game_where_icons_count(bots):
    g = ttr.new_game(LW, 2, seed=11, setup=icon_setup())
    Match(g, [make_agent(b, i) for i, b in enumerate(bots)]).run()
    assert g.is_over
    census(g)


def test_the_demo_pack_marks_cards_and_counts_them_from_game_8():
    demo = load_pack("demo")
    assert {(i, c) for i, c, _ in demo.card_icons} >= {("pickaxe", "wild"), ("skull", "red")}
    assert [s.icon for s in demo.change_after(7).add_steps] == ["pickaxe"]
    assert demo.events["demo-road-agents"].step.icon == "skull"
    assert [CARD_NAMES[CARD_INDEX["locomotive"]]] == ["locomotive"]


def test_the_planner_weighs_the_icon_of_each_face_up_card_it_could_take_LW_I1():
    from ttr.agents.planner import PlannerAgent
    g = position(setup=icon_setup(), face_up=("black", "yellow", "white", "black", "blue"),
                 face_marks=[None, "skull", None, "pickaxe", None])
    pay = PlannerAgent.icon_pay(g.observe(0))
    black, yellow, white = (CARD_INDEX[c] for c in ("black", "yellow", "white"))
    assert pay[yellow] == -1.0 and pay[white] == 0.0
    assert pay[black] == 0.0  # a draw of black takes the first black card, the unmarked one
    assert PlannerAgent.icon_pay(ttr.new_game(LW, 2, seed=1).observe(0)) == {}


def test_the_terminal_shows_the_icons_of_the_display_and_of_its_own_hand_L210():
    import io

    from rich.console import Console

    from ttr.play import Context, Renderer
    g = position(setup=icon_setup(), hands={0: {"black": 3}}, marks={0: {"black": {"pickaxe": 2}}},
                 face_marks=[None, None, None, None, "skull"])
    out = Console(file=io.StringIO(), width=120, color_system=None, highlight=False)
    r, ctx = Renderer(out, ["you", "b"]), Context.of(g.observe(0))
    r.table_cards(ctx)
    r.hand(ctx)
    r.events(ctx, ctx.view["edition"])
    text = out.file.getvalue()
    assert "yellow [skull]" in text and "3 black (2 with a pickaxe)" in text
    assert "20 Gold in the hills (per pickaxe card spent)" in " ".join(text.split())
