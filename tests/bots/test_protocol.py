"""The bot protocol: a bot is made for one seat of one variant, and for nothing else."""

from __future__ import annotations

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
        (0, "base", 1.5, "a bot's seed is a whole number, not 1.5"),
    ],
)
def test_a_bot_for_no_seat_of_the_variant_is_refused_when_it_is_made(
    name: str, seat: object, variant: str | None, seed: object, words: str
) -> None:
    rules = find_variant("base", players=3) if variant else "base"
    with pytest.raises(ValueError, match=words.replace(".", r"\.")):
        make_bot(name, seat, rules, seed)  # type: ignore[arg-type]
