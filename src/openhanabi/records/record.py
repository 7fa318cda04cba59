"""Game records in hanab.live's JSON, extended so that every game of every variant fits one file.

A record is the players' names, the deck (top card first), the actions and the options. Two
kinds are read:

- **hanab.live records** (no ``"openhanabi"`` field): hanab.live's defaults apply. Empty clues
  are off unless ``options.emptyClues`` is true, hanab.live's ending rule is on,
  ``startingPlayer`` and ``allOrNothing`` are honoured, ``oneExtraCard`` and ``oneLessCard``
  change the hand size by one, and the options this engine cannot play (``deckPlays``,
  ``detrimentalCharacters``, ``cardCycle``, ``speedrun``) are refused by name, as are the
  ``characters`` of a game played with detrimental characters. A game-over action (type 4)
  carries one of the end conditions hanab.live writes for a game stopped early (its value: 3 a
  player ran out of time, 4 a player terminated it, 6 the table was idle, 10 the players voted).
- **records this project writes** (``"openhanabi": 1``): every option is spelled out in
  ``options`` (a missing one takes the preset's default), ``seed`` is the seed the deal came
  from, a declared play is a play with ``"declare": suitIndex``, the bonus tiles are a top-level
  ``"bonusTiles"`` list (top first) and a bonus tile's choice of a discarded card is
  ``{"type": 10, "target": order, "value": position}``.

Every record is written in the second form. Fields this module does not interpret (hanab.live's
``id``, ``notes``, its string ``seed``, options such as ``timed``) are kept and written back. A
whole-number ``seed`` is the seed the deal came from in either kind.

>>> from openhanabi.rules import find_variant, shuffled_deck
>>> base = find_variant("base", players=2)
>>> record = Record(("Alice", "Bob"), base, tuple(shuffled_deck(base, seed=3)), seed=3)
>>> again = Record.from_json(record.to_json())
>>> again == record, again.to_dict()["options"]["variant"]
(True, 'No Variant')
>>> Record.from_dict({"players": ["A", "B"], "deck": [], "actions": []})
Traceback (most recent call last):
...
openhanabi.records.errors.RecordError: deck: the deck has 0 cards; base has 50
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, BinaryIO, Final, TypeVar

from openhanabi.records.errors import RecordError
from openhanabi.rules import (
    PRESETS,
    SUITS,
    Action,
    ActionType,
    Card,
    InvalidDeckError,
    InvalidVariantError,
    Preset,
    RulesError,
    SplitMix64,
    Variant,
    find_preset,
    find_suit,
    shuffled_deck,
)
from openhanabi.rules.deck import check_deck, check_tiles, shuffled_tiles
from openhanabi.rules.variants import MAX_PLAYERS, MIN_PLAYERS, default_hand_size

FORMAT_VERSION: Final = 1
"""The value of ``"openhanabi"`` in the records this version writes (and the only one it reads)."""

DEFAULT_NAMES: Final = ("Alice", "Bob", "Cathy", "Donald", "Emily")
"""The players' names when none are given (hanab.live's names for JSON replays)."""

CUSTOM: Final = "custom"
"""``options.variant`` of a variant that is not a preset: its ``suits`` say what it is."""

MAX_FILE_BYTES: Final = 64 * 1024 * 1024
"""The most :func:`read_record` reads of a file: a real game's record is a few kilobytes."""

MAX_NUMBER: Final = 2**53
"""The largest whole number (either way) that a record's cards, actions and options may hold, the
largest that JSON readers such as a browser's read exactly; a seed may be larger."""

HANAB_LIVE_DEFAULT_VARIANT: Final = "No Variant"

# hanab.live options that change the rules in a way this engine does not play
UNSUPPORTED_OPTIONS: Final = {
    "deckPlays": "bottom-deck blind plays",
    "detrimentalCharacters": "detrimental characters",
    "cardCycle": "card cycling",
    "speedrun": "speedrun ending",
}

