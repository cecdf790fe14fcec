"""Legacy content beyond game 1's (rulebook lines cited per test): each company's own bonus card
and train count, claim steps that give cards or filter by city and length, events that give
cards, and the campaign's story changing a company's bonus card."""
from __future__ import annotations

import copy

import pytest

import ttr
from legacy_helpers import NEWS, position, route_between, setup_with
from ttr.campaign.state import Box
from ttr.campaign.story import read
from ttr.editions.legacy import ContentError
from ttr.editions.legacy.content import ClaimStep, Event
from ttr.editions.legacy.pack import load_pack, parse_pack

BLUE_PLAIN = route_between("Bangor", "Montreal")             # 2 blue, no big city
CHICAGO_GREEN = route_between("Chicago", "Cincinnati", "green")  # 1 green
ALBANY_RED = route_between("Albany", "Montreal")              # 1 red
DEMO = load_pack("demo")


def hand(g, seat=0):
    return {ttr.cards.CARD_NAMES[k]: n for k, n in enumerate(g.hands[seat]) if n}


def steps(*extra: ClaimStep) -> list[ClaimStep]:
    return list(setup_with().steps) + list(extra)


# ------------------------------------------------------ the companies' boxes

def test_each_company_has_its_own_bonus_card_L222():
    s = setup_with(company_bonus=3, company_bonuses=[["blue", 9]])
    g = position(hands={0: {"blue": 2}}, setup=s)
    g.apply(f"claim {BLUE_PLAIN} 2blue")  # seat 0 plays blue: its own card pays 9
    assert g.money == [14, 5]
    assert s.bonus("black") == 3 and s.bonus("blue") == 9


def test_each_company_plays_the_trains_on_its_box_L241():
    s = setup_with(company_trains=[["black", 25]])
    g = ttr.new_game("legends-west", 2, seed=4, setup=s)
    assert g.trains == [20, 25]  # seat 0 blue (the pack's count), seat 1 black (its own)
    again = ttr.load_game(ttr.save_game(g))  # a save checks each seat's trains against its own count
    assert again.trains == [20, 25]
    d = ttr.save_game(g)
    d["players"][1]["trains"] = 20
    with pytest.raises(ttr.SaveError, match=r"players\[1\].trains is 20 but the routes held leave 25"):
        ttr.load_game(d)


def test_a_pack_gives_each_company_its_own_counts_and_bonus():
    data = copy.deepcopy(DEMO.source)
    data.update(company_bonuses={"red": 6}, company_trains={"green": [20] + [30] * 11})
    p = parse_pack(data)
    s = p.setup(4, companies=("red", "green", "blue"))
    assert s.trains_of("green") == 30 and s.trains_of("blue") == DEMO.trains[3] and s.bonus("red") == 6
    data["company_trains"] = {"green": [22] * 12}
    with pytest.raises(ContentError, match="company_trains.green: game 1 is played with 20 trains"):
        parse_pack(data)


def test_the_story_changes_one_companys_bonus_card_L421():
    data = copy.deepcopy(DEMO.source)
    data.update(between_games=[], boxes=[], story=[
        {"id": "c1", "a": "x", "do": [{"company_bonuses": {"red": 6}}]},
        {"id": "c2", "a": "y", "do": [{"company_bonus": 4}, {"company_bonuses": {"green": 1}}]}])
    p = parse_pack(data)
    rec, box = read(p, Box.initial(p), 1, "setup", lambda c, w: False)
    # c1 gave red its own card; c2 set every card to 4 (red's too), then green's to 1
    assert [box.bonus(c) for c in ("red", "green", "blue")] == [4, 1, 4]
    replay = Box.initial(p)
    replay.apply_reading(rec)
    assert replay.company_bonuses == box.company_bonuses and replay.company_bonus == 4


# --------------------------------------------------------------- claim steps

def test_a_route_cards_step_draws_cards_for_a_route_into_its_city_L278():
    s = setup_with(steps=steps(ClaimStep(5, "route_cards", 2, cities=("Chicago",), label="Rail yard")))
    g = position(hands={0: {"green": 1}}, deck_top=["red", "yellow", "white"], setup=s)
    g.apply(f"claim {CHICAGO_GREEN} 1green")
    assert hand(g) == {"red": 1, "yellow": 1}
    g = position(hands={0: {"red": 1}}, deck_top=["red", "yellow"], setup=s)
    g.apply(f"claim {ALBANY_RED} 1red")  # not into Chicago: nothing
    assert hand(g) == {}


