"""The game server (`ttr serve`): FastAPI over the engine, games stored in SQLite or
PostgreSQL, bots playing server-side. The protocol: docs/protocol.md."""
from .app import create_app

__all__ = ["create_app"]
