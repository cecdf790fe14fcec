"""`ttr serve`: the game server (FastAPI on uvicorn), games in SQLite or PostgreSQL."""
from __future__ import annotations

import os
import socket
import sys
import threading
import time
import urllib.request

import click

from .options import engine_option


def default_db() -> str:
    """An SQLite file in the user's data directory (platformdirs)."""
    from platformdirs import user_data_path

    folder = user_data_path("ttr", appauthor=False)  # where ttr play keeps its games too
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'server.db'}"


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="address to listen on")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option("--db", default=None, help="database: a file path or sqlite:///path.db (SQLite), or postgresql://user@host/name "
              "[default: server.db in the user's data directory]")
@click.option("--bot-delay", type=click.FloatRange(0, 60), default=0.6, show_default=True,
              help="seconds a bot waits before each move, so people can follow")
@click.option("--bot-workers", type=click.IntRange(1, 64), default=2, show_default=True,
              help="threads in which bots think")
@click.option("--undo-window", type=click.FloatRange(0, 60), default=3.0, show_default=True,
              help="seconds a bot waits after a move its player may still take back (instead of --bot-delay)")
@click.option("--bot-queue-workers", "bot_queue", type=click.IntRange(1, 64), default=1, show_default=True,
              help="threads in which the bots of games without a person think (games with one never wait for them)")
@click.option("--games-per-minute", type=click.IntRange(0, 10**6), default=20, show_default=True,
              help="new games one client address may create per minute (0: no limit)")
@click.option("--cors-origin", "cors_origins", multiple=True,
              help="allow browsers on this origin (e.g. http://localhost:5173); repeatable; none by default")
@click.option("--cache-size", type=click.IntRange(1, 10**6), default=1000, show_default=True,
              help="games kept in memory (others are rebuilt from the database on demand)")
@click.option("--seat-timeout", type=click.FloatRange(0), default=86400.0, show_default=True,
              help="seconds a seat may keep the game waiting before any player may hand it to a bot")
@click.option("--ws-compression/--no-ws-compression", default=False, show_default=True,
              help="compress WebSocket messages (less traffic, more CPU per message)")
@click.option("--open", "open_browser", is_flag=True,
              help="open the game in a web browser once the server answers (when there is a graphical one)")
@click.option("--log-level", type=click.Choice(["critical", "error", "warning", "info", "debug"]), default="info",
              show_default=True)
@engine_option()
def command(host: str, port: int, db: str | None, bot_delay: float, undo_window: float, bot_workers: int, bot_queue: int,
            games_per_minute: int, cors_origins: tuple[str, ...],
            cache_size: int, seat_timeout: float, ws_compression: bool, open_browser: bool, log_level: str,
            engine: str) -> None:
    """Serve games over HTTP and WebSocket (protocol: docs/protocol.md), and the browser client at /."""
    import uvicorn

    from ..server import create_app
    from ..server.limits import LimitedHttp
    from ..server.logs import install
    from ..server.storage import Taken, safe_url, sole_sqlite_server

    url = db or default_db()
    _check_db_url(url)
    check_port(host, port)
    try:
        lock = sole_sqlite_server(url)  # noqa: F841 - held while the server runs
    except Taken as e:
        raise click.ClickException(str(e)) from None
    except Exception:  # noqa: BLE001 - a malformed URL: opening the database says what is wrong
        lock = None  # noqa: F841
    try:
        app = create_app(url, bot_delay=bot_delay, bot_workers=bot_workers, cors_origins=cors_origins,
                         cache_size=cache_size, seat_timeout=seat_timeout, engine=engine, bot_queue=bot_queue,
                         games_per_minute=games_per_minute, undo_window=undo_window)
    except Exception as e:  # noqa: BLE001 - an unreachable database, a folder that does not exist
        raise click.ClickException(f"cannot open the database {safe_url(url)}: {_first_line(e)}") from None
    shown = f"[{host}]" if ":" in host else host
    click.echo(f"ttr server: http://{shown}:{port}/  (database: {safe_url(url)})")
    if open_browser:
        local = "127.0.0.1" if host in ("0.0.0.0", "::", "") else shown  # noqa: S104 - only a URL to open
        open_when_up(f"http://{local}:{port}/")
    sys.stdout.flush()
    install()
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws_max_size=64 * 1024, proxy_headers=False, http=LimitedHttp,
                ws_per_message_deflate=ws_compression, timeout_graceful_shutdown=5)


DB_KINDS = ("sqlite", "postgresql")
DB_HELP = "give a file path, sqlite:///FILE or postgresql://USER@HOST/NAME"


def _check_db_url(url: str) -> None:
    """--db names a database ttr can use, or a usage error (exit 2) in one line saying why."""
    from sqlalchemy.engine import make_url

    from ..server.storage import database_url, safe_url
    try:
        kind = make_url(database_url(url)).get_backend_name()
    except Exception:  # noqa: BLE001 - SQLAlchemy's parser raises several kinds
        raise click.BadParameter(f"{url!r} is not a database URL: {DB_HELP}", param_hint="'--db'") from None
    if kind not in DB_KINDS:
        raise click.BadParameter(f"{safe_url(url)}: ttr keeps games in SQLite or PostgreSQL, not {kind!r}: "
                                 f"{DB_HELP}", param_hint="'--db'")


def _first_line(e: Exception) -> str:
    """A driver's error without SQLAlchemy's wrapping: its first line, the statement and links dropped."""
    text = str(getattr(e, "orig", None) or e).strip()
    return text.splitlines()[0] if text else type(e).__name__


def has_graphical_browser() -> bool:
    """Whether a browser window can be opened here: not over plain SSH or on a headless machine
    (Python's webbrowser would otherwise fall back to a text browser in this terminal)."""
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def open_when_up(url: str, link: str | None = None) -> None:
    """Open `link` (default: `url`) in the browser once the server at `url` answers (in a thread;
    gives up after 30 s)."""
    if not has_graphical_browser():
        click.echo("no graphical browser here: open the address above in one")
        return

    def wait_then_open() -> None:
        import webbrowser

        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(url + "api/health", timeout=1).read()  # noqa: S310 - our own server
            except OSError:
                time.sleep(0.2)
                continue
            if not webbrowser.open(link or url):
                click.echo("could not open a browser: open the address above in one")
            return

    threading.Thread(target=wait_then_open, name="open-browser", daemon=True).start()


def check_port(host: str, port: int) -> None:
    """A clear error when the address is taken (rather than uvicorn's errno after start-up)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
        try:
            s.bind((host, port))
        except OSError as e:
            # `make run` sets TTR_PORT_HINT: its user chooses the port with PORT=, not --port
            hint = os.environ.get("TTR_PORT_HINT", "--port N")
            raise click.ClickException(f"cannot listen on {host}:{port} ({e.strerror}): another program may "
                                       f"be using it; choose another port with {hint}") from None
