"""The one error a game record raises: its message says where the record is wrong and why."""

from __future__ import annotations

from collections.abc import Mapping

from openhanabi.rules import Action, RulesError


class RecordError(ValueError):
    """A record that cannot be read or replayed.

    ``field`` is the JSON path of the fault (``"deck[3].rank"``, ``"actions[17]"``), or ``None``
    when the text as a whole is at fault (not JSON); ``index`` is the index of the action at
    fault (0 for the first action), or ``None``; ``problem`` is the reason without the place.

    For programs (and translations), ``reason`` names the fault with a stable code and
    ``params`` holds what it concerns, as JSON values: ``"missing"`` with its ``field``,
    ``"illegal"`` with the action's ``index``, the ``action`` and the ``rule`` broken (the
    rules' :class:`~openhanabi.rules.IllegalActionError` code, its numbers in ``rule_params``),
    ``"rules"`` with the ``rule`` that the record's options break in the same way (the
    :class:`~openhanabi.rules.InvalidVariantError` code). A fault without a code of its own
    (only a record built in code, from parts JSON cannot give, has one) is ``"field"`` (its
    ``field``, the ``problem`` in English) or ``"record"`` (the record as a whole).

    >>> error = RecordError.at("deck[3].rank", "6 is not a rank (1-5)")
    >>> str(error), error.field
    ('deck[3].rank: 6 is not a rank (1-5)', 'deck[3].rank')
    >>> str(RecordError.of_action(17, Action.play(23), "card 23 is not in the hand of seat 1"))
    'move 18 (play 23, actions[17]): card 23 is not in the hand of seat 1'
    >>> error.reason, error.params
    ('field', {'field': 'deck[3].rank'})
    """

    def __init__(
        self,
        message: str,
        *,
        field: str | None = None,
        index: int | None = None,
        problem: str | None = None,
        reason: str | None = None,
        params: Mapping[str, object] | None = None,
    ) -> None:
        super().__init__(message)
        self.field = field
        self.index = index
        self.problem = message if problem is None else problem
        self.reason = reason or ("record" if field is None else "field")
        self.params: dict[str, object] = (
            dict(params) if params is not None else {} if field is None else {"field": field}
        )

    @classmethod
    def at(cls, field: str, problem: str, reason: str = "field", **params: object) -> RecordError:
        """The record's field ``field`` (a JSON path) is wrong: ``problem`` says how (and
        ``reason`` with ``params`` for programs; the field is always among them)."""
        return cls(
            f"{field}: {problem}",
            field=field,
            problem=problem,
            reason=reason,
            params={"field": field} | params,
        )

    @classmethod
    def of_action(
        cls, index: int, action: Action, problem: str, broken: RulesError | None = None
    ) -> RecordError:
        """Action ``index`` of the record cannot be carried out: ``problem`` says why (the
        rules' error ``broken``, when it is one, names the rule)."""
        params: dict[str, object] = {"index": index, "action": str(action)}
        if broken is None:
            reason = "after_end"
        else:
            reason = "illegal"
            params["rule"] = getattr(broken, "reason", "illegal")
            params["rule_params"] = dict(getattr(broken, "params", {}))
        return cls(
            # counted from 1, as a replay counts moves, beside its place in the list
            f"move {index + 1} ({action}, actions[{index}]): {problem}",
            field=f"actions[{index}]",
            index=index,
            problem=problem,
            reason=reason,
            params=params,
        )
