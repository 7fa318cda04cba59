"""A game lives in the database as its record: saved after moves, rebuilt by replaying it, and
its table finishes with the game."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy.orm import Session

from openhanabi.bots import make_bot, play_game
from openhanabi.records import record_of
from openhanabi.rules import Action, Game, Termination, find_variant
from openhanabi.server import Settings
from openhanabi.server.db import Database
from openhanabi.server.games import explanations, rebuild, save, start_game
from openhanabi.server.lobby import open_table, start
from openhanabi.server.models import GameRecord, TableState, User
from openhanabi.server.security import Passwords


@pytest.fixture
def db(settings: Settings) -> Iterator[Session]:
    database = Database(settings)
    database.open()
    with database.session() as session:
        yield session
    database.close()


def test_a_game_played_to_its_end_is_saved_and_rebuilt_from_its_record(db: Session) -> None:
    passwords = Passwords(time_cost=1, memory_kib=1024)
    host = User(username="ann", name_key="ann", display_name="Ann", password_hash="-")
    db.add(host)
    variant = find_variant("black-powder", players=3, bonus_tiles=True)
    table = open_table(db, passwords, host, variant, {1: "basic", 2: "random"})
    stored = start(db, table, host)
    game = rebuild(stored)
    assert game.variant == variant and game.history == []

    # the bots of the table play their seats, and a basic bot stands in for the player
    bots = [make_bot(seat.bot or "basic", seat.seat, variant) for seat in table.seats]
    play_game(game, bots)
    save(stored, game)
    db.commit()
    db.expire_all()

    again = db.get(GameRecord, stored.id)
    assert again is not None
    rebuilt = rebuild(again)
    assert rebuilt.history == game.history
    assert rebuilt.score == game.score
    assert game.outcome is not None and again.score == game.outcome.score
    assert again.finished_at is not None
    assert again.table is not None and again.table.state is TableState.FINISHED
    assert again.record == record_of(game, ["Ann", "basic (bot)", "random (bot)"]).to_dict()


def test_the_same_seed_deals_the_same_game(db: Session) -> None:
    passwords = Passwords(time_cost=1, memory_kib=1024)
    host = User(username="ann", name_key="ann", display_name="Ann", password_hash="-")
    db.add(host)
    table = open_table(db, passwords, host, find_variant("base", players=2), {1: "random"})
    first, second = start_game(table, seed=2026), start_game(table, seed=2026)
    assert first.record == second.record
    assert first.record != start_game(table, seed=2027).record


def struck_out_with_fireworks() -> Game:
    """A game lost to its storms after some cards were played (so its fireworks show points)."""
    for seed in range(200):
        game = Game.new(find_variant("base", players=2), seed)
        while game.outcome is None:
            game.apply(Action.play(game.hands[game.seat][-1]))  # the newest card, blindly
        if game.outcome.termination is Termination.STRIKEOUT and game.score > 0:
            return game
    raise AssertionError("no seed under 200 strikes out after a card was played")


def test_a_struck_out_game_is_stored_with_no_points(db: Session) -> None:
    passwords = Passwords(time_cost=1, memory_kib=1024)
    host = User(username="ann", name_key="ann", display_name="Ann", password_hash="-")
    db.add(host)
    table = open_table(db, passwords, host, find_variant("base", players=2), {1: "random"})
    stored = start(db, table, host)
    game = struck_out_with_fireworks()
    stored.seed = game.seed
    save(stored, game)
    assert game.outcome is not None and stored.score == game.outcome.score == 0
    assert rebuild(stored).history == game.history


def test_the_bots_explanations_are_saved_with_the_game(db: Session) -> None:
    passwords = Passwords(time_cost=1, memory_kib=1024)
    host = User(username="ann", name_key="ann", display_name="Ann", password_hash="-")
    db.add(host)
    table = open_table(db, passwords, host, find_variant("base", players=2), {1: "basic"})
    stored = start(db, table, host)
    game = rebuild(stored)
    game.apply(Action.rank_clue(1, 1))
    save(stored, game, {0: "the ones are playable"})
    db.commit()
    db.expire_all()
    again = db.get(GameRecord, stored.id)
    assert again is not None and explanations(again) == {0: "the ones are playable"}
    save(again, rebuild(again))  # a save without explanations keeps those stored
    assert explanations(again) == {0: "the ones are playable"}
