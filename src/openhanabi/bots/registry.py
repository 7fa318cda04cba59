"""Bots by name. Built-in bots register here; other packages add theirs through the
``openhanabi.bots`` entry point group (``name = "package.module:BotClass"``).

A bot that is not installed can still be named where a person names one on the command line
(``hanabi bench``, ``hanabi play``, ``hanabi replay``): :func:`resolve_bot` takes a *spec*,
``FILE.py:CLASS`` or ``MODULE:CLASS``, as well as a registered name. The web platform never does:
it seats only registered bots (:func:`find_bot`), so no visitor can name code to import.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import inspect
import sys
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path

from openhanabi.bots.protocol import Bot
from openhanabi.rules import UnknownNameError, Variant

ENTRY_POINT_GROUP = "openhanabi.bots"
_BOTS: dict[str, type[Bot]] = {}
_BROKEN: dict[str, str] = {}  # entry points that name no usable bot: what is wrong with each
_scanned = False  # whether the installed entry points have been read (a slow scan: once)
_SPECS: dict[str, type[Bot]] = {}  # bots loaded from a spec, by the spec (loaded once)


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
        return f"{where} cannot be loaded: {_said(error)}"
    return _checked(bot, where)


def _said(error: BaseException) -> str:
    return " ".join(f"{type(error).__name__}: {error}".split())


def _checked(bot: object, where: str) -> type[Bot] | str:
    """``bot`` if it is a bot class that can be made, else what is wrong with it."""
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


def resolve_bot(name: str) -> type[Bot]:
    """The bot a person named: a registered name (:func:`find_bot`), or a spec of a bot not
    installed, ``FILE.py:CLASS`` or ``MODULE:CLASS`` (:func:`load_bot`). For the command line
    and the benchmarks, where whoever names the bot runs the code anyway; never for names that
    come from a client."""
    if ":" not in name or name in bot_classes():  # a registered name is never a spec
        return find_bot(name)
    return load_bot(name)


def load_bot(spec: str) -> type[Bot]:
    """The bot class ``spec`` names: ``FILE.py:CLASS`` (a Python file, loaded as Python runs a
    script: its folder first on ``sys.path``, so that it can import the modules beside it) or
    ``MODULE:CLASS`` (a module importable here); ``CLASS`` may be dotted (``Outer.Inner``).
    Loaded once per process. Raises UnknownNameError saying what is wrong: no such file or
    module, no such class, a module that fails as it is imported, or a class that is not a
    :class:`Bot` that can be made."""
    bot = _SPECS.get(spec)
    if bot is not None:
        return bot
    where, _, attribute = spec.rpartition(":")  # rpartition: a Windows path has a colon too
    if not where or not attribute:
        raise UnknownNameError(f"bot {spec!r}: a spec is FILE.py:CLASS or MODULE:CLASS")
    is_file = where.endswith(".py")
    if is_file and not Path(where).is_file():
        raise UnknownNameError(f"bot {spec!r}: there is no file {where}")
    try:
        module = _import_file(where) if is_file else importlib.import_module(where)
    except ModuleNotFoundError as error:
        if error.name is not None and (where + ".").startswith(error.name + "."):
            raise UnknownNameError(f"bot {spec!r}: there is no module {where!r}") from None
        raise UnknownNameError(f"bot {spec!r} cannot be loaded: {_said(error)}") from None
    except Exception as error:  # the module's own code failed as it was imported
        raise UnknownNameError(f"bot {spec!r} cannot be loaded: {_said(error)}") from None
    found: object = module
    for part in attribute.split("."):
        if not hasattr(found, part):
            raise UnknownNameError(f"bot {spec!r}: {where} has no {attribute!r}")
        found = getattr(found, part)
    checked = _checked(found, f"bot {spec!r}")
    if isinstance(checked, str):
        raise UnknownNameError(checked)
    _SPECS[spec] = checked
    return checked


def _import_file(where: str) -> object:
    """The module of the Python file ``where``, under a name of its own (the file's stem and a
    digest of its full path, so that two files of one name, or one named as a module already
    imported, do not meet)."""
    path = Path(where).resolve()
    digest = hashlib.blake2b(str(path).encode(), digest_size=6).hexdigest()
    name = f"openhanabi_bot_{path.stem}_{digest}"
    module = sys.modules.get(name)
    if module is not None:
        return module
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise UnknownNameError(f"{where} cannot be loaded as Python")
    module = importlib.util.module_from_spec(spec)
    folder = str(path.parent)
    if folder not in sys.path:
        sys.path.insert(0, folder)
    sys.modules[name] = module  # before it runs: dataclasses and pickling look it up there
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module
