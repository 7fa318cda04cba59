"""Bonus tiles (RULES.md section 6)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from openhanabi.rules import (
    Action,
    ActionType,
    Decision,
    Game,
    IllegalActionError,
    Result,
    Termination,
    Variant,
    find_variant,
)
from openhanabi.rules.suits import NORMAL_CARDS

from .support import (
    best_score_left,
    build_deck,
    burn_draw_pile,
    custom_suits,
    draw_pile_cards,
    first_playable_policy,
    make_game,
    perfect_deck,
    run,
    snapshot,
)

# Seat 0 holds orders 0-4, seat 1 orders 5-9; the draw pile starts at order 10 with B1 B2 B3 B4.
RED_SPLIT = ["R1 R3 R5 G1 G2", "R2 R4 Y1 Y2 Y3"]
DRAW = "B1 B2 B3 B4"
TWO_CLUES = ("clue 1 rank 1", "clue 0 rank 1")  # 6 tokens, seat 0 on turn again
RED_BUT_5 = ("play 0", "play 5", "play 1", "play 6")  # R1-R4; seat 0 then holds R5 (order 2)
COMPLETE_RED = "play 2"
YELLOW, BLUE = 1, 3


def red_game(
    tiles: Sequence[int],
    before: Sequence[str] = TWO_CLUES,
    hands: Sequence[str] = RED_SPLIT,
    draw: str = DRAW,
    **options: object,
) -> Game:
    """A bonus-tile game with red one card from complete, seat 0 to play the R5 (order 2)."""
    variant = find_variant("bonus-tiles", **options)
    game = make_game(variant, hands, draw=draw, tiles=tiles)
    run(game, *before, *RED_BUT_5)
    assert game.seat == 0 and game.fireworks[0] == 4 and 2 in game.hands[0]
    return game


# ---------------------------------------------------------------------------- the draw


def test_completing_a_firework_draws_the_top_tile_instead_of_the_token() -> None:
    game = red_game([6, 1, 2, 3, 4, 5])
    assert game.clue_tokens == 6
    run(game, COMPLETE_RED)  # tile 6 with an empty discard pile: nothing to play
    assert game.events[-1].tiles == (6,)
    assert game.tiles == [5, 4, 3, 2, 1]  # top at the end
    assert game.clue_tokens == 6  # no completion token: the tile replaced it
    assert game.pending is None


def test_the_tile_order_of_the_record_is_kept() -> None:
    game = red_game([4, 6, 2, 1, 5, 3])
    assert game.bonus_tiles == (4, 6, 2, 1, 5, 3)


def test_no_tile_left_means_the_normal_completion_bonus() -> None:
    """Decided: once all six tiles are drawn, a completion regains a clue token again."""
    # eight suits: six completions draw the six tiles, and a seventh is not yet perfect
    variant = Variant("custom", custom_suits(8, NORMAL_CARDS), players=2, bonus_tiles=True)
    game = Game(variant, perfect_deck(variant), bonus_tiles=[1, 2, 3, 4, 5, 6])
    rng = random.Random(0)

    def complete() -> int:
        return sum(played == 5 for played in game.fireworks)

    while game.tiles or game.pending is not None:
        game.apply(first_playable_policy(game, rng))
    assert complete() == 6
    run(game, Action.rank_clue(1 - game.seat, 1))
    while complete() == 6:
        before = game.clue_tokens
        game.apply(first_playable_policy(game, rng))
    assert before < variant.clue_tokens
    event = game.events[-1]
    assert event.result is Result.PLAYED and event.tiles == ()
    assert game.clue_tokens == before + 1
    assert game.outcome is None  # an eighth suit is still to build


def test_perfect_ends_the_game_without_drawing_a_tile() -> None:
    variant = find_variant("bonus-tiles")
    game = Game(variant, perfect_deck(variant), bonus_tiles=[1, 2, 3, 4, 5, 6])
    rng = random.Random(0)
    while not game.over:
        game.apply(first_playable_policy(game, rng))
    assert game.outcome is not None
    assert game.outcome.termination is Termination.PERFECT
    assert game.events[-1].tiles == ()
    assert len(game.tiles) == 2  # four completions drew four tiles, the fifth is perfect


# ---------------------------------------------------------------------------- tiles 1 and 2


def test_tile_1_regains_a_clue_token() -> None:
    game = red_game([1, 2, 3, 4, 5, 6])
    run(game, COMPLETE_RED)
    assert game.clue_tokens == 7
    assert game.pending is None
    assert game.seat == 1


@pytest.mark.parametrize("tile", [1, 2])
def test_tokens_never_exceed_the_maximum(tile: int) -> None:
    game = red_game([tile, 3, 4, 5, 6, 1 if tile == 2 else 2], before=())
    assert game.clue_tokens == 8
    run(game, COMPLETE_RED)
    assert game.clue_tokens == 8


def test_tile_2_regains_a_token_and_turns_back_a_storm() -> None:
    game = red_game([2, 1, 3, 4, 5, 6], before=("clue 1 rank 1", "play 9"))  # Y3: a misplay
    assert (game.clue_tokens, game.storms) == (7, 1)
    run(game, COMPLETE_RED)
    assert (game.clue_tokens, game.storms) == (8, 0)


def test_tile_2_with_no_storm_turned_only_regains_the_token() -> None:
    game = red_game([2, 1, 3, 4, 5, 6])
    run(game, COMPLETE_RED)
    assert (game.clue_tokens, game.storms) == (7, 0)


# ---------------------------------------------------------------------------- tiles 3 and 4


def test_tile_3_asks_for_a_free_colour_clue_before_the_turn_passes() -> None:
    game = red_game([3, 1, 2, 4, 5, 6])
    hand = list(game.hands[0])
    run(game, COMPLETE_RED)
    assert game.pending is Decision.FREE_COLOUR_CLUE
    assert game.seat == 0
    assert game.events[-1].drew == -1  # the replacement waits for the decision
    assert game.hands[0] == [o for o in hand if o != 2]
    assert set(game.legal_actions()) == {Action.colour_clue(1, c) for c in range(5)}
    turn = game.turn
    run(game, Action.colour_clue(1, YELLOW))
    assert game.pending is None
    event = game.events[-1]
    assert (event.seat, event.result) == (0, Result.CLUE)
    assert event.touched == (7, 8, 9)  # seat 1's Y1 Y2 Y3
    assert game.clue_tokens == 6  # free: no token spent, and none gained for the completion
    assert event.drew == game.hands[0][-1] == 14  # now the replacement is drawn
    assert game.seat == 1
    assert game.turn == turn + 1


def test_tile_4_asks_for_a_free_rank_clue() -> None:
    game = red_game([4, 1, 2, 3, 5, 6])
    run(game, COMPLETE_RED)
    assert game.pending is Decision.FREE_RANK_CLUE
    assert set(game.legal_actions()) == {Action.rank_clue(1, r) for r in range(1, 6)}
    run(game, Action.rank_clue(1, 2))
    assert game.events[-1].touched == (8, 11)  # seat 1's Y2 and the B2 it drew
    assert game.clue_tokens == 6
    assert game.seat == 1


@pytest.mark.parametrize(
    ("tile", "clue"), [(3, Action.colour_clue(1, YELLOW)), (4, Action.rank_clue(1, 1))]
)
def test_a_free_clue_needs_no_clue_token(tile: int, clue: Action) -> None:
    game = red_game([tile, 1, 2, 5, 6, 7 - tile], clue_tokens=2)
    assert game.clue_tokens == 0
    run(game, COMPLETE_RED)
    assert clue in game.legal_actions()
    run(game, clue)
    assert game.clue_tokens == 0
    assert game.seat == 1


def test_a_free_clue_follows_the_empty_clue_option() -> None:
    game = red_game([3, 1, 2, 4, 5, 6], empty_clues=False)
    run(game, COMPLETE_RED)
    # seat 1 holds Y1 Y2 Y3 and the drawn B2 and B4: only yellow and blue touch anything
    assert set(game.legal_actions()) == {Action.colour_clue(1, YELLOW), Action.colour_clue(1, BLUE)}
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="empty"):
        game.apply(Action.colour_clue(1, 0))
    assert snapshot(game) == before


def test_a_free_clue_cannot_go_to_yourself() -> None:
    game = red_game([4, 1, 2, 3, 5, 6])
    run(game, COMPLETE_RED)
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="seat 0"):
        game.apply(Action.rank_clue(0, 1))
    assert snapshot(game) == before
    assert game.pending is Decision.FREE_RANK_CLUE


def test_a_free_colour_clue_that_cannot_be_given_does_nothing() -> None:
    """Decided: with empty clues off and only black powder in the other hand, tile 3 is void."""
    variant = find_variant("black-powder", bonus_tiles=True, empty_clues=False)
    game = make_game(
        variant, ["R1 R3 R5 K2 K1", "R2 R4 K3 K3 K2"], draw="B1 K5 B2 K4", tiles=[3, 1, 2, 4, 5, 6]
    )
    run(game, "clue 1 rank 2", "clue 0 rank 1", *RED_BUT_5)
    assert all(game.card(o).suit == 5 for o in game.hands[1])  # seat 1 holds only black powder
    run(game, COMPLETE_RED)
    assert game.pending is None
    assert game.events[-1].tiles == (3,)
    assert game.clue_tokens == 6
    assert game.seat == 1
    assert game.hands[0][-1] == game.events[-1].drew >= 0


# ---------------------------------------------------------------------------- tile 5

# Seat 1 discards its Y3 (order 9) first: the discard pile then holds it.
DISCARD_Y3 = ("clue 1 rank 1", "discard 9")


def test_tile_5_shuffles_a_chosen_discarded_card_back_into_the_draw_pile() -> None:
    game = red_game([5, 1, 2, 3, 4, 6], before=DISCARD_Y3)
    size = len(game.draw_pile)
    run(game, COMPLETE_RED)
    assert game.pending is Decision.RESHUFFLE
    assert game.legal_actions() == [Action.choose(9)]
    run(game, Action.choose(9, 3))
    event = game.events[-1]
    assert (event.result, event.card) == (Result.RESHUFFLED, game.card(9))
    assert game.discard_pile == []
    assert len(game.draw_pile) == size  # one card in, one replacement out
    # it landed 4th from the top; the replacement then took the top card
    assert draw_pile_cards(game)[2] == game.card(9)
    assert game.seat == 1


def test_a_card_shuffled_back_to_the_top_is_the_replacement_with_a_new_order() -> None:
    game = red_game([5, 1, 2, 3, 4, 6], before=DISCARD_Y3)
    run(game, COMPLETE_RED, Action.choose(9, 0))
    new = game.hands[0][-1]
    assert game.events[-1].drew == new
    # a fresh order (the next card drawn), not 9: its holder cannot link the two
    assert new == game.cards_drawn - 1
    assert new != 9
    assert game.card(new) == game.card(9)
    assert 9 not in game.hands[0]


def test_a_card_shuffled_back_to_the_bottom_is_drawn_last() -> None:
    game = red_game([5, 1, 2, 3, 4, 6], before=DISCARD_Y3)
    run(game, COMPLETE_RED)
    bottom = len(game.draw_pile)
    run(game, Action.choose(9, bottom))
    assert draw_pile_cards(game)[-1] == game.card(9)


def test_a_random_landing_place_is_drawn_and_recorded() -> None:
    variant = find_variant("bonus-tiles")
    deck = build_deck(variant, RED_SPLIT, draw=DRAW)
    for seed in range(5):
        game = Game(variant, deck, bonus_tiles=[5, 1, 2, 3, 4, 6], seed=seed)
        run(game, *DISCARD_Y3, *RED_BUT_5, COMPLETE_RED)
        places = len(game.draw_pile) + 1
        run(game, Action.choose(9))
        position = game.history[-1].value
        assert 0 <= position < places
        assert game.events[-1].action == Action.choose(9, position)
        # after the replacement took the top card, it sits one place higher (unless drawn)
        if position > 0:
            assert draw_pile_cards(game)[position - 1] == game.card(9)


def test_a_landing_place_outside_the_draw_pile_is_illegal() -> None:
    game = red_game([5, 1, 2, 3, 4, 6], before=DISCARD_Y3)
    run(game, COMPLETE_RED)
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="position"):
        game.apply(Action.choose(9, len(game.draw_pile) + 1))
    with pytest.raises(IllegalActionError, match="discard pile"):
        game.apply(Action.choose(0))  # the played R1 is not in the discard pile
    assert snapshot(game) == before


def test_tile_5_with_an_empty_discard_pile_does_nothing() -> None:
    game = red_game([5, 1, 2, 3, 4, 6])
    size = len(game.draw_pile)
    run(game, COMPLETE_RED)
    assert game.pending is None
    assert len(game.draw_pile) == size - 1  # only the replacement was drawn
    assert game.seat == 1
    assert game.clue_tokens == 6


def test_tile_5_with_an_empty_draw_pile_acts_as_tile_6() -> None:
    variant = find_variant("bonus-tiles")
    game = make_game(variant, ["R1 R2 R3 R4 R5", "Y1 G1 B1 W1 Y1"], tiles=[5, 1, 2, 3, 4, 6])
    run(game, "play 0", "clue 0 rank 1", "play 1", "clue 0 rank 1", "play 2", "clue 0 rank 1")
    run(game, "play 3")
    burn_draw_pile(game, keep=[4])
    if game.seat == 1:
        run(game, "clue 0 rank 5")
    assert not game.draw_pile and game.outcome is None
    fitting = [o for o in game.discard_pile if game.is_playable(o)]
    assert fitting  # the burn discarded seat 1's ones
    run(game, "play 4")
    assert game.events[-1].tiles == (5,)
    assert game.pending is Decision.PLAY_FROM_DISCARD
    assert set(game.legal_actions()) == {Action.choose(o) for o in fitting}
    chosen = fitting[0]
    suit = game.card(chosen).suit
    run(game, Action.choose(chosen))
    assert game.fireworks[suit] == 1
    assert chosen not in game.discard_pile


# ---------------------------------------------------------------------------- tile 6

# Seat 1 discards Y1 (fits the empty yellow firework) and Y3 (does not).
DISCARD_Y1_Y3 = ("clue 1 rank 1", "discard 7", "clue 1 rank 1", "discard 9")


def test_tile_6_plays_a_fitting_card_from_the_discard_pile() -> None:
    game = red_game([6, 1, 2, 3, 4, 5], before=DISCARD_Y1_Y3)
    run(game, COMPLETE_RED)
    assert game.pending is Decision.PLAY_FROM_DISCARD
    assert game.legal_actions() == [Action.choose(7)]  # Y1 fits, Y3 does not
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="fit"):
        game.apply(Action.choose(9))
    assert snapshot(game) == before
    run(game, Action.choose(7))
    event = game.events[-1]
    assert (event.result, event.card) == (Result.PLAYED_FROM_DISCARD, game.card(7))
    assert game.fireworks[:2] == [5, 1]
    assert game.discard_pile == [9]
    assert game.score == 6
    assert event.drew == game.hands[0][-1] >= 0
    assert game.seat == 1


def test_tile_6_with_nothing_that_fits_does_nothing() -> None:
    game = red_game([6, 1, 2, 3, 4, 5], before=("clue 1 rank 1", "discard 9"))
    run(game, COMPLETE_RED)
    assert game.pending is None
    assert game.discard_pile == [9]
    assert game.seat == 1


def test_tile_6_completing_a_firework_draws_another_tile_at_once() -> None:
    variant = find_variant("bonus-tiles")
    game = make_game(variant, ["Y1 Y2 Y3 Y4 R5", "R1 R2 R3 R4 Y5"], tiles=[6, 1, 2, 3, 4, 5])
    run(game, "play 0", "play 5", "play 1", "play 6", "play 2", "play 7", "play 3", "play 8")
    run(game, "clue 1 rank 5", "discard 9", "clue 1 rank 1", "clue 0 rank 5")
    assert game.discard_pile == [9] and game.clue_tokens == 6
    run(game, "play 4")  # R5: tile 6
    assert game.pending is Decision.PLAY_FROM_DISCARD
    run(game, Action.choose(9))  # Y5 completes yellow: tile 1
    assert game.fireworks[:2] == [5, 5]
    assert game.events[-1].tiles == (1,)
    assert game.clue_tokens == 7
    assert game.tiles == [5, 4, 3, 2]
    assert game.seat == 1


# ---------------------------------------------------------------------------- pending decisions


def pending_game(tile: int) -> Game:
    before = DISCARD_Y1_Y3 if tile in (5, 6) else TWO_CLUES
    game = red_game([tile, *(t for t in range(1, 7) if t != tile)], before=before)
    run(game, COMPLETE_RED)
    assert game.pending is not None
    return game


@pytest.mark.parametrize("tile", [3, 4, 5, 6])
def test_only_the_decisions_actions_are_legal_while_it_is_pending(tile: int) -> None:
    game = pending_game(tile)
    legal = set(game.legal_actions())
    assert legal
    assert all(
        a.type is {3: ActionType.COLOUR_CLUE, 4: ActionType.RANK_CLUE}.get(tile, ActionType.CHOOSE)
        for a in legal
    )
    hand = game.hands[0]
    others = [
        Action.play(hand[0]),
        Action.discard(hand[0]),
        Action.colour_clue(1, 0),
        Action.rank_clue(1, 1),
        Action.choose(7),
    ]
    before = snapshot(game)
    for action in others:
        if action in legal:
            continue
        with pytest.raises(IllegalActionError, match=f"bonus tile {tile}|discard pile|fit"):
            game.apply(action)
        assert snapshot(game) == before


@pytest.mark.parametrize("tile", [3, 4, 5, 6])
def test_every_listed_decision_can_be_taken(tile: int) -> None:
    game = pending_game(tile)
    for action in game.legal_actions():
        trial = game.copy()
        trial.apply(action)
        assert trial.pending is None
        assert trial.seat == 1


def test_with_tiles_5_or_6_still_to_draw_a_lost_card_does_not_lose_play_until_perfect() -> None:
    """The engine's reading: a lost card can come back while tile 5 or 6 is still to draw."""
    variant = find_variant("bonus-tiles", all_or_nothing=True)
    game = make_game(variant, ["R1 R3 R5 G1 G2", "R2 R4 Y1 Y2 Y5"], tiles=[1, 2, 3, 4, 5, 6])
    run(game, "clue 1 rank 1", "discard 9")  # the only Y5
    assert game.max_reachable() == 24
    assert game.outcome is None


