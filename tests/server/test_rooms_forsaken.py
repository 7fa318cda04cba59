"""A game in play that nobody has moved in for ``game_gone_hours``, and that no player is
watching, is ended with no score, as if a player had stopped it: its table would otherwise stay
in the lobby as "playing" for ever. A game someone moved in lately, or one a player is watching,
goes on."""

from __future__ import annotations

from datetime import timedelta

from fastapi.testclient import TestClient
from game_client import (
    Player,
    play_out,
    referee,
    scripted,
    seat_table,
    second_browser,
    settings,
    stored_record,
)
from sqlalchemy import create_engine, select, update
from sqlalchemy.orm import Session

from openhanabi.records import replay
from openhanabi.rules import ActionType, Termination
from openhanabi.server import Settings
from openhanabi.server.models import GameRecord, GameTable, TableState, now
from openhanabi.server.rooms import Rooms

__all__ = ["settings"]  # bots without a delay


def last_moved(settings: Settings, table: int, hours_ago: float) -> None:
    engine = create_engine(settings.database_url)
    with Session(engine) as db:
        moment = now() - timedelta(hours=hours_ago)
        db.execute(update(GameRecord).where(GameRecord.table_id == table).values(moved_at=moment))
        db.commit()
    engine.dispose()


def state_of(settings: Settings, table: int) -> TableState:
    engine = create_engine(settings.database_url)
    with Session(engine) as db:
        found = db.get(GameTable, table)
        assert found is not None
        state = found.state
    engine.dispose()
    return state


def end_forsaken(client: TestClient, settings: Settings) -> list[int]:
    rooms: Rooms = client.app.state.rooms  # type: ignore[attr-defined]
    gone_after = timedelta(hours=settings.game_gone_hours)
    return client.portal.call(rooms.end_forsaken, gone_after)  # type: ignore[union-attr]


def test_a_game_nobody_moved_in_for_long_is_ended_with_no_score(
    client: TestClient, settings: Settings
) -> None:
    table = seat_table(client, second_browser(client))
    last_moved(settings, table, settings.game_gone_hours + 1)
    assert end_forsaken(client, settings) == [table]
    assert state_of(settings, table) is TableState.FINISHED
    record = stored_record(settings, table)
    assert record.actions[-1].type is ActionType.GAME_OVER
    outcome = replay(record).outcome
    assert outcome is not None and outcome.termination is Termination.ABANDONED
    assert f"/tables/{table}" not in client.get("/").text  # gone from the lobby
    assert end_forsaken(client, settings) == []  # a finished game is not ended again
    # its players still find it, ended, and its replay opens
    with client.websocket_connect(f"/tables/{table}/socket") as socket:
        player = Player(socket)
        player.read_state()
        while player.frames[-1]["type"] != "game_over":
            player.read()
        assert player.frames[-1]["reason"] == "abandoned"
    engine = create_engine(settings.database_url)
    with Session(engine) as db:
        game = db.scalars(select(GameRecord.id).where(GameRecord.table_id == table)).one()
    engine.dispose()
    assert client.get(f"/games/{game}/replay.json").status_code == 200


def test_a_game_moved_in_lately_goes_on(client: TestClient, settings: Settings) -> None:
    table = seat_table(client, second_browser(client))
    last_moved(settings, table, settings.game_gone_hours - 1)
    assert end_forsaken(client, settings) == []
    assert state_of(settings, table) is TableState.PLAYING
    assert referee(settings, table).outcome is None


def test_a_game_a_player_is_watching_goes_on(client: TestClient, settings: Settings) -> None:
    table = seat_table(client, second_browser(client))
    with client.websocket_connect(f"/tables/{table}/socket") as socket:
        Player(socket).read_state()
        last_moved(settings, table, settings.game_gone_hours + 1)
        assert end_forsaken(client, settings) == []
    assert state_of(settings, table) is TableState.PLAYING


def test_each_stored_move_counts_as_a_move(client: TestClient, settings: Settings) -> None:
    """A move stored sets the game's last moment: the wait starts again from it."""
    ben = second_browser(client)
    table = seat_table(client, ben)
    last_moved(settings, table, settings.game_gone_hours + 1)
    url = f"/tables/{table}/socket"
    with client.websocket_connect(url) as ann_socket, ben.websocket_connect(url) as ben_socket:
        players = {0: Player(ann_socket), 1: Player(ben_socket)}
        # up to the second move of a person: one move at least is stored
        play_out(players, scripted, players[0], until=2)
    assert referee(settings, table).history
    assert end_forsaken(client, settings) == []
    assert state_of(settings, table) is TableState.PLAYING
