"""The bots in the core: the random, greedy and planner bots of ttr.agents in C++ (native/src/bots.cpp, rs_bots.cpp,
lw_bots.cpp: Legacy's setups as the game's `setup`),
choosing exactly what the Python bots choose, from their seat's view alone.

`bot_move(game, bot)` is a bot's move; `playouts(board, players, seeds, bots)` plays whole games
between bots in C++ (the interpreter lock released, on `threads` threads) and returns numpy
arrays with one row per seed; `world(rules, state)` is a search bot's sampled world in the core,
where its playouts (the candidate, then planners in every seat to the end) are played."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..engine import Action, Game, Ruleset
from ..errors import TtrError
from .game import BOT_EDITIONS, CORE, check_native, core_rules, static_game
from .legacy import LEGACY

if TYPE_CHECKING:
    import numpy as np

BOTS = ("random", "greedy", "planner")  # the core's BotKind numbers (native/include/ttr/bots.hpp)
_BOARDS: dict[int, tuple[Any, Any]] = {}  # id(the core's rules) -> (those rules, their Board): kept alive
_REGISTRY: list[Callable[[str, int], Ruleset]] = []  # the name -> Ruleset registry (ttr.editions), set from above


def use_registry(resolve: Callable[[str, int], Ruleset]) -> None:
    """How `playouts` turns a board's name and a player count into rules: ttr.editions registers
    its `get_ruleset` (ttr.native sits below ttr.editions and cannot import it)."""
    _REGISTRY[:] = [resolve]


def board(rules: Ruleset, setup: Any = None) -> Any:
    """The core's bot tables of `rules` (built once per core rules: Legacy's per setup, None the
    demo pack's game 1): the planner's route graph, its cities in name order."""
    check_native(rules, None if setup is None else {"setup": setup})
    if rules.edition.name not in BOT_EDITIONS:
        raise TtrError(f"the bots in the core play {', '.join(BOT_EDITIONS)} so far, not {rules.edition.title}")
    core = core_rules(rules, setup)
    if rules.edition.name == LEGACY:  # (the board a setup's frontiers grow)
        rules = static_game(rules, setup).rules
    entry = _BOARDS.get(id(core))
    if entry is None or entry[0] is not core:
        names = rules.city_names
        order = sorted(range(len(names)), key=names.__getitem__)  # planning.RouteGraph numbers cities by name
        entry = _BOARDS[id(core)] = (core, CORE.Board(core, order))
    return entry[1]


def bot_code(bot: str) -> int:
    try:
        return BOTS.index(bot)
    except ValueError:
        raise TtrError(f"the core plays the bots {', '.join(BOTS)}, not {bot!r}") from None


def bot_move(game: Game, bot: str) -> Action:
    """The move the greedy or planner bot chooses for the seat to move of `game` (either engine's,
    of a board the core plays), from that seat's view: the position goes to the core as its
    integer state and the bot reads only what the seat sees."""
    code = bot_code(bot)
    if code == 0:
        raise TtrError("the random bot draws from its own generator: play it with playouts() or ttr.agents")
    setup = game.replay_options().get("setup")  # (Legacy: the game's setup)
    return game.legal_actions()[int(CORE.bot_move(board(game.rules, setup), game.encode(), code))]


def _rules(where: str | Ruleset, players: int | None) -> Ruleset:
    if isinstance(where, Ruleset):
        if players is not None and players != where.players:
            raise TtrError(f"these rules are for {where.players} players, not {players}")
        return where
    if players is None:
        raise TtrError("playouts(board name, players, seeds): how many players?")
    if not _REGISTRY:
        raise TtrError("no board registry: import ttr first")
    return _REGISTRY[0](where, players)


def playouts(where: str | Ruleset, players: int | None = None, seeds: Sequence[int] | np.ndarray = (),
             bots: str | Sequence[str] = "random", threads: int = 1, check: bool = False,
             setup: Any = None) -> dict[str, Any]:
    """Whole games in the core, one per seed, between bots (one name for every seat, or one per
    seat): the same games as ttr.runtime.sim.play_game(board, players, seed, bots) plays (a random
    seat is seeded seed * 7919 + seat, as there), played in C++ with the interpreter lock
    released on `threads` threads; the results do not depend on `threads`. `check`: test the
    game's invariants after every action (errors list the games that broke one). `setup`: Legacy's
    (None: the demo pack's game 1, as play_game plays it).

    Returns numpy arrays with one row per seed: `totals`, `winners` (1 per winning seat),
    `tickets_done`, `tickets_kept` (games x seats), `length` (actions), `turns`; and `errors`,
    a list of (row, what)."""
    rules = _rules(where, players)
    names = [bots] * rules.players if isinstance(bots, str) else list(bots)
    if len(names) != rules.players:
        raise TtrError(f"{len(names)} bots for {rules.players} seats")
    kinds = [bot_code(b) for b in names]
    import numpy as np  # (here: `import ttr` does not load numpy)
    arr = np.ascontiguousarray(np.asarray(seeds, dtype=np.int64).reshape(-1))
    if threads < 1:
        raise TtrError(f"threads must be at least 1, not {threads}")
    out: dict[str, Any] = CORE.bot_games(board(rules, setup), arr, kinds, threads, check)
    out["seeds"] = arr
    return out


def world(rules: Ruleset, state: list[int], setup: Any = None) -> Any:
    """The core's game of a sampled world's integer state (the search bot deals it from the seat's
    masked state; unchecked, as the Python engine decodes worlds). Its `playout(index, max_moves)`
    plays the legal action `index`, then planners in every seat for at most `max_moves` actions,
    leaving the world as it was: (totals, winners as bits, actions played). `setup`: Legacy's."""
    return CORE.World(board(rules, setup), state)


__all__ = ["BOTS", "board", "bot_code", "bot_move", "playouts", "use_registry", "world"]
