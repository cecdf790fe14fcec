"""The story deck and the boxes of a Legacy campaign (rulebook lines cited per test; rulings
LW-S1 to LW-S4 in docs/campaign.md): read at set-up step 7 and end-of-game step 3, pauses and
the stop card, instructions on the game just ended, stickers for some games, boxes opened, and
nothing unread or unopened shown anywhere."""
from __future__ import annotations

import copy
import json
import re
import sqlite3
from pathlib import Path

import pytest

import ttr
from click.testing import CliRunner

from ttr.campaign import FINISHED, PLAYING, READY, REMOVAL, Campaign, CampaignError, bot_action
from ttr.campaign.packcheck import check_pack_games
from ttr.campaign.state import Box
from ttr.campaign.story import Facts, read
from ttr.cli import main
from ttr.editions.legacy import ContentError
from ttr.editions.legacy.pack import load_pack, parse_pack

PLAYERS = [("Ann", "blue"), ("Bob", "red"), ("Cy", "green")]
DEMO = load_pack("demo")


def pack(story, boxes=(), **changes):
    data = copy.deepcopy(DEMO.source)
    data.update(name="story-test", story=list(story), boxes=list(boxes), between_games=[], **changes)
    return parse_pack(data, "test pack")


def card(cid, *do, **kw):
    return {"id": cid, "a": f"side A of {cid}", "b": f"side B of {cid}", "do": list(do), **kw}


def facts(**kw):
    base = dict(game=1, players=2, events=(), routes=(), tickets=(), winner_company="blue", slips=(10, 20))
    return Facts(**(base | kw))


def never(cond, where):
    raise AssertionError(f"{where} asked a question")


def play_until(c: Campaign, game: int, point: str) -> None:
    """Random bots play (bot removals included) until game `game` is set up ("setup") or over ("end")."""
    while True:
        if point == "setup" and c.number == game and c.phase == PLAYING:
            return
        if point == "end" and c.phase in (READY, FINISHED) and c.number > game or c.phase == FINISHED:
            return
        if c.phase == READY:
            c.start_game()
        elif c.phase == PLAYING:
            c.apply(bot_action(c, "random"))
        elif c.phase == REMOVAL:
            c.auto_remove()


def new(tmp_path, p, n=2, seed=1, name="c.db"):
    return Campaign.create(tmp_path / name, PLAYERS[:n], pack=p, seed=seed, durable=False)


# ----------------------------------------------------------------- reading

def test_story_is_read_at_set_up_step_7_of_game_1_until_a_pause_card_L239(tmp_path):
    p = pack([card("c1"), card("c2"), card("p1", halt="pause", until_game=1), card("c3")])
    c = new(tmp_path, p)
    assert c.status()["story"]["read"] == []  # nothing read before the first set-up
    c.start_game()
    st = c.status()["story"]
    assert [(r["id"], r["game"], r["point"]) for r in st["read"]] == [("c1", 1, "setup"), ("c2", 1, "setup")]
    assert st["read"][0]["a"] == "side A of c1" and st["read"][0]["b"] == "side B of c1"  # both sides (L162)
    assert st["waiting"]["id"] == "p1" and st["left"] == 2


def test_a_pause_card_is_passed_once_its_games_have_ended_at_its_point_LW_S1():
    p = pack([card("p1", halt="pause", until_game=2, at="end"), card("c1")])
    box = Box.initial(p)
    for game, point in [(1, "setup"), (1, "end"), (2, "setup")]:
        rec, box = read(p, box, game, point, never)
        assert rec["cards"] == [] and rec["waiting"] == "p1", (game, point)
    rec, box = read(p, box, 2, "end", never)
    assert rec["cards"] == ["p1", "c1"] and rec["waiting"] is None and not box.ended
    # at the set-up only: after game 2 has ended, the set-up of game 3 is the first such point
    q = pack([card("p1", halt="pause", until_game=2, at="setup"), card("c1")])
    rec, _ = read(q, Box.initial(q), 2, "end", never)
    assert rec["cards"] == []
    rec, _ = read(q, Box.initial(q), 3, "setup", never)
    assert rec["cards"] == ["p1", "c1"]


def test_the_stop_card_ends_the_story_L162():
    p = pack([card("c1"), card("end", halt="stop")])
    rec, box = read(p, Box.initial(p), 1, "setup", never)
    assert rec["cards"] == ["c1", "end"] and rec["stopped"] and box.ended
    rec, box = read(p, box, 1, "end", never)
    assert rec["cards"] == [] and rec["orders"] == []
    with pytest.raises(ContentError, match="'c2' follows the stop card 'end' and would never be read"):
        pack([card("end", halt="stop"), card("c2")])


