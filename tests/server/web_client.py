"""Helpers for the server's tests: forms sent the way a browser sends them, CSRF token included."""

from __future__ import annotations

import re

import httpx2
import pytest
from fastapi.testclient import TestClient

from postgresql import GIVEN_URL

CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
PASSWORD = "correct horse battery"
# argon2 at its lowest cost: the tests sign in often, and the cost is not what they test
CHEAP_PASSWORDS = {"password_time_cost": 1, "password_memory_kib": 1024}
sqlite_only = pytest.mark.skipif(bool(GIVEN_URL), reason="tests the SQLite file")


def csrf(client: TestClient, page: str = "/register") -> str:
    """The CSRF token that ``page``'s forms carry for this client."""
    match = CSRF.search(client.get(page).text)
    assert match, f"no CSRF token on {page}"
    return match.group(1)


def post(client: TestClient, url: str, data: dict[str, str] | None = None) -> httpx2.Response:
    """Send a form to ``url`` with the client's CSRF token, as the site's own pages do."""
    return client.post(url, data={"csrf_token": csrf(client), **(data or {})})


def browser_at(client: TestClient, address: str) -> TestClient:
    """Another browser on ``client``'s running app, at another network address."""
    return TestClient(client.app, follow_redirects=False, client=(address, 50000))


def register(client: TestClient, username: str, display_name: str = "") -> httpx2.Response:
    response = post(
        client,
        "/register",
        {"username": username, "display_name": display_name, "password": PASSWORD},
    )
    assert response.status_code == 303, response.text
    return response


def login(client: TestClient, username: str, password: str = PASSWORD) -> httpx2.Response:
    return post(client, "/login", {"username": username, "password": password})


def assert_no_traceback(response: httpx2.Response) -> None:
    for leak in ("Traceback", 'File "', "sqlalchemy", "pydantic", "Error:"):
        assert leak not in response.text, f"{leak!r} in a {response.status_code} response"
