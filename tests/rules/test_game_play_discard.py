"""Playing and discarding (RULES.md section 3.2-3.3), the completion bonus, black powder and the
one-of-each sixth suits (section 5)."""

from __future__ import annotations

import pytest

from openhanabi.rules import Action, ActionType, Card, IllegalActionError, Result, find_variant

from .support import make_game, run, snapshot

# seat 0: orders 0-4, seat 1: orders 5-9, then the draw pile from order 10
RED_SPLIT = ["R1 R3 R5 G1 G2", "R2 R4 Y1 Y2 Y3"]
RED_IN_TURN = ("play 0", "play 5", "play 1", "play 6", "play 2")  # seats 0,1,0,1,0


def test_a_card_that_fits_is_added_to_its_firework_and_replaced_on_the_newest_side() -> None:
    game = make_game(find_variant("base"), ["R1 R2 Y3 G4 B5", "R3 Y1 G1 B1 W1"], draw="W5 W4")
    run(game, "play 0")
    assert game.fireworks == [1, 0, 0, 0, 0]
    assert game.score == 1
    assert game.hands[0] == [1, 2, 3, 4, 10]
    assert game.card(10) == Card(4, 5)
    event = game.events[-1]
    assert (event.seat, event.result, event.card, event.drew) == (0, Result.PLAYED, Card(0, 1), 10)
    assert game.clue_tokens == 8 and game.storms == 0
    assert game.discard_pile == []
    assert game.seat == 1


def test_each_next_card_must_be_exactly_one_higher() -> None:
    game = make_game(find_variant("base"), ["R1 R3 R2 G4 B5", "R3 Y1 G1 B1 W1"])
    assert game.is_playable(0) and not game.is_playable(1) and not game.is_playable(2)
    run(game, "play 0", "clue 0 rank 1")
    assert game.is_playable(2) and not game.is_playable(1)
    run(game, "play 1")  # R3 on R1
    assert game.fireworks[0] == 1
    assert game.events[-1].result is Result.MISPLAYED


def test_a_misplay_goes_to_the_discard_pile_and_turns_a_storm_token() -> None:
    game = make_game(find_variant("base"), ["R1 R2 Y3 G4 B5", "R3 Y1 G1 B1 W1"], draw="W5")
    run(game, "play 2")
    assert game.discard_pile == [2]
    assert game.storms == 1
    assert game.fireworks == [0] * 5
    assert game.score == 0
    assert game.clue_tokens == 8
    assert game.hands[0] == [0, 1, 3, 4, 10]
    event = game.events[-1]
    assert (event.result, event.card, event.drew) == (Result.MISPLAYED, Card(1, 3), 10)
    assert game.outcome is None


def test_a_duplicate_of_a_played_card_is_a_misplay() -> None:
    game = make_game(find_variant("base"), ["R1 R1 Y3 G4 B5", "R3 Y1 G1 B1 W1"])
    run(game, "play 0", "clue 0 rank 1", "play 1")
    assert game.fireworks[0] == 1
    assert game.storms == 1
    assert game.discard_pile == [1]


def test_a_discard_goes_face_up_to_the_discard_pile_regains_a_token_and_draws() -> None:
    game = make_game(find_variant("base"), ["R1 R2 Y3 G4 B5", "R3 Y1 G1 B1 W1"], draw="W5")
    run(game, "clue 1 rank 1", "discard 6")
    assert game.clue_tokens == 8
    assert game.discard_pile == [6]
    assert game.hands[1] == [5, 7, 8, 9, 10]
    event = game.events[-1]
    assert (event.result, event.card, event.drew) == (Result.DISCARDED, Card(1, 1), 10)
    assert game.storms == 0


@pytest.mark.parametrize("tokens", [8, 9, 3])
def test_discarding_is_forbidden_only_while_every_clue_token_is_available(tokens: int) -> None:
    """Section 5, more clues: the limit is the maximum in force (8, the spare's 9, or other)."""
    variant = find_variant("base", clue_tokens=tokens)
    game = make_game(variant, ["R1 R2 Y3 G4 B5", "R3 Y1 G1 B1 W1"])
    assert game.clue_tokens == tokens
    assert not any(a.type is ActionType.DISCARD for a in game.legal_actions())
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="discard"):
        game.apply(Action.discard(0))
    assert snapshot(game) == before
    run(game, "clue 1 rank 1")  # one below the maximum: now seat 1 may discard
    assert Action.discard(5) in game.legal_actions()
    run(game, "discard 5")
    assert game.clue_tokens == tokens


def test_the_more_clues_preset_allows_a_discard_at_8_of_9_tokens() -> None:
    game = make_game(find_variant("more-clues"), ["R1 R2 Y3 G4 B5", "R3 Y1 G1 B1 W1"])
    run(game, "clue 1 rank 1")
    assert game.clue_tokens == 8
    run(game, "discard 5")
    assert game.clue_tokens == 9


