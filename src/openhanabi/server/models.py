"""The database's tables as typed SQLAlchemy models. Change them only together with a migration
in :mod:`openhanabi.server.migrations` (a test compares the two).

- :class:`User` and :class:`LoginSession` (a sign-in, its cookie token stored hashed),
  :class:`LoginFailure`, :class:`TablePasswordFailure` and :class:`SignUp` (for the rate limits
  on sign-ins, on tables' passwords and on new accounts);
- :class:`GameTable`: a table in the lobby with its rules (a preset and the rules' options), who
  may watch its game (:class:`Spectators`) and :class:`Seat` rows, each a player or a bot;
- :class:`ReleasedSeat`: a seat freed while its person was away, kept to tell them on return;
- :class:`GameRecord`: a game as its record (deck, bonus tiles and actions, as
  :mod:`openhanabi.records` writes them): the game is rebuilt by replaying it; played at a
  table or imported from a record (:class:`GameSource`), with the bots' explanations;
  :class:`GamePlayer` links each seat of a game to who sat there, for history.
"""

from __future__ import annotations

import enum
import unicodedata
from datetime import UTC, datetime
from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    BigInteger,
    CheckConstraint,
    DateTime,
    Dialect,
    Enum,
    ForeignKey,
    Index,
    MetaData,
    String,
    Text,
    TypeDecorator,
    UniqueConstraint,
    text,
)
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship, validates

from openhanabi.rules import OPTIONS, Variant, find_variant
from openhanabi.server.lookalikes import as_latin, as_seen

# names for constraints, so that migrations can refer to them on every database
NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}
JSON_DOCUMENT = JSON().with_variant(JSONB(), "postgresql")


