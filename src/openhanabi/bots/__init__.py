"""Bots: players that see only their seat's view. See :mod:`openhanabi.bots.protocol`.

>>> from openhanabi.bots import make_bot, play_game
>>> from openhanabi.rules import Game, find_variant
>>> variant = find_variant("base", players=3)
>>> game = play_game(Game.new(variant, seed=1), [make_bot("random", s, variant) for s in range(3)])
>>> game.over
True
"""

from openhanabi.bots import basic as _basic  # noqa: F401  (registers "basic")
from openhanabi.bots import conventions as _conventions  # noqa: F401  (registers "conventions")
from openhanabi.bots import hat as _hat  # noqa: F401  (registers "hat")
from openhanabi.bots import search as _search  # noqa: F401  (registers "search")
from openhanabi.bots import uniform as _uniform  # noqa: F401  (registers "random")
from openhanabi.bots.protocol import Bot, BotError, seat_seed
from openhanabi.bots.registry import (
    bot_classes,
    broken_bots,
    find_bot,
    load_bot,
    make_bot,
    register,
    resolve_bot,
)
from openhanabi.bots.table import play_game

# the bot for seats beside people (web tables, terminal play): it reads clues as people give
# them, where the hat bot reads every clue as hat guessing and does best beside other hat bots
BESIDE_PEOPLE = "conventions"

__all__ = [
    "BESIDE_PEOPLE",
    "Bot",
    "BotError",
    "bot_classes",
    "broken_bots",
    "find_bot",
    "load_bot",
    "make_bot",
    "play_game",
    "register",
    "resolve_bot",
    "seat_seed",
]
