"""RS3 paired spaces: the lazy PairedPayments sequence equals a brute-force search."""
from __future__ import annotations

import random

import pytest

from ttr.cards import JOKER
from ttr.editions.rails_sails import (
    _ANCHOR,
    _TRAIN,
    RS_COLOR_IDS,
    _paired_payments,
    _pay,
)


def _brute(n: int, held: tuple, jokers: int) -> set:
    """Every multiset of 2n train cards and jokers whose colours can be paired."""
    kinds = [(k, cap, ci) for ci, (plain, anchored) in zip(RS_COLOR_IDS, held)
             for k, cap in ((_TRAIN[ci], plain), (_ANCHOR[ci], anchored))] + [(JOKER, jokers, None)]
    out = set()

    def rec(i: int, left: int, pay: list) -> None:
        if i == len(kinds):
            if left == 0:
                totals: dict = {}
                for (_, _, ci), v in zip(kinds, pay):
                    if ci is not None:
                        totals[ci] = totals.get(ci, 0) + v
                if sum(v % 2 for v in totals.values()) <= pay[-1]:
                    out.add(_pay({k: v for (k, _, _), v in zip(kinds, pay)}))
            return
        for v in range(min(kinds[i][1], left) + 1):
            rec(i + 1, left - v, pay + [v])

    rec(0, 2 * n, [])
    return out


@pytest.mark.parametrize("seed", range(6))
def test_RS3_paired_payments_equal_brute_force(seed):
    rng = random.Random(seed)
    for _ in range(40):
        n = rng.randint(1, 3)
        held = tuple((min(rng.randint(0, 4), 2 * n), min(rng.randint(0, 3), 2 * n)) for _ in RS_COLOR_IDS)
        jokers = min(rng.randint(0, 4), 2 * n)
        lazy = _paired_payments(n, held, jokers)
        listed = list(lazy)
        expected = _brute(n, held, jokers)
        assert len(listed) == len(lazy) == len(set(listed)) == len(expected)
        assert set(listed) == expected
        assert all(p in lazy for p in expected)
        assert all(lazy[i] == listed[i] for i in range(len(listed)))
        assert ((JOKER, 2 * n + 1),) not in lazy and "junk" not in lazy
