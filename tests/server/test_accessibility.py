"""The pages around the game work with a keyboard and a screen reader, in every language: one
``h1`` and no skipped heading levels, a caption on every table, a skip link to the content, every
``aria-describedby`` pointing at something on the page, every control labelled, a form's problems
tied to their fields; and nothing inline that the content security policy would block."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from fastapi.testclient import TestClient
from web_client import post, register

from openhanabi.server.i18n import LANG_COOKIE, LANGUAGES

VOID = {"area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"}


class Page(HTMLParser):
    """What a page's markup says about its structure."""

    def __init__(self) -> None:
        super().__init__()
        self.elements: list[tuple[str, dict[str, str]]] = []
        self.headings: list[int] = []
        self.tables = 0
        self.captions = 0
        self.texts: dict[str, str] = {}  # id -> the text inside the element
        self._open: list[tuple[str, str]] = []  # the elements around the parser: tag, id

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {name: value or "" for name, value in attrs}
        self.elements.append((tag, attributes))
        if len(tag) == 2 and tag[0] == "h" and tag[1].isdigit():
            self.headings.append(int(tag[1]))
        self.tables += tag == "table"
        self.captions += tag == "caption"
        if tag not in VOID:
            self._open.append((tag, attributes.get("id", "")))
            self.texts.setdefault(attributes.get("id", ""), "")

    def handle_endtag(self, tag: str) -> None:
        while self._open and self._open.pop()[0] != tag:
            pass

    def handle_data(self, data: str) -> None:
        for _tag, element in self._open:
            self.texts[element] += data

    def ids(self) -> set[str]:
        return {attributes["id"] for _, attributes in self.elements if "id" in attributes}

    def labelled(self) -> set[str]:
        return {attributes["for"] for tag, attributes in self.elements if tag == "label"}

    def controls(self) -> list[dict[str, str]]:
        return [
            attributes
            for tag, attributes in self.elements
            if tag in ("input", "select", "textarea") and attributes.get("type") != "hidden"
        ]


def parse(html: str) -> Page:
    page = Page()
    page.feed(html)
    return page


def check(html: str, lang: str) -> Page:
    page = parse(html)
    (root,) = [attributes for tag, attributes in page.elements if tag == "html"]
    assert root["lang"] == lang
    assert page.headings.count(1) == 1 and page.headings[0] == 1
    for before, after in zip(page.headings, page.headings[1:], strict=False):
        assert after <= before + 1, f"a heading level skipped: {page.headings}"
    assert page.tables == page.captions
    skip = [a for tag, a in page.elements if tag == "a" and "skip" in a.get("class", "")]
    assert skip and skip[0]["href"] == "#main" and "main" in page.ids()
    ids = page.ids()
    for _tag, attributes in page.elements:
        for described in attributes.get("aria-describedby", "").split():
            assert described in ids, f"aria-describedby={described!r} points at nothing"
        assert not [name for name in attributes if name.startswith("on")], "inline script"
        assert "style" not in attributes, "inline style"
    for tag, attributes in page.elements:
        assert tag != "style"
        assert tag != "script" or attributes.get("src", "").startswith("/static/")
    for control in page.controls():
        assert control.get("id") in page.labelled() or control.get("aria-label"), control
    return page


@pytest.mark.parametrize("lang", LANGUAGES)
def test_pages_for_visitors(client: TestClient, lang: str) -> None:
    client.cookies.set(LANG_COOKIE, lang)
    for url in ("/", "/login", "/register", "/bots", "/no-such-page"):
        check(client.get(url).text, lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_pages_for_players(client: TestClient, other: TestClient, lang: str) -> None:
    client.cookies.set(LANG_COOKIE, lang)
    register(client, "ann")
    check(client.get("/tables/new").text, lang)
    table = post(client, "/tables", {"variant": "base", "players": "3", "password": "pw"})
    url = table.headers["location"]
    for page in ("/", url, "/tables/999"):
        check(client.get(page).text, lang)
    register(other, "ben")
    other.cookies.set(LANG_COOKIE, lang)
    check(other.get(url).text, lang)  # with the table password to join
    check(post(other, f"{url}/join", {"password": "guess"}).text, lang)


def assert_tied(page: Page, field: str) -> None:
    """``field`` is marked invalid, described by the words of its problem, and linked to from
    the list of problems at the top."""
    (control,) = [a for _tag, a in page.elements if a.get("id") == field and "name" in a]
    assert control.get("aria-invalid") == "true"
    described = control["aria-describedby"].split()
    assert any(page.texts.get(element, "").strip() for element in described)
    links = [a["href"] for tag, a in page.elements if tag == "a"]
    assert f"#{field}" in links


def test_registration_problems_are_tied_to_their_fields(client: TestClient) -> None:
    response = post(client, "/register", {"username": "a b", "password": "short"})
    assert response.status_code == 422
    page = check(response.text, "en")
    assert_tied(page, "username")
    assert_tied(page, "password")
    (display,) = [a for _tag, a in page.elements if a.get("id") == "display_name"]
    assert "aria-invalid" not in display
    assert 'value="a b"' in response.text  # what was sent comes back, but never a password
    assert 'value="short"' not in response.text


def test_a_taken_username_is_tied_to_its_field(client: TestClient, other: TestClient) -> None:
    register(client, "ann")
    response = post(other, "/register", {"username": "ANN", "password": "long enough pw"})
    assert response.status_code == 409
    assert_tied(check(response.text, "en"), "username")


def test_table_problems_are_tied_to_their_fields(client: TestClient) -> None:
    client.cookies.set(LANG_COOKIE, "da")
    register(client, "ann")
    form = {"variant": "base", "players": "7", "storms": "0", "seat_2": "basic"}
    response = post(client, "/tables", form)
    assert response.status_code == 422
    page = check(response.text, "da")
    assert_tied(page, "players")
    assert_tied(page, "storms")
    assert 'value="7"' in response.text
    assert '<option value="basic" selected>' in response.text.replace("\n", "")


def test_a_wrong_sign_in_describes_both_fields(client: TestClient) -> None:
    register(client, "ann")
    post(client, "/logout")
    response = post(client, "/login", {"username": "ann", "password": "wrong password"})
    page = check(response.text, "en")
    for field in ("username", "password"):
        (control,) = [a for _tag, a in page.elements if a.get("id") == field]
        assert control["aria-describedby"] == "form-error"
        assert control["aria-invalid"] == "true"
    assert 'value="ann"' in response.text


def luminance(colour: str) -> float:
    """WCAG 2's relative luminance of a ``#rrggbb`` colour."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(one: str, other: str) -> float:
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_palettes_are_readable(client: TestClient) -> None:
    css = client.get("/static/site.css").text
    palettes = [
        dict(re.findall(r"(--[a-z-]+):\s*(#[0-9a-f]{6});", body))
        for body in re.findall(r":root[^{]*\{([^}]*)\}", css)
    ]
    assert len(palettes) == 3  # light, dark by choice, dark by the system
    for palette in palettes:
        for text in ("--fg", "--muted", "--accent", "--error"):  # words: WCAG AA, 4.5 to 1
            for ground in ("--bg", "--surface"):
                assert contrast(palette[text], palette[ground]) >= 4.5, (text, ground)
        for edge in ("--border", "--focus"):  # outlines of controls: 3 to 1
            assert contrast(palette[edge], palette["--bg"]) >= 3, edge
