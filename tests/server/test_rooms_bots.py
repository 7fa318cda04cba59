"""A bot's move is worked out off the server's event loop: while a bot thinks (a searching bot
takes a good part of a second a move), the server goes on answering everyone else."""

from __future__ import annotations

import threading
import time
from typing import Any, ClassVar

import pytest
from fastapi.testclient import TestClient
from game_client import Player, referee, scripted, seat_table, second_browser, settings
from sqlalchemy import create_engine, select
from sqlalchemy.orm import Session

from openhanabi.bots import registry, seat_seed
from openhanabi.bots.basic import BasicBot
from openhanabi.rules import Action, Game, SeatView, find_variant
from openhanabi.server import Settings, rooms
from openhanabi.server.models import GameRecord

__all__ = ["settings"]  # bots without a delay
THINKING_SECONDS = 1.5
WAIT_SECONDS = 10


class ThinkingBot(BasicBot):
    """The basic bot, after a pause for thought; it says when it starts thinking."""

    name = "thinker"
    summary = "the basic bot, slowly"
    thinking = threading.Event()

    def act(self, view: SeatView) -> Action:
        ThinkingBot.thinking.set()
        time.sleep(THINKING_SECONDS)
        return super().act(view)


@pytest.fixture
def thinker(monkeypatch: pytest.MonkeyPatch) -> type[ThinkingBot]:
    monkeypatch.setitem(registry._BOTS, ThinkingBot.name, ThinkingBot)
    ThinkingBot.thinking.clear()
    return ThinkingBot


def test_a_player_is_answered_while_a_bot_thinks(
    client: TestClient, thinker: type[ThinkingBot]
) -> None:
    other = second_browser(client)
    table = seat_table(client, other, bot=thinker.name)
    url = f"/tables/{table}/socket"
    with client.websocket_connect(url) as ann_socket, other.websocket_connect(url) as ben_socket:
        ann, ben = Player(ann_socket), Player(ben_socket)
        ann.send(scripted(ann.read_state()))
        ben.send(scripted(ben.read_state(1)))  # then the bot's turn (seat 3)
        assert thinker.thinking.wait(WAIT_SECONDS), "the bot never took its turn"
        asked = time.monotonic()
        ann.send({"type": "ping"})
        while (message := ann.read())["type"] != "pong":
            assert message["type"] in ("state", "delta"), message
        assert time.monotonic() - asked < THINKING_SECONDS / 2
        assert ann.read_state(3)["actions"] == 3  # and the bot's move came after all


def test_a_player_who_comes_back_while_a_bot_thinks_is_sent_the_game_at_once(
    client: TestClient, thinker: type[ThinkingBot]
) -> None:
    """The bot thinks without holding its table: a second tab, or a browser whose socket
    dropped, is sent the game as it stands, then the bot's move when it comes."""
    other = second_browser(client)
    table = seat_table(client, other, bot=thinker.name)
    url = f"/tables/{table}/socket"
    with client.websocket_connect(url) as ann_socket, other.websocket_connect(url) as ben_socket:
        ann, ben = Player(ann_socket), Player(ben_socket)
        ann.send(scripted(ann.read_state()))
        ben.send(scripted(ben.read_state(1)))
        assert thinker.thinking.wait(WAIT_SECONDS), "the bot never took its turn"
        asked = time.monotonic()
        with second_browser(client, client.cookies).websocket_connect(url) as tab_socket:
            tab = Player(tab_socket)
            state = tab.read_state()
            assert time.monotonic() - asked < THINKING_SECONDS / 2
            assert state["actions"] == 2 and state["seat_on_turn"] == 2
            assert tab.read_state(3)["actions"] == 3  # and the bot's move came after all


def test_a_game_stopped_while_a_bot_thinks_ends_at_once_without_the_bots_move(
    client: TestClient, settings: Settings, thinker: type[ThinkingBot]
) -> None:
    other = second_browser(client)
    table = seat_table(client, other, bot=thinker.name)
    url = f"/tables/{table}/socket"
    with client.websocket_connect(url) as ann_socket, other.websocket_connect(url) as ben_socket:
        ann, ben = Player(ann_socket), Player(ben_socket)
        ann.send(scripted(ann.read_state()))
        ben.send(scripted(ben.read_state(1)))
        assert thinker.thinking.wait(WAIT_SECONDS), "the bot never took its turn"
        asked = time.monotonic()
        ann.send({"type": "stop"})
        while (message := ann.read())["type"] != "game_over":
            assert message["type"] in ("state", "delta"), message
        assert time.monotonic() - asked < THINKING_SECONDS / 2
        assert message["reason"] == "abandoned"
        time.sleep(THINKING_SECONDS)  # the bot has finished thinking: its move is not made
    game = referee(settings, table)
    assert game.outcome is not None and len(game.history) == 2


def to_the_bots_first_move(client: TestClient, bot: str) -> tuple[int, dict[str, Any]]:
    """Ann and Ben seated with ``bot`` in seat 3 each make a move, and the bot makes its first;
    returns the table's id and Ann's state once the bot has moved."""
    other = second_browser(client)
    table = seat_table(client, other, bot=bot)
    url = f"/tables/{table}/socket"
    with client.websocket_connect(url) as ann_socket, other.websocket_connect(url) as ben_socket:
        ann, ben = Player(ann_socket), Player(ben_socket)
        ann.send(scripted(ann.read_state()))
        ben.send(scripted(ben.read_state(1)))
        return table, ann.read_state(3)


