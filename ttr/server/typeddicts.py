"""The engine's TypedDicts (ttr.engine's schema: the view, the log, the result) as pydantic takes them.

The engine defines what clients are sent once, as standard-library TypedDicts (it imports no
outside package). Pydantic refuses `typing.TypedDict` before Python 3.12 ("use
typing_extensions.TypedDict"), so `rebuild` makes the same TypedDict again with
typing_extensions: the same name, docstring and keys, each key required or not as before,
every TypedDict inside (in a list, a dict, a union, an Annotated) rebuilt the same way. A key
that is not a Python name (the functional form, e.g. `Part`'s "from") is kept as it is. A
key's comment in the class body (`stations: int  # stations per player (0: none)`) becomes
its description in the JSON schema, so /openapi.json (and the client's generated types) say
what the engine's schema says.
"""
from __future__ import annotations

import ast
import functools
import inspect
import io
import sys
import tokenize
import types
import typing
from typing import Annotated, Any, Literal, Union, get_args, get_origin, get_type_hints

import typing_extensions
from pydantic import Field

_REQUIRED = {typing.Required, typing_extensions.Required}
_NOT_REQUIRED = {typing.NotRequired, typing_extensions.NotRequired}
_done: dict[Any, Any] = {}
_building: set[Any] = set()


def is_typeddict(tp: Any) -> bool:
    return typing.is_typeddict(tp) or typing_extensions.is_typeddict(tp)


def rebuild(td: Any) -> Any:
    """`td` (a TypedDict) as a typing_extensions TypedDict; the same object for the same `td`."""
    if not is_typeddict(td):
        raise TypeError(f"{td!r} is not a TypedDict")
    done = _done.get(td)
    if done is not None:
        return done
    if td in _building:
        raise TypeError(f"{td.__qualname__} refers to itself: a recursive TypedDict cannot be rebuilt")
    _building.add(td)
    try:
        hints = get_type_hints(td, include_extras=True)  # resolves the annotations' strings in their modules
        fields: dict[str, Any] = {}
        notes = comments(td)
        for key, hint in hints.items():
            tp = convert(_unwrap(hint))
            if key in notes:
                tp = Annotated[tp, Field(description=notes[key])]
            fields[key] = tp if _required(td, key, hint) else typing_extensions.NotRequired[tp]
        new: Any = typing_extensions.TypedDict(td.__name__, fields)  # type: ignore[misc]  # the functional form, named at run time
    finally:
        _building.discard(td)
    new.__doc__ = td.__doc__
    new.__module__ = td.__module__
    new.__qualname__ = td.__qualname__
    _done[td] = new
    return new


def comments(td: Any) -> dict[str, str]:
    """The trailing comment of each key declared in `td`'s class body (a class statement only),
    and in the bodies of the TypedDicts it extends."""
    source = _source(td.__module__)
    if source is None:
        return {}
    lines, tree = source
    out: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == td.__name__:
            for b in node.bases:
                base = getattr(sys.modules[td.__module__], b.id, None) if isinstance(b, ast.Name) else None
                if base is not None and base is not td and is_typeddict(base):
                    out.update(comments(base))
            for stmt in node.body:
                if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                    note = lines.get(stmt.end_lineno or stmt.lineno)
                    if note:
                        out[stmt.target.id] = note
    return out


@functools.cache
def _source(module: str) -> tuple[dict[int, str], ast.Module] | None:
    """A module's comments by line (those after code only) and its syntax tree; None without a source."""
    try:
        text = inspect.getsource(sys.modules[module])
    except (KeyError, OSError, TypeError):
        return None
    notes: dict[int, str] = {}
    code_on: set[int] = set()
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.COMMENT:
            if tok.start[0] in code_on:
                notes[tok.start[0]] = tok.string.lstrip("#").strip()
        elif tok.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT):
            code_on.add(tok.start[0])
    return notes, ast.parse(text)


def _required(td: Any, key: str, hint: Any) -> bool:
    """Whether `key` is required: its marker says, else the class's totality. (Not `__required_keys__`
    alone: on Python 3.11 a TypedDict whose module postpones annotations (PEP 563) cannot see the
    markers and lists every key of a total class as required.)"""
    while True:
        origin = get_origin(hint)
        if origin in _NOT_REQUIRED:
            return False
        if origin in _REQUIRED:
            return True
        if origin is not Annotated:
            return key not in getattr(td, "__optional_keys__", ())
        hint = get_args(hint)[0]


def _unwrap(hint: Any) -> Any:
    """A key's type without its Required/NotRequired marker (the key's set says which it is)."""
    while get_origin(hint) in _REQUIRED | _NOT_REQUIRED:
        hint = get_args(hint)[0]
    if get_origin(hint) is Annotated:  # Annotated[NotRequired[T], ...] is not written; T inside is converted
        inner, *meta = get_args(hint)
        return Annotated[(_unwrap(inner), *meta)]
    return hint


def convert(tp: Any) -> Any:
    """A type with every TypedDict in it rebuilt (list[X], dict[K, V], X | None, Annotated[X, ...], ...)."""
    if is_typeddict(tp):
        return rebuild(tp)
    origin, args = get_origin(tp), get_args(tp)
    if origin is None or not args or origin is Literal:
        return tp
    if origin is Annotated:
        inner, *meta = args
        return Annotated[(convert(inner), *meta)]
    new = tuple(convert(a) for a in args)
    if new == args:
        return tp
    if origin is Union or origin is types.UnionType:
        return Union[new]
    if isinstance(origin, type):  # list[X], dict[K, V], tuple[...], collections.abc.Sequence[X], ...
        return types.GenericAlias(origin, new)
    raise TypeError(f"cannot rebuild the type {tp!r}")


__all__ = ["comments", "convert", "is_typeddict", "rebuild"]
