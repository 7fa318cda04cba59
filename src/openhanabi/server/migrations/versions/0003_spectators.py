"""A table says who may watch its game while it runs: everyone (as before) or nobody.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # the tables already there keep what they had: everyone may watch
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(
            sa.Column(
                "spectators",
                sa.Enum("everything", "none", name="spectators", native_enum=False, length=16),
                nullable=False,
                server_default="everything",
            )
        )


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("spectators")