def now() -> datetime:
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator[datetime]):
    """A moment in UTC; SQLite keeps no time zone, so it is put back on reading."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("a moment without a time zone")
        return value.astimezone(UTC)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is not None and value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value


def stored_enum(kind: type[enum.StrEnum]) -> Enum:
    """A column of ``kind``'s values as short strings (not a database enum type, which
    PostgreSQL would need altered for every new value), refusing any other string."""
    return Enum(
        kind,
        native_enum=False,
        length=16,
        validate_strings=True,
        values_callable=lambda members: [member.value for member in members],
    )


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)
    type_annotation_map: ClassVar[dict[Any, Any]] = {datetime: UTCDateTime()}


class TableState(enum.StrEnum):
    WAITING = "waiting"
    PLAYING = "playing"
    FINISHED = "finished"


class Spectators(enum.StrEnum):
    """Who may watch a table's game while it runs (RULES.md section 7: a spectator sees every
    hand). Its players always see their own seat's view, never a spectator's."""

    # the first is the new table form's default: a player who watched their own table (signed
    # out, or from another account) would see their own cards, so that is for the host to allow
    NONE = "none"  # nobody but the players until the game is over
    EVERYTHING = "everything"  # anyone, seeing every hand (as on hanab.live)


class GameSource(enum.StrEnum):
    """Where a game comes from: played at a table here, or imported from a record."""

    TABLE = "table"
    IMPORT = "import"


class User(Base):
    __tablename__ = "users"

    id: Mapped[int] = mapped_column(primary_key=True)
    # the name to sign in with, as typed; ``name_key`` (its case-folded form) is unique
    username: Mapped[str] = mapped_column(String(32))
    name_key: Mapped[str] = mapped_column(String(32), unique=True)
    display_name: Mapped[str] = mapped_column(String(40))
    # a display name is one player's as a reader sees it: registering looks up this key of it,
    # set with the name (:func:`display_key`); indexed but not unique (names of older versions
    # may share one)
    display_key: Mapped[str] = mapped_column(Text, index=True)
    # and this one, of the name as it looks (:func:`look_key`): "AIice" with a capital I
    look_key: Mapped[str] = mapped_column(Text, index=True)
    password_hash: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(default=now)

    @validates("display_name")
    def _key_the_name(self, _: str, name: str) -> str:
        self.display_key = display_key(name)
        self.look_key = look_key(name)
        return name


def display_key(name: str) -> str:
    """A display name as a reader tells names apart: compatibility forms made plain (NFKC:
    fullwidth letters, a letter and its accent typed apart), its case folded, and each Greek or
    Cyrillic letter that looks like a Latin one, or whose capital does, spelt as that Latin
    letter (:func:`~openhanabi.server.lookalikes.as_latin`).

    >>> display_key("\uff25\u0301mile") == display_key("émile") == display_key("ÉMILE")
    True
    >>> display_key("\u041a\u0430\u0442\u0435") == display_key("KATE")  # Cyrillic letters
    True
    >>> display_key("\u0410\u043d\u043d\u0430") == display_key("\u0410\u041d\u041d\u0410")
    True
    """
    return as_latin(unicodedata.normalize("NFKC", name).casefold())


def look_key(name: str) -> str:
    """A display name as it looks: as :func:`display_key`, but each character first spelt as
    the one a reader sees it as, in its case (:func:`~openhanabi.server.lookalikes.as_seen`), so
    that a capital I is a small l, while "Kai" and "Kal" stay two names. A name is taken when
    either key is (the case of an I is what tells it from an l, so one key cannot do both).

    >>> look_key("AIice") == look_key("alice") == look_key("\u0410\u0406\u0456\u0441\u0435")
    True
    >>> look_key("Kai") == look_key("Kal"), look_key("B0b") == look_key("Bob")
    (False, True)
    """
    return as_latin(as_seen(unicodedata.normalize("NFKC", name)).casefold())


class LoginSession(Base):
    """One sign-in: the cookie holds a random token, the database only its SHA-256."""

    __tablename__ = "sessions"

    id: Mapped[int] = mapped_column(primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    csrf_token: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(default=now)
    expires_at: Mapped[datetime] = mapped_column(index=True)

    user: Mapped[User] = relationship(lazy="joined")


class LoginFailure(Base):
    """A failed sign-in, counted per account name and per address for the rate limit."""

    __tablename__ = "login_failures"
    __table_args__ = (
        Index("ix_login_failures_name_key_at", "name_key", "at"),
        Index("ix_login_failures_address_at", "address", "at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    name_key: Mapped[str] = mapped_column(String(32))
    address: Mapped[str] = mapped_column(String(64))
    at: Mapped[datetime] = mapped_column(default=now)


class TablePasswordFailure(Base):
    """A wrong table password, counted per player and per address for the rate limit (not per
    table, so that nobody can lock a table's friends out by guessing its password)."""

    __tablename__ = "table_password_failures"
    __table_args__ = (
        Index("ix_table_password_failures_user_id_at", "user_id", "at"),
        Index("ix_table_password_failures_address_at", "address", "at"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    address: Mapped[str] = mapped_column(String(64))
    at: Mapped[datetime] = mapped_column(default=now)


class SignUp(Base):
    """An account registered, counted per address for the rate limit on new accounts. Only
    where from and when, not which account: a row says nothing once its window is over, and
    is deleted then (:func:`~openhanabi.server.attempts.forget_old`)."""

    __tablename__ = "sign_ups"
    __table_args__ = (Index("ix_sign_ups_address_at", "address", "at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    address: Mapped[str] = mapped_column(String(64))
    at: Mapped[datetime] = mapped_column(default=now)


class GameTable(Base):
    """A table in the lobby: its rules, its seats, and whether its game is on.

    The rules are a preset of :data:`openhanabi.rules.PRESETS` and the rules' own options, one
    column each, named as the fields of :class:`~openhanabi.rules.Variant`.
    """

    __tablename__ = "game_tables"

    id: Mapped[int] = mapped_column(primary_key=True)
    host_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    state: Mapped[TableState] = mapped_column(
        stored_enum(TableState),
        default=TableState.WAITING,
        index=True,
    )
    password_hash: Mapped[str | None] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(default=now)
    spectators: Mapped[Spectators] = mapped_column(
        stored_enum(Spectators),
        default=Spectators.EVERYTHING,
        server_default=Spectators.EVERYTHING.value,
    )
    # the rules
    preset: Mapped[str] = mapped_column(String(40))
    players: Mapped[int]
    hand_size: Mapped[int]
    clue_tokens: Mapped[int]
    storms: Mapped[int]
    empty_clues: Mapped[bool]
    all_or_nothing: Mapped[bool]
    declared_play: Mapped[bool]
    bonus_tiles: Mapped[bool]
    hanab_live_ending: Mapped[bool]
    start_seat: Mapped[int]

    host: Mapped[User | None] = relationship()
    seats: Mapped[list[Seat]] = relationship(
        back_populates="table", order_by="Seat.seat", cascade="all, delete-orphan"
    )
    games: Mapped[list[GameRecord]] = relationship(back_populates="table", order_by="GameRecord.id")

    RULES = OPTIONS  # a column for each, beside the preset's key

    @classmethod
    def of_variant(cls, variant: Variant, **fields: Any) -> GameTable:
        """A table playing ``variant`` (built from a preset, so ``variant.key`` names one)."""
        rules = {name: getattr(variant, name) for name in cls.RULES}
        return cls(preset=variant.key, **rules, **fields)

    @property
    def variant(self) -> Variant:
        return find_variant(self.preset, **{name: getattr(self, name) for name in self.RULES})

    def seat_of(self, user_id: int) -> Seat | None:
        return next((seat for seat in self.seats if seat.user_id == user_id), None)

    def alone_with_bots(self, user_id: int) -> bool:
        """Whether ``user_id`` plays here and every other seat is a bot's."""
        return self.seat_of(user_id) is not None and all(
            seat.user_id in (None, user_id) for seat in self.seats
        )

    def admits_spectator(self) -> bool:
        """Whether someone who does not play here may watch the game now: as ``spectators``
        say while it runs, anyone once it is over (its replay shows every card anyway)."""
        return self.spectators is Spectators.EVERYTHING or self.state is not TableState.PLAYING

    def free_seats(self) -> list[int]:
        taken = {seat.seat for seat in self.seats}
        return [seat for seat in range(self.players) if seat not in taken]


class Seat(Base):
    """A taken seat at a table: a player (``user_id``) or a bot (``bot``, its registered name)."""

    __tablename__ = "seats"
    __table_args__ = (
        UniqueConstraint("table_id", "seat", name="uq_seats_table_id_seat"),
        UniqueConstraint("table_id", "user_id", name="uq_seats_table_id_user_id"),
        CheckConstraint("(user_id IS NULL) <> (bot IS NULL)", name="player_or_bot"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id", ondelete="CASCADE"))
    seat: Mapped[int]
    # indexed: every page a person asks for looks up their seats (lobby.seen)
    user_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), index=True
    )
    bot: Mapped[str | None] = mapped_column(String(40))
    # when the person in the seat was last here: asked for any page, or played a game; the
    # lobby and the table's page ask again every few seconds, so a person who closed every page
    # has left the table (lobby.release_gone); never read for a bot's seat
    seen_at: Mapped[datetime] = mapped_column(default=now)

    table: Mapped[GameTable] = relationship(back_populates="seats")
    user: Mapped[User | None] = relationship(lazy="joined")

    @property
    def name(self) -> str:
        if self.user is not None:
            return self.user.display_name
        return f"{self.bot} (bot)"


class ReleasedSeat(Base):
    """A seat at a waiting table that was freed because its person was away for too long
    (:func:`~openhanabi.server.lobby.release_gone`), kept so that they are told on their return
    and may sit down again (:mod:`openhanabi.server.away`)."""

    __tablename__ = "released_seats"
    __table_args__ = (
        # one note per person and table: a second release at the same table replaces the first;
        # also the index of the lookup every page of a signed-in person makes
        UniqueConstraint("user_id", "table_number", name="uq_released_seats_user_id_table_number"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    # the table while it is there; None once it has closed (a later table may take its number)
    table_id: Mapped[int | None] = mapped_column(ForeignKey("game_tables.id", ondelete="SET NULL"))
    # the number the person knew the table by, said even after it has closed
    table_number: Mapped[int]
    at: Mapped[datetime] = mapped_column(default=now)


class GameRecord(Base):
    """A game, stored as its record (:meth:`openhanabi.records.Record.to_dict`).

    The record is the game's whole state: replaying it rebuilds the game. ``seed`` dealt it (0
    for an imported record that names no seed). ``explanations`` are the bots' reasons, by the
    index of the action they explain (as text: JSON's keys are strings). An imported game has
    no table; ``imported_by`` is who imported it.
    """

    __tablename__ = "games"

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int | None] = mapped_column(
        ForeignKey("game_tables.id", ondelete="SET NULL"), index=True
    )
    seed: Mapped[int] = mapped_column(BigInteger)
    record: Mapped[dict[str, Any]] = mapped_column(JSON_DOCUMENT)
    started_at: Mapped[datetime] = mapped_column(default=now)
    finished_at: Mapped[datetime | None]
    # when the game last changed (dealt, or a move stored): a game in play that nobody moves in
    # for long is ended (Rooms.end_forsaken)
    moved_at: Mapped[datetime] = mapped_column(default=now)
    score: Mapped[int | None]
    explanations: Mapped[dict[str, str]] = mapped_column(
        JSON_DOCUMENT, default=dict, server_default=text("'{}'")
    )
    # the bots' reasons as data, by the same index (openhanabi.bots.explanation): said in each
    # viewer's language where there is one, else the explanation's English stands
    reasons: Mapped[dict[str, Any]] = mapped_column(
        JSON_DOCUMENT, default=dict, server_default=text("'{}'")
    )
    source: Mapped[GameSource] = mapped_column(
        stored_enum(GameSource),
        default=GameSource.TABLE,
        server_default=GameSource.TABLE.value,
    )
    imported_by: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), index=True
    )

    table: Mapped[GameTable | None] = relationship(back_populates="games")
    players: Mapped[list[GamePlayer]] = relationship(
        back_populates="game", order_by="GamePlayer.seat", cascade="all, delete-orphan"
    )


class GamePlayer(Base):
    """Who sat in one seat of one game: a user (kept for their history) or a bot."""

    __tablename__ = "game_players"
    __table_args__ = (UniqueConstraint("game_id", "seat", name="uq_game_players_game_id_seat"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    seat: Mapped[int]
    user_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), index=True
    )
    bot: Mapped[str | None] = mapped_column(String(40))
    name: Mapped[str] = mapped_column(String(40))

    game: Mapped[GameRecord] = relationship(back_populates="players")
