"""Games keep the bots' explanations, and may be imported from a record (no table, who imported).

Finished games are scored again from their records: a struck-out game was stored with its
fireworks' points instead of the 0 the rules give it.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

from openhanabi.records import Record, RecordError, replay

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

JSON_DOCUMENT = sa.JSON().with_variant(postgresql.JSONB(), "postgresql")


def upgrade() -> None:
    # the defaults fill the games already stored: no explanations, played at a table
    with op.batch_alter_table("games") as batch:
        batch.add_column(
            sa.Column("explanations", JSON_DOCUMENT, nullable=False, server_default=sa.text("'{}'"))
        )
        batch.add_column(
            sa.Column(
                "source",
                sa.Enum("table", "import", name="gamesource", native_enum=False, length=16),
                nullable=False,
                server_default="table",
            )
        )
        batch.add_column(sa.Column("imported_by", sa.Integer(), nullable=True))
        batch.create_foreign_key(
            op.f("fk_games_imported_by_users"),
            "users",
            ["imported_by"],
            ["id"],
            ondelete="SET NULL",
        )
        batch.create_index(op.f("ix_games_imported_by"), ["imported_by"])
    _score_again()


def _score_again() -> None:
    games = sa.table(
        "games",
        sa.column("id", sa.Integer()),
        sa.column("record", JSON_DOCUMENT),
        sa.column("score", sa.Integer()),
        sa.column("finished_at", sa.DateTime(timezone=True)),
    )
    connection = op.get_bind()
    finished = sa.select(games.c.id).where(games.c.finished_at.is_not(None))
    for game_id in connection.scalars(finished).all():  # one record in memory at a time
        row = connection.execute(
            sa.select(games.c.record, games.c.score).where(games.c.id == game_id)
        ).one()
        try:
            outcome = replay(Record.from_dict(row.record)).outcome
        except RecordError:
            continue  # a record this version cannot read keeps its score
        if outcome is not None and outcome.score != row.score:
            connection.execute(
                sa.update(games).where(games.c.id == game_id).values(score=outcome.score)
            )


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_index(op.f("ix_games_imported_by"))
        batch.drop_constraint(op.f("fk_games_imported_by_users"), type_="foreignkey")
        batch.drop_column("imported_by")
        batch.drop_column("source")
        batch.drop_column("explanations")
