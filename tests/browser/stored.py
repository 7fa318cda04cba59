"""The game as the live server's database holds it: the tests' own referee, read from the
stored record, not from what any page shows; and a game stored in its place, as the server
stores one, for a server process started afterwards to go on with."""

from __future__ import annotations

from live_server import LiveServer
from server_helpers import stored_record
from sqlalchemy import create_engine, select
from sqlalchemy.orm import Session

from openhanabi.records import replay
from openhanabi.rules import Game
from openhanabi.server import Settings
from openhanabi.server.games import save
from openhanabi.server.models import GameRecord


def stored_game(server: LiveServer, table: int) -> Game:
    """The game of ``table``, replayed from its stored record."""
    return replay(stored_record(Settings(database_url=server.database_url), table))


def store_game(server: LiveServer, table: int, game: Game) -> None:
    """Store ``game`` as the game of ``table`` (the server stopped): its record written as the
    server writes one, with seed 0 as for an imported record when no seed deals its deck."""
    assert server.process is None, "the running server keeps the game it has"
    engine = create_engine(server.database_url)
    with Session(engine) as db:
        stored = db.scalars(select(GameRecord).where(GameRecord.table_id == table)).one()
        assert stored.table is not None and stored.table.variant == game.variant
        save(stored, game)
        stored.seed = 0
        db.commit()
    engine.dispose()
