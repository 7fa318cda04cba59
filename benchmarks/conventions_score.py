"""Self-play scores of the ``conventions`` bot: seeds S..S+N-1 for each player count, one row per
count with the mean score ± its standard error, the share of perfect games, the share of
strikeouts, games per second on one core (games divided by the CPU time of the workers) and
cards played per clue given.

With ``--losses`` a second table says where the points below 25 went, per game on average:
strikeouts (the whole score), last copies discarded, last copies misplayed, and cards that were
still reachable but left unplayed when the game ended (the team ran out of turns).

With ``--no-search`` the bots play without their endgame search (docs/conventions.md, "The
endgame search"): the same seeds, paired. ``--json FILE`` writes every game's score and a
digest of its moves by player count and seed, to compare two versions of the bot game by game:
a change meant only to make the bot faster must leave every digest as it was. On a terminal a
progress bar (on standard error) follows each player count.

    python benchmarks/conventions_score.py [--games 2000] [--seed 0] [--players 2 3 4 5]
                                           [--variant base] [--jobs J] [--losses] [--no-search]
                                           [--json FILE]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field

from openhanabi.bench.progress import progress_bar
from openhanabi.bots import seat_seed
from openhanabi.bots.conventions import ConventionsBot
from openhanabi.rules import Action, Game, Result, Termination, find_variant

CAUSES = ("strikeout", "discarded", "misplayed", "unplayed")
CHUNK = 25  # games a worker plays at a time, at most


@dataclass
class Part:
    """The results of one run of seeds."""

    scores: list[int] = field(default_factory=list)
    seeds: list[int] = field(default_factory=list)
    digests: list[str] = field(default_factory=list)  # of each game's moves (moves_digest)
    perfect: int = 0
    strikeouts: int = 0
    cpu: float = 0.0
    clues: int = 0  # clues given
    plays: int = 0  # cards played (blind or known)
    lost: dict[str, int] = field(default_factory=lambda: dict.fromkeys(CAUSES, 0))


def moves_digest(actions: list[Action]) -> str:
    """A short digest of a game's moves in order: two games with the same digest made the
    same moves."""
    return hashlib.sha256(";".join(map(repr, actions)).encode()).hexdigest()[:16]


def run(variant_name: str, players: int, seeds: range, search: bool = True) -> Part:
    """Play ``seeds`` (with or without the endgame search) and say where each game's points
    went."""
    variant = find_variant(variant_name, players=players)
    start = time.process_time()
    part = Part()
    for seed in seeds:
        bots = [
            ConventionsBot(seat, variant, seat_seed(seed, seat), search=search)
            for seat in range(players)
        ]
        game = Game.new(variant, seed)
        reach = game.max_reachable()
        lost = dict.fromkeys(CAUSES, 0)
        actions = []
        while game.outcome is None:
            action = bots[game.seat].act(game.view(game.seat))
            game.apply(action)
            actions.append(action)
            part.clues += action.is_clue
            part.plays += game.events[-1].result is Result.PLAYED
            now = game.max_reachable()
            if now < reach:
                kind = game.events[-1].result
                lost["discarded" if kind is Result.DISCARDED else "misplayed"] += reach - now
                reach = now
        outcome = game.outcome
        part.scores.append(outcome.score)
        part.seeds.append(seed)
        part.digests.append(moves_digest(actions))
        part.perfect += outcome.score == variant.max_score
        if outcome.termination is Termination.STRIKEOUT:
            part.strikeouts += 1
            lost = dict.fromkeys(CAUSES, 0)
            lost["strikeout"] = variant.max_score
        else:
            lost["unplayed"] = reach - outcome.score
        for cause in CAUSES:
            part.lost[cause] += lost[cause]
    part.cpu = time.process_time() - start
    return part


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--games", type=int, default=2000, help="games per player count (default 2000)"
    )
    parser.add_argument(
        "--seed", type=int, default=0, help="the first seed: seeds S..S+N-1 (default 0)"
    )
    parser.add_argument(
        "--players",
        type=int,
        nargs="+",
        default=[2, 3, 4, 5],
        help="player counts (default 2 3 4 5)",
    )
    parser.add_argument(
        "--variant", default="base", help="a preset of `hanabi variants` (default base)"
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=os.cpu_count() or 1,
        help="worker processes (default one per CPU)",
    )
    parser.add_argument("--losses", action="store_true", help="also say where points were lost")
    parser.add_argument(
        "--no-search",
        action="store_true",
        help="play without the endgame search (default: with it)",
    )
    parser.add_argument(
        "--json",
        metavar="FILE",
        help="write each game's score and a digest of its moves (players, seed, score, moves)"
        " to FILE",
    )
    args = parser.parse_args(argv)
    # small chunks: the progress bar moves often, and the workers finish together
    chunk = max(1, min(CHUNK, math.ceil(args.games / (4 * args.jobs))))
    search = not args.no_search
    end = args.seed + args.games
    print(
        f"conventions{'' if search else ' without search'}, {args.variant}, "
        f"seeds {args.seed}..{args.seed + args.games - 1}"
    )
    print(
        f"{'players':>7} {'mean':>7} {'± SE':>6} {'perfect':>8} {'strikeout':>9} {'games/s':>8}"
        f" {'plays/clue':>10}"
    )
    losses = []
    games: list[dict[str, int | str]] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for players in args.players:
            parts = [
                pool.submit(run, args.variant, players, range(lo, min(lo + chunk, end)), search)
                for lo in range(args.seed, end, chunk)
            ]
            with progress_bar() as progress:
                task = progress.add_task(f"{players} players", total=args.games)
                for future in as_completed(parts):
                    progress.advance(task, len(future.result().scores))
            total = Part()
            for future in parts:
                part = future.result()
                total.scores.extend(part.scores)
                games.extend(
                    {"players": players, "seed": seed, "score": score, "moves": digest}
                    for seed, score, digest in zip(
                        part.seeds, part.scores, part.digests, strict=True
                    )
                )
                total.perfect += part.perfect
                total.strikeouts += part.strikeouts
                total.cpu += part.cpu
                total.clues += part.clues
                total.plays += part.plays
                for cause in CAUSES:
                    total.lost[cause] += part.lost[cause]
            n = len(total.scores)
            mean = sum(total.scores) / n
            var = sum((x - mean) ** 2 for x in total.scores) / max(1, n - 1)
            print(
                f"{players:>7} {mean:>7.3f} {math.sqrt(var / n):>6.3f} "
                f"{100 * total.perfect / n:>7.1f}% {100 * total.strikeouts / n:>8.1f}% "
                f"{n / total.cpu:>8.1f} {total.plays / max(1, total.clues):>10.2f}"
            )
            losses.append((players, {c: total.lost[c] / n for c in CAUSES}))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump({"variant": args.variant, "search": search, "games": games}, out)
    if args.losses:
        print("points lost per game, by cause")
        print(f"{'players':>7} " + " ".join(f"{c:>10}" for c in CAUSES))
        for players, lost in losses:
            print(f"{players:>7} " + " ".join(f"{lost[c]:>10.3f}" for c in CAUSES))


if __name__ == "__main__":
    main()