def test_instructions_on_the_game_just_ended_take_their_branch_L117():
    do = {"if": {"event_revealed": "demo-gold-rush"}, "then": [{"add_events": ["demo-gold-rush"]}],
          "else": [{"add_events": ["demo-coal-strike"]}]}
    p = pack([card("c1", do)])
    rec, box = read(p, Box.initial(p), 1, "end", lambda cond, where: facts(events=("demo-gold-rush",)).holds(cond))
    assert "demo-gold-rush" in box.events and "demo-coal-strike" not in box.events
    rec, box = read(p, Box.initial(p), 1, "end", lambda cond, where: facts().holds(cond))
    assert "demo-coal-strike" in box.events and "demo-gold-rush" not in box.events
    assert rec["orders"][0]["from"] == "c1"


@pytest.mark.parametrize("cond, yes, no", [
    ({"event_revealed": "demo-gold-rush"}, {"events": ("demo-gold-rush",)}, {"events": ("demo-bank-panic",)}),
    ({"route_claimed": ["Detroit", "Chicago"]}, {"routes": (("Chicago", "Detroit"),)}, {"routes": (("Albany", "Boston"),)}),
    ({"ticket_completed": 4}, {"tickets": (1, 4)}, {"tickets": (1, 5)}),
    ({"winner_company": "red"}, {"winner_company": "red"}, {"winner_company": "blue"}),
    ({"slip_at_least": 20}, {"slips": (5, 20)}, {"slips": (19, 3)}),
    ({"players_at_least": 3}, {"players": 3}, {"players": 2}),
])
def test_each_condition_tests_its_fact_L117(cond, yes, no):
    p = pack([card("c1", {"if": cond, "then": [{"note": "yes"}], "else": [{"note": "no"}]})])
    for fact, want in ((yes, "yes"), (no, "no")):
        rec, _ = read(p, Box.initial(p), 1, "end", lambda c, w, f=fact: facts(**f).holds(c))
        assert rec["orders"][0]["note"] == want, (cond, fact)


def test_a_campaign_takes_the_branch_its_own_game_decides_L117(tmp_path):
    do = {"if": {"slip_at_least": 1}, "then": [{"note": "rich"}], "else": [{"note": "poor"}]}
    c = new(tmp_path, pack([card("p1", halt="pause", until_game=1), card("c1", do)]))
    play_until(c, 1, "end")
    f = c.facts(1)
    slips = {row["total"] for (g, _), row in c._snap.slips.items() if g == 1}
    assert f.game == 1 and set(f.slips) == slips
    assert c._snap.readings[1, "end"]["orders"][0]["note"] == ("rich" if max(slips) >= 1 else "poor")
    g1 = c._snap.games[0]
    assert Facts.from_dict(g1["result"]["facts"]) == f  # kept with the game's result


def test_a_condition_read_at_game_1_set_up_is_refused_L117():
    p = pack([card("c1", {"if": {"winner_company": "red"}, "then": [{"note": "x"}]})])
    with pytest.raises(CampaignError, match="story card 'c1' is read at game 1's set-up and asks whether "
                                            "the red company won, but no game has ended then"):
        check_pack_games(p)


# ----------------------------------------------------------------- changes

def test_stickers_for_some_games_come_off_after_them_L206(tmp_path):
    sticker = {"number": 4, "kind": "route_bonus", "amount": 1, "label": "Rush"}
    p = pack([card("p1", halt="pause", until_game=1, at="end"),
              card("c1", {"add_steps": [sticker], "for_games": 2})])  # read at the end of game 1
    c = new(tmp_path, p)
    steps = {}
    while c.number <= 4 and c.phase != FINISHED:
        if c.phase == READY:
            steps[c.number] = [s.number for s in c.start_game().replay_options()["setup"].steps]
        play_until(c, c.number, "end")
    assert steps == {1: [3, 12], 2: [3, 4, 12], 3: [3, 4, 12], 4: [3, 12]}
    # read at a set-up, the game being set up is the first of them
    q = pack([card("c1", {"add_steps": [sticker], "for_games": 1})])
    _, box = read(q, Box.initial(q), 1, "setup", never)
    assert box.expiry == {4: 1}
    box.begin(2)
    assert [s.number for s in box.steps] == [3, 12]


def test_events_tickets_and_the_company_bonus_change_as_the_story_says_L168():
    p = pack([card("c1", {"add_events": ["demo-gold-rush"], "remove_events": ["demo-dividend-day"],
                          "company_bonus": 7, "retire_tickets": [1, 2]}),
              card("c2", {"restore_tickets": [1]})])
    _, box = read(p, Box.initial(p), 1, "setup", never)
    assert "demo-gold-rush" in box.events and "demo-dividend-day" not in box.events
    assert box.removed == [{"event": "demo-dividend-day", "game": 1, "by": "story", "player": None}]
    assert box.company_bonus == 7 and box.retired_tickets == [2]


