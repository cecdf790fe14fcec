"""A vector environment on the native core: many games of one board (USA, Europe, Nordic, World,
Great Lakes or Legends of the West, any player count) stepped at once by `ttr.ActionSpace` ids,
written into numpy buffers.

    from ttr.adapters.vector import VecEnv
    env = VecEnv("usa", 2, num_envs=256, seed=0)
    out = env.reset()                    # out.observations float32[N, size], out.masks uint8[N, n], out.seats
    while training:
        actions = env.sample()           # uniform over each game's legal ids (the core's own generator)
        out = env.step(actions)          # + out.rewards float32[N, players], out.terminated, out.truncated

Each game (slot) i is played by the seat to move (`out.seats[i]`); its observation is that seat's
tensor, exactly `Observer(rules).encode(game.observe(seat))` (ttr/formats/observation.py), and
its mask that of `ActionSpace.mask(game)`. Rewards are per seat (absolute seats, every seat every
step, as `ttr.adapters.core.Rewards`: "win", "score" or "margin"). A game that ends is reset at
once (the observation and mask are then those of the next episode's first position; `terminated`
says it ended, `rewards` hold its last rewards, `final(i)` its result); `max_steps` > 0
truncates longer episodes. Slot i's
episodes are seeded from its own seed only (the first is `ttr.new_game(map, players, seeds[i])`,
the next ones `ttr.native.vecenv.episode_seed(seeds[i], k)`), and `sample` draws from a generator
seeded by the episode's seed, so a game's trajectory never depends on the batch it is played in.

The buffers are the caller's if given (`observations=`, `masks=`, ...; C-contiguous, of the
shapes and dtypes above, masks may be bool, int8 or uint8), else the environment's own; every call
writes into them and returns them. The interpreter lock is released while the core steps.

On Nordic, World and Great Lakes some claims are paid in steps (docs/action-space.md): the claim's
id, then one id per card kind of the payment. Each slot holds its claim under way (`pending(i)`,
`prefix(i)`): after a step that does not finish the claim the game is unchanged, the same seat is
to move, its mask offers the next steps, its observation shows them (field `pending`) and the
rewards are 0; every id is a step (`info(i)["steps"]`, `max_steps`).

Legends of the West: every game of a batch is of one setup (`setup=`: a LegacySetup or its dict,
e.g. a later game of a pack with its events' trades and extra-card offers; None: the demo pack's
game 1), one the native core plays (ttr.native.legacy_supported: TtrError naming what it does
not); an episode's game is `ttr.new_game("legends-west", players, seed, setup=setup)`. Its trades
and extra cards are ids like any other (docs/action-space.md); rewards "score" pay money.
"""
from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from ..editions import get_ruleset
from ..engine import KEEP, Action, Game, decode
from ..errors import IllegalActionIdError, TtrError
from ..native import available, plays_by_ids
from ..native.game import core_rules, static_game
from ..native.legacy import LEGACY
from ..native.vecenv import NativeBatch, action_of
from .core import check_reward, native_ids
from ..formats.observation import Observer

class Step(NamedTuple):
    """What a batch step writes (the buffers themselves, rows by game)."""
    observations: np.ndarray  # float32[N, size]: the tensor of the seat to move
    masks: np.ndarray         # uint8[N, n] (or the caller's bool / int8): its legal ids
    rewards: np.ndarray       # float32[N, players]: per seat, by absolute seat
    terminated: np.ndarray    # bool[N]: the game ended with this step (and was reset)
    truncated: np.ndarray     # bool[N]: cut at max_steps (and reset)
    seats: np.ndarray         # int32[N]: the seat to move


def _buffer(given: Any, name: str, shape: tuple[int, ...], dtypes: tuple[Any, ...]) -> np.ndarray:
    if given is None:
        return np.zeros(shape, dtype=dtypes[0])
    if not isinstance(given, np.ndarray):
        raise TypeError(f"{name}: expected a numpy array, got {type(given).__name__}")
    if given.dtype not in [np.dtype(d) for d in dtypes]:
        raise TypeError(f"{name}: expected dtype {' or '.join(np.dtype(d).name for d in dtypes)}, got {given.dtype}")
    if given.shape != shape:
        raise ValueError(f"{name}: expected shape {shape}, got {given.shape}")
    if not given.flags.c_contiguous or not given.flags.writeable:
        raise ValueError(f"{name}: expected a writable C-contiguous array")
    return given


