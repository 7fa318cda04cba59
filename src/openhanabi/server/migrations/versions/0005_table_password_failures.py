"""Wrong table passwords are counted, per player and per address, for their rate limit.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MOMENT = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "table_password_failures",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("address", sa.String(length=64), nullable=False),
        sa.Column("at", MOMENT, nullable=False),
        sa.ForeignKeyConstraint(
            ["user_id"],
            ["users.id"],
            name=op.f("fk_table_password_failures_user_id_users"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_table_password_failures")),
    )
    op.create_index(
        "ix_table_password_failures_address_at", "table_password_failures", ["address", "at"]
    )
    op.create_index(
        "ix_table_password_failures_user_id_at", "table_password_failures", ["user_id", "at"]
    )


def downgrade() -> None:
    op.drop_table("table_password_failures")
