"""A seat at a waiting table notes when its person last showed a page of the lobby or of the
table (``seen_at``), so that a table whose people have gone frees their seats and closes
rather than wait in the lobby for ever.

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


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("seen_at", MOMENT, nullable=True))
    # the seats taken before this revision count from the upgrade: their people get the whole
    # wait to show up again
    op.get_bind().execute(SEATS.update().values(seen_at=datetime.now(UTC)))
    with op.batch_alter_table("seats") as batch:
        batch.alter_column("seen_at", existing_type=MOMENT, nullable=False)


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("seen_at")
