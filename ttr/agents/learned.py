"""The learned bot: the search bot guided by a policy and value network (expert iteration).

The network (`Network`: an MLP over the seat's observation tensor, ttr.formats.observation)
was trained by `scripts/train_learned.py` on the moves of a slower teacher (the search bot
searching every turn) in self-play, and on how those games ended. It is read from numpy arrays
shipped in the package (`weights/<map>-<players>.npz`): no PyTorch at play time.

At play time it is the search bot (search.py) with four changes, all from the network's policy:
* it also searches a turn where the network's favourite move is not the planner's and the
  network gives the planner's move less than `doubt` (with at most `doubt_samples` worlds, and as
  many to confirm);
* at a key turn (ticket choices aside) where the network's favourite is the planner's move it
  searches with at most `agree_samples` worlds (and as many to confirm), and not at all if the
  network gives that move at least `sure`;
* at a ticket choice it takes `keep_share` of the search bot's worlds (the time saved on these
  two pays for the turns it doubts: its moves cost no more time than the search bot's on average);
* the network's `proposals` favourite moves join the candidates, right after the planner's (the
  search's last alternatives make room: as many candidates as the search bot compares);
* each candidate's mean outcome gets `prior_weight` times its probability (a move the teacher
  would have played is preferred in a near tie).
A move here is an action up to its payment (a claim of a route, a station or a harbor in a city:
the network's probabilities of its payments are added up).
On a board or player count with no trained network it plays exactly as the search bot.
"""
from __future__ import annotations

import hashlib
import random
from functools import lru_cache
from importlib import resources
from typing import Any

import numpy as np

from ..engine import CLAIM, HARBOR, KEEP, STATION, Action, LegalActions, Observation, Ruleset
from ..errors import TtrError
from ..formats.action_space import ActionSpace
from ..formats.observation import Observer
from .determinize import Worlds, determinize
from .search import SearchAgent

PLACED = (CLAIM, STATION, HARBOR)  # the kinds of action whose payments make one move
LAYERS = ("w1", "b1", "w2", "b2", "wp", "bp", "wv", "bv", "wm", "bm")


def signature(rules: Ruleset) -> str:
    """What a network's input and output must match: the tensor's fields and the ids' blocks."""
    ob = Observer(rules)
    text = repr([(f.name, f.shape) for f in ob.fields]) + repr(ob.space.blocks)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class Network:
    """A policy and value network as numpy arrays: two ReLU layers, then the policy's logits over
    the board's ids, the win's logit and the score margin / 100."""

    def __init__(self, arrays: dict[str, np.ndarray], rules: Ruleset, where: str = "the weights"):
        missing = [k for k in LAYERS if k not in arrays]
        if missing:
            raise TtrError(f"{where}: no {', '.join(missing)} (not a network of the learned bot)")
        want = signature(rules)
        got = str(arrays["signature"]) if "signature" in arrays else "none"
        if got != want:
            raise TtrError(f"{where}: made for another tensor or action space than {rules.map.name} at "
                           f"{rules.players} players (signature {got}, this board's {want})")
        self.w = {k: np.ascontiguousarray(arrays[k], dtype=np.float32) for k in LAYERS}
        self.rules = rules

    def trunk(self, x: np.ndarray) -> np.ndarray:
        w = self.w
        h = np.maximum(w["w1"] @ x + w["b1"], 0.0)
        return np.maximum(w["w2"] @ h + w["b2"], 0.0)

    def policy(self, x: np.ndarray, ids: np.ndarray) -> np.ndarray:
        """The probabilities of the legal `ids` (softmax over them alone)."""
        h = self.trunk(x)
        z = self.w["wp"][ids] @ h + self.w["bp"][ids]
        z = np.exp(z - z.max())
        return z / z.sum()

    def value(self, x: np.ndarray) -> tuple[float, float]:
        """The seat's chance to win and its expected score margin over the best other seat / 100."""
        h = self.trunk(x)
        w = self.w
        win = float(1.0 / (1.0 + np.exp(-(w["wv"] @ h + w["bv"])[0])))
        return win, float((w["wm"] @ h + w["bm"])[0])


@lru_cache(maxsize=None)
def moves(space: ActionSpace) -> tuple[np.ndarray, int]:
    """Per id, the number of its move: the ids of one claim, station or harbor paid in different
    ways share a number; every other id has its own (a tunnel's extra payments too). And how many."""
    keys: dict[Any, int] = {}
    out = np.empty(space.n, dtype=np.int64)
    for i in range(space.n):
        try:
            a = space.decode(i)
        except TtrError:  # a keep (its tickets are positions in the offer)
            a = None
        key = (a.kind, a.target) if a is not None and a.kind in PLACED else ("id", i)
        out[i] = keys.setdefault(key, len(keys))
    return out, len(keys)


@lru_cache(maxsize=None)
def network(rules: Ruleset) -> Network | None:
    """The shipped network of a board and player count, or None."""
    name = f"{rules.map.name}-{rules.players}.npz"
    f = resources.files(__package__).joinpath("weights", name)
    if not f.is_file():
        return None
    with f.open("rb") as fh, np.load(fh) as z:
        return Network(dict(z), rules, f"ttr/agents/weights/{name}")


