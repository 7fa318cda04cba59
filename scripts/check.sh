#!/usr/bin/env bash
# Install what the checks need into .venv, then run every check: lint, format, types, tests.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
.venv/bin/ruff check src tests benchmarks
.venv/bin/ruff format --check src tests benchmarks
.venv/bin/mypy
.venv/bin/pytest "$@"
