"""The ``basic`` bot: it acts only on what its view proves, so it never misplays; it makes
playable cards known, saves critical cards on the chop, never wastes a clue token or a discard
the rules forbid, explains each action in one sentence, and is deterministic."""

from __future__ import annotations

from openhanabi.bots import find_bot, play_game
from openhanabi.bots.basic import BasicBot
from openhanabi.rules import Action, ActionType, Card, Game, Result, Variant, find_variant
from openhanabi.rules.deck import ordered_deck

RED, YELLOW, GREEN, BLUE, WHITE = range(5)


def dealt(variant: Variant, *top: Card) -> Game:
    """A game whose deck starts with ``top`` (hands are dealt a whole hand at a time, seat 0
    first, oldest card first), the other cards following in suit order."""
    rest = list(ordered_deck(variant))
    for card in top:
        rest.remove(card)
    return Game(variant, [*top, *rest])


def hand(*cards: tuple[int, int]) -> list[Card]:
    return [Card(suit, rank) for suit, rank in cards]


def bots_for(variant: Variant, seed: int = 0) -> list[BasicBot]:
    return [BasicBot(seat, variant, seed) for seat in range(variant.players)]


def play(variant: Variant, seed: int) -> Game:
    return play_game(Game.new(variant, seed), bots_for(variant, seed))


def test_it_is_registered_as_basic() -> None:
    assert find_bot("basic") is BasicBot


def test_it_never_misplays_and_never_strikes_out() -> None:
    for players in (2, 3, 4, 5):
        variant = find_variant("base", players=players)
        for seed in range(6):
            game = play(variant, seed)
            results = {event.result for event in game.events}
            assert Result.MISPLAYED not in results, (players, seed)
            assert game.storms == 0


def test_the_same_seed_gives_the_same_game() -> None:
    variant = find_variant("rainbow", players=4, bonus_tiles=True)
    assert play(variant, 7).history == play(variant, 7).history


def test_it_scores_well_above_random_play() -> None:
    variant = find_variant("base", players=3)
    scores = [play(variant, seed).outcome.score for seed in range(10)]  # type: ignore[union-attr]
    assert sum(scores) / len(scores) > 15


def test_it_gives_the_clue_that_makes_a_playable_card_known() -> None:
    variant = find_variant("base", players=2)
    # seat 1 holds one 1 (blue) among cards nobody can play yet
    game = dealt(
        variant,
        *hand((RED, 3), (RED, 4), (YELLOW, 3), (YELLOW, 4), (GREEN, 3)),
        *hand((GREEN, 4), (WHITE, 3), (BLUE, 1), (WHITE, 4), (BLUE, 3)),
    )
    bot = bots_for(variant)[0]
    assert bot.act(game.view(0)) == Action.rank_clue(1, 1)
    assert bot.explain() == "I told Bob about their 1s to show them a playable card."


def test_it_plays_a_card_it_knows_is_playable_declaring_a_known_suit() -> None:
    variant = find_variant("base", players=2, declared_play=True)
    game = dealt(
        variant,
        *hand((RED, 3), (RED, 4), (YELLOW, 3), (YELLOW, 4), (GREEN, 3)),
        *hand((GREEN, 4), (WHITE, 3), (BLUE, 1), (WHITE, 4), (BLUE, 3)),
    )
    blue_one = game.hands[1][2]
    game.apply(Action.rank_clue(1, 1))
    bot = bots_for(variant)[1]
    assert bot.act(game.view(1)) == Action.play(blue_one)  # a 1, suit unknown: no declaration
    game = dealt(
        variant,
        *hand((RED, 3), (RED, 4), (YELLOW, 3), (YELLOW, 4), (GREEN, 3)),
        *hand((GREEN, 4), (WHITE, 3), (BLUE, 1), (WHITE, 4), (BLUE, 3)),
    )
    game.apply(Action.rank_clue(1, 1))
    game.apply(Action.rank_clue(0, 3))
    game.apply(Action.colour_clue(1, BLUE))
    assert bot.act(game.view(1)) == Action.play(blue_one, BLUE)
    assert "declaring blue" in bot.explain()


def test_it_saves_a_critical_card_on_the_next_players_chop() -> None:
    variant = find_variant("base", players=3)
    # seat 1's oldest card is the red 5; nobody can play anything yet
    game = dealt(
        variant,
        *hand((GREEN, 2), (GREEN, 3), (GREEN, 4), (YELLOW, 3), (YELLOW, 4)),
        *hand((RED, 5), (WHITE, 3), (WHITE, 4), (BLUE, 3), (BLUE, 4)),
        *hand((RED, 3), (RED, 4), (WHITE, 2), (BLUE, 2), (YELLOW, 2)),
    )
    red_five = game.hands[1][0]
    action = BasicBot(0, variant).act(game.view(0))
    assert action.is_clue and action.target == 1
    game.apply(action)
    assert red_five in game.events[-1].touched


def test_it_discards_a_card_it_knows_is_useless_before_its_chop() -> None:
    variant = find_variant("base", players=2)
    game = dealt(
        variant,
        *hand((RED, 1), (YELLOW, 3), (YELLOW, 4), (GREEN, 3), (GREEN, 4)),
        *hand((RED, 1), (WHITE, 3), (WHITE, 4), (BLUE, 3), (BLUE, 4)),
    )
    red_one = game.hands[0][0]
    for action in (
        Action.rank_clue(1, 1),
        Action.colour_clue(0, RED),
        Action.rank_clue(1, 4),
        Action.play(game.hands[1][0]),  # the other red 1 is played
        Action.rank_clue(1, 3),
        Action.rank_clue(0, 1),  # seat 0 now knows its card is a red 1: useless
    ):
        game.apply(action)
    bot = BasicBot(0, variant)
    assert bot.act(game.view(0)) == Action.discard(red_one)
    # the red 1 is seat 0's oldest card: slot 5 of five, as the board counts them
    assert bot.explain() == "I discarded slot 5: I knew it could never score."


def test_it_never_discards_with_every_clue_token_nor_clues_with_none() -> None:
    variant = find_variant("base", players=3)
    game = Game.new(variant, 11)
    bots = bots_for(variant, 11)
    while game.outcome is None:
        tokens = game.clue_tokens
        action = bots[game.seat].act(game.view(game.seat))
        if action.type is ActionType.DISCARD:
            assert tokens < variant.clue_tokens
        if action.is_clue:
            assert tokens > 0
        game.apply(action)


def test_it_answers_bonus_tile_decisions_and_explains_each_action_in_a_sentence() -> None:
    variant = find_variant("base", players=2, bonus_tiles=True, declared_play=True)
    decided = set()
    for seed in range(8):
        game = Game.new(variant, seed)
        bots = bots_for(variant, seed)
        while game.outcome is None:
            view = game.view(game.seat)
            bot = bots[game.seat]
            action = bot.act(view)
            if view.pending is not None:
                decided.add(view.pending)
            sentence = bot.explain()
            assert sentence.startswith("I ") and sentence.endswith(".") and "\n" not in sentence
            assert sentence.count(". ") == 0
            game.apply(action)
    assert len(decided) == 4  # free colour clue, free rank clue, reshuffle, play from discard