def test_a_step_matches_routes_up_to_its_longest_length():
    s = setup_with(steps=steps(ClaimStep(5, "route_bonus", 2, max_length=1, label="Short line")))
    g = position(hands={0: {"red": 1}}, setup=s)
    g.apply(f"claim {ALBANY_RED} 1red")
    assert g.money == [7, 5]
    g = position(hands={0: {"blue": 2}}, setup=setup_with(company_bonus=0, steps=s.steps))
    g.apply(f"claim {BLUE_PLAIN} 2blue")  # 2 spaces: too long
    assert g.money == [5, 5]


def test_a_step_naming_a_city_off_the_board_is_refused():
    s = setup_with(steps=steps(ClaimStep(5, "route_cards", 1, cities=("Denver",))))
    with pytest.raises(ContentError, match="claim step 5 \\(route_cards\\) names 'Denver', which is not a city"):
        ttr.new_game("legends-west", 2, seed=1, setup=s)


def test_a_lightning_event_can_give_cards_L278():
    ev = Event("gift", "Supply train (test)", "lightning", effect="gain_all", amount=2, gives="cards")
    s = setup_with(events=list(setup_with().events) + [ev])
    g = position(deck_top=[NEWS, "red", "blue", "white", "green", "yellow"], event_top=["gift"], setup=s)
    g.apply("draw deck")  # the newspaper: both seats take 2 cards from the top, then the draw goes on
    assert hand(g, 0) == {"red": 1, "blue": 1, "yellow": 1} and hand(g, 1) == {"white": 1, "green": 1}
    assert g.money == [5, 5]


@pytest.mark.parametrize("event, message", [
    ({"kind": "lightning", "effect": "gain_all", "amount": 0, "gives": "cards"}, "non-zero amount"),
    ({"kind": "lightning", "effect": "gain_all", "amount": 11, "gives": "cards"}, "gives 1 to 10 cards"),
    ({"kind": "persistent", "gives": "cards", "step": {"number": 5, "kind": "route_cards", "amount": 1}},
     "'gives' and 'remove' belong to a lightning event"),
])
def test_malformed_card_effects_are_refused(event, message):
    data = copy.deepcopy(DEMO.source)
    data["events"].append({"id": "bad", "name": "Bad", **event})
    with pytest.raises(ContentError, match=message):
        parse_pack(data)


def test_the_observation_tells_card_steps_and_gift_events():
    """`gifts` (the research tensor): route_cards steps in force, and a current event that gives
    cards or tickets; the fields of game 1's kinds are as before."""
    from ttr.formats.observation import Observer
    gift = Event("gift", "Supply train (test)", "lightning", effect="gain_all", amount=1, gives="cards")
    s = setup_with(steps=steps(ClaimStep(5, "route_cards", 1)), events=list(setup_with().events) + [gift])
    g = position(deck_top=[NEWS, "red", "blue", "white"], event_top=["gift"], setup=s)
    ob = Observer(g.rules)
    field = next(f for f in ob.fields if f.name == "gifts")
    before = ob.encode(g.observe(0))[field.start:field.stop]
    g.apply("draw deck")
    after = ob.encode(g.observe(0))[field.start:field.stop]
    assert list(before) == pytest.approx([1 / 3, 0, 0, 0]) and list(after) == pytest.approx([1 / 3, 0, 1, 0])


# ------------------------------------------------- events removed for good (337)

GRANT = Event("grant", "Land grant (test)", "lightning", effect="gain_drawer", amount=4, remove=True)


def test_an_event_that_removes_itself_is_replaced_at_once_L337():
    s = setup_with(events=list(setup_with().events) + [GRANT])
    g = position(deck_top=[NEWS, "red"], event_top=["grant", "demo-city-tolls"], setup=s)
    g.apply("draw deck")
    block = g.view(None, legal=False)["edition"]
    assert g.money == [9, 5]                                  # it acted
    assert block["event_gone"] == ["grant"]                   # then left the game for good
    assert block["event_discard"] == ["demo-city-tolls"]      # and the next event was revealed at once
    assert block["current_event"]["id"] == "demo-city-tolls"
    again = ttr.load_game(ttr.save_game(g), verify=False)     # the save keeps it
    assert again.view(None, legal=False)["edition"]["event_gone"] == ["grant"]
    d = ttr.save_game(g)
    d["edition"]["event_gone"] = ["demo-city-tolls"]
    d["edition"]["event_discard"] = ["grant"]
    with pytest.raises(ttr.SaveError, match="event_gone may hold only events that remove themselves"):
        ttr.load_game(d, verify=False)


