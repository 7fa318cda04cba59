"""Command-line options that choose a variant, shared by every command that starts games."""

from __future__ import annotations

import argparse
import sys

from openhanabi.rules import RulesError, Variant, find_variant

SEEDS = 2**64  # the deck's generator reads a seed modulo 2**64: larger ones deal again


def seed_option(text: str) -> int:
    """An argparse type: a seed, 0 to 2**64 - 1 (any other would deal a game again)."""
    try:
        seed = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not 0 <= seed < SEEDS:
        raise argparse.ArgumentTypeError(f"a seed is 0 to {SEEDS - 1}, not {seed}")
    return seed


def check_seed_range(seed: int, games: int) -> None:
    """Raise ValueError when the seeds ``seed .. seed + games - 1`` run past the last seed."""
    if seed + games > SEEDS:
        raise ValueError(f"--seed {seed} with --games {games} runs past the last seed, {SEEDS - 1}")


def add_variant_options(parser: argparse.ArgumentParser, first_seat: int = 0) -> None:
    """The variant's options. ``first_seat`` is the number the command gives the first seat
    (``hanabi play`` numbers seats from 1, as its board does)."""
    group = parser.add_argument_group("variant", "the game's rules (see `hanabi variants`)")
    group.add_argument(
        "--variant", default="base", help="a preset key or hanab.live name (default: base)"
    )
    group.add_argument("--players", type=int, default=2, help="2 to 5 (default: 2)")
    group.add_argument("--hand-size", type=int, help="cards per hand (default: 5, or 4 for 4-5)")
    group.add_argument("--clue-tokens", type=int, help="clue tokens (default: 8)")
    group.add_argument("--storms", type=int, help="storm tokens (default: 3)")
    group.add_argument(
        "--no-empty-clues", action="store_true", help="forbid clues that touch no card"
    )
    group.add_argument(
        "--play-until-perfect",
        action="store_true",
        help="all or nothing: play on until every firework is complete",
    )
    group.add_argument("--declared-play", action="store_true", help="plays may declare a suit")
    group.add_argument("--bonus-tiles", action="store_true", help="completions draw bonus tiles")
    group.add_argument(
        "--hanab-live-ending", action="store_true", help="end as soon as the score cannot rise"
    )
    group.add_argument(
        "--start-seat",
        type=int,
        help=f"the seat that starts, numbered from {first_seat} (default: {first_seat})",
    )
    parser.set_defaults(first_seat=first_seat)


def variant_from(args: argparse.Namespace) -> Variant:
    """The variant the options describe; raises RulesError with a clear message."""
    options: dict[str, object] = {"players": args.players}
    if args.hand_size is not None and args.hand_size < 1:
        # the rules read a hand size of 0 as "the default": said here, it is a mistake
        raise RulesError(f"hand size must be at least 1, not {args.hand_size}")
    for name in ("hand_size", "clue_tokens", "storms"):
        if getattr(args, name) is not None:
            options[name] = getattr(args, name)
    if args.start_seat is not None:
        first = getattr(args, "first_seat", 0)
        last = args.players - 1 + first
        if first > 0 and not first <= args.start_seat <= last:
            # the rules would name the seat in their own numbering, from 0
            raise RulesError(f"--start-seat must be {first} to {last}, not {args.start_seat}")
        options["start_seat"] = args.start_seat - first
    flags = {
        "empty_clues": not args.no_empty_clues,
        "all_or_nothing": args.play_until_perfect,
        "declared_play": args.declared_play,
        "bonus_tiles": args.bonus_tiles,
        "hanab_live_ending": args.hanab_live_ending,
    }
    # a flag only switches an option on, so a preset's own options stay in force otherwise
    options.update({name: True for name, on in flags.items() if on and name != "empty_clues"})
    if not flags["empty_clues"]:
        options["empty_clues"] = False
    return find_variant(args.variant, **options)


def fail(message: str) -> int:
    """Report bad input as one line on standard error; returns the exit status for it."""
    print(message, file=sys.stderr)
    return 2


__all__ = ["RulesError", "add_variant_options", "fail", "variant_from"]
