"""What the prompt and the board read: the words of the commands, card names in colour,
and the human's context (their observation and the printed board) with what can be
derived from it alone: how far each ticket is, what a route is and what claiming it pays.

The commands come from the action kinds (ttr.engine.KINDS): each kind's name and its
one-letter `short` word; a kind registered later (an edition's own) is a command at once."""
from __future__ import annotations

import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from rich.markup import escape

from ..agents.planner import graph_of
from ..agents.planning import INF
from ..cards import CARD_NAMES
from ..engine import (
    CLAIM,
    KEEP,
    KINDS,
    PAY,
    Action,
    ActionKind,
    CityTarget,
    NoTarget,
    Observation,
    Ruleset,
)
from ..lazy import LazySequence

# ---------------------------------------------------------------- commands

# words that show things or leave; `tickets` alone shows your tickets (type `t` to draw new ones)
META_WORDS = {"help": "help", "?": "help", "routes": "routes", "tickets": "tickets", "hand": "hand",
              "board": "board", "legal": "legal", "quit": "quit", "q": "quit", "exit": "quit"}


class ActionWords(Mapping[str, str]):
    """The words of the actions -> action kind, read from the kinds (KINDS) whenever they change:
    each kind's name and its one-letter `short` (d, c, t, k, s, h, p). A word that is also a view
    command stays the view command (`tickets` shows your tickets; `t` draws new ones)."""

    def __init__(self) -> None:
        self._kinds: tuple[ActionKind, ...] = ()
        self._words: dict[str, str] = {}

    def _table(self) -> dict[str, str]:
        kinds = tuple(KINDS.values())
        if kinds != self._kinds:
            words: dict[str, str] = {}
            for k in kinds:
                for w in (k.short, k.name):
                    if w and w not in META_WORDS:
                        words.setdefault(w, k.name)
            self._kinds, self._words = kinds, words
        return self._words

    def __getitem__(self, word: str) -> str:
        return self._table()[word]

    def __iter__(self) -> Iterator[str]:
        return iter(self._table())

    def __len__(self) -> int:
        return len(self._table())


ACTION_WORDS = ActionWords()


def all_words() -> list[str]:
    """Every command word, actions and views, sorted (for completion and typo hints)."""
    return sorted(set(ACTION_WORDS) | set(META_WORDS))


def command_word(kind: str) -> str:
    """What the prompt calls a kind: its one-letter word, else its name."""
    spec = KINDS[kind]
    return spec.short or spec.name


@lru_cache(maxsize=64)
def offered_kinds(rules: Ruleset) -> tuple[str, ...]:
    """The kinds of action a game of `rules` can ever offer, in their order (`rules.kinds`), less
    those whose `ids` says the board never offers them (claims and keeps have no `ids`: every
    board has them)."""
    universe = [0] * rules.edition.n_kinds
    for c in rules.deck_cards:
        universe[c] += 1
    return tuple(k.name for k in rules.kinds
                 if k.name in (CLAIM, KEEP) or k.ids(rules, tuple(universe)) is not None)


def is_sited(kind: str) -> bool:
    """A kind whose actions name a city and are paid for (stations, harbors)."""
    spec = KINDS[kind]
    return spec.paid and isinstance(spec.target, CityTarget)


def has_options(kind: str) -> bool:
    """A kind paid for a target (a route, a city): its payments are offered per target."""
    spec = KINDS[kind]
    return spec.paid and not isinstance(spec.target, NoTarget)

CARD_STYLES = {"purple": "magenta", "blue": "blue", "orange": "dark_orange", "white": "bold white",
               "green": "green", "yellow": "yellow", "black": "bold bright_black", "red": "red",
               "locomotive": "bold cyan", "joker": "bold cyan", "gray": "grey62"}


def card_markup(name: str, text: str | None = None) -> str:
    """A card's name (or `text`) in the card's colour."""
    style = CARD_STYLES.get(name) or CARD_STYLES.get(name.split("-")[0], "")
    text = escape(text or name)
    return f"[{style}]{text}[/]" if style else text


