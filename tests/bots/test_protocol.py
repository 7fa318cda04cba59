"""The bot protocol: a bot is made for one seat of one variant, and for nothing else."""

from __future__ import annotations

import numpy as np
import pytest

from openhanabi.bots import bot_classes, make_bot
from openhanabi.rules import find_variant


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
