"""A record that is wrong gives one RecordError whose message says where and why: the field's
JSON path for a malformed record, the action's index and the rules' reason for an illegal one."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from openhanabi.records import (
    MAX_FILE_BYTES,
    Record,
    RecordError,
    read_record,
    record_of,
    replay,
)
from openhanabi.rules import Action, ActionType, Game, find_variant

DATA = (Path(__file__).parents[2] / ".." / "shared" / "data" / "ah2ac2-3p").resolve()
REAL = json.loads((DATA / "game_1.json").read_text())  # 60 actions, ends after the last


def ours() -> dict[str, Any]:
    """A record of this project's form: bonus tiles and declared play, a few actions in."""
    game = Game.new(find_variant("base", players=2, bonus_tiles=True, declared_play=True), 3)
    for action in (Action.rank_clue(1, 1), Action.discard(5), Action.play(1, declare=2)):
        game.apply(action)
    data: dict[str, Any] = json.loads(record_of(game).to_json())
    return data


def hanab_live() -> dict[str, Any]:
    return copy.deepcopy(REAL)


def edit(make: Callable[[], dict[str, Any]], change: Callable[[dict[str, Any]], object]) -> str:
    data = make()
    change(data)
    return json.dumps(data)


MALFORMED = {
    "not JSON": ('{"players": [', None, "not JSON"),
    "not an object": ("[1, 2, 3]", None, "a record is a JSON object, not a list"),
    "missing deck": (edit(hanab_live, lambda d: d.pop("deck")), "deck", "deck: missing"),
    "missing players": (edit(ours, lambda d: d.pop("players")), "players", "players: missing"),
    "missing actions": (edit(hanab_live, lambda d: d.pop("actions")), "actions", "missing"),
    "a starting player outside the table": (
        edit(hanab_live, lambda d: d["options"].update(startingPlayer=3)),
        "options.startingPlayer",  # the option at fault, whose seats count from 0
        "options.startingPlayer: start seat must be 0 to 2, not 3",
    ),
    "an action's number too large to show": (
        edit(hanab_live, lambda d: d["actions"][2].update(target=10**400)),
        "actions[2].target",
        "actions[2].target: a number of 401 digits is larger than any a record holds "
        "(2**53 at most)",
    ),
    "a card's number too large": (
        edit(hanab_live, lambda d: d["deck"][0].update(suitIndex=-(2**53) - 1)),
        "deck[0].suitIndex",
        "a number of 16 digits is larger than any a record holds",
    ),
    "an option's number too large": (
        edit(ours, lambda d: d["options"].update(clueTokens=10**20)),
        "options.clueTokens",
        "options.clueTokens: a number of 21 digits",
    ),
    "deck not a list": (
        edit(hanab_live, lambda d: d.update(deck={})),
        "deck",
        "deck: expected a list, not an object",
    ),
    "deck one card short": (
        edit(hanab_live, lambda d: d["deck"].pop()),
        "deck",
        "deck: the deck has 49 cards; base has 50",
    ),
    "deck of the wrong cards": (
        edit(hanab_live, lambda d: d["deck"].__setitem__(0, {"suitIndex": 0, "rank": 5})),
        "deck",
        "deck: the deck does not hold the cards of base",
    ),
    "suit outside the variant": (
        edit(hanab_live, lambda d: d["deck"][3].update(suitIndex=5)),
        "deck[3].suitIndex",
        "deck[3].suitIndex: 5 is not a suit of base (0 to 4)",
    ),
    "rank outside 1-5": (
        edit(hanab_live, lambda d: d["deck"][7].update(rank=0)),
        "deck[7].rank",
        "deck[7].rank: 0 is not a rank (1 to 5)",
    ),
    "rank as text": (
        edit(hanab_live, lambda d: d["deck"][2].update(rank="3")),
        "deck[2].rank",
        'deck[2].rank: expected a whole number, not the text "3"',
    ),
    "unknown variant": (
        edit(hanab_live, lambda d: d["options"].update(variant="Ice Cream (6 Suits)")),
        "options.variant",
        "options.variant: unknown variant 'Ice Cream (6 Suits)'",
    ),
    "hand size of 0": (
        edit(ours, lambda d: d["options"].update(handSize=0)),
        "options.handSize",
        "options.handSize: a hand holds at least 1 card, not 0",
    ),
    "unknown suit": (
        edit(ours, lambda d: d["options"]["suits"].__setitem__(4, "purple")),
        "options.suits[4]",
        "options.suits[4]: unknown suit 'purple'",
    ),
    "suits that are not the preset's": (
        edit(ours, lambda d: d["options"]["suits"].reverse()),
        "options.suits",
        "are not the suits of base",
    ),
    "bad action type": (
        edit(hanab_live, lambda d: d["actions"][5].update(type=7)),
        "actions[5].type",
        "actions[5].type: 7 is not an action type (0 play, 1 discard",
    ),
    "action type true": (
        edit(hanab_live, lambda d: d["actions"][5].update(type=True)),
        "actions[5].type",
        "actions[5].type: expected a whole number, not true",
    ),
    "action without a target": (
        edit(hanab_live, lambda d: d["actions"][2].pop("target")),
        "actions[2].target",
        "actions[2].target: missing",
    ),
    "clue without a value": (
        edit(hanab_live, lambda d: d["actions"][0].pop("value")),
        "actions[0].value",
        "actions[0].value: missing",
    ),
    "declared clue": (
        edit(hanab_live, lambda d: d["actions"][3].update(declare=1)),
        "actions[3].declare",
        "only a play declares a suit",
    ),
    "game over before the end": (
        edit(hanab_live, lambda d: d["actions"].insert(10, {"type": 4, "target": 0, "value": 4})),
        "actions[10]",
        "actions[10]: the game-over action must be the last, but 50 follow",
    ),
    "choice drawn at random": (
        edit(ours, lambda d: d["actions"].append({"type": 10, "target": 0, "value": -1})),
        "actions[3].value",
        "actions[3].value: a choice needs its position (0 or more), not -1",
    ),
    "choice without its position": (
        # a choice's value is where tile 5 puts the card back: no default could stand for it
        edit(ours, lambda d: d["actions"].append({"type": 10, "target": 0})),
        "actions[3].value",
        "actions[3].value: missing",
    ),
    "future format": (
        edit(ours, lambda d: d.update(openhanabi=2)),
        "openhanabi",
        "openhanabi: version 2 is not supported (this version reads 1)",
    ),
    "players not names": (
        edit(hanab_live, lambda d: d["players"].__setitem__(1, 7)),
        "players[1]",
        "players[1]: expected text, not the number 7",
    ),
    "six players": (
        edit(hanab_live, lambda d: d["players"].extend(["D", "E", "F"])),
        "players",
        "players: 6 players; games have 2 to 5",
    ),
    "player count that does not match the names": (
        edit(ours, lambda d: d["options"].update(players=3)),
        "options.players",
        "options.players: 3 players, but players lists 2 names",
    ),
    "option of the wrong type": (
        edit(ours, lambda d: d["options"].update(declaredPlay="yes")),
        "options.declaredPlay",
        'options.declaredPlay: expected true or false, not the text "yes"',
    ),
    "options that make no game": (
        edit(ours, lambda d: d["options"].update(storms=0)),
        "options",
        "options: storms must be at least 1, not 0",
    ),
    "missing bonus tiles": (
        edit(ours, lambda d: d.pop("bonusTiles")),
        "bonusTiles",
        "bonusTiles: missing (the game is played with bonus tiles)",
    ),
    "bonus tiles twice": (
        edit(ours, lambda d: d.update(bonusTiles=[1, 1, 2, 3, 4, 5])),
        "bonusTiles",
        "bonusTiles: the bonus tiles must be 1 to 6 once each",
    ),
    "bonus tiles in a game without them": (
        edit(hanab_live, lambda d: d.update(bonusTiles=[1, 2, 3, 4, 5, 6])),
        "bonusTiles",
        "bonusTiles: the game is played without bonus tiles",
    ),
    "seed that deals another deck": (
        edit(ours, lambda d: d.update(seed=4)),
        "seed",
        "seed: seed 4 does not deal this deck",
    ),
    "hanab.live option the engine cannot play": (
        edit(hanab_live, lambda d: d["options"].update(deckPlays=True)),
        "options.deckPlays",
        "options.deckPlays: hanab.live's bottom-deck blind plays option is not supported",
    ),
    "a number of 5000 digits": (
        json.dumps(REAL).replace('"rank": 3', '"rank": ' + "9" * 5000, 1),
        None,
        "not JSON this module reads: a number has too many digits",
    ),
    "a note that is not a number JSON has": (
        json.dumps(REAL)[:-1] + ', "notes": [[NaN]]}',
        "notes",
        "notes: holds NaN, which is not a JSON number",
    ),
    "an option too large to be a number but infinity": (
        edit(hanab_live, lambda d: d["options"].update(timeBase=1)).replace(
            '"timeBase": 1', '"timeBase": -1e999'
        ),
        "options.timeBase",
        "options.timeBase: holds -Infinity, which is not a JSON number",
    ),
    "a kept field whose name is a line break": (
        json.dumps(REAL)[:-1] + ', "x\\ny": NaN}',
        "x\\ny",  # the name as Python writes it: the message stays on one line
        "x\\ny: holds NaN, which is not a JSON number",
    ),
    "a kept option whose name is a line break": (
        json.dumps(REAL).replace('"options": {', '"options": {"\\n": Infinity, ', 1),
        "options.\\n",
        "options.\\n: holds Infinity, which is not a JSON number",
    ),
    "a name that is not Unicode": (
        json.dumps(REAL).replace('"Player 2"', '"Player \\ud800"'),
        "players[1]",
        'players[1]: "Player \\ud800" is not Unicode text (a lone surrogate)',
    ),
    "a note that is not Unicode": (
        edit(hanab_live, lambda d: d.update(notes=[["\udc00"], [], []])),
        "notes",
        "notes: holds text that is not Unicode (a lone surrogate)",
    ),
    "an option that is not Unicode": (
        edit(hanab_live, lambda d: d["options"].update(tableName="\ud83d")),
        "options.tableName",
        "options.tableName: holds text that is not Unicode",
    ),
    "detrimental characters": (
        edit(hanab_live, lambda d: d.update(characters=[{"name": "Fuming", "metadata": 2}] * 3)),
        "characters",
        "characters: hanab.live's detrimental characters are not supported",
    ),
    "a game-over action without its end condition": (
        edit(hanab_live, lambda d: d["actions"].__setitem__(-1, {"type": 4, "target": 0})),
        "actions[59].value",
        "actions[59].value: missing",
    ),
    "a game-over action with a strikeout for its end condition": (
        edit(
            hanab_live, lambda d: d["actions"].__setitem__(-1, {"type": 4, "target": 0, "value": 2})
        ),
        "actions[59].value",
        "actions[59].value: 2 is not an end condition of a game-over action (3 a player ran out",
    ),
    "a hanab.live record's whole-number seed that deals another deck": (
        edit(hanab_live, lambda d: d.update(seed=4)),
        "seed",
        "seed: seed 4 does not deal this deck",
    ),
}


