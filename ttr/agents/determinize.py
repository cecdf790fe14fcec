"""A complete game consistent with what one seat sees: everything hidden from it (the seed and
the draw counter, the order of the piles, the other players' hands, tickets and ticket offers, a piece choice
not yet revealed, Legacy's event deck) is dealt at random from what it cannot account for.

Built from the seat's Observation alone, on integers: its masked state (ttr.engine's codec,
HIDDEN where the seat may not see) is filled in and decoded without checks, since every value
comes from the state the engine masked. `Worlds(obs)` works out once what every world of one
observation shares (the cards and tickets unaccounted for, where each goes); each world then
costs only its shuffles and the decoding (the search bot deals many per move).

With `weights` (belief.py: seat -> ticket -> weight, from the routes each seat has claimed), a
world deals those seats' kept tickets first, without replacement, each ticket in proportion to
its weight; then the offers and the ticket pile uniformly from what is left."""
from __future__ import annotations

import random
from bisect import bisect
from functools import lru_cache
from itertools import accumulate, filterfalse
from operator import sub

from ..editions.legacy.game import SHOWN
from ..engine import HIDDEN, Game, Observation, Ruleset, decode, piece_choices, shuffle, ticket_pool


@lru_cache(maxsize=64)
def _cards_of(rules: Ruleset) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Every card kind's count in the game, and the kinds in the order the decks first hold them."""
    counts = [0] * rules.edition.n_kinds
    for c in rules.deck_cards:
        counts[c] += 1
    return tuple(counts), tuple(dict.fromkeys(rules.deck_cards))


WEIGHTED_TRIES = 100  # weighted deals tried before a uniform one


