"""A live game's stored record, kept action by action, is the record made afresh: after every
action, after an action taken back, and once the game is abandoned."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from openhanabi.records import record_of
from openhanabi.rules import PRESETS, Game, find_variant
from openhanabi.server.games import LiveRecord

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve"]


@settings(max_examples=40, deadline=None)
@given(
    preset=st.sampled_from([preset.key for preset in PRESETS]),
    players=st.integers(2, 5),
    seed=st.integers(0, 2**32),
    declared_play=st.booleans(),
    bonus_tiles=st.booleans(),
    undo_every=st.integers(3, 12),
)
def test_the_kept_record_is_the_record_made_afresh(
    preset: str, players: int, seed: int, declared_play: bool, bonus_tiles: bool, undo_every: int
) -> None:
    variant = find_variant(
        preset, players=players, declared_play=declared_play, bonus_tiles=bonus_tiles
    )
    game = Game.new(variant, seed)
    names = NAMES[:players]
    kept = LiveRecord(game, names)
    choices = random.Random(seed)
    for number in range(1, 200):
        if game.outcome is not None:
            break
        game.apply(choices.choice(game.view(game.seat).legal_actions))
        if number % undo_every == 0:
            game.undo()  # taken back, and another action may be taken instead
        assert kept.document(game) == record_of(game, names).to_dict()
    if game.outcome is None:
        game.abandon()
        assert kept.document(game) == record_of(game, names).to_dict()


def test_a_record_kept_from_a_game_under_way_starts_from_its_actions() -> None:
    game = Game.new(find_variant("base", players=3), 7)
    for _ in range(5):
        game.apply(game.view(game.seat).legal_actions[-1])  # a clue
    kept = LiveRecord(game, NAMES[:3])
    game.apply(game.view(game.seat).legal_actions[0])
    assert kept.document(game) == record_of(game, NAMES[:3]).to_dict()
    assert len(kept.document(game)["actions"]) == 6
