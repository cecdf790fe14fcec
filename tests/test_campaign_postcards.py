"""Postcards in a Legacy campaign (rulebook lines 196-202; rulings LW-PC1 to LW-PC6 in
docs/campaign.md): drawn when an instruction says so, the public side read aloud and the secret
side kept by its holder until met; met from the game after the one at whose end it was drawn,
never after game 12; the reward into the office or vault; all of it kept in the campaign file."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ttr.campaign import FINISHED, PLAYING, READY, REMOVAL, Campaign, CampaignError, bot_action
from ttr.campaign.packcheck import check_pack_games
from ttr.campaign.postcards import complete, met
from ttr.campaign.state import Box
from ttr.campaign.story import Facts, read
from ttr.cli import main
from ttr.editions.legacy import ContentError
from ttr.editions.legacy.pack import load_pack, parse_pack
from ttr.editions.legacy.postcards import Goal

PLAYERS = [("Ann", "blue"), ("Bob", "red"), ("Cy", "green")]
DEMO = load_pack("demo")
SECOND = str(Path(__file__).parent / "packs" / "second.json")


def postcard(pid, number, secret="Claim a route.", condition=None, reward=None, **kw):
    return {"id": pid, "number": number, "public": f"public side of {pid}", "secret": secret,
            "condition": condition or {"routes": 1}, "reward": reward or {"money": 4}, **kw}


def card(cid, *do, **kw):
    return {"id": cid, "a": f"side A of {cid}", **({"do": list(do)} if do else {}), **kw}


def pack(story, postcards, **changes):
    data = copy.deepcopy(DEMO.source)
    data.update(name="postcard-test", story=list(story), boxes=[], between_games=[], postcards=list(postcards),
                **changes)
    return parse_pack(data, "test pack")


THREE = [postcard("pc-a", 3), postcard("pc-b", 1), postcard("pc-c", 2)]


def new(tmp_path, p, n=2, seed=1, name="c.db"):
    return Campaign.create(tmp_path / name, PLAYERS[:n], pack=p, seed=seed, durable=False)


def play_until(c: Campaign, game: int, point: str, bot: str = "random") -> None:
    """Bots play until game `game` is set up ("setup") or over and its story read ("end")."""
    while True:
        if point == "setup" and c.number == game and c.phase == PLAYING:
            return
        if point == "end" and (c.phase in (READY, FINISHED) and c.number > game or c.phase == FINISHED):
            return
        if c.phase == READY:
            c.start_game()
        elif c.phase == PLAYING:
            c.apply(bot_action(c, bot))
        elif c.phase == REMOVAL:
            c.auto_remove()


def facts(**kw):
    """Two seats: blue owns Albany-Boston (green, 1) and Albany-Buffalo (yellow, 2) and completed
    ticket 1 (Albany-Bangor), holding $12; red owns Atlanta-Mobile (black, 3), holding $3."""
    base = dict(game=1, players=2, events=(), routes=(), tickets=(1,), winner_company="blue", slips=(20, 5),
                companies=("blue", "red"),
                owned=((("Albany", "Boston", "green", 1), ("Albany", "Buffalo", "yellow", 2)),
                       (("Atlanta", "Mobile", "black", 3),)),
                completed=(((1, ("Albany", "Bangor")),), ()), held=(12, 3))
    return Facts(**(base | kw))


# ------------------------------------------------------------------ drawing

def test_postcards_are_drawn_in_number_order_unless_named_LW_PC1_199():
    named = {"to": "red", "postcard": "pc-c"}
    p = pack([card("c1", {"draw_postcards": [{"to": "each"}, named]})],
             THREE + [postcard("pc-d", 4)])
    record, box = read(p, Box.initial(p), 1, "setup", lambda c, w: True, lambda who, w: ["blue", "red"]
                       if who == "each" else [who])
    drawn = record["orders"][0]["postcards"]
    # pc-c is named by an instruction, so the pile in number order is pc-b (1), pc-a (3), pc-d (4)
    assert [(d["id"], d["company"]) for d in drawn] == [("pc-b", "blue"), ("pc-a", "red"), ("pc-c", "red")]
    assert [(x["id"], x["game"], x["point"], x["done"]) for x in box.postcards] == [
        ("pc-b", 1, "setup", None), ("pc-a", 1, "setup", None), ("pc-c", 1, "setup", None)]


@pytest.mark.parametrize("who, holders", [("each", ["Ann", "Bob"]), ("red", ["Bob"]), ("yellow", []),
                                          ("caboose", "caboose")])
def test_draw_postcards_goes_to_whom_the_instruction_names_L198(tmp_path, who, holders):
    p = pack([card("c1", {"draw_postcards": [{"to": who}]})], THREE)
    c = new(tmp_path, p)
    c.start_game()
    got = [x["holder"] for x in c.status()["postcards"]["drawn"]]
    assert got == ([c.caboose.name] if holders == "caboose" else holders)


def test_the_winner_or_last_of_the_game_just_ended_draws_L198(tmp_path):
    p = pack([card("p1", halt="pause", until_game=1, at="end"),
              card("c1", {"draw_postcards": [{"to": "winner"}, {"to": "last", "count": 2}]})], THREE)
    c = new(tmp_path, p)
    play_until(c, 1, "end")
    res = c._snap.games[0]["result"]
    seats = c._snap.seats[1]
    winner, last = c.players[seats[res["winners"][0]]].name, c.players[seats[res["last_place"]]].name
    assert [(x["number"], x["holder"]) for x in c.status()["postcards"]["drawn"]] == [
        (1, winner), (2, last), (3, last)]


def test_an_empty_post_office_is_refused_by_the_pack_check_naming_the_card():
    p = pack([card("c1", {"draw_postcards": [{"to": "each"}]})], THREE)  # 5 companies, 3 postcards
    with pytest.raises(CampaignError, match=r"content pack postcard-test: game 1's set-up \(story\): story card "
                                            r"'c1': draws a postcard for the yellow company, but the post office "
                                            "is empty"):
        check_pack_games(p)
    check_pack_games(p, ["blue", "red", "green"])  # three players: enough


def test_a_named_postcard_drawn_twice_is_refused_by_the_pack_check():
    draw = {"draw_postcards": [{"to": "blue", "postcard": "pc-a"}]}
    p = pack([card("c1", draw), card("c2", draw)], THREE)
    with pytest.raises(CampaignError, match="story card 'c2': draws postcard 'pc-a', which has been drawn already"):
        check_pack_games(p)


@pytest.mark.parametrize("story, postcards, message", [
    ([card("c1", {"draw_postcards": [{"to": "blue", "postcard": "pc-z"}]})], THREE,
     "story card 'c1': draws postcard 'pc-z', which 'postcards' does not define"),
    ([], THREE + [postcard("pc-a", 9)], r"postcards: id\(s\) \['pc-a'\] used twice"),
    ([], THREE + [postcard("pc-x", 1)], r"postcards: number\(s\) \[1\] used twice"),
    ([], [postcard("pc-a", 1, condition={"color": "red"})], "a condition needs one of"),
    ([], [postcard("pc-a", 1, condition={"money_at_least": 5, "color": "red"})], "give 'routes'"),
    ([], [postcard("pc-a", 1, condition={"route": ["Albany", "Albany"]})], "two different cities"),
    ([], [postcard("pc-a", 1, reward={"money": 0})], "a reward needs money, cards, tickets or vault"),
    ([], [postcard("pc-a", 1, reward={"dollars": 3})], "postcards.0.reward.dollars"),
    ([card("c1", {"draw_postcards": [{"to": "each", "postcard": "pc-a"}]})], THREE,
     "postcard 'pc-a' is one card"),
])
def test_malformed_postcards_are_refused_naming_the_entry(story, postcards, message):
    with pytest.raises(ContentError, match=message):
        pack(story, postcards)


@pytest.mark.parametrize("condition, message", [
    ({"route": ["Albany", "Atlantis"]}, r"\(number 1\): condition: no city 'Atlantis' on the board"),
    ({"connect": ["Gotham", "Albany"]}, "no city 'Gotham'"),
    ({"ticket_to": "Gotham"}, "no city 'Gotham'"),
    ({"ticket": 999}, "no ticket 999 on the board"),
])
def test_a_postcards_condition_names_the_boards_cities_and_tickets(condition, message):
    p = pack([], [postcard("pc-a", 1, condition=condition)])
    with pytest.raises(CampaignError, match="content pack postcard-test: postcard 'pc-a' .*" + message):
        check_pack_games(p)


def test_postcards_need_format_2():
    data = copy.deepcopy(DEMO.source)
    data.update(format="ttr-legacy-pack/1", story=[], boxes=[], frontiers=[], postcards=THREE)
    with pytest.raises(ContentError, match="postcards need format 'ttr-legacy-pack/2'"):
        parse_pack(data)


def test_a_pack_without_postcards_still_reads():
    data = copy.deepcopy(DEMO.source)
    data.update(story=[], boxes=[], frontiers=[])
    data.pop("postcards")
    assert parse_pack(data).postcards == {}
    data["format"] = "ttr-legacy-pack/1"
    assert parse_pack(data).postcards == {}


# -------------------------------------------------------------- conditions

@pytest.mark.parametrize("goal, blue, red", [
    (Goal(route=("Boston", "Albany")), True, False),
    (Goal(route=("Albany", "New York")), False, False),
    (Goal(connect=("Boston", "Buffalo")), True, False),        # through Albany, on blue's own routes
    (Goal(connect=("Boston", "Mobile")), False, False),
    (Goal(ticket=1), True, False),
    (Goal(ticket_to="Bangor"), True, False),
    (Goal(ticket_to="Mobile"), False, False),
    (Goal(routes=2), True, False),
    (Goal(routes=1, min_length=3), False, True),
    (Goal(routes=1, color="black"), False, True),
    (Goal(routes=1, color="company"), False, False),          # neither owns a route of its company's colour
    (Goal(money_at_least=12), True, False),
    (Goal(money_at_least=3), True, True),
    (Goal(routes=1, money_at_least=13), False, False),        # every given field must hold
])
def test_each_postcard_condition_tests_its_holders_game_L200(goal, blue, red):
    f = facts()
    assert (met(goal, f, 0), met(goal, f, 1)) == (blue, red)


def test_a_company_coloured_route_counts_for_its_company_L200():
    f = facts(owned=((("Albany", "Boston", "blue", 1),), (("Atlanta", "Mobile", "red", 3),)))
    assert met(Goal(routes=1, color="company"), f, 0) and met(Goal(routes=1, color="company"), f, 1)


def entry(pid, company="blue", game=1, point="setup"):
    return {"id": pid, "company": company, "game": game, "point": point, "done": None}


def test_postcard_drawn_at_set_up_can_be_completed_in_that_game_201():
    p = pack([], THREE)
    box = Box.initial(p)
    box.postcards = [entry("pc-b", game=1, point="setup")]
    done, _ = complete(p, box, facts(game=1), 1)
    assert done == [{"id": "pc-b", "company": "blue", "game": 1}]


def test_postcard_drawn_at_game_end_only_completes_later_201():
    p = pack([], THREE)
    box = Box.initial(p)
    box.postcards = [entry("pc-b", game=1, point="end")]
    assert complete(p, box, facts(game=1), 1) == ([], [])
    done, _ = complete(p, box, facts(game=2), 2)
    assert [d["id"] for d in done] == ["pc-b"]


def test_postcard_drawn_at_game_12_end_is_never_completed_202():
    p = pack([], THREE)
    box = Box.initial(p)
    box.postcards = [entry("pc-b", game=12, point="end")]
    assert complete(p, box, facts(game=12), 12) == ([], [])  # and no game follows game 12


def test_an_unmet_postcard_carries_on_and_is_met_once_LW_PC4():
    p = pack([], [postcard("pc-a", 1, condition={"routes": 3})])
    box = Box.initial(p)
    box.postcards = [entry("pc-a")]
    assert complete(p, box, facts(game=1), 1) == ([], [])        # two routes: not met, kept
    three = facts(game=2, owned=(facts().owned[0] + (("Boston", "New York", "red", 2),), ()))
    done, _ = complete(p, box, three, 2)
    assert done == [{"id": "pc-a", "company": "blue", "game": 2}]
    box.postcards_met(done)
    assert complete(p, box, three, 3) == ([], [])                 # met once only


def test_an_absent_holders_postcard_waits_for_its_next_game_LW_PC4():
    p = pack([], THREE)
    box = Box.initial(p)
    box.postcards = [entry("pc-b", company="green")]
    assert complete(p, box, facts(game=1), 1) == ([], [])  # green did not play game 1


def test_the_reward_goes_to_the_office_and_the_vault_L200():
    p = pack([], [postcard("pc-a", 1, reward={"money": 4, "cards": 2, "vault": 6})])
    box = Box.initial(p)
    box.postcards = [entry("pc-a")]
    _, orders = complete(p, box, facts(), 1)
    assert orders[0]["office"] == [{"company": "blue", "money": 4, "cards": 2, "note": "postcard 1"}]
    assert orders[0]["vault"] == [{"company": "blue", "money": 6, "cards": 0, "note": "postcard 1"}]
    assert orders[0]["from"] == "postcard 1" and "Claim a route." in orders[0]["note"]  # revealed to all (200)


def test_a_reward_met_in_game_12_banks_its_dollars_and_loses_its_cards_LW_PC5():
    p = pack([], [postcard("pc-a", 1, reward={"money": 4, "cards": 2, "vault": 6})])
    box = Box.initial(p)
    box.postcards = [entry("pc-a", game=11, point="end")]
    _, orders = complete(p, box, facts(game=12), 12)
    assert orders[0]["office"] == [] and orders[0]["vault"] == [{"company": "blue", "money": 10,
                                                                  "cards": 0, "note": "postcard 1"}]


# --------------------------------------------------------------- campaigns

DRAW_AT_SETUP = [card("c1", {"draw_postcards": [{"to": "each"}]}), card("p1", halt="pause", until_game=1, at="end"),
                 card("c2", {"draw_postcards": [{"to": "each"}]})]
EASY = [postcard("pc-a", 1, reward={"money": 4, "vault": 2}), postcard("pc-b", 2, reward={"cards": 1}),
        postcard("pc-c", 3), postcard("pc-d", 4)]


def test_a_campaign_draws_meets_and_rewards_postcards_L200_201(tmp_path):
    c = new(tmp_path, pack(DRAW_AT_SETUP, EASY))
    c.start_game()
    first = {x["number"]: x for x in c.status()["postcards"]["drawn"]}
    assert sorted(first) == [1, 2] and all(x["done"] is None for x in first.values())
    play_until(c, 1, "end")  # every random bot claims a route in a game
    pc = {x["number"]: x for x in c.status()["postcards"]["drawn"]}
    assert pc[1]["done"] == 1 and pc[2]["done"] == 1              # drawn at set-up: met in game 1
    assert pc[3]["done"] is None and pc[4]["done"] is None        # drawn at game 1's end: not yet (201)
    assert pc[1]["secret"] == "Claim a route." and pc[3]["secret"] is None  # met: revealed to all (200)
    assert pc[1]["condition"] == "claim 1 route" and pc[3]["condition"] is None
    status = c.status()
    ann = next(x for x in status["companies"] if x["player"] == pc[1]["holder"])
    assert ann["office"]["money"] == 4 and ann["vault_items"] == [{"money": 2, "note": "postcard 1", "game": 1}]
    assert status["arc"][0]["postcards_done"] == [{"number": 1, "holder": pc[1]["holder"]},
                                                  {"number": 2, "holder": pc[2]["holder"]}]
    c.start_game()  # the office's reward is taken at the holder's next set-up (LW-PC5, LW-S5)
    company = next(p.company for p in c.players if p.name == pc[1]["holder"])
    assert dict(c.game.replay_options()["setup"].office_money) == {company: 4}
    assert sum(dict(c.game.replay_options()["setup"].office_cards).values()) == 1  # postcard 2's card
    play_until(c, 2, "end")
    assert [x["done"] for x in c.status()["postcards"]["drawn"]] == [1, 1, 2, 2]


def test_postcards_survive_close_and_reopen(tmp_path):
    c = new(tmp_path, pack(DRAW_AT_SETUP, EASY))
    play_until(c, 2, "setup")
    before, box = c.status(), copy.deepcopy(c.box)
    c.close()
    with Campaign.open(tmp_path / "c.db") as again:
        assert again.status() == before and again.box.postcards == box.postcards


def test_the_secret_side_shows_to_its_holder_alone_L199(tmp_path):
    c = new(tmp_path, pack(DRAW_AT_SETUP[:1], [postcard("pc-a", 1, secret="Ann's secret"),
                                           postcard("pc-b", 2, secret="Bob's secret")]))
    c.start_game()
    holders = {x["number"]: x["holder"] for x in c.status()["postcards"]["drawn"]}
    one = holders[1]
    mine = [x["secret"] for x in c.status(as_player=one)["postcards"]["drawn"]]
    theirs = [x["secret"] for x in c.status()["postcards"]["drawn"]]
    assert theirs == [None, None]
    assert mine == ["Ann's secret" if n == 1 else None for n in (1, 2)]
    c.close()
    out = CliRunner().invoke(main, ["campaign", "status", str(tmp_path / "c.db"), "--as", one])
    assert out.exit_code == 0 and "Ann's secret" in out.output and "Bob's secret" not in out.output
    out = CliRunner().invoke(main, ["campaign", "status", str(tmp_path / "c.db")])
    assert "s secret" not in out.output and "public side of pc-a" in out.output
    out = CliRunner().invoke(main, ["campaign", "status", str(tmp_path / "c.db"), "--as", "Zed"])
    assert out.exit_code == 2 and "no player 'Zed'" in out.output


def test_two_campaigns_differing_only_in_a_secret_side_look_the_same_L199(tmp_path):
    """Default status (text and JSON) and every seat's game view are identical."""
    one = pack(DRAW_AT_SETUP, EASY)
    other = copy.deepcopy(EASY)
    other[0] |= {"secret": "Connect Boston and Mobile.", "condition": {"connect": ["Boston", "Mobile"]},
                 "reward": {"vault": 30}}
    seen = []
    for name, p in (("a.db", one), ("b.db", pack(DRAW_AT_SETUP, other))):
        c = new(tmp_path, p, name=name)
        c.start_game()
        for _ in range(6):
            c.apply(bot_action(c, "random"))
        views = [c.game.view(seat) for seat in range(2)] + [c.game.view(None)]
        st = c.status()
        c.close()
        text = CliRunner().invoke(main, ["campaign", "status", str(tmp_path / name)]).output
        js = json.loads(CliRunner().invoke(main, ["campaign", "status", str(tmp_path / name), "--json"]).output)
        seen.append((st, views, text.replace(name, "X"), js))
    assert seen[0] == seen[1]


