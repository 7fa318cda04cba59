"""What players do on the live game page (``/tables/<id>/game``), by its ``data-testid`` hooks:
read whose turn it is, pick a card and play or discard it, give a clue, wait for the others."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Locator, Page, expect

Move = Callable[[Page, int], None]
MAX_ACTIONS = 200  # far more than any base game takes: a loop that never ends is a failure
# true once the turn has left ``seat`` or the game is over
TURN_PASSED = """seat => {
    const end = document.querySelector('[data-testid="end-screen"]');
    const turn = document.querySelector('[data-testid="turn"]');
    return (end !== null && !end.hidden) || (turn !== null && turn.dataset.seat !== String(seat));
}"""
# true once ``seat`` may act on this page: its turn, its cards ready to be picked
TURN_CAME = """seat => {
    const turn = document.querySelector('[data-testid="turn"]');
    return turn !== null && turn.dataset.seat === String(seat)
        && document.querySelector(`[data-testid="hand-${seat}"] button.card`) !== null;
}"""


def open_game(page: Page, table: int) -> None:
    page.goto(f"/tables/{table}/game")
    expect(page.get_by_test_id("turn")).to_be_attached()


def over(page: Page) -> bool:
    return page.get_by_test_id("end-screen").is_visible()


def seat_on_turn(page: Page) -> int | None:
    seat = page.get_by_test_id("turn").get_attribute("data-seat")
    return int(seat) if seat else None


def own_cards(page: Page, seat: int) -> Locator:
    return page.get_by_test_id(f"hand-{seat}").locator("button.card")


def pick_first_card(page: Page, seat: int) -> None:
    card = own_cards(page, seat).first
    card.click()
    expect(card).to_have_attribute("aria-pressed", "true")


def play_first_card(page: Page, seat: int) -> None:
    pick_first_card(page, seat)
    page.get_by_test_id("play").click()


def give_first_clue(page: Page) -> None:
    page.locator('[data-testid^="clue-target-"]').first.click()
    page.locator('[data-testid^="clue-colour-"], [data-testid^="clue-rank-"]').first.click()
    page.get_by_test_id("confirm").click()


def discard_or_clue(page: Page, seat: int) -> None:
    """Discard the first card when the rules allow it (not with every clue token in hand),
    else give the first clue offered: the game runs through the whole draw pile."""
    if page.get_by_test_id("discard").count():
        pick_first_card(page, seat)
        page.get_by_test_id("discard").click()
    else:
        give_first_clue(page)


def tab_to(page: Page, testid_prefix: str, presses: int = 100) -> str:
    """Press Tab until the focus is on a control whose ``data-testid`` starts with
    ``testid_prefix``; returns that testid."""
    for _ in range(presses):
        page.keyboard.press("Tab")
        focused = page.evaluate("() => document.activeElement?.dataset?.testid ?? ''")
        if focused.startswith(testid_prefix):
            return str(focused)
    raise AssertionError(f"Tab never reached a {testid_prefix}* control")


def wait_for_turn(page: Page, seat: int) -> None:
    page.wait_for_function(TURN_CAME, arg=seat)


def wait_until_turn_passes(page: Page, seat: int) -> None:
    page.wait_for_function(TURN_PASSED, arg=seat)


def play_to_the_end(pages: dict[int, Page], move: Move) -> int:
    """Each person, on their own page, makes ``move`` on their turns, bots take theirs, until
    the end screen shows; returns how many turns the people took."""
    taken = play_turns(pages, move, MAX_ACTIONS)
    for page in pages.values():
        expect(page.get_by_test_id("end-screen")).to_be_visible()
    return taken


def play_turns(pages: dict[int, Page], move: Move, turns: int) -> int:
    """Like :func:`play_to_the_end`, but stop as well once the people took ``turns`` turns and
    one of them is on turn again (so that no bot is about to act); returns the turns taken."""
    watcher = next(iter(pages.values()))
    taken = 0
    for _ in range(MAX_ACTIONS):
        seat = seat_on_turn(watcher)
        if over(watcher) or seat is None:
            return taken
        if seat in pages:
            wait_for_turn(pages[seat], seat)
            if taken == turns:
                return taken
            move(pages[seat], seat)
            taken += 1
            wait_until_turn_passes(pages[seat], seat)
        wait_until_turn_passes(watcher, seat)
    raise AssertionError(f"the game did not end within {MAX_ACTIONS} turns")
