"""What each seat may see (RULES.md section 7): a seat's view never holds its own cards."""

from __future__ import annotations

import copy
import pickle
from types import MappingProxyType

import pytest

from openhanabi.rules import (
    Action,
    ActionType,
    Card,
    Game,
    Result,
    find_variant,
)
from openhanabi.rules.deck import ordered_deck

from .support import build_deck, make_game, run

# seat 0: orders 0-4, seat 1: orders 5-9
HANDS = ["R1 Y5 G2 B3 W4", "R5 Y1 G1 B1 W1"]
RANK_5 = frozenset(Card(suit, 5) for suit in range(5))


def test_a_view_maps_every_card_its_seat_can_see_and_none_of_its_own() -> None:
    game = make_game(find_variant("base"), HANDS)
    run(game, "play 0", "clue 0 rank 5", "clue 1 rank 1", "discard 6")
    for seat in (0, 1):
        view = game.view(seat)
        own, other = game.hands[seat], game.hands[1 - seat]
        assert view.own_hand == tuple(own)
        assert not set(own) & set(view.cards)
        assert set(view.cards) == set(other) | set(game.discard_pile)
        for order, card in view.cards.items():
            assert card == game.card(order)


def swapped_deck(deck: list[Card], position: int) -> list[Card]:
    """The deck with card ``position`` exchanged for the bottom card."""
    other = list(deck)
    other[position], other[-1] = other[-1], other[position]
    return other


@pytest.mark.parametrize("position", [0, 3])
def test_a_seats_view_is_the_same_whatever_its_own_cards_are(position: int) -> None:
    """Two deals that differ only in one card of seat 0's hand (exchanged with the bottom of the
    draw pile) look exactly the same to seat 0, before and after turns that do not reveal it."""
    variant = find_variant("base", empty_clues=False)
    deck = build_deck(variant, ["R1 Y5 G2 B3 W4", "R5 Y1 G1 B1 W1"])
    assert deck[position] != deck[-1]
    games = [Game(variant, deck), Game(variant, swapped_deck(deck, position))]
    turns = ["clue 1 colour 0", "play 6", "clue 1 rank 1", "discard 7", "clue 1 rank 5", "play 5"]
    assert games[0].view(0) == games[1].view(0)
    assert games[0].view(1) != games[1].view(1)  # seat 1 sees the difference
    for turn in turns:
        for game in games:
            run(game, turn)
        assert games[0].view(0) == games[1].view(0)


def test_the_draw_pile_order_is_hidden() -> None:
    variant = find_variant("base")
    deck = ordered_deck(variant)
    other = deck[:10] + list(reversed(deck[10:]))
    a, b = Game(variant, deck), Game(variant, other)
    assert a.view(0) == b.view(0)
    assert a.view(1) == b.view(1)


def test_clue_marks_record_every_clue_that_touched_or_missed_a_card() -> None:
    game = make_game(find_variant("base"), HANDS)
    run(game, "clue 1 colour 0", "clue 0 rank 5")
    knowledge = game.view(0).knowledge
    y5, r1 = knowledge[1], knowledge[0]
    assert [tuple(mark) for mark in y5.clues] == [(1, 1, ActionType.RANK_CLUE, 5, True)]
    assert y5.touched
    assert [mark.touched for mark in r1.clues] == [False]
    assert not r1.touched
    # seat 1's R5 was touched by seat 0's red clue, the first action: history index 0
    r5 = game.view(0).knowledge[5]
    assert [tuple(mark) for mark in r5.clues] == [(0, 0, ActionType.COLOUR_CLUE, 0, True)]
    assert r5.touched
    assert [mark.touched for mark in knowledge[6].clues] == [False]


def test_knowledge_from_clues_is_what_the_clues_allow() -> None:
    game = make_game(find_variant("base"), HANDS)
    run(game, "clue 1 colour 0", "clue 0 rank 5")
    view = game.view(0)
    all_cards = frozenset(Card(s, r) for s in range(5) for r in range(1, 6))
    assert view.knowledge[1].from_clues == RANK_5
    assert view.knowledge[0].from_clues == all_cards - RANK_5
    assert view.knowledge[5].from_clues == frozenset(Card(0, r) for r in range(1, 6))
    assert view.knowledge[6].from_clues == all_cards - {Card(0, r) for r in range(1, 6)}


