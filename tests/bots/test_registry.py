"""The bot registry: built-in bots by name, third-party bots through the ``openhanabi.bots``
entry point group, and a clear error for an unknown name."""

from __future__ import annotations

import importlib
import re
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from openhanabi.bots import (
    bot_classes,
    broken_bots,
    find_bot,
    make_bot,
    play_game,
    registry,
    resolve_bot,
)
from openhanabi.rules import Game, UnknownNameError, find_variant


@pytest.fixture
def installed_plugin(tmp_path: Path) -> Iterator[str]:
    """A distribution installed on sys.path whose entry point adds a bot called 'cautious'."""
    (tmp_path / "cautious_bot.py").write_text(
        textwrap.dedent(
            """
            from openhanabi.bots import Bot

            class CautiousBot(Bot):
                name = "cautious"
                summary = "always takes the first legal action"

                def act(self, view):
                    return view.legal_actions[0]
            """
        )
    )
    info = tmp_path / "cautious_bot-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: cautious-bot\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[openhanabi.bots]\ncautious = cautious_bot:CautiousBot\n"
    )
    sys.path.insert(0, str(tmp_path))
    try:
        yield "cautious"
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("cautious_bot", None)


def test_built_in_bots_are_registered_by_name() -> None:
    assert {"random", "basic", "hat", "conventions"} <= set(bot_classes())
    assert find_bot("random").name == "random"


def test_a_bot_installed_after_the_first_lookup_is_found_through_its_entry_point(
    installed_plugin: str,
) -> None:
    bot_classes()  # the registry has already scanned the entry points once
    variant = find_variant("base", players=2)
    bot = make_bot(installed_plugin, 1, variant, seed=3)
    assert type(bot).__name__ == "CautiousBot"
    assert (bot.seat, bot.variant, bot.seed) == (1, variant, 3)
    assert installed_plugin in bot_classes()


def test_an_unknown_bot_names_the_known_ones() -> None:
    with pytest.raises(UnknownNameError, match=r"unknown bot 'nobody' \(known bots: .*random"):
        find_bot("nobody")


@pytest.fixture
def broken_plugin(tmp_path: Path) -> Iterator[dict[str, str]]:
    """A distribution whose entry points name a bot that works and four that cannot be used:
    a module that does not import, a class that is not a Bot, a Bot that does not define act,
    and a built-in bot's name."""
    (tmp_path / "mixed_bots.py").write_text(
        textwrap.dedent(
            """
            from openhanabi.bots import Bot

            class Fine(Bot):
                name = "fine"
                summary = "always takes the first legal action"

                def act(self, view):
                    return view.legal_actions[0]

            class NotABot:
                pass

            class NoAct(Bot):
                name = "no-act"
                summary = "forgot act"
            """
        )
    )
    info = tmp_path / "mixed_bots-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: mixed-bots\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[openhanabi.bots]\n"
        "fine = mixed_bots:Fine\n"
        "missing-module = no_such_module_anywhere:Bot\n"
        "not-a-bot = mixed_bots:NotABot\n"
        "no-act = mixed_bots:NoAct\n"
        "basic = mixed_bots:Fine\n"
    )
    sys.path.insert(0, str(tmp_path))
    try:
        yield {
            "missing-module": "cannot be loaded: ModuleNotFoundError: No module named "
            "'no_such_module_anywhere'",
            "not-a-bot": "is not a subclass of openhanabi.bots.Bot",
            "no-act": "does not define act",
            "basic": "is not used: the name is taken by openhanabi.bots.basic.BasicBot",
        }
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("mixed_bots", None)
        registry._BOTS.pop("fine", None)
        for name in ("missing-module", "not-a-bot", "no-act", "basic"):
            registry._BROKEN.pop(name, None)