# the options of a record this project writes, in the order written: JSON name, Variant field
_OPTIONS: Final = (
    ("players", "players", int),
    ("handSize", "hand_size", int),
    ("clueTokens", "clue_tokens", int),
    ("storms", "storms", int),
    ("emptyClues", "empty_clues", bool),
    ("allOrNothing", "all_or_nothing", bool),
    ("declaredPlay", "declared_play", bool),
    ("bonusTiles", "bonus_tiles", bool),
    ("hanabLiveEnding", "hanab_live_ending", bool),
    ("startingPlayer", "start_seat", int),
)
_OPTION_NAMES: Final = frozenset({"variant", "suits", *(name for name, _, _ in _OPTIONS)})
# hanab.live options that the variant holds once read (the rest are kept as they are)
_HANAB_LIVE_OPTIONS: Final = frozenset(
    {"variant", "startingPlayer", "emptyClues", "oneExtraCard", "oneLessCard", "allOrNothing"}
)
_FIELDS: Final = frozenset({"openhanabi", "players", "deck", "bonusTiles", "actions", "options"})
END_CONDITIONS: Final = {
    3: "a player ran out of time",
    4: "a player terminated the game",
    6: "the table was idle for too long",
    10: "the players voted to end the game",
}
"""The values a game-over action (type 4) may carry: hanab.live's end conditions of a game
stopped before the rules ended it, and what each means."""
_ACTION_TYPES: Final = "0 play, 1 discard, 2 colour clue, 3 rank clue, 4 game over, 10 choose"


