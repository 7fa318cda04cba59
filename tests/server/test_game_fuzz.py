"""Whatever a socket sends, a bad message gets a clear error, the game does not change and the
socket stays open."""

from __future__ import annotations

from fastapi.testclient import TestClient
from game_client import Player, referee, seat_table, second_browser, settings

from openhanabi.server import Settings

__all__ = ["settings"]  # bots without a delay

BAD = [
    ("not json", "JSON object"),
    ("[1, 2]", "JSON object"),
    ('{"type": "dance"}', "unknown message type"),
    ('{"slot": 1}', "needs a type"),
    ('{"type": "play"}', "either slot or order"),
    ('{"type": "play", "slot": "1"}', "slot"),
    ('{"type": "play", "slot": 1, "cheat": true}', "not a field"),
    ('{"type": "clue", "target": 1}', "either a colour or a rank"),
    ('{"type": "clue", "target": 1, "colour": "purple"}', "cannot be named"),
    ('{"type": "clue", "target": 0, "rank": 1}', "not allowed"),
    ('{"type": "discard", "slot": 1}', "not allowed"),
    ('{"type": "play", "order": 49}', "not allowed"),
    ('{"type": "play", "slot": 9}', "no slot 9"),
    ('{"type": "choose", "order": 0}', "not allowed"),
    ("x" * 100_000, "at most"),
]


def test_bad_messages_get_errors_and_change_nothing(client: TestClient, settings: Settings) -> None:
    other = second_browser(client)
    table = seat_table(client, other)
    url = f"/tables/{table}/socket"
    watcher = second_browser(client)
    with (
        client.websocket_connect(url) as ann_socket,
        other.websocket_connect(url) as ben_socket,
        watcher.websocket_connect(url) as watch_socket,
    ):
        ann, ben, watch = Player(ann_socket), Player(ben_socket), Player(watch_socket)
        for player in (ann, ben, watch):
            player.read_state()
        for text, reason in BAD:
            assert reason in ann.error(text)
        assert "turn" in ben.error({"type": "clue", "target": 0, "rank": 1})
        assert "spectators" in watch.error({"type": "clue", "target": 0, "rank": 1})
        assert referee(settings, table).history == []
        ann.send({"type": "ping"})
        assert ann.read() == {"type": "pong"}
        ann.send({"type": "clue", "target": 1, "rank": 1})
        assert ann.read_state(1)["actions"] == 1
