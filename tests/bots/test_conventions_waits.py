"""The ``conventions`` bot: a seat that sees a clue's focus and is not finessed by it does not
wait on its own finesse position. Positions are reached by the actions of a real game (the deck
of a fixed seed), so they do not depend on what the bots would have chosen."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from openhanabi.bots.conventions import ConventionsBot
from openhanabi.rules import Action, Game, find_variant
from openhanabi.rules.tables import identity


def replay(players: int, seed: int, actions: list[Action]) -> tuple[Game, list[ConventionsBot]]:
    """The game of ``seed`` after ``actions``, with a conventions bot in every seat that has
    read the whole log."""
    variant = find_variant("base", players=players)
    game = Game.new(variant, seed)
    bots = [ConventionsBot(seat, variant) for seat in range(players)]
    for action in actions:
        game.apply(action)
    for bot in bots:
        bot.state.sync(game.view(bot.seat))
    return game, bots


def test_a_seat_not_finessed_reads_the_focus_as_its_receiver_does() -> None:
    # Seed 0, three players. Alice's first move is a yellow clue to Cathy's yellow 1 (order
    # 14). Bob cannot see his finesse position (order 9, the red 1): for all he knows it might
    # be the yellow 1, and the clue a finesse on him for the yellow 2. But he sees that the focus
    # is the yellow 1, so the clue did not finesse him; Cathy sees his red 1 and reads the clue
    # as the yellow 1 alone. Bob's notes on the focus are Cathy's, with no blind play awaited.
    game, bots = replay(3, 0, [Action.colour_clue(2, 1)])
    yellow_one = identity(game.card(14))
    assert game.card(14).rank == 1 and game.card(9) != game.card(14)
    bob, cathy = bots[1].state, bots[2].state
    assert cathy.belief(14) == 1 << yellow_one
    assert bob.belief(14) == cathy.belief(14)
    assert not [wait for wait in bob.waits if wait[0] == 1]


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(3, 5))
def test_a_seat_waits_on_its_own_finesse_position_only_when_it_plays_it_blind(
    seed: int, players: int
) -> None:
    # after every clue, each seat's new waits on its own finesse position are blind plays it
    # owes: the clue called that card (the seat sees the focus, so it knows)
    variant = find_variant("base", players=players)
    game = Game.new(variant, seed)
    bots = [ConventionsBot(seat, variant) for seat in range(players)]
    while game.outcome is None:
        seat = game.seat
        action = bots[seat].act(game.view(seat))
        game.apply(action)
        if not action.is_clue:
            continue
        for bot in bots:
            st_ = bot.state
            before = set(st_.waits)
            st_.sync(game.view(bot.seat))
            for wait in st_.waits:
                if wait not in before and wait[0] == bot.seat:
                    assert wait[1] in st_.blind
