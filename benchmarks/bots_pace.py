"""How a game's points come in, card by card drawn: for each bot (or mixed table) and player
count, the mean score, clue tokens held and clues given after each number of cards drawn from
the draw pile, over seeds S..S+N-1 (the same decks for every bot). Where one bot's curve falls
below another's shows where in the game it loses the points.

The state after ``d`` cards drawn is the one right after the move that drew the ``d``-th card;
a game that ended before its draw pile ran out (every point played, or a strikeout) keeps its
last state for the draws it never made. The scores along the way are the fireworks' points;
the last row, "end", is the game's score (a strikeout scores 0, as in ``hanabi bench``).

    python benchmarks/bots_pace.py [--bot conventions --bot hat] [--players 4] [--games 200]
                                   [--seed 0] [--variant base] [--every 3] [--jobs J]
                                   [--plot FILE.png]

``--bot`` takes a bot's name, or a comma list for a mixed table (one name per seat, cycled).
On a terminal a progress bar (on standard error) follows each table.
"""

from __future__ import annotations

import argparse
import math
import os
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field

from openhanabi.bench.progress import progress_bar
from openhanabi.bots import resolve_bot, seat_seed
from openhanabi.rules import Game, RulesError, Variant, find_variant

CHUNK = 10  # games a worker plays at a time, at most


@dataclass
class Pace:
    """Sums over games, by cards drawn (0 is the deal): points scored, clue tokens held and
    clues given; and the games' final scores."""

    points: list[int] = field(default_factory=list)
    tokens: list[int] = field(default_factory=list)
    clues: list[int] = field(default_factory=list)
    finals: list[int] = field(default_factory=list)

    def add(self, other: Pace) -> None:
        if not self.points:
            self.points, self.tokens, self.clues = ([0] * len(other.points) for _ in range(3))
        for mine, theirs in (
            (self.points, other.points),
            (self.tokens, other.tokens),
            (self.clues, other.clues),
        ):
            for drawn, value in enumerate(theirs):
                mine[drawn] += value
        self.finals.extend(other.finals)


def follow(variant: Variant, seating: Sequence[str], seed: int) -> Pace:
    """Play game ``seed`` with ``seating`` (one bot name per seat) and note its state after each
    card drawn."""
    game = Game.new(variant, seed)
    bots = [
        resolve_bot(name)(seat, variant, seat_seed(seed, seat)) for seat, name in enumerate(seating)
    ]
    dealt = game.cards_drawn
    pile = len(game.draw_pile)
    pace = Pace([game.score], [game.clue_tokens], [0])
    clues = 0
    while game.outcome is None:
        action = bots[game.seat].act(game.view(game.seat))
        game.apply(action)
        clues += action.is_clue
        while len(pace.points) <= game.cards_drawn - dealt:
            pace.points.append(game.score)
            pace.tokens.append(game.clue_tokens)
            pace.clues.append(clues)
    for notes, last in (
        (pace.points, game.score),
        (pace.tokens, game.clue_tokens),
        (pace.clues, clues),
    ):
        notes.extend([last] * (pile + 1 - len(notes)))
    pace.finals.append(game.outcome.score)
    return pace


def run(variant_name: str, players: int, seating: Sequence[str], seeds: range) -> Pace:
    """The summed pace of ``seeds`` (runs in a worker process)."""
    variant = find_variant(variant_name, players=players)
    total = Pace()
    for seed in seeds:
        total.add(follow(variant, seating, seed))
    return total


def rows(pace: Pace, every: int) -> list[tuple[str, float, float, float]]:
    """The table of one run: (cards drawn, mean points, tokens, clues) every ``every`` cards
    drawn and at the last draw, then the end (the mean score, a strikeout counting 0)."""
    games = len(pace.finals)
    last = len(pace.points) - 1
    shown = sorted({*range(0, last + 1, every), last})
    table = [
        (str(d), pace.points[d] / games, pace.tokens[d] / games, pace.clues[d] / games)
        for d in shown
    ]
    table.append(("end", sum(pace.finals) / games, math.nan, math.nan))
    return table


