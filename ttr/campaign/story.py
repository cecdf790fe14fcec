"""Reading the story deck and opening boxes (rulebook lines 160-162, 190, 239, 527-529).

The story is read at two points of every game: set-up step 7 (before the game is set up, game 1
included) and end-of-game step 3 (after the caboose holder's removal). From the top card on,
every card is read, both sides, and its instructions are carried out, until a pause card that
is not yet due (LW-S1) or the stop card that ends the story. `read` is a pure function: from the
content in force (a Box), the game just ended (Facts, or None before game 1) and the reading
point, it gives the record of what was read and done, which the campaign stores and Box.apply
replays; the record names every change it made, so the campaign never needs the pack to
rebuild its past."""
from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from ..editions.legacy.content import ContentError
from ..editions.legacy.frontier import Frontier
from ..editions.legacy.story import Branch, Condition, Draw, Instruction, Item, Order, walk

if TYPE_CHECKING:  # pragma: no cover
    from ..editions.legacy.pack import Pack
    from ..engine import Game
    from .state import Box

Decide = Callable[[Condition, str], bool]  # (condition, where it is) -> does it hold
Whom = Callable[[str, str], list[str]]     # (WHO, where it is) -> the companies it names


@dataclass(frozen=True)
class Facts:
    """What a finished game leaves for the story's conditions to test (rulebook line 117)."""
    game: int
    players: int
    events: tuple[str, ...]                 # revealed, in order (the event discard)
    routes: tuple[tuple[str, str], ...]     # city pairs of the routes claimed (sorted)
    tickets: tuple[int, ...]                # tickets some player completed
    winner_company: str
    slips: tuple[int, ...]                  # bank slips by seat
    gone: tuple[str, ...] = ()              # events that removed themselves for good (rulebook 337)
    last_company: str = ""                  # the last-placed player's company
    # by seat, for the postcards' conditions (absent from facts stored before postcards):
    companies: tuple[str, ...] = ()                         # each seat's company
    owned: tuple[tuple[tuple[str, str, str, int], ...], ...] = ()  # routes owned: (city, city, colour, length)
    completed: tuple[tuple[tuple[int, tuple[str, ...]], ...], ...] = ()  # tickets completed: (id, its cities)
    held: tuple[int, ...] = ()                              # dollars held when the game ended

    def holds(self, c: Condition) -> bool:
        return ((c.event_revealed is None or c.event_revealed in self.events)
                and (c.route_claimed is None or tuple(sorted(c.route_claimed)) in self.routes)
                and (c.ticket_completed is None or c.ticket_completed in self.tickets)
                and (c.winner_company is None or c.winner_company == self.winner_company)
                and (c.slip_at_least is None or max(self.slips) >= c.slip_at_least)
                and (c.players_at_least is None or self.players >= c.players_at_least))

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Facts":
        return cls(d["game"], d["players"], tuple(d["events"]), tuple(tuple(r) for r in d["routes"]),
                   tuple(d["tickets"]), d["winner_company"], tuple(d["slips"]), tuple(d.get("gone", ())),
                   d.get("last_company", ""), tuple(d.get("companies", ())),
                   tuple(tuple((a, b, c, n) for a, b, c, n in seat) for seat in d.get("owned", ())),
                   tuple(tuple((t, tuple(cs)) for t, cs in seat) for seat in d.get("completed", ())),
                   tuple(d.get("held", ())))


def facts_of(number: int, game: "Game", companies: tuple[str, ...]) -> Facts:
    """The facts of a finished Legacy game (`companies` by seat)."""
    rules = game.rules
    res = game.result()
    public = game.view(None, legal=False)  # (the face's: either engine)
    claimed = {int(r): seat for r, seat in public["routes"].items()}
    owner = [claimed.get(r, -1) for r in range(rules.n_ids)]  # route owners by id (-1: free)
    routes = sorted({tuple(sorted(rules.map.route(r).cities)) for r in rules.route_ids if owner[r] >= 0})
    done = sorted({t for p in res["players"] for t in p["tickets_completed"]})
    block = public["edition"]
    m = rules.map
    owned = tuple(tuple((*m.route(r).cities, m.route(r).color, m.route(r).length) for r in rules.route_ids
                        if owner[r] == p) for p in range(rules.players))
    completed = tuple(tuple((t, tuple(m.ticket_by_id[t].cities)) for t in pl["tickets_completed"])
                      for pl in res["players"])
    return Facts(number, rules.players, tuple(block["event_discard"]), tuple(routes), tuple(done),  # type: ignore[index,arg-type]  # a Legacy game's block
                 companies[res["winners"][0]], tuple(p["total"] for p in res["players"]),
                 tuple(block["event_gone"]), companies[res["last_place"]], tuple(companies),  # type: ignore[index]
                 owned, completed, tuple(p["money_held"] for p in res["players"]))


