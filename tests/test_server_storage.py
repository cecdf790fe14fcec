"""Storage on SQLite and on a real PostgreSQL: the schema is made by the migrations,
writes are all-or-nothing, two writers of one game cannot both append the same ply, games
come back from the database exactly, and two server processes on one PostgreSQL see each
other's moves (LISTEN/NOTIFY)."""
from __future__ import annotations

import itertools
import json
import random
import threading
import time

import pytest

import ttr
from ttr.server.storage import Conflict, GameRow, SeatRow, Store

from server_helpers import act, create, random_move, server, tokens, view, wait_for_humans


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'store.db'}"
    return request.getfixturevalue("pg_url")


def _row(gid: str) -> GameRow:
    return GameRow(gid, "usa", 2, 1, False, {}, "playing", 0, 0, "h" * 64, 1.0, 1.0, None,
                   [SeatRow(0, "human", None, None, "a" * 64), SeatRow(1, "bot", "random", None, None)])


def test_migrations_make_the_schema_and_reopening_keeps_it(db_url):
    s = Store(db_url)
    assert s.revision() == "0003"
    s.create_game(_row("g1"))
    s.close()
    s = Store(db_url)  # upgrading an up-to-date database changes nothing
    assert s.revision() == "0003" and s.game("g1").seats[1].bot == "random"
    s.close()


def test_one_ply_one_writer(db_url):
    s = Store(db_url)
    s.create_game(_row("g1"))
    s.append("g1", 0, 0, "keep 1 2", 2.0, to_move=1, status="playing", result=None)
    with pytest.raises(Conflict):
        s.append("g1", 0, 0, "keep 1 3", 3.0, to_move=1, status="playing", result=None)
    with pytest.raises(Conflict):
        s.append("g1", 5, 0, "pass", 3.0, to_move=1, status="playing", result=None)
    with pytest.raises(Conflict):
        s.pop("g1", 3, 4.0, to_move=0)
    assert [(a.n, a.text) for a in s.actions("g1")] == [(0, "keep 1 2")]
    assert s.game("g1").ply == 1 and s.game("g1").to_move == 1
    s.pop("g1", 0, 5.0, to_move=0)
    assert s.actions("g1") == [] and s.game("g1").ply == 0
    s.close()


def test_games_come_back_from_the_database_exactly(db_url, tmp_path):
    rng = random.Random(3)
    with server(tmp_path, db=db_url) as c:
        g = create(c, "europe", 3, kinds=["human", "greedy", "human"], seed=3)
        gid, tok = g["id"], tokens(g)
        for _ in range(60):
            v = view(c, gid)
            seat = v["view"]["current_player"]
            if seat not in tok:
                time.sleep(0.01)
                continue
            mine = view(c, gid, tok[seat])
            assert act(c, gid, tok[seat], random_move(mine, rng), mine["turn"]).status_code == 200
        while view(c, gid)["view"]["current_player"] not in tok:
            time.sleep(0.01)
        before = {s: view(c, gid, t) for s, t in tok.items()}
    with server(tmp_path, db=db_url) as c:  # a new server: the game is replayed from the database
        for s, t in tok.items():
            assert view(c, gid, t) == before[s]
        history = [a.text for a in c.service.store.actions(gid)]
        engine = ttr.replay("europe", 3, 3, history)
        assert before[0]["view"] == json.loads(json.dumps(engine.view(0)))


def test_two_servers_on_one_postgresql_see_each_others_moves(pg_url, tmp_path):
    with server(tmp_path, db=pg_url) as a, server(tmp_path, db=pg_url) as b:
        g = create(a, "usa", 2, seed=5)
        gid, tok = g["id"], tokens(g)
        assert view(b, gid, tok[1])["turn"] == 0  # b has it in memory now
        with b.websocket_connect(f"/ws/games/{gid}?token={tok[1]}") as ws:
            assert json.loads(ws.receive_text())["turn"] == 0
            mine = view(a, gid, tok[0])
            assert act(a, gid, tok[0], "keep " + mine["view"]["legal"][0]["texts"][0], 0).status_code == 200
            pushed = json.loads(ws.receive_text())  # b heard a's commit and rebuilt the game
            assert pushed["turn"] == 1 and pushed["log"][0]["kept"] == 2
        assert view(b, gid, tok[1]) == view(a, gid, tok[1])
        # a move through b on a's stale copy: b stores it, a hears of it
        mine = view(b, gid, tok[1])
        assert act(b, gid, tok[1], "keep " + mine["view"]["legal"][0]["texts"][0], 1).status_code == 200
        for _ in range(200):
            if view(a, gid)["turn"] == 2:
                break
            time.sleep(0.02)
        assert view(a, gid, tok[0]) == view(b, gid, tok[0])