@dataclass(frozen=True, slots=True)
class Record:
    """One game as a record: who played, which rules, the deal and every action in order.

    ``actions`` are exactly the game's :attr:`~openhanabi.rules.Game.history` (a bonus tile's
    reshuffle with its resolved position), followed by a game-over action if the table stopped
    the game. ``seed`` is the seed whose deal is ``deck`` (and ``bonus_tiles``), if known; a seed
    that deals anything else is refused. ``extra`` and ``extra_options`` hold the top-level fields
    and the options that this module does not interpret, written back as they were read.

    Every record is consistent: building one that is not raises :class:`RecordError`.
    """

    players: tuple[str, ...]
    variant: Variant
    deck: tuple[Card, ...]
    actions: tuple[Action, ...] = ()
    bonus_tiles: tuple[int, ...] = ()
    seed: int | None = None
    extra: Mapping[str, Any] = field(default_factory=dict, hash=False)
    extra_options: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        set_field = object.__setattr__
        set_field(self, "players", tuple(self.players))
        set_field(self, "deck", tuple(self.deck))
        set_field(self, "actions", tuple(self.actions))
        set_field(self, "bonus_tiles", tuple(self.bonus_tiles))
        set_field(self, "extra", MappingProxyType(dict(self.extra)))
        set_field(self, "extra_options", MappingProxyType(dict(self.extra_options)))
        if not isinstance(self.variant, Variant):
            raise RecordError.at("options.variant", f"expected a Variant, not {self.variant!r}")
        self._check_players()
        self._check_deal()
        self._check_actions()
        self._check_extras()

    def _check_players(self) -> None:
        if not all(isinstance(name, str) for name in self.players):
            raise RecordError.at("players", "every player's name must be text")
        for seat, name in enumerate(self.players):
            if not _is_unicode(name):
                raise RecordError.at(
                    f"players[{seat}]",
                    f"{_show(name)} is not Unicode text (a lone surrogate)",
                    "not_unicode_name",
                    name=_show(name),
                )
        if len(self.players) != self.variant.players:
            raise RecordError.at(
                "players",
                f"{_count(len(self.players), 'name')} for a game of {self.variant.players} players",
            )

    def _check_deal(self) -> None:
        variant = self.variant
        if not all(isinstance(card, Card) for card in self.deck):
            raise RecordError.at("deck", "every card must be a Card")
        try:
            check_deck(variant, self.deck)
        except InvalidDeckError as error:
            if len(self.deck) != variant.deck_size:
                raise RecordError.at(
                    "deck",
                    str(error),
                    "deck_size",
                    count=len(self.deck),
                    needed=variant.deck_size,
                    variant=variant.key,
                ) from None
            raise RecordError.at("deck", str(error), "deck_cards", variant=variant.key) from None
        if variant.bonus_tiles:
            try:
                check_tiles(self.bonus_tiles)
            except InvalidDeckError as error:
                tiles = [tile if _is_int(tile) else _show(tile) for tile in self.bonus_tiles]
                raise RecordError.at("bonusTiles", str(error), "bonus_tiles", tiles=tiles) from None
        elif self.bonus_tiles:
            raise RecordError.at(
                "bonusTiles", "the game is played without bonus tiles", "no_bonus_tiles"
            )
        seed = self.seed
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, int):
                raise RecordError.at("seed", f"expected a whole number, not {_show(seed)}")
            if deal(variant, seed) != (self.deck, self.bonus_tiles):
                raise RecordError.at(
                    "seed", f"seed {seed} does not deal this deck", "wrong_seed", seed=seed
                )

    def _check_actions(self) -> None:
        last = len(self.actions) - 1
        for index, action in enumerate(self.actions):
            where = f"actions[{index}]"
            if not isinstance(action, Action) or not isinstance(action.type, ActionType):
                raise RecordError.at(where, f"not an action: {action!r}")
            if not all(_is_int(number) for number in (action.target, action.value)):
                raise RecordError.at(where, "target and value must be whole numbers")
            if action.declare is not None and (
                action.type is not ActionType.PLAY or not _is_int(action.declare)
            ):
                raise RecordError.at(f"{where}.declare", "only a play declares a suit index")
            if action.type is ActionType.CHOOSE and action.value < 0:
                raise RecordError.at(
                    f"{where}.value",
                    f"a choice needs its position (0 or more), not {action.value}",
                    "choice_position",
                    value=action.value,
                )
            if action.type is ActionType.GAME_OVER and index != last:
                raise RecordError.at(
                    where,
                    f"the game-over action must be the last, but {last - index} follow",
                    "game_over_not_last",
                    count=last - index,
                )
            if action.type is ActionType.GAME_OVER and action.value not in END_CONDITIONS:
                known = ", ".join(f"{value} {what}" for value, what in END_CONDITIONS.items())
                raise RecordError.at(
                    f"{where}.value",
                    f"{_show(action.value)} is not an end condition of a game-over action "
                    f"({known})",
                    "end_condition",
                    value=action.value,
                )

    def _check_extras(self) -> None:
        taken = _FIELDS | ({"seed"} if self.seed is not None else set())
        for key, value in self.extra.items():
            if key in taken:
                raise RecordError.at(key, "is a field of the record, not an extra")
            if key == "seed" and _is_int(value):
                # written back, it would be read as the seed of the deal
                raise RecordError.at(key, "a whole-number seed is the seed of the deal")
            if key == "characters" and value is not None and value != []:
                raise RecordError.at(
                    key, "hanab.live's detrimental characters are not supported", "characters"
                )
            _check_writable({key: value}, str(key))
        for key, value in self.extra_options.items():
            if key in _OPTION_NAMES:
                raise RecordError.at(
                    f"options.{key}", "is an option of the game, not an extra", "game_option"
                )
            if key in UNSUPPORTED_OPTIONS and value is not False and value is not None:
                raise _unsupported(key)
            _check_writable({key: value}, f"options.{key}")

    # ------------------------------------------------------------------ reading

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Record:
        """The record in ``data``, a parsed JSON object (either kind, see the module's notes)."""
        if not isinstance(data, Mapping):
            raise RecordError(
                f"a record is a JSON object, not {_kind(data)}",
                reason="not_object",
                params={"found": _kind_code(data)},
            )
        version = data.get("openhanabi")
        ours = version is not None
        if ours and (not _is_int(version) or version != FORMAT_VERSION):
            raise RecordError.at(
                "openhanabi",
                f"version {_show(version)} is not supported (this version reads {FORMAT_VERSION})",
                "version",
                version=_show(version),
                supported=FORMAT_VERSION,
            )
        names = tuple(
            _each(
                _required(data, "players", list),
                "players",
                lambda value, path: _get(value, path, str),
            )
        )
        if "options" in data or ours:
            options: Mapping[str, Any] = _required(data, "options", dict)
        else:
            options = {}
        if ours:
            variant = _our_variant(options, len(names))
            taken = _OPTION_NAMES
        else:
            variant = _hanab_live_variant(options, len(names))
            taken = _HANAB_LIVE_OPTIONS
        deck = _each(_required(data, "deck", list), "deck", _card_reader(variant))
        tiles: list[int] = []
        if variant.bonus_tiles and "bonusTiles" not in data:
            raise RecordError.at(
                "bonusTiles", "missing (the game is played with bonus tiles)", "missing"
            )
        if "bonusTiles" in data:
            tiles = _each(_get(data["bonusTiles"], "bonusTiles", list), "bonusTiles", _int)
        actions = _each(_required(data, "actions", list), "actions", _action)
        seed = data.get("seed") if _is_int(data.get("seed")) else None
        consumed = _FIELDS | ({"seed"} if seed is not None else set())
        return cls(
            players=names,
            variant=variant,
            deck=tuple(deck),
            actions=tuple(actions),
            bonus_tiles=tuple(tiles),
            seed=seed,
            extra={key: value for key, value in data.items() if key not in consumed},
            extra_options={key: value for key, value in options.items() if key not in taken},
        )

    @classmethod
    def from_json(cls, text: str | bytes) -> Record:
        """The record in JSON ``text``."""
        if not text.strip():  # said as such, not as JSON's "expecting value" at its first column
            raise RecordError("the record is empty", reason="empty")
        try:
            data = json.loads(text)
        except UnicodeDecodeError:
            raise RecordError("the record is not UTF-8 text", reason="not_utf8") from None
        except json.JSONDecodeError as error:
            where = {"line": error.lineno, "column": error.colno}
            raise RecordError(f"not JSON: {error}", reason="not_json", params=where) from None
        except RecursionError:
            raise RecordError(
                "not JSON this module reads: nested too deeply", reason="too_deep"
            ) from None
        except ValueError:
            # Python reads no whole number of more than sys.get_int_max_str_digits() digits
            raise RecordError(
                "not JSON this module reads: a number has too many digits",
                reason="too_many_digits",
            ) from None
        return cls.from_dict(data)

    # ------------------------------------------------------------------ writing

    @property
    def variant_name(self) -> str:
        """``options.variant`` as written: the preset's hanab.live name or key, else "custom"."""
        variant = self.variant
        try:
            preset = find_preset(variant.key)
        except RulesError:
            return CUSTOM
        if preset.key != variant.key or preset.suits != variant.suits:
            return CUSTOM
        return preset.hanab_live_name or preset.key

    def to_dict(self) -> dict[str, Any]:
        """The record as a JSON object of this project's form (``"openhanabi": 1``)."""
        variant = self.variant
        data: dict[str, Any] = {
            "openhanabi": FORMAT_VERSION,
            "players": list(self.players),
            "deck": [{"suitIndex": card.suit, "rank": card.rank} for card in self.deck],
        }
        if variant.bonus_tiles:
            data["bonusTiles"] = list(self.bonus_tiles)
        data["actions"] = [_action_json(action) for action in self.actions]
        options: dict[str, Any] = {
            "variant": self.variant_name,
            "suits": [suit.key for suit in variant.suits],
        }
        for name, attribute, _ in _OPTIONS:
            options[name] = getattr(variant, attribute)
        options.update(self.extra_options)
        data["options"] = options
        if self.seed is not None:
            data["seed"] = self.seed
        data.update(self.extra)
        return data

    def to_json(self) -> str:
        """The record as JSON text: one line per card and per action, the same text every time.

        >>> from openhanabi.rules import find_variant, shuffled_deck
        >>> base = find_variant("base", players=2)
        >>> text = Record(("Alice", "Bob"), base, tuple(shuffled_deck(base, 0))).to_json()
        >>> text.splitlines()[:4]
        ['{', '  "openhanabi": 1,', '  "players": ["Alice", "Bob"],', '  "deck": [']
        >>> text.splitlines()[4]
        '    {"suitIndex": 3, "rank": 3},'
        """
        items = list(self.to_dict().items())
        lines = ["{"]
        for number, (key, value) in enumerate(items):
            comma = "," if number < len(items) - 1 else ""
            head = f"  {_dumps(key)}: "
            if key in ("deck", "actions") and value:
                lines.append(head + "[")
                lines.extend(
                    f"    {_dumps(item)}{',' if i < len(value) - 1 else ''}"
                    for i, item in enumerate(value)
                )
                lines.append(f"  ]{comma}")
            elif key == "options" and value:
                lines.append(head + "{")
                lines.extend(
                    f"    {_dumps(name)}: {_dumps(option)}{',' if i < len(value) - 1 else ''}"
                    for i, (name, option) in enumerate(value.items())
                )
                lines.append(f"  }}{comma}")
            else:
                lines.append(head + _dumps(value) + comma)
        lines.append("}")
        return "\n".join(lines)


