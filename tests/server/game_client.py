"""Helpers for the live game's tests: a table of two players and a bot, and players that read
their socket's messages and answer from their own state."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, select
from sqlalchemy.orm import Session
from starlette.testclient import WebSocketTestSession
from web_client import post, register

from openhanabi.records import Record
from openhanabi.rules import Game
from openhanabi.server import Settings
from openhanabi.server.frames import apply_delta
from openhanabi.server.games import rebuild
from openhanabi.server.models import GameRecord

TABLE_URL = re.compile(r"^/tables/(\d+)$")
Move = Callable[[dict[str, Any]], dict[str, Any]]


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """The shared settings with bots that act at once, and sockets that may send as fast as
    the tests' players do, which is as fast as a program can (import this fixture into a test
    module; test_socket_allowance.py tests the sockets' allowance of messages)."""
    update = {
        "bot_delay_seconds": 0,
        "socket_messages_per_second": 1e9,
        "socket_message_burst": 10**9,
    }
    return settings.model_copy(update=update)


def second_browser(
    client: TestClient, cookies: Any = None, address: str = "testclient"
) -> TestClient:
    """Another browser on the running app of ``client``, with its own cookies, at ``address``
    (every test client's by default), whose sockets run in the app's one event loop (an
    unentered client would start a loop per socket)."""
    browser = TestClient(
        client.app, follow_redirects=False, cookies=cookies, client=(address, 50000)
    )
    browser.portal = client.portal
    return browser


def seat_table(client: TestClient, other: TestClient, bot: str = "basic", **form: str) -> int:
    """Ann (``client``) opens a table of three with ``bot`` in seat 3, Ben (``other``) joins,
    Ann starts the game; returns the table's id."""
    register(client, "ann", "Ann")
    register(other, "ben", "Ben")
    response = post(client, "/tables", {"variant": "base", "players": "3", "seat_3": bot, **form})
    assert response.status_code == 303, response.text
    match = TABLE_URL.match(response.headers["location"])
    assert match
    table = int(match.group(1))
    assert post(other, f"/tables/{table}/join").status_code == 303
    assert post(client, f"/tables/{table}/start").status_code == 303
    return table


class Player:
    """One socket: every frame it received, and the state as it stood after each (a ``delta``
    applied to the state before it, as the game page does); the last state without its frame
    number ``seq``, which counts the socket's state and delta frames without a gap."""

    def __init__(self, socket: WebSocketTestSession) -> None:
        self.socket = socket
        self.frames: list[dict[str, Any]] = []
        self.states: list[dict[str, Any]] = []  # after each frame, with its seq
        self.state: dict[str, Any] = {}

    def read(self) -> dict[str, Any]:
        message: dict[str, Any] = self.socket.receive_json()
        self.frames.append(message)
        before = self.states[-1] if self.states else {}
        if message["type"] == "state":
            assert message["seq"] == before.get("seq", -1) + 1, (message["seq"], before)
            self.states.append(message)
        elif message["type"] == "delta":
            assert before, "a delta before any state"
            assert message["seq"] == before["seq"] + 1, (message["seq"], before["seq"])
            self.states.append(apply_delta(before, message))
        else:
            self.states.append(before)
        if message["type"] in ("state", "delta"):
            self.state = {key: value for key, value in self.states[-1].items() if key != "seq"}
        return message

    def read_state(self, actions: int = 0) -> dict[str, Any]:
        """Read until a state after at least ``actions`` actions (failing on an error)."""
        while not self.state or self.state["actions"] < actions:
            message = self.read()
            assert message["type"] != "error", message
        return self.state

    def send(self, message: dict[str, Any]) -> None:
        self.socket.send_json(message)

    def error(self, message: Any) -> str:
        """Send ``message`` (raw text if a string) and return the error it gets."""
        if isinstance(message, str):
            self.socket.send_text(message)
        else:
            self.send(message)
        answer = self.read()
        assert answer["type"] == "error", answer
        text: str = answer["message"]
        return text


def scripted(state: dict[str, Any]) -> dict[str, Any]:
    """Discard slot 1 when allowed, else clue the next player 1s (or any clue), else play."""
    legal = state["legal"]
    if legal["choices"]:
        return {"type": "choose", "order": legal["choices"][0]}
    clues = legal["clues"]
    if state["pending"]:
        return clue_message(clues[0])
    if legal["discard"]:
        return {"type": "discard", "slot": 1}
    after = (state["seat"] + 1) % len(state["players"])
    ones = [clue for clue in clues if clue["target"] == after and clue.get("rank") == 1]
    if ones or clues:
        return clue_message((ones or clues)[0])
    return {"type": "play", "slot": 1}


def clue_message(clue: dict[str, Any]) -> dict[str, Any]:
    message = {"type": "clue", "target": clue["target"]}
    message |= {"colour": clue["colour"]} if "colour" in clue else {"rank": clue["rank"]}
    return message


def play_out(players: dict[int, Player], move: Move, start: Player, until: int = 0) -> int:
    """Play until the game ends (or, with ``until``, a player's turn after that many actions),
    each seated player answering its own states with ``move``; returns how many actions were
    taken. Bots play their own turns."""
    current, actions = start, 0
    while True:
        state = current.read_state(actions)
        actions = state["actions"]
        if state["outcome"] is not None:
            break
        seat = state["seat_on_turn"]
        if seat in players:
            current = players[seat]
            if until and actions >= until:
                return actions
            current.send(move(current.read_state(actions)))
        actions += 1
    for player in players.values():
        player.read_state(actions)
        assert player.read()["type"] == "game_over"
    return actions


def stored_record(settings: Settings, table: int) -> Record:
    with Session(create_engine(settings.database_url)) as db:
        stored = db.scalars(select(GameRecord).where(GameRecord.table_id == table)).one()
        return Record.from_dict(stored.record)


def referee(settings: Settings, table: int) -> Game:
    """The game as the database holds it now (the test's own referee, not the server's room)."""
    with Session(create_engine(settings.database_url)) as db:
        stored = db.scalars(select(GameRecord).where(GameRecord.table_id == table)).one()
        return rebuild(stored)
