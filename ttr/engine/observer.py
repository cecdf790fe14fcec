"""What one seat may know: the one place secrets are stripped.

`mask(layout, state, seat)` turns the game's integer state (codec.py) into what `seat`
may see (None: a spectator): the seed, the order of every pile and the other seats'
hands, tickets, ticket offers and (until all have chosen, RS1) piece choices are
overwritten with HIDDEN, keeping their sizes; discards are shown without their order.
Which sections are secret is declared with the layout (`Section.secrecy`), so an
edition's own state is masked by the same rule. The view (`view`) is rendered from the
masked state alone, so it cannot show more than the mask leaves. The public log strips
an action by the rule its kind declares (`public_action`: `ActionKind.secret`, `public`).

A seat is given an Observation: the static rules, its masked state, its legal moves and
its view (rendered when first read); never the game.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..cards import CARD_NAMES, DECK_NAMES
from .actions import KINDS, Action
from .codec import COUNTS, HIDDEN, LIST, NOBODY, NONE, OWN, UNORDERED, StateLayout
from .legal import LegalActions, legal_data
from .phases import CHOOSE_PIECES, INITIAL_TICKETS, PHASES
from .ruleset import Ruleset

if TYPE_CHECKING:  # pragma: no cover
    from .face import Game
    from .schema import View

NO_MOVES = LegalActions(())
EditionView = Callable[[StateLayout, Sequence[int]], "dict[str, Any] | None"]


def public_action(a: Action) -> dict[str, Any]:
    """What everyone may know of an action: the log's data for it (its kind says what is secret)."""
    return KINDS[a.kind].public(a)


# ------------------------------------------------------------------ the mask

def _plan(layout: StateLayout, seat: int | None) -> tuple[list[tuple[int, int, str]], list[tuple[int, int]]]:
    """(sections hidden from `seat`: (start, stop, shape)), (unordered sections: (start, stop))."""
    key = -1 if seat is None else seat
    cached = layout.plans.get(key)
    if cached is None:
        hide, unordered = [], []
        for s in layout.sections:
            if s.secrecy == NOBODY or (s.secrecy == OWN and s.seat != seat):
                hide.append((s.start, s.stop, s.shape))
            elif s.secrecy == UNORDERED:
                unordered.append((s.start, s.stop))
        cached = layout.plans[key] = (hide, unordered)
    return cached


def mask(layout: StateLayout, state: Sequence[int], seat: int | None) -> list[int]:
    """What `seat` (None: a spectator) may see of `state`: HIDDEN over every secret value, sizes kept."""
    out = list(state)
    hide, unordered = _plan(layout, seat)
    for start, stop, shape in hide:
        if shape == LIST:
            n = out[start]
            out[start + 1:start + 1 + n] = [HIDDEN] * n
        elif shape == COUNTS:
            out[start + 1:stop] = [HIDDEN] * (stop - start - 1)
        else:
            out[start:stop] = [HIDDEN] * (stop - start)
    for start, stop in unordered:
        n = out[start]
        out[start + 1:start + 1 + n] = sorted(out[start + 1:start + 1 + n])
    phase = PHASES[out[layout["phase"].start]]
    if phase is INITIAL_TICKETS or phase is CHOOSE_PIECES:  # RS1: choices stay secret until all have chosen
        for p in range(layout.rules.players):
            if p != seat:
                s = layout.seat(p, "pieces_choice")
                if out[s.start] != NONE:
                    out[s.start:s.stop] = [HIDDEN] * s.size
    return out


# ------------------------------------------------------------------ the view

def _counts(cards: Sequence[int]) -> dict[str, int]:
    return {CARD_NAMES[k]: n for k, n in sorted(Counter(cards).items())}


def _hand(counts: Sequence[int]) -> dict[str, int]:
    return {CARD_NAMES[k]: n for k, n in enumerate(counts) if n > 0}


