"""The observer of the research adapters: its layout, its bounds, no hidden information (the
tensors of a seat are the same in every world that seat cannot tell apart), and the same tensors
as before the engine's face."""
from __future__ import annotations

import hashlib
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import ttr
from ttr.adapters.core import Table
from ttr.formats.observation import Observer
from ttr.agents import make_agent
from ttr.agents.determinize import deal
from ttr.engine import HIDDEN, decode

from helpers import shuffle_hidden

MAPS = ["usa", "europe", "nordic", "world", "great-lakes", "legends-west"]
DOC = Path(__file__).resolve().parents[1] / "docs" / "research.md"


def _players(m: str) -> int:
    return 3 if m == "nordic" else 4


@pytest.mark.parametrize("map_name", MAPS)
def test_fields_tile_the_tensor(map_name):
    ob = Observer(ttr.get_ruleset(map_name, 3), history=True)
    stop = 0
    for f in ob.fields:
        assert f.start == stop and f.size > 0
        stop = f.stop
    assert stop == ob.size and ob.low.shape == ob.high.shape == ob.shape
    x = np.arange(ob.size, dtype=np.float32)
    parts = ob.split(x)
    assert np.array_equal(np.concatenate([parts[f.name].ravel() for f in ob.fields]), x)
    table = ob.describe()
    assert all(f"`{f.name}`" in table for f in ob.fields)


def test_sizes_in_the_docs():
    """docs/research.md states every board's tensor sizes for every player count."""
    text = DOC.read_text(encoding="utf-8")
    for m in MAPS:
        ed = ttr.get_edition(m)
        row = next(line for line in text.splitlines() if line.startswith(f"| `{m}` |"))
        cells = [c.strip() for c in row.strip("|").split("|")]
        want = []
        for p in range(ed.min_players, ed.max_players + 1):
            rules = ttr.get_ruleset(m, p)
            want.append(f"{Observer(rules).size} / {Observer(rules, history=True).size}")
        assert cells[2:2 + len(want)] == want, (m, cells)
        assert cells[1] == str(ttr.ActionSpace(m, 2).n)


def _positions(map_name: str, players: int, seed: int, every: int = 5):
    """(game, seat, pending) at every `every`-th decision of a planner game, for the seat to move
    (with its partial payment when a stepped claim is legal) and the next seat."""
    g = ttr.new_game(map_name, players, seed=seed)
    space = ttr.ActionSpace(map_name, players)
    bots = [make_agent("planner", 50 + s) for s in range(players)]
    for step in range(400):
        if g.is_over:
            return
        seat = g.current_player
        if step % every == 0:
            pending = ()
            for i in space.legal_ids(g):
                if space.decode(int(i), g) is None:  # a stepped claim: take its first steps
                    pending = (int(i),)
                    nxt = space.legal_ids(g, pending)
                    if len(nxt) and space.decode(int(nxt[0]), g, pending) is None:
                        pending += (int(nxt[0]),)
                    break
            yield g, seat, pending
            yield g, (seat + 1) % players, ()
        g.apply(bots[seat].act(g.observe(seat)))


def _encode(ob: Observer, g: ttr.Game, seat: int, pending=(), log=None) -> np.ndarray:
    return ob.encode(g.observe(seat), pending, log if log is not None else g.log)


@pytest.mark.parametrize("map_name", MAPS)
def test_no_hidden_information(map_name):
    """Re-dealing everything a seat cannot see (other hands, tickets and offers, every pile's order,
    secret piece choices, the event deck) leaves its tensors unchanged: the observation, the
    public one, and the information state (with the public log, which is the same in every
    world); so is the action mask that goes with the observation (for the seat to move). The
    worlds: the helpers' re-deal of a save, and the determinizer's deal of the seat's masked
    state (ttr.agents.determinize)."""
    players = _players(map_name)
    rules = ttr.get_ruleset(map_name, players)
    observers = [Observer(rules), Observer(rules, private=False), Observer(rules, history=True)]
    rng = random.Random(3)
    checked = pending_seen = redealt = 0
    for g, seat, pending in _positions(map_name, players, seed=5):
        obs = g.observe(seat)
        twin = shuffle_hidden(g, seat, rng)
        dealt = deal(obs, rng)
        world = decode(rules, dealt, obs.options, check=False)  # determinize(obs, rng), in its two steps
        real, seed_at = g.encode(), g.layout()["seed"].start
        real[seed_at] = dealt[seed_at]
        redealt += HIDDEN not in dealt and dealt != real
        if seat == g.current_player:
            mask = observers[0].space.mask(g, pending)
            assert np.array_equal(mask, observers[0].space.mask(twin, pending))
            assert np.array_equal(mask, observers[0].space.mask(world, pending))
        for ob in observers:
            mine = _encode(ob, g, seat, pending)
            for other in (twin, world):
                assert np.array_equal(mine, _encode(ob, other, seat, pending, g.log)), ob.fields
        checked += 1
        pending_seen += bool(pending)
    assert checked >= 20 and redealt >= checked // 2  # mostly worlds other than the real one
    if map_name in ("nordic", "world"):  # boards whose stepped claims come up in a game
        assert pending_seen, "no partial payment was checked"


