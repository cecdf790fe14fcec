"""The import layers declared for import-linter (pyproject.toml) cover the whole package,
so a new top-level module cannot escape them; `make test` runs lint-imports on them."""
from __future__ import annotations

import pkgutil
import tomllib
from pathlib import Path

import ttr

ROOT = Path(__file__).resolve().parent.parent


def _contracts() -> list[dict]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]


def test_every_top_level_module_is_in_a_layer():
    layers = next(c for c in _contracts() if c["type"] == "layers")["layers"]
    named = {m.strip().strip("()") for layer in layers for m in layer.split("|")}
    modules = {f"ttr.{m.name}" for m in pkgutil.iter_modules(ttr.__path__)}
    assert modules <= named, f"not in any layer: {sorted(modules - named)}"


def test_the_engine_sits_below_the_editions_and_the_formats():
    layers = [[m.strip().strip("()") for m in layer.split("|")]
              for layer in next(c for c in _contracts() if c["type"] == "layers")["layers"]]
    level = {m: i for i, layer in enumerate(layers) for m in layer}
    assert level["ttr.engine"] > level["ttr.editions"] > level["ttr.formats"] > level["ttr.agents"]
    assert level["ttr.runtime"] < level["ttr.agents"] and level["ttr.maps"] > level["ttr.engine"]