@pytest.mark.parametrize(("text", "field", "message"), MALFORMED.values(), ids=MALFORMED.keys())
def test_a_malformed_record_names_the_field_at_fault(
    text: str, field: str | None, message: str
) -> None:
    with pytest.raises(RecordError) as caught:
        read_record(text)
    assert message in str(caught.value)
    assert caught.value.field == field
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("text", [text for text, _, _ in MALFORMED.values()], ids=MALFORMED.keys())
def test_every_fault_a_json_record_can_have_has_a_code_of_its_own(text: str) -> None:
    # for programs and translations: the code and its params say it all, in no language
    with pytest.raises(RecordError) as caught:
        read_record(text)
    error = caught.value
    assert error.reason not in ("field", "record"), str(error)
    assert error.params.get("field") == error.field
    json.dumps(error.params)  # JSON values


def test_options_that_make_no_game_carry_the_rule_they_break() -> None:
    text = edit(ours, lambda d: d["options"].update(handSize=30))
    with pytest.raises(RecordError) as caught:
        read_record(text)
    assert str(caught.value) == "options: a hand size of 30 does not fit the deck"
    assert caught.value.reason == "rules"
    assert caught.value.params == {
        "field": "options",
        "rule": "hand_size",
        "rule_params": {"hand_size": 30},
    }