class Worlds:
    """The worlds one seat cannot tell from the real one, given its Observation. `state(rng)` deals
    one (the masked state with every HIDDEN value filled in), `game(rng)` decodes it. The draws, in
    order: each deck's unseen cards, the cards in the other hands, the regular tickets, the long
    ones, the tickets the others hold, the seed, Legacy's event deck."""

    def __init__(self, obs: Observation, weights: dict[int, dict[int, float]] | None = None) -> None:
        self.obs = obs
        rules, layout, seat = obs.rules, obs.layout, obs.seat
        self.rules, self.options = rules, obs.options
        ed = rules.edition
        s = list(obs.state)
        items = layout.items
        # cards: the whole deck minus what the seat can see
        full, order = _cards_of(rules)
        hand, tickets, offer, _, _, _ = layout.seat_starts[seat]
        nk = ed.n_kinds
        tunnel = layout["tunnel.cards"].start
        unseen = list(map(sub, map(sub, full, s[hand + 1:hand + 1 + nk]), s[tunnel:tunnel + nk]))
        seen = items(s, "face_up") + items(s, "tunnel.revealed")
        for _, discard in layout.pile_names:
            seen += items(s, discard)
        for c in seen:
            if c >= 0:
                unseen[c] -= 1
        # per deck: its unseen cards; the first `size` (the pile's known size) make the pile, the
        # rest are in the other hands
        piles: list[list[int]] = [[] for _ in rules.decks]
        for k in order:
            if unseen[k] > 0:
                piles[rules.deck_of[k]] += [k] * unseen[k]
        self.piles = [(pile, s[start], start + 1) for pile, (start, _) in zip(piles, layout.pile_starts)]
        # tickets: all in play but the seat's own, dealt to the others, the rest the pile
        shown: dict[int, list[int]] = {}  # Legacy (rulebook 465): the tickets each seat holds face up
        if "edition.shown" in layout.by_name:
            for x in items(s, "edition.shown"):
                shown.setdefault(x // SHOWN, []).append(x % SHOWN)
        mine = set(s[tickets + 1:tickets + 1 + s[tickets]]).union(s[offer + 1:offer + 1 + s[offer]]).union(
            t for ts in shown.values() for t in ts).__contains__
        self.regular = list(filterfalse(mine, ticket_pool(rules, obs.options)))
        self.long = list(filterfalse(mine, rules.long_tickets))
        self.pool = pool = self.regular + self.long
        self.long_set = frozenset(self.long)
        self.ticket_pile = layout.ticket_pile
        self.pile_size = s[self.ticket_pile]
        self.initial_long = ed.initial_long
        initial = obs.phase == "initial-tickets"
        self.hands: list[tuple[int, int]] = []  # the other seats' hands: where, how many cards
        self.deals: list[tuple[int, int, bool]] = []  # their tickets and offers, in seat order: where, how many, long first
        # the seats whose kept tickets are dealt by weight: where, how many, the cumulative weights over `pool`
        self.weighted: list[tuple[int, int, list[float]]] = []
        self.uniform_deals: list[tuple[int, int, bool]] = []  # every other seat's, as if none were weighted
        for p, (hand, tickets, offer, pieces, _, _) in enumerate(layout.seat_starts):
            if p == seat:
                continue
            self.hands.append((hand, s[hand]))
            pinned = shown.get(p, [])  # its face-up tickets first, as known; the rest are dealt after them
            s[tickets + 1:tickets + 1 + len(pinned)] = pinned
            kept = (tickets + len(pinned), s[tickets] - len(pinned))  # where its unknown tickets go, how many
            self.uniform_deals += [(at, k, first_long) for at, k, first_long in (kept + (False,), (offer, s[offer], initial))
                                   if k]
            if weights and p in weights and kept[1]:
                self.weighted.append(kept + (list(accumulate(weights[p][t] for t in pool)),))
                self.deals += [(offer, s[offer], initial)] if s[offer] else []
                continue
            self.deals += [(at, k, first_long) for at, k, first_long in (kept + (False,), (offer, s[offer], initial)) if k]
            if s[pieces + 4] == HIDDEN:  # RS1: chosen, still secret (after trains, ships, box): any choice will do
                options = piece_choices(ed)
                s[pieces + 4:pieces + 6] = options[len(options) // 2]
        self.seed = layout["seed"].start
        self.events: tuple[int, list[int]] | None = None
        if "edition.event_deck" in layout.by_name:  # Legacy: the events not yet revealed, in any order
            sec = layout["edition.event_deck"]
            revealed = set(items(s, "edition.event_discard")) | set(items(s, "edition.event_gone"))
            self.events = (sec.start + 1, [i for i in range(sec.size - 1) if i not in revealed])
        s[layout["shuffles"].start] = 0  # a fresh random stream: a new seed, from its first draw
        # no deal takes long tickets first: every deal takes from the end of the same list, in order
        self.in_order = not (self.long and any(first_long for _, _, first_long in self.deals)) and not self.weighted
        self.base = s
        self.n_kinds = nk
        self.template: Game | None = None  # a world kept to copy the others from (never handed out)
        self.last: list[int] = []  # the state of the last world dealt by game()

    def state(self, rng: random.Random) -> list[int]:
        """One world's state: the seat's masked state with every HIDDEN value dealt."""
        s = self.base[:]
        self._deal(rng, s)
        return s

    def _deal(self, rng: random.Random, s: list[int]) -> None:
        """Deal one world into `s`, a copy of `base`: every section dealt is written whole (so `s` may
        be the last world's state)."""
        hidden: list[int] = []
        for cards, size, at in self.piles:
            pile = cards[:]
            shuffle(rng, pile)
            hidden += pile[size:]
            s[at:at + size] = pile[:size]
        shuffle(rng, hidden)
        if self.weighted:
            self._deal_weighted(rng, s)
        else:
            self._deal_tickets(rng, s)
        n_kinds = self.n_kinds
        for hand, n_hand in self.hands:
            counts = [0] * n_kinds
            cut = len(hidden) - n_hand
            for c in hidden[cut:]:
                counts[c] += 1
            del hidden[cut:]
            s[hand + 1:hand + 1 + n_kinds] = counts
        seed = rng.getrandbits(31)  # rng.randrange(1 << 30) exactly (CPython 3.11)
        while seed >> 30:
            seed = rng.getrandbits(31)
        s[self.seed] = seed
        if self.events is not None:
            at, events = self.events
            events = events[:]
            shuffle(rng, events)
            s[at:at + len(events)] = events

    def _deal_weighted(self, rng: random.Random, s: list[int]) -> None:
        """The weighted seats' kept tickets by weight (one at a time, each in proportion to its weight among
        those not yet dealt: a draw of one dealt already is drawn again), then the other deals and the pile
        uniformly from the rest. A deal that leaves too few tickets for the others or the pile (the weighted
        seats given regular tickets where they hold long ones) or gives a seat more long tickets than an
        initial deal offers (E1: one; later draws are regular) is not a world: it is dealt again."""
        for _ in range(WEIGHTED_TRIES):  # (1.04 tries a world on average in Europe's positions, at most 1.6)
            if self._try_weighted(rng, s):
                return
        self._deal_tickets(rng, s, self.uniform_deals)  # every seat uniformly: a deal that always fits

    def _try_weighted(self, rng: random.Random, s: list[int]) -> bool:
        taken: set[int] = set()
        rand = rng.random
        pool = self.pool
        last = len(pool) - 1
        long_set = self.long_set
        for at, k, cumulative in self.weighted:
            total = cumulative[-1]
            got: list[int] = []
            while len(got) < k:
                t = pool[min(bisect(cumulative, rand() * total), last)]
                if t not in taken:
                    taken.add(t)
                    got.append(t)
            if long_set and sum(t in long_set for t in got) > self.initial_long:
                return False
            s[at + 1:at + 1 + k] = got
        regular = [t for t in self.regular if t not in taken]
        long = [t for t in self.long if t not in taken]
        shuffle(rng, regular)
        shuffle(rng, long)
        # the other seats' tickets and the offers, uniformly (E1: an initial offer takes the long ones first)
        for at, k, first_long in self.deals:
            out = [long.pop() for _ in range(min(self.initial_long, len(long)))] if first_long else []
            rest = regular + long
            need = k - len(out)
            got = rest[len(rest) - need:] if need > 0 else []
            out += got
            if len(out) < k:
                return False
            regular = [t for t in regular if t not in got]
            long = [t for t in long if t not in got]
            s[at + 1:at + 1 + k] = out
        m = self.pile_size
        if len(regular) < m:
            return False
        at = self.ticket_pile
        s[at] = m
        s[at + 1:at + 1 + m] = regular[len(regular) - m:][::-1]
        return True

    def _deal_tickets(self, rng: random.Random, s: list[int],
                      deals: list[tuple[int, int, bool]] | None = None) -> None:
        """Every ticket the seat cannot account for, uniformly: the pile, then the others' tickets and offers
        (`deals`: those of every other seat, where some are dealt by weight otherwise)."""
        regular, long = self.regular[:], self.long[:]
        shuffle(rng, regular)
        shuffle(rng, long)
        m = min(self.pile_size, len(regular))
        cut = len(regular) - m
        at = self.ticket_pile
        s[at] = m
        s[at + 1:at + 1 + m] = regular[cut:][::-1]  # taken from the end, the last first
        del regular[cut:]
        rest = regular + long  # what the others may hold (a long ticket only from an initial deal)
        shuffle(rng, rest)
        # the others' tickets, then their offers: from the end of `rest`, the last first (E1: an
        # initial offer takes the long ones first)
        if deals is None and self.in_order:
            i = len(rest)
            for at, k, _ in self.deals:
                s[at + 1:at + 1 + k] = rest[i - 1:i - 1 - k if i > k else None:-1]
                i -= k
        else:
            long_set = set(long)
            for at, k, first_long in self.deals if deals is None else deals:
                out: list[int] = []
                if first_long:
                    while long and len(out) < self.initial_long:
                        t = long.pop()
                        rest.remove(t)
                        out.append(t)
                need = k - len(out)
                if need > 0:
                    got = rest[-need:][::-1]
                    del rest[-need:]
                    if long and not long_set.isdisjoint(got):
                        long[:] = [t for t in long if t not in got]
                    out += got
                s[at + 1:at + 1 + k] = out

    def game(self, rng: random.Random) -> Game:
        """One world, decoded (no log kept)."""
        if self.template is None:
            return self.decode(self.state(rng))
        self._deal(rng, self.last)  # decode(like=) reads only what is dealt, and the world keeps none of it
        return decode(self.rules, self.last, self.options, check=False, like=self.template)

    def decode(self, state: list[int]) -> Game:
        """The game of one of these worlds' states (the first is decoded whole and kept as a template:
        every later one is copied from it, reading only what the seat's mask hides)."""
        obs = self.obs
        if self.template is None:
            world = decode(obs.rules, state, obs.options, check=False)
            self.template, self.last = world.clone(), state[:]
            return world
        return decode(obs.rules, state, obs.options, check=False, like=self.template)


def deal(obs: Observation, rng: random.Random) -> list[int]:
    """The seat's masked state with every HIDDEN value dealt: a state the seat cannot tell from the real one."""
    return Worlds(obs).state(rng)


def determinize(obs: Observation, rng: random.Random) -> Game:
    """A world the seat of `obs` cannot tell from the real one (no log kept)."""
    return decode(obs.rules, Worlds(obs).state(rng), obs.options, check=False)


__all__ = ["Worlds", "deal", "determinize"]
