"""The ``hle`` encoding and move numbering equal HLE's own, position by position.

Each game is played in HLE first (its chance player deals at random; moves are drawn from
``legal_moves()`` with a bias towards plays that fit, so that games reach the last round). The
cards HLE dealt, in order, become the top of our deck, and the same moves are replayed in our
engine. At every position, every seat's observation must equal HLE's ``ObservationEncoder
(CANONICAL)`` output and the legal move numbers must equal HLE's ``get_move_uid`` of its legal
moves.

One known difference between the games themselves: HLE deals a replacement card after the play
that ends a game by a strikeout or a perfect score (and adds a token for the last 5), where the
rules end the game at once. At such a final position the hands, draw pile and knowledge, and
after a perfect game the clue tokens, are left out of the comparison.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import numpy as np
import pytest

from openhanabi.env.encodings.hle import HLE_COLOURS, HLEEncoding
from openhanabi.rules import Card, Game, Termination, Variant, find_variant
from openhanabi.rules.deck import ordered_deck

pyhanabi: Any = pytest.importorskip("hanabi_learning_environment.pyhanabi")
if not (pyhanabi.cdef_loaded() and pyhanabi.lib_loaded()):
    pytest.skip("HLE's pyhanabi library did not load", allow_module_level=True)

GAMES_PER_PLAYER_COUNT = 24
# HLE's game takes these counts as parameters: vary them too
OPTIONS: tuple[dict[str, int], ...] = (
    {},
    {},
    {"hand_size": 3},
    {"clue_tokens": 4, "storms": 1},
    {"clue_tokens": 10, "storms": 5},
)
ENDED_AT_ONCE = (Termination.STRIKEOUT, Termination.PERFECT)


class HLEGame:
    """One game played in HLE, recorded: observations of every seat, legal uids, moves."""

    def __init__(self, variant: Variant, seed: int) -> None:
        self.game = pyhanabi.HanabiGame(
            {
                "players": variant.players,
                "colors": 5,
                "ranks": 5,
                "hand_size": variant.hand_size,
                "max_information_tokens": variant.clue_tokens,
                "max_life_tokens": variant.storms,
                "random_start_player": False,
                "observation_type": int(pyhanabi.AgentObservationType.CARD_KNOWLEDGE),
                "seed": seed,
            }
        )
        self.encoder = pyhanabi.ObservationEncoder(
            self.game, pyhanabi.ObservationEncoderType.CANONICAL
        )
        # (observation of each seat, legal uids or None at the end, uid chosen)
        self.positions: list[tuple[list[list[int]], list[int] | None, int]] = []
        self.dealt: list[tuple[int, int]] = []  # HLE (colour, rank index) in deal order
        self._play(variant.players, random.Random(seed))

    def _play(self, players: int, rng: random.Random) -> None:
        state = self.game.new_initial_state()
        play = pyhanabi.HanabiMoveType.PLAY
        while True:
            if state.cur_player() == pyhanabi.CHANCE_PLAYER_ID:
                state.deal_random_card()  # only on chance turns: otherwise HLE aborts
                continue
            seen = [self.encoder.encode(state.observation(seat)) for seat in range(players)]
            if state.is_terminal():
                self.positions.append((seen, None, -1))
                break
            moves = state.legal_moves()
            hand = state.player_hands()[state.cur_player()]
            fireworks = state.fireworks()

            def fits(move: Any, hand: Any = hand, fireworks: Any = fireworks) -> bool:
                card = hand[move.card_index()]
                return bool(fireworks[card.color()] == card.rank())

            good = [m for m in moves if m.type() == play and fits(m)]
            safe = [m for m in moves if m.type() != play or fits(m)]
            roll = rng.random()
            pool = good if good and roll < 0.5 else safe if safe and roll < 0.97 else moves
            move = rng.choice(pool)
            uids = sorted(self.game.get_move_uid(m) for m in moves)
            self.positions.append((seen, uids, self.game.get_move_uid(move)))
            state.apply_move(move)
        for item in state.move_history():
            move = item.move()
            if move.type() == pyhanabi.HanabiMoveType.DEAL:
                self.dealt.append((move.color(), move.rank()))


def same_deck(variant: Variant, dealt: list[tuple[int, int]]) -> list[Card]:
    """Our deck for HLE's deals: the dealt cards in order (colours by name), then the rest."""
    keys = [suit.key for suit in variant.suits]
    top = [Card(keys.index(HLE_COLOURS[colour]), rank + 1) for colour, rank in dealt]
    rest = ordered_deck(variant)
    for card in top:
        rest.remove(card)
    return top + rest


def compare_game(variant: Variant, seed: int, encoding: HLEEncoding) -> tuple[int, str]:
    """Replay one HLE game in our engine, checking every position; the positions compared and
    how the game ended."""
    hle = HLEGame(variant, seed)
    assert hle.encoder.shape() == [encoding.size]
    assert hle.game.max_moves() == encoding.moves.size
    game = Game(variant, same_deck(variant, hle.dealt))
    for seen, uids, chosen in hle.positions:
        final = uids is None
        assert game.over == final, f"turn {game.turn}: the games ended at different times"
        for seat in range(variant.players):
            ours = encoding.encode(game.view(seat))
            theirs = np.array(seen[seat], dtype=np.int8)
            names = [s.name for s in encoding.segments]
            if final and game.outcome is not None and game.outcome.termination in ENDED_AT_ONCE:
                names = ["fireworks", "lives", "discards", "last_action"]
                if game.outcome.termination is Termination.STRIKEOUT:
                    names.append("clue_tokens")
            for name in names:
                segment = encoding.segment(name)
                part = slice(segment.start, segment.stop)
                assert ours[part].tolist() == theirs[part].tolist(), (
                    f"{variant.describe()}, seed {seed}, turn {game.turn}, seat {seat}: "
                    f"segment {name} differs"
                )
        if uids is None:
            break
        legal = encoding.moves.legal(game.view(game.seat))
        assert sorted(legal) == uids, f"seed {seed}, turn {game.turn}: legal moves differ"
        game.apply(legal[chosen])
    assert game.outcome is not None
    return len(hle.positions), game.outcome.termination.value


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_hle_encoding_and_moves_equal_hles_on_random_games(players: int) -> None:
    compared = 0
    endings: Counter[str] = Counter()
    for seed in range(GAMES_PER_PLAYER_COUNT):
        options = OPTIONS[seed % len(OPTIONS)]
        variant = find_variant("base", players=players, empty_clues=False, **options)
        positions, ending = compare_game(variant, 1000 * players + seed, HLEEncoding(variant))
        compared += positions
        endings[ending] += 1
    # enough positions, and games that reach the last round as well as strikeouts
    assert compared >= 1000
    assert endings["last round done"] >= GAMES_PER_PLAYER_COUNT // 2
