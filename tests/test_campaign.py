"""The 12-game Legacy campaign (ttr/campaign, `ttr campaign`): docs/campaign.md."""
from __future__ import annotations

import copy
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

import ttr
from ttr.campaign import (
    FINISHED,
    PLAYING,
    READY,
    REMOVAL,
    Campaign,
    CampaignError,
    bot_action,
    play,
)
from ttr.campaign.state import game_seed
from ttr.campaign.store import SCHEMA_VERSION
from ttr.cli import main
from ttr.editions import get_ruleset
from ttr.editions.legacy.content import LegacySetup
from ttr.editions.legacy.pack import YEARS, load_pack
from ttr.errors import IllegalActionError

PLAYERS = [("Ann", "blue"), ("Bob", "red"), ("Cy", "green"), ("Di", "yellow"), ("Ed", "black")]
DEMO = load_pack("demo")


def new(tmp_path, n=3, seed=1, pack="demo", name="c.db", **kw) -> Campaign:
    return Campaign.create(tmp_path / name, PLAYERS[:n], pack=pack, seed=seed, durable=False, **kw)


def finish_game(c: Campaign) -> int:
    """Random bots play the game in progress to its end; returns its number."""
    k = c.number
    while c.phase == PLAYING:
        c.apply(bot_action(c, "random"))
    return k


def until_removal(c: Campaign) -> None:
    """Play games (bot removals included) until an event removal is pending."""
    while True:
        if c.phase == READY:
            c.start_game()
        finish_game(c)
        if c.phase == REMOVAL:
            return
        assert c.phase == READY


def dump(path) -> dict:
    """Every row of every table (but the creation time), for comparing campaign files."""
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
        out = {t: sorted(conn.execute(f"SELECT * FROM {t}")) for t in tables}
    finally:
        conn.close()
    out["campaign"] = [r[:5] for r in out["campaign"]]
    return out


def pack_file(tmp_path, name="custom.json", **changes) -> Path:
    data = copy.deepcopy(DEMO.source)
    data["name"] = "custom"
    data.update(changes)
    p = tmp_path / name
    p.write_text(json.dumps(data))
    return p


# ------------------------------------------------------------ whole campaign

def test_whole_campaign_of_12_games_reaches_final_standings(tmp_path):
    c = new(tmp_path, n=3, seed=11)
    assert (c.phase, c.number, c.year) == (READY, 1, 1865)
    assert play(c, "random") == 12
    assert c.phase == FINISHED
    conn = sqlite3.connect(tmp_path / "c.db")
    rows = list(conn.execute("SELECT game, year, status FROM games ORDER BY game"))
    assert rows == [(k, 1865 + 3 * (k - 1), "done") for k in range(1, 13)]
    assert [r[1] for r in rows] == list(YEARS) and YEARS[-1] == 1898
    for k in range(1, 13):
        assert conn.execute("SELECT count(*) FROM actions WHERE game = ?", (k,)).fetchone()[0] > 0
    s = c.standings()
    assert s["final"] and len(s["ranking"]) == 3
    for r in s["ranking"]:  # the vault holds the 12 bank slips
        slips = [x["slip"] for x in r["games"]]
        assert len(slips) == 12 and all(x >= 0 for x in slips)
        assert r["vault"] == sum(slips) + r["items"]  # and what its vault items are worth (LW-S5)
        assert [x["year"] for x in r["games"]] == list(YEARS)
    vaults = [r["vault"] for r in s["ranking"]]
    assert vaults == sorted(vaults, reverse=True)
    assert s["winners"] == [r["player"] for r in s["ranking"] if r["vault"] == vaults[0]]
    st = c.status()
    assert st["phase"] == "finished" and st["games_done"] == 12 and st["standings"]["final"]
    assert {co["player"]: co["vault"] for co in st["companies"]} == {r["player"]: r["vault"] for r in s["ranking"]}
    with pytest.raises(CampaignError, match="finished"):
        c.start_game()


