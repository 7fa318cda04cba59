"""The rules package uses the standard library only and exports its public names."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import openhanabi.rules

RULES_DIR = Path(openhanabi.rules.__file__).parent


def test_rules_imports_only_the_standard_library_and_itself() -> None:
    for path in RULES_DIR.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                if name.startswith("openhanabi."):
                    assert name.startswith("openhanabi.rules"), f"{path.name} imports {name}"
                else:
                    assert top in sys.stdlib_module_names or top == "__future__", (
                        f"{path.name} imports {name}"
                    )


def test_every_exported_name_exists() -> None:
    for name in openhanabi.rules.__all__:
        assert hasattr(openhanabi.rules, name), name
