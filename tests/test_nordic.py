"""Nordic Countries: rules N1-N6, the general rulings as Nordic applies them, and
the project rulings N-P2, N-P3 (docs/rules.md, Nordic section). N6: a payment is
legal when its cards can be assigned exactly to the route's spaces.

Positions are built from save dicts (see `position`); every payment test names
the route it uses. Payments are written as action text: kinds in the order
purple, blue, orange, white, green, yellow, black, red, locomotive.
"""
from __future__ import annotations

import io
import itertools
import random
import time
from collections import Counter
from functools import lru_cache

import pytest
from helpers import census
from rich.console import Console

import ttr
from ttr import Action, IllegalActionError
from ttr.cards import CARD_INDEX, CARD_NAMES, LOCO, cards_text
from ttr.editions.nordic import NORDIC, PaymentSet
from ttr.play import Context, completions, resolve
from ttr.play.session import Session

COLOURS = ("purple", "blue", "orange", "white", "green", "yellow", "black", "red")
FULL_DECK = Counter({**{c: 12 for c in COLOURS}, "locomotive": 14})
POINTS = {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15, 9: 27}  # N4
TRAINS = 40                                              # N1
MAP = ttr.load_map("nordic")
ROUTE = MAP.route_by_id


# ------------------------------------------------------------------ helpers

def position(hands, *, players=2, seed=1, routes=None, face_up=None, deck_top=(), tickets=None,
             current=0, final_turns=-1):
    """A 'turn' position: hands [{card: n}], routes {id: seat}, face_up (5 names),
    deck_top (the next cards drawn, in order); every other card is in the deck."""
    d = ttr.save_game(ttr.new_game("nordic", players, seed))
    used = Counter()
    for p, h in enumerate(hands):
        d["players"][p]["hand"] = {k: v for k, v in h.items() if v}
        used.update(h)
    if face_up is None:
        face_up = ["purple", "blue", "orange", "white", "black"]
    used.update(face_up)
    used.update(deck_top)
    rest = FULL_DECK - used
    assert not used - FULL_DECK, f"more cards than the deck has: {dict(used - FULL_DECK)}"
    d["deck"] = sorted(rest.elements()) + list(reversed(deck_top))  # the last card is the top
    d["discard"] = []
    d["face_up"] = list(face_up)
    routes = routes or {}
    d["routes"] = {str(r): s for r, s in routes.items()}
    for p in range(players):
        mine = [r for r, s in routes.items() if s == p]
        d["players"][p]["trains"] = TRAINS - sum(ROUTE[r].length for r in mine)
        d["players"][p]["score"] = sum(POINTS[ROUTE[r].length] for r in mine)
        offer = d["players"][p]["offer"]
        d["players"][p]["tickets"] = list(tickets[p]) if tickets else offer[:2]
        d["players"][p]["offer"] = []
    if tickets:
        held = {t for ts in tickets for t in ts}
        d["ticket_pile"] = [t for t in d["ticket_pile"] if t not in held]
    d["history"], d["history_seats"] = [], []
    d["phase"], d["current_player"], d["final_turns"] = "turn", current, final_turns
    return ttr.load_game(d, verify=False)


def claims(g, route):
    """The payments offered for `route`, as action text."""
    return {str(a).split(" ", 2)[2] for a in g.legal_actions() if a.kind == "claim" and a.target == route}


def refused(g, text):
    """`text` is illegal and leaves the state exactly as it was."""
    before = ttr.save_game(g)
    with pytest.raises(IllegalActionError):
        g.apply(text)
    assert ttr.save_game(g) == before
    return True


def pays(hand: dict, route: int):
    """NordicEdition.payments for a hand given by names and a map route."""
    h = [0] * 9
    for k, n in hand.items():
        h[CARD_INDEX[k]] = n
    r = ROUTE[route]
    key = (-1 if r.color == "gray" else CARD_INDEX[r.color], r.length, r.locomotives, r.tunnel, r.any_four)
    return NORDIC.payments(h, key)


def text(p):
    return "+".join(f"{n}{CARD_NAMES[k]}" for k, n in p)


# ------------------------------------------------------- N1: setup, players

def test_map_loads():
    assert (len(MAP.cities), len(MAP.routes), len(MAP.tickets)) == (39, 81, 46)
    assert [r.id for r in MAP.routes if r.any_four] == [53]
    assert ROUTE[53].length == 9 and ROUTE[53].color == "gray"
    assert ttr.get_edition("nordic") is NORDIC


def test_n1_two_or_three_players_only():
    for n in (2, 3):
        assert ttr.new_game("nordic", n).num_players == n
    for n in (1, 4, 5):
        with pytest.raises(ttr.TtrError, match="2-3 players"):
            ttr.new_game("nordic", players=n)


def test_n1_setup_trains_cards_display_tickets():
    g = ttr.new_game("nordic", 3, seed=4)
    d = ttr.save_game(g)
    assert [p["trains"] for p in d["players"]] == [40] * 3
    assert [sum(p["hand"].values()) for p in d["players"]] == [4] * 3
    assert len(d["face_up"]) == 5 and None not in d["face_up"]
    assert [len(p["offer"]) for p in d["players"]] == [5] * 3
    assert g.card_census() == 110 and g.rules.total_cards == 110
    keeps = [a.target for a in g.legal_actions()]
    assert min(map(len, keeps)) == 2 and max(map(len, keeps)) == 5  # keep >= 2 of 5
    assert len(keeps) == 10 + 10 + 5 + 1


def test_n1_unkept_initial_tickets_leave_the_game():
    g = ttr.new_game("nordic", 2, seed=9)
    offer = sorted(ttr.save_game(g)["players"][0]["offer"])
    pile = ttr.save_game(g)["ticket_pile"]
    g.apply("keep " + " ".join(map(str, offer[:2])))
    d = ttr.save_game(g)
    assert d["ticket_pile"] == pile
    gone = set(offer[2:])
    everywhere = set(d["ticket_pile"]) | {t for p in d["players"] for t in p["tickets"] + p["offer"]}
    assert not gone & everywhere


def test_n1_later_draw_three_keep_one_unkept_leave_the_game():
    g = position([{}, {}], players=2)
    pile = ttr.save_game(g)["ticket_pile"]
    g.apply("tickets")
    offer = sorted(ttr.save_game(g)["players"][0]["offer"])
    assert len(offer) == 3 and set(offer) == set(pile[-3:])
    assert min(len(a.target) for a in g.legal_actions()) == 1
    g.apply(f"keep {offer[1]}")
    d = ttr.save_game(g)
    assert d["ticket_pile"] == pile[:-3]  # the two unkept went to the box, not under the pile
    assert offer[1] in d["players"][0]["tickets"]
    everywhere = set(d["ticket_pile"]) | {t for p in d["players"] for t in p["tickets"]}
    assert offer[0] not in everywhere and offer[2] not in everywhere


