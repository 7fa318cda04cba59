"""Tune the ``conventions`` bot's weights together: a random local search over the worths its
clues are weighed by and the least a clue must be worth (``WEIGHTS`` below).

Each round moves one to three weights at once (each multiplied by a random factor around 1)
and plays the same seeds as the best weights so far, without the endgame search, for each
player count; the move is kept when its mean score over every game played beats the best by
more than ``--margin`` standard errors of the paired difference. The seeds stay the same all
through, so a kept move may have been lucky on them: check the weights found on fresh seeds
(``--seed``) and with the search (``--search``) with ``--check FILE`` before trusting them.

    python benchmarks/conventions_tune.py [--games 1000] [--seed 0] [--players 3 4]
                                          [--rounds 100] [--step 0.3] [--margin 1.0]
                                          [--jobs J] [--rng 0] [--json FILE]
    python benchmarks/conventions_tune.py --check FILE [--games 2000] [--seed 2000] [--search]

``--json FILE`` writes every round (the weights tried, the gain, whether it was kept) and the
best weights at the end; ``--check FILE`` reads such a file (or a JSON object of weights) and
plays its best weights against the bot as it is, paired, on the seeds given.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor, as_completed

from openhanabi.bench.progress import progress_bar
from openhanabi.bots import seat_seed
from openhanabi.bots.conventions import ConventionsBot
from openhanabi.bots.conventions import bot as bot_module
from openhanabi.bots.conventions import clues as clues_module
from openhanabi.bots.search.bot import paired_gain
from openhanabi.rules import Game, find_variant

# the weights tuned, by the module that holds each
WEIGHTS = {
    clues_module: (
        "BAD_TOUCH_COST",
        "TEMPO_DISCOUNT",
        "DUPLICATED_COST",
        "NEXT_CHOP_AT_STAKE",
        "SAVE_STAKE_WORTH",
        "BLIND_PLAY_WORTH",
        "PROMPT_WORTH",
        "LINK_COST",
        "PLAY_MORE_WORTH",
        "SAVE_PLAYS_WORTH",
        "FRESH_TOUCH_WORTH",
        "FIX_WORTH",
        "CLEARED_WORTH",
        "LAST_COPY_WORTH",
        "SAFE_SAVE_WORTH",
        "KEPT_WORTH",
    ),
    bot_module: ("CLUE_WORTH", "LAST_TOKEN_WORTH", "KEEP_STAKE_WORTH"),
}
CHUNK = 25  # games a worker plays at a time


def current() -> dict[str, float]:
    """The weights as the bot has them."""
    return {
        name: float(getattr(module, name)) for module, names in WEIGHTS.items() for name in names
    }


def _set(weights: Mapping[str, float]) -> None:
    for module, names in WEIGHTS.items():
        for name in names:
            if name in weights:
                setattr(module, name, weights[name])


def play(weights: Mapping[str, float], players: int, seeds: range, search: bool) -> list[int]:
    """The scores of ``seeds`` with ``players`` bots playing by ``weights``."""
    _set(weights)
    variant = find_variant("base", players=players)
    scores = []
    for seed in seeds:
        bots = [
            ConventionsBot(seat, variant, seat_seed(seed, seat), search=search)
            for seat in range(players)
        ]
        game = Game.new(variant, seed)
        while game.outcome is None:
            game.apply(bots[game.seat].act(game.view(game.seat)))
        scores.append(game.outcome.score)
    return scores


def evaluate(
    pool: ProcessPoolExecutor,
    weights: Mapping[str, float],
    players: list[int],
    seeds: range,
    search: bool,
    label: str,
) -> list[int]:
    """Every game's score, player count by player count, seeds in order."""
    chunk = max(1, min(CHUNK, math.ceil(len(seeds) / 8)))
    jobs = [
        (p, lo, pool.submit(play, dict(weights), p, range(lo, min(lo + chunk, seeds.stop)), search))
        for p in players
        for lo in range(seeds.start, seeds.stop, chunk)
    ]
    with progress_bar() as progress:
        task = progress.add_task(label, total=len(players) * len(seeds))
        for future in as_completed([job[2] for job in jobs]):
            progress.advance(task, len(future.result()))
    return [score for _, _, future in jobs for score in future.result()]