def test_update_pack_keeps_the_postcards_the_campaign_has_drawn_L123(tmp_path):
    c = new(tmp_path, pack(DRAW_AT_SETUP, EASY))
    play_until(c, 1, "end")
    with pytest.raises(CampaignError, match="the campaign has met pc-a, pc-b"):
        c.update_pack(pack(DRAW_AT_SETUP, [postcard(f"pc-{x}", n) for n, x in enumerate("cdxy", 1)]))
    corrected = copy.deepcopy(EASY)
    corrected[2]["public"] = "a corrected public side"
    assert c.update_pack(pack(DRAW_AT_SETUP, corrected)) == 2


@pytest.mark.parametrize("bot", ["random", "planner"])
def test_the_demo_campaign_meets_postcards_and_never_one_drawn_at_game_12s_end_202(tmp_path, bot):
    c = Campaign.create(tmp_path / "demo.db", PLAYERS, pack="demo", seed=3, durable=False)
    play_until(c, 12, "end", bot)
    assert c.phase == FINISHED
    drawn = c.status()["postcards"]["drawn"]
    assert [x["number"] for x in drawn][:3] == [1, 2, 3]          # game 1's set-up: each, in number order
    assert sum(1 for x in drawn if x["done"]) >= 1
    last = [x for x in drawn if x["drawn_in"] == 12 and x["drawn_at"] == "end"]
    assert len(last) == 1 and last[0]["done"] is None and last[0]["secret"] is None  # 202
    assert sum(len(r["postcards_done"]) for r in c.status()["arc"]) == sum(1 for x in drawn if x["done"])


