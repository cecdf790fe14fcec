"""The legal actions of a position as a lazy sequence, and as data for clients.

Generated as segments (kind, targets, payments): the actions are every target
combined with every payment. Length, indexing and membership cost one step per
segment, so a random playout never builds hundreds of action objects.

`legal_data` writes the same segments as JSON-ready groups, with no cap: a
payment set that is large and structured (Nordic ferries, Rails & Sails paired
routes) is described by families of multisets instead of being listed (see
docs/protocol.md, "Legal moves").
"""
from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Sequence
from typing import Any, Protocol, SupportsIndex, overload, runtime_checkable

from ..cards import CARD_INDEX, CARD_NAMES, cards_text
from ..lazy import LazySequence
from .actions import KINDS, Action, Payment

NO_CARDS: tuple[Payment] = ((),)
NO_TARGET: tuple[None] = (None,)
LIST_LIMIT = 64  # payment sets with more members than this are described by families when they can be

# (kind, targets, payments): every target with every payment. Targets are as varied as
# Action.target (route ids, card kinds, ticket choices, cities, ...).
Segment = tuple[str, Sequence[Any], Sequence[Payment]]
# A described family of payments: (base counts, parts), a part being (take, caps, above).
Family = tuple[dict[int, int], list[tuple[int, dict[int, int], dict[int, int] | None]]]


@runtime_checkable
class DescribedPayments(Protocol):
    """A lazy payment set that can say what it holds: each family is (base, parts), the payments
    base + one multiset per part, a part being (take, caps, above): exactly `take` cards with at
    most caps[k] of kind k and, if `above` is not None, more than above[k] of at least one kind k."""

    def describe_families(self) -> list[Family]:
        ...


class LegalActions(LazySequence[Action]):
    __slots__ = ("segments", "ends", "_len", "_given")
    segments: Sequence[Segment]
    ends: list[int]

    def __init__(self, segments: Sequence[Segment]) -> None:
        self.segments = segments  # read-only by contract: seats and the engine share it
        self.ends = ends = []  # per segment: the index just past its actions
        total = 0
        for _, t, p in segments:
            total += len(t) * len(p)
            ends.append(total)
        self._len = total
        self._given: Action | None = None  # the last action indexed out of it: a member, known without a search

    @overload
    def __getitem__(self, i: SupportsIndex) -> Action: ...
    @overload
    def __getitem__(self, i: slice) -> list[Action]: ...

    def __getitem__(self, i: Any) -> Action | list[Action]:  # typed by the overloads (see LazySequence)
        if i.__class__ is int and 0 <= i < self._len:  # the playout fast path (_item, inline)
            ends = self.ends
            k = bisect_right(ends, i)
            kind, targets, pays = self.segments[k]
            q, r = divmod(i - ends[k - 1] if k else i, len(pays))
            a = self._given = Action(kind, targets[q], pays[r])
            return a
        item: Action | list[Action] = LazySequence.__getitem__(self, i)  # negative, out of range, a slice
        return item

    def _item(self, i: int) -> Action:
        k = bisect_right(self.ends, i)
        kind, targets, pays = self.segments[k]
        q, r = divmod(i - self.ends[k - 1] if k else i, len(pays))
        return Action(kind, targets[q], pays[r])

    def __iter__(self) -> Iterator[Action]:
        for kind, targets, pays in self.segments:
            for t in targets:
                for p in pays:
                    yield Action(kind, t, p)

    def __contains__(self, action: object) -> bool:
        if action is self._given:
            return True
        if not isinstance(action, Action):
            return False
        for kind, targets, pays in self.segments:
            if kind == action.kind and action.target in targets and action.cards in pays:
                return True
        return False

    def index(self, action: Any, start: int = 0, stop: Any = None) -> int:
        """The action's place, found segment by segment (a lazy payment set finds its own place:
        a search never lists millions of Nordic payments)."""
        if (start, stop) == (0, None) and isinstance(action, Action):
            for k, (kind, targets, pays) in enumerate(self.segments):
                if kind == action.kind and action.target in targets and action.cards in pays:
                    return (self.ends[k - 1] if k else 0) + targets.index(action.target) * len(pays) \
                        + pays.index(action.cards)
            raise ValueError(f"{action} is not a legal action here")
        return LazySequence.index(self, action, start, stop if stop is not None else self._len)

    def kinds(self) -> set[str]:
        return {k for k, t, p in self.segments if t and p}

    def payments(self, kind: str, target: Any) -> list[Payment]:
        """Every payment of (kind, target), in the order the segments give them (default first)."""
        out: list[Payment] = []
        for k, targets, pays in self.segments:
            if k == kind and target in targets:
                out.extend(pays)
        return out

    def __repr__(self) -> str:
        return f"<LegalActions {len(self)}: {', '.join(map(str, self[:8]))}{', ...' if len(self) > 8 else ''}>"


