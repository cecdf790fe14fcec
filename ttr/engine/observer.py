"""One player's view of a game: everything that player may see, nothing more.
This is the one place where secrets are stripped (other hands, tickets,
ticket offers, and the order of every pile). A seat is given an Observation:
the static rules, its view and its legal moves; never the Game."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..cards import CARD_NAMES, DECK_NAMES, cards_text
from .actions import KEEP, PIECES
from .legal import LegalActions, legal_data
from .ruleset import Ruleset

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

NO_MOVES = LegalActions(())


@dataclass(frozen=True)
class Observation:
    """What a seat is given to choose its move: the static rules (public), its view
    (JSON-ready, `view()` below) and its legal moves (empty unless it is to move)."""
    rules: Ruleset
    view: dict[str, Any]
    legal: LegalActions

    @property
    def seat(self) -> int:
        seat: int = self.view["seat"]
        return seat

    @property
    def phase(self) -> str:
        phase: str = self.view["phase"]
        return phase


def observe(game: "Game", player: int, history: bool = False) -> Observation:
    v = view(game, player, history=history, legal=False)
    mine = game.current == player and not game.is_over
    return Observation(game.rules, v, game.legal_actions() if mine else NO_MOVES)


def hand_dict(hand: list[int]) -> dict[str, int]:
    return {CARD_NAMES[k]: n for k, n in enumerate(hand) if n}


def public_history(game: "Game", player: int) -> list[dict[str, Any]]:
    """The action log; other players' ticket choices show only how many were kept,
    and their piece choices nothing until every player has chosen (RS1)."""
    out = []
    secret_pieces = None in game.piece_choices  # RS1: revealed together once all have chosen
    for seat, a in zip(game.seats, game.actions):
        text = str(a)
        if seat != player:
            if a.kind == KEEP and not game.is_over:
                text = f"keep {len(a.target)} ticket(s)"
            elif a.kind == PIECES and secret_pieces:
                text = "pieces chosen"
        out.append({"seat": seat, "action": text})
    return out


def view(game: "Game", player: int, history: bool = True, legal: bool = True) -> dict[str, Any]:
    """`history=False` / `legal=False` leave out the action history and the legal
    moves (bots take those from the Observation)."""
    if not 0 <= player < game.num_players:
        raise ValueError(f"no seat {player} in a {game.num_players}-player game")
    rules = game.rules
    ed = rules.edition
    over = game.is_over
    players = []
    for p in range(game.num_players):
        entry = {
            "seat": p,
            "hand_size": sum(game.hands[p]),
            "tickets": len(game.tickets[p]),
            "offer_size": len(game.offers[p]),
            "trains": game.trains[p],
            "stations": list(game.stations[p]),
            "score": game.scores[p],
        }
        if ed.pieces_total is not None:  # Rails & Sails: pieces are public once all have chosen (RS1)
            entry.update(ships=game.ships[p], box={"trains": game.box[p][0], "ships": game.box[p][1]},
                         harbors=list(game.harbors[p]), exchanged=game.exchanged[p],
                         pieces_chosen=game.piece_choices[p] is not None)
        players.append(entry)
    me = {
        "seat": player,
        "hand": hand_dict(game.hands[player]),
        "tickets": [
            {"id": t, "cities": list(rules.map.ticket_by_id[t].cities), "points": rules.ticket_points[t],
             "long": rules.map.ticket_by_id[t].long}
            for t in game.tickets[player]],
        "offer": sorted(game.offers[player]),
        "trains": game.trains[player],
        "stations_left": ed.stations - len(game.stations[player]),
        "score": game.scores[player],
    }
    if ed.pieces_total is not None:
        choice = game.piece_choices[player]
        me.update(ships=game.ships[player], harbors_left=ed.harbors - len(game.harbors[player]),
                  pieces_choice=list(choice) if choice else None)
    moves = game.legal_actions() if legal and game.current == player and not over else None
    tunnel = None
    if game.tunnel:
        r, cards, revealed, extra, _ = game.tunnel
        tunnel = {"route": r, "cards": cards_text(cards), "revealed": [CARD_NAMES[c] for c in revealed], "extra": extra}
    v = {
        "map": rules.map.name,
        "title": ed.title,
        "num_players": game.num_players,
        "seat": player,
        "phase": str(game.phase),
        "current_player": game.current,
        "turn": game.turns,
        "ply": len(game.actions),
        "face_up": [CARD_NAMES[c] if c >= 0 else None for c in game.face_up],
        "deck_size": len(game.deck),
        "discard": {CARD_NAMES[k]: n for k, n in sorted(Counter(game.discard).items())},
        "decks": {DECK_NAMES[d]: {"size": len(game.decks[d]),
                                  "discard": {CARD_NAMES[k]: n for k, n in sorted(Counter(game.discards[d]).items())}}
                  for d in range(len(game.decks))},
        "ticket_pile_size": len(game.ticket_pile),
        "routes": {str(r): game.owner[r] for r in rules.route_ids if game.owner[r] >= 0},
        "stations": dict(game.station_at),
        "harbors": dict(game.harbor_at),
        "tunnel": tunnel,
        "last_round": game.final_turns >= 0,
        "final_turns": game.final_turns,
        "passes": game.passes,
        "first_player": game.first_player,
        "you": me,
        "players": players,
        "history": public_history(game, player) if history else None,
        "legal": legal_data(moves) if moves is not None else None,
        "legal_count": len(moves) if moves is not None else 0,
        "result": game.result() if over else None,
        "edition": game.edition_view(player),  # the edition's own public block (Legacy: money, events)
    }
    return v