def test_the_second_pack_draws_postcards_otherwise_and_an_absent_holder_waits_LW_PC4(tmp_path):
    """tests/packs/second.json: a postcard named for a colour, one for black, two for a game's
    winner, one from a box (the caboose holder's), one for the last; numbers out of list order."""
    c = Campaign.create(tmp_path / "c.db", [("Ann", "blue"), ("Bob", "black"), ("Cy", "red")], pack=SECOND, seed=8,
                        durable=False)
    absent = {"Cy"}
    while c.phase != FINISHED:
        if c.phase == READY:
            c.start_game(absent=sorted(absent) if c.number <= 5 else [])
        elif c.phase == PLAYING:
            c.apply(bot_action(c, "planner"))
        else:
            c.auto_remove()
    drawn = {x["number"]: x for x in c.status()["postcards"]["drawn"]}
    assert drawn[20]["holder"] == "Cy" and drawn[20]["drawn_in"] == 1 and drawn[10]["holder"] == "Bob"
    assert drawn[20]["done"] is None or drawn[20]["done"] >= 6   # Cy (red) missed games 1-5
    assert [drawn[n]["drawn_in"] for n in (11, 12, 13, 14)] == [3, 3, 5, 8]
    assert drawn[11]["holder"] == drawn[12]["holder"]             # the winner of game 2 draws two
    assert c.status()["postcards"]["left"] == 0
    met_any = [n for n, x in drawn.items() if x["done"]]
    assert met_any, "some postcard is met in a whole campaign"
    final = {r["player"]: r for r in c.standings()["ranking"]}
    vaults = {p.name: sum(c.pack.postcards[e["id"]].reward.vault for e in c.box.postcards
                          if e["done"] and e["company"] == p.company) for p in c.players}
    for name, r in final.items():
        assert r["items"] >= vaults[name]


