"""The legal actions of a position as a lazy sequence.

Generated as segments (kind, targets, payments): the actions are every target
combined with every payment. Length, indexing and membership cost one step per
segment, so a random playout never builds hundreds of action objects.
"""
from __future__ import annotations

from ..lazy import LazySequence
from .actions import Action

_NO_CARDS = ((),)


class LegalActions(LazySequence):
    __slots__ = ("segments", "sizes", "_len")

    def __init__(self, segments: list):
        self.segments = segments
        self.sizes = sizes = [len(t) * len(p) for _, t, p in segments]
        self._len = sum(sizes)

    def __getitem__(self, i):
        if i.__class__ is int and 0 <= i < self._len:  # the playout fast path
            for n, (kind, targets, pays) in zip(self.sizes, self.segments):
                if i < n:
                    q, r = divmod(i, len(pays))
                    return Action(kind, targets[q], pays[r])
                i -= n
        return LazySequence.__getitem__(self, i)

    def _item(self, i: int) -> Action:
        for n, (kind, targets, pays) in zip(self.sizes, self.segments):
            if i < n:
                q, r = divmod(i, len(pays))
                return Action(kind, targets[q], pays[r])
            i -= n
        raise IndexError(i)  # pragma: no cover

    def __iter__(self):
        for kind, targets, pays in self.segments:
            for t in targets:
                for p in pays:
                    yield Action(kind, t, p)

    def __contains__(self, action) -> bool:
        if not isinstance(action, Action):
            return False
        for kind, targets, pays in self.segments:
            if kind == action.kind and action.target in targets and action.cards in pays:
                return True
        return False

    def kinds(self) -> set[str]:
        return {k for k, t, p in self.segments if t and p}

    def __repr__(self) -> str:
        return f"<LegalActions {len(self)}: {', '.join(map(str, self[:8]))}{', ...' if len(self) > 8 else ''}>"
