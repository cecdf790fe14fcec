"""Gymnasium: one seat of ttr against bots, as a single-agent environment. Importing this module
registers one id per board:

    import gymnasium as gym
    import ttr.adapters.gymnasium                # registers ttr/USA-v0, ttr/Europe-v0, ...
    env = gym.make("ttr/Europe-v0", opponents=["planner", "greedy", "random"])
    obs, info = env.reset(seed=1)
    action = env.action_space.sample(obs["action_mask"])
    obs, reward, terminated, truncated, info = env.step(action)

(`gym.make("ttr.adapters.gymnasium:ttr/Europe-v0")` imports and makes in one call.)

Actions are Discrete(space.n), the ids of ttr.ActionSpace. The observation is {"observation":
float32 tensor (ttr.formats.observation), "action_mask": int8[n]} (observation="graph": the
graph form of ttr.adapters.graph, with the mask); the mask is also in
`info["action_mask"]` and `env.action_masks()` (sb3-contrib's MaskablePPO). The learner's seat
is drawn at every reset unless `seat` is given; the opponents are bots by name (seeded from the
game's seed) or any seats (objects with `act(observation)`), cycled over the other seats. A claim
paid in steps takes several steps: the intermediate ones give reward 0 and the next step's mask.
An illegal id ends the episode as a loss (reward 0 with reward="win", -1 with "score" or
"margin"; `info["illegal_action"]`), or raises ttr.IllegalActionIdError with illegal="raise".
The step that ends the game gives its result in `info["result"]`
(ttr.adapters.core.episode_result: winners, totals, ranks, tickets done and failed, by seat;
`info["seat"]` is the learner's). Legends of the West: `setup=` the games' LegacySetup (None:
the demo pack's game 1).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..agents import make_agent
from ..editions import EDITIONS, player_range
from ..errors import TtrError
from ..runtime.seat import Seat
from .core import Rewards, Table, check_reward, episode_result, render_view
from .graph import GraphObserver

ENV_IDS = {"usa": "ttr/USA-v0", "europe": "ttr/Europe-v0", "nordic": "ttr/Nordic-v0", "world": "ttr/World-v0",
           "great-lakes": "ttr/GreatLakes-v0", "legends-west": "ttr/LegendsWest-v0"}
ILLEGAL = ("lose", "raise")


class TtrEnv(gym.Env):
    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(self, map: str = "europe", opponents: Sequence[str | Seat] = ("planner",), players: int | None = None,
                 seat: int | None = None, reward: str = "win", illegal: str = "lose", render_mode: str | None = None,
                 engine: str = "auto", observation: str = "dict", setup: Any = None):
        opponents = [opponents] if isinstance(opponents, str) else list(opponents)
        if not opponents:
            raise TtrError("give at least one opponent")
        players = players if players is not None else len(opponents) + 1
        if players not in player_range(map):
            r = player_range(map)
            raise TtrError(f"{map} is for {r.start}-{r.stop - 1} players, not {players}")
        if seat is not None and not 0 <= seat < players:
            raise TtrError(f"no seat {seat} in a {players}-player game")
        if illegal not in ILLEGAL:
            raise TtrError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
        if observation not in ("dict", "graph"):
            raise TtrError(f"observation must be 'dict' or 'graph', not {observation!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise TtrError(f"unknown render mode {render_mode!r}")
        for o in opponents:
            if isinstance(o, str):
                make_agent(o)  # an unknown name fails here, not at reset
        self.table = Table(map, players, engine=engine, setup=setup)
        self.opponents = opponents
        self.fixed_seat = seat
        self.reward_mode = check_reward(reward)
        self.illegal = illegal
        self.render_mode = render_mode
        ob = self.table.observer
        self.graph = GraphObserver(ob) if observation == "graph" else None
        self.observation_space = self.graph.space(self.table.n) if self.graph is not None else spaces.Dict({
            "observation": spaces.Box(ob.low, ob.high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (self.table.n,), dtype=np.int8)})
        self.action_space = spaces.Discrete(self.table.n)
        self.seat = 0
        self._ended = False

    def _seats(self, game_seed: int) -> list[Any]:
        seats: list[Any] = []
        others = 0
        for s in range(self.table.rules.players):
            if s == self.seat:
                seats.append(None)
                continue
            o = self.opponents[others % len(self.opponents)]
            others += 1
            seats.append(make_agent(o, game_seed * 1000 + s) if isinstance(o, str) else o)
        return seats

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**31))
        self.seat = self.fixed_seat if self.fixed_seat is not None else int(self.np_random.integers(self.table.rules.players))
        game = self.table.reset(game_seed, self._seats(game_seed))
        self.table.run_bots()
        self._rewards = Rewards(self.reward_mode, game)
        self._ended = False
        obs = self._obs()
        return obs, self._info(obs, game_seed=game_seed)

    def step(self, action: int) -> tuple[dict, float, bool, bool, dict]:
        t = self.table
        if self._ended or t.over:
            raise TtrError("the episode is over: call reset()")
        i = int(action)
        if not t.legal(i):
            if self.illegal == "raise":
                t.step(i)  # raises IllegalActionIdError, naming why
            self._ended = True
            worst = 0.0 if self.reward_mode == "win" else -1.0
            obs = self._obs()
            return obs, worst, True, False, self._info(obs, illegal_action=True)
        if t.step(i) is None:  # a payment goes on
            obs = self._obs()
            return obs, 0.0, False, False, self._info(obs)
        t.run_bots()
        over = t.over
        # (rewards "win" are 0 until the end: no need to ask)
        reward = float(self._rewards.step()[self.seat]) if over or self.reward_mode == "score" else 0.0
        obs = self._obs()
        info = {"seat": self.seat, "action_mask": obs["action_mask"]}
        if over:
            info["result"] = episode_result(t.game)
        return obs, reward, over, False, info

    def action_masks(self) -> np.ndarray:
        """bool[n]: the legal ids now (for sb3-contrib's MaskablePPO)."""
        return self.table.mask(self.seat).view(bool)

    def _obs(self) -> dict:
        o = self.table.observation(self.seat)
        if self.graph is not None:
            return {**self.graph.graph(o["observation"]), "action_mask": o["action_mask"]}
        return o

    def _info(self, obs: dict | None = None, **extra: Any) -> dict:
        """The step's info; its mask is the observation's (one copy per step)."""
        mask = obs["action_mask"] if obs is not None else self.table.mask(self.seat)
        return {"seat": self.seat, "action_mask": mask, **extra}

    def render(self) -> Any:  # (a text with render_mode="ansi", else None)
        if self.render_mode == "ansi":
            return render_view(self.table.game.view(self.seat, legal=False))
        return None


def register() -> None:
    """Register one id per board (ENV_IDS); called on import."""
    for name, env_id in ENV_IDS.items():
        if name in EDITIONS and env_id not in gym.registry:
            gym.register(env_id, entry_point="ttr.adapters.gymnasium:TtrEnv", kwargs={"map": name},
                         disable_env_checker=False)


register()

__all__ = ["ENV_IDS", "TtrEnv", "register"]
