"""Regenerate the golden files in tests/golden/, ON PURPOSE ONLY.

    PYTHONPATH=. python scripts/golden.py            # rewrite every golden file
    PYTHONPATH=. python scripts/golden.py --check    # only say which files would change

What it writes (docs/randomness.md explains both):

* tests/golden/games/<board>-<n>p.json: seeded playthroughs, two per board (its smallest and
  largest player count): the seed, the initial integer state (`game.encode()`) in full, then per
  step the action's text, the seat that took it and the changes to the state (a delta), and
  the final result. tests/test_golden.py replays each from its seed and compares the state after
  every step.
* tests/golden/random_vectors.json: the random procedure's test vectors (the generator's first
  outputs, shuffles of range(n), randrange, the draws of a setup per board), checked by
  tests/test_random_vectors.py.

The tests fail on ANY change to a game's course. Regenerating makes them pass again, so run
this only when the change is meant (a rules fix, a codec change, a new random procedure, which
also gets a new RANDOM_PROCEDURE name), in a commit of its own that says why: the diff of
these files is the record of what changed in which games. Never regenerate to silence a
failure you have not explained; a second implementation of the rules (the C++ core) is
checked against these files.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import ttr  # noqa: E402
from ttr.engine import CODEC_VERSION, RANDOM_PROCEDURE  # noqa: E402
from ttr.engine.randomness import STREAM_STRIDE, stream  # noqa: E402 - the procedure itself (a test tool, not ttr)

GOLDEN = ROOT / "tests" / "golden"
GAMES = GOLDEN / "games"
VECTORS = GOLDEN / "random_vectors.json"
FORMAT = "ttr-golden/1"

# (board, players, seed, random_first, policy seed). The smallest player count with a small
# seed and seat 0 first; the largest with a 63-bit seed (what the server draws) and a random
# first player. usa's 2-player game has a negative seed (the engine takes any int).
PLAYTHROUGHS: list[tuple[str, int, int, bool, int]] = [
    ("usa", 2, -20240607, False, 1),
    ("usa", 5, 7060140319548291861, True, 2),
    ("europe", 2, 11, False, 3),
    ("europe", 5, 4827063193742198511, True, 4),
    ("nordic", 2, 12, False, 5),
    ("nordic", 3, 2290671355843011393, True, 6),
    ("world", 2, 13, False, 7),
    ("world", 5, 8995180212350713017, True, 8),
    ("great-lakes", 2, 14, False, 9),
    ("great-lakes", 5, 6179013844431380987, True, 10),
    ("legends-west", 2, 15, False, 11),
    ("legends-west", 5, 3417326619802917417, True, 12),
]

POLICY = ("uniform random: at each step legal = game.legal_actions(); the action taken is "
          "legal[policy.randrange(len(legal))] with policy = random.Random(policy_seed) (only its "
          "texts matter: the replay reads the actions, never the policy)")


def golden_name(board: str, players: int) -> str:
    return f"{board}-{players}p.json"


# ------------------------------------------------------------------ playthroughs

def delta(prev: list[int], cur: list[int]) -> dict[str, Any]:
    """The changes from prev to cur: [index, value] pairs, plus the new size if it changed
    (Legacy's ledger makes the state grow); every index past the old end is listed."""
    out: dict[str, Any] = {}
    if len(cur) != len(prev):
        out["size"] = len(cur)
    out["changes"] = [[i, v] for i, v in enumerate(cur) if i >= len(prev) or prev[i] != v]
    return out


def play(board: str, players: int, seed: int, random_first: bool, policy_seed: int) -> dict[str, Any]:
    game = ttr.new_game(board, players, seed, random_first=random_first)
    policy = random.Random(policy_seed)
    layout = game.layout()
    initial = game.encode()
    prev = initial
    steps = []
    while not game.is_over:
        legal = game.legal_actions()
        action = legal[policy.randrange(len(legal))]
        game.apply(str(action))
        cur = game.encode()
        steps.append({"action": str(action), "seat": game.seats[-1], **delta(prev, cur)})
        prev = cur
    return {
        "about": ("A golden playthrough: tests/test_golden.py replays it from its seed and compares the "
                  "integer state (ttr.engine codec) after every step. Regenerate it only on purpose "
                  "(scripts/golden.py; docs/randomness.md)."),
        "format": FORMAT,
        "random": RANDOM_PROCEDURE,
        "codec": CODEC_VERSION,
        "map": board,
        "players": players,
        "seed": seed,
        "random_first": random_first,
        "options": "the edition's defaults" + (" (Legacy: the default setup for the player count)"
                                               if board == "legends-west" else ""),
        "policy": POLICY,
        "policy_seed": policy_seed,
        "steps": len(steps),
        "shuffles": game.encode()[layout["shuffles"].start],
        "layout": [[s.name, s.start, s.size] for s in layout.sections],
        "tail": [layout.tail, layout.tail_width] if layout.tail else None,
        "initial": initial,
        "play": steps,
        "result": json.loads(json.dumps(game.result())),
    }


def dumps_game(d: dict[str, Any]) -> str:
    """JSON, one line per step: small diffs, readable."""
    compact = (",", ":")
    lines = ["{"]
    items = list(d.items())
    for k, (key, value) in enumerate(items):
        comma = "," if k < len(items) - 1 else ""
        if key == "play":
            lines.append('  "play": [')
            for i, step in enumerate(value):
                lines.append("    " + json.dumps(step, separators=compact) + ("," if i < len(value) - 1 else ""))
            lines.append("  ]" + comma)
        elif key == "layout":
            lines.append('  "layout": [')
            for i, row in enumerate(value):
                lines.append("    " + json.dumps(row, separators=compact) + ("," if i < len(value) - 1 else ""))
            lines.append("  ]" + comma)
        elif key in ("initial", "result"):
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, separators=compact)}{comma}")
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------ random vectors

