"""Bonus tiles on the game page: a person who completes a firework and draws a tile that asks
something answers it on the page, by mouse or by keyboard, and the stored game takes the
answer. Each tile that asks is met: a free colour clue (tile 3), a free rank clue (tile 4), a
card of the discard pile shuffled back into the draw pile (tile 5) and one played from it
(tile 6).

The game is dealt from a chosen deck: Ann and Ben sit at a real table and start its game, the
server is stopped, the table's game is stored in its place as the server stores a game (a
record, as an imported one, with no seed that deals it), already played up to Ann's decision,
and a new server process goes on with it, as it does after a restart."""

from __future__ import annotations

import json
import re
from collections import Counter

from camera import Camera
from game_page import open_game, tab_to, wait_for_turn, wait_until_turn_passes
from live_server import LiveServer
from playwright.sync_api import Page, expect
from stored import store_game, stored_game
from ui import OpenPage, join, register, start

from openhanabi.rules import Action, ActionType, Card, Decision, Event, Game, Result, Variant
from openhanabi.rules.deck import ordered_deck
from openhanabi.server.i18n import translator

YELLOW, BLUE = 1, 3  # suit indexes
# Ann (seat 0, orders 0-4) and Ben (seat 1, orders 5-9) are dealt these, oldest first; the draw
# pile starts with the blues, then the rest of the deck in suit order
ANN, BEN, DRAWN = "R1 R3 R5 G1 G2", "R2 R4 Y1 Y2 Y3", "B1 B2 B3 B4"
Y1, Y2 = 7, 8  # Ben's orders of Y1 and Y2, which he discards
# Ann clues Ben twice, letting him discard Y1 and Y2; then red goes up, Ann playing its 5 last
LINE = [
    Action.rank_clue(1, 1),
    Action.discard(Y1),
    Action.rank_clue(1, 3),
    Action.discard(Y2),
    Action.play(0),
    Action.play(5),
    Action.play(1),
    Action.play(6),
    Action.play(2),
]


def card(variant: Variant, name: str) -> Card:
    suit = [suit.letter for suit in variant.suits].index(name[0])
    return Card(suit, int(name[1:]))


def dealt(variant: Variant, tile: int) -> Game:
    """The chosen deal, with ``tile`` the top bonus tile, played through :data:`LINE`: Ann has
    just completed red and drawn ``tile``."""
    wanted = [card(variant, name) for names in (ANN, BEN, DRAWN) for name in names.split()]
    rest = Counter(ordered_deck(variant))
    rest.subtract(wanted)
    deck = list(wanted)
    for item in ordered_deck(variant):
        if rest[item] > 0:
            rest[item] -= 1
            deck.append(item)
    tiles = [tile] + [other for other in range(1, 7) if other != tile]
    game = Game(variant, deck, bonus_tiles=tiles)
    for action in LINE:
        game.apply(action)
    return game


def seat_ann_and_ben(ann: Page, ben: Page) -> int:
    """Ann opens a table of two with bonus tiles, Ben joins, Ann starts the game; returns the
    table's id."""
    register(ann, "ann", "Ann")
    register(ben, "ben", "Ben")
    ann.goto("/tables/new")
    form = ann.locator('form[action="/tables"]')
    form.locator("#variant").select_option("bonus-tiles")
    form.locator("#players").fill("2")
    form.locator('button[type="submit"]').click()
    expect(ann).to_have_url(re.compile(r"/tables/\d+$"))
    table = int(ann.url.rsplit("/", 1)[1])
    join(ben, table)
    start(ann, table)
    return table


def awaiting(
    open_page: OpenPage, server: LiveServer, tile: int, locale: str, sent: list[str] | None = None
) -> tuple[Page, int]:
    """Ann's game page (in ``locale``) with her decision on bonus ``tile`` to make; returns the
    page and the table's id. ``sent``, if given, collects the messages her page sends."""
    ann, ben = open_page(locale=locale), open_page()
    if sent is not None:
        ann.on("websocket", lambda socket: socket.on("framesent", lambda text: sent.append(text)))
    table = seat_ann_and_ben(ann, ben)
    server.stop()
    game = dealt(stored_game(server, table).variant, tile)
    assert game.pending is Decision(tile) and game.seat == 0
    store_game(server, table, game)
    server.start()
    open_game(ann, table)
    wait_for_turn(ann, 0)
    # her card is played: no play or discard is offered, nor said to be
    deciding = translator(locale)("controls.select_card_deciding")
    expect(ann.locator("#own-card-help")).to_have_text(deciding)
    return ann, table


def decided(page: Page, server: LiveServer, table: int) -> tuple[Game, Action, Event]:
    """The stored game once Ann's decision has passed the turn to Ben, with her decision and
    the event it made."""
    wait_until_turn_passes(page, 0)
    game = stored_game(server, table)
    assert game.pending is None and game.seat == 1
    assert len(game.history) == len(LINE) + 1, [str(action) for action in game.history]
    assert len(game.hands[0]) == 5  # the card that completed red is replaced only now
    return game, game.history[-1], game.events[-1]


