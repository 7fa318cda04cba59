"""Endgame search: near the end of the game, the convention's move is checked by playing it and a
few others out on deals the seat cannot tell from the real one.

1. **When.** Only once the draw pile holds ``DRAW_PILE`` cards or fewer (and in the last round):
   the games left are short, so a rollout is cheap, and a move decides whether a card still gets
   played.
2. **Candidates.** The convention's own move first, then a few others the bot proposes (see
   ``ConventionsBot._search_candidates``): the cards it might play, its discard, its best clue,
   a stall.
3. **Deals.** The seat's own cards get identities its notes and ``view.knowledge`` allow,
   weighted by the copies it has not seen, and the draw pile is a random order of the rest
   (:mod:`openhanabi.bots.search.sampling`). Only the view is read, never the real deck. A
   deal is kept only when each partner's move since this seat's last turn is the move they
   would have made in it, played by a bot without search from this seat's notes as they stood
   then (the partners saw this seat's cards: their moves say something of them), else with
   ``KEEP_ODDS`` chances, and after ``REDRAWS`` deals in any case (with ``CHECKED_FROM`` players
   or more).
4. **Partners.** Every seat of a rollout is a conventions bot without search whose notes are a
   copy of this seat's own notes (the public log is the same for every seat), holding the
   identities that seat would see in the sampled deal: every card but its own. No real bot's
   notes are read: another seat's notes know this seat's cards.
5. **Safety.** Every candidate is played out on the same deals, and one replaces the
   convention's move only when it scores more by ``MARGIN`` points and by ``SPREAD`` standard
   errors of the paired differences.

The work is a fixed number of simulated actions per move (``ACTIONS`` divided by the number of
players), not a time, so the bot is deterministic given its seed; a move is searched only when
every candidate fits on ``MIN_DEALS`` deals within it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from openhanabi.bots.conventions.state import Tracker
from openhanabi.bots.protocol import Bot
from openhanabi.bots.search.bot import best_move, expected_length, weigh
from openhanabi.bots.search.sampling import dealer, identity
from openhanabi.rules import Action, Game, SeatView

# the search runs once the draw pile holds this many cards or fewer: further back, rollouts are
# long and overrule the convention less often for the work they cost (measured, seven gain most
# with five players, about a round and a half of draws; nine no more)
DRAW_PILE = 7
# a turn that plays a card its seat knows fits is searched only from this many cards left, and
# never in the last round (where one sure point is the most a turn can score): such turns are
# the most common, and a sure play is seldom worth changing until the very end
SURE_PLAY_DRAW_PILE = 3
# simulated actions (bot turns played out) per searched move, this many divided by the number
# of players: a seat's turn costs more the more hands it weighs clues for, and the bot must stay
# at 5 games a second or more on one core with five players
ACTIONS = 800
# a move is searched only when every candidate can be played out on this many deals, and a
# candidate no better than the convention's move after as many is dropped: most candidates are
# no better, and two deals to drop them leave the budget for more moves and for the contenders
# (measured with five players: as much gained as twice the budget with three deals)
MIN_DEALS = 2
# a candidate replaces the convention's move only when it gains this many points on average,
# and SPREAD standard errors of the paired differences: partners read a move the convention
# would not make less well than the rollouts assume
MARGIN = 0.1
SPREAD = 1.5

# a sampled deal is kept when every partner's move since this seat's last turn is the move a
# conventions bot without search would have made in it; a deal that fails is still kept with
# this chance: partners search near the end too, and their notes can part from this seat's,
# so the real deal fails one check in twenty (a sampled one, one in two). The checks' actions
# count against the budget. (Measured with 3 and 4 players: kept with one chance in twenty
# instead, or the checks left out of the budget, scored as much, at more cost.)
KEEP_ODDS = 0.2
REDRAWS = 8  # deals drawn at most for one kept
# deals are checked so with this many players or more: with two, the one move between a seat's
# turns gained nothing (+0.002 ± 0.016 points, seeds 0-999) for about a third more work
CHECKED_FROM = 3

# makes the bot for one seat of a rollout from its notes
SeatMaker = Callable[[int, Tracker], Bot]


@dataclass
class Choice:
    """What a search found: the move to make, how much it gained and over how many deals."""

    action: Action
    gain: float
    deals: int


def copy_tracker(tracker: Tracker, seat: int, ident: dict[int, int]) -> Tracker:
    """An independent copy of ``tracker`` for ``seat``, which has seen the identities ``ident``
    (order -> identity). Field by field: every list, dict and set is copied (lists of lists one
    level down), every other field shared (tables, numbers)."""
    other = Tracker.__new__(Tracker)
    fields = other.__dict__
    for name, value in tracker.__dict__.items():
        kind = type(value)  # the notes hold plain lists, dicts and sets, never subclasses
        if kind is list:
            value = [list(x) if type(x) is list else x for x in value]
        elif kind is dict:
            value = dict(value)
        elif kind is set:
            value = set(value)
        fields[name] = value
    other.seat = seat
    other.ident = ident
    other.frozen = None  # what the original worked out while its notes stood still is its own
    return other


def seat_identities(tracker: Tracker, view: SeatView, own: Sequence[int]) -> list[dict[int, int]]:
    """For each seat, the identities it sees in a deal where this seat's own cards are ``own``:
    everything this seat has seen plus its own cards, less the seat's own hand."""
    every = dict(tracker.ident)
    every.update(zip(view.own_hand, own, strict=True))
    found = []
    for seat, hand in enumerate(view.hands):
        seen = dict(every)
        for order in hand:
            seen.pop(order, None)
        found.append(seen if seat != view.seat else dict(tracker.ident))
    return found