def test_n4_route_points_include_5_and_9():
    rules = ttr.new_game("nordic", 2).rules
    for r in MAP.routes:
        assert rules.r_points[r.id] == POINTS[r.length]
    assert rules.r_points[53] == 27 and rules.r_points[6] == 10  # 9 -> 27, 5 -> 10


# ------------------------------------------------------- G2/G4: the display

def test_g2_no_face_up_reset_with_three_or_more_locomotives():
    g = position([{}, {}], face_up=["locomotive"] * 3 + ["red", "blue"], deck_top=["locomotive", "locomotive"])
    g.apply("draw red")
    assert ttr.save_game(g)["face_up"].count("locomotive") == 4
    g.apply("draw blue")
    assert ttr.save_game(g)["face_up"] == ["locomotive"] * 5  # five locomotives: still no reset


def test_g4_face_up_locomotive_draws_like_any_card():
    g = position([{}, {}], face_up=["locomotive", "locomotive", "red", "blue", "green"],
                 deck_top=["white", "yellow"])
    g.apply("draw locomotive")
    assert g.phase == "second-card" and g.current_player == 0
    assert "draw locomotive" in [str(a) for a in g.legal_actions()]  # may be the second card
    g.apply("draw locomotive")
    assert g.current_player == 1 and ttr.save_game(g)["players"][0]["hand"] == {"locomotive": 2}


# ------------------------------------------------------- G1/N5: double routes

@pytest.mark.parametrize("a,b", [(44, 45), (45, 44), (55, 56), (56, 55), (9, 10)])
def test_n5_double_routes_close_at_two_players(a, b):
    hand = {"green": 6, "orange": 6, "red": 6, "blue": 6, "locomotive": 4}
    g = position([hand, {}], players=2, routes={a: 1})
    assert not claims(g, b)
    assert g.rules.r_twins[a] == (b,)
    r = ROUTE[b]
    assert refused(g, f"claim {b} {r.length - r.locomotives}{r.color}" +
                   (f"+{r.locomotives}locomotive" if r.locomotives else ""))


@pytest.mark.parametrize("a,b", [(44, 45), (55, 56)])
def test_n5_double_routes_open_at_three_players_but_one_lane_each(a, b):
    hand = {"green": 6, "orange": 6, "red": 6, "locomotive": 4}
    fu = ["purple", "blue", "white", "black", "yellow"]
    g = position([hand, hand, {}], players=3, routes={a: 1}, face_up=fu)
    assert claims(g, b)  # seat 0 may take the other lane
    g = position([{}, hand, {}], players=3, routes={a: 1}, current=1, face_up=fu)
    assert not claims(g, b)  # seat 1 owns the first lane


def test_g6_last_round_starts_at_two_trains_or_fewer():
    # seat 0 holds 37 trains' worth of routes: 3 left; claiming a 1-route leaves 2
    routes = {6: 0, 56: 0, 40: 0, 29: 0, 54: 0, 22: 0}  # 5 + 6 + 5 + 4 + 4 + 1 = 25
    routes.update({9: 0, 12: 0, 15: 0})                 # + 4 + 3 + 3 = 35
    routes.update({43: 0, 70: 1})                        # + 2 = 37
    g = position([{"red": 1}, {}], routes=routes)
    assert g.trains[0] == 3
    g.apply("claim 79 1red")
    assert g.trains[0] == 2 and g.view(1)["last_round"]
    for seat in (1, 0):  # one more turn each, the trigger's included
        assert g.current_player == seat and not g.is_over
        g.apply("draw deck")
        g.apply("draw deck")
    assert g.is_over


# ------------------------------------------------------- N2: ordinary routes

def test_n2_ordinary_route_takes_its_colour_only():
    # route 12 Boden-Kiruna, 3 black; route 1 Ålborg-Århus, 1 purple
    g = position([{"black": 4, "purple": 1, "locomotive": 5}, {}])
    assert claims(g, 12) == {"3black"}
    assert claims(g, 1) == {"1purple"}
    g.apply("claim 12 3black")
    assert g.owner[12] == 0 and g.scores[0] == 4 and g.trains[0] == 37


def test_n2_refused_locomotive_as_wild_on_ordinary_route():
    g = position([{"black": 2, "purple": 0, "locomotive": 5}, {}])
    assert not claims(g, 12)
    assert refused(g, "claim 12 2black+1locomotive")
    assert refused(g, "claim 12 3locomotive")


def test_n2_ordinary_gray_route_takes_one_colour_no_locomotives():
    # route 18 Göteborg-Norrköping, 3 gray
    g = position([{"red": 3, "blue": 4, "green": 2, "locomotive": 6}, {}])
    assert claims(g, 18) == {"3blue", "3red"}
    assert refused(g, "claim 18 2green+1locomotive")
    assert refused(g, "claim 18 3locomotive")
    assert refused(g, "claim 18 1blue+2red")
    assert refused(g, "claim 18 4blue")  # N6: one card too many, nowhere to put it


# ------------------------------------------------------- N2: ferries

def test_n2_ferry_one_space_paid_by_a_locomotive():
    # route 3 Ålborg-Kristiansand: 2 red, 1 locomotive space
    g = position([{"red": 1, "locomotive": 1}, {}])
    assert claims(g, 3) == {"1red+1locomotive"}
    g.apply("claim 3 1red+1locomotive")
    assert g.owner[3] == 0 and g.scores[0] == 2 and g.trains[0] == 38
    assert Counter(ttr.save_game(g)["discard"]) == Counter({"red": 1, "locomotive": 1})


def test_n2_ferry_one_space_paid_by_any_three_cards():
    g = position([{"red": 1, "blue": 2, "green": 1}, {}])
    assert claims(g, 3) == {"2blue+1green+1red"}  # red on its space, blue+blue+green for the ferry
    g = position([{"red": 2, "blue": 2, "green": 1}, {}])
    assert claims(g, 3) == {"2blue+1green+1red", "2blue+2red", "1blue+1green+2red"}
    g.apply("claim 3 2blue+1green+1red")
    assert g.owner[3] == 0 and ttr.save_game(g)["players"][0]["hand"] == {"red": 1}


def test_n2_ferry_three_card_set_may_use_the_route_colour():
    g = position([{"red": 4}, {}])
    assert claims(g, 3) == {"4red"}  # one red on its space, three reds for the locomotive
    g.apply("claim 3 4red")
    assert g.owner[3] == 0


def test_n2_ferry_spare_locomotive_replaces_a_coloured_card():
    # route 3 (2 red, 1 locomotive space) with no red at all
    g = position([{"locomotive": 2, "blue": 3}, {}])
    # 2blue+2locomotive (N6): a locomotive on the red space, 2 blue + a locomotive as the set of 3
    assert claims(g, 3) == {"2locomotive", "3blue+1locomotive", "2blue+2locomotive"}
    g.apply("claim 3 3blue+1locomotive")  # the locomotive on the red space, 3 blue for the ferry space
    assert g.owner[3] == 0


