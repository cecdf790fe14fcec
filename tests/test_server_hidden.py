"""No response or WebSocket message for seat k changes when everything hidden from k is
re-dealt: the other seats' hands, tickets and ticket offers, the order of every pile, the
event deck, secret piece choices. Two servers hold the same public game, one with the real
hidden information and one re-dealt; every answer to seat k (and to spectators) must be the
same bytes."""
from __future__ import annotations

import copy
import itertools
import json
import random
import zlib

import pytest

import ttr
from ttr.agents import make_agent
from ttr.cards import CARD_INDEX

from server_helpers import server

MAPS = [("usa", 3), ("europe", 4), ("nordic", 3), ("world", 3), ("great-lakes", 2), ("legends-west", 3)]


def redeal(game: ttr.Game, seat: int | None, rng: random.Random) -> ttr.Game:
    """The same public position with everything hidden from `seat` (None: from everyone) re-dealt."""
    d = ttr.save_game(game)
    rules = game.rules
    others = [p for p in range(game.num_players) if p != seat]
    pile_keys = ["deck"] + (["ship_deck"] if d.get("ship_deck") is not None else [])
    for deck, key in enumerate(pile_keys):
        def mine(card, deck=deck):
            return rules.deck_of[CARD_INDEX[card]] == deck
        sizes = {p: sum(n for c, n in d["players"][p]["hand"].items() if mine(c)) for p in others}
        pool = [c for p in others for c, n in d["players"][p]["hand"].items() if mine(c) for _ in range(n)] + d[key]
        rng.shuffle(pool)
        for p in others:
            hand = {c: n for c, n in d["players"][p]["hand"].items() if not mine(c)}
            for c in pool[:sizes[p]]:
                hand[c] = hand.get(c, 0) + 1
            d["players"][p]["hand"], pool = hand, pool[sizes[p]:]
        d[key] = pool
    tickets = [t for p in others for t in d["players"][p]["tickets"] + d["players"][p]["offer"]] + d["ticket_pile"]
    rng.shuffle(tickets)
    for p in others:
        for what in ("tickets", "offer"):
            k = len(d["players"][p][what])
            d["players"][p][what], tickets = tickets[:k], tickets[k:]
    d["ticket_pile"] = tickets
    ed = rules.edition
    if d["phase"] == "choose-pieces":  # RS1: choices stay secret until all have chosen
        for p in others:
            if d["players"][p]["pieces_choice"] is not None:
                t = rng.randint(max(0, ed.pieces_total - ed.ships), min(ed.trains, ed.pieces_total))
                d["players"][p]["pieces_choice"] = [t, ed.pieces_total - t]
    if "edition" in d:
        rng.shuffle(d["edition"]["event_deck"])
    return ttr.load_game(d, verify=False)


def public_copy(game: ttr.Game, twin: ttr.Game) -> ttr.Game:
    """`twin` with `game`'s public log (everyone saw it; it also says whether the last action
    revealed anything, which the engine's undo rule reads). A loaded game starts a new log, so
    the record is copied over: a test's reach into the Python engine."""
    from ttr.engine.log import LogRecord
    mine = game._log  # type: ignore[attr-defined]
    log = LogRecord(mine.start)
    log.turns, log.drawn, log.events = list(mine.turns), list(mine.drawn), copy.deepcopy(mine.events)
    twin._log = log  # type: ignore[attr-defined]
    twin.drawn = game.drawn  # type: ignore[attr-defined]  # (the log counts the real game's draws)
    return twin


def footprint(game: ttr.Game) -> tuple:
    """What drawing or revealing anything hidden changes, as everyone sees it: the piles' sizes."""
    v = game.view(None, legal=False)
    ed = v["edition"] or {}
    return (tuple(p["size"] for p in v["decks"].values()), v["ticket_pile_size"], ed.get("event_deck_size"),
            tuple(sum(p["discard"].values()) for p in v["decks"].values()))


