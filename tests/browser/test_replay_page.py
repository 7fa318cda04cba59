"""A real game's record, imported through the form, is watched turn by turn in the browser: the
buttons, the keyboard, the slider and the log go to a turn, the address keeps it, and every
hand shows its cards."""

from __future__ import annotations

import json
import re
from pathlib import Path

from camera import Camera
from playwright.sync_api import Locator, Page, expect
from ui import OpenPage, register

from openhanabi.records import read_record
from openhanabi.server.i18n import translator

DATA = (Path(__file__).parents[2] / ".." / "shared" / "data" / "ah2ac2-3p").resolve()
REPLAY_URL = re.compile(r"/games/(\d+)/replay$")


def import_game(page: Page, name: str) -> int:
    """Import the record ``name`` of the data set through the form; the new game's number."""
    page.goto("/games/import")
    page.locator("#record").set_input_files(str(DATA / name))
    page.locator('form[action="/games/import"] button[type="submit"]').click()
    expect(page).to_have_url(REPLAY_URL)
    return int(REPLAY_URL.search(page.url)[1])  # type: ignore[index]


def at_turn(page: Page, turn: int, last: int) -> None:
    t = translator("en")
    expect(page.locator("#replay-position")).to_have_text(
        t("replay.position", turn=turn, last=last)
    )
    expect(page).to_have_url(re.compile(rf"[?&]turn={turn}$"))


def test_an_imported_game_is_watched_turn_by_turn(open_page: OpenPage, camera: Camera) -> None:
    path = DATA / "game_1.json"
    record = read_record(path)
    last = len(record.actions)
    expected = json.loads(path.read_text())["expected"]["score"]
    page = open_page(locale="en")
    register(page, "ann", "Ann")
    page.goto("/games/import")
    page.locator("#record").set_input_files(str(path))
    page.locator('form[action="/games/import"] button[type="submit"]').click()
    expect(page).to_have_url(REPLAY_URL)

    expect(page.locator("#replay-next")).to_be_enabled()
    expect(page.locator("#replay-position")).to_have_text(f"Move 0 of {last}")
    board = page.locator("#replay-board")
    # every hand shows its cards: three hands of five, each card named for screen readers
    for player in record.players:
        expect(board).to_contain_text(player)
    expect(page.locator("#replay-log li")).to_have_count(last)
    camera.shoot(page, "start")

    page.locator("#replay-next").click()
    at_turn(page, 1, last)
    expect(page.locator('#replay-log li[aria-current="step"]')).to_have_count(1)
    page.keyboard.press("End")
    at_turn(page, last, last)
    expect(page.locator("#replay-status")).to_contain_text(f"{expected} of 25")
    camera.shoot(page, "end")
    page.keyboard.press("ArrowLeft")
    at_turn(page, last - 1, last)
    page.keyboard.press("Home")
    at_turn(page, 0, last)
    expect(page.locator("#replay-previous")).to_be_disabled()
    page.locator("#replay-log li").nth(9).locator("button").click()
    at_turn(page, 10, last)
    page.locator("#replay-turn").fill("20")
    at_turn(page, 20, last)

    page.reload()
    at_turn(page, 20, last)
    expect(page.locator('#replay-log li[aria-current="step"]')).to_have_count(1)


def test_the_keyboard_keeps_its_place_and_the_page_stays_put(
    open_page: OpenPage, camera: Camera
) -> None:
    """Pressing Next to the end leaves the focus on the slider (not lost with the disabled
    button), and stepping scrolls the log alone, never the page."""
    path = DATA / "game_2.json"
    last = len(read_record(path).actions)
    page = open_page(locale="en")
    register(page, "ann", "Ann")
    page.goto("/games/import")
    page.locator("#text").fill(path.read_text())
    page.locator('form[action="/games/import"] button[type="submit"]').click()
    expect(page).to_have_url(REPLAY_URL)
    page.goto(page.url + f"?turn={last - 2}")
    at_turn(page, last - 2, last)
    page.evaluate("window.scrollTo(0, 0)")
    page.locator("#replay-next").focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    at_turn(page, last, last)
    expect(page.locator("#replay-turn")).to_be_focused()
    page.keyboard.press("ArrowLeft")
    at_turn(page, last - 1, last)
    assert page.evaluate("window.scrollY") == 0
    camera.shoot(page, "near-the-end")


def test_the_bot_says_what_it_would_have_done_before_a_move(
    open_page: OpenPage, camera: Camera
) -> None:
    """The button asks the conventions bot about the move after the turn shown: its sentence
    comes in the page's language, marked as the game's move or not; another turn clears it."""
    path = DATA / "game_1.json"
    record = read_record(path)
    last = len(record.actions)
    page = open_page(locale="de")
    register(page, "ann", "Ann")
    page.goto("/games/import")
    page.locator("#record").set_input_files(str(path))
    page.locator('form[action="/games/import"] button[type="submit"]').click()
    expect(page).to_have_url(REPLAY_URL)
    game = int(REPLAY_URL.search(page.url)[1])  # type: ignore[index]
    t = translator("de")
    ask, advice = page.locator("#replay-ask"), page.locator("#replay-advice")
    expect(ask).to_have_text(t("replay.ask"))

    for turn in (0, 1):
        page.goto(f"/games/{game}/replay?turn={turn}")
        expect(ask).to_be_enabled()
        ask.click()
        answer = page.request.get(f"/games/{game}/advice.json?turn={turn}&lang=de").json()
        said = t("replay.advice", player=answer["player"], text=answer["text"])
        verdict = t("replay.advice_same" if answer["same"] else "replay.advice_other")
        expect(advice).to_have_text(f"{said} {verdict}")
        assert answer["text"].startswith("Ich ")
    camera.shoot(page, "advice")

    page.locator("#replay-next").click()
    expect(advice).to_have_text("")
    page.keyboard.press("End")
    expect(ask).to_be_disabled()
    assert len(record.players) == 3 and last > 2