def test_n2_ferry_two_spaces_paid_by_locomotives():
    # route 29 Honningsvåg-Tromsø: 4 purple, 2 locomotive spaces
    g = position([{"purple": 2, "locomotive": 2}, {}])
    assert claims(g, 29) == {"2purple+2locomotive"}
    g.apply("claim 29 2purple+2locomotive")
    assert g.owner[29] == 0 and g.scores[0] == 7 and g.trains[0] == 36


def test_n2_ferry_two_spaces_paid_by_two_three_card_sets():
    g = position([{"purple": 2, "blue": 3, "green": 3}, {}])
    assert claims(g, 29) == {"2purple+3blue+3green"}
    g.apply("claim 29 2purple+3blue+3green")
    assert g.owner[29] == 0 and ttr.save_game(g)["players"][0]["hand"] == {}


def test_n2_ferry_two_spaces_mixed_locomotive_and_set():
    g = position([{"purple": 2, "yellow": 3, "locomotive": 1}, {}])
    assert claims(g, 29) == {"2purple+3yellow+1locomotive"}
    g.apply("claim 29 2purple+3yellow+1locomotive")
    assert g.owner[29] == 0


def test_n2_n6_ferry_two_spaces_all_combinations_offered():
    g = position([{"purple": 3, "red": 3, "locomotive": 3}, {}])
    offered = [text(p) for p in pays({"purple": 3, "red": 3, "locomotive": 3}, 29)]
    assert offered == [
        # 4 cards: both locomotive spaces by a locomotive; the purple spaces by purple or locomotives
        "2purple+2locomotive", "1purple+3locomotive",
        # 6 cards: one locomotive space by a locomotive, one by a set of 3 (any kinds)
        "2purple+3red+1locomotive",
        "3purple+2red+1locomotive",     # the set may hold the route colour
        "1purple+3red+2locomotive",     # a spare locomotive on a purple space
        "2purple+2red+2locomotive",     # N6: a locomotive inside the set
        "3purple+1red+2locomotive", "3red+3locomotive", "1purple+2red+3locomotive",
        "2purple+1red+3locomotive", "3purple+3locomotive",
        # 8 cards: both locomotive spaces by sets of 3
        "3purple+3red+2locomotive", "2purple+3red+3locomotive", "3purple+2red+3locomotive",
    ]  # fewest cards first, then fewest locomotives
    assert claims(g, 29) == set(offered)


def test_n2_tunnel_and_ordinary_route_of_one_colour_and_length_pay_differently():
    # route 7 (2 yellow tunnel) vs routes 31 and 62 (2 yellow, ordinary)
    g = position([{"yellow": 1, "locomotive": 1}, {}])
    assert claims(g, 7) == {"1yellow+1locomotive"}
    assert not claims(g, 31) and not claims(g, 62)


def test_n2_ferry_gray_route_any_one_colour():
    # route 2 Ålborg-Göteborg: 2 gray, 1 locomotive space (the brief's `claim 2 1blue+3red`)
    g = position([{"blue": 1, "red": 3, "locomotive": 1}, {}])
    assert claims(g, 2) == {"1blue+3red", "1blue+1locomotive", "1red+1locomotive",
                            "3red+1locomotive", "1blue+2red+1locomotive"}  # N6: the locomotive in the set
    g.apply("claim 2 1blue+3red")
    assert g.owner[2] == 0 and ttr.save_game(g)["players"][0]["hand"] == {"locomotive": 1}


def test_n2_ferry_gray_no_coloured_space():
    # route 5 Århus-København: 1 gray space that is a locomotive space
    g = position([{"blue": 1, "red": 1, "green": 1, "locomotive": 3}, {}])
    # one locomotive, or any 3 cards: locomotives included (N6)
    assert claims(g, 5) == {"1locomotive", "1blue+1green+1red", "1green+1red+1locomotive", "1blue+1red+1locomotive",
                            "1blue+1green+1locomotive", "1red+2locomotive", "1green+2locomotive",
                            "1blue+2locomotive", "3locomotive"}
    assert refused(g, "claim 5 2locomotive")  # N6: neither one locomotive nor a set of 3
    assert refused(g, "claim 5 1blue+1red")
    g.apply("claim 5 1blue+1green+1red")
    assert g.owner[5] == 0


def test_n2_refused_ferry_without_enough_locomotives_or_sets():
    g = position([{"red": 2, "blue": 2, "purple": 2, "locomotive": 1}, {}])
    assert refused(g, "claim 3 2red")              # the locomotive space is unpaid
    assert refused(g, "claim 3 2blue+1red")         # 2 cards are not a set of 3
    assert refused(g, "claim 29 2purple+1locomotive")
    g = position([{"purple": 2, "blue": 3, "red": 2, "locomotive": 1}, {}])
    assert refused(g, "claim 29 2purple+2red+1locomotive")   # set of 2
    assert refused(g, "claim 29 3blue+2purple+2red")         # 5 cards for two sets


def test_n6_ferry_locomotive_inside_a_three_card_set():
    # route 3 (1 red space, 1 locomotive space): red on its space, blue+blue+locomotive as the set of 3.
    # Refused under the old minimal-payment ruling (1 red + 1 locomotive is a subset that pays); legal by N6.
    g = position([{"red": 5, "blue": 3, "locomotive": 4}, {}])
    assert "2blue+1red+1locomotive" in claims(g, 3)
    g.apply("claim 3 2blue+1red+1locomotive")
    assert g.owner[3] == 0 and g.scores[0] == 2 and g.trains[0] == 38
    assert ttr.save_game(g)["players"][0]["hand"] == {"red": 4, "blue": 1, "locomotive": 3}
    assert Counter(ttr.save_game(g)["discard"]) == Counter({"blue": 2, "red": 1, "locomotive": 1})


@pytest.mark.parametrize("payment", ["3red+1locomotive", "4locomotive", "2red+2locomotive", "1blue+1red+2locomotive"])
def test_n6_ferry_payments_refused_before_now_legal(payment):
    # each fills route 3 exactly: one card on the red space (red or a locomotive), three in the set
    g = position([{"red": 5, "blue": 3, "locomotive": 4}, {}])
    g.apply(f"claim 3 {payment}")
    assert g.owner[3] == 0


def test_n6_refused_ferry_payments_that_cannot_be_assigned_exactly():
    g = position([{"red": 5, "blue": 3, "locomotive": 4}, {}])
    assert refused(g, "claim 3 1red+2locomotive")            # 3 cards: a card too many, or a set short
    assert refused(g, "claim 3 1blue+1red+1locomotive")
    assert refused(g, "claim 3 5red")                        # 4 reds pay; the fifth has no space
    assert refused(g, "claim 3 3blue+1red+1locomotive")
    assert refused(g, "claim 3 3locomotive")                 # 2 pay; 4 (1 + a set of 3) pay; 3 do not
    assert claims(g, 3) == {"1red+1locomotive", "2locomotive", "4red", "1blue+3red", "2blue+2red", "3blue+1red",
                            "3red+1locomotive", "1blue+2red+1locomotive", "2blue+1red+1locomotive",
                            "3blue+1locomotive", "2red+2locomotive", "1blue+1red+2locomotive", "2blue+2locomotive",
                            "1red+3locomotive", "1blue+3locomotive", "4locomotive"}
    g = position([{"blue": 4, "green": 2}, {}])
    assert not claims(g, 3)
    assert refused(g, "claim 3 4blue")                       # nothing (red or locomotive) for the red space


