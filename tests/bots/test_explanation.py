"""Bots' explanations as data: each built-in bot's reason says, in English, exactly the sentence
``explain()`` returns; it survives JSON; and every key a bot produces has an English text whose
placeholders are the reason's parameters (the web platform's catalogues copy these keys)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from openhanabi.bots import Bot, make_bot
from openhanabi.bots.conventions.bot import ConventionsBot
from openhanabi.bots.explanation import (
    ENGLISH,
    Reason,
    english,
    kind,
    move,
    placeholders,
    player,
    position,
    reason,
    said_in_english,
)
from openhanabi.bots.search.bot import SearchBot
from openhanabi.rules import Action, ActionType, Game, SeatView, Variant, find_variant
from openhanabi.rules.variants import MAX_PLAYERS

TABLES = [
    ("base", 2),
    ("base", 3),
    ("rainbow", 4),
    ("black-powder", 3),
    ("bonus-tiles", 2),
    ("declared-play", 3),
]
BOTS = ["random", "basic", "hat", "conventions"]


def play_saying(bots: list[Bot], variant: Variant, seed: int) -> list[Reason]:
    """Play one game with ``bots``, checking after each move that its reason says its
    sentence; the reasons given, in order."""
    game = Game.new(variant, seed)
    said = []
    while game.outcome is None:
        bot = bots[game.seat]
        game.apply(bot.act(game.view(game.seat)))
        given_reason = bot.reason()
        assert given_reason is not None, f"{bot.name} gave no reason"
        assert english(given_reason, variant) == bot.explain()
        assert Reason.from_json(json.loads(json.dumps(given_reason.to_json()))) == given_reason
        said.append(given_reason)
    return said


def check_keys(said: list[Reason]) -> None:
    for each in said:
        for part in _parts(each):
            assert part.key in ENGLISH, f"no English text for {part.key}"
            assert placeholders(ENGLISH[part.key]) == set(part.params), part.key


def _parts(said: Reason) -> list[Reason]:
    nested = [value for value in said.params.values() if isinstance(value, Reason)]
    return [said] + [part for inner in nested for part in _parts(inner)]


@pytest.mark.parametrize("name", BOTS)
@pytest.mark.parametrize(("preset", "players"), TABLES)
def test_each_reason_says_the_bots_sentence(name: str, preset: str, players: int) -> None:
    variant = find_variant(preset, players=players)
    bots = [make_bot(name, seat, variant, 7) for seat in range(players)]
    check_keys(play_saying(bots, variant, 7))


def test_the_search_bots_reasons_say_its_sentences() -> None:
    variant = find_variant("base", players=2)
    bots: list[Bot] = [SearchBot(seat, variant, 5, budget=0.05) for seat in range(2)]
    check_keys(play_saying(bots, variant, 5))


def test_a_search_deviation_names_both_moves() -> None:
    variant = find_variant("base", players=2)
    said = reason(
        "search.chose",
        chosen=move(Action.discard(7), (3, 5, 7, 8, 9)),
        planned=move(Action.colour_clue(1, 0), (3, 5, 7, 8, 9)),
        deals=40,
        points=0.4567,
    )
    assert english(said, variant) == (
        "I chose to discard slot 3 over what my conventions suggested (to tell Bob about "
        "their red cards): playing out 40 deals consistent with what I know, it scored 0.46 "
        "points more on average."
    )
    check_keys([said])


@pytest.mark.parametrize("name", ["basic", "hat", "conventions"])
@pytest.mark.parametrize(("preset", "players"), [("base", 3), ("declared-play", 4)])
def test_a_play_or_discard_names_the_slot_the_board_shows(
    name: str, preset: str, players: int
) -> None:
    """A bot says which of its cards it played or discarded by slot, counted as the terminal
    and the web page count them: slot 1 is the newest card."""
    variant = find_variant(preset, players=players)
    bots = [make_bot(name, seat, variant, 11) for seat in range(players)]
    game = Game.new(variant, 11)
    named = 0
    while game.outcome is None:
        view = game.view(game.seat)
        action = bots[game.seat].act(view)
        said = bots[game.seat].reason()
        assert said is not None
        if action.type in (ActionType.PLAY, ActionType.DISCARD):
            slots = [part.params["position"] for part in _parts(said) if "position" in part.params]
            assert slots, f"{name} did not name the card of {said.key}"
            assert slots[0] == position(view.own_hand, action.target), said.key
            assert f"slot {slots[0]}" in bots[game.seat].explain()
            named += 1
        game.apply(action)
    assert named > 0


def test_the_conventions_bot_names_every_seat_a_table_can_have() -> None:
    names = {player(seat) for seat in range(MAX_PLAYERS)}
    assert len(names) == MAX_PLAYERS


def test_the_conventions_bot_says_a_finesse_with_the_card_and_the_player() -> None:
    variant = find_variant("base", players=3)
    said = reason(
        "conventions.clue",
        name=2,
        clue=reason("conventions.clue.colour", colour=0),
        why=reason("conventions.why.play_finesse", suit=1, rank=2, name=0),
    )
    assert english(said, variant) == (
        "I gave Cathy a red clue to get the yellow 2 played; it finesses Alice into playing "
        "their finesse position first."
    )
    check_keys([said])


def test_the_conventions_bot_has_said_nothing_before_its_first_turn() -> None:
    bot = ConventionsBot(0, find_variant("base", players=2))
    assert bot.reason() is None and bot.explain() == ""


def test_a_bot_without_reasons_gives_none() -> None:
    class Quiet(Bot):
        name = "quiet"
        summary = "says nothing"

        def act(self, view: SeatView) -> Action:
            raise NotImplementedError

    assert Quiet(0, find_variant("base", players=2)).reason() is None


def test_every_english_text_names_its_kinds_of_values() -> None:
    known = {"suit", "colour", "points", "seat", "card", "rank", "percent", "deals"}
    known |= {"position", "name", "tokens"}
    parts = {"clue", "why", "reason", "chosen", "planned"}
    for key, text in ENGLISH.items():
        assert {kind(name) for name in placeholders(text)} <= known | parts, key


@pytest.mark.parametrize("bad", [None, 3, {"params": {}}, {"key": 1}, {"key": "k", "params": []}])
def test_a_stored_reason_that_is_not_one_is_refused(bad: object) -> None:
    with pytest.raises(ValueError):
        Reason.from_json(bad)


values = st.one_of(st.integers(-1000, 1000), st.text(max_size=5))


@given(st.dictionaries(st.sampled_from(["seat", "card", "rank", "position"]), values, max_size=4))
def test_a_reason_survives_json(params: dict[str, int | str]) -> None:
    said = reason("basic.clue", why=reason("basic.why.playable"), **params)
    assert Reason.from_json(json.loads(json.dumps(said.to_json()))) == said


def test_a_bots_own_sentence_stands_in_for_a_reason_without_words_here() -> None:
    """A bot of another package gives reasons under its own keys, which ENGLISH lacks: the
    tools then show its explain() sentence, never a bare key, and never fail on it."""
    variant = find_variant("base", players=3)
    known = reason("basic.why.playable")
    assert said_in_english(known, "its words", variant) == english(known, variant)
    for said in (
        Reason("mybot.played"),  # a key of its own
        Reason("basic.clue", {"why": Reason("mybot.why")}),  # holding one
        Reason("basic.clue", {}),  # a known key, its placeholders unfilled
        "a reason that is no Reason",
        None,
    ):
        assert said_in_english(said, "I played my oldest card.", variant) == (
            "I played my oldest card."
        )
    assert said_in_english(None, None, variant) == ""  # type: ignore[arg-type]


def test_one_clue_token_is_said_in_the_singular() -> None:
    variant = find_variant("base", players=3)
    for tokens, said in [(1, "with 1 clue token left"), (2, "with 2 clue tokens left")]:
        reason_ = Reason(
            "conventions.play.before_save", {"position": 2, "name": 1, "tokens": tokens}
        )
        assert said + ", Bob would rather" in english(reason_, variant)