def test_slips_are_the_games_bank_slip_totals(tmp_path):
    c = new(tmp_path, n=2, seed=4)
    c.start_game()
    finish_game(c)
    conn = sqlite3.connect(tmp_path / "c.db")
    seed, setup = conn.execute("SELECT seed, setup_json FROM games WHERE game = 1").fetchone()
    history = [t for (t,) in conn.execute("SELECT text FROM actions WHERE game = 1 ORDER BY n")]
    g = ttr.replay("legends-west", 2, seed, history, setup=LegacySetup.from_dict(json.loads(setup)))
    assert g.is_over
    res = g.result()  # the game rebuilt from the file: its bank slips are the stored ones
    seats = dict(conn.execute("SELECT seat, player FROM seats WHERE game = 1"))
    slips = {p: (t, m, b, tp) for p, t, m, b, tp in conn.execute(
        "SELECT player, total, money_held, remaining_trains_bonus, ticket_points FROM slips WHERE game = 1")}
    for p in res["players"]:
        assert slips[seats[p["seat"]]] == (p["total"], p["money_held"], p["remaining_trains_bonus"], p["ticket_points"])
        assert p["total"] == max(0, p["money_held"] + p["remaining_trains_bonus"] + p["ticket_points"])


# ------------------------------------------------------------ crash and resume

def test_resume_after_stops_between_random_actions_equals_an_uninterrupted_run(tmp_path):
    ref = new(tmp_path, n=4, seed=23, name="ref.db")
    play(ref, "random")
    ref.close()
    path = tmp_path / "cut.db"
    new(tmp_path, n=4, seed=23, name="cut.db").close()
    rng = random.Random(5)
    stops = 0
    while True:
        c = Campaign.open(path, durable=False)  # a fresh process would see exactly this
        if c.phase == FINISHED:
            break
        play(c, "random", max_actions=rng.choice([0, 1, 2, 7, 40, 150]))
        stops += 1
        if rng.random() < 0.5:
            c.close()
        del c  # otherwise dropped without closing: committed actions are already in the file
    assert stops > 20
    assert dump(path) == dump(tmp_path / "ref.db")


def test_sigkill_mid_game_then_resume_equals_an_uninterrupted_run(tmp_path):
    ref = new(tmp_path, n=3, seed=8, name="ref.db")
    play(ref, "random", games=3)
    ref.close()
    path = tmp_path / "killed.db"
    new(tmp_path, n=3, seed=8, name="killed.db").close()
    code = f"from ttr.campaign import Campaign, play; play(Campaign.open({str(path)!r}), 'random', games=3)"
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 60
        seen = 0
        while time.time() < deadline and proc.poll() is None:
            try:
                probe = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
                seen = probe.execute("SELECT count(*) FROM actions WHERE game = 2").fetchone()[0]
                probe.close()
            except sqlite3.Error:
                pass
            if seen >= 10:
                break
            time.sleep(0.01)
        assert proc.poll() is None, "the campaign ended before it could be killed"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    finally:
        if proc.poll() is None:
            proc.kill()
    c = Campaign.open(path, durable=False)
    assert c.number == 2 and c.phase in (PLAYING, REMOVAL, READY)
    play(c, "random", games=3 - 1)
    c.close()
    assert dump(path) == dump(tmp_path / "ref.db")


def test_a_resumed_game_is_the_stored_game(tmp_path):
    c = new(tmp_path, n=2, seed=2)
    c.start_game()
    for _ in range(15):
        c.apply(bot_action(c, "random"))
    before = c.game
    c2 = Campaign.open(tmp_path / "c.db", lock=False)  # read only: c holds it
    after = c2.game
    assert after.history == before.history and list(after.encode()) == list(before.encode())
    assert after.view(None)["edition"]["event_discard"] == before.view(None)["edition"]["event_discard"] and after.seed == game_seed(2, 1)


# ------------------------------------------------------------ caboose

