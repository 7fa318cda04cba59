"""What a bot would have done in a recorded game: its move beside the record's, move by move.

:func:`review` replays a game record; before each of the record's moves, a bot made afresh for
the seat to act (it reads the game so far from that seat's view, as ``hanabi play``'s
suggestions do) says what it would do there, and why. Over records of games people played,
:func:`agreement` counts how often the bot chose the very move they chose: how much like those
players it plays.

>>> from openhanabi.bots import make_bot, play_game
>>> from openhanabi.records import record_of
>>> from openhanabi.rules import Game, find_variant
>>> variant = find_variant("base", players=3)
>>> game = play_game(Game.new(variant, seed=2), [make_bot("basic", s, variant) for s in range(3)])
>>> moves = review(record_of(game), "basic")
>>> all(move.same for move in moves), agreement([moves]).same.share
(True, 1.0)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

from openhanabi.bots import BotError, resolve_bot
from openhanabi.bots.explanation import Reason
from openhanabi.bots.table import new_bot
from openhanabi.records import Record, replay_states
from openhanabi.rules import Action, ActionType

KINDS = ("play", "discard", "clue", "choice")
_KIND = {
    ActionType.PLAY: "play",
    ActionType.DISCARD: "discard",
    ActionType.COLOUR_CLUE: "clue",
    ActionType.RANK_CLUE: "clue",
    ActionType.CHOOSE: "choice",
}


def kind_of(action: Action) -> str:
    """The kind of a move, as :data:`KINDS` names them (every clue is a "clue")."""
    return _KIND[action.type]


def same_move(made: Action, suggested: Action) -> bool:
    """Whether ``suggested`` is the move ``made`` (as a record keeps it)."""
    if made.type is ActionType.CHOOSE and suggested.type is ActionType.CHOOSE:
        # a card taken back to a place left to chance is recorded with the place drawn
        return made.target == suggested.target and suggested.value in (-1, made.value)
    return made == suggested


@dataclass(frozen=True, slots=True)
class Move:
    """One move of a record, and the bot's choice in its place."""

    index: int  # the action's number in the record, from 0
    seat: int
    made: Action  # the record's move
    suggested: Action  # the bot's
    explanation: str  # the bot's sentence about it ("" if it gives none)
    reason: Reason | None = None  # the same as data, to say with other names or languages

    @property
    def same(self) -> bool:
        return same_move(self.made, self.suggested)

    @property
    def same_kind(self) -> bool:
        return kind_of(self.made) == kind_of(self.suggested)


def review(record: Record, bot: str, seed: int = 0) -> list[Move]:
    """The record's moves, each with what ``bot`` would have done in its place. A game-over
    action (a table that stopped) is no seat's move and is left out.

    Raises :class:`~openhanabi.records.RecordError` for a record that does not replay and
    :class:`BotError` when the bot fails (it raises, or chooses a move the rules forbid)."""
    return list(reviewing(record, bot, seed))


def reviewing(record: Record, bot: str, seed: int = 0) -> Iterator[Move]:
    """:func:`review` one move at a time, for a caller that shows its progress."""
    kind = resolve_bot(bot)
    states = replay_states(record, copies=False)
    for index, (game, made) in enumerate(zip(states, record.actions, strict=False)):
        if made.type is ActionType.GAME_OVER:
            continue
        seat = game.seat
        view = game.view(seat)
        player = new_bot(kind, seat, game.variant, seed + index)
        try:
            suggested = player.act(view)
            explanation = player.explain()
            said = player.reason()
        except Exception as error:
            what = " ".join(f"{type(error).__name__}: {error}".split())
            # moves counted from 1, as the replay's table counts them
            raise BotError(f"bot {bot!r} failed at move {index + 1}: {what}") from error
        if not isinstance(suggested, Action):
            raise BotError(
                f"bot {bot!r} returned {suggested!r} at move {index + 1}, which is not an Action"
            )
        if suggested not in view.legal_actions:
            raise BotError(
                f"bot {bot!r} chose {suggested} at move {index + 1}, which the rules forbid"
            )
        yield Move(index, seat, made, suggested, explanation, said)


@dataclass(frozen=True, slots=True)
class Share:
    """How many of ``moves`` counted, their share, and its standard error with the moves of
    one game taken together (moves of one game are not independent)."""

    count: int
    moves: int
    share: float
    standard_error: float

    def __str__(self) -> str:
        return f"{100 * self.share:.1f} ± {100 * self.standard_error:.1f}%"


def share(counts: Sequence[tuple[int, int]]) -> Share:
    """The pooled share of ``counts``, one ``(counted, moves)`` pair per game."""
    counted = sum(c for c, _ in counts)
    moves = sum(n for _, n in counts)
    if moves == 0:
        return Share(0, 0, math.nan, math.nan)
    p = counted / moves
    games = sum(1 for _, n in counts if n)
    if games < 2:
        return Share(counted, moves, p, 0.0)
    spread = math.fsum((c - p * n) ** 2 for c, n in counts)
    return Share(counted, moves, p, math.sqrt(spread * games / (games - 1)) / moves)


@dataclass(frozen=True, slots=True)
class Agreement:
    """How often a bot chose the records' moves, over many games."""

    games: int
    same: Share  # the very move
    same_kind: Share  # a move of the same kind: a play, a discard, a clue
    by_kind: dict[str, Share]  # the very move, by the kind of the record's move


def agreement(games: Iterable[Sequence[Move]]) -> Agreement:
    """The agreement over ``games``, each the reviewed moves of one record."""
    reviewed = list(games)

    def over_games(counted: Callable[[Move], bool], kind: str | None = None) -> Share:
        counts = []
        for moves in reviewed:
            chosen = [move for move in moves if kind is None or kind_of(move.made) == kind]
            counts.append((sum(counted(move) for move in chosen), len(chosen)))
        return share(counts)

    made = {kind_of(move.made) for moves in reviewed for move in moves}
    return Agreement(
        len(reviewed),
        over_games(lambda move: move.same),
        over_games(lambda move: move.same_kind),
        {kind: over_games(lambda move: move.same, kind) for kind in KINDS if kind in made},
    )
