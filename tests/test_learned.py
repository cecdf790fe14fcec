"""The learned bot: its network (numpy, as trained), how the network guides the search, what it
may see, and the training script's reproducibility."""
from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import numpy as np
import pytest
from helpers import shuffle_hidden
from test_search import _positions

import ttr
from ttr.agents import AGENTS, make_agent
from ttr.agents.learned import LAYERS, LearnedAgent, Network, network, signature
from ttr.agents.search import SearchAgent
from ttr.errors import TtrError
from ttr.formats.observation import Observer

ROOT = Path(__file__).resolve().parents[1]
SMALL = {"samples": 2, "keep_samples": 2, "confirm": 2}  # a cheap budget: the mechanics, not the strength


def random_arrays(rules, hidden=8, seed=0) -> dict:
    ob = Observer(rules)
    rng = np.random.default_rng(seed)
    shapes = {"w1": (hidden, ob.size), "b1": (hidden,), "w2": (hidden, hidden), "b2": (hidden,),
              "wp": (ob.space.n, hidden), "bp": (ob.space.n,), "wv": (1, hidden), "bv": (1,), "wm": (1, hidden),
              "bm": (1,)}
    out = {k: rng.normal(size=s).astype(np.float16) for k, s in shapes.items()}
    out["signature"] = np.array(signature(rules))
    return out


class Favouring(Network):
    """A network whose policy puts `p` on the one action `text` (when legal) and spreads the rest."""

    def __init__(self, rules, text: str, p: float = 0.99, game=None):
        self.rules, self.p = rules, p
        self.target = Observer(rules).space.encode(ttr.Action.from_text(text), game)  # a keep's id needs the game

    def policy(self, x, ids):
        target = self.target
        probs = np.full(len(ids), (1 - self.p) / max(len(ids) - 1, 1))
        probs[ids == target] = self.p
        return probs / probs.sum()


def test_the_network_computes_what_its_layers_say():
    """Two ReLU layers, a softmax over the legal ids alone, the win's logistic and the margin."""
    rules = ttr.get_ruleset("europe", 2)
    arrays = random_arrays(rules)
    net = Network(arrays, rules)
    w = {k: arrays[k].astype(np.float64) for k in LAYERS}
    x = Observer(rules).encode(ttr.new_game("europe", 2, seed=1).observe(0))
    h = np.maximum(w["w2"] @ np.maximum(w["w1"] @ x + w["b1"], 0) + w["b2"], 0)
    ids = np.array([3, 17, 400])
    z = w["wp"][ids] @ h + w["bp"][ids]
    want = np.exp(z - z.max()) / np.exp(z - z.max()).sum()
    assert np.allclose(net.policy(x, ids), want, atol=1e-4)
    win, margin = net.value(x)
    assert win == pytest.approx(1 / (1 + np.exp(-(w["wv"] @ h + w["bv"])[0])), abs=1e-4)
    assert margin == pytest.approx((w["wm"] @ h + w["bm"])[0], rel=1e-3, abs=1e-3)


def test_a_move_is_an_action_up_to_its_payment():
    """The ids of one claim paid in different ways are one move; draws, tickets and keeps are each their own."""
    from ttr.agents.learned import moves

    space = Observer(ttr.get_ruleset("europe", 2)).space
    move_of, count = moves(space)
    by_move: dict = {}
    for i in range(space.n):
        by_move.setdefault(int(move_of[i]), []).append(i)
    assert len(by_move) == count < space.n
    for ids in by_move.values():
        texts = [space.describe(i) for i in ids]
        if len(ids) > 1:  # one route or city, several payments
            kinds_targets = {tuple(t.split()[:2]) for t in texts}
            assert len(kinds_targets) == 1 and texts[0].split()[0] in ("claim", "station"), texts
    claims_of_1 = [i for i in range(space.n) if space.describe(i).startswith("claim 1 ")]
    assert len(claims_of_1) > 1 and len({int(move_of[i]) for i in claims_of_1}) == 1
    draws = [i for i in range(space.n) if space.describe(i).startswith("draw ")]
    assert len({int(move_of[i]) for i in draws}) == len(draws)


def test_weights_for_another_board_or_incomplete_are_refused():
    europe, usa = ttr.get_ruleset("europe", 2), ttr.get_ruleset("usa", 2)
    with pytest.raises(TtrError, match="another tensor or action space than usa at 2 players"):
        Network(random_arrays(europe), usa)
    with pytest.raises(TtrError, match="europe at 3 players"):  # another player count: another tensor
        Network(random_arrays(europe), ttr.get_ruleset("europe", 3))
    broken = random_arrays(europe)
    del broken["wp"], broken["bm"]
    with pytest.raises(TtrError, match="no wp, bm"):
        Network(broken, europe, "x.npz")


def test_the_shipped_network_fits_its_board_and_is_small():
    rules = ttr.get_ruleset("europe", 2)
    net = network(rules)
    assert net is not None and net.rules is rules
    path = ROOT / "ttr" / "agents" / "weights" / "europe-2.npz"
    assert path.stat().st_size <= 10 * 2**20  # ships in the package
    assert network(ttr.get_ruleset("usa", 2)) is None  # not trained there


def test_learned_is_a_bot_by_name():
    assert isinstance(make_agent("learned", 1), LearnedAgent)
    assert "learned" in AGENTS


def test_without_a_network_it_plays_exactly_as_the_search_bot():
    for g in _positions("usa", 8):
        obs = g.observe(0)
        assert str(LearnedAgent(5, turns="all", **SMALL).act(obs)) == str(SearchAgent(5, turns="all", **SMALL).act(obs))


