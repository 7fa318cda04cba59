"""``hanabi replay FILE``: replay a game record and print how it ended; with ``--bot NAME``,
also what that bot would have done before each of the record's moves."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from pathlib import Path
from typing import Any

from openhanabi.bench.progress import progress_bar
from openhanabi.bench.review import Move, agreement, kind_of, reviewing
from openhanabi.bots import BotError, resolve_bot
from openhanabi.bots.explanation import said_in_english
from openhanabi.cli.options import fail
from openhanabi.records import (
    Record,
    RecordError,
    read_record,
    read_record_from,
    replay,
    replay_states,
)
from openhanabi.records.replay import replay_action, start_game
from openhanabi.rules import (
    Action,
    ActionType,
    Game,
    SeatView,
    Termination,
    UnknownNameError,
    rating,
)
from openhanabi.terminal.commands import command_for
from openhanabi.terminal.words import counted


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "replay",
        help="replay a game record and print its outcome",
        description="Replay a game record (this project's JSON or hanab.live's), checking every "
        "action against the rules, and print how the game stands at its end: score, outcome, "
        "turns, clue tokens and storms. With --bot, also what that bot would have done before "
        "each move, from that seat's view alone.",
    )
    parser.add_argument(
        "file", metavar="FILE", help="a game record (hanab.live JSON); - reads standard input"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--bot",
        metavar="NAME",
        help="also show, before each move of the record, the move this bot would have made in "
        "that seat and why, and how often it chose the same move (hanabi bots lists the names; "
        "FILE.py:CLASS or MODULE:CLASS names a bot not installed)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if not args.file:
        return fail("hanabi replay: name a record file, or - for standard input")
    record: Record | None = None
    try:
        if args.file == "-":
            record = read_record_from(sys.stdin.buffer)
        else:
            record = read_record(Path(args.file))  # a path, even if it looks like JSON text
        game = replay(record)
    except OSError as error:
        return fail(f"hanabi replay: {args.file}: cannot read the file: {error.strerror or error}")
    except RecordError as error:
        source = "standard input" if args.file == "-" else args.file
        said = str(error) if record is None else said_of_action(error, record)
        return fail(f"hanabi replay: {source}: {_one_line(said)}")
    summary = summarise(record, game)
    moves: list[Move] | None = None
    if args.bot is not None:
        try:
            resolve_bot(args.bot)
            moves = []
            # a searching bot takes a while a move; what a bot prints goes to standard error,
            # standard output is for the review
            with progress_bar() as progress, contextlib.redirect_stdout(sys.stderr):
                task = progress.add_task(args.bot, total=len(record.actions))
                for move in reviewing(record, args.bot):
                    moves.append(move)
                    progress.update(task, completed=move.index + 1)
        except (UnknownNameError, BotError) as error:
            return fail(f"hanabi replay: {_one_line(str(error))}")
        summary["review"] = reviewed(record, args.bot, moves)
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
    else:
        print(describe(summary))
        if moves is not None:
            print()
            print(describe_review(summary["review"]))
    return 0


def said_of_action(error: RecordError, record: Record) -> str:
    """The fault of ``record``'s action that ``error`` names, said as the rest of the command's
    output counts: seats from 1 with their player's name. The action itself is shown as the
    record's fields (``{"type": 3, "target": 0, "value": 1}``, where a target is a seat counted
    from 0 or a card's order), beside its move counted from 1 and its place in ``actions``. An
    error that names no action is said as it is."""
    index = error.index
    if index is None or not 0 <= index < len(record.actions):
        return str(error)
    action = record.actions[index]
    fields = json.dumps(record.to_dict()["actions"][index])
    problem = error.problem
    rule = error.params.get("rule")
    if rule in ("not_in_hand", "bad_clue_target"):
        game = start_game(record)
        for earlier, before in enumerate(record.actions[:index]):
            replay_action(game, earlier, before)
        seat, players = game.seat, len(record.players)
        who = f"{printable(record.players[seat])} (seat {seat + 1})"
        if rule == "not_in_hand":
            problem = f"card {action.target} is not in the hand of {who}"
        elif action.target == seat:
            problem = f"{who} cannot give a clue to their own seat"
        else:
            problem = (
                f"{who} cannot give a clue to seat {action.target + 1}: "
                f"the seats are 1 to {players}"
            )
    return f"move {index + 1} (actions[{index}] {fields}): {problem}"


def reviewed(record: Record, bot: str, moves: list[Move]) -> dict[str, Any]:
    """What ``hanabi replay --bot`` adds: each move of the record beside the bot's, as a person
    would type them at that seat (``play 2``, ``clue bob red``), and how often they agree."""
    names = list(record.players)
    states = zip(replay_states(record, copies=False), record.actions, strict=False)
    views = [game.view(game.seat) for game, _ in states]  # before each move, its seat's
    rows = []
    for move in moves:
        view = views[move.index]
        rows.append(
            {
                "move": move.index + 1,
                "seat": move.seat,
                "player": names[move.seat],
                "made": typed(move.made, view, names),
                "suggested": typed(move.suggested, view, names),
                "same": move.same,
                "kind": kind_of(move.made),
                "explanation": said_in_english(
                    move.reason, move.explanation, record.variant, names
                ),
            }
        )
    result = agreement([moves])

    def counts(share: Any) -> dict[str, int]:
        return {"same": share.count, "moves": share.moves}

    return {
        "bot": bot,
        "moves": rows,
        "same": counts(result.same),
        "same_kind": counts(result.same_kind),
        "by_kind": {kind: counts(share) for kind, share in result.by_kind.items()},
    }


def typed(action: Action, view: SeatView, names: list[str]) -> str:
    """What a person would type at ``view``'s seat for ``action``. A card a bonus tile took back
    to a place drawn at random is recorded with that place; it was chosen as the legal answer
    that leaves the place to chance."""
    if action.type is ActionType.CHOOSE and action not in view.legal_actions:
        for answer in view.legal_actions:
            if answer.type is ActionType.CHOOSE and answer.target == action.target:
                action = answer
                break
    return command_for(action, view, names)


def describe_review(review: dict[str, Any]) -> str:
    """The move-by-move table ``hanabi replay --bot`` prints, from :func:`reviewed`'s result."""
    bot = review["bot"]
    rows = [
        row | {key: printable(row[key]) for key in ("player", "made", "suggested", "explanation")}
        for row in review["moves"]
    ]
    width = max([len(row["made"]) for row in rows] + [4])
    player = max([len(row["player"]) for row in rows] + [6])
    lines = [f"what {bot} would have done before each move (= where it chose the same move):"]
    lines.append(f"{'move':>4}  {'player':<{player}}  {'made':<{width}}  {bot}")
    for row in rows:
        said = "=" if row["same"] else row["suggested"]
        if row["explanation"]:
            said += f"  ({row['explanation']})"
        lines.append(f"{row['move']:>4}  {row['player']:<{player}}  {row['made']:<{width}}  {said}")
    same = review["same"]
    plural = {"play": "plays", "discard": "discards", "clue": "clues", "choice": "choices"}
    kinds = ", ".join(
        f"{plural[kind]} {counts['same']} of {counts['moves']}"
        for kind, counts in review["by_kind"].items()
    )
    share = f" ({100 * same['same'] / same['moves']:.0f}%)" if same["moves"] else ""
    lines.append(
        f"{bot} chose the same move on {same['same']} of {same['moves']} moves{share}"
        + (f": {kinds}" if kinds else "")
    )
    return "\n".join(lines)


