"""Browser tests: a real `ttr serve` (bots without delay or undo window, no limit on new games, a fresh
SQLite file) serving the built
client, driven by Playwright for Python through Debian's Chromium, launched by its path (no browser
download). `make test` builds the client and installs chromium with apt-get when missing.
Screenshots go to test-artifacts/<test>/.
"""
from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from browser_helpers import CHROME_ARGS

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "ttr" / "server" / "static"
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


def _chromium() -> str:
    """Debian's Chromium; `make test` installs it first (scripts/ensure-chromium.sh), once for all workers."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"no Chromium at {CHROMIUM}: run scripts/ensure-chromium.sh (make test does), "
                    "or set CHROMIUM=/path/to/chromium")
    return CHROMIUM


def _client() -> None:
    """The built client; `make test` builds it when missing or stale (npm ci, vite build)."""
    if not (STATIC / "index.html").is_file():
        pytest.fail("the browser client is not built (ttr/server/static/index.html): run `make client`")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """The base URL of a running game server (its own database), for this test session."""
    _client()
    port = _free_port()
    db = tmp_path_factory.mktemp("ttr-server") / "games.db"
    ttr_bin = Path(sys.executable).with_name("ttr")
    cmd = [str(ttr_bin), "serve", "--port", str(port), "--bot-delay", "0", "--undo-window", "0", "--games-per-minute", "0", "--db", f"sqlite:///{db}"]
    log = open(db.with_suffix(".log"), "w")
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(base + "api/health", timeout=1).read()
            break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                pytest.fail(f"ttr serve did not start: {db.with_suffix('.log').read_text()[-2000:]}")
            time.sleep(0.2)
    yield base
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
    log.close()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    path = _chromium()
    pw = sync_playwright().start()
    b = pw.chromium.launch(executable_path=path, args=CHROME_ARGS)
    yield b
    b.close()
    pw.stop()


@pytest.fixture
def artifacts(request) -> Path:
    d = ARTIFACTS / request.node.name.replace("/", "_").replace("[", "-").replace("]", "")
    shutil.rmtree(d, ignore_errors=True)
    d.mkdir(parents=True)
    return d


class Errors(list):
    """Errors the page reported (uncaught exceptions, console errors): a test fails on any,
    except console errors holding a text the test said it expects (`page.errors.expect`)."""

    def __init__(self) -> None:
        super().__init__()
        self.expected: list[str] = []

    def expect(self, text: str) -> None:
        self.expected.append(text)

    def console(self, text: str) -> None:
        if "WebSocket" not in text and not any(e in text for e in self.expected):
            self.append(f"console: {text}")


def _page(browser, errors: Errors, phone: bool = False, lang: str = "en", size: tuple[int, int] | None = None):
    opts = dict(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True) if phone \
        else dict(viewport={"width": 1280, "height": 800})
    if size:
        opts["viewport"] = {"width": size[0], "height": size[1]}
    ctx = browser.new_context(**opts, locale="zh-CN" if lang == "zh" else "en-US")
    # preferences as a new player has them, in the language asked for
    ctx.add_init_script(f"if (!localStorage.getItem('ttr.prefs')) localStorage.setItem('ttr.prefs', "
                        f"{json.dumps(json.dumps({'lang': lang}))});")
    page = ctx.new_page()
    page.set_default_timeout(20000)
    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    page.on("console", lambda m: m.type == "error" and errors.console(m.text))
    page.errors = errors  # type: ignore[attr-defined]
    return ctx, page


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    if rep.when == "call":
        item.failed_call = rep.failed


def _on_failure(request, pages) -> None:
    """A screenshot of every page of a failed test (test-artifacts/<test>/failure-N.png)."""
    if getattr(request.node, "failed_call", False):
        d = ARTIFACTS / request.node.name.replace("/", "_").replace("[", "-").replace("]", "")
        d.mkdir(parents=True, exist_ok=True)
        for i, p in enumerate(pages):
            try:
                p.screenshot(path=str(d / f"failure-{i}.png"))
            except Exception:  # noqa: BLE001 - a closed page
                pass


@pytest.fixture
def page(browser, request):
    errors = Errors()
    ctx, p = _page(browser, errors)
    yield p
    _on_failure(request, [p])
    ctx.close()
    assert not errors, errors


@pytest.fixture
def new_page(browser, request):
    """Make more pages (phone-sized, another language, another window size `size=(w, h)`, another
    player's browser): each in its own context."""
    made = []

    def make(phone: bool = False, lang: str = "en", size: tuple[int, int] | None = None):
        errors = Errors()
        ctx, p = _page(browser, errors, phone, lang, size)
        made.append((ctx, errors, p))
        return p

    yield make
    _on_failure(request, [p for _, _, p in made])
    for ctx, errors, _ in made:
        ctx.close()
    for _, errors, _ in made:
        assert not errors, errors