def test_possible_also_rules_out_identities_whose_every_copy_the_seat_sees() -> None:
    game = make_game(find_variant("base"), HANDS)
    run(game, "clue 1 colour 0", "clue 0 rank 5")
    # seat 0 sees the only R5 in seat 1's hand: its own 5 cannot be red
    assert game.view(0).knowledge[1].possible == RANK_5 - {Card(0, 5)}
    # for another seat's card a view gives what that seat learnt from clues
    assert game.view(0).knowledge[5].possible == game.view(0).knowledge[5].from_clues


def test_copies_on_fireworks_in_the_discard_pile_and_in_other_hands_all_count() -> None:
    game = make_game(find_variant("base"), ["R1 Y1 B2 W2 G3", "R1 R1 G1 B1 W1"])
    run(game, "play 0", "clue 0 rank 1", "clue 1 rank 3", "discard 5")
    # red 1s: one on the firework, one discarded, one in seat 1's hand
    knowledge = game.view(0).knowledge[1]
    ones = frozenset(Card(s, 1) for s in range(5))
    assert knowledge.from_clues == ones
    assert knowledge.possible == ones - {Card(0, 1)}


def test_a_seats_own_cards_do_not_rule_anything_out_for_itself() -> None:
    game = make_game(find_variant("base"), ["Y5 Y4 R1 R1 R1", "G1 G1 B1 B1 W1"])
    run(game, "clue 1 rank 1", "clue 0 rank 1")
    # seat 0 holds all three R1 but cannot see them: R1 stays possible for each
    for order in (2, 3, 4):
        assert Card(0, 1) in game.view(0).knowledge[order].possible


def test_a_card_known_exactly_rules_its_identity_out_for_the_rest_of_its_hand() -> None:
    game = make_game(find_variant("base"), HANDS)
    run(game, "clue 1 colour 0", "clue 0 rank 5", "clue 1 rank 1", "clue 0 colour 1", "discard 0")
    view = game.view(0)
    drawn = view.own_hand[-1]  # drawn after the clues: they said nothing of it
    assert view.knowledge[1].possible == {Card(1, 5)}  # the only yellow 5, known
    assert Card(1, 5) in view.knowledge[drawn].possible
    deduced = view.own_possible()
    assert deduced[1] == {Card(1, 5)}
    assert deduced[drawn] == view.knowledge[drawn].possible - {Card(1, 5)}
    assert set(deduced) == set(view.own_hand)


def test_rainbow_and_black_powder_knowledge_follows_their_clue_rules() -> None:
    variant = find_variant("black-powder-rainbow")
    game = make_game(variant, ["R1 R1 R1 R2 R2", "M3 K3 R3 Y3 G4"])
    run(game, "clue 1 colour 0")  # red touches M3 and R3, misses K3
    view = game.view(1)
    red_or_rainbow = frozenset(Card(s, r) for s in (0, 5) for r in range(1, 6))
    assert view.knowledge[5].from_clues == red_or_rainbow
    assert view.knowledge[7].from_clues == red_or_rainbow
    missed = view.knowledge[6].from_clues
    assert all(card.suit not in (0, 5) for card in missed)
    assert Card(6, 3) in missed


def test_the_true_identity_is_always_among_the_possible_ones() -> None:
    game = make_game(find_variant("rainbow"), ["M1 Y5 G2 B3 W4", "R5 Y1 G1 M2 W1"])
    run(game, "clue 1 colour 0", "clue 0 colour 1", "clue 1 rank 1", "clue 0 rank 5")
    for seat in (0, 1):
        view = game.view(seat)
        for order in game.hands[seat]:
            assert game.card(order) in view.knowledge[order].possible


def test_legal_actions_are_shown_only_to_the_seat_on_turn() -> None:
    game = make_game(find_variant("base"), HANDS)
    mine, theirs = game.view(0), game.view(1)
    assert mine.my_turn and not theirs.my_turn
    assert set(mine.legal_actions) == set(game.legal_actions())
    assert theirs.legal_actions == ()