def test_an_illegal_action_names_its_index_and_the_rules_reason() -> None:
    data = hanab_live()
    data["actions"][17] = {"type": 0, "target": 23, "value": 0}
    record = read_record(data)  # well-formed: only replaying finds the fault
    with pytest.raises(RecordError) as caught:
        replay(record)
    said = "move 18 (play 23, actions[17]): card 23 is not in the hand of seat 2"
    assert str(caught.value) == said
    assert (caught.value.index, caught.value.field) == (17, "actions[17]")


def test_an_empty_clue_is_illegal_in_a_hanab_live_record() -> None:
    data = hanab_live()
    # seat 1 holds cards 5-9 (5 G5 ... none of them a 5 except that one); find a rank it lacks
    ranks = {card["rank"] for card in data["deck"][5:10]}
    missing = min({1, 2, 3, 4, 5} - ranks)
    data["actions"][0] = {"type": 3, "target": 1, "value": missing}
    with pytest.raises(
        RecordError, match=r"^move 1 \(clue 1 rank \d, actions\[0\]\): .*empty clues are off"
    ):
        replay(read_record(data))


def test_actions_after_the_end_are_refused_with_the_reason_it_ended() -> None:
    data = hanab_live()
    data["actions"].append({"type": 3, "target": 1, "value": 1})
    with pytest.raises(RecordError) as caught:
        replay(read_record(data))
    assert str(caught.value).startswith(
        "move 61 (clue 1 rank 1, actions[60]): the game is already over (no more progress: "
    )
    assert caught.value.index == 60


