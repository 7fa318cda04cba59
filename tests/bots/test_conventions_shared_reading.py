"""The ``conventions`` bot: every seat reads a clue the way its giver meant it, even a seat whose
own cards are part of the clue's chain. Each position is reached by the actions of a real game
(the deck of a fixed seed), so it does not depend on what the bots would have chosen."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st
from replayed import replay

from openhanabi.bots.conventions import ConventionsBot
from openhanabi.bots.conventions.state import Still
from openhanabi.rules import Action, ActionType, Card, Game, find_variant
from openhanabi.rules.tables import identity

PLAY = ActionType.PLAY


def test_a_prompted_card_is_prompted_once_so_its_holder_plays_it() -> None:
    # Seed 0, three players. Bob's card 8 (the red 2) has a red clue: to Bob it may be any red
    # card from the 2 up. Alice then gives Cathy a 3 clue on the red 3 (order 12): the red 2
    # comes first, through Bob's red card. Bob's card can be the 2 of that chain, not the 2 and
    # the 3 as well, so Bob reads the prompt and plays it.
    game, bots = replay(
        3,
        0,
        [
            Action.colour_clue(2, 1),
            Action.colour_clue(0, 2),
            Action.play(14),
            Action.play(3),
            Action.colour_clue(0, 4),
            Action.play(15),
            Action.play(2),
            Action.rank_clue(0, 2),
            Action.colour_clue(1, 0),
            Action.play(18),
            Action.play(9),
            Action.discard(10),
            Action.rank_clue(2, 3),
        ],
    )
    assert game.card(8).rank == 2 and game.card(12).rank == 3
    action = bots[1].act(game.view(1))
    assert action == Action.play(8)
    assert "red 2" in bots[1].explain()


def test_a_finessed_player_whose_clued_card_could_be_the_focus_still_plays_blind() -> None:
    # Seed 2, three players. Bob holds a clued 2 (the red 2, order 5) and the blue 1 on his
    # finesse position (order 9). Cathy clues blue to Alice's blue 2 (order 4). Bob cannot see
    # his clued 2 and might take it for the blue 2, but he sees that Alice's card is the blue 2:
    # the clue can only mean the blue 1 from his finesse position.
    game, bots = replay(
        3,
        2,
        [
            Action.rank_clue(2, 2),
            Action.colour_clue(2, 1),
            Action.play(11),
            Action.rank_clue(1, 2),
            Action.colour_clue(0, 1),
            Action.play(14),
            Action.play(0),
            Action.rank_clue(0, 1),
            Action.colour_clue(0, 3),
            Action.play(17),
        ],
    )
    assert game.card(9).rank == 1 and game.card(4).rank == 2
    action = bots[1].act(game.view(1))
    assert action == Action.play(9)
    assert "blind" in bots[1].explain()


def test_a_known_play_whose_next_card_another_player_holds_goes_first() -> None:
    # Seed 5, three players. Alice knows two plays: the green 1 (order 15) and the yellow 2
    # (order 18); Bob holds a clued yellow 3. The yellow 2 goes first, though it is the higher
    # card, so that Bob can play his yellow 3 on his turn while Alice plays the green 1 on hers.
    game, bots = replay(
        3,
        5,
        [
            Action.rank_clue(1, 1),
            Action.rank_clue(2, 2),
            Action.colour_clue(0, 0),
            Action.play(2),
            Action.play(8),
            Action.colour_clue(0, 3),
            Action.play(0),
            Action.rank_clue(0, 5),
            Action.rank_clue(0, 1),
            Action.play(4),
            Action.colour_clue(0, 1),
            Action.rank_clue(1, 3),
        ],
    )
    yellow3 = [o for o in game.hands[1] if game.card(o) == Card(1, 3)]
    assert yellow3 and game.card(15).rank == 1
    action = bots[0].act(game.view(0))
    assert action == Action.play(18)
    assert "Bob" in bots[0].explain() and "yellow 2" in bots[0].explain()


def test_a_seat_whose_own_clued_card_could_be_a_prompt_keeps_the_reading_the_others_make() -> None:
    # Seed 1628, five players. Emily holds a clued 2 (the white 2, order 19) that to her may be
    # the red, blue or white 2; Bob holds the blue 1, known. Donald then gives Alice a 2 clue on
    # her red 2 (order 25). The others, who see Emily's card, read Alice's card as the red or the
    # blue 2 (through Bob's blue 1). Emily cannot tell whether her own card is the blue 2 that
    # would make the blue reading a prompt leading nowhere, so she keeps the blue 2 as well:
    # were she to read the red 2 alone, she would count on it to clue Alice's red 3, which Alice,
    # seeing a yellow 3 fit, would misplay.
    game, bots = replay(
        5,
        1628,
        [
            Action.rank_clue(3, 1),
            Action.colour_clue(0, 2),
            Action.colour_clue(1, 1),
            Action.play(13),
            Action.colour_clue(0, 4),
            Action.play(3),
            Action.play(5),
            Action.rank_clue(1, 1),
            Action.play(15),
            Action.discard(16),
            Action.play(1),
            Action.play(7),
            Action.rank_clue(4, 2),
            Action.rank_clue(0, 2),
        ],
    )
    assert game.card(25) == Card(0, 2) and game.card(19) == Card(4, 2)
    assert game.card(22) == Card(3, 1) and game.card(0) == Card(0, 3)
    for bot in bots:
        bot.state.sync(game.view(bot.seat))
    blue2 = identity(Card(3, 2))
    alice = bots[0].state.belief(25)
    assert alice >> blue2 & 1  # Alice, who cannot see it, keeps the blue 2
    for seat in range(1, 5):
        belief = bots[seat].state.belief(25)
        assert belief & alice == alice, seat  # no seat reads her card narrower than she does
    assert bots[4].act(game.view(4)) != Action.rank_clue(0, 3)


def test_a_seat_that_sees_a_focus_its_readings_do_not_allow_takes_it_as_the_giver_meant() -> None:
    # Seed 57, five players. Emily holds two clued 2s, the green 2 (order 17) and the red 2
    # (order 18): the table reads the newer as the red or blue 2. Donald, whose own clued 1s
    # could be any 1s, reads it as any 2. Cathy then gives Alice a 3 clue on her green 3 (order
    # 21), through Emily's green 2. For Donald, Emily's newer 2 comes first as the prompt for a
    # green 2, and it is the red 2, so none of his readings lead to a green 3; but Cathy meant
    # the green 3 and Alice reads it so, and Donald keeps it in his notes as everyone else does.
    game, bots = replay(
        5,
        57,
        [
            Action.rank_clue(3, 1),
            Action.colour_clue(0, 0),
            Action.rank_clue(4, 2),
            Action.play(12),
            Action.colour_clue(1, 1),
            Action.play(2),
            Action.play(7),
            Action.rank_clue(0, 3),
        ],
    )
    assert game.card(21) == Card(2, 3)
    assert game.card(17) == Card(2, 2) and game.card(18) == Card(0, 2)
    green3 = identity(Card(2, 3))
    for bot in bots:
        bot.state.sync(game.view(bot.seat))
        assert bot.state.belief(21) >> green3 & 1, bot.seat


@settings(max_examples=8, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000))
@example(players=4, seed=280)  # a tempo clue's target once read from the beliefs kept
def test_a_clue_weighed_while_the_notes_stand_still_reads_as_with_live_notes(
    players: int, seed: int
) -> None:
    """A seat weighing its clues keeps each card's belief while its notes stand still; each
    clue must read the same (for the receiver and for every other seat) as when the notes are
    worked out afresh, or the giver would count on a reading nobody else makes."""
    variant = find_variant("base", players=players)
    game = Game.new(variant, seed)
    bots = [ConventionsBot(seat, variant, seed, search=False) for seat in range(players)]
    while game.outcome is None:
        view = game.view(game.seat)
        tracker = bots[game.seat].state
        tracker.sync(view)
        still = Still()  # kept for the whole turn, as the bot keeps it while it weighs clues
        for action in view.legal_actions:
            if not action.is_clue:
                continue
            mask = tracker.clue_mask(action.type, action.value)
            hand = tracker.hands[action.target]
            touched = tuple(o for o in hand if 1 << tracker.ident[o] & mask)
            for hidden in range(players):
                if hidden == game.seat:
                    continue
                args = (game.seat, action.target, touched, mask, action.type, hidden)
                live = tracker.read_clue(*args)
                tracker.frozen = still
                try:
                    weighed = tracker.read_clue(*args)
                finally:
                    tracker.frozen = None
                assert weighed == live, (action, hidden)
        game.apply(bots[game.seat].act(view))
