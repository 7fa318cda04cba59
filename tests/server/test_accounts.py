"""Accounts: register, sign in and out; passwords kept as argon2 hashes and session tokens as
SHA-256 hashes; cookies HttpOnly and SameSite=Lax; failed sign-ins limited per account and per
address; a form without the visitor's CSRF token is refused and changes nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, select
from sqlalchemy.orm import Session
from web_client import PASSWORD, assert_no_traceback, browser_at, csrf, login, post, register

from openhanabi.server import Settings, create_app
from openhanabi.server.models import LoginFailure, LoginSession, User, now


def rows(settings: Settings, model: type[User] | type[LoginSession]) -> list[object]:
    engine = create_engine(settings.database_url)
    with Session(engine) as db:
        found: list[object] = list(db.scalars(select(model)))
    engine.dispose()
    return found


def test_register_signs_in_and_shows_the_display_name(
    client: TestClient, settings: Settings
) -> None:
    register(client, "ann", "Ann the Bold")
    page = client.get("/")
    assert "Signed in as <strong>Ann the Bold</strong>" in page.text
    (user,) = rows(settings, User)
    assert isinstance(user, User)
    assert user.password_hash.startswith("$argon2id$")
    assert PASSWORD not in user.password_hash


def test_display_name_defaults_to_the_username(client: TestClient) -> None:
    register(client, "ben")
    assert "Signed in as <strong>ben</strong>" in client.get("/").text


def test_logout_ends_the_session(client: TestClient, settings: Settings) -> None:
    register(client, "ann")
    token = client.cookies["hanabi_session"]
    response = post(client, "/logout")
    assert response.status_code == 303
    assert "hanabi_session" not in client.cookies
    assert rows(settings, LoginSession) == []
    client.cookies.set("hanabi_session", token)  # a stolen cookie no longer signs in
    assert "Signed in" not in client.get("/").text


def test_login_with_the_right_password(client: TestClient, other: TestClient) -> None:
    register(client, "ann")
    assert login(other, "ANN").status_code == 303  # usernames ignore case
    assert "Signed in as" in other.get("/").text


def test_wrong_password_is_refused_with_a_clear_message(client: TestClient) -> None:
    register(client, "ann")
    post(client, "/logout")
    response = login(client, "ann", "wrong password")
    assert response.status_code == 401
    assert "Wrong username or password." in response.text
    assert "hanabi_session" not in client.cookies
    unknown = login(client, "nobody", PASSWORD)
    assert unknown.status_code == 401
    assert "Wrong username or password." in unknown.text  # no hint which names exist


@pytest.mark.parametrize("username", ["ann\x00", "a\x00nn", "ann ann", "\u00e5nn"])
def test_a_username_no_account_can_have_is_refused_before_the_database(
    client: TestClient, settings: Settings, username: str
) -> None:
    """A NUL would reach the database, which PostgreSQL refuses: such a name is a form problem."""
    register(client, "ann")
    post(client, "/logout")
    response = login(client, username)
    assert response.status_code == 422
    assert "a username is 3 to 32 letters, digits, _ or -" in response.text
    assert_no_traceback(response)
    engine = create_engine(settings.database_url)
    with Session(engine) as db:
        assert db.scalars(select(LoginFailure)).all() == []  # not a failed sign-in either
    engine.dispose()


def test_a_taken_username_is_refused(client: TestClient, other: TestClient) -> None:
    register(client, "ann")
    response = post(other, "/register", {"username": "Ann", "password": PASSWORD})
    assert response.status_code == 409
    assert "taken" in response.text


def test_session_cookie_is_httponly_and_samesite_lax(client: TestClient) -> None:
    response = register(client, "ann")
    (cookie,) = [
        header
        for header in response.headers.get_list("set-cookie")
        if header.startswith("hanabi_session=")
    ]
    flags = {flag.strip().lower() for flag in cookie.split(";")[1:]}
    assert "httponly" in flags
    assert "samesite=lax" in flags
    assert "secure" not in flags  # plain HTTP by default; HANABI_SECURE_COOKIES=true adds it


def test_secure_cookies_setting(settings: Settings) -> None:
    settings = settings.model_copy(update={"secure_cookies": True})
    with TestClient(create_app(settings), follow_redirects=False) as client:
        # httpx2 keeps Secure cookies for https only
        client.base_url = client.base_url.copy_with(scheme="https")
        response = register(client, "ann")
    cookie = response.headers["set-cookie"]
    assert "secure" in cookie.lower()


def test_the_database_keeps_only_a_hash_of_the_session_token(
    client: TestClient, settings: Settings
) -> None:
    register(client, "ann")
    token = client.cookies["hanabi_session"]
    (session,) = rows(settings, LoginSession)
    assert isinstance(session, LoginSession)
    assert token not in session.token_hash
    assert len(session.token_hash) == 64


@pytest.mark.parametrize("token", [None, "", "forged-token-of-some-length-0123456789"])
def test_a_form_without_the_csrf_token_is_refused_and_changes_nothing(
    client: TestClient, settings: Settings, token: str | None
) -> None:
    csrf(client)  # the visitor has a CSRF cookie, but the form does not carry it
    data = {"username": "ann", "password": PASSWORD}
    if token is not None:
        data["csrf_token"] = token
    response = client.post("/register", data=data)
    assert response.status_code == 403
    assert "did not come from this site" in response.text
    assert_no_traceback(response)
    assert rows(settings, User) == []


def test_a_signed_in_form_needs_the_sessions_own_token(client: TestClient) -> None:
    anonymous = csrf(client)
    register(client, "ann")
    signed_in = csrf(client)
    assert signed_in != anonymous
    response = client.post("/logout", data={"csrf_token": anonymous})
    assert response.status_code == 403
    assert "Signed in" in client.get("/").text


def test_failed_sign_ins_are_limited_per_account(client: TestClient, other: TestClient) -> None:
    register(client, "ann")
    for _ in range(5):
        assert login(other, "ann", "wrong password").status_code == 401
    response = login(other, "ann")  # even the right password waits
    assert response.status_code == 429
    assert "Too many failed sign-ins. Wait 15 minutes" in response.text
    assert 0 < int(response.headers["Retry-After"]) <= 15 * 60
    assert_no_traceback(response)


def test_a_strangers_failed_sign_ins_do_not_lock_the_owner_out(client: TestClient) -> None:
    register(client, "ann")
    post(client, "/logout")
    stranger = browser_at(client, "203.0.113.9")
    for _ in range(5):
        assert login(stranger, "ann", "wrong password").status_code == 401
    assert login(stranger, "ann").status_code == 429
    assert login(client, "ann").status_code == 303  # from the owner's own address


def test_failed_sign_ins_from_many_addresses_pause_the_account(settings: Settings) -> None:
    settings = settings.model_copy(update={"login_failures_per_account_everywhere": 4})
    with TestClient(create_app(settings), follow_redirects=False) as client:
        register(client, "ann")
        post(client, "/logout")
        for number in range(4):
            stranger = browser_at(client, f"203.0.113.{number}")
            assert login(stranger, "ann", "wrong password").status_code == 401
        response = login(client, "ann")
        assert response.status_code == 429
        assert "Too many failed sign-ins" in response.text


def test_failed_sign_ins_are_limited_per_address(settings: Settings) -> None:
    settings = settings.model_copy(update={"login_failures_per_address": 3})
    with TestClient(create_app(settings), follow_redirects=False) as client:
        register(client, "ann")
        post(client, "/logout")
        for name in ("bob", "cat", "dan"):  # a different account each time
            assert login(client, name, "guess1234").status_code == 401
        response = login(client, "ann")
        assert response.status_code == 429
        assert "Too many failed sign-ins" in response.text


def test_a_successful_sign_in_clears_the_accounts_failures(client: TestClient) -> None:
    register(client, "ann")
    post(client, "/logout")
    for _ in range(4):
        assert login(client, "ann", "wrong password").status_code == 401
    assert login(client, "ann").status_code == 303
    post(client, "/logout")
    for _ in range(4):
        assert login(client, "ann", "wrong password").status_code == 401
    assert login(client, "ann").status_code == 303


@pytest.mark.parametrize(
    ("form", "message"),
    [
        ({"username": "a", "password": PASSWORD}, "Username: a username is 3 to 32"),
        ({"username": "ann lee", "password": PASSWORD}, "Username: a username is 3 to 32"),
        ({"username": "ann", "password": "short"}, "Password: a password is 8 to 128"),
        (
            {"username": "ann", "password": PASSWORD, "display_name": "x" * 41},
            "Display name: a display name is at most 40 characters",
        ),
        *(
            (
                {"username": "ann", "password": PASSWORD, "display_name": name},
                f"Display name: a display name cannot hold {shown}: a control or invisible",
            )
            # short names, each refused for the one character that does not show as itself
            for name, shown in (
                ("\u202eevil", "U+202E"),
                ("Ann\u200bLee", "U+200B"),
                ("a\x00b", "U+0000"),
            )
        ),
        ({"password": PASSWORD}, "Username: this field is required"),
        (
            {"username": "ann", "password": PASSWORD, "display_name": "\u3164"},
            "Display name: a display name needs a letter, digit or sign one can see",
        ),
        (
            {"username": "ann", "password": PASSWORD, "display_name": "Zoe" + "\u0301" * 4},
            "Display name: a display name has at most 3 accents on one letter",
        ),
        *(
            (
                {"username": "ann", "password": PASSWORD, "display_name": name},
                f"Display name: a display name cannot mix look-alike letters of two alphabets "
                f"in one word: {word}",
            )
            # a Cyrillic a, a Greek omicron: each word passes for a Latin one
            for name, word in (("\u0430lice", "\u0430lice"), ("Ann B\u03bfb", "B\u03bfb"))
        ),
        *(
            (
                {"username": "ann", "password": PASSWORD, "display_name": name},
                "Display name: a display name cannot end in (bot)",
            )
            # as a reader sees them: fullwidth brackets and letters, spaces inside
            for name in (
                "conventions (Bot)",
                "basic \uff08bot\uff09",
                "basic ( \uff22\uff2f\uff34 )",
            )
        ),
    ],
)
def test_malformed_registration_is_refused_with_a_clear_message(
    client: TestClient, settings: Settings, form: dict[str, str], message: str
) -> None:
    response = post(client, "/register", form)
    assert response.status_code == 422
    assert message in response.text
    assert_no_traceback(response)
    assert rows(settings, User) == []


@pytest.mark.parametrize(
    "name",
    [
        "\u0421\u0435\u0440\u0433\u0435\u0439",  # a Russian name, one alphabet
        "Anna \u0410\u043d\u043d\u0430",  # a word in each of two alphabets
        "\u0395\u03bb\u03ad\u03bd\u03b7",  # Greek
        "Zo\u00eb",
        "\u674e\u5c0f\u9f99",
        "\u7530\u4e2d\u305f\u308d\u3046",  # Japanese: kanji with hiragana
        "\u91d1\ucca0\uc218",  # Korean: hanja with hangul
        "\u0645\u064f\u062d\u064e\u0645\u0651\u064e\u062f",  # Arabic with its vowel marks
        "Ade\u0301ba\u0301yo\u0323\u0300",  # Yoruba: accents that are no letter of their own
        "\u0418\u0432\u0430\u0301\u043d",  # Russian with a stress mark
        "\u03b1-Team",  # words apart, though joined by a hyphen
    ],
)
def test_a_display_name_in_any_one_alphabet_a_word_is_welcome(
    client: TestClient, settings: Settings, name: str
) -> None:
    register(client, "ann", name)
    (user,) = rows(settings, User)
    assert isinstance(user, User) and user.display_name == name


def test_a_session_ends_when_it_expires(client: TestClient, settings: Settings) -> None:
    register(client, "ann")
    engine = create_engine(settings.database_url)
    with Session(engine) as db:
        session = db.scalars(select(LoginSession)).one()
        session.expires_at = now() - timedelta(seconds=1)
        db.commit()
    engine.dispose()
    assert "Signed in" not in client.get("/").text


def test_a_password_is_rehashed_at_a_new_cost_when_its_owner_signs_in(
    client: TestClient, settings: Settings
) -> None:
    register(client, "ann")
    (before,) = rows(settings, User)
    dearer = settings.model_copy(update={"password_time_cost": 2})
    with TestClient(create_app(dearer), follow_redirects=False) as again:
        assert login(again, "ann").status_code == 303
    (after,) = rows(settings, User)
    assert isinstance(before, User) and isinstance(after, User)
    assert "t=1," in before.password_hash and "t=2," in after.password_hash


def test_a_display_name_is_one_players_whatever_its_case(
    client: TestClient, other: TestClient, settings: Settings
) -> None:
    register(client, "ann", "Ann Lee")
    response = post(
        other, "/register", {"username": "fake", "display_name": "ann lee", "password": PASSWORD}
    )
    assert response.status_code == 409
    assert "Display name: The display name &#39;ann lee&#39; is taken" in response.text
    assert len(rows(settings, User)) == 1
    response = post(other, "/register", {"username": "ann_lee", "password": PASSWORD})
    assert response.status_code == 303  # the username's own display name is free


@pytest.mark.parametrize(
    "same",
    [
        "émile",  # the case of a letter beyond ASCII, which the database's lower() keeps
        "E\u0301mile",  # the accent typed apart from its letter
        "\uff25\u0301mile",  # a fullwidth letter
    ],
)
def test_a_display_name_is_one_players_as_a_reader_sees_it(
    client: TestClient, other: TestClient, settings: Settings, same: str
) -> None:
    register(client, "emile", "Émile")
    form = {"username": "fake", "display_name": same, "password": PASSWORD}
    response = post(other, "/register", form)
    assert response.status_code == 409
    assert "is taken" in response.text
    assert len(rows(settings, User)) == 1


TAKEN = "is taken"
LOOKS_TAKEN = "looks like a name already taken"


@pytest.mark.parametrize(
    ("taken", "same", "says"),
    [
        ("Ace", "\u0410\u0441\u0435", TAKEN),  # Cyrillic letters alone
        ("AKE", "\u0391\u039a\u0395", TAKEN),  # Greek capitals alone
        ("Ann Ace", "Ann \u0430\u0441\u0435", TAKEN),  # one word in each alphabet
        ("BOB", "\u0412\u043e\u0432", TAKEN),  # a small Cyrillic letter whose capital looks Latin
        ("\u0410\u043d\u043d\u0430", "\u0410\u041d\u041d\u0410", TAKEN),  # a Russian name, its case
        ("\u0391\u03bd\u03bd\u03b1", "\u0391\u039d\u039d\u0391", TAKEN),  # a Greek one
        ("B\u00f6b", "\u0412\u04e7\u0432", TAKEN),  # an accented look-alike
        ("Alice", "AIice", LOOKS_TAKEN),  # a capital I for a small l
        ("AIice", "alice", LOOKS_TAKEN),  # and the other way round, in another case
        ("Ivan", "lvan", LOOKS_TAKEN),
        ("Al", "A1", LOOKS_TAKEN),  # a digit 1
        ("Bob", "B0b", LOOKS_TAKEN),  # a digit 0 for an O
        ("Arnie", "Amie", LOOKS_TAKEN),  # "rn" for "m"
        ("Edwin", "Edvvin", LOOKS_TAKEN),  # "vv" for "w"
        ("Wes", "VVes", LOOKS_TAKEN),
        ("Linda", "Lincla", LOOKS_TAKEN),  # "cl" for "d"
        ("Linda", "LincIa", LOOKS_TAKEN),  # and "cI", a capital I in it
        ("Alice", "\u0251lice", LOOKS_TAKEN),  # a Latin alpha, in one alphabet with the rest
        (
            "Alice",
            "\u0410\u0406\u0456\u0441\u0435",
            LOOKS_TAKEN,
        ),  # Cyrillic, a capital \u0406 for the l
    ],
)
def test_a_name_that_reads_or_looks_as_one_taken_is_refused_and_says_so(
    client: TestClient, other: TestClient, settings: Settings, taken: str, same: str, says: str
) -> None:
    register(client, "ann", taken)
    form = {"username": "fake", "display_name": same, "password": PASSWORD}
    response = post(other, "/register", form)
    assert response.status_code == 409
    assert says in response.text
    assert 'id="display_name-problem"' in response.text  # shown by the field it is about
    assert len(rows(settings, User)) == 1


@pytest.mark.parametrize(("one", "another"), [("Kai", "Kal"), ("Ali", "All"), ("ian", "lan")])
def test_names_that_differ_in_a_small_i_and_l_are_two_names(
    client: TestClient, other: TestClient, settings: Settings, one: str, another: str
) -> None:
    """A small i has its dot: only a capital I passes for a small l."""
    register(client, "ann", one)
    register(other, "ben", another)
    assert len(rows(settings, User)) == 2


def test_a_greek_letter_is_no_latin_letter_it_only_resembles_beyond_plain_letters(
    client: TestClient, other: TestClient, settings: Settings
) -> None:
    """A Greek beta resembles the German sharp s, which reads as "ss": "\u039c\u03bf\u03b2" is
    no "Moss" to a reader."""
    register(client, "ann", "Moss")
    register(other, "ben", "\u039c\u03bf\u03b2")
    assert len(rows(settings, User)) == 2