# ------------------------------------------------------- N2/E2: tunnels

def test_n2_tunnel_locomotives_wild_and_extra_cards():
    # route 7 Åndalsnes-Lillehammer: 2 yellow tunnel
    g = position([{"yellow": 3, "locomotive": 2}, {}], deck_top=["yellow", "locomotive", "red"])
    assert claims(g, 7) == {"2yellow", "1yellow+1locomotive", "2locomotive"}
    g.apply("claim 7 1yellow+1locomotive")
    assert g.phase == "tunnel" and g.tunnel[3] == 2  # a yellow and a locomotive were revealed
    assert {str(a) for a in g.legal_actions()} == {"pay 2yellow", "pay 1yellow+1locomotive", "decline"}
    assert refused(g, "pay 1red+1yellow")
    g.apply("pay 2yellow")
    d = ttr.save_game(g)
    assert g.owner[7] == 0 and g.scores[0] == 2 and g.trains[0] == 38
    assert d["players"][0]["hand"] == {"locomotive": 1}
    assert Counter(d["discard"]) == Counter({"yellow": 4, "locomotive": 2, "red": 1})


def test_n2_tunnel_paid_with_locomotives_only_counts_locomotives():
    g = position([{"yellow": 2, "locomotive": 4}, {}], deck_top=["yellow", "yellow", "locomotive"])
    g.apply("claim 7 2locomotive")
    assert g.tunnel[3] == 1
    assert {str(a) for a in g.legal_actions()} == {"pay 1locomotive", "decline"}
    g.apply("pay 1locomotive")
    assert g.owner[7] == 0


def test_n2_tunnel_declined_returns_the_cards():
    g = position([{"yellow": 2}, {}], deck_top=["yellow", "green", "blue"])
    g.apply("claim 7 2yellow")
    assert {str(a) for a in g.legal_actions()} == {"decline"}  # no yellow left to pay the extra
    g.apply("decline")
    d = ttr.save_game(g)
    assert g.owner[7] == -1 and d["players"][0]["hand"] == {"yellow": 2} and g.current_player == 1


# ------------------------------------------------------- N3: Murmansk-Lieksa

def test_n3_murmansk_lieksa_nine_of_one_colour():
    g = position([{"green": 9}, {}])
    assert claims(g, 53) == {"9green"}
    g.apply("claim 53 9green")
    assert g.owner[53] == 0 and g.scores[0] == 27 and g.trains[0] == 31


def test_n3_murmansk_lieksa_seven_green_and_eight_others():
    hand = {"green": 7, "blue": 4, "red": 4}
    g = position([hand, {}])
    assert "4blue+7green+4red" in claims(g, 53)
    g.apply("claim 53 4blue+7green+4red")  # 7 green + 2 sets of 4 = 9 spaces
    assert g.owner[53] == 0 and ttr.save_game(g)["players"][0]["hand"] == {}


def test_n3_murmansk_lieksa_locomotives_count_in_sets_of_four():
    g = position([{"green": 8, "locomotive": 4}, {}])
    assert claims(g, 53) == {"8green+4locomotive"}  # not 4green+8locomotive: 12 cards need 8 of one colour
    g.apply("claim 53 8green+4locomotive")
    assert g.owner[53] == 0


def test_n3_a_payment_and_an_action_find_their_place_without_listing_every_payment():
    """Murmansk-Lieksa for a big hand has millions of payments: their places are ranked, not
    searched (the search bot once spent a minute listing them), and match the listed order."""
    small = pays({"green": 8, "blue": 6, "red": 5, "locomotive": 3}, 53)
    listed = list(small)
    assert [small.index(p) for p in listed] == list(range(len(listed))) and len(listed) > 50
    big = pays({c: 6 for c in ("purple", "blue", "orange", "white", "green", "yellow", "black", "red")}
               | {"locomotive": 4}, 53)
    assert isinstance(big, PaymentSet) and len(big) > 1_000_000
    r = random.Random(3)
    for i in [0, len(big) - 1] + [r.randrange(len(big)) for _ in range(50)]:
        assert big.index(big[i]) == i
    with pytest.raises(ValueError):
        big.index(((CARD_INDEX["green"], 1),))
    g = position([{"green": 9, "blue": 8, "red": 8, "locomotive": 4}, {}])
    legal = g.legal_actions()
    for i in [r.randrange(len(legal)) for _ in range(50)]:
        assert legal.index(legal[i]) == i
    with pytest.raises(ValueError):
        legal.index(Action("claim", 53, ((CARD_INDEX["green"], 1),)))


def test_n3_refused_single_locomotive_as_wild_on_murmansk_lieksa():
    g = position([{"green": 8, "locomotive": 1}, {}])
    assert not claims(g, 53)
    assert refused(g, "claim 53 8green+1locomotive")
    g = position([{"green": 8, "locomotive": 3, "red": 1}, {}])
    assert claims(g, 53) == {"8green+1red+3locomotive"}
    assert refused(g, "claim 53 8green+1locomotive")


def test_n6_murmansk_lieksa_rulebook_example_seven_green_eight_red():
    # the rulebook: 7 green + any 8 other cards. 8 red + 4 green (a subset) would also pay;
    # N6 does not ask for the smallest payment: 7 green on 7 spaces, 8 red as two sets of 4.
    g = position([{"green": 7, "red": 8}, {}])
    assert claims(g, 53) == {"7green+8red", "4green+8red"}
    g.apply("claim 53 7green+8red")
    d = ttr.save_game(g)
    assert g.owner[53] == 0 and g.scores[0] == 27 and g.trains[0] == 31
    assert d["players"][0]["hand"] == {} and Counter(d["discard"]) == Counter({"green": 7, "red": 8})


@pytest.mark.parametrize("others", ["4blue+4locomotive", "2purple+2blue+2red+2locomotive", "8locomotive"])
def test_n6_murmansk_lieksa_seven_green_and_any_eight_others(others):
    hand = Counter({"green": 7})
    for part in others.split("+"):
        n, kind = int(part[0]), part[1:]
        hand[kind] += n
    g = position([dict(hand), {}])
    payment = text(tuple(sorted((CARD_INDEX[k], n) for k, n in hand.items())))
    g.apply(f"claim 53 {payment}")
    assert g.owner[53] == 0 and ttr.save_game(g)["players"][0]["hand"] == {}


@pytest.mark.parametrize("payment", ["12green", "10green+2red", "9green+3red", "4blue+9green+2red",
                                     "5blue+10green", "3blue+9green+4red+2locomotive"])
