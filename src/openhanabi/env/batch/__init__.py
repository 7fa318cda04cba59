"""A vectorised batch engine: many games of one variant stepped together in NumPy.

:class:`BatchEnv` keeps ``N`` games as arrays (:mod:`~openhanabi.env.batch.state`), steps them
from an array of move numbers, and returns observations, legal-move masks, rewards and done
flags for the seat on turn of every game, dealing a finished game anew from the next seed. Decks
come from the scalar engine's seeded shuffle (:mod:`~openhanabi.env.batch.decks`), so seed ``s``
deals the game ``Game.new(variant, s)`` deals, and the observations equal the scalar encoder's
value for value (``tests/env/test_batch.py`` checks it game by game).

What it plays: every suit kind and preset (base, six suits, rainbow, black powder and their
mixes), 2 to 5 players, any hand size, token counts and start seat, empty clues on or off, and
every option of the rules: declared play, bonus tiles (with their decisions: a free clue, a card
of the discard pile to shuffle back or to play), play until perfect and hanab.live's ending
rule, alone or together, in the ``hle`` encoding (the base game without empty clues, declared
play or bonus tiles, as HLE's) or the ``extended`` one. The options take a path of their own
(:mod:`~openhanabi.env.batch.options`, :mod:`~openhanabi.env.batch.tiles`), so the base game's
turn costs the same with or without them.
"""

from openhanabi.env.batch.env import BatchEnv, IllegalMoveError

__all__ = ["BatchEnv", "IllegalMoveError"]
