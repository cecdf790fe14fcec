"""`ttr serve`: its options, the default database in the user's data directory, and a
database it cannot open reported plainly."""
from __future__ import annotations

from click.testing import CliRunner

from ttr.cli import main
from ttr.commands.serve import default_db


def test_serve_lists_its_options():
    out = CliRunner().invoke(main, ["serve", "--help"]).output
    for option in ("--host", "--port", "--db", "--bot-delay", "--cors-origin", "--seat-timeout", "--cache-size"):
        assert option in out


def test_the_default_database_is_in_the_user_data_directory(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_db() == f"sqlite:///{tmp_path / 'ttr' / 'server.db'}"
    assert (tmp_path / "ttr").is_dir()


def test_a_database_that_cannot_be_opened_is_an_error(tmp_path):
    r = CliRunner().invoke(main, ["serve", "--db", f"sqlite:///{tmp_path / 'no' / 'such' / 'dir.db'}"])
    assert r.exit_code == 1 and "cannot open the database" in r.output
