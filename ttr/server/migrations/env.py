"""Alembic environment: the server hands over its own connection (storage.migrate)."""
from alembic import context

from ttr.server.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
