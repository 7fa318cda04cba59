"""The bots that play every move of the middle game out (``lookahead``, about fifty times slower
than the others) play every preset and option legally, one game each, the player counts and
tables of test_bots_legality.py taken in turn."""

from __future__ import annotations

import pytest
from test_bots_legality import GAMES, LOOKING_AHEAD, OPTION_GAMES, OPTIONS, play_strictly

from openhanabi.bots import bot_classes
from openhanabi.rules import PRESETS, Preset, find_preset


def test_the_look_ahead_bot_is_registered() -> None:
    assert "conventions-search" in LOOKING_AHEAD


@pytest.mark.parametrize("name", LOOKING_AHEAD)
@pytest.mark.parametrize("preset", PRESETS, ids=lambda preset: preset.key)
def test_a_looking_ahead_bot_plays_every_preset_legally(name: str, preset: Preset) -> None:
    seed, players = GAMES[PRESETS.index(preset) % len(GAMES)]
    variant = preset.variant(players=players)
    assert play_strictly(bot_classes()[name], variant, seed).over


@pytest.mark.parametrize("name", LOOKING_AHEAD)
@pytest.mark.parametrize("option", OPTIONS)
def test_a_looking_ahead_bot_plays_every_option_legally(name: str, option: str) -> None:
    players, key = OPTION_GAMES[list(OPTIONS).index(option) * 3 % len(OPTION_GAMES)]
    variant = find_preset(key).variant(players=players, **OPTIONS[option])
    assert play_strictly(bot_classes()[name], variant, seed=100 + players).over
