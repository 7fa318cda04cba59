"""Variants: a list of suits plus the table's options, and the named presets of the rulebooks.

>>> v = find_variant("rainbow", players=3)
>>> v.max_score, v.hand_size, [s.key for s in v.colours]
(30, 5, ['red', 'yellow', 'green', 'blue', 'white'])
>>> find_variant("Dark Rainbow (6 Suits)").key
'rainbow-5'
>>> find_variant("base", players=4, declared_play=True).describe()
'base, 4 players, declared play'
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from openhanabi.rules.errors import InvalidVariantError, UnknownNameError
from openhanabi.rules.numbers import whole_number
from openhanabi.rules.suits import (
    BASE_SUITS,
    BLACK_POWDER,
    MULTICOLOR,
    MULTICOLOR_5,
    RAINBOW,
    RAINBOW_5,
    Suit,
)

MIN_PLAYERS = 2
MAX_PLAYERS = 5
DEFAULT_CLUE_TOKENS = 8
DEFAULT_STORMS = 3


def default_hand_size(players: int) -> int:
    """Five cards for two or three players, four for four or five."""
    return 5 if players <= 3 else 4


@dataclass(frozen=True, slots=True)
class Variant:
    """Everything that makes one game's rules: its suits and its options.

    ``key`` names the preset it started from (``"custom"`` for a hand-made list of suits).
    """

    key: str
    suits: tuple[Suit, ...]
    players: int = 2
    hand_size: int = 0  # 0: the default for the number of players
    clue_tokens: int = DEFAULT_CLUE_TOKENS
    storms: int = DEFAULT_STORMS
    empty_clues: bool = True
    all_or_nothing: bool = False
    declared_play: bool = False
    bonus_tiles: bool = False
    hanab_live_ending: bool = False
    start_seat: int = 0

    def __post_init__(self) -> None:
        self._check_types()
        if self.hand_size == 0:
            object.__setattr__(self, "hand_size", default_hand_size(self.players))
        self._check()

    def _check_types(self) -> None:
        # a float or text would fail deep inside a game (or be written into a record as what
        # it is), and a truthy text would switch an option on: refused; a whole number of
        # another type (a NumPy integer) is kept as a plain int
        suits = self.suits
        if not isinstance(suits, tuple | list) or not all(isinstance(s, Suit) for s in suits):
            raise InvalidVariantError(f"suits must be a tuple of Suit, not {suits!r}", "suits")
        object.__setattr__(self, "suits", tuple(suits))
        for name in _NUMBER_OPTIONS:
            value = getattr(self, name)
            number = whole_number(value)
            if number is None:
                raise InvalidVariantError(
                    f"{name.replace('_', ' ')} must be a whole number, not {value!r}",
                    "option_type",
                )
            object.__setattr__(self, name, number)
        for name in _FLAG_OPTIONS:
            value = getattr(self, name)
            if type(value) is not bool:
                raise InvalidVariantError(
                    f"{name.replace('_', ' ')} must be True or False, not {value!r}",
                    "option_type",
                )

    def _check(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise InvalidVariantError(
                f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {self.players}",
                "players",
                least=MIN_PLAYERS,
                most=MAX_PLAYERS,
            )
        if not self.suits:
            raise InvalidVariantError("a variant needs at least one suit", "no_suits")
        keys = [suit.key for suit in self.suits]
        if len(set(keys)) != len(keys):
            raise InvalidVariantError(f"a suit appears twice in {keys}", "suit_twice")
        if not any(suit.nameable for suit in self.suits):
            raise InvalidVariantError(
                "at least one suit's colour must be nameable in a clue", "no_clue_colour"
            )
        dealt = self.hand_size * self.players
        if self.hand_size < 1 or dealt > self.deck_size:
            raise InvalidVariantError(
                f"a hand size of {self.hand_size} does not fit the deck",
                "hand_size",
                hand_size=self.hand_size,
            )
        if dealt == self.deck_size and not self.all_or_nothing:
            # the last round starts when the draw pile's last card is drawn: there must be one
            raise InvalidVariantError(
                f"{self.players} hands of {self.hand_size} cards leave no draw pile",
                "no_draw_pile",
                players=self.players,
                hand_size=self.hand_size,
            )
        if self.clue_tokens < 1:
            raise InvalidVariantError(
                f"clue tokens must be at least 1, not {self.clue_tokens}", "clue_tokens"
            )
        if self.storms < 1:
            raise InvalidVariantError(f"storms must be at least 1, not {self.storms}", "storms")
        if not 0 <= self.start_seat < self.players:
            raise InvalidVariantError(
                f"start seat must be 0 to {self.players - 1}, not {self.start_seat}",
                "start_seat",
                players=self.players,
            )

    def replace(self, **options: Any) -> Variant:
        """A copy with some options changed (the hand size follows a new player count)."""
        if "players" in options and "hand_size" not in options:
            options["hand_size"] = 0
        try:
            return dataclasses.replace(self, **options)
        except TypeError as error:
            raise UnknownNameError(f"unknown variant option: {error}") from None

    @property
    def colours(self) -> tuple[Suit, ...]:
        """The suits whose colour can be named in a clue; a clue's value indexes this."""
        return tuple(suit for suit in self.suits if suit.nameable)

    @property
    def deck_size(self) -> int:
        return sum(len(suit.cards) for suit in self.suits)

    @property
    def max_score(self) -> int:
        """The score of a perfect game."""
        return sum(suit.max_points for suit in self.suits)

    @property
    def min_score(self) -> int:
        """The lowest score a game can end with (0 for a strikeout; below 0 with black powder)."""
        return min(0, sum(suit.points(0) for suit in self.suits))

    def describe(self, first_seat: int = 0) -> str:
        """The preset's name and every option that differs from the rulebook's defaults, with
        the starting seat numbered from ``first_seat`` (as the reader counts seats)."""
        parts = [self.key, f"{self.players} players"]
        if self.hand_size != default_hand_size(self.players):
            parts.append(_counted(self.hand_size, "card") + " in hand")
        if self.clue_tokens != DEFAULT_CLUE_TOKENS:
            parts.append(_counted(self.clue_tokens, "clue token"))
        if self.storms != DEFAULT_STORMS:
            parts.append(_counted(self.storms, "storm"))
        flags = {
            "no empty clues": not self.empty_clues,
            "play until perfect": self.all_or_nothing,
            "declared play": self.declared_play,
            "bonus tiles": self.bonus_tiles,
            "hanab.live ending": self.hanab_live_ending,
        }
        # a flag the preset's name already says ("bonus-tiles") is not said twice
        parts.extend(
            name for name, on in flags.items() if on and name.replace(" ", "-") != self.key
        )
        if self.start_seat:
            parts.append(f"seat {self.start_seat + first_seat} starts")
        return ", ".join(parts)


