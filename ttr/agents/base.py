"""Agents choose an action from what a player may see."""
from __future__ import annotations

import random


class Agent:
    """An agent is seeded and deterministic. `act` receives the game but must use
    only `game.view(seat)` and `game.legal_actions()` (what the seat may know)."""
    name = "agent"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def act(self, game, seat: int):
        raise NotImplementedError
