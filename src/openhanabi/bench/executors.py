"""Executors: where a plan's chunks of games are played.

An executor takes a function and the chunks and yields ``(index, answer)`` pairs in whatever
order the answers come; :func:`openhanabi.bench.runner.run` puts them back in order. Games depend
only on their seeds, so every executor gives the same results. Closed before its last answer
(a bot ran over its time for a move, an error, a Ctrl-C), an executor stops its games at once:
no worker plays on for nothing.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from openhanabi.bench.runner import Chunk, ChunkResult

Work = Callable[["Chunk"], "ChunkResult"]


class Executor(Protocol):
    @property
    def workers(self) -> int:
        """How many chunks it plays at once (to cut the plan into enough chunks)."""
        ...

    def map(self, work: Work, chunks: Sequence[Chunk]) -> Iterator[tuple[int, ChunkResult]]:
        """``(index, work(chunks[index]))`` for every chunk, in any order."""
        ...


def default_jobs() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


class Serial:
    """Plays every chunk in this process, in order."""

    workers = 1

    def map(self, work: Work, chunks: Sequence[Chunk]) -> Iterator[tuple[int, ChunkResult]]:
        for index, chunk in enumerate(chunks):
            yield index, work(chunk)


class Processes:
    """Plays chunks in ``jobs`` worker processes (:class:`ProcessPoolExecutor`)."""

    def __init__(self, jobs: int) -> None:
        if jobs < 1:
            raise ValueError(f"jobs must be at least 1, not {jobs}")
        self.workers = jobs

    def map(self, work: Work, chunks: Sequence[Chunk]) -> Iterator[tuple[int, ChunkResult]]:
        if self.workers == 1 or len(chunks) <= 1:
            yield from Serial().map(work, chunks)
            return
        pool = ProcessPoolExecutor(max_workers=min(self.workers, len(chunks)))
        finished = False
        try:
            futures = {pool.submit(work, chunk): index for index, chunk in enumerate(chunks)}
            for future in as_completed(futures):
                yield futures[future], future.result()
            finished = True
        finally:
            if finished:
                pool.shutdown(wait=True)
            else:  # the chunks not yet started are dropped, the ones playing stopped
                _terminate(pool)


def _terminate(pool: ProcessPoolExecutor) -> None:
    """Shut ``pool`` down without waiting for its work: its worker processes are ended (as
    Python 3.14's ``terminate_workers`` does) and gone once this returns."""
    processes = list((pool._processes or {}).values())  # shutting down forgets them
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(5)
        if process.is_alive():  # a bot that catches SIGTERM
            process.kill()
            process.join()


def executor_for(jobs: int) -> Serial | Processes:
    """In this process for one job, else a pool of ``jobs`` processes."""
    return Serial() if jobs == 1 else Processes(jobs)
