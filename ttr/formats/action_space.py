"""Integer action ids: a fixed, numbered set of actions per board, for RL adapters and native cores.

`ActionSpace(map_name, players)` numbers every action a game on that board can ever offer,
in blocks, one per kind of action, in the order of the kinds (`ActionKind.order`; docs/action-space.md):

    draw | stop | claim | claim pay-steps | tickets | keep | pieces | exchange | station | harbor | pay | decline | pass

The blocks come from the kinds: every kind that applies to the board (the core kinds and the
edition's own) says which targets and payments it can ever offer there (`ActionKind.ids`, None:
never), and its block is every target with every payment. Two kinds are numbered here instead,
as no targets x payments product fits them: claims and keeps.

Most actions are one id. A claim whose route can be paid in more than STEP_ABOVE ways over all
hands (Nordic ferries and Murmansk-Lieksa, Rails & Sails paired routes, Great Lakes' longest gray
routes) is several: "claim route r", then one payment step per card kind of the payment,
"v cards of kind k" with the kinds ascending, until the payment is complete. A payment that
no other payment of the route extends with later kinds is complete as soon as its last step
is taken; one that can be extended (Nordic, N6: 9 green and 9 green + 3 red both pay
Murmansk-Lieksa) ends with the step "done". Whether "done" is needed depends only on the
route (its payments over all hands), never on the hand, so ids mean the same everywhere.

A keep is the set of kept positions in the seat's sorted offer (a bitmask), so a keep id means
different tickets in different positions: `decode` and `encode` of keeps need the game.

Legality comes only from `game.legal_actions()` (its segments): `mask` maps them to ids and
never mutates the game. The game is only asked (ttr.engine.Game), never read.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from operator import index as _index
from typing import Any, NamedTuple

import numpy as np

from ..cards import CARD_NAMES, cards_text
from ..text import plural
from ..editions import get_ruleset
from ..engine import (
    CLAIM,
    KEEP,
    KINDS,
    Action,
    ActionKind,
    DescribedPayments,
    Game,
    Payment,
    RouteKey,
    Ruleset,
)
from ..errors import ActionSpaceError, IllegalActionError, IllegalActionIdError, TtrError

STEP_ABOVE = 100  # a route with more payments than this over all hands is claimed in payment steps

PAY_STEP = "pay-step"  # the block of payment steps, right after the claims


def _by_order(kinds: Iterable[ActionKind]) -> list[ActionKind]:
    return sorted(kinds, key=lambda k: k.order)


def block_order(kinds: Iterable[ActionKind] | None = None) -> tuple[str, ...]:
    """The names of the blocks of `kinds` (default: every registered kind) in their fixed order:
    one per kind, by `ActionKind.order`, and the payment steps after the claims."""
    names: list[str] = []
    for k in _by_order(KINDS.values() if kinds is None else kinds):
        names.append(k.name)
        if k.name == CLAIM:
            names.append(PAY_STEP)
    return tuple(names)


# every block any board can have, in order (the kinds registered by the engine and the editions)
BLOCKS = block_order()


def board_kinds(rules: Ruleset) -> tuple[ActionKind, ...]:
    """The kinds of action a game of `rules` may offer, in the order of their blocks (the core
    kinds and the edition's own: `rules.kinds`). A kind whose `ids` is None on the board (e.g.
    `stop` without RS2) gets no block."""
    return rules.kinds


class Block(NamedTuple):
    """A run of ids of one kind of action: start <= id < stop."""
    name: str
    start: int
    stop: int

    @property
    def size(self) -> int:
        return self.stop - self.start


# --------------------------------------------------------------- payment steps

def _families(pays: Any) -> list | None:
    """The families of a described (lazy) payment set, prepared for `_family_next`, or None if
    the set is not described or its parts share kinds (then it is listed instead).

    A family (ttr.engine.legal.DescribedPayments) is base counts plus, per part, exactly `take`
    cards with at most caps[k] of kind k (and, with `above`, more than above[k] of some kind k).
    Prepared: (base, parts, part_of, kinds, room, need) with `kinds` every kind the family can
    hold, ascending, and per position i and part p: room[i][p], the most cards part p can still
    place on kinds[i:], and need[i][p], the fewest it must place there to meet `above` (a huge
    number if it cannot)."""
    if not isinstance(pays, DescribedPayments):
        return None
    out = []
    for base, parts in pays.describe_families():
        part_of: dict[int, int] = {}
        for i, (_, caps, _) in enumerate(parts):
            for k in caps:
                if k in part_of:
                    return None
                part_of[k] = i
        base = {k: v for k, v in base.items() if v}
        kinds = sorted(set(base) | set(part_of))
        room = [[0] * len(parts)]
        need = [[_NEVER] * len(parts)]
        for k in reversed(kinds):
            r, n = room[-1][:], need[-1][:]
            p = part_of.get(k)
            if p is not None:
                _, caps, above = parts[p]
                r[p] += caps[k]
                if above is not None and k in above and caps[k] > above[k]:
                    n[p] = min(n[p], above[k] + 1)
            room.append(r)
            need.append(n)
        room.reverse()
        need.reverse()
        out.append((base, parts, part_of, kinds, room, need))
    return out


_NEVER = 1 << 30


def _family_next(fam: tuple, fixed: dict[int, int], last: int, out: set) -> None:
    """Add to `out` every step (k, v), k > last, by which a payment of family `fam` continues the
    partial payment `fixed` (the counts of every kind <= last; absent: 0)."""
    base, parts, part_of, kinds, room, need = fam
    for k in fixed:
        if k not in base and k not in part_of:
            return
    np_ = len(parts)
    used = [0] * np_
    sat = [above is None for _, _, above in parts]
    start = len(kinds)
    for i, k in enumerate(kinds):
        if k > last:
            start = i
            break
        x = fixed.get(k, 0) - base.get(k, 0)
        p = part_of.get(k)
        if p is None:
            if x:
                return
            continue
        _, caps, above = parts[p]
        if x < 0 or x > caps[k]:
            return
        used[p] += x
        if above is not None and x > above.get(k, x):
            sat[p] = True
    rem = [take - u for (take, _, _), u in zip(parts, used)]
    for r in rem:
        if r < 0:
            return
    for i in range(start, len(kinds)):
        k = kinds[i]
        after_room, after_need = room[i + 1], need[i + 1]
        p = part_of.get(k)
        ok = True
        for q in range(np_):
            if q != p:
                r = rem[q]
                if r > after_room[q] or not (sat[q] or r >= after_need[q]):
                    ok = False
                    break
        b = base.get(k, 0)
        if ok:
            if p is None:
                if b:
                    out.add((k, b))
            else:
                _, caps, above = parts[p]
                ab = above.get(k) if above is not None else None
                rp, room_p, need_p, sat_p = rem[p], after_room[p], after_need[p], sat[p]
                for x in range(min(caps[k], rp) + 1):
                    r = rp - x
                    if b + x and r <= room_p and (sat_p or r >= need_p or (ab is not None and x > ab)):
                        out.add((k, b + x))
        if b:
            return  # kind k is in every payment of the family: no later kind can come next


def _next_steps(pays: Any, items: tuple, families: list | None) -> frozenset:
    """The steps (kind, count) that continue the partial payment `items` ((kind, count), ...
    ascending) towards some payment of `pays`."""
    out: set = set()
    if families is not None:
        fixed = dict(items)
        last = items[-1][0] if items else -1
        for fam in families:
            _family_next(fam, fixed, last, out)
        return frozenset(out)
    n = len(items)
    for p in pays:
        if len(p) > n and p[:n] == items:
            out.add(p[n])
    return frozenset(out)


# --------------------------------------------------------------- the layout

class _Layout:
    """The numbering of one Ruleset and its kinds of action, built once (see ActionSpace)."""

    def __init__(self, rules: Ruleset, kinds: tuple[ActionKind, ...]):
        self.rules = rules
        self.kinds = kinds
        universe = [0] * rules.edition.n_kinds
        for c in rules.deck_cards:
            universe[c] += 1
        self.universe = tuple(universe)  # every card of the game in one hand
        self.actions: list[Action | None] = []  # id -> its action (None: keep, stepped claim, pay step)
        self.texts: list[str] = []
        self.blocks: list[Block] = []
        self.unpaid: dict[str, dict] = {}  # kind -> target -> id
        self.paid: dict[str, tuple] = {}   # kind -> (target -> base id, target -> universe no., the one no. or None)
        self.upos: list[dict] = []         # universe no. -> payment -> offset
        self.static: dict[Action, int] = {}  # every one-step action that needs no game -> id
        self.stepped: dict[int, int] = {}      # route -> its "claim route" id
        self.step_route: dict[int, int] = {}   # that id -> route
        self.route_universe: dict[int, Any] = {}  # stepped route -> its payments over all hands
        self.route_members: dict[int, Any] = {}   # ... as a set where they are listed (fast `in`)
        self.step_id: dict[tuple[int, int], int] = {}  # payment step (kind, count) -> id
        self.step_of: dict[int, tuple[int, int]] = {}  # id -> payment step
        self.done_id: int | None = None               # "pay-step done", where some payment needs it
        self.keep_start = -1                          # the first keep id (-1: no keeps)
        self.offer_max = 0
        # one block per kind in order; claims and keeps are numbered here, every other kind is its `ids`
        special: dict[str, Callable[[], None]] = {CLAIM: self._claims, KEEP: self._keeps}
        for kind in kinds:
            build = special.get(kind.name)
            if build is not None:
                build()
                continue
            ids = kind.ids(rules, self.universe)
            if ids is None:  # never offered on this board
                continue
            if ids.payments is None:
                self._unpaid_block(kind.name, ids.targets)
            else:  # canonical order of payments: ids do not depend on how an edition lists them
                self._paid_block(kind.name, ids.targets, sorted(ids.payments))
        self.n = len(self.actions)
        for i, a in enumerate(self.actions):
            if a is not None:
                self.static[a] = i
        self.block_of = np.zeros(self.n, dtype=np.int8)
        for b, block in enumerate(self.blocks):
            self.block_of[block.start:block.stop] = b

    def _claims(self) -> None:
        """Claims: one id per (route, payment), or one per route and then payment steps."""
        rules, ed = self.rules, self.rules.edition
        start = len(self.actions)
        route_base: dict[int, int] = {}
        route_uni: dict[int, int] = {}
        by_key: dict[RouteKey, tuple[int | None, Sequence[Payment]]] = {}
        for r in sorted(rules.route_ids):
            key = rules.r_key[r]
            assert key is not None  # every route has a key
            if key not in by_key:
                pays = ed.payments(self.universe, key)
                if len(pays) > STEP_ABOVE:
                    by_key[key] = (None, pays)
                else:
                    pays = sorted(pays)  # canonical order: ids do not depend on how an edition lists them
                    by_key[key] = (self._universe(pays), pays)
            u, pays = by_key[key]
            if u is None:
                self.stepped[r] = len(self.actions)
                self.step_route[len(self.actions)] = r
                self.route_universe[r] = pays
                self.route_members[r] = pays if isinstance(pays, DescribedPayments) else frozenset(pays)
                self._add(None, f"claim {r} (pay steps)")
            else:
                route_base[r], route_uni[r] = len(self.actions), u
                for p in pays:
                    self._add(Action(CLAIM, r, p))
        self.paid[CLAIM] = (route_base, route_uni, None)
        self._close(CLAIM, start)

        # payment steps: "v cards of kind k", for every count a stepped payment can hold
        start = len(self.actions)
        most: dict[int, int] = {}
        for pays in self.route_universe.values():
            for k, v in _most_per_kind(pays).items():
                most[k] = max(most.get(k, 0), v)
        for k in sorted(most):
            for v in range(1, most[k] + 1):
                self.step_id[k, v] = len(self.actions)
                self.step_of[len(self.actions)] = (k, v)
                self._add(None, f"{PAY_STEP} {v} {CARD_NAMES[k]}")
        if any(_extendable(pays) for pays in self.route_universe.values()):
            self.done_id = len(self.actions)
            self._add(None, f"{PAY_STEP} done")
        self._close(PAY_STEP, start)

    def _keeps(self) -> None:
        """Keeps: a non-empty subset of the positions in the sorted offer, for the largest offer."""
        ed = self.rules.edition
        self.offer_max = max(ed.initial_long + ed.initial_regular, ed.later_draw)
        self.keep_start = len(self.actions)
        for mask in range(1, 1 << self.offer_max):
            pos = ",".join(str(i) for i in range(self.offer_max) if mask >> i & 1)
            self._add(None, f"keep offer[{pos}]")
        self._close(KEEP, self.keep_start)

    def _add(self, a: Action | None, text: str | None = None) -> None:
        self.actions.append(a)
        self.texts.append(str(a) if text is None else text)

    def _close(self, name: str, start: int) -> None:
        """End the block `name` begun at `start` (a block with no ids is left out)."""
        if len(self.actions) > start:
            self.blocks.append(Block(name, start, len(self.actions)))

    def _universe(self, pays: list) -> int:
        self.upos.append({p: i for i, p in enumerate(pays)})
        return len(self.upos) - 1

    def _unpaid_block(self, kind: str, targets: Sequence) -> None:
        """A kind without cards: one id per target."""
        start = len(self.actions)
        if not targets:
            return
        table = self.unpaid.setdefault(kind, {})
        for t in targets:
            table[t] = len(self.actions)
            self._add(Action(kind, t))
        self._close(kind, start)

    def _paid_block(self, kind: str, targets: Sequence, pays: list) -> None:
        """A kind with cards: every target with every payment (each target's ids in a row)."""
        start = len(self.actions)
        if not targets or not pays:
            return
        u = self._universe(pays)
        base, uni = {}, {}
        for t in targets:
            base[t], uni[t] = len(self.actions), u
            for p in pays:
                self._add(Action(kind, t, p))
        self.paid[kind] = (base, uni, u)
        self._close(kind, start)


def _extendable(pays: Any) -> bool:
    """Whether some payment of `pays` extends another with cards of later kinds (then a claim's
    payment steps may need "done"). A described set whose payments all hold the same number of
    cards has none; a listed one is checked pair by pair."""
    if isinstance(pays, DescribedPayments):
        sizes = {sum(base.values()) + sum(take for take, _, _ in parts) for base, parts in pays.describe_families()}
        return len(sizes) > 1
    listed = set(pays)
    return any(p[:i] in listed for p in listed for i in range(1, len(p)))


def _most_per_kind(pays: Any) -> dict[int, int]:
    """The most cards of each kind one payment of `pays` holds."""
    most: dict[int, int] = {}
    fams = _families(pays)
    if fams is None:
        for p in pays:
            for k, v in p:
                if v > most.get(k, 0):
                    most[k] = v
        return most
    for base, parts, _, kinds, _, _ in fams:
        for k in kinds:
            v = base.get(k, 0) + sum(min(caps.get(k, 0), take) for take, caps, _ in parts)
            if v > most.get(k, 0):
                most[k] = v
    return most


def _whole_offer(keeps: Sequence[tuple[int, ...]]) -> list[int]:
    """The sorted offer, from the legal keeps: the widest keeps every offered ticket (always legal)."""
    widest = keeps[0]
    for k in keeps:
        if len(k) > len(widest):
            widest = k
    return sorted(widest)


@lru_cache(maxsize=64)
def _layout(rules: Ruleset, kinds: tuple[ActionKind, ...]) -> _Layout:
    return _Layout(rules, kinds)


# --------------------------------------------------------------- the space

class ActionSpace:
    """Integer ids for every action of one board and player count (see the module docstring
    and docs/action-space.md).

        space = ttr.ActionSpace("europe", 4)
        space.n                              # ids are 0 .. n-1, the same for every game of the board
        m = space.mask(game)                 # numpy bool[n]: the legal first steps
        a = space.decode(i, game)            # an Action, or None: more (payment) steps follow
        m = space.mask(game, prefix=[i])     # then the legal next steps, and so on
        space.encode_steps(a, game)          # every step of a legal action (one for most)
    """

    def __init__(self, map_name: str | Ruleset, players: int | None = None):
        if isinstance(map_name, Ruleset):
            if players is not None and players != map_name.players:
                raise ActionSpaceError(f"the ruleset is for {map_name.players} players, not {players}")
            rules = map_name
        elif isinstance(map_name, str):
            if players is None:
                raise ActionSpaceError("ActionSpace(map_name, players): the player count is missing")
            rules = get_ruleset(map_name, players)
        else:
            raise ActionSpaceError(f"ActionSpace takes a map name or a Ruleset, not {type(map_name).__name__}")
        self.rules = rules
        self._l = _layout(rules, board_kinds(rules))
        self.n: int = self._l.n
        self._offsets: dict = {}  # (id(payments), universe no.) -> (payments, offsets)
        self._seg_ids: dict = {}  # (id(targets), id(payments)) -> (targets, payments, ids, is an array)
        self._steps: dict = {}    # (id(payments), partial payment) -> (payments, next steps)
        self._fams: dict = {}     # id(payments) -> (payments, families)
        self._walks: dict = {}    # (id(legal actions), prefix) -> (legal actions, walk state)

    # ----------------------------------------------------------- the layout

    @property
    def blocks(self) -> tuple[Block, ...]:
        """The blocks of ids in order: (name, start, stop), stop exclusive."""
        return tuple(self._l.blocks)

    @property
    def stepped_routes(self) -> tuple[int, ...]:
        """The routes claimed in payment steps."""
        return tuple(self._l.stepped)

    def step_ids(self) -> tuple[dict[int, int], dict[int, tuple[int, int]], int | None]:
        """The ids of claims paid in steps: per stepped route its claim id, per payment-step id its
        (card kind, count), and the id of "done" (None: no payment of the board needs it)."""
        lay = self._l
        return dict(lay.stepped), dict(lay.step_of), lay.done_id

    def block(self, i: int) -> str:
        """The name of the block id `i` is in."""
        return self._l.blocks[self._l.block_of[self._id(i, "id")]].name

    def describe(self, i: int) -> str:
        """A readable text of id `i`: the action's canonical text for one-step actions that need no
        game, else e.g. 'keep offer[0,2]', 'claim 53 (pay steps)', 'pay-step 3 green'."""
        return self._l.texts[self._id(i, "id")]

    def __len__(self) -> int:
        return self.n

    def __reduce__(self):
        """Pickled as its board and player count (e.g. for vectorized environments)."""
        return (ActionSpace, (self.rules.map.name, self.rules.players))

    def __repr__(self) -> str:
        return f"<ActionSpace {self.rules.map.name} {self.rules.players}p: n={self.n}>"

    def partial(self, prefix: Iterable[int]) -> tuple[int, tuple[tuple[int, int], ...]]:
        """What a partial move says so far (layout only, no game): the route of its stepped claim
        and the payment chosen so far, ((kind, count), ...). RL observers show it to the seat."""
        prefix = self._prefix(prefix)
        if not prefix:
            raise ActionSpaceError("an empty prefix is no partial move")
        route, items, _, _ = self._walk(None, prefix)
        return route, items

    # ----------------------------------------------------------- actions -> ids

    def encode(self, action: Action | str, game: Game | None = None) -> int:
        """The (first) id of an action. Keeps need the game (the id is a position in the offer)."""
        return self.encode_steps(action, game)[0]

    def encode_steps(self, action: Action | str, game: Game | None = None) -> tuple[int, ...]:
        """Every step of an action: (id,) for one-step actions; for a claim of a stepped route,
        the claim id and one payment step per card kind, ascending. Legality is not checked."""
        a = self._action(action)
        lay = self._l
        i = lay.static.get(a)
        if i is not None:
            return (i,)
        if a.kind == KEEP:
            return (self._keep_id(a, game),)
        if a.kind == CLAIM and a.target in lay.stepped:
            if not (isinstance(a.cards, tuple) and a.cards and a.cards in lay.route_members[a.target]):
                raise ActionSpaceError(f"'{a}': route {a.target} is never paid with these cards")
            done = (lay.done_id,) if self._needs_done(a.target, a.cards) else ()
            return (lay.stepped[a.target], *(lay.step_id[kv] for kv in a.cards), *done)
        raise ActionSpaceError(f"'{a}' is not an action of the {self.rules.map.name} board ({self._why_unknown(a)})")

    def _why_unknown(self, a: Action) -> str:
        if a.kind not in self._l.unpaid and a.kind not in self._l.paid and a.kind != KEEP:
            return f"{self.rules.edition.title} has no '{a.kind}' action"
        if a.kind == CLAIM and a.target not in self.rules.map.route_by_id:
            return f"no route {a.target}"
        return "no such target or payment"

    def _keep_id(self, a: Action, game: Game | None) -> int:
        if game is None:
            raise ActionSpaceError(f"'{a}': a keep's id is a set of positions in the offer: pass the game")
        offer = self._offer(game)
        mask = 0
        for t in a.target:
            if t not in offer:
                raise ActionSpaceError(f"'{a}': ticket {t} is not in seat {game.current_player}'s offer {offer}")
            mask |= 1 << offer.index(t)
        return self._l.keep_start + mask - 1

    def _action(self, action: Any) -> Action:
        if isinstance(action, str):
            return Action.from_text(action)
        if not isinstance(action, Action):
            raise ActionSpaceError(f"expected an Action or its text, got {type(action).__name__}")
        return action

    # ----------------------------------------------------------- ids -> actions

    def decode(self, i: int, game: Game | None = None, prefix: Iterable[int] = ()) -> Action | None:
        """The action that `prefix + [i]` completes, or None if more payment steps follow.
        With a game, the steps must be legal in it (IllegalActionIdError otherwise); without one
        only the layout is checked (keeps need the game)."""
        i = self._id(i, "id")
        prefix = self._prefix(prefix)
        lay = self._l
        if prefix:
            route, items, pays, nxt = self._walk(game, prefix)
            if i == lay.done_id:
                if items in pays and self._needs_done(route, items):
                    return Action(CLAIM, route, items)
                raise (IllegalActionIdError if game is not None else ActionSpaceError)(
                    f"id {i} (pay-step done) after the prefix {list(prefix)}: {cards_text(items) or '(none yet)'} "
                    f"is not a whole payment of route {route}; next steps: {self._steps_text(nxt)}")
            kv = lay.step_of.get(i)
            if kv is None:
                raise ActionSpaceError(f"id {i} ({lay.texts[i]}) after the prefix {list(prefix)} (claim {route}, "
                                       "paying): expected a payment step")
            if kv not in nxt:
                err = IllegalActionIdError if game is not None else ActionSpaceError
                raise err(f"id {i} ({lay.texts[i]}) does not continue the payment "
                          f"{cards_text(items) or '(none yet)'} of route {route}"
                          f"{' in this position' if game is not None else ''}; next steps: "
                          f"{self._steps_text(nxt)}")
            items = items + (kv,)
            # complete at its last step, unless the route has payments extending it ("done" then)
            return Action(CLAIM, route, items) if items in pays and not self._needs_done(route, items) else None
        if i in lay.step_of or i == lay.done_id:
            raise ActionSpaceError(f"id {i} ({lay.texts[i]}) is a payment step: it comes after a claim id "
                                   "(pass prefix=...)")
        if i in lay.step_route:
            route = lay.step_route[i]
            if game is not None and self._legal_payments(game, route) is None:
                raise IllegalActionIdError(f"id {i} ({lay.texts[i]}) is not legal: {self._why(game, route)}")
            return None
        a = lay.actions[i]
        if a is None:  # a keep
            a = self._keep_action(i, game)
        if game is not None and a not in game.legal_actions():
            raise IllegalActionIdError(f"id {i} ({lay.texts[i]}) is not legal: {self._explain(game, a)}")
        return a

    def _keep_action(self, i: int, game: Game | None) -> Action:
        lay = self._l
        if game is None:
            raise ActionSpaceError(f"id {i} ({lay.texts[i]}) is a keep: decoding it needs the game (its offer)")
        mask = i - lay.keep_start + 1
        offer = self._offer(game)
        if mask >> len(offer):
            raise IllegalActionIdError(f"id {i} ({lay.texts[i]}) is not legal: seat {game.current_player}'s offer holds "
                                       f"{plural(len(offer), 'ticket')}{'' if offer else ' (no offer in this phase)'}")
        return Action(KEEP, tuple(t for j, t in enumerate(offer) if mask >> j & 1))

    @staticmethod
    def _offer(game: Game) -> list[int]:
        """The sorted ticket offer of the seat to move: its widest legal keep (keeping every offered
        ticket is always legal), or where no keep is legal, its offer in its masked state."""
        for kind, targets, _ in game.legal_actions().segments:
            if kind == KEEP and targets:
                return _whole_offer(targets)
        seat = game.current_player
        obs = game.observe(seat)
        return sorted(obs.layout.items(obs.state, f"players[{seat}].offer"))

    @staticmethod
    def _explain(game: Game, a: Action) -> str:
        """The engine's explanation of why `a` is not legal here."""
        try:
            game.check(a)
        except IllegalActionError as e:
            return str(e)
        return f"'{a}' is legal here"  # pragma: no cover - only asked about actions missing from legal_actions()

    @staticmethod
    def _why(game: Game, route: int) -> str:
        """Why route `route` cannot be claimed at all here (its payment is not chosen yet): the
        engine's reason for a claim of it with a card the seat holds, which names the route's own
        obstacle (claimed, closed, too long) before the cards."""
        seat = game.current_player
        where = f"seat {seat}, phase {game.phase}, turn {game.turn}"
        if game.is_over:
            return f"the game is over ({where})"
        legal = game.legal_actions()
        if CLAIM not in legal.kinds():
            return f"no claim is legal ({where}); the legal actions are: {', '.join(sorted(legal.kinds()))}"
        obs = game.observe(seat)
        held = [k for k, n in enumerate(obs.layout.items(obs.state, f"players[{seat}].hand")) if n > 0]
        if not held:
            return f"your hand is empty ({where})"
        try:
            game.check(Action(CLAIM, route, ((held[0], 1),)))
        except IllegalActionError as e:
            reason = str(e).split("): ", 1)[-1]  # the engine's reason, after "illegal action ... (phase, turn): "
        else:  # pragma: no cover - a route with a legal payment has its legal payments
            reason = "it is legal"
        if reason.startswith("these cards do not pay"):  # the probe's one card: say it of the hand
            reason = f"your hand cannot pay for route {route}"
        return f"{reason} ({where})"

    # ----------------------------------------------------------- masks

    def mask(self, game: Game, prefix: Iterable[int] = ()) -> np.ndarray:
        """numpy bool[n]: the ids legal as the next step (after `prefix`, the steps taken so far
        of a multi-step action). The legal actions are exactly the step sequences this allows."""
        m = np.zeros(self.n, dtype=bool)
        ids, arrays = self._ids(game, self._prefix(prefix))
        m[ids] = True
        if arrays:
            m[arrays[0] if len(arrays) == 1 else np.concatenate(arrays)] = True
        return m

    def legal_ids(self, game: Game, prefix: Iterable[int] = ()) -> np.ndarray:
        """The ids legal as the next step, ascending (= numpy.flatnonzero(mask(game, prefix)))."""
        return np.flatnonzero(self.mask(game, prefix))

    def _ids(self, game: Game, prefix: tuple[int, ...]) -> tuple[list[int], list[np.ndarray]]:
        """The legal next ids: a list, and arrays for long runs (each of a paid segment)."""
        # (the face is a static type: a game is known by its rules and its legal actions)
        rules = getattr(game, "rules", None)
        if rules is not self.rules:
            if not isinstance(rules, Ruleset) or not hasattr(game, "legal_actions"):
                raise ActionSpaceError(f"expected a Game, got {type(game).__name__}")
            if (rules.map.name, rules.players) != (self.rules.map.name, self.rules.players):
                raise ActionSpaceError(f"the game is {rules.map.name} with {rules.players} players; this "
                                       f"space is {self.rules.map.name} with {self.rules.players}")
        lay = self._l
        if prefix:
            route, items, pays, nxt = self._walk(game, prefix)
            step_id = lay.step_id
            done = [lay.done_id] if items and items in pays and self._needs_done(route, items) else []
            return [step_id[kv] for kv in nxt] + done, []  # type: ignore[operator]  # done_id is set if needed
        ids: list[int] = []
        arrays: list[np.ndarray] = []
        paid, unpaid, seg_ids = lay.paid, lay.unpaid, self._seg_ids
        for kind, targets, pays in game.legal_actions().segments:
            if not targets or not pays:
                continue
            table = paid.get(kind)
            if table is not None:
                # the engine keeps both the open routes of a group and the payments of a hand as
                # the same objects while they do not change: remember each segment's ids
                key = (id(targets), id(pays))
                hit = seg_ids.get(key)
                if hit is None or hit[0] is not targets or hit[1] is not pays:
                    if len(seg_ids) > 8192:
                        seg_ids.clear()
                    hit = seg_ids[key] = (targets, pays, *self._paid_ids(kind, targets, pays, table))
                if hit[3]:
                    arrays.append(hit[2])
                else:
                    ids.extend(hit[2])
            elif kind == KEEP:  # the widest keep is the whole sorted offer (keeping all is always legal)
                bit = {t: 1 << j for j, t in enumerate(_whole_offer(targets))}
                start = lay.keep_start - 1
                for keep in targets:
                    ids.append(start + sum(bit[t] for t in keep))
            else:
                id_of = unpaid.get(kind)
                if id_of is None:
                    raise TtrError(f"action space {self.rules.map.name}: no ids for '{kind}' actions")
                ids.extend([id_of[t] for t in targets])
        return ids, arrays

    def _paid_ids(self, kind: str, targets: Sequence, pays: Any, table: tuple) -> tuple[Any, bool]:
        """The ids of a segment of a paid kind, every target with every payment: a list, or for
        long runs an array (and True): numpy pays off from about a hundred ids."""
        base, uni, one_u = table
        if one_u is not None and len(targets) * len(pays) > 128:  # stations, harbors: many cities, one universe
            try:
                bases = np.fromiter([base[t] for t in targets], np.intp, len(targets))
            except KeyError as e:
                raise TtrError(f"action space {self.rules.map.name}: no id for '{kind}' target {e.args[0]!r}") from None
            offsets = np.asarray(self._offsets_of(pays, one_u), dtype=np.intp)
            return (bases[:, None] + offsets).ravel(), True
        out: list[int] = []
        last_u = offs = None
        for t in targets:
            b = base.get(t)
            if b is None:
                out.append(self._stepped_id(kind, t))
                continue
            u = uni[t]
            if u != last_u:
                offs, last_u = self._offsets_of(pays, u), u
            out.extend([b + o for o in offs])  # type: ignore[union-attr]  # set at the first target
        return (np.asarray(out, dtype=np.intp), True) if len(out) > 128 else (out, False)

    def _stepped_id(self, kind: str, t: Any) -> int:
        i = self._l.stepped.get(t) if kind == CLAIM else None
        if i is None:
            raise TtrError(f"action space {self.rules.map.name}: no id for '{kind}' target {t!r}")
        return i

    def _offsets_of(self, pays: Any, u: int) -> list[int]:
        """Where each payment sits in universe `u`, remembered per payments object: the editions
        return the same object for the same hand."""
        key = (id(pays), u)
        hit = self._offsets.get(key)
        if hit is not None and hit[0] is pays:
            return hit[1]
        pos = self._l.upos[u]
        try:
            offs = [pos[p] for p in pays]
        except KeyError as e:
            raise TtrError(f"action space {self.rules.map.name}: a legal payment {e.args[0]!r} is outside the "
                           "payments it was built from (the edition's payments must not grow with the hand)") from None
        if len(self._offsets) > 4096:
            self._offsets.clear()
        self._offsets[key] = (pays, offs)
        return offs

    # ----------------------------------------------------------- payment steps

    def _prefix(self, prefix: Iterable[int]) -> tuple[int, ...]:
        try:
            items = tuple(prefix)
        except TypeError:
            raise ActionSpaceError(f"prefix must be a sequence of ids, not {type(prefix).__name__}") from None
        return tuple(self._id(x, f"prefix[{j}]") for j, x in enumerate(items))

    def _id(self, i: Any, what: str) -> int:
        try:
            i = _index(i)
        except TypeError:
            raise ActionSpaceError(f"{what} must be an integer id, not {i!r}") from None
        if not 0 <= i < self.n:
            raise ActionSpaceError(f"{what} {i} is out of range: the {self.rules.map.name} space has ids 0..{self.n - 1}")
        return i

    def _legal_payments(self, game: Game, route: int) -> Any:
        for kind, targets, pays in game.legal_actions().segments:
            if kind == CLAIM and pays and route in targets:
                return pays
        return None

    def _walk(self, game: Game | None, prefix: tuple[int, ...]) -> tuple[int, tuple, Any, frozenset]:
        """Check a partial move: a stepped claim id, then payment steps that can still end in a
        payment (legal in `game`; without one, a payment of the route at all). Returns the route,
        the payment so far, the payments it is heading for and the steps that may follow.
        Remembered per position (the game's legal actions) and prefix: a walk step by step costs
        one step each."""
        anchor = game.legal_actions() if game is not None else None
        key = (id(anchor), prefix)
        hit = self._walks.get(key)
        if hit is not None and hit[0] is anchor:
            return hit[1]
        lay = self._l
        if len(prefix) == 1:
            route = lay.step_route.get(prefix[0])
            if route is None:
                raise ActionSpaceError(f"prefix {list(prefix)} is not a partial move: prefix[0] = {prefix[0]} "
                                       f"({lay.texts[prefix[0]]}) is not the first step of a multi-step action")
            if game is None:
                pays = lay.route_universe[route]
            else:
                pays = self._legal_payments(game, route)
                if pays is None:
                    raise IllegalActionIdError(f"prefix {list(prefix)}: prefix[0] = {prefix[0]} "
                                               f"({lay.texts[prefix[0]]}) is not legal: {self._why(game, route)}")
            state = (route, (), pays, self._next(pays, ()))
        else:
            route, items, pays, nxt = self._walk(game, prefix[:-1])
            j = len(prefix) - 1
            i = prefix[j]
            kv = lay.step_of.get(i)
            if kv is None or kv not in nxt:
                err = IllegalActionIdError if kv is not None and game is not None else ActionSpaceError
                raise err(f"prefix {list(prefix)} is not a partial move: prefix[{j}] = {i} ({lay.texts[i]}) does not "
                          f"continue the payment {cards_text(items) or '(none yet)'} of route {route}"
                          f"{' in this position' if game is not None else ''}; next steps: {self._steps_text(nxt)}")
            items = items + (kv,)
            nxt = self._next(pays, items)
            if items in pays and not self._needs_done(route, items):  # complete at its last step
                raise ActionSpaceError(f"prefix {list(prefix)} is a whole move (claim {route} {cards_text(items)}), "
                                       "not a partial one: nothing follows it")
            state = (route, items, pays, nxt)
        if len(self._walks) > 4096:
            self._walks.clear()
        self._walks[key] = (anchor, state)
        return state

    def _next(self, pays: Any, items: tuple) -> frozenset:
        key = (id(pays), items)
        hit = self._steps.get(key)
        if hit is not None and hit[0] is pays:
            return hit[1]
        fhit = self._fams.get(id(pays))
        if fhit is None or fhit[0] is not pays:
            if len(self._fams) > 1024:
                self._fams.clear()
            fhit = self._fams[id(pays)] = (pays, _families(pays))
        nxt = _next_steps(pays, items, fhit[1])
        if len(self._steps) > 4096:
            self._steps.clear()
        self._steps[key] = (pays, nxt)
        return nxt

    def _needs_done(self, route: int, items: tuple) -> bool:
        """Whether the payment `items` of `route` ends with "done": some payment of the route (over
        all hands) extends it with later kinds."""
        return bool(items) and bool(self._next(self._l.route_universe[route], items))

    def _steps_text(self, nxt: frozenset) -> str:
        shown = [self._l.texts[self._l.step_id[kv]] for kv in sorted(nxt)[:8]]
        return ", ".join(shown) + (f" and {len(nxt) - 8} more" if len(nxt) > 8 else "") if shown else "none"


__all__ = ["ActionSpace", "BLOCKS", "Block", "STEP_ABOVE"]