class VecEnv:
    """`num_envs` games of `map` with `players` seats, stepped by ids (see the module docstring)."""

    def __init__(self, map: str = "usa", players: int = 2, num_envs: int = 1, *, seed: int = 0, seeds: Any = None,
                 reward: str = "win", random_first: bool = False, max_steps: int = 0, private: bool = True,
                 setup: Any = None, observations: np.ndarray | None = None, masks: np.ndarray | None = None,
                 rewards: np.ndarray | None = None, terminated: np.ndarray | None = None,
                 truncated: np.ndarray | None = None, seats: np.ndarray | None = None):
        if not available():
            raise TtrError("the vector environment needs the native core, which is not built here")
        self.rules = get_ruleset(map, players)
        if not plays_by_ids(self.rules):
            raise TtrError(f"the vector environment does not play {self.rules.edition.title} (USA, Europe, Nordic, World, "
                           "Great Lakes and Legends of the West so far)")
        legacy = self.rules.edition.name == LEGACY
        if setup is not None and not legacy:
            raise TtrError(f"setup: {self.rules.edition.title} takes no setup (Legends of the West's games do)")
        self.options: dict[str, Any] = {}  # the games' options (Legacy: their setup)
        if legacy:
            static = static_game(self.rules, setup)  # (TtrError: a setup the core does not play)
            self.rules = static.rules  # (the board its frontier boards grow, if any: its own action space)
            core_rules(self.rules, static.setup)  # (TtrError naming a size of the core the board is past)
            self.options = {"setup": static.setup}
        if seeds is None:
            if not isinstance(num_envs, int) or num_envs < 1:
                raise TtrError(f"num_envs: a positive integer, not {num_envs!r}")
            seeds = np.arange(num_envs, dtype=np.int64) + int(seed)
        else:
            seeds = np.asarray(seeds)
            if seeds.ndim != 1 or seeds.size < 1 or seeds.dtype.kind not in "iu":
                raise TtrError("seeds: a 1-d array of integers, one per game")
            seeds = np.ascontiguousarray(seeds, dtype=np.int64)
        if max_steps < 0:
            raise TtrError(f"max_steps: 0 (no limit) or more, not {max_steps}")
        self.reward = check_reward(reward)
        self.observer = Observer(self.rules, private=private)
        self.space = self.observer.space
        ids = native_ids(self.observer, self.options.get("setup"))
        if ids is None:  # (an observer whose tensor the core does not write)
            raise TtrError(f"the native core does not write {self.rules.edition.title}'s tensor; use "
                           "ttr.adapters' Python environments")
        self.num_envs = N = len(seeds)
        self.n, self.size, self.players = ids.n, ids.size, players
        self.seeds = seeds
        self._ids = ids
        self._batch = NativeBatch(ids, seeds, reward, random_first, max_steps)
        self._core = self._batch.core
        self._out = Step(_buffer(observations, "observations", (N, self.size), (np.float32,)),
                         _buffer(masks, "masks", (N, self.n), (np.uint8, np.bool_, np.int8)),
                         _buffer(rewards, "rewards", (N, players), (np.float32,)),
                         _buffer(terminated, "terminated", (N,), (np.bool_, np.uint8, np.int8)),
                         _buffer(truncated, "truncated", (N,), (np.bool_, np.uint8, np.int8)),
                         _buffer(seats, "seats", (N,), (np.int32,)))
        self._actions = np.zeros(N, dtype=np.int64)
        self._reset = False

    @property
    def buffers(self) -> Step:
        return self._out

    def reset(self) -> Step:
        """Every game back to its seed's first episode."""
        self._core.reset(*self._out)
        self._reset = True
        return self._out

    def step(self, actions: Any) -> Step:
        """Apply one id per game (for its seat to move). An id that is not legal raises
        IllegalActionIdError naming the game, and nothing is applied."""
        if not self._reset:
            raise TtrError("call reset() first")
        a = actions
        if not (a.__class__ is np.ndarray and a.dtype == np.int64 and a.flags.c_contiguous):
            a = np.asarray(a)
            if a.dtype.kind not in "iu":
                raise TypeError(f"actions: integer ids expected, got dtype {a.dtype}")
            a = np.ascontiguousarray(a, dtype=np.int64)
        if a.shape != (self.num_envs,):
            raise ValueError(f"actions: expected shape ({self.num_envs},), got {a.shape}")
        bad = self._core.step(a, *self._out)
        if bad >= 0:
            raise IllegalActionIdError(self._why(int(bad), int(a[bad])))
        return self._out

    def sample(self, out: np.ndarray | None = None) -> np.ndarray:
        """One legal id per game, uniform over its legal ids (each game's own generator, seeded by
        its episode's seed: a native random policy for playouts)."""
        if not self._reset:
            raise TtrError("call reset() first")
        if out is None:
            out = self._actions
        self._core.sample(out)
        return out

    # ------------------------------------------------------------ inspection

    def legal_ids(self, i: int) -> np.ndarray:
        """Game i's legal ids, in the order of its legal actions (while a claim is paid in steps: its
        next steps, ascending)."""
        return np.asarray(self._core.legal_ids(i), dtype=np.int64)

    def pending(self, i: int) -> tuple[int, tuple[tuple[int, int], ...]] | None:
        """Game i's claim under way, paid in steps: its route and the payment chosen so far
        ((card kind, count), ...), as `ActionSpace.partial` gives it; None between moves."""
        p = self._core.pending(i)
        return None if p is None else (int(p[0]), tuple((int(k), int(v)) for k, v in p[1]))

    def prefix(self, i: int) -> tuple[int, ...]:
        """The ids game i's seat to move has taken so far of its claim under way (() between moves):
        the `prefix` of `ActionSpace.mask(game, prefix)`."""
        p = self.pending(i)
        if p is None:
            return ()
        claims, steps, _ = self.space.step_ids()
        step_id = {kv: j for j, kv in steps.items()}
        return (claims[p[0]], *(step_id[kv] for kv in p[1]))

    def state(self, i: int) -> list[int]:
        """Game i's integer state (docs/state-codec.md)."""
        return list(self._core.state(i))

    def game(self, i: int) -> Game:
        """Game i's position as a Python-engine game (a copy, without its history)."""
        return decode(self.rules, self.state(i), self.options or None)

    def info(self, i: int) -> dict[str, int]:
        """Game i's seed, episode number (0: the slot's first) and steps so far."""
        seed, episode, steps = self._core.info(i)
        return {"seed": seed, "episode": episode, "steps": steps}

    def final(self, i: int) -> dict[str, Any] | None:
        """How slot i's last episode ended (None before one has): its seed, episode number, steps
        and `truncated`; for a game that ended, by absolute seat, what the other environments give
        in `info["result"]` (winners, totals, ranks, tickets_done, tickets_failed). Read it after
        a step that set terminated[i] or truncated[i]."""
        if not 0 <= i < self.num_envs:
            raise TtrError(f"no game {i}: games are 0..{self.num_envs - 1}")
        out: dict[str, Any] | None = self._core.final(i)
        return out

    def action(self, i: int, action_id: int) -> Action | None:
        """The action id `action_id` stands for in game i (a keep names tickets of its offer); for a
        claim paid in steps, the claim it completes after the slot's prefix, or None while it does
        not (ActionSpace.decode: IllegalActionIdError for a step that is not legal there)."""
        if not 0 <= action_id < self.n:
            raise TtrError(f"id {action_id} is out of range: ids are 0..{self.n - 1}")
        row = self._ids.action(action_id)
        prefix = self.prefix(i)
        if row is None or prefix:
            return self.space.decode(action_id, self.game(i), prefix)
        offer: list[int] = []
        if self.space.block(action_id) == KEEP:
            st = self.state(i)
            layout = self.game(i).layout()
            seat = st[layout["current_player"].start]
            offer = list(layout.items(st, f"players[{seat}].offer"))
        return action_of(self.rules, row, offer)

    def _why(self, i: int, a: int) -> str:
        if not 0 <= a < self.n:
            return f"game {i}: id {a} is out of range (ids are 0..{self.n - 1})"
        legal = self.legal_ids(i)
        prefix = self.prefix(i)
        after = f" after its prefix {list(prefix)}" if prefix else ""
        return (f"game {i}: id {a} ({self.space.describe(a)}) is not legal in its position{after} "
                f"({len(legal)} legal ids, e.g. {', '.join(map(str, sorted(legal)[:5]))})")

    def __repr__(self) -> str:
        return f"<VecEnv {self.rules.map.name} {self.players}p x{self.num_envs}: n={self.n}, tensor {self.size}>"


__all__ = ["Step", "VecEnv"]
