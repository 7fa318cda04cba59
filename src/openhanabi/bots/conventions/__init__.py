"""``conventions``: a human-style convention bot (chop, play and save clues, prompts, finesses).

See :mod:`openhanabi.bots.conventions.bot` and docs/conventions.md.
"""

from openhanabi.bots.conventions.bot import ConventionsBot, ConventionsSearchBot

__all__ = ["ConventionsBot", "ConventionsSearchBot"]
