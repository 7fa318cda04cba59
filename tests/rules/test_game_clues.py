"""Giving clues (RULES.md section 3.1 and the suit rules of section 5)."""

from __future__ import annotations

import pytest

from openhanabi.rules import Action, ActionType, Game, IllegalActionError, find_variant

from .support import make_game, run, snapshot

FILLER = "W1 W1 W1 W2 W2"  # seat 0's hand when it does not matter


def touched(game: Game, action: str) -> tuple[int, ...]:
    """Give the clue and return the orders it touched, as logged."""
    run(game, action)
    event = game.events[-1]
    assert event.action == Action.parse(action)
    return event.touched


def test_a_colour_clue_touches_every_card_of_that_colour_and_no_other() -> None:
    game = make_game(find_variant("base"), [FILLER, "R1 Y1 R3 G2 B5"])  # seat 1: orders 5-9
    assert touched(game, "clue 1 colour 0") == (5, 7)


def test_a_rank_clue_touches_every_card_of_that_rank_and_no_other() -> None:
    game = make_game(find_variant("base"), [FILLER, "R1 Y1 R3 G1 B5"])
    assert touched(game, "clue 1 rank 1") == (5, 6, 8)


@pytest.mark.parametrize("key", ["multicolor", "multicolor-5"])
def test_multicolour_as_a_sixth_colour_is_clued_by_its_own_colour_only(key: str) -> None:
    variant = find_variant(key)
    assert variant.colours[5].name == "Multicolour"
    game = make_game(variant, [FILLER, "M1 R1 M3 Y2 G4"])
    assert touched(game, "clue 1 colour 5") == (5, 7)
    game = make_game(variant, [FILLER, "M1 R1 M3 Y2 G4"])
    assert touched(game, "clue 1 colour 0") == (6,)


@pytest.mark.parametrize("key", ["rainbow", "rainbow-5"])
@pytest.mark.parametrize("colour", range(5))
def test_rainbow_cards_are_touched_by_every_colour_clue(key: str, colour: int) -> None:
    # seat 1 holds orders 5-9; orders 6-9 are red, yellow, green, blue: white touches only M1
    game = make_game(find_variant(key), ["W2 W2 W3 W3 W4", "M1 R2 Y3 G4 B1"])
    expected = (5, 6 + colour) if colour < 4 else (5,)
    assert touched(game, f"clue 1 colour {colour}") == expected


@pytest.mark.parametrize("key", ["rainbow", "rainbow-5", "black-powder"])
def test_rainbow_and_black_powder_cannot_be_named_in_a_clue(key: str) -> None:
    """Only five colours can be named: a sixth colour index is not a clue of this variant."""
    game = make_game(find_variant(key), [FILLER, "R1 R1 R1 R2 R2"])
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="colour"):
        game.apply(Action.colour_clue(1, 5))
    assert snapshot(game) == before
    assert all(a.value < 5 for a in game.legal_actions() if a.type is ActionType.COLOUR_CLUE)


@pytest.mark.parametrize("colour", range(5))
def test_black_powder_is_touched_by_no_colour_clue(colour: int) -> None:
    # seat 1 holds orders 5-9: K5, then one red, yellow, green and blue card; no white
    game = make_game(find_variant("black-powder"), [FILLER, "K5 R1 Y2 G3 B4"])
    expected = (6 + colour,) if colour < 4 else ()
    assert touched(game, f"clue 1 colour {colour}") == expected


def test_rank_clues_touch_black_powder_as_usual() -> None:
    game = make_game(find_variant("black-powder"), [FILLER, "K5 R1 Y2 K3 B5"])
    assert touched(game, "clue 1 rank 5") == (5, 9)


def test_rank_clues_touch_every_suit_type() -> None:
    variant = find_variant("black-powder-rainbow")
    game = make_game(variant, [FILLER, "R3 M3 K3 Y1 K5"])
    assert touched(game, "clue 1 rank 3") == (5, 6, 7)
    variant = find_variant("black-powder-multicolor-5")
    game = make_game(variant, [FILLER, "M2 Y1 K2 G2 B3"])
    assert touched(game, "clue 1 rank 2") == (5, 7, 8)


def test_with_black_powder_and_rainbow_a_colour_touches_the_rainbow_but_not_the_powder() -> None:
    game = make_game(find_variant("black-powder-rainbow"), [FILLER, "K4 M4 G4 R4 K2"])
    assert touched(game, "clue 1 colour 2") == (6, 7)


def test_a_clue_spends_one_token_and_changes_no_hand() -> None:
    game = make_game(find_variant("base"), [FILLER, "R1 Y1 R3 G2 B5"])
    hands = [list(hand) for hand in game.hands]
    run(game, "clue 1 colour 0")
    assert game.clue_tokens == 7
    assert game.hands == hands
    assert game.events[-1].drew == -1
    run(game, "clue 0 rank 1")
    assert game.clue_tokens == 6


