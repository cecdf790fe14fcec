"""The Legacy game: the plain Game plus money (L1), newspapers and events (L2),
the numbered claim steps (L4) and dollar scoring (L5). Static content comes
from a LegacySetup (content.py), shared by clones and saved whole."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict
from functools import lru_cache, partial
from typing import TYPE_CHECKING, Any, Self

from ...cards import CARD_INDEX, LOCO, NEWSPAPER
from ...engine.codec import LIST, NOBODY, NONE, PUBLIC, VALUES, StateLayout, layout_of, put_list
from ...engine.game import NOWHERE, PyGame
from ...engine.moves import can_draw
from ...engine.phases import EXTRAS
from ...engine.scoring import score_tickets
from ...errors import SaveError, TtrError
from ...maps import load_map
from .board import BASE, grown_ruleset
from . import icons as card_icons
from .content import ICONS, POSTCARD_PLACES, ClaimStep, ContentError, Event, Extra, LegacySetup, Trade
from .edition import remaining_trains_bonus
from .extras import DONE, EVENT, SLOTS
from .icons import Icons
from .pack import default_setup

if TYPE_CHECKING:  # pragma: no cover
    from ...engine.actions import Payment
    from ...engine.ruleset import Ruleset


SHOWN = 10_000  # edition.shown holds seat * SHOWN + ticket id


def step_reason(step: ClaimStep) -> str:
    """What a claim step's money change is called in the ledger and the log."""
    if step.kind == "company_route":
        return f"step {step.number}: company route"
    if step.kind == "big_city":
        return f"step {step.number}: big city"
    return f"step {step.number}: {step.label or step.kind}"


def rule_reason(place: str, label: str) -> str:
    """What a rule sticker at a place of play (Q-V) is called in the ledger and the log; a
    postcard's ability (P1-P3), by its label (the postcard's number)."""
    if place in POSTCARD_PLACES:
        return label or f"postcard {place}"
    return f"rule {place}: {label}" if label else f"rule {place}"


SET_UP = "set up"  # the reason of money given to a position set up by hand (tests, tools)
OFFICE = "office"  # the reason of money a company takes from its office at set-up (rulebook 152)


@lru_cache(maxsize=64)
def reasons(setup: LegacySetup) -> tuple[str, ...]:
    """Every reason money changes hands in a game of this setup; the state keeps a ledger entry's
    reason as its index here: the board's steps, then per event its step or its own name, per rule
    of play (Q-V) its place and label, and last SET_UP, for money a position was set up with, and OFFICE."""
    return (tuple(step_reason(s) for s in setup.steps)
            + tuple(step_reason(e.step) if e.step is not None else e.name for e in setup.events)
            + tuple(rule_reason(r.place, r.label) for r in setup.play_rules) + (SET_UP, OFFICE))


NO_ICONS_SPENT = (0,) * len(ICONS)


@lru_cache(maxsize=64)
def _event_index(setup: LegacySetup) -> dict[str, int]:
    return {e.id: i for i, e in enumerate(setup.events)}


@lru_cache(maxsize=16)
def _big_city_routes(rules: Ruleset) -> frozenset[int]:
    big = {c.name for c in rules.map.cities if getattr(c, "big", False)}
    return frozenset(r.id for r in rules.map.routes if big & set(r.cities))


