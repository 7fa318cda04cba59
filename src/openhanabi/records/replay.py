"""Replaying a record through the rules, and recording a game.

>>> from openhanabi.rules import Action, Game, find_variant
>>> game = Game.new(find_variant("base", players=3), seed=11)
>>> game.apply(Action.rank_clue(1, 5))
>>> record = record_of(game)
>>> record.players, record.seed, [str(action) for action in record.actions]
(('Alice', 'Bob', 'Cathy'), 11, ['clue 1 rank 5'])
>>> [state.clue_tokens for state in replay_states(record)]
[8, 7]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from openhanabi.records.errors import RecordError
from openhanabi.records.record import DEFAULT_NAMES, END_CONDITIONS, Record, deal
from openhanabi.rules import Action, ActionType, Game, RulesError, Termination

TERMINATED_BY_PLAYER = 4  # the end condition of a game-over action: a player stopped the game


def start_game(record: Record) -> Game:
    """The game of ``record`` before its first action."""
    return Game(record.variant, record.deck, record.bonus_tiles, seed=record.seed or 0)


def replay_states(record: Record, *, copies: bool = True) -> Iterator[Game]:
    """The states of the game of ``record``: first before any action, then after each action.

    Each state is an independent copy of the game; with ``copies=False`` it is the one game being
    replayed, changed in place by the next action (faster; do not change it yourself).

    Raises :class:`RecordError` (naming the action's index and the reason) at an action that is
    illegal or comes after the game ended. A record may stop before the game is over.
    """
    game = start_game(record)
    yield game.copy() if copies else game
    for index, action in enumerate(record.actions):
        replay_action(game, index, action)
        yield game.copy() if copies else game


def replay(record: Record) -> Game:
    """The game of ``record`` after its last action (over or not: check ``game.over``).

    >>> import dataclasses
    >>> from openhanabi.rules import Game, find_variant
    >>> record = record_of(Game.new(find_variant("base", players=2), seed=4))
    >>> try:
    ...     replay(dataclasses.replace(record, actions=(Action.play(7),)))
    ... except RecordError as error:
    ...     print(error)
    move 1 (play 7, actions[0]): card 7 is not in the hand of seat 0
    """
    game = start_game(record)
    for index, action in enumerate(record.actions):
        replay_action(game, index, action)
    return game


def replay_action(game: Game, index: int, action: Action) -> None:
    """Apply ``action``, the record's action number ``index``, to ``game``.

    A game-over action (hanab.live's type 4) stops the game with 0 points. Raises
    :class:`RecordError` if the action is illegal or the game is already over.
    """
    if game.outcome is not None:
        raise RecordError.of_action(
            index,
            action,
            f"the game is already over ({game.outcome.reason}: {game.outcome.detail})",
        )
    if action.type is ActionType.GAME_OVER:
        detail = END_CONDITIONS.get(action.value)
        if detail is None or action.value == TERMINATED_BY_PLAYER:
            game.abandon()  # the table stopped it, in Game.abandon's own words
        else:
            game.abandon(detail)
        return
    try:
        game.apply(action)
    except RulesError as error:
        raise RecordError.of_action(index, action, str(error), error) from None


def record_of(game: Game, players: Sequence[str] | None = None) -> Record:
    """The record of ``game`` so far.

    ``players`` are the names (by default Alice, Bob, Cathy, Donald, Emily); the seed is written
    when it is the seed the game was dealt from. A game stopped with
    :meth:`~openhanabi.rules.Game.abandon` ends with a game-over action by the seat on turn
    (hanab.live's "terminated by a player").
    """
    names = tuple(players) if players is not None else DEFAULT_NAMES[: game.players]
    actions = list(game.history)
    outcome = game.outcome
    if outcome is not None and outcome.termination is Termination.ABANDONED:
        actions.append(Action(ActionType.GAME_OVER, game.seat, TERMINATED_BY_PLAYER))
    seed = game.seed if deal(game.variant, game.seed) == (game.deck, game.bonus_tiles) else None
    return Record(
        players=names,
        variant=game.variant,
        deck=game.deck,
        actions=tuple(actions),
        bonus_tiles=game.bonus_tiles,
        seed=seed,
    )