class Pair:
    """Two servers whose ids, tokens and clock are the same."""

    def __init__(self, a, b):
        self.a, self.b = a, b
        for c in (a, b):
            counter = itertools.count()
            c.service.new_id = lambda counter=counter: f"g{next(counter)}"
            tokens = itertools.count()
            c.service.new_token = lambda tokens=tokens: f"t{next(tokens):031d}"
            c.service.clock = lambda: 1000.0

    def install(self, map_name, players, seed, real: ttr.Game, twin: ttr.Game) -> dict:
        out = None
        for c, g in ((self.a, real), (self.b, twin)):
            r = c.post("/api/games", json={"map": map_name, "players": players, "seed": seed,
                                           "seats": [{"kind": "human"}] * players})
            out = r.json()
            live = c.service.live(out["id"])
            with live.lock:
                live.install(g, [1000.0] * g.ply)
                live.row.ply = g.ply
            for n, (s, text) in enumerate(zip(g.seats, g.history)):  # the stored history, for undo and moves
                c.service.store.append(out["id"], n, s, text, 1000.0, to_move=0, status="playing", result=None)
        return out

    def same(self, method: str, url: str, **kw) -> bytes:
        ra, rb = (getattr(c, method)(url, **kw) for c in (self.a, self.b))
        assert ra.status_code == rb.status_code, (url, ra.text, rb.text)
        assert ra.content == rb.content, (url, kw)
        return ra.content

    def same_ws(self, url: str, send: dict | None = None, replies: int = 1) -> None:
        with self.a.websocket_connect(url) as wa, self.b.websocket_connect(url) as wb:
            assert wa.receive_text() == wb.receive_text()
            if send is not None:
                wa.send_text(json.dumps(send))
                wb.send_text(json.dumps(send))
                for _ in range(replies):
                    assert wa.receive_text() == wb.receive_text()


def _check_seat(pair: Pair, gid: str, seat: int | None, token: str | None, game: ttr.Game, rng) -> None:
    q = {"token": token} if token else {}
    pair.same("get", f"/api/games/{gid}", params=q)
    pair.same("get", f"/api/games/{gid}/log", params=q)
    pair.same_ws(f"/ws/games/{gid}" + (f"?token={token}" if token else ""))
    if token is None:
        return
    turn = game.ply
    probes = [("claim 999 1red", turn), ("pass", turn + 1), ("keep 99999", turn)]
    if game.current_player != seat:
        probes.append(("draw deck", turn))  # not this seat's move: refused
    for action, t in probes:
        pair.same("post", f"/api/games/{gid}/actions", json={"token": token, "action": action, "turn": t})
    pair.same("post", f"/api/games/{gid}/undo", json={"token": token, "turn": turn})
    if game.current_player != seat or game.is_over:
        return
    quiet = [str(a) for a in game.legal_actions() if a.kind in ("keep", "pieces") or
             (a.kind in ("claim", "station") and not (a.kind == "claim" and game.rules.r_tunnel[a.target]))]
    if not quiet:
        return
    move = rng.choice(quiet[:200])
    probe = game.clone()
    before = footprint(probe)
    probe.apply(move)
    if footprint(probe) != before:
        return  # it drew a card (a refill, a Legacy big city): seat k's own view may differ
    pair.same_ws(f"/ws/games/{gid}?token={token}", {"type": "action", "action": move, "turn": turn, "id": 1}, 2)
    pair.same("get", f"/api/games/{gid}", params=q)


@pytest.mark.parametrize("map_name,players", MAPS)
def test_answers_to_a_seat_do_not_depend_on_what_it_cannot_see(tmp_path, map_name, players):
    rng = random.Random(zlib.crc32(map_name.encode()))
    seed = 31
    game = ttr.new_game(map_name, players, seed=seed)
    bots = [make_agent("planner", s) for s in range(players)]
    checkpoints = set(rng.sample(range(2, 60), 5)) | {0, 1}  # these planners' games last 70 plies or more
    checked = 0
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    with server(tmp_path / "a") as a, server(tmp_path / "b") as b:
        pair = Pair(a, b)
        for step in range(400):
            if game.is_over:
                break
            if step in checkpoints:
                for seat in [*range(players), None]:
                    twin = public_copy(game, redeal(game, seat, rng))
                    real = public_copy(game, ttr.load_game(ttr.save_game(game), verify=False))
                    created = pair.install(map_name, players, seed, real, twin)
                    token = created["seats"][seat]["token"] if seat is not None else None
                    _check_seat(pair, created["id"], seat, token, game, rng)
                    checked += 1
            p = game.current_player
            game.apply(bots[p].act(game.observe(p)))
    assert checked >= 3 * (players + 1)