def order_record(order: Order, source: str, until: int | None, whom: Whom | None = None,
                 where: str = "", frontiers: Mapping[str, Frontier] | None = None) -> dict[str, Any]:
    """An order as the campaign keeps it: what it changed, from which card or box, to which
    companies its office and vault items went (`whom` names them), and the frontier boards it
    added, whole (`frontiers`: the pack's, by id)."""
    def items(kind: str, its) -> list[dict[str, Any]]:
        if not its:
            return []
        if whom is None:
            raise ContentError(f"{where}: puts something in a {kind}, but nobody is there to receive it")
        return [{"company": c, "money": i.money, "cards": i.cards, "note": i.note} | ({"tickets": i.tickets}
                                                                                    if i.tickets else {})
                for i in its for c in whom(i.to, where)]

    return {"from": source, "note": order.note, "add_events": list(order.add_events),
            "remove_events": list(order.remove_events), "add_steps": [asdict(s) for s in order.add_steps],
            "until_game": until, "company_bonus": order.company_bonus,
            "company_bonuses": dict(order.company_bonuses),
            "retire_tickets": list(order.retire_tickets), "restore_tickets": list(order.restore_tickets),
            "open_box": order.open_box, "office": items("office", order.office), "vault": items("vault", order.vault),
            "add_rules": [asdict(r) for r in order.add_rules],
            "add_frontiers": [asdict((frontiers or {})[f]) for f in order.add_frontiers],
            "public_tickets": list(order.public_tickets)}


def read(pack: "Pack", box: "Box", game: int, point: str, decide: Decide,
         whom: Whom | None = None) -> tuple[dict[str, Any], "Box"]:
    """Read the story at `point` ("setup" or "end") of game `game`: the record of what was read
    and done, and the content it leaves in force (a new Box; `box` is not changed); `whom` names
    the companies an office or vault item goes to. A pack that asks for what cannot be done (a
    box opened twice, a claim step's number or a sticker's place taken) raises ContentError
    naming the card or box."""
    box = copy.deepcopy(box)
    ended = game - 1 if point == "setup" else game
    record: dict[str, Any] = {"game": game, "point": point, "cards": [], "orders": [], "waiting": None}
    story = pack.story
    pos = box.story_pos
    while pos < len(story) and not box.ended:
        card = story[pos]
        if card.halt == "pause" and (ended < (card.until_game or 0) or (card.at and card.at != point)):
            record["waiting"] = card.id
            break
        record["cards"].append(card.id)
        box.read_card(card.id, game, point, card.halt == "stop")
        pos += 1
        _carry_out(pack, box, card.do, f"story card {card.id!r}", card.id, game, point, decide, record, whom)
    box.waiting = record["waiting"]
    record["stopped"] = box.ended
    return record, box


