"""Writing a game and reading it back reproduces the game exactly, in every variant (RULES.md
section 8), and the text written is the same every time."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from random_games import play, snapshot, variants

from openhanabi.records import (
    Record,
    read_record,
    record_of,
    replay,
    replay_states,
    write_record,
)
from openhanabi.rules import (
    PRESETS,
    ActionType,
    Game,
    Preset,
    Termination,
    Variant,
    find_suit,
    find_variant,
)

SEEDS = st.integers(0, 2**64 - 1)


def assert_round_trip(states: list[Game], players: tuple[str, ...] | None = None) -> str:
    """Write the game whose states are ``states``; read it back; replay it; compare."""
    game = states[-1]
    record = record_of(game, players)
    text = record.to_json()
    data = json.loads(text)
    assert data["openhanabi"] == 1
    assert all(action["value"] >= 0 for action in data["actions"] if action["type"] == 10)
    again = read_record(text)
    assert again == record
    assert again.to_json() == text, "writing a record read back gives the same text"
    replayed = list(replay_states(again))
    assert [snapshot(state) for state in replayed] == [snapshot(state) for state in states]
    assert replayed[-1].history == game.history
    assert replayed[-1].variant == game.variant
    return text


@settings(max_examples=100, deadline=None)
@given(variant=variants(), seed=SEEDS, policy=st.integers(0, 2**32))
def test_any_game_of_any_variant_round_trips(variant: Variant, seed: int, policy: int) -> None:
    states = play(variant, seed, policy)
    assert_round_trip(states)
    game = states[-1]
    event(f"outcome: {game.outcome.reason if game.outcome else 'not over'}")
    event(f"bonus-tile choices: {min(2, sum(a.type is ActionType.CHOOSE for a in game.history))}")


@pytest.mark.parametrize("preset", PRESETS, ids=[preset.key for preset in PRESETS])
@settings(max_examples=10, deadline=None)
@given(
    players=st.integers(2, 5),
    bonus_tiles=st.booleans(),
    declared_play=st.booleans(),
    all_or_nothing=st.booleans(),
    empty_clues=st.booleans(),
    seed=SEEDS,
    policy=st.integers(0, 2**32),
)
def test_every_preset_round_trips(
    preset: Preset,
    players: int,
    bonus_tiles: bool,
    declared_play: bool,
    all_or_nothing: bool,
    empty_clues: bool,
    seed: int,
    policy: int,
) -> None:
    variant = preset.variant(
        players=players,
        bonus_tiles=bonus_tiles or preset.variant().bonus_tiles,
        declared_play=declared_play or preset.variant().declared_play,
        all_or_nothing=all_or_nothing or preset.variant().all_or_nothing,
        empty_clues=empty_clues,
    )
    assert_round_trip(play(variant, seed, policy))


def test_every_preset_is_written_under_its_own_name() -> None:
    for preset in PRESETS:
        game = Game.new(preset.variant(players=3), seed=1)
        data = json.loads(record_of(game).to_json())
        assert data["options"]["variant"] == (preset.hanab_live_name or preset.key)
        assert data["options"]["suits"] == [suit.key for suit in preset.suits]
        assert read_record(data).variant == game.variant


@settings(max_examples=50, deadline=None)
@given(variant=variants(), seed=SEEDS, policy=st.integers(0, 2**32))
def test_a_game_the_table_stopped_ends_with_a_game_over_action(
    variant: Variant, seed: int, policy: int
) -> None:
    states = play(variant, seed, policy, abandon=True)
    text = assert_round_trip(states)
    game = states[-1]
    if game.outcome is not None and game.outcome.termination is Termination.ABANDONED:
        last = json.loads(text)["actions"][-1]
        assert last == {"type": 4, "target": game.seat, "value": 4}


def test_every_option_is_spelled_out_and_the_seed_written() -> None:
    variant = find_variant("fewer-storms", players=4, declared_play=True, start_seat=3)
    data = json.loads(record_of(Game.new(variant, seed=99)).to_json())
    assert data["seed"] == 99
    assert data["options"] == {
        "variant": "fewer-storms",
        "suits": ["red", "yellow", "green", "blue", "white"],
        "players": 4,
        "handSize": 4,
        "clueTokens": 8,
        "storms": 2,
        "emptyClues": True,
        "allOrNothing": False,
        "declaredPlay": True,
        "bonusTiles": False,
        "hanabLiveEnding": False,
        "startingPlayer": 3,
    }
    assert "bonusTiles" not in data


def test_the_seed_is_left_out_when_it_does_not_deal_the_deck() -> None:
    variant = find_variant("base")
    deck = Game.new(variant, seed=5).deck
    assert record_of(Game(variant, deck, seed=5)).seed == 5
    assert record_of(Game(variant, deck, seed=6)).seed is None
    assert "seed" not in json.loads(record_of(Game(variant, deck, seed=6)).to_json())


def test_a_custom_list_of_suits_is_written_as_custom() -> None:
    suits = tuple(find_suit(key) for key in ("black-powder", "red", "rainbow-5"))
    variant = Variant("custom", suits, players=2)
    states = play(variant, seed=3, policy_seed=4)
    data = json.loads(assert_round_trip(states))
    assert data["options"]["variant"] == "custom"
    assert data["options"]["suits"] == ["black-powder", "red", "rainbow-5"]


def test_names_are_kept_and_default_to_hanab_live_s() -> None:
    game = Game.new(find_variant("base", players=4), seed=0)
    assert record_of(game).players == ("Alice", "Bob", "Cathy", "Donald")
    named = record_of(game, ["Zoë", "李", "Ω", "x"])
    assert read_record(named.to_json()).players == ("Zoë", "李", "Ω", "x")


def test_write_record_and_read_record_use_the_same_file(tmp_path: Path) -> None:
    states = play(find_variant("bonus-tiles", players=3), seed=8, policy_seed=8)
    record = record_of(states[-1])
    path = tmp_path / "game.json"
    write_record(record, path)
    assert path.read_text(encoding="utf-8") == record.to_json() + "\n"
    assert read_record(path) == record
    assert read_record(str(path)) == record
    assert read_record(path.read_bytes()) == record
    assert replay(read_record(path)).history == states[-1].history


def test_a_record_may_stop_before_the_game_is_over() -> None:
    states = play(find_variant("base", players=2), seed=2, policy_seed=2)
    full = record_of(states[-1])
    partial = Record(full.players, full.variant, full.deck, full.actions[:10], seed=full.seed)
    game = replay(partial)
    assert not game.over
    assert snapshot(game) == snapshot(states[10])


def test_replay_states_yields_independent_copies_unless_asked_not_to() -> None:
    states = play(find_variant("base", players=3), seed=4, policy_seed=4)
    record = record_of(states[-1])
    copies = list(replay_states(record))
    assert len(copies) == len(record.actions) + 1
    assert len({id(state) for state in copies}) == len(copies)
    assert copies[0].turn == 0 and copies[-1].over
    live = list(replay_states(record, copies=False))
    assert all(state is live[0] for state in live)


def test_a_reshuffle_is_written_with_the_position_it_landed_on() -> None:
    # find a game whose bonus tile 5 shuffled a card back, chosen at random (position -1)
    for seed in range(200):
        states = play(find_variant("bonus-tiles", players=2), seed=seed, policy_seed=seed)
        chosen = [a for a in states[-1].history if a.type is ActionType.CHOOSE]
        if chosen:
            break
    assert chosen, "no game with a bonus-tile choice in 200 seeds"
    text = assert_round_trip(states)
    written = [a for a in json.loads(text)["actions"] if a["type"] == 10]
    assert [(a["target"], a["value"]) for a in written] == [(a.target, a.value) for a in chosen]