def test_a_game_over_action_after_the_end_is_refused_too() -> None:
    data = hanab_live()
    data["actions"].append({"type": 4, "target": 0, "value": 4})
    with pytest.raises(
        RecordError, match=r"^move 61 \(game-over 0 4, actions\[60\]\): the game is"
    ):
        replay(read_record(data))


def test_a_record_built_in_code_is_checked_too() -> None:
    game = Game.new(find_variant("base", players=3), seed=0)
    with pytest.raises(RecordError, match=r"^players: 2 names for a game of 3 players$"):
        Record(("A", "B"), game.variant, game.deck)
    with pytest.raises(RecordError, match=r"^deck: the deck has 49 cards"):
        Record(("A", "B", "C"), game.variant, game.deck[1:])
    with pytest.raises(RecordError, match=r"^actions\[0\]: the game-over action must be"):
        Record(
            ("A", "B", "C"),
            game.variant,
            game.deck,
            (Action(ActionType.GAME_OVER, 0, 4), Action.rank_clue(1, 1)),
        )
    with pytest.raises(RecordError, match=r"^seed: is a field of the record, not an extra$"):
        Record(("A", "B", "C"), game.variant, game.deck, seed=0, extra={"seed": "x"})


BASE_2P = find_variant("base", players=2)
BASE_DECK = Game.new(BASE_2P, seed=0).deck
TILES_2P = find_variant("bonus-tiles", players=2)
TILES_DEAL = Game.new(TILES_2P, seed=0)
# what code can hand a Record that JSON could not: each is refused by name, none is kept
BUILT_WRONG: dict[str, tuple[dict[str, Any], str]] = {
    "a name that is no text": ({"players": ("A", 2)}, "players: every player's name must be text"),
    "a card that is no Card": (
        {"deck": (*BASE_DECK[:-1], (0, 1))},
        "deck: every card must be a Card",
    ),
    "bonus tiles in a game without them": (
        {"bonus_tiles": (1, 2, 3, 4, 5, 6)},
        "bonusTiles: the game is played without bonus tiles",
    ),
    "bonus tiles that are not the six": (
        {"variant": TILES_2P, "deck": TILES_DEAL.deck, "bonus_tiles": (1, 1, 2, 3, 4, 5)},
        "bonusTiles: the bonus tiles must be 1 to 6 once each, not [1, 1, 2, 3, 4, 5]",
    ),
    "a seed that is text": ({"seed": "0"}, "seed: expected a whole number, not"),
    "a seed that is true": ({"seed": True}, "seed: expected a whole number, not"),
    "an action that is no Action": ({"actions": ("play 0",)}, "actions[0]: not an action"),
    "an action's target that is no number": (
        {"actions": (Action(ActionType.PLAY, "0", 0),)},
        "actions[0]: target and value must be whole numbers",
    ),
    "a discard that declares a suit": (
        {"actions": (Action(ActionType.DISCARD, 0, 0, declare=1),)},
        "actions[0].declare: only a play declares a suit index",
    ),
    "a kept seed that would deal the game": (
        {"extra": {"seed": 3}},
        "seed: a whole-number seed is the seed of the deal",
    ),
    "a kept option that is an option of the game": (
        {"extra_options": {"clueTokens": 8}},
        "options.clueTokens: is an option of the game, not an extra",
    ),
    "a kept option the engine does not play": (
        {"extra_options": {"deckPlays": True}},
        "options.deckPlays: hanab.live's bottom-deck blind plays option is not supported",
    ),
    "a kept field that JSON cannot write": (
        {"extra": {"when": object()}},
        "when: holds a value that JSON cannot write",
    ),
}


