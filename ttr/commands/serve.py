"""`ttr serve`: the game server (FastAPI on uvicorn), games in SQLite or PostgreSQL."""
from __future__ import annotations

import sys

import click


def default_db() -> str:
    """An SQLite file in the user's data directory (platformdirs)."""
    from platformdirs import user_data_path

    folder = user_data_path("ttr", appauthor=False)  # where ttr play keeps its games too
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'server.db'}"


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="address to listen on")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option("--db", default=None, help="database URL: sqlite:///path.db or postgresql://user@host/name "
              "[default: server.db in the user's data directory]")
@click.option("--bot-delay", type=click.FloatRange(0, 60), default=0.6, show_default=True,
              help="seconds a bot waits before each move, so people can follow")
@click.option("--bot-workers", type=click.IntRange(1, 64), default=2, show_default=True,
              help="threads in which bots think")
@click.option("--cors-origin", "cors_origins", multiple=True,
              help="allow browsers on this origin (e.g. http://localhost:5173); repeatable; none by default")
@click.option("--cache-size", type=click.IntRange(1, 10**6), default=1000, show_default=True,
              help="games kept in memory (others are rebuilt from the database on demand)")
@click.option("--seat-timeout", type=click.FloatRange(0), default=86400.0, show_default=True,
              help="seconds a seat may keep the game waiting before any player may hand it to a bot")
@click.option("--ws-compression/--no-ws-compression", default=False, show_default=True,
              help="compress WebSocket messages (less traffic, more CPU per message)")
@click.option("--log-level", type=click.Choice(["critical", "error", "warning", "info", "debug"]), default="info",
              show_default=True)
def command(host: str, port: int, db: str | None, bot_delay: float, bot_workers: int, cors_origins: tuple[str, ...],
            cache_size: int, seat_timeout: float, ws_compression: bool, log_level: str) -> None:
    """Serve games over HTTP and WebSocket (protocol: docs/protocol.md), and the browser client at /."""
    import uvicorn

    from ..server import create_app
    from ..server.logs import install
    from ..server.storage import safe_url

    url = db or default_db()
    try:
        app = create_app(url, bot_delay=bot_delay, bot_workers=bot_workers, cors_origins=cors_origins,
                         cache_size=cache_size, seat_timeout=seat_timeout)
    except Exception as e:  # noqa: BLE001 - a bad URL or an unreachable database
        raise click.ClickException(f"cannot open the database {safe_url(url)}: {e}") from None
    shown = f"[{host}]" if ":" in host else host
    click.echo(f"ttr server: http://{shown}:{port}/  (database: {safe_url(url)})")
    sys.stdout.flush()
    install()
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws_max_size=64 * 1024, proxy_headers=False,
                ws_per_message_deflate=ws_compression, timeout_graceful_shutdown=5)
