"""Coverage-guided fuzzing of the native core through its binding and wrapper (atheris, libFuzzer
for Python: `pip install -e '.[fuzz]'`), for a fixed time. Not part of `make test`.

Each input, read by atheris's FuzzedDataProvider, is one of:
  0. actions by index: a Python game and a native one from the same cached position (a seed and
     some random steps in), both given the same actions, chosen by index (some of them out of
     range: both must refuse); the differential harness compares them after every action;
  1. actions as texts: made of action words, numbers, card and city names, and raw bytes; both
     engines must accept the same texts, or refuse them with the same error and message;
  2. states: a cached state with integers changed: where the Python decoder (checked) accepts it
     the core must read the same game; whatever the core accepts must list, play and score;
  3. saves: a save dict with a field changed: both engines load it, or refuse it alike;
  4. raw binding calls (ttr._native) with odd arguments: only TypeError, ValueError, IndexError.
Anything else (another exception, a mismatch, a crash) stops the run with the input that caused
it, written to crash-*/timeout-* in the current directory (replay: run the script with that file).

    PYTHONPATH=. .venv/bin/python benchmarks/fuzz_native.py --seconds 300
    PYTHONPATH=. .venv/bin/python benchmarks/fuzz_native.py --seconds 600 -- build/fuzz-corpus/  # kept inputs
Against the AddressSanitizer build (make native-asan builds it), where a bad read or write aborts:
    LD_PRELOAD="$(g++ -print-file-name=libasan.so) $(g++ -print-file-name=libstdc++.so)" \\
    ASAN_OPTIONS=detect_leaks=0 TTR_NATIVE_DIR=build/asan/native PYTHONPATH=. \\
    .venv/bin/python benchmarks/fuzz_native.py --seconds 300
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any

try:
    import atheris
except ImportError:  # pragma: no cover - the fuzz extra
    sys.exit("benchmarks/fuzz_native.py needs atheris: pip install -e '.[fuzz]'")

import ttr
from ttr import native
from ttr.editions import get_ruleset, player_range
from ttr.engine import Action, decode
from ttr.errors import TtrError
from ttr.native.differential import compare_step
from ttr.native.game import CORE

CONFIGS = [(m, n) for m in native.NATIVE_EDITIONS for n in player_range(m)]
RULES = {c: get_ruleset(*c) for c in CONFIGS}
WORDS = ["draw", "claim", "tickets", "keep", "station", "pay", "decline", "pass", "stop", "pieces", "locomotive",
         "red", "blue", "green", "yellow", "black", "white", "orange", "purple", "deck", "+", " ", "1", "2", "3",
         "Paris", "Wien", "Atlanta", "-1", "999", "0", "x"]
STATS = {"inputs": 0, "actions": 0, "refused": 0, "states": 0, "states_read": 0, "saves": 0, "saves_loaded": 0,
         "odd_calls": 0}


class Finding(Exception):
    """What the fuzzer is looking for: the engines disagree, or the core misbehaves."""


def positions(config: tuple[str, int]) -> list[list[int]]:
    """Checked states of a few seeded random games at several depths (cached)."""
    out = []
    for seed in range(4):
        g = ttr.new_game(config[0], config[1], seed)
        rng = random.Random(seed)
        step = 0
        while not g.is_over:
            if step % 40 == 0:
                out.append(g.encode())
            legal = g.legal_actions()
            g.apply(legal[rng.randrange(len(legal))])
            step += 1
        out.append(g.encode())
    return out


POSITIONS: dict[tuple[str, int], list[list[int]]] = {}


def start(fdp: Any) -> tuple[Any, Any, Any]:
    config = CONFIGS[fdp.ConsumeIntInRange(0, len(CONFIGS) - 1)]
    rules = RULES[config]
    if config not in POSITIONS:
        POSITIONS[config] = positions(config)
    states = POSITIONS[config]
    st = states[fdp.ConsumeIntInRange(0, len(states) - 1)]
    return rules, decode(rules, st, record=True), native.from_state(rules, st, record=True)


def label(a: Any) -> str:
    """An action's text (an Action with fields of the wrong types has none: its fields then)."""
    try:
        return str(a)
    except Exception:  # noqa: BLE001
        return f"Action{(a.kind, a.target, a.cards)!r}"


