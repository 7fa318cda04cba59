"""What the package needs at run time travels inside it: every file under src/openhanabi that is
not Python source is listed in pyproject's package data (else an installed wheel lacks it)."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "openhanabi"


def test_every_data_file_of_the_package_is_declared_as_package_data() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = config["tool"]["setuptools"]["package-data"]["openhanabi"]
    data = [
        path.relative_to(PACKAGE).as_posix()
        for path in PACKAGE.rglob("*")
        if path.is_file() and path.suffix not in (".py", ".pyc") and "__pycache__" not in path.parts
    ]
    assert data, "the package has data files (templates, styles, py.typed)"
    missing = [name for name in data if not any(fnmatch.fnmatch(name, p) for p in patterns)]
    assert missing == []
