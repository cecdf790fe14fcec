"""`ttr serve`: its options, the default database in the user's data directory, and a
database it cannot open reported plainly."""
from __future__ import annotations

import pytest
from click.testing import CliRunner

from ttr.cli import main
from ttr.commands.serve import default_db


def test_serve_lists_its_options():
    out = CliRunner().invoke(main, ["serve", "--help"]).output
    for option in ("--host", "--port", "--db", "--bot-delay", "--cors-origin", "--seat-timeout", "--cache-size", "--open"):
        assert option in out


def test_the_default_database_is_in_the_user_data_directory(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_db() == f"sqlite:///{tmp_path / 'ttr' / 'server.db'}"
    assert (tmp_path / "ttr").is_dir()


def test_a_database_that_cannot_be_opened_is_an_error(tmp_path):
    r = CliRunner().invoke(main, ["serve", "--db", f"sqlite:///{tmp_path / 'no' / 'such' / 'dir.db'}"])
    assert r.exit_code == 1 and "cannot open the database" in r.output


def _health_server():
    import http.server
    import threading

    class Health(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 - the stdlib's name
            self.send_response(200 if self.path == "/api/health" else 404)
            self.end_headers()
            self.wfile.write(b"{}")

        def log_message(self, *args):
            pass

    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Health)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv


def test_open_waits_for_the_server_then_opens_the_browser(monkeypatch):
    import threading
    import webbrowser

    from ttr.commands import serve

    opened = threading.Event()
    urls = []
    monkeypatch.setattr(webbrowser, "open", lambda url: urls.append(url) or opened.set() or True)
    monkeypatch.setenv("DISPLAY", ":0")
    srv = _health_server()
    try:
        url = f"http://127.0.0.1:{srv.server_address[1]}/"
        serve.open_when_up(url)
        assert opened.wait(10)
        assert urls == [url]
    finally:
        srv.shutdown()


def test_open_without_a_graphical_browser_only_says_so(monkeypatch, capsys):
    import webbrowser

    from ttr.commands import serve

    monkeypatch.setattr(serve.sys, "platform", "linux")
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setattr(webbrowser, "open", lambda url: pytest.fail("no browser should be opened"))
    serve.open_when_up("http://127.0.0.1:1/")
    assert "open the address above" in capsys.readouterr().out


def test_serve_passes_open_and_prints_the_url(monkeypatch, tmp_path):
    import uvicorn

    from ttr.commands import serve

    asked = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: asked.append(kw))
    monkeypatch.setattr(serve, "open_when_up", lambda url: asked.append(url))
    r = CliRunner().invoke(main, ["serve", "--open", "--port", "8123", "--db", f"sqlite:///{tmp_path / 'g.db'}"])
    assert r.exit_code == 0, r.output
    assert "http://127.0.0.1:8123/" in r.output
    assert asked[0] == "http://127.0.0.1:8123/" and asked[1]["port"] == 8123


def test_a_port_in_use_is_an_error_in_words(tmp_path):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        r = CliRunner().invoke(main, ["serve", "--port", str(port), "--db", f"sqlite:///{tmp_path / 'g.db'}"])
    assert r.exit_code == 1 and f"cannot listen on 127.0.0.1:{port}" in r.output and "--port" in r.output


def test_serve_takes_a_plain_path_as_an_sqlite_file_and_refuses_a_bad_url_cleanly(tmp_path):
    from ttr.server.storage import database_url, safe_url
    assert database_url(str(tmp_path / "g.db")) == f"sqlite:///{tmp_path / 'g.db'}"
    assert database_url("sqlite:///x.db") == "sqlite:///x.db"
    assert safe_url("postgresql://ann:secret@host/db") == "postgresql+psycopg://ann:***@host/db"
    assert safe_url("bad://url:with:colons") == "(not a database URL)"
    res = CliRunner().invoke(main, ["serve", "--port", "0", "--db", "bad://url:with:colons"])
    assert res.exit_code == 2 and "'bad://url:with:colons' is not a database URL" in res.output
    assert "Traceback" not in res.output


@pytest.mark.parametrize("url,kind", [("foo://bar", "foo"), ("mysql://ann:secret@host/db", "mysql")])
def test_serve_refuses_a_database_it_cannot_use_in_one_line_exit_2(url, kind):
    """Not SQLAlchemy's "Can't load plugin: sqlalchemy.dialects:foo": a usage error naming the URL's
    kind and the kinds ttr takes (a password hidden)."""
    res = CliRunner().invoke(main, ["serve", "--port", "0", "--db", url])
    assert res.exit_code == 2, res.output
    (line,) = [x for x in res.output.splitlines() if x.startswith("Error")]
    assert f"not '{kind}'" in line and "SQLite or PostgreSQL" in line and "postgresql://USER@HOST/NAME" in line
    assert "plugin" not in res.output and "sqlalchemy" not in res.output.lower() and "secret" not in res.output


def test_a_second_server_on_one_sqlite_file_is_refused_and_says_why(tmp_path):
    """Each server keeps games in memory and SQLite tells no other process of a change: a second
    process on the same file would serve stale games, so it does not start (the first holds a lock
    on '<file>.lock' until it ends, even by kill -9)."""
    import socket
    import subprocess
    import sys
    import time
    import urllib.request

    def free_port() -> int:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            return s.getsockname()[1]

    db = tmp_path / "one.db"
    first_port = free_port()
    first = subprocess.Popen([sys.executable, "-m", "ttr.cli", "serve", "--port", str(first_port), "--db", str(db)],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{first_port}/api/health", timeout=1).read()
                break
            except OSError:
                assert time.monotonic() < deadline and first.poll() is None, "the first server did not start"
                time.sleep(0.1)
        second = subprocess.run([sys.executable, "-m", "ttr.cli", "serve", "--port", str(free_port()), "--db",
                                 f"sqlite:///{db}"], capture_output=True, text=True, timeout=60)
        assert second.returncode == 1
        assert f"another ttr server (process {first.pid}) serves {db}" in second.stderr
        assert "PostgreSQL" in second.stderr and "Traceback" not in second.stderr
    finally:
        first.kill()
        first.wait(10)
    from ttr.server.storage import sole_sqlite_server
    lock = sole_sqlite_server(str(db))  # the lock went with the killed process
    assert lock is not None
    lock.close()
    assert sole_sqlite_server("postgresql://x@h/db") is None and sole_sqlite_server("sqlite://") is None
