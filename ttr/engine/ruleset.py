"""Static facts of one game setup (map + edition + player count), compiled once
into flat tables indexed by route id so the hot path does no attribute lookups.
Immutable once built; shared by every game and clone of that setup (OpenSpiel's
"game" object). Resolving names to a Ruleset is the registry's job (ttr.editions)."""
from __future__ import annotations


from ..cards import CARD_INDEX
from ..errors import TtrError
from ..maps import Map, Ticket
from .actions import KINDS, ActionKind
from .turn import CORE_KINDS
from .edition import Edition, RouteKey

# A payment group of claim_groups: (length, route key, group index, any route of it has
# twins, payment key, kind (0 train, 1 ship)).
ClaimGroup = tuple[int, RouteKey, int, bool, tuple[int, ...], int]


class Ruleset:
    __slots__ = ("map", "edition", "players", "doubles_closed", "route_ids", "r_len", "r_color",
                 "r_locos", "r_tunnel", "r_ends", "r_twins", "r_points", "r_key", "r_exists", "n_ids",
                 "deck_cards", "city_names", "ticket_ends", "ticket_points", "long_tickets",
                 "regular_tickets", "total_cards", "city_routes", "city_index", "harbor_ids", "claim_groups", "group_routes", "r_group",
                 "r_kind", "decks", "deck_of", "multi_deck", "ticket_cities", "tours", "harbor_cities",
                 "wild", "reset_at", "whole_draw", "end_pieces", "final_round_turns", "turn_kinds", "kinds", "r_closes",
                 "draw_floor", "may_stop")
    map: Map
    edition: Edition
    players: int
    doubles_closed: bool
    n_ids: int                            # route ids are 0 .. n_ids - 1 (tables below are indexed by them)
    route_ids: tuple[int, ...]
    r_len: list[int]
    r_color: list[int]                    # card kind, -1: gray
    r_locos: list[int]
    r_tunnel: list[bool]
    r_ends: list[tuple[int, int]]         # city indices
    r_twins: list[tuple[int, ...]]
    r_points: list[int]
    r_key: list[RouteKey | None]          # None: no route has this id
    r_exists: list[bool]                  # a route has this id
    r_kind: list[int]
    r_closes: list[bool]
    city_routes: tuple[list[int], ...]    # per city index: the routes into it, in map order
    city_index: dict[str, int]            # city name -> index (the state holds cities by index)
    group_routes: tuple[tuple[int, ...], ...]
    r_group: list[int]
    claim_groups: tuple[tuple[int, tuple[ClaimGroup, ...]], ...]  # (claim_reach index, its groups by length)
    city_names: tuple[str, ...]
    wild: int
    reset_at: int
    whole_draw: bool
    end_pieces: int
    final_round_turns: int
    draw_floor: int | None
    may_stop: bool
    turn_kinds: tuple[ActionKind, ...]
    kinds: tuple[ActionKind, ...]         # every kind a game of these rules may offer, by `order`
    decks: tuple[list[int], ...]
    multi_deck: bool
    deck_cards: list[int]
    total_cards: int
    deck_of: list[int]
    ticket_ends: dict[int, tuple[int, int]]
    ticket_cities: dict[int, tuple[int, ...]]
    tours: dict[int, Ticket]
    harbor_cities: frozenset[str]
    harbor_ids: tuple[int, ...]           # the harbor cities' indices, by name (the order harbors are offered)
    ticket_points: dict[int, int]
    long_tickets: list[int]
    regular_tickets: list[int]

    def __init__(self, m: Map, edition: Edition, players: int) -> None:
        if not edition.min_players <= players <= edition.max_players:
            raise TtrError(f"{edition.title} is for {edition.min_players}-{edition.max_players} players, not {players}")
        self.map = m
        self.edition = edition
        self.players = players
        self.doubles_closed = players < edition.doubles_min_players
        n = max(r.id for r in m.routes) + 1
        self.n_ids = n
        self.route_ids = tuple(r.id for r in m.routes)
        self.r_len = [0] * n
        self.r_color = [-1] * n
        self.r_locos = [0] * n
        self.r_tunnel = [False] * n
        self.r_ends = [(-1, -1)] * n
        self.r_twins = [()] * n
        self.r_points = [0] * n
        self.r_key = [None] * n       # routes with equal keys accept the same payments
        self.r_kind = [0] * n         # 0: train route (train pieces), 1: ship route (ship pieces)
        self.r_closes = [False] * n   # G1: claiming this lane closes its twins (triple routes may stay open)
        self.city_index = dict(m.city_index)
        self.city_routes = tuple([] for _ in m.cities)
        by_key: dict[RouteKey, list[int]] = {}  # routes by key, in map order
        for r in m.routes:
            if r.length not in edition.route_points:
                raise TtrError(f"map {m.name}: route {r.id} has length {r.length}, which {edition.title} does not score")
            self.r_len[r.id] = r.length
            self.r_color[r.id] = -1 if r.color == "gray" else CARD_INDEX[r.color]
            self.r_locos[r.id] = r.locomotives
            self.r_tunnel[r.id] = r.tunnel
            self.r_ends[r.id] = (m.city_index[r.cities[0]], m.city_index[r.cities[1]])
            self.r_twins[r.id] = r.twins
            self.r_closes[r.id] = bool(r.twins) and self.doubles_closed and not (edition.triples_open and len(r.twins) > 1)
            self.r_points[r.id] = edition.route_points[r.length]
            self.r_kind[r.id] = 1 if r.kind == "ship" else 0
            self.r_key[r.id] = key = (self.r_color[r.id], r.length, r.locomotives, r.tunnel, r.any_four,
                                      self.r_kind[r.id], r.pairs)
            by_key.setdefault(key, []).append(r.id)
            for c in r.cities:
                self.city_routes[m.city_index[c]].append(r.id)
        # Routes grouped by colour, then by payment key, sorted by length, so legal
        # move generation can stop at the first length the hand cannot reach.
        # The game keeps, per group, the routes still open (group_routes is the start).
        keys = sorted(by_key, key=lambda k: (k[0], k[1], str(k)))
        self.group_routes = tuple(tuple(by_key[k]) for k in keys)
        self.r_group = [-1] * n
        for gi, k in enumerate(keys):
            for rid in by_key[k]:
                self.r_group[rid] = gi
        reach = {k: edition.reach_index(k) for k in keys}
        self.claim_groups = tuple(
            (ri, tuple((k[1], k, gi, any(self.r_twins[i] for i in by_key[k]), edition.payment_key(k), k[5])
                       for gi, k in enumerate(keys) if reach[k] == ri))
            for ri in sorted(set(reach.values())))
        self.r_exists = [k is not None for k in self.r_key]
        self.city_names = tuple(c.name for c in m.cities)
        # edition parameters read on the hot path, as plain attributes
        self.wild = edition.wild
        self.reset_at = edition.loco_reset or 1 << 30          # G2
        self.whole_draw = edition.face_up_loco_whole_draw     # G4
        self.end_pieces = edition.end_trains                  # G6
        self.final_round_turns = players * edition.final_rounds
        self.draw_floor = edition.draw_floor                  # L2
        self.may_stop = edition.may_stop_drawing              # RS2
        for spec in edition.kinds:
            if KINDS.get(spec.name) is not spec:
                raise TtrError(f"{edition.title}: action kind {spec.name!r} is not registered (actions.register)")
        self.turn_kinds = tuple(k for k in edition.kinds if k.turn_action)  # the edition's own turn actions
        self.kinds = tuple(sorted(CORE_KINDS + tuple(edition.kinds), key=lambda k: k.order))
        self.decks = edition.deck_contents(players)  # the cards of each deck
        self.multi_deck = len(self.decks) > 1
        self.deck_cards = [c for d in self.decks for c in d]
        self.total_cards = len(self.deck_cards)
        self.deck_of = [edition.deck_of(k) for k in range(edition.n_kinds)]
        self.ticket_ends = {t.id: (m.city_index[t.cities[0]], m.city_index[t.cities[-1]]) for t in m.tickets}
        self.ticket_cities = {t.id: tuple(m.city_index[c] for c in t.cities) for t in m.tickets}
        self.tours = {t.id: t for t in m.tickets if t.tour}
        self.harbor_cities = frozenset(c.name for c in m.cities if c.harbor)
        self.harbor_ids = tuple(m.city_index[c] for c in sorted(self.harbor_cities))
        self.ticket_points = {t.id: t.points for t in m.tickets}
        self.long_tickets = [t.id for t in m.tickets if t.long]
        self.regular_tickets = [t.id for t in m.tickets if not t.long]
        if edition.initial_long and not self.long_tickets:
            raise TtrError(f"map {m.name} has no long tickets, which {edition.title} deals")


__all__ = ["Ruleset"]
