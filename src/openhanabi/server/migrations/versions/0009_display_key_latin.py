"""A display name written in Cyrillic or Greek letters that look like Latin ones reads as the
Latin name: ``display_key`` now spells each such letter as its Latin twin, so that registering
"Bob" in Cyrillic letters finds "Bob" taken. The names already there are keyed again.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Callable, Sequence

import sqlalchemy as sa
from alembic import op
from confusable_homoglyphs import categories, confusables

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
    # as models.display_key made it when this revision was written, frozen here so that a later
    # key comes with a revision of its own (the twins come from the pinned confusables data)
    twins = _twins()
    letters = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", name).casefold())
    return unicodedata.normalize("NFC", "".join(twins.get(c, c) for c in letters))


@functools.cache
def _twins() -> dict[str, str]:
    data = confusables.confusables_data

    def twin(letter: str) -> str | None:
        for glyph in data.get(letter, ()):
            found: str = glyph["c"]
            if len(found) == 1 and found.isascii() and found.isalpha():
                return found.lower()
        return None

    twins = {}
    for character in data:
        if len(character) != 1 or categories.alias(character) not in ("GREEK", "CYRILLIC"):
            continue
        capital = character.upper()
        found = twin(character) or (twin(capital) if len(capital) == 1 else None)
        if found is not None and unicodedata.category(character)[0] == "L":
            twins[character] = found
    return twins


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