def test_a_planner_bot_pursues_its_own_postcards_and_no_one_elses(tmp_path, monkeypatch):
    from ttr.campaign.play import CampaignBot
    from ttr.agents.planner import PlannerAgent
    cards = [postcard("pc-a", 1, condition={"connect": ["Boston", "Atlanta"]}, reward={"money": 3, "vault": 4}),
             postcard("pc-b", 2, condition={"money_at_least": 9})]
    c = new(tmp_path, pack([card("c1", {"draw_postcards": [{"to": "each"}]})], cards))
    c.start_game()
    bot = CampaignBot(c, "planner")
    holder = {x["number"]: x["company"] for x in c.status()["postcards"]["drawn"]}
    seat = {p.company: s for s, p in enumerate(c.seats)}
    aims = bot.aims[seat[holder[1]]]
    assert [(t.cities, t.points) for t in aims] == [(("Boston", "Atlanta"), 7)]
    assert bot.aims[seat[holder[2]]] == ()  # money: left to play, and never another seat's aim
    seen = []
    orig = PlannerAgent.act

    def spy(self, obs):
        seen.append((obs.seat, self.goals))
        return orig(self, obs)
    monkeypatch.setattr(PlannerAgent, "act", spy)
    g = c.live_game()
    bot.act(g.observe(g.current_player))
    assert seen == [(g.current_player, bot.aims[g.current_player])]


