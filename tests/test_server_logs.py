"""Tokens never reach the server's logs, and redacting them never loses a log line."""
from __future__ import annotations

import io
import logging

import pytest
from uvicorn.logging import AccessFormatter

from ttr.server.logs import RedactTokens, redact

SECRET = "s3cr3t-T0ken_value"


@pytest.mark.parametrize("path", [
    f"/api/games/7?token={SECRET}",
    f"/api/games/7?seat=1&token={SECRET}&x=2",
    f"/api/games/7?%74oken={SECRET}",          # the name percent-encoded
    f"/api/games/7?TOKEN={SECRET}",
    f"/ws/7?seat_token={SECRET}",
])
def test_an_access_line_keeps_its_fields_and_loses_the_token(path):
    """uvicorn's access formatter reads the record's five arguments: the filter redacts them in
    place (emptying them made every such request print a 'Logging error' instead of its line)."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(AccessFormatter('%(client_addr)s - "%(request_line)s" %(status_code)s', use_colors=False))
    logger = logging.getLogger("test.ttr.access")
    logger.handlers, logger.propagate = [handler], False
    logger.setLevel(logging.INFO)
    logger.addFilter(RedactTokens())
    errors = []
    handler.handleError = lambda record: errors.append(record)  # type: ignore[method-assign]
    logger.info('%s - "%s %s HTTP/%s" %d', "127.0.0.1:5000", "GET", path, "1.1", 200)
    line = stream.getvalue()
    assert not errors
    assert SECRET not in line and "=***" in line
    assert line.startswith("127.0.0.1:5000 - \"GET /api/games/7") or line.startswith("127.0.0.1:5000 - \"GET /ws/7")
    assert line.rstrip().endswith("200 OK")


def test_other_parameters_and_plain_messages_are_left_alone():
    assert redact("/api/games?map=usa&players=3") == "/api/games?map=usa&players=3"
    assert redact(f"connection open token={SECRET} now") == "connection open token=*** now"
