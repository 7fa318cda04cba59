"""What a bot would have done in a recorded game: one entry per move of the record, each the
bot's legal choice at that seat, and shares of agreement with their standard errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from odd_bots import Unmakeable
from openhanabi.bench.review import Move, agreement, kind_of, review, share
from openhanabi.bots import Bot, BotError, make_bot, play_game, registry
from openhanabi.records import read_record, record_of, replay_states
from openhanabi.rules import PRESETS, Action, ActionType, Game, SeatView, find_variant

DATA = (Path(__file__).parents[2] / ".." / "shared" / "data" / "ah2ac2-3p").resolve()


@settings(max_examples=25, deadline=None)
@given(
    bot=st.sampled_from(["basic", "hat"]),
    preset=st.sampled_from([preset.key for preset in PRESETS]),
    players=st.integers(2, 5),
    seed=st.integers(0, 10_000),
)
def test_a_bot_that_reads_only_its_view_makes_its_own_moves_again(
    bot: str, preset: str, players: int, seed: int
) -> None:
    """``basic`` and ``hat`` choose from the seat's view alone, so a bot made afresh at each
    move of a game they played chooses every move they made (a card taken back by a bonus tile
    to a place left to chance is recorded with the place drawn)."""
    variant = find_variant(preset, players=players)
    game = play_game(
        Game.new(variant, seed), [make_bot(bot, s, variant, seed) for s in range(players)]
    )
    record = record_of(game)
    moves = review(record, bot, seed=seed)
    assert [move.index for move in moves] == list(range(len(record.actions)))
    assert all(move.same for move in moves)
    assert agreement([moves]).same.share == 1.0


def test_each_suggestion_is_legal_where_it_was_asked_and_the_game_replays_as_it_was() -> None:
    path = DATA / "game_7.json"
    record = read_record(path)
    moves = review(record, "conventions")
    states = list(replay_states(record))
    assert len(moves) == len(record.actions)
    for move in moves:
        before = states[move.index]
        assert move.seat == before.seat
        assert move.made == record.actions[move.index]
        assert move.suggested in before.legal_actions()
        assert move.explanation.startswith("I ")
    assert states[-1].score == json.loads(path.read_text())["expected"]["score"]


def test_agreement_counts_add_up_over_kinds_and_games() -> None:
    games = [review(read_record(DATA / f"game_{n}.json"), "basic") for n in (1, 2, 3)]
    result = agreement(games)
    total = sum(len(moves) for moves in games)
    assert result.games == 3 and result.same.moves == result.same_kind.moves == total
    assert result.same.count <= result.same_kind.count
    assert sum(s.moves for s in result.by_kind.values()) == total
    assert sum(s.count for s in result.by_kind.values()) == result.same.count
    made = {kind_of(move.made) for moves in games for move in moves}
    assert set(result.by_kind) == made


def test_the_standard_error_takes_the_moves_of_a_game_together() -> None:
    # two games of two moves: alike, there is no spread; one all agreed and one none, the
    # games disagree as much as they can
    assert share([(1, 2), (1, 2)]).standard_error == 0.0
    split = share([(2, 2), (0, 2)])
    assert split.share == 0.5 and split.standard_error == pytest.approx(0.5)
    assert share([(3, 4)]).standard_error == 0.0


def test_a_choice_left_to_chance_agrees_with_the_place_drawn() -> None:
    made = Action.choose(12, 3)
    assert Move(0, 0, made, Action.choose(12), "").same
    assert Move(0, 0, made, Action.choose(12, 3), "").same
    assert not Move(0, 0, made, Action.choose(12, 1), "").same
    assert not Move(0, 0, made, Action.choose(13), "").same
    assert kind_of(made) == "choice" and Action.choose(12).type is ActionType.CHOOSE


def test_a_bot_that_cannot_be_made_fails_as_a_bot_error_naming_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(registry._BOTS, Unmakeable.name, Unmakeable)
    variant = find_variant("base", players=2)
    record = record_of(
        play_game(Game.new(variant, 1), [make_bot("basic", s, variant) for s in (0, 1)])
    )
    with pytest.raises(BotError, match=r"^bot 'unmakeable' in seat 0 could not be made: Runtime"):
        review(record, Unmakeable.name)


class Says(Bot):
    """A bot that answers in words, not with an action."""

    name = "says"
    summary = "answers in words"

    def act(self, view: SeatView) -> Action:
        return "play 1"  # type: ignore[return-value]


def test_a_bot_that_answers_no_action_is_named_with_the_move_as_the_table_counts_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(registry._BOTS, Says.name, Says)
    variant = find_variant("base", players=2)
    record = record_of(
        play_game(Game.new(variant, 1), [make_bot("basic", s, variant) for s in (0, 1)])
    )
    with pytest.raises(BotError, match=r"^bot 'says' returned 'play 1' at move 1, which is not an"):
        list(review(record, Says.name))