def test_a_human_at_the_terminal_sees_their_own_postcards_secret_side_only_L199(tmp_path):
    import io

    from rich.console import Console

    from ttr.campaign.play import bot_names, play, terminal_game
    c = new(tmp_path, pack(DRAW_AT_SETUP[:1], [postcard("pc-a", 1, secret="first secret"),
                                               postcard("pc-b", 2, secret="second secret")]))
    out = Console(file=io.StringIO(), width=200)

    def quits(prompt):
        raise EOFError

    c.start_game()
    me = next(p for p in c.players if p.company == c.box.postcards[0]["company"])  # holds postcard 1
    play(c, "random", human=me.idx, human_game=lambda c: terminal_game(c, me.idx, bot_names(c, "random"), out, quits))
    log = out.file.getvalue()
    assert "Your postcard 1: public side of pc-a Secret: first secret" in log and "second secret" not in log


def test_facts_stored_before_postcards_meet_no_postcard():
    old = {"game": 1, "players": 2, "events": [], "routes": [], "tickets": [], "winner_company": "blue",
           "slips": [3, 4]}  # a result_json's facts written before the per-seat part
    p = pack([], THREE)
    box = Box.initial(p)
    box.postcards = [entry("pc-b")]
    assert complete(p, box, Facts.from_dict(old), 1) == ([], [])


