"""The random procedure (docs/randomness.md) against its test vectors (tests/golden/random_vectors.json).

Two implementations are checked against the same vectors: the engine's (ttr.engine.randomness.stream,
CPython's random.Random) and `Reference` below, an independent MT19937 written from the document,
which is what a second implementation of the rules (the C++ core) has to reproduce. A vector that
the engine and the reference both miss means the engine changed its procedure; one that only the
reference misses means the document is wrong.

The vectors are regenerated only on purpose (scripts/golden.py), with a new RANDOM_PROCEDURE name
when a game's course changes.
"""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import ttr
import ttr.engine.game as game_module
from ttr.engine import RANDOM_PROCEDURE
from ttr.engine.randomness import STREAM_STRIDE, stream

VECTORS = json.loads((Path(__file__).parent / "golden" / "random_vectors.json").read_text())

N, M = 624, 397
MATRIX_A, UPPER, LOWER = 0x9908B0DF, 0x80000000, 0x7FFFFFFF
MASK32 = 0xFFFFFFFF


class Reference:
    """MT19937 as CPython's random.Random uses it, from docs/randomness.md (no `random` import)."""

    def __init__(self, x: int) -> None:
        self.mt = [0] * N
        self.index = N
        self.words = 0  # 32-bit outputs produced
        self.init_by_array(key_words(x))

    def init_genrand(self, s: int) -> None:
        mt = self.mt
        mt[0] = s & MASK32
        for i in range(1, N):
            mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & MASK32
        self.index = N

    def init_by_array(self, key: list[int]) -> None:
        self.init_genrand(19650218)
        mt = self.mt
        i, j = 1, 0
        for _ in range(max(N, len(key))):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key[j] + j) & MASK32
            i += 1
            j += 1
            if i >= N:
                mt[0] = mt[N - 1]
                i = 1
            if j >= len(key):
                j = 0
        for _ in range(N - 1):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & MASK32
            i += 1
            if i >= N:
                mt[0] = mt[N - 1]
                i = 1
        mt[0] = 0x80000000

    def twist(self) -> None:
        mt = self.mt
        for k in range(N):
            y = (mt[k] & UPPER) | (mt[(k + 1) % N] & LOWER)
            mt[k] = mt[(k + M) % N] ^ (y >> 1) ^ (MATRIX_A if y & 1 else 0)
        self.index = 0

    def genrand_uint32(self) -> int:
        if self.index >= N:
            self.twist()
        y = self.mt[self.index]
        self.index += 1
        self.words += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        y ^= y >> 18
        return y & MASK32

    def getrandbits(self, k: int) -> int:
        if k == 0:
            return 0
        if k <= 32:
            return self.genrand_uint32() >> (32 - k)
        out, shift = 0, 0  # wider: 32-bit words, least significant first; the last word keeps its top bits
        while k > 0:
            r = self.genrand_uint32()
            if k < 32:
                r >>= 32 - k
            out |= r << shift
            shift += 32
            k -= 32
        return out

    def randbelow(self, n: int) -> int:
        k = n.bit_length()  # NOT (n - 1).bit_length(): randbelow(4) draws 3 bits
        r = self.getrandbits(k)
        while r >= n:
            r = self.getrandbits(k)
        return r

    def shuffle(self, x: list[Any]) -> None:
        for i in range(len(x) - 1, 0, -1):
            j = self.randbelow(i + 1)
            x[i], x[j] = x[j], x[i]

    def randrange(self, n: int) -> int:
        assert n > 0
        return self.randbelow(n)


def key_words(x: int) -> list[int]:
    x = abs(x)
    words = []
    while True:
        words.append(x & MASK32)
        x >>= 32
        if not x:
            return words


def reference_stream(seed: int, n: int) -> Reference:
    return Reference(seed * 1_000_003 + n)


def test_the_vectors_name_the_engines_procedure():
    assert VECTORS["random"] == RANDOM_PROCEDURE, (
        f"the vectors are of {VECTORS['random']}, the engine runs {RANDOM_PROCEDURE}: regenerate them on purpose "
        "(scripts/golden.py)")
    assert VECTORS["stride"] == STREAM_STRIDE == 1_000_003


