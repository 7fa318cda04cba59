"""A display name is one player's as a reader sees it: registering looks up ``display_key``,
the name with its compatibility forms made plain (NFKC) and its case folded, where the
database's lower() folds the case of ASCII letters only ("Émile" and "émile" were two names).

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

USERS = sa.table(
    "users",
    sa.column("id", sa.Integer),
    sa.column("display_name", sa.String),
    sa.column("display_key", sa.Text),
)


def _key(name: str) -> str:
    # as accounts.display_key made it when this revision was written
    return unicodedata.normalize("NFKC", name).casefold()


def upgrade() -> None:
    op.drop_index("ix_users_display_name_lower", table_name="users")
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("display_key", sa.Text(), nullable=True))
    bind = op.get_bind()
    for user_id, name in bind.execute(sa.select(USERS.c.id, USERS.c.display_name)).all():
        bind.execute(USERS.update().where(USERS.c.id == user_id).values(display_key=_key(name)))
    with op.batch_alter_table("users") as batch:
        batch.alter_column("display_key", existing_type=sa.Text(), nullable=False)
    # not unique: two names registered before this revision may share a key
    op.create_index("ix_users_display_key", "users", ["display_key"])


def downgrade() -> None:
    op.drop_index("ix_users_display_key", table_name="users")
    with op.batch_alter_table("users") as batch:
        batch.drop_column("display_key")
    op.create_index("ix_users_display_name_lower", "users", [sa.text("lower(display_name)")])
