"""Rule variants: an edition with some of its numbers changed (trains, route points, bonus sizes,
hand and display sizes, the end trigger...), checked field by field.

`variant("europe", trains=30, route_points={7: 18})` is a new Edition (the same name and hooks:
it plays the edition's game with other numbers); `parse_rules` reads overrides written as text
or decoded TOML/JSON (`--rule trains=30`, an experiment's `[rules]`, a map file's `"rules"`).
Every problem is a TtrError naming the field and why."""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from ..engine.edition import Edition
from ..engine.ruleset import Ruleset
from ..errors import TtrError
from ..maps import load_map

# The fields a variant may change, with what each means (docs/analyze.md lists them).
RULES: dict[str, str] = {
    "trains": "train pieces per player",
    "end_trains": "the last round starts when a player has this many trains or fewer (G6)",
    "final_rounds": "turns each player gets once the end triggers",
    "route_points": "points per route length, e.g. {7: 18}: merged into the edition's table",
    "longest_bonus": "the longest-path bonus (Europe: European Express); none: no bonus",
    "globetrotter_bonus": "the most-tickets bonus (Nordic); none: no bonus",
    "stations": "stations per player (Europe)",
    "station_points": "points per unbuilt station (Europe)",
    "hand_size": "train cards dealt to each player",
    "face_up": "face-up cards in the display",
    "cards_per_color": "cards of each colour in the deck",
    "locomotives": "locomotives in the deck",
    "loco_reset": "this many face-up locomotives reset the display (G2); none: never",
    "reset_cap": "at most this many display resets in a row (G2)",
    "tunnel_reveal": "cards revealed for a tunnel (Europe)",
    "initial_long": "long tickets dealt at setup",
    "initial_regular": "regular tickets dealt at setup",
    "initial_keep": "tickets kept at setup, at least",
    "later_draw": "tickets drawn in a game turn",
    "later_keep": "tickets kept of those, at least",
    "doubles_min_players": "double routes are both open from this many players (G1)",
}
OPTIONAL = frozenset({"longest_bonus", "globetrotter_bonus", "loco_reset"})  # may be none
LEAST = {"trains": 1, "final_rounds": 1, "face_up": 1, "cards_per_color": 1, "loco_reset": 1, "reset_cap": 1,
         "initial_keep": 1, "later_draw": 1, "later_keep": 1}  # the others: at least 0
MOST_LENGTH = 12  # a map file's longest route (ttr.maps.loader)

Value = int | None | tuple[tuple[int, int], ...]
Overrides = tuple[tuple[str, Value], ...]  # sorted by name: hashable, so rules built from it are cached


def _int(field: str, v: Any, least: int) -> int:
    if isinstance(v, str) and v.strip().lstrip("-").isdigit():
        v = int(v)
    if not isinstance(v, int) or isinstance(v, bool):
        raise TtrError(f"rules: {field}: must be a whole number, not {v!r}")
    if v < least:
        raise TtrError(f"rules: {field}: must be at least {least}, not {v}")
    return v


def _points(v: Any) -> tuple[tuple[int, int], ...]:
    """{length: points} from a mapping (keys may be strings: TOML and JSON) or text '7:18,9:27'."""
    if isinstance(v, str):
        try:
            v = dict(part.split(":") for part in v.replace(" ", "").split(",") if part)
        except ValueError:
            raise TtrError(f"rules: route_points: give length:points pairs, e.g. 7:18,9:27, not {v!r}") from None
    if not isinstance(v, Mapping) or not v:
        raise TtrError(f"rules: route_points: must be a table of length -> points, e.g. {{7: 18}}, not {v!r}")
    out = {}
    for length, points in v.items():
        n = _int("route_points (a length)", length, 1)
        if n > MOST_LENGTH:
            raise TtrError(f"rules: route_points: length {n}: routes are at most {MOST_LENGTH} long")
        out[n] = _int(f"route_points[{n}]", points, 0)
    return tuple(sorted(out.items()))


