"""Games played by integer ids in the native core: the ids and masks of a board's action space and
the observer's tensor, written by the core into numpy buffers, for one game (`NativeIds`, used by
the research environments) and for batches of games (`NativeBatch`, behind
`ttr.adapters.vector.VecEnv`).

This layer knows neither the action space nor the observer: the research layer (ttr.adapters)
hands their tables down (`ids`: per id its action as (kind code, target, payment), None for the
ids of claims paid in steps; `steps`: those ids; `observer`: `Observer.native_tables()`), and the
core checks that they fit its rules. Where claims are paid in steps (Nordic), a game's claim under
way is the `prefix` of ids taken so far (the environments keep it; a batch's slots hold their own).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from ..engine import KEEP, Action, Ruleset
from ..errors import TtrError
from .game import (
    _CITY_CODES,
    _DRAW_CODE,
    _EXTRA_SLOTS,
    _KEEP_CODE,
    _PIECES_CODE,
    _TARGETLESS,
    CORE,
    KIND_CODES,
    KIND_WORDS,
    NativeGame,
    _core_target,
    _target,
    check_native,
    core_rules,
    static_game,
)
from .legacy import LEGACY


_TRADE_CODE, _EXTRA_CODE = KIND_CODES["trade"], KIND_CODES["extra"]
# Legacy's offers by slot (extras.SLOTS, then DONE), as the core numbers the targets of TRADE and
# EXTRA: 0 the event's, 1..6 Q..V, 7..9 P1..P3, 10 (kExtraDone) done. A trade's target None (the
# event's action) is slot 0, its place (Q..V, P1..P3) that place's slot.
_SLOTS = _EXTRA_SLOTS


def _trade_slot(target: Any) -> int | None:
    """The core's target of a trade: its slot (None: no trade has this target)."""
    if target is None:
        return 0
    return _SLOTS.index(target) if isinstance(target, str) and target in _SLOTS[1:-1] else None


def _trade_target(slot: int) -> Any:
    """A trade's target of the core's: its place, None for the event's action (slot 0). (The
    core's legal trades carry their slot: the event's 0, a rule's or postcard's its place's.)"""
    return None if slot == 0 else _SLOTS[slot]


def core_action(rules: Ruleset, action: Action) -> tuple[int, int, tuple]:
    """An action as the core numbers it: (kind code, target, payment); a target of no number
    (tickets, pay, decline, pass) is 0, a station's or harbor's city its index, Rails & Sails'
    draws and pieces as the core numbers them, Legacy's trades and extra cards their offer's slot.
    Keeps have no one action (their ids are bit sets over the offer): NativeIds takes (keep
    code, bit set, ())."""
    code = KIND_CODES.get(action.kind)
    if code is None or action.kind == KEEP:
        raise TtrError(f"'{action}' has no action number in the native core")
    target = action.target
    if code == _TRADE_CODE or code == _EXTRA_CODE:
        target = _trade_slot(target) if code == _TRADE_CODE else _SLOTS.index(target) if target in _SLOTS else None
        if target is None:
            raise TtrError(f"'{action}' has no action number in the native core")
    elif code in _CITY_CODES or code == _PIECES_CODE or (code == _DRAW_CODE and rules.multi_deck):
        target = _core_target(rules, code, target)
        if target is None:
            raise TtrError(f"'{action}' has no action number in the native core")
    elif target is None:
        target = 0
    return code, int(target), tuple((int(k), int(v)) for k, v in action.cards)


def keep_row(bits: int) -> tuple[int, int, tuple]:
    """The core's row of a keep id: the kept positions of the sorted offer, as bits."""
    return _KEEP_CODE, bits, ()


def action_of(rules: Ruleset, row: Sequence[Any], offer: Sequence[int] = ()) -> Action:
    """The Action of a core row (kind code, target, payment); a keep's tickets from the sorted `offer`."""
    code, target, cards = row
    kind = KIND_WORDS[code]
    if code == _KEEP_CODE:
        return Action(kind, tuple(t for j, t in enumerate(sorted(offer)) if target >> j & 1))
    pay = tuple((int(k), int(v)) for k, v in cards)
    if code == _TRADE_CODE:
        return Action(kind, _trade_target(int(target)), pay)
    return Action(kind, None if code in _TARGETLESS else _target(rules, code, int(target)), pay)