# ------------------------------------------------------------------ as data

def _counts(d: dict[int, int], zeros: bool = False) -> dict[str, int]:
    return {CARD_NAMES[k]: v for k, v in sorted(d.items()) if v or zeros}


def payments_data(pays: Sequence[Payment]) -> dict[str, Any] | None:
    """A segment's payments as JSON: None (the kind takes no cards), a list (their texts, which
    a client sends back in an action, and their counts, which it reads), or families (with the
    count and the first, default payment)."""
    if pays is NO_CARDS or (len(pays) == 1 and pays[0] == ()):
        return None
    out: dict[str, Any] = {"count": len(pays), "first": cards_text(pays[0]), "first_counts": _counts(dict(pays[0]))}
    if len(pays) > LIST_LIMIT and isinstance(pays, DescribedPayments):
        out["families"] = [{"base": _counts(base),
                            "parts": [{"take": take, "from": _counts(caps),
                                       **({"above": _counts(above, zeros=True)} if above is not None else {})}
                                      for take, caps, above in parts]}
                           for base, parts in pays.describe_families()]
    else:
        out["list"] = [cards_text(p) for p in pays]
        out["counts"] = [_counts(dict(p)) for p in pays]
    return out


def legal_data(legal: LegalActions) -> list[dict[str, Any]]:
    """The legal moves as JSON-ready groups: kind, targets (JSON values and their texts) and
    payments. An action's canonical text is its kind, its target's text (if any) and its
    payment (if any), joined by spaces."""
    groups = []
    for kind, targets, pays in legal.segments:
        if not targets or not pays:
            continue
        codec = KINDS[kind].target
        group: dict[str, Any] = {"kind": kind}
        if targets is not NO_TARGET and targets != NO_TARGET:
            group["targets"] = [codec.data(t) for t in targets]
            group["texts"] = [codec.text(t) for t in targets]
        payments = payments_data(pays)
        if payments is not None:
            group["payments"] = payments
        groups.append(group)
    return groups


def _bounded(kinds: list[str], caps: list[int], take: int) -> Iterator[list[int]]:
    """Every way to take `take` cards with at most caps[i] of kinds[i]."""
    if not kinds:
        if take == 0:
            yield []
        return
    for v in range(min(caps[0], take) + 1):
        for rest in _bounded(kinds[1:], caps[1:], take - v):
            yield [v, *rest]


def family_members(family: dict[str, Any]) -> Iterator[dict[str, int]]:
    """The payments (card name -> count) a described family holds (see payments_data)."""
    yield from _members(family["parts"], 0, dict(family["base"]))


def _members(parts: list[dict[str, Any]], i: int, acc: dict[str, int]) -> Iterator[dict[str, int]]:
    """family_members from part i on, `acc` the cards so far (a module function, not a closure:
    a recursive closure is a reference cycle, freed only by the garbage collector)."""
    if i == len(parts):
        yield dict(acc)
        return
    part = parts[i]
    kinds = list(part["from"])
    above = part.get("above")
    for counts in _bounded(kinds, [part["from"][k] for k in kinds], part["take"]):
        if above is not None and not any(v > above.get(k, v) for k, v in zip(kinds, counts)):
            continue
        nxt = dict(acc)
        for k, v in zip(kinds, counts):
            if v:
                nxt[k] = nxt.get(k, 0) + v
        yield from _members(parts, i + 1, nxt)


def expand(groups: list[dict[str, Any]]) -> Iterator[str]:
    """Every legal move's canonical text, from the groups of `legal_data` alone (what a client does)."""
    for g in groups:
        texts = g.get("texts", [None])
        pays = g.get("payments")
        if pays is None:
            payments: list[str | None] = [None]
        elif "list" in pays:
            payments = pays["list"]
        else:
            payments = ["+".join(f"{n}{k}" for k, n in sorted(m.items(), key=lambda x: CARD_INDEX[x[0]]) if n)
                        for f in pays["families"] for m in family_members(f)]
        for t in texts:
            for p in payments:
                yield " ".join(x for x in (g["kind"], t, p) if x is not None)


__all__ = ["DescribedPayments", "LegalActions", "NO_CARDS", "NO_TARGET", "Segment", "expand", "family_members", "legal_data",
           "payments_data"]