@lru_cache(maxsize=1024)  # a live game's record is written after every action, seed checked
def deal(variant: Variant, seed: int) -> tuple[tuple[Card, ...], tuple[int, ...]]:
    """The deck and bonus tiles that :meth:`Game.new(variant, seed) <openhanabi.rules.Game.new>`
    deals.

    >>> from openhanabi.rules import Game, find_variant
    >>> variant = find_variant("bonus-tiles")
    >>> deal(variant, 5) == (Game.new(variant, 5).deck, Game.new(variant, 5).bonus_tiles)
    True
    """
    rng = SplitMix64(seed)
    deck = tuple(shuffled_deck(variant, seed, rng))
    tiles = tuple(shuffled_tiles(rng)) if variant.bonus_tiles else ()
    return deck, tiles


def read_record(source: str | bytes | os.PathLike[str] | Mapping[str, Any]) -> Record:
    """Read a record from a file path, JSON text (bytes, or a string whose first character
    other than white space is ``{`` or ``[``) or a parsed JSON object.

    Raises :class:`RecordError` for a record that is not right (a file of more than
    :data:`MAX_FILE_BYTES` is not read to its end) and :class:`OSError` for a file that cannot
    be read.
    """
    if isinstance(source, Mapping):
        return Record.from_dict(source)
    if isinstance(source, bytes):
        return Record.from_json(source)
    if isinstance(source, str) and source.lstrip()[:1] in ("{", "["):
        return Record.from_json(source)
    with Path(source).open("rb") as file:
        return read_record_from(file)