def test_n6_murmansk_lieksa_refused_before_now_legal(payment):
    # every one fills the route exactly: a cards of green on a spaces, the rest in sets of 4
    g = position([{"green": 12, "blue": 5, "red": 4, "locomotive": 2}, {}])
    g.apply(f"claim 53 {payment}")
    assert g.owner[53] == 0


def test_n6_murmansk_lieksa_refused_unless_exact():
    # a payment of Murmansk-Lieksa holds 36 - 3a cards (a spaces by one card, 9 - a by 4 cards) and
    # at least a cards of one colour; one card more than a legal payment never fits
    g = position([{"green": 10, "blue": 5, "red": 4, "locomotive": 2}, {}])
    assert refused(g, "claim 53 10green")                     # 10 cards: not 36 - 3a
    assert refused(g, "claim 53 9green+1red")
    assert refused(g, "claim 53 8green+5red")                 # 13 cards: 8green+4red pays, the 13th does not fit
    assert refused(g, "claim 53 5blue+7green+4red")           # 16 cards
    assert refused(g, "claim 53 4blue+6green+4red+2locomotive")  # 16 cards
    assert "4blue+7green+4red" in claims(g, 53) and "8green+4red" in claims(g, 53)
    g = position([{"green": 5, "blue": 5, "red": 4, "locomotive": 4}, {}])
    assert not claims(g, 53)  # 18 cards = 36 - 3 * 6, but no colour 6 times; 15 cards need 7 of one colour
    assert refused(g, "claim 53 5blue+5green+4red+4locomotive")


def test_n_p3_nine_locomotives_do_not_pay_murmansk_lieksa():
    # the chosen colour is one of the 8 colours: 9 cards need 9 of one colour, 12 cards 8 of one
    g = position([{"locomotive": 12, "red": 3}, {}])
    assert not claims(g, 53)
    assert refused(g, "claim 53 9locomotive")
    assert refused(g, "claim 53 12locomotive")
    assert refused(g, "claim 53 3red+12locomotive")


def test_n3_n6_murmansk_lieksa_all_payments_of_a_hand():
    hand = {"green": 8, "blue": 4, "red": 4, "locomotive": 2}
    got = [text(p) for p in pays(hand, 53)]
    assert set(got) == brute_force(hand, 53)
    # 12 cards, 8 green + any 4 others (blue b, red r, locomotive l; b + r + l = 4): 12 ways;
    # 15 cards, at least 7 green: 7 green + 8 others, 6 ways; 8 green + 7 others, 9 ways;
    # 18 cards (at least 6 green): the whole hand
    assert len(got) == 12 + 6 + 9 + 1
    assert got[:5] == ["8green+4red", "1blue+8green+3red", "2blue+8green+2red", "3blue+8green+1red", "4blue+8green"]
    assert got[-1] == "4blue+8green+4red+2locomotive"
    assert "8green+2red+2locomotive" in got and "4blue+7green+4red" in got and "3blue+8green+4red" in got


# ------------------------------------------------------- N6: brute force

def _sets(counts, size):
    """Every way to take `size` cards of any kinds out of counts, as the counts left."""
    kinds = [k for k in range(9) if counts[k]]
    seen = set()
    for combo in itertools.combinations_with_replacement(kinds, size):
        c = list(counts)
        for k in combo:
            c[k] -= 1
        if min(c) >= 0 and tuple(c) not in seen:
            seen.add(tuple(c))
            yield tuple(c)


@lru_cache(maxsize=None)
def _assign(counts: tuple, spaces: str, c: int, exact: bool) -> bool:
    """Independent search: give the spaces their cards one space at a time ('x' ordinary:
    colour c; 'c' coloured: colour c or a locomotive; 'f' ferry: a locomotive or any 3
    cards; 'a' Murmansk: colour c or any 4 cards). exact (N6): no card may be left over."""
    if not spaces:
        return not exact or not any(counts)
    s, rest = spaces[0], spaces[1:]
    for k in ([c] if s in "xca" else []) + ([LOCO] if s in "cf" else []):
        if counts[k]:
            x = list(counts)
            x[k] -= 1
            if _assign(tuple(x), rest, c, exact):
                return True
    if s in "fa":
        for x in _sets(counts, 3 if s == "f" else 4):
            if _assign(x, rest, c, exact):
                return True
    return False


def _spaces(r) -> str:
    if r.any_four:
        return "a" * r.length
    if r.tunnel:  # locomotives wild: every space is a coloured space
        return "c" * r.length
    return "c" * (r.length - r.locomotives) + "f" * r.locomotives if r.locomotives else "x" * r.length


def assignable(P, route, exact=True):
    """N6: the cards P can be given to the route's spaces, every card used (exact) or
    cards left over allowed (not exact); the colour is the route's, or any one of 8 if gray."""
    r = ROUTE[route] if isinstance(route, int) else route
    colours = range(8) if r.color == "gray" else [CARD_INDEX[r.color]]
    return any(_assign(tuple(P), _spaces(r), c, exact) for c in colours)


def _sub_multisets(hand: dict):
    h = [0] * 9
    for k, n in hand.items():
        h[CARD_INDEX[k]] = n
    for P in itertools.product(*(range(x + 1) for x in h)):
        if sum(P):
            yield P


def brute_force(hand: dict, route) -> set[str]:
    """Every non-empty sub-multiset of the hand whose cards can be assigned exactly to
    the route's spaces (N6), as action text."""
    return {"+".join(f"{n}{CARD_NAMES[k]}" for k, n in enumerate(P) if n)
            for P in _sub_multisets(hand) if assignable(P, route)}


class _R:  # a route-like record for keys the map does not have
    def __init__(self, color, length, locomotives=0, tunnel=False, any_four=False):
        self.color, self.length, self.locomotives, self.tunnel, self.any_four = color, length, locomotives, tunnel, any_four


SPECIAL = sorted({(r.color, r.length, r.locomotives, r.tunnel, r.any_four) for r in MAP.routes
                  if r.locomotives or r.tunnel} | {("gray", 2, 0, False, True), ("gray", 3, 0, False, True),
                                                   ("green", 3, 0, False, True), ("gray", 2, 2, False, False)})


def _key(route):
    return (-1 if route.color == "gray" else CARD_INDEX[route.color], route.length, route.locomotives,
            route.tunnel, route.any_four)


def _random_hands(spec, count=25):
    rng = random.Random(str(spec))
    for _ in range(count):
        kinds = rng.sample(range(8), rng.randint(1, 3)) + [LOCO]
        h = [0] * 9
        for _ in range(rng.randint(0, 10 if spec[1] <= 4 else 8)):
            h[rng.choice(kinds)] += 1
        yield h


def _size_and_locos(p):
    return sum(n for _, n in p), dict(p).get(LOCO, 0)


