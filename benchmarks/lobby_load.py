"""Lobby benchmark: what one load of the lobby costs when the site has many open tables.

It fills a fresh SQLite database with ``--tables`` unfinished tables, made by the server's own
functions (:mod:`openhanabi.server.accounts`, :mod:`openhanabi.server.lobby`) as players would
make them: a share of them (``--waiting``) waits for players, the first half of those with a
free seat and the rest full; the others play a dealt game. Each table seats two people and a
bot. Then it starts the real app in this process (its lifespan running and its garbage
collected as ``hanabi serve`` does) and asks for the lobby (``GET /``) through it, ``--loads``
times for each of two visitors: someone not signed in, and a player seated at the oldest
waiting table. The same request is the lobby's refresh: the open page asks for itself again
every few seconds (``static/live.js``), so each figure is paid once per open lobby per refresh.

For each visitor it reports the time per load (median and worst; and, on average, how much of
it went to noting who is here, to drawing the page from its template, and to the rest: reading
the tables, the visitor's session, the framework; and of it all, the time the database took to
answer), the SQL statements one load sends to the database, the size of the page, and how many
tables the page lists. ``--profile LINES`` adds the functions that took the most time while the
lobby's route noted who is here and drew the page (cProfile, cumulative, in the app's own
thread).

    python benchmarks/lobby_load.py [--tables 1000] [--loads 30] [--json report.json]

The run is bounded: at most ``--loads`` loads per visitor and ``--seconds`` of loading, and the
whole run stops after ``--timeout`` seconds.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import re
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import event

from openhanabi.rules import find_variant
from openhanabi.server import Settings, create_app
from openhanabi.server.accounts import open_session, register
from openhanabi.server.collector import Collector
from openhanabi.server.db import Database
from openhanabi.server.deps import SESSION_COOKIE
from openhanabi.server.lobby import join, open_table, start
from openhanabi.server.routes import lobby as lobby_routes
from openhanabi.server.security import Passwords

TABLE_LINK = re.compile(r'<a href="/tables/\d+">')


@dataclass
class Filled:
    tables: int
    waiting: int
    seated_token: str  # the session of a player at the oldest waiting table
    seconds: float


def fill(settings: Settings, tables: int, waiting: int) -> Filled:
    """``tables`` unfinished tables of two people and a bot: the first ``waiting`` wait (half
    of them with a free seat), the others play."""
    passwords = Passwords(1, 1024)
    database = Database(settings)
    database.open()
    started = time.perf_counter()
    variant = find_variant("base", players=3)
    token = ""
    try:
        with database.session() as db:
            for number in range(tables):
                host, guest = (
                    register(db, passwords, f"t{number}p{seat}", f"T{number} P{seat}", "lobby")
                    for seat in (1, 2)
                )
                if number == 0:
                    token = open_session(db, settings, host)
                table = open_table(db, passwords, host, variant, {2: "basic"})
                if number < waiting // 2:
                    continue  # waiting, a seat free
                join(db, settings, passwords, table, guest)
                if number >= waiting:
                    start(db, table, host)
    finally:
        database.close()
    return Filled(tables, waiting, token, time.perf_counter() - started)


class Phases:
    """Time spent in the lobby's two parts, reading the tables and drawing the page, measured
    in the app's own thread (wrapping the functions the route calls); with a profiler, each
    call is profiled there too."""

    def __init__(self, profiler: cProfile.Profile | None) -> None:
        self.profiler = profiler
        self.seconds: dict[str, float] = {}
        self.restore: list[tuple[Any, str, Any]] = []

    def wrap(self, owner: Any, name: str, phase: str) -> None:
        original = getattr(owner, name)

        def timed(*args: Any, **kwargs: Any) -> Any:
            if self.profiler is not None:
                self.profiler.enable()
            began = time.perf_counter()
            try:
                return original(*args, **kwargs)
            finally:
                self.seconds[phase] = self.seconds.get(phase, 0.0) + time.perf_counter() - began
                if self.profiler is not None:
                    self.profiler.disable()

        setattr(owner, name, timed)
        self.restore.append((owner, name, original))

    def reset(self) -> None:
        self.seconds.clear()

    def undo(self) -> None:
        for owner, name, original in reversed(self.restore):
            setattr(owner, name, original)


@dataclass
class Statements:
    """The SQL statements the app sent, and the time the database took to answer them."""

    sent: list[str]
    seconds: float = 0.0


@contextmanager
def counting_statements(client: TestClient) -> Iterator[Statements]:
    """The SQL statements the app sends while the block runs."""
    statements = Statements([])
    engine = client.app.state.database.engine  # type: ignore[attr-defined]
    began: list[float] = []

    def before(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        statements.sent.append(statement)
        began.append(time.perf_counter())

    def after(*_: Any) -> None:
        statements.seconds += time.perf_counter() - began.pop()

    event.listen(engine, "before_cursor_execute", before)
    event.listen(engine, "after_cursor_execute", after)
    try:
        yield statements
    finally:
        event.remove(engine, "before_cursor_execute", before)
        event.remove(engine, "after_cursor_execute", after)


def measure(client: TestClient, loads: int, seconds: float, phases: Phases) -> dict[str, Any]:
    """Ask for the lobby up to ``loads`` times (within ``seconds``) and sum up the loads."""
    client.get("/")  # the first load warms the templates and the statement cache
    phases.reset()
    times: list[float] = []
    counts: list[int] = []
    sql = 0.0
    page = ""
    deadline = time.perf_counter() + seconds
    while len(times) < loads and time.perf_counter() < deadline:
        with counting_statements(client) as statements:
            began = time.perf_counter()
            response = client.get("/")
            times.append(time.perf_counter() - began)
        if response.status_code != 200:
            raise SystemExit(f"the lobby answered {response.status_code}")
        counts.append(len(statements.sent))
        sql += statements.seconds
        page = response.text
    total = sum(times)
    drawing = phases.seconds.get("render", 0.0)
    presence = phases.seconds.get("look_around", 0.0)
    return {
        "loads": len(times),
        "ms_median": round(statistics.median(times) * 1000, 1),
        "ms_max": round(max(times) * 1000, 1),
        # per load, on average: noting who is here, drawing the page, and the rest (reading
        # the tables into objects, the visitor's session, the framework); and of all of it,
        # the time the database took to answer the statements
        "ms_presence": round(presence * 1000 / len(times), 1),
        "ms_render": round(drawing * 1000 / len(times), 1),
        "ms_rest": round((total - drawing - presence) * 1000 / len(times), 1),
        "ms_sql": round(sql * 1000 / len(times), 1),
        "statements_per_load": max(counts),
        "page_kib": round(len(page.encode()) / 1024, 1),
        "tables_listed": len(TABLE_LINK.findall(page)),
    }


def top_functions(profiler: cProfile.Profile, lines: int) -> str:
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("cumulative").print_stats(lines)
    return out.getvalue()


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Lobby benchmark: fills a fresh SQLite database with N unfinished tables and "
        "times loads of the lobby through the real app, with the SQL statements each sends.",
    )
    parser.add_argument(
        "--tables", type=int, default=1000, help="unfinished tables (default: %(default)s)"
    )
    parser.add_argument(
        "--waiting",
        type=float,
        default=0.2,
        help="share of the tables waiting for their start (default: %(default)s)",
    )
    parser.add_argument(
        "--loads", type=int, default=30, help="loads per visitor at most (default: %(default)s)"
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=60,
        help="time of loading per visitor at most (default: %(default)s)",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=900,
        help="hard limit of the whole run in seconds, filling included (default: %(default)s)",
    )
    parser.add_argument(
        "--profile", type=int, metavar="LINES", default=0, help="print the top LINES functions"
    )
    parser.add_argument(
        "--json", type=Path, metavar="FILE", help="also write the report as JSON to FILE"
    )
    args = parser.parse_args(argv)
    if args.tables < 2 or args.loads < 1 or not 0 < args.waiting <= 1:
        parser.error("--tables needs at least 2, --loads at least 1, --waiting in (0, 1]")
    return args


def watchdog(seconds: float) -> None:
    """Past the hard limit the run ends, whatever it is doing."""

    def expire() -> None:
        print(f"lobby_load: stopped after the hard limit of {seconds:.0f} s", file=sys.stderr)
        os._exit(3)

    timer = threading.Timer(seconds, expire)
    timer.daemon = True
    timer.start()


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    watchdog(args.timeout)
    waiting = max(2, round(args.tables * args.waiting))
    profiler = cProfile.Profile() if args.profile else None
    with tempfile.TemporaryDirectory(prefix="hanabi-lobby-") as scratch:
        # argon2 at its cheapest: making thousands of accounts would otherwise measure argon2
        settings = Settings(data_dir=Path(scratch), password_time_cost=1, password_memory_kib=1024)
        filled = fill(settings, args.tables, min(waiting, args.tables))
        print(
            f"filled {filled.tables} tables ({filled.waiting} waiting, "
            f"{filled.tables - filled.waiting} playing) in {filled.seconds:.1f} s"
        )
        result: dict[str, Any] = {"tables": filled.tables, "waiting": filled.waiting}
        phases = Phases(profiler)
        phases.wrap(lobby_routes, "render", "render")
        phases.wrap(lobby_routes, "look_around", "look_around")
        # collected as `hanabi serve` collects (server/collector.py): Python's own full
        # collections would otherwise pause some loads for what filling the database left
        collector = Collector(settings.collector_sweep_seconds)
        try:
            with TestClient(create_app(settings)) as anonymous:
                collector.start()
                result["not_signed_in"] = measure(anonymous, args.loads, args.seconds, phases)
                seated = TestClient(anonymous.app, cookies={SESSION_COOKIE: filled.seated_token})
                result["seated_player"] = measure(seated, args.loads, args.seconds, phases)
                seated.close()
        finally:
            collector.stop()
            phases.undo()
    for visitor in ("not_signed_in", "seated_player"):
        figures = result[visitor]
        print(
            f"{visitor.replace('_', ' ')}: {figures['loads']} loads, "
            f"median {figures['ms_median']} ms, max {figures['ms_max']} ms "
            f"(presence {figures['ms_presence']} ms, page drawn {figures['ms_render']} ms, "
            f"rest {figures['ms_rest']} ms; SQL {figures['ms_sql']} ms), "
            f"{figures['statements_per_load']} SQL statements per load, "
            f"{figures['page_kib']} KiB, {figures['tables_listed']} tables listed"
        )
    if profiler is not None:
        print(top_functions(profiler, args.profile))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
