"""``hanabi serve``: run the web platform (needs ``pip install 'openhanabi[server]'``)."""

from __future__ import annotations

import argparse
import socket
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from openhanabi.cli.options import fail

MAX_PORT = 65535
ENV_PREFIX = "HANABI_"  # the settings' variables (openhanabi.server.settings)


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="run the web platform",
        description="Run the web platform: accounts, a lobby of tables, games with bots. The "
        "database is an SQLite file in the data directory, created on first start, unless "
        "--database-url names another (PostgreSQL: postgresql+psycopg://user:pass@host/name). "
        "The database URL and the data directory can also come from HANABI_DATABASE_URL and "
        "HANABI_DATA_DIR; other settings come only from the environment, such as "
        "HANABI_SECURE_COOKIES=true behind HTTPS (--settings lists them all).",
    )
    parser.add_argument(
        "--settings",
        action=_ListSettings,
        help="list every setting the server reads from the environment (HANABI_*), with its "
        "default and what it does, and exit",
    )
    parser.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default: %(default)s)"
    )
    parser.add_argument("--port", type=int, default=8000, help="port (default: %(default)s)")
    parser.add_argument("--database-url", help="an SQLAlchemy database URL (default: SQLite)")
    parser.add_argument(
        "--data-dir", type=Path, help="where the SQLite file lives (default: ./hanabi-data)"
    )
    parser.set_defaults(run=run)


class _ListSettings(argparse.Action):
    """``--settings``: print the server's settings and exit, like ``--help`` (the server's
    packages are loaded only then: every other command starts without them)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *_: Any) -> None:
        try:
            text = settings_text()
        except ImportError as error:
            missing = f"{error.name or error} is missing: pip install 'openhanabi[server]'"
            parser.exit(2, f"hanabi serve: {missing}\n")
        sys.stdout.write(text)  # on standard output, as --help's text
        parser.exit(0)


def settings_text(width: int = 80) -> str:
    """Every setting of :class:`~openhanabi.server.settings.Settings`: its variable, its default
    and what it does, as ``--settings`` prints them."""
    from openhanabi.server.settings import Settings

    blocks = []
    for name, field in Settings.model_fields.items():
        default = field.default
        if isinstance(default, bool):  # as the variable is written: true or false
            default = str(default).lower()
        elif default == "":
            default = '""'
        head = f"{ENV_PREFIX}{name.upper()} (default: {default})"
        body = textwrap.fill(
            field.description or "", width, initial_indent="    ", subsequent_indent="    "
        )
        blocks.append(f"{head}\n{body}")
    return "\n".join(blocks) + "\n"


def address_problem(host: str, port: int) -> str | None:
    """Why the server could not listen on ``host``:``port`` (``None`` if it can), found before it
    starts, so that a port taken or out of range is one line rather than a server that logs its
    start and stops at once."""
    if not 1 <= port <= MAX_PORT:
        return f"--port must be 1 to {MAX_PORT}, not {port}"
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        family, kind, proto, _, address = infos[0]
        with socket.socket(family, kind, proto) as probe:
            # as the server will: a port left in TIME_WAIT by an earlier run is free to take
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(address)
    except OSError as error:
        return f"cannot listen on {host}:{port}: {error.strerror or error}"
    return None


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn
        from pydantic import ValidationError
        from sqlalchemy.exc import SQLAlchemyError

        from openhanabi.server import Settings, create_app
        from openhanabi.server.collector import Collector
        from openhanabi.server.db import Database, shown_url
        from openhanabi.server.protocol import MAX_MESSAGE
    except ImportError as error:
        return fail(f"hanabi serve: {error.name} is missing: pip install 'openhanabi[server]'")
    problem = address_problem(args.host, args.port)
    if problem is not None:  # before the database is made: a server that cannot start makes none
        return fail(f"hanabi serve: {problem}")
    overrides: dict[str, Any] = {}
    if args.database_url:
        overrides["database_url"] = args.database_url
    if args.data_dir is not None:
        overrides["data_dir"] = args.data_dir
    if args.data_dir is not None and args.data_dir.exists() and not args.data_dir.is_dir():
        return fail(f"hanabi serve: --data-dir {args.data_dir} is a file, not a folder")
    try:
        settings = Settings(**overrides)
    except ValidationError as error:
        return fail(f"hanabi serve: {_setting_problem(error.errors()[0], overrides)}")
    try:  # open the database once here, so that a wrong URL is one line and not a traceback
        database = Database(settings)
        try:
            database.open()
        finally:
            database.close()
    except ImportError as error:  # a URL whose driver is not installed (mysql://...)
        return fail(
            f"hanabi serve: cannot open the database {shown_url(settings.database_url)}: "
            f"its driver {error.name or error} is not installed"
        )
    except (SQLAlchemyError, OSError) as error:
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        return fail(
            f"hanabi serve: cannot open the database {shown_url(settings.database_url)}: {reason}"
        )
    if settings.collector_sweep_seconds > 0:
        Collector(settings.collector_sweep_seconds).start()
    ping = settings.socket_ping_seconds
    uvicorn.run(
        create_app(settings),
        host=args.host,
        port=args.port,
        log_level="info",
        # a client's message is small (protocol.MAX_MESSAGE characters, up to 4 bytes each in
        # UTF-8): a larger frame is refused before it is read into memory
        ws_max_size=4 * MAX_MESSAGE,
        ws_ping_interval=ping,
        ws_ping_timeout=ping,
        ws_per_message_deflate=settings.socket_compression,
    )
    return 0


def _setting_problem(problem: Any, overrides: dict[str, Any]) -> str:
    """A wrong setting named as the person set it: by its option, else its variable."""
    field = str(problem["loc"][0]) if problem.get("loc") else ""
    if field in overrides:
        where = f"--{field.replace('_', '-')}"
    elif field:
        where = f"{ENV_PREFIX}{field.upper()}"
    else:
        return str(problem["msg"])
    given = problem.get("input")
    shown = f" ({given!r})" if isinstance(given, str | int | float) else ""
    return f"{where}{shown}: {problem['msg']}"