def test_a_story_card_that_joins_the_game_as_an_event_L160_LW_S7(tmp_path):
    """Rulebook 160: a card read is removed for good "unless it joins the game, e.g. as a new event
    card". Entered as an event with the card's own id, added by the card itself (LW-S7)."""
    data = copy.deepcopy(DEMO.source)
    data["events"].append({"id": "c1", "name": "The card itself (test)", "kind": "lightning", "effect": "gain_all",
                           "amount": 1, "text": "side B of c1"})
    data.update(name="story-test", story=[card("c1", {"add_events": ["c1"]})], boxes=[], between_games=[])
    p = parse_pack(data, "test pack")
    c = new(tmp_path, p)
    c.start_game()
    assert "c1" in c.box.events and "c1" in {e.id for e in c.live_game().replay_options()["setup"].events}
    assert [r["id"] for r in c.status()["story"]["read"]] == ["c1"]
    c.close()


def test_a_claim_step_number_holds_one_rule_L206():
    p = pack([card("c1", {"add_steps": [{"number": 3, "kind": "route_fee", "amount": 1}]})])
    with pytest.raises(ContentError, match=r"story card 'c1': claim step number\(s\) \[3\] already hold a rule"):
        read(p, Box.initial(p), 1, "setup", never)


# ------------------------------------------------------------------- boxes

BOXES = [{"id": "west", "name": "Frontier box: the West", "kind": "frontier", "text": "SECRET-WEST",
          "do": [{"add_events": ["demo-gold-rush"]}]},
         {"id": "tools", "name": "The conductor's toolbox", "kind": "toolbox", "text": "SECRET-TOOLS"}]


def test_an_opened_box_is_public_and_carries_out_its_contents_L190(tmp_path):
    p = pack([card("c1"), card("p1", halt="pause", until_game=1, at="end"), card("c2", {"open_box": "west"})], BOXES)
    c = new(tmp_path, p)
    c.start_game()
    assert [(b["id"], b["open"]) for b in c.status()["boxes"]] == [("west", False), ("tools", False)]
    assert "text" not in c.status()["boxes"][0]  # a closed box shows its name alone
    play_until(c, 1, "end")
    b = c.status()["boxes"][0]
    assert b["open"] and b["text"] == "SECRET-WEST" and b["opened_in"] == 1
    assert "demo-gold-rush" in c.box.events
    q = pack([card("c1", {"open_box": "west"}), card("c2", {"open_box": "west"})], BOXES)
    with pytest.raises(ContentError, match="story card 'c2': opens box 'west', which is already open"):
        read(q, Box.initial(q), 1, "setup", never)


def test_unread_cards_and_closed_boxes_show_nowhere_L91(tmp_path):
    """Two packs that differ only in what has not been revealed give the same status, JSON and
    screen, and the same game views."""
    def made(secret):
        story = [card("c1"), card("p1", halt="pause", until_game=3),
                 card("c2", {"open_box": "west"}, a=f"{secret}-A", b=f"{secret}-B")]
        boxes = copy.deepcopy(BOXES)
        boxes[0]["text"] = f"{secret}-BOX"
        return pack(story, boxes)

    outs = []
    for i, secret in enumerate(("HIDDEN-ONE", "HIDDEN-TWO")):
        path = tmp_path / f"c{i}.db"
        c = Campaign.create(path, PLAYERS[:2], pack=made(secret), seed=3, durable=False)
        play_until(c, 2, "setup")
        status = json.dumps(c.status(), sort_keys=True)
        view = json.dumps(c.live_game().view(0), sort_keys=True)
        c.close()
        screen = CliRunner().invoke(main, ["campaign", "status", str(path)]).output.replace(f"c{i}.db", "F")
        assert secret not in status + view + screen
        outs.append((status, view, screen))
    assert outs[0] == outs[1]


# -------------------------------------------------------------- the pack

def test_a_pack_is_checked_on_every_branch_L117():
    clash = {"if": {"winner_company": "red"}, "then": [{"note": "fine"}],
             "else": [{"add_steps": [{"number": 12, "kind": "route_fee", "amount": 1}]}]}
    p = pack([card("p1", halt="pause", until_game=1, at="end"), card("c1", clash)])
    with pytest.raises(CampaignError, match=r"game 1's end \(story\): story card 'c1': claim step number\(s\) \[12\] "
                                            r"already hold a rule; on the branch where after game 1, the red company "
                                            r"won: no"):
        check_pack_games(p)
    # the same sticker number on two branches that exclude each other is fine
    both = {"if": {"winner_company": "red"},
            "then": [{"add_steps": [{"number": 6, "kind": "route_fee", "amount": 1}]}],
            "else": [{"add_steps": [{"number": 6, "kind": "route_bonus", "amount": 1}]}]}
    check_pack_games(pack([card("p1", halt="pause", until_game=1, at="end"), card("c1", both)]))


