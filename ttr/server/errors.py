"""The server's errors: each carries its HTTP status and a short code (docs/protocol.md, "Errors")."""
from __future__ import annotations


class ServiceError(Exception):
    status = 422
    code = "invalid-request"

    def __init__(self, detail: str):
        super().__init__(detail)
        self.detail = detail

    def body(self) -> dict:
        return {"error": self.code, "detail": self.detail}


class Unauthorized(ServiceError):
    status, code = 401, "bad-token"


class Forbidden(ServiceError):
    status, code = 403, "forbidden"


class NotYourMove(ServiceError):
    status, code = 403, "not-your-move"


class NotFound(ServiceError):
    status, code = 404, "not-found"


class Stale(ServiceError):
    status, code = 409, "stale-turn"


class NotOver(ServiceError):
    status, code = 409, "not-over"


class NotNow(ServiceError):
    """A campaign is not at the step the request is for (a game in progress, a removal pending, ...)."""
    status, code = 409, "not-now"


class TooLarge(ServiceError):
    status, code = 413, "too-large"


class Illegal(ServiceError):
    status, code = 422, "illegal-action"


class CannotUndo(ServiceError):
    status, code = 422, "cannot-undo"


class Invalid(ServiceError):
    """A request that is well-formed JSON but asks for something that cannot be (e.g. 9 players)."""
    status, code = 422, "invalid"


class Unavailable(ServiceError):
    status, code = 503, "unavailable"


class TooMany(ServiceError):
    """A limit per client was reached; `retry_after`: whole seconds until it allows one more."""
    status, code = 429, "too-many-requests"

    def __init__(self, detail: str, retry_after: int):
        super().__init__(detail)
        self.retry_after = retry_after


ERRORS = (Unauthorized, Forbidden, NotYourMove, NotFound, Stale, NotOver, NotNow, TooLarge, Illegal, CannotUndo,
          Invalid, Unavailable, TooMany)