def test_a_card_is_marked_touched_once_a_clue_touches_it_and_stays_so() -> None:
    """``Game.touched`` (which bots and the text board read) flags every card a clue has
    touched, and only those: a clue that misses a card leaves it untouched."""
    game = make_game(find_variant("base"), [FILLER, "R1 Y1 R3 G2 B5"])
    assert not any(game.touched)
    run(game, "clue 1 colour 0")  # R1 and R3: orders 5 and 7
    assert [order for order in game.hands[1] if game.touched[order]] == [5, 7]
    run(game, "clue 0 rank 1", "clue 1 rank 5")  # W1 W1 W1 (0-2), then B5 (9)
    assert [order for order in range(10) if game.touched[order]] == [0, 1, 2, 5, 7, 9]


def test_empty_clues_are_allowed_by_default() -> None:
    """Decided: "you have no blue cards" is a legal clue unless empty_clues is off."""
    game = make_game(find_variant("base"), [FILLER, "R1 Y1 R3 G2 R5"])
    clue = Action.colour_clue(1, 3)
    assert clue in game.legal_actions()
    assert touched(game, str(clue)) == ()
    assert game.clue_tokens == 7
    assert game.seat == 1


def test_empty_clues_are_illegal_when_the_option_is_off() -> None:
    variant = find_variant("base", empty_clues=False)
    game = make_game(variant, [FILLER, "R1 Y1 R3 G2 R5"])
    legal = game.legal_actions()
    assert Action.colour_clue(1, 3) not in legal
    assert Action.rank_clue(1, 4) not in legal
    assert Action.colour_clue(1, 0) in legal
    assert Action.rank_clue(1, 5) in legal
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="empty"):
        game.apply(Action.colour_clue(1, 3))
    with pytest.raises(IllegalActionError, match="empty"):
        game.apply(Action.rank_clue(1, 4))
    assert snapshot(game) == before
    run(game, "clue 1 colour 0")  # a clue that touches is still fine
    assert game.clue_tokens == 7


def test_a_clue_to_yourself_is_illegal() -> None:
    game = make_game(
        find_variant("base", players=3), ["R1 R1 R1 R2 R2", "Y1 Y1 Y1 Y2 Y2", "G1 G1 G1 G2 G2"]
    )
    assert not any(a.is_clue and a.target == 0 for a in game.legal_actions())
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="seat 0"):
        game.apply(Action.rank_clue(0, 1))
    with pytest.raises(IllegalActionError, match="seat 0"):
        game.apply(Action.colour_clue(0, 0))
    assert snapshot(game) == before


@pytest.mark.parametrize("target", [3, -1, 10])
def test_a_clue_to_a_seat_that_does_not_exist_is_illegal(target: int) -> None:
    game = Game.new(find_variant("base", players=3), seed=2)
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match=str(target)):
        game.apply(Action.rank_clue(target, 1))
    assert snapshot(game) == before


@pytest.mark.parametrize("action", [Action.rank_clue(1, 0), Action.rank_clue(1, 6)])
def test_ranks_are_1_to_5(action: Action) -> None:
    game = Game.new(find_variant("base"), seed=2)
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="rank"):
        game.apply(action)
    assert snapshot(game) == before


def test_a_negative_colour_is_illegal() -> None:
    game = Game.new(find_variant("base"), seed=2)
    with pytest.raises(IllegalActionError, match="colour"):
        game.apply(Action.colour_clue(1, -1))


def test_no_clue_can_be_given_without_a_clue_token() -> None:
    game = Game.new(find_variant("base", players=2), seed=4)
    for _ in range(8):
        run(game, f"clue {1 - game.seat} rank 1")
    assert game.clue_tokens == 0
    legal = game.legal_actions()
    assert not any(action.is_clue for action in legal)
    assert any(action.type is ActionType.DISCARD for action in legal)
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="token"):
        game.apply(Action.rank_clue(1, 1))
    with pytest.raises(IllegalActionError, match="token"):
        game.apply(Action.colour_clue(1, 0))
    assert snapshot(game) == before


@pytest.mark.parametrize(("key", "players"), [("base", 2), ("multicolor", 3), ("rainbow", 5)])
def test_every_colour_and_rank_clue_to_every_other_seat_is_legal(key: str, players: int) -> None:
    variant = find_variant(key, players=players)
    game = Game.new(variant, seed=9)
    clues = {a for a in game.legal_actions() if a.is_clue}
    expected = {
        Action.colour_clue(seat, colour)
        for seat in range(1, players)
        for colour in range(len(variant.colours))
    } | {Action.rank_clue(seat, rank) for seat in range(1, players) for rank in range(1, 6)}
    assert clues == expected
