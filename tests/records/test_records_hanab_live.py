"""A record without "openhanabi" is hanab.live's: hanab.live's defaults and options apply, and the
fields this project does not use are kept (RULES.md sections 8 and 9)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from openhanabi.records import RecordError, read_record, replay
from openhanabi.rules import Action, Game, Termination, find_variant

NAMES = ["Ann", "Ben", "Cid"]


def hanab_live(
    actions: list[dict[str, int]] | None = None, players: int = 3, **options: Any
) -> dict[str, Any]:
    """A hanab.live record of a base game dealt from seed 1."""
    deck = Game.new(find_variant("base"), seed=1).deck
    return {
        "players": NAMES[:players] if players <= 3 else [f"P{i}" for i in range(players)],
        "deck": [{"suitIndex": card.suit, "rank": card.rank} for card in deck],
        "actions": actions or [],
        "options": {"variant": "No Variant", **options},
    }


def test_hanab_live_defaults_no_empty_clues_and_its_ending_rule() -> None:
    variant = read_record(hanab_live()).variant
    assert variant.empty_clues is False
    assert variant.hanab_live_ending is True
    assert variant.all_or_nothing is False
    assert (variant.players, variant.hand_size, variant.start_seat) == (3, 5, 0)


def test_the_player_count_is_the_number_of_names() -> None:
    for players, hand_size in ((2, 5), (3, 5), (4, 4), (5, 4)):
        variant = read_record(hanab_live(players=players)).variant
        assert (variant.players, variant.hand_size) == (players, hand_size)


def test_missing_options_mean_no_variant() -> None:
    data = hanab_live()
    del data["options"]
    assert read_record(data).variant == read_record(hanab_live()).variant


def test_hanab_live_names_and_preset_keys_both_name_variants() -> None:
    for name, key in (
        ("6 Suits", "multicolor"),
        ("Black (6 Suits)", "multicolor-5"),
        ("Rainbow (6 Suits)", "rainbow"),
        ("Dark Rainbow (6 Suits)", "rainbow-5"),
        ("rainbow", "rainbow"),
    ):
        game = Game.new(find_variant(key, players=3), seed=2)
        data = hanab_live()
        data["deck"] = [{"suitIndex": card.suit, "rank": card.rank} for card in game.deck]
        data["options"]["variant"] = name
        assert read_record(data).variant.key == key


def test_empty_clues_option_allows_them() -> None:
    # seat 1 holds cards 5-9; name a rank none of them has
    deck = Game.new(find_variant("base"), seed=1).deck
    missing = min({1, 2, 3, 4, 5} - {card.rank for card in deck[5:10]})
    empty = [{"type": 3, "target": 1, "value": missing}]
    with pytest.raises(RecordError, match="empty clues are off"):
        replay(read_record(hanab_live(empty)))
    assert replay(read_record(hanab_live(empty, emptyClues=True))).clue_tokens == 7


def test_starting_player_is_honoured() -> None:
    record = read_record(hanab_live([{"type": 3, "target": 0, "value": 1}], startingPlayer=2))
    assert record.variant.start_seat == 2
    game = replay(record)
    assert game.events[0].seat == 2 and game.seat == 0


@pytest.mark.parametrize(("option", "hand_size"), [("oneExtraCard", 6), ("oneLessCard", 4)])
def test_one_extra_card_and_one_less_card_change_the_hand_size(option: str, hand_size: int) -> None:
    variant = read_record(hanab_live(**{option: True})).variant
    assert variant.hand_size == hand_size
    both = read_record(hanab_live(oneExtraCard=True, oneLessCard=True)).variant
    assert both.hand_size == 5


@pytest.mark.parametrize("option", ["emptyClues", "oneExtraCard", "oneLessCard", "allOrNothing"])
def test_an_option_written_as_null_is_off(option: str) -> None:
    """hanab.live writes an option that was never set as null: the game is hanab.live's
    default one, with five cards in hand, no empty clues and its ending rule."""
    variant = read_record(hanab_live(**{option: None})).variant
    assert (variant.hand_size, variant.empty_clues, variant.all_or_nothing) == (5, False, False)
    assert variant == read_record(hanab_live(**{option: False})).variant


def test_all_or_nothing_is_honoured() -> None:
    assert read_record(hanab_live(allOrNothing=True)).variant.all_or_nothing is True


@pytest.mark.parametrize("option", ["deckPlays", "detrimentalCharacters", "cardCycle", "speedrun"])
def test_an_option_the_engine_cannot_play_is_refused_by_name(option: str) -> None:
    with pytest.raises(RecordError, match=rf"^options\.{option}: hanab\.live's .* not supported$"):
        read_record(hanab_live(**{option: True}))
    assert read_record(hanab_live(**{option: False})).extra_options == {option: False}


def test_a_game_over_action_stops_the_game_with_no_points() -> None:
    actions = [{"type": 3, "target": 1, "value": 1}, {"type": 4, "target": 1, "value": 4}]
    game = replay(read_record(hanab_live(actions)))
    assert game.outcome is not None
    assert (game.outcome.termination, game.outcome.score) == (Termination.ABANDONED, 0)
    timeout = [{"type": 4, "target": -1, "value": 3}]
    outcome = replay(read_record(hanab_live(timeout))).outcome
    assert outcome is not None and outcome.detail == "a player ran out of time"


def test_a_colour_clue_indexes_the_nameable_colours() -> None:
    # rainbow cannot be named: its clue colours are the five base colours, 0 to 4
    rainbow = Game.new(find_variant("rainbow", players=3), seed=2)
    data = hanab_live([{"type": 2, "target": 1, "value": 5}], emptyClues=True)
    data["deck"] = [{"suitIndex": card.suit, "rank": card.rank} for card in rainbow.deck]
    data["options"]["variant"] = "Rainbow (6 Suits)"
    with pytest.raises(
        RecordError, match=r"^move 1 \(clue 1 colour 5, actions\[0\]\): there is no clue colour"
    ):
        replay(read_record(data))
    data["options"]["variant"] = "6 Suits"  # multicolour is named: colour 5 exists
    assert replay(read_record(data)).clue_tokens == 7


def test_a_declared_play_needs_the_declared_play_option() -> None:
    data = hanab_live([{"type": 0, "target": 0, "value": 0, "declare": 1}])
    with pytest.raises(
        RecordError, match=r"^move 1 \(play 0 declare 1, actions\[0\]\): declared play is off"
    ):
        replay(read_record(data))


def test_fields_hanab_live_has_and_this_project_does_not_use_are_kept() -> None:
    data = hanab_live([{"type": 3, "target": 1, "value": 1}], timed=True, tableName="t")
    data.update(id=123, seed="p3v0s1", notes=[["a"], [], []])
    record = read_record(data)
    assert record.seed is None
    assert dict(record.extra) == {"id": 123, "seed": "p3v0s1", "notes": [["a"], [], []]}
    assert dict(record.extra_options) == {"timed": True, "tableName": "t"}
    written = json.loads(record.to_json())
    assert written["id"] == 123 and written["seed"] == "p3v0s1"
    assert written["options"]["timed"] is True
    assert written["options"]["emptyClues"] is False
    assert written["options"]["hanabLiveEnding"] is True
    assert read_record(written) == record


def test_our_records_take_a_missing_option_from_the_preset() -> None:
    deck = Game.new(find_variant("base"), seed=1).deck
    data = {
        "openhanabi": 1,
        "players": ["A", "B"],
        "deck": [{"suitIndex": card.suit, "rank": card.rank} for card in deck],
        "actions": [],
        "options": {"variant": "fewer-storms"},
    }
    variant = read_record(data).variant
    assert variant == find_variant("fewer-storms", players=2)
    assert (variant.storms, variant.empty_clues, variant.hanab_live_ending) == (2, True, False)


def test_a_play_by_the_rules_replays() -> None:
    record = read_record(hanab_live([{"type": 3, "target": 1, "value": 1}]))
    game = replay(record)
    expected = Game.new(find_variant("base", players=3, empty_clues=False), seed=1)
    expected.apply(Action.rank_clue(1, 1))
    assert game.hands == expected.hands and game.clue_tokens == expected.clue_tokens == 7


def test_characters_of_a_game_without_them_are_kept() -> None:
    for characters in ([], None):
        data = hanab_live()
        data["characters"] = characters
        record = read_record(data)
        assert record.extra == {"characters": characters}
        assert read_record(record.to_json()) == record


@pytest.mark.parametrize(
    ("condition", "detail"),
    [
        (3, "a player ran out of time"),
        (4, "the table stopped the game"),
        (6, "the table was idle for too long"),
        (10, "the players voted to end the game"),
    ],
)
def test_each_end_condition_hanab_live_writes_stops_the_game(condition: int, detail: str) -> None:
    record = read_record(hanab_live([{"type": 4, "target": -1, "value": condition}]))
    outcome = replay(record).outcome
    assert outcome is not None and (outcome.score, outcome.detail) == (0, detail)
    assert read_record(record.to_json()) == record


@pytest.mark.parametrize("condition", [0, 1, 2, 5, 7, 8, 9, 11, -1])
def test_an_end_condition_hanab_live_never_writes_in_a_game_over_action_is_refused(
    condition: int,
) -> None:
    # 1 and 2 (a normal end, a strikeout) are the rules' to reach; 5, 7, 8, 9 end games under
    # options this engine does not play or plays otherwise
    data = hanab_live([{"type": 4, "target": 0, "value": condition}])
    with pytest.raises(RecordError, match=rf"^actions\[0\]\.value: {condition} is not an end"):
        read_record(data)


def test_a_whole_number_seed_is_the_seed_of_the_deal_and_survives_writing() -> None:
    data = hanab_live([{"type": 3, "target": 1, "value": 1}])
    data["seed"] = 1  # the seed the deck of hanab_live() was dealt from
    record = read_record(data)
    assert record.seed == 1 and "seed" not in record.extra
    again = read_record(record.to_json())
    assert again == record and again.seed == 1
