"""Bots by name. Built-in bots register here; other packages add theirs through the
``openhanabi.bots`` entry point group (``name = "package.module:BotClass"``)."""

from __future__ import annotations

from importlib.metadata import entry_points

from openhanabi.bots.protocol import Bot
from openhanabi.rules import UnknownNameError, Variant

ENTRY_POINT_GROUP = "openhanabi.bots"
_BOTS: dict[str, type[Bot]] = {}
_scanned = False  # whether the installed entry points have been read (a slow scan: once)


def register(bot: type[Bot]) -> type[Bot]:
    """Make ``bot`` available under ``bot.name`` (usable as a class decorator)."""
    _BOTS[bot.name] = bot
    return bot


def _load_entry_points(again: bool = False) -> None:
    global _scanned
    if _scanned and not again:
        return
    _scanned = True
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        if entry.name not in _BOTS:
            bot = entry.load()
            if isinstance(bot, type) and issubclass(bot, Bot):
                _BOTS[entry.name] = bot


def bot_classes() -> dict[str, type[Bot]]:
    """Every registered bot, built-in and from entry points, by name."""
    _load_entry_points()
    return dict(sorted(_BOTS.items()))


def find_bot(name: str) -> type[Bot]:
    bot = _BOTS.get(name)
    if bot is not None:
        return bot
    _load_entry_points(again=True)  # a package may have been installed since the last scan
    bots = bot_classes()
    if name not in bots:
        raise UnknownNameError(f"unknown bot {name!r} (known bots: {', '.join(bots)})")
    return bots[name]


def make_bot(name: str, seat: int, variant: Variant, seed: int = 0) -> Bot:
    """A new bot called ``name`` for ``seat``."""
    return find_bot(name)(seat, variant, seed)
