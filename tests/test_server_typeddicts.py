"""The server's converter of the engine's TypedDicts (ttr.server.typeddicts): the same keys,
each as required as in the engine (read from the annotations, which a PEP 563 module hides
from Python 3.11's own bookkeeping), every nested TypedDict rebuilt, the functional form's
keyword key kept, and pydantic validating what the engine really sends."""
from __future__ import annotations

import json
import random
import typing
from typing import Annotated, Any, NotRequired, Required, TypedDict, get_args, get_origin, get_type_hints

import pytest
import typing_extensions
from pydantic import Field, TypeAdapter, ValidationError

import ttr
from ttr import engine
from ttr.server.typeddicts import comments, convert, rebuild


class Inner(TypedDict):
    """An inner dict."""
    n: int  # how many
    # a comment on its own line describes nothing
    note: NotRequired[str]


Keyword = TypedDict("Keyword", {"from": dict[str, int], "in": NotRequired[list[Inner]]})


class Outer(TypedDict):
    inner: Inner
    maybe: Inner | None
    many: list[Inner]
    by_name: dict[str, Inner]
    keyword: NotRequired[Keyword]
    described: Annotated[int, Field(description="a number")]
    anything: Any


class Wider(Inner):
    extra: int  # one more


class Partial(TypedDict, total=False):
    a: int
    b: Required[str]


def _keys(td: Any) -> tuple[set[str], set[str]]:
    """(required, optional) keys of a rebuilt TypedDict (typing_extensions computes them right)."""
    return set(td.__required_keys__), set(td.__optional_keys__)


def test_keys_and_their_requiredness_are_kept():
    new = rebuild(Outer)
    assert type(new).__module__ == "typing_extensions" and typing_extensions.is_typeddict(new)
    assert new.__name__ == "Outer" and _keys(new) == ({"inner", "maybe", "many", "by_name", "described", "anything"},
                                                      {"keyword"})
    assert _keys(rebuild(Inner)) == ({"n"}, {"note"}) and rebuild(Inner).__doc__ == "An inner dict."
    assert _keys(rebuild(Partial)) == ({"b"}, {"a"})
    assert _keys(rebuild(Keyword)) == ({"from"}, {"in"})


def test_nested_typeddicts_are_rebuilt_once():
    new, inner = rebuild(Outer), rebuild(Inner)
    assert rebuild(Outer) is new
    hints = get_type_hints(new, include_extras=True)
    assert hints["inner"] is inner
    assert inner in get_args(hints["maybe"]) and type(None) in get_args(hints["maybe"])
    assert hints["many"] == list[inner] and hints["by_name"] == dict[str, inner]
    keyword = get_args(hints["keyword"])[0]  # NotRequired[...]
    assert keyword is rebuild(Keyword) and get_args(get_type_hints(keyword)["in"]) == (inner,)
    assert get_origin(hints["described"]) is Annotated and hints["anything"] is Any
    assert convert(int) is int and convert(list[int]) == list[int]
    with pytest.raises(TypeError):
        rebuild(dict)


def test_comments_become_descriptions():
    assert comments(Inner) == {"n": "how many"} and comments(Keyword) == {}
    schema = TypeAdapter(rebuild(Outer)).json_schema()
    inner = schema["$defs"]["Inner"]
    assert inner["properties"]["n"]["description"] == "how many" and "description" not in inner["properties"]["note"]
    assert inner["description"] == "An inner dict." and inner["required"] == ["n"]
    assert schema["properties"]["described"]["description"] == "a number"
    assert comments(engine.Features)["stations"] == "stations per player (0: none)"
    assert comments(Wider) == {"n": "how many", "extra": "one more"}  # a base's comments too


def test_the_engine_schema_is_rebuilt_as_the_engine_declares_it():
    for td in (engine.View, engine.LogEntry, engine.Result, engine.You, engine.Features, engine.TunnelInfo):
        new = rebuild(td)
        hints = get_type_hints(td, include_extras=True)
        optional = {k for k, h in hints.items() if get_origin(h) is typing.NotRequired}
        assert _keys(new) == (set(hints) - optional, optional), td.__name__
    payments = get_type_hints(rebuild(engine.LegalGroup))["payments"]  # (the NotRequired marker left out)
    family = get_args(get_type_hints(payments)["families"])[0]
    part = get_args(get_type_hints(family)["parts"])[0]  # the functional form: its key "from" is a keyword
    assert part.__name__ == "Part" and _keys(part) == ({"take", "from"}, {"above"})


@pytest.mark.parametrize("map_name,players", [("usa", 3), ("europe", 4), ("nordic", 3), ("world", 3),
                                              ("great-lakes", 2), ("legends-west", 3)])
def test_pydantic_validates_what_the_engine_sends(map_name, players):
    """Every view (a seat's, a spectator's), log entry and result of a whole random game, as JSON
    (what the server sends: e.g. a result's ticket ids as keys are strings there)."""
    view, entry, result = (TypeAdapter(rebuild(td)) for td in (engine.View, engine.LogEntry, engine.Result))
    game = ttr.new_game(map_name, players, seed=5)
    rng = random.Random(1)
    while True:
        if game.ply % 25 == 0 or game.is_over:
            for seat in (None, game.current_player):
                sent = json.loads(json.dumps(game.view(seat)))
                assert view.validate_python(sent) == sent
        if game.is_over:
            break
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    assert result.validate_python(json.loads(json.dumps(game.result())))
    for e in game.log:
        sent = json.loads(json.dumps(e))
        assert entry.validate_python(sent) == sent
    bad = json.loads(json.dumps(game.view(0)))
    del bad["features"]
    with pytest.raises(ValidationError, match="features"):
        view.validate_python(bad)
    with pytest.raises(ValidationError, match="from"):
        TypeAdapter(rebuild(engine.LegalGroup)).validate_python(
            {"kind": "claim", "payments": {"count": 1, "first": "1red", "families": [{"base": {}, "parts": [{"take": 1}]}]}})