# Seat 1 discards all three Y1 (orders 7, 8, 9): yellow can then reach nothing.
ALL_Y1 = ["R1 R3 R5 G1 G2", "R2 R4 Y1 Y1 Y1"]
DISCARD_ALL_Y1 = ("clue 1 rank 1", "discard 7", "clue 1 rank 1", "discard 8")
DISCARD_ALL_Y1 += ("clue 1 rank 1", "discard 9")


@pytest.mark.parametrize(("tile", "choice"), [(5, Action.choose(7, 3)), (6, Action.choose(7))])
def test_a_card_taken_back_from_the_discard_pile_raises_the_best_score_again(
    tile: int, choice: Action
) -> None:
    """Tile 5 (back into the draw pile) and tile 6 (onto its firework) both undo a loss: the
    best score still reachable rises again, though a view asked for it while it was lower."""
    game = red_game([tile, *(t for t in range(1, 7) if t != tile)], DISCARD_ALL_Y1, ALL_Y1)
    assert game.view(1).max_reachable == best_score_left(game) == 20  # no Y1 left for yellow
    run(game, COMPLETE_RED, choice)
    assert 7 not in game.discard_pile
    assert game.view(1).max_reachable == best_score_left(game) == 25


# Seat 0 holds red and yellow 1-3 and the R5; seat 1 red and yellow's 2 and 4, and the only G5.
# The draw pile starts with Y5 (order 10), then R1 R1 R2 R3 R4 Y1 Y1 Y2 Y3 (orders 11-19).
TWO_COMPLETIONS = ["R1 R3 R5 Y1 Y3", "R2 R4 Y2 Y4 G5"]
RED_AND_YELLOW_BUT_5S = ("play 0", "play 5", "play 1", "play 6", "play 3", "play 7", "play 4")
RED_AND_YELLOW_BUT_5S += ("play 8",)