def means(scores: list[int], players: list[int]) -> str:
    n = len(scores) // len(players)
    parts = [sum(scores[i * n : (i + 1) * n]) / n for i in range(len(players))]
    return " / ".join(f"{m:.3f}" for m in parts)


def tune(args: argparse.Namespace) -> None:
    rng = random.Random(args.rng)
    seeds = range(args.seed, args.seed + args.games)
    best = current()
    log: list[dict[str, object]] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        best_scores = evaluate(pool, best, args.players, seeds, False, "the bot as it is")
        counts = ", ".join(map(str, args.players))
        print(f"as it is: {means(best_scores, args.players)} ({counts} players)")
        for round_ in range(1, args.rounds + 1):
            trial = dict(best)
            for name in rng.sample(sorted(trial), rng.choice((1, 2, 3))):
                factor = math.exp(rng.gauss(0.0, args.step))
                # a weight at zero moves by a small step instead of staying there
                trial[name] = round(trial[name] * factor if trial[name] else rng.uniform(0, 0.3), 3)
            moved = {k: v for k, v in trial.items() if v != best[k]}
            scores = evaluate(pool, trial, args.players, seeds, False, f"round {round_}")
            gain, se = paired_gain(scores, best_scores)
            kept = gain > args.margin * se and gain > 0
            print(
                f"round {round_:>3}: {moved} {means(scores, args.players)}"
                f" gain {gain:+.4f} ± {se:.4f}{'  kept' if kept else ''}",
                flush=True,
            )
            log.append({"round": round_, "moved": moved, "gain": gain, "se": se, "kept": kept})
            if kept:
                best, best_scores = trial, scores
            if args.json:
                with open(args.json, "w", encoding="utf-8") as out:
                    json.dump(
                        {
                            "seeds": [seeds.start, seeds.stop],
                            "players": args.players,
                            "rounds": log,
                            "best": best,
                        },
                        out,
                        indent=1,
                    )
    changed = {k: (v0, best[k]) for k, v0 in current().items() if best[k] != v0}
    print(f"best: {means(best_scores, args.players)}; changed: {changed}")


def check(args: argparse.Namespace) -> None:
    with open(args.check, encoding="utf-8") as src:
        found = json.load(src)
    weights = found.get("best", found)
    seeds = range(args.seed, args.seed + args.games)
    with ProcessPoolExecutor(args.jobs) as pool:
        base = evaluate(pool, current(), args.players, seeds, args.search, "the bot as it is")
        new = evaluate(pool, weights, args.players, seeds, args.search, "the weights found")
    n = len(seeds)
    for i, players in enumerate(args.players):
        gain, se = paired_gain(new[i * n : (i + 1) * n], base[i * n : (i + 1) * n])
        print(
            f"{players} players: {sum(base[i * n : (i + 1) * n]) / n:.3f} as it is,"
            f" {sum(new[i * n : (i + 1) * n]) / n:.3f} found, {gain:+.4f} ± {se:.4f}"
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--games", type=int, default=1000, help="seeds per player count (default 1000)"
    )
    parser.add_argument("--seed", type=int, default=0, help="the first seed (default 0)")
    parser.add_argument(
        "--players", type=int, nargs="+", default=[3, 4], help="player counts (default 3 4)"
    )
    parser.add_argument("--rounds", type=int, default=100, help="moves tried (default 100)")
    parser.add_argument(
        "--step", type=float, default=0.3, help="spread of a move's factor, in log (default 0.3)"
    )
    parser.add_argument(
        "--margin", type=float, default=1.0, help="standard errors a move must gain by (default 1)"
    )
    parser.add_argument("--rng", type=int, default=0, help="seed of the moves tried (default 0)")
    parser.add_argument(
        "--jobs",
        type=int,
        default=os.cpu_count() or 1,
        help="worker processes (default one per CPU)",
    )
    parser.add_argument(
        "--json", metavar="FILE", help="write every round and the best weights to FILE"
    )
    parser.add_argument(
        "--check", metavar="FILE", help="play the weights in FILE against the bot as it is"
    )
    parser.add_argument(
        "--search", action="store_true", help="with --check: with the endgame search"
    )
    args = parser.parse_args(argv)
    if args.check:
        check(args)
    else:
        tune(args)


if __name__ == "__main__":
    main()
