"""``hanabi replay FILE``: replay a game record and print how it ended."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from openhanabi.cli.options import fail
from openhanabi.records import Record, RecordError, read_record, replay
from openhanabi.rules import Game, rating


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser("replay", help="replay a game record and print its outcome")
    parser.add_argument("file", help="a game record (hanab.live JSON)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        record = read_record(Path(args.file))  # a path, even if it looks like JSON text
        game = replay(record)
    except OSError as error:
        return fail(f"hanabi replay: {args.file}: cannot read the file: {error.strerror or error}")
    except RecordError as error:
        return fail(f"hanabi replay: {args.file}: {_one_line(str(error))}")
    summary = summarise(record, game)
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
    else:
        print(describe(summary))
    return 0


def summarise(record: Record, game: Game) -> dict[str, Any]:
    """What ``hanabi replay --json`` prints about the replayed ``game`` of ``record``."""
    variant = game.variant
    outcome = game.outcome
    score = outcome.score if outcome is not None else game.score
    verdict = None if variant.all_or_nothing else rating(score, variant.max_score).verdict
    return {
        "variant": variant.key,
        "description": variant.describe(),
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
    elif summary["over"]:
        score += " (play until perfect: all or nothing)"
    if summary["over"]:
        outcome = f"over: {summary['reason']} ({summary['detail']})"
    else:
        outcome = f"not over: seat {summary['seat']} to play"
        score += " so far"
    lines = (
        ("variant", summary["description"]),
        ("players", ", ".join(summary["players"])),
        ("score", score),
        ("outcome", outcome),
        ("turns", f"{summary['turns']} ({summary['actions']} actions in the record)"),
        ("clues", f"{summary['clue_tokens']} of {summary['max_clue_tokens']} tokens"),
        ("storms", f"{summary['storms']} of {summary['max_storms']} turned"),
    )
    return "\n".join(f"{name + ':':<9} {value}" for name, value in lines)


def _one_line(text: str) -> str:
    return " ".join(text.split())