def test_a_stale_copy_cannot_overwrite(pg_url, tmp_path):
    """Without the notification (it may come late), the database still refuses the second writer."""
    with server(tmp_path, db=pg_url) as a, server(tmp_path, db=pg_url) as b:
        g = create(a, "usa", 2, seed=6)
        gid, tok = g["id"], tokens(g)
        view(b, gid)
        b.service.refresh = lambda gid: None  # b stops listening
        mine = view(a, gid, tok[0])
        first = "keep " + mine["view"]["legal"][0]["texts"][0]
        assert act(a, gid, tok[0], first, 0).status_code == 200
        r = act(b, gid, tok[0], "keep " + mine["view"]["legal"][0]["texts"][-1], 0)
        assert r.status_code == 409 and r.json()["error"] == "stale-turn"
        assert [x.text for x in a.service.store.actions(gid)] == [first]
        assert view(b, gid, tok[0])["turn"] == 1  # b rebuilt its copy from the database


@pytest.fixture()
def held_bot(monkeypatch):
    """Bots that say when they start thinking (`thinking`) and move only once `go` is set."""
    from ttr.server import bots as server_bots
    thinking, go = threading.Event(), threading.Event()
    act_of = server_bots.ServerBot.act

    def slow(self, obs):
        thinking.set()
        assert go.wait(10)
        return act_of(self, obs)

    monkeypatch.setattr(server_bots.ServerBot, "act", slow)
    return thinking, go


def test_a_late_notice_does_not_drop_a_thinking_bots_move(db_url, tmp_path, held_bot):
    """A notice of a change this copy already holds (notices may come late) keeps the game as it is:
    the bot thinking on it plays its move (it used to be dropped, and nothing scheduled it again)."""
    thinking, go = held_bot
    with server(tmp_path, db=db_url) as a:
        g = create(a, "usa", 2, kinds=["random", "human"], seed=8)
        gid = g["id"]
        assert thinking.wait(10)  # the bot is choosing its first tickets
        game = a.service.live(gid).game
        a.service.refresh(gid)  # a late notice of the game's creation
        assert a.service.live(gid).game is game  # nothing changed: the copy is kept
        go.set()
        assert wait_for_humans(a, gid, tokens(g), timeout=10)["turn"] == 1


def test_a_thinking_bot_plays_on_the_same_position_rebuilt(tmp_path, held_bot):
    """If the game is rebuilt from the database while a bot thinks (a failed write elsewhere, another
    process), and the position is the same, the bot's move is played on the rebuilt game."""
    thinking, go = held_bot
    with server(tmp_path) as a:
        g = create(a, "usa", 2, kinds=["random", "human"], seed=9)
        gid = g["id"]
        assert thinking.wait(10)
        live = a.service.live(gid)
        with live.lock:
            a.service._reload(live)  # the same position, a new game object
        go.set()
        assert wait_for_humans(a, gid, tokens(g), timeout=10)["turn"] == 1