def test_a_save_from_before_event_gone_still_loads():
    g = position()
    d = ttr.save_game(g)
    del d["edition"]["event_gone"]
    assert ttr.load_game(d, verify=False).view(None, legal=False)["edition"]["event_gone"] == []


def test_a_bot_plays_after_an_event_removed_itself():
    """The search bot's worlds deal the event deck without the events gone (determinize)."""
    s = setup_with(events=list(setup_with().events) + [GRANT])
    g = position(deck_top=[NEWS, "red", "blue", "white"], event_top=["grant"], setup=s)
    g.apply("draw deck")
    g.apply("draw deck")
    from ttr.agents import make_agent
    bot = make_agent("search", 1)
    assert bot.act(g.observe(g.current_player)) in g.legal_actions()


def test_an_event_removed_in_play_leaves_the_campaign_for_good_L337(tmp_path):
    from ttr.campaign import Campaign, bot_action, PLAYING, REMOVAL
    data = copy.deepcopy(DEMO.source)
    data["events"].append({"id": "grant", "name": "Land grant (test)", "kind": "lightning", "effect": "gain_drawer",
                           "amount": 4, "remove": True})
    data.update(name="gone-test", start_events=["grant"], story=[], boxes=[], between_games=[])
    c = Campaign.create(tmp_path / "c.db", [("Ann", "blue"), ("Bob", "red")], pack=parse_pack(data), seed=2,
                        durable=False)
    c.start_game()
    while c.phase == PLAYING:
        c.apply(bot_action(c, "random"))
    f = c.facts(1)
    assert f.gone == ("grant",)  # the only event: the first newspaper revealed it, and it went
    assert "grant" not in c.box.events and "grant" not in c.pending_removal()
    assert {"event": "grant", "game": 1, "by": "event", "player": None} in c.box.removed
    if c.phase == REMOVAL:
        c.auto_remove()
    c.close()
    c = Campaign.open(tmp_path / "c.db")
    assert "grant" not in c.box.events and c.status()["events"]["removed"][0]["by"] == "event"


def test_a_lightning_event_can_give_tickets_kept_and_secret_L278():
    ev = Event("mail", "Mail bag (test)", "lightning", effect="gain_drawer", amount=2, gives="tickets")
    s = setup_with(events=list(setup_with().events) + [ev])
    g = position(deck_top=[NEWS, "red"], event_top=["mail"], setup=s, tickets={0: [1], 1: [2]},
                 ticket_pile=[10, 11, 12, 13])
    g.apply("draw deck")
    assert sorted(g.tickets[0]) == [1, 12, 13] and g.tickets[1] == [2] and g.ticket_pile == [10, 11]
    entry = g.log[-1]  # the public log: what every seat sees
    words = " ".join(str(x) for x in entry.get("events", []))
    assert "12" not in words and "13" not in words  # the other seat learns how many, not which
    assert [e["event"] for e in entry["events"]].count("ticket") == 2
    assert g.view(1, legal=False)["players"][0]["tickets"] == 3


# ------------------------------------------------------------------ bots

def test_the_planner_claims_what_pays_once_its_plan_is_done():
    """With its tickets done and trains to spare, the planner claims the route the claim steps pay
    for (its company's colour: step 3) rather than drawing for a longer one; elsewhere it plays as
    before (routes pay nothing there)."""
    from ttr.agents.planner import PlannerAgent
    red_plain = route_between("Albany", "Montreal")  # 1 red: not seat 0's company (blue)
    g = position(hands={0: {"blue": 2, "red": 1}}, trains=[12, 12], tickets={0: [], 1: []}, ticket_pile=[])
    obs = g.observe(0)
    pay = PlannerAgent.claim_pay(obs)
    assert pay[BLUE_PLAIN] == g.setup.company_bonus and pay[red_plain] == 0
    act = PlannerAgent(1).act(obs)
    claimable = {r for routes, _ in (seg[1:] for seg in obs.legal.segments if seg[0] == "claim") for r in routes}
    assert act.kind == "claim" and pay[act.target] == max(pay[r] for r in claimable) > 0
    assert pay[act.target] == g.setup.company_bonus + 1  # Baltimore-Lewisburg: blue, and Baltimore is big
    assert PlannerAgent.claim_pay(ttr.new_game("usa", 2, seed=1).observe(0)) == {}