def test_play_reads_the_public_side_aloud_and_keeps_the_secret_L199(tmp_path):
    cards = [postcard("pc-a", 1, secret="never shown", condition={"money_at_least": 10_000}),
             postcard("pc-b", 2, secret="shown when met", condition={"routes": 1})]
    path = tmp_path / "c.db"
    new(tmp_path, pack(DRAW_AT_SETUP[:1], cards)).close()
    out = CliRunner().invoke(main, ["campaign", "play", str(path), "--games", "1", "--no-sync"])
    flat = " ".join(out.output.split())
    assert out.exit_code == 0 and "draws postcard 1: public side of pc-a" in flat
    assert "never shown" not in flat and "met by the" in flat and "shown when met" in flat
    status = CliRunner().invoke(main, ["campaign", "status", str(path), "--json"]).output
    assert "never shown" not in status and "shown when met" in status


def test_bots_aim_at_route_connect_and_ticket_postcards_that_are_due():
    from ttr.campaign.postcards import aims
    cards = [postcard("pc-a", 1, condition={"route": ["Albany", "Boston"]}, reward={"vault": 2}),
             postcard("pc-b", 2, condition={"ticket": 2}, reward={"money": 1, "cards": 2}),
             postcard("pc-c", 3, condition={"ticket_to": "Boston"}),
             postcard("pc-d", 4, condition={"connect": ["Quebec", "Mobile"]})]
    p = pack([], cards)
    box = Box.initial(p)
    box.postcards = [entry("pc-a"), entry("pc-b"), entry("pc-c"), entry("pc-d", game=2, point="end"),
                     entry("pc-d", company="red")]
    got = [(t.id, t.cities, t.points) for t in aims(p, box, 2, "blue")]
    assert got == [(-1, ("Albany", "Boston"), 2), (-2, ("Albany", "Savannah"), 3)]  # pc-d: drawn at game 2's end