def test_a_card_touched_only_by_the_games_first_action_is_touched() -> None:
    """A clue's mark is its place in the history, and the first clue's place is 0: a card it
    touched is touched (marked 0), one it missed is not (marked ~0, that is -1)."""
    game = make_game(find_variant("base"), HANDS)
    run(game, "clue 1 rank 1")  # Y1 G1 B1 W1 (orders 6-9), not R5 (order 5)
    for seat in (0, 1):
        knowledge = game.view(seat).knowledge
        assert knowledge[6].marks == (0,) and knowledge[6].touched
        assert knowledge[5].marks == (-1,) and not knowledge[5].touched


@pytest.mark.parametrize("end", ["strikeout", "abandoned"])
def test_once_the_game_is_over_it_is_nobodys_turn(end: str) -> None:
    """The seat that ended the game is still the seat on turn, but it has no turn to take."""
    game = make_game(find_variant("base", storms=1), HANDS)
    if end == "strikeout":
        run(game, "play 1")  # Y5 on an empty yellow firework: the only storm token
    else:
        game.abandon()
    assert game.outcome is not None
    for seat in (0, 1):
        view = game.view(seat)
        assert view.outcome == game.outcome
        assert not view.my_turn
        assert view.legal_actions == ()
    assert game.view(game.seat).seat_on_turn == game.seat


def test_a_view_mirrors_the_public_state() -> None:
    game = make_game(find_variant("base"), HANDS)
    run(game, "play 0", "play 7", "clue 1 rank 1")  # R1, then seat 1's G1
    view = game.view(1)
    assert view.seat == 1 and view.seat_on_turn == game.seat == 1
    assert (view.clue_tokens, view.storms, view.score) == (7, 0, 2)
    assert view.fireworks == (1, 0, 1, 0, 0)
    assert view.discard_pile == ()
    assert view.draw_pile_size == len(game.draw_pile)
    assert view.max_reachable == game.max_reachable()
    assert view.turns_left == -1 and view.outcome is None and view.pending is None
    assert view.hands == tuple(tuple(hand) for hand in game.hands)
    assert len(view.events) == 3


def test_a_view_is_a_snapshot() -> None:
    game = make_game(find_variant("base"), HANDS)
    view = game.view(1)
    run(game, "play 0", "clue 0 rank 1")
    assert view.hands[0] == (0, 1, 2, 3, 4)
    assert set(view.cards) == {0, 1, 2, 3, 4}
    assert view.clue_tokens == 8
    assert view.fireworks == (0, 0, 0, 0, 0)
    assert view.events == ()
    assert view.knowledge[5].clues == ()


def test_a_view_of_a_seat_that_does_not_exist_is_refused() -> None:
    game = Game.new(find_variant("base"), seed=0)
    with pytest.raises(ValueError, match="seat"):
        game.view(2)


@pytest.mark.parametrize("seat", [1.0, 0.5, True, "0", None], ids=repr)
def test_a_view_of_a_seat_that_is_not_a_plain_int_is_refused(seat: object) -> None:
    # seat 1.0 or True would otherwise build a view whose seat is no seat number
    game = Game.new(find_variant("base"), seed=0)
    with pytest.raises(ValueError, match=f"there is no seat {seat!r}"):
        game.view(seat)  # type: ignore[arg-type]


def test_firework_tops_and_playability_follow_each_suits_direction() -> None:
    game = make_game(find_variant("black-powder"), ["K5 R1 R2 Y1 Y2", "K4 G1 G2 B1 B2"])
    run(game, "play 0", "play 6")
    view = game.view(0)
    assert view.firework_top(5) == 5
    assert view.firework_top(2) == 1
    assert view.firework_top(0) == 0
    assert view.is_playable(Card(5, 4)) and not view.is_playable(Card(5, 3))
    assert view.is_playable(Card(0, 1)) and not view.is_playable(Card(0, 2))


def test_no_card_is_playable_on_a_complete_firework() -> None:
    """Red built 1 to 5 and black powder 5 down to 1: no rank fits either any more."""
    game = make_game(
        find_variant("black-powder"), ["R1 R3 R5 K5 K3", "R2 R4 K4 K2 K1"], draw="Y1 Y2 Y3"
    )
    run(game, "play 0", "play 5", "play 1", "play 6", "play 2")  # R1 to R5, seats 0 and 1
    run(game, "clue 0 rank 5", "play 3", "play 7", "play 4", "play 8", "clue 1 rank 1")
    run(game, "play 9")  # K1 completes black powder
    view = game.view(0)
    assert view.fireworks == (5, 0, 0, 0, 0, 5)
    assert (view.firework_top(0), view.firework_top(5)) == (5, 1)
    for rank in range(1, 6):
        assert not view.is_playable(Card(0, rank))
        assert not view.is_playable(Card(5, rank))
    assert view.is_playable(Card(1, 1))  # yellow is still empty


