"""A restarted server rebuilds every game from its record and the bots' explanations: players
reconnect to the very state they left, and finish the game."""

from __future__ import annotations

from fastapi.testclient import TestClient
from game_client import (
    Player,
    play_out,
    scripted,
    seat_table,
    second_browser,
    settings,
    stored_record,
)

from openhanabi.records import replay
from openhanabi.server import Settings, create_app

__all__ = ["settings"]  # bots without a delay


def test_a_game_goes_on_after_a_restart_with_nothing_lost(settings: Settings) -> None:
    with TestClient(create_app(settings), follow_redirects=False) as ann:
        ben = second_browser(ann)
        # basic plays only cards it knows fit: no strikeout can end the game before the restart
        table = seat_table(ann, ben, bot="basic")
        url = f"/tables/{table}/socket"
        with ann.websocket_connect(url) as ann_socket, ben.websocket_connect(url) as ben_socket:
            players = {0: Player(ann_socket), 1: Player(ben_socket)}
            halfway = play_out(players, scripted, players[0], until=12)
            before = {seat: player.read_state(halfway) for seat, player in players.items()}
        cookies = {0: ann.cookies, 1: ben.cookies}

    with TestClient(create_app(settings), follow_redirects=False, cookies=cookies[0]) as ann:
        ben = second_browser(ann, cookies[1])
        url = f"/tables/{table}/socket"
        with ann.websocket_connect(url) as ann_socket, ben.websocket_connect(url) as ben_socket:
            players = {0: Player(ann_socket), 1: Player(ben_socket)}
            for seat, player in players.items():
                again = player.read_state()
                assert again == before[seat]
            actions = play_out(players, scripted, players[before[0]["seat_on_turn"]])
            assert "game_over" in [frame["type"] for frame in players[0].frames]
            # players read the bots' explanations once the game is over, those from before
            # the restart included
            log = players[0].state["log"][:halfway]
            assert [line["explanation"] for line in log if line["seat"] == 2]
            assert all(line["explanation"] for line in log if line["seat"] == 2)

    game = replay(stored_record(settings, table))
    assert game.over and len(game.history) == actions > halfway
