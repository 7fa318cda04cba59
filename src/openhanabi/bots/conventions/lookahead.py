"""The look-ahead of the ``conventions-search`` bot: the endgame search's play-outs (see
:mod:`.endgame`), made on every turn of the middle of the game as well.

1. **When.** While the draw pile holds ``HIGH`` cards or fewer and more than the endgame search's
   ``endgame.DRAW_PILE`` (below, the endgame search takes over, as for the ``conventions`` bot).
   Further back the rollouts are longest and the convention's first moves were seldom beaten.
2. **Candidates.** Those of the endgame search, a sure play included: the convention's move first,
   then the cards the seat might play, its discard and the best clue for each of a few players.
3. **Deals and partners.** As in the endgame search: deals the seat cannot tell from the real
   one, every partner a conventions bot without search holding a copy of the seat's notes.
4. **Budget.** About ``DEALS`` deals of every candidate; a candidate no better than the
   convention's move after ``DROP_AFTER`` deals is played out no further.
5. **Safety.** A candidate replaces the convention's move only when it scores ``MARGIN`` points
   more on average, and ``SPREAD`` standard errors of the paired differences. More readily, and
   the noise of two dozen deals picks moves that only looked better; less, and few are picked.

Measured (docs/conventions-research.md, "One move at a time"): about fifty times the work of the
``conventions`` bot, for about +0.2 / +0.3 points a game with three / four players.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from openhanabi.bots.conventions import endgame
from openhanabi.bots.conventions.endgame import Choice, SeatMaker
from openhanabi.bots.conventions.state import Tracker
from openhanabi.bots.search.bot import expected_length
from openhanabi.rules import Action, SeatView

HIGH = 26
DEALS = 24
# with two dozen deals a candidate, four keep a better move that starts badly from being dropped
DROP_AFTER = 4
MARGIN = 0.3
SPREAD = 2.5


def applies(view: SeatView) -> bool:
    """Whether the look-ahead weighs this turn: the middle of the game, no decision pending."""
    return view.pending is None and endgame.DRAW_PILE < view.draw_pile_size <= HIGH


def budget(view: SeatView, candidates: int, deals: int = DEALS) -> int:
    """The simulated actions that play ``deals`` deals of ``candidates`` moves out to the end,
    with room to spare (a game runs longer than the expected length now and then)."""
    length = max(1.0, expected_length(view)) + 1
    return int(deals * candidates * length * 1.5)


def weigh(
    view: SeatView,
    tracker: Tracker,
    candidates: Sequence[Action],
    own_masks: Sequence[int],
    make_seat: SeatMaker,
    rng: random.Random,
) -> Choice | None:
    """The endgame search's answer (:func:`.endgame.search`) with this look-ahead's settings:
    the candidate that beats the convention's move (the first) clearly, else the first; ``None``
    with fewer than two candidates or when no deal could be sampled."""
    actions = budget(view, len(candidates))
    return endgame.search(
        view,
        tracker,
        candidates,
        own_masks,
        make_seat,
        rng,
        actions,
        min_deals=DROP_AFTER,
        margin=MARGIN,
        spread=SPREAD,
    )


__all__ = ["DEALS", "DROP_AFTER", "HIGH", "MARGIN", "SPREAD", "applies", "budget", "weigh"]