def render(rules: Ruleset, layout: StateLayout, m: Sequence[int], seat: int | None, *, ply: int,
           result: dict[str, Any] | None, legal: LegalActions | None, edition: EditionView) -> View:
    """The view of a masked state `m` (JSON-ready; schema.View)."""
    ed = rules.edition
    n = rules.players
    names = rules.city_names
    items = layout.items

    def val(name: str) -> int:
        return m[layout.by_name[name].start]

    piles = {}
    for d, (deck, discard) in enumerate(layout.pile_names):
        piles[DECK_NAMES[d]] = {"size": val(deck), "discard": _counts(items(m, discard))}
    rs = ed.pieces_total is not None
    players = []
    station_at: dict[str, int] = {}
    harbor_at: dict[str, int] = {}
    for p in range(n):
        stations = [names[c] for c in items(m, f"players[{p}].stations")]
        harbors = [names[c] for c in items(m, f"players[{p}].harbors")]
        station_at.update((c, p) for c in stations)
        harbor_at.update((c, p) for c in harbors)
        entry: dict[str, Any] = {
            "seat": p,
            "hand_size": val(f"players[{p}].hand"),
            "tickets": val(f"players[{p}].tickets"),
            "offer_size": val(f"players[{p}].offer"),
            "trains": val(f"players[{p}].trains"),
            "stations": stations,
            "score": val(f"players[{p}].score"),
        }
        if rs:  # Rails & Sails: pieces are public once all have chosen (RS1)
            bt, bs = items(m, f"players[{p}].box")
            entry.update(ships=val(f"players[{p}].ships"), box={"trains": bt, "ships": bs}, harbors=harbors,
                         exchanged=val(f"players[{p}].exchanged"), pieces_chosen=val(f"players[{p}].pieces_choice") != NONE)
        players.append(entry)
    you = None
    if seat is not None:
        ticket = rules.map.ticket_by_id
        you = {
            "seat": seat,
            "hand": _hand(items(m, f"players[{seat}].hand")),
            "tickets": [{"id": t, "cities": list(ticket[t].cities), "points": rules.ticket_points[t], "long": ticket[t].long}
                        for t in items(m, f"players[{seat}].tickets")],
            "offer": sorted(items(m, f"players[{seat}].offer")),
            "trains": players[seat]["trains"],
            "stations_left": ed.stations - len(players[seat]["stations"]),
            "score": players[seat]["score"],
        }
        if rs:
            choice = items(m, f"players[{seat}].pieces_choice")
            you.update(ships=players[seat]["ships"], harbors_left=ed.harbors - len(players[seat]["harbors"]),
                       pieces_choice=choice if choice[0] != NONE else None)
    tunnel = None
    route, extra, _ = items(m, "tunnel")
    if route != NONE:
        tunnel = {"route": route, "cards": _hand(items(m, "tunnel.cards")),
                  "revealed": [CARD_NAMES[c] for c in items(m, "tunnel.revealed")], "extra": extra}
    final_turns = val("final_turns")
    first = DECK_NAMES[0]
    v = {
        "map": rules.map.name,
        "title": ed.title,
        "num_players": n,
        "seat": seat,
        "phase": str(PHASES[val("phase")]),
        "current_player": val("current_player"),
        "turn": val("turn"),
        "ply": ply,
        "face_up": [CARD_NAMES[c] if c >= 0 else None for c in items(m, "face_up")],
        "deck_size": piles[first]["size"],
        "discard": piles[first]["discard"],
        "decks": piles,
        "ticket_pile_size": val("ticket_pile"),
        "routes": {str(r): s for r, s in enumerate(items(m, "routes")) if s >= 0},
        "stations": station_at,
        "harbors": harbor_at,
        "tunnel": tunnel,
        "last_round": final_turns >= 0,
        "final_turns": final_turns,
        "passes": val("passes"),
        "first_player": val("first_player"),
        "you": you,
        "players": players,
        "legal": legal_data(legal) if legal is not None else None,
        "legal_count": len(legal) if legal is not None else 0,
        "result": result,
        "features": features(rules),
        "edition": edition(layout, m),  # the edition's own public block (Legacy: money, events)
    }
    return v  # type: ignore[return-value]  # the keys of a View (schema.py)


def features(rules: Ruleset) -> dict[str, Any]:
    """What the edition has, for clients (they never guess it from the board's name)."""
    ed = rules.edition
    return {"stations": ed.stations, "harbors": ed.harbors, "ships": ed.pieces_total is not None,
            "exchange": ed.exchange, "money": ed.money, "tunnels": any(rules.r_tunnel),
            "ferries": any(rules.r_locos), "decks": [DECK_NAMES[d] for d in range(len(rules.decks))],
            "may_stop": rules.may_stop}


def view(game: Game, seat: int | None, legal: bool = True) -> View:
    """What `seat` may see (None: a spectator). `legal=False` leaves out the legal moves
    (bots take those from the Observation). Any engine's game: it reads the face only."""
    if seat is not None and not (seat.__class__ is int and 0 <= seat < game.num_players):
        raise ValueError(f"no seat {seat!r} in a {game.num_players}-player game")
    layout = game.layout()
    m = mask(layout, game.encode(), seat)
    moves = (game.legal_actions() if legal and seat is not None and game.current_player == seat and not game.is_over
             else None)
    return render(game.rules, layout, m, seat, ply=game.ply, result=game.result() if game.is_over else None,
                  legal=moves, edition=game.edition_renderer())


class Observation:
    """What a seat is given to choose its move: the static rules (and `options`, the edition's
    static content, e.g. Legacy's setup), its masked state (`state`, read with `layout`), its legal
    moves (empty unless it is to move) and its view (`view`, JSON-ready, rendered from the masked
    state when first read)."""
    __slots__ = ("rules", "options", "layout", "state", "legal", "seat", "ply", "_result", "_edition", "_view")

    def __init__(self, rules: Ruleset, options: dict[str, Any], layout: StateLayout, state: list[int],
                 legal: LegalActions, seat: int, ply: int, result: dict[str, Any] | None, edition: EditionView) -> None:
        self.rules, self.options, self.layout, self.state, self.legal = rules, options, layout, state, legal
        self.seat, self.ply, self._result, self._edition = seat, ply, result, edition
        self._view: View | None = None

    @property
    def view(self) -> View:
        if self._view is None:
            self._view = render(self.rules, self.layout, self.state, self.seat, ply=self.ply, result=self._result,
                                legal=None, edition=self._edition)
        return self._view

    @property
    def phase(self) -> str:
        return str(PHASES[self.state[self.layout["phase"].start]])

    def __repr__(self) -> str:
        return f"<Observation seat {self.seat} ply {self.ply} {self.phase}: {len(self.legal)} legal>"


def observe(game: Game, seat: int) -> Observation:
    if not (seat.__class__ is int and 0 <= seat < game.num_players):
        raise ValueError(f"no seat {seat!r} in a {game.num_players}-player game")
    layout = game.layout()
    mine = game.current_player == seat and not game.is_over
    return Observation(game.rules, game.replay_options(), layout, mask(layout, game.encode(), seat),
                       game.legal_actions() if mine else NO_MOVES, seat, game.ply,
                       game.result() if game.is_over else None, game.edition_renderer())


__all__ = ["NO_MOVES", "Observation", "features", "mask", "observe", "public_action", "render", "view"]