def test_a_lost_card_loses_play_until_perfect_only_once_tiles_5_and_6_are_both_drawn() -> None:
    """Tile 6 drawn, tile 5 still to draw: the lost card can still come back, so the game goes
    on; once tile 5 is drawn too, losing a card the perfect game needs loses at once."""
    variant = find_variant("bonus-tiles", all_or_nothing=True)
    game = make_game(variant, TWO_COMPLETIONS, draw="Y5", tiles=[6, 5, 1, 2, 3, 4])
    run(game, *RED_AND_YELLOW_BUT_5S, "play 2")  # R5 completes red: tile 6, nothing to play
    assert game.tiles == [4, 3, 2, 1, 5]
    run(game, "clue 0 rank 5", "clue 1 rank 5", "discard 9")  # the only G5
    assert game.max_reachable() == best_score_left(game) == 24
    assert game.outcome is None  # tile 5 may shuffle it back
    run(game, "play 10")  # Y5 completes yellow: tile 5
    assert game.pending is Decision.RESHUFFLE
    run(game, Action.choose(9, 0))  # back on top: seat 0's replacement, with a new order
    assert game.tiles == [4, 3, 2, 1]
    assert game.max_reachable() == best_score_left(game) == 25
    assert game.outcome is None
    g5 = game.hands[0][-1]
    assert game.card(g5) == game.card(9)
    run(game, "clue 0 rank 5", f"discard {g5}")  # lost again, and no tile can bring it back
    assert game.outcome is not None
    assert game.outcome.termination is Termination.ALL_OR_NOTHING_LOST
    assert game.outcome.score == 0


