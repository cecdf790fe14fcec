"""The random agent: uniform over the legal actions."""
from __future__ import annotations

from ..engine import Action
from ..engine import Observation
from .base import Agent


class RandomAgent(Agent):
    name = "random"

    def act(self, obs: Observation) -> Action:
        legal = obs.legal
        return legal[int(self.rng.random() * len(legal))]
