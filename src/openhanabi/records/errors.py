"""The one error a game record raises: its message says where the record is wrong and why."""

from __future__ import annotations

from openhanabi.rules import Action


class RecordError(ValueError):
    """A record that cannot be read or replayed.

    ``field`` is the JSON path of the fault (``"deck[3].rank"``, ``"actions[17]"``), or ``None``
    when the text as a whole is at fault (not JSON); ``index`` is the index of the action at
    fault (0 for the first action), or ``None``; ``problem`` is the reason without the place.

    >>> error = RecordError.at("deck[3].rank", "6 is not a rank (1-5)")
    >>> str(error), error.field
    ('deck[3].rank: 6 is not a rank (1-5)', 'deck[3].rank')
    >>> str(RecordError.of_action(17, Action.play(23), "card 23 is not in the hand of seat 1"))
    'action 17 (play 23): card 23 is not in the hand of seat 1'
    """

    def __init__(
        self,
        message: str,
        *,
        field: str | None = None,
        index: int | None = None,
        problem: str | None = None,
    ) -> None:
        super().__init__(message)
        self.field = field
        self.index = index
        self.problem = message if problem is None else problem

    @classmethod
    def at(cls, field: str, problem: str) -> RecordError:
        """The record's field ``field`` (a JSON path) is wrong: ``problem`` says how."""
        return cls(f"{field}: {problem}", field=field, problem=problem)

    @classmethod
    def of_action(cls, index: int, action: Action, problem: str) -> RecordError:
        """Action ``index`` of the record cannot be carried out: ``problem`` says why."""
        return cls(
            f"action {index} ({action}): {problem}",
            field=f"actions[{index}]",
            index=index,
            problem=problem,
        )