def test_caboose_goes_to_the_last_placed_player_who_starts_the_next_game(tmp_path):
    c = new(tmp_path, n=4, seed=3)
    play(c, "random", games=5)
    conn = sqlite3.connect(tmp_path / "c.db")
    order = [0, 1, 2, 3]
    for k in range(1, 6):
        res = json.loads(conn.execute("SELECT result_json FROM games WHERE game = ?", (k,)).fetchone()[0])
        seats = [p for (p,) in conn.execute("SELECT player FROM seats WHERE game = ? ORDER BY seat", (k,))]
        last = seats[res["last_place"]]
        assert res["players"][res["last_place"]]["rank"] == 4
        assert conn.execute("SELECT player, reason FROM caboose WHERE game = ? ORDER BY seq", (k,)).fetchall()[-1] \
            == (last, "last-place")
        if k < 5:
            nxt = [p for (p,) in conn.execute("SELECT player FROM seats WHERE game = ? ORDER BY seat", (k + 1,))]
            assert nxt[0] == last  # the holder starts; the others follow clockwise
            i = order.index(last)
            assert nxt == order[i:] + order[:i]
    assert c.caboose.idx == seats[res["last_place"]]
    assert [co["office"]["caboose"] for co in c.status()["companies"]].count(True) == 1


def test_first_caboose_is_a_random_player_fixed_by_the_seed(tmp_path):
    holders = set()
    for seed in range(8):
        c = new(tmp_path, n=5, seed=seed, name=f"s{seed}.db")
        again = Campaign.create(tmp_path / f"t{seed}.db", PLAYERS, seed=seed, durable=False)
        assert c.caboose == again.caboose
        holders.add(c.caboose.idx)
        g = c.start_game()
        assert c.seats[0] == c.caboose and g.current_player == 0
    assert len(holders) > 1


# ------------------------------------------------------------ event removal

def test_caboose_holder_removes_one_event_of_the_discard_for_good(tmp_path):
    c = new(tmp_path, n=2, seed=9)
    until_removal(c)
    k = c.number
    choices = c.pending_removal()
    assert choices and c.status()["pending"]["decision"] == "remove_event"
    assert c.status()["pending"]["player"] == c.caboose.name
    victim = choices[-1]
    c.remove_event(victim)
    assert c.phase == READY and c.number == k + 1
    assert victim not in c.box.events
    assert c.box.removed[-1] == {"event": victim, "game": k, "by": "caboose", "player": c.caboose.idx}
    conn = sqlite3.connect(tmp_path / "c.db")
    assert conn.execute("SELECT event_id, how FROM removals WHERE game = ?", (k,)).fetchone() == (victim, "chosen")
    g = c.start_game()
    assert victim not in [e.id for e in g.replay_options()["setup"].events]


def test_event_removal_errors_change_nothing(tmp_path):
    c = new(tmp_path, n=2, seed=9)
    with pytest.raises(CampaignError, match="no game is in progress|has not started"):
        c.remove_event("demo-gold-rush")
    until_removal(c)
    before = dump(tmp_path / "c.db")
    choices = c.pending_removal()
    outside = next(e for e in DEMO.events if e not in choices)
    with pytest.raises(CampaignError, match=f"{outside}.*not in game {c.number}'s event discard.*one of"):
        c.remove_event(outside)
    with pytest.raises(CampaignError, match="nonsense"):
        c.remove_event("nonsense")
    with pytest.raises(CampaignError, match="must first remove an event"):
        c.start_game()
    with pytest.raises(CampaignError, match="must first remove an event"):
        c.apply("anything")
    assert dump(tmp_path / "c.db") == before and c.phase == REMOVAL
    assert c.auto_remove() == choices[0]  # the bot rule: the earliest revealed
    with pytest.raises(CampaignError, match="cannot remove"):
        c.auto_remove()


def test_nothing_to_remove_when_the_event_discard_is_empty(tmp_path):
    p = pack_file(tmp_path, start_events=[], between_games=[])
    c = new(tmp_path, n=2, seed=1, pack=str(p))
    c.start_game()
    finish_game(c)
    assert c.phase == READY and c.number == 2  # no decision pending
    conn = sqlite3.connect(tmp_path / "c.db")
    assert conn.execute("SELECT event_id, how, player FROM removals WHERE game = 1").fetchone() == \
        (None, "empty", c.caboose.idx)


# ------------------------------------------------------------ between games