def parse_rules(raw: Mapping[str, Any] | None) -> Overrides:
    """Checked overrides from decoded TOML/JSON or command-line text (values may be strings:
    '30', 'none', '7:18,9:27'); TtrError naming an unknown field (with the known ones) or a
    bad value."""
    out: dict[str, Value] = {}
    for field, v in (raw or {}).items():
        if field not in RULES:
            import difflib
            close = difflib.get_close_matches(str(field), RULES, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise TtrError(f"rules: unknown rule {field!r}{hint}; the rules a variant may change: "
                           + ", ".join(RULES))
        if field == "route_points":
            out[field] = _points(v)
        elif field in OPTIONAL and (v is None or (isinstance(v, str) and v.strip().lower() in ("none", "null"))):
            out[field] = None
        else:
            out[field] = _int(field, v, LEAST.get(field, 0))
    return tuple(sorted(out.items()))


def parse_rule_options(texts: tuple[str, ...] | list[str]) -> Overrides:
    """`--rule NAME=VALUE` options (repeatable; a later one wins) as checked overrides."""
    raw: dict[str, str] = {}
    for text in texts:
        name, eq, value = text.partition("=")
        if not eq or not name.strip() or not value.strip():
            raise TtrError(f"rules: {text!r}: write NAME=VALUE, e.g. trains=30 or route_points=7:18")
        raw[name.strip()] = value.strip()
    return parse_rules(raw)


def merge(*layers: Overrides) -> Overrides:
    """Later overrides win; route_points tables merge length by length."""
    out: dict[str, Value] = {}
    for layer in layers:
        for k, v in layer:
            if k == "route_points" and isinstance(out.get(k), tuple):
                v = tuple(sorted({**dict(out[k]), **dict(v)}.items()))  # type: ignore[arg-type]
            out[k] = v
    return tuple(sorted(out.items()))


def variant(edition: str | Edition, overrides: Overrides | Mapping[str, Any] = (), /, **rules: Any) -> Edition:
    """The edition with `rules` (or checked `overrides`) changed: a new Edition, the stock one
    untouched. TtrError naming the field and why for an unknown rule, a bad value, a rule the
    edition does not use (stations outside Europe) or numbers that contradict each other."""
    from . import get_edition
    ed = get_edition(edition) if isinstance(edition, str) else edition
    given = parse_rules(dict(overrides)) if isinstance(overrides, Mapping) else overrides
    changes: dict[str, Any] = dict(merge(given, parse_rules(rules)))
    if not changes:
        return ed
    if "route_points" in changes:
        changes["route_points"] = {**ed.route_points, **dict(changes["route_points"])}
    unused = {"stations": ed.stations == 0, "station_points": ed.stations == 0,
              "globetrotter_bonus": ed.globetrotter_bonus is None, "hand_size": ed.hand_per_deck is not None,
              "face_up": ed.face_up_per_deck is not None}  # (Rails & Sails deals from two decks)
    for field in changes:
        if unused.get(field):
            raise TtrError(f"rules: {field}: {ed.title} has no such rule to change")
    new = dataclasses.replace(ed, **changes)
    for field in ("cards_per_color", "locomotives"):
        bumped = dataclasses.replace(ed, **{field: getattr(ed, field) + 1})
        if field in changes and bumped.deck_contents(ed.min_players) == ed.deck_contents(ed.min_players):
            raise TtrError(f"rules: {field}: {ed.title} deals its own decks, not from this number")
    _consistent(new)
    return new


@lru_cache(maxsize=64)
def ruleset(map_name: str, players: int, overrides: Overrides = ()) -> Ruleset:
    """The rules of shipped board `map_name` with `overrides` changed (built once; the registry's
    own Ruleset when nothing is changed)."""
    from . import get_ruleset
    if not overrides:
        return get_ruleset(map_name, players)
    return Ruleset(load_map(map_name), variant(map_name, overrides), players)


def _consistent(ed: Edition) -> None:
    def bad(field: str, why: str) -> None:
        raise TtrError(f"rules: {field}: {why}")
    if ed.end_trains >= ed.trains:
        bad("end_trains", f"{ed.end_trains} would end the game at once with {ed.trains} trains (give fewer)")
    if ed.initial_keep > ed.initial_long + ed.initial_regular:
        bad("initial_keep", f"keep {ed.initial_keep} of {ed.initial_long + ed.initial_regular} tickets dealt")
    if ed.later_keep > ed.later_draw:
        bad("later_keep", f"keep {ed.later_keep} of {ed.later_draw} tickets drawn")


def changed(edition: str | Edition, overrides: Overrides) -> dict[str, dict[str, Any]]:
    """Each overridden rule: {"value": new, "stock": the edition's} (route points: only the lengths
    given), JSON-ready: what the records and the report say was changed."""
    from . import get_edition
    ed = get_edition(edition) if isinstance(edition, str) else edition
    out: dict[str, dict[str, Any]] = {}
    for k, v in overrides:
        if k == "route_points" and isinstance(v, tuple):
            out[k] = {"value": {str(n): p for n, p in v}, "stock": {str(n): ed.route_points.get(n) for n, _ in v}}
        else:
            out[k] = {"value": v, "stock": getattr(ed, k)}
    return out


def describe(rules: Mapping[str, Mapping[str, Any]]) -> str:
    """'trains 30 (stock 45); route_points 7: 18 (stock none)' from `changed`'s dict."""
    parts = []
    for k, c in rules.items():
        v, s = c.get("value"), c.get("stock")
        if isinstance(v, Mapping):
            stock = s or {}
            parts.append(f"{k} " + ", ".join(f"{n}: {p} (stock {'none' if stock.get(n) is None else stock[n]})"
                                             for n, p in v.items()))
        else:
            parts.append(f"{k} {'none' if v is None else v} (stock {'none' if s is None else s})")
    return "; ".join(parts)


__all__ = ["OPTIONAL", "Overrides", "RULES", "changed", "describe", "merge", "parse_rule_options", "parse_rules",
           "ruleset", "variant"]
