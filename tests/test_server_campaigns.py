"""Legacy campaigns on the server (docs/protocol.md, "Campaigns"): created, played game after game
with bots and people, the caboose holder's removal, restarts in and between games."""
from __future__ import annotations

import json
import random

import pytest
import sqlalchemy as sa

from campaign_server_helpers import new_campaign, play_game, player_tokens, same, start, status, wait_phase
from server_helpers import server, view
from ttr.campaign import Campaign
from ttr.campaign.store import Store
from ttr.server.schema import campaign_writes

ANN_BOB = [("Ann", "blue", "human"), ("Bob", "red", "planner")]


def _writes(client) -> int:
    with client.service.store.engine.connect() as c:
        return c.execute(sa.select(sa.func.count()).select_from(campaign_writes)).scalar()


def test_a_campaign_is_played_game_after_game_with_a_person_and_a_bot(tmp_path):
    with server(tmp_path) as client:
        made = new_campaign(client, ANN_BOB)
        cid, toks = made["id"], player_tokens(made)
        assert set(toks) == {"Ann"} and made["admin_token"]
        s = status(client, cid, toks["Ann"])
        assert (s["phase"], s["game"], s["you"], s["can_start"], s["game_id"]) == ("ready", 1, 0, True, None)
        assert s["status"]["seed"] is None  # the seed would tell every deck
        s = start(client, cid, toks["Ann"])
        g1 = s["game_id"]
        assert s["phase"] == "playing" and s["games"] == [{"game": 1, "id": g1}]
        v = view(client, g1, toks["Ann"])  # Ann's campaign token is her seat's token
        ref = _reference(5)
        ref.start_game()  # the same seats, setup and deal as ttr.campaign's own
        assert [x["name"] for x in v["seats"]] == [p.name for p in ref.seats]
        mine = json.loads(json.dumps(ref.game.view(v["seat"], legal=False)))
        assert v["view"]["map"] == "legends-west" and v["view"]["edition"] == mine["edition"]
        assert v["view"]["you"]["hand"] == mine["you"]["hand"]
        assert "seed" not in status(client, cid)["status"]["current_game"]
        s = play_game(client, cid, toks, random.Random(1))
        # the game's end is recorded: slips, the caboose to the last-placed player (Ann)
        assert s["phase"] == "removal" and s["status"]["caboose"] == "Ann"
        assert set(s["status"]["arc"][0]["slips"]) == {"Ann", "Bob"}
        mine = status(client, cid, toks["Ann"])
        assert mine["can_remove"] and not status(client, cid, made["admin_token"])["can_remove"]
        choice = mine["status"]["pending"]["choices"][-1]["id"]
        r = client.post(f"/api/campaigns/{cid}/removal", json={"token": toks["Ann"], "event": choice})
        assert r.status_code == 200, r.text
        s = r.json()
        assert s["phase"] == "ready" and s["game"] == 2
        assert s["status"]["events"]["removed"][0]["id"] == choice
        s = start(client, cid, made["admin_token"])  # the creator may start it too
        g2 = s["game_id"]
        assert g2 != g1 and s["games"][1] == {"game": 2, "id": g2}
        assert view(client, g2, toks["Ann"])["seat"] is not None  # the same token, the next game
        listed = client.get("/api/campaigns").json()
        assert [(c["id"], c["phase"], c["game"], c["game_id"]) for c in listed] == [(cid, "playing", 2, g2)]
        mine = client.post("/api/campaigns/mine", json={"tokens": [toks["Ann"]]}).json()
        assert [(c["id"], c["my_players"], c["creator"]) for c in mine] == [(cid, [0], False)]
        assert client.get(f"/api/games/{g2}/board").json()["cities"]


def _reference(seed: int) -> Campaign:
    """The same campaign kept by ttr.campaign alone, in memory."""
    return Campaign.create_in(lambda fill: Store.memory("ref", fill=fill), [(n, co) for n, co, _ in ANN_BOB], seed=seed)