def test_pack_changes_apply_between_games(tmp_path):
    c = new(tmp_path, n=3, seed=5)
    setups = {}
    while c.phase != FINISHED:
        if c.phase == READY:
            g = c.start_game()
            setups[c.number] = g.replay_options()["setup"]
            assert [p["trains"] for p in g.view(None)["players"]] == [DEMO.trains[c.number - 1]] * 3  # from the pack
            assert g.replay_options()["setup"].year == YEARS[c.number - 1]
        finish_game(c)
        if c.phase == REMOVAL:
            c.auto_remove()
    story = {2, 11, 14, 15}  # the demo story's stickers (tests/test_campaign_story.py): here the pack's schedule alone
    steps = {k: [s.number for s in st.steps if s.number not in story] for k, st in setups.items()}
    assert steps[1] == steps[4 - 1] == [3, 12]
    assert steps[4] == [3, 6, 12] and steps[8] == [3, 6, 12, 16] and steps[10] == [3, 6, 10, 12, 16]
    assert [setups[k].company_bonus for k in range(1, 13)] == [3] * 5 + [4] * 7
    assert [setups[k].trains for k in range(1, 13)] == list(DEMO.trains)
    events = {k: {e.id for e in st.events} for k, st in setups.items()}
    assert "demo-gray-rail-grants" not in events[2] and "demo-gray-rail-grants" in events[3]
    assert "demo-bank-panic" in events[5] and "demo-coal-strike" in events[7] and "demo-gold-rush" in events[9]
    assert "demo-boiler-explosion" not in events[9]
    conn = sqlite3.connect(tmp_path / "c.db")
    assert [a for (a,) in conn.execute("SELECT after FROM changes ORDER BY after")] == [2, 3, 4, 5, 6, 7, 8, 9]
    st = c.status()
    assert [x["number"] for x in st["claim_steps"] if x["number"] not in story] == [3, 6, 10, 12, 16]
    assert st["company_bonus"] == 4


def test_a_pack_file_is_stored_in_the_campaign(tmp_path):
    ticket = get_ruleset("legends-west", 2).regular_tickets[0]
    p = pack_file(tmp_path, between_games=[{
        "after": 1, "note": "test change", "add_events": ["demo-gold-rush"], "remove_events": ["demo-dividend-day"],
        "add_steps": [{"number": 4, "kind": "route_fee", "amount": 1, "label": "Toll"}], "company_bonus": 9,
        "retire_tickets": [ticket]}])
    c = new(tmp_path, n=2, seed=2, pack=str(p))
    c.close()
    p.unlink()  # the campaign no longer needs the file
    c = Campaign.open(tmp_path / "c.db", durable=False, engine="python")  # (the pile below: the reference's)
    assert c.pack.name == "custom"
    c.start_game()
    finish_game(c)
    if c.phase == REMOVAL:
        c.remove_event(c.pending_removal()[0])
    g = c.start_game()
    s = g.replay_options()["setup"]
    assert "demo-gold-rush" in [e.id for e in s.events] and "demo-dividend-day" not in [e.id for e in s.events]
    assert [x.number for x in s.steps] == [3, 4, 12] and s.company_bonus == 9 and s.retired_tickets == (ticket,)
    assert ticket not in g.ticket_pile and all(ticket not in o for o in g.offers)
    assert c.box.removed[-1]["by"] in ("pack", "caboose")


def test_a_bad_pack_makes_no_campaign(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "ttr-legacy-pack/1"}')
    with pytest.raises(CampaignError, match="bad.json"):
        new(tmp_path, pack=str(bad))
    with pytest.raises(CampaignError, match="no such file"):
        new(tmp_path, pack=str(tmp_path / "missing.json"))
    assert not (tmp_path / "c.db").exists()


# ------------------------------------------------------------ absent players

def test_absent_players_sit_out_and_the_absent_holder_passes_the_caboose(tmp_path):
    c = new(tmp_path, n=4, seed=6)
    holder = c.caboose
    other = next(p for p in c.players if p != holder)
    g = c.start_game(absent=[holder.name, other.name.lower()])
    present = [p for p in c.players if p not in (holder, other)]
    assert g.num_players == 2 and len(c.seats) == 2
    assert {p.idx for p in c.seats} == {p.idx for p in present}
    assert c.caboose in present and c.seats[0] == c.caboose  # a random present player starts
    assert list(g.replay_options()["setup"].companies) == [p.company for p in c.seats]
    assert list(g.replay_options()["setup"].names) == [p.name for p in c.seats]
    conn = sqlite3.connect(tmp_path / "c.db")
    assert conn.execute("SELECT game, player, reason FROM caboose ORDER BY seq").fetchall()[-1] == \
        (1, c.caboose.idx, "holder-absent")
    assert sorted(p for (p,) in conn.execute("SELECT player FROM absences WHERE game = 1")) == \
        sorted([holder.idx, other.idx])
    st = c.status()["current_game"]
    assert sorted(st["absent"]) == sorted([holder.name, other.name]) and len(st["seats"]) == 2


