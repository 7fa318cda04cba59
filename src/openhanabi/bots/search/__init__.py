"""``search``: the ``hat`` blueprint, checked by rollouts over deals sampled from what it knows.

A single-agent search in the manner of SPARTA (Lerer et al., 2020), for two players:

1. **The blueprint.** The seat keeps a ``hat`` bot and asks it first. When the blueprint plays a
   card it knows to be playable (or harmless), that is the move: no search.
2. **Candidates.** Otherwise a few other actions are tried: the likeliest plays, the clue the hat
   convention would give, and a discard of the card the partner expects to go (a known useless
   card, else the chop). Only these: a clue other than the convention's would tell the partner
   a wrong hat number, so its model of the game would break for the rest of the game.
3. **Sampled deals.** The seat samples deals it cannot tell from the real one: its own cards
   from what the convention and the clues say they may be, weighted by the copies it has not
   seen, the draw pile a random order of the rest (see :mod:`.sampling`). It reads the view
   only; the real deck is never touched.
4. **Rollouts.** Each candidate is played on every deal (common random numbers: all candidates
   face the same deals) and the game is played out to its end by hat bots for both seats, copies
   of the seat's own blueprint state (the partner's is the same public knowledge with the cards
   the partner sees, see :mod:`.blueprint`). Deviations are thereby measured as the partner
   really reads them.
5. **Safety.** A candidate replaces the blueprint's action only when its mean score beats it by
   ``margin`` points (0.1) and by two standard errors of the paired differences.

Options: ``rollouts`` (24 by default) is the number of rollouts per searched move, split evenly
among the candidates; it fixes the work, so with a given seed the bot is deterministic.
``budget`` (seconds, none by default) is an upper bound on a move's search time: sampling stops
at the first deal started after it has passed, so a budget makes the bot depend on the machine's
speed. With three or more players, or bonus tiles, the bot plays as ``hat`` does.
"""

from openhanabi.bots.registry import register
from openhanabi.bots.search.bot import SearchBot

register(SearchBot)

__all__ = ["SearchBot"]
