"""The README's engine example runs as written."""
from __future__ import annotations

from pathlib import Path

import ttr

README = Path(__file__).resolve().parents[1] / "README.md"


def _block(containing: str) -> str:
    text = README.read_text(encoding="utf-8")
    blocks = [b[:b.index("```")] for b in text.split("```python\n")[1:]]
    return next(b for b in blocks if containing in b)


def test_readme_match_example_runs():
    scope: dict = {}
    exec(compile(_block("Match("), "README.md", "exec"), scope)  # noqa: S102 - our own documentation
    game = scope["game"]
    assert game.is_over and game.result()["winners"]


def test_readme_python_example_runs():
    code = _block("ttr.save_game")
    scope: dict = {}
    exec(compile(code, "README.md", "exec"), scope)  # noqa: S102 - our own documentation
    assert ttr.save_game(scope["same"]) == scope["saved"]
    assert ttr.save_game(scope["again"]) == scope["saved"]
    assert scope["ttr"].longest_path(scope["usa"], [1, 16]) == 4


def test_readme_legacy_example_runs():
    text = README.read_text(encoding="utf-8")
    blocks = [b[:b.index("```")] for b in text.split("```python\n")[1:]]
    code = next(b for b in blocks if "legends-west" in b)
    scope: dict = {}
    exec(compile("import ttr\n" + code, "README.md", "exec"), scope)  # noqa: S102 - our own documentation
    game = scope["game"]
    assert game.money == [5, 5, 5] and game.setup.companies == ("blue", "red", "green") and game.setup.demo


def test_readme_training_example_runs():
    """The Research section's training loop runs (three episodes instead of 300)."""
    from helpers import research_import
    research_import("torch")
    research_import("gymnasium")
    code = _block("REINFORCE")
    assert "range(300)" in code
    scope: dict = {}
    exec(compile(code.replace("range(300)", "range(3)"), "README.md", "exec"), scope)  # noqa: S102 - our own documentation
    assert scope["episode"] == 2