def test_the_demo_pack_exercises_the_story_and_every_branch_is_checked():
    p = DEMO
    assert p.story and all(c.demo for c in p.story) and all(b.demo for b in p.boxes.values())
    halts = [c.halt for c in p.story]
    assert "pause" in halts and halts[-1] == "stop"
    assert {b.kind for b in p.boxes.values()} == {"frontier", "toolbox"}
    text = json.dumps(p.source)
    for word in ('"if"', '"for_games"', '"open_box"', '"restore_tickets"', '"retire_tickets"', '"remove_events"',
                 '"gives": "cards"', '"office"', '"vault"', '"remove": true', '"add_rules"', '"company_trains"', '"company_bonuses"', '"route_cards"', '"cities"', '"max_length": 3'):
        assert word in text
    check_pack_games(p)


@pytest.mark.parametrize("story, boxes, message", [
    ([card("c1", {"open_box": "nope"})], [], "story card 'c1': opens box 'nope', which 'boxes' does not define"),
    ([card("c1", {"add_events": ["nope"]})], [], r"story card 'c1': unknown event id\(s\) \['nope'\]"),
    ([card("c1", {"if": {"event_revealed": "nope"}, "then": [{"note": "x"}]})], [], "story card 'c1': if: unknown event"),
    ([card("c1", {"note": "x", "then": [{"note": "y"}]})], [], "'then' and 'else' need an 'if'"),
    ([card("c1", {"if": {"winner_company": "red"}, "note": "x"})], [], "a branch \\('if'\\) holds 'then' and 'else' only"),
    ([card("c1", {"for_games": 2, "note": "x"})], [], "'for_games' says how long the stickers of 'add_steps', 'add_rules' and 'public_tickets' last"),
    ([card("c1", halt="pause")], [], "pause card 'c1' needs 'until_game'"),
    ([card("c1"), card("c1")], [], r"story: card id\(s\) \['c1'\] used twice"),
    ([card("c1", {"if": {}, "then": [{"note": "x"}]})], [], "a condition needs at least one of"),
])
def test_malformed_story_entries_are_refused_with_their_entry(story, boxes, message):
    with pytest.raises(ContentError, match=message):
        pack(story, boxes)


@pytest.mark.parametrize("do, message", [
    ({"retire_tickets": [999]}, "story card 'c1': no ticket 999 on the board"),
    ({"if": {"route_claimed": ["Chicago", "Tombstone"]}, "then": [{"note": "x"}]}, "story card 'c1': if: no city 'Tombstone'"),
    ({"if": {"ticket_completed": 999}, "then": [{"note": "x"}]}, "story card 'c1': if: no ticket 999"),
])
def test_story_references_to_the_board_are_checked(do, message):
    with pytest.raises(CampaignError, match=message):
        check_pack_games(pack([card("c1", do)]))


def test_a_format_1_pack_has_no_story():
    data = copy.deepcopy(DEMO.source)
    data["format"] = "ttr-legacy-pack/1"
    with pytest.raises(ContentError, match="story, boxes and frontiers need format 'ttr-legacy-pack/2'"):
        parse_pack(data)
    data.update(story=[], boxes=[], frontiers=[], postcards=[])
    assert parse_pack(data).story == ()


# ---------------------------------------------------------- the campaign file

def test_a_version_1_campaign_file_gains_the_readings_and_goes_on(tmp_path):
    path = tmp_path / "old.db"
    c = Campaign.create(path, PLAYERS[:2], pack="demo", seed=2, durable=False)
    play_until(c, 1, "end")
    c.close()
    conn = sqlite3.connect(path)  # as ttr wrote it before the story: no readings, no facts
    conn.execute("DROP TABLE readings")
    conn.execute("DROP TABLE packs")
    conn.execute("UPDATE meta SET value = '1' WHERE key = 'schema_version'")
    row = json.loads(conn.execute("SELECT result_json FROM games WHERE game = 1").fetchone()[0])
    want = row.pop("facts")
    conn.execute("UPDATE games SET result_json = ? WHERE game = 1", (json.dumps(row),))
    conn.commit()
    conn.close()
    c = Campaign.open(path)
    assert c.facts(1) == Facts.from_dict(want)  # replayed from the stored actions
    assert c.status()["story"]["read"] == []
    play_until(c, 3, "end")  # the story is read from the next reading point on
    assert c.status()["story"]["read"]
    c.close()
    assert sqlite3.connect(path).execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone() == ("2",)


