"""OpenSpiel: ttr as a Python game, registered with pyspiel on import as "python_ttr".

    import pyspiel
    import ttr.adapters.openspiel                                  # registers python_ttr
    game = pyspiel.load_game("python_ttr", {"map": "nordic", "players": 3})
    state = game.new_initial_state()                               # a chance node: the seed's first digit

Parameters: `map` (default europe), `players` (default 2), `deals` (default 65536) and
`max_game_length` (default 10000).

Chance is explicit and happens at the root only: the engine's seed, uniform over 0 .. deals-1, is
drawn as base-256 digits, most significant first, by a few chance nodes (two at the default 65,536
deals; one when deals <= 256), each with at most 256 outcomes. A digit's probability is the share
of the seeds under the digits drawn so far that it leads to (only a digit at the top of the range,
with fewer seeds under it, is less likely), which makes the seed exactly uniform for any `deals`.
Every later random event (the deal, reshuffles, tunnel reveals, newspapers) is a function of that
seed and the moves (the engine's G10), so no other chance node follows; no player observes the
seed. Player actions are ttr.ActionSpace ids; a claim paid in steps is several consecutive
decisions of the same player (the game does not change until the last one). The utility is
constant-sum: each seat's win share (1, 1/k for a win shared by k, else 0). OpenSpiel needs a
bound on a game's length; ttr's rules have none (a tunnel can be declined again and again), so a
game reaching `max_game_length` decisions ends there and is scored as it stands (random play
takes at most about 650).

Observation tensors come from ttr.formats.observation (the seat's Observation: its masked
state); the information state tensor adds what the public log shows (face-up cards each seat
took, blind and ticket draws); it is not perfect recall (the information state string is: the
seat's view with the whole public log). A state writes its public log from its own record
(`log_entries`: what each action's kind makes public), since a clone keeps no log. For the tensor
a state keeps the log's counts (observation.LogCounts; clones and resampled worlds get a copy),
each new entry counted once when the tensor is next read, so its history part costs the same at
any ply.
`resample_from_infostate(player, sampler)` deals a world consistent with the player's
Observation (ttr.agents.determinize), with the same information state for that player; its
history() is empty (it is a world, not a replay), the public log before it is carried over, and a
partial payment of another seat is dropped (the player cannot see it); during the deal it draws as
many digits afresh.
"""
from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from ..agents.determinize import Worlds
from ..cards import CARD_NAMES
from ..editions import get_ruleset, new_game
from ..engine import DRAW, TICKETS, Game, public_action
from ..errors import TtrError
from ..formats.action_space import ActionSpace
from ..formats.save import dump, load
from ..runtime.arena import win_shares
from .core import episode_result
from ..formats.observation import LogCounts, Observer

DEFAULTS = {"map": "europe", "players": 2, "deals": 1 << 16, "max_game_length": 10_000}
BASE = 256  # the seed's digits: the most outcomes of a chance node

GAME_TYPE = pyspiel.GameType(
    short_name="python_ttr",
    long_name="Ticket to Ride (ttr)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.CONSTANT_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=5,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=DEFAULTS,
)


