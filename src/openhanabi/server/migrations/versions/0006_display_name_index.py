"""A display name is one player's, whatever its case: registering looks up lower(display_name).

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index("ix_users_display_name_lower", "users", [sa.text("lower(display_name)")])


def downgrade() -> None:
    op.drop_index("ix_users_display_name_lower", table_name="users")