@pytest.mark.parametrize("map_name", MAPS)
def test_tensors_stay_in_their_bounds(map_name):
    rules = ttr.get_ruleset(map_name, 2)
    ob = Observer(rules, history=True)
    rng = np.random.default_rng(1)
    for seed in range(2):
        g = ttr.new_game(map_name, 2, seed=seed)
        space = ob.space
        while not g.is_over:
            prefix: tuple = ()
            while True:
                for s in range(2):
                    x = _encode(ob, g, s, prefix if s == g.current_player else ())
                    assert np.all(x >= ob.low) and np.all(x <= ob.high) and np.all(np.isfinite(x))
                i = int(rng.choice(space.legal_ids(g, prefix)))
                a = space.decode(i, g, prefix)
                if a is not None:
                    break
                prefix += (i,)
            g.apply(a)


def test_the_tensor_reads_what_the_view_shows():
    """Spot checks of the fields against the seat's view (both come from its masked state)."""
    g = ttr.new_game("europe", 3, seed=2)
    bots = [make_agent("planner", s) for s in range(3)]
    for _ in range(40):
        g.apply(bots[g.current_player].act(g.observe(g.current_player)))
    seat = g.current_player
    ob = Observer(g.rules)
    v = g.view(seat, legal=False)
    p = ob.split(ob.encode(g.observe(seat)))
    kinds = [ttr.cards.CARD_NAMES[k] for k in ob.kinds]
    assert {kinds[i]: round(float(x) * 12) for i, x in enumerate(p["hand"][:8]) if x} == \
        {c: n for c, n in v["you"]["hand"].items() if c != "locomotive"}
    owned = {ob.routes[r]: int(np.argmax(row)) for r, row in enumerate(p["routes"]) if row.any()}
    assert owned == {int(r): (s - seat) % 3 for r, s in v["routes"].items()}
    assert p["to_move"][0] == 1 and p["phase"].sum() == 1
    assert sorted(ob.tickets[i] for i in np.flatnonzero(p["tickets"])) == sorted(t["id"] for t in v["you"]["tickets"])
    for s in range(3):
        assert p["seats"][(s - seat) % 3][3] == pytest.approx(v["players"][s]["trains"] / 45)


def test_the_information_state_needs_the_log():
    """history=True reads the public log: a game that keeps none (record=False) is refused, not
    read as an empty log; and an observer refuses another board's Observation."""
    g = ttr.new_game("usa", 2, seed=1, record=False)
    with pytest.raises(ttr.TtrError, match="public log"):
        Observer(g.rules, history=True).encode(g.observe(0), log=g.log)
    with pytest.raises(ttr.TtrError, match="usa with 3 players"):
        Observer(ttr.get_ruleset("usa", 3)).encode(g.observe(0))


# ---------------------------------------------------------------- the tensor before the face

# The games whose tensors are pinned: (map, players, seed); positions every 6th decision of random ids.
PINNED = [("usa", 2, 1), ("europe", 3, 2), ("nordic", 3, 3), ("world", 4, 4), ("great-lakes", 3, 5),
          ("legends-west", 4, 6)]
