"""Malformed requests to every form and address: whatever arrives (no or a wrong CSRF token,
absurd or overlong field values, bodies of the wrong type, ids that are not numbers or are far
too large, methods no route takes), the answer is an error page (4xx) that says what is wrong
in a sentence, never a server error or a traceback, and the database is left as it was."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator
from html.parser import HTMLParser
from typing import Any
from urllib.parse import quote

import httpx2
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, example, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from pydantic import TypeAdapter, ValidationError
from sqlalchemy import create_engine, select
from web_client import PASSWORD, assert_no_traceback, csrf, post, register

from openhanabi.bots import bot_classes
from openhanabi.server import Settings
from openhanabi.server.deps import CSRF_COOKIE, SESSION_COOKIE
from openhanabi.server.forms import PRESET_KEYS, USERNAME
from openhanabi.server.i18n import LANG_COOKIE
from openhanabi.server.models import Base
from openhanabi.server.theme import THEME_COOKIE

FUZZ = hypothesis_settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
PARAMETER = re.compile(r"\{[^}]+\}")
# text a browser can send (no lone surrogates), some of it far longer than any field allows
WORDS = st.text(st.characters(blacklist_categories=("Cs",)), max_size=30)
LONG = st.integers(200, 5000).map(lambda length: "é" * length)
VALUES = WORDS | LONG
NOT_A_NUMBER = st.sampled_from(["", " ", "one", "1.5", "1e3", "0x10", "--1", "NaN", "∞", "٣"])
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}
HUGE = st.integers(2**31, 2**80).map(str) | st.integers(-(2**80), -1).map(str)

# ids that name no row; not empty, nor only dots and slashes: those make other addresses
BAD_IDS = (
    NOT_A_NUMBER.filter(bool) | HUGE | st.just(str(2**63)) | WORDS.filter(lambda v: v.strip("./"))
)

# JSON of any shape (a record to import that is no record)
JSON_TEXT = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | WORDS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(WORDS, inner, max_size=4),
    max_leaves=10,
).map(json.dumps)
# what a browser may put in a header, a cookie or a query
PRINTABLE = st.text(st.characters(min_codepoint=32, max_codepoint=126), max_size=60)

# forms that would be carried out with their CSRF token
VALID_FORMS = {
    "/register": {"username": "dan", "password": PASSWORD},
    "/login": {"username": "ann", "password": PASSWORD},
    "/tables": {"variant": "base", "players": "2"},
}


def snapshot(settings: Settings) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table of the database."""
    engine = create_engine(settings.database_url)
    try:
        with engine.connect() as db:
            return {
                table.name: sorted(map(tuple, db.execute(select(table))), key=repr)
                for table in Base.metadata.sorted_tables
            }
    finally:
        engine.dispose()


class _Alerts(HTMLParser):
    """The texts a page shows as errors (role="alert" or class "error")."""

    def __init__(self) -> None:
        super().__init__()
        self.depth: list[bool] = []
        self.texts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        alert = found.get("role") == "alert" or "error" in (found.get("class") or "").split()
        if tag not in VOID:
            self.depth.append(alert or any(self.depth))

    def handle_endtag(self, tag: str) -> None:
        if self.depth and tag not in VOID:
            self.depth.pop()

    def handle_data(self, data: str) -> None:
        if any(self.depth) and data.strip():
            self.texts.append(data.strip())


def assert_refused(response: httpx2.Response) -> None:
    """A 4xx page that says, in at least one sentence of words, what went wrong."""
    assert 400 <= response.status_code < 500, (response.status_code, response.text[:500])
    assert_no_traceback(response)
    if response.headers["content-type"] == "application/json":  # an address of JSON
        said = " ".join(response.json()["errors"])
    else:
        alerts = _Alerts()
        alerts.feed(response.text)
        said = " ".join(alerts.texts)
    assert len(re.findall(r"\w+", said)) >= 3, f"{response.status_code} page says {said!r}"


def api_routes(routes: Iterable[Any]) -> Iterator[APIRoute]:
    """Every route of the app's routers (their routes carry the whole address: no prefixes)."""
    for route in routes:
        if isinstance(route, APIRoute):
            yield route
        elif hasattr(route, "original_router"):  # a router included in the app
            yield from api_routes(route.original_router.routes)


def post_routes(client: TestClient) -> list[str]:
    """The address of every route that takes a form (POST), as the app declares them."""
    app: Any = client.app
    return sorted(route.path for route in api_routes(app.routes) if "POST" in route.methods)


def page_routes(client: TestClient) -> list[str]:
    """Every route's address, pages and forms alike."""
    app: Any = client.app
    return sorted({route.path for route in api_routes(app.routes)})


