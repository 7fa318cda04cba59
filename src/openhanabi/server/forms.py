"""The forms' fields, checked at once: a form that breaks a rule never reaches a service, and
each rule has a message a person can act on, in their language (:func:`problems`).

A broken rule of ours is a :class:`~pydantic_core.PydanticCustomError` whose type is the key of
its text in the ``site`` catalogue (``form.*``); pydantic's own checks (a number too big, a
missing field) have keys named after their types, and ``form.not_valid`` stands for any other.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from typing import Annotated, Any

from fastapi.exceptions import RequestValidationError
from pydantic import AfterValidator, BaseModel, BeforeValidator, Field, field_validator
from pydantic_core import PydanticCustomError

from openhanabi.rules import PRESETS, RulesError, Variant, find_variant
from openhanabi.server.i18n import LANGUAGES, Translator, translator
from openhanabi.server.lookalikes import mixed_word
from openhanabi.server.models import Spectators

USERNAME = re.compile(r"[A-Za-z0-9_-]{3,32}")
# letters that take no room: a display name of them alone would look empty
BLANK_LETTERS = frozenset("\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0")
MAX_DISPLAY_NAME = 40
MAX_MARKS = 3  # accents on one letter; more pile up over the lines around the name
MIN_PASSWORD = 8
MAX_PASSWORD = 128


def _bot_suffixes() -> frozenset[str]:
    """How each language ends a bot's seat (``site.bot_seat``: "basic (bot)" in English,
    "basic (Bot)" in German), casefolded: a display name ending so would pass for a bot's."""
    endings = (translator(lang).texts["site.bot_seat"].split("{bot}")[-1] for lang in LANGUAGES)
    return frozenset(ending.strip().casefold() for ending in endings if ending.strip())


BOT_SUFFIXES = _bot_suffixes()


def passes_for_a_bot(name: str) -> bool:
    """Whether ``name`` ends as a bot's seat does, seen as a reader sees it: compatibility
    forms made plain (fullwidth brackets, a superscript letter) and spaces dropped.

    >>> wide = "Ann \\uff08\\uff22\\uff2f\\uff34\\uff09"  # fullwidth: "Ann (BOT)"
    >>> [passes_for_a_bot(n) for n in ("Ann (bot)", wide, "Ann ( bot )", "Abbot")]
    [True, True, True, False]
    """
    seen = "".join(unicodedata.normalize("NFKC", name).casefold().split())
    return any(seen.endswith("".join(suffix.split())) for suffix in BOT_SUFFIXES)


def _seen(character: str) -> bool:
    """Whether ``character`` shows as something: a letter, digit, punctuation or symbol."""
    return unicodedata.category(character)[0] in "LNPS" and character not in BLANK_LETTERS


def shows_something(value: str) -> bool:
    """Whether ``value`` has a character one sees (not only spaces and blank letters)."""
    return any(_seen(character) for character in value)


def _most_marks(value: str) -> int:
    """The most combining marks (accents and the like) ``value`` stacks on one character."""
    most = run = 0
    for character in value:
        run = run + 1 if unicodedata.category(character) in ("Mn", "Me") else 0
        most = max(most, run)
    return most


def _blank_is_none(value: Any) -> Any:
    return None if isinstance(value, str) and not value.strip() else value


OptionalNumber = Annotated[int | None, BeforeValidator(_blank_is_none)]


def _username(value: str) -> str:
    # at log-in too: no account has another name, and a NUL would reach the database, which
    # PostgreSQL refuses
    if not USERNAME.fullmatch(value):
        raise PydanticCustomError("form.username", "a username is 3 to 32 letters, digits, _ or -")
    return value


Username = Annotated[str, AfterValidator(_username)]


class RegisterForm(BaseModel):
    username: Username
    display_name: str = ""
    password: str

    @field_validator("display_name")
    @classmethod
    def _display_name(cls, value: str) -> str:
        value = " ".join(value.split())
        if len(value) > MAX_DISPLAY_NAME:
            raise PydanticCustomError(
                "form.display_name",
                "a display name is at most {most} characters",
                {"most": MAX_DISPLAY_NAME},
            )
        hidden = next((character for character in value if not character.isprintable()), None)
        if hidden is not None:
            raise PydanticCustomError(
                "form.display_name_hidden",
                "a display name cannot hold {character}: a control or invisible character",
                {"character": f"U+{ord(hidden):04X}"},
            )
        if value and not shows_something(value):
            raise PydanticCustomError(
                "form.display_name_blank", "a display name needs a letter, digit or sign one sees"
            )
        if _most_marks(value) > MAX_MARKS:
            raise PydanticCustomError(
                "form.display_name_marks",
                "a display name has at most {most} accents on one letter",
                {"most": MAX_MARKS},
            )
        mixed = mixed_word(value)
        if mixed is not None:
            raise PydanticCustomError(
                "form.display_name_mixed",
                "a display name cannot mix look-alike letters of two alphabets in one word: {word}",
                {"word": mixed},
            )
        if passes_for_a_bot(value):
            raise PydanticCustomError(
                "form.display_name_bot", "a display name cannot end in (bot): it names bots"
            )
        return value

    @field_validator("password")
    @classmethod
    def _password(cls, value: str) -> str:
        if not MIN_PASSWORD <= len(value) <= MAX_PASSWORD:
            raise PydanticCustomError(
                "form.password",
                "a password is {least} to {most} characters",
                {"least": MIN_PASSWORD, "most": MAX_PASSWORD},
            )
        return value


