"""Extra wild cards for offers (rulebook 322-324) and rules of play at places Q-V (437-447).

322: "sometimes you discard extra wild cards to satisfy postcards, events or conditions"; 323-324:
"for several conditions, one wild card each" (two offers on one claim, two extra cards). A rule
sticker at a place of play grants its companies an offer or an action (278)."""
from __future__ import annotations

import copy
import json
import random

import pytest

import ttr
from legacy_helpers import ledger, position, route_between, setup_with
from ttr.cards import CARD_INDEX
from ttr.editions.legacy import ContentError
from ttr.editions.legacy.pack import load_pack, parse_pack
from ttr.errors import IllegalActionError, SaveError

YELLOW_2 = route_between("Albany", "Buffalo")      # 2 yellow, no big city
BLACK_3 = route_between("Atlanta", "Mobile")       # 3 black, no big city
LOCO = CARD_INDEX["locomotive"]

GOLD = {"id": "gold-rush", "name": "Gold rush (test)", "kind": "persistent",
        "extra": {"label": "Gold rush", "money": 5}}                                  # rulebook 323's first postcard
SURVEY = {"place": "Q", "companies": ["blue"], "label": "Survey",
          "extra": {"label": "Survey", "draw": 2}}                                   # ... and its second
LONG_ONLY = {"place": "R", "companies": ["blue"], "label": "Long haul",
             "extra": {"label": "Long haul", "money": 3, "min_length": 3}}
BONANZA = {"place": "U", "companies": ["blue", "black"], "label": "Bonanza",
           "extra": {"label": "Bonanza", "money": 5}}
DEPOT = {"place": "S", "companies": ["blue"], "label": "Depot", "trade": {"cards": 2, "money": 3}}


def game(events=(), rules=(), **kw):
    s = setup_with(events=list(setup_with().events) + list(events),
                   play_rules=list(rules))
    return position(setup=s, **kw)


def extras(g) -> list[str]:
    return sorted(str(a) for a in g.legal_actions() if a.kind == "extra")


def test_an_extra_wild_card_for_an_offer_right_after_a_claim_L322():
    g = game([GOLD], revealed=("gold-rush",), hands={0: {"yellow": 2, "locomotive": 1}})
    g.apply(f"claim {YELLOW_2} 2yellow")
    assert g.phase == "extras" and g.current_player == 0
    assert extras(g) == ["extra done", "extra event"]
    g.apply("extra event")
    assert g.money == [10, 5] and g.hands[0][LOCO] == 0 and g.discards[0].count(LOCO) == 1
    assert ledger(g)[-1][1:] == [0, 5, "Gold rush (test)"]
    assert g.phase == "turn" and g.current_player == 1  # no wild card left: the turn ends


def test_two_offers_on_one_claim_take_two_extra_wild_cards_L323_L324():
    """The rulebook's example: $5 for one wild card, 2 cards for another."""
    g = game([GOLD], [SURVEY], revealed=("gold-rush",), hands={0: {"yellow": 2, "locomotive": 3}},
             deck_top=["red", "white"])
    g.apply(f"claim {YELLOW_2} 2yellow")
    assert extras(g) == ["extra Q", "extra done", "extra event"]
    g.apply("extra Q")
    assert g.phase == "extras" and extras(g) == ["extra done", "extra event"]  # each offer once a claim
    g.apply("extra event")
    assert g.money == [10, 5] and g.hands[0][LOCO] == 1
    assert g.hands[0][CARD_INDEX["red"]] == 1 and g.hands[0][CARD_INDEX["white"]] == 1
    assert g.current_player == 1  # every offer taken: the turn ends, the third wild card kept


def test_one_wild_card_satisfies_one_offer_only_L324():
    g = game([GOLD], [SURVEY], revealed=("gold-rush",), hands={0: {"yellow": 2, "locomotive": 1}})
    g.apply(f"claim {YELLOW_2} 2yellow")
    g.apply("extra event")
    assert g.current_player == 1 and g.money == [10, 5]  # no wild card for the survey


def test_extra_done_ends_the_turn_and_keeps_the_wild_cards():
    g = game([GOLD], revealed=("gold-rush",), hands={0: {"yellow": 2, "locomotive": 1}})
    g.apply(f"claim {YELLOW_2} 2yellow")
    g.apply("extra done")
    assert g.current_player == 1 and g.money == [5, 5] and g.hands[0][LOCO] == 1


@pytest.mark.parametrize("why, kw", [
    ("no wild card", {"hands": {0: {"yellow": 2}}}),
    ("no offer in force", {"hands": {0: {"yellow": 2, "locomotive": 1}}, "revealed": ()}),
])
def test_no_extras_phase_without_a_wild_card_or_an_offer(why, kw):
    g = game([GOLD], **{"revealed": ("gold-rush",), **kw})
    g.apply(f"claim {YELLOW_2} 2yellow")
    assert g.phase == "turn" and g.current_player == 1, why


def test_an_offer_matches_its_routes_only_L322():
    g = game(rules=[LONG_ONLY], hands={0: {"yellow": 2, "black": 3, "locomotive": 1}})
    g.apply(f"claim {YELLOW_2} 2yellow")  # 2 spaces: the long-haul offer does not match
    assert g.current_player == 1
    g = game(rules=[LONG_ONLY], hands={0: {"yellow": 2, "black": 3, "locomotive": 1}})
    g.apply(f"claim {BLACK_3} 3black")
    assert extras(g) == ["extra R", "extra done"]


def test_a_rule_of_play_holds_for_the_companies_it_names_only_L437():
    g = game(rules=[SURVEY], hands={1: {"yellow": 2, "locomotive": 1}}, current=1)  # seat 1 plays black
    g.apply(f"claim {YELLOW_2} 2yellow")
    assert g.phase == "turn" and g.current_player == 0


