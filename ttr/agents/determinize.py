"""A complete game consistent with what one seat sees: everything hidden from it (the seed and
the draw counter, the order of the piles, the other players' hands, tickets and ticket offers, a piece choice
not yet revealed, Legacy's event deck) is dealt at random from what it cannot account for.

Built from the seat's Observation alone, on integers: its masked state (ttr.engine's codec,
HIDDEN where the seat may not see) is filled in (`deal`) and decoded (`determinize`) without
checks, since every value comes from the state the engine masked."""
from __future__ import annotations

import random
from collections import Counter

from ..engine import HIDDEN, Game, Observation, decode, piece_choices


def deal(obs: Observation, rng: random.Random) -> list[int]:
    """The seat's masked state with every HIDDEN value dealt: a state the seat cannot tell from the real one."""
    rules, layout, seat = obs.rules, obs.layout, obs.seat
    ed, n = rules.edition, rules.players
    s = list(obs.state)
    items = layout.items
    # cards: the whole deck minus what the seat can see
    unseen = Counter(rules.deck_cards)
    unseen.subtract(Counter({k: v for k, v in enumerate(items(s, f"players[{seat}].hand")) if v}))
    unseen.subtract(Counter(c for c in items(s, "face_up") if c >= 0))
    for _, discard in layout.pile_names:
        unseen.subtract(Counter(items(s, discard)))
    unseen.subtract(Counter({k: v for k, v in enumerate(items(s, "tunnel.cards")) if v}))
    unseen.subtract(Counter(items(s, "tunnel.revealed")))
    # each pile keeps its known size; what each deck is missing beyond that is in the other hands
    piles: dict[int, list[int]] = {d: [] for d in range(len(rules.decks))}
    for k, v in unseen.items():
        piles[rules.deck_of[k]].extend([k] * v)
    hidden = []
    for d, pile in piles.items():
        rng.shuffle(pile)
        sec = layout[layout.pile_names[d][0]]
        size = s[sec.start]
        hidden += pile[size:]
        del pile[size:]
        s[sec.start + 1:sec.start + 1 + size] = pile
    rng.shuffle(hidden)
    # tickets: all but the seat's own, dealt to the others, the rest the pile
    mine = set(items(s, f"players[{seat}].tickets")) | set(items(s, f"players[{seat}].offer"))
    regular = [t.id for t in rules.map.tickets if t.id not in mine and not t.long]
    long = [t.id for t in rules.map.tickets if t.id not in mine and t.long]
    rng.shuffle(regular)
    rng.shuffle(long)
    sec = layout["ticket_pile"]
    pile = [regular.pop() for _ in range(min(s[sec.start], len(regular)))]
    s[sec.start:sec.start + 1 + len(pile)] = [len(pile), *pile]
    rest = regular + long  # what the others may hold (a long ticket only from an initial deal)
    rng.shuffle(rest)

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
        rng.shuffle(events)
        s[sec.start + 1:sec.start + 1 + len(events)] = events
    s[layout["shuffles"].start] = 0  # a fresh random stream: a new seed, from its first draw
    return s


def determinize(obs: Observation, rng: random.Random) -> Game:
    """A world the seat of `obs` cannot tell from the real one (no log kept)."""
    return decode(obs.rules, deal(obs, rng), obs.options, check=False)


__all__ = ["deal", "determinize"]