def rewind(game: Game, view: SeatView, before: Tracker, base: Game | None = None) -> Game:
    """``game``, a deal sampled from ``view``, as it stood just after this seat's last move, when
    its notes were ``before``. ``base``, an earlier deal of the same view rewound so, is dealt
    again rather than the log replayed on the deck (the same game, a fraction of the work)."""
    if base is None or base.variant.bonus_tiles:
        past = Game(view.variant, game.deck)
        for event in view.events[: before.seen + 1]:
            past.apply(event.action)
        return past
    # the cards this seat could not see then: its hand at the time and the draw pile
    deck = [identity(card) for card in game.deck]
    drawn = len(deck) - len(base.draw_pile)
    hidden = {order: deck[order] for order in base.hands[view.seat]}
    return base.redealt(hidden, list(reversed(deck[drawn:])))  # the pile's top at its end


def partners_agree(
    game: Game, view: SeatView, before: Tracker, make_seat: SeatMaker, past: Game | None = None
) -> tuple[bool, int]:
    """Whether each partner's move since this seat's last turn is the move a bot without
    search makes in ``game``, a deal sampled from ``view``, and how many moves were checked.
    ``before`` holds this seat's notes as they stood just before its last move; each partner's
    bot gets a copy holding the cards that partner saw in the deal. ``past``, ``game`` as
    :func:`rewind` gives it when already worked out, is played on."""
    events = view.events
    if past is None:
        past = rewind(game, view, before)
    start = before.seen + 1  # this seat's own move is read, not checked
    acts = 0
    for event in events[start:]:
        seat = event.seat
        if seat != view.seat:
            hand = set(past.hands[seat])
            seen = {o: x for o, x in enumerate(past.identities) if x >= 0 and o not in hand}
            bot = make_seat(seat, copy_tracker(before, seat, seen))
            acts += 1
            if bot.act(past.view(seat)) != event.action:
                return False, acts
        past.apply(event.action)
    return True, acts