def test_a_campaign_of_bots_plays_on_its_own_and_keeps_its_records(tmp_path):
    """All bots: each game plays itself, a bot holding the caboose removes its event (LW-C4), the
    next game waits for a start. The records equal those of the same campaign played by
    ttr.campaign with the same bots' moves."""
    with server(tmp_path) as client:
        made = new_campaign(client, [("Ann", "blue", "planner"), ("Bob", "red", "random")], seed=11)
        cid, admin = made["id"], made["admin_token"]
        for k in (1, 2, 3):
            start(client, cid, admin)
            s = wait_phase(client, cid, ("ready",))
            assert s["game"] == k + 1 and len(s["status"]["arc"]) == k
        removed = [r["player"] for r in s["status"]["events"]["removed"] if r["by"] == "caboose"]
        assert len(removed) == 3


@pytest.fixture(params=["sqlite", "postgresql"])
def new_db(request, tmp_path):
    """A function giving a fresh database URL: SQLite files, or PostgreSQL databases."""
    if request.param == "sqlite":
        names = iter(range(100))
        return lambda: f"sqlite:///{tmp_path / f'db{next(names)}.db'}"
    postgres = request.getfixturevalue("postgres")
    return postgres.new_database


def test_a_restart_in_a_game_and_between_games_loses_nothing(tmp_path, new_db):
    """Two people: nothing moves unless they do. The server is restarted in the middle of game 1,
    after its end, after the removal and in game 2; each time the campaign reads back as it was
    (every player's and a spectator's status, the game's views), and it goes on as the same
    campaign played without restarts."""
    people = [("Ann", "blue", "human"), ("Bob", "red", "human")]

    def run(restarts: bool):
        db = new_db()
        ctx = server(tmp_path, db)
        client = ctx.__enter__()
        made = new_campaign(client, people, seed=3)
        cid, toks = made["id"], player_tokens(made)
        rng = random.Random(7)

        def snapshot():
            s = status(client, cid)
            gid = s["games"][-1]["id"]
            return ([status(client, cid, t) for t in toks.values()] + [s],
                    [view(client, gid, t) for t in toks.values()] + [view(client, gid)])

        seen = []

        def checkpoint():
            nonlocal client, ctx
            before = snapshot()
            if restarts:
                ctx.__exit__(None, None, None)
                ctx = server(tmp_path, db)
                client = ctx.__enter__()
                assert snapshot() == before
            seen.append(before)

        start(client, cid, toks["Bob"])
        play_game(client, cid, toks, rng, moves=12)
        checkpoint()
        s = play_game(client, cid, toks, rng)
        assert s["phase"] == "removal"
        checkpoint()
        holder = s["status"]["caboose"]
        r = client.post(f"/api/campaigns/{cid}/removal",
                        json={"token": toks[holder], "event": s["status"]["pending"]["choices"][0]["id"]})
        assert r.status_code == 200, r.text
        checkpoint()
        start(client, cid, toks["Ann"])
        play_game(client, cid, toks, rng, moves=6)
        checkpoint()
        ids = [cid] + [g["id"] for g in status(client, cid)["games"]]
        ctx.__exit__(None, None, None)
        return ids, seen

    ids, restarted = run(True)
    ids2, straight = run(False)
    assert len(restarted) == 4
    assert same({"x": restarted}, {"x": straight}, *ids, *ids2)


def test_a_crash_between_a_games_last_move_and_its_record_is_made_good_at_start(tmp_path):
    """The last move is stored, then the server dies before the campaign records the game's end (and
    before a bot removes its event): the next start records both, as they would have been."""
    db = f"sqlite:///{tmp_path / 'c.db'}"
    with server(tmp_path, f"sqlite:///{tmp_path / 'ref.db'}") as client:
        made = new_campaign(client, ANN_BOB, seed=9)
        start(client, made["id"], made["admin_token"])
        ref = play_game(client, made["id"], player_tokens(made), random.Random(2))
        ref_id, ref_games = made["id"], [g["id"] for g in ref["games"]]
    with server(tmp_path, db) as client:
        made = new_campaign(client, ANN_BOB, seed=9)
        cid, toks = made["id"], player_tokens(made)
        start(client, cid, made["admin_token"])
        client.service.on_over = lambda gid: None  # the crash: the end is never recorded by this process
        gid = status(client, cid)["game_id"]
        from server_helpers import play_out
        from campaign_server_helpers import humans_of
        before = _writes(client)
        play_out(client, gid, humans_of(client, gid, toks), random.Random(2))
        assert _writes(client) == before  # the moves are the game's rows, not the campaign's log
    with server(tmp_path, db) as client:
        s = status(client, cid)
        assert s["phase"] == ref["phase"] and same(s["status"], ref["status"], cid, gid, ref_id, *ref_games)