def test_a_malformed_postcard_in_an_update_changes_nothing(tmp_path):
    c = new(tmp_path, pack(DRAW_AT_SETUP, EASY))
    play_until(c, 1, "end")
    before = c.status(as_player="Ann")
    bad = copy.deepcopy(EASY)
    bad[3]["condition"] = {"connect": ["Boston", "Gotham"]}
    with pytest.raises(CampaignError, match="postcard 'pc-d' .*no city 'Gotham' on the board"):
        c.update_pack(pack(DRAW_AT_SETUP, bad))
    c.close()
    with Campaign.open(tmp_path / "c.db") as again:
        assert again.status(as_player="Ann") == before and again.pack.postcards["pc-d"].goal.connect is None


def test_a_postcards_condition_may_name_a_frontiers_city_LW_F1():
    frontier_city = next(c.name for f in DEMO.frontiers.values() for c in f.cities)
    check_pack_games(pack([], [postcard("pc-a", 1, condition={"ticket_to": frontier_city})]), ["blue", "red"])


def test_a_reward_of_tickets_is_taken_at_the_holders_next_set_up_LW_PC5(tmp_path):
    cards = [postcard("pc-a", 1, reward={"tickets": 2}), postcard("pc-b", 2, reward={"money": 1})]
    c = new(tmp_path, pack(DRAW_AT_SETUP[:1], cards))
    play_until(c, 1, "end")
    holder = next(x for x in c.status()["postcards"]["drawn"] if x["number"] == 1)
    assert holder["done"] == 1 and holder["reward"]["tickets"] == 2
    office = next(co["office"] for co in c.status()["companies"] if co["player"] == holder["holder"])
    assert office["tickets"] == 2
    c.start_game()
    g = c.game
    seat = next(s for s, p in enumerate(c.seats) if p.name == holder["holder"])
    assert dict(g.replay_options()["setup"].office_tickets) == {c.seats[seat].company: 2}
    other = 1 - seat
    # 2 tickets kept at once, besides the initial offer (still to choose from)
    held = [p["tickets"] for p in g.view(None)["players"]]
    assert held[seat] == 2 and held[other] == 0
    assert c.status()["companies"][c.seats[seat].idx]["office"]["tickets"] == 0  # taken out


def test_a_set_up_with_office_tickets_saves_and_loads():
    import ttr
    setup = load_pack("demo").setup(1, companies=("blue", "red"), offices={"red": {"money": 0, "cards": 0,
                                                                                    "tickets": 1}})
    g = ttr.new_game("legends-west", 2, seed=3, setup=setup)
    assert [len(t) for t in g.tickets] == [0, 1]
    again = ttr.load_game(ttr.save_game(g))
    assert again.tickets == g.tickets and again.setup.office_tickets == (("red", 1),)


def test_postcards_are_tested_before_the_end_reading_on_that_game_alone_LW_PC3(tmp_path):
    c = new(tmp_path, pack(DRAW_AT_SETUP, [postcard(f"pc-{i}", i, condition={"routes": 1}) for i in range(1, 5)]))
    play_until(c, 1, "end")
    reading = c._snap.readings[1, "end"]
    met_ids = [d["id"] for d in reading["postcards_done"]]
    drawn_here = [d["id"] for o in reading["orders"] for d in o.get("postcards", ())]
    assert met_ids == ["pc-1", "pc-2"] and drawn_here == ["pc-3", "pc-4"]  # drawn at this reading: not tested
    assert [o["from"] for o in reading["orders"]][:2] == ["postcard 1", "postcard 2"]  # rewards before the story


def test_money_held_is_the_dollars_held_when_the_game_ended_LW_PC7(tmp_path):
    c = new(tmp_path, pack(DRAW_AT_SETUP[:1], THREE))
    play_until(c, 1, "end")
    f = c.facts(1)
    res = c._snap.games[0]["result"]
    assert f.held == tuple(p["money_held"] for p in res["players"]) != tuple(p["total"] for p in res["players"])


