"""Alembic migrations of the server's database; :func:`openhanabi.server.db.Database.open`
applies them at start."""
