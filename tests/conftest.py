"""Test configuration. Under CI, Hypothesis draws the same examples every run
(derandomize), so a CI result is reproducible; locally it explores new ones."""
from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI"):
    settings.load_profile("ci")
