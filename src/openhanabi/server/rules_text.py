"""The summaries of the presets and bots in the visitor's language, for the form that offers
them: the rules and the bots speak English (``Preset.summary``, a bot's ``summary``); these say
the same from the ``site`` catalogue, and fall back to the English of a preset or bot that has
no words there yet.

>>> from openhanabi.rules import PRESETS
>>> from openhanabi.server.i18n import translator
>>> preset_summary(PRESETS[0], translator("de"))
'fünf Farben, das Grundspiel'
"""

from __future__ import annotations

from openhanabi.rules import Preset
from openhanabi.server.i18n import Translator


def preset_summary(preset: Preset, t: Translator) -> str:
    return _or_english(t, f"preset.{preset.key}", preset.summary)


def bot_summary(name: str, summary: str, t: Translator) -> str:
    return _or_english(t, f"bot.{name}", summary)


def _or_english(t: Translator, key: str, english: str) -> str:
    return t(key) if key in t.texts else english