def test_too_few_present_or_unknown_absent_changes_nothing(tmp_path):
    c = new(tmp_path, n=3, seed=6)
    before = dump(tmp_path / "c.db")
    with pytest.raises(CampaignError, match="at least 2 players"):
        c.start_game(absent=["Ann", "Bob"])
    with pytest.raises(CampaignError, match="no player 'Zed'"):
        c.start_game(absent=["Zed"])
    assert dump(tmp_path / "c.db") == before and c.phase == READY


@pytest.mark.parametrize("rule, amount", [("lowest", 0), ("average", 0), ("fixed", 17)])
def test_absent_games_pay_by_the_packs_rule_revealed_at_the_end(tmp_path, rule, amount):
    p = pack_file(tmp_path, absent={"rule": rule, "amount": amount, "demo": True})
    c = new(tmp_path, n=4, seed=12, pack=str(p))
    schedule = {1: ["Ann"], 2: ["Bob", "Cy"], 5: ["Ann"]}
    while c.phase != FINISHED:
        if c.phase == READY:
            c.start_game(absent=schedule.get(c.number, []))
        finish_game(c)
        if c.phase == REMOVAL:
            c.auto_remove()
        if c.number == 6 and c.phase == READY:  # mid-campaign: absences not paid, not even in the file
            s = c.standings()
            ann = next(r for r in s["ranking"] if r["player"] == "Ann")
            assert not s["final"] and ann["games"][0] is None and ann["games"][4] is None
            st = c.status()
            assert st["standings"] is None
            assert next(co for co in st["companies"] if co["player"] == "Ann")["vault"] == \
                sum(v for (_g, name), v in c.slips().items() if name == "Ann")
            conn = sqlite3.connect(tmp_path / "c.db")
            assert conn.execute("SELECT count(*) FROM awards").fetchone()[0] == 0
            conn.close()
    slips = c.slips()
    s = c.standings()
    rows = {r["player"]: r for r in s["ranking"]}
    for k, gone in schedule.items():
        played = [v for (g, _), v in slips.items() if g == k]
        expect = {"lowest": min(played), "average": sum(played) // len(played), "fixed": amount}[rule]
        for name in gone:
            assert rows[name]["games"][k - 1] == {"game": k, "year": YEARS[k - 1], "slip": expect, "absent": True}
    assert rows["Ann"]["vault"] == sum(x["slip"] for x in rows["Ann"]["games"]) + rows["Ann"]["items"]  # (LW-S5)
    conn = sqlite3.connect(tmp_path / "c.db")
    assert conn.execute("SELECT count(*) FROM awards").fetchone()[0] == 4
    assert all(x is not None for r in s["ranking"] for x in r["games"])


# ------------------------------------------------------------ actions

def test_an_illegal_action_writes_nothing(tmp_path):
    c = new(tmp_path, n=2, seed=3)
    with pytest.raises(CampaignError, match="no game is in progress"):
        c.apply("anything")
    c.start_game()
    for _ in range(5):
        c.apply(bot_action(c, "random"))
    before, n = dump(tmp_path / "c.db"), len(c.game.actions)
    legal = {str(a) for a in c.game.legal_actions()}
    claims = [f"claim {r} 9red" for r in range(40)] + [f"claim {r} 1black" for r in range(40)]
    illegal = next(t for t in claims if t not in legal)  # well-formed, not legal now
    for bad in ("not an action", illegal, "keep 1 2 3"):
        with pytest.raises(IllegalActionError):
            c.apply(bad)
    assert dump(tmp_path / "c.db") == before and len(c.game.actions) == n
    assert len(Campaign.open(tmp_path / "c.db", lock=False).game.actions) == n


def test_an_action_that_cannot_be_written_is_not_applied(tmp_path):
    c = new(tmp_path, n=2, seed=3)
    c.start_game()
    c.store.conn.execute("PRAGMA busy_timeout = 0")
    other = sqlite3.connect(tmp_path / "c.db", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another writer holds the file
    action = bot_action(c, "random")
    with pytest.raises(CampaignError, match="cannot write.*nothing was changed"):
        c.apply(action)
    assert c.game.actions == [] and c.phase == PLAYING
    other.execute("ROLLBACK")
    other.close()
    c.apply(action)
    assert Campaign.open(tmp_path / "c.db", lock=False).game.history == [str(action)]


def test_every_action_is_stored_as_played(tmp_path):
    c = new(tmp_path, n=3, seed=4)
    c.start_game()
    seen = []
    while c.phase == PLAYING:
        g = c.game
        a = bot_action(c, "random")
        seen.append((g.current_player, str(a)))
        c.apply(a)
    conn = sqlite3.connect(tmp_path / "c.db")
    assert conn.execute("SELECT seat, text FROM actions WHERE game = 1 ORDER BY n").fetchall() == seen


# ------------------------------------------------------------ files

def test_wrong_files_are_refused_and_left_alone(tmp_path):
    with pytest.raises(CampaignError, match="no campaign file"):
        Campaign.open(tmp_path / "missing.db")
    assert not (tmp_path / "missing.db").exists()
    text = tmp_path / "notes.txt"
    text.write_text("hello, not a database\n" * 10)
    with pytest.raises(CampaignError, match="not a campaign file"):
        Campaign.open(text)
    assert text.read_text() == "hello, not a database\n" * 10
    other = tmp_path / "other.db"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    conn.close()
    with pytest.raises(CampaignError, match="not a ttr campaign"):
        Campaign.open(other)
    conn = sqlite3.connect(other)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"  # not switched to WAL
    conn.close()
    with pytest.raises(CampaignError, match="is a directory"):
        Campaign.open(tmp_path)


def test_an_existing_file_is_never_overwritten_and_bad_players_make_no_file(tmp_path):
    text = tmp_path / "c.db"
    text.write_text("keep me")
    with pytest.raises(CampaignError, match="already exists"):
        new(tmp_path)
    assert text.read_text() == "keep me"
    bad = [([("Ann", "blue")], "2-5 players"), (PLAYERS + [("Fay", "blue")], "2-5 players"),
           ([("Ann", "blue"), ("Bob", "purple")], "unknown company colour 'purple'"),
           ([("Ann", "blue"), ("Bob", "blue")], "two players chose the blue company"),
           ([("Ann", "blue"), ("ann", "red")], "two players are named"),
           ([("Ann", "blue"), ("", "red")], "no name")]
    for players, msg in bad:
        with pytest.raises(CampaignError, match=msg):
            Campaign.create(tmp_path / "x.db", players)
        assert not (tmp_path / "x.db").exists()


def test_schema_version_and_damage_are_reported(tmp_path):
    c = new(tmp_path, n=2, seed=1)
    c.start_game()
    for _ in range(6):
        c.apply(bot_action(c, "random"))
    c.close()
    path = tmp_path / "c.db"
    conn = sqlite3.connect(path, isolation_level=None)
    assert conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()[0] == str(SCHEMA_VERSION)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.execute("UPDATE actions SET text = 'claim 1 red:1' WHERE n = 5")
    with pytest.raises(CampaignError, match="damaged: game 1 does not replay: history entry 5"):
        Campaign.open(path)
    conn.execute("DELETE FROM actions WHERE n = 2")
    with pytest.raises(CampaignError, match="damaged.*numbered"):
        Campaign.open(path)
    conn.execute("UPDATE campaign SET pack_json = '{}'")
    with pytest.raises(CampaignError, match="damaged"):
        Campaign.open(path)
    conn.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    with pytest.raises(CampaignError, match="schema version 99"):
        Campaign.open(path)
    conn.execute("DROP TABLE awards")
    conn.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(SCHEMA_VERSION),))
    with pytest.raises(CampaignError, match="awards missing"):
        Campaign.open(path)