def read_record_from(file: BinaryIO) -> Record:
    """Read a record from an open binary ``file`` (standard input's ``sys.stdin.buffer``, say),
    to its end or to :data:`MAX_FILE_BYTES`: a file longer than that is refused, so that a
    device or a pipe without end is not read forever."""
    data = file.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        mib = MAX_FILE_BYTES // (1024 * 1024)
        raise RecordError(
            f"the file is larger than {mib} MiB, which no game record is",
            reason="too_large",
            params={"kib": MAX_FILE_BYTES // 1024},
        )
    return Record.from_json(data)


def write_record(record: Record, path: str | os.PathLike[str]) -> None:
    """Write ``record`` to ``path`` as UTF-8 JSON (:meth:`Record.to_json` and a newline)."""
    Path(path).write_text(record.to_json() + "\n", encoding="utf-8")


# ---------------------------------------------------------------------- variants


def _our_variant(options: Mapping[str, Any], names: int) -> Variant:
    """The variant of a record this project wrote: every option read from ``options``."""
    name = _get(options.get("variant"), "options.variant", str) if "variant" in options else ""
    if not name:
        raise RecordError.at("options.variant", "missing", "missing")
    suits = None
    if "suits" in options:
        keys = _each(
            _get(options["suits"], "options.suits", list),
            "options.suits",
            lambda value, path: _get(value, path, str),
        )
        suits = []
        for index, key in enumerate(keys):
            try:
                suits.append(find_suit(key))
            except RulesError as error:
                raise RecordError.at(
                    f"options.suits[{index}]",
                    str(error),
                    "unknown_suit",
                    suit=_show(key),
                    known=", ".join(SUITS),
                ) from None
    settings: dict[str, Any] = {}
    for json_name, attribute, kind in _OPTIONS:
        if json_name in options:
            settings[attribute] = _get(options[json_name], f"options.{json_name}", kind)
    if settings.get("hand_size", 1) < 1:
        # the rules read a hand size of 0 as "the default": written in a record, it is a mistake
        raise RecordError.at(
            "options.handSize",
            f"a hand holds at least 1 card, not {settings['hand_size']}",
            "hand_too_small",
            hand_size=settings["hand_size"],
        )
    players = settings.setdefault("players", names)
    if players != names:
        raise RecordError.at(
            "options.players",
            f"{players} players, but players lists {_count(names, 'name')}",
            "players_mismatch",
            players=players,
            count=names,
        )
    try:
        if name == CUSTOM:
            if suits is None:
                raise RecordError.at(
                    "options.suits", "missing (a custom variant lists its suits)", "missing"
                )
            return Variant(CUSTOM, tuple(suits), **settings)
        preset = _preset(name)
        if suits is not None and tuple(suits) != preset.suits:
            keys = [suit.key for suit in suits]
            raise RecordError.at(
                "options.suits",
                f"{keys} are not the suits of {preset.key} "
                f"(a variant of other suits is called {CUSTOM!r})",
                "not_preset_suits",
                suits=keys,
                variant=preset.key,
            )
        return preset.variant(**settings)
    except RulesError as error:
        raise _rules_error(error) from None


def _hanab_live_variant(options: Mapping[str, Any], names: int) -> Variant:
    """The variant of a hanab.live record: hanab.live's defaults and the options it knows."""
    name = HANAB_LIVE_DEFAULT_VARIANT
    if "variant" in options:
        name = _get(options["variant"], "options.variant", str)
    preset = _preset(name)
    for key in UNSUPPORTED_OPTIONS:
        if _flag(options, key):
            raise _unsupported(key)
    if not MIN_PLAYERS <= names <= MAX_PLAYERS:
        raise RecordError.at(
            "players",
            f"{_count(names, 'player')}; games have {MIN_PLAYERS} to {MAX_PLAYERS}",
            "players_range",
            count=names,
            least=MIN_PLAYERS,
            most=MAX_PLAYERS,
        )
    hand_size = default_hand_size(names)
    hand_size += _flag(options, "oneExtraCard") - _flag(options, "oneLessCard")
    start = options.get("startingPlayer", 0)
    try:
        return preset.variant(
            players=names,
            hand_size=hand_size,
            empty_clues=_flag(options, "emptyClues"),
            all_or_nothing=_flag(options, "allOrNothing"),
            hanab_live_ending=True,
            start_seat=_get(start, "options.startingPlayer", int),
        )
    except RulesError as error:
        raise _rules_error(error) from None


def _preset(name: str) -> Preset:
    """The preset ``options.variant`` names, or the error saying it names none."""
    try:
        return find_preset(name)
    except RulesError as error:
        raise RecordError.at(
            "options.variant",
            str(error),
            "unknown_variant",
            variant=_show(name),
            known=", ".join(preset.key for preset in PRESETS),
        ) from None


def _rules_error(error: RulesError) -> RecordError:
    """The error of options that make no game: the rule they break, as the rules name it (its
    code ``rule`` and its numbers ``rule_params``) where they do."""
    if not isinstance(error, InvalidVariantError):
        return RecordError.at("options", str(error))
    # the option at fault, where one is: its own numbering (a seat from 0) is the record's
    where = _RULE_OPTIONS.get(error.reason, "options")
    return RecordError.at(
        where, str(error), "rules", rule=error.reason, rule_params=dict(error.params)
    )


# the rules' codes for options that make no game, and the option of a record each concerns
_RULE_OPTIONS: Final = {"start_seat": "options.startingPlayer"}


def _unsupported(key: str) -> RecordError:
    """The error of hanab.live's option ``key`` (one of :data:`UNSUPPORTED_OPTIONS`), on."""
    return RecordError.at(
        f"options.{key}",
        f"hanab.live's {UNSUPPORTED_OPTIONS[key]} option is not supported",
        "unsupported_option",
        option=key,
    )


def _flag(options: Mapping[str, Any], key: str) -> bool:
    value = options.get(key, False)
    return value is not None and _get(value, f"options.{key}", bool)


# ---------------------------------------------------------------------- cards and actions


def _card_reader(variant: Variant) -> Callable[[Any, str], Card]:
    suits = len(variant.suits)

    def read(value: Any, path: str) -> Card:
        _get(value, path, dict)
        suit = _required(value, "suitIndex", int, path)
        rank = _required(value, "rank", int, path)
        if not 0 <= suit < suits:
            raise RecordError.at(
                f"{path}.suitIndex",
                f"{suit} is not a suit of {variant.key} (0 to {suits - 1})",
                "not_a_suit",
                suit=suit,
                variant=variant.key,
                last=suits - 1,
            )
        if not 1 <= rank <= 5:
            raise RecordError.at(
                f"{path}.rank", f"{rank} is not a rank (1 to 5)", "not_a_rank", rank=rank
            )
        return Card(suit, rank)

    return read


def _action(value: Any, path: str) -> Action:
    _get(value, path, dict)
    number = _required(value, "type", int, path)
    try:
        kind = ActionType(number)
    except ValueError:
        raise RecordError.at(
            f"{path}.type",
            f"{number} is not an action type ({_ACTION_TYPES})",
            "not_an_action_type",
            type=number,
        ) from None
    target = _required(value, "target", int, path)
    needs_value = kind in (
        ActionType.COLOUR_CLUE,
        ActionType.RANK_CLUE,
        ActionType.CHOOSE,
        ActionType.GAME_OVER,
    )
    amount = _required(value, "value", int, path) if needs_value else value.get("value", 0)
    amount = _get(amount, f"{path}.value", int)
    declare = value.get("declare")
    if declare is not None:
        declare = _get(declare, f"{path}.declare", int)
        if kind is not ActionType.PLAY:
            raise RecordError.at(
                f"{path}.declare", "only a play declares a suit", "declare_not_play"
            )
    return Action(kind, target, amount, declare)


def _action_json(action: Action) -> dict[str, int]:
    data = {"type": int(action.type), "target": action.target, "value": action.value}
    if action.declare is not None:
        data["declare"] = action.declare
    return data


# ---------------------------------------------------------------------- JSON values

_T = TypeVar("_T")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _get(value: Any, path: str, kind: type[_T]) -> _T:
    """``value`` if it is of JSON type ``kind``, else an error naming ``path``."""
    ok = _is_int(value) if kind is int else isinstance(value, kind)
    if not ok:
        raise RecordError.at(
            path,
            f"expected {_KINDS[kind]}, not {_kind(value)}",
            "wrong_kind",
            expected=_kind_code(kind()),
            found=_kind_code(value),
        )
    if kind is int and not -MAX_NUMBER <= value <= MAX_NUMBER:
        # said by its size: a message holding it would be as long as the number
        digits = len(str(abs(value)))
        raise RecordError.at(
            path,
            f"a number of {digits} digits is larger than any a record holds (2**53 at most)",
            "number_too_large",
            digits=digits,
        )
    return value  # type: ignore[no-any-return]


def _int(value: Any, path: str) -> int:
    return _get(value, path, int)


def _check_writable(value: object, path: str) -> None:
    """Refuse a field kept as it was read (``value``, its name and value) that
    :meth:`Record.to_json` could not write as UTF-8: text that is not Unicode (a lone
    surrogate, which JSON's ``\\ud800`` escapes can spell)."""
    path = _printable_path(path)
    number = _not_finite(value)
    if number is not None:
        # Python reads NaN and Infinity, and 1e999 as infinity; JSON itself has none of them
        spelled = json.dumps(number)
        raise RecordError.at(
            path, f"holds {spelled}, which is not a JSON number", "not_finite", number=spelled
        )
    try:
        json.dumps(value, ensure_ascii=False, allow_nan=False).encode("utf-8")
    except UnicodeEncodeError:
        raise RecordError.at(
            path, "holds text that is not Unicode (a lone surrogate)", "not_unicode"
        ) from None
    except RecursionError:
        raise RecordError.at(path, "is nested too deeply", "nested_too_deeply") from None
    except (TypeError, ValueError):
        raise RecordError.at(path, "holds a value that JSON cannot write") from None


def json_parts(value: object) -> Iterator[object]:
    """``value``, a parsed JSON value, and everything nested in it, objects' keys included.
    Iterative: the value may nest as deep as the JSON reader allows.

    >>> [type(item).__name__ for item in json_parts({"a": [1.5]})]
    ['dict', 'list', 'float', 'str']
    """
    waiting = [value]
    while waiting:
        item = waiting.pop()
        yield item
        if isinstance(item, dict):
            waiting.extend(item.keys())
            waiting.extend(item.values())
        elif isinstance(item, list):
            waiting.extend(item)


def _not_finite(value: object) -> float | None:
    """The first number in ``value`` that is NaN or infinite, or None."""
    for item in json_parts(value):
        if isinstance(item, float) and not math.isfinite(item):
            return item
    return None


def _printable_path(path: str) -> str:
    """``path``, a field's JSON path, as a message shows it: as it is if every character is
    printable, else with Python's escapes for the characters that are not (``\\n``, ``\\x1b``,
    a lone surrogate's ``\\ud800``) and for backslashes, so that a field's name can neither
    break the message's line nor make it text that is not Unicode.

    >>> print(_printable_path("options.tableName"), _printable_path("options.a\\nb"))
    options.tableName options.a\\nb
    """
    return path if path.isprintable() else repr(path)[1:-1]


def _is_unicode(text: str) -> bool:
    return not any(0xD800 <= ord(char) < 0xE000 for char in text)


def _required(data: Mapping[str, Any], key: str, kind: type[_T], path: str | None = None) -> _T:
    where = f"{path}.{key}" if path else key
    if key not in data:
        raise RecordError.at(where, "missing", "missing")
    return _get(data[key], where, kind)


def _each(items: list[Any], path: str, read: Callable[[Any, str], _T]) -> list[_T]:
    return [read(item, f"{path}[{index}]") for index, item in enumerate(items)]


_KINDS: dict[type, str] = {
    int: "a whole number",
    bool: "true or false",
    str: "text",
    list: "a list",
    dict: "an object",
}


def _kind_code(value: object) -> str:
    """The JSON kind of ``value`` as a stable code (for translations of :func:`_kind`)."""
    if value is None or isinstance(value, bool):
        return "null" if value is None else "boolean"
    if isinstance(value, int):
        return "whole_number"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "text"
    return "list" if isinstance(value, list) else "object"


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text {_show(value)}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _show(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False, default=repr)
    if not _is_unicode(text):
        text = json.dumps(value, default=repr)  # a lone surrogate, written as its escape
    return text if len(text) <= 40 else text[:37] + "..."


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")


__all__ = [
    "CUSTOM",
    "DEFAULT_NAMES",
    "FORMAT_VERSION",
    "UNSUPPORTED_OPTIONS",
    "Record",
    "deal",
    "read_record",
    "write_record",
]
