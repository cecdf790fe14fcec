"""Tokens never reach the logs: uvicorn's access and WebSocket lines carry the query
string, so a token's value is replaced by `***` before a line is written: in the message and in
each of its arguments (uvicorn's access formatter reads the arguments themselves, so they are
redacted in place, never dropped). A query parameter counts as a token when its name, decoded
(`%74oken` is `token`), contains "token"."""
from __future__ import annotations

import logging
import re
from urllib.parse import unquote_plus

_PARAM = re.compile(r"(^|[?&;])([^=&;?\s\"'#]+)=([^&;\s\"'#]*)")
_TOKEN = re.compile(r"(token=)[^&\s\"']*", re.IGNORECASE)


def _param(m: re.Match) -> str:
    if "token" in unquote_plus(m.group(2)).lower():
        return f"{m.group(1)}{m.group(2)}=***"
    return m.group(0)


def redact(text: str) -> str:
    """`text` with every token's value replaced by ***."""
    return _TOKEN.sub(r"\1***", _PARAM.sub(_param, text))


class RedactTokens(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        args = record.args
        if isinstance(args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in args)
        elif isinstance(args, dict):
            record.args = {k: redact(v) if isinstance(v, str) else v for k, v in args.items()}
        return True


def install() -> None:
    """Add the filter to uvicorn's loggers (once)."""
    for name in ("uvicorn.access", "uvicorn.error", "uvicorn"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())