def cards_markup(cards) -> str:
    """((kind, count), ...) -> '3 red + 1 locomotive' with colours."""
    return " + ".join(f"{n} {card_markup(CARD_NAMES[k])}" for k, n in cards)


def _fold(text: str) -> str:
    """Case- and accent-insensitive form of a name: 'Zürich' -> 'zurich'."""
    return "".join(c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c))


def _is_payment(word: str) -> bool:
    return any(ch.isdigit() for ch in word) and any(ch.isalpha() for ch in word)


# ------------------------------------------------------------ what you see

SORTED_OPTIONS = 500  # payment options up to this many are sorted cheapest first; more keep the engine's order
SHOWN_OPTIONS = 12    # payment options listed at most when asking which one


class PaymentOptions(LazySequence[Action]):
    """The actions paying for one target, in the engine's order (for Nordic: fewest cards
    first, then fewest locomotives), without listing them."""
    __slots__ = ("kind", "target", "pays", "_len")

    def __init__(self, kind: str, target, pays):
        self.kind, self.target, self.pays, self._len = kind, target, pays, len(pays)

    def _item(self, i: int) -> Action:
        return Action(self.kind, self.target, self.pays[i])


@dataclass
class Context:
    """What the prompt knows: the human's observation (view, legal moves) and the printed
    board (the static rules)."""
    view: Mapping[str, Any]
    rules: Ruleset
    legal: Sequence[Action] = field(default_factory=list)

    @classmethod
    def of(cls, obs: Observation) -> "Context":
        return cls(obs.view, obs.rules, obs.legal)  # kept lazy: a hand may pay in millions of ways (N6)

    def __post_init__(self):
        self.game_map = self.rules.map
        self.edition = self.rules.edition
        self.seat = self.view["seat"]
        self.my_turn = bool(self.legal)
        by: dict = {}  # kind -> its actions; kinds paid for a target: in `options` (the kind is listed empty)
        options: dict = {}  # (kind, target) -> its payment options, for kinds paid for a target (has_options)
        segments = getattr(self.legal, "segments", None)
        if segments is None:
            for a in self.legal:
                if has_options(a.kind):
                    by.setdefault(a.kind, [])
                    options.setdefault((a.kind, a.target), []).append(a)
                else:
                    by.setdefault(a.kind, []).append(a)
        else:  # a lazy LegalActions: payment options stay lazy per target, the rest are few
            for kind, targets, pays in segments:
                if has_options(kind):
                    by.setdefault(kind, [])
                    for t in targets:
                        options[kind, t] = PaymentOptions(kind, t, pays)
                else:
                    by.setdefault(kind, []).extend(Action(kind, t, p) for t in targets for p in pays)
        self.by_kind = by
        for key, opts in options.items():
            if len(opts) <= SORTED_OPTIONS:
                options[key] = sorted(opts, key=self.cost)
        self.options: dict[tuple[str, Any], Sequence[Action]] = options
        # the claimable routes (claims, and any kind paid for a route) and the sites (stations, harbors)
        self.claims: dict[int, Sequence[Action]] = {t: o for (k, t), o in options.items() if k == CLAIM}
        self.sites: dict[tuple[str, str], Sequence[Action]] = {key: o for key, o in options.items() if is_sited(key[0])}
        # payments without a target (the tunnel's), cheapest first, per kind
        self.payments: dict[str, list[Action]] = {k: sorted(acts, key=self.cost) for k, acts in by.items()
                                                  if KINDS[k].paid and isinstance(KINDS[k].target, NoTarget)}
        self.pays = self.payments.get(PAY, [])  # the tunnel's extra cards

    def cost(self, a: Action) -> tuple:
        """Cheapest first: fewest wild cards, then fewest cards."""
        wild = sum(n for k, n in a.cards if k == self.edition.wild)
        return wild, sum(n for _, n in a.cards), str(a)

    @property
    def kinds(self) -> list[str]:
        return [k for k in KINDS if k in self.by_kind]


