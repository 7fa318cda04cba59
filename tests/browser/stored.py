"""The game as the live server's database holds it: the tests' own referee, read from the
stored record, not from what any page shows."""

from __future__ import annotations

from live_server import LiveServer
from server_helpers import stored_record

from openhanabi.records import replay
from openhanabi.rules import Game
from openhanabi.server import Settings


def stored_game(server: LiveServer, table: int) -> Game:
    """The game of ``table``, replayed from its stored record."""
    return replay(stored_record(Settings(database_url=server.database_url), table))
