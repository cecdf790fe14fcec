"""Security headers on every HTTP response: no MIME sniffing, no framing, no referrer (a seat's
link carries its token), and a content security policy that lets the page load only its own
scripts, styles and connections. The API documentation pages (/docs, /redoc) load FastAPI's
viewer from its CDN, so they get every header but the policy."""
from __future__ import annotations

CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; "
       "font-src 'self' data:; connect-src 'self' ws: wss:; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'")
COMMON = [(b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer"),
          (b"x-frame-options", b"DENY")]
DOCS = ("/docs", "/redoc")


class SecurityHeaders:
    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        extra = COMMON if scope.get("path", "").startswith(DOCS) else COMMON + [(b"content-security-policy", CSP.encode())]

        async def with_headers(message):
            if message["type"] == "http.response.start":
                have = {k.lower() for k, _ in message.get("headers", ())}
                message["headers"] = list(message.get("headers", ())) + [(k, v) for k, v in extra if k not in have]
            await send(message)
        return await self.app(scope, receive, with_headers)