def test_foreign_keys_are_enforced(tmp_path):
    c = new(tmp_path, n=2, seed=1)
    with pytest.raises(sqlite3.IntegrityError):
        c.store.conn.execute("INSERT INTO seats (game, seat, player) VALUES (1, 0, 0)")


# ------------------------------------------------------------ CLI

def run(*args):
    res = CliRunner().invoke(main, ["campaign", *map(str, args)])
    return res, res.output


def assert_clean_error(res, out, pattern, usage=False):
    """A one-line error (exit code 1), or with `usage` a usage error (exit code 2: usage, then the error)."""
    assert res.exit_code == (2 if usage else 1) and isinstance(res.exception, SystemExit), out
    assert "Traceback" not in out and "Error" in out
    assert __import__("re").search(pattern, out.strip().splitlines()[-1]), out
    if not usage:
        assert len(out.strip().splitlines()) == 1, out


def test_cli_new_play_status_end_to_end(tmp_path):
    f = tmp_path / "west.db"
    res, out = run("new", f, "--player", "Ann:blue", "--player", "Bob:red", "--player", "Cy:Green", "--seed", 4)
    assert res.exit_code == 0, out
    assert "seed 4" in out and "Cy (green)" in out and "caboose goes to" in out
    res, out = run("play", f, "--bots", "random", "--games", 2, "--no-sync")
    assert res.exit_code == 0, out
    assert "Game 1 (1865)" in out and "Game 2 (1868)" in out and "bank slips" in out and "caboose goes to" in out
    assert "Next: game 3 (1871)" in out
    res, out = run("status", f, "--json")
    s = json.loads(out)
    assert (s["phase"], s["game"], s["year"], s["games_done"]) == ("ready", 3, 1871, 2)
    assert {co["company"] for co in s["companies"]} == {"blue", "red", "green"}
    assert s["pending"]["decision"] == "start_game"
    res, out = run("status", f)
    assert res.exit_code == 0 and "Game 3 of 12 (1871)" in out and "Caboose:" in out and "3 Company route" in out
    with Campaign.open(f, durable=False) as c:  # a game in progress shows its progress
        c.start_game(absent=["Bob"])
        for _ in range(8):
            c.apply(bot_action(c, "random"))
    res, out = run("status", f)
    assert "Game in progress" in out and "Absent: Bob" in out
    res, out = run("play", f, "--bots", "random,greedy", "--no-sync")
    assert res.exit_code == 0, out
    assert "Resuming game 3 (1871) after 8 actions" in out and "Game 12 (1898)" in out
    assert "Final standings" in out and "Winner:" in out and "*: absent" in out
    res, out = run("status", f, "--json")
    s = json.loads(out)
    assert s["phase"] == "finished" and s["standings"]["final"]
    bob = next(r for r in s["standings"]["ranking"] if r["player"] == "Bob")
    assert bob["games"][2]["absent"]
    res, out = run("play", f, "--bots", "random")
    assert_clean_error(res, out, "finished")