def test_a_turn_the_network_doubts_is_searched_with_its_favourite_among_the_candidates():
    """At a turn the search bot would not search (no key turn), a network that favours a move
    other than the planner's makes it search, with that move right after the planner's; a
    network that agrees with the planner does not."""
    rules = ttr.get_ruleset("europe", 2)
    checked = 0
    for g in _positions("europe", 4, every=3, limit=12):
        if g.phase != "turn":
            continue
        obs = g.observe(0)
        plain = SearchAgent(1, **SMALL)
        plain._act(obs)
        first = plain.planner.act(obs)
        if plain._searched_turn(0, first) or str(first) == "draw deck" or "draw deck" not in map(str, obs.legal):
            continue
        doubting = LearnedAgent(1, net=Favouring(rules, "draw deck"), doubt_samples=2, **SMALL)
        doubting._act(obs)
        assert doubting.doubting and doubting._searched_turn(0, first)
        cands = doubting._candidates(obs, obs.legal, first)
        assert cands[0] == first and str(cands[1]) == "draw deck"
        agreeing = LearnedAgent(1, net=Favouring(rules, str(first)), **SMALL)
        agreeing._act(obs)
        assert not agreeing._searched_turn(0, first)
        checked += 1
    assert checked >= 2


def test_a_key_turn_the_network_is_sure_of_is_not_searched():
    """A key turn (here: the end game) where the network agrees with the planner and gives its move
    at least `sure` is played without a search; below `sure` it is searched as the search bot does."""
    rules = ttr.get_ruleset("europe", 2)
    g = ttr.new_game("europe", 2, seed=4)
    bots = [make_agent("planner", s) for s in range(2)]
    checked = 0
    while not g.is_over and checked < 3:
        seat = g.current_player
        obs = g.observe(seat)
        plain = SearchAgent(1, **SMALL)
        first = plain.planner.act(obs)
        if seat == 0 and g.phase == "turn" and len(obs.legal) > 1 and plain._searched_turn(0, first):
            sure = LearnedAgent(1, net=Favouring(rules, str(first), game=g), sure=0.9, **SMALL)
            sure._act(obs)
            assert not sure._searched_turn(0, first)
            unsure = LearnedAgent(1, net=Favouring(rules, str(first), p=0.8, game=g), sure=0.9, **SMALL)
            unsure._act(obs)
            assert unsure._searched_turn(0, first) and not unsure.doubting
            checked += 1
        g.apply(bots[seat].act(obs))
    assert checked == 3


def test_the_prior_breaks_a_near_tie_toward_the_network():
    """Each candidate's mean gets prior_weight times its probability: with a large weight the
    network's favourite is played at a ticket choice (always searched)."""
    rules = ttr.get_ruleset("europe", 2)
    g = ttr.new_game("europe", 2, seed=11)
    obs = g.observe(0)
    last = str(obs.legal[-1])  # keep all offered tickets: a move the planner does not choose
    bot = LearnedAgent(2, net=Favouring(rules, last, game=g), prior_weight=100.0, keep_candidates=20, **SMALL)
    assert str(bot.act(obs)) == last
    plain = LearnedAgent(2, net=Favouring(rules, last, game=g), prior_weight=0.0, keep_candidates=20, **SMALL)
    assert str(plain.act(obs)) == str(SearchAgent(2, keep_candidates=20, **SMALL).act(obs))


def test_learned_is_deterministic_and_sees_only_its_seat():
    rng = random.Random(5)
    checked = 0
    for g in _positions("europe", 12, every=7):
        twin = shuffle_hidden(g, 0, rng)
        a = LearnedAgent(3, **SMALL).act(g.observe(0))
        assert str(a) == str(LearnedAgent(3, **SMALL).act(g.observe(0)))
        assert str(a) == str(LearnedAgent(3, **SMALL).act(twin.observe(0)))
        assert a in g.legal_actions()
        checked += 1
    assert checked >= 4


def _script():
    spec = importlib.util.spec_from_file_location("train_learned", ROOT / "scripts" / "train_learned.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_training_is_reproducible_from_its_seed(tmp_path, monkeypatch):
    """Self-play data and weights: the same seed gives the same bytes, and the weights load."""
    pytest.importorskip("torch")
    mod = _script()
    monkeypatch.setattr(mod, "TEACHER", {"turns": "all", **SMALL})
    for d in ("a", "b"):
        mod.selfplay("europe", 2, 2, 7, tmp_path / d, workers=1)
    for f in ("game-7.npz", "game-8.npz"):
        a, b = np.load(tmp_path / "a" / f), np.load(tmp_path / "b" / f)
        assert all(np.array_equal(a[k], b[k]) for k in a.files)
    w1 = tmp_path / "w1.npz"
    w2 = tmp_path / "w2.npz"
    m1 = mod.train("europe", 2, tmp_path / "a", 3, w1, epochs=1, hidden=16, batch=64, lr=1e-3)
    mod.train("europe", 2, tmp_path / "b", 3, w2, epochs=1, hidden=16, batch=64, lr=1e-3)
    z1, z2 = np.load(w1), np.load(w2)
    assert all(np.array_equal(z1[k], z2[k]) for k in z1.files)
    assert m1["games"] == 2 and m1["curve"][0]["epoch"] == 1
    net = Network(dict(z1), ttr.get_ruleset("europe", 2))
    g = ttr.new_game("europe", 2, seed=1)
    assert LearnedAgent(1, net=net, **SMALL).act(g.observe(0)) in g.legal_actions()