@pytest.mark.parametrize("action", [Action.play(5), Action.discard(7), Action.play(99)])
def test_only_a_card_in_your_own_hand_can_be_played_or_discarded(action: Action) -> None:
    game = make_game(find_variant("base"), ["R1 R2 Y3 G4 B5", "R3 Y1 G1 B1 W1"])
    run(game, "clue 1 rank 1", "clue 0 rank 1")  # below the maximum, so discards are possible
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match=f"card {action.target}"):
        game.apply(action)
    assert snapshot(game) == before


def test_completing_a_firework_regains_a_clue_token() -> None:
    game = make_game(find_variant("base"), RED_SPLIT)
    run(game, "clue 1 rank 1", "clue 0 rank 1")
    assert game.clue_tokens == 6
    run(game, *RED_IN_TURN)
    assert game.fireworks[0] == 5
    assert game.clue_tokens == 7


@pytest.mark.parametrize("maximum", [8, 9])
def test_the_completion_bonus_is_lost_when_every_token_is_available(maximum: int) -> None:
    game = make_game(find_variant("base", clue_tokens=maximum), RED_SPLIT)
    run(game, *RED_IN_TURN)
    assert game.fireworks[0] == 5
    assert game.clue_tokens == maximum


def test_a_complete_firework_takes_no_more_cards() -> None:
    game = make_game(find_variant("base"), ["R1 R3 R5 G1 G2", "R2 R4 Y1 Y2 Y3"], draw="R1")
    run(game, *RED_IN_TURN, "clue 0 rank 1")
    assert game.card(10) == Card(0, 1)
    run(game, "play 10")  # seat 0 plays the R1 it drew onto the finished red firework
    assert game.fireworks[0] == 5
    assert game.storms == 1


# ---------------------------------------------------------------------------- black powder


def test_black_powder_is_built_downwards_from_5() -> None:
    game = make_game(find_variant("black-powder"), ["K1 K5 K4 G1 G2", "K3 K2 Y1 Y2 Y3"])
    assert not game.is_playable(0)  # its 1 comes last
    assert game.is_playable(1)
    assert not game.is_playable(2)
    run(game, "play 1")
    assert game.fireworks[5] == 1
    assert game.score == -4
    assert game.is_playable(2)


def test_black_powder_1_first_is_a_misplay() -> None:
    game = make_game(find_variant("black-powder"), ["K1 K5 K4 G1 G2", "K3 K2 Y1 Y2 Y3"])
    run(game, "play 0")
    assert game.storms == 1
    assert game.fireworks[5] == 0
    assert game.score == -5


def test_black_powder_scores_minus_one_per_card_not_played_and_its_1_earns_the_bonus() -> None:
    game = make_game(find_variant("black-powder"), ["K5 K3 K1 G1 G2", "K4 K2 Y1 Y2 Y3"])
    run(game, "clue 1 rank 1", "clue 0 rank 1")
    scores = []
    for action in ("play 0", "play 5", "play 1", "play 6", "play 2"):
        run(game, action)
        scores.append(game.score)
    assert scores == [-4, -3, -2, -1, 0]
    assert game.fireworks[5] == 5
    assert game.clue_tokens == 7  # 6 + the completion bonus


def test_losing_the_only_black_powder_1_costs_one_point_of_the_maximum() -> None:
    game = make_game(find_variant("black-powder"), ["K1 K5 R1 G1 G2", "K5 K2 Y1 Y2 Y3"])
    assert game.max_reachable() == 25
    run(game, "clue 1 rank 1", "discard 6")  # a black powder 2: one copy of two is still there
    assert game.max_reachable() == 25
    run(game, "clue 1 rank 1", "clue 0 rank 1", "discard 0")  # the only black powder 1
    assert game.max_reachable() == 24


def test_losing_every_black_powder_5_leaves_minus_5_at_best() -> None:
    game = make_game(find_variant("black-powder"), ["K5 K5 K5 R1 R2", "Y1 Y2 Y3 Y4 B1"])
    run(game, "play 3", "clue 0 rank 5")
    for order in (0, 1, 2):
        run(game, f"discard {order}", "clue 0 rank 5")
    assert game.max_reachable() == 25 - 5  # every colour can still reach 5, black powder -5


# ---------------------------------------------------------------------------- sixth suits


@pytest.mark.parametrize(("key", "copies_of_3"), [("multicolor-5", 1), ("multicolor", 2)])
def test_the_harder_form_has_one_copy_of_each_rank(key: str, copies_of_3: int) -> None:
    variant = find_variant(key)
    game = make_game(variant, ["M3 R1 R2 G1 G2", "Y1 Y2 Y3 Y4 B1"])
    run(game, "clue 1 rank 1", "clue 0 rank 1", "discard 0")
    # with one M3 its loss stops multicolour at 2; with two the maximum is untouched
    expected = 30 if copies_of_3 == 2 else 27
    assert game.max_reachable() == expected


@pytest.mark.parametrize("key", ["rainbow", "rainbow-5", "multicolor", "multicolor-5"])
def test_the_sixth_suit_is_a_firework_of_its_own(key: str) -> None:
    game = make_game(find_variant(key), ["M1 M2 R2 G1 G2", "Y1 Y2 Y3 Y4 B1"])
    run(game, "play 0", "clue 0 rank 1", "play 1")
    assert game.fireworks == [0, 0, 0, 0, 0, 2]
    assert game.score == 2
