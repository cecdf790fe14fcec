"""A human at the `ttr play` prompt, for tests."""
from __future__ import annotations

from ttr.engine import TICKETS


class CanonicalHuman:
    """Types the canonical text of a legal move chosen by the action's number only, so a resumed
    game gets the same moves. `stops`: {n: exception} raised at the n-th move prompt (EOFError is
    end of input, KeyboardInterrupt Ctrl-C); `answers`: typed (or raised) at "Really quit?";
    `script`: lines typed first at the move prompt."""

    def __init__(self, stops=None, answers=(), script=()):
        self.session = None
        self.script = list(script)  # typed first (view commands, typos)
        self.calls = 0
        self.stops = dict(stops or {})
        self.answers = list(answers)
        self.questions: list[str] = []

    def __call__(self, prompt: str) -> str:
        if prompt.startswith("Really quit?"):
            self.questions.append(prompt)
            a = self.answers.pop(0)
            if isinstance(a, type) and issubclass(a, BaseException):
                raise a
            return a
        self.calls += 1
        if self.calls in self.stops:
            raise self.stops[self.calls]
        if self.script and prompt == "your move> ":
            return self.script.pop(0)
        g = self.session.game
        legal = list(g.legal_actions())
        a = legal[(len(g.actions) * 7) % len(legal)]
        return "t" if a.kind == TICKETS else str(a)
