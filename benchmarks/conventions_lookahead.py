"""Where a one-move look-ahead would change the ``conventions`` bot's move in the middle of the
game: how far its conventions are from what playing each move out says.

On every ``--every``-th turn while the draw pile holds between ``--low`` and ``--high`` cards
(self-play without the endgame search, seeds S..S+N-1), the seat's move and the moves the
endgame search weighs near the end (the cards it might play, its discard, its best clue for up
to three players, or a stall; its sure plays too) are each played out to the end on the same
deals, as the endgame search does (docs/conventions.md, "The endgame search"): the seat's own
cards and the draw pile dealt as its view allows, every seat played by the conventions bot
without search from a copy of this seat's notes, ``--deals`` deals a turn (a move no better
than the bot's after four deals is dropped, as in the endgame search). A move counts as
clearly better when it scores more than ``--margin`` points above the bot's move on average and
more than ``--spread`` standard errors of the deal-by-deal differences (with several moves
weighed a turn, a looser test finds differences that are only noise).

It prints, per player count, the turns weighed, how many had a clearly better move (and the
mean gain, measured on the deals that picked it, so on the high side), and those turns by the
reason the bot gave for its move and the kind of the better move. The games go on with the
bot's own move, so they are the bot's games; with ``--adopt`` they go on with the better move
instead, and the benchmark also prints their mean score against the bot's own on the same seeds,
paired: what a search in the middle of the game, at this cost, would be worth.

    python benchmarks/conventions_lookahead.py [--games 40] [--players 4 5] [--deals 24]
        [--adopt] [--search]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from openhanabi.bench.progress import progress_bar
from openhanabi.bots import play_game, seat_seed
from openhanabi.bots.conventions import ConventionsBot, endgame, lookahead
from openhanabi.bots.conventions.state import Tracker
from openhanabi.bots.protocol import Bot
from openhanabi.bots.search.bot import best_move, paired_gain
from openhanabi.rules import Action, ActionType, Game, SeatView, find_variant


@dataclass
class Tally:
    turns: int = 0
    better: int = 0
    gain: float = 0.0
    kinds: Counter[tuple[str, str]] = field(default_factory=Counter)
    score: int = 0  # the game's score (bomb = 0)
    alone: int = 0  # the same seed played by the bot alone, with --adopt


@dataclass(frozen=True)
class Settings:
    players: int
    deals: int
    low: int
    high: int
    every: int
    margin: float
    spread: float
    adopt: bool = False  # play the clearly better move instead of the bot's
    search: bool = False  # the bots' endgame search on


def kind_of(bot: ConventionsBot, view: SeatView, action: Action) -> str:
    """A move in a few words: "play", "discard chop", "discard", or "clue" with its kind."""
    if action.type == ActionType.PLAY:
        return "play"
    if action.type == ActionType.DISCARD:
        return "discard chop" if action.target == bot.state.chop(view.seat) else "discard"
    for option in bot.clues.options(view):
        if option.action == action:
            return f"{option.kind} clue"
    return "other clue"


def weigh_turn(
    bot: ConventionsBot, view: SeatView, planned: Action, settings: Settings
) -> tuple[float, str, Action] | None:
    """The gain of the clearly best move over ``planned``, its kind and the move itself,
    ``None`` if none."""
    candidates = bot._search_candidates(view, planned, any_time=True)
    if len(candidates) < 2:
        return None
    masks = [bot._own_belief(view, order) for order in view.own_hand]
    rng = random.Random((bot.seed * 1_000_003 + view.turn) * 8 + bot.seat)
    variant = view.variant

    def make_seat(seat: int, state: Tracker) -> Bot:
        return ConventionsBot.playing_out(seat, variant, state)

    actions = lookahead.budget(view, len(candidates), settings.deals)
    scores = endgame.play_outs(
        view, bot.state, candidates, masks, make_seat, rng, actions, lookahead.DROP_AFTER
    )
    best, gain = best_move(scores, settings.margin, settings.spread)
    return (gain, kind_of(bot, view, candidates[best]), candidates[best]) if best else None


def score_alone(settings: Settings, seed: int) -> int:
    """The score of ``seed`` played by the bot alone (bomb = 0)."""
    variant = find_variant("base", players=settings.players)
    bots = [
        ConventionsBot(s, variant, seat_seed(seed, s), search=settings.search)
        for s in range(settings.players)
    ]
    outcome = play_game(Game.new(variant, seed), bots).outcome
    assert outcome is not None
    return outcome.score


def play_seed(job: tuple[Settings, int]) -> Tally:
    settings, seed = job
    variant = find_variant("base", players=settings.players)
    bots = [
        ConventionsBot(s, variant, seat_seed(seed, s), search=settings.search)
        for s in range(settings.players)
    ]
    game = Game.new(variant, seed)
    tally = Tally()
    turn = 0
    while game.outcome is None:
        bot = bots[game.seat]
        view = game.view(game.seat)
        planned = bot.act(view)
        pile = view.draw_pile_size
        if settings.low <= pile <= settings.high and turn % settings.every == 0:
            why = bot.reason()
            found = weigh_turn(bot, view, planned, settings)
            tally.turns += 1
            if found is not None:
                tally.better += 1
                tally.gain += found[0]
                tally.kinds[(why.key if why is not None else "none", found[1])] += 1
                if settings.adopt:
                    planned = found[2]
        game.apply(planned)
        turn += 1
    assert game.outcome is not None
    tally.score = game.outcome.score
    tally.alone = score_alone(settings, seed) if settings.adopt else tally.score
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="seeds per player count (default 40)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    parser.add_argument(
        "--players", type=int, nargs="+", default=[4, 5], help="player counts (default 4 5)"
    )
    parser.add_argument("--deals", type=int, default=24, help="deals per weighed turn (default 24)")
    parser.add_argument(
        "--low", type=int, default=6, help="fewest cards in the draw pile (default 6)"
    )
    parser.add_argument(
        "--high", type=int, default=26, help="most cards in the draw pile (default 26)"
    )
    parser.add_argument(
        "--every", type=int, default=3, metavar="K", help="weigh every K-th turn (default 3)"
    )
    parser.add_argument(
        "--margin",
        type=float,
        default=0.5,
        help="points a clearly better move must gain (default 0.5)",
    )
    parser.add_argument(
        "--spread", type=float, default=3.5, help="standard errors it must gain too (default 3.5)"
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=os.cpu_count() or 1,
        help="worker processes (default one per CPU)",
    )
    parser.add_argument(
        "--adopt",
        action="store_true",
        help="play the clearly better move instead of the bot's, and compare the games' scores "
        "with the bot's own on the same seeds (default: the games go on with the bot's move)",
    )
    parser.add_argument(
        "--search",
        action="store_true",
        help="the bots use their endgame search too (default: without it)",
    )
    args = parser.parse_args(argv)
    if args.games < 1 or args.deals < 2 or args.every < 1 or args.jobs < 1:
        parser.error("--games and --jobs must be at least 1, --deals 2, --every 1")
    if any(p not in range(2, 6) for p in args.players):
        parser.error("--players takes counts from 2 to 5")
    for players in args.players:
        settings = Settings(
            players,
            args.deals,
            args.low,
            args.high,
            args.every,
            args.margin,
            args.spread,
            args.adopt,
            args.search,
        )
        jobs = [(settings, seed) for seed in range(args.seed, args.seed + args.games)]
        total = Tally()
        differences: list[int] = []
        with (
            progress_bar() as progress,
            ProcessPoolExecutor(max_workers=args.jobs) as pool,
        ):
            task = progress.add_task(f"{players} players", total=len(jobs))
            for tally in pool.map(play_seed, jobs, chunksize=1):
                total.turns += tally.turns
                total.better += tally.better
                total.gain += tally.gain
                total.kinds.update(tally.kinds)
                total.score += tally.score
                total.alone += tally.alone
                differences.append(tally.score - tally.alone)
                progress.advance(task)
        share = 100 * total.better / max(1, total.turns)
        mean = total.gain / max(1, total.better)
        print(
            f"{players} players, seeds {args.seed}..{args.seed + args.games - 1}: "
            f"{total.turns} turns weighed, a clearly better move on {total.better} "
            f"({share:.1f} %), gaining {mean:.2f} points on average"
        )
        if args.adopt:
            gain, error = paired_gain(differences, [0] * len(differences))
            print(
                f"  playing those moves: mean score {total.score / len(jobs):.3f} against "
                f"{total.alone / len(jobs):.3f} for the bot alone ({gain:+.3f} +- {error:.3f})"
            )
        for (why, better), count in total.kinds.most_common():
            print(f"  {count:5d}  {why:<32} -> {better}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