class TtrGame(pyspiel.Game):
    def __init__(self, params: dict | None = None):
        p = {**DEFAULTS, **(params or {})}
        self.rules = get_ruleset(str(p["map"]), int(p["players"]))
        self.space = ActionSpace(self.rules)
        self.deals = int(p["deals"])
        self.cap = int(p["max_game_length"])
        if self.deals < 1 or self.cap < 1:
            raise TtrError("deals and max_game_length must be at least 1")
        self.digits = 1  # the seed's digits: chance nodes at the root
        while BASE ** self.digits < self.deals:
            self.digits += 1
        self._outcomes: dict[tuple[int, int], list[tuple[int, float]]] = {}
        info = pyspiel.GameInfo(num_distinct_actions=self.space.n, max_chance_outcomes=min(self.deals, BASE),
                                num_players=self.rules.players, min_utility=0.0, max_utility=1.0,
                                utility_sum=1.0, max_game_length=self.cap)
        super().__init__(GAME_TYPE, info, params or {})
        self._observers: dict[tuple[bool, bool], Observer] = {}

    def new_initial_state(self) -> "TtrState":
        return TtrState(self)

    def seed_digits(self, seed: int) -> tuple[int, ...]:
        """The chance outcomes that draw `seed`: its base-256 digits, most significant first."""
        return tuple(seed // BASE ** (self.digits - 1 - i) % BASE for i in range(self.digits))

    def digit_outcomes(self, drawn: tuple[int, ...]) -> list[tuple[int, float]]:
        """The next digit's outcomes after the digits `drawn`: each with the share of the seeds under
        `drawn` that it leads to (the product along a deal is 1/deals: an exactly uniform seed)."""
        unit = BASE ** (self.digits - 1 - len(drawn))  # seeds under one more digit, at most
        low = 0
        for d in drawn:
            low = low * BASE + d
        under = min(self.deals - low * unit * BASE, unit * BASE)  # seeds under `drawn`
        key = (unit, under)  # the outcomes depend only on these
        out = self._outcomes.get(key)
        if out is None:
            out = self._outcomes[key] = [(d, min(under - d * unit, unit) / under)
                                         for d in range(BASE) if d * unit < under]
        return list(out)

    def observer(self, private: bool, history: bool) -> Observer:
        key = (private, history)
        if key not in self._observers:
            self._observers[key] = Observer(self.rules, private=private, history=history)
        return self._observers[key]

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "SpielObserver":
        if params:
            raise ValueError(f"python_ttr observers take no parameters, not {params}")
        if iig_obs_type is None:
            return SpielObserver(self, private=True, history=False)
        if not iig_obs_type.public_info:
            raise ValueError("python_ttr has no observation without the public information")
        pi = iig_obs_type.private_info
        if pi == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("python_ttr observes for one seat only (private_info ALL_PLAYERS is not offered)")
        return SpielObserver(self, private=pi == pyspiel.PrivateInfoType.SINGLE_PLAYER,
                             history=iig_obs_type.perfect_recall)


class World:
    """The engine's game inside a state: copied with Game.clone, pickled as a save. It keeps the
    last seat's Worlds (ttr.agents.determinize) it was resampled for, so that resampling the same
    state again (as IS-MCTS does, once per simulation) deals only the new world."""
    __slots__ = ("game", "_worlds")

    def __init__(self, game: Game):
        self.game = game
        self._worlds: tuple[tuple[int, int], Worlds] | None = None

    def worlds(self, player: int) -> Worlds:
        """The worlds `player` cannot tell from this one (the game only moves on: its ply tells)."""
        key = (player, self.game.ply)
        if self._worlds is None or self._worlds[0] != key:
            self._worlds = (key, Worlds(self.game.observe(player)))
        return self._worlds[1]

    def __deepcopy__(self, memo: dict) -> "World":
        return World(self.game.clone())

    def __reduce__(self) -> tuple[Any, ...]:
        return (_load_world, (dump(self.game),))


def _load_world(d: dict) -> World:
    return World(load(d, verify=False, record=False))


class Earlier(tuple):
    """The public log before a resampled world (entries as `log_entries` writes them): never
    changed, so clones share it."""

    def __deepcopy__(self, memo: dict) -> "Earlier":
        return self


def log_entries(game: Game, start: int = 0) -> list[dict[str, Any]]:
    """The public log of a game's record (seat, kind, and what the kind makes public: the
    target and cards as data, a keep's count), numbered by ply from `start`. The states keep
    their own record (a clone keeps no log), so their log is written from it."""
    return [{"ply": start + i, "seat": s, "kind": a.kind, **public_action(a)}
            for i, (s, a) in enumerate(zip(game.seats, game.actions))]


class TtrState(pyspiel.State):
    def __init__(self, game: TtrGame):
        super().__init__(game)
        self.world: World | None = None   # None: the deal (chance nodes) is still to come
        self.dealt: tuple[int, ...] = ()   # the seed's digits drawn so far
        self.prefix: tuple[int, ...] = ()  # the payment steps taken so far of the move being made
        self.decisions = 0
        self.earlier = Earlier()           # a resampled world: the public log before it
        self.counts: LogCounts | None = None  # the public log's counts, brought up to date when read

    def _spiel_game(self) -> TtrGame:
        return self.get_game()

    def _world_game(self) -> Game:
        """The engine's game, once the deal is done."""
        if self.world is None:
            raise TtrError("the deal (the chance nodes at the root) is still to come")
        return self.world.game

    def current_player(self) -> int:
        if self.world is None:
            return pyspiel.PlayerId.CHANCE
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return self.world.game.current_player

    def is_terminal(self) -> bool:
        return self.world is not None and (self.world.game.is_over or self.decisions >= self._spiel_game().cap)

    def _legal_actions(self, player: int) -> list[int]:
        if self.world is None or self.is_terminal() or player != self.world.game.current_player:
            return []
        return self._spiel_game().space.legal_ids(self.world.game, self.prefix).tolist()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.world is not None:
            return []
        return self._spiel_game().digit_outcomes(self.dealt)

    def _apply_action(self, action: int) -> None:
        g = self._spiel_game()
        if self.world is None:
            self.dealt += (int(action),)
            if len(self.dealt) == g.digits:
                seed = 0
                for d in self.dealt:
                    seed = seed * BASE + d
                self.world = World(new_game(g.rules.map.name, g.rules.players, seed, record=False))
            return
        game = self.world.game
        a = g.space.decode(int(action), game, self.prefix)
        self.decisions += 1
        if a is None:
            self.prefix += (int(action),)
            return
        self.prefix = ()
        game.apply_unchecked(a)  # decode checked it against the legal actions

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            n = self._spiel_game().digits
            if n == 1 or self.world is not None:
                return f"deal {action}"
            return f"deal {action} (seed digit {len(self.dealt) + 1} of {n}, base {BASE})"
        return self._spiel_game().space.describe(action)

    def returns(self) -> list[float]:
        n = self._spiel_game().rules.players
        if not self.is_terminal():
            return [0.0] * n
        return win_shares(self._world_game().result()["winners"], n)

    def result(self) -> dict[str, Any] | None:
        """The ended game's result by seat (ttr.adapters.core.episode_result: winners, totals,
        ranks, tickets), as the other environments give it at the end; None before the end or
        when max_game_length cut the game."""
        if self.world is None or not self.world.game.is_over:
            return None
        return episode_result(self.world.game)

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> "TtrState":
        """A state `player` cannot tell from this one, its hidden cards and tickets dealt at
        random (ttr.agents.determinize), seeded by the sampler."""
        g = self._spiel_game()
        new = g.new_initial_state()
        rng = random.Random(int(probability_sampler() * (1 << 53)))
        if self.world is None:  # the digits drawn so far of a uniform seed: as the chance nodes draw them
            new.dealt = g.seed_digits(rng.randrange(g.deals))[:len(self.dealt)]
            return new
        new.world = World(self.world.worlds(player).game(rng))
        new.prefix = self.prefix if player == self.world.game.current_player else ()
        new.decisions = self.decisions
        new.counts = self.log_counts().copy()
        new.earlier = Earlier(self.public_log())
        return new

    resample_from_infoset = resample_from_infostate

    def public_log(self) -> list[dict[str, Any]]:
        """The public log, in a resampled world with what came before it."""
        return [*self.earlier, *log_entries(self._world_game(), len(self.earlier))]

    def log_counts(self) -> LogCounts:
        """The counts of the public log (what the information state tensor reads of it), brought
        up to date: each entry is counted once, the log before a resampled world included."""
        game = self._world_game()
        counts, observer = self.counts, self._spiel_game().observer(True, True)
        if counts is None:
            counts = self.counts = observer.counts(self.earlier)
        done = counts.entries - len(self.earlier)  # this world's actions counted
        if done < game.ply:
            observer.count(counts, [{"seat": s, "kind": a.kind, **public_action(a)}
                                    for s, a in zip(game.seats[done:], game.actions[done:])
                                    if a.kind == DRAW or a.kind == TICKETS])  # the other kinds count nothing
            counts.entries = len(self.earlier) + game.ply
        return counts

    def __str__(self) -> str:
        if self.world is None:
            return f"deal to come, seed digits drawn {list(self.dealt)} (base {BASE})" if self.dealt else \
                "deal to come"
        g = self.world.game
        layout, st = g.layout(), g.encode()
        items = layout.items

        def names(cards: list[int]) -> list[str]:
            return [CARD_NAMES[c] if c >= 0 else "-" for c in cards]

        piles = [st[layout[deck].start] for deck, _ in layout.pile_names]
        discards = [st[layout[discard].start] for _, discard in layout.pile_names]
        routes = sorted((r, s) for r, s in enumerate(items(st, "routes")) if s >= 0)
        lines = [f"{g.rules.map.name} {g.num_players}p, phase {g.phase}, seat {g.current_player} to move, "
                 f"turn {g.turn}, steps {list(self.prefix)}, decisions {self.decisions}",
                 f"face up {names(items(st, 'face_up'))}, piles {piles}, discards {discards}, "
                 f"tickets {st[layout['ticket_pile'].start]}",
                 f"routes {routes}"]
        for p in range(g.num_players):
            hand = {CARD_NAMES[k]: n for k, n in enumerate(items(st, f"players[{p}].hand")) if n}
            lines.append(f"seat {p}: hand {hand}, tickets {items(st, f'players[{p}].tickets')}, "
                         f"offer {items(st, f'players[{p}].offer')}, trains {st[layout.seat(p, 'trains').start]}, "
                         f"score {st[layout.seat(p, 'score').start]}")
        return "\n".join(lines)


class SpielObserver:
    """OpenSpiel's observer interface (tensor, dict, set_from, string_from) over ttr's Observer."""

    def __init__(self, game: TtrGame, private: bool, history: bool):
        self.observer = game.observer(private, history)
        self.tensor = np.zeros(self.observer.size, dtype=np.float32)
        self.dict = self.observer.split(self.tensor)

    def _pending(self, state: TtrState, player: int) -> tuple[int, ...]:
        if not self.observer.private or state.world is None or state.world.game.current_player != player:
            return ()
        return state.prefix

    def set_from(self, state: TtrState, player: int) -> None:
        if state.world is None:
            self.tensor.fill(0.0)
            return
        log = state.log_counts() if self.observer.history else None
        self.observer.encode(state.world.game.observe(player), self._pending(state, player), log, out=self.tensor)

    def string_from(self, state: TtrState, player: int) -> str:
        """The seat's view as JSON (in a resampled world, `ply` counts what came before it), with
        the public log for the information state."""
        if state.world is None:
            return "deal to come"
        view: dict[str, Any] = dict(state.world.game.observe(player).view)
        view["ply"] += len(state.earlier)
        if not self.observer.private:
            del view["you"]
        out: dict[str, Any] = {"view": view, "steps": list(self._pending(state, player))}
        if self.observer.history:
            out["log"] = state.public_log()
        return json.dumps(out, sort_keys=True, separators=(",", ":"))


pyspiel.register_game(GAME_TYPE, TtrGame)

__all__ = ["DEFAULTS", "Earlier", "GAME_TYPE", "SpielObserver", "TtrGame", "TtrState", "World", "log_entries"]
