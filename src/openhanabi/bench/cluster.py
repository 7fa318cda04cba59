"""Playing chunks of games on a Ray cluster. Ray is optional: it is imported only here, and
only when a :class:`RayCluster` is opened (``pip install 'openhanabi[ray]'``)."""

from __future__ import annotations

import importlib
import logging
import socket
from collections.abc import Iterator, Sequence
from types import TracebackType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from openhanabi.bench.executors import Work
    from openhanabi.bench.runner import Chunk, ChunkResult

LOCAL = "local"  # the address that starts a Ray instance on this machine


class RayUnavailableError(RuntimeError):
    """Ray is not installed, or the cluster cannot be reached."""


class RayCluster:
    """An executor on the Ray cluster at ``address`` (``"local"`` starts one here).

    Use it as a context manager: it connects on entry and disconnects on exit (a local instance
    it started stops then).
    """

    def __init__(self, address: str = LOCAL, workers: int | None = None) -> None:
        self.address = address
        self._workers = workers
        self._ray: Any = None

    def __enter__(self) -> RayCluster:
        try:
            ray = importlib.import_module("ray")
        except ImportError:
            raise RayUnavailableError(
                "Ray is not installed: pip install 'openhanabi[ray]'"
            ) from None
        options: dict[str, Any] = {"logging_level": logging.ERROR, "include_dashboard": False}
        if self.address != LOCAL:
            if not _answers(self.address):
                raise RayUnavailableError(f"nothing answers at Ray address {self.address!r}")
            options["address"] = self.address
        else:
            # a local instance is for this machine only: give it the loopback address
            options["_node_ip_address"] = "127.0.0.1"
            if self._workers is not None:
                options["num_cpus"] = self._workers
        try:
            ray.init(**options)
        except Exception as error:  # Ray raises ConnectionError, RuntimeError, ValueError...
            raise RayUnavailableError(
                f"cannot start or reach Ray at {self.address!r}: {' '.join(str(error).split())}"
            ) from None
        self._ray = ray
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self._ray is not None:
            self._ray.shutdown()
            self._ray = None

    @property
    def workers(self) -> int:
        if self._ray is None:
            return self._workers or 1
        return max(1, int(self._ray.cluster_resources().get("CPU", 1)))

    def map(self, work: Work, chunks: Sequence[Chunk]) -> Iterator[tuple[int, ChunkResult]]:
        ray = self._ray
        if ray is None:
            raise RuntimeError("open the cluster first: with RayCluster(address) as cluster")
        remote = ray.remote(work)
        pending = {remote.remote(chunk): index for index, chunk in enumerate(chunks)}
        try:
            while pending:
                ready, _ = ray.wait(list(pending), num_returns=1)
                for ref in ready:
                    yield pending.pop(ref), ray.get(ref)
        finally:  # closed early (a bot over its time, an error, a Ctrl-C): the rest stop now
            for ref in pending:
                ray.cancel(ref, force=True)


def _answers(address: str, timeout: float = 5.0) -> bool:
    """Whether a ``host:port`` (or ``ray://host:port``) address accepts a connection; other
    forms (such as ``auto``) are left to Ray. Ray itself retries an unreachable address for
    minutes, so the command checks first and fails fast."""
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        return True
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=timeout):
            return True
    except OSError:
        return False
