"""Hand-made positions whose observations are worked out by hand, segment by segment."""

from __future__ import annotations

from openhanabi.env.encodings import ExtendedEncoding, HLEEncoding
from openhanabi.rules import Action, Decision, find_variant

from .support import make_game

RED, YELLOW, GREEN, BLUE, WHITE = range(5)  # the project's colour order


def test_hle_colour_clue_as_hle_writes_it() -> None:
    variant = find_variant("base", players=3, empty_clues=False)
    encoding = HLEEncoding(variant)
    game = make_game(variant, ["R1 R2 R3 R4 R5", "Y1 Y2 Y3 Y4 Y5", "W1 G1 W2 B1 W3"])
    game.apply(Action.colour_clue(2, WHITE))
    parts = encoding.split(encoding.encode(game.view(1)))
    last = parts["last_action"].tolist()
    assert last[0:3] == [0, 0, 1]  # actor: seat 0 is offset 2 from seat 1
    assert last[3:7] == [0, 0, 1, 0]  # a colour clue
    assert last[7:10] == [0, 1, 0]  # target: seat 2 is offset 1
    assert last[10:15] == [0, 0, 0, 1, 0]  # white is HLE's colour 3
    assert last[15:20] == [0] * 5  # no rank
    assert last[20:25] == [1, 0, 1, 0, 1]  # the slots touched
    assert sum(last[25:]) == 0  # no card played or discarded
    knowledge = parts["card_knowledge"].reshape(3, 5, 35)
    white_cards = list(range(15, 20))  # HLE's W1..W5
    assert knowledge[1, 0, :25].nonzero()[0].tolist() == white_cards
    assert knowledge[1, 0, 25:30].tolist() == [0, 0, 0, 1, 0]
    assert knowledge[1, 3, 15:20].sum() == 0 and knowledge[1, 3, :25].sum() == 20
    assert knowledge[0].sum() == 5 * 25  # seat 1's own cards: nothing known yet
    # the cards in seat 2's hand (offset 1) by HLE's card index: W1 G1 W2 B1 W3
    hands = parts["hands"].reshape(2, 5, 25)
    assert [int(row.argmax()) for row in hands[0]] == [15, 10, 16, 20, 17]


def test_hle_play_that_completes_a_firework_regains_a_token() -> None:
    variant = find_variant("base", players=2, empty_clues=False, clue_tokens=1)
    encoding = HLEEncoding(variant)
    game = make_game(variant, ["R1 R2 R3 R4 R5", "Y1 Y2 Y3 Y4 Y5"])
    # seat 0 plays R1 to R5; seat 1 spends the only token, then plays Y1 to Y3
    for action in ("play 0", "clue 0 rank 5", "play 1", "play 5", "play 2", "play 6", "play 3"):
        game.apply(Action.parse(action))
    game.apply(Action.parse("play 7"))
    assert game.clue_tokens == 0
    game.apply(Action.play(4))  # R5 completes red: the token comes back
    last = encoding.split(encoding.encode(game.view(1)))["last_action"].tolist()
    assert last[-2:] == [1, 1]
    assert last[-27 + RED * 5 + 4] == 1  # the card: R5 (red is colour 0 for HLE too)


def test_extended_rainbow_clue_touches_both_suits() -> None:
    variant = find_variant("rainbow", players=2)
    encoding = ExtendedEncoding(variant)
    game = make_game(variant, ["R1 R2 R3 R4 R5", "M1 R1 B2 Y1 M5"])
    game.apply(Action.colour_clue(1, RED))
    parts = encoding.split(encoding.encode(game.view(1)))
    knowledge = parts["card_knowledge"].reshape(2, 5, 30 + 5 + 5)
    red_or_rainbow = list(range(5)) + list(range(25, 30))
    for slot in (0, 1, 4):  # M1, R1 and M5 are touched by red
        assert knowledge[0, slot, :30].nonzero()[0].tolist() == red_or_rainbow
        assert knowledge[0, slot, 30:35].tolist() == [1, 0, 0, 0, 0]
    assert knowledge[0, 2, 0:5].sum() == 0 and knowledge[0, 2, 25:30].sum() == 0
    assert knowledge[0, 2, 30:].sum() == 0


def test_extended_black_powder_counts_cards_played() -> None:
    variant = find_variant("black-powder", players=2)
    encoding = ExtendedEncoding(variant)
    game = make_game(variant, ["K5 K4 R1 R2 R3", "Y1 Y2 Y3 Y4 Y5"])
    game.apply(Action.play(0))
    parts = encoding.split(encoding.encode(game.view(0)))
    fireworks = parts["fireworks"].reshape(6, 5)
    assert fireworks[5].tolist() == [1, 0, 0, 0, 0]  # one card on black powder: its 5
    last = parts["last_action"].tolist()
    card = 2 * 2 + 6 + 5 + 5 + 2 * 5  # after actor, kind, target, colour, rank and slots
    assert last[card + 5 * 5 + 4] == 1  # K5
    assert last[card + 30 : card + 34] == [1, 0, 0, 0]  # added to its firework


def test_extended_declared_wrong_and_empty_clue() -> None:
    variant = find_variant("base", players=2, declared_play=True)
    encoding = ExtendedEncoding(variant)
    game = make_game(variant, ["R1 R2 R3 R4 R5", "Y1 Y2 Y3 Y4 Y5"])
    game.apply(Action.play(0, declare=BLUE))
    last = encoding.split(encoding.encode(game.view(1)))["last_action"].tolist()
    results = 2 * 2 + 6 + 5 + 5 + 2 * 5 + 25
    assert last[2 + 0] == 1  # kind: play
    assert last[results : results + 4] == [0, 1, 1, 0]  # a storm, for a wrong declaration
    assert last[results + 4 : results + 9] == [0, 0, 0, 1, 0]  # declared blue
    game.apply(Action.colour_clue(0, GREEN))  # an empty clue: seat 0 holds no green card
    last = encoding.split(encoding.encode(game.view(0)))["last_action"].tolist()
    assert last[2 + 2] == 1  # kind: colour clue
    assert sum(last[2 + 6 + 2 + 5 + 5 : 2 + 6 + 2 + 5 + 5 + 5]) == 0  # no slot touched


def test_extended_bonus_tile_decision_and_tiles_left() -> None:
    variant = find_variant("base", players=2, bonus_tiles=True)
    encoding = ExtendedEncoding(variant)
    game = make_game(variant, ["R1 R2 R3 R4 R5", "Y1 Y2 Y3 Y4 Y5"], tiles=(3, 1, 2, 4, 5, 6))
    for order in range(5):
        game.apply(Action.play(order))
        if order < 4:
            game.apply(Action.rank_clue(0, 5))
    assert game.pending is Decision.FREE_COLOUR_CLUE
    parts = encoding.split(encoding.encode(game.view(0)))
    assert parts["pending"].tolist() == [1, 0, 0, 0]
    assert parts["tiles_left"].tolist() == [1, 1, 0, 1, 1, 1]
    assert parts["turn"].tolist() == [1, 0]  # still seat 0's turn
    assert parts["last_action"][-6:].tolist() == [0, 0, 1, 0, 0, 0]  # drew tile 3
    game.apply(Action.colour_clue(1, YELLOW))  # the free clue
    parts = encoding.split(encoding.encode(game.view(1)))
    assert parts["pending"].sum() == 0
    decision = 2 * 2 + 6 + 5 + 5 + 2 * 5 + 25 + 3
    assert parts["last_action"][decision] == 1  # it answered a bonus tile