@pytest.mark.parametrize("spec", SPECIAL, ids=lambda s: "-".join(map(str, s)))
def test_n6_payments_equal_exact_assignment_brute_force(spec):
    """Every ferry/tunnel key of the map and small any-four routes, random hands: the
    payments are exactly the multisets that can be assigned to the spaces with no card
    left over, each once; len, indexing, iteration and membership agree; fewest cards
    first, then fewest locomotives; the claim_reach bound is never below a payable length."""
    route = _R(*spec)
    for h in _random_hands(spec):
        hand = {CARD_NAMES[k]: n for k, n in enumerate(h) if n}
        ps = NORDIC.payments(list(h), _key(route))
        listed = [text(p) for p in ps]
        assert len(listed) == len(set(listed)) == len(ps), "a multiset is listed twice"
        assert set(listed) == brute_force(hand, route), (spec, hand)
        assert [text(ps[i]) for i in range(len(ps))] == listed
        assert [text(ps[i - len(ps)]) for i in range(len(ps))] == listed
        assert [_size_and_locos(p) for p in ps] == sorted(_size_and_locos(p) for p in ps)
        for P in itertools.product(*(range(x + 1) for x in h)):
            p = tuple((k, n) for k, n in enumerate(P) if n)
            if p:
                assert (p in ps) == (text(p) in listed)
        if ps:
            reach = NORDIC.claim_reach(h)
            assert route.length <= reach[NORDIC.reach_index(_key(route))]


@pytest.mark.parametrize("spec", [s for s in SPECIAL if s[2] or s[4]], ids=lambda s: "-".join(map(str, s)))
def test_n6_families_are_disjoint_bounded_multisets(spec):
    """The PaymentSet's families (base, kinds, caps, low, t, n) say what they hold: n
    members, each base + t cards of kinds within caps and above low in some kind; the
    families split by size and then by locomotives, in that order."""
    route = _R(*spec)
    for h in _random_hands(spec, 10):
        ps = NORDIC.payments(list(h), _key(route))
        if not isinstance(ps, PaymentSet):
            continue
        order = []
        for base, kinds, caps, low, t, n in ps.families:
            members = list(itertools.product(*(range(c + 1) for c in caps))) if t else [()]
            members = [m for m in members if sum(m) == t and (low is None or any(v > w for v, w in zip(m, low)))]
            assert len(members) == n > 0
            assert len(base) == 9 and LOCO not in kinds and sum(base) == base[LOCO]
            order.append((sum(base) + t, base[LOCO]))
        assert order == sorted(set(order)), "families out of order or overlapping"


def test_n6_murmansk_lieksa_brute_force_full_length():
    for hand in ({"green": 7, "blue": 3, "red": 5, "locomotive": 4}, {"green": 6, "red": 6, "locomotive": 6},
                 {"green": 9, "red": 6, "locomotive": 3}, {"green": 7, "red": 8}):
        ps = pays(hand, 53)
        assert {text(p) for p in ps} == brute_force(hand, 53)
        assert [_size_and_locos(p) for p in ps] == sorted(_size_and_locos(p) for p in ps)


@pytest.mark.parametrize("route", [3, 2, 5, 29, 23, 7])
def test_n6_keeps_every_payment_of_the_old_minimal_ruling(route):
    """N6 only adds payments: a payment from which no card could be removed while it
    still pays (the old ruling N-P1) uses every card, so it is exact; and every N6
    payment pays. (So the cheapest payment is the same under both.)"""
    rng = random.Random(route)
    for _ in range(6):
        hand = Counter(rng.choice(["red", "blue", "purple", "locomotive"]) for _ in range(rng.randint(3, 8)))
        legal = brute_force(hand, route)
        for P in _sub_multisets(hand):
            t = "+".join(f"{n}{CARD_NAMES[k]}" for k, n in enumerate(P) if n)
            pays_ = assignable(P, route, exact=False)
            minimal = pays_ and not any(assignable(P[:k] + (P[k] - 1,) + P[k + 1:], route, exact=False)
                                        for k in range(9) if P[k])
            if minimal:
                assert t in legal, (route, t)
            if t in legal:
                assert pays_


def test_claim_reach_assumes_at_most_two_ferry_spaces():
    assert max(r.locomotives for r in MAP.routes) == NORDIC.max_ferry_spaces == 2


def test_claim_reach_never_below_a_payable_route():
    rng = random.Random(5)
    keys = {(-1 if r.color == "gray" else CARD_INDEX[r.color], r.length, r.locomotives, r.tunnel, r.any_four)
            for r in MAP.routes}
    for _ in range(400):
        h = [0] * 9
        for _ in range(rng.randint(0, 40)):
            h[rng.randrange(9)] += 1
        reach = NORDIC.claim_reach(h)
        for key in keys:
            if NORDIC.payments(h, key):
                assert key[1] <= reach[NORDIC.reach_index(key)], (h, key, reach)


def test_n6_payment_set_is_a_sequence():
    ps = pays({"purple": 3, "red": 4, "blue": 3, "locomotive": 3}, 29)
    assert isinstance(ps, PaymentSet)
    listed = list(ps)
    assert len(listed) == len(ps) == len(set(listed))
    assert [ps[i] for i in range(len(ps))] == listed
    assert ps[-1] == listed[-1] and ps[1:3] == listed[1:3] and ps[::7] == listed[::7]
    with pytest.raises(IndexError):
        ps[len(ps)]
    assert ps == tuple(listed) and bool(ps)
    assert all(p in ps for p in listed)
    assert ps[0] == ((0, 2), (8, 2))         # the default: fewest cards, then fewest locomotives
    assert ((0, 2), (8, 2)) in ps
    assert ((0, 2), (1, 2), (8, 2)) in ps     # N6: 2 blue + a locomotive as a set, a locomotive on its space
    assert ((0, 2), (1, 1), (8, 2)) not in ps  # 5 cards: not 4 + ... of the right size
    assert ((8, 2), (0, 2)) not in ps      # not canonical
    assert ((0, 2), (8, 0)) not in ps
    assert "2purple+2locomotive" not in ps


def test_payment_set_cheapest_is_a_least_weight_payment():
    """PaymentSet.cheapest (the bots' pick) finds a payment of least weight without listing."""
    rng = random.Random(7)
    for spec in [s for s in SPECIAL if s[2] or s[4]] + [("gray", 9, 0, False, True)]:
        route = _R(*spec)
        for h in _random_hands(spec, 8):
            if spec[1] == 9:
                h = [rng.randint(0, 6) for _ in range(9)]
            ps = NORDIC.payments(list(h), _key(route))
            if not isinstance(ps, PaymentSet):
                continue
            w = [rng.choice([1.0, 1.4, 2.5]) for _ in range(9)]
            best = ps.cheapest(w)
            assert best in ps
            cost = lambda p: sum(w[k] * n for k, n in p)  # noqa: E731
            assert cost(best) == pytest.approx(min(cost(p) for p in ps))


# ------------------------------------------------------- big hands stay fast

