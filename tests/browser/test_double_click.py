"""A move is sent once for the state it was made in: a double click on Play plays one card, and
the page shows no refusal of a second play out of turn."""

from __future__ import annotations

import json

from game_page import open_game, pick_first_card, wait_for_turn, wait_until_turn_passes
from playwright.sync_api import WebSocket, expect
from ui import OpenPage, join, open_table, register, start


def test_a_double_click_on_play_sends_one_play(open_page: OpenPage) -> None:
    ann, ben = open_page(), open_page()
    sent: list[dict[str, object]] = []

    def listen(socket: WebSocket) -> None:
        socket.on("framesent", lambda frame: sent.append(json.loads(frame)))

    ann.on("websocket", listen)
    register(ann, "ann", "Ann")
    register(ben, "ben", "Ben")
    table = open_table(ann, bots={}, players=2)
    join(ben, table)
    start(ann, table)
    open_game(ann, table)
    wait_for_turn(ann, 0)

    pick_first_card(ann, 0)
    ann.get_by_test_id("play").dblclick()
    wait_until_turn_passes(ann, 0)

    assert [message["type"] for message in sent].count("play") == 1
    expect(ann.get_by_test_id("errors")).to_be_empty()