def test_cli_errors_are_one_line_and_change_nothing(tmp_path):
    f = tmp_path / "c.db"
    res, out = run("new", f, "--player", "Ann:blue", "--player", "Bob:mauve")
    assert_clean_error(res, out, "unknown company colour 'mauve'", usage=True)
    res, out = run("new", f, "--player", "Ann:blue", "--player", "Bob:blue")
    assert_clean_error(res, out, "two players chose the blue company", usage=True)
    res, out = run("new", f, "--player", "Ann")
    assert res.exit_code != 0 and "NAME:COLOUR" in out
    assert not f.exists()
    res, out = run("status", tmp_path / "nope.db")
    assert_clean_error(res, out, "no campaign file")
    junk = tmp_path / "junk.txt"
    junk.write_text("junk" * 100)
    res, out = run("status", junk)
    assert_clean_error(res, out, "not a campaign file")
    res, out = run("play", junk)
    assert_clean_error(res, out, "not a campaign file")
    run("new", f, "--player", "Ann:blue", "--player", "Bob:red", "--player", "Cy:black", "--seed", 1)
    before = dump(f)
    res, out = run("play", f, "--absent", "Ann", "--absent", "Bob", "--bots", "random")
    assert_clean_error(res, out, "at least 2 players", usage=True)
    res, out = run("play", f, "--absent", "Zed", "--bots", "random")
    assert_clean_error(res, out, "no player 'Zed'", usage=True)
    res, out = run("play", f, "--bots", "nobot")
    assert_clean_error(res, out, "unknown bot 'nobot'", usage=True)
    res, out = run("new", f, "--player", "Ann:blue", "--player", "Bob:red")
    assert_clean_error(res, out, "already exists")
    assert dump(f) == before


