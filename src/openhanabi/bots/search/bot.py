"""The ``search`` bot: the ``hat`` blueprint, improved by rollouts over sampled deals.

See the package's docstring for the method and its options.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import TypeVar

from openhanabi.bots.explanation import Reason, english, move, reason
from openhanabi.bots.hat.bot import HatBot
from openhanabi.bots.hat.layout import bits
from openhanabi.bots.hat.public import useless_positions
from openhanabi.bots.protocol import Bot
from openhanabi.bots.search.blueprint import copy_hat
from openhanabi.bots.search.sampling import dealer, rules_masks
from openhanabi.rules import Action, ActionType, Game, SeatView, Variant

# The per-move budget, in seconds of one core, is spent as a fixed number of simulated actions
# (so that a seeded bot is deterministic): this many per second, measured on the machine the
# figures in the docstring come from (a hat rollout costs about 0.17 ms an action there).
ACTIONS_PER_SECOND = 6000
BUDGET = 0.05
# A move is searched only when every candidate can be played out on at least this many deals
# within the budget: fewer estimates are too noisy to overrule the blueprint with.
MIN_DEALS = 6
# A candidate replaces the blueprint's action only when its mean rollout score beats the
# blueprint's by this many points, and by SPREAD standard errors of the paired differences: with
# a few dozen deals an estimate is noisy, and a deviation the partner cannot read costs more than
# a lucky estimate gains.
MARGIN = 0.1
SPREAD = 2.0
# a play is worth trying only when the card is this likely to fit (or be harmless)
PLAY_FLOOR = 0.25
PLAY_CANDIDATES = 2

Deal = TypeVar("Deal")  # one sampled deal, with whatever its rollouts need


def rollout(game: Game, bots: Sequence[Bot]) -> tuple[int, int]:
    """Play ``game`` to its end with ``bots`` (one per seat): the score, and the actions taken."""
    actions = 0
    while game.outcome is None:
        seat = game.seat
        game.apply(bots[seat].act(game.view(seat)))
        actions += 1
    return game.outcome.score, actions


def expected_length(view: SeatView) -> float:
    """Roughly how many actions are left in the game (a play or a discard draws a card, about
    one action in three is a clue, and the last round follows the last draw)."""
    if view.turns_left >= 0:
        return float(view.turns_left)
    return 1.5 * view.draw_pile_size + view.variant.players


def paired_gain(scores: Sequence[int], base: Sequence[int]) -> tuple[float, float]:
    """The mean of ``scores`` minus ``base`` deal by deal (over the deals ``scores`` covers), and
    its standard error (infinite with fewer than two deals)."""
    n = len(scores)
    if n < 2:
        return (float(sum(scores) - sum(base[:n])) if n else 0.0), math.inf
    diffs = [a - b for a, b in zip(scores, base, strict=False)]
    gain = sum(diffs) / n
    spread = sum((d - gain) ** 2 for d in diffs) / (n - 1)
    return gain, math.sqrt(spread / n)


def weigh(
    moves: int,
    sample: Callable[[], Deal | None],
    play: Callable[[int, Deal], tuple[int, int]],
    actions: int,
    min_deals: int,
    out_of_time: Callable[[], bool] = lambda: False,
) -> list[list[int]]:
    """The scores of ``moves`` moves (move 0, the planned one, first), deal by deal: each played
    out by ``play`` (its score and the actions it took) on the same deals drawn by ``sample``
    (``None`` when a deal could not be drawn), until ``actions`` simulated actions are spent,
    ``min_deals`` draws have failed, ``out_of_time`` says so, or only move 0 is left. A move no
    better than move 0 once it has ``min_deals`` deals gets no more."""
    scores: list[list[int]] = [[] for _ in range(moves)]
    alive = list(range(moves))  # move 0 always stays
    spent = 0
    failures = 0
    while spent < actions and failures < min_deals and len(alive) > 1:
        if out_of_time():
            break
        deal = sample()
        if deal is None:
            failures += 1
            continue
        for i in alive:
            score, played = play(i, deal)
            scores[i].append(score)
            spent += played + 1
        if len(scores[0]) >= min_deals:
            alive = [i for i in alive if i == 0 or paired_gain(scores[i], scores[0])[0] > 0]
    return scores


def best_move(scores: Sequence[Sequence[int]], margin: float, spread: float) -> tuple[int, float]:
    """The move that beats move 0 by the most, by more than ``margin`` points and ``spread``
    paired standard errors, and its gain: ``(0, 0.0)`` when none does."""
    best, best_gain = 0, 0.0
    for i in range(1, len(scores)):
        gain, error = paired_gain(scores[i], scores[0])
        if gain > margin and gain > spread * error and gain > best_gain:
            best, best_gain = i, gain
    return best, best_gain


class SearchBot(Bot):
    name = "search"
    summary = "the hat blueprint, checked against rollouts over deals sampled from what it knows"

    def __init__(
        self,
        seat: int,
        variant: Variant,
        seed: int = 0,
        *,
        budget: float = BUDGET,
        strict: bool = False,
        margin: float = MARGIN,
    ) -> None:
        super().__init__(seat, variant, seed)
        if not budget >= 0 or math.isinf(budget):
            raise ValueError(f"the budget must be a number of seconds, 0 or more, not {budget}")
        self.blueprint = HatBot(seat, variant, seed)
        # two seats, no bonus tiles: the game the sampler and the partner model cover
        self.searching = variant.players == 2 and not variant.bonus_tiles
        self.budget = budget
        self.actions = int(budget * ACTIONS_PER_SECOND)  # simulated actions per move
        self.strict = strict  # whether the wall clock may cut a search short
        self.margin = margin
        self.searched = 0  # moves searched
        self.deviated = 0  # moves where the search overruled the blueprint
        self._why: Reason | None = None

    def act(self, view: SeatView) -> Action:
        planned = self.blueprint.act(view)
        self._why = self.blueprint.reason()
        if (
            not self.searching
            or self.actions == 0
            or view.pending is not None
            or self.blueprint._fallback is not None  # it left the convention: nothing to model
        ):
            return planned
        chosen = self._search(view, planned)
        return planned if chosen is None else chosen

    def explain(self) -> str:
        return "" if self._why is None else english(self._why, self.variant)

    def reason(self) -> Reason | None:
        return self._why

    # ------------------------------------------------------------------ candidates

    def _candidates(self, view: SeatView, planned: Action) -> list[Action]:
        """The blueprint's action first, then the few others worth a rollout: likely plays, the
        blueprint's clue (the one its convention can read), a discard of the card the partner
        expects to go. An empty list when the blueprint's action is a sure play."""
        bp = self.blueprint
        pub = bp.pub
        masks, weights = bp._private()
        hand = pub.hands[self.seat]
        legal = set(view.legal_actions)

        def weigh(m: int) -> int:
            return sum(weights[x] for x in bits(m) if weights[x] > 0)

        candidates = [planned]
        plays = []
        for slot, m in enumerate(masks):
            total = weigh(m)
            chance = weigh(m & (pub.playable | pub.dead)) / total if total else 0.0
            if planned.type is ActionType.PLAY and planned.target == hand[slot] and chance >= 1:
                return []  # nothing beats a card surely playable by enough to risk a deviation
            if chance >= PLAY_FLOOR:
                plays.append((chance, slot))
        plays.sort(key=lambda p: (-p[0], p[1]))
        for _, slot in plays[:PLAY_CANDIDATES]:
            candidates.append(bp._play(hand[slot], masks[slot]))
        if view.clue_tokens > 0 and not planned.is_clue:
            # asked of a copy: finding the clue sets the explanation of the one asked
            clue = copy_hat(bp, self.seat, dict(bp._ident))._hat_clue(
                view, reason("search.why.candidate")
            )
            if clue is not None:
                candidates.append(clue)
        if planned.type is not ActionType.DISCARD and hand:
            useless = useless_positions(masks, pub.dead)
            slot = useless[0] if useless else pub.chop(self.seat)
            candidates.append(Action.discard(hand[slot]))
        unique = []
        for action in candidates:
            if action in legal and action not in unique:
                unique.append(action)
        return unique

    # ------------------------------------------------------------------ search

    def _search(self, view: SeatView, planned: Action) -> Action | None:
        candidates = self._candidates(view, planned)
        if len(candidates) < 2:
            return None
        if MIN_DEALS * len(candidates) * expected_length(view) > self.actions:
            return None  # too early in the game for this budget
        start = time.perf_counter()
        bp = self.blueprint
        me = self.seat
        partner = 1 - me
        partner_hand = set(view.hands[partner])
        rng = random.Random(self.seed * 1_000_003 + view.turn * 2 + me)
        own, _ = bp._private()
        # the convention's knowledge, never wider than the rules' (should the two disagree
        # after a deviation, the rules' knowledge alone)
        masks = [(m & r) or r for m, r in zip(own, rules_masks(view), strict=True)]
        deal = dealer(view, rng, masks, bp.lay.copies)

        def sample() -> tuple[Game, dict[int, int]] | None:
            game = deal()
            if game is None:
                return None
            ident = game.identities
            partner_seen = {o: x for o, x in bp._ident.items() if o not in partner_hand}
            for order in view.own_hand:
                partner_seen[order] = ident[order]
            return game, partner_seen

        def play(i: int, deal: tuple[Game, dict[int, int]]) -> tuple[int, int]:
            game, partner_seen = deal
            trial = game.copy()
            trial.apply(candidates[i])
            bots: list[Bot] = [bp, bp]
            bots[me] = copy_hat(bp, me, dict(bp._ident))
            bots[partner] = copy_hat(bp, partner, dict(partner_seen))
            return rollout(trial, bots)

        def out_of_time() -> bool:
            return self.strict and time.perf_counter() - start > self.budget

        scores = weigh(len(candidates), sample, play, self.actions, MIN_DEALS, out_of_time)
        if not scores[0]:
            return None
        self.searched += 1
        best, best_gain = best_move(scores, self.margin, SPREAD)
        samples = len(scores[best])
        if best == 0:
            return None
        self.deviated += 1
        chosen = candidates[best]
        self._why = reason(
            "search.chose",
            chosen=move(chosen, view.own_hand),
            planned=move(planned, view.own_hand),
            deals=samples,
            points=best_gain,
        )
        return chosen


__all__ = ["SearchBot"]
