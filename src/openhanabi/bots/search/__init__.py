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

**The budget.** ``budget`` (seconds per move, 0.05 by default) is spent as a fixed amount of
work: ``budget`` times 6000 simulated actions (about what one core of the machine the figures
were measured on plays in that time). With a given seed the bot is therefore deterministic,
whatever the machine's load. Deals are played out until that many actions were simulated. A
move is searched only when every candidate can be played out on at least six deals within the
budget, so a small budget searches the endgame only (where rollouts are short and a move matters
most) and a larger one searches earlier. With ``strict=True`` the budget also bounds the wall
clock: no deal is started once it has passed (a move then takes at most the budget plus one
deal's rollouts, and the bot depends on the machine's speed). ``budget=0`` plays as ``hat``.

With three or more players, or bonus tiles, the bot plays as ``hat`` does: the sampler and the
partner model cover two seats without bonus tiles.

Measured with the default budget on seeds 0-1999 (``benchmarks/search_score.py``, 2 players):
23.94 ± 0.03 against ``hat``'s 23.87 on the same deals (+0.075 ± 0.007 paired), no strikeout;
the search ran on 13700 moves and changed 460 of them.
"""

from openhanabi.bots.registry import register
from openhanabi.bots.search.bot import SearchBot

register(SearchBot)

__all__ = ["SearchBot"]
