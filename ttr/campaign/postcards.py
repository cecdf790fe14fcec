"""Postcards in a campaign (rulebook lines 196-202): who holds which, whether a condition is
met, and what the status may show of them.

A postcard is drawn when the story says so (story.draw, recorded in the reading). At the end of
every game, before the story is read (LW-PC3), each postcard not yet met whose holder played that
game is tested on the game's facts, if it was drawn before that game's end (201: one drawn at a
game's end counts only from the next game; so one drawn at game 12's end never does). A met
postcard is revealed to all and its reward goes into the holder's office or vault; one not met
carries on to the holder's next game (LW-PC4)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..editions.legacy.content import CARD_COLORS
from ..editions.legacy.pack import GAMES, Pack
from ..editions.legacy.postcards import Goal, Postcard
from ..editions.legacy.story import Item, Order
from ..maps import load_map
from ..maps.model import Ticket
from .state import MAP
from .story import Facts, order_record

if TYPE_CHECKING:  # pragma: no cover
    from .state import Box


def met(goal: Goal, facts: Facts, seat: int) -> bool:
    """Whether seat `seat` met `goal` in the game `facts` describe (every given field must hold)."""
    owned = facts.owned[seat]
    pairs = {tuple(sorted((a, b))) for a, b, _, _ in owned}
    if goal.route is not None and tuple(sorted(goal.route)) not in pairs:
        return False
    if goal.connect is not None and not _joined(owned, *goal.connect):
        return False
    tickets = facts.completed[seat]
    if goal.ticket is not None and goal.ticket not in {t for t, _ in tickets}:
        return False
    if goal.ticket_to is not None and not any(goal.ticket_to in cities for _, cities in tickets):
        return False
    if goal.routes is not None:
        colour = facts.companies[seat] if goal.color == "company" else goal.color
        count = sum(1 for _, _, c, n in owned if n >= goal.min_length and (colour is None or c == colour))
        if count < goal.routes:
            return False
    return goal.money_at_least is None or facts.held[seat] >= goal.money_at_least


def _joined(owned, a: str, b: str) -> bool:
    """Whether the routes `owned` join cities `a` and `b`."""
    parent: dict[str, str] = {}

    def root(x: str) -> str:
        while parent.get(x, x) != x:
            x = parent[x]
        return x
    for x, y, _, _ in owned:
        parent[root(x)] = root(y)
    return a != b and root(a) == root(b)


def due(entry: dict, game: int) -> bool:
    """A postcard drawn at `entry` may be met in game `game` (201: not one drawn at that game's end)."""
    return entry["done"] is None and (entry["game"] < game or (entry["game"] == game and entry["point"] == "setup"))


def complete(pack: Pack, box: "Box", facts: Facts, game: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The postcards met in game `game` (`facts`): [{"id", "company", "game"}], and their rewards as
    orders for the end reading's record. After game 12 a reward's office dollars go into the vault
    and its cards are lost (LW-PC5: no game follows)."""
    done, orders = [], []
    for entry in box.postcards:
        if entry["company"] not in facts.companies or not due(entry, game):
            continue
        card = pack.postcards[entry["id"]]
        seat = facts.companies.index(entry["company"])
        if not met(card.goal, facts, seat):
            continue
        done.append({"id": card.id, "company": entry["company"], "game": game})
        r, note = card.reward, f"postcard {card.number}"
        last = game == GAMES
        vault = r.vault + (r.money if last else 0)
        order = Order(note=f"Postcard {card.number} met by the {entry['company']} company: {card.secret}",
                      office=() if last or not (r.money or r.cards or r.tickets)
                      else (Item(entry["company"], r.money, r.cards, note, r.tickets),),
                      vault=(Item(entry["company"], vault, 0, note),) if vault else ())
        orders.append(order_record(order, note, None, lambda who, where: [who], note))
    return done, orders


def aims(pack: Pack, box: "Box", game: int, company: str, tickets: Mapping[int, Ticket] | None = None
         ) -> tuple[Ticket, ...]:
    """What a bot of `company` pursues in game `game` for its postcards, as tickets the planner plans
    with its own: a postcard due now whose condition joins two cities (`route`, `connect`) or
    completes a ticket of the board (`ticket`), worth its reward (dollars, vault dollars and cards
    at $1 each); `tickets`: the game's board's (default: the game-1 board's). Other conditions are
    left to play."""
    out = []
    if tickets is None:
        tickets = load_map(MAP).ticket_by_id
    for entry in box.postcards:
        if entry["company"] != company or not due(entry, game):
            continue
        card = pack.postcards[entry["id"]]
        goal, r = card.goal, card.reward
        board = tickets.get(goal.ticket) if goal.ticket is not None else None
        cities = goal.route or goal.connect or (board.cities if board is not None else None)
        if cities is not None:
            out.append(Ticket(-card.number, tuple(cities), max(1, r.money + r.vault + r.cards + 3 * r.tickets)))
    return tuple(out)


def view(pack: Pack, box: "Box", names: dict[str, str], viewer: str | None = None) -> dict[str, Any]:
    """What the status shows of the postcards (rulebook 199): each drawn postcard's number, public
    side and holder; its secret side (condition and reward) only once met, or to its holder
    (`viewer`: a company); how many are left to draw."""
    rows = []
    for entry in box.postcards:
        card: Postcard = pack.postcards[entry["id"]]
        shown = entry["done"] is not None or entry["company"] == viewer
        rows.append({"number": card.number, "public": card.public, "holder": names.get(entry["company"]),
                     "company": entry["company"], "drawn_in": entry["game"], "drawn_at": entry["point"],
                     "done": entry["done"], "demo": card.demo,
                     "secret": card.secret if shown else None,
                     "condition": goal_words(card.goal) if shown else None,
                     "reward": {"money": card.reward.money, "cards": card.reward.cards, "vault": card.reward.vault,
                                "tickets": card.reward.tickets} if shown else None})
    return {"drawn": rows, "left": len(pack.postcards) - len(box.postcards)}


def goal_words(goal: Goal) -> str:
    """A condition in words, as ttr reads it (shown with the secret side, to check a transcription)."""
    parts = []
    if goal.route:
        parts.append(f"claim a route {'-'.join(goal.route)}")
    if goal.connect:
        parts.append(f"connect {goal.connect[0]} and {goal.connect[1]}")
    if goal.ticket is not None:
        parts.append(f"complete ticket {goal.ticket}")
    if goal.ticket_to:
        parts.append(f"complete a ticket to {goal.ticket_to}")
    if goal.routes:
        colour = f" {goal.color}" if goal.color in CARD_COLORS + ("gray",) else " company-coloured" if goal.color else ""
        size = f" of {goal.min_length}+ spaces" if goal.min_length > 1 else ""
        parts.append(f"claim {goal.routes}{colour} route{'s' if goal.routes != 1 else ''}{size}")
    if goal.money_at_least:
        parts.append(f"end holding ${goal.money_at_least}")
    return " and ".join(parts)


__all__ = ["aims", "complete", "due", "goal_words", "met", "view"]
