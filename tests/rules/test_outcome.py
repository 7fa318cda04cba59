"""How a game ends (Outcome, Termination) and the rating bands of RULES.md section 4."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from openhanabi.rules import (
    Action,
    Game,
    IllegalActionError,
    Outcome,
    Termination,
    find_variant,
    rating,
)

FIVE_SUIT_BANDS = [(0, 5), (6, 10), (11, 15), (16, 20), (21, 24), (25, 25)]
SIX_SUIT_BANDS = [(0, 5), (6, 10), (11, 15), (16, 20), (21, 24), (25, 29), (30, 30)]


def band_of(score: int, bands: list[tuple[int, int]]) -> tuple[int, int]:
    return next(band for band in bands if band[0] <= score <= band[1])


@pytest.mark.parametrize("score", range(26))
def test_five_suit_rating_bands(score: int) -> None:
    result = rating(score, 25)
    assert (result.low, result.high) == band_of(score, FIVE_SUIT_BANDS)


@pytest.mark.parametrize("score", range(31))
def test_six_suit_rating_bands(score: int) -> None:
    result = rating(score, 30)
    assert (result.low, result.high) == band_of(score, SIX_SUIT_BANDS)


@pytest.mark.parametrize(("maximum", "bands"), [(25, FIVE_SUIT_BANDS), (30, SIX_SUIT_BANDS)])
def test_each_band_has_its_own_verdict(maximum: int, bands: list[tuple[int, int]]) -> None:
    verdicts = {rating(low, maximum).verdict for low, _ in bands}
    assert len(verdicts) == len(bands)
    assert all(verdict.strip() for verdict in verdicts)
    for low, high in bands:
        assert rating(low, maximum).verdict == rating(high, maximum).verdict


def test_25_is_the_top_band_with_five_suits_but_not_with_six() -> None:
    assert rating(25, 25).verdict == rating(30, 30).verdict
    assert rating(25, 30).verdict != rating(25, 25).verdict


def test_a_negative_black_powder_score_is_in_the_lowest_band() -> None:
    assert rating(-3, 25).verdict == rating(0, 25).verdict
    assert rating(-3, 25).high == 5
    # the band reaches down to the score itself: -3 lies in -3 to 5, not in 0 to 5
    assert rating(-3, 25).low == -3
    assert rating(-5, 30)[:2] == (-5, 5)


@given(data=st.data())
def test_every_score_a_game_can_end_with_lies_in_its_band(data: st.DataObject) -> None:
    """From black powder's lowest (-5, or 0 for a strikeout) to the perfect score."""
    key = data.draw(st.sampled_from(["base", "black-powder", "black-powder-rainbow", "rainbow"]))
    variant = find_variant(key)
    score = data.draw(st.integers(variant.min_score, variant.max_score), label="score")
    band = rating(score, variant.max_score)
    assert band.low <= score <= band.high <= variant.max_score


def test_the_rating_follows_the_variants_maximum() -> None:
    """Black powder adds no points: five-suit bands with it, six-suit bands with a sixth suit."""
    assert rating(25, find_variant("black-powder").max_score).high == 25
    assert rating(25, find_variant("black-powder-rainbow").max_score).high == 29


def test_every_termination_has_its_own_reason() -> None:
    reasons = [termination.value for termination in Termination]
    assert len(set(reasons)) == len(reasons)
    for termination in Termination:
        assert Outcome(termination, 0, "detail").reason == termination.value


def test_an_outcome_is_immutable() -> None:
    outcome = Outcome(Termination.PERFECT, 25, "every firework is complete")
    with pytest.raises(dataclasses.FrozenInstanceError):
        outcome.score = 0  # type: ignore[misc]


def test_abandoning_ends_the_game_with_0_points() -> None:
    game = Game.new(find_variant("base"), seed=3)
    game.apply(Action.play(game.hands[0][0]))
    game.abandon()
    assert game.outcome is not None
    assert game.outcome.termination is Termination.ABANDONED
    assert game.outcome.score == 0
    assert game.legal_actions() == []
    with pytest.raises(IllegalActionError, match="over"):
        game.apply(Action.rank_clue(0, 1))


def test_abandoning_a_finished_game_keeps_its_outcome() -> None:
    game = Game.new(find_variant("one-storm"), seed=3)
    while not game.over:
        hand = game.hands[game.seat]
        unplayable = [o for o in hand if not game.is_playable(o)]
        game.apply(Action.play((unplayable or hand)[0]))
    outcome = game.outcome
    game.abandon()
    assert game.outcome == outcome
