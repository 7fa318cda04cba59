"""The site's colours: as the system prefers until the visitor picks light or dark; the pick
changes the page at once (site.js, without reloading) and stays on every page after (the
server reads the cookie the script wrote)."""

from __future__ import annotations

from camera import Camera
from playwright.sync_api import Page, expect
from ui import OpenPage

from openhanabi.server.theme import THEME_COOKIE


def background(page: Page) -> str:
    colour: str = page.evaluate("getComputedStyle(document.body).backgroundColor")
    return colour


def chosen(page: Page) -> str | None:
    theme: str | None = page.evaluate("document.documentElement.dataset.theme ?? null")
    return theme


def test_the_theme_follows_the_system_then_the_visitors_choice(
    open_page: OpenPage, camera: Camera
) -> None:
    page = open_page()
    page.emulate_media(color_scheme="dark")
    page.goto("/")
    assert chosen(page) is None
    dark = background(page)
    page.emulate_media(color_scheme="light")
    light = background(page)
    assert dark != light  # the system's preference alone changes the colours

    page.locator('[data-theme-choice="dark"]').click()
    assert chosen(page) == "dark"
    assert background(page) == dark  # dark, though the system prefers light
    assert page.url.endswith("/")  # no reload: the script switched
    expect(page.locator('[data-theme-choice="dark"]')).to_have_attribute("aria-current", "true")
    expect(page.locator('[data-theme-choice="system"]')).not_to_have_attribute(
        "aria-current", "true"
    )
    camera.shoot(page, "dark")

    page.goto("/login")  # the server renders the choice from the cookie
    assert chosen(page) == "dark"
    assert background(page) == dark
    cookies = {cookie["name"]: cookie["value"] for cookie in page.context.cookies()}
    assert cookies[THEME_COOKIE] == "dark"

    page.emulate_media(color_scheme="dark")
    page.locator('[data-theme-choice="light"]').click()
    page.reload()
    assert chosen(page) == "light"
    assert background(page) == light  # light, though the system prefers dark

    page.locator('[data-theme-choice="system"]').click()
    assert chosen(page) is None
    assert background(page) == dark
