"""A policy over ids as a seat: a trained network can then play wherever seats play (the match
loop, ttr arena, ttr play, the server).

    seat = PolicySeat(lambda x, mask: int(np.argmax(np.where(mask, logits(x), -np.inf))))
    Match(game, [seat, make_agent("planner", 1)]).run()

A seat is given an Observation (rules, masked state, legal moves), never the Game, while
ActionSpace masks and decodes ids against a game. The seat's legal moves depend only on what it
sees (its hand and offer, the board, the piles' sizes, a tunnel's cards), so the seat builds them
on a world dealt consistently with its Observation (ttr.agents.determinize); its tensor comes from
the Observation alone.
"""
from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np

from ..agents.determinize import determinize
from ..engine import Action, Observation, Ruleset
from ..formats.observation import Observer

Policy = Callable[[np.ndarray, np.ndarray], int]  # (tensor, bool mask) -> id


class PolicySeat:
    name = "policy"

    def __init__(self, policy: Policy, seed: int = 0):
        self.policy = policy
        self.rng = random.Random(seed)
        self._observers: dict[Ruleset, Observer] = {}

    def observer(self, rules: Ruleset) -> Observer:
        if rules not in self._observers:
            self._observers[rules] = Observer(rules)
        return self._observers[rules]

    def act(self, obs: Observation) -> Action:
        ob = self.observer(obs.rules)
        world = determinize(obs, self.rng)
        prefix: tuple[int, ...] = ()
        while True:
            i = int(self.policy(ob.encode(obs, prefix), ob.space.mask(world, prefix)))
            a = ob.space.decode(i, world, prefix)
            if a is not None:
                return a
            prefix += (i,)


__all__ = ["Policy", "PolicySeat"]