def test_each_draws_for_every_company_absent_ones_too_LW_PC2(tmp_path):
    c = new(tmp_path, pack(DRAW_AT_SETUP[:1], THREE), n=3)
    c.start_game(absent=["Cy"])
    assert [x["holder"] for x in c.status()["postcards"]["drawn"]] == ["Ann", "Bob", "Cy"]


def test_the_html_report_lists_the_postcards_met_and_no_secret(tmp_path):
    pytest.importorskip("matplotlib")
    cards = [postcard("pc-a", 1, secret="the met one's secret"),
             postcard("pc-b", 2, secret="the unmet one's secret", condition={"money_at_least": 10_000})]
    c = new(tmp_path, pack(DRAW_AT_SETUP[:1], cards))
    play_until(c, 1, "end")
    holder = next(x["holder"] for x in c.status()["postcards"]["drawn"] if x["number"] == 1)
    c.close()
    out = tmp_path / "arc.html"
    r = CliRunner().invoke(main, ["campaign", "report", str(tmp_path / "c.db"), "--out", str(out)])
    assert r.exit_code == 0, r.output
    html = out.read_text(encoding="utf-8")
    assert "postcards met" in html and f"1 ({holder})" in html and "unmet one" not in html


# ------------------------------------------ abilities: postcards that grant offers (LW-X3)

SURVEYOR = postcard("pc-surveyor", 5, secret="Claim 30 routes.", condition={"routes": 30},
                    ability={"extra": {"label": "Surveyor", "money": 5}, "trade": {"cards": 3, "draw": 2}})


def test_a_held_postcard_grants_its_ability_to_its_holder_only_L322_L323_LW_X3(tmp_path):
    """Rulebook 323's example: a postcard that lets its holder discard an extra wild card on a
    claim for $5; in force as the holder's rule at P1 while the postcard is held and not met."""
    p = pack([card("c1", {"draw_postcards": [{"to": "red", "postcard": "pc-surveyor"}]})], [SURVEYOR])
    c = new(tmp_path, p)
    g = c.start_game()
    rules = [(r.place, r.companies, r.label, r.extra.money, r.trade.draw) for r in g.replay_options()["setup"].play_rules]
    assert rules == [("P1", ("red",), "postcard 5", 5, 2)]
    seat = g.replay_options()["setup"].companies.index("red")
    assert g.view(1 - seat)["edition"]["play_rules"][0]["companies"] == ["red"]  # its public side: on the table


def test_a_postcard_ability_offers_an_extra_on_a_claim_and_an_action():
    import random

    import ttr
    from legacy_helpers import setup_with
    from ttr.editions.legacy.content import Extra, PlayRule, Trade
    rule = PlayRule("P1", ("blue",), "postcard 5", Extra("Surveyor", money=5), Trade(3, draw=2))
    s = setup_with(play_rules=[{"place": "P1", "companies": ["blue"], "label": "postcard 5",
                                "extra": {"label": "Surveyor", "money": 5}, "trade": {"cards": 3, "draw": 2}}])
    assert s.play_rules == (rule,)
    seen = set()
    for seed in range(60):
        g = ttr.new_game("legends-west", 2, seed=seed, setup=s)
        r = random.Random(seed)
        while not g.is_over:
            legal = g.legal_actions()
            seen |= {(g.replay_options()["setup"].companies[g.current_player], str(a).split()[0], a.target) for a in legal
                     if a.kind in ("extra", "trade")}
            g.apply(r.choice(legal))
        if {("blue", "extra", "P1"), ("blue", "trade", "P1")} <= seen:
            break
    assert {("blue", "extra", "P1"), ("blue", "trade", "P1")} <= seen
    assert not any(company == "black" and target == "P1" for company, _, target in seen)  # the holder's only


def test_a_met_postcard_grants_its_ability_no_more_LW_X3(tmp_path):
    easy = postcard("pc-easy", 6, condition={"routes": 1}, ability={"extra": {"label": "Easy", "draw": 1}})
    p = pack([card("c1", {"draw_postcards": [{"to": "blue", "postcard": "pc-easy"}]})], [easy])
    c = new(tmp_path, p)
    assert [r.place for r in c.start_game().replay_options()["setup"].play_rules] == ["P1"]
    play_until(c, 1, "end")
    assert [e["done"] for e in c.box.postcards] == [1]  # a route claimed in game 1: met
    assert c.start_game().replay_options()["setup"].play_rules == ()


def test_an_ability_needs_an_offer_or_an_action():
    with pytest.raises(ContentError, match="an ability needs an 'extra' or a 'trade'"):
        pack([], [postcard("pc-x", 1, ability={})])
