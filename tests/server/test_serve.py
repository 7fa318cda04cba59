"""``hanabi serve`` as a real process: it starts on a free loopback port, creates its database,
answers the home page, and stops cleanly on SIGINT, all within bounded time."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx2
import pytest

from openhanabi.server import Settings
from openhanabi.server.db import Database

RUN = "import sys; from openhanabi.cli import main; sys.exit(main())"
START_SECONDS = 30
STOP_SECONDS = 15


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def test_hanabi_serve_answers_the_home_page_and_stops(tmp_path: Path) -> None:
    port = free_port()
    data = tmp_path / "data"
    command = [sys.executable, "-c", RUN, "serve", "--port", str(port), "--data-dir", str(data)]
    server = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=tmp_path
    )
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + START_SECONDS
        while True:
            assert server.poll() is None, server.communicate()[0]
            try:
                response = httpx2.get(url + "/", timeout=2)
                break
            except httpx2.TransportError:
                assert time.monotonic() < deadline, "the server did not answer in time"
                time.sleep(0.1)
        assert response.status_code == 200
        assert "<h1>Lobby</h1>" in response.text
        assert (data / "hanabi.sqlite3").is_file()
    finally:
        server.send_signal(signal.SIGINT)
        try:
            output, _ = server.communicate(timeout=STOP_SECONDS)
        except subprocess.TimeoutExpired:
            server.kill()
            output, _ = server.communicate()
            raise
    assert server.returncode == 0, output
    assert "Application shutdown complete." in output


def serve(tmp_path: Path, *options: str, **environment: str) -> subprocess.CompletedProcess[str]:
    """``hanabi serve`` with ``options`` and ``HANABI_*`` variables, expected to stop at once."""
    return subprocess.run(
        [*(sys.executable, "-c", RUN, "serve"), *options, "--port", str(free_port())],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        cwd=tmp_path,
        env=os.environ | {f"HANABI_{name}": value for name, value in environment.items()},
    )


@pytest.mark.parametrize(
    ("url", "said"),
    [
        ("nosuchdb://x", "cannot open the database nosuchdb://x"),
        ("mysql://x@y/z", "its driver MySQLdb is not installed"),  # a dialect without its driver
    ],
)
def test_hanabi_serve_reports_a_bad_database_url(tmp_path: Path, url: str, said: str) -> None:
    result = serve(tmp_path, "--database-url", url)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert said in result.stderr
    assert len(result.stderr.splitlines()) == 1


@pytest.mark.parametrize(
    ("name", "value"), [("COLLECTOR_SWEEP_SECONDS", "abc"), ("IMPORTS_PER_HOUR", "-5")]
)
def test_hanabi_serve_names_the_variable_of_a_wrong_setting(
    tmp_path: Path, name: str, value: str
) -> None:
    result = serve(tmp_path, **{name: value})
    assert result.returncode == 2
    assert result.stderr.startswith(f"hanabi serve: HANABI_{name} ('{value}'): ")
    assert len(result.stderr.splitlines()) == 1


def test_hanabi_serve_reports_a_port_it_cannot_listen_on_and_makes_no_database(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        for bad, said in ((str(port), "cannot listen on 127.0.0.1:"), ("70000", "--port must be")):
            result = subprocess.run(
                [sys.executable, "-c", RUN, "serve", "--port", bad, "--data-dir", str(data)],
                capture_output=True,
                text=True,
                timeout=60,
                check=False,
                cwd=tmp_path,
            )
            assert result.returncode == 2, result.stderr
            assert result.stderr.startswith(f"hanabi serve: {said}"), result.stderr
            assert len(result.stderr.splitlines()) == 1, result.stderr
            assert not data.exists()


def test_hanabi_serve_says_a_data_folder_that_is_a_file_is_one(tmp_path: Path) -> None:
    taken = tmp_path / "data"
    taken.write_text("not a folder")
    result = serve(tmp_path, "--data-dir", str(taken))
    assert result.returncode == 2
    assert result.stderr == f"hanabi serve: --data-dir {taken} is a file, not a folder\n"


def test_hanabi_serve_lists_its_settings_and_starts_nothing(tmp_path: Path) -> None:
    """``--settings`` names every variable the server reads, with its default and what it
    does, and exits like ``--help``: no server, no database."""
    result = serve(tmp_path, "--settings")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    for name, field in Settings.model_fields.items():
        heads = [line for line in lines if line.startswith(f"HANABI_{name.upper()} (default: ")]
        assert len(heads) == 1, name
        assert (field.description or "").split()[0] in lines[lines.index(heads[0]) + 1]
    assert "HANABI_SECURE_COOKIES (default: false)" in lines
    assert "HANABI_SEAT_GONE_MINUTES (default: 10)" in lines
    assert list(tmp_path.iterdir()) == []  # no data directory was made


def test_hanabi_serve_says_a_database_it_cannot_write_and_does_not_start(tmp_path: Path) -> None:
    """A database the server may read but not write (an SQLite file another account owns, here
    opened read-only) would let it start and refuse every sign-up and move: one line instead."""
    settings = Settings(data_dir=tmp_path / "data")
    database = Database(settings)
    database.open()
    database.close()
    read_only = f"sqlite:///file:{tmp_path / 'data' / 'hanabi.sqlite3'}?mode=ro&uri=true"
    result = serve(tmp_path, "--database-url", read_only)
    assert result.returncode == 2, result.stderr
    assert result.stderr.startswith("hanabi serve: cannot open the database "), result.stderr
    assert "readonly database" in result.stderr
    assert len(result.stderr.splitlines()) == 1
