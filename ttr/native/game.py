"""The native core behind the engine's face: `NativeGame` is a `ttr.engine.Game` whose state and
transitions (legal actions, apply, the integer state, scoring) are the C++ core's (ttr._native),
the same game as the Python engine's, action for action. Views, observations, the public log,
saves and explanations of illegal moves are the engine's own code reading this face."""
from __future__ import annotations

import glob
import importlib
import importlib.util
import os
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Self

from ..engine import (
    NO_CARDS,
    NO_TARGET,
    PHASES,
    Action,
    LegalActions,
    LogRecord,
    Observation,
    Phase,
    PublicLog,
    Ruleset,
    Segment,
    StateLayout,
    card_names,
    decode,
    finish_result,
    layout_of,
    seat_observation,
    seat_view,
    undo_refusal,
)
from ..engine import (
    CLAIM,
    DECLINE,
    DRAW,
    EXCHANGE,
    HARBOR,
    KEEP,
    PASS,
    PAY,
    PIECES,
    STATION,
    STOP,
    TICKETS,
)
from ..errors import IllegalActionError, SaveError, TtrError
from .legacy import LEGACY, legacy_tables, legacy_twin
from .tables import tables

# the core's kind numbers (native/include/ttr/rules.hpp) <-> the kinds' words
KIND_WORDS = (DRAW, STOP, CLAIM, TICKETS, KEEP, STATION, PAY, DECLINE, PASS, PIECES, EXCHANGE, HARBOR,
              "trade", "extra")  # (Legacy's event action and extra-card offers: trade.py, extras.py, above this package)
KIND_CODES = {w: i for i, w in enumerate(KIND_WORDS)}
_STATION_CODE = KIND_CODES[STATION]
_KEEP_CODE = KIND_CODES[KEEP]
_DRAW_CODE, _PIECES_CODE, _HARBOR_CODE = KIND_CODES[DRAW], KIND_CODES[PIECES], KIND_CODES[HARBOR]
_EXTRA_CODE = KIND_CODES["extra"]  # (its target: an offer's slot, extras.SLOTS + DONE, numbered as legacy.hpp does)
_TRADE_CODE = KIND_CODES["trade"]  # (its target: the action's slot, 0 the event's (None), else its place's)
_EXTRA_SLOTS = ("event", "Q", "R", "S", "T", "U", "V", "P1", "P2", "P3", "done")
_CITY_CODES = frozenset((_STATION_CODE, _HARBOR_CODE))
_TARGETLESS = frozenset(KIND_CODES[k] for k in (STOP, TICKETS, PAY, DECLINE, PASS))
_tuple_new = tuple.__new__  # Action(kind, target, cards) without NamedTuple's Python-level __new__
NATIVE_EDITIONS = ("usa", "europe", "nordic", "world", "great-lakes", LEGACY)  # the editions the core plays so far
# (Legacy: the setups legacy_supported accepts)
BOT_EDITIONS = ("usa", "europe", "nordic", "world", "great-lakes", LEGACY)  # ... and its bots (Legacy: those setups)
ID_EDITIONS = ("usa", "europe", "nordic", "world", "great-lakes", LEGACY)  # ... and its action ids (vector environment)
SEED_LIMIT = 1 << 63
_TOUR_WORDS = ("failed", "any_order", "in_order")  # the core's tour outcomes


def _load() -> tuple[Any, str | None]:
    """The compiled binding: beside this package, or (TTR_NATIVE_DIR, for a sanitizer or mutant build
    of the core) the `_native` module in that directory."""
    where = os.environ.get("TTR_NATIVE_DIR")
    try:
        if where:
            path = next(iter(glob.glob(os.path.join(where, "_native*.so"))), None)
            if path is None:
                raise ImportError(f"no _native module in TTR_NATIVE_DIR={where}")
            spec = importlib.util.spec_from_file_location("ttr._native", path)
            if spec is None or spec.loader is None:
                raise ImportError(f"cannot load {path}")
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            return module, None
        return importlib.import_module("ttr._native"), None
    except ImportError as e:
        return None, f"the native core is not built ({e}); install ttr where a C++20 compiler is present"


CORE, UNAVAILABLE = _load()
_RULES: dict[Any, Any] = {}