def summarise(record: Record, game: Game) -> dict[str, Any]:
    """What ``hanabi replay --json`` prints about the replayed ``game`` of ``record``."""
    variant = game.variant
    outcome = game.outcome
    score = outcome.score if outcome is not None else game.score
    stopped = outcome is not None and outcome.termination is Termination.ABANDONED
    # a game stopped before its end is rated nothing, as the table that stopped it says, and a
    # game not over yet is not rated: a verdict rates a finished show
    unrated = variant.all_or_nothing or stopped or outcome is None
    verdict = None if unrated else rating(score, variant.max_score).verdict
    return {
        "variant": variant.key,
        "description": variant.describe(first_seat=1),  # seats as the text counts them
        "players": list(record.players),
        "actions": len(record.actions),
        "score": score,
        "max_score": variant.max_score,
        "rating": verdict,
        "over": outcome is not None,
        "reason": outcome.reason if outcome is not None else None,
        "detail": outcome.detail if outcome is not None else None,
        "turns": game.turn,
        "clue_tokens": game.clue_tokens,
        "max_clue_tokens": variant.clue_tokens,
        "storms": game.storms,
        "max_storms": variant.storms,
        "seat": None if outcome is not None else game.seat,
    }


def describe(summary: dict[str, Any]) -> str:
    """The short human summary ``hanabi replay`` prints, from :func:`summarise`'s result."""
    score = f"{summary['score']} of {summary['max_score']}"
    if summary["rating"] is not None:
        score += f" ({summary['rating']})"
    elif summary["reason"] == Termination.ABANDONED.value:
        score += " (stopped before its end: no rating)"
    elif summary["over"]:
        score += " (play until perfect: all or nothing)"
    if summary["over"]:
        outcome = f"over: {summary['reason']} ({summary['detail']})"
    else:
        seat = summary["seat"]
        name = printable(summary["players"][seat])
        outcome = f"not over: {name} (seat {seat + 1}) to play"
        score += " so far"
    lines = (
        ("variant", summary["description"]),
        ("players", ", ".join(printable(name) for name in summary["players"])),
        ("score", score),
        ("outcome", outcome),
        ("turns", f"{summary['turns']} ({counted(summary['actions'], 'action')} in the record)"),
        ("clues", f"{summary['clue_tokens']} of {summary['max_clue_tokens']} tokens"),
        ("storms", f"{summary['storms']} of {summary['max_storms']} turned"),
    )
    return "\n".join(f"{name + ':':<9} {value}" for name, value in lines)


def printable(text: str) -> str:
    """``text`` as it may be shown on a terminal: a character that is not printable (a line
    break, a terminal's escape sequence, a lone surrogate, a change of writing direction) is
    shown as its Python escape (``\\n``, ``\\x1b``), so that a name in a record cannot break
    the lines or take over the terminal.

    >>> printable("Zoë 李"), printable("Ann\\nBen\\x1b[31m")
    ('Zoë 李', 'Ann\\\\nBen\\\\x1b[31m')
    """
    if text.isprintable():
        return text
    return "".join(
        char if char.isprintable() else char.encode("unicode_escape").decode("ascii")
        for char in text
    )


def _one_line(text: str) -> str:
    return " ".join(text.split())