def _counted(count: int, thing: str) -> str:
    """``count`` things: "1 storm", "2 storms"."""
    return f"{count} {thing}" if count == 1 else f"{count} {thing}s"


_NUMBER_OPTIONS = ("players", "hand_size", "clue_tokens", "storms", "start_seat")
_FLAG_OPTIONS = (
    "empty_clues",
    "all_or_nothing",
    "declared_play",
    "bonus_tiles",
    "hanab_live_ending",
)
# every field of a variant beside its suits: with a preset's key, what sets a variant up again
# (a stored table's columns, a bench report's rules)
OPTIONS = _NUMBER_OPTIONS + _FLAG_OPTIONS


@dataclass(frozen=True, slots=True)
class Preset:
    """A named variant of the rulebooks: its suits, fixed options and where it comes from."""

    key: str
    suits: tuple[Suit, ...]
    summary: str
    source: str
    hanab_live_name: str | None = None
    options: tuple[tuple[str, Any], ...] = ()

    def variant(self, **options: Any) -> Variant:
        merged = dict(self.options) | options
        try:
            return Variant(self.key, self.suits, **merged)
        except TypeError as error:
            raise UnknownNameError(f"unknown variant option: {error}") from None


_SIXTH = {
    "multicolor": (MULTICOLOR, "6 Suits"),
    "multicolor-5": (MULTICOLOR_5, "Black (6 Suits)"),
    "rainbow": (RAINBOW, "Rainbow (6 Suits)"),
    "rainbow-5": (RAINBOW_5, "Dark Rainbow (6 Suits)"),
}

