"""A move the database cannot store did not happen: its player is told so in their language,
nobody sees it, and the same move can be made again once the database stores it."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from game_client import Player, referee, scripted, seat_table, second_browser, settings
from sqlalchemy import event
from sqlalchemy.exc import OperationalError

from openhanabi.server import Settings, rooms
from openhanabi.server.db import Database
from openhanabi.server.i18n import translator

__all__ = ["settings"]  # bots without a delay
WAIT_SECONDS = 10


def refuse_game_updates(database: Database, after: int = 0, count: int = 1) -> list[str]:
    """The database refuses the next ``count`` updates of a game's row once ``after`` more have
    been stored, as a full disk, a lost connection or a long lock would; returns the statements
    it refused."""
    refused: list[str] = []
    stored: list[str] = []

    def refuse(_conn: Any, _cursor: Any, statement: str, params: Any, *_: Any) -> None:
        if len(refused) >= count or not statement.lstrip().upper().startswith("UPDATE GAMES"):
            return
        if len(stored) < after:
            stored.append(statement)
            return
        refused.append(statement)
        raise OperationalError(statement, params, Exception("database is locked"))

    event.listen(database.engine, "before_cursor_execute", refuse)
    return refused


def test_a_move_that_cannot_be_stored_is_refused_and_can_be_made_again(
    client: TestClient, settings: Settings
) -> None:
    other = second_browser(client)
    table = seat_table(client, other)
    database: Database = client.app.state.database  # type: ignore[attr-defined]
    url = f"/tables/{table}/socket?lang=da"
    with client.websocket_connect(url) as ann_socket, other.websocket_connect(url) as ben_socket:
        ann, ben = Player(ann_socket), Player(ben_socket)
        move = scripted(ann.read_state())
        ben.read_state()
        refused = refuse_game_updates(database)
        said = ann.error(move)
        assert refused, "the move was stored after all"
        assert said == translator("da")("problem.not_stored")
        assert ann.state["actions"] == 0 and referee(settings, table).history == []
        ann.send(move)  # the database stores it now
        assert ann.read_state(1)["seat_on_turn"] == 1
        assert ben.read_state(1)["actions"] == 1
        assert ben.frames[-1]["type"] in ("state", "delta")  # Ben saw only the stored move
        assert not any(frame["type"] == "error" for frame in ben.frames)
    assert len(referee(settings, table).history) == 1


def test_a_bots_move_that_cannot_be_stored_is_made_again(
    client: TestClient, settings: Settings
) -> None:
    other = second_browser(client)
    table = seat_table(client, other)  # the bot sits in seat 3, after Ann and Ben
    database: Database = client.app.state.database  # type: ignore[attr-defined]
    url = f"/tables/{table}/socket"
    with client.websocket_connect(url) as ann_socket, other.websocket_connect(url) as ben_socket:
        ann, ben = Player(ann_socket), Player(ben_socket)
        ann.send(scripted(ann.read_state()))
        state = ben.read_state(1)  # Ann's move is stored
        refused = refuse_game_updates(database, after=1)  # Ben's move, then the bot's
        ben.send(scripted(state))
        state = ann.read_state(3)  # the bot's move, stored at its second try
        assert len(refused) == 1 and state["seat_on_turn"] == 0
        assert not any(frame["type"] == "error" for frame in ann.frames + ben.frames)
    assert len(referee(settings, table).history) == 3


def test_a_bot_that_gave_up_storing_its_move_tries_again_when_a_player_pings(
    client: TestClient, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The database away for longer than the bot's tries (a long lock, a full disk): the
    players' pages, which stay open and ping now and then, set the bot going again."""
    monkeypatch.setattr(rooms, "BOT_TURN_TRIES", 2)
    other = second_browser(client)
    table = seat_table(client, other)  # the bot sits in seat 3, after Ann and Ben
    database: Database = client.app.state.database  # type: ignore[attr-defined]
    url = f"/tables/{table}/socket"
    with client.websocket_connect(url) as ann_socket, other.websocket_connect(url) as ben_socket:
        ann, ben = Player(ann_socket), Player(ben_socket)
        ann.send(scripted(ann.read_state()))
        state = ben.read_state(1)  # Ann's move is stored
        # Ben's move is stored, then both of the bot's tries are refused
        refused = refuse_game_updates(database, after=1, count=2)
        ben.send(scripted(state))
        ann.read_state(2)
        deadline = time.monotonic() + WAIT_SECONDS
        while len(refused) < 2 or not rooms_idle_bots(client, table):
            assert time.monotonic() < deadline, "the bot did not give up"
            time.sleep(0.05)
        ann.send({"type": "ping"})  # the database is back: the bot's move is stored now
        deadline = time.monotonic() + WAIT_SECONDS
        while len(referee(settings, table).history) < 3:
            assert time.monotonic() < deadline, "the bot did not try again"
            time.sleep(0.05)
        assert ann.read_state(3)["seat_on_turn"] == 0


def rooms_idle_bots(client: TestClient, table: int) -> bool:
    """Whether the bots of ``table``'s room have stopped trying."""
    room = client.app.state.rooms.rooms[table]  # type: ignore[attr-defined]
    return room.bot_task is not None and room.bot_task.done()
