"""``hanabi serve`` as a real process: it starts on a free loopback port, creates its database,
answers the home page, and stops cleanly on SIGINT, all within bounded time."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx2

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


def test_hanabi_serve_reports_a_bad_database_url(tmp_path: Path) -> None:
    result = subprocess.run(
        [
            *(sys.executable, "-c", RUN, "serve"),
            *("--database-url", "nosuchdb://x", "--port", str(free_port())),
        ],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        cwd=tmp_path,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "database" in result.stderr


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