def same(py: Any, nat: Any, step: int, last: str | None) -> None:
    bad = compare_step(py, nat, step, last)
    if bad is not None:
        raise Finding(str(bad))


def both(py: Any, nat: Any, action: Any) -> bool:
    """Apply `action` to both engines: both accept it, or both refuse it with the same error."""
    try:
        py.apply(action)
        want: Exception | None = None
    except TtrError as e:
        want = e
    try:
        nat.apply(action)
        got: Exception | None = None
    except TtrError as e:
        got = e
    if (want is None) != (got is None) or (want and got and (type(want), str(want)) != (type(got), str(got))):
        raise Finding(f"{label(action)}: python {want!r}, native {got!r}")
    return want is None


def by_index(fdp: Any) -> None:
    _, py, nat = start(fdp)
    for step in range(fdp.ConsumeIntInRange(1, 60)):
        if py.is_over:
            break
        n = len(py.legal_actions())
        if len(nat.legal_actions()) != n:
            raise Finding(f"{n} legal actions on the Python engine, {len(nat.legal_actions())} on the native")
        i = fdp.ConsumeIntInRange(-3, 2 * n)
        if not 0 <= i < n:  # out of range (past either end): both refuse, through the face and the binding
            j = i if i >= n else -n - 1 + i
            for legal in (py.legal_actions(), nat.legal_actions()):
                try:
                    legal[j]
                    raise Finding(f"index {j} of {n} legal actions given")
                except IndexError:
                    pass
            try:
                nat._h.apply(j)
                raise Finding(f"the binding applied index {j} of {n}")
            except IndexError:
                pass
            STATS["refused"] += 1
            continue
        a = py.legal_actions()[i]
        py.apply(a)
        nat.apply(a if fdp.ConsumeBool() else str(a))
        STATS["actions"] += 1
        same(py, nat, step, str(a))


def as_text(fdp: Any) -> None:
    _, py, nat = start(fdp)
    for step in range(fdp.ConsumeIntInRange(1, 30)):
        if py.is_over:
            break
        how = fdp.ConsumeIntInRange(0, 3)
        if how == 0:  # a legal action's text, changed a little
            legal = py.legal_actions()
            text = str(legal[fdp.ConsumeIntInRange(0, len(legal) - 1)])
            if fdp.ConsumeBool():
                k = fdp.ConsumeIntInRange(0, len(text))
                text = text[:k] + WORDS[fdp.ConsumeIntInRange(0, len(WORDS) - 1)] + text[k:]
        elif how == 1:
            text = " ".join(WORDS[fdp.ConsumeIntInRange(0, len(WORDS) - 1)] for _ in range(fdp.ConsumeIntInRange(1, 5)))
        elif how == 2:
            text = fdp.ConsumeUnicodeNoSurrogates(fdp.ConsumeIntInRange(0, 40))
        else:  # an Action with odd fields
            odd = [None, -1, 2**70, "x", (), (1,), ((1, 2),), ((2**70, 1),), 3, "Paris"]
            kinds = ["draw", "claim", "keep", "station", "pay", "tickets", "pass", "fly"]
            text = Action(kinds[fdp.ConsumeIntInRange(0, len(kinds) - 1)],  # type: ignore[assignment]
                          odd[fdp.ConsumeIntInRange(0, len(odd) - 1)], odd[fdp.ConsumeIntInRange(0, len(odd) - 1)])
        if both(py, nat, text):
            STATS["actions"] += 1
        else:
            STATS["refused"] += 1
        same(py, nat, step, label(text))


