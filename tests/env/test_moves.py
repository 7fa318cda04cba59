"""Move numbering: every legal action has one number, and numbers mean the same from every seat."""

from __future__ import annotations

import pytest

from openhanabi.env import MoveNumbering
from openhanabi.env.encodings.hle import HLE_COLOURS
from openhanabi.rules import Action, ActionType, Variant, find_variant

from .support import VARIANTS, make_game, positions


@pytest.mark.parametrize(("players", "size"), [(2, 20), (3, 30), (4, 38), (5, 48)])
def test_base_game_has_hles_number_of_moves(players: int, size: int) -> None:
    assert MoveNumbering(find_variant("base", players=players)).size == size


def test_options_add_their_blocks() -> None:
    # 7 suits (5 nameable colours), 3 players, 5 cards: 10 + 2*5 + 2*5, declared 5*7, choose 7*5
    variant = find_variant("black-powder-rainbow", players=3)
    assert MoveNumbering(variant).size == 30
    assert MoveNumbering(variant.replace(declared_play=True)).size == 30 + 35
    assert MoveNumbering(variant.replace(bonus_tiles=True)).size == 30 + 35
    assert MoveNumbering(variant.replace(declared_play=True, bonus_tiles=True)).size == 100


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.describe())
def test_every_legal_action_has_a_number_that_leads_back_to_it(variant: Variant) -> None:
    moves = MoveNumbering(variant)
    for seed in range(3):
        for game in positions(variant, seed):
            view = game.view(game.seat)
            legal = moves.legal(view)
            actions = set(game.legal_actions())
            assert set(legal.values()) <= actions
            for move, action in legal.items():
                assert 0 <= move < moves.size
                assert moves.number(view, action) == move
            # Only bonus tile choices of copies of one card share a number.
            chosen = {a for a in actions if a.type is ActionType.CHOOSE}
            assert len(legal) == len(actions) - len(chosen) + len(
                {moves.number(view, a) for a in chosen}
            )


def test_numbers_are_relative_to_the_seat_on_turn() -> None:
    variant = find_variant("base", players=3)
    game = make_game(variant, ["R1 R2 R3 R4 R5", "Y1 Y2 Y3 Y4 Y5", "G1 G2 G3 G4 G5"])
    moves = MoveNumbering(variant)
    # seat 0 clues seat 1 (+1); then seat 1 clues seat 2 (+1): the same number
    first = moves.number(game.view(0), Action.rank_clue(1, 2))
    game.apply(Action.rank_clue(1, 2))
    assert moves.number(game.view(1), Action.rank_clue(2, 2)) == first
    assert moves.number(game.view(1), Action.rank_clue(0, 2)) == first + 5  # +2
    # slots count from the oldest card of the hand on turn
    assert moves.number(game.view(1), Action.play(game.hands[1][0])) == 5
    assert moves.number(game.view(1), Action.discard(game.hands[1][4])) == 4


def test_hle_colour_order_puts_white_before_blue() -> None:
    variant = find_variant("base", players=2)
    keys = [suit.key for suit in variant.colours]
    moves = MoveNumbering(variant, [keys.index(colour) for colour in HLE_COLOURS])
    game = make_game(variant, ["R1 R2 R3 R4 R5", "Y1 G1 B1 W1 W2"])
    view = game.view(0)
    blue, white = keys.index("blue"), keys.index("white")
    assert moves.number(view, Action.colour_clue(1, white)) == 10 + 3
    assert moves.number(view, Action.colour_clue(1, blue)) == 10 + 4
    assert moves.describe(13) == "clue +1 colour white"


def test_description_of_each_block() -> None:
    variant = find_variant("rainbow", players=2, declared_play=True, bonus_tiles=True)
    moves = MoveNumbering(variant)
    described = [moves.describe(move) for move in range(moves.size)]
    assert described[0] == "discard slot 0"
    assert described[5] == "play slot 0"
    assert described[10] == "clue +1 colour red"
    assert described[15] == "clue +1 rank 1"
    assert described[20] == "play slot 0 declare red"
    assert described[20 + 5 * 6] == "choose R1 from the discard pile"
    assert described[-1] == "choose M5 from the discard pile"
    with pytest.raises(ValueError, match="outside the move numbers 0 to 79"):
        moves.describe(80)


def test_a_colour_order_must_be_a_permutation() -> None:
    with pytest.raises(ValueError, match="not a permutation"):
        MoveNumbering(find_variant("base"), [0, 1, 2, 3, 3])


def test_mask_marks_exactly_the_legal_numbers() -> None:
    variant = find_variant("base", players=2, empty_clues=False)
    moves = MoveNumbering(variant)
    game = make_game(variant, ["R1 R2 R3 R4 R5", "Y1 G1 B1 W1 W2"])
    legal = moves.legal(game.view(0))
    mask = moves.mask(legal)
    assert mask.dtype.name == "int8"
    assert set(mask.nonzero()[0].tolist()) == set(legal)
    # colour clues: Y G B W present, red absent; rank clues 1 and 2 only
    assert sorted(legal) == [5, 6, 7, 8, 9, 11, 12, 13, 14, 15, 16]
    assert not moves.legal(game.view(1))  # not on turn: nothing is legal


@pytest.mark.parametrize("move", [1.0, True, "3", None], ids=repr)
def test_a_move_that_is_not_an_integer_has_no_description(move: object) -> None:
    # 1.0 read as "discard slot 1.0", True as "discard slot True"
    with pytest.raises(ValueError, match="a move is an integer move number"):
        MoveNumbering(find_variant("base", players=2)).describe(move)  # type: ignore[arg-type]
