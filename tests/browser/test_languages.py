"""The site speaks the visitor's language: the browser's own at first, then the one chosen with
the switcher, on every page after. Texts are checked against the catalogues, so a translation
may change without breaking these tests."""

from __future__ import annotations

import pytest
from camera import Camera
from playwright.sync_api import Page, expect
from ui import OpenPage, open_table, register

from openhanabi.server.i18n import LANGUAGES, translator


def speaks(page: Page, lang: str) -> None:
    """The page is in ``lang``: its ``<html lang>`` and the header's texts."""
    t = translator(lang)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator("a.skip")).to_have_text(t("site.skip"))
    expect(page.locator(f'a[hreflang="{lang}"]')).to_have_attribute("aria-current", "true")


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_the_browsers_language_is_spoken_at_first(
    open_page: OpenPage, camera: Camera, lang: str
) -> None:
    page = open_page(locale=lang)
    page.goto("/")
    speaks(page, lang)
    expect(page.locator('header a[href="/login"]')).to_have_text(translator(lang)("site.sign_in"))
    camera.shoot(page, f"lobby-{lang}")


def test_the_chosen_language_stays_from_page_to_page(open_page: OpenPage, camera: Camera) -> None:
    page = open_page(locale="en")
    page.goto("/register")
    speaks(page, "en")
    for lang in ("de", "da"):
        page.locator(f'a[hreflang="{lang}"]').click()
        speaks(page, lang)
        camera.shoot(page, f"switched-{lang}")
    register(page, "ann", "Ann")
    speaks(page, "da")
    t = translator("da")
    expect(page.locator('form[action="/logout"] button')).to_have_text(t("site.sign_out"))
    table = open_table(page, bots={2: "basic", 3: "basic"})
    speaks(page, "da")
    expect(page.locator("h1")).to_have_text(t("title.table", table=table))
    camera.shoot(page, "table-da")
