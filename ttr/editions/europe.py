"""Europe: stations, tunnels, ferries and the European Express (E1-E6).

Tunnels and ferries are route properties the engine handles for every edition;
the station (E4) is Europe's own action, declared here."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.actions import STATION, Action, ActionKind, CityTarget, IdBlock, Payment, register
from ..engine.edition import Edition
from ..engine.turn import cards_words
from ..text import plural

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.game import PyGame
    from ..engine.legal import LegalActions
    from ..engine.ruleset import Ruleset


class Station(ActionKind):
    """E4: a station on a city that has none; the k-th costs k cards of one colour, locomotives wild."""
    name = STATION
    target = CityTarget()
    paid = True
    syntax = "station <city> <cards>"
    summary = "build a station"
    short = "s"
    turn_action = True
    undoable = True
    order = 8

    def apply(self, game: "PyGame", a: Action) -> None:
        p = game.current
        hand = game.hands[p]
        for k, n in a.cards:
            hand[k] -= n
        city = game.rules.city_index[a.target]
        game.station_at[city] = p
        game.stations[p].append(city)
        game.discard_cards(a.cards)
        game.refill()
        game.end_turn()

    def moves(self, game: "PyGame", p: int, hand: tuple[int, ...], segs: list) -> None:
        ed = game.rules.edition
        built = len(game.stations[p])
        if built >= ed.stations:
            return
        pays = ed.station_payments(hand, built + 1)
        if pays:
            cities = [c for c, seat in zip(game.rules.city_names, game.station_at) if seat < 0]
            if cities:
                segs.append((STATION, cities, pays))

    def explain(self, game: "PyGame", a: Action, legal: "LegalActions") -> str | None:
        rules = game.rules
        p = game.current
        city = rules.city_index.get(a.target)
        if city is None:
            return f"map {rules.map.name} has no city {a.target!r}"
        if game.station_at[city] >= 0:
            return f"{a.target} already has a station (seat {game.station_at[city]})"
        if len(game.stations[p]) >= rules.edition.stations:
            return f"you have built all {rules.edition.stations} stations"
        cost = len(game.stations[p]) + 1
        return f"your station number {cost} costs {plural(cost, 'card')} of one colour, locomotives wild"

    def describe(self, rules: "Ruleset", a: Action) -> str:
        return f"builds a station in {a.target} with {cards_words(a.cards)}"

    def ids(self, rules: "Ruleset", universe: tuple[int, ...]) -> IdBlock | None:
        ed = rules.edition
        pays: set[Payment] = set()
        for cost in range(1, ed.stations + 1):
            pays.update(ed.station_payments(universe, cost))
        return IdBlock(rules.city_names, sorted(pays))


STATION_KIND = register(Station())

EUROPE = Edition(
    name="europe",
    title="Ticket to Ride: Europe",
    trains=45,
    stations=3,
    initial_long=1,                # E1: 1 long + 3 regular, keep >= 2
    initial_regular=3,
    initial_keep=2,
    initial_unkept_to_box=True,    # E1: unkept initial tickets leave the game
    route_points={1: 1, 2: 2, 3: 4, 4: 7, 6: 15, 8: 21},
    longest_bonus=10,
    longest_bonus_name="european_express",
    tie_breaks=("tickets_completed", "fewest_stations", "european_express"),
    kinds=(STATION_KIND,),
)
