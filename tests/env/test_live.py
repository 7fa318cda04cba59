"""Observations kept up to date action by action, and the environment's quick legal moves: the
same bytes as encoding each seat's view from scratch, the same moves as the view's legal actions,
and nothing from a seat's own cards."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from openhanabi.env import raw_env
from openhanabi.env.encodings import Encoding, ExtendedEncoding, HLEEncoding
from openhanabi.rules import Action, ActionType, Game, IllegalActionError, Variant, find_variant

from .support import VARIANTS, careful_action

HLE_VARIANTS = tuple(find_variant("base", players=p, empty_clues=False) for p in (2, 3, 4, 5))
ENCODINGS: tuple[tuple[type[Encoding], Variant], ...] = (
    *((ExtendedEncoding, v) for v in VARIANTS),
    *((HLEEncoding, v) for v in HLE_VARIANTS),
)


def _id(value: object) -> str:
    return value.describe() if isinstance(value, Variant) else str(getattr(value, "name", value))


def any_action(game: Game, rng: random.Random, careful: bool) -> Action:
    """A careful action (games reach their end and bonus tiles) or a uniformly random one."""
    return careful_action(game, rng) if careful else rng.choice(game.legal_actions())


@pytest.mark.parametrize(("kind", "variant"), ENCODINGS, ids=_id)
def test_live_observations_equal_encoding_each_view(kind: type[Encoding], variant: Variant) -> None:
    encoding = kind(variant)
    compared = 0
    for seed in range(12):
        game = Game.new(variant, seed)
        live = encoding.live(game)
        rng = random.Random(seed)
        while True:
            for seat in range(variant.players):
                expected = encoding.encode_bytes(game.view(seat))
                assert live.observation(seat) == expected, f"seed {seed}, turn {game.turn}"
                compared += 1
            if game.over:
                break
            game.apply(any_action(game, rng, careful=seed % 3 != 0))
            live.update()
    assert compared > 400


@settings(max_examples=40, deadline=None)
@given(
    index=st.integers(0, len(ENCODINGS) - 1),
    seed=st.integers(0, 2**32),
    careful=st.booleans(),
    restart_at=st.integers(0, 60),
)
def test_live_observations_follow_any_game_from_any_point(
    index: int, seed: int, careful: bool, restart_at: int
) -> None:
    """Started in the middle of a game, or told of several actions at once, the observations
    are still those of each seat's view."""
    kind, variant = ENCODINGS[index]
    encoding = kind(variant)
    game = Game.new(variant, seed)
    rng = random.Random(seed)
    live = encoding.live(game)
    while not game.over:
        if game.turn == restart_at:
            live.restart(game)
        game.apply(any_action(game, rng, careful))
        if rng.random() < 0.8:  # otherwise the next update() takes in two actions
            live.update()
    live.update()
    for seat in range(variant.players):
        assert live.observation(seat) == encoding.encode_bytes(game.view(seat))


def test_bonus_tile_decisions_and_reshuffles_are_followed() -> None:
    variant = find_variant("black-powder-rainbow", players=3, bonus_tiles=True, declared_play=True)
    encoding = ExtendedEncoding(variant)
    results = set()
    for seed in range(40):
        game = Game.new(variant, seed)
        live = encoding.live(game)
        rng = random.Random(seed)
        while not game.over:
            game.apply(careful_action(game, rng))
            live.update()
            results.add(game.events[-1].result.value)
            for seat in range(variant.players):
                assert live.observation(seat) == encoding.encode_bytes(game.view(seat))
    assert {"shuffled back", "declared wrong", "played"} <= results


def with_own_card_swapped(game: Game, seat: int, seed: int) -> Game | None:
    """The same deal, except that a card of ``seat``'s hand changes places with a card deep in
    the draw pile (None if both are the same card)."""
    deck = list(game.deck)
    own = game.hands[seat][seed % len(game.hands[seat])]
    if deck[own] == deck[-1]:
        return None
    deck[own], deck[-1] = deck[-1], deck[own]
    return Game(game.variant, deck, game.bonus_tiles, game.seed)