def states(fdp: Any) -> None:
    rules, py, _ = start(fdp)
    st = py.encode()
    for _ in range(fdp.ConsumeIntInRange(1, 4)):
        i = fdp.ConsumeIntInRange(0, len(st) - 1)
        st[i] = fdp.PickValueInList([-(2**63), -2, -1, 0, 1, 2, 3, 7, 8, 9, 45, 100, 200, 255, 256, 2**15, 2**31,
                                     st[i] + 1, st[i] - 1, fdp.ConsumeInt(8)])
    STATS["states"] += 1
    try:
        checked = decode(rules, st)
    except TtrError:
        checked = None
    try:
        h = CORE.Game.decode(native.game.core_rules(rules), st)
    except (ValueError, TypeError) as e:
        if checked is not None and "out of range" not in str(e) and "choose-pieces" not in str(e):
            raise Finding(f"the Python decoder reads a state the core refuses: {e}") from None
        return
    STATS["states_read"] += 1
    if h.encode() != st:
        raise Finding("the core reads a state and writes another")
    if checked is not None:
        same(checked, native.from_state(rules, st), 0, None)
    for _ in range(fdp.ConsumeIntInRange(0, 20)):  # whatever it accepted, it plays
        n = len(h)
        if not n:
            break
        h.apply(fdp.ConsumeIntInRange(0, n - 1), True)
        h.encode()
    h.score()


def save_dicts(fdp: Any) -> None:
    """A save with a field changed: both engines load it, or refuse it alike."""
    _, py, _ = start(fdp)
    saved = ttr.save_game(py)
    key = sorted(saved)[fdp.ConsumeIntInRange(0, len(saved) - 1)]
    saved[key] = fdp.PickValueInList([None, -1, 0, 7, 2**70, "x", [], {}, [1, 2], saved.get("seed")])
    STATS["saves"] += 1
    outcome = []
    for engine in ("python", "native"):
        try:
            g = ttr.load_game(saved, engine=engine)
            outcome.append(("ok", g.encode()))
        except TtrError as e:
            outcome.append((type(e).__name__, str(e)))
    STATS["saves_loaded"] += outcome[0][0] == "ok"
    if outcome[0] != outcome[1]:
        raise Finding(f"a save with {key}={saved[key]!r}: python {outcome[0]!r:.200}, native {outcome[1]!r:.200}")


def odd_calls(fdp: Any) -> None:
    rules, _, nat = start(fdp)
    h = nat._h
    values = [None, -1, 0, 1, 2**31, 2**63, -(2**63), 2**70, "x", b"", 1.5, (), [], (1,), ((1, 2),), [(1, 2, 3)],
              {}, object(), True]

    def v() -> Any:
        return values[fdp.ConsumeIntInRange(0, len(values) - 1)]
    for _ in range(fdp.ConsumeIntInRange(1, 10)):
        call = fdp.ConsumeIntInRange(0, 5)
        try:
            if call == 0:
                h.find(v(), v(), v())
            elif call == 1:
                h.action(v())
            elif call == 2:
                h.copy().apply(v(), v())
            elif call == 3:
                CORE.Game.decode(native.game.core_rules(rules), [v() for _ in range(fdp.ConsumeIntInRange(0, 5))])
            elif call == 4:
                CORE.Game.new(v(), v(), v())
            else:
                CORE.random_games(v(), v(), v(), v())
        except (TypeError, ValueError, IndexError):
            pass
        STATS["odd_calls"] += 1


MODES = [by_index, as_text, states, save_dicts, odd_calls]
_last_report = [time.monotonic()]


def one_input(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    MODES[fdp.ConsumeIntInRange(0, len(MODES) - 1)](fdp)
    STATS["inputs"] += 1
    now = time.monotonic()
    if now - _last_report[0] > 30:
        _last_report[0] = now
        print("fuzz_native: " + ", ".join(f"{k} {v:,}" for k, v in STATS.items()), file=sys.stderr, flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=int, default=300, help="how long to fuzz (default 300)")
    ap.add_argument("libfuzzer", nargs="*", help="libFuzzer arguments and corpus directories, after --")
    args = ap.parse_args()
    if CORE is None:
        sys.exit(str(native.why_unavailable()))
    print(f"fuzz_native: the core at {CORE.__file__}, {args.seconds} s", file=sys.stderr)
    # Python coverage guides the fuzzer: every function loaded so far, instrumented in place
    # (instrument_imports misses modules loaded through the editable install's finder)
    atheris.instrument_all()
    atheris.Setup([sys.argv[0], f"-max_total_time={args.seconds}", "-timeout=60", "-rss_limit_mb=4096",
                   "-print_final_stats=1", *args.libfuzzer], one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
