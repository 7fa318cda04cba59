"""The real server as a process of its own: ``hanabi serve`` on a free port of the loopback
address, on an SQLite file in a temporary directory or on the PostgreSQL database named by
``HANABI_TEST_DATABASE_URL`` (emptied first; see ``tests/postgresql.py``). Tests start it, kill
it and start it again."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx2

from postgresql import database_url, empty

HANABI = Path(sys.executable).with_name("hanabi")
# argon2 at its lowest cost: the tests register often, and the cost is not what they test
SERVER_ENVIRONMENT = {"HANABI_PASSWORD_TIME_COST": "1", "HANABI_PASSWORD_MEMORY_KIB": "1024"}
# bots that act soon, but one after another as a person can follow
BOT_DELAY_SECONDS = 0.1
START_SECONDS = 30.0


def free_port() -> int:
    """A port nothing listens on now (the kernel's pick)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class LiveServer:
    """One database and the ``hanabi serve`` processes that run on it, one at a time."""

    def __init__(self, directory: Path, bot_delay_seconds: float = BOT_DELAY_SECONDS) -> None:
        self.directory = directory
        self.bot_delay_seconds = bot_delay_seconds
        self.data_dir = directory / "data"
        self.postgresql = database_url()
        self.database_url = self.postgresql or f"sqlite:///{self.data_dir / 'hanabi.sqlite3'}"
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.starts = 0
        if self.postgresql:
            empty(self.postgresql)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def socket_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Start a server process on the same port and database and wait until it answers."""
        assert self.process is None, "the server is already running"
        self.starts += 1
        log = (self.directory / f"server-{self.starts}.log").open("wb")
        command = [str(HANABI), "serve", "--host", "127.0.0.1", "--port", str(self.port)]
        command += ["--database-url", self.postgresql] if self.postgresql else []
        command += ["--data-dir", str(self.data_dir)]
        environment = {
            **os.environ,
            **SERVER_ENVIRONMENT,
            "HANABI_BOT_DELAY_SECONDS": str(self.bot_delay_seconds),
        }
        self.process = subprocess.Popen(
            command, stdout=log, stderr=subprocess.STDOUT, env=environment
        )
        log.close()
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"hanabi serve exited at start:\n{self.log()}")
            try:
                if httpx2.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return
            except httpx2.TransportError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"hanabi serve did not answer within {START_SECONDS} s:\n{self.log()}")

    def kill(self) -> None:
        """SIGKILL: the process ends at once, with no chance to save or say goodbye."""
        assert self.process is not None, "the server is not running"
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()
        self.process = None

    def stop(self) -> None:
        """End the process the polite way (SIGTERM), or kill it if it does not end."""
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None

    def log(self) -> str:
        """What the server processes printed, newest start last."""
        logs = sorted(self.directory.glob("server-*.log"))
        return "\n".join(path.read_text(errors="replace") for path in logs)
