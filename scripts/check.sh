#!/usr/bin/env bash
# Install what the checks need into .venv, then run every check: lint, format, types, tests.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
# HLE (the reference the `hle` encoding is tested against) compiles with CMake
CMAKE_POLICY_VERSION_MINIMUM=3.5 .venv/bin/python -m pip install --quiet \
    --disable-pip-version-check -e '.[test,hle,ray]'
.venv/bin/ruff check src tests benchmarks examples
.venv/bin/ruff format --check src tests benchmarks examples
.venv/bin/mypy
.venv/bin/pytest "$@"