def test_with_only_tile_6_left_a_lost_card_is_lost_for_good_once_it_is_drawn() -> None:
    """Tile 5 drawn first (nothing to shuffle back yet), tile 6 still to draw: the game goes on
    after the loss; tile 6 cannot play the lost G5 on an empty green, and with no tile left
    to bring it back the game is lost then and there."""
    variant = find_variant("bonus-tiles", all_or_nothing=True)
    game = make_game(variant, TWO_COMPLETIONS, draw="Y5", tiles=[5, 6, 1, 2, 3, 4])
    run(game, *RED_AND_YELLOW_BUT_5S, "play 2")  # R5 completes red: tile 5, an empty discard pile
    assert game.tiles == [4, 3, 2, 1, 6] and game.pending is None
    run(game, "clue 0 rank 5", "clue 1 rank 5", "discard 9")  # the only G5
    assert game.outcome is None  # tile 6 may play it, once it fits
    run(game, "play 10")  # Y5 completes yellow: tile 6, and G5 does not fit
    assert game.events[-1].tiles == (6,) and game.discard_pile == [9]
    assert game.max_reachable() == best_score_left(game) == 24
    assert game.outcome is not None
    assert game.outcome.termination is Termination.ALL_OR_NOTHING_LOST


def one_of_each(suits: int, hand_size: int) -> Variant:
    """Play until perfect with bonus tiles, on ``suits`` suits of one card per rank."""
    return Variant(
        "custom",
        custom_suits(suits),
        players=2,
        hand_size=hand_size,
        bonus_tiles=True,
        all_or_nothing=True,
    )


