"""Alembic migrations of the server's database (run by ttr.server.storage on start)."""
