"""A player alone with bots may ask, on their turn, what the conventions bot would do in their
seat: the answer is the move a bot made afresh in that seat picks from the seat's view alone,
with its reason in the player's language, and asking changes nothing. At a table with other
people, for spectators, off turn and after the game, the question is refused."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from game_client import Player, play_out, referee, scripted, seat_table, second_browser, settings
from hypothesis import given
from hypothesis import settings as hyp_settings
from hypothesis import strategies as st
from web_client import post, register

from openhanabi.bots import BESIDE_PEOPLE, Bot, make_bot
from openhanabi.rules import Action, ActionType, Game, find_variant
from openhanabi.server import Settings, protocol, reasons, rooms
from openhanabi.server.i18n import translator

__all__ = ["settings"]  # bots without a delay
TABLE_URL = re.compile(r"^/tables/(\d+)$")
ASK = {"type": "suggest"}


def solo_table(client: TestClient, players: int = 3, *, new: bool = True, **form: str) -> int:
    """Ann (registered first if ``new``) opens a table (as ``form`` says) where every other
    seat is a conventions bot, and starts it."""
    if new:
        register(client, "ann", "Ann")
    seats = {f"seat_{seat}": BESIDE_PEOPLE for seat in range(2, players + 1)}
    fields = {"variant": "base", "players": str(players), **seats, **form}
    response = post(client, "/tables", fields)
    assert response.status_code == 303, response.text
    match = TABLE_URL.match(response.headers["location"])
    assert match
    table = int(match.group(1))
    assert post(client, f"/tables/{table}/start").status_code == 303
    return table


def expected(settings: Settings, table: int, lang: str = "en") -> dict[str, Any]:
    """What the test's own bot, made in the seat on turn of the stored game and given that
    seat's view, would answer."""
    game = referee(settings, table)
    seat, actions = game.seat, len(game.events)
    bot = make_bot(BESIDE_PEOPLE, seat, game.variant, seed=actions)
    action = bot.act(game.view(seat))
    said = bot.reason()
    assert said is not None
    t = translator(lang)
    bot_seat = t("site.bot_seat", bot=BESIDE_PEOPLE)  # named in the player's language
    names = protocol.distinct_names(["Ann", bot_seat, bot_seat], t)
    return {
        "type": "suggestion",
        "actions": actions,
        "bot": BESIDE_PEOPLE,
        "text": reasons.say(said.to_json(), game.variant, t, names),
        "move": protocol.message_of(action, game.variant),
    }


def test_the_answer_is_the_bots_move_from_the_seats_view_and_changes_nothing(
    client: TestClient, settings: Settings
) -> None:
    table = solo_table(client)
    with client.websocket_connect(f"/tables/{table}/socket") as socket:
        ann = Player(socket)
        asked = 0
        for _turn in range(4):  # several turns of Ann's, the bots playing between them
            state = ann.read_state(asked)
            assert state["seat_on_turn"] == 0
            ann.send(ASK)
            answer = ann.read()
            assert answer == expected(settings, table)
            assert answer["text"]
            assert answer["actions"] == state["actions"]
            assert len(referee(settings, table).events) == state["actions"]  # nothing played
            # the move as sent is the move the bot chose: making it is one legal action
            ann.send(answer["move"])
            asked = state["actions"] + 3  # Ann's move and the two bots'
        assert ann.read_state(asked)["actions"] == asked


def test_the_reason_is_said_in_the_players_language(client: TestClient, settings: Settings) -> None:
    table = solo_table(client)
    with client.websocket_connect(f"/tables/{table}/socket?lang=de") as socket:
        ann = Player(socket)
        ann.read_state()
        ann.send(ASK)
        answer = ann.read()
    german = expected(settings, table, "de")
    assert answer == german
    assert german["text"] != expected(settings, table)["text"]


def test_the_page_offers_the_question_only_to_a_player_alone_with_bots(
    client: TestClient,
) -> None:
    shared = seat_table(client, second_browser(client))
    assert 'data-suggest="1"' not in client.get(f"/tables/{shared}/game").text
    alone = solo_table(client, new=False)
    assert 'data-suggest="1"' in client.get(f"/tables/{alone}/game").text


