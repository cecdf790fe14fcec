"""Nothing unrevealed leaves the server (issue 24, item 2; rulebook 91, 115, 137, 190): two
campaigns that differ only in what the players have not seen yet (a story card not read, a closed
box's contents) answer every request with the same bytes, and no answer holds the hidden text."""
from __future__ import annotations

import copy
import itertools
import json
import random

from campaign_server_helpers import humans_of, new_campaign, player_tokens, start, status, wait_phase
from server_helpers import act, random_move, server, view, wait_for_humans
from ttr.editions.legacy.pack import load_pack, parse_pack

SECRET_CARD, SECRET_BOX = "Zanzibar express (secret)", "Quetzal lode (secret)"


def _pack(variant: bool):
    """The demo pack; the variant changes a story card of game 6 and the West frontier box."""
    data = copy.deepcopy(load_pack("demo").source)
    if variant:
        card = next(c for c in data["story"] if c["id"] == "1880-01a")
        card["a"], card["b"] = SECRET_CARD, SECRET_CARD
        box = next(b for b in data["boxes"] if b["id"] == "frontier-west")
        box["text"] = SECRET_BOX
    return parse_pack(data, where="test pack")


def _run(tmp_path, monkeypatch, variant: bool) -> list[str]:
    """Every answer the players and a spectator get while Ann (a person) and Bob (a bot) play games
    1 and 2 (ids and tokens drawn from counters, and the clock stopped: the same in both runs)."""
    counter = itertools.count()
    monkeypatch.setattr("ttr.server.tokens.new_game_id", lambda: f"id{next(counter)}")
    monkeypatch.setattr("ttr.server.tokens.new_token", lambda: f"token{next(counter)}")
    out: list[str] = []
    name = "b" if variant else "a"
    with server(tmp_path, f"sqlite:///{tmp_path / name}.db") as client:
        client.app.state.campaigns.packs["demo"] = _pack(variant)
        client.service.clock = lambda: 1_800_000_000.0  # the same time stamps in both runs
        made = new_campaign(client, [("Ann", "blue", "human"), ("Bob", "red", "planner")], seed=21)
        out.append(json.dumps(made))
        cid, toks, admin = made["id"], player_tokens(made), made["admin_token"]

        def everything(gid=None):
            for t in (toks["Ann"], admin, None):
                out.append(json.dumps(status(client, cid, t)))
            out.append(client.get(f"/api/campaigns/{cid}/board").text)
            out.append(client.get("/api/campaigns").text)
            if gid:
                out.append(json.dumps(view(client, gid, toks["Ann"])))
                out.append(json.dumps(view(client, gid)))
                out.append(client.get(f"/api/games/{gid}/log", params={"token": toks["Ann"]}).text)
                with client.websocket_connect(f"/ws/games/{gid}?token={toks['Ann']}") as ws:
                    out.append(json.dumps(ws.receive_json()))

        rng = random.Random(4)
        for _game in (1, 2):
            everything()
            s = start(client, cid, toks["Ann"])
            gid = s["game_id"]
            humans = humans_of(client, gid, toks)
            while True:
                v = wait_for_humans(client, gid, humans)
                if v["status"] == "over":
                    break
                everything(gid)
                mine = view(client, gid, humans[v["view"]["current_player"]])
                r = act(client, gid, toks["Ann"], random_move(mine, rng), mine["turn"])
                assert r.status_code == 200, r.text
                out.append(r.text)
            s = wait_phase(client, cid, ("removal", "ready"))
            everything(gid)
            if s["phase"] == "removal":
                r = client.post(f"/api/campaigns/{cid}/removal",
                                json={"token": toks["Ann"], "event": s["status"]["pending"]["choices"][0]["id"]})
                assert r.status_code == 200, r.text
                out.append(r.text)
        everything()
    return out


def test_what_is_not_revealed_changes_no_answer(tmp_path, monkeypatch):
    plain = _run(tmp_path, monkeypatch, False)
    secret = _run(tmp_path, monkeypatch, True)
    assert len(plain) == len(secret) > 50
    for a, b in zip(plain, secret):
        assert a == b
    everything = "\n".join(secret)
    assert SECRET_CARD not in everything and SECRET_BOX not in everything
    assert json.loads(plain[-5])["game"] == 3  # two games were played


def test_a_players_status_shows_no_ones_hand_nor_the_seeds(tmp_path):
    with server(tmp_path) as client:
        made = new_campaign(client, [("Ann", "blue", "human"), ("Bob", "red", "human")], seed=8)
        cid, toks = made["id"], player_tokens(made)
        s = start(client, cid, toks["Ann"])
        for who in (toks["Ann"], toks["Bob"], None):
            st = status(client, cid, who)["status"]
            assert st["seed"] is None and "seed" not in st["current_game"]
            for seat in st["current_game"]["seats"]:  # counts, never cards or tickets
                assert set(seat) == {"seat", "player", "company", "money", "trains_left", "tickets"}
                assert isinstance(seat["tickets"], int)
        gid = s["game_id"]
        assert client.get(f"/api/games/{gid}/replay").status_code == 409  # the game's seed: only once it is over


def test_a_postcards_secret_side_goes_to_its_holder_alone(tmp_path, monkeypatch):
    """The place kept for postcards (issue 24, rulebook 196-202): a player's status is the campaign's
    status as that player (`status(as_player=name)`: their postcards' secret sides); the creator and
    spectators get the public one."""
    from ttr.campaign import Campaign
    plain = Campaign.status
    cards = [("Ann", "Go west", "Denver"), ("Bob", "By rail", "Omaha")]

    def with_postcards(self, as_player=None):
        return {**plain(self), "postcards": {"left": 5, "drawn": [
            {"holder": who, "public": public, "secret": secret if who == as_player else None}
            for who, public, secret in cards]}}
    monkeypatch.setattr(Campaign, "status", with_postcards)
    with server(tmp_path) as client:
        made = new_campaign(client, [("Ann", "blue", "human"), ("Bob", "red", "human")], seed=8)
        cid, toks = made["id"], player_tokens(made)
        seen = {who: status(client, cid, tok)["postcards"]["drawn"] for who, tok in
                (("Ann", toks["Ann"]), ("Bob", toks["Bob"]), ("creator", made["admin_token"]), ("spectator", None))}
    assert [c["secret"] for c in seen["Ann"]] == ["Denver", None]
    assert [c["secret"] for c in seen["Bob"]] == [None, "Omaha"]
    for who in ("creator", "spectator"):
        assert [c["secret"] for c in seen[who]] == [None, None]
        assert [c["public"] for c in seen[who]] == ["Go west", "By rail"]