def test_n6_big_hands_many_payments_fast():
    hand = {"purple": 6, "blue": 6, "orange": 5, "white": 5, "green": 7, "yellow": 4, "red": 6, "locomotive": 8}
    t = time.perf_counter()
    ps = pays(hand, 53)
    n = len(ps)
    assert n > 1_000_000
    rng = random.Random(1)
    for _ in range(200):
        p = ps[rng.randrange(n)]
        c = [0] * 9
        for k, v in p:
            c[k] = v
        a = (36 - sum(c)) // 3
        assert sum(c) == 36 - 3 * a and 0 <= a <= max(c[:8])  # N6 for Murmansk-Lieksa
        assert p in ps
    assert ps[0] == ((4, 7), (5, 2), (7, 6))  # 15 cards: 7 green on 7 spaces, 2 sets of 4
    assert time.perf_counter() - t < 2.0
    g = position([hand, {}])
    t = time.perf_counter()
    legal = g.legal_actions()
    assert len(legal) > n
    g.apply(str(legal[len(legal) - 1]))
    assert time.perf_counter() - t < 1.0


# ------------------------------------------------------- N6 at the terminal prompt

def _prompt(g, lines):
    """A human session on seat 0 typing `lines`; (session, printed text)."""
    out = Console(file=io.StringIO(), width=140, color_system=None, highlight=False)
    typed = iter(lines)
    return Session(g, 0, {}, ["you", "bot"], out, lambda prompt: next(typed)), out


def test_n6_prompt_offers_a_ferry_cheapest_first_and_lists_a_dozen():
    hand = {"red": 5, "blue": 3, "locomotive": 4}
    g = position([hand, {}])
    ctx = Context.of(g.observe(0))
    res = resolve("c 3", ctx)
    assert res.kind == "choose" and len(res.options) == 16
    assert {str(a) for a in res.options} == {f"claim 3 {p}" for p in claims(g, 3)}
    shown = [cards_text(a.cards) for a in res.options]
    assert shown[:5] == ["1blue+3red", "2blue+2red", "3blue+1red", "4red", "1red+1locomotive"]  # fewest locomotives
    session, out = _prompt(g, ["c 3", "5"])
    session.match.step()
    log = out.file.getvalue()
    assert "can be paid in 16 ways" in log and "12) " in log and "13) " not in log
    assert "… and 4 more: type a number up to 16, or the cards, e.g. c 3 " in log
    assert g.view(None)["routes"]["3"] == 0
    assert ttr.save_game(g)["players"][0]["hand"] == {"red": 4, "blue": 3, "locomotive": 3}


def test_n6_prompt_murmansk_lieksa_with_a_big_hand_stays_lazy_and_readable():
    hand = {"purple": 6, "blue": 6, "orange": 5, "white": 5, "green": 7, "yellow": 4, "red": 6, "locomotive": 8}
    g = position([hand, {}])
    t = time.perf_counter()
    ctx = Context.of(g.observe(0))
    opts = ctx.claims[53]
    assert len(opts) == len(pays(hand, 53)) > 1_000_000
    assert str(opts[0]) == "claim 53 7green+2yellow+6red"  # the engine's default: fewest cards, fewest locomotives
    assert time.perf_counter() - t < 1.0
    n, cands = completions(ctx, "c 53 ")
    assert len(cands) == 50 and cands[0] == ("1", "7green+2yellow+6red")
    session, out = _prompt(g, ["c 53", "", "c 53 1blue+7green+4red+3locomotive"])
    session.match.step()
    log = out.file.getvalue()
    assert log.count("claim 53 ") == 12
    assert f"… and {len(opts) - 12} more: type a number up to {len(opts)}, or the cards, e.g. c 53 " in log
    v = g.view(None)
    assert v["routes"]["53"] == 0 and v["players"][0]["score"] == 27


# ------------------------------------------------------- N4: scoring

def test_n4_no_longest_path_bonus_and_globetrotter_to_the_most_tickets():
    # seat 0: Oslo-Stavanger (29) via 43+44 and Oslo-Stockholm (30) via 61+66: 2 done
    # seat 1: Oslo-København (27) via 20+17 done, Tampere-Tallinn (43) not: 1 done
    g = position([{}, {}], routes={43: 0, 44: 0, 61: 0, 66: 0, 20: 1, 17: 1}, tickets=[[29, 30], [27, 43]])
    r = g.result()["players"]
    assert r[0]["bonuses"] == {"globetrotter": 10} and r[1]["bonuses"] == {}
    assert r[0]["total"] == 8 + 8 + 10 and r[1]["total"] == 4 + 4 - 3
    assert all("longest_path" not in p["bonuses"] for p in r)


def test_n4_globetrotter_shared_by_every_tied_player():
    g = position([{}, {}, {}], players=3, routes={43: 0, 44: 0, 20: 1, 17: 1},
                 tickets=[[29], [27], [43]])
    r = g.result()["players"]
    assert [p["bonuses"] for p in r] == [{"globetrotter": 10}, {"globetrotter": 10}, {}]


def test_n_p2_globetrotter_when_nobody_completes_a_ticket():
    g = position([{}, {}], tickets=[[29], [27]])
    r = g.result()["players"]
    assert [p["bonuses"] for p in r] == [{"globetrotter": 10}] * 2


def test_n4_tie_broken_by_most_completed_tickets():
    # seat 0: 2 tickets (8) + routes 8 + globetrotter 10 = 26
    # seat 1: 1 ticket (4) + routes 20, 17 (2 + 2), 40 (10), 12 (4), 21 (4) = 26, no globetrotter
    g = position([{}, {}], routes={43: 0, 44: 0, 61: 0, 66: 0, 20: 1, 17: 1, 40: 1, 12: 1, 21: 1},
                 tickets=[[29, 30], [27]])
    res = g.result()
    r = res["players"]
    assert r[0]["total"] == r[1]["total"] == 26
    assert len(r[0]["tickets_completed"]) == 2 and len(r[1]["tickets_completed"]) == 1
    assert res["winners"] == [0] and r[1]["rank"] == 2


def test_n4_tie_then_broken_by_longest_path():
    # seat 0: ticket 29 via 43+44: 4 + 4 + 10 = 18, longest 4
    # seat 1: ticket 43 via 26+25, plus 27 and 79 (a loop): 3 + 5 + 10 = 18, longest 5
    g = position([{}, {}], routes={43: 0, 44: 0, 26: 1, 25: 1, 27: 1, 79: 1}, tickets=[[29], [43]])
    res = g.result()
    r = res["players"]
    assert r[0]["total"] == r[1]["total"] == 18
    assert (r[0]["longest_path"], r[1]["longest_path"]) == (4, 5)
    assert res["winners"] == [1]


def test_n4_tie_then_shared():
    g = position([{}, {}], routes={43: 0, 44: 0, 61: 1, 66: 1}, tickets=[[29], [30]])
    res = g.result()
    assert res["players"][0]["total"] == res["players"][1]["total"] == 18
    assert res["winners"] == [0, 1]


