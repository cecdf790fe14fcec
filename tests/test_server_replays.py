"""Imported replays (POST /api/replays, ttr-replay/1 files): a finished game, checked before
anything is stored, becomes a public replay (GET .../replay and .../replay/<ply>), a designer's own
board with it (served at /api/maps/file-<hash>); `ttr analyze` writes such files and `ttr replay`
serves them."""
from __future__ import annotations

import copy
import json

import pytest

from server_helpers import server
from ttr.analytics.board import from_file, shipped
from ttr.analytics.replays import play_again, write_games
from ttr.analytics.run import run
from ttr.formats import replay as replay_file
from ttr.maps import DATA


def finished(board, players=3, bots=("planner", "greedy"), games=4, seed=3) -> list[dict]:
    """Replay files of a small run's chosen games."""
    r = run(board, [players], list(bots), games, seed, workers=1)
    return r.rows


@pytest.fixture(scope="module")
def europe_files(tmp_path_factory):
    out = tmp_path_factory.mktemp("europe-replays")
    board = shipped("europe")
    rows = finished(board, games=20)  # enough for a flagged ticket that failed
    (out / "rows.json").write_text(json.dumps(rows))
    shown = write_games(rows, board, board.load(), out, "test")
    return out, shown


def read_rows(out):
    return json.loads((out / "rows.json").read_text())


@pytest.fixture(scope="module")
def map_file_files(tmp_path_factory):
    """A designer's board: Europe with Berlin–Frankfurt one space longer and a new title."""
    out = tmp_path_factory.mktemp("own-board")
    raw = json.loads((DATA / "europe.json").read_text())
    for r in raw["routes"]:
        if r["id"] == 2:  # Berlin-Frankfurt: 3 spaces become 4
            r["length"], r["spaces"] = 4, r["spaces"] + [r["spaces"][-1]]
    raw["title"] = "Europe, Berlin–Frankfurt longer"
    path = out / "my-europe.json"
    path.write_text(json.dumps(raw))
    board = from_file(str(path))
    shown = write_games(finished(board, 2, ("planner", "random")), board, board.load(), out, "test")
    return out, shown, raw


def test_analyze_chooses_games_and_writes_them_replayable(europe_files):
    out, shown = europe_files
    assert shown and any("longest" in d["why"] for d in shown) and any("lead changes" in d["why"] for d in shown)
    rows = read_rows(out)
    longest = max(r["turns"] for r in rows)
    assert [d["turns"] for d in shown if "longest" in d["why"]] == [longest]
    flagged = [d for d in shown if "flagged ticket" in d["why"]]
    assert len(flagged) == 1 and flagged[0]["ticket"] is not None
    t = flagged[0]["ticket"]
    assert any(t in r["tickets_kept"] and t not in r["tickets_done"] for r in rows if r["game"] == flagged[0]["game"])
    for d in shown:
        data = json.loads((out / d["file"]).read_text())
        r = replay_file.load(data)
        assert r.id == d["id"] and r.game.is_over and r.game.turn == d["turns"]
        assert r.bots == d["bots"] and r.board == "europe" and r.map is None


def test_an_imported_game_replays_in_the_viewer(tmp_path, europe_files):
    out, shown = europe_files
    d = shown[0]
    data = json.loads((out / d["file"]).read_text())
    with server(tmp_path, imports=True) as c:
        r = c.post("/api/replays", json=data)
        assert r.status_code == 201, r.text
        assert r.json() == {"id": d["id"], "created": True}
        again = c.post("/api/replays", json=data)
        assert again.status_code == 200 and again.json() == {"id": d["id"], "created": False}
        rec = c.get(f"/api/games/{d['id']}/replay")
        assert rec.status_code == 200, rec.text
        rec = rec.json()
        assert rec["history"] == data["save"]["history"] and rec["map"] == "europe"
        assert rec["result"]["players"][0]["total"] == data["save"]["players"][0]["score"] or rec["result"]
        steps = c.get(f"/api/games/{d['id']}/replay/{len(rec['history']) // 2}")
        assert steps.status_code == 200 and steps.json()["plies"] == len(rec["history"])
        over = c.get("/api/games", params={"status": "over"}).json()
        assert [g["id"] for g in over] == [d["id"]]
        assert [s["bot"] for s in over[0]["seats"]] == [b.split("#")[0] for b in d["bots"]]


def test_a_map_file_game_replays_with_its_board(tmp_path, map_file_files):
    out, shown, raw = map_file_files
    d = shown[0]
    data = json.loads((out / d["file"]).read_text())
    assert data["map"] == raw and data["edition"] == "europe"
    with server(tmp_path, imports=True) as c:
        assert c.post("/api/replays", json=data).status_code == 201
        rec = c.get(f"/api/games/{d['id']}/replay").json()
        assert rec["map"].startswith("file-")
        assert c.get(f"/api/maps/{rec['map']}").json() == raw
        last = c.get(f"/api/games/{d['id']}/replay/{len(rec['history'])}").json()
        assert last["view"]["phase"] == "over"
    with server(tmp_path) as c:  # the same database, a fresh process: the board is kept with the game
        rec = c.get(f"/api/games/{d['id']}/replay")
        assert rec.status_code == 200, rec.text
        assert c.get(f"/api/maps/{rec.json()['map']}").json() == raw


