"""PettingZoo: ttr as an AEC (turn-based) environment, one agent per seat, and a parallel form.

    from ttr.adapters.pettingzoo import env
    e = env(map="europe", players=4)
    e.reset(seed=1)                      # the game of ttr.new_game("europe", 4, seed=1)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are "player_0" .. "player_{n-1}" (seats). An observation is {"observation": float32
tensor (ttr.formats.observation), "action_mask": int8[n]}; the mask is all zero for agents not
to move. `observation="rllib"` names the tensor "observations" (what RLlib's action-masking
modules read); `observation="box"` hands out the tensor alone, with the mask in
`infos[agent]["action_mask"]` (what SuperSuit's observation wrappers take); `observation="graph"`
the graph form for graph networks (ttr.adapters.graph) with the mask. docs/research.md has a
recipe for each.

A claim paid in steps (Nordic ferries, Rails & Sails paired routes) takes several consecutive
steps of the same agent: after a step that does not finish the move, that agent is selected again
with the mask of the next steps. An illegal id raises ttr.IllegalActionIdError (illegal="raise",
nothing changes), or (illegal="lose") ends the game: the agent that sent it gets the worst reward
(0 with reward="win", -1 otherwise) and `infos[agent]["illegal_action"]`, the others 0. When the
game ends, every agent's info holds `result` (ttr.adapters.core.episode_result: winners, totals,
ranks, tickets done and failed, by seat). `state()` is the global state for centralized critics:
every seat's observation tensor, seat 0's first. Legends of the West: `setup=` the games'
LegacySetup (None: the demo pack's game 1); the native core plays the setups
ttr.native.legacy_supported accepts (engine="auto": the others in Python).

`parallel_env(...)` is the same game as a ParallelEnv: every step takes a dict of actions, of
which only the agent to move's counts (the others' are ignored and may be left out); every agent
observes at every step.
"""
from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers

from ..errors import TtrError
from .core import Rewards, Table, check_reward, episode_result, render_view
from .graph import GraphObserver

OBSERVATIONS = {
    "dict": '{"observation": tensor, "action_mask": mask}',
    "rllib": '{"observations": tensor, "action_mask": mask} (RLlib)',
    "box": "the tensor alone; the mask in the agent's info (SuperSuit)",
    "graph": "the graph form (ttr.adapters.graph: routes, cities, edges, globals) and the action_mask",
}
ILLEGAL = ("raise", "lose")


class _Game:
    """What both forms share: a Table, the agents' spaces and observations, the rewards, the end."""

    def __init__(self, map: str, players: int, reward: str, illegal: str, observation: str, engine: str,
                 setup: Any = None):
        if observation not in OBSERVATIONS:
            raise TtrError(f"observation must be one of {', '.join(OBSERVATIONS)}, not {observation!r}")
        if illegal not in ILLEGAL:
            raise TtrError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
        self.table = Table(map, players, engine=engine, setup=setup)
        self.reward_mode = check_reward(reward)
        self.illegal = illegal
        self.form = observation
        self.agents_all = [f"player_{i}" for i in range(players)]
        ob = self.table.observer
        tensor = spaces.Box(ob.low, ob.high, dtype=np.float32)
        mask = spaces.Box(0, 1, (self.table.n,), dtype=np.int8)
        self.graph = GraphObserver(ob) if observation == "graph" else None
        self.observation_space: spaces.Space = (
            tensor if observation == "box" else
            self.graph.space(self.table.n) if self.graph is not None else
            spaces.Dict({"observations" if observation == "rllib" else "observation": tensor, "action_mask": mask}))
        self.action_space: spaces.Space = spaces.Discrete(self.table.n)
        self.state_space = spaces.Box(np.tile(ob.low, players), np.tile(ob.high, players), dtype=np.float32)
        self.rewards: Rewards | None = None

    def reset(self, seed: int) -> None:
        self.rewards = Rewards(self.reward_mode, self.table.reset(seed))

    def observe(self, seat: int) -> Any:
        o = self.table.observation(seat)
        if self.form == "box":
            return o["observation"]
        if self.form == "rllib":
            return {"observations": o["observation"], "action_mask": o["action_mask"]}
        if self.graph is not None:
            return {**self.graph.graph(o["observation"]), "action_mask": o["action_mask"]}
        return o

    def info(self, seat: int) -> dict[str, Any]:
        """The agent's info: its mask (observation="box"), the result once the game is over."""
        out: dict[str, Any] = {}
        if self.form == "box":
            out["action_mask"] = self.table.mask(seat)
        if self.table.over:
            out["result"] = episode_result(self.table.game)
        return out

    def state(self) -> np.ndarray:
        t = self.table
        return np.concatenate([t.observe(s) for s in range(t.rules.players)])

    def play(self, seat: int, action: int) -> tuple[list[float] | None, bool]:
        """Take the seat's id: (the rewards it pays or None, the id was illegal and lost the
        game). An illegal id raises, or (illegal="lose") ends the game with the worst reward for
        the seat."""
        t = self.table
        if self.illegal == "lose" and not t.legal(int(action)):
            worst = 0.0 if self.reward_mode == "win" else -1.0
            return [worst if s == seat else 0.0 for s in range(t.rules.players)], True
        rewards = self.rewards
        if rewards is None:
            raise TtrError("the environment has no game yet: call reset() first")
        done = t.step(int(action)) is not None
        if done and (self.reward_mode == "score" or t.game.is_over):
            return [float(r) for r in rewards.step()], False
        return None, False


def _seed(rng: np.random.Generator, seed: int | None) -> tuple[np.random.Generator, int]:
    """A seed gives the game `ttr.new_game(map, players, seed)`; without one, a seed drawn from the
    environment's generator (seeded by the last seed given)."""
    if seed is not None:
        return np.random.default_rng(seed), int(seed)
    return rng, int(rng.integers(2**31))