class LoginForm(BaseModel):
    username: Username = Field(max_length=32)
    password: str = Field(max_length=MAX_PASSWORD)


class JoinForm(BaseModel):
    password: str = Field("", max_length=MAX_PASSWORD)


PRESET_KEYS = tuple(preset.key for preset in PRESETS)


MOST_HAND_SIZE = 10
MOST_TOKENS = 99  # clue tokens, and storms: a game's length grows with its clue tokens


class TableForm(BaseModel):
    """A new table: a preset, the rules' options, a bot (or nobody) per seat after the host's."""

    variant: str
    players: int = Field(ge=2, le=5)
    hand_size: OptionalNumber = Field(None, ge=1, le=MOST_HAND_SIZE)
    clue_tokens: OptionalNumber = Field(None, ge=1, le=MOST_TOKENS)
    storms: OptionalNumber = Field(None, ge=1, le=MOST_TOKENS)
    start_seat: OptionalNumber = Field(None, ge=1, le=5)
    no_empty_clues: bool = False
    play_until_perfect: bool = False
    declared_play: bool = False
    bonus_tiles: bool = False
    hanab_live_ending: bool = False
    seat_2: str = ""
    seat_3: str = ""
    seat_4: str = ""
    seat_5: str = ""
    spectators: Spectators = Spectators.NONE
    password: str = Field("", max_length=MAX_PASSWORD)

    @field_validator("variant")
    @classmethod
    def _variant(cls, value: str) -> str:
        if value not in PRESET_KEYS:
            raise PydanticCustomError(
                "form.variant",
                "choose one of the variants: {variants}",
                {"variants": ", ".join(PRESET_KEYS)},
            )
        return value

    def rules(self) -> Variant:
        """The variant chosen; raises RulesError (with the rules' own message) if it cannot be."""
        options: dict[str, Any] = {"players": self.players}
        for name in ("hand_size", "clue_tokens", "storms"):
            if getattr(self, name) is not None:
                options[name] = getattr(self, name)
        if self.start_seat is not None:
            options["start_seat"] = self.start_seat - 1  # seats count from 1 on the page
        flags = {
            "all_or_nothing": self.play_until_perfect,
            "declared_play": self.declared_play,
            "bonus_tiles": self.bonus_tiles,
            "hanab_live_ending": self.hanab_live_ending,
        }
        # a box only switches an option on, so a preset's own options stay in force otherwise
        options |= {name: True for name, on in flags.items() if on}
        if self.no_empty_clues:
            options["empty_clues"] = False
        return find_variant(self.variant, **options)

    def bots(self) -> dict[int, str]:
        """The bots chosen, by seat (0 first); a seat left empty waits for a player."""
        chosen = {
            number - 1: getattr(self, f"seat_{number}") for number in range(2, self.players + 1)
        }
        return {seat: bot for seat, bot in chosen.items() if bot}


def problems(error: RequestValidationError, t: Translator) -> dict[str, str]:
    """What is wrong with a form, by field (``"form"`` for the form as a whole), in ``t``'s
    language: the first problem of each field, as a person can act on it."""
    found: dict[str, str] = {}
    for problem in error.errors():
        location: tuple[Any, ...] = tuple(problem.get("loc") or ())
        field = str(location[-1]) if len(location) > 1 else "form"
        kind = str(problem.get("type", ""))
        key = kind if kind.startswith("form.") else f"form.{kind}"
        params = {name: _shown(value) for name, value in (problem.get("ctx") or {}).items()}
        if kind == "enum":  # pydantic's "'a' or 'b'" is English: the form's own words instead
            choices = re.findall(r"'([^']*)'", params.get("expected", ""))
            params["expected"] = ", ".join(_choice(field, choice, t) for choice in choices)
        # a check we have no words for (only a crafted form can fail those) is said in the
        # visitor's language all the same, without its English details
        found.setdefault(field, t(key if key in t.texts else "form.not_valid", **params))
    return found


def _choice(field: str, choice: str, t: Translator) -> str:
    """A choice of a field as its form offers it (``spectators.none``), quoted; a choice the form
    has no words for as it is."""
    key = f"{field}.{choice}"
    return t("form.enum_choice", choice=t(key)) if key in t.texts else choice


def problem_lines(found: Mapping[str, str], t: Translator) -> list[tuple[str, str]]:
    """Each problem with the name of its field, for a list of a form's problems."""
    return [
        (field, t("form.problem", field=field_name(field, t), problem=problem))
        for field, problem in found.items()
    ]


def field_name(field: str, t: Translator) -> str:
    """A field's name as its form labels it."""
    key = f"field.{field}"
    return t(key) if key in t.texts else field.replace("_", " ")


def _shown(value: Any) -> str:
    return ", ".join(map(str, value)) if isinstance(value, (list, tuple)) else str(value)


__all__ = [
    "JoinForm",
    "LoginForm",
    "RegisterForm",
    "RulesError",
    "TableForm",
    "field_name",
    "problem_lines",
    "problems",
]