# ---------------------------------------------------------------------------- bonus tile 5

BONUS_HANDS = ["R1 R3 R5 G1 G2", "R2 R4 Y1 Y2 Y3"]


def reshuffled(position: int) -> Game:
    """Seat 0 completes red, draws tile 5 and shuffles seat 1's discarded Y3 back."""
    game = make_game(find_variant("bonus-tiles"), BONUS_HANDS, tiles=[5, 1, 2, 3, 4, 6])
    run(game, "clue 1 rank 1", "discard 9", "play 0", "play 5", "play 1", "play 6", "play 2")
    run(game, Action.choose(9, position))
    return game


@pytest.mark.parametrize("position", [0, 1, 4])
def test_where_a_reshuffled_card_landed_is_hidden_from_every_seat(position: int) -> None:
    game = reshuffled(position)
    event = game.events[-1]
    assert event.result is Result.RESHUFFLED
    assert event.action == Action.choose(9, position)  # the referee's record keeps it
    for seat in (0, 1):
        public = game.view(seat).events[-1]
        assert public.result is Result.RESHUFFLED
        assert public.card == game.card(9)  # which card went back is public
        assert public.action == Action.choose(9, -1)


def test_a_redrawn_card_has_a_new_order_and_no_past() -> None:
    game = reshuffled(0)  # the top: it is seat 0's replacement
    new = game.hands[0][-1]
    assert new != 9 and game.card(new) == game.card(9)
    view = game.view(0)
    assert new not in view.cards
    assert 9 in {event.action.target for event in view.events}  # the old order is public
    knowledge = view.knowledge[new]
    assert knowledge.clues == () and not knowledge.touched
    assert len(knowledge.from_clues) == 25
    # no public event names the new order together with an identity
    assert all(event.action.target != new for event in view.events if event.card is not None)


def test_a_view_counts_the_bonus_tiles_left_to_draw() -> None:
    game = make_game(find_variant("bonus-tiles"), ["R1 R3 R5 Y1 Y3", "R2 R4 Y2 Y4 Y5"])
    assert game.view(0).bonus_tiles_left == 6
    run(game, "play 0", "play 5", "play 1", "play 6", "play 2")  # red: tile 1
    assert game.view(1).bonus_tiles_left == 5
    run(game, "clue 0 rank 1", "play 3", "play 7", "play 4", "play 8", "clue 1 rank 5")
    run(game, "play 9")  # Y5 completes yellow: tile 2
    assert [view.bonus_tiles_left for view in (game.view(0), game.view(1))] == [4, 4]
    assert Game.new(find_variant("base"), seed=0).view(0).bonus_tiles_left == 0


def test_a_tile_6_choice_shows_which_card_was_played() -> None:
    game = make_game(find_variant("bonus-tiles"), BONUS_HANDS, tiles=[6, 1, 2, 3, 4, 5])
    run(game, "clue 1 rank 1", "discard 7", "play 0", "play 5", "play 1", "play 6", "play 2")
    run(game, Action.choose(7))
    public = game.view(1).events[-1]
    assert public.result is Result.PLAYED_FROM_DISCARD
    assert public.action.target == 7 and public.card == game.card(7)


@pytest.mark.parametrize("preset", ["base", "rainbow", "black-powder", "bonus-tiles"])
def test_a_view_survives_pickling_and_deep_copies_as_it_was(preset: str) -> None:
    """A bot that searches in other processes sends them its view."""
    game = Game.new(find_variant(preset, players=3), 11)
    for _ in range(12):
        game.apply(game.legal_actions()[-1])
    view = game.view(1)
    for again in (pickle.loads(pickle.dumps(view)), copy.deepcopy(view)):
        assert again == view
        assert isinstance(again.cards, MappingProxyType)  # still read-only
        assert dict(again.knowledge) == dict(view.knowledge)
        assert not set(again.cards) & set(again.own_hand)  # and still without the seat's cards
