"""The differential harness: one game played on the Python engine (the reference) and the native
core side by side, compared after every step; a mismatch names the first field that differs.

After every action both engines must agree on the encoded state (section by section), the phase,
whether the game is over, and the legal actions (their texts, in order; of more than SAMPLE_ABOVE,
their number and the texts at both ends and at a stride between); at the end on the
result and the public log. `compare` plays one game, choosing each action with `choose`;
`random_chooser`, `hoarder_chooser` (games that run out of cards) and `seat_chooser` (bots as
seats) give the usual choices."""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine import Action, Game, Ruleset, first_difference, new
from .game import NativeGame

Chooser = Callable[[Game], Action]
SAMPLE_ABOVE = 4000  # more legal actions than this: compared at the ends and at a stride (every count still)


@dataclass
class Mismatch:
    """Where the engines first disagreed: the step (actions applied), the field, and what each said."""
    step: int
    field: str
    python: Any
    native: Any
    last: str | None  # the action just applied

    def __str__(self) -> str:
        after = f" after {self.last!r}" if self.last else ""
        return f"step {self.step}{after}: {self.field} differs: python {self.python!r}, native {self.native!r}"


def random_chooser(seed: int) -> Chooser:
    """Uniform over the legal actions (the Python engine's), seeded."""
    rng = random.Random(seed)

    def choose(g: Game) -> Action:
        legal = g.legal_actions()
        return legal[rng.randrange(len(legal))]
    return choose


def hoarder_chooser(seed: int, draw: float = 0.95) -> Chooser:
    """Draws a card whenever it can (with probability `draw`), else uniform, seeded: games that
    empty the draw pile and the discard (empty display slots, refills, passes)."""
    rng = random.Random(seed)

    def choose(g: Game) -> Action:
        legal = g.legal_actions()
        draws = []
        for a in legal:  # (the draws come first)
            if a.kind != "draw":
                break
            draws.append(a)
        if draws and rng.random() < draw:
            return draws[rng.randrange(len(draws))]
        return legal[rng.randrange(len(legal))]
    return choose


def seat_chooser(seats: list[Any]) -> Chooser:
    """Each seat's bot moves from its own observation of the Python game."""
    def choose(g: Game) -> Action:
        return seats[g.current_player].act(g.observe(g.current_player))
    return choose


def compare_step(py: Game, nat: NativeGame, step: int, last: str | None) -> Mismatch | None:
    a, b = py.encode(), nat.encode()
    if a != b:
        field = first_difference(py.layout(), a, b) or "state"
        i = next((k for k, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
        return Mismatch(step, f"state.{field}", a[i] if i < len(a) else None, b[i] if i < len(b) else None, last)
    for field in ("phase", "current_player", "turn", "ply", "is_over"):
        x, y = getattr(py, field), getattr(nat, field)
        if x != y:
            return Mismatch(step, field, x, y, last)
    if not py.is_over:
        la, lb = py.legal_actions(), nat.legal_actions()
        if len(la) != len(lb):
            return Mismatch(step, "legal actions (count)", len(la), len(lb), last)
        n = len(la)
        if n <= SAMPLE_ABOVE:
            for i, (x, y) in enumerate(zip(map(str, la), map(str, lb))):
                if x != y:
                    return Mismatch(step, f"legal action {i}", x, y, last)
        else:  # (Nordic's big hands: hundreds of thousands of payments) the ends and a stride between
            stride = n // SAMPLE_ABOVE + 1
            for i in (*range(SAMPLE_ABOVE // 2), *range(SAMPLE_ABOVE // 2, n - SAMPLE_ABOVE // 2, stride),
                      *range(n - SAMPLE_ABOVE // 2, n)):
                x, y = str(la[i]), str(lb[i])
                if x != y:
                    return Mismatch(step, f"legal action {i}", x, y, last)
                if i % 7 == 0 and lb.index(la[i]) != i:  # (the core finds the action by its cards)
                    return Mismatch(step, f"legal action {i} (index)", i, lb.index(la[i]), last)
    return None


def compare_end(py: Game, nat: NativeGame, step: int) -> Mismatch | None:
    ra, rb = py.result(), nat.result()
    if ra != rb:
        for p, (x, y) in enumerate(zip(ra["players"], rb["players"])):
            for k in x:
                if x[k] != y.get(k):
                    return Mismatch(step, f"result.players[{p}].{k}", x[k], y.get(k), None)
        return Mismatch(step, "result", ra, rb, None)
    scores = nat.core_scores()  # the core's own totals and ranks (what its batches report)
    for p, (_bonus, total, rank) in enumerate(scores):
        x = ra["players"][p]
        if (total, rank) != (x["total"], x["rank"]):
            return Mismatch(step, f"core score of seat {p} (total, rank)", (x["total"], x["rank"]), (total, rank), None)
    la, lb = py.log, nat.log
    if la is not None and lb is not None:
        for i, (x, y) in enumerate(zip(la, lb)):
            if x != y:
                return Mismatch(step, f"log[{i}]", x, y, None)
        if len(la) != len(lb):
            return Mismatch(step, "log (length)", len(la), len(lb), None)
    return None


def compare(rules: Ruleset, seed: int, choose: Chooser, random_first: bool = False,
            max_steps: int = 5000, **options: Any) -> tuple[Mismatch | None, int]:
    """Play one game on both engines, `choose` picking each action on the Python game; the first
    mismatch (None: none) and the steps played. `options`: the edition's own (Legacy's `setup`)."""
    py = new(rules, seed, random_first, **options)
    nat = NativeGame.new(rules, seed, random_first, **options)
    last = None
    for step in range(max_steps):
        bad = compare_step(py, nat, step, last)
        if bad:
            return bad, step
        if py.is_over:
            return compare_end(py, nat, step), step
        a = choose(py)
        py.apply(a)
        nat.apply(a)
        last = str(a)
    return Mismatch(max_steps, "length", "a game this long", None, last), max_steps


__all__ = ["Mismatch", "compare", "compare_end", "compare_step", "hoarder_chooser", "random_chooser", "seat_chooser"]