def test_the_controls_the_status_and_the_board_count_moves_alike(
    open_page: OpenPage, camera: Camera
) -> None:
    """After three moves the slider says move 3, the status and the log's marked line are move
    3, and the board's header names move 4 as the next one: in every language, one word."""
    record = read_record(DATA / "game_1.json")
    last = len(record.actions)
    page = open_page(locale="en")
    register(page, "ann", "Ann")
    game = import_game(page, "game_1.json")
    board = page.locator("#replay-board")
    for lang in ("en", "de", "da"):
        t = translator(lang)
        page.goto(f"/games/{game}/replay?turn=3&lang={lang}")
        expect(page.locator("html")).to_have_attribute("lang", lang)
        position = page.locator("#replay-position")
        expect(position).to_have_text(t("replay.position", turn=3, last=last))
        word = t("replay.move")
        expect(page.locator('label[for="replay-turn"]')).to_have_text(word)
        assert position.inner_text().casefold().startswith(word.casefold())
        third = page.locator("#replay-log li").nth(2)
        expect(third).to_have_attribute("aria-current", "step")
        move = third.locator("button").inner_text()
        expect(page.locator("#replay-status")).to_have_text(t("replay.after", turn=3, text=move))
        on_turn = record.players[3 % len(record.players)]
        header = board.get_by_test_id("turn")
        expect(header).to_have_text(t("replay.next_move", turn=4, name=on_turn))
        assert word.casefold() in header.inner_text().casefold()
        camera.shoot(page, f"move-3-{lang}")
        page.locator("#replay-next").click()
        expect(position).to_have_text(t("replay.position", turn=4, last=last))
        expect(header).to_have_text(t("replay.next_move", turn=5, name=record.players[1]))


PHONE = {"width": 390, "height": 844}
# the box of an element in the screen's coordinates, and whether it lies wholly on the screen
BOX = """element => {
    const box = element.getBoundingClientRect();
    return {
        top: box.top, bottom: box.bottom, left: box.left, right: box.right,
        shown: box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight
            && box.right <= window.innerWidth,
    };
}"""
# what a tap at the middle of an element hits: the element (or a part of it), or what covers it
ON_TOP = """element => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint((box.left + box.right) / 2, (box.top + box.bottom) / 2);
    return element.contains(hit);
}"""
PLAYED = """board => Array.from(board.querySelectorAll(".fireworks [data-rank]"))
    .reduce((sum, card) => sum + Number(card.dataset.rank), 0)"""


def tap(page: Page, element: Locator) -> None:
    box = element.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def test_on_a_phone_the_step_buttons_and_the_board_are_in_sight_together(
    open_page: OpenPage, camera: Camera
) -> None:
    """On a narrow screen the controls are a bar at the bottom of the screen: with the board's
    fireworks scrolled into sight, Next is on the screen too and covers none of them, and a tap
    on it changes the fireworks in sight without scrolling. A wide screen keeps them in place."""
    record = read_record(DATA / "game_1.json")
    last = len(record.actions)
    page = open_page(locale="en")
    register(page, "ann", "Ann")
    game = import_game(page, "game_1.json")
    page.set_viewport_size(PHONE)
    # move 6 is the first that plays a card after move 3's
    page.goto(f"/games/{game}/replay?turn=5")
    at_turn(page, 5, last)
    board = page.locator("#replay-board")
    fireworks = board.locator(".fireworks")
    next_button = page.locator("#replay-next")
    fireworks.evaluate("element => element.scrollIntoView({block: 'center'})")
    scrolled = page.evaluate("window.scrollY")
    assert scrolled > 0
    for element in (fireworks, next_button, page.locator("#replay-previous")):
        assert element.evaluate(BOX)["shown"], element
        assert element.evaluate(ON_TOP), element
    assert fireworks.evaluate(BOX)["bottom"] <= next_button.evaluate(BOX)["top"]
    assert page.locator("#replay-turn").evaluate(BOX)["shown"]
    played = board.evaluate(PLAYED)
    camera.shoot(page, "phone-before-next")
    page.screenshot(path=camera.directory / "phone-screen.png")

    # a tap where the button is on the screen (Playwright's own click would scroll a bar that
    # sticks to the screen's edge into sight first, as no person's tap does)
    tap(page, next_button)
    at_turn(page, 6, last)
    assert board.evaluate(PLAYED) == played + 1
    assert page.evaluate("window.scrollY") == scrolled
    assert fireworks.evaluate(BOX)["shown"] and next_button.evaluate(BOX)["shown"]
    tap(page, page.locator("#replay-previous"))
    at_turn(page, 5, last)
    assert page.evaluate("window.scrollY") == scrolled

    # at the end of the page the bar rests below the log, covering nothing
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    log, bar = page.locator("#replay-log"), page.locator(".replay-bar")
    assert log.evaluate(BOX)["bottom"] <= bar.evaluate(BOX)["top"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    # a wide screen keeps the controls above the board, in the page's flow
    page.set_viewport_size({"width": 1280, "height": 900})
    page.evaluate("window.scrollTo(0, 0)")
    assert bar.evaluate("bar => getComputedStyle(bar).position") == "static"
    assert next_button.evaluate(BOX)["bottom"] <= board.evaluate(BOX)["top"]
    assert next_button.evaluate(BOX)["shown"]
