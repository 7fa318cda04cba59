"""What a game's socket refuses is said in the viewer's language, with a stable code: every error
frame carries the same ``code`` in English, German and Danish, its ``message`` is the catalogue's
text for that code, and every code the server or the rules can give has a text in every language.
The sentences a socket is closed with are in the viewer's language too."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from game_client import Player, seat_table, second_browser, settings
from starlette.websockets import WebSocketDisconnect
from test_game_fuzz import BAD

from openhanabi.rules import game as rules_game
from openhanabi.server.errors import Problem
from openhanabi.server.i18n import LANG_COOKIE, LANGUAGES, LOCALES, translator
from openhanabi.server.routes.game import POLICY_VIOLATION

__all__ = ["settings"]  # bots without a delay
SERVER = LOCALES.parent
KEY = re.compile(r"problem\.[a-z_.]+")
TURN = {"type": "clue", "target": 0, "rank": 1}  # Ann's first turn: not Ben's, nor a watcher's


def codes_in_the_server() -> set[str]:
    """The codes the server's code names: the first argument of each ``Problem(...)`` and
    ``ProtocolError(...)``, and ``problem.*`` keys named anywhere."""
    codes = set()
    for path in SERVER.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call) and node.args:
                name = getattr(node.func, "id", getattr(node.func, "attr", ""))
                first = node.args[0]
                if name in ("Problem", "ProtocolError") and isinstance(first, ast.Constant):
                    codes.add(str(first.value))
            if isinstance(node, ast.Constant) and KEY.fullmatch(str(node.value)):
                codes.add(str(node.value).removeprefix("problem."))
    return codes


def reasons_in_the_rules() -> set[str]:
    tree = ast.parse(Path(rules_game.__file__).read_text("utf-8"))
    return {
        str(node.args[1].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and getattr(node.func, "id", "") == "IllegalActionError"
        and len(node.args) > 1
        and isinstance(node.args[1], ast.Constant)
    }


def test_every_code_has_its_text_in_every_language() -> None:
    codes = codes_in_the_server() | {f"illegal.{reason}" for reason in reasons_in_the_rules()}
    assert {"not_your_turn", "spectator", "no_spectators", "illegal.no_clue_tokens"} <= codes
    for lang in LANGUAGES:
        texts = translator(lang).texts
        assert sorted(code for code in codes if f"problem.{code}" not in texts) == [], lang


def test_a_problem_without_a_text_says_its_english_and_never_fails() -> None:
    t = translator("de")
    assert Problem("field.no_such_check", {}, (), "slot is odd").text(t) == "slot is odd"
    assert Problem("no_slot", {}, (), "no slot 9").text(t) == "no slot 9"  # its numbers missing
    assert Problem("no_such_code").text(t) == "problem.no_such_code"


def test_a_hand_of_one_card_is_said_in_the_singular() -> None:
    english = translator("en")
    assert Problem("no_slot", {"slot": 2, "count": 1}).text(english) == (
        "there is no slot 2 in your hand of 1 card"
    )
    assert Problem("no_slot", {"slot": 5, "count": 4}).text(english) == (
        "there is no slot 5 in your hand of 4 cards"
    )
    german = Problem("no_slot", {"slot": 2, "count": 1}).text(translator("de"))
    assert "1 Karte " in german and "Position 2" in german


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_socket_errors_are_in_the_viewers_language_with_the_same_codes(
    client: TestClient, lang: str
) -> None:
    other = second_browser(client)
    table = seat_table(client, other, spectators="everything")
    url = f"/tables/{table}/socket"
    watcher = second_browser(client)
    watcher.cookies.set(LANG_COOKIE, lang)
    with (
        client.websocket_connect(url) as english_socket,
        client.websocket_connect(f"{url}?lang={lang}") as translated_socket,
        other.websocket_connect(f"{url}?lang={lang}") as ben_socket,
        watcher.websocket_connect(url) as watch_socket,
    ):
        sockets = (english_socket, translated_socket, ben_socket, watch_socket)
        english, ann, ben, watch = (Player(socket) for socket in sockets)
        for player in (english, ann, ben, watch):
            player.read_state()
        for text, code, _words in BAD:  # Ann, on turn, in English and in the other language
            said = ann.error(text)
            assert (ann.frames[-1]["code"], english.error(text)) != (code, said), text
            assert ann.frames[-1]["code"] == english.frames[-1]["code"] == code
            assert "problem." not in said
        t = translator(lang)
        assert ben.error(TURN) == t("problem.not_your_turn", player="Ann")
        assert ben.frames[-1]["code"] == "not_your_turn"
        assert watch.error(TURN) == t("problem.spectator")
        assert watch.frames[-1]["code"] == "spectator"


def test_an_invalid_message_lists_each_fields_problem_in_the_viewers_language(
    client: TestClient,
) -> None:
    other = second_browser(client)
    table = seat_table(client, other)
    with other.websocket_connect(f"/tables/{table}/socket?lang=de") as socket:
        ben = Player(socket)
        ben.read_state()
        said = ben.error({"type": "play", "slot": "1", "cheat": True})
    t = translator("de")
    assert ben.frames[-1]["code"] == "invalid"
    assert said.startswith(t("problem.invalid", type="play") + ": ")
    assert t("problem.field.int_type", field="slot") in said
    assert t("problem.field.extra_forbidden", field="cheat") in said


def test_an_illegal_action_is_said_by_the_rules_reason(client: TestClient) -> None:
    other = second_browser(client)
    table = seat_table(client, other)
    with client.websocket_connect(f"/tables/{table}/socket?lang=da") as socket:
        ann = Player(socket)
        ann.read_state()
        said = ann.error({"type": "discard", "slot": 1})  # every clue token is there
    assert ann.frames[-1]["code"] == "illegal.clue_tokens_full"
    assert said == translator("da")("problem.illegal.clue_tokens_full")


def closed_saying_why(client: TestClient, url: str) -> WebSocketDisconnect:
    """How a refused socket was closed. It is accepted first: a socket closed before that ends
    as a bare HTTP 403, and the browser is told no reason (and reconnects for ever)."""
    with client.websocket_connect(url) as socket, pytest.raises(WebSocketDisconnect) as closed:
        socket.receive_text()
    return closed.value


def test_a_table_without_a_game_closes_the_socket_in_the_viewers_language(
    client: TestClient,
) -> None:
    from web_client import post, register

    register(client, "ann")
    response = post(client, "/tables", {"variant": "base", "players": "2"})
    table = response.headers["location"].rsplit("/", 1)[-1]
    closed = closed_saying_why(client, f"/tables/{table}/socket?lang=de")
    assert closed.reason == translator("de")("problem.no_game_yet", table=table)
    closed = closed_saying_why(client, "/tables/0/socket?lang=da")
    assert closed.reason == translator("da")("problem.no_table_address")


def test_a_socket_to_a_table_there_is_not_is_closed_saying_so(client: TestClient) -> None:
    for lang in LANGUAGES:
        closed = closed_saying_why(client, f"/tables/999/socket?lang={lang}")
        said = translator(lang)("refused.no_table", table=999)
        assert (closed.code, closed.reason) == (POLICY_VIOLATION, said)
