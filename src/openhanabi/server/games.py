"""Games in the database: a game is its record, and replaying the record rebuilds the game.

This is where the live game (moves from players and bots, views per seat) will build on:
:func:`rebuild` a game, apply an action, :func:`save` it.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping

from openhanabi.records import Record, record_of, replay
from openhanabi.rules import Game
from openhanabi.server.models import GamePlayer, GameRecord, GameTable, TableState, now

SEED_BITS = 63  # a seed fits PostgreSQL's BIGINT


def start_game(table: GameTable, seed: int | None = None) -> GameRecord:
    """A new game for the seats of ``table``, dealt from ``seed`` (random by default)."""
    if seed is None:
        seed = secrets.randbits(SEED_BITS)
    game = Game.new(table.variant, seed)
    players = [
        GamePlayer(seat=seat.seat, user_id=seat.user_id, bot=seat.bot, name=seat.name)
        for seat in table.seats
    ]
    stored = GameRecord(table=table, seed=seed, players=players, record={})
    save(stored, game)
    return stored


def record(stored: GameRecord) -> Record:
    return Record.from_dict(stored.record)


def rebuild(stored: GameRecord) -> Game:
    """The game as it stands: its record replayed through the rules."""
    return replay(record(stored))


def explanations(stored: GameRecord) -> dict[int, str]:
    """The bots' explanations of ``stored``, by the index of the action each explains."""
    return {int(index): text for index, text in stored.explanations.items()}


def save(stored: GameRecord, game: Game, explained: Mapping[int, str] | None = None) -> None:
    """Store ``game`` as the record of ``stored`` (and its score once it is over), with the
    bots' explanations ``explained`` (by action index) when given."""
    names = [player.name for player in stored.players]
    stored.record = record_of(game, names).to_dict()
    if explained is not None:
        stored.explanations = {str(index): text for index, text in explained.items()}
    if game.outcome is not None:
        stored.score = game.outcome.score  # a strikeout scores 0, whatever the fireworks show
        stored.finished_at = now()
        if stored.table is not None:
            stored.table.state = TableState.FINISHED
