"""Immutable sequences computed on demand (legal actions, payment sets)."""
from __future__ import annotations

from collections.abc import Sequence


class LazySequence(Sequence):
    """An immutable sequence whose items are computed on demand: subclasses set
    `_len` and implement `_item(i)` for 0 <= i < _len. Compares equal to any
    sequence with the same items in the same order."""
    __slots__ = ()

    def __len__(self) -> int:
        return self._len

    def __bool__(self) -> bool:
        return self._len > 0

    def __getitem__(self, i):
        if i.__class__ is not int:
            if isinstance(i, slice):
                return [self._item(j) for j in range(*i.indices(self._len))]
            i = i.__index__()
        if i < 0:
            i += self._len
        if not 0 <= i < self._len:
            raise IndexError(i)
        return self._item(i)

    def _item(self, i: int):  # pragma: no cover - abstract
        raise NotImplementedError

    def __eq__(self, other) -> bool:
        if isinstance(other, (Sequence, tuple, list)) and not isinstance(other, str):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    __hash__ = None
