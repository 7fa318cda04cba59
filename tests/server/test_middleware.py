"""Every form of the site is small, so a request body past the bound is refused before it is
read in full, with one page in the visitor's language, and changes nothing; the import form
keeps its own larger bound."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from test_lobby import count
from web_client import PASSWORD, assert_no_traceback, csrf, post, register

from openhanabi.server import Settings
from openhanabi.server.i18n import LANG_COOKIE, translator
from openhanabi.server.middleware import MAX_FORM_BYTES
from openhanabi.server.models import GameTable, User

PADDING = "x" * MAX_FORM_BYTES


def test_a_form_past_the_bound_is_refused_in_the_visitors_words(
    client: TestClient, settings: Settings
) -> None:
    client.cookies.set(LANG_COOKIE, "de")
    fields = {"csrf_token": csrf(client), "username": "ann", "password": PASSWORD}
    response = client.post("/register", data={**fields, "display_name": PADDING})
    assert response.status_code == 413
    assert translator("de")("status.413") in response.text
    assert_no_traceback(response)
    assert count(settings, User) == 0


def test_a_body_that_does_not_say_its_length_is_bounded_too(
    client: TestClient, settings: Settings
) -> None:
    register(client, "ann")
    token = csrf(client)

    def chunks() -> Iterator[bytes]:  # sent without a Content-Length
        yield f"csrf_token={token}&variant=base&players=2&seat_2=".encode()
        for _ in range(MAX_FORM_BYTES // 1024 + 1):
            yield b"x" * 1024

    response = client.post(
        "/tables",
        content=chunks(),
        headers={"content-type": "application/x-www-form-urlencoded"},
    )
    assert response.status_code == 413
    assert translator("en")("status.413") in response.text
    assert_no_traceback(response)
    assert count(settings, GameTable) == 0


def test_a_file_sent_to_a_form_is_bounded(client: TestClient) -> None:
    files = {"x": ("big.bin", b"\0" * (MAX_FORM_BYTES + 1))}
    response = client.post("/login", data={"csrf_token": csrf(client)}, files=files)
    assert response.status_code == 413
    assert_no_traceback(response)


@pytest.mark.parametrize("size", [MAX_FORM_BYTES - 4096])
def test_a_form_within_the_bound_is_read(client: TestClient, size: int) -> None:
    response = post(client, "/login", {"username": "ann", "password": "x" * size})
    assert response.status_code == 422  # read, and its password found too long


def test_the_import_form_keeps_its_own_bound(client: TestClient) -> None:
    register(client, "ann")
    text = " " * (2 * MAX_FORM_BYTES) + "{}"
    response = post(client, "/games/import", {"text": text})
    assert response.status_code == 422  # read in full, and the record found wanting
    assert translator("en")("status.413") not in response.text
