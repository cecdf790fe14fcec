"""Tokens never reach the logs: uvicorn's access and WebSocket lines carry the query
string, so `token=` values are replaced by `token=***` before a line is written."""
from __future__ import annotations

import logging
import re

_TOKEN = re.compile(r"(token=)[^&\s\"']*", re.IGNORECASE)


class RedactTokens(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        msg = record.getMessage()
        clean = _TOKEN.sub(r"\1***", msg)
        if clean != msg:
            record.msg, record.args = clean, ()
        return True


def install() -> None:
    """Add the filter to uvicorn's loggers (once)."""
    for name in ("uvicorn.access", "uvicorn.error", "uvicorn"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())
