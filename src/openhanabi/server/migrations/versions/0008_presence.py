"""Tables nobody waits at or plays at any more leave the lobby.

A seat notes when its person last showed a page of the lobby or of the table (``seen_at``), so
that a waiting table whose people have gone frees their seats and closes; a game notes when it
last changed (``moved_at``), so that a game nobody has moved in for long is ended.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MOMENT = sa.DateTime(timezone=True)
SEATS = sa.table("seats", sa.column("seen_at", MOMENT))
GAMES = sa.table(
    "games",
    sa.column("moved_at", MOMENT),
    sa.column("started_at", MOMENT),
    sa.column("finished_at", MOMENT),
)


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("seen_at", MOMENT, nullable=True))
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("moved_at", MOMENT, nullable=True))
    bind = op.get_bind()
    # the rows stored before this revision count from the upgrade: their people get the whole
    # wait to come back (a game's moves were not timed; a finished game's last one ended it)
    moment = datetime.now(UTC)
    bind.execute(SEATS.update().values(seen_at=moment))
    since = sa.func.coalesce(GAMES.c.finished_at, sa.literal(moment, MOMENT))
    bind.execute(GAMES.update().values(moved_at=since))
    with op.batch_alter_table("seats") as batch:
        batch.alter_column("seen_at", existing_type=MOMENT, nullable=False)
    with op.batch_alter_table("games") as batch:
        batch.alter_column("moved_at", existing_type=MOMENT, nullable=False)


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("moved_at")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("seen_at")