def fill(path: str, value: str) -> str:
    return PARAMETER.sub(quote(value, safe=""), path)


def number(value: str) -> int | None:
    """The number the app reads in ``value`` (it reads leniently: " 1 " is 1), if any."""
    try:
        return TypeAdapter(int).validate_python(value)
    except ValidationError:
        return None


def names_a_row(value: str) -> bool:
    """Whether ``value`` reads as the id of a row that may exist, so that a well-formed request
    might rightly change something."""
    read = number(value)
    return read is not None and 0 <= read < 1000


def signed_in_with_a_table(client: TestClient, other: TestClient) -> int:
    """Ann hosts a waiting table of two; Ben is signed in but not seated. Returns the table."""
    register(client, "ann", "Ann")
    register(other, "ben", "Ben")
    response = post(client, "/tables", {"variant": "base", "players": "2"})
    assert response.status_code == 303, response.text
    return int(response.headers["location"].rsplit("/", 1)[1])


def unchanged(settings: Settings) -> Callable[[httpx2.Response], None]:
    """A check that a response refused its request and the database is as it is now."""
    before = snapshot(settings)

    def check(response: httpx2.Response) -> None:
        assert_refused(response)
        assert snapshot(settings) == before, f"{response.request.method} {response.request.url}"

    return check


def test_forms_without_their_csrf_token_are_refused(
    client: TestClient, other: TestClient, settings: Settings
) -> None:
    table = signed_in_with_a_table(client, other)
    routes = post_routes(client)
    assert {"/register", "/login", "/logout", "/tables", "/tables/{table_id}/join"} <= set(routes)
    check = unchanged(settings)

    @FUZZ
    @given(
        route=st.sampled_from(routes),
        browser=st.sampled_from([client, other]),
        token=st.none() | WORDS | st.just(csrf(other, "/")),  # none, made up, someone else's
        fields=st.none() | st.dictionaries(st.sampled_from(["username", "password"]), VALUES),
    )
    def refused(
        route: str, browser: TestClient, token: str | None, fields: dict[str, str] | None
    ) -> None:
        own = csrf(browser, "/")
        if token == own:
            return
        form = VALID_FORMS.get(route, {}) if fields is None else fields  # None: a good form
        if token is not None:
            form = {**form, "csrf_token": token}
        check(browser.post(fill(route, str(table)), data=form))

    refused()


def bad_register() -> st.SearchStrategy[dict[str, str]]:
    good = {"username": "cat", "display_name": "Cat", "password": "correct horse battery"}
    bad = st.one_of(
        st.fixed_dictionaries({"username": WORDS.filter(lambda v: not USERNAME.fullmatch(v))}),
        st.fixed_dictionaries({"display_name": LONG}),
        st.fixed_dictionaries({"password": st.text(max_size=7) | st.just("p" * 129)}),
    )
    return bad.map(lambda broken: {**good, **broken})


def not_a_bot(value: str) -> bool:
    return bool(value) and value not in bot_classes()


def bad_table() -> st.SearchStrategy[dict[str, str]]:
    good = {"variant": "base", "players": "3", "seat_2": "basic", "seat_3": "basic"}
    number_fields = st.sampled_from(["players", "hand_size", "clue_tokens", "storms", "start_seat"])
    out_of_range = st.integers(-(2**70), 0) | st.integers(100, 2**70)
    not_numbers = NOT_A_NUMBER.filter(lambda value: value.strip() and number(value) is None)
    bad = st.one_of(
        st.tuples(number_fields, not_numbers | HUGE | out_of_range.map(str)),
        st.tuples(st.just("variant"), VALUES.filter(lambda v: v not in PRESET_KEYS)),
        st.tuples(st.sampled_from(["seat_2", "seat_3"]), VALUES.filter(not_a_bot)),
        st.tuples(st.just("password"), LONG.filter(lambda v: len(v) > 128)),
        st.tuples(
            st.sampled_from(["no_empty_clues", "bonus_tiles", "declared_play"]),
            st.sampled_from(["maybe", "2", "yes please", "☃"]),
        ),
    )
    return bad.map(lambda broken: {**good, broken[0]: broken[1]})