def plot(path: str, runs: Sequence[tuple[int, Sequence[tuple[str, Pace]]]], title: str) -> None:
    """One row per player count: mean points (left) and clue tokens held (right) by cards
    drawn, one line per table."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(11, 3.6 * len(runs)), layout="constrained")
    FigureCanvasAgg(figure)
    axes = figure.subplots(len(runs), 2, squeeze=False)
    for (players, paces), (score_ax, token_ax) in zip(runs, axes, strict=True):
        for number, (label, pace) in enumerate(paces):
            games = len(pace.finals)
            drawn = range(len(pace.points))
            colour = f"C{number}"
            final = sum(pace.finals) / games
            score_ax.plot(
                drawn,
                [p / games for p in pace.points],
                color=colour,
                label=f"{label} (scores {final:.2f})",
            )
            token_ax.plot(drawn, [t / games for t in pace.tokens], color=colour, label=label)
        score_ax.set_ylabel("points scored (mean)")
        token_ax.set_ylabel("clue tokens held (mean)")
        for ax in (score_ax, token_ax):
            ax.set_title(f"{players} players")
            ax.set_xlabel("cards drawn from the draw pile")
            ax.grid(alpha=0.3)
            ax.legend(loc="upper left" if ax is score_ax else "upper right", fontsize="small")
    figure.suptitle(title)
    figure.savefig(path, format="png", dpi=100)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--bot",
        action="append",
        metavar="NAME",
        help="a bot, or a comma list for a mixed table; repeat to compare (default: conventions "
        "and hat)",
    )
    parser.add_argument(
        "--players", type=int, nargs="+", default=[4], metavar="P", help="player counts (default 4)"
    )
    parser.add_argument("--games", type=int, default=200, help="games per table (default 200)")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed (default 0)")
    parser.add_argument(
        "--variant", default="base", help="a preset of `hanabi variants` (default base)"
    )
    parser.add_argument(
        "--every", type=int, default=3, help="a table row every this many draws (default 3)"
    )
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="worker processes (default all)"
    )
    parser.add_argument(
        "--plot",
        metavar="FILE.png",
        help="draw the curves, one row of panels per player count",
    )
    args = parser.parse_args(argv)
    if args.games < 1 or args.every < 1:
        parser.error("--games and --every must be at least 1")
    tables = [tuple(name.split(",")) for name in (args.bot or ["conventions", "hat"])]
    try:  # an unknown name fails here, with the names known, before any game is played
        for players in args.players:
            find_variant(args.variant, players=players)
        for seating in tables:
            for name in seating:
                resolve_bot(name)
    except RulesError as error:
        parser.error(str(error))
    chunk = max(1, min(CHUNK, math.ceil(args.games / (4 * args.jobs))))
    seeds = range(args.seed, args.seed + args.games)
    print(f"{args.variant}, seeds {seeds.start}..{seeds.stop - 1}")
    runs: list[tuple[int, list[tuple[str, Pace]]]] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for players in args.players:
            paces = []
            for seating in tables:
                label = ",".join(seating)
                seated = [seating[seat % len(seating)] for seat in range(players)]
                parts = [
                    pool.submit(run, args.variant, players, seated, seeds[lo : lo + chunk])
                    for lo in range(0, args.games, chunk)
                ]
                with progress_bar() as progress:
                    task = progress.add_task(f"{label}, {players} players", total=args.games)
                    for future in as_completed(parts):
                        progress.advance(task, len(future.result().finals))
                total = Pace()
                for future in parts:
                    total.add(future.result())
                paces.append((label, total))
            print(f"\n{players} players: mean points / clue tokens held / clues given")
            print(f"{'drawn':>6} " + " ".join(f"{label:>22}" for label, _ in paces))
            tabled = [rows(pace, args.every) for _, pace in paces]
            for line in zip(*tabled, strict=True):
                cells = [
                    f"{p:>6.2f}" + (f" {t:>5.2f} {c:>6.2f}" if not math.isnan(t) else " " * 13)
                    for _, p, t, c in line
                ]
                print(f"{line[0][0]:>6} " + " ".join(f"{cell:>22}" for cell in cells))
            runs.append((players, paces))
    if args.plot:
        plot(args.plot, runs, f"{args.variant}, seeds {seeds.start}..{seeds.stop - 1}")
        print(f"plot: {args.plot}")


if __name__ == "__main__":
    main()
