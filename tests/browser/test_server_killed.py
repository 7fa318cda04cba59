"""The server process is killed mid-game (SIGKILL: no shutdown, nothing saved at the last
moment); a new process on the same database lets the players reconnect and finish the game,
and nothing is lost: every seat sees what it saw before, and the record keeps every action."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

import httpx
from game_client import Player, play_out, scripted, seat_table, stored_record
from live_server import LiveServer
from websockets.sync.client import ClientConnection, connect

from openhanabi.records import replay
from openhanabi.server import Settings

RECEIVE_SECONDS = 20.0


class Socket:
    """A real WebSocket read as JSON frames (what :class:`game_client.Player` expects)."""

    def __init__(self, connection: ClientConnection) -> None:
        self.connection = connection

    def receive_json(self) -> Any:
        return json.loads(self.connection.recv(timeout=RECEIVE_SECONDS))

    def send_json(self, message: dict[str, Any]) -> None:
        self.connection.send(json.dumps(message))

    def send_text(self, text: str) -> None:
        self.connection.send(text)


@contextmanager
def seated(
    server: LiveServer, table: int, browsers: list[httpx.Client]
) -> Iterator[dict[int, Player]]:
    """A player on a socket of the live server for each browser's session, by seat."""
    with ExitStack() as sockets:
        players = {}
        for seat, browser in enumerate(browsers):
            cookie = "; ".join(f"{name}={value}" for name, value in browser.cookies.items())
            url = f"{server.socket_url}/tables/{table}/socket"
            connection = sockets.enter_context(connect(url, additional_headers={"Cookie": cookie}))
            players[seat] = Player(Socket(connection))
        yield players


def without_explanations(state: dict[str, Any]) -> dict[str, Any]:
    """A state but for the bots' explanations (kept in memory only, not in the record)."""
    return {**state, "log": [{**line, "explanation": ""} for line in state["log"]]}


def test_a_killed_server_loses_nothing_of_a_game(server: LiveServer) -> None:
    ann, ben = httpx.Client(base_url=server.url), httpx.Client(base_url=server.url)
    table = seat_table(ann, ben, bot="basic")
    with seated(server, table, [ann, ben]) as players:
        halfway = play_out(players, scripted, players[0], until=15)
        before = {seat: player.read_state(halfway) for seat, player in players.items()}
        assert before[0]["outcome"] is None, "the game ended before the server was killed"
        server.kill()
    server.start()

    with seated(server, table, [ann, ben]) as players:
        for seat, player in players.items():
            again = player.read_state()
            assert without_explanations(again) == without_explanations(before[seat])
        actions = play_out(players, scripted, players[before[0]["seat_on_turn"]])

    game = replay(stored_record(Settings(database_url=server.database_url), table))
    assert game.over
    assert len(game.history) == actions > halfway
