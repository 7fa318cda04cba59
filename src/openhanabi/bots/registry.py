"""Bots by name. Built-in bots register here; other packages add theirs through the
``openhanabi.bots`` entry point group (``name = "package.module:BotClass"``)."""

from __future__ import annotations

import inspect
from importlib.metadata import EntryPoint, entry_points

from openhanabi.bots.protocol import Bot
from openhanabi.rules import UnknownNameError, Variant

ENTRY_POINT_GROUP = "openhanabi.bots"
_BOTS: dict[str, type[Bot]] = {}
_BROKEN: dict[str, str] = {}  # entry points that name no usable bot: what is wrong with each
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
        taken = _BOTS.get(entry.name)
        if taken is not None:
            if (entry.module, entry.attr) != (taken.__module__, taken.__qualname__):
                _BROKEN[entry.name] = (
                    f"{_where(entry)} is not used: the name is taken by "
                    f"{taken.__module__}.{taken.__qualname__}"
                )
        else:
            # one broken package must not cost every other bot, nor every command
            bot = _load(entry)
            if isinstance(bot, str):
                _BROKEN[entry.name] = bot
            else:
                _BROKEN.pop(entry.name, None)
                _BOTS[entry.name] = bot


def _load(entry: EntryPoint) -> type[Bot] | str:
    """The bot class ``entry`` names, or what is wrong with it."""
    where = _where(entry)
    try:
        bot = entry.load()
    except Exception as error:
        said = " ".join(f"{type(error).__name__}: {error}".split())
        return f"{where} cannot be loaded: {said}"
    if not (isinstance(bot, type) and issubclass(bot, Bot)):
        return f"{where} is not a subclass of openhanabi.bots.Bot: {bot!r}"
    if inspect.isabstract(bot):
        missing = ", ".join(sorted(getattr(bot, "__abstractmethods__", ())))
        return f"{where} does not define {missing}"
    return bot


def _where(entry: EntryPoint) -> str:
    return f"bot {entry.name!r} (entry point {entry.value} in the {ENTRY_POINT_GROUP} group)"


def bot_classes() -> dict[str, type[Bot]]:
    """Every registered bot, built-in and from entry points, by name."""
    _load_entry_points()
    return dict(sorted(_BOTS.items()))


def broken_bots() -> dict[str, str]:
    """The entry points of the ``openhanabi.bots`` group that name no usable bot, by name:
    what is wrong with each (a module that does not import, a class that is not a Bot...)."""
    _load_entry_points()
    return dict(sorted(_BROKEN.items()))


def find_bot(name: str) -> type[Bot]:
    """The bot called ``name``; raises UnknownNameError, which says why, for a name that is no
    bot's or whose package's entry point is broken."""
    bot = _BOTS.get(name)
    if bot is not None:
        return bot
    _load_entry_points(again=True)  # a package may have been installed since the last scan
    bots = bot_classes()
    if name in _BROKEN:
        raise UnknownNameError(_BROKEN[name])
    if name not in bots:
        raise UnknownNameError(f"unknown bot {name!r} (known bots: {', '.join(bots)})")
    return bots[name]


def make_bot(name: str, seat: int, variant: Variant, seed: int = 0) -> Bot:
    """A new bot called ``name`` for ``seat``."""
    return find_bot(name)(seat, variant, seed)
