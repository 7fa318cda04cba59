"""The web platform: accounts, a lobby of tables with bots, and games stored as their records.

- :mod:`~openhanabi.server.settings`: :class:`Settings`, every option in one place;
- :mod:`~openhanabi.server.app`: :func:`create_app`, its lifespan and error pages;
- :mod:`~openhanabi.server.db` and :mod:`~openhanabi.server.migrations`: the database and its
  schema, migrated at start; :mod:`~openhanabi.server.models`: the tables;
- :mod:`~openhanabi.server.accounts`, :mod:`~openhanabi.server.lobby`,
  :mod:`~openhanabi.server.games`: what the site does, free of HTTP;
- :mod:`~openhanabi.server.routes`, :mod:`~openhanabi.server.forms`,
  :mod:`~openhanabi.server.pages` and ``templates/``: the pages.

Install with ``pip install 'openhanabi[server]'``; run with ``hanabi serve``.
"""

from openhanabi.server.app import create_app
from openhanabi.server.settings import Settings

__all__ = ["Settings", "create_app"]