def test_reopening_replays_the_story_exactly(tmp_path):
    c = new(tmp_path, DEMO, n=3, seed=5)
    play_until(c, 7, "setup")
    before = c.status()
    c.close()
    c = Campaign.open(tmp_path / "c.db")
    assert c.status() == before
    assert before["story"]["read"] and any(b["open"] for b in before["boxes"])


# ------------------------------------------------- content entered as it comes

def dump(path) -> dict:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        return {t: sorted(conn.execute(f"SELECT * FROM {t}")) for t in tables}
    finally:
        conn.close()


def test_a_group_adds_content_between_games_and_loses_nothing_L123(tmp_path):
    first = pack([card("c1"), card("p1", halt="pause", until_game=2, at="end")])
    c = new(tmp_path, first)
    play_until(c, 1, "end")
    before = dump(tmp_path / "c.db")
    more = pack([card("c1"), card("p1", halt="pause", until_game=2, at="end"), card("c2", {"add_events": ["demo-gold-rush"]}),
                 card("end", halt="stop")], title="Entered after game 1")
    assert c.update_pack(more) == 2
    after = dump(tmp_path / "c.db")
    assert {t: v for t, v in after.items() if t not in ("campaign", "packs")} == \
           {t: v for t, v in before.items() if t not in ("campaign", "packs")}  # nothing of the past changed
    assert [json.loads(r[3])["title"] for r in after["packs"]] == [first.title]  # the old pack is kept
    assert c.pack.title == "Entered after game 1"
    play_until(c, 2, "end")
    assert [r["id"] for r in c.status()["story"]["read"]] == ["c1", "p1", "c2", "end"]
    assert "demo-gold-rush" in c.box.events
    c.close()
    c = Campaign.open(tmp_path / "c.db")  # and it reopens as it was
    assert c.status()["story"]["ended"]


def test_a_pack_update_that_breaks_the_past_changes_nothing_L123(tmp_path):
    c = new(tmp_path, pack([card("c1"), card("p1", halt="pause", until_game=3)]))
    c.start_game()
    with pytest.raises(CampaignError, match="only between games"):
        c.update_pack(pack([card("c1")]))
    play_until(c, 1, "end")
    before = dump(tmp_path / "c.db")
    with pytest.raises(CampaignError, match="has read the story cards c1; the pack's story must begin with them"):
        c.update_pack(pack([card("c0"), card("c1")]))
    data = copy.deepcopy(DEMO.source)
    met = c._snap.games[0]["discard"] or c.box.events
    data.update(name="story-test", story=[card("c1")], boxes=[], between_games=[],
                events=[e for e in data["events"] if e["id"] != met[0]],
                start_events=[e for e in data["start_events"] if e != met[0]])
    with pytest.raises(CampaignError, match=f"has met {met[0]}"):
        c.update_pack(parse_pack(data))
    assert dump(tmp_path / "c.db") == before


def test_cli_update_pack(tmp_path):
    path = tmp_path / "c.db"
    c = new(tmp_path, DEMO)
    c.close()
    f = tmp_path / "mine.json"
    data = copy.deepcopy(DEMO.source)
    data.update(name="mine", title="Mine")
    f.write_text(json.dumps(data))
    res = CliRunner().invoke(main, ["campaign", "update-pack", str(path), str(f)])
    assert res.exit_code == 0 and "Content pack mine (Mine) plays from game 1 on: 13 story cards, 3 boxes" in res.output
    f.write_text("{")
    res = CliRunner().invoke(main, ["campaign", "update-pack", str(path), str(f)])
    assert res.exit_code == 1 and "not JSON" in res.output


# ------------------------------------------------------------- the arc

def test_status_shows_the_campaigns_arc_per_year(tmp_path):
    c = new(tmp_path, DEMO, n=3, seed=5)
    play_until(c, 3, "end")
    arc = c.status()["arc"]
    assert [r["year"] for r in arc] == [1865, 1868, 1871, 1874][:len(arc)] and all(r["over"] for r in arc[:3])
    for r in arc[:3]:
        k = r["game"]
        assert r["slips"] == {name: slip for (g, name), slip in c.slips().items() if g == k}  # money per year
        assert r["slips"][r["winner"]] == max(r["slips"].values())  # (ties: L5's tie-breaks)
        assert r["story"] == [x["id"] for x in c.box.read if x["game"] == k]
        assert len(r["events_revealed"]) == len(c._snap.games[k - 1]["discard"]) + len(c.facts(k).gone)
    assert arc[1]["boxes_opened"] == ["The conductor's toolbox"]  # the demo's story opens it after game 2
    c.close()
    out = CliRunner().invoke(main, ["campaign", "status", str(tmp_path / "c.db")]).output
    assert "The campaign so far" in out and "1868:" in out and "opened The conductor's toolbox" in out


