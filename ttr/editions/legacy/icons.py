"""The pickaxe and skull icons on some train cards (rulebook 210; project ruling LW-I1).

The game-1 rules say to ignore them; later rules (claim steps with an `icon`) pay or charge for
each card bearing one that a claim spends. A game follows single cards only where such a rule
can be in force (`LegacySetup.icons_in_play`); every other game is untouched.

Cards of one kind are alike but for their icons, so the game keeps, per zone, how many cards of
each kind bear each icon: the draw pile (secret), the discard pile, each hand (its holder's) and
each face-up slot. A card drawn from the pile bears an icon with the chance the pile gives (one
random draw, `randrange` of the pile's cards of its kind, only when some of them bear one): the
same as a pile shuffled card by card. A payment spends its marked cards to the payer's advantage:
cards whose icon pays on this claim first, then unmarked cards, then cards whose icon does
nothing now, then cards whose icon costs (`spend_order`).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...cards import CARD_INDEX, CARD_NAMES, LOCO
from ...engine.codec import NONE, OWN, PUBLIC, NOBODY, VALUES, StateLayout
from ...errors import SaveError
from .content import ICONS

if TYPE_CHECKING:  # pragma: no cover
    from ...engine.actions import Payment
    from .content import LegacySetup
    from .game import LegacyGame

NO_ICON = NONE  # a face-up slot whose card bears no icon (or an empty slot)


def totals(setup: LegacySetup, n_kinds: int) -> list[int]:
    """How many cards of each kind bear each icon: [icon * n_kinds + kind]."""
    out = [0] * (len(ICONS) * n_kinds)
    for icon, card, n in setup.card_icons:
        out[ICONS.index(icon) * n_kinds + (LOCO if card == "wild" else CARD_INDEX[card])] += n
    return out


class Icons:
    """The icons of the cards in every zone (counts by [icon * n_kinds + kind]; slots: the icon's
    index or NO_ICON)."""
    __slots__ = ("k", "deck", "discard", "hands", "shown")

    def __init__(self, k: int, deck: list[int], discard: list[int], hands: list[list[int]], shown: list[int]):
        self.k, self.deck, self.discard, self.hands, self.shown = k, deck, discard, hands, shown

    @classmethod
    def new(cls, setup: LegacySetup, n_kinds: int, players: int, slots: int) -> Icons:
        """Before the deal: every marked card in the pile."""
        size = len(ICONS) * n_kinds
        return cls(n_kinds, totals(setup, n_kinds), [0] * size, [[0] * size for _ in range(players)],
                   [NO_ICON] * slots)

    def copy(self) -> Icons:
        return Icons(self.k, self.deck[:], self.discard[:], [h[:] for h in self.hands], self.shown[:])

    # ------------------------------------------------------------ moves

    def reshuffled(self) -> None:
        """The discard pile becomes the draw pile (G3)."""
        self.deck = [a + b for a, b in zip(self.deck, self.discard)]
        self.discard = [0] * len(self.discard)

    def drawn(self, game: LegacyGame, c: int, to: int) -> None:
        """Card `c` left the pile for `to` (a seat, or display slot -1 - to; else nowhere kept)."""
        k, deck = self.k, self.deck
        marked = [deck[i * k + c] for i in range(len(ICONS))]
        icon = NO_ICON
        if any(marked):
            pile = game.decks[0].count(c) + 1  # its kind's cards in the pile, this one included
            j = game.rng().randrange(pile)
            for i, m in enumerate(marked):
                if j < m:
                    icon = i
                    break
                j -= m
        if icon != NO_ICON:
            deck[icon * k + c] -= 1
        if to >= 0:
            if icon != NO_ICON:
                self.hands[to][icon * k + c] += 1
        elif -len(self.shown) <= to < 0:
            self.shown[-1 - to] = icon
        elif icon != NO_ICON:  # nowhere kept: to the discard (no edition with icons reveals tunnels)
            self.discard[icon * k + c] += 1

    def taken(self, c: int, slot: int, p: int) -> None:
        """Seat `p` took face-up card `c` from `slot`."""
        icon = self.shown[slot]
        if icon != NO_ICON:
            self.hands[p][icon * self.k + c] += 1
            self.shown[slot] = NO_ICON

    def cleared(self, face_up: Sequence[int]) -> None:
        """The display went to the discard (G2)."""
        for slot, c in enumerate(face_up):
            icon = self.shown[slot]
            if icon != NO_ICON and c >= 0:
                self.discard[icon * self.k + c] += 1
            self.shown[slot] = NO_ICON

    def spend(self, p: int, cards: Payment, held: Sequence[int], worth: Sequence[int]) -> list[int]:
        """Seat `p` discards `cards` (its hand held `held[k]` of each kind before): the marked
        cards among them by `spend_order(worth)`, `worth[i]` what a card of icon i gains on this
        play. Returns how many of each icon were spent."""
        k, hand = self.k, self.hands[p]
        spent = [0] * len(ICONS)
        for c, n in cards:
            marked = [hand[i * k + c] for i in range(len(ICONS))]
            plain = held[c] - sum(marked)
            for i in spend_order(worth):
                if n <= 0:
                    break
                have = plain if i is None else marked[i]
                use = min(n, have)
                n -= use
                if i is not None and use:
                    hand[i * k + c] -= use
                    self.discard[i * k + c] += use
                    spent[i] += use
        return spent

    # ------------------------------------------------------------ the integer state

    def encode(self, out: list[int]) -> None:
        out += self.deck
        out += self.discard
        out += self.shown
        for h in self.hands:
            out += h


def spend_order(worth: Sequence[int]) -> list[int | None]:
    """LW-I1: the order a payer spends cards of one kind: icons that gain (most first), unmarked
    cards (None), icons that do nothing, icons that cost (least first)."""
    gains = sorted((i for i, w in enumerate(worth) if w > 0), key=lambda i: -worth[i])
    idle = [i for i, w in enumerate(worth) if w == 0]
    costs = sorted((i for i, w in enumerate(worth) if w < 0), key=lambda i: -worth[i])
    return [*gains, None, *idle, *costs]


def sections(n_kinds: int, players: int, slots: int) -> tuple[tuple[Any, ...], ...]:
    """The state's icon sections (after the edition's others): the pile's (secret), the discard's
    and the display's (public), each hand's (its holder's)."""
    size = len(ICONS) * n_kinds
    return ((("edition.icons.deck", size, VALUES, NOBODY), ("edition.icons.discard", size, VALUES, PUBLIC),
             ("edition.icons.face_up", slots, VALUES, PUBLIC))
            + tuple((f"edition.icons.hand[{p}]", size, VALUES, OWN, p) for p in range(players)))


def decode(state: Sequence[int], layout: StateLayout, setup: LegacySetup, where: str) -> Icons:
    """The icons of a state; with `where`, checked against the cards in each zone."""
    k, players = layout.n_kinds, layout.rules.players
    get = layout.items
    ic = Icons(k, get(state, "edition.icons.deck"), get(state, "edition.icons.discard"),
               [get(state, f"edition.icons.hand[{p}]") for p in range(players)], get(state, "edition.icons.face_up"))
    if where:
        check(ic, state, layout, setup, where)
    return ic


def from_state(state: Sequence[int], layout: StateLayout, setup: LegacySetup, where: str) -> Icons:
    """The icons of a state; in a seat's world (its masked state with its cards dealt), the marked
    cards it cannot see are dealt as well (refill)."""
    if any(x < 0 for x in state[slice(*layout.span("edition.icons.deck"))]):
        ic = decode(state, layout, setup, "")
        refill(ic, state, layout, setup)
        return ic
    return decode(state, layout, setup, where)


def check(ic: Icons, state: Sequence[int], layout: StateLayout, setup: LegacySetup, where: str) -> None:
    """Every marked card is a card of its zone, and each (icon, kind) is marked on as many cards as
    the box's (SaveError naming the zone otherwise)."""
    k, n_icons = ic.k, len(ICONS)
    zones = {"deck": (ic.deck, _kinds(layout.items(state, "deck"), k)),
             "discard": (ic.discard, _kinds(layout.items(state, "discard"), k))}
    for p, h in enumerate(ic.hands):
        zones[f"hand[{p}]"] = (h, layout.items(state, f"players[{p}].hand"))
    for name, (marks, cards) in zones.items():
        if len(marks) != n_icons * k or any(m < 0 for m in marks):
            raise SaveError(f"{where}: edition.icons.{name} must hold {n_icons * k} counts of 0 or more")
        for c in range(k):
            if sum(marks[i * k + c] for i in range(n_icons)) > cards[c]:
                raise SaveError(f"{where}: edition.icons.{name} marks more {CARD_NAMES[c]} cards than the "
                                f"{name} holds ({cards[c]})")
    face_up = layout.items(state, "face_up")
    for slot, icon in enumerate(ic.shown):
        if icon != NO_ICON and not (0 <= icon < n_icons and face_up[slot] >= 0):
            raise SaveError(f"{where}: edition.icons.face_up[{slot}] must be -1 or an icon (0-{n_icons - 1}) "
                            "of a card in that slot")
    want, have = totals(setup, k), [0] * (n_icons * k)
    for marks, _ in zones.values():
        have = [a + b for a, b in zip(have, marks)]
    for slot, icon in enumerate(ic.shown):
        if icon != NO_ICON:
            have[icon * k + face_up[slot]] += 1
    if have != want:
        j = next(j for j in range(len(want)) if have[j] != want[j])
        raise SaveError(f"{where}: edition.icons: {have[j]} {CARD_NAMES[j % k]} cards bear a {ICONS[j // k]}, "
                        f"but the setup's card_icons mark {want[j]}")


def _kinds(items: Sequence[int], k: int) -> list[int]:
    out = [0] * k
    for c in items:
        if 0 <= c < k:
            out[c] += 1
    return out


def refill(ic: Icons, state: Sequence[int], layout: StateLayout, setup: LegacySetup) -> None:
    """A seat's state refilled (determinized): the marked cards it cannot see, into the pile
    first, then the other hands in seat order, as far as each holds cards of the kind."""
    k, n_icons = ic.k, len(ICONS)
    face_up = layout.items(state, "face_up")
    hands = [layout.items(state, f"players[{p}].hand") for p in range(len(ic.hands))]
    deck = _kinds(layout.items(state, "deck"), k)
    seen = [ic.discard[j] for j in range(n_icons * k)]
    for slot, icon in enumerate(ic.shown):
        if icon != NO_ICON:
            seen[icon * k + face_up[slot]] += 1
    mine = [p for p, h in enumerate(ic.hands) if all(x >= 0 for x in h)]  # a seat sees its own hand
    for p in mine:
        seen = [a + b for a, b in zip(seen, ic.hands[p])]
    left = [a - b for a, b in zip(totals(setup, k), seen)]
    ic.deck = [0] * (n_icons * k)
    for p in range(len(ic.hands)):
        if p not in mine:
            ic.hands[p] = [0] * (n_icons * k)
    zones = [(ic.deck, deck)] + [(ic.hands[p], hands[p]) for p in range(len(ic.hands)) if p not in mine]
    for c in range(k):
        for marks, cards in zones:
            room = cards[c]
            for i in range(n_icons):
                put = min(room, left[i * k + c])
                marks[i * k + c] += put
                left[i * k + c] -= put
                room -= put


def view(ic: Icons) -> dict[str, Any]:
    """The icons a (masked) state shows: the display's, and per seat its marked cards where the
    state shows them (a seat's own hand; None for the others)."""
    k = ic.k
    hands: list[dict[str, dict[str, int]] | None] = []
    for h in ic.hands:
        if any(x < 0 for x in h):
            hands.append(None)
            continue
        marks: dict[str, dict[str, int]] = {}
        for j, n in enumerate(h):
            if n:
                marks.setdefault(CARD_NAMES[j % k], {})[ICONS[j // k]] = n
        hands.append(marks)
    return {"face_up": [ICONS[i] if i != NO_ICON else None for i in ic.shown], "hands": hands}


def to_save(ic: Icons) -> dict[str, Any]:
    """The save's `icons` block: per zone, [icon, card, count] for every marked kind."""
    def marks(counts: Sequence[int]) -> list[list[Any]]:
        return [[ICONS[j // ic.k], CARD_NAMES[j % ic.k], n] for j, n in enumerate(counts) if n]
    return {"deck": marks(ic.deck), "discard": marks(ic.discard),
            "face_up": [ICONS[i] if i != NO_ICON else None for i in ic.shown],
            "hands": [marks(h) for h in ic.hands]}


def from_save(block: Any, n_kinds: int, players: int, slots: int, where: str) -> list[int]:
    """A save's `icons` block as the state's icon sections (SaveError naming what is wrong)."""
    size = len(ICONS) * n_kinds
    shape = ("{\"deck\": [[icon, card, n], ...], \"discard\": [...], \"face_up\": [icon or null per slot], "
             "\"hands\": [[...] per seat]}")
    if not (isinstance(block, dict) and set(block) == {"deck", "discard", "face_up", "hands"}
            and isinstance(block["hands"], list) and len(block["hands"]) == players
            and isinstance(block["face_up"], list) and len(block["face_up"]) == slots):
        raise SaveError(f"{where}: edition.icons must be {shape}")

    def counts(marks: Any, name: str) -> list[int]:
        out = [0] * size
        if not isinstance(marks, list):
            raise SaveError(f"{where}: edition.icons.{name} must list [icon, card, count] triples")
        for m in marks:
            if not (isinstance(m, list) and len(m) == 3 and m[0] in ICONS and m[1] in CARD_INDEX
                    and CARD_INDEX[m[1]] < n_kinds and isinstance(m[2], int) and not isinstance(m[2], bool)
                    and m[2] > 0):
                raise SaveError(f"{where}: edition.icons.{name}: {m!r} is no [icon, card, count] triple "
                                f"(icons: {', '.join(ICONS)})")
            out[ICONS.index(m[0]) * n_kinds + CARD_INDEX[m[1]]] += m[2]
        return out

    out = counts(block["deck"], "deck") + counts(block["discard"], "discard")
    for slot, icon in enumerate(block["face_up"]):
        if icon is not None and icon not in ICONS:
            raise SaveError(f"{where}: edition.icons.face_up[{slot}] must be null or one of {', '.join(ICONS)}")
        out.append(NO_ICON if icon is None else ICONS.index(icon))
    for p, h in enumerate(block["hands"]):
        out += counts(h, f"hands[{p}]")
    return out


def dealt(state: list[int], layout: StateLayout, setup: LegacySetup) -> list[int]:
    """A seat's world state (its masked state with its cards dealt) with the marked cards it cannot
    see dealt as from_state deals them (refill), written into the state: what a world decoded by
    the Python engine holds, for the native core (which takes whole states only). A state with
    nothing hidden is returned as it is."""
    if not any(x < 0 for x in state[slice(*layout.span("edition.icons.deck"))]):
        return state
    ic = decode(state, layout, setup, "")
    refill(ic, state, layout, setup)
    out = list(state)
    a, b = layout.span("edition.icons.deck")
    out[a:b] = ic.deck
    for p, h in enumerate(ic.hands):
        a, b = layout.span(f"edition.icons.hand[{p}]")
        out[a:b] = h
    return out
