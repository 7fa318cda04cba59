"""``hanabi play``: a person plays one seat against bots in the terminal."""

from __future__ import annotations

import argparse
import secrets
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console

from openhanabi.bots import BESIDE_PEOPLE, Bot, BotError, bot_classes, resolve_bot, seat_seed
from openhanabi.bots.table import Guarded, new_bot
from openhanabi.cli.options import RulesError, add_variant_options, fail, seed_option, variant_from
from openhanabi.records import DEFAULT_NAMES, record_of, write_record
from openhanabi.rules import Game, UnknownNameError
from openhanabi.terminal import Session


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "play",
        help="play one seat against bots in the terminal",
        description="Play Hanabi in the terminal: you take one seat, bots take the others. "
        "Type help during the game for the commands.",
    )
    parser.add_argument(
        "--bot",
        default=BESIDE_PEOPLE,
        help=f"the bot in every other seat: {', '.join(bot_classes())}, or one not installed "
        "as FILE.py:CLASS or MODULE:CLASS; a comma list seats several, one a seat in turn "
        f"(default: {BESIDE_PEOPLE}, which plays by conventions people use too, "
        "docs/conventions.md; hat and search read clues by a code of their own, so a person's "
        "clues mislead them)",
    )
    parser.add_argument(
        "--seed",
        type=seed_option,
        help="deal the game from this seed, 0 to 2**64 - 1 (default: a random one, shown once "
        "the game is over)",
    )
    parser.add_argument(
        "--seat",
        type=int,
        default=1,
        help="your seat, numbered from 1 as on the board (default: 1)",
    )
    parser.add_argument(
        "--save",
        metavar="FILE",
        help="write the game record to FILE at the end (hanabi replay FILE --bot conventions "
        "then shows that bot's move beside each of yours)",
    )
    add_variant_options(parser, first_seat=1)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        variant = variant_from(args)
    except RulesError as error:
        return fail(f"hanabi play: {error}")
    names_given = [name.strip() for name in args.bot.split(",") if name.strip()]
    if not names_given:
        return fail("hanabi play: --bot needs a bot name")
    try:
        kinds = [resolve_bot(name) for name in names_given]
    except UnknownNameError as error:
        return fail(f"hanabi play: {error}")
    if not 1 <= args.seat <= variant.players:
        return fail(f"hanabi play: --seat must be 1 to {variant.players}, not {args.seat}")
    if len(kinds) > variant.players - 1:
        return fail(
            f"hanabi play: --bot names {len(kinds)} bots, more than the other "
            f"{variant.players - 1} seat{'s' if variant.players != 2 else ''}"
        )
    if args.save == "":
        return fail("hanabi play: --save needs a file name")
    problem = _unwritable(args.save) if args.save else None
    if problem is not None:  # said before the game, not after it, when the game would be lost
        return fail(f"hanabi play: cannot write {args.save}: {problem}")
    # a random deal from 2**63: a bot that tried every small seed for the cards it sees would
    # find a deal from a million at once
    seed = args.seed if args.seed is not None else secrets.randbits(63)
    seat = args.seat - 1
    names = DEFAULT_NAMES[: variant.players]
    game = Game.new(variant, seed)
    others = [other for other in range(variant.players) if other != seat]
    # the names cycled over the other seats in turn, as hanabi bench seats a mixed table
    seated = {other: index % len(kinds) for index, other in enumerate(others)}
    # a bot named by its file or module is shown by its own name
    said = [
        getattr(kind, "name", given) if ":" in given else given
        for given, kind in zip(names_given, kinds, strict=True)
    ]
    shown = {other: said[index] for other, index in seated.items()}
    try:
        # guarded: a bot that raises stops the game with one line naming it, not a traceback
        players: dict[int, Bot] = {
            other: Guarded(
                new_bot(kinds[index], other, variant, seat_seed(seed, other), first_seat=1),
                first_seat=1,
            )
            for other, index in seated.items()
        }
    except BotError as error:
        return fail(f"hanabi play: {error}")
    # no seed in the title: the seed deals the game again, the person's own cards included
    title = f"hanabi play: you are {names[seat]} (seat {args.seat}) with {_bots(shown, names)}"
    console = Console(highlight=False)
    read_line = input if _line_editing() else None
    try:
        Session(game, players, seat, names, console, read_line, title=title).run()
    except BotError as error:
        return fail(f"hanabi play: {error}")
    console.print(f"This game was dealt from seed {seed}: --seed {seed} deals it again.")
    if args.save:
        try:
            write_record(record_of(game, names), args.save)
        except OSError as error:
            return fail(f"hanabi play: cannot write {args.save}: {error.strerror or error}")
        console.print(f"The game record is in {args.save}.", markup=False)
    return 0


def _line_editing() -> bool:
    """Whether the prompt has arrow keys and a history: loading GNU readline (or its like,
    where the platform has one) turns them on for ``input``, which must then print the prompt
    itself, so that readline takes the terminal before anything can be typed."""
    try:
        import readline  # noqa: F401
    except ImportError:  # Windows: the console edits lines itself
        return False
    return True


def _unwritable(path: str) -> str | None:
    """Why a record cannot be written to ``path`` whatever the game, None if it can be: the
    file is opened for writing now (and left as it was), so that a game is not played to be
    lost at its end."""
    target = Path(path)
    if target.is_dir():
        return "it is a folder"
    try:
        if target.exists():
            with target.open("a"):  # appends nothing: the file is left as it was
                pass
        else:
            with target.open("x"):
                pass
            target.unlink()
    except NotADirectoryError:
        return "a part of its path is a file, not a folder"
    except FileNotFoundError as error:
        return "no such folder" if not target.parent.is_dir() else error.strerror or str(error)
    except OSError as error:
        return error.strerror or str(error)
    return None


def _bots(shown: dict[int, str], names: Sequence[str]) -> str:
    """Who the bots are, for the title: "conventions bots", or each by seat at a mixed table."""
    if len(set(shown.values())) == 1:
        return f"{next(iter(shown.values()))} bots"
    return "bots " + ", ".join(f"{bot} ({names[other]})" for other, bot in shown.items())