def _carry_out(pack: "Pack", box: "Box", instructions: tuple[Instruction, ...], where: str, source: str,
               game: int, point: str, decide: Decide, record: dict[str, Any], whom: Whom | None) -> None:
    for ins in instructions:
        if isinstance(ins, Branch):
            branch = ins.then if decide(ins.when, where) else ins.otherwise
            _carry_out(pack, box, branch, where, source, game, point, decide, record, whom)
            continue
        # stickers (steps and rules) for some games: from the next game played on (this one, at its set-up)
        first = game if point == "setup" else game + 1
        until = first + ins.for_games - 1 if ins.for_games is not None else None
        on_board = {f["id"] for f in box.frontiers}
        again = [f for f in ins.add_frontiers if f in on_board]
        if again:
            raise ContentError(f"{where}: adds frontier {again[0]!r}, which is already on the board")
        rec = order_record(ins, source, until, whom, where, pack.frontiers)
        taken = {s.number for s in box.steps}
        clash = sorted(taken & {s.number for s in ins.add_steps})
        if clash:
            raise ContentError(f"{where}: claim step number(s) {clash} already hold a rule")
        if ins.open_box is not None and ins.open_box in box.opened_ids():
            raise ContentError(f"{where}: opens box {ins.open_box!r}, which is already open")
        held = sorted({r.place for r in ins.add_rules} & set(box.rules))
        if held:
            raise ContentError(f"{where}: the place(s) {held} already hold a rule sticker")
        if ins.draw_postcards:
            rec["postcards"] = draw(pack, box, ins.draw_postcards, whom, where, game, point)
        box.apply_order(rec, game, "story")
        record["orders"].append(rec)
        if ins.open_box is not None:
            b = pack.boxes[ins.open_box]
            box.open(b.id, game, point)
            _carry_out(pack, box, b.do, f"box {b.id!r}", b.id, game, point, decide, record, whom)


def draw(pack: "Pack", box: "Box", draws: tuple[Draw, ...], whom: Whom | None, where: str, game: int,
         point: str) -> list[dict[str, Any]]:
    """The postcards `draws` take from the post office (rulebook 196-202): per company named, the
    next in number order among those no instruction names (LW-PC1), or the one named. A postcard
    drawn already, or an empty post office, raises ContentError naming the card or box."""
    out: list[dict[str, Any]] = []
    named = named_postcards(pack)
    for d in draws:
        if whom is None:
            raise ContentError(f"{where}: draws postcards, but nobody is there to receive them")
        for company in whom(d.to, where):
            for _ in range(d.count):
                taken = box.drawn_postcards() | {x["id"] for x in out}
                if d.postcard is not None:
                    if d.postcard in taken:
                        raise ContentError(f"{where}: draws postcard {d.postcard!r}, which has been drawn already")
                    pid = d.postcard
                else:
                    pile = [i for i in pack.postcards if i not in named and i not in taken]
                    if not pile:
                        raise ContentError(f"{where}: draws a postcard for the {company} company, but the post "
                                           f"office is empty ({len(pack.postcards) - len(named)} postcards to draw "
                                           "in order, all drawn)")
                    pid = pile[0]
                out.append({"id": pid, "company": company, "game": game, "point": point})
    return out


def named_postcards(pack: "Pack") -> set[str]:
    """The postcards an instruction draws by name (the others are drawn in number order)."""
    sources = [c.do for c in pack.story] + [b.do for b in pack.boxes.values()]
    return {d.postcard for do in sources for order in walk(do) for d in order.draw_postcards if d.postcard}


def end_steps(box: "Box", game: int, whom: Whom) -> list[dict[str, Any]]:
    """End-of-game steps 4, 5 and 7 (their rule stickers, in place order) after game `game`: the
    vault items they give, as orders for the end reading's record."""
    out = []
    for place in sorted(p for p in box.rules if p.startswith("end-")):
        rule = box.rules[place]
        order = Order(note=rule["label"], vault=(Item(rule["to"], rule["money"], 0, rule["label"] or place),))
        out.append(order_record(order, place, None, whom, f"the rule sticker at {place}"))
    return out


def who_gets(who: str, companies: Sequence[str], caboose: str, last_game: Callable[[], Facts] | None,
             where: str) -> list[str]:
    """The companies a WHO names: `each` (every company of the campaign), a colour (nobody if no
    player has it), `caboose` (the holder's company, given), or the `winner` or `last` of the game
    just ended (`last_game` gives its facts; None before any game ends: refused)."""
    if who == "each":
        return list(companies)
    if who == "caboose":
        return [caboose]
    if who not in ("winner", "last"):
        return [who] if who in companies else []
    if last_game is None:
        raise ContentError(f"{where} gives to the {who} of the last game, but no game has ended")
    facts = last_game()
    return [facts.winner_company if who == "winner" else facts.last_company]


__all__ = ["Decide", "Whom", "Facts", "draw", "named_postcards", "end_steps", "who_gets", "facts_of", "order_record", "read"]