def test_absurd_field_values_are_refused(
    client: TestClient, other: TestClient, settings: Settings
) -> None:
    table = signed_in_with_a_table(client, other)
    check = unchanged(settings)

    @FUZZ
    @given(
        form=st.one_of(
            bad_register().map(lambda fields: ("/register", fields)),
            st.fixed_dictionaries({"username": LONG | st.just("a" * 33), "password": WORDS}).map(
                lambda fields: ("/login", fields)
            ),
            st.fixed_dictionaries({"username": WORDS, "password": st.just("p" * 129)}).map(
                lambda fields: ("/login", fields)
            ),
            bad_table().map(lambda fields: ("/tables", fields)),
            st.fixed_dictionaries({"password": LONG.filter(lambda v: len(v) > 128)}).map(
                lambda fields: (f"/tables/{table}/join", fields)
            ),
            st.fixed_dictionaries({"text": JSON_TEXT | VALUES}).map(
                lambda fields: ("/games/import", fields)
            ),
        )
    )
    def refused(form: tuple[str, dict[str, str]]) -> None:
        route, fields = form
        # Ben: not seated anywhere, so any form of his that passed would change something
        check(other.post(route, data={**fields, "csrf_token": csrf(other, "/")}))

    refused()


def test_ids_that_are_not_numbers_or_too_large_are_refused(
    client: TestClient, other: TestClient, settings: Settings
) -> None:
    signed_in_with_a_table(client, other)
    routes = [route for route in page_routes(client) if PARAMETER.search(route)]
    assert "/tables/{table_id}/join" in routes
    forms = set(post_routes(client))
    check = unchanged(settings)

    @FUZZ
    @given(
        route=st.sampled_from(routes),
        value=BAD_IDS,
    )
    # an id ending in a slash ends the path in one, which the router sends on to the path
    # without it, as for a person who typed it: the answer that counts is where that leads
    @example(route="/tables/{table_id}", value="0/")
    @example(route="/tables/{table_id}", value="table/")
    def refused(route: str, value: str) -> None:
        if names_a_row(value) or names_a_row(value.rstrip("/")):
            return
        address = fill(route, value)
        if route in forms:
            data = {"csrf_token": csrf(client, "/")}
            check(client.post(address, data=data, follow_redirects=True))
        else:
            check(client.get(address, follow_redirects=True))

    refused()


def test_bodies_of_the_wrong_kind_are_refused(
    client: TestClient, other: TestClient, settings: Settings
) -> None:
    table = signed_in_with_a_table(client, other)
    routes = post_routes(client)
    check = unchanged(settings)
    token = csrf(other, "/")

    @FUZZ
    @given(
        route=st.sampled_from(routes),
        kind=st.sampled_from(
            [
                "application/json",
                "text/plain",
                "multipart/form-data; boundary=edge",
                "multipart/form-data",
                "application/x-www-form-urlencoded",
                "application/octet-stream",
            ]
        ),
        body=st.one_of(
            st.just(b'{"csrf_token": "' + token.encode() + b'", "players": 3}'),
            st.just(b"{bad json"),
            st.just(b"--edge\r\nContent-Disposition: form-data; name=csrf_token\r\n\r\n"),
            st.binary(max_size=300),
            st.just(b"csrf_token=%ZZ&players=%FF%FE"),
        ),
    )
    def refused(route: str, kind: str, body: bytes) -> None:
        address = fill(route, str(table))
        check(other.post(address, content=body, headers={"content-type": kind}))

    refused()


def test_methods_no_route_takes_are_refused(
    client: TestClient, other: TestClient, settings: Settings
) -> None:
    table = signed_in_with_a_table(client, other)
    check = unchanged(settings)
    for route in page_routes(client):
        address = fill(route, str(table))
        for method in ("PUT", "DELETE", "PATCH", "FOO"):
            response = client.request(method, address)
            assert response.status_code == 405, (method, address, response.status_code)
            check(response)


def test_odd_headers_cookies_and_queries_are_shrugged_off(
    client: TestClient, other: TestClient, settings: Settings
) -> None:
    """Languages, themes and sessions that are no such thing: the page is served as if they
    had not been sent (or refused with a 4xx page), never a server error."""
    table = signed_in_with_a_table(client, other)
    pages = [fill(route, str(table)) for route in page_routes(client)]
    check = unchanged(settings)

    @FUZZ
    @given(
        page=st.sampled_from(pages),
        query=st.dictionaries(st.sampled_from(["lang", "theme", "turn", "page"]), PRINTABLE),
        cookies=st.dictionaries(
            st.sampled_from([SESSION_COOKIE, CSRF_COOKIE, LANG_COOKIE, THEME_COOKIE]),
            PRINTABLE,
        ),
        language=PRINTABLE,
    )
    def served(page: str, query: dict[str, str], cookies: dict[str, str], language: str) -> None:
        browser = TestClient(client.app, follow_redirects=False, cookies=cookies)
        response = browser.get(page, params=query, headers={"accept-language": language})
        assert response.status_code < 500, (page, query, cookies, language)
        assert_no_traceback(response)
        if response.status_code >= 400:
            check(response)

    served()
