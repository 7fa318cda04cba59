"""The summaries of the presets and bots in the visitor's language, and a bot as the seat menus
and the bots page name it: the rules and the bots speak English (``Preset.summary``, a bot's
``summary``); these say the same from the ``site`` catalogue, and fall back to the English of a
preset or bot that has no words there yet.

>>> from openhanabi.rules import PRESETS
>>> from openhanabi.server.i18n import translator
>>> preset_summary(PRESETS[0], translator("de"))
'fünf Farben, das Grundspiel'
"""

from __future__ import annotations

from openhanabi.bots import BESIDE_PEOPLE
from openhanabi.rules import Preset
from openhanabi.server.i18n import Translator

# what the seat menus and the bots page say beside two bots: the one for seats beside people
# (offered first) and hat, which does best beside other hat bots
BOT_NOTES = {BESIDE_PEOPLE: "new_table.bot_note.beside_people", "hat": "new_table.bot_note.hat"}


def preset_summary(preset: Preset, t: Translator) -> str:
    return _or_english(t, f"preset.{preset.key}", preset.summary)


def preset_name(key: str, t: Translator) -> str:
    """A preset's name as a player reads it ("Regenbogen"), its key where there is none (a
    variant of an imported record that no preset has is called "custom")."""
    return t.texts.get(f"preset_name.{key}", key)


def bot_summary(name: str, summary: str, t: Translator) -> str:
    return _or_english(t, f"bot.{name}", summary)


def bot_label(name: str, summary: str, t: Translator) -> str:
    """A bot as a seat menu offers it: its name, its summary and, for some, a note on whom it
    plays best beside."""
    label = t("new_table.seat_for_a_bot", bot=name, summary=bot_summary(name, summary, t))
    note = BOT_NOTES.get(name)
    return label if note is None else t("new_table.bot_with_note", bot=label, note=t(note))


def _or_english(t: Translator, key: str, english: str) -> str:
    return t(key) if key in t.texts else english