def test_a_crash_between_a_games_start_and_its_server_game_is_made_good(tmp_path, monkeypatch):
    from ttr.server.campaigns import CampaignService
    db = f"sqlite:///{tmp_path / 'd.db'}"
    with server(tmp_path, db) as client:
        made = new_campaign(client, ANN_BOB, seed=4)
        cid = made["id"]

        class Crash(Exception):
            pass

        def crash(self, h):
            raise Crash("the process dies here")
        with monkeypatch.context() as m:
            m.setattr(CampaignService, "_create_game", crash)
            with pytest.raises(Crash):
                client.app.state.campaigns.start(cid, made["admin_token"], [])
    with server(tmp_path, db) as client:
        s = status(client, cid, player_tokens(made)["Ann"])
        assert s["phase"] == "playing" and s["game_id"] and view(client, s["game_id"], player_tokens(made)["Ann"])


def test_a_whole_campaign_of_bots_is_played_through_the_server_and_its_board_grows(tmp_path):
    """Issue 24, "Done when": the demo pack's 12 games, bots in every seat, started one by one; the
    board of game 12 (the map its game is played on) has more cities than game 1's (rulebook 451)."""
    with server(tmp_path) as client:
        made = new_campaign(client, [("Ann", "blue", "planner"), ("Bob", "red", "greedy"), ("Cy", "green", "random")],
                            seed=12)
        cid, admin = made["id"], made["admin_token"]
        for k in range(1, 13):
            assert status(client, cid)["game"] == k
            start(client, cid, admin, absent=["Cy"] if k == 5 else [])
            s = wait_phase(client, cid, ("ready", "finished"))
        assert s["phase"] == "finished" and s["status"]["seed"] == 12  # the seed is told once it is over
        assert [r["player"] for r in s["status"]["standings"]["ranking"]]
        boards = [client.get(f"/api/games/{g['id']}/board").json() for g in s["games"]]
        assert len(boards[11]["cities"]) > len(boards[0]["cities"]) == 23  # the board of 1865
        grown = [len(b["cities"]) for b in boards]
        assert grown == sorted(grown) and client.get(f"/api/campaigns/{cid}/board").json() == boards[11]
        assert s["status"]["board"]["cities"] == grown[11]
        r = client.post(f"/api/campaigns/{cid}/games", json={"token": admin})
        assert r.status_code == 409 and "finished" in r.json()["detail"]


def test_an_undo_in_a_campaign_game_is_the_campaigns_too(tmp_path):
    """The game's stored actions are the campaign's: a move taken back is gone from the campaign's
    game as well (it is rebuilt from its log and the game's actions)."""
    from server_helpers import act, random_move
    with server(tmp_path) as client:
        made = new_campaign(client, [("Ann", "blue", "human"), ("Bob", "red", "human")], seed=6)
        cid, toks = made["id"], player_tokens(made)
        gid = start(client, cid, toks["Ann"])["game_id"]
        from campaign_server_helpers import humans_of
        humans, rng = humans_of(client, gid, toks), random.Random(5)
        for _ in range(200):
            seat = view(client, gid)["view"]["current_player"]
            mine = view(client, gid, humans[seat])
            assert act(client, gid, humans[seat], random_move(mine, rng), mine["turn"]).status_code == 200
            mine = view(client, gid, humans[seat])
            if mine["can_undo"]:
                break
        else:
            raise AssertionError("no move could be taken back")
        ply = mine["turn"]
        assert status(client, cid)["status"]["current_game"]["actions"] == ply
        r = client.post(f"/api/games/{gid}/undo", json={"token": humans[seat], "turn": ply})
        assert r.status_code == 200, r.text
        assert status(client, cid)["status"]["current_game"]["actions"] == ply - 1 == view(client, gid)["turn"]