def core_rules(rules: Ruleset, setup: Any = None) -> Any:
    """The core's copy of `rules` (built once per Ruleset; Legacy: per setup, None the demo pack's
    game 1, on the board its frontiers grow: the static game's rules, as LegacyGame.rules_for
    gives them)."""
    if rules.edition.name == LEGACY:
        static = static_game(rules, setup)
        rules, setup = static.rules, static.setup
    key = rules if setup is None else (rules, setup)
    r = _RULES.get(key)
    if r is None:
        check_native(rules, None if setup is None else {"setup": setup})
        t = tables(rules)
        if setup is not None:
            t.update(legacy_tables(rules, setup))
        try:
            r = _RULES[key] = CORE.Rules(t)
        except ValueError as e:  # the core's fixed sizes (RulesError)
            raise TtrError(f"the native core cannot hold this board: {e}") from None
    return r


_STATIC: dict[Any, Any] = {}


def static_game(rules: Ruleset, setup: Any) -> Any:
    """Legacy: the static Python game of a setup the core plays (its layout, view block and
    options; None: the demo pack's game 1); TtrError naming what the core does not hold yet. Its
    `rules` are the game's: the board grown by the setup's frontiers (`rules` may be the game-1
    board's or the grown one)."""
    try:
        key = (rules, setup)
        g = _STATIC.get(key)
    except TypeError:  # (a setup as a dict)
        return legacy_twin(rules, setup)
    if g is None:
        g = _STATIC[key] = legacy_twin(rules, setup)
    return g


def check_native(rules: Ruleset, options: dict[str, Any] | None = None) -> None:
    """TtrError unless the native core can play `rules` (with the edition's `options`: Legacy's setup)."""
    if CORE is None:
        raise TtrError(str(UNAVAILABLE))
    if rules.edition.name not in NATIVE_EDITIONS:
        raise TtrError(f"the native engine plays {', '.join(NATIVE_EDITIONS)} so far, not "
                       f"{rules.edition.title}; use engine='python'")
    if rules.edition.name == LEGACY:
        static_game(rules, (options or {}).get("setup"))
    elif options:
        raise TtrError(f"{rules.edition.title} takes no options ({', '.join(sorted(options))} given)")


_EVENT_NAMES = ("tunnel", "last-round", "game-over", "display-reset", "tickets-drawn", "pieces-revealed", "newspaper",
                "money", "card", "event-removed", "ticket", "ticket-shown", "extra")


