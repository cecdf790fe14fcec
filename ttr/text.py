"""Words for counts, shared by every printed line: "1 game", "2 games", never "game(s)"."""
from __future__ import annotations


def plural(n: float, word: str, many: str | None = None) -> str:
    """`n word` with the word in the number it takes: plural(1, "game") is "1 game", plural(2,
    "match") "2 matches", plural(3, "ticket", "tickets") with an explicit plural form."""
    if n == 1:
        return f"{n} {word}"
    if many is None:
        many = word + ("es" if word.endswith(("s", "x", "ch", "sh")) else "s")
    return f"{n} {many}"


__all__ = ["plural"]
