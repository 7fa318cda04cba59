"""A display name written in Cyrillic or Greek letters that look like Latin ones reads as the
Latin name: ``display_key`` now spells each such letter as its Latin twin, so that registering
"alice" in Cyrillic letters finds "alice" taken. The names already there are keyed again.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence

import sqlalchemy as sa
from alembic import op

from openhanabi.server.lookalikes import as_latin

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

USERS = sa.table(
    "users",
    sa.column("id", sa.Integer),
    sa.column("display_name", sa.String),
    sa.column("display_key", sa.Text),
)


def _key(name: str) -> str:
    # as models.display_key makes it at this revision (the twins come from the pinned
    # confusables data)
    return as_latin(unicodedata.normalize("NFKC", name)).casefold()


def _key_before(name: str) -> str:
    # as revision 0007 made it
    return unicodedata.normalize("NFKC", name).casefold()


def _rekey(key: Callable[[str], str]) -> None:
    bind = op.get_bind()
    for user_id, name in bind.execute(sa.select(USERS.c.id, USERS.c.display_name)).all():
        bind.execute(USERS.update().where(USERS.c.id == user_id).values(display_key=key(name)))


def upgrade() -> None:
    _rekey(_key)


def downgrade() -> None:
    _rekey(_key_before)