def test_entry_points_that_name_no_usable_bot_cost_only_themselves(
    broken_plugin: dict[str, str],
) -> None:
    find_bot("fine")  # a new scan of the entry points: the broken ones do not stop it
    assert "fine" in bot_classes() and find_bot("basic").__module__ == "openhanabi.bots.basic"
    broken = broken_bots()
    for name, problem in broken_plugin.items():
        assert name not in bot_classes() or name == "basic"
        assert broken[name].startswith(f"bot {name!r} (entry point ")
        assert problem in broken[name]
    for name in ("missing-module", "not-a-bot", "no-act"):
        with pytest.raises(UnknownNameError, match=re.escape(broken_plugin[name])):
            find_bot(name)


def add_distribution(folder: Path, name: str, entry_points: str) -> None:
    """A distribution called ``name`` in ``folder`` (on sys.path) with these entry points."""
    info = folder / f"{name}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[openhanabi.bots]\n{entry_points}")


@pytest.fixture
def plugin_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A folder on sys.path; the registry forgets the bots it held afterwards."""
    folder = tmp_path_factory.mktemp("plugins")
    sys.path.insert(0, str(folder))
    before = dict(registry._BOTS), dict(registry._BROKEN)
    try:
        yield folder
    finally:
        sys.path.remove(str(folder))
        sys.modules.pop("later_bot", None)
        registry._BOTS.clear()
        registry._BOTS.update(before[0])
        registry._BROKEN.clear()
        registry._BROKEN.update(before[1])
        importlib.invalidate_caches()


def test_an_entry_point_naming_the_bot_already_registered_under_its_name_is_not_broken(
    installed_plugin: str, plugin_folder: Path
) -> None:
    """The plugin's own entry point, seen again by a later scan once its bot is registered, and
    a package pointing at a built-in bot under that bot's own name both name the bot in use."""
    add_distribution(plugin_folder, "basic-again", "basic = openhanabi.bots.basic:BasicBot\n")
    bot = find_bot(installed_plugin)  # loads the plugin's bot
    with pytest.raises(UnknownNameError):
        find_bot("nobody")  # scans the entry points again, 'cautious' and 'basic' taken
    assert find_bot(installed_plugin) is bot
    assert installed_plugin not in broken_bots()
    assert "basic" not in broken_bots()
    assert find_bot("basic").__module__ == "openhanabi.bots.basic"


def test_a_package_fixed_since_the_last_scan_is_no_longer_listed_broken(
    plugin_folder: Path,
) -> None:
    """Its entry point named a module that was missing; once the module is there, the next
    scan loads its bot and forgets the fault."""
    add_distribution(plugin_folder, "later-bot", "later = later_bot:LaterBot\n")
    with pytest.raises(UnknownNameError, match="cannot be loaded: ModuleNotFoundError"):
        find_bot("later")
    assert "later" in broken_bots()
    (plugin_folder / "later_bot.py").write_text(
        textwrap.dedent(
            """
            from openhanabi.bots import Bot

            class LaterBot(Bot):
                name = "later"
                summary = "always takes the first legal action"

                def act(self, view):
                    return view.legal_actions[0]
            """
        )
    )
    importlib.invalidate_caches()  # the folder's listing is cached since the failed import
    assert find_bot("later").__name__ == "LaterBot"
    assert "later" not in broken_bots()
    assert "later" in bot_classes()


# A bot that is not installed, named by its file or module (FILE.py:CLASS, MODULE:CLASS): where
# a person names a bot on the command line, never where a web client does.

PICKY_BOT = """
import random

from openhanabi.bots import Bot

from picky_helpers import first_of  # a module beside the file


class Picky(Bot):
    name = "picky"
    summary = "a legal action drawn from its seed"

    def act(self, view):
        return first_of(random.Random(self.seed + len(view.events)).sample(view.legal_actions, 2))


class Outer:
    class Inner(Picky):
        name = "inner"
"""


@pytest.fixture
def bot_file(tmp_path: Path) -> Iterator[Path]:
    """A bot in a file of its own, importing a module beside it."""
    folder = tmp_path / "my bots"  # a space in the path, as in many home folders
    folder.mkdir()
    (folder / "picky_helpers.py").write_text("def first_of(actions):\n    return actions[0]\n")
    path = folder / "picky.py"
    path.write_text(PICKY_BOT)
    saved = list(sys.path)
    try:
        yield path
    finally:
        sys.path[:] = saved
        sys.modules.pop("picky_helpers", None)
        for name in [name for name in sys.modules if name.startswith("openhanabi_bot_picky_")]:
            del sys.modules[name]
        registry._SPECS.clear()