def ticket_progress(view: Mapping[str, Any], rules: Ruleset, cities: list[str]) -> int | None:
    """Pieces still needed to connect `cities` in order, on the cheapest path through the seat's own routes
    (free), routes still open to it, and others' routes at its stations (free, assuming the station is used
    there); None if blocked. Uses only public facts: owners, stations and the doubles rule."""
    return ticket_path(view, rules, cities)[0]


def ticket_path(view: Mapping[str, Any], rules: Ruleset, cities: list[str], cost=None) -> tuple[int | None, set]:
    """(pieces still needed, ids of the unowned routes on that cheapest path); (None, set()) if blocked."""
    cost = cost or open_costs(view, rules)
    graph = graph_of(rules.map)
    total, routes = 0.0, set()
    for src, dst in zip(cities, cities[1:]):
        d, path = graph.shortest(src, dst, cost)
        if d == INF:
            return None, set()
        total += d
        routes |= {r for r in path if cost(r)}
    return int(total), routes


def open_costs(view: Mapping[str, Any], rules: Ruleset):
    """route id -> pieces still to lay for the seat: 0 for its own routes and for others' routes at its
    stations, the length for routes it may still claim, None for the rest (taken, or closed by G1)."""
    seat = view["seat"]
    owners = {int(r): s for r, s in view["routes"].items()}
    closes = rules.r_closes  # G1 (Legacy: triples stay open)
    my_stations = {c for c, s in view["stations"].items() if s == seat}
    route = rules.map.route_by_id

    def cost(rid: int):
        r = route[rid]
        owner = owners.get(rid, -1)
        if owner == seat:
            return 0
        if owner >= 0:
            return 0 if my_stations & set(r.cities) else None
        twin_owners = [owners.get(t, -1) for t in r.twins]
        if seat in twin_owners or (closes[rid] and any(o >= 0 for o in twin_owners)):
            return None
        return r.length
    return cost


def route_kind(r) -> str:
    """What a route is, in a word: train, ship, tunnel, ferry (with its locomotives) or paired."""
    if r.kind == "ship":
        return "ship"
    if r.tunnel:
        return "tunnel"
    if r.ferry:
        return f"ferry {r.locomotives} loco"
    if r.pairs:  # Rails & Sails: 2 train cards a space
        return "paired" if r.pairs == r.length else f"{r.pairs} paired"
    return "train"


def short_card(name: str) -> str:
    """A card's name for narrow tables: 'locomotive' -> 'loco', 'red-double-ship' -> 'red-2ship'."""
    return {"locomotive": "loco"}.get(name) or name.replace("-double-ship", "-2ship")


def short_cards(cards) -> str:
    """((kind, count), ...) -> '2 red+1 loco', coloured."""
    return "+".join(f"{n} {card_markup(CARD_NAMES[k], short_card(CARD_NAMES[k]))}" for k, n in cards)


def claim_gain(ctx: Context, r) -> str:
    """Legacy: what claiming route `r` brings the seat by the claim steps in force (the board's and
    the current event's), from the view: '$3', '-$1', 'card' (a big city's draw), joined by '+';
    '' if nothing. A fee is shown in full (it is paid as far as the claimer can)."""
    legacy = ctx.view.get("edition") or {}
    setup = legacy.get("setup")
    if not setup:
        return ""
    company = setup["companies"][ctx.seat]
    steps = list(setup["steps"])
    ev = legacy.get("current_event")
    if ev and ev["kind"] == "persistent":
        steps += [e["step"] for e in setup["events"] if e["id"] == ev["id"] and e.get("step")]
    big = any(c.big for c in ctx.game_map.cities if c.name in r.cities)
    money, card = 0, False
    for st in steps:
        colour = company if st.get("color") == "company" else st.get("color")
        matches = colour is None or r.color == colour
        if st["kind"] == "company_route":
            money += setup["company_bonus"] if r.color == company else 0
        elif st["kind"] == "big_city":
            card = card or big
        elif matches and r.length >= st.get("min_length", 1) and (big or not st.get("big_city")):
            money += st["amount"] if st["kind"] == "route_bonus" else -st["amount"]
    parts = ([f"{'-' if money < 0 else ''}${abs(money)}"] if money else []) + (["card"] if card else [])
    return "+".join(parts)