def same_other_hands(game: Game, other: Game, seat: int) -> bool:
    """Whether the seats other than ``seat`` hold the same cards in both games."""
    return all(
        [game.card(order) for order in game.hands[s]]
        == [other.card(order) for order in other.hands[s]]
        for s in range(game.players)
        if s != seat
    )


@pytest.mark.parametrize(("kind", "variant"), ENCODINGS, ids=_id)
def test_live_observations_never_depend_on_the_seats_own_cards(
    kind: type[Encoding], variant: Variant
) -> None:
    """Two games that differ only in one card of a seat's hand give that seat the same
    observations until the card shows itself (it is played or discarded, or a clue tells
    something about it only in one of them)."""
    encoding = kind(variant)
    compared = 0
    for seed in range(16):
        game = Game.new(variant, seed)
        seat = seed % variant.players
        other = with_own_card_swapped(game, seat, seed)
        if other is None:
            continue
        hidden = game.hands[seat][seed % len(game.hands[seat])]
        first, second = encoding.live(game), encoding.live(other)
        rng = random.Random(seed)
        while not game.over and not other.over:
            assert first.observation(seat) == second.observation(seat), (
                f"seed {seed}, turn {game.turn}: seat {seat}'s observation shows its own card"
            )
            compared += 1
            action = careful_action(game, rng)
            if action.type in (ActionType.PLAY, ActionType.DISCARD) and action.target == hidden:
                break  # the card shows itself: the games differ from here on
            try:
                other.apply(action)
            except IllegalActionError:
                break  # a clue that touches the card in one game only (no empty clues)
            game.apply(action)
            if game.events[-1] != other.events[-1] or game.pending != other.pending:
                break  # the action told the table something about the card
            if not same_other_hands(game, other, seat):
                break  # the swapped card was drawn by another seat
            first.update()
            second.update()
    assert compared > 60


@pytest.mark.parametrize(("kind", "variant"), ENCODINGS, ids=_id)
def test_quick_legal_moves_are_the_views_legal_moves(
    kind: type[Encoding], variant: Variant
) -> None:
    encoding = kind(variant)
    moves = encoding.moves
    checked = 0
    for seed in range(10):
        game = Game.new(variant, seed)
        live = encoding.live(game)
        rng = random.Random(seed)
        while not game.over:
            if game.pending is None:
                seat = game.seat
                hand = game.hands[seat]
                legal = moves.legal(game.view(seat))
                mask = moves.turn_mask(seat, len(hand), game.clue_tokens, live.touches)
                assert mask == bytes(moves.mask(legal)), f"seed {seed}, turn {game.turn}"
                for move, action in legal.items():
                    assert moves.turn_action(seat, hand, move) == action
                checked += 1
            game.apply(any_action(game, rng, careful=seed % 2 == 0))
            live.update()
    assert checked > 100


@pytest.mark.parametrize(
    "options",
    [
        {"players": 2, "encoding": "hle"},
        {
            "variant": "black-powder-rainbow",
            "players": 3,
            "bonus_tiles": True,
            "declared_play": True,
        },
        {"variant": "rainbow-5", "players": 4},
    ],
    ids=str,
)
def test_the_environment_observes_what_each_view_encodes(options: dict[str, object]) -> None:
    table = raw_env(**options)  # type: ignore[arg-type]
    encoding = table.encoding
    rng = random.Random(1)
    for seed in range(6):
        table.reset(seed=seed)
        game = table.game
        assert game is not None
        while not game.over:
            for seat, agent in enumerate(table.possible_agents):
                observed = table.observe(agent)
                view = game.view(seat)
                assert observed["observation"].tobytes() == encoding.encode_bytes(view)
                legal = encoding.moves.legal(view) if seat == game.seat else {}
                assert observed["action_mask"].tobytes() == bytes(encoding.moves.mask(legal))
            mask = table.observe(table.agent_selection)["action_mask"]
            table.step(int(rng.choice(mask.nonzero()[0])))