class LegacyGame(PyGame):
    __slots__ = ("setup", "event_deck", "event_discard", "event_gone", "ledger", "shown", "extra_claim", "_aside",
                 "_names", "_trades", "_has_extras", "icons")
    setup: LegacySetup
    event_deck: list[int]                      # indices into setup.events; the top card is the last
    event_discard: list[int]                   # the current event is the last
    event_gone: list[int]                      # removed for good during this game (rulebook 337), in order
    shown: list[int]                           # tickets held face up (465): seat * SHOWN + ticket id, in order
    ledger: list[tuple[int, int, int, int]]    # (turn, seat, dollars, reason: an index into reasons(setup))
    _aside: list[int] | None                   # newspapers set aside during the deal
    _names: tuple[str, ...]                    # reasons(setup): the ledger's reason names
    _trades: tuple[Trade | None, ...]          # per event of the setup: its action (trade.py), if any
    extra_claim: tuple[int, int] | None        # the extras phase (extras.py): (route claimed, offers taken: bits by SLOTS)
    _has_extras: bool                          # setup.has_extras(): the state keeps edition.extras
    icons: Icons | None                        # the card icons by zone, where a rule counts them (icons.py)

    # ------------------------------------------------------------------ setup

    def set_static(self, setup: LegacySetup | dict[str, Any] | None = None, **options: Any) -> None:
        if options:
            raise TtrError(f"{self.rules.edition.title} takes the option 'setup' only ({', '.join(sorted(options))} given)")
        n = self.rules.players
        if setup is None:
            setup = default_setup(n)
        elif isinstance(setup, dict):
            setup = LegacySetup.from_dict(setup)
        elif not isinstance(setup, LegacySetup):
            raise TtrError(f"setup must be a LegacySetup or its dict, not {type(setup).__name__}")
        self.rules = self.rules_for(self.rules, {"setup": setup})
        check_setup(setup, self.rules)
        self.setup = setup
        self._aside = None
        self._names = reasons(setup)  # read on every money change: looked up once, not hashed each time
        self._trades = tuple(e.trade for e in setup.events)  # per event: its action, if any (trade.py)
        self._has_extras = setup.has_extras()

    @classmethod
    def rules_for(cls, rules: Ruleset, options: dict[str, Any]) -> Ruleset:
        """The board grown by the setup's frontier boards (rulebook 451), if it has any."""
        setup: LegacySetup = options["setup"]
        if not setup.frontiers:
            return rules
        grown = grown_ruleset(rules.players, setup.frontiers)
        if rules.map is not grown.map and rules.map is not load_map(BASE):
            raise TtrError(f"frontier boards grow the {BASE} board, not {rules.map.name!r}")
        return grown

    def before_deal(self) -> None:
        self.event_deck = list(range(len(self.setup.events)))  # the top card is the end of the list
        self.shuffle(self.event_deck)
        self.event_discard = []  # the current event is the last
        self.event_gone = []     # removed for good in this game
        self.shown = []          # tickets held face up (rulebook 465)
        self.extra_claim = None  # the extras phase's claim (rulebook 322)
        self.ledger = []         # (turn, seat, dollars, reason): every change of money held
        self._aside = []         # L2: newspapers dealt at setup, shuffled back afterwards
        self.icons = self._new_icons()  # LW-I1: every marked card in the pile, followed from the deal on

    def _new_icons(self) -> Icons | None:
        if not self.setup.icons_in_play():
            return None
        ed = self.rules.edition
        return Icons.new(self.setup, ed.n_kinds, self.rules.players, ed.face_up)

    def after_setup(self) -> None:
        n = self.rules.players
        self.scores = [self.setup.start_money] * n  # L1: money held
        # what each company's office holds (rulebook 152): cards from the deck, newspapers set aside as
        # in the deal (L2); dollars, in the ledger
        cards, money = dict(self.setup.office_cards), dict(self.setup.office_money)
        office = len(reasons(self.setup)) - 1
        for p, company in enumerate(self.setup.companies):
            for _ in range(cards.get(company, 0)):
                c = self.pop_card(0, p)
                if c >= 0:
                    self.hands[p][c] += 1
            if money.get(company):
                self.scores[p] += money[company]
                self.ledger.append((0, p, money[company], office))
            for _ in range(dict(self.setup.office_tickets).get(company, 0)):  # kept, secret (as LW-P6)
                if self.ticket_pile:
                    self.tickets[p].append(self.ticket_pile.pop())
        aside, self._aside = self._aside, None
        if aside:
            self.decks[0].extend(aside)
            self.shuffle(self.decks[0])
        self.trains = [self.setup.trains_of(c) for c in self.setup.companies]  # the back of each company's box

    def ticket_pool(self) -> list[int]:
        retired = set(self.setup.retired_tickets)
        return [t for t in self.rules.regular_tickets if t not in retired]

    def replay_options(self) -> dict[str, Any]:
        return {"setup": self.setup}

    def clone(self) -> Self:
        g = PyGame.clone(self)
        g.event_deck = self.event_deck[:]
        return g

    def copy_public(self) -> Self:
        g = PyGame.copy_public(self)
        g.icons = self.icons.copy() if self.icons is not None else None  # (refill_edition redeals its secrets)
        g.setup, g._names, g._trades, g._has_extras = self.setup, self._names, self._trades, self._has_extras
        g.extra_claim = self.extra_claim
        g.event_discard = self.event_discard[:]
        g.event_gone = self.event_gone[:]
        g.shown = self.shown[:]
        g.ledger = self.ledger[:]
        g._aside = None
        return g

    # ----------------------------------------------------------------- money

    @property
    def money(self) -> list[int]:
        """Dollars held by each seat (L1)."""
        return self.scores

    def trade_offers(self, p: int) -> list[tuple[str | None, Trade, str]]:
        """The actions seat `p` may take as a turn (trade.py): the current event's (rulebook 278;
        where None) and those the rules of play (Q-V) grant its company (where: the place); each
        with the name of what grants it."""
        out: list[tuple[str | None, Trade, str]] = []
        if self.event_discard:
            t = self._trades[self.event_discard[-1]]
            if t is not None:
                out.append((None, t, self.setup.events[self.event_discard[-1]].name))
        if self.setup.play_rules:
            company = self.setup.companies[p]
            for rule in self.setup.play_rules:
                if rule.trade is not None and company in rule.companies:
                    out.append((rule.place, rule.trade, rule_reason(rule.place, rule.label)))
        return out

    @property
    def current_event(self) -> Event | None:
        return self.setup.events[self.event_discard[-1]] if self.event_discard else None

    def _gain(self, p: int, dollars: int, reason: int) -> None:
        """Money changes hands with the bank; a payment takes at most what is held."""
        if dollars < 0:
            dollars = -min(-dollars, self.scores[p])
        if dollars:
            self.scores[p] += dollars
            self.ledger.append((self.turns, p, dollars, reason))
            self.note(event="money", seat=p, dollars=dollars, reason=self._names[reason])

    # ---------------------------------------------------- newspapers (L2)

    def pop_card(self, d: int = 0, to: int = NOWHERE) -> int:
        ic = self.icons
        if ic is None:
            return self._pop_card(d)
        if to < 0 and to != NOWHERE and self.face_up[-1 - to] >= 0:  # a face-up card taken: its icon goes too
            ic.taken(self.face_up[-1 - to], -1 - to, self.current)
        c = self._pop_card(d)
        if c >= 0:
            ic.drawn(self, c, to)
        return c

    def _pop_card(self, d: int) -> int:
        """The next card that is no newspaper (L2: each newspaper drawn is revealed on the way)."""
        c = self._pop_one(d)
        while c == NEWSPAPER:
            if self._aside is not None:  # setup: set aside, shuffled back once the deal is done
                self._aside.append(c)
            else:
                self.discards[0].append(c)
                self._reveal_event()
                if all(x == NEWSPAPER for x in self.decks[0]) and all(x == NEWSPAPER for x in self.discards[0]):
                    return -1  # nothing but newspapers left: no card to draw (G3)
            c = self._pop_one(d)
        return c

    def _pop_one(self, d: int) -> int:
        if self.icons is not None and not self.decks[d] and self.discards[d]:
            self.icons.reshuffled()
        return PyGame.pop_card(self, d)

    def clear_display(self, shown: list[int]) -> None:
        if self.icons is not None:
            self.icons.cleared(self.face_up)
        PyGame.clear_display(self, shown)

    def _reveal_event(self) -> None:
        """The next event becomes current; a lightning event acts at once (LW-P1: none if the deck is empty)."""
        if not self.event_deck:
            return
        i = self.event_deck.pop()
        self.event_discard.append(i)
        ev = self.setup.events[i]
        self.note(event="newspaper", id=ev.id, name=ev.name, kind=ev.kind, text=ev.text)
        if ev.kind == "lightning":
            self._lightning(ev, len(self.setup.steps) + i)
            if ev.remove:
                self._remove_for_good(i)

    def _remove_for_good(self, i: int) -> None:
        """Rulebook 337: the event leaves the game (and the campaign) for good; if it was the current
        event, the next one is revealed at once (LW-P5)."""
        current = self.event_discard[-1] == i
        self.event_discard.remove(i)
        self.event_gone.append(i)
        ev = self.setup.events[i]
        self.note(event="event-removed", id=ev.id, name=ev.name)
        if current:
            self._reveal_event()

    def _lightning(self, ev: Event, reason: int) -> None:
        n = self.rules.players
        money = self.scores
        seats: Sequence[int]
        gifts: dict[str, Callable[[int, int, int], None]] = {
            "money": self._gain, "cards": partial(self._cards, why=ev.name), "tickets": partial(self._tickets, why=ev.name)}
        give = gifts[ev.gives]
        if ev.effect == "gain_all":
            seats = range(n)
        elif ev.effect == "gain_drawer":
            seats = (self.current,)
        elif ev.effect in ("gain_poorest", "gain_richest"):
            target = (min if ev.effect == "gain_poorest" else max)(money)
            seats = [p for p in range(n) if money[p] == target]
        else:  # gain_per_route
            for p in range(n):
                count = sum(1 for r in self.rules.route_ids if self.owner[r] == p and self._colour_matches(r, ev.color, p))
                give(p, ev.amount * count, reason)
            return
        for p in seats:
            give(p, ev.amount, reason)

    def _tickets(self, p: int, count: int, reason: int = 0, why: str = "") -> None:
        """Seat `p` takes `count` tickets from the top of the ticket pile, as far as it holds them;
        they are kept (scored at the end like any other) and stay secret (the log says how many),
        unless a rule holds them face up (rulebook 465)."""
        for _ in range(count):
            if not self.ticket_pile:
                return
            self.tickets[p].append(self.ticket_pile.pop())
            self.note(event="ticket", seat=p, reason=why)
            self._show(p, self.tickets[p][-1:])

    def keep_tickets(self, p: int, kept: tuple[int, ...]) -> None:
        if self.setup.public_borders:
            self._show(p, kept)
        PyGame.keep_tickets(self, p, kept)

    def _show(self, p: int, tickets: Sequence[int]) -> None:
        """Rulebook 465: a ticket a rule shows is held face up from when it is kept."""
        for t in tickets:
            if self.setup.shown_on_keep(t):
                self.shown.append(p * SHOWN + t)
                self.note(event="ticket-shown", seat=p, ticket=t)

    def _cards(self, p: int, count: int, reason: int = 0, why: str = "") -> None:
        """Seat `p` draws `count` cards from the top of the deck, as far as the L2 draw limit allows
        (LW-P2); a newspaper among them is revealed and replaced (L2)."""
        for _ in range(count):
            if not can_draw(self):
                return
            c = self.pop_card(0, p)
            if c < 0:
                return
            self.hands[p][c] += 1
            self.note(event="card", seat=p, reason=why)

    def trade(self, where: str | None, cards: Payment) -> None:
        """Rulebook 278: the current event's action (where None) or a rule's (where: its place)
        (trade.py): the cards are discarded and the trade's dollars, cards and tickets taken; the
        whole turn."""
        p = self.current
        if where is None:
            i = self.event_discard[-1]
            t, name, reason = self._trades[i], self.setup.events[i].name, len(self.setup.steps) + i
        else:
            company = self.setup.companies[p]
            k = next(k for k, r in enumerate(self.setup.play_rules) if r.place == where and company in r.companies)
            rule = self.setup.play_rules[k]
            t, name = rule.trade, rule_reason(where, rule.label)
            reason = len(self.setup.steps) + len(self.setup.events) + k
        if t is None:  # TradeKind.moves offers only actions that exist
            raise TtrError(f"{name} has no action to carry out")
        hand = self.hands[p]
        for k, n in cards:
            hand[k] -= n
        self._spend(p, cards)
        self.discard_cards(cards)
        if t.money:
            self._gain(p, t.money, reason)
        self._cards(p, t.draw, why=name)
        self._tickets(p, t.tickets, why=name)
        self.refill()
        self.end_turn()

    # ------------------------------------- extra wild cards for offers (322)

    def extra_offers(self, p: int) -> list[tuple[str, Extra, int]]:
        """Seat `p`'s extra-card offers in force (offers_in_force)."""
        return offers_in_force(self.setup, self.event_discard, p)

    def extra_targets(self) -> list[str]:
        """The offers open in the extras phase: matching the route claimed, not yet taken, while
        the claimer holds a wild card."""
        if self.extra_claim is None:
            return []
        p = self.current
        if not self.hands[p][LOCO]:
            return []
        r, used = self.extra_claim
        return [slot for slot, x, _ in self.extra_offers(p)
                if not used >> SLOTS.index(slot) & 1 and extra_matches(self.setup, self.rules, x, r, p)]

    def take_extra(self, slot: str) -> None:
        """Rulebook 322-324: one extra wild card for the offer at `slot` (or, DONE, none more)."""
        if slot == DONE:
            self._end_extras()
            return
        p = self.current
        r, used = self.extra_claim  # type: ignore[misc]  # set in the extras phase
        _, x, reason = next(o for o in self.extra_offers(p) if o[0] == slot)
        self.hands[p][LOCO] -= 1
        self._spend(p, ((LOCO, 1),))
        self.discard_cards(((LOCO, 1),))
        self.extra_claim = (r, used | 1 << SLOTS.index(slot))
        self.note(event="extra", seat=p, offer=slot, label=x.label)
        if x.money:
            self._gain(p, x.money, reason)
        self._cards(p, x.draw, why=x.label)
        self._tickets(p, x.tickets, why=x.label)
        if not self.extra_targets():
            self._end_extras()

    def _end_extras(self) -> None:
        self.extra_claim = None
        self.refill()
        self.end_turn()

    # --------------------------------------------------- claim steps (L4)

    def claim_steps(self) -> list[ClaimStep]:
        """The steps run after a claim, in number order: the board's, then the current event's."""
        return [step for step, _ in self._steps()]

    def _steps(self) -> list[tuple[ClaimStep, int]]:
        return steps_in_force(self.setup, self.event_discard)

    def finish_claim(self, r: int, cards: Payment) -> None:
        steps = self._steps()
        spent = self._spend(self.current, cards, r, steps)
        self.place_route(r, cards)
        for step, reason in steps:
            self._run_step(step, r, reason, spent)
        if self._has_extras:
            self.extra_claim = (r, 0)
            if self.extra_targets():  # rulebook 322: offers before the turn ends
                self.phase = EXTRAS
                return
            self.extra_claim = None
        self.refill()
        self.end_turn()

    def _colour_matches(self, r: int, color: str | None, p: int) -> bool:
        return colour_matches(self.setup, self.rules, r, color, p)

    def _spend(self, p: int, cards: Payment, r: int = -1,
               steps: Sequence[tuple[ClaimStep, int]] = ()) -> Sequence[int]:
        """LW-I1: which marked cards seat `p` spent on `cards` (already out of its hand), to its
        advantage on claim `r` under `steps`; how many of each icon (none where icons are ignored)."""
        ic = self.icons
        if ic is None:
            return NO_ICONS_SPENT
        held = self.hands[p][:]
        for k, n in cards:
            held[k] += n
        worth = [0] * len(ICONS)
        for step, _ in steps:
            if step.icon:
                dollars, drawn = step_gives(self.setup, self.rules, step, r, p)
                worth[ICONS.index(step.icon)] += dollars + drawn
        return ic.spend(p, cards, held, worth)

    def _run_step(self, step: ClaimStep, r: int, reason: int, spent: Sequence[int] = ()) -> None:
        p = self.current
        dollars, cards = step_gives(self.setup, self.rules, step, r, p)
        if step.icon:  # once per card bearing the icon that the claim spent (LW-I1)
            n = spent[ICONS.index(step.icon)] if spent else 0
            dollars, cards = dollars * n, cards * n
        if cards:
            self._cards(p, cards, why=step_reason(step))
        if dollars:
            self._gain(p, dollars, reason)

    # ---------------------------------------------------------- scoring (L5)

    def score(self) -> dict[str, Any]:
        rules = self.rules
        n = rules.players
        players = []
        for p in range(n):
            t = score_tickets(self, p)
            held, bonus = self.scores[p], remaining_trains_bonus(self.trains[p])
            raw = held + bonus + t["ticket_points"]
            players.append({
                "seat": p, "company": self.setup.companies[p],
                "name": self.setup.names[p] if self.setup.names else None,
                "money_held": held, "remaining_trains_bonus": bonus, "ticket_points": t["ticket_points"],
                "tickets_completed": t["tickets_completed"], "tickets_failed": t["tickets_failed"],
                "trains_left": self.trains[p], "turn_order": (p - self.first_player) % n,
                "raw_total": raw, "total": max(0, raw),  # L5: a bank slip never shows less than $0
            })

        def key(r: dict[str, Any]) -> tuple[int, int, int]:  # L5: money, then completed tickets, then later in turn order
            return (r["total"], len(r["tickets_completed"]), r["turn_order"])

        ranking = sorted(range(n), key=lambda p: key(players[p]), reverse=True)
        for rank, p in enumerate(ranking, 1):
            players[p]["rank"] = rank
        return {"players": players, "ranking": ranking, "winners": ranking[:1], "last_place": ranking[-1],
                "unit": "dollars", "year": self.setup.year, "over": self.is_over}

    # ------------------------------------------ the integer state, views, saves

    def layout(self) -> StateLayout:
        e = len(self.setup.events)
        shown = ((("edition.shown", 1 + len(self.rules.map.tickets), LIST, PUBLIC),)  # only where a rule shows tickets
                 if self.setup.public_borders else ())
        extras = (("edition.extras", 2, VALUES, PUBLIC),) if self._has_extras else ()  # only where offers exist
        ed = self.rules.edition
        icons = card_icons.sections(ed.n_kinds, self.rules.players, ed.face_up) if self.setup.icons_in_play() else ()
        return layout_of(self.rules, (("edition.event_deck", 1 + e, LIST, NOBODY),
                                      ("edition.event_discard", 1 + e, LIST, PUBLIC),
                                      ("edition.event_gone", 1 + e, LIST, PUBLIC)) + shown + extras + icons,
                         ("edition.ledger", 4))

    def encode_edition(self, out: list[int], layout: StateLayout) -> None:
        e = len(self.setup.events)
        put_list(out, self.event_deck, e)
        put_list(out, self.event_discard, e)
        put_list(out, self.event_gone, e)
        if self.setup.public_borders:
            put_list(out, self.shown, len(self.rules.map.tickets))
        if self._has_extras:
            out += self.extra_claim if self.extra_claim is not None else (NONE, NONE)
        if self.icons is not None:
            self.icons.encode(out)
        out.append(len(self.ledger))
        for x in self.ledger:
            out += x

    def decode_edition(self, state: Sequence[int], layout: StateLayout, where: str) -> None:
        e = len(self.setup.events)
        piles = []
        for name in ("edition.event_deck", "edition.event_discard", "edition.event_gone"):
            s = layout[name]
            k = state[s.start]
            if where and not (0 <= k <= e and all(x == NONE for x in state[s.start + 1 + k:s.stop])):
                raise SaveError(f"{where}: {name} must hold a count and that many events")
            piles.append(list(state[s.start + 1:s.start + 1 + k]))
        deck, discard, gone = piles
        if where and sorted(deck + discard + gone) != list(range(e)):
            raise SaveError(f"{where}: edition.event_deck + event_discard + event_gone must hold each event of the "
                            "setup exactly once")
        if where and any(not self.setup.events[i].remove for i in gone):
            raise SaveError(f"{where}: edition.event_gone may hold only events that remove themselves")
        ledger = [tuple(x) for x in layout.tail_records(state)]
        if where:
            n_reasons, n = len(reasons(self.setup)), self.rules.players
            for i, (_, seat, _, reason) in enumerate(ledger):
                if not (0 <= seat < n and 0 <= reason < n_reasons):
                    raise SaveError(f"{where}: edition.ledger[{i}] must be [turn, seat, dollars, reason]")
        self.event_deck, self.event_discard, self.event_gone = deck, discard, gone
        self.shown = layout.items(state, "edition.shown") if self.setup.public_borders else []
        if where and self.setup.public_borders:
            bad = [x for x in self.shown if not (0 <= x // SHOWN < self.rules.players
                                                 and self.setup.shown_on_keep(x % SHOWN))]
            if bad:
                raise SaveError(f"{where}: edition.shown may hold only tickets a rule shows, by seat")
        self.ledger = ledger  # type: ignore[assignment]  # records of 4 (the layout's tail width)
        self._aside = None
        self.extra_claim = None
        if self._has_extras:
            s = layout["edition.extras"]
            r, used = state[s.start], state[s.start + 1]
            if r != NONE:
                self.extra_claim = (r, used)
            if where and (r != NONE) != (self.phase is EXTRAS):
                raise SaveError(f"{where}: edition.extras holds a claim exactly in the extras phase")
            owners = layout["routes"].start
            if where and r != NONE and not (0 <= r < self.rules.n_ids and self.rules.r_key[r] is not None
                                            and state[owners + r] == self.current and 0 <= used < 1 << len(SLOTS)):
                raise SaveError(f"{where}: edition.extras must hold a route the player to move claimed and the "
                                f"offers taken (bits 0..{len(SLOTS) - 1})")
        elif where and self.phase is EXTRAS:
            raise SaveError(f"{where}: the extras phase needs a setup with extra-card offers")
        self.icons = card_icons.from_state(state, layout, self.setup, where) if self.setup.icons_in_play() else None

    def refill_edition(self, state: Sequence[int], layout: StateLayout) -> None:
        s = layout["edition.event_deck"]  # the only section a mask hides (the discard and the ledger are public)
        self.event_deck = list(state[s.start + 1:s.start + 1 + state[s.start]])
        self._aside = None
        if self.setup.icons_in_play():
            self.icons = card_icons.from_state(state, layout, self.setup, "")

    def edition_renderer(self) -> Callable[[StateLayout, Sequence[int]], dict[str, Any]]:
        return partial(_edition_view, self.setup, self.rules.players)

    @classmethod
    def options_from_save(cls, block: Any, rules: Ruleset, where: str) -> dict[str, Any]:
        keys = set(block) if isinstance(block, dict) else set()
        if not keys or keys - {"event_gone", "shown", "extras", "icons"} != {"setup", "event_deck", "event_discard", "ledger"}:
            raise SaveError(f"{where}: the edition block must hold setup, event_deck, event_discard and ledger "
                            "(and event_gone, if any event was removed for good; shown, if a rule shows tickets; "
                            "extras, in the extras phase; icons, where a rule counts card icons)")
        try:
            setup = LegacySetup.from_dict(block["setup"], where=f"{where}: edition.setup")
            check_setup(setup, cls.rules_for(rules, {"setup": setup}))
        except TtrError as e:
            raise SaveError(str(e) if str(e).startswith(where) else f"{where}: edition.setup: {e}") from None
        return {"setup": setup}

    @classmethod
    def edition_from_save(cls, block: dict[str, Any], rules: Ruleset, options: dict[str, Any], where: str) -> list[int]:
        setup: LegacySetup = options["setup"]
        index, e = _event_index(setup), len(setup.events)
        out: list[int] = []
        for name in ("event_deck", "event_discard", "event_gone"):
            ids = block.get(name, [])  # event_gone: absent from saves made before it
            if not isinstance(ids, list) or not all(isinstance(x, str) and x in index for x in ids) or len(ids) > e:
                raise SaveError(f"{where}: edition.event_deck + event_discard + event_gone must hold each event of "
                                "the setup exactly once")
            put_list(out, [index[x] for x in ids], e)
        if setup.public_borders:
            shown = block.get("shown", [])
            if not (isinstance(shown, list) and all(isinstance(x, list) and len(x) == 2 and all(
                    isinstance(v, int) and not isinstance(v, bool) for v in x) for x in shown)):
                raise SaveError(f"{where}: edition.shown must list [seat, ticket] pairs")
            put_list(out, [seat * SHOWN + t for seat, t in shown], len(cls.rules_for(rules, options).map.tickets))
        if setup.has_extras():
            out += extras_from_save(block.get("extras"), where)
        elif block.get("extras") is not None:
            raise SaveError(f"{where}: edition.extras: this setup has no extra-card offers")
        if setup.icons_in_play():
            ed = rules.edition
            out += card_icons.from_save(block.get("icons"), ed.n_kinds, rules.players, ed.face_up, where)
        elif block.get("icons") is not None:
            raise SaveError(f"{where}: edition.icons: no rule of this setup counts card icons")
        ledger = block["ledger"] if isinstance(block["ledger"], list) else [None]
        names = reasons(setup)
        out.append(len(ledger))
        for i, x in enumerate(ledger):
            if not (isinstance(x, list) and len(x) == 4 and all(isinstance(v, int) and not isinstance(v, bool)
                                                                 for v in x[:3]) and x[3] in names
                    and 0 <= x[1] < rules.players):
                raise SaveError(f"{where}: edition.ledger[{i}] must be [turn, seat, dollars, reason]")
            out += [x[0], x[1], x[2], names.index(x[3])]
        return out

    @classmethod
    def edition_to_save(cls, rules: Ruleset, options: dict[str, Any], layout: StateLayout,
                        state: Sequence[int]) -> dict[str, Any]:
        setup: LegacySetup = options["setup"]
        names = reasons(setup)
        out: dict[str, Any] = {
            "setup": setup.to_dict(),
            "event_deck": [setup.events[i].id for i in layout.items(state, "edition.event_deck")],
            "event_discard": [setup.events[i].id for i in layout.items(state, "edition.event_discard")],
            "event_gone": [setup.events[i].id for i in layout.items(state, "edition.event_gone")],
            "ledger": [[t, seat, dollars, names[r]] for t, seat, dollars, r in layout.tail_records(state)]}
        if setup.public_borders:
            out["shown"] = [[x // SHOWN, x % SHOWN] for x in layout.items(state, "edition.shown")]
        if setup.has_extras():
            r, used = layout.items(state, "edition.extras")
            if r != NONE:
                out["extras"] = {"route": r, "taken": [s for i, s in enumerate(SLOTS) if used >> i & 1]}
        if setup.icons_in_play():
            out["icons"] = card_icons.to_save(card_icons.decode(state, layout, setup, ""))
        return out

    def check_score(self, p: int, score: int, points: int) -> str | None:
        """Save check: money held = start money + every ledger entry of the seat (routes pay nothing)."""
        expected = self.setup.start_money + sum(x[2] for x in self.ledger if x[1] == p)
        if score != expected or score < 0:
            return (f"players[{p}].score (money held) is {score} but ${self.setup.start_money} and the ledger "
                    f"give {expected}")
        return None

    def start_trains(self, p: int) -> int:
        return self.setup.trains_of(self.setup.companies[p])


def extras_from_save(block: Any, where: str) -> list[int]:
    """A save's `extras` ({"route", "taken": slots}, or absent outside the extras phase) as edition.extras."""
    if block is None:
        return [NONE, NONE]
    if not (isinstance(block, dict) and set(block) == {"route", "taken"} and isinstance(block["route"], int)
            and not isinstance(block["route"], bool) and isinstance(block["taken"], list)
            and all(x in SLOTS for x in block["taken"]) and len(set(block["taken"])) == len(block["taken"])):
        raise SaveError(f"{where}: edition.extras must be {{\"route\": <route id>, \"taken\": [offers: event or "
                        "a place Q-V, each once]}")
    return [block["route"], sum(1 << SLOTS.index(x) for x in block["taken"])]


def colour_matches(setup: LegacySetup, rules: Ruleset, r: int, color: str | None, p: int) -> bool:
    """Route `r` has the colour `color` (None: any; "gray"; "company": seat `p`'s company colour)."""
    if color is None:
        return True
    have = rules.r_color[r]
    if color == "gray":
        return have < 0
    if color == "company":
        color = setup.companies[p]
    return have == CARD_INDEX[color]


def route_matches(setup: LegacySetup, rules: Ruleset, r: int, p: int, color: str | None, min_length: int = 1,
                  max_length: int = 0, cities: tuple[str, ...] = (), big_city: bool = False) -> bool:
    """Route `r`, claimed by seat `p`, passes a claim step's or an offer's filters: its colour
    (see colour_matches), length at least `min_length` (and at most `max_length` unless 0), one
    of `cities` at an end if any are named, a big city at an end if `big_city`."""
    length = rules.r_len[r]
    return (colour_matches(setup, rules, r, color, p) and length >= min_length
            and (not max_length or length <= max_length) and (not big_city or r in _big_city_routes(rules))
            and (not cities or any(c in cities for c in rules.map.route(r).cities)))


def extra_matches(setup: LegacySetup, rules: Ruleset, x: Extra, r: int, p: int) -> bool:
    """An extra-card offer (rulebook 322) applies to seat `p`'s claim of route `r`."""
    return route_matches(setup, rules, r, p, x.color, x.min_length, x.max_length, x.cities, x.big_city)


def step_gives(setup: LegacySetup, rules: Ruleset, step: ClaimStep, r: int, p: int) -> tuple[int, int]:
    """What claim step `step` gives seat `p` for claiming route `r`: (dollars, cards drawn); dollars
    are negative for a fee (taken as far as the seat can pay). A step with an icon gives that per
    card bearing it that the claim spends (LW-I1). The game runs it; bots weigh it."""
    if step.kind == "company_route":
        return (setup.bonus(setup.companies[p]), 0) if colour_matches(setup, rules, r, "company", p) else (0, 0)
    if step.kind == "big_city":
        return 0, int(r in _big_city_routes(rules))  # one card, whether one end or both are big cities
    if not route_matches(setup, rules, r, p, step.color, step.min_length, step.max_length, step.cities, step.big_city):
        return 0, 0
    if step.kind == "route_cards":
        return 0, step.amount
    return (step.amount if step.kind == "route_bonus" else -step.amount), 0


@lru_cache(maxsize=256)
def claim_values(setup: LegacySetup, rules: Ruleset, discard: tuple[int, ...], p: int,
                 card_value: float) -> dict[int, float]:
    """What claiming each route is worth to seat `p` through the claim steps in force with this
    event discard: dollars, and each card drawn at `card_value` dollars (for bots)."""
    steps = [s for s, _ in steps_in_force(setup, discard)]
    out = {}
    for r in rules.route_ids:
        total = 0.0
        for step in steps:
            if step.icon:  # per marked card spent: the payment spends them where they pay (LW-I1)
                continue
            dollars, cards = step_gives(setup, rules, step, r, p)
            total += dollars + cards * card_value
        out[r] = total
    return out


def offers_in_force(setup: LegacySetup, discard: Sequence[int], p: int) -> list[tuple[str, Extra, int]]:
    """Seat `p`'s extra-card offers in force (rulebook 322; extras.py): (slot, offer, ledger reason),
    the current event's (the last of `discard`) first, then the rules of play that name its
    company, by place."""
    out: list[tuple[str, Extra, int]] = []
    if discard:
        i = discard[-1]
        ev = setup.events[i]
        if ev.extra is not None:
            out.append((EVENT, ev.extra, len(setup.steps) + i))
    company, base = setup.companies[p], len(setup.steps) + len(setup.events)
    for k, rule in enumerate(setup.play_rules):
        if rule.extra is not None and company in rule.companies:
            out.append((rule.place, rule.extra, base + k))
    return out


def steps_in_force(setup: LegacySetup, discard: Sequence[int]) -> list[tuple[ClaimStep, int]]:
    """The claim steps run after a claim with this event discard, in number order (the board's,
    then the current event's), with their reasons' indices (see `reasons`)."""
    steps = [(s, i) for i, s in enumerate(setup.steps)]
    if discard:
        ev = setup.events[discard[-1]]
        if ev.step is not None:  # a persistent event's step (its trade, if any, is an action: trade.py)
            steps.append((ev.step, len(setup.steps) + discard[-1]))
    steps.sort(key=lambda s: s[0].number)  # stable: a board step before an event step of the same number
    return steps


def _edition_view(setup: LegacySetup, players: int, layout: StateLayout, state: Sequence[int]) -> dict[str, Any]:
    """The Legacy block of a view, from the (masked) state."""
    discard = layout.items(state, "edition.event_discard")
    ev = setup.events[discard[-1]] if discard else None
    names = reasons(setup)
    return {
        "setup": setup.to_dict(),
        "money": [state[layout.seat(p, "score").start] for p in range(players)],
        "current_event": _event_view(ev) if ev else None,
        "event_discard": [setup.events[i].id for i in discard],
        "event_gone": [setup.events[i].id for i in layout.items(state, "edition.event_gone")],
        "event_deck_size": state[layout["edition.event_deck"].start],
        "shown_tickets": [[x // SHOWN, x % SHOWN] for x in layout.items(state, "edition.shown")]
        if setup.public_borders else [],
        "claim_steps": [_step_view(s) for s, _ in steps_in_force(setup, discard)],
        "play_rules": [{"place": r.place, "label": r.label, "companies": list(r.companies),
                        "extra": _offer_view(r.extra) if r.extra else None,
                        "trade": asdict(r.trade) if r.trade else None} for r in setup.play_rules],
        "event_extra": _offer_view(ev.extra) if ev is not None and ev.extra is not None else None,
        "extras": _extras_view(layout, state) if setup.has_extras() else None,
        "icons": card_icons.view(card_icons.decode(state, layout, setup, "")) if setup.icons_in_play() else None,
        "ledger": [[t, seat, dollars, names[reason]] for t, seat, dollars, reason in layout.tail_records(state)],
    }


def check_setup(setup: LegacySetup, rules: Ruleset) -> None:
    """The setup fits this game: one company per seat, known tickets."""
    n = rules.players
    if len(setup.companies) != n:
        raise ContentError(f"setup lists {len(setup.companies)} companies for {n} players")
    unknown = [t for t in setup.retired_tickets if t not in rules.map.ticket_by_id]
    if unknown:
        raise ContentError(f"setup retires unknown ticket id(s) {unknown}")
    cities = {c.name for c in rules.map.cities}
    for step in list(setup.steps) + [e.step for e in setup.events if e.step is not None]:
        gone = [c for c in step.cities if c not in cities]
        if gone:
            raise ContentError(f"claim step {step.number} ({step.label or step.kind}) names {gone[0]!r}, "
                               "which is not a city of the board")
    borne = {icon for icon, _, _ in setup.card_icons}
    for step in list(setup.steps) + [e.step for e in setup.events if e.step is not None]:
        if step.icon and step.icon not in borne:
            raise ContentError(f"claim step {step.number} ({step.label or step.kind}) counts {step.icon} cards, but "
                               f"no train card bears a {step.icon} (card_icons)")
    for x in [e.extra for e in setup.events if e.extra] + [r.extra for r in setup.play_rules if r.extra]:
        gone = [c for c in x.cities if c not in cities]
        if gone:
            raise ContentError(f"the offer {x.label!r} names {gone[0]!r}, which is not a city of the board")



def _offer_view(x: Extra) -> dict[str, Any]:
    return {"label": x.label, "money": x.money, "draw": x.draw, "tickets": x.tickets}


def _extras_view(layout: StateLayout, state: Sequence[int]) -> dict[str, Any] | None:
    """The extras phase's claim (rulebook 322): the route and the offers taken so far."""
    r, used = layout.items(state, "edition.extras")
    return None if r == NONE else {"route": r, "taken": [s for i, s in enumerate(SLOTS) if used >> i & 1]}


def _event_view(ev: Event) -> dict[str, Any]:
    return {"id": ev.id, "name": ev.name, "kind": ev.kind, "text": ev.text, "demo": ev.demo}


def _step_view(s: ClaimStep) -> dict[str, Any]:
    return {"number": s.number, "kind": s.kind, "label": s.label, "icon": s.icon}
