"""`ttr replay FOLDER`: the games a report chose (`ttr analyze` writes them into FOLDER/games/), or
any ttr-replay/1 files, served to the browser's replay viewer: a game server on a temporary
database (removed when it stops, by Ctrl-C or SIGTERM) that takes them as finished, public games
(and takes more by POST /api/replays)."""
from __future__ import annotations

import json
import shutil
import signal
import sys
import tempfile
from pathlib import Path

import click

from ..text import plural
from .serve import check_port, open_when_up

PORT = 8765  # the port a report's links name (ttr.analytics.replays.PORT)


def replay_files(paths: tuple[str, ...]) -> list[Path]:
    """The replay files: each path a file, or a folder (a report folder: its games/; else its *.json)."""
    files: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            folder = p / "games" if (p / "games").is_dir() else p
            found = sorted(folder.glob("*.json"), key=lambda f: (len(f.name), f.name))
            if not found:
                raise click.BadParameter(f"{p}: no games to replay (a report folder of ttr analyze holds them in "
                                         "games/)", param_hint="'FOLDER'")
            files += found
        elif p.is_file():
            files.append(p)
        else:
            raise click.BadParameter(f"{p}: no such file or folder", param_hint="'FOLDER'")
    return files


@click.command("replay")
@click.argument("paths", nargs=-1, required=True, metavar="FOLDER|FILE...")
@click.option("--host", default="127.0.0.1", show_default=True, help="address to listen on")
@click.option("--port", type=click.IntRange(0, 65535), default=PORT, show_default=True,
              help="a report's links name this port")
@click.option("--open", "open_browser", is_flag=True, help="open the first game in a web browser")
def command(paths: tuple[str, ...], host: str, port: int, open_browser: bool) -> None:
    """Serve finished games to the browser's replay viewer: a report folder of `ttr analyze` (the
    games it chose, in games/) or replay files. Each is checked (it must replay exactly) before it is
    shown. Stop with Ctrl-C; nothing is kept."""
    import uvicorn

    from ..errors import TtrError
    from ..server import create_app
    from ..server.errors import ServiceError
    from ..server.logs import install
    from ..server.replays import import_replay

    files = replay_files(paths)
    check_port(host, port)
    tmp = Path(tempfile.mkdtemp(prefix="ttr-replay-"))  # the database, removed however the server stops
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        app = create_app(f"sqlite:///{tmp / 'replays.db'}", imports=True, max_body=4 * 1024 * 1024,
                         games_per_minute=0)
        shown = "127.0.0.1" if host in ("0.0.0.0", "::", "") else (f"[{host}]" if ":" in host else host)  # noqa: S104
        base = f"http://{shown}:{port}/"
        links = []
        for f in files:
            try:
                data = json.loads(f.read_text(encoding="utf-8"))
                gid = import_replay(app.state.service, data)["id"]
            except (OSError, UnicodeDecodeError, json.JSONDecodeError, ServiceError, TtrError) as e:
                raise click.ClickException(f"{f}: {getattr(e, 'detail', None) or e}") from None
            why = data.get("why") or ""
            links.append(f"{base}#/replay/{gid}")
            click.echo(f"{f}: {links[-1]}" + (f"  ({why})" if why else ""))
        click.echo(f"ttr replay: {plural(len(files), 'game')} at {base} (Ctrl-C stops)")
        if open_browser:
            open_when_up(base, links[0])
        sys.stdout.flush()
        install()
        uvicorn.run(app, host=host, port=port, log_level="warning", ws_max_size=64 * 1024, proxy_headers=False,
                    timeout_graceful_shutdown=2)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
