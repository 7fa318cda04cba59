"""How often each bot chooses the move people chose: every game record in a folder is replayed,
and before each recorded move a bot in the acting seat says what it would do there
(:mod:`openhanabi.bench.review`). Prints, per bot, the share of moves where it chose the very
move (± its standard error, the moves of one game taken together), the share where it chose a
move of the same kind (a play, a discard or a clue), and the very-move share by the kind of the
recorded move. Then, per bot, the score it makes on the same deals played by bots in every seat
(under each record's rules), beside the score the record's players made, paired deal by deal.
A progress bar follows each bot on the terminal.

With ``--differences``, per bot: how the kinds of the records' moves (rows) meet the kinds of the
bot's (columns), and for each pair of different kinds the bot's commonest reasons (the keys of
its explanations, :mod:`openhanabi.bots.explanation`, with the key of the reason a clue gives).

The default folder holds 148 three-player games people played on hanab.live (the AH2AC2
validation games, ../shared/data/ah2ac2-3p, read in place).

    python benchmarks/bots_humans.py [FOLDER] [--bot NAME ...] [--jobs J] [--differences]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from openhanabi.bench import default_jobs
from openhanabi.bench.progress import progress_bar
from openhanabi.bench.review import KINDS, Agreement, Move, agreement, kind_of, review
from openhanabi.bench.stats import estimate
from openhanabi.bots import BotError, play_game, resolve_bot
from openhanabi.bots.table import new_bot
from openhanabi.records import RecordError, read_record, replay, start_game
from openhanabi.rules import UnknownNameError

ROOT = Path(__file__).resolve().parents[1]
HUMAN_GAMES = ROOT.parent / "shared" / "data" / "ah2ac2-3p"
DEFAULT_BOTS = ("basic", "hat", "conventions")


def reviewed(path: Path, bot: str, seed: int) -> tuple[list[Move], int, int, int]:
    """The bot's choice at each move of the record at ``path``; the score of the bot in every
    seat on the record's deal, the score the record's players made, and the most there is.
    A bot that fails raises a :class:`BotError` naming the record, the bot and what went wrong."""
    record = read_record(path)
    players = record.variant.players
    try:
        kind = resolve_bot(bot)
        bots = [new_bot(kind, seat, record.variant, seed) for seat in range(players)]
        game = play_game(start_game(record), bots)
        moves = review(record, bot)
    except BotError as error:
        raise BotError(f"{path.name}: {error}") from error
    return moves, game.score, replay(record).score, record.variant.max_score


def scores_row(bot: str, results: list[tuple[list[Move], int, int, int]]) -> str:
    ours = estimate([float(result[1]) for result in results])
    gain = estimate([float(result[1] - result[2]) for result in results])
    perfect = sum(result[1] == result[3] for result in results)
    return f"{bot:<20} {ours!s:>14} {gain.mean:>+10.2f} ± {gain.error_text()} {perfect:>8}"


def row(bot: str, result: Agreement) -> str:
    kinds = "  ".join(f"{kind} {share}" for kind, share in result.by_kind.items())
    return f"{bot:<20} {result.same.moves:>6} {result.same!s:>14} {result.same_kind!s:>14}  {kinds}"


def why(move: Move) -> str:
    """The key of the bot's reason for its move, and of the purpose it gives a clue."""
    said = move.reason
    if said is None:
        return "(no reason given)"
    purpose = said.params.get("why")
    return (
        said.key
        if purpose is None or isinstance(purpose, str | int | float)
        else (f"{said.key}: {purpose.key}")
    )


def differences(bot: str, games: list[list[Move]], most: int = 5) -> str:
    """The kinds of the records' moves against the bot's, and the bot's commonest reasons where
    they differ."""
    pairs = Counter((kind_of(m.made), kind_of(m.suggested)) for moves in games for m in moves)
    kinds = [kind for kind in KINDS if any(kind in pair for pair in pairs)]
    lines = [f"{bot}: the records' moves (rows) against {bot}'s (columns)"]
    lines.append(f"{'':>10}" + "".join(f"{kind:>10}" for kind in kinds))
    for made in kinds:
        lines.append(f"{made:>10}" + "".join(f"{pairs[made, kind]:>10}" for kind in kinds))
    for made in kinds:
        for kind in kinds:
            if made == kind or not pairs[made, kind]:
                continue
            reasons = Counter(
                why(m)
                for moves in games
                for m in moves
                if kind_of(m.made) == made and kind_of(m.suggested) == kind
            )
            lines.append(f"  the record's {made}, {bot}'s {kind}:")
            lines += [f"    {count:>5}  {key}" for key, count in reasons.most_common(most)]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "folder",
        nargs="?",
        type=Path,
        default=HUMAN_GAMES,
        help="a folder of game records, *.json (default: the hanab.live games of ../shared/data)",
    )
    parser.add_argument(
        "--bot",
        action="append",
        metavar="NAME",
        help="a bot by name or as FILE.py:CLASS, repeated for several (default: "
        f"{' '.join(DEFAULT_BOTS)})",
    )
    parser.add_argument(
        "--jobs", type=int, default=default_jobs(), help="worker processes (default: every core)"
    )
    parser.add_argument(
        "--differences",
        action="store_true",
        help="also show where each bot's kinds of move differ from the records', and its reasons",
    )
    args = parser.parse_args(argv)
    bots = args.bot or list(DEFAULT_BOTS)
    try:
        for name in bots:
            resolve_bot(name)
    except UnknownNameError as error:
        parser.error(str(error))
    paths = sorted(args.folder.glob("*.json"))
    if not paths:
        parser.error(f"no game records (*.json) in {args.folder}")
    try:
        for path in paths:
            read_record(path)
    except RecordError as error:
        parser.error(f"{path}: {error}")
    print(f"{len(paths)} game records in {args.folder}")
    print(f"{'bot':<20} {'moves':>6} {'same move':>14} {'same kind':>14}  same move by kind")
    played: dict[str, list[tuple[list[Move], int, int, int]]] = {}
    with ProcessPoolExecutor(args.jobs) as pool:
        for bot in bots:
            futures = [pool.submit(reviewed, path, bot, seed) for seed, path in enumerate(paths)]
            results = []
            with progress_bar() as progress:
                task = progress.add_task(bot, total=len(paths))
                for future in as_completed(futures):
                    try:
                        results.append(future.result())
                    except BotError as error:  # one line naming the record, the bot, the move
                        pool.shutdown(cancel_futures=True)  # no more records for nothing
                        print(f"{parser.prog}: {error}", file=sys.stderr)
                        return 1
                    progress.advance(task)
            played[bot] = results
            print(row(bot, agreement(result[0] for result in results)), flush=True)
    people = estimate([float(result[2]) for result in next(iter(played.values()))])
    print()
    print(f"the same deals, a bot in every seat; the records' players scored {people}")
    print(f"{'bot':<20} {'score':>14} {'vs players':>17} {'perfect':>8}")
    for bot, results in played.items():
        print(scores_row(bot, results))
    if args.differences:
        for bot, results in played.items():
            print()
            print(differences(bot, [result[0] for result in results]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