# sha256 of the tensors (observation, public observation, information state) at those positions,
# computed by the Observer before the engine's face (commit 891a18f, from game.view(seat)).
PRE_FACE_DIGESTS = {
    "usa:2:1": "74c5144076e375060195ed5e36887d457bec8ea9e67423e3cc97fcd670ea64ea",
    "europe:3:2": "c60f231c828276d872d1f1067fdc8388e69ca17d11e6752d267b277e4d2b097a",
    "nordic:3:3": "f0bb1f9461dffb3e45a892aa4acb5c775cecf6ab2f2693d6311d00a112fec7a6",
    "world:4:4": "fd751d9354ed3b6f9def1e440a44a2de0534e61fdcf9ca3a7823d4f558b08ca7",
    "great-lakes:3:5": "dc6b14ad37ba518e72a9720ca27a802f57ea117a763c4cbaa190e3601de60062",
    "legends-west:4:6": "a4ee713aaf676bf41325072227c6cd9ad03e82008bcca85e7ab1c1b07889972c",
}
# Where a tree from before the face may be (the live comparison is skipped without one).
PRE_FACE_TREE = os.environ.get("TTR_PRE_FACE_TREE", "/work/orig")


def _random_positions(map_name: str, players: int, seed: int, every: int = 6):
    """(game, seat, pending) at every `every`-th decision of a game of random ids (payment steps
    included), for every seat (the one to move with its partial payment), and at the end."""
    g = ttr.new_game(map_name, players, seed=seed)
    space = ttr.ActionSpace(map_name, players)
    rng = np.random.default_rng(seed)
    prefix: tuple[int, ...] = ()
    for step in range(5000):
        if g.is_over:
            break
        if step % every == 0:
            for s in range(players):
                yield g, s, prefix if s == g.current_player else ()
        i = int(rng.choice(space.legal_ids(g, prefix)))
        a = space.decode(i, g, prefix)
        prefix = prefix + (i,) if a is None else ()
        if a is not None:
            g.apply(a)
    for s in range(players):
        yield g, s, ()


# Fields added since the face (not in the pinned digests; each has its own tests): `longest`, `gifts`,
# and the columns of `phase` after "over" (Legacy's `extras`).
NEW_FIELDS = ("longest", "gifts")
CORE_PHASES = 7


def _without_new_fields(ob: Observer, x: np.ndarray) -> np.ndarray:
    drop = [i for f in ob.fields if f.name in NEW_FIELDS for i in range(f.start, f.stop)]
    drop += [i for f in ob.fields if f.name == "phase" for i in range(f.start + CORE_PHASES, f.stop)]
    return np.delete(x, drop) if drop else x


def _tensors(map_name: str, players: int, seed: int):
    """(position, [observation, public observation, information state]) for every pinned position,
    without the fields added since the face."""
    rules = ttr.get_ruleset(map_name, players)
    observers = [Observer(rules), Observer(rules, private=False), Observer(rules, history=True)]
    for g, seat, pending in _random_positions(map_name, players, seed):
        yield ((list(g.history), seat, list(pending)),
               [_without_new_fields(ob, _encode(ob, g, seat, pending)) for ob in observers])


def _digest(tensors) -> str:
    h = hashlib.sha256()
    for x in tensors:
        h.update((x + np.float32(0)).astype("<f4").tobytes())  # + 0: no negative zeros
    return h.hexdigest()


@pytest.mark.parametrize("map_name,players,seed", PINNED)
def test_the_tensor_is_the_one_before_the_face(map_name, players, seed):
    """The tensors built from the masked integer state are, bit for bit, those the observer built
    from the JSON view before the engine's face (pinned digests), but for the fields added since."""
    tensors = [x for _, xs in _tensors(map_name, players, seed) for x in xs]
    assert len(tensors) > 100
    assert _digest(tensors) == PRE_FACE_DIGESTS[f"{map_name}:{players}:{seed}"]


# Run with the tree before the face on PYTHONPATH: replays positions, writes its tensors.
PRE_FACE_SCRIPT = """
import json, sys
import numpy as np
import ttr
from ttr.adapters.observation import Observer
spec = json.load(open(sys.argv[1]))
out = {}
for key, (m, n, seed, positions) in spec.items():
    rules = ttr.get_ruleset(m, n)
    observers = [Observer(rules), Observer(rules, private=False), Observer(rules, history=True)]
    g, done = ttr.new_game(m, n, seed=seed), 0
    for k, (history, seat, pending) in enumerate(positions):
        for a in history[done:]:
            g.apply(a)
        done = len(history)
        v = g.view(seat, history=True, legal=False)
        for j, ob in enumerate(observers):
            out[f"{key}/{k}/{j}"] = ob.encode(v, tuple(pending))
np.savez(sys.argv[2], **out)
"""


@pytest.mark.skipif(not (Path(PRE_FACE_TREE) / "ttr" / "adapters" / "observation.py").exists(),
                    reason="no tree from before the engine's face (TTR_PRE_FACE_TREE)")