def test_a_free_colour_clue_is_picked_and_given_by_mouse(
    open_page: OpenPage, server: LiveServer, camera: Camera
) -> None:
    t = translator("en")
    page, table = awaiting(open_page, server, 3, "en")
    expect(page.get_by_text(t("controls.free_colour_clue"))).to_be_visible()
    expect(page.get_by_test_id("play")).to_have_count(0)
    expect(page.get_by_test_id("discard")).to_have_count(0)
    page.get_by_test_id("clue-target-1").click()
    expect(page.locator("#clue-help")).to_have_text(t("controls.pick_colour", name="Ben"))
    expect(page.locator('[data-testid^="clue-colour-"]')).to_have_count(5)
    expect(page.locator('[data-testid^="clue-rank-"]')).to_have_count(0)
    page.get_by_test_id("clue-colour-blue").click()
    expect(page.get_by_test_id("clue-touches")).to_be_visible()
    camera.shoot(page, "free-colour-clue")
    page.get_by_test_id("confirm").click()

    game, action, event = decided(page, server, table)
    assert action == Action.colour_clue(1, BLUE)
    assert event.result is Result.CLUE and event.touched
    assert game.clue_tokens == game.variant.clue_tokens  # free: no token spent
    tokens = page.get_by_test_id("clue-tokens")
    expect(tokens).to_have_attribute("data-count", str(game.clue_tokens))


def test_a_free_rank_clue_is_picked_and_given_by_keyboard(
    open_page: OpenPage, server: LiveServer, camera: Camera
) -> None:
    t = translator("de")
    sent: list[str] = []
    page, table = awaiting(open_page, server, 4, "de", sent)
    expect(page.get_by_text(t("controls.free_rank_clue"))).to_be_visible()
    # her own card picked, the keys for a play and a discard do nothing while she decides
    page.keyboard.press("1")
    expect(page.locator('[data-testid^="card-"][aria-pressed="true"]')).to_have_count(1)
    page.keyboard.press("p")
    page.keyboard.press("d")
    page.keyboard.press("Escape")
    tab_to(page, "clue-target-1")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("clue-target-1")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#clue-help")).to_have_text(t("controls.pick_rank", name="Ben"))
    expect(page.locator('[data-testid^="clue-colour-"]')).to_have_count(0)
    tab_to(page, "clue-rank-3")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("clue-rank-3")).to_have_attribute("aria-pressed", "true")
    camera.shoot(page, "free-rank-clue")
    tab_to(page, "confirm")
    page.keyboard.press("Enter")

    game, action, event = decided(page, server, table)
    assert action == Action.rank_clue(1, 3)
    assert event.result is Result.CLUE and event.touched
    assert game.clue_tokens == game.variant.clue_tokens
    kinds = [json.loads(text).get("type") for text in sent if isinstance(text, str)]
    assert "clue" in kinds and not {"play", "discard"} & set(kinds), kinds
    expect(page.locator("#errors")).to_be_empty()


def test_a_discarded_card_is_chosen_by_keyboard_and_shuffled_back(
    open_page: OpenPage, server: LiveServer, camera: Camera
) -> None:
    t = translator("da")
    page, table = awaiting(open_page, server, 5, "da")
    expect(page.get_by_text(t("controls.choose_reshuffle"))).to_be_visible()
    expect(page.get_by_role("heading", name=t("controls.choose_card"))).to_be_visible()
    for order in (Y1, Y2):  # either may go back
        expect(page.get_by_test_id(f"card-{order}")).to_have_js_property("tagName", "BUTTON")
    expect(page.get_by_test_id("play")).to_have_count(0)
    tab_to(page, f"card-{Y2}")
    page.keyboard.press("Enter")
    expect(page.get_by_test_id(f"card-{Y2}")).to_have_attribute("aria-pressed", "true")
    expect(page.get_by_test_id("confirm")).to_be_focused()
    page.keyboard.press("Escape")  # changed her mind: nothing chosen
    expect(page.get_by_test_id("confirm")).to_have_count(0)
    expect(page.get_by_test_id(f"card-{Y2}")).to_have_attribute("aria-pressed", "false")
    tab_to(page, f"card-{Y2}")
    page.keyboard.press("Enter")
    camera.shoot(page, "shuffle-back")
    expect(page.get_by_test_id("confirm")).to_be_focused()
    page.keyboard.press("Enter")

    game, action, event = decided(page, server, table)
    assert action.type is ActionType.CHOOSE and action.target == Y2
    assert event.result is Result.RESHUFFLED and event.card == card(game.variant, "Y2")
    assert game.discard_pile == [Y1]
    expect(page.get_by_test_id(f"card-{Y2}")).to_have_count(0)


def test_a_discarded_card_that_fits_is_chosen_by_mouse_and_played(
    open_page: OpenPage, server: LiveServer, camera: Camera
) -> None:
    t = translator("en")
    page, table = awaiting(open_page, server, 6, "en")
    expect(page.get_by_text(t("controls.choose_play"))).to_be_visible()
    expect(page.get_by_role("heading", name=t("controls.choose_card"))).to_be_visible()
    expect(page.get_by_test_id(f"card-{Y2}")).not_to_have_js_property("tagName", "BUTTON")
    page.get_by_test_id(f"card-{Y1}").click()
    expect(page.get_by_test_id(f"card-{Y1}")).to_have_attribute("aria-pressed", "true")
    camera.shoot(page, "play-from-discard")
    page.get_by_test_id("confirm").click()

    game, action, event = decided(page, server, table)
    assert action.type is ActionType.CHOOSE and action.target == Y1
    assert event.result is Result.PLAYED_FROM_DISCARD and event.card == card(game.variant, "Y1")
    assert game.fireworks[YELLOW] == 1 and game.discard_pile == [Y2]
    expect(page.get_by_test_id("firework-yellow")).to_have_attribute("data-rank", "1")