class NativeIds:
    """A board's ids and tensor in the core, asked about one native game at a time."""
    __slots__ = ("rules", "setup", "spec", "n", "size")

    def __init__(self, rules: Ruleset, ids: Sequence[tuple[int, int, tuple] | None], observer: dict[str, Any],
                 steps: tuple[list[tuple[int, int]], list[tuple[int, int, int]], int] | None = None,
                 setup: Any = None):
        check_native(rules, {"setup": setup} if setup is not None else None)
        self.rules = rules
        # (Legacy: the setup of the games, as the core reads it; None: the demo pack's game 1)
        self.setup = static_game(rules, setup).setup if rules.edition.name == LEGACY else None
        try:
            self.spec = CORE.EnvSpec(core_rules(rules, self.setup), list(ids), observer, steps)
        except ValueError as e:  # the core's RulesError: the tables do not fit
            raise TtrError(f"the native core cannot play these ids or write this tensor: {e}") from None
        self.n: int = self.spec.n
        self.size: int = self.spec.size

    def mask(self, game: NativeGame, out: Any, prefix: Sequence[int] = ()) -> int:
        """Write the game's legal ids (the next steps after `prefix`) into `out` (1 byte[n], zero
        elsewhere); their number."""
        return int(self.spec.mask(game._h, out, list(prefix)))

    def legal_ids(self, game: NativeGame, prefix: Sequence[int] = ()) -> list[int]:
        """The game's legal ids (after `prefix`), in the order of its legal actions (steps ascending)."""
        return list(self.spec.legal_ids(game._h, list(prefix)))

    def observe(self, game: NativeGame, seat: int, out: Any, prefix: Sequence[int] = ()) -> None:
        """Write `seat`'s tensor of the game into `out` (float32[size]); `prefix`: the claim under way
        of the seat to move."""
        self.spec.observe(game._h, seat, out, list(prefix))

    def index(self, game: NativeGame, i: int, prefix: Sequence[int] = ()) -> int:
        """What id `i` does after `prefix`: the index among the game's legal actions of the action it
        completes, -2 (a payment step that does not complete it) or -1 (not legal)."""
        return int(self.spec.index(game._h, i, list(prefix)))

    def bound(self, game: NativeGame) -> tuple[Callable[[Any], int], Callable[[int, Any], None], Callable[[int], int],
                                               Callable[[int, Any, Any], int]]:
        """`mask(out)`, `observe(seat, out)`, `index(i)` and `observe_seat(seat, obs, mask)` (the
        seat's tensor and mask: none unless it is to move) of one game, as calls straight into the
        core (no Python frame between: the environments' hot path)."""
        if game.rules is not self.rules:
            raise TtrError("this game is of other rules than these ids'")
        if game._static is not None and game._static.setup != self.setup:
            raise TtrError("this game is of another Legends of the West setup than these ids'")
        h, s = game._h, self.spec
        return partial(s.mask, h), partial(s.observe, h), partial(s.index, h), partial(s.observe_seat, h)

    def action(self, i: int) -> tuple[int, int, tuple] | None:
        """The core's action of id `i`: (kind code, target, payment), a keep's target its bit set;
        None for the ids of claims paid in steps."""
        row = self.spec.action(i)
        if row is None:
            return None
        kind, target, cards = row
        return kind, target, cards


def scores(game: NativeGame) -> list[int]:
    """Every seat's score as it stands (the integer state's `players[p].score`)."""
    return list(CORE.EnvSpec.scores(game._h))


class NativeBatch:
    """Games of one board stepped by ids in the core, one slot per seed (see ttr.adapters.vector)."""
    __slots__ = ("ids", "core")

    def __init__(self, ids: NativeIds, seeds: Any, reward: str, random_first: bool, max_steps: int):
        self.ids = ids
        self.core = CORE.VecEnv(ids.spec, seeds, reward, bool(random_first), int(max_steps))


def episode_seed(seed: int, episode: int) -> int:
    """The seed of a slot's episode `episode` (0: the slot's own seed)."""
    if CORE is None:
        raise TtrError("the native core is not built")
    return int(CORE.episode_seed(seed, episode))


__all__ = ["NativeBatch", "NativeIds", "action_of", "core_action", "episode_seed", "keep_row", "scores"]
