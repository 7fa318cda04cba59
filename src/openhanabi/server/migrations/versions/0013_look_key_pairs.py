"""A display name's ``look_key`` also spells "vv" as a "w" and "cl" as a "d", so that
registering "Edvvin" finds "Edwin" taken. The names already there get their new keys, and
their old ones back on the way down.

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from confusable_homoglyphs import categories, confusables

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

USERS = sa.table(
    "users",
    sa.column("id", sa.Integer),
    sa.column("display_name", sa.String),
    sa.column("look_key", sa.Text),
)

# as models.look_key makes it at this revision and made it at the one before, frozen here so
# that a later key comes with a revision of its own (the letters come from the pinned
# confusables data); the single characters first, then the pairs
_BEFORE = (("rn", "m"), ("I", "l"), ("1", "l"), ("|", "l"), ("0", "O"))
_NOW = (
    ("I", "l"),
    ("1", "l"),
    ("|", "l"),
    ("0", "O"),
    ("rn", "m"),
    ("vv", "w"),
    ("VV", "W"),
    ("cl", "d"),
)


def _key(name: str, latin: Sequence[tuple[str, str]]) -> str:
    glyphs, twins = _letters()
    nfkc = unicodedata.normalize("NFKC", name)
    seen = "".join(glyphs.get(c, c) for c in unicodedata.normalize("NFD", nfkc))
    for look_alike, letter in latin:
        seen = seen.replace(look_alike, letter)
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


def _key_again(latin: Sequence[tuple[str, str]]) -> None:
    bind = op.get_bind()
    for user_id, name, key in bind.execute(
        sa.select(USERS.c.id, USERS.c.display_name, USERS.c.look_key)
    ).all():
        new = _key(name, latin)
        if new != key:
            bind.execute(USERS.update().where(USERS.c.id == user_id).values(look_key=new))


def upgrade() -> None:
    _key_again(_NOW)


def downgrade() -> None:
    _key_again(_BEFORE)
