"""The random agent: uniform over the legal actions."""
from __future__ import annotations

from .base import Agent


class RandomAgent(Agent):
    name = "random"

    def act(self, game, seat: int):
        legal = game.legal_actions()
        return legal[int(self.rng.random() * len(legal))]
