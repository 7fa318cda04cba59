"""Rooms in memory: a room nobody watches any more leaves memory (its game is its record), and
whoever comes back finds the game as it was; a finished game's room goes too."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient
from game_client import Player, play_out, scripted, seat_table, second_browser, settings

from openhanabi.server.rooms import Rooms

__all__ = ["settings"]  # bots without a delay
WAIT_SECONDS = 10


def rooms_of(client: TestClient) -> Rooms:
    rooms: Rooms = client.app.state.rooms  # type: ignore[attr-defined]
    return rooms


def wait_until_gone(client: TestClient, table: int) -> None:
    """The server closes a socket's side after the test's side: wait for the room to go."""
    deadline = time.monotonic() + WAIT_SECONDS
    while table in rooms_of(client).rooms:
        assert time.monotonic() < deadline, f"the room of table {table} stayed in memory"
        time.sleep(0.02)


def test_a_room_stays_while_watched_and_leaves_memory_when_nobody_is_left(
    client: TestClient,
) -> None:
    other = second_browser(client)  # its sockets in the app's one event loop
    table = seat_table(client, other)
    url = f"/tables/{table}/socket"
    with client.websocket_connect(url) as ann_socket:
        ann = Player(ann_socket)
        with other.websocket_connect(url) as ben_socket:
            Player(ben_socket).read_state()
        ann.read_state()
        ann.send({"type": "ping"})
        assert ann.read() == {"type": "pong"}  # Ben's leaving is done and Ann still watches
        assert table in rooms_of(client).rooms
    wait_until_gone(client, table)


def test_who_comes_back_finds_the_game_as_it_was(client: TestClient) -> None:
    other = second_browser(client)
    table = seat_table(client, other)
    url = f"/tables/{table}/socket"
    with client.websocket_connect(url) as ann_socket, other.websocket_connect(url) as ben_socket:
        players = {0: Player(ann_socket), 1: Player(ben_socket)}
        halfway = play_out(players, scripted, players[0], until=6)
        before = players[0].read_state(halfway)
    wait_until_gone(client, table)
    with client.websocket_connect(url) as ann_socket:
        assert Player(ann_socket).read_state() == before
        assert table in rooms_of(client).rooms


def test_a_finished_game_s_room_leaves_memory(client: TestClient) -> None:
    other = second_browser(client)
    table = seat_table(client, other)
    url = f"/tables/{table}/socket"
    with client.websocket_connect(url) as ann_socket, other.websocket_connect(url) as ben_socket:
        players = {0: Player(ann_socket), 1: Player(ben_socket)}
        play_out(players, scripted, players[0])
        final = players[0].state
    assert final["outcome"] is not None
    wait_until_gone(client, table)
    with client.websocket_connect(url) as ann_socket:  # the end is still there to see
        assert Player(ann_socket).read_state() == final