@pytest.mark.parametrize(("parts", "message"), BUILT_WRONG.values(), ids=BUILT_WRONG.keys())
def test_a_record_built_in_code_from_wrong_parts_names_the_part(
    parts: dict[str, Any], message: str
) -> None:
    given: dict[str, Any] = {"players": ("A", "B"), "variant": BASE_2P, "deck": BASE_DECK} | parts
    with pytest.raises(RecordError) as caught:
        Record(**given)
    assert str(caught.value).startswith(message), str(caught.value)


@pytest.mark.parametrize("variant", ["base", None], ids=repr)
def test_a_record_of_something_that_is_not_a_variant_is_a_record_error(variant: object) -> None:
    # not an AttributeError from the first check that reads the variant
    deck = Game.new(find_variant("base", players=2), seed=0).deck
    with pytest.raises(RecordError, match=r"^options\.variant: expected a Variant, not "):
        Record(("A", "B"), variant, deck)  # type: ignore[arg-type]


def test_read_record_leaves_file_errors_to_oserror(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        read_record(tmp_path / "missing.json")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(RecordError, match=r"^the record is not UTF-8 text$|^not JSON"):
        read_record(binary)


def test_read_record_reads_no_more_of_a_file_than_a_record_can_be(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_bytes(b" " * MAX_FILE_BYTES + b"{}")
    with pytest.raises(RecordError, match=r"^the file is larger than 64 MiB") as caught:
        read_record(big)
    assert caught.value.reason == "too_large"
    endless = Path("/dev/zero")  # a file without end: refused, not read forever
    if endless.exists():
        with pytest.raises(RecordError, match=r"^the file is larger than"):
            read_record(endless)


def test_a_record_built_with_a_number_json_has_not_is_refused() -> None:
    game = Game.new(find_variant("base", players=2), seed=0)
    with pytest.raises(RecordError, match=r"^score: holds NaN, which is not a JSON number$"):
        Record(("A", "B"), game.variant, game.deck, extra={"score": float("nan")})
    with pytest.raises(RecordError, match=r"^options\.x: holds Infinity"):
        Record(("A", "B"), game.variant, game.deck, extra_options={"x": [float("inf")]})


ACTION_FIELDS = st.fixed_dictionaries(
    {
        "type": st.sampled_from([0, 1, 2, 3, 4, 10]),
        "target": st.integers(-3, 60),
        "value": st.integers(-3, 8),
    },
    optional={"declare": st.integers(-1, 6)},
)


@settings(max_examples=100, deadline=None)
@given(position=st.integers(0, 59), action=ACTION_FIELDS, variant=st.sampled_from(["ours", "real"]))
def test_any_action_anywhere_replays_or_gives_a_record_error(
    position: int, action: dict[str, int], variant: str
) -> None:
    data = ours() if variant == "ours" else hanab_live()
    data["actions"].insert(min(position, len(data["actions"])), action)
    try:
        replay(read_record(data))
    except RecordError as error:
        assert "\n" not in str(error)
