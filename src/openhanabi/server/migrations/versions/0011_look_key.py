"""A display name is also one player's as it looks: ``look_key`` spells a Greek, Cyrillic or
non-ASCII Latin letter as the ASCII letter it looks like, then a capital I, a digit 1 and a bar
as a small l, a digit 0 as an O and "rn" as an "m", before it folds the case, so that
registering "AIice", or "Alice" with a Latin alpha, finds "Alice" taken. The names already
there get theirs.

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from confusable_homoglyphs import categories, confusables

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

USERS = sa.table(
    "users",
    sa.column("id", sa.Integer),
    sa.column("display_name", sa.String),
    sa.column("look_key", sa.Text),
)

# as models.look_key made it when this revision was written, frozen here so that a later key
# comes with a revision of its own (the letters come from the pinned confusables data)
_LATIN = (("rn", "m"), ("I", "l"), ("1", "l"), ("|", "l"), ("0", "O"))


def _key(name: str) -> str:
    glyphs, twins = _letters()
    nfkc = unicodedata.normalize("NFKC", name)
    seen = "".join(glyphs.get(c, c) for c in unicodedata.normalize("NFD", nfkc))
    for look_alike, latin in _LATIN:
        seen = seen.replace(look_alike, latin)
    folded = unicodedata.normalize("NFD", unicodedata.normalize("NFC", seen).casefold())
    return unicodedata.normalize("NFC", "".join(twins.get(c, c) for c in folded))


@functools.cache
def _letters() -> tuple[dict[str, str], dict[str, str]]:
    data = confusables.confusables_data

    def twin(letter: str) -> str | None:
        for glyph in data.get(letter, ()):
            found: str = glyph["c"]
            if len(found) == 1 and found.isascii() and found.isalpha():
                return found
        return None

    glyphs, twins = {}, {}
    for character in data:
        alphabet = categories.alias(character) if len(character) == 1 else None
        if alphabet not in ("GREEK", "CYRILLIC", "LATIN") or character.isascii():
            continue
        if unicodedata.category(character)[0] != "L":
            continue
        seen = twin(character)
        if seen is not None:
            glyphs[character] = seen
        if alphabet == "LATIN":
            continue
        capital = character.upper()
        found = seen or (twin(capital) if len(capital) == 1 else None)
        if found is not None:
            twins[character] = found.lower()
    return glyphs, twins


def upgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("look_key", sa.Text(), nullable=True))
    bind = op.get_bind()
    for user_id, name in bind.execute(sa.select(USERS.c.id, USERS.c.display_name)).all():
        bind.execute(USERS.update().where(USERS.c.id == user_id).values(look_key=_key(name)))
    with op.batch_alter_table("users") as batch:
        batch.alter_column("look_key", existing_type=sa.Text(), nullable=False)
    # not unique: two names registered before this revision may look alike
    op.create_index("ix_users_look_key", "users", ["look_key"])


def downgrade() -> None:
    op.drop_index("ix_users_look_key", table_name="users")
    with op.batch_alter_table("users") as batch:
        batch.drop_column("look_key")
