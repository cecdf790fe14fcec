"""Installing ttr: a wheel built where no C++ compiler is found is the pure-Python package, whole
(the maps, content packs, migrations and the browser client), and plays; the native core is then
missing and says so."""
from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SMOKE = """
import sys
sys.meta_path[:] = [f for f in sys.meta_path if 'ScikitBuild' not in type(f).__name__]  # not the editable checkout
sys.path.insert(0, {target!r})
import ttr, ttr.native
assert ttr.__file__.startswith({target!r}), ttr.__file__
assert not ttr.native.available() and 'not built' in ttr.native.why_unavailable()
g = ttr.new_game('europe', 3, 5, engine='auto')  # auto: the Python engine
while not g.is_over:
    g.apply(g.legal_actions()[0])
try:
    ttr.new_game('usa', 2, 1, engine='native')
except ttr.TtrError as e:
    assert 'not built' in str(e), e
else:
    raise AssertionError('the native engine should be missing')
from ttr.agents.learned import network
assert network(ttr.get_ruleset('europe', 2)) is not None  # the learned bot's weights ship in the wheel
print('ok', type(g).__name__, g.result()['winners'])
"""


def test_a_wheel_built_without_a_compiler_is_the_whole_pure_python_package(tmp_path):
    out = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", str(ROOT),
                          "-w", str(tmp_path)], env={"PATH": "/usr/bin:/bin", "CXX": "/nonexistent/c++",
                                                      "HOME": str(tmp_path)},
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    (wheel,) = tmp_path.glob("ttr-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert not [n for n in names if n.endswith(".so")]
    for needed in ("ttr/maps/data/usa.json", "ttr/editions/legacy/packs/demo.json", "ttr/server/migrations/env.py",
                   "ttr/server/ladder.json", "ttr/agents/weights/europe-2.npz",
                   "ttr/server/static/index.html", "ttr/py.typed"):
        assert needed in names, needed
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--target", str(target), str(wheel)],
                   check=True, capture_output=True)
    run = subprocess.run([sys.executable, "-c", SMOKE.format(target=str(target))], capture_output=True, text=True)
    assert run.returncode == 0 and run.stdout.startswith("ok PyGame"), run.stdout + run.stderr