def words_used(rng: random.Random) -> int:
    """32-bit outputs a fresh generator has produced so far (fewer than 624: one twist)."""
    index = rng.getstate()[1][-1]
    return 0 if index == 624 else index


def key_words(x: int) -> list[int]:
    """init_by_array's key: abs(x) as 32-bit words, least significant first ([0] for 0)."""
    x = abs(x)
    words = []
    while True:
        words.append(x & 0xFFFFFFFF)
        x >>= 32
        if not x:
            return words


def generator_vector(seed: int, n: int) -> dict[str, Any]:
    rng = stream(seed, n)
    first = [rng.getrandbits(32) for _ in range(8)]
    for _ in range(620 - 8):
        rng.getrandbits(32)
    around_twist = [rng.getrandbits(32) for _ in range(8)]  # outputs 620..627: the second twist after 624
    x = seed * STREAM_STRIDE + n
    return {"seed": str(seed), "n": n, "stream_seed": str(x), "key": key_words(x),
            "outputs_0_7": first, "outputs_620_627": around_twist}


def shuffle_vector(seed: int, n: int, length: int) -> dict[str, Any]:
    rng = stream(seed, n)
    items = list(range(length))
    rng.shuffle(items)
    return {"seed": str(seed), "n": n, "length": length, "shuffled": items, "words": words_used(rng)}


def randrange_vector(seed: int, n: int, players: int) -> dict[str, Any]:
    rng = stream(seed, n)
    return {"seed": str(seed), "n": n, "players": players, "first_player": rng.randrange(players),
            "words": words_used(rng)}


def setup_draws(board: str, players: int, seed: int) -> dict[str, Any]:
    """The draws of a new game (random first player), as the engine makes them: what each
    shuffles (before, after) or the randrange argument and result, in order."""
    rules = ttr.get_ruleset(board, players)
    draws: list[dict[str, Any]] = []
    shuffle, randrange = random.Random.shuffle, random.Random.randrange

    def label(before: list[int]) -> str:
        caller = sys._getframe(3).f_code.co_name  # Random.shuffle <- PyGame.shuffle <- the engine's caller
        if caller == "before_deal":
            return "event_deck"
        if caller == "after_setup":
            return "deck (newspapers shuffled back)"
        if caller != "new":
            return f"{caller}: a reshuffle"
        for d, cards in enumerate(rules.decks):
            if before == cards:
                return "deck" if d == 0 else "ship_deck"
        return "long_tickets" if any(x["what"] == "regular_tickets" for x in draws) else "regular_tickets"

    def traced_shuffle(self: random.Random, x: list[Any]) -> None:
        before = list(x)
        shuffle(self, x)
        draws.append({"n": len(draws), "what": label(before), "before": before, "after": list(x),
                      "words": words_used(self)})

    def traced_randrange(self: random.Random, *args: Any) -> int:
        r = randrange(self, *args)
        draws.append({"n": len(draws), "what": "first_player", "randrange": args[0], "result": r,
                      "words": words_used(self)})
        return r

    random.Random.shuffle = traced_shuffle  # type: ignore[method-assign]
    random.Random.randrange = traced_randrange  # type: ignore[method-assign]
    try:
        game = ttr.new_game(board, players, seed, random_first=True)
    finally:
        random.Random.shuffle = shuffle  # type: ignore[method-assign]
        random.Random.randrange = randrange  # type: ignore[method-assign]
    layout = game.layout()
    assert game.encode()[layout["shuffles"].start] == len(draws)
    return {"map": board, "players": players, "seed": str(seed), "random_first": True, "draws": draws}