def test_a_bot_file_not_installed_plays_by_its_spec(bot_file: Path) -> None:
    picky = resolve_bot(f"{bot_file}:Picky")
    assert picky.name == "picky" and resolve_bot(f"{bot_file}:Picky") is picky  # loaded once
    assert resolve_bot(f"{bot_file}:Outer.Inner").name == "inner"
    variant = find_variant("base", players=3)
    games = [
        play_game(Game.new(variant, seed=4), [picky(s, variant, seed) for s in range(3)])
        for seed in (1, 1, 2)
    ]
    assert all(game.outcome is not None for game in games)
    assert games[0].events == games[1].events != games[2].events  # its seed, and only it, counts
    assert "picky" not in bot_classes()  # loaded for whoever named it, not registered


def test_a_module_not_installed_names_a_bot_by_its_import_path(
    bot_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(bot_file.parent))
    try:
        assert resolve_bot("picky:Outer.Inner").name == "inner"
    finally:
        sys.modules.pop("picky", None)
    assert resolve_bot("random") is find_bot("random")  # a name is a name


def test_a_registered_name_is_never_read_as_a_spec(monkeypatch: pytest.MonkeyPatch) -> None:
    uniform = find_bot("random")
    monkeypatch.setitem(registry._BOTS, "json:JSONDecoder", uniform)
    assert resolve_bot("json:JSONDecoder") is uniform


def test_only_the_command_line_reads_specs_a_registered_name_never_imports(
    bot_file: Path, tmp_path: Path
) -> None:
    marker = tmp_path / "imported"
    trap = tmp_path / "trap.py"
    trap.write_text(f"open({str(marker)!r}, 'w').close()\n")
    for lookup in (find_bot, lambda spec: make_bot(spec, 0, find_variant("base", players=2))):
        with pytest.raises(UnknownNameError, match="unknown bot"):
            lookup(f"{trap}:Bot")
    assert not marker.exists()


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("{folder}/nowhere.py:Picky", "there is no file {folder}/nowhere.py"),
        ("no_such_module_anywhere:Picky", "there is no module 'no_such_module_anywhere'"),
        ("{file}:Nobody", "{file} has no 'Nobody'"),
        ("{file}:Outer.Nobody", "{file} has no 'Outer.Nobody'"),
        ("{file}:random", "is not a subclass of openhanabi.bots.Bot"),
        ("{folder}/abstract.py:NoAct", "does not define act"),
        ("{folder}/broken.py:Picky", "cannot be loaded: ZeroDivisionError: division by zero"),
        ("{folder}/needs.py:Picky", "cannot be loaded: ModuleNotFoundError: No module named"),
        ("{file}:", "a spec is FILE.py:CLASS or MODULE:CLASS"),
        (":Picky", "a spec is FILE.py:CLASS or MODULE:CLASS"),
    ],
)
def test_a_spec_that_names_no_usable_bot_says_what_is_wrong(
    bot_file: Path, spec: str, message: str
) -> None:
    folder = bot_file.parent
    (folder / "abstract.py").write_text(
        "from openhanabi.bots import Bot\n\nclass NoAct(Bot):\n    name = 'no-act'\n"
    )
    (folder / "broken.py").write_text("1 / 0\n")
    (folder / "needs.py").write_text("import no_such_dependency_anywhere\n")
    fill = {"folder": folder, "file": bot_file}
    with pytest.raises(UnknownNameError) as refused:
        resolve_bot(spec.format(**fill))
    said = str(refused.value)
    assert said.startswith(f"bot {spec.format(**fill)!r}") and message.format(**fill) in said
    assert len(said.splitlines()) == 1
    # a file that failed as it ran is not left half-imported
    assert not any(name.startswith("openhanabi_bot_broken_") for name in sys.modules)