def test_the_tensor_equals_the_observer_before_the_face(tmp_path):
    """Field by field against the observer of a tree from before the face, run on the same
    positions in a subprocess (it names the fields that differ; the digests only say whether)."""
    spec, mine = {}, {}
    for m, n, seed in PINNED:
        key = f"{m}:{n}:{seed}"
        rows = list(_tensors(m, n, seed))
        spec[key] = (m, n, seed, [pos for pos, _ in rows])
        mine.update({f"{key}/{k}/{j}": x for k, (_, xs) in enumerate(rows) for j, x in enumerate(xs)})
    (tmp_path / "spec.json").write_text(json.dumps(spec))
    (tmp_path / "old.py").write_text(PRE_FACE_SCRIPT)
    env = {**os.environ, "PYTHONPATH": PRE_FACE_TREE}
    subprocess.run([sys.executable, str(tmp_path / "old.py"), str(tmp_path / "spec.json"), str(tmp_path / "old.npz")],
                   env=env, check=True, cwd=tmp_path, timeout=600)
    old = np.load(tmp_path / "old.npz")
    assert set(old.files) == set(mine)
    rules = {key: ttr.get_ruleset(m, n) for key, (m, n, _, _) in spec.items()}
    for name, x in mine.items():
        if not np.array_equal(x, old[name]):
            key, _, j = name.split("/")
            ob = Observer(rules[key], private=j != "1", history=j == "2")
            kept = [f for f in ob.fields if f.name not in NEW_FIELDS]  # (their indices once the new are dropped)
            starts = np.cumsum([0] + [f.size for f in kept])
            diff = np.flatnonzero(x != old[name])
            fields = sorted({f.name for i in diff for f, a, b in zip(kept, starts, starts[1:]) if a <= i < b})
            pytest.fail(f"{name}: the fields {fields} differ from the observer before the face")


def test_a_partial_payment_is_shown_to_the_payer_only():
    """Nordic: after the claim id of a ferry, the payer's tensor shows the route (pending), the
    other seat's is unchanged."""
    t = Table("nordic", 2)
    rng = np.random.default_rng(0)
    t.reset(4)
    for _ in range(2000):
        seat = t.to_move
        stepped = [int(i) for i in np.flatnonzero(t.mask()) if t.space.decode(int(i), t.game) is None]
        if stepped:
            other = 1 - seat
            before = (t.observe(seat), t.observe(other))
            t.step(stepped[0])
            assert t.to_move == seat and t.prefix == (stepped[0],)
            after = (t.observe(seat), t.observe(other))
            pend = t.observer.split(after[0])["pending"]
            assert pend[t.observer.stepped.index(t.space.partial(t.prefix)[0])] == 1
            assert not np.array_equal(before[0], after[0]) and np.array_equal(before[1], after[1])
            return
        t.step(int(rng.choice(np.flatnonzero(t.mask()))))
        if t.over:
            t.reset(int(rng.integers(1000)))
    pytest.fail("no stepped claim came up")


def test_describe_prints_the_fields():
    text = Observer(ttr.get_ruleset("usa", 2)).describe()
    assert re.search(r"\| `hand` \| 9 \| \d+-\d+ \|", text)


@pytest.mark.parametrize("map_name,players", [("usa", 3), ("europe", 4)])
def test_longest_holds_each_seats_longest_trail_and_who_leads(map_name, players):
    """The progress toward the longest-path bonus (G8): at the end, each relative seat's row is its
    scored longest trail / its trains, and the lead flag marks every seat tied for the longest."""
    g = ttr.new_game(map_name, players, seed=17, engine="python")
    ob = Observer(g.rules)
    rng = np.random.default_rng(3)
    while not g.is_over:
        legal = g.legal_actions()
        g.apply(legal[int(rng.integers(len(legal)))])
    scored = [p["longest_path"] for p in g.result()["players"]]
    top = max(scored)
    for me in range(players):
        rows = ob.split(ob.encode(g.observe(me)))["longest"]
        for q in range(players):
            length, leads = rows[(q - me) % players]
            assert length == pytest.approx(scored[q] / g.rules.edition.trains)
            assert leads == (1.0 if scored[q] == top else 0.0)


def test_longest_is_only_where_the_edition_pays_a_longest_bonus():
    for m in MAPS:
        rules = ttr.get_ruleset(m, 3)
        assert ("longest" in Observer(rules)._by_name) == bool(rules.edition.longest_bonus)
