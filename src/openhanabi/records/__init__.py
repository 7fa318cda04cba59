"""Game records: hanab.live's JSON, extended for every variant, and replays of them.

- :class:`Record`: one game (names, variant, deck, bonus tiles, actions, seed); read it with
  :func:`read_record` (a path, JSON text or a parsed object) or :meth:`Record.from_json`, write
  it with :func:`write_record` or :meth:`Record.to_json`.
- :func:`record_of` makes the record of a :class:`~openhanabi.rules.Game`; :func:`replay` plays a
  record through the rules and :func:`replay_states` yields the state after every action.
- Everything wrong with a record raises :class:`RecordError`, whose message names the field or
  the action (by index, 0 first) and the reason.

>>> from openhanabi.rules import Action, Game, find_variant
>>> game = Game.new(find_variant("rainbow", players=2, declared_play=True), seed=7)
>>> game.apply(Action.rank_clue(1, 1))
>>> text = record_of(game, ["Ann", "Ben"]).to_json()
>>> again = replay(read_record(text))
>>> again.history == game.history, again.clue_tokens, again.variant == game.variant
(True, 7, True)
"""

from openhanabi.records.errors import RecordError
from openhanabi.records.record import (
    CUSTOM,
    DEFAULT_NAMES,
    FORMAT_VERSION,
    MAX_FILE_BYTES,
    UNSUPPORTED_OPTIONS,
    Record,
    deal,
    json_parts,
    read_record,
    read_record_from,
    write_record,
)
from openhanabi.records.replay import (
    record_of,
    replay,
    replay_action,
    replay_states,
    start_game,
)

__all__ = [
    "CUSTOM",
    "DEFAULT_NAMES",
    "FORMAT_VERSION",
    "MAX_FILE_BYTES",
    "UNSUPPORTED_OPTIONS",
    "Record",
    "RecordError",
    "deal",
    "json_parts",
    "read_record",
    "read_record_from",
    "record_of",
    "replay",
    "replay_action",
    "replay_states",
    "start_game",
    "write_record",
]
