"""PettingZoo: ttr as an AEC (turn-based) environment, one agent per seat.

    from ttr.adapters.pettingzoo import env
    e = env(map="europe", players=4)
    e.reset(seed=1)                      # the game of ttr.new_game("europe", 4, seed=1)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are "player_0" .. "player_{n-1}" (seats). An observation is {"observation": float32
tensor (ttr.adapters.observation), "action_mask": int8[n]}; the mask is all zero for agents not
to move. A claim paid in steps (Nordic ferries, Rails & Sails paired routes) takes several
consecutive steps of the same agent: after a step that does not finish the move, that agent is
selected again with the mask of the next steps. An illegal id raises ttr.IllegalActionIdError.
The turn order is the game's, so there is no parallel form.
"""
from __future__ import annotations

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..errors import TtrError
from .core import Rewards, Table, check_reward, render_view


class TtrAECEnv(AECEnv):
    metadata = {"name": "ttr_v0", "render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, map: str = "europe", players: int = 4, reward: str = "win", render_mode: str | None = None,
                 engine: str = "auto"):
        super().__init__()
        self.table = Table(map, players, engine=engine)
        self.reward_mode = check_reward(reward)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        ob = self.table.observer
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(ob.low, ob.high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (self.table.n,), dtype=np.int8)}) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.table.n) for a in self.possible_agents}
        self._rng = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game: with a seed, the game `ttr.new_game(map, players, seed)`; without one, a
        seed drawn from the environment's generator (seeded by the last seed given)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            game_seed = int(seed)
        else:
            game_seed = int(self._rng.integers(2**31))
        game = self.table.reset(game_seed)
        self._rewards = Rewards(self.reward_mode, game)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._rewarded = False  # self.rewards holds some reward (else all are 0)
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.table.to_move]

    def observe(self, agent: str) -> dict:
        return self.table.observation(self._seat[agent])

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise TtrError(f"{agent} is to move: an action id is needed (None is for agents that are done)")
        table = self.table
        done = table.step(action) is not None
        self._cumulative_rewards[agent] = 0.0
        game = table.game
        if done and (self.reward_mode == "score" or game.is_over):
            rewards = self._rewards.step()
            self.rewards = {a: float(r) for a, r in zip(self.possible_agents, rewards)}
            self._accumulate_rewards()
        elif self._rewarded:  # the last step paid rewards: this one pays none
            self.rewards = dict.fromkeys(self.agents, 0.0)
        self._rewarded = done and (self.reward_mode == "score" or game.is_over)
        if game.is_over:
            self.terminations = {a: True for a in self.agents}
        else:
            self.agent_selection = self.possible_agents[game.current_player]
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        seat = self.possible_agents.index(self.agent_selection)
        text = render_view(self.table.game.view(seat, legal=False))
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def raw_env(map: str = "europe", players: int = 4, **kwargs) -> TtrAECEnv:
    return TtrAECEnv(map, players, **kwargs)


def env(map: str = "europe", players: int = 4, **kwargs) -> AECEnv:
    """The AEC environment with PettingZoo's usual checks (ids in range, steps in order)."""
    e = raw_env(map, players, **kwargs)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


__all__ = ["TtrAECEnv", "env", "raw_env"]