def test_two_servers_with_bots_on_postgresql_never_stall(pg_url, tmp_path):
    """A soak: humans move through either of two servers at random, bots fill the other seats; every
    human move is answered by the bots' moves (the stall: a bot's move dropped after a refresh)."""
    rng = random.Random(3)
    # one game in memory at a time: copies are dropped and loaded again, and notices come after loads
    with server(tmp_path, db=pg_url, cache_size=1) as a, server(tmp_path, db=pg_url, cache_size=1) as b:
        games = [create(a if i % 2 else b, "usa", 3, kinds=["human", "planner", "random"], seed=40 + i) for i in range(3)]
        moves = 0
        deadline = time.monotonic() + 15
        for g in itertools.cycle(games):
            if time.monotonic() > deadline:
                break
            gid, tok = g["id"], tokens(g)
            here = rng.choice((a, b))
            v = wait_for_humans(here, gid, tok, timeout=30)  # fails if the bots stalled (a stall lasts for good)
            if v["status"] == "over":
                continue
            mine = view(here, gid, tok[0])
            if not mine["view"]["legal"]:  # a stale copy showed seat 0 to move, then heard of the change
                continue
            r = act(here, gid, tok[0], random_move(mine, rng), mine["turn"])
            assert r.status_code in (200, 409), r.text  # 409: the other copy had not heard yet
            moves += r.status_code == 200
        assert moves >= 20


def test_a_notice_during_a_load_is_not_lost(pg_url, tmp_path):
    """The soak's stall: server b loads a game (reads the database, replays) while a stores a change;
    b hears of it before the copy is in memory. The notice must not be dropped: b's copy showed the
    old position (a bot to move) for good, since no other notice comes while a person is to move."""
    with server(tmp_path, db=pg_url) as a, server(tmp_path, db=pg_url) as b:
        g = create(a, "usa", 2, seed=11)
        gid, tok = g["id"], tokens(g)
        loading, resume, heard = threading.Event(), threading.Event(), threading.Event()
        replay, refresh = b.service._replay, b.service.refresh

        def held_replay(row, rows):  # the first load of b holds after reading the database
            out = replay(row, rows)
            if not loading.is_set():
                loading.set()
                assert resume.wait(10)
            return out

        def noted_refresh(gid):
            refresh(gid)
            heard.set()
        b.service._replay, b.service.refresh = held_replay, noted_refresh
        loader = threading.Thread(target=lambda: view(b, gid))
        loader.start()
        assert loading.wait(10)  # b has read the game at turn 0
        mine = view(a, gid, tok[0])
        assert act(a, gid, tok[0], "keep " + mine["view"]["legal"][0]["texts"][0], 0).status_code == 200
        assert heard.wait(10)  # b's listener handled the notice while the load was under way (the old code
        resume.set()           # dropped it: the game was not in memory yet)
        loader.join(10)
        for _ in range(250):
            if view(b, gid)["turn"] == 1:
                break
            time.sleep(0.02)
        assert view(b, gid)["turn"] == 1


def test_a_bot_scheduled_on_a_newer_position_than_the_copy_in_memory_plays(tmp_path):
    """A move stored through a copy dropped from memory meanwhile (cache_size=1), while an older copy
    was loaded in its place: the bot scheduled by that move finds the older copy, rebuilds it from the
    database and plays (it used to stand down, and nothing scheduled it again)."""
    with server(tmp_path, cache_size=1) as a:
        g = create(a, "usa", 2, kinds=["human", "random"], seed=12)
        gid, tok = g["id"], tokens(g)
        mine = view(a, gid, tok[0])
        a.service.schedule, schedule = None, a.service.schedule  # no bot started by the move: we start it below
        assert act(a, gid, tok[0], "keep " + mine["view"]["legal"][0]["texts"][0], 0).status_code == 200
        a.service.schedule = schedule
        live = a.service.live(gid)
        with live.lock:  # the copy in memory is one loaded before the move was stored
            live.install(*a.service._replay(live.row, []))
        assert a.service.live(gid).game.ply == 0
        schedule(gid, 1, True, None)  # what the move scheduled
        assert wait_for_humans(a, gid, tok, timeout=10)["turn"] == 2


def test_the_migrations_make_exactly_the_tables_the_code_uses(db_url):
    """schema.py (what the queries use) and the migrations (what the database gets) agree:
    a change to one without the other fails here."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from ttr.server.schema import metadata

    s = Store(db_url)
    with s.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), metadata)
    s.close()
    assert diff == []


def test_servers_starting_together_migrate_once(db_url):
    import threading
    stores, errors = [], []

    def open_store():
        try:
            stores.append(Store(db_url))
        except Exception as e:  # noqa: BLE001
            errors.append(e)
    threads = [threading.Thread(target=open_store) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and all(s.revision() == "0003" for s in stores)
    for s in stores:
        s.close()
