"""A bad part of an address (a game's, a player's number, a page, a turn) is named in the
visitor's language, as the form fields are."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from openhanabi.server.i18n import LANG_COOKIE, LANGUAGES, load

BAD_ADDRESSES = {
    "game_id": "/games/abc/replay",
    "user_id": "/users/abc/history",
    "page": "/users/1/history?page=0",
    "turn": "/games/1/replay.json?turn=abc",
}


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
@pytest.mark.parametrize("part", sorted(BAD_ADDRESSES))
def test_a_bad_address_part_is_named_in_the_visitors_language(
    client: TestClient, part: str, lang: str
) -> None:
    client.cookies.set(LANG_COOKIE, lang)
    response = client.get(BAD_ADDRESSES[part])
    assert response.status_code == 422
    name = load(lang, "site")[f"field.{part}"]
    assert f"{name}: " in response.text
    assert f"{part.replace('_', ' ')}: " not in response.text


@pytest.mark.parametrize(
    ("address", "status"),
    [
        ("/games/1/replay.json?turn=abc", 422),
        ("/games/999/replay.json", 404),
        ("/games/999/record.json", 404),
        ("/games/999/advice.json?turn=0", 404),
    ],
)
def test_an_address_of_json_says_what_is_wrong_in_json(
    client: TestClient, address: str, status: int
) -> None:
    """The program that asked reads JSON: the same words as the page, in the same language."""
    client.cookies.set(LANG_COOKIE, "da")
    response = client.get(address)
    assert response.status_code == status
    assert response.headers["content-type"] == "application/json"
    answer = response.json()
    assert answer["status"] == status
    assert answer["errors"] and all(isinstance(error, str) for error in answer["errors"])
    assert "<" not in response.text
