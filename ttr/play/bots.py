"""Bot seats that can be stopped and resumed: a bot is made afresh for every action,
seeded from the action's number (the view's ply), so a game resumed from a save
goes on exactly as if it had never stopped."""
from __future__ import annotations

from collections.abc import Callable

from ..agents import make_agent
from ..engine import Action
from ..engine import Observation


class PlyBot:
    """A seat played by the bot `name`, made for each action with the seed `seed_of(ply)`."""

    def __init__(self, name: str, seed_of: Callable[[int], int]):
        self.name = name
        self.seed_of = seed_of

    def act(self, obs: Observation) -> Action:
        return make_agent(self.name, self.seed_of(obs.view["ply"])).act(obs)


def play_bot(name: str, game_seed: int, seat: int) -> PlyBot:
    """The bot of `seat` in a `ttr play` game."""
    return PlyBot(name, lambda ply: ((game_seed * 7919 + seat) * 100_003 + ply) % 2 ** 63)


__all__ = ["PlyBot", "play_bot"]