def test_a_rule_of_play_grants_an_action_L278_L437():
    g = game(rules=[DEPOT], hands={0: {"red": 2}, 1: {"red": 2}})
    assert [str(a) for a in g.legal_actions() if a.kind == "trade"] == ["trade S 2red"]
    g.apply("trade S 2red")
    assert g.money == [8, 5] and ledger(g)[-1][1:] == [0, 3, "rule S: Depot"]
    assert [a for a in g.legal_actions() if a.kind == "trade"] == []  # black: not named by the rule


def test_an_extra_out_of_its_phase_or_not_open_is_refused_and_changes_nothing():
    g = game([GOLD], [SURVEY], revealed=("gold-rush",), hands={0: {"yellow": 2, "locomotive": 1}})
    before = ttr.save_game(g)
    with pytest.raises(IllegalActionError, match="only right after a claim"):
        g.apply("extra event")
    assert ttr.save_game(g) == before
    g.apply(f"claim {YELLOW_2} 2yellow")
    g.apply("extra Q")  # the one wild card: the turn ended
    g2 = game([GOLD], [SURVEY], revealed=("gold-rush",), hands={0: {"yellow": 2, "locomotive": 2}})
    g2.apply(f"claim {YELLOW_2} 2yellow")
    g2.apply("extra Q")
    before = ttr.save_game(g2)
    with pytest.raises(IllegalActionError, match="offer 'Q' is not open"):
        g2.apply("extra Q")
    assert ttr.save_game(g2) == before


def _in_extras(seed: int):
    """A game played at random from `seed` up to its first extras phase (or None)."""
    s = setup_with(events=list(setup_with().events) + [GOLD], play_rules=[SURVEY, LONG_ONLY])
    g = ttr.new_game("legends-west", 2, seed=seed, setup=s)
    r = random.Random(seed)
    while not g.is_over and g.phase != "extras":
        g.apply(r.choice(g.legal_actions()))
    return g if g.phase == "extras" else None


def test_the_extras_phase_saves_loads_and_replays():
    g = next(g for g in map(_in_extras, range(100)) if g is not None)
    route = g.extra_claim[0]
    save = json.loads(json.dumps(ttr.save_game(g)))
    assert save["edition"]["extras"] == {"route": route, "taken": []}
    back = ttr.load_game(save)  # verified: seed + history replay to the same state
    assert back.phase == "extras" and back.encode() == g.encode()
    assert sorted(map(str, back.legal_actions())) == sorted(map(str, g.legal_actions()))
    assert back.view(1)["edition"]["extras"] == {"route": route, "taken": []}  # public: on the table
    first = next(a for a in g.legal_actions() if a.target != "done")
    for x in (g, back):
        x.apply(first)
    assert back.encode() == g.encode()


@pytest.mark.parametrize("extras, message", [
    ({"route": 0, "taken": ["W"]}, "edition.extras must be"),
    (None, "holds a claim exactly in the extras phase"),
])
def test_a_malformed_extras_block_in_a_save_is_refused(extras, message):
    g = next(g for g in map(_in_extras, range(100)) if g is not None)
    save = copy.deepcopy(ttr.save_game(g))
    if extras is None:
        del save["edition"]["extras"]
    else:
        save["edition"]["extras"] = extras
    with pytest.raises(SaveError, match=message):
        ttr.load_game(save, verify=False)


def _pack_with(rule: dict) -> dict:
    data = copy.deepcopy(load_pack("demo").source)
    data["story"][0]["do"].append({"add_rules": [rule]})
    return data


@pytest.mark.parametrize("rule, message", [
    ({"place": "Q", "to": "each", "money": 2, "extra": {"label": "x", "money": 1}}, "needs an 'extra' or a 'trade'"),
    ({"place": "Q", "to": "each"}, "needs an 'extra' or a 'trade'"),
    ({"place": "A", "to": "each", "money": 1, "trade": {"cards": 1, "money": 1}}, "belongs to a place of play"),
    ({"place": "Q", "to": "each", "extra": {"label": "x"}}, "gives money, cards"),
    ({"place": "W", "to": "each", "extra": {"label": "x", "money": 1}}, "place"),
])
def test_a_malformed_rule_of_play_is_refused_naming_it(rule, message):
    with pytest.raises(ContentError, match=message):
        parse_pack(_pack_with(rule))


def test_an_offer_naming_a_city_off_the_board_is_refused():
    bad = {**GOLD, "extra": {"label": "Nowhere", "money": 1, "cities": ["Atlantis"]}}
    with pytest.raises(ContentError, match="'Atlantis', which is not a city of the board"):
        setup = setup_with(events=list(setup_with().events) + [bad])
        ttr.new_game("legends-west", 2, seed=0, setup=setup)


def test_every_bot_plays_games_with_offers_and_rule_actions():
    from ttr.agents import make_agent
    from ttr.runtime import Match
    s = setup_with(events=list(setup_with().events) + [GOLD], play_rules=[SURVEY, DEPOT, LONG_ONLY, BONANZA])
    for name in ("random", "greedy", "planner", "search"):
        mine = []
        for seed in range(4 if name != "search" else 2):
            g = ttr.new_game("legends-west", 2, seed=seed, setup=s)
            Match(g, [make_agent(name, seed=seed), make_agent("random", seed=seed + 9)]).run(None)
            assert g.is_over
            mine += [a for i, a in enumerate(g.actions) if g.seats[i] == 0 and a.kind == "extra"]
        if name != "random":
            assert any(a.target == "U" for a in mine), name  # $5 for a wild card: taken
        if name == "planner":
            assert all(a.target != "Q" for a in mine)  # 2 cards for a wild card: declined