def broken(data: dict) -> list[tuple[str, dict]]:
    out = []
    for what, change in [
        ("format", lambda x: x.update(format="ttr-replay/9")),
        ("unknown field", lambda x: x.update(extra=1)),
        ("edition", lambda x: x.update(edition="mars")),
        ("bots", lambda x: x.update(bots=["planner"])),
        ("unknown bot", lambda x: x.update(bots=["wizard"] * len(x["bots"]))),
        ("save.seed", lambda x: x["save"].pop("seed")),
        ("history[", lambda x: x["save"]["history"].__setitem__(3, "claim 999 red")),
        ("not finished", lambda x: (x["save"]["history"].pop(), x["save"]["history_seats"].pop())),
        ("save.players differs", lambda x: x["save"]["players"][0].update(score=999)),
        ("map:", lambda x: x.update(map={"name": "x"})),
    ]:
        d = copy.deepcopy(data)
        change(d)
        out.append((what, d))
    return out


def test_a_bad_replay_is_refused_clearly_and_nothing_is_stored(tmp_path, europe_files):
    out, shown = europe_files
    data = json.loads((out / shown[0]["file"]).read_text())
    with server(tmp_path, imports=True) as c:
        for what, d in broken(data):
            r = c.post("/api/replays", json=d)
            assert r.status_code == 422, (what, r.text)
            assert what.split()[0].lower() in r.json()["detail"].lower(), (what, r.json())
        assert c.post("/api/replays", content=b"[1, 2]", headers={"content-type": "application/json"}).status_code == 422
        assert c.get("/api/games", params={"status": "over"}).json() == []


def test_a_server_takes_no_replays_unless_told(tmp_path, europe_files):
    out, shown = europe_files
    data = json.loads((out / shown[0]["file"]).read_text())
    with server(tmp_path) as c:
        r = c.post("/api/replays", json=data)
        assert r.status_code == 403 and "ttr replay" in r.json()["detail"]
        assert c.get("/api/games", params={"status": "over"}).json() == []


def test_a_game_played_again_is_the_game_recorded():
    board = shipped("usa")
    rows = finished(board, 2, ("planner", "greedy"), 2, 8)
    game = [r for r in rows if r["game"] == 1]
    g = play_again(board, game)
    assert g is not None and g.turn == game[0]["turns"]
    tampered = [dict(r, total=r["total"] + 1) for r in game]
    assert play_again(board, tampered) is None


def test_a_rule_variant_game_replays_under_its_rules(tmp_path):
    from ttr.editions.variants import parse_rules
    board = shipped("usa", parse_rules({"trains": 20, "route_points": {"6": 20}}))
    shown = write_games(finished(board, 2, ("planner",), 2, 4), board, board.load(), tmp_path, "test")
    data = json.loads((tmp_path / shown[0]["file"]).read_text())
    assert data["rules"] == {"route_points": {"6": 20}, "trains": 20}
    stock = dict(data, rules={})
    with server(tmp_path, imports=True) as c:
        assert c.post("/api/replays", json=stock).status_code == 422  # the stock rules do not give this game
        assert c.post("/api/replays", json=data).status_code == 201
        rec = c.get(f"/api/games/{shown[0]['id']}/replay").json()
        assert rec["map"] == "usa" and rec["options"]["board"]["rules"]["trains"] == 20
        assert c.get(f"/api/games/{shown[0]['id']}/replay/{len(rec['history'])}").json()["view"]["phase"] == "over"


@pytest.mark.parametrize("name", ["usa", "nordic", "world", "great-lakes", "legends-west"])
def test_every_board_replays(tmp_path, name):
    """Each edition's games import and replay to the end (Legacy keeps its setup in the options)."""
    board = shipped(name)
    shown = write_games(finished(board, 3, ("planner", "greedy", "random"), 3, 2), board, board.load(), tmp_path,
                        "test")
    with server(tmp_path, imports=True) as c:
        for d in shown:
            data = json.loads((tmp_path / d["file"]).read_text())
            assert c.post("/api/replays", json=data).status_code == 201, d
            rec = c.get(f"/api/games/{d['id']}/replay").json()
            assert rec["map"] == name and rec["result"]
            end = c.get(f"/api/games/{d['id']}/replay/{len(rec['history'])}").json()
            assert end["view"]["phase"] == "over"


def test_the_replay_command_refuses_clearly(tmp_path, europe_files):
    from click.testing import CliRunner

    from ttr.cli import main
    out, shown = europe_files
    runner = CliRunner()
    res = runner.invoke(main, ["replay", str(tmp_path / "nowhere")])
    assert res.exit_code == 2 and "no such file or folder" in res.output
    (tmp_path / "empty").mkdir()
    res = runner.invoke(main, ["replay", str(tmp_path / "empty")])
    assert res.exit_code == 2 and "no games to replay" in res.output
    bad = json.loads((out / shown[0]["file"]).read_text())
    bad["save"]["history"] = bad["save"]["history"][:-1]
    bad["save"]["history_seats"] = bad["save"]["history_seats"][:-1]
    (tmp_path / "game-1.json").write_text(json.dumps(bad))
    res = runner.invoke(main, ["replay", str(tmp_path / "game-1.json"), "--port", "0"])
    assert res.exit_code == 1 and "game-1.json: replay: the game is not finished" in res.output, res.output