def test_cli_remove_records_the_caboose_holders_choice(tmp_path):
    f = tmp_path / "c.db"
    c = new(tmp_path, n=2, seed=9)
    until_removal(c)
    k, holder, choices = c.number, c.caboose.name, c.pending_removal()
    c.close()
    res, out = run("status", f)
    assert "Pending:" in out and holder in out and choices[0] in out
    before = dump(f)
    res, out = run("remove", f, "demo-nope")
    assert_clean_error(res, out, "'demo-nope' is not in game .*'s event discard")
    assert dump(f) == before
    res, out = run("remove", f, choices[-1])
    assert res.exit_code == 0 and f"{holder} removes the event" in out, out
    with Campaign.open(f) as c:
        assert c.phase == READY and c.box.removed[-1]["event"] == choices[-1] and c.number == k + 1
    res, out = run("remove", f, choices[0])
    assert_clean_error(res, out, "cannot remove")


def test_a_human_plays_a_seat_at_the_terminal_and_every_move_is_stored(tmp_path):
    import io

    from rich.console import Console

    from ttr.campaign.play import bot_names, terminal_game
    c = new(tmp_path, n=2, seed=5)
    out = Console(file=io.StringIO(), width=120, force_terminal=False)
    typed = []

    def human_types(prompt):  # the human types a legal move's canonical text ("tickets" alone shows them: t)
        text = str(c.game.legal_actions()[-1])
        typed.append(text)
        return "t" if text == "tickets" else text

    removals = []

    def choose(c):
        removals.append(c.pending_removal()[-1])
        return removals[-1]

    ended = play(c, "random", games=1, human=0,
                 human_game=lambda c: terminal_game(c, 0, bot_names(c, "random"), out, human_types),
                 choose_removal=choose)
    assert ended == 1 and typed and c.number in (1, 2)
    log = out.file.getvalue()
    assert "Final result: Ticket to Ride Legacy" in log and "Traceback" not in log
    with Campaign.open(tmp_path / "c.db", lock=False) as again:  # every move of the game is in the file
        assert again._snap.games[0]["status"] in ("removal", "done")
        human_seat = again._snap.seats[1].index(0)
        stored = again.store.actions(1)
        assert [t for s, t in stored if s == human_seat] == typed  # exactly the moves typed, in order
        assert len(stored) > len(typed)                           # and the bots' moves between them


def test_a_human_who_quits_leaves_the_game_saved_and_bots_can_resume_it(tmp_path):
    import io

    from rich.console import Console

    from ttr.campaign.play import bot_names, terminal_game
    c = new(tmp_path, n=2, seed=6)
    out = Console(file=io.StringIO(), width=120)
    moves = iter(range(6))

    def human_types(prompt):
        next(moves)  # StopIteration after 6 moves ends input, like Ctrl-D
        return str(c.game.legal_actions()[0])

    def eof_after_six(prompt):
        try:
            return human_types(prompt)
        except StopIteration:
            raise EOFError from None

    ended = play(c, "random", human=1,
                 human_game=lambda c: terminal_game(c, 1, bot_names(c, "random"), out, eof_after_six))
    assert ended == 0 and c.phase == PLAYING and "Game abandoned; it is saved in the campaign" in out.file.getvalue()
    n = len(c.game.actions)
    c.close()
    with Campaign.open(tmp_path / "c.db", durable=False) as again:
        assert len(again.game.actions) == n  # nothing lost
        play(again, "random", games=1)       # bots finish it
        assert again._snap.games[0]["status"] != "playing"


def test_a_campaign_takes_an_engine_by_name(tmp_path):
    with pytest.raises(CampaignError, match="unknown engine 'fast'"):
        new(tmp_path, engine="fast")
    assert not (tmp_path / "c.db").exists()  # refused before any file is made
    c = new(tmp_path, n=2, seed=4, name="p.db", engine="python")
    assert type(c.start_game()).__name__ == "LegacyGame"  # the reference, though the core may hold the setup
    c.close()
    with pytest.raises(CampaignError, match="unknown engine"):
        Campaign.open(tmp_path / "p.db", engine="c++")
