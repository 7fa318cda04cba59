"""The server's settings, in one place: defaults, ``HANABI_*`` environment variables, or
arguments (``hanabi serve`` passes its options here).

>>> settings = Settings(data_dir=Path("/srv/hanabi"))
>>> settings.database_url
'sqlite:////srv/hanabi/hanabi.sqlite3'
>>> Settings(database_url="postgresql+psycopg://hanabi@db/hanabi").database_url
'postgresql+psycopg://hanabi@db/hanabi'
"""

from __future__ import annotations

from pathlib import Path

from pydantic import Field, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from openhanabi.server import allowance, sockets

DEFAULT_DATA_DIR = Path("hanabi-data")
SQLITE_FILE = "hanabi.sqlite3"


class Settings(BaseSettings):
    """How one server runs. Every field can be set as ``HANABI_<FIELD>`` in the environment."""

    model_config = SettingsConfigDict(env_prefix="HANABI_", frozen=True)

    data_dir: Path = Field(
        default=DEFAULT_DATA_DIR, description="where the server keeps its files (SQLite's)"
    )
    database_url: str = Field(
        default="",
        description="an SQLAlchemy URL; empty: an SQLite file in data_dir. PostgreSQL: "
        "postgresql+psycopg://user:password@host/name",
    )
    secure_cookies: bool = Field(
        default=False, description="send cookies over HTTPS only (turn on behind HTTPS)"
    )
    session_days: int = Field(default=30, ge=1, description="how long a sign-in lasts")
    login_window_minutes: int = Field(
        default=15,
        ge=1,
        description="how far back failed sign-ins and wrong table passwords count",
    )
    login_failures_per_account: int = Field(
        default=5,
        ge=1,
        description="failed sign-ins to one account from one address in the window before a "
        "pause (for that address)",
    )
    login_failures_per_account_everywhere: int = Field(
        default=100,
        ge=1,
        description="failed sign-ins to one account from all addresses in the window before a "
        "pause for everyone",
    )
    login_failures_per_address: int = Field(
        default=20,
        ge=1,
        description="failed sign-ins from one address in the window before one",
    )
    table_password_failures_per_player: int = Field(
        default=10,
        ge=1,
        description="wrong table passwords from one player in the window before a pause",
    )
    table_password_failures_per_address: int = Field(
        default=30,
        ge=1,
        description="wrong table passwords from one address in the window before one",
    )
    sign_up_window_minutes: int = Field(
        default=60, ge=1, description="how far back accounts registered count"
    )
    sign_ups_per_address: int = Field(
        default=20,
        ge=1,
        description="accounts registered from one address in the window before a pause (for "
        "that address): a family or a club signs up together, a script does not go on",
    )
    seat_gone_minutes: int = Field(
        default=10,
        ge=1,
        le=1440,
        description="a person seated at a table that waits for its start, who asks for no page "
        "and has no game of theirs open for this long, has left it (the lobby and the table's "
        "page ask again every few seconds while open); a table with nobody left closes",
    )
    game_gone_hours: float = Field(
        default=24,
        ge=0.1,
        le=24 * 365,
        description="a game in play that nobody has moved in for this long, and that no player "
        "is watching, is ended with no score, as if a player had stopped it",
    )
    password_time_cost: int = Field(default=3, ge=1, description="argon2 passes per password")
    password_memory_kib: int = Field(
        default=65536, ge=64, description="argon2 memory per password hash, in KiB"
    )

    imports_per_hour: int = Field(
        default=30,
        ge=1,
        le=100_000,
        description="records one account may import in an hour (each is replayed and stored)",
    )

    bot_delay_seconds: float = Field(
        default=1.0, ge=0, le=60, description="how long a bot waits before it acts"
    )
    socket_ping_seconds: float = Field(
        default=20.0,
        ge=1,
        le=3600,
        description="how often a game's socket is pinged, so that dead connections are closed",
    )
    socket_messages_per_second: float = Field(
        default=allowance.PER_SECOND,
        gt=0,
        description="messages a game's socket may send a second, on average (see allowance.py: "
        "a page sends one every few seconds); past its allowance they are refused, and a socket "
        "that keeps on is closed",
    )
    socket_message_burst: int = Field(
        default=allowance.BURST,
        ge=1,
        description="messages a game's socket may send at once before its allowance runs out",
    )
    sockets_per_sign_in: int = Field(
        default=sockets.PER_SIGN_IN,
        ge=1,
        le=100_000,
        description="game sockets one sign-in may hold open (a page holds one; see sockets.py); "
        "past that a page is refused, saying why, until another closes",
    )
    sockets_per_address: int = Field(
        default=sockets.PER_ADDRESS,
        ge=1,
        le=1_000_000,
        description="game sockets one address may hold open (an IPv6 address counted as its "
        "/64): enough for a club or a school behind one address, not for a script's thousands",
    )
    socket_compression: bool = Field(
        default=False,
        description="compress the sockets' messages (per-message deflate): less traffic for "
        "more CPU per message sent; off, the server keeps up with more tables",
    )

    collector_sweep_seconds: float = Field(
        default=600.0,
        ge=0,
        le=86_400,
        description="how often `hanabi serve` has the garbage collector look through everything "
        "it keeps (0: Python's own collection, a pause every few seconds; see collector.py)",
    )

    @model_validator(mode="after")
    def _default_database(self) -> Settings:
        if not self.database_url:
            object.__setattr__(self, "database_url", self.default_database_url)
        return self

    @property
    def default_database_url(self) -> str:
        """The SQLite file in ``data_dir``."""
        return f"sqlite:///{(self.data_dir / SQLITE_FILE).absolute()}"

    @property
    def is_sqlite(self) -> bool:
        return self.database_url.startswith("sqlite")
