"""The random procedure (docs/randomness.md): how every shuffle of a game follows from its seed.

A game's n-th random draw (n = 0, 1, 2, ...; the state counts them in `shuffles`) uses a fresh
CPython `random.Random` (Mersenne Twister MT19937, seeded by init_by_array from the absolute
value of the integer) seeded with `seed * 1_000_003 + n`, and makes exactly one call on it:
`shuffle(list)` for a pile, or `randrange(players)` for a random first player. Seed + actions
= the game (G10). Saves name the procedure (RANDOM_PROCEDURE); a change to it that changes any
game's course gets a new name.
"""
from __future__ import annotations

import random
from typing import Any

RANDOM_PROCEDURE = "ttr-random/1"
STREAM_STRIDE = 1_000_003


def stream(seed: int, n: int) -> random.Random:
    """The generator of a game's n-th random draw."""
    return random.Random(seed * STREAM_STRIDE + n)


_BITS = [(i + 1).bit_length() for i in range(4096)]  # index i is drawn below i + 1: its bit length


def shuffle(rng: random.Random, x: list[Any]) -> None:
    """`rng.shuffle(x)` exactly (CPython 3.11's Fisher–Yates from the end, each index drawn by
    getrandbits(k) rejection sampling, k = the bit length of the bound), without its per-swap calls."""
    getrandbits = rng.getrandbits
    bits = _BITS if len(x) <= len(_BITS) else [(i + 1).bit_length() for i in range(len(x))]
    for i in range(len(x) - 1, 0, -1):
        j = getrandbits(bits[i])
        while j > i:
            j = getrandbits(bits[i])
        x[i], x[j] = x[j], x[i]


__all__ = ["RANDOM_PROCEDURE", "STREAM_STRIDE", "shuffle", "stream"]
