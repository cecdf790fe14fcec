"""Marks on tickets and tickets held face up (rulebook 146, 210, 463, 465; ruling LW-P8): a pack
prints borders, texts and postcard numbers on tickets; where a rule says so, the tickets of a
border are held face up once kept, so every seat sees who holds them, and nothing else changes."""
from __future__ import annotations

import copy
import dataclasses
import json
import random

import pytest

import ttr
from legacy_helpers import position, setup_with
from ttr.agents.determinize import Worlds
from ttr.campaign import Campaign, CampaignError
from ttr.campaign.packcheck import check_pack_games
from ttr.editions.legacy import ContentError
from ttr.editions.legacy.content import TicketMark
from ttr.editions.legacy.pack import load_pack, parse_pack
from test_campaign_story import card, pack, play_until

RED = tuple(TicketMark(t, "red") for t in range(1, 34, 2))  # every odd ticket has a red border


def shown_setup(players: int = 2, borders=("red",)):
    s = setup_with(players)
    return dataclasses.replace(s, ticket_marks=RED + (TicketMark(2, "blue", "a text", 7),), public_borders=borders)


def test_a_kept_ticket_of_a_shown_border_is_held_face_up_465():
    g = ttr.new_game("legends-west", 2, seed=7, setup=shown_setup())  # offers 3, 4, 19, 26: two of each
    offer = sorted(g.offers[0])
    g.apply("keep " + " ".join(map(str, offer)))
    odd = [t for t in offer if t % 2]
    assert g.view(1)["edition"]["shown_tickets"] == [[0, t] for t in odd]
    assert g.view(None)["edition"]["shown_tickets"] == [[0, t] for t in odd]  # spectators too
    even = [t for t in offer if not t % 2]
    assert even and not set(even) & {t for _, t in g.view(1)["edition"]["shown_tickets"]}  # the others stay secret


def test_tickets_are_secret_without_a_rule_that_shows_them_465():
    g = ttr.new_game("legends-west", 2, seed=3, setup=shown_setup(borders=()))
    g.apply("keep " + " ".join(map(str, g.offers[0])))
    assert g.view(1)["edition"]["shown_tickets"] == []
    assert "edition.shown" not in g.layout().by_name  # the state of a game without the rule is as before


def test_a_ticket_given_by_an_event_is_shown_too():
    from ttr.editions.legacy.content import Event
    ev = Event("mail", "Mail bag (test)", "lightning", effect="gain_drawer", amount=1, gives="tickets")
    s = dataclasses.replace(shown_setup(), events=tuple(setup_with().events) + (ev,))
    g = position(deck_top=["newspaper", "red"], event_top=["mail"], setup=s, ticket_pile=[4, 3])
    g.apply("draw deck")  # the newspaper reveals the mail bag: the drawer takes ticket 3 (red border)
    assert 3 in g.tickets[0]
    assert g.view(1)["edition"]["shown_tickets"] == [[0, 3]]


def test_a_shown_ticket_survives_save_and_load():
    g = ttr.new_game("legends-west", 2, seed=3, setup=shown_setup())
    r = random.Random(1)
    while not g.is_over:
        g.apply(r.choice(g.legal_actions()))
    d = json.loads(json.dumps(ttr.save_game(g)))
    assert d["edition"]["shown"] == g.view(None)["edition"]["shown_tickets"] != []
    assert ttr.load_game(d).encode() == g.encode()
    bad = copy.deepcopy(d)
    bad["edition"]["shown"].append([0, 2])  # an even ticket: no rule shows it
    with pytest.raises(ttr.SaveError, match="edition.shown may hold only tickets a rule shows"):
        ttr.load_game(bad)


def test_the_search_bots_worlds_keep_what_is_face_up():
    g = ttr.new_game("legends-west", 2, seed=3, setup=shown_setup())
    r = random.Random(4)
    while not (any(x // 10_000 == 1 for x in g.shown) and g.current_player == 0 and g.phase == "turn"):
        g.apply(r.choice(g.legal_actions()))
        assert not g.is_over, "the game ended before seat 1 held a ticket face up"
    theirs = [x % 10_000 for x in g.shown if x // 10_000 == 1]
    worlds = Worlds(g.observe(0))
    rng = random.Random(0)
    for _ in range(20):
        w = worlds.game(rng)
        assert set(theirs) <= set(w.tickets[1])
        assert not set(theirs) & set(w.ticket_pile)


def test_every_bot_plays_with_tickets_face_up():
    from ttr.agents import make_agent
    from ttr.runtime import Match
    for name in ("planner", "search"):
        g = ttr.new_game("legends-west", 2, seed=5, setup=shown_setup())
        Match(g, [make_agent(name, seed=1), make_agent("random", seed=2)]).run(None)
        assert g.is_over


# ------------------------------------------------------------------ the pack and the campaign

def test_a_pack_marks_tickets_and_a_rule_shows_a_border_for_some_games(tmp_path):
    demo = load_pack("demo")
    assert {m.border for m in demo.ticket_marks} == {"red", "blue"}
    c = Campaign.create(tmp_path / "c.ttrc", [("Ann", "blue"), ("Bob", "red")], seed=5)
    play_until(c, 3, "setup")  # the demo's story shows red borders for games 3 and 4
    assert c.live_game().replay_options()["setup"].public_borders == ("red",)
    play_until(c, 5, "setup")
    assert c.live_game().replay_options()["setup"].public_borders == ()
    assert c.live_game().replay_options()["setup"].ticket_marks == demo.ticket_marks
    c.close()


@pytest.mark.parametrize("marks, message", [
    ([{"ticket": 1}], "needs a border, a text or a postcard number"),
    ([{"ticket": 1, "border": "red"}, {"ticket": 1, "border": "blue"}], r"ticket_marks: ticket\(s\) \[1\] marked twice"),
    ([{"ticket": 1, "border": "Red!"}], "border"),
])
def test_malformed_ticket_marks_are_refused(marks, message):
    with pytest.raises(ContentError, match=message):
        pack([], ticket_marks=marks)


def test_a_mark_on_a_ticket_off_every_board_is_refused():
    with pytest.raises(CampaignError, match="ticket_marks: no ticket 999 on the board or a frontier"):
        check_pack_games(pack([], ticket_marks=[{"ticket": 999, "border": "red"}]))


def test_public_tickets_may_last_some_games_only():
    p = pack([card("c1", {"public_tickets": ["red"], "for_games": 1})])
    check_pack_games(p)
    with pytest.raises(ContentError, match="'for_games' says how long"):
        pack([card("c1", {"note": "x", "for_games": 1})])