# ------------------------------------------------------- core properties

def check_state(g, d):
    assert census(d) == FULL_DECK
    for seat, p in enumerate(d["players"]):
        mine = [ROUTE[int(r)] for r, s in d["routes"].items() if s == seat]
        assert p["score"] == sum(POINTS[r.length] for r in mine)
        assert p["trains"] == TRAINS - sum(r.length for r in mine)
    owner = {int(r): s for r, s in d["routes"].items()}
    for r, s in owner.items():
        for t in ROUTE[r].twins:
            assert t not in owner or (owner[t] != s and d["num_players"] == 3)
    tickets = Counter(d["ticket_pile"])
    for p in d["players"]:
        tickets.update(p["tickets"] + p["offer"])
    assert all(k == 1 for k in tickets.values())


def illegal_variants(g, rng):
    """Actions that must be refused: a legal payment with one card more, a
    locomotive on an ordinary route, a face-up card that is not there."""
    legal = g.legal_actions()
    hand = g.hands[g.current_player]
    out = []
    for a in (legal[rng.randrange(len(legal))] for _ in range(20)):
        if a.kind in ("claim", "pay") and a.cards:
            c = dict(a.cards)
            k = rng.choice([k for k in range(9) if hand[k] > c.get(k, 0)] or [LOCO])
            c[k] = c.get(k, 0) + 1
            out.append(Action(a.kind, a.target, tuple(sorted(c.items()))))
    for r in MAP.routes:
        if not (r.locomotives or r.tunnel or r.any_four) and g.avail[r.id]:
            col = CARD_INDEX[r.color] if r.color != "gray" else 0
            if r.length > 1:
                out.append(Action("claim", r.id, ((col, r.length - 1), (LOCO, 1))))
            break
    for k in range(9):
        if k not in g.face_up:
            out.append(Action("draw", k))
            break
    return [a for a in out if a not in legal]


def uniform(g, legal, rng):
    return legal[rng.randrange(len(legal))]


def hoarder(g, legal, rng):
    """Mostly draws until the hand holds 28 cards: big hands, Murmansk-Lieksa,
    thousands of payments per turn."""
    if g.phase == "turn" and sum(g.hands[g.current_player]) < 28 and rng.random() < 0.9:
        draws = [a for a in legal if a.kind == "draw"] if len(legal) < 50 else \
            [Action("draw", t) for kind, ts, _ in legal.segments if kind == "draw" for t in ts]
        if draws:
            return rng.choice(draws)
    return legal[rng.randrange(len(legal))]


def play_checked(players, seed, policy, every=1):
    """One game, checking after every action: card conservation, scores and
    trains from the routes, every (sampled) legal action's text round-trips and
    applies on a clone, illegal variants are refused with the state unchanged,
    views hide what they must; at the end save/restore and replay. With
    thousands of payments per position, `every` thins out the views and the
    illegal probes (both list every legal action: engine/observer.py and
    engine/explain.py)."""
    rng = random.Random(seed)
    g = ttr.new_game("nordic", players, seed)
    steps = 0
    claimed = Counter()
    while not g.is_over:
        d = ttr.save_game(g)
        check_state(g, d)
        legal = g.legal_actions()
        assert len(legal) > 0
        sample = list(legal) if len(legal) <= 60 else [legal[0], legal[-1]] + [
            legal[rng.randrange(len(legal))] for _ in range(40)]
        for a in sample:
            t = str(a)
            assert Action.from_text(t) == a and a in legal
            c = g.clone()
            c.apply(t)
            check_state(c, ttr.save_game(c))
        if steps % (7 * every) == 0:
            for a in illegal_variants(g, rng):
                with pytest.raises(IllegalActionError):
                    g.apply(a)
                assert ttr.save_game(g) == d
        me = g.current_player
        for p in range(players) if steps % every == 0 else ():
            v = g.view(p)
            for q, entry in enumerate(v["players"]):
                assert "hand" not in entry and isinstance(entry["tickets"], int)
            assert v["you"]["hand"] == {CARD_NAMES[k]: n for k, n in enumerate(g.hands[p]) if n}
            assert [t["id"] for t in v["you"]["tickets"]] == list(g.tickets[p])
            if p != me:
                assert v["legal"] is None
            for e in g.log:  # ticket choices show only how many, in the public log
                if e["kind"] == "keep":
                    assert "action" not in e and "target" not in e and isinstance(e["kept"], int)
            assert "deck" not in v and "ticket_pile" not in v
        a = policy(g, legal, rng)
        if a.kind == "claim":
            r = ROUTE[a.target]
            claimed["murmansk" if r.any_four else "ferry" if r.locomotives else "tunnel" if r.tunnel else "plain"] += 1
        g.apply(a)
        steps += 1
    check_state(g, ttr.save_game(g))
    d = ttr.save_game(g)
    again = ttr.load_game(d)  # verifies seed + history
    assert ttr.save_game(again) == d
    replay = ttr.replay("nordic", players, seed, g.history)
    assert ttr.save_game(replay) == d and replay.result() == g.result()
    res = g.result()
    assert all("longest_path" not in p["bonuses"] for p in res["players"])
    top = max(len(p["tickets_completed"]) for p in res["players"])
    for p in res["players"]:
        assert ("globetrotter" in p["bonuses"]) == (len(p["tickets_completed"]) == top)
    return claimed


@pytest.mark.parametrize("players,seed", [(2, 1), (2, 2), (3, 3), (3, 4), (2, 5), (3, 6)])
def test_core_properties_random_games(players, seed):
    claimed = play_checked(players, seed, uniform)
    assert claimed["ferry"] and claimed["plain"]


@pytest.mark.parametrize("players,seed", [(2, 0), (3, 1), (2, 2), (3, 3)])
def test_core_properties_big_hands(players, seed):
    claimed = play_checked(players, seed, hoarder, every=5)
    assert claimed["murmansk"] == 1


def test_many_random_games_fast_and_sound():
    """60 random games (2 and 3 players) on the fast path: conservation and scores
    at the end, and a speed floor far below the bench figure."""
    rng = random.Random(0)
    t = time.perf_counter()
    for seed in range(60):
        g = ttr.new_game("nordic", 2 + seed % 2, seed)
        while not g.is_over:
            legal = g.legal_actions()
            g.apply_unchecked(legal[int(rng.random() * len(legal))])
            assert g.card_census() == 110
        check_state(g, ttr.save_game(g))
    assert time.perf_counter() - t < 30


def test_mid_game_save_restore_round_trip():
    rng = random.Random(3)
    g = ttr.new_game("nordic", 3, 11)
    for i in range(120):
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
        if i % 20 == 0 or g.phase == "tunnel":
            d = ttr.save_game(g)
            h = ttr.load_game(d)
            assert ttr.save_game(h) == d
            assert [str(a) for a in h.legal_actions()] == [str(a) for a in g.legal_actions()]
