"""redealt() deals again the cards one seat has not seen (its own hand and the draw pile): the
game is exactly the log replayed on the new deck, and the seat cannot tell it from the first."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from openhanabi.rules import Game, InvalidDeckError, find_variant
from openhanabi.rules.tables import identity

from .support import careful_policy, make_game, run, snapshot

HANDS = ["R1 R3 R5 G1 G2", "R2 R4 Y1 Y2 Y3"]  # seat 0: orders 0-4, seat 1: orders 5-9


def state(game: Game) -> dict[str, Any]:
    """The game's state but how it was made (a dealt game has a seed, a replayed one none)."""
    found = snapshot(game)
    for name in ("seed", "_chance"):
        found.pop(name, None)
    return found


def another_deal(game: Game, rng: random.Random) -> tuple[dict[int, int], list[int]] | None:
    """The on-turn seat's cards and the draw pile shuffled among themselves, each card of the
    hand given an identity its clues allow; ``None`` when the shuffle found none."""
    hand = game.hands[game.seat]
    pool = [identity(game.card(order)) for order in hand] + list(game.draw_pile)
    rng.shuffle(pool)
    hidden = {}
    for order in hand:
        fits = [i for i in pool if game.possible[order] >> i & 1]
        if not fits:
            return None
        hidden[order] = fits[0]
        pool.remove(fits[0])
    return hidden, pool


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(2, 5),
    seed=st.integers(0, 10_000),
    turns=st.integers(0, 45),
    deal=st.integers(0, 10_000),
)
def test_a_redealt_game_is_the_log_replayed_on_its_deck(
    players: int, seed: int, turns: int, deal: int
) -> None:
    variant = find_variant("base", players=players)
    game = Game.new(variant, seed)
    rng = random.Random(seed)
    for _ in range(turns):
        if game.over:
            break
        game.apply(careful_policy(game, rng))
    assume(not game.over)
    found = another_deal(game, random.Random(deal))
    assume(found is not None)
    assert found is not None
    hidden, pile = found
    before = snapshot(game)
    other = game.redealt(hidden, pile)
    assert snapshot(game) == before  # the game dealt again is a copy
    replayed = Game(variant, other.deck)
    for action in game.history:
        replayed.apply(action)
    assert state(other) == state(replayed)
    assert other.view(game.seat) == game.view(game.seat)  # the seat cannot tell them apart
    for order, ident in hidden.items():
        assert identity(other.card(order)) == ident


def test_a_card_can_only_be_dealt_as_what_its_clues_allow() -> None:
    game = make_game(find_variant("base"), HANDS)
    run(game, "clue 1 rank 1")  # seat 1's Y1 (order 7) is a 1, its other cards are not
    y2 = identity(game.card(8))
    y1 = identity(game.card(7))
    before = snapshot(game)
    with pytest.raises(InvalidDeckError, match="clues"):
        game.redealt({7: y2, 8: y1}, list(game.draw_pile))
    assert snapshot(game) == before


def test_only_cards_in_hand_are_dealt_again() -> None:
    game = make_game(find_variant("base"), HANDS)
    run(game, "play 0")  # the R1, now on the red firework
    with pytest.raises(InvalidDeckError, match="not in a hand"):
        game.redealt({0: identity(game.card(0))}, list(game.draw_pile))


def test_a_new_deal_holds_the_cards_it_replaces() -> None:
    game = make_game(find_variant("base"), HANDS)
    pile = list(game.draw_pile)
    pile[0] = pile[-1]  # one card twice, another gone
    with pytest.raises(InvalidDeckError, match="cards they replace"):
        game.redealt({}, pile)


def test_a_game_with_bonus_tiles_is_not_dealt_again() -> None:
    game = Game.new(find_variant("bonus-tiles"), seed=3)
    with pytest.raises(InvalidDeckError, match="bonus tiles"):
        game.redealt({}, list(game.draw_pile))
