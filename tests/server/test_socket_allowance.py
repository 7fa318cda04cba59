"""A game's socket takes as many messages as a player's page sends, and no flood: past its
allowance a message is not handled, and the page is told so once, in its viewer's language;
a page that keeps flooding has its socket closed, saying why, and the game goes on without it.

The sockets count seconds by a clock the tests move by hand (the ``clock`` dependency)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from game_client import (
    Player,
    clue_message,
    play_out,
    referee,
    scripted,
    seat_table,
    second_browser,
)
from starlette.websockets import WebSocketDisconnect

from openhanabi.server import Settings
from openhanabi.server.allowance import BURST, FLOOD_DEBT
from openhanabi.server.deps import get_clock
from openhanabi.server.i18n import LANGUAGES, translator
from openhanabi.server.sockets import POLICY_VIOLATION

PING, PONG = {"type": "ping"}, {"type": "pong"}
CLOSE_REASON_BYTES = 123  # what a close frame holds besides its code (RFC 6455)


class Clock:
    """Seconds that pass only when the test says so; it counts how often it was read (once as
    each socket opens, then once for each message a socket sends), so that a test may wait for
    the messages it sent to have been counted before it moves the hands."""

    def __init__(self) -> None:
        self.now = 0.0
        self.readings = 0
        self._read = threading.Condition()

    def __call__(self) -> float:
        with self._read:
            self.readings += 1
            self._read.notify_all()
            return self.now

    def counted(self, readings: int) -> None:
        """Wait until the clock has been read ``readings`` times."""
        with self._read:
            assert self._read.wait_for(lambda: self.readings >= readings, timeout=30)


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """Bots without a delay, and the allowance every server has by default."""
    return settings.model_copy(update={"bot_delay_seconds": 0})


@pytest.fixture
def clock(client: TestClient) -> Iterator[Clock]:
    clock = Clock()
    client.app.dependency_overrides[get_clock] = lambda: clock
    yield clock
    client.app.dependency_overrides.clear()


def first_clue(player: Player) -> dict[str, Any]:
    return clue_message(player.state["legal"]["clues"][0])


def test_a_players_fastest_clicking_is_never_refused(
    client: TestClient, clock: Clock, settings: Settings
) -> None:
    other = second_browser(client)
    table = seat_table(client, other)
    url = f"/tables/{table}/socket"
    with client.websocket_connect(url) as ann_socket, other.websocket_connect(url) as ben_socket:
        ann, ben = Player(ann_socket), Player(ben_socket)
        ann.read_state()
        ben.read_state()
        # a flurry at once: clicks, the page's ping, a sync for a frame that went missing
        for _ in range(BURST - 1):
            ann.send(PING)
        ann.send({"type": "sync"})
        assert [ann.read() for _ in range(BURST - 1)] == [PONG] * (BURST - 1)
        assert ann.read()["type"] == "state"

        def quick(state: dict[str, Any]) -> dict[str, Any]:
            clock.now += 0.1  # a move every tenth of a second, bots' moves aside
            return scripted(state)

        # the whole game, Ann with no allowance left at its start: each move is carried out
        # (an error would fail the reading of the states)
        actions = play_out({0: ann, 1: ben}, quick, ann)
    assert len(referee(settings, table).history) == actions


def test_a_flood_is_told_once_and_changes_nothing(
    client: TestClient, clock: Clock, settings: Settings
) -> None:
    other = second_browser(client)
    table = seat_table(client, other)
    url = f"/tables/{table}/socket"
    with (
        client.websocket_connect(f"{url}?lang=de") as ann_socket,
        other.websocket_connect(url) as ben_socket,
    ):
        ann, ben = Player(ann_socket), Player(ben_socket)
        ann.read_state()
        ben.read_state()
        clue = first_clue(ann)
        for _ in range(BURST):
            ann.send(PING)
        ann.send(clue)  # Ann's turn, a legal clue: but past her allowance
        for _ in range(10):
            ann.send({"type": "sync"})
            ann.send({"type": "dance"})
        assert [ann.read() for _ in range(BURST)] == [PONG] * BURST
        assert ann.read() == {
            "type": "error",
            "code": "too_many_messages",
            "message": translator("de")("problem.too_many_messages"),
        }
        clock.counted(2 + BURST + 1 + 20)  # two sockets opened, then Ann's messages
        clock.now += 3.0  # her debt paid, and a few messages more
        ann.send(PING)
        assert ann.read() == PONG  # nothing came before: no state, no second error
        assert referee(settings, table).history == []
        ben.send(PING)
        assert ben.read() == PONG  # Ben was sent no move either
        ann.send(clue)
        assert ann.read_state(1)["actions"] == 1
        assert ben.read_state(1)["actions"] == 1


def test_a_sustained_flood_closes_the_socket_saying_why(
    client: TestClient, clock: Clock, settings: Settings
) -> None:
    other = second_browser(client)
    table = seat_table(client, other)
    url = f"/tables/{table}/socket"
    with other.websocket_connect(url) as ben_socket:
        ben = Player(ben_socket)
        ben.read_state()
        with client.websocket_connect(f"{url}?lang=da") as ann_socket:
            ann = Player(ann_socket)
            ann.read_state()
            clue = first_clue(ann)
            for _ in range(BURST):
                ann.send(PING)
            for _ in range(FLOOD_DEBT):
                ann.send(clue)
            ann.send(PING)  # one more: a socket left open would answer each message
            # the frames on their way when it closes may be lost: the reason says it all
            answered: list[dict[str, Any]] = []
            with pytest.raises(WebSocketDisconnect) as closed_by:
                for _ in range(BURST + FLOOD_DEBT + 1):
                    answered.append(ann_socket.receive_json())
            closed = closed_by.value
        assert answered[:BURST] == [PONG] * len(answered[:BURST])
        assert [frame["code"] for frame in answered[BURST:]] in ([], ["too_many_messages"])
        # a policy violation, which the game page shows instead of reconnecting
        assert closed.code == POLICY_VIOLATION
        assert closed.reason == translator("da")("problem.message_flood")
        assert referee(settings, table).history == []
        # the game goes on: Ann, back with a socket of her own, plays, and Ben sees it
        with client.websocket_connect(url) as ann_socket:
            ann = Player(ann_socket)
            ann.read_state()
            ann.send(clue)
            assert ann.read_state(1)["actions"] == 1
        assert ben.read_state(1)["actions"] == 1


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_reason_a_flood_is_closed_for_fits_a_close_frame(lang: str) -> None:
    reason = translator(lang)("problem.message_flood")
    assert "problem." not in reason
    assert len(reason.encode()) <= CLOSE_REASON_BYTES