def vectors() -> dict[str, Any]:
    big = 2**64 + 11
    return {
        "about": ("Test vectors of the random procedure (docs/randomness.md), checked by "
                  "tests/test_random_vectors.py against ttr.engine.randomness.stream and an independent "
                  "MT19937. Seeds are decimal strings (some exceed 64 bits). stream_seed = seed * 1000003 + n; "
                  "key: init_by_array's key words; outputs_*: genrand_uint32 (= getrandbits(32)) outputs by "
                  "index; shuffled: range(length) after shuffle(); words: 32-bit outputs consumed. "
                  "Regenerated by scripts/golden.py, on purpose only."),
        "random": RANDOM_PROCEDURE,
        "stride": STREAM_STRIDE,
        "generator": [generator_vector(s, n) for s, n in
                      ((0, 0), (0, 1), (1, 0), (-1, 0), (-1, 4), (2**40, 3), (7060140319548291861, 2),
                       (big, 1), (-(2**100) - 5, 7))],
        "shuffle": [shuffle_vector(s, n, k) for s, n, k in
                    ((0, 0, 0), (0, 1, 1), (3, 2, 2), (5, 0, 5), (12, 1, 6), (-7, 2, 30), (1, 3, 40),
                     (2**40, 0, 46), (7060140319548291861, 1, 80), (big, 1, 110), (-(2**100) - 5, 4, 87),
                     (42, 9, 33))],
        "randrange": [randrange_vector(s, n, p) for s, n, p in
                      ((0, 4, 2), (1, 4, 3), (-7, 5, 4), (big, 3, 5), (7060140319548291861, 4, 5), (9, 6, 1))],
        "setup": [setup_draws(board, ttr.get_edition(board).max_players, 5) for board in ttr.map_names()],
    }


def dumps_vectors(d: dict[str, Any]) -> str:
    compact = (",", ":")
    lines = ["{"]
    items = list(d.items())
    for k, (key, value) in enumerate(items):
        comma = "," if k < len(items) - 1 else ""
        if isinstance(value, list):
            lines.append(f"  {json.dumps(key)}: [")
            for i, row in enumerate(value):
                last = "," if i < len(value) - 1 else ""
                if key == "setup":
                    head = {x: y for x, y in row.items() if x != "draws"}
                    lines.append("    " + json.dumps(head, separators=compact)[:-1] + ',"draws":[')
                    for j, draw in enumerate(row["draws"]):
                        lines.append("      " + json.dumps(draw, separators=compact)
                                     + ("," if j < len(row["draws"]) - 1 else ""))
                    lines.append("    ]}" + last)
                else:
                    lines.append("    " + json.dumps(row, separators=compact) + last)
            lines.append("  ]" + comma)
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------ main

def outputs() -> dict[Path, str]:
    files = {VECTORS: dumps_vectors(vectors())}
    for board, players, seed, random_first, policy_seed in PLAYTHROUGHS:
        files[GAMES / golden_name(board, players)] = dumps_game(play(board, players, seed, random_first, policy_seed))
    return files


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="write nothing; list the files that would change")
    args = ap.parse_args()
    boards = {b for b, *_ in PLAYTHROUGHS}
    missing = set(ttr.map_names()) - boards
    if missing:
        sys.exit(f"boards without golden playthroughs: {', '.join(sorted(missing))} (add them to PLAYTHROUGHS)")
    changed = []
    for path, text in outputs().items():
        old = path.read_text() if path.exists() else None
        if old != text:
            changed.append(path)
            if not args.check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text)
        print(f"{'changed' if old != text else 'same   '} {path.relative_to(ROOT)} ({len(text.encode()):,} bytes)")
    if args.check and changed:
        sys.exit(1)


if __name__ == "__main__":
    main()
