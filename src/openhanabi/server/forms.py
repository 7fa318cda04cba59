"""The forms' fields, checked at once: a form that breaks a rule never reaches a service, and
each rule has a message a person can act on (the app lists them on a 422 page)."""

from __future__ import annotations

import re
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, Field, field_validator

from openhanabi.rules import PRESETS, RulesError, Variant, find_variant

USERNAME = re.compile(r"[A-Za-z0-9_-]{3,32}")
MIN_PASSWORD = 8
MAX_PASSWORD = 128


def _blank_is_none(value: Any) -> Any:
    return None if isinstance(value, str) and not value.strip() else value


OptionalNumber = Annotated[int | None, BeforeValidator(_blank_is_none)]


class RegisterForm(BaseModel):
    username: str
    display_name: str = ""
    password: str

    @field_validator("username")
    @classmethod
    def _username(cls, value: str) -> str:
        if not USERNAME.fullmatch(value):
            raise ValueError("a username is 3 to 32 letters, digits, _ or -")
        return value

    @field_validator("display_name")
    @classmethod
    def _display_name(cls, value: str) -> str:
        value = " ".join(value.split())
        if len(value) > 40 or not value.isprintable():
            raise ValueError("a display name is at most 40 printable characters")
        return value

    @field_validator("password")
    @classmethod
    def _password(cls, value: str) -> str:
        if not MIN_PASSWORD <= len(value) <= MAX_PASSWORD:
            raise ValueError(f"a password is {MIN_PASSWORD} to {MAX_PASSWORD} characters")
        return value


class LoginForm(BaseModel):
    username: str = Field(max_length=32)
    password: str = Field(max_length=MAX_PASSWORD)


class JoinForm(BaseModel):
    password: str = Field("", max_length=MAX_PASSWORD)


PRESET_KEYS = tuple(preset.key for preset in PRESETS)


class TableForm(BaseModel):
    """A new table: a preset, the rules' options, a bot (or nobody) per seat after the host's."""

    variant: str
    players: int = Field(ge=2, le=5)
    hand_size: OptionalNumber = Field(None, ge=1, le=10)
    clue_tokens: OptionalNumber = Field(None, ge=1, le=99)
    storms: OptionalNumber = Field(None, ge=1, le=99)
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
    password: str = Field("", max_length=MAX_PASSWORD)

    @field_validator("variant")
    @classmethod
    def _variant(cls, value: str) -> str:
        if value not in PRESET_KEYS:
            raise ValueError(f"choose one of the variants: {', '.join(PRESET_KEYS)}")
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


__all__ = ["JoinForm", "LoginForm", "RegisterForm", "RulesError", "TableForm"]
