"""Event actions (rulebook 278, "carrying out certain event actions"; wild cards count as any
colour, 318): while a persistent event with a trade is current, a player may, as the whole turn,
discard the trade's cards for its dollars, cards and tickets."""
from __future__ import annotations

import copy

import pytest

import ttr
from legacy_helpers import ledger, position, setup_with
from ttr.editions.legacy import ContentError
from ttr.editions.legacy.content import Event, Trade
from ttr.editions.legacy.pack import load_pack, parse_pack
from ttr.errors import IllegalActionError

CONTRACT = Event("contract", "Freight contract (test)", "persistent", trade=Trade(2, money=4))
RED_ORDER = Event("red-order", "Red order (test)", "persistent", trade=Trade(1, color="red", draw=2))
LAND_OFFICE = Event("land-office", "Land office (test)", "persistent", trade=Trade(3, tickets=1, money=1))


def game(*events: Event, revealed: tuple[str, ...], **kw):
    s = setup_with(events=list(setup_with().events) + list(events))
    return position(setup=s, revealed=revealed, **kw)


def trades(g) -> list[str]:
    return sorted(str(a) for a in g.legal_actions() if a.kind == "trade")


def test_an_event_action_trades_cards_for_money_as_the_whole_turn_278():
    g = game(CONTRACT, revealed=("contract",), hands={0: {"red": 2, "blue": 1}})
    assert trades(g) == ["trade 2red"]
    g.apply("trade 2red")
    assert g.money == [9, 5] and g.current_player == 1
    assert g.hands[0][ttr.cards.CARD_INDEX["red"]] == 0
    assert ledger(g)[-1][1:3] == [0, 4]
    assert g.discards[0].count(ttr.cards.CARD_INDEX["red"]) == 2


def test_an_event_action_takes_wild_cards_as_any_colour_318():
    g = game(CONTRACT, revealed=("contract",), hands={0: {"red": 1, "locomotive": 2}})
    assert trades(g) == ["trade 1red+1locomotive", "trade 2locomotive"]


def test_an_event_action_of_one_colour_takes_that_colour_only():
    g = game(RED_ORDER, revealed=("red-order",), hands={0: {"blue": 3}})
    assert trades(g) == []
    g = game(RED_ORDER, revealed=("red-order",), hands={0: {"red": 1, "blue": 3}},
             deck_top=["white", "green"])
    g.apply("trade 1red")
    assert g.hands[0][ttr.cards.CARD_INDEX["white"]] == 1 and g.hands[0][ttr.cards.CARD_INDEX["green"]] == 1


def test_an_event_action_can_give_a_ticket_kept_and_secret():
    g = game(LAND_OFFICE, revealed=("land-office",), hands={0: {"green": 3}})
    before = len(g.tickets[0])
    g.apply("trade 3green")
    assert len(g.tickets[0]) == before + 1 and g.money == [6, 5]
    assert g.view(1)["players"][0]["tickets"] == before + 1  # how many, not which
    assert g.tickets[0][-1] not in g.view(1)["you"]["tickets"]


@pytest.mark.parametrize("revealed", [(), ("demo-city-tolls",), ("contract", "demo-city-tolls")])
def test_an_event_action_is_offered_only_while_its_event_is_current(revealed):
    g = game(CONTRACT, revealed=revealed, hands={0: {"red": 2}})
    assert trades(g) == []
    before = ttr.save_game(g)
    with pytest.raises(IllegalActionError, match="the current event offers no action to carry out"):
        g.apply("trade 2red")
    assert ttr.save_game(g) == before  # refused: nothing changed


def test_an_event_action_needs_its_cards():
    g = game(CONTRACT, revealed=("contract",), hands={0: {"red": 1, "blue": 1}})
    assert trades(g) == []
    with pytest.raises(IllegalActionError, match="Freight contract \\(test\\) takes 2 one colour's cards"):
        g.apply("trade 1red+1blue")


@pytest.mark.parametrize("trade, message", [
    ({"cards": 2}, "a trade gives money, cards \\('draw'\\) or tickets"),
    ({"cards": 5, "money": 1}, "less than or equal to 4"),
    ({"cards": 1, "color": "purple", "money": 1}, "color"),
])
def test_a_malformed_trade_is_refused_naming_the_event(trade, message):
    data = copy.deepcopy(load_pack("demo").source)
    data["events"].append({"id": "bad-trade", "name": "Bad", "kind": "persistent", "trade": trade})
    with pytest.raises(ContentError, match=message):
        parse_pack(data)


def test_a_lightning_event_has_no_trade():
    data = copy.deepcopy(load_pack("demo").source)
    data["events"].append({"id": "bad-trade", "name": "Bad", "kind": "lightning", "effect": "gain_all", "amount": 1,
                           "trade": {"cards": 1, "money": 1}})
    with pytest.raises(ContentError, match="needs an 'effect' \\(and no 'step', 'trade' or 'extra'\\)"):
        parse_pack(data)


def test_every_bot_plays_a_game_with_an_event_action():
    from ttr.agents import make_agent
    from ttr.runtime import Match
    s = setup_with(events=[CONTRACT, RED_ORDER, LAND_OFFICE])
    traded = 0
    for seed, name in enumerate(("random", "greedy", "planner")):
        g = ttr.new_game("legends-west", 2, seed=seed, setup=s)
        Match(g, [make_agent(name, seed=seed), make_agent("random", seed=seed + 9)]).run(None)
        assert g.is_over
        traded += sum(1 for a in g.actions if a.kind == "trade")
    assert traded > 0