class SeedSpy(BasicBot):
    """The basic bot, which notes the seed it was made with."""

    name = "seed-spy"
    summary = "the basic bot, noting its seed"
    seeds: ClassVar[list[int]] = []

    def act(self, view: SeatView) -> Action:
        SeedSpy.seeds.append(self.seed)
        return super().act(view)


def test_a_bot_at_a_table_is_not_given_the_seed_that_dealt_its_game(
    client: TestClient, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(registry._BOTS, SeedSpy.name, SeedSpy)
    SeedSpy.seeds.clear()
    to_the_bots_first_move(client, SeedSpy.name)
    with Session(create_engine(settings.database_url)) as db:
        stored = db.scalars(select(GameRecord)).one()
        deal = Game.new(find_variant("base", players=3), stored.seed)
    assert SeedSpy.seeds == [seat_seed(stored.seed, 2)]
    # from its own seed, the bot cannot deal its game again and see its cards
    assert Game.new(deal.variant, SeedSpy.seeds[0]).deck != deal.deck


class Breaks(BasicBot):
    """A bot that raises whenever it is asked to act."""

    name = "breaks"
    summary = "raises as it acts"

    def act(self, view: SeatView) -> Action:
        raise RuntimeError("out of ideas")


def test_a_bot_that_fails_at_a_table_has_a_basic_bot_stand_in_and_the_game_goes_on(
    client: TestClient, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(registry._BOTS, Breaks.name, Breaks)
    table, state = to_the_bots_first_move(client, Breaks.name)
    assert state["outcome"] is None and state["seat_on_turn"] == 0  # the bot's turn was taken
    game = referee(settings, table)
    before = Game(game.variant, game.deck)
    for action in game.history[:2]:
        before.apply(action)
    # the turn is the move a basic bot makes from the failing bot's own view
    assert game.history[2] == BasicBot(2, game.variant).act(before.view(2))
    with Session(create_engine(settings.database_url)) as db:
        stored = db.scalars(select(GameRecord)).one()
        assert stored.explanations["2"].startswith("(breaks failed; a basic bot stood in) ")
        said = stored.reasons["2"]
    assert said["key"] == "stand_in"
    assert said["params"]["bot"] == "breaks" and said["params"]["stand_in"] == "basic"


class Hangs(BasicBot):
    """A bot that thinks for longer than a table waits, every time it is asked."""

    name = "hangs"
    summary = "thinks too long"
    asked: ClassVar[int] = 0

    def act(self, view: SeatView) -> Action:
        Hangs.asked += 1
        time.sleep(THINKING_SECONDS)
        return super().act(view)


def test_a_bot_that_thinks_too_long_gives_its_seat_to_a_basic_bot_for_the_game(
    client: TestClient, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its move, asleep, cannot be stopped before it wakes and may still be at work: a basic bot
    plays that seat from then on, and the table goes on."""
    monkeypatch.setitem(registry._BOTS, Hangs.name, Hangs)
    monkeypatch.setattr(rooms, "BOT_SECONDS", 0.2)
    Hangs.asked = 0
    other = second_browser(client)
    table = seat_table(client, other, bot=Hangs.name)
    url = f"/tables/{table}/socket"
    with client.websocket_connect(url) as ann_socket, other.websocket_connect(url) as ben_socket:
        ann, ben = Player(ann_socket), Player(ben_socket)
        ann.send(scripted(ann.read_state()))
        ben.send(scripted(ben.read_state(1)))
        ann.send(scripted(ann.read_state(3)))  # the bot's seat has moved: the stand-in's move
        ben.send(scripted(ben.read_state(4)))
        assert ann.read_state(6)["seat_on_turn"] == 0  # and it has moved again, at once
    assert Hangs.asked == 1  # asked once, never again
    with Session(create_engine(settings.database_url)) as db:
        stored = db.scalars(select(GameRecord)).one()
        assert stored.explanations["2"].startswith("(hangs failed; a basic bot stood in) ")
        assert len(stored.record["actions"]) >= 6


class Spins(BasicBot):
    """A bot lost in a loop that shrugs off every ordinary exception; its ``finally`` says
    when the loop was stopped."""

    name = "spins"
    summary = "loops for ever"
    stopped = threading.Event()

    def act(self, view: SeatView) -> Action:
        try:
            while True:
                try:
                    pass
                except Exception:
                    continue
        finally:
            Spins.stopped.set()


def test_a_bot_lost_in_a_loop_is_stopped_once_its_seat_is_given_away(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Left running, the loop would keep a core busy for as long as the server runs."""
    monkeypatch.setitem(registry._BOTS, Spins.name, Spins)
    monkeypatch.setattr(rooms, "BOT_SECONDS", 0.2)
    Spins.stopped.clear()
    other = second_browser(client)
    table = seat_table(client, other, bot=Spins.name)
    url = f"/tables/{table}/socket"
    with client.websocket_connect(url) as ann_socket, other.websocket_connect(url) as ben_socket:
        ann, ben = Player(ann_socket), Player(ben_socket)
        ann.send(scripted(ann.read_state()))
        ben.send(scripted(ben.read_state(1)))
        assert ann.read_state(3)["seat_on_turn"] == 0  # the stand-in moved for the bot's seat
        assert Spins.stopped.wait(WAIT_SECONDS), "the bot's loop runs on"