def test_status_draws_the_arc(tmp_path):
    pytest.importorskip("matplotlib")
    c = new(tmp_path, DEMO, n=2, seed=5)
    play_until(c, 2, "end")
    c.close()
    png = tmp_path / "arc.png"
    res = CliRunner().invoke(main, ["campaign", "status", str(tmp_path / "c.db"), "--plot", str(png)])
    assert res.exit_code == 0 and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 10_000


# ------------------------------------------------------- offices and vaults

def test_an_office_gives_money_and_cards_at_the_companys_next_set_up_L152():
    from ttr.editions.legacy.pack import default_setup
    s = default_setup(2)
    s = s.from_dict({**s.to_dict(), "office_money": [["black", 7]], "office_cards": [["blue", 3]]})
    g = ttr.new_game("legends-west", 2, seed=3, setup=s)
    block = g.view(None, legal=False)["edition"]
    assert g.money == [5, 12] and block["ledger"] == [[0, 1, 7, "office"]]
    assert [sum(h) for h in g.hands] == [4 + 3, 4] and block["event_discard"] == []  # no event at set-up (L2)
    assert ttr.load_game(ttr.save_game(g)).money == [5, 12]


def test_offices_fill_between_games_and_empty_at_their_companys_next_set_up_L152(tmp_path):
    p = pack([card("p1", halt="pause", until_game=1, at="end"),
              card("c1", {"office": [{"to": "each", "money": 2}, {"to": "last", "cards": 1}]})])
    c = new(tmp_path, p, n=3)
    play_until(c, 1, "end")
    last = c.facts(1).last_company
    offices = {co["company"]: co["office"] for co in c.status()["companies"]}
    assert {k: (o["money"], o["cards"]) for k, o in offices.items()} == \
           {co: (2, 1 if co == last else 0) for co in ("blue", "red", "green")}
    away = next(pl.name for pl in c.players if pl.company != last)
    g = c.start_game(absent=[away])
    setup = g.replay_options()["setup"]
    here = set(setup.companies)
    assert dict(setup.office_money) == {co: 2 for co in here}
    assert dict(setup.office_cards) == ({last: 1} if last in here else {})
    offices = {co["company"]: co["office"] for co in c.status()["companies"]}
    assert all(offices[co]["money"] == 0 for co in here)                  # taken out at set-up step 2
    assert offices[c.player(away).company]["money"] == 2                  # an absent company keeps its own


def test_vault_items_count_at_the_campaigns_end_L229(tmp_path):
    p = pack([card("p1", halt="pause", until_game=1, at="end"),
              card("c1", {"vault": [{"to": "winner", "money": 25, "note": "gold"}]})])
    c = new(tmp_path, p)
    play_until(c, 1, "end")
    winner = c.facts(1).winner_company
    row = next(co for co in c.status()["companies"] if co["company"] == winner)
    assert row["vault_items"] == [{"money": 25, "note": "gold", "game": 1}]
    assert all(r["items"] == 0 for r in c.standings()["ranking"])  # not counted before the end
    play_until(c, 12, "end")
    final = {r["company"]: r for r in c.standings()["ranking"]}
    assert final[winner]["items"] == 25
    assert final[winner]["vault"] == sum(x["slip"] for x in final[winner]["games"] if x) + 25


def test_giving_to_the_last_games_winner_at_game_1s_set_up_is_refused():
    p = pack([card("c1", {"vault": [{"to": "winner", "money": 5}]})])
    with pytest.raises(CampaignError, match="gives to the winner of the last game, but no game has ended"):
        check_pack_games(p)


def test_a_sticker_naming_cities_sets_up_after_a_reading():
    p = pack([card("c1", {"add_steps": [{"number": 15, "kind": "route_cards", "amount": 1,
                                         "cities": ["Mobile", "New Orleans"]}]})])
    _, box = read(p, Box.initial(p), 1, "setup", never)
    replay = Box.initial(p)
    replay.apply_reading(json.loads(json.dumps(read(p, Box.initial(p), 1, "setup", never)[0])))  # as stored
    from ttr.campaign.state import setup_for
    for b in (box, replay):
        g = ttr.new_game("legends-west", 2, seed=1, setup=setup_for(p, 1, b, ("blue", "red")))
        assert [s.cities for s in g.replay_options()["setup"].steps if s.number == 15] == [("Mobile", "New Orleans")]


