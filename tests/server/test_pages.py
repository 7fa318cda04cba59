"""Every page names its language and labels every form control, so that screen readers and
translation tools can work with it; every page carries the site's security headers, and the
site's icon, which the server serves."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from fastapi.testclient import TestClient
from web_client import post, register


class Controls(HTMLParser):
    """The ``lang`` of the page, its form controls and the ids its labels point at."""

    def __init__(self) -> None:
        super().__init__()
        self.lang: str | None = None
        self.controls: list[dict[str, str | None]] = []
        self.labelled: set[str] = set()
        self.icons: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if tag == "html":
            self.lang = attributes.get("lang")
        elif tag == "link" and attributes.get("rel") == "icon":
            self.icons.append(str(attributes.get("href")))
        elif tag == "label" and attributes.get("for"):
            self.labelled.add(str(attributes["for"]))
        elif tag in ("input", "select", "textarea") and attributes.get("type") != "hidden":
            self.controls.append(attributes)


def check_page(client: TestClient, url: str) -> int:
    response = client.get(url)
    page = Controls()
    page.feed(response.text)
    assert page.lang == "en", url
    for control in page.controls:
        named = control.get("id") in page.labelled or control.get("aria-label")
        assert named, f"an unlabelled control on {url}: {control}"
    assert response.headers["x-content-type-options"] == "nosniff"
    assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
    assert len(page.icons) == 1, url  # without one, every browser asks for /favicon.ico: a 404
    icon = client.get(page.icons[0])
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")
    return len(page.controls)


@pytest.mark.parametrize("url", ["/", "/register", "/login", "/bots", "/no-such-page"])
def test_pages_for_visitors(client: TestClient, url: str) -> None:
    check_page(client, url)


def test_pages_for_players(client: TestClient, other: TestClient) -> None:
    register(client, "ann")
    assert check_page(client, "/tables/new") > 10
    response = post(client, "/tables", {"variant": "base", "players": "3", "password": "pw"})
    table = response.headers["location"]
    check_page(client, "/")
    check_page(client, table)
    register(other, "ben")
    assert check_page(other, table) == 1  # the table's password


@pytest.mark.parametrize("address", ["/", "/healthz"])
def test_a_probe_may_ask_with_head(client: TestClient, address: str) -> None:
    """Load balancers and uptime checks often ask with HEAD: the answer of GET, without a body."""
    response = client.head(address)
    assert response.status_code == 200
    assert response.content == b""
