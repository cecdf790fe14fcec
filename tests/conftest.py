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
