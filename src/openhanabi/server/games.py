"""Games in the database: a game is its record, and replaying the record rebuilds the game.

:func:`start_game` deals a new game, :func:`rebuild` replays a stored one; a live game's room
keeps a :class:`LiveRecord`, whose :meth:`~LiveRecord.row` is what the game writer stores after
each action.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from openhanabi.records import Record, record_of, replay
from openhanabi.rules import Action, Game, Termination
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
    for column, value in row(game, record_of(game, names).to_dict(), explained).items():
        setattr(stored, column, value)
    if game.outcome is not None and stored.table is not None:
        stored.table.state = TableState.FINISHED


def row(
    game: Game, document: dict[str, Any], explained: Mapping[int, str] | None = None
) -> dict[str, Any]:
    """The values of a game's row (by column) that store ``game``, whose record is ``document``:
    the record, the explanations when given, and the score once the game is over."""
    values: dict[str, Any] = {"record": document, "moved_at": now()}
    if explained is not None:
        values["explanations"] = {str(index): text for index, text in explained.items()}
    if game.outcome is not None:
        values["score"] = game.outcome.score  # a strikeout scores 0, whatever the fireworks show
        values["finished_at"] = now()
    return values


class LiveRecord:
    """The record of one live game as it is stored, kept up to date action by action.

    Each save stores the whole record; making it afresh each time (:func:`record_of`, then
    :meth:`~openhanabi.records.Record.to_dict`) would encode the deal and every action again
    for each action of the game. This keeps what it made and encodes only the actions since;
    an action taken back is dropped. The document is the one :func:`record_of` makes (a test
    compares them).

    >>> from openhanabi.rules import find_variant
    >>> game = Game.new(find_variant("base", players=2), seed=3)
    >>> kept = LiveRecord(game, ["Ann", "Ben"])
    >>> game.apply(Action.rank_clue(1, 5))
    >>> kept.document(game)["actions"]
    [{'type': 3, 'target': 1, 'value': 5}]
    """

    def __init__(self, game: Game, names: Sequence[str]) -> None:
        self.names = list(names)
        document = record_of(game, self.names).to_dict()
        keys = list(document)
        at = keys.index("actions")
        self._before = {key: document[key] for key in keys[:at]}
        self._after = {key: document[key] for key in keys[at + 1 :]}
        self._actions: list[Action] = list(game.history)
        self._encoded: list[dict[str, int]] = document["actions"]

    def document(self, game: Game) -> dict[str, Any]:
        """The record of ``game`` (this record's game) as it stands, as a JSON object."""
        outcome = game.outcome
        if outcome is not None and outcome.termination is Termination.ABANDONED:
            return record_of(game, self.names).to_dict()  # ends with a game-over action
        history = game.history
        kept = min(len(self._actions), len(history))
        # the game changes only at its end: the actions before the last one still right are too
        while kept and self._actions[kept - 1] != history[kept - 1]:
            kept -= 1
        del self._actions[kept:], self._encoded[kept:]
        for action in history[kept:]:
            self._actions.append(action)
            self._encoded.append(_action_json(action))
        return self._before | {"actions": list(self._encoded)} | self._after

    def row(self, game: Game, explained: Mapping[int, str]) -> dict[str, Any]:
        """The values of the game's row that store it now (see :func:`row`)."""
        return row(game, self.document(game), explained)


def _action_json(action: Action) -> dict[str, int]:
    """An action as a record holds it (:meth:`~openhanabi.records.Record.to_dict`)."""
    data = {"type": int(action.type), "target": action.target, "value": action.value}
    if action.declare is not None:
        data["declare"] = action.declare
    return data