def play_out(
    game: Game, tracker: Tracker, seen_by: Sequence[dict[int, int]], make_seat: SeatMaker
) -> tuple[int, int]:
    """Play ``game`` to its end, each seat a bot made from a copy of ``tracker`` holding the
    identities ``seen_by`` that seat (made when the seat first acts: in the last round most
    seats never do): the score, and the actions taken."""
    bots: dict[int, Bot] = {}
    actions = 0
    while game.outcome is None:
        seat = game.seat
        bot = bots.get(seat)
        if bot is None:
            bot = bots[seat] = make_seat(seat, copy_tracker(tracker, seat, dict(seen_by[seat])))
        game.apply(bot.act(game.view(seat)))
        actions += 1
    return game.outcome.score, actions


def search(
    view: SeatView,
    tracker: Tracker,
    candidates: Sequence[Action],
    own_masks: Sequence[int],
    make_seat: SeatMaker,
    rng: random.Random,
    actions: int | None = None,
    *,
    before: Tracker | None = None,
    min_deals: int = MIN_DEALS,
    margin: float = MARGIN,
    spread: float = SPREAD,
) -> Choice | None:
    """Play each of ``candidates`` (the convention's move first) out on deals sampled from
    ``view`` with the own hand within ``own_masks``: the candidate that beats the first clearly
    (by ``margin`` points and ``spread`` standard errors), else the first; ``None`` when the
    budget of ``actions`` is too small to play every candidate on ``min_deals`` deals or no deal
    could be sampled."""
    if actions is None:
        actions = ACTIONS // view.variant.players
    if len(candidates) < 2:
        return None
    if min_deals * len(candidates) * max(1.0, expected_length(view)) > actions:
        return None
    scores = play_outs(
        view, tracker, candidates, own_masks, make_seat, rng, actions, min_deals, before
    )
    if not scores[0]:
        return None
    best, gain = best_move(scores, margin, spread)
    return Choice(candidates[best], gain, len(scores[best]))


def play_outs(
    view: SeatView,
    tracker: Tracker,
    candidates: Sequence[Action],
    own_masks: Sequence[int],
    make_seat: SeatMaker,
    rng: random.Random,
    actions: int,
    min_deals: int = MIN_DEALS,
    before: Tracker | None = None,
) -> list[list[int]]:
    """The scores of ``candidates`` played out deal by deal on the same sampled deals until
    ``actions`` simulated actions are spent (a candidate no better than the first once it has
    ``min_deals`` deals is dropped; see :func:`openhanabi.bots.search.bot.weigh`)."""
    deal = dealer(view, rng, own_masks, tracker.tables.copies)

    checks = [0]  # the checks' simulated actions, counted with the next play-out
    rewound: list[Game] = []  # the first deal checked, as it stood at this seat's last move

    def sample() -> tuple[Game, list[dict[int, int]]] | None:
        game: Game | None = None
        for _ in range(REDRAWS):
            game = deal()
            if game is None:
                return None
            if before is None or rng.random() < KEEP_ODDS:
                break
            past = rewind(game, view, before, rewound[0] if rewound else None)
            if not rewound:
                rewound.append(past.copy())
            agree, acts = partners_agree(game, view, before, make_seat, past)
            checks[0] += acts
            if agree:
                break
        if game is None:
            return None
        identities = game.identities
        own = [identities[order] for order in view.own_hand]
        return game, seat_identities(tracker, view, own)

    def play(i: int, deal: tuple[Game, list[dict[int, int]]]) -> tuple[int, int]:
        game, seen_by = deal
        trial = game.copy()
        trial.apply(candidates[i])
        score, acts = play_out(trial, tracker, seen_by, make_seat)
        acts += checks[0]
        checks[0] = 0
        return score, acts

    return weigh(len(candidates), sample, play, actions, min_deals)


__all__ = [
    "ACTIONS",
    "CHECKED_FROM",
    "DRAW_PILE",
    "SURE_PLAY_DRAW_PILE",
    "Choice",
    "copy_tracker",
    "partners_agree",
    "play_out",
    "play_outs",
    "rewind",
    "search",
    "seat_identities",
]
