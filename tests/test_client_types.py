"""The browser client's generated types (web/src/app/api.gen.ts) are those of the server's
/openapi.json as it is now: the app's document (scripts/openapi.py) is run through the client's
generator (`npm run gen-types`: openapi-typescript) into a temporary file, which must equal the
committed one. When it does not, the engine's schema or the server's models changed: run
`cd web && npm run gen-types` and commit the result. The hand-written types.ts only re-exports
(and narrows) the generated shapes of what the engine sends."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
GENERATED = WEB / "src" / "app" / "api.gen.ts"
GENERATOR = WEB / "tools" / "openapi-types" / "node_modules" / ".bin" / "openapi-typescript"


def _need(what: str, ok: bool) -> None:
    """The generator is installed by `npm ci` in web/ (make test does it first): without it, skip,
    except where it must be there (make test sets TTR_REQUIRE_EXTRAS; CI)."""
    if ok:
        return
    if os.environ.get("TTR_REQUIRE_EXTRAS") or os.environ.get("CI"):
        pytest.fail(f"{what} is missing: run `cd web && npm ci` (make test does)", pytrace=False)
    pytest.skip(f"{what} is missing (cd web && npm ci)")


def test_openapi_script_writes_the_apps_document(tmp_path):
    out = tmp_path / "openapi.json"
    subprocess.run([sys.executable, str(ROOT / "scripts" / "openapi.py"), str(out)], check=True, cwd=tmp_path)
    spec = json.loads(out.read_text())
    schemas = spec["components"]["schemas"]
    assert {"View", "LogLine", "Features", "TunnelInfo", "Result", "LogEvent"} <= set(schemas)
    assert "HistoryItem" not in schemas and "history" not in schemas["View"]["properties"]
    assert schemas["TunnelInfo"]["properties"]["cards"]["type"] == "object"  # {card name: count}
    assert "history" not in {p["name"] for p in spec["paths"]["/api/games/{gid}"]["get"]["parameters"]}


def test_the_committed_client_types_are_generated_from_the_current_schema(tmp_path):
    _need("node", shutil.which("node") is not None)
    _need(str(GENERATOR.relative_to(ROOT)), GENERATOR.exists())
    spec = tmp_path / "openapi.json"
    subprocess.run([sys.executable, str(ROOT / "scripts" / "openapi.py"), str(spec)], check=True)
    fresh = tmp_path / "api.gen.ts"
    subprocess.run(["node", str(WEB / "scripts" / "gen-types.mjs"), "--openapi", str(spec), "--out", str(fresh)],
                   check=True, cwd=WEB, capture_output=True, timeout=300)
    assert fresh.read_text() == GENERATED.read_text(), (
        "web/src/app/api.gen.ts is stale: the server's /openapi.json changed; run `cd web && npm run gen-types` "
        "and commit it")
