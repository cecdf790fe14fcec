"""Immutable sequences computed on demand (legal actions, payment sets)."""
from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any, ClassVar, SupportsIndex, TypeVar, overload

T_co = TypeVar("T_co", covariant=True)


class LazySequence(Sequence[T_co]):
    """An immutable sequence whose items are computed on demand: subclasses set
    `_len` and implement `_item(i)` for 0 <= i < _len. Compares equal to any
    sequence with the same items in the same order."""
    __slots__ = ()
    _len: int  # a slot of each subclass

    def __len__(self) -> int:
        return self._len

    def __bool__(self) -> bool:
        return self._len > 0

    @overload
    def __getitem__(self, i: SupportsIndex) -> T_co: ...
    @overload
    def __getitem__(self, i: slice) -> list[T_co]: ...

    def __getitem__(self, i: Any) -> T_co | list[T_co]:  # the overloads above type it; this dispatches on i's class
        if i.__class__ is not int:
            if isinstance(i, slice):
                return [self._item(j) for j in range(*i.indices(self._len))]
            i = operator.index(i)  # (TypeError for what is not an index)
        if i < 0:
            i += self._len
        if not 0 <= i < self._len:
            raise IndexError(i)
        return self._item(i)

    def _item(self, i: int) -> T_co:  # pragma: no cover - abstract
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (Sequence, tuple, list)) and not isinstance(other, str):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    __hash__: ClassVar[None] = None  # type: ignore[assignment]  # unhashable, like list