@pytest.mark.parametrize("v", VECTORS["generator"], ids=lambda v: f"seed{v['seed']}-n{v['n']}")
def test_generator_outputs(v):
    seed, n = int(v["seed"]), v["n"]
    assert int(v["stream_seed"]) == seed * STREAM_STRIDE + n
    assert key_words(int(v["stream_seed"])) == v["key"]
    for name, rng in (("engine", stream(seed, n)), ("reference", reference_stream(seed, n))):
        outputs = [rng.getrandbits(32) for _ in range(628)]
        assert outputs[:8] == v["outputs_0_7"], name
        assert outputs[620:628] == v["outputs_620_627"], name


def test_reference_matches_cpython_beyond_the_vectors():
    """The reference agrees with CPython on other seeds and on getrandbits wider than 32 bits."""
    for x in (0, 1, 2**32 - 1, 2**32, 2**32 + 1, -(2**64), 3**90, 123456789):
        a, b = random.Random(x), Reference(x)
        assert [a.getrandbits(k) for k in (1, 5, 31, 32, 33, 64, 100, 0, 7)] == \
               [b.getrandbits(k) for k in (1, 5, 31, 32, 33, 64, 100, 0, 7)], x
        items_a, items_b = list(range(57)), list(range(57))
        a.shuffle(items_a)
        b.shuffle(items_b)
        assert items_a == items_b, x


@pytest.mark.parametrize("v", VECTORS["shuffle"], ids=lambda v: f"seed{v['seed']}-n{v['n']}-len{v['length']}")
def test_shuffle(v):
    seed, n = int(v["seed"]), v["n"]
    engine = list(range(v["length"]))
    stream(seed, n).shuffle(engine)
    assert engine == v["shuffled"]
    ref = reference_stream(seed, n)
    items = list(range(v["length"]))
    ref.shuffle(items)
    assert items == v["shuffled"]
    assert ref.words == v["words"]


@pytest.mark.parametrize("v", VECTORS["randrange"], ids=lambda v: f"seed{v['seed']}-n{v['n']}-{v['players']}p")
def test_randrange(v):
    seed, n = int(v["seed"]), v["n"]
    assert stream(seed, n).randrange(v["players"]) == v["first_player"]
    ref = reference_stream(seed, n)
    assert ref.randrange(v["players"]) == v["first_player"]
    assert ref.words == v["words"]


@pytest.mark.parametrize("v", VECTORS["setup"], ids=lambda v: f"{v['map']}-{v['players']}p")
def test_setup_draws(v, monkeypatch):
    """A new game makes exactly these draws, in this order, on these lists."""
    seen: list[dict[str, Any]] = []
    shuffle, randrange = random.Random.shuffle, random.Random.randrange

    def traced_shuffle(self, x):
        before = list(x)
        shuffle(self, x)
        seen.append({"before": before, "after": list(x)})

    engine_shuffle = game_module.shuffle  # the engine's own, drawing exactly what Random.shuffle draws

    def traced_engine_shuffle(rng, x):
        before = list(x)
        engine_shuffle(rng, x)
        seen.append({"before": before, "after": list(x)})

    def traced_randrange(self, *args):
        r = randrange(self, *args)
        seen.append({"randrange": args[0], "result": r})
        return r

    with monkeypatch.context() as mp:
        mp.setattr(random.Random, "shuffle", traced_shuffle)
        mp.setattr(game_module, "shuffle", traced_engine_shuffle)
        mp.setattr(random.Random, "randrange", traced_randrange)
        game = ttr.new_game(v["map"], v["players"], int(v["seed"]), random_first=v["random_first"])
    want = [{k: d[k] for k in d if k in ("before", "after", "randrange", "result")} for d in v["draws"]]
    assert seen == want
    assert game.encode()[game.layout()["shuffles"].start] == len(want)
    # the same draws, replayed by the reference from the document
    seed = int(v["seed"])
    for d in v["draws"]:
        ref = reference_stream(seed, d["n"])
        if "randrange" in d:
            assert ref.randrange(d["randrange"]) == d["result"]
        else:
            items = list(d["before"])
            ref.shuffle(items)
            assert items == d["after"], d["what"]
        assert ref.words == d["words"]


def test_a_draw_is_one_generator_whatever_the_list():
    """Shuffling 0 or 1 items uses no output but still counts as a draw (the next draw is n + 1)."""
    game = ttr.new_game("usa", 2, 3)
    start = game.layout()["shuffles"].start
    assert game.encode()[start] == 3  # the train deck, the regular tickets, the (empty) long tickets
    assert ttr.new_game("usa", 2, 3, random_first=True).encode()[start] == 4
