"""Load benchmark of the web platform: many tables of players acting through the real socket.

It starts the real server (``hanabi serve``) as a subprocess on a free loopback port with a fresh
database, seats ``--tables`` games of ``--players`` players (plus ``--server-bots`` of the
server's own bots), and connects one websocket per player, signed in with the player's session
cookie, as a browser would. Each player sees only its own seat's state and acts on its turn after
a think time (``--think``, random between two bounds: human pacing), choosing from
``state["legal"]`` by a simple fixed rule. After ``--seconds`` the players stop acting, the
server is stopped, and every game's stored record is read back from the database.

The players speak the game page's protocol: the first frame is the whole state, each later one
a ``delta`` that the player applies to the state before it (:mod:`openhanabi.server.frames`).
The latency of an action is the time from the player's send to the moment the frame that
includes it (the state's ``actions`` grew) has been read by every player of its table: it holds
the server's work and the players' own (reading their frames, in this one process, on the same
machine; ``players_cpu_ms_per_action`` in the report says how much CPU that took). "Lost" counts
the games whose stored record does not hold exactly the actions the players saw acknowledged,
and actions sent that were never acknowledged.

The tables, users and sessions are made directly in the database by the server's own functions
(:mod:`openhanabi.server.accounts`, :mod:`openhanabi.server.lobby`) before the server starts:
registering thousands of users over HTTP would measure argon2, not the game. For the same
reason the server runs with the cheapest argon2 settings (``HANABI_PASSWORD_TIME_COST=1``,
``HANABI_PASSWORD_MEMORY_KIB=1024``). Its players all connect from the loopback address, which
the server lets hold as many game sockets as they need (``HANABI_SOCKETS_PER_ADDRESS``).

    python benchmarks/server_load.py [--tables 1000] [--seconds 60] [--json report.json]

Only loopback addresses are used; the run is bounded by ``--seconds`` and ``--timeout``.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2
import orjson
import websockets
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
from sqlalchemy import select

from openhanabi.rules import find_variant
from openhanabi.server import Settings
from openhanabi.server.accounts import open_session, register
from openhanabi.server.db import Database
from openhanabi.server.deps import SESSION_COOKIE
from openhanabi.server.frames import apply_delta
from openhanabi.server.lobby import join, open_table, start
from openhanabi.server.models import GameRecord
from openhanabi.server.security import Passwords

RUN = "import sys; from openhanabi.cli import main; sys.exit(main())"
CHEAP_PASSWORDS = {"HANABI_PASSWORD_TIME_COST": "1", "HANABI_PASSWORD_MEMORY_KIB": "1024"}
# every player connects from the loopback address, standing for people at addresses of their own
ONE_ADDRESS_FOR_ALL = {"HANABI_SOCKETS_PER_ADDRESS": "1000000"}
START_SECONDS = 60
CONNECTING_AT_ONCE = 50  # sockets opened concurrently while the tables fill


# ---------------------------------------------------------------------- setup


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class SeatedTable:
    table_id: int
    game_id: int
    tokens: dict[int, str]  # seat -> session token of its player


def seat_tables(
    settings: Settings, tables: int, players: int, server_bots: int
) -> list[SeatedTable]:
    """``tables`` started games, each of ``players`` signed-in players and ``server_bots`` bots."""
    passwords = Passwords(1, 1024)
    database = Database(settings)
    database.open()
    seated = []
    try:
        variant = find_variant("base", players=players + server_bots)
        bots = dict.fromkeys(range(players, players + server_bots), "basic")
        with database.session() as db:
            for number in range(tables):
                users = [
                    register(
                        db,
                        passwords,
                        f"t{number}p{seat}",
                        f"T{number} P{seat + 1}",
                        "load benchmark",
                    )
                    for seat in range(players)
                ]
                tokens = {seat: open_session(db, settings, user) for seat, user in enumerate(users)}
                table = open_table(db, passwords, users[0], variant, bots)
                for user in users[1:]:
                    join(db, settings, passwords, table, user)
                game = start(db, table, users[0])
                seated.append(SeatedTable(table.id, game.id, tokens))
    finally:
        database.close()
    return seated


class Server:
    """``hanabi serve`` in a subprocess, its output in a log file."""

    def __init__(self, settings: Settings, port: int, log: Path, bot_delay: float) -> None:
        command = [sys.executable, "-c", RUN, "serve", "--host", "127.0.0.1"]
        command += ["--port", str(port), "--database-url", settings.database_url]
        env = os.environ | CHEAP_PASSWORDS | ONE_ADDRESS_FOR_ALL
        env |= {"HANABI_BOT_DELAY_SECONDS": str(bot_delay)}
        self.url = f"http://127.0.0.1:{port}"
        self.log = log.open("w")
        self.process = subprocess.Popen(
            command, stdout=self.log, stderr=subprocess.STDOUT, env=env, cwd=log.parent
        )

    def wait_ready(self) -> None:
        deadline = time.monotonic() + START_SECONDS
        while True:
            if self.process.poll() is not None:
                raise SystemExit(f"the server stopped at start; see {self.log.name}")
            try:
                if httpx2.get(self.url + "/healthz", timeout=2).status_code == 200:
                    return
            except httpx2.TransportError:
                pass
            if time.monotonic() > deadline:
                raise SystemExit("the server did not answer in time")
            time.sleep(0.1)

    def cpu_seconds(self) -> float:
        """CPU time the server has used so far (user and system; 0 where /proc is missing)."""
        try:
            fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return 0.0
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


# ---------------------------------------------------------------------- players


def choose(state: dict[str, Any]) -> dict[str, Any]:
    """A simple, fixed choice from the legal actions of ``state`` (the player's own view).

    Play a card that every identity still possible makes playable; else clue a teammate's
    playable card; else discard the oldest card; else give the first clue there is.
    """
    legal = state["legal"]
    me = state["seat"]
    letters = {suit["letter"]: index for index, suit in enumerate(state["variant"]["suits"])}
    next_rank = [firework["played"] + 1 for firework in state["fireworks"]]

    def playable(suit: int, rank: int) -> bool:
        return next_rank[suit] == rank

    if legal["play"]:
        for slot, card in enumerate(state["hands"][me], start=1):
            known = [(letters[name[0]], int(name[1:])) for name in card["possible"]]
            if known and all(playable(suit, rank) for suit, rank in known):
                return {"type": "play", "slot": slot}
    for clue in legal["clues"]:
        hand = state["hands"][clue["target"]]
        for slot in clue["touches"]:
            card = hand[slot - 1]
            if not card["touched"] and playable(card["card"]["suit"], card["card"]["rank"]):
                kind = "colour" if "colour" in clue else "rank"
                return {"type": "clue", "target": clue["target"], kind: clue[kind]}
    if legal["discard"]:
        return {"type": "discard", "slot": legal["slots"]}
    if legal["clues"]:
        clue = legal["clues"][0]
        kind = "colour" if "colour" in clue else "rank"
        return {"type": "clue", "target": clue["target"], kind: clue[kind]}
    return {"type": "play", "slot": 1}


@dataclass
class Pending:
    """An action sent and waiting for its state at every player of the table."""

    sent: float
    waiting: int


@dataclass
class Tally:
    """What all players measured."""

    latencies: list[float] = field(default_factory=list)
    sent: int = 0
    errors: list[str] = field(default_factory=list)
    connected: int = 0
    finished: int = 0


@dataclass
class LiveTable:
    seated: SeatedTable
    pending: dict[int, Pending] = field(default_factory=dict)  # actions count -> its action
    seen: dict[int, int] = field(default_factory=dict)  # seat -> actions in its last state
    over: bool = False


class Run:
    def __init__(self, args: argparse.Namespace, server: Server, tables: list[SeatedTable]) -> None:
        self.args = args
        self.server = server
        self.socket_url = server.url.replace("http://", "ws://")
        self.tables = [LiveTable(table) for table in tables]
        self.tally = Tally()
        self.acting = True  # cleared when the measured time is up: no new actions
        self.sockets_ready: asyncio.Event | None = None

    async def play(self, table: LiveTable, seat: int, limit: asyncio.Semaphore) -> None:
        rng = random.Random(f"{self.args.seed}/{table.seated.table_id}/{seat}")
        url = f"{self.socket_url}/tables/{table.seated.table_id}/socket"
        cookie = f"{SESSION_COOKIE}={table.seated.tokens[seat]}"
        async with limit:
            connection = await websockets.connect(
                url, additional_headers={"Cookie": cookie}, max_size=2**22, open_timeout=60
            )
        self.tally.connected += 1
        try:
            await self._play_on(connection, table, seat, rng)
        except websockets.ConnectionClosed as closed:
            if self.acting:
                self.tally.errors.append(f"table {table.seated.table_id}: socket closed {closed}")
        finally:
            await connection.close()

    async def _play_on(
        self, connection: Any, table: LiveTable, seat: int, rng: random.Random
    ) -> None:
        turn_task: asyncio.Task[None] | None = None
        state: dict[str, Any] = {}
        async for text in connection:
            message = orjson.loads(text)
            if message["type"] == "delta":
                if not state or message["seq"] != state["seq"] + 1:
                    self.tally.errors.append(f"table {table.seated.table_id}: a frame is missing")
                    await connection.send('{"type": "sync"}')
                    continue
                message = apply_delta(state, message)
            if message["type"] == "error":
                self.tally.errors.append(f"table {table.seated.table_id}: {message['message']}")
                continue
            if message["type"] == "game_over":
                if not table.over:
                    table.over = True
                    self.tally.finished += 1
                continue
            if message["type"] != "state":
                continue
            state = message
            arrived = time.perf_counter()
            actions = message["actions"]
            table.seen[seat] = actions
            pending = table.pending.get(actions)
            if pending is not None:
                pending.waiting -= 1
                if pending.waiting == 0:
                    del table.pending[actions]
                    self.tally.latencies.append(arrived - pending.sent)
            if message["seat_on_turn"] == seat and (turn_task is None or turn_task.done()):
                turn_task = asyncio.create_task(self._turn(connection, table, message, rng))
            if not self.acting and not table.pending:
                return

    async def _turn(
        self, connection: Any, table: LiveTable, state: dict[str, Any], rng: random.Random
    ) -> None:
        assert self.sockets_ready is not None
        await self.sockets_ready.wait()  # nobody plays before every table is connected
        await asyncio.sleep(rng.uniform(*self.args.think))
        if not self.acting:
            await connection.close()
            return
        players = len(table.seated.tokens)
        table.pending[state["actions"] + 1] = Pending(time.perf_counter(), players)
        self.tally.sent += 1
        await connection.send(orjson.dumps(choose(state)).decode())

    async def main(self, progress: Progress | None) -> None:
        self.sockets_ready = asyncio.Event()
        limit = asyncio.Semaphore(CONNECTING_AT_ONCE)
        players = [
            asyncio.create_task(self.play(table, seat, limit))
            for table in self.tables
            for seat in table.seated.tokens
        ]
        total = len(players)
        task = progress.add_task("connecting", total=total) if progress else None
        while self.tally.connected < total:
            failed = [player for player in players if player.done() and player.exception()]
            if failed:
                raise SystemExit(f"a player could not connect: {failed[0].exception()}")
            if progress is not None and task is not None:
                progress.update(task, completed=self.tally.connected)
            await asyncio.sleep(0.2)
        # the players' own collector pauses would be counted as the server's latency: what the
        # setup made is set aside and the collector rests while they play (a bounded run; the
        # server, the system measured, collects as it always does)
        gc.collect()
        gc.freeze()
        gc.disable()
        self.started = time.perf_counter()
        cpu_at_start = self.server.cpu_seconds()
        own_cpu_at_start = time.process_time()
        self.sockets_ready.set()
        if progress is not None and task is not None:
            progress.update(task, description="playing", completed=0, total=self.args.seconds)
        while (elapsed := time.perf_counter() - self.started) < self.args.seconds:
            if progress is not None and task is not None:
                progress.update(
                    task,
                    completed=elapsed,
                    description=f"playing: {len(self.tally.latencies)} actions, "
                    f"p99 {percentile(self.tally.latencies, 99) * 1000:.0f} ms",
                )
            await asyncio.sleep(0.5)
        self.acting = False
        gc.enable()
        self.measured = time.perf_counter() - self.started
        self.server_cpu = self.server.cpu_seconds() - cpu_at_start
        self.players_cpu = time.process_time() - own_cpu_at_start
        # the actions in flight are answered, then every player closes its socket
        drained = time.perf_counter() + self.args.grace
        while any(table.pending for table in self.tables) and time.perf_counter() < drained:
            await asyncio.sleep(0.1)
        for player in players:
            player.cancel()
        await asyncio.gather(*players, return_exceptions=True)


def percentile(values: list[float], share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share / 100))]


# ---------------------------------------------------------------------- checks and report


def stored_actions(settings: Settings, games: list[int]) -> dict[int, int]:
    """How many actions each game's stored record holds, read back from the database."""
    database = Database(settings)
    try:
        with database.session() as db:
            rows = db.execute(
                select(GameRecord.id, GameRecord.record).where(GameRecord.id.in_(games))
            )
            return {game: len(record["actions"]) for game, record in rows}
    finally:
        database.close()


def report(run: Run, stored: dict[int, int], args: argparse.Namespace) -> dict[str, Any]:
    tally = run.tally
    lost_games = []
    for table in run.tables:
        # the record holds every action its players saw, and no more than those plus the one
        # in flight when the players stopped (stored, but its answer not yet read)
        seen = max(table.seen.values(), default=0)
        game = table.seated.game_id
        if not seen <= stored.get(game, -1) <= seen + len(table.pending):
            lost_games.append(game)
    unanswered = sum(len(table.pending) for table in run.tables)
    latencies = tally.latencies
    think = statistics.fmean(args.think)
    players = args.players
    return {
        "tables": len(run.tables),
        "players_per_table": players,
        "server_bots_per_table": args.server_bots,
        "sockets": tally.connected,
        "seconds": round(run.measured, 1),
        "think_seconds": list(args.think),
        "offered_actions_per_second": round(
            len(run.tables) * players / (players + args.server_bots) / think, 1
        ),
        "actions_sent": tally.sent,
        "actions_acknowledged": len(latencies),
        "actions_stored": sum(stored.values()),
        "actions_per_second": round(len(latencies) / run.measured, 1),
        "server_cpu_ms_per_action": round(run.server_cpu * 1000 / max(1, len(latencies)), 2),
        "server_cpu_share": round(run.server_cpu / run.measured, 2),
        "players_cpu_ms_per_action": round(run.players_cpu * 1000 / max(1, len(latencies)), 2),
        # the players run in this process: a share near 1 means they, not the server, limit
        "players_cpu_share": round(run.players_cpu / run.measured, 2),
        "latency_ms": {
            name: round(percentile(latencies, share) * 1000, 1)
            for name, share in (("p50", 50), ("p95", 95), ("p99", 99), ("max", 100))
        },
        "games_finished": tally.finished,
        "errors": len(tally.errors),
        "first_errors": tally.errors[:5],
        "lost": len(lost_games),
        "lost_games": lost_games[:10],
        "unanswered_actions": unanswered,
    }


def show(result: dict[str, Any]) -> None:
    latency = result["latency_ms"]
    print(
        f"{result['tables']} tables ({result['sockets']} sockets), {result['seconds']} s: "
        f"{result['actions_acknowledged']} actions, {result['actions_per_second']} actions/s "
        f"(offered {result['offered_actions_per_second']}/s)\n"
        f"latency action -> state at every player: p50 {latency['p50']} ms, "
        f"p95 {latency['p95']} ms, p99 {latency['p99']} ms, max {latency['max']} ms\n"
        f"server CPU {result['server_cpu_ms_per_action']} ms per action "
        f"({result['server_cpu_share']:.0%} of a core); the players' CPU "
        f"{result['players_cpu_ms_per_action']} ms per action "
        f"({result['players_cpu_share']:.0%}); errors {result['errors']}, "
        f"lost {result['lost']}, unanswered {result['unanswered_actions']}, "
        f"games finished {result['games_finished']}"
    )
    for error in result["first_errors"]:
        print(f"  error: {error}")


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Load benchmark of the web platform: N concurrent tables of players acting "
        "through the real websocket protocol of a `hanabi serve` subprocess on loopback; reports "
        "actions/s, the latency from action to state at every player, and whether the stored "
        "records hold every acknowledged action.",
    )
    parser.add_argument("--tables", type=int, default=1000, help="tables (default: %(default)s)")
    parser.add_argument(
        "--players", type=int, default=2, help="socket players per table (default: %(default)s)"
    )
    parser.add_argument(
        "--server-bots",
        type=int,
        default=0,
        help="the server's own bots per table, acting after the think time (default: 0)",
    )
    parser.add_argument(
        "--think",
        type=float,
        nargs=2,
        default=(1.0, 2.0),
        metavar=("MIN", "MAX"),
        help="a player's think time before each action, random in seconds (default: 1 2)",
    )
    parser.add_argument(
        "--seconds", type=float, default=60, help="measured time of play (default: %(default)s)"
    )
    parser.add_argument(
        "--grace",
        type=float,
        default=30,
        help="time for actions in flight to be answered at the end (default: %(default)s)",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=600,
        help="hard limit of the whole run in seconds, setup included (default: %(default)s)",
    )
    parser.add_argument(
        "--database-url", help="a database URL for the server (default: SQLite in a temp dir)"
    )
    parser.add_argument("--seed", type=int, default=1, help="for the think times (default: 1)")
    parser.add_argument(
        "--json", type=Path, metavar="FILE", help="also write the report as JSON to FILE"
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    if args.tables < 1 or args.players < 1 or args.server_bots < 0:
        parser.error("--tables and --players must be at least 1, --server-bots at least 0")
    if not 2 <= args.players + args.server_bots <= 5:
        parser.error("a table seats 2 to 5 players and bots")
    if not 0 <= args.think[0] <= args.think[1]:
        parser.error("--think MIN MAX needs 0 <= MIN <= MAX")
    return args


def run_players(main: Coroutine[Any, Any, None]) -> None:
    """Run the players' ``main`` in uvloop's event loop where it is installed (the server's
    extra installs it; the server uses it too), else asyncio's own: the players' own cost per
    frame is then smaller, and less of what is measured."""
    try:
        import uvloop
    except ImportError:
        asyncio.run(main)
        return
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        runner.run(main)


def watchdog(seconds: float, server: list[Server]) -> None:
    """Past the hard limit the run ends, whatever it is doing."""

    def expire() -> None:
        print(f"server_load: stopped after the hard limit of {seconds:.0f} s", file=sys.stderr)
        for each in server:
            each.process.kill()
        os._exit(3)

    timer = threading.Timer(seconds, expire)
    timer.daemon = True
    timer.start()


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    servers: list[Server] = []
    watchdog(args.timeout, servers)
    with tempfile.TemporaryDirectory(prefix="hanabi-load-") as scratch:
        directory = Path(scratch)
        overrides = {"database_url": args.database_url} if args.database_url else {}
        settings = Settings(data_dir=directory, **overrides)
        started = time.perf_counter()
        tables = seat_tables(settings, args.tables, args.players, args.server_bots)
        if not args.quiet:
            print(f"seated {len(tables)} tables in {time.perf_counter() - started:.1f} s")
        server = Server(
            settings, free_port(), directory / "server.log", statistics.fmean(args.think)
        )
        servers.append(server)
        try:
            server.wait_ready()
            run = Run(args, server, tables)
            if args.quiet:
                run_players(run.main(None))
            else:
                columns = (TextColumn("{task.description}"), BarColumn(), TimeElapsedColumn())
                with Progress(*columns) as progress:
                    run_players(run.main(progress))
        finally:
            server.stop()
        stored = stored_actions(settings, [table.game_id for table in tables])
    result = report(run, stored, args)
    show(result)
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n")
    failed = result["lost"] or result["errors"] or result["unanswered_actions"]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