PRESETS: tuple[Preset, ...] = (
    Preset("base", BASE_SUITS, "five suits, the base game", "every edition", "No Variant"),
    Preset(
        "multicolor",
        (*BASE_SUITS, MULTICOLOR),
        "a 6th suit of 10 cards clued by its own colour",
        "German Farbrausch",
        "6 Suits",
    ),
    Preset(
        "multicolor-5",
        (*BASE_SUITS, MULTICOLOR_5),
        "a 6th suit of one card per rank, clued by its own colour",
        "Danish Kaskade af farve",
        "Black (6 Suits)",
    ),
    Preset(
        "rainbow",
        (*BASE_SUITS, RAINBOW),
        "a 6th suit of 10 cards touched by every colour clue",
        "German Farbrausch², Buntes Feuerwerk",
        "Rainbow (6 Suits)",
    ),
    Preset(
        "rainbow-5",
        (*BASE_SUITS, RAINBOW_5),
        "a 6th suit of one card per rank touched by every colour clue",
        "Buntes Feuerwerk (harder form)",
        "Dark Rainbow (6 Suits)",
    ),
    Preset(
        "black-powder",
        (*BASE_SUITS, BLACK_POWDER),
        "black powder, played 5 to 1, -1 point per card not played",
        "Schwarzpulver",
    ),
    *(
        Preset(
            f"black-powder-{key}",
            (*BASE_SUITS, sixth, BLACK_POWDER),
            f"black powder together with {key}",
            "Schwarzpulver",
        )
        for key, (sixth, _) in _SIXTH.items()
    ),
    Preset(
        "fewer-storms",
        BASE_SUITS,
        "2 storm tokens instead of 3",
        "German (Abacus)",
        options=(("storms", 2),),
    ),
    Preset(
        "one-storm",
        BASE_SUITS,
        "1 storm token instead of 3",
        "German (Abacus)",
        options=(("storms", 1),),
    ),
    Preset(
        "more-clues",
        BASE_SUITS,
        "9 clue tokens (the spare one)",
        "German (Abacus)",
        options=(("clue_tokens", 9),),
    ),
    Preset(
        "bonus-tiles",
        BASE_SUITS,
        "completing a firework draws a bonus tile",
        "Bonusplättchen",
        options=(("bonus_tiles", True),),
    ),
    Preset(
        "play-until-perfect",
        BASE_SUITS,
        "play on past the last round: 25 or nothing",
        "Glansnummer, Crowning piece",
        options=(("all_or_nothing", True),),
    ),
    Preset(
        "declared-play",
        BASE_SUITS,
        "a play may declare its colour: right earns a token, wrong is a storm",
        "Timet opvisning",
        options=(("declared_play", True),),
    ),
)

_BY_NAME: dict[str, Preset] = {}
for _preset in PRESETS:
    _BY_NAME[_preset.key] = _preset
    if _preset.hanab_live_name:
        _BY_NAME[_preset.hanab_live_name.casefold()] = _preset


def find_preset(name: str) -> Preset:
    """The preset called ``name``: its key or its hanab.live name (any case)."""
    if not isinstance(name, str):
        raise UnknownNameError(f"a variant's name is text, not {name!r}")
    preset = _BY_NAME.get(name) or _BY_NAME.get(name.casefold())
    if preset is None:
        known = ", ".join(p.key for p in PRESETS)
        raise UnknownNameError(
            f"unknown variant {name!r} (known variants: {known}; or their hanab.live names, "
            "which `hanabi variants` lists)"
        )
    return preset


def find_variant(name: str = "base", **options: Any) -> Variant:
    """The variant of preset ``name`` with ``options`` (players, clue_tokens, ...) applied."""
    return find_preset(name).variant(**options)