class _Agents:
    """What both forms declare: the agents (seats), their spaces, the global state's space."""
    g: _Game

    def _declare(self) -> None:
        self.possible_agents = self.g.agents_all[:]
        self.observation_spaces = {a: self.g.observation_space for a in self.possible_agents}
        self.action_spaces = {a: self.g.action_space for a in self.possible_agents}
        self.state_space = self.g.state_space
        self._rng = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def state(self) -> np.ndarray:
        """Every seat's observation tensor, seat 0's first (the global state of a centralized critic)."""
        return self.g.state()


class TtrAECEnv(_Agents, AECEnv):
    metadata = {"name": "ttr_v0", "render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, map: str = "europe", players: int = 4, reward: str = "win", render_mode: str | None = None,
                 engine: str = "auto", illegal: str = "raise", observation: str = "dict", setup: Any = None):
        super().__init__()
        self.g = _Game(map, players, reward, illegal, observation, engine, setup)
        self.table = self.g.table
        self.reward_mode = self.g.reward_mode
        self.render_mode = render_mode
        self._declare()
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game: with a seed, the game `ttr.new_game(map, players, seed)`; without one, a
        seed drawn from the environment's generator (seeded by the last seed given)."""
        self._rng, game_seed = _seed(self._rng, seed)
        self.g.reset(game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._rewarded = False  # self.rewards holds some reward (else all are 0)
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict] = {a: self.g.info(s) for s, a in enumerate(self.agents)}
        self.agent_selection = self.possible_agents[self.table.to_move]

    def observe(self, agent: str) -> Any:
        return self.g.observe(self._seat[agent])

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise TtrError(f"{agent} is to move: an action id is needed (None is for agents that are done)")
        rewards, illegal = self.g.play(self._seat[agent], int(action))
        self._cumulative_rewards[agent] = 0.0
        if rewards is not None:
            self.rewards = {a: r for a, r in zip(self.possible_agents, rewards)}
            self._accumulate_rewards()
        elif self._rewarded:  # the last step paid rewards: this one pays none
            self.rewards = dict.fromkeys(self.agents, 0.0)
        self._rewarded = rewards is not None
        game = self.table.game
        if illegal or game.is_over:
            self.terminations = {a: True for a in self.agents}
            self.infos = {a: self.g.info(s) for s, a in enumerate(self.agents)}
            if illegal:
                self.infos[agent]["illegal_action"] = True
        else:
            self.agent_selection = self.possible_agents[game.current_player]
            if self.g.form == "box":  # (the masks live in the infos)
                self.infos = {a: self.g.info(s) for s, a in enumerate(self.agents)}
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


class TtrParallelEnv(_Agents, ParallelEnv):
    """The game as a ParallelEnv (see the module docstring)."""
    metadata = {"name": "ttr_parallel_v0", "render_modes": ["ansi"]}

    def __init__(self, map: str = "europe", players: int = 4, reward: str = "win", render_mode: str | None = None,
                 engine: str = "auto", illegal: str = "raise", observation: str = "dict", setup: Any = None):
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise TtrError(f"unknown render mode {render_mode!r}")
        self.g = _Game(map, players, reward, illegal, observation, engine, setup)
        self.render_mode = render_mode
        self.agents: list[str] = []
        self._declare()

    def _all(self) -> tuple[dict[str, Any], dict[str, dict]]:
        obs = {a: self.g.observe(s) for s, a in enumerate(self.agents)}
        return obs, {a: self.g.info(s) for s, a in enumerate(self.agents)}

    def reset(self, seed: int | None = None, options: dict | None = None) -> tuple[dict[str, Any], dict[str, dict]]:
        self._rng, game_seed = _seed(self._rng, seed)
        self.g.reset(game_seed)
        self.agents = self.possible_agents[:]
        return self._all()

    @property
    def agent_to_move(self) -> str:
        return self.possible_agents[self.g.table.to_move]

    def step(self, actions: dict[str, Any]) -> tuple[dict, dict, dict, dict, dict]:
        if not self.agents:
            raise TtrError("the game is over: call reset()")
        mover = self.agent_to_move
        if actions.get(mover) is None:
            raise TtrError(f"{mover} is to move: its action id is needed")
        paid, illegal = self.g.play(self.possible_agents.index(mover), int(actions[mover]))
        rewards = {a: (paid[s] if paid is not None else 0.0) for s, a in enumerate(self.agents)}
        over = illegal or self.g.table.over
        obs, infos = self._all()
        if illegal:
            infos[mover]["illegal_action"] = True
        terminations = {a: over for a in self.agents}
        truncations = {a: False for a in self.agents}
        if over:
            self.agents = []
        return obs, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            t = self.g.table
            return render_view(t.game.view(t.to_move, legal=False))
        return None

    def close(self) -> None:
        pass


def raw_env(map: str = "europe", players: int = 4, **kwargs: Any) -> TtrAECEnv:
    return TtrAECEnv(map, players, **kwargs)


def env(map: str = "europe", players: int = 4, **kwargs: Any) -> AECEnv:
    """The AEC environment with PettingZoo's usual checks (ids in range, steps in order)."""
    e = raw_env(map, players, **kwargs)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    return wrappers.OrderEnforcingWrapper(e)


def parallel_env(map: str = "europe", players: int = 4, **kwargs: Any) -> TtrParallelEnv:
    """The parallel form (see the module docstring)."""
    return TtrParallelEnv(map, players, **kwargs)


__all__ = ["ILLEGAL", "OBSERVATIONS", "TtrAECEnv", "TtrParallelEnv", "env", "parallel_env", "raw_env"]
