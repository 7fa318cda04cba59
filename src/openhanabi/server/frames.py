"""What goes over a viewer's socket: the first state in full, then only what each action changed.

A ``state`` (:func:`~openhanabi.server.protocol.render_state`) is sent when a socket joins, and
when its browser asks for one (a ``sync`` message). After each action the socket is sent a
``delta`` instead: the state's fields whose values changed since the last one it was sent, and
the log's new lines::

    {"type": "delta", "seq": 8, "changed": {"actions": 12, "clue_tokens": 5, ...},
     "log_from": 11, "log": [{"seat": 1, "text": "...", "explanation": ""}]}

Applied to the state before (its fields replaced by ``changed``, the log cut at ``log_from``
and the new lines added), it gives exactly the state the socket would have been sent in full
(:func:`apply_delta`, a test compares them). Every frame carries ``seq``, which counts the
socket's state and delta frames from 0: a browser that finds a number missing asks for a
``sync``. A delta holds nothing its viewer's full state would not: hidden cards stay hidden.

A frame is encoded once per viewer, or once for all the viewers whose last frame was the same.

>>> before = {"type": "state", "seq": 0, "actions": 1, "storms": 0, "log": [{"text": "a"}]}
>>> after = {"type": "state", "actions": 2, "storms": 0, "log": [{"text": "a"}, {"text": "b"}]}
>>> change = delta(before, after, 1)
>>> change
{'type': 'delta', 'seq': 1, 'changed': {'actions': 2}, 'log_from': 1, 'log': [{'text': 'b'}]}
>>> apply_delta(before, change) == after | {"seq": 1}
True
"""

from __future__ import annotations

from typing import Any

import orjson

# not a field of the state's own: the frame's kind, its number and the log (sent as its new lines)
_FRAMING = frozenset({"type", "seq", "log"})


def encode(message: dict[str, Any]) -> str:
    """``message`` as compact JSON text (the game's messages hold only JSON's own types)."""
    return orjson.dumps(message).decode()


def full(state: dict[str, Any], seq: int) -> dict[str, Any]:
    """The ``state`` frame numbered ``seq``."""
    return state | {"seq": seq}


def delta(before: dict[str, Any], state: dict[str, Any], seq: int) -> dict[str, Any]:
    """The ``delta`` frame numbered ``seq`` that turns the state ``before`` into ``state``."""
    changed = {
        key: value
        for key, value in state.items()
        if key not in _FRAMING and (key not in before or _differs(before[key], value))
    }
    lines, known = state["log"], before["log"]
    # the log grows at its end; its lines change only when explanations come to show (when the
    # game is over): then the whole log is sent again
    kept = len(known) if len(known) <= len(lines) and lines[: len(known)] == known else 0
    return {"type": "delta", "seq": seq, "changed": changed, "log_from": kept, "log": lines[kept:]}


def _differs(old: Any, new: Any) -> bool:
    # a part the states share (the fireworks while nothing is played) is one object: equal
    # without comparing its items
    return old is not new and old != new


def apply_delta(before: dict[str, Any], change: dict[str, Any]) -> dict[str, Any]:
    """The state that ``change`` (a ``delta`` frame) makes of ``before`` (as a browser does)."""
    log = before["log"][: change["log_from"]] + change["log"]
    state: dict[str, Any] = before | change["changed"] | {"log": log, "seq": change["seq"]}
    return state