def _target(rules: Ruleset, kind: int, target: Any) -> Any:
    """The engine's target of the core's (kind, target): city names, Rails & Sails' draws
    ((card + 1) * 4 + deck + 1 -> (card or DECK, deck or -1)) and pieces (trains -> (trains, ships))."""
    if kind in _CITY_CODES:
        return rules.city_names[target]
    if kind == _DRAW_CODE and rules.multi_deck:
        return (target // 4 - 1, target % 4 - 1)
    if kind == _PIECES_CODE:
        return (target, (rules.edition.pieces_total or 0) - target)
    if kind == _EXTRA_CODE:
        return _EXTRA_SLOTS[target]
    if kind == _TRADE_CODE:  # (Legacy: the event's action, None, or a rule's, its place)
        return None if target == 0 else _EXTRA_SLOTS[target]
    return target


def _core_target(rules: Ruleset, kind: int, target: Any) -> Any:
    """The core's target of the engine's (None: none can be)."""
    if kind in _CITY_CODES:
        return rules.city_index.get(target) if isinstance(target, str) else None
    if kind == _DRAW_CODE and rules.multi_deck:
        if target.__class__ is not tuple or len(target) != 2 or not all(isinstance(x, int) for x in target):
            return None
        card, deck = target
        if not (-1 <= card < 64 and -1 <= deck <= 1):
            return None
        return (card + 1) * 4 + deck + 1
    if kind == _PIECES_CODE:
        if target.__class__ is not tuple or len(target) != 2 or not all(isinstance(x, int) for x in target):
            return None
        trains, ships = target
        return trains if trains + ships == rules.edition.pieces_total and 0 <= trains < 1 << 15 else None
    if kind == _EXTRA_CODE:
        return _EXTRA_SLOTS.index(target) if target in _EXTRA_SLOTS else None
    if kind == _TRADE_CODE:
        if target is None:
            return 0
        return _EXTRA_SLOTS.index(target) if target.__class__ is str and target in _EXTRA_SLOTS[1:-1] else None
    return target


def _offer_label(game: NativeGame, offer: int) -> str:
    """The label of the core's extra-card offer `offer`: event `offer`'s, else rule `offer - events`'s."""
    setup = game._static.setup  # (a Legacy game)
    n = len(setup.events)
    x = setup.events[offer].extra if offer < n else setup.play_rules[offer - n].extra
    assert x is not None
    return x.label


def _event(ev: tuple[int, int, int, list[int]], game: NativeGame | None = None) -> dict[str, Any]:
    kind, a, b, cards = ev
    name = _EVENT_NAMES[kind]
    if name == "pieces-revealed":  # (every seat's pieces are its choice, as they are revealed)
        assert game is not None
        layout = game.layout()
        state = game.encode()
        return {"event": name, "choices": [layout.items(state, f"players[{p}].pieces_choice")
                                           for p in range(game.rules.players)]}
    if name == "tunnel":
        return {"event": name, "route": a, "revealed": card_names(cards), "extra": b}
    if name == "last-round":
        return {"event": name, "seat": a}
    if name == "tickets-drawn":
        return {"event": name, "seat": a, "count": b}
    if name in ("newspaper", "event-removed"):  # (Legacy: the event revealed, or removed for good)
        assert game is not None and game._static is not None
        card = game._static.setup.events[a]
        if name == "event-removed":
            return {"event": name, "id": card.id, "name": card.name}
        return {"event": name, "id": card.id, "name": card.name, "kind": card.kind, "text": card.text}
    if name == "ticket-shown":  # (Legacy: a ticket held face up)
        return {"event": name, "seat": a, "ticket": b}
    if name == "extra":  # (Legacy: an offer taken; cards[0] is the offer: an event's, then the rules')
        assert game is not None and game._static is not None
        return {"event": name, "seat": a, "offer": _EXTRA_SLOTS[b], "label": _offer_label(game, cards[0])}
    if name in ("money", "card", "ticket"):  # (Legacy: cards[0] is the reason; a card's or ticket's b, 1 + the
        assert game is not None and game._static is not None  # offer that gave it, if one did)
        why = game._static._names[cards[0]] if name == "money" or not b else _offer_label(game, b - 1)
        return ({"event": name, "seat": a, "dollars": b, "reason": why} if name == "money"
                else {"event": name, "seat": a, "reason": why})
    return {"event": name}


class NativeLegal(LegalActions):
    """The legal actions of a native position (the same sequence as the Python engine's): length,
    indexing and membership asked of the core; `segments` written out only when read."""
    __slots__ = ("_game", "_segments", "_index")

    def __init__(self, game: NativeGame) -> None:
        self._game = game
        self._segments: list[Segment] | None = None
        self._len = len(game._h)
        self._given: Action | None = None
        self._index = -1  # the index of the action last given out

    @property
    def segments(self) -> Sequence[Segment]:
        if self._segments is None:
            game = self._game
            rules = game.rules
            self._segments = [(KIND_WORDS[k],
                               NO_TARGET if k in _TARGETLESS
                               else (_target(rules, k, targets[0]),) if k == _TRADE_CODE  # (as trade.py's: the
                               else [_target(rules, k, t) for t in targets],  # event's (None,) is targetless)
                               NO_CARDS if pays == [()] else pays if pays is not None else game._lazy_pays(targets[0]))
                              for k, targets, pays in game._h.segments()]
        return self._segments

    @segments.setter
    def segments(self, value: Sequence[Segment]) -> None:
        self._segments = list(value)

    def _action(self, i: int) -> Action:
        kind, target, cards = self._game._h.action(i)
        if kind >= _STATION_CODE or (kind == _DRAW_CODE and self._game.rules.multi_deck):
            target = _target(self._game.rules, kind, target)
        return _tuple_new(Action, (KIND_WORDS[kind], target, cards))

    def __getitem__(self, i: Any) -> Any:
        if i.__class__ is int and 0 <= i < self._len:  # (the playout's path: _action inlined)
            kind, target, cards = self._game._h.action(i)
            if kind >= _STATION_CODE or (kind == _DRAW_CODE and self._game.rules.multi_deck):
                target = _target(self._game.rules, kind, target)
            a = self._given = _tuple_new(Action, (KIND_WORDS[kind], target, cards))
            self._index = i
            return a
        return super().__getitem__(i)

    def _item(self, i: int) -> Action:
        return self._action(i)

    def __iter__(self) -> Iterator[Action]:
        for i in range(self._len):
            yield self._action(i)

    def index(self, action: Any, start: int = 0, stop: int | None = None) -> int:
        """The action's index, or ValueError."""
        if action is self._given:
            return self._index
        i = self._find(action)
        if i < 0:
            raise ValueError(f"{action!r} is not a legal action here")
        return i

    def _find(self, action: Any) -> int:
        """The action's index (-1: not legal), equal where the Python engine's sequence holds an
        equal Action: the same fields, of the same shapes."""
        if action.__class__ is not Action:
            return -1
        code = KIND_CODES.get(action.kind)
        if code is None:
            return -1
        target, cards = action.target, action.cards
        if cards.__class__ is not tuple or any(c.__class__ is not tuple or len(c) != 2 for c in cards):
            return -1
        if code in _TARGETLESS:
            if target is not None:
                return -1
        elif (code in _CITY_CODES or code == _PIECES_CODE or code == _EXTRA_CODE or code == _TRADE_CODE
              or (code == _DRAW_CODE and self._game.rules.multi_deck)):
            target = _core_target(self._game.rules, code, target)
            if target is None:
                return -1
        elif code == _KEEP_CODE:
            if target.__class__ is not tuple or list(target) != sorted(set(target)):
                return -1
        elif not isinstance(target, int):
            return -1
        try:
            return int(self._game._h.find(code, target, action.cards))
        except (TypeError, ValueError, IndexError, OverflowError):
            return -1

    def __contains__(self, action: object) -> bool:
        return action is self._given or self._find(action) >= 0


class NativeGame:
    """A game on the native core, behind the engine's face (ttr.engine.Game)."""
    __slots__ = ("rules", "random_first", "actions", "seats", "_h", "_log", "_legal", "_result", "_static")

    def __init__(self, rules: Ruleset, handle: Any, random_first: bool, record: bool,
                 actions: Sequence[Action] = (), seats: Sequence[int] = (), static: Any = None) -> None:
        self.rules = rules
        self._static = static  # Legacy: the static Python game of the setup (static_game)
        self.random_first = random_first
        self._h = handle
        self.actions: list[Action] = list(actions)
        self.seats: list[int] = list(seats)
        self._log = LogRecord(len(self.actions)) if record else None
        self._legal: NativeLegal | None = None
        self._result: dict[str, Any] | None = None

    @classmethod
    def new(cls, rules: Ruleset, seed: int = 0, random_first: bool = False, *, record: bool = True,
            **options: Any) -> NativeGame:
        """A new game (`options`: the edition's own, Legacy's `setup`)."""
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TtrError(f"seed must be an integer, not {seed!r}")
        if not -SEED_LIMIT <= seed < SEED_LIMIT:
            raise TtrError(f"the native engine takes seeds from -2**63 to 2**63 - 1, not {seed}")
        check_native(rules, options)  # (TtrError first if the core is missing or does not play this game)
        static = static_game(rules, options.get("setup")) if rules.edition.name == LEGACY else None
        if static is not None:
            rules = static.rules  # (the board its frontiers grow, as the Python engine's game.rules)
        tables = core_rules(rules, static.setup if static is not None else None)
        return cls(rules, CORE.Game.new(tables, seed, bool(random_first)), bool(random_first), record, static=static)

    @classmethod
    def from_state(cls, rules: Ruleset, state: Sequence[int], *, record: bool = False, actions: Sequence[Action] = (),
                   seats: Sequence[int] = (), **options: Any) -> NativeGame:
        """The game of an integer state the Python decoder has checked (ttr.engine.decode); the core
        refuses one that does not fit it (SaveError), whatever it holds."""
        check_native(rules, options)
        static = static_game(rules, options.get("setup")) if rules.edition.name == LEGACY else None
        if static is not None:
            rules = static.rules  # (the board its frontiers grow)
        core = core_rules(rules, static.setup if static is not None else None)
        try:
            handle = CORE.Game.decode(core, list(state))
        except (TypeError, ValueError) as e:
            raise SaveError(f"state: the native core cannot read it: {e}") from None
        return cls(rules, handle, bool(state[2]), record, actions, seats, static=static)

    # ------------------------------------------------------------ where the game is

    @property
    def seed(self) -> int:
        return int(self._h.seed)

    @property
    def num_players(self) -> int:
        return self.rules.players

    @property
    def phase(self) -> Phase:
        return PHASES[self._h.phase]

    @property
    def current_player(self) -> int:
        return int(self._h.current)

    @property
    def turn(self) -> int:
        return int(self._h.turns)

    @property
    def ply(self) -> int:
        return len(self.actions)

    @property
    def is_over(self) -> bool:
        return bool(self._h.over)

    @property
    def history(self) -> list[str]:
        return [str(a) for a in self.actions]

    @property
    def log(self) -> Sequence[Any] | None:
        return None if self._log is None else PublicLog(self, self._log)  # type: ignore[arg-type]  # the face's members

    def replay_options(self) -> dict[str, Any]:
        return {} if self._static is None else {"setup": self._static.setup}

    def edition_renderer(self) -> Callable[[StateLayout, Sequence[int]], dict[str, Any] | None]:
        return _no_edition_block if self._static is None else self._static.edition_renderer()

    def __repr__(self) -> str:
        return (f"<NativeGame {self.rules.map.name} {self.rules.players}p seed={self.seed} turn={self.turn} "
                f"{self.phase} seat {self.current_player}>")

    # ------------------------------------------------------------ legality

    def _lazy_pays(self, route: int) -> Any:
        """The payments of a claim the core counts and indexes without listing them (Nordic's
        ferries and Murmansk-Lieksa): the edition's own lazy sequence, the same payments in the
        same order."""
        rules = self.rules
        key = rules.r_key[route]
        assert key is not None
        return rules.edition.payments(tuple(self._h.hand(self._h.current)), key)

    def legal_actions(self) -> LegalActions:
        if self._legal is None:
            self._legal = NativeLegal(self)
        return self._legal

    def check(self, action: Action | str) -> Action:
        if action.__class__ is not Action:
            if isinstance(action, str):
                action = Action.from_text(action)
            elif not isinstance(action, Action):
                raise IllegalActionError(f"expected an Action or its text, got {type(action).__name__}")
        if action not in self.legal_actions():
            self._python_twin().check(action)  # raises the Python engine's explanation
            raise IllegalActionError(f"{action} is not legal here")  # (the engines disagree: a defect)
        return action

    def apply(self, action: Action | str) -> None:
        legal = self._legal
        if legal is not None and action is legal._given:  # (legal: given out by the list)
            if self._log is None:  # the playout's path, _apply_index inlined
                self.seats.append(self._h.apply(legal._index, False)[0])
                self.actions.append(action)
                self._legal = self._result = None
            else:
                self._apply_index(legal._index, action)
            return
        a = self.check(action)
        self._apply_index(self.legal_actions().index(a), a)

    def apply_unchecked(self, a: Action) -> None:
        legal = self._legal
        i = legal._index if legal is not None and a is legal._given else self.legal_actions().index(a)
        if self._log is None:  # (as in apply)
            self.seats.append(self._h.apply(i, False)[0])
            self.actions.append(a)
            self._legal = self._result = None
        else:
            self._apply_index(i, a)

    def _apply_index(self, i: int, a: Action) -> None:
        rec = self._log
        seat, turns, drawn, events = self._h.apply(i, rec is not None)  # (what was before it, and its events)
        self.actions.append(a)
        self.seats.append(seat)
        self._legal = None
        self._result = None
        if rec is not None:
            rec.turns.append(turns)
            rec.drawn.append(drawn)
            if events:
                rec.events.setdefault(len(rec.turns) - 1, []).extend(_event(e, self) for e in events)  # type: ignore[misc]

    def undo_refusal(self, seat: int | None = None) -> str | None:
        """As the Python engine's (docs/rules.md, "Taking back a move")."""
        return undo_refusal(self, self._log, self._h.drawn, seat)

    # ------------------------------------------------------------ views and scores

    def view(self, seat: int | None, legal: bool = True) -> Any:
        return seat_view(self, seat, legal=legal)

    def observe(self, seat: int) -> Observation:
        return seat_observation(self, seat)

    def result(self) -> dict[str, Any]:
        if self._result is not None:
            return _copy_result(self._result)
        if self._static is not None:
            return self._legacy_result()
        names = self.rules.city_names
        players = []
        for p, (route_points, ticket_points, done, failed, borrowed, longest, built, station_points, trains,
                _bonus, _total, _rank, exchange_points, tours, harbors, harbor_points,
                ships, *_legacy) in enumerate(self._h.score()):
            players.append({
                "seat": p, "route_points": route_points, "exchange_points": exchange_points,
                "ticket_points": ticket_points, "tickets_completed": list(done), "tickets_failed": list(failed),
                "stations_borrowed": {names[c]: r for c, r in borrowed},
                "tours": {t: _TOUR_WORDS[x] for t, x in tours}, "harbors_built": harbors,
                "harbor_points": harbor_points, "longest_path": longest, "stations_built": built,
                "station_points": station_points, "trains_left": trains, "ships_left": ships, "bonuses": {},
            })
        res = finish_result(self.rules, players, self.is_over)
        if self.is_over:
            self._result = res
            return _copy_result(res)
        return res

    def _legacy_result(self) -> dict[str, Any]:
        """Legacy's result (LegacyGame.score: dollars, L5) from the core's scores."""
        setup, n = self._static.setup, self.rules.players
        layout, state = self.layout(), self.encode()
        first = state[layout["first_player"].start]
        players = []
        for p, row in enumerate(self._h.score()):
            _, ticket_points, done, failed = row[:4]
            trains, total, rank, trains_bonus, raw = row[8], row[10], row[11], row[17], row[18]
            players.append({
                "seat": p, "company": setup.companies[p], "name": setup.names[p] if setup.names else None,
                "money_held": state[layout.seat(p, "score").start], "remaining_trains_bonus": trains_bonus,
                "ticket_points": ticket_points, "tickets_completed": list(done), "tickets_failed": list(failed),
                "trains_left": trains, "turn_order": (p - first) % n, "raw_total": raw, "total": total, "rank": rank})
        ranking = sorted(range(n), key=lambda p: players[p]["rank"])
        res = {"players": players, "ranking": ranking, "winners": ranking[:1], "last_place": ranking[-1],
               "unit": "dollars", "year": setup.year, "over": self.is_over}
        if self.is_over:
            self._result = res
            return _copy_result(res)
        return res

    def core_scores(self) -> list[tuple[int, int, int]]:
        """(longest-path bonus, total, rank) per seat as the core scores them (for batches)."""
        return [(row[9], row[10], row[11]) for row in self._h.score()]

    # ------------------------------------------------------------ the integer state

    def encode(self) -> list[int]:
        return list(self._h.encode())

    def layout(self) -> StateLayout:
        return layout_of(self.rules) if self._static is None else self._static.layout()

    def clone(self) -> Self:
        g = self.__class__.__new__(self.__class__)
        g.rules, g.random_first, g._h, g._static = self.rules, self.random_first, self._h.copy(), self._static
        g.actions, g.seats = self.actions[:], self.seats[:]
        g._log = None
        g._legal = g._result = None
        return g

    def card_census(self) -> int:
        return int(self._h.census)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its integer state, history and public log (vector environments and Ray
        copy environments by pickling them)."""
        return (_unpickle, (self.rules, self.encode(), self.actions, self.seats, self._log, self.replay_options()))

    def _python_twin(self) -> Any:
        """This position on the Python engine (for its explanations)."""
        return decode(self.rules, self.encode(), self.replay_options(), check=False, actions=self.actions,
                      seats=self.seats)


def _unpickle(rules: Ruleset, state: list[int], actions: list[Action], seats: list[int],
              log: LogRecord | None, options: dict[str, Any] | None = None) -> NativeGame:
    g = NativeGame.from_state(rules, state, actions=actions, seats=seats, **(options or {}))
    g._log = log
    return g


def _no_edition_block(layout: StateLayout, state: Sequence[int]) -> None:
    return None


def _copy_result(r: dict[str, Any]) -> dict[str, Any]:
    out = {k: (v.copy() if v.__class__ is list or v.__class__ is dict else v) for k, v in r.items() if k != "players"}
    out["players"] = [{k: (v.copy() if v.__class__ is list or v.__class__ is dict else v) for k, v in p.items()}
                      for p in r["players"]]
    return out


__all__ = ["BOT_EDITIONS", "CORE", "ID_EDITIONS", "KIND_CODES", "KIND_WORDS", "NATIVE_EDITIONS", "NativeGame", "NativeLegal", "UNAVAILABLE",
           "check_native", "core_rules", "static_game"]
