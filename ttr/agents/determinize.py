"""A complete game consistent with what one seat sees: everything hidden from it (the seed and
the draw counter, the order of the piles, the other players' hands, tickets and ticket offers, a piece choice
not yet revealed, Legacy's event deck) is dealt at random from what it cannot account for.

Built from the seat's Observation alone, on integers: its masked state (ttr.engine's codec,
HIDDEN where the seat may not see) is filled in (`deal`) and decoded (`determinize`) without
checks, since every value comes from the state the engine masked."""
from __future__ import annotations

import random
from functools import lru_cache

from ..engine import HIDDEN, Game, Observation, Ruleset, decode, piece_choices, shuffle


@lru_cache(maxsize=64)
def _cards_of(rules: Ruleset) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Every card kind's count in the game, and the kinds in the order the decks first hold them."""
    counts = [0] * rules.edition.n_kinds
    for c in rules.deck_cards:
        counts[c] += 1
    return tuple(counts), tuple(dict.fromkeys(rules.deck_cards))


def deal(obs: Observation, rng: random.Random) -> list[int]:
    """The seat's masked state with every HIDDEN value dealt: a state the seat cannot tell from the real one."""
    rules, layout, seat = obs.rules, obs.layout, obs.seat
    ed, n = rules.edition, rules.players
    s = list(obs.state)
    items = layout.items
    # cards: the whole deck minus what the seat can see
    full, order = _cards_of(rules)
    unseen = list(full)
    for k, v in enumerate(items(s, f"players[{seat}].hand")):
        unseen[k] -= v
    for k, v in enumerate(items(s, "tunnel.cards")):
        unseen[k] -= v
    for name in ("face_up", "tunnel.revealed", *(discard for _, discard in layout.pile_names)):
        for c in items(s, name):
            if c >= 0:
                unseen[c] -= 1
    # each pile keeps its known size; what each deck is missing beyond that is in the other hands
    piles: list[list[int]] = [[] for _ in rules.decks]
    deck_of = rules.deck_of
    for k in order:
        if unseen[k] > 0:
            piles[deck_of[k]] += [k] * unseen[k]
    hidden = []
    for d, pile in enumerate(piles):
        shuffle(rng, pile)
        sec = layout[layout.pile_names[d][0]]
        size = s[sec.start]
        hidden += pile[size:]
        s[sec.start + 1:sec.start + 1 + size] = pile[:size]
    shuffle(rng, hidden)
    # tickets: all but the seat's own, dealt to the others, the rest the pile
    mine = set(items(s, f"players[{seat}].tickets")) | set(items(s, f"players[{seat}].offer"))
    regular = [t.id for t in rules.map.tickets if t.id not in mine and not t.long]
    long = [t.id for t in rules.map.tickets if t.id not in mine and t.long]
    shuffle(rng, regular)
    shuffle(rng, long)
    sec = layout["ticket_pile"]
    pile = [regular.pop() for _ in range(min(s[sec.start], len(regular)))]
    s[sec.start:sec.start + 1 + len(pile)] = [len(pile), *pile]
    rest = regular + long  # what the others may hold (a long ticket only from an initial deal)
    shuffle(rng, rest)

    def deal_tickets(k: int, initial_offer: bool) -> list[int]:
        out = [long.pop() for _ in range(ed.initial_long) if initial_offer and long]
        for t in out:
            rest.remove(t)
        while len(out) < k:
            t = rest.pop()
            if t in long:
                long.remove(t)
            out.append(t)
        return out

    initial = obs.phase == "initial-tickets"
    for p in range(n):
        if p == seat:
            continue
        hand = layout.seat(p, "hand")
        counts = [0] * ed.n_kinds
        for _ in range(s[hand.start]):
            counts[hidden.pop()] += 1
        s[hand.start + 1:hand.stop] = counts
        sec = layout.seat(p, "tickets")
        s[sec.start + 1:sec.start + 1 + s[sec.start]] = deal_tickets(s[sec.start], False)
        sec = layout.seat(p, "offer")
        k = s[sec.start]
        s[sec.start + 1:sec.start + 1 + k] = deal_tickets(k, initial and k > 0)
        sec = layout.seat(p, "pieces_choice")
        if s[sec.start] == HIDDEN:  # RS1: chosen, still secret: any choice will do
            options = piece_choices(ed)
            s[sec.start:sec.stop] = options[len(options) // 2]
    s[layout["seed"].start] = rng.randrange(1 << 30)
    if "edition.event_deck" in layout.by_name:  # Legacy: the events not yet revealed, in any order
        sec = layout["edition.event_deck"]
        shown = set(items(s, "edition.event_discard"))
        events = [i for i in range(sec.size - 1) if i not in shown]
        shuffle(rng, events)
        s[sec.start + 1:sec.start + 1 + len(events)] = events
    s[layout["shuffles"].start] = 0  # a fresh random stream: a new seed, from its first draw
    return s


def determinize(obs: Observation, rng: random.Random) -> Game:
    """A world the seat of `obs` cannot tell from the real one (no log kept)."""
    return decode(obs.rules, deal(obs, rng), obs.options, check=False)


__all__ = ["deal", "determinize"]
