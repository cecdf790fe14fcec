"""Test configuration. Under CI, Hypothesis draws the same examples every run
(derandomize), so a CI result is reproducible; locally it explores new ones."""
from __future__ import annotations

import os

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(autouse=True)
def _data_dir(tmp_path_factory, monkeypatch):
    """`ttr play` saves games in the user's data directory: a temporary one in tests."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))


@pytest.fixture(scope="session")
def postgres():
    """A PostgreSQL server for this test session (see pg_server.py). Under CI a missing
    PostgreSQL fails the tests; elsewhere they are skipped."""
    from pg_server import PgServer, ensure_installed

    bindir = ensure_installed()
    if bindir is None:
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL is not installed and could not be installed")
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql)")
    server = PgServer(bindir)
    yield server
    server.stop()


@pytest.fixture
def pg_url(postgres):
    """A fresh, empty database on the session's PostgreSQL server."""
    return postgres.new_database()
