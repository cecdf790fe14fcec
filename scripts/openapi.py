#!/usr/bin/env python3
"""Write the game server's OpenAPI document: what GET /openapi.json answers, made by the app
factory without starting a server (an in-memory database, no bots running).

    python scripts/openapi.py [OUT]        (default: standard output)

The browser client's types are generated from it (`cd web && npm run gen-types` writes
web/src/app/api.gen.ts; tests/test_client_types.py fails when that file is stale). This
repository's ttr is imported, whatever is installed."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def document() -> dict[str, Any]:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from ttr.server import create_app

    spec = create_app("sqlite:///:memory:").openapi()
    return spec


def text() -> str:
    return json.dumps(document(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    if len(argv) > 1 or (argv and argv[0] in ("-h", "--help")):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    out = text()
    if argv:
        Path(argv[0]).write_text(out, encoding="utf-8")
    else:
        sys.stdout.write(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