def test_a_rule_of_play_read_from_the_story_holds_for_the_companies_it_names_L437():
    p = pack([card("c1", {"add_rules": [{"place": "T", "to": "red", "label": "Red depot",
                                         "extra": {"label": "Red depot", "money": 2},
                                         "trade": {"cards": 2, "draw": 1}}]})])
    _, box = read(p, Box.initial(p), 1, "setup", never)
    replay = Box.initial(p)
    replay.apply_reading(json.loads(json.dumps(read(p, Box.initial(p), 1, "setup", never)[0])))  # as stored
    from ttr.campaign.state import setup_for

    def whom(who, where):
        return [who]  # a company colour names that company
    for b in (box, replay):
        s = setup_for(p, 1, b, ("blue", "red"), (), whom)
        assert [(r.place, r.companies, r.extra.money, r.trade.draw) for r in s.play_rules] == [("T", ("red",), 2, 1)]
        g = ttr.new_game("legends-west", 2, seed=1, setup=s)
        assert g.replay_options()["setup"].play_rules == s.play_rules
        assert setup_for(p, 1, b, ("blue", "black"), (), whom).play_rules == ()  # red is not at the table


# ------------------------------------------------------ a second pack, whole

SECOND = Path(__file__).parent / "packs" / "second.json"


def test_the_second_pack_plays_a_whole_campaign_from_the_cli(tmp_path):
    """tests/packs/second.json exercises the story otherwise than the demo: pauses at a set-up, a
    box that opens another, conditions on routes, tickets and players, a sticker whose kind and
    length depend on the branch, items for the caboose and for a colour, an event that removes
    itself, an absent player."""
    path = str(tmp_path / "c.db")
    run = CliRunner().invoke
    assert run(main, ["campaign", "new", path, "--player", "Ann:blue", "--player", "Bob:black", "--player", "Cy:red",
                      "--pack", str(SECOND), "--seed", "8"]).exit_code == 0
    assert run(main, ["campaign", "play", path, "--bots", "random", "--games", "5", "--absent", "Cy"]).exit_code == 0
    res = run(main, ["campaign", "play", path, "--bots", "random"])
    assert res.exit_code == 0, res.output
    with Campaign.open(path) as c:
        s = c.status()
        assert s["phase"] == "finished" and s["story"]["ended"]
        assert [r["id"] for r in s["story"]["read"]] == [card.id for card in c.pack.story]
        opened = {b["id"] for b in s["boxes"] if b["open"]}
        depot = ("Albany", "New York") in c.facts(2).routes  # read at game 3's set-up: game 2 decides
        assert opened == {"t-annex"} | ({"t-depot", "t-tools"} if depot else set())
        setups = {g["game"]: g["setup"] for g in c._snap.games}
        rush = [k for k, st in setups.items() if any(x["number"] == 7 for x in st["steps"])]
        three = c.facts(5).players >= 3  # games 1-5 were played without Cy: 2 players
        assert not three and rush == [6, 7]  # the 2-player branch: a sticker for 2 games
        assert [x["kind"] for x in setups[6]["steps"] if x["number"] == 7] == ["route_cards"]
        events = {k: [e["id"] for e in st["events"]] for k, st in setups.items()}
        assert "t-boom" in events[9] and "t-boom" not in events[8]  # the story added it after game 8
        rules = {k: [(r["place"], r["companies"]) for r in st["play_rules"]] for k, st in setups.items()}
        assert [k for k, r in rules.items() if r] == [3, 4, 5] and rules[3] == [("V", ["black"])]  # 3 games (206)
        cursed = [k for k, st in setups.items() if any(x["number"] == 21 and x["icon"] == "skull" for x in st["steps"])]
        assert cursed == list(range(2, 13))  # the skull sticker after game 1 (L210): icons counted from game 2
        assert setups[1]["card_icons"] == setups[12]["card_icons"] != []
        assert all("t-flood" not in events[k] for k in range(9, 13))  # and took the flood out for good
        assert [r["by"] for r in c.box.removed if r["event"] == "t-convoy"] in ([], ["event"], ["caboose"])
        bond = 4 in c.facts(5).tickets  # ticket 4 completed in game 5: a bond for red, else it is retired
        assert [k for k, st in setups.items() if 4 in st["retired_tickets"]] == ([] if bond else [6, 7, 8])
        final = {r["player"]: r for r in c.standings()["ranking"]}
        cards = sum(c.pack.postcards[e["id"]].reward.vault for e in c.box.postcards if e["done"] and e["company"] == "red")
        assert final["Cy"]["items"] == (5 if bond else 0) + cards  # and the postcards Cy met (vault rewards)
        assert final["Cy"]["games"][0]["absent"] and len([g for g in final["Cy"]["games"] if g]) == 12
    flat = " ".join(run(main, ["campaign", "status", path]).output.split())  # (lines wrap at 80 columns)
    assert "opened Frontier box: the annex (test)" in flat
    assert "Train cards with icons: 3 black with a skull, 1 wild with a skull, 1 green with a pickaxe." in flat
    assert "21 Cursed cards (per card with a skull spent)" in flat
    assert bool(re.search(r"Vaults include what their items are worth: [^.]*Cy \$", flat)) == (bond or cards > 0)


