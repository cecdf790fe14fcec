"""The import layers declared for import-linter (pyproject.toml) cover the whole package,
so a new top-level module cannot escape them; `make test` runs lint-imports on them."""
from __future__ import annotations

import pkgutil
import tomllib
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import ttr

ROOT = Path(__file__).resolve().parent.parent


def _python_modules() -> set[str]:
    """ttr's top-level Python modules (the compiled binding, ttr._native, imports nothing of ttr;
    ttr.native is its Python side, in its own layer)."""
    return {f"ttr.{m.name}" for m in pkgutil.iter_modules(ttr.__path__)
            if not any(Path(ttr.__path__[0], m.name + suffix).exists() for suffix in EXTENSION_SUFFIXES)}


def _contracts() -> list[dict]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]


def test_every_top_level_module_is_in_a_layer():
    layers = next(c for c in _contracts() if c["type"] == "layers")["layers"]
    named = {m.strip().strip("()") for layer in layers for m in layer.split("|")}
    modules = _python_modules()
    assert modules <= named, f"not in any layer: {sorted(modules - named)}"


def test_the_engine_sits_below_the_editions_and_the_formats():
    layers = [[m.strip().strip("()") for m in layer.split("|")]
              for layer in next(c for c in _contracts() if c["type"] == "layers")["layers"]]
    level = {m: i for i, layer in enumerate(layers) for m in layer}
    assert level["ttr.engine"] > level["ttr.editions"] > level["ttr.formats"] > level["ttr.agents"]
    assert level["ttr.runtime"] < level["ttr.agents"] and level["ttr.maps"] > level["ttr.engine"]


def test_nothing_outside_the_engine_and_the_editions_imports_an_engine_submodule():
    """The face contract forbids every engine submodule, so a new one is covered at once; every
    other top-level module is a source of it; the package root imports the face only."""
    import ttr.engine
    face = next(c for c in _contracts() if c["name"].startswith("the engine has one face"))
    submodules = {f"ttr.engine.{m.name}" for m in pkgutil.iter_modules(ttr.engine.__path__)}
    assert set(face["forbidden_modules"]) == submodules
    tops = _python_modules() - {"ttr.engine", "ttr.editions"}
    assert set(face["source_modules"]) == tops
    root = (ROOT / "ttr" / "__init__.py").read_text()
    assert "from .engine." not in root and "import ttr.engine." not in root


def test_the_face_hides_the_python_engines_fields_from_the_type_checker(tmp_path):
    """ttr.new_game returns the face (ttr.engine.Game): mypy, which make test runs over the package,
    refuses a read of the Python engine's state anywhere outside the engine."""
    import subprocess
    import sys
    probe = tmp_path / "probe.py"
    probe.write_text("import ttr\n\ng = ttr.new_game('usa', 2, 1)\nprint(g.legal_actions(), g.hands)\n")
    res = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary", "--follow-imports=silent",
                          "--config-file=/dev/null", str(probe)], capture_output=True, text=True, cwd=ROOT)
    assert '"Game" has no attribute "hands"' in res.stdout, res.stdout + res.stderr
    assert "legal_actions" not in res.stdout


def test_importing_ttr_loads_neither_numpy_nor_the_research_libraries():
    """A player's `ttr play` or the server start without numpy: only the research paths and the
    core's batches load it, when they are called."""
    import subprocess
    import sys
    code = ("import sys, ttr; ttr.new_game('usa', 2, 1); "
            "print(sorted(m for m in ('numpy', 'gymnasium', 'pettingzoo', 'ray') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout
