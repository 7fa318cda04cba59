"""Rooms in memory: a room nobody watches any more leaves memory (its game is its record), and
whoever comes back finds the game as it was; a finished game's room goes too."""

from __future__ import annotations

import asyncio
import time

from fastapi.testclient import TestClient
from game_client import Player, play_out, scripted, seat_table, second_browser, settings

from openhanabi.server.rooms import OUTBOX_FRAMES, TRY_AGAIN_LATER, Rooms, Viewer

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


class Unread:
    """A socket whose browser reads nothing: each send waits for ever (its buffers are full)."""

    def __init__(self) -> None:
        self.sends = 0
        self.closed: tuple[int, str] | None = None

    async def send_text(self, data: str) -> None:
        self.sends += 1
        await asyncio.Event().wait()

    async def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)


def test_a_viewer_that_reads_nothing_never_holds_up_the_table(client: TestClient) -> None:
    """A room sends no frame itself: were it to wait for a socket nobody reads, while it holds
    its lock, nobody could move at that table."""
    other = second_browser(client)
    table = seat_table(client, other)
    url = f"/tables/{table}/socket"
    with client.websocket_connect(url) as ann_socket, other.websocket_connect(url) as ben_socket:
        ann, ben = Player(ann_socket), Player(ben_socket)
        ann.read_state()  # both have joined the room: an accepted socket joins it after
        ben.read_state()
        room = rooms_of(client).rooms[table]
        unread = Unread()

        async def join_and_ask_again_and_again() -> Viewer:
            viewer = await asyncio.wait_for(room.join(unread, None), WAIT_SECONDS)
            for _ in range(OUTBOX_FRAMES + 1):  # each asks for the whole game again
                await asyncio.wait_for(room.receive(viewer, '{"type": "sync"}'), WAIT_SECONDS)
            return viewer

        viewer = client.portal.call(join_and_ask_again_and_again)
        assert unread.sends == 1  # the first frame never went: nothing more was tried
        assert viewer not in room.viewers  # dropped, and told to come back
        assert unread.closed is not None and unread.closed[0] == TRY_AGAIN_LATER
        ann.send(scripted(ann.read_state()))  # and the players play on
        ben.send(scripted(ben.read_state(1)))
        assert ann.read_state(2)["actions"] == 2