def test_with_no_firework_left_to_complete_a_lost_card_loses_though_tiles_5_and_6_remain() -> None:
    """A tile is drawn only when a firework is completed: with A complete and B lacking its
    only B3, no firework can be completed, so tiles 5 and 6 can never be drawn to bring it
    back, and the perfect score is out of reach."""
    game = make_game(
        one_of_each(2, 3), ["A1 A2 A3", "A4 A5 B1"], draw="B2 B3 B4 B5", tiles=[1, 2, 3, 4, 5, 6]
    )
    run(game, "play 0", "clue 0 rank 1", "play 1", "clue 0 rank 1", "play 2", "play 3")
    run(game, "clue 1 rank 1", "play 4")  # A5 completes A: tile 1
    assert game.fireworks == [5, 0] and game.tiles == [6, 5, 4, 3, 2]
    assert game.outcome is None
    run(game, "discard 7")  # the only B3, drawn by seat 0
    assert game.outcome is not None
    assert game.outcome.termination is Termination.ALL_OR_NOTHING_LOST
    assert game.outcome.score == 0


def test_each_card_brought_back_needs_a_completion_to_draw_its_tile() -> None:
    """Losing B3 leaves A to complete, which can draw tile 5 or 6 to bring it back: the game
    goes on. Losing B4 too, B lacks two cards, and A's completion draws only one tile."""
    game = make_game(one_of_each(2, 3), ["B3 B4 A1", "A2 A3 B1"], draw="A4 A5 B2 B5")
    run(game, "clue 1 rank 1", "clue 0 rank 1", "discard 0")  # the only B3
    assert game.max_reachable() == 7
    assert game.outcome is None
    run(game, "clue 0 rank 4", "discard 1")  # the only B4
    assert game.outcome is not None
    assert game.outcome.termination is Termination.ALL_OR_NOTHING_LOST


def test_each_card_brought_back_needs_a_tile_5_or_6_of_its_own() -> None:
    """Tile 5 is drawn first, with nothing to take back; with only tile 6 left, one lost card
    can still come back (B and C can be completed to draw it), but not two."""
    game = make_game(
        one_of_each(4, 5), ["A1 A3 A5 C5 B1", "A2 A4 D5 B2 B3"], tiles=[5, 1, 2, 3, 4, 6]
    )
    run(game, "play 0", "play 5", "play 1", "play 6", "play 2")  # A complete: tile 5
    assert game.tiles == [6, 4, 3, 2, 1] and game.pending is None
    run(game, "clue 0 rank 1", "clue 1 rank 1", "discard 7")  # the only D5
    assert game.outcome is None
    run(game, "discard 3")  # the only C5
    assert game.outcome is not None
    assert game.outcome.termination is Termination.ALL_OR_NOTHING_LOST
    assert game.outcome.score == 0
