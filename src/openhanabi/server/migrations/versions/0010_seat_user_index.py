"""Every page a signed-in person asks for looks up their seats at waiting tables (to note that
they are here): ``seats.user_id`` is indexed, so that the look-up reads their seats alone rather
than every seat of every table ever played.

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index("ix_seats_user_id", "seats", ["user_id"])


def downgrade() -> None:
    op.drop_index("ix_seats_user_id", table_name="seats")
