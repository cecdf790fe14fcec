"""Bots: seats that choose a move from what their player may see."""
from __future__ import annotations

import random

from ..engine import Action
from ..engine import Observation


class Agent:
    """A bot seat: seeded and deterministic. `act` receives an Observation (the static
    rules, the seat's view and its legal moves) and returns one of the legal moves;
    it never sees the Game."""
    name = "agent"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def act(self, obs: Observation) -> Action:
        raise NotImplementedError
