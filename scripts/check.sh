#!/usr/bin/env bash
# Install what the checks need into .venv, then run every check: lint, format, types, tests.
# The tests run on SQLite; when HANABI_TEST_DATABASE_URL names a PostgreSQL database, the
# server and browser tests run a second time on it.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
# HLE (the reference the `hle` encoding is tested against) compiles with CMake
CMAKE_POLICY_VERSION_MINIMUM=3.5 .venv/bin/python -m pip install --quiet \
    --disable-pip-version-check -e '.[test,hle,ray]'
.venv/bin/ruff check src tests benchmarks examples
.venv/bin/ruff format --check src tests benchmarks examples
.venv/bin/mypy
postgresql="${HANABI_TEST_DATABASE_URL:-}"
# one worker per core, each taking a whole test file at a time (a file's fixtures start once);
# every SQLite test has a database file of its own
env -u HANABI_TEST_DATABASE_URL .venv/bin/pytest --numprocesses auto --dist loadfile "$@"
if [[ -n "$postgresql" ]]; then
    echo "the server and browser tests again, on PostgreSQL"
    # in one process: two workers gain little here, and load the browser tests' timing
    HANABI_TEST_DATABASE_URL="$postgresql" .venv/bin/pytest tests/server tests/browser
fi