def test_with_other_people_at_the_table_the_question_is_refused(
    client: TestClient, settings: Settings
) -> None:
    other = second_browser(client)
    table = seat_table(client, other)
    url = f"/tables/{table}/socket"
    with client.websocket_connect(url) as ann_socket, other.websocket_connect(url) as ben_socket:
        ann, ben = Player(ann_socket), Player(ben_socket)
        ann.read_state()
        ben.read_state()
        assert "bots only" in ann.error(ASK)
        assert "not yours" in ben.error(ASK)  # and off turn, whoever asks
    assert not referee(settings, table).events  # nothing was played


def test_off_turn_for_spectators_and_after_the_game_the_question_is_refused(
    client: TestClient, settings: Settings
) -> None:
    table = solo_table(client, players=2, spectators="everything")
    watcher = second_browser(client)
    register(watcher, "cyd", "Cyd")
    with client.websocket_connect(f"/tables/{table}/socket") as socket:
        ann = Player(socket)
        ann.read_state()
        with watcher.websocket_connect(f"/tables/{table}/socket") as watching:
            spectator = Player(watching)
            spectator.read_state()
            assert "spectators" in spectator.error(ASK)
        play_out({0: ann}, scripted, ann)
        assert "over" in ann.error(ASK)


@pytest.mark.parametrize("message", ['{"type": "suggest", "seat": 1}', '{"type": "suggest "}'])
def test_a_malformed_question_gets_one_error(client: TestClient, message: str) -> None:
    table = solo_table(client)
    with client.websocket_connect(f"/tables/{table}/socket") as socket:
        ann = Player(socket)
        ann.read_state()
        assert ann.error(message)
        ann.send(ASK)
        assert ann.read()["type"] == "suggestion"  # the socket still answers


@hyp_settings(max_examples=30, deadline=None)
@given(
    preset=st.sampled_from(["base", "rainbow", "declared-play", "bonus-tiles", "black-powder"]),
    players=st.integers(2, 5),
    seed=st.integers(0, 2**16),
    steps=st.integers(0, 60),
)
def test_a_suggested_move_as_sent_is_the_move_itself(
    preset: str, players: int, seed: int, steps: int
) -> None:
    # message_of is to_action the other way round, for every legal action of every kind: the
    # page sends the suggested move as it came (a bonus tile's choice names its card only)
    variant = find_variant(preset, players=players)
    game = Game.new(variant, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
    view = game.view(game.seat)
    for action in view.legal_actions:
        message = protocol.parse_message(json.dumps(protocol.message_of(action, variant)))
        assert not isinstance(message, protocol.ProtocolError), message
        wanted = Action.choose(action.target) if action.type is ActionType.CHOOSE else action
        assert protocol.to_action(message, view) == wanted


def test_the_bot_works_a_turn_out_once_however_often_it_is_asked(
    client: TestClient, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    # asked again in the same turn, in another language too, the room answers from what the bot
    # found the first time: a client that asks and asks costs one bot's turn
    made: list[str] = []

    def counted(name: str, *args: Any, **kwargs: Any) -> Bot:
        made.append(name)
        return make_bot(name, *args, **kwargs)

    monkeypatch.setattr(rooms, "make_bot", counted)
    table = solo_table(client)
    url = f"/tables/{table}/socket"
    with (
        client.websocket_connect(url) as english,
        client.websocket_connect(f"{url}?lang=de") as german,
    ):
        ann, anna = Player(english), Player(german)
        ann.read_state()
        anna.read_state()
        made.clear()  # the table's own bots, made with the room
        answers = []
        for player in (ann, ann, anna):
            player.send(ASK)
            answers.append(player.read())
    assert made.count(BESIDE_PEOPLE) == 1
    assert answers[0] == answers[1] == expected(settings, table)
    assert answers[2] == expected(settings, table, "de")