class LearnedAgent(SearchAgent):
    name = "learned"

    def __init__(self, seed: int = 0, doubt: float = 0.15, doubt_samples: int = 8, sure: float = 0.95,
                 agree_samples: int = 32, keep_share: float = 0.7, proposals: int = 2, prior_weight: float = 0.02,
                 net: Network | None = None, **search: Any):
        super().__init__(seed, **search)
        self.doubt = doubt                # search a turn the network doubts: the planner's move below this
        self.doubt_samples = doubt_samples  # worlds for such a turn (and to confirm its move)
        self.doubting = False             # the turn is searched for the network's doubt alone
        self.sure = sure                  # a key turn is not searched where the network gives the planner's move this
        self.agree_samples = agree_samples  # worlds for a key turn where the network's favourite is the planner's
        self.agreeing = False             # the turn is a key turn where it is
        self.keep_share = keep_share      # of the search's worlds per ticket choice (and to confirm it)
        self.proposals = proposals        # the network's favourite moves that join the candidates
        self.prior_weight = prior_weight  # outcome bonus per unit of prior probability
        self.net = net
        self.rng_net = random.Random(seed ^ 0x5EED)  # the worlds that give the ids (apart from the search's)
        self.ids: np.ndarray | None = None     # the legal ids of the move being chosen, ascending
        self.probs: np.ndarray | None = None   # the network's probability of each
        self.move_probs: np.ndarray | None = None  # ... of each move (payments added up)
        self.favourites: list[Action] = []     # its `proposals` likeliest moves
        self.space: ActionSpace | None = None
        self.world: Any = None                 # a world of the seat's view (for the ids of its actions)
        self._observers: dict[Ruleset, Observer] = {}

    def _act(self, obs: Observation) -> Action:
        self.ids = self.probs = self.move_probs = None
        self.favourites = []
        self.doubting = self.agreeing = False
        net = self.net if self.net is not None and self.net.rules is obs.rules else network(obs.rules)
        if net is not None and len(obs.legal) > 1:
            ob = self._observers.get(obs.rules)
            if ob is None:
                ob = self._observers[obs.rules] = Observer(obs.rules)
            self.space = ob.space
            self.world = determinize(obs, self.rng_net)  # its legal actions are the seat's (they follow from its view)
            ids = self.ids = self.space.legal_ids(self.world)  # ascending
            probs = self.probs = net.policy(ob.encode(obs), ids)
            move_of, count = moves(self.space)
            mp = self.move_probs = np.bincount(move_of[ids], weights=probs, minlength=count)
            # the likeliest moves, each by its likeliest id (a claim paid some other way is the same move)
            best: dict[int, int] = {}
            for j in np.argsort(-probs, kind="stable"):
                best.setdefault(int(move_of[ids[j]]), int(j))
            top = sorted(best, key=lambda m: (-mp[m], best[m]))[:self.proposals]
            # (a claim paid in steps has no single id: left out; no such board has a network yet)
            acts = (self.space.decode(int(ids[best[m]]), self.world) for m in top)
            self.favourites = [a for a in acts if a is not None]
        return super()._act(obs)

    def prob(self, action: Action) -> float:
        """The network's probability of `action`'s move (whatever its payment) in the position being
        decided (0 without a network)."""
        if self.move_probs is None or self.space is None:  # no network in this move
            return 0.0
        return float(self.move_probs[moves(self.space)[0][self.space.encode(action, self.world)]])

    def _searched_turn(self, seat: int, first: Action) -> bool:
        key = super()._searched_turn(seat, first)
        if not self.favourites:
            return key
        agrees = self._move(self.favourites[0]) == self._move(first)
        if key:  # a key turn, unless the network is sure of the planner's move; fewer worlds if it agrees
            self.agreeing = agrees
            return not (agrees and self.prob(first) >= self.sure)
        self.doubting = not agrees and self.prob(first) < self.doubt
        return self.doubting

    def _candidates(self, obs: Observation, legal: LegalActions, first: Action) -> list:
        out = super()._candidates(obs, legal, first)
        if not self.favourites:
            return out
        known = {self._move(a) for a in out}
        mine = [a for a in self.favourites if self._move(a) not in known and a in legal]
        limit = self.keep_candidates if KEEP in self.planner.segs else self.max_candidates
        # the planner's first, then the network's, then the search's others: as many as the search compares
        return ([out[0]] + mine + out[1:])[:limit]

    def _move(self, action: Action) -> int:
        """The number of `action`'s move (-1 without a network in this move)."""
        if self.probs is None or self.space is None:
            return -1
        return int(moves(self.space)[0][self.space.encode(action, self.world)])

    def _evaluate(self, worlds: Worlds, candidates: list, samples: int,
                  work: float | None = None) -> tuple[list[float], list[float], float]:
        if self.doubting:
            samples = min(samples, self.doubt_samples)
        elif self.agreeing:
            samples = min(samples, self.agree_samples)
        elif self.probs is not None and KEEP in self.planner.segs:
            samples = max(1, round(samples * self.keep_share))
        means, errors, simulated = super()._evaluate(worlds, candidates, samples, work)
        if self.probs is not None and self.prior_weight:
            means = [m + self.prior_weight * self.prob(c) for m, c in zip(means, candidates)]
        return means, errors, simulated


__all__ = ["LAYERS", "LearnedAgent", "Network", "network", "signature"]