# ------------------------------------------------ rule stickers off the claim steps

def test_a_set_up_sticker_gives_every_game_while_in_force_L245(tmp_path):
    p = pack([card("p1", halt="pause", until_game=1, at="end"),
              card("c1", {"add_rules": [{"place": "B", "to": "each", "money": 3, "cards": 1, "label": "Investors"}],
                          "for_games": 2})])
    c = new(tmp_path, p)
    money = {}
    for k in (1, 2, 3, 4):
        g = c.start_game()
        money[k] = (g.view(None)["edition"]["money"], [p["hand_size"] for p in g.view(None)["players"]])
        play_until(c, k, "end")
    assert money[1] == ([5, 5], [4, 4])
    assert money[2] == money[3] == ([8, 8], [5, 5])  # games 2 and 3: $3 and a card each, at set-up
    assert money[4] == ([5, 5], [4, 4])              # then the sticker comes off (LW-S3)
    assert c.status()["rules"] == []


def test_an_end_of_game_sticker_banks_money_after_every_game_L437(tmp_path):
    p = pack([card("c1", {"add_rules": [{"place": "end-5", "to": "winner", "money": 4, "label": "Prize"}]})])
    c = new(tmp_path, p)
    play_until(c, 2, "end")
    got = [(i["company"], i["money"], i["game"]) for i in c.box.vault_items]
    assert got == [(c.facts(1).winner_company, 4, 1), (c.facts(2).winner_company, 4, 2)]
    flat = " ".join(CliRunner().invoke(main, ["campaign", "status", str(tmp_path / "c.db")]).output.split())
    assert "Rule stickers: end step 5 Prize: winner puts $4 in the vault." in flat
    twice = pack([card("c1", {"add_rules": [{"place": "end-5", "to": "each", "money": 1}]}),
                  card("c2", {"add_rules": [{"place": "end-5", "to": "last", "money": 2}]})])
    with pytest.raises(ContentError, match=r"story card 'c2': the place\(s\) \['end-5'\] already hold a rule sticker"):
        read(twice, Box.initial(twice), 1, "setup", never)
    with pytest.raises(ContentError, match="cards belong to a set-up place"):
        pack([card("c1", {"add_rules": [{"place": "end-4", "to": "each", "cards": 1}]})])


def test_a_rule_of_play_is_in_force_in_the_campaigns_games_and_in_its_status_L437(tmp_path):
    p = pack([card("c1", {"add_rules": [{"place": "Q", "to": "each", "label": "Survey",
                                         "extra": {"label": "Survey", "draw": 2}},
                                        {"place": "R", "to": "caboose", "label": "Scrap",
                                         "trade": {"cards": 4, "money": 6}}], "for_games": 2})])
    c = new(tmp_path, p)
    g = c.start_game()
    caboose = c.status()["caboose"]
    holder = next(pl.company for pl in c.players if pl.name == caboose)
    assert [(r.place, r.companies) for r in g.replay_options()["setup"].play_rules] == [("Q", ("blue", "red")), ("R", (holder,))]
    flat = " ".join(CliRunner().invoke(main, ["campaign", "status", str(tmp_path / "c.db")]).output.split())
    assert "rule Q Survey: each may take an extra wild card on a claim for 2 cards (until game 2)" in flat
    assert "rule R Scrap: caboose may take as a turn, 4 cards for $6 (until game 2)" in flat


def test_a_set_up_sticker_for_the_last_games_winner_is_refused_at_game_1():
    p = pack([card("c1", {"add_rules": [{"place": "A", "to": "winner", "money": 1}]})])
    with pytest.raises(CampaignError, match="gives to the winner of the last game, but no game has ended"):
        check_pack_games(p)


def test_what_the_story_puts_in_an_office_at_a_set_up_waits_for_the_next_game_L229(tmp_path):
    """Set-up step 2 (the offices emptied) comes before step 7 (the story read): an office item
    read at a set-up is taken at the company's next one."""
    p = pack([card("c1", {"office": [{"to": "each", "money": 6}]}), card("p1", halt="pause", until_game=12)])
    c = new(tmp_path, p)
    assert c.start_game().view(None)["edition"]["money"] == [5, 5]                        # read at game 1's step 7: not this game's
    assert all(co["office"]["money"] == 6 for co in c.status()["companies"])
    play_until(c, 1, "end")
    assert c.start_game().view(None)["edition"]["money"] == [11, 11]                      # taken at game 2's step 2
    assert all(co["office"]["money"] == 0 for co in c.status()["companies"])
    c.close()
    with Campaign.open(tmp_path / "c.db") as again:              # replayed alike
        assert all(co["office"]["money"] == 0 for co in again.status()["companies"])
