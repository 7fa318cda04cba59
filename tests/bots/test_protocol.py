"""The bot protocol: a bot is made for one seat of one variant, and for nothing else."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from openhanabi.bots import bot_classes, make_bot, seat_seed
from openhanabi.rules import Game, find_variant


@pytest.mark.parametrize("name", sorted(bot_classes()))
@pytest.mark.parametrize(
    ("seat", "variant", "seed", "words"),
    [
        (3, "base", 0, "there is no seat 3 in a game of 3 players"),
        (-1, "base", 0, "there is no seat -1"),
        (1.0, "base", 0, "there is no seat 1.0"),
        (True, "base", 0, "there is no seat True"),  # seat 1, or a wrong seat number
        (0, None, 0, "a bot's variant is a Variant, not 'base'"),
        (0, "base", 1.5, "a seed is a whole number, not 1.5"),
    ],
)
def test_a_bot_for_no_seat_of_the_variant_is_refused_when_it_is_made(
    name: str, seat: object, variant: str | None, seed: object, words: str
) -> None:
    rules = find_variant("base", players=3) if variant else "base"
    with pytest.raises(ValueError, match=words.replace(".", r"\.")):
        make_bot(name, seat, rules, seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(bot_classes()))
def test_a_bot_made_with_numpy_integers_holds_plain_ints(name: str) -> None:
    bot = make_bot(name, np.int64(2), find_variant("base", players=3), np.int32(7))  # type: ignore[arg-type]
    assert (bot.seat, bot.seed) == (2, 7)
    assert type(bot.seat) is int and type(bot.seed) is int


@given(st.integers(-(2**62), 2**62), st.integers(0, 4))
def test_a_seats_seed_is_drawn_from_the_deal_but_deals_another_game(deal: int, seat: int) -> None:
    seed = seat_seed(deal, seat)
    assert seed == seat_seed(deal, seat) and 0 <= seed < 2**63  # the same game, the same bot
    assert seed not in {deal, deal + seat} and seed != seat_seed(deal, (seat + 1) % 5)
    variant = find_variant("base", players=5)
    assert Game.new(variant, seed).deck != Game.new(variant, deal).deck
