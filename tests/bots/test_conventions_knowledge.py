"""The knowledge benchmark of the conventions bot (``benchmarks/conventions_knowledge.py``)
plays the bot's own games when it reveals nothing, and otherwise reveals exactly the cards its
kind names, as the true identities every seat's notes then hold."""

from __future__ import annotations

from types import ModuleType

import pytest
from benchmark_scripts import load_benchmark

from openhanabi.bots import play_game
from openhanabi.bots.conventions import ConventionsBot
from openhanabi.rules import Action, Game, Result, Termination, Variant, find_variant
from openhanabi.rules.tables import identity


@pytest.fixture(scope="module")
def knowledge() -> ModuleType:
    return load_benchmark("conventions_knowledge")


def table(players: int, seed: int) -> tuple[Variant, list[ConventionsBot], Game]:
    """A new base game of ``seed`` and its conventions bots (without the search)."""
    variant = find_variant("base", players=players)
    bots = [ConventionsBot(s, variant, seed, search=False) for s in range(players)]
    return variant, bots, Game.new(variant, seed)


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (5, 3)])
def test_revealing_nothing_plays_the_bots_own_game(
    knowledge: ModuleType, players: int, seed: int
) -> None:
    _, bots, game = table(players, seed)
    game = play_game(game, bots)
    assert game.outcome is not None
    own = 0 if game.outcome.termination is Termination.STRIKEOUT else game.outcome.score
    assert knowledge.play_seed((players, "none", seed, False)) == (own, 0)


def test_the_referees_identities_are_the_bots_own(knowledge: ModuleType) -> None:
    # the benchmark writes the referee's identity numbers into the bots' notes
    game = Game.new(find_variant("base", players=4), 5)
    view = game.view(0)
    assert view.cards
    for order, card in view.cards.items():
        assert game.identities[order] == identity(card)


def test_each_kind_reveals_its_own_cards(knowledge: ModuleType) -> None:
    game = Game.new(find_variant("base", players=3), 0)
    five = next(o for hand in game.hands for o in hand if game.card(o).rank == 5)
    other = next(o for hand in game.hands for o in hand if game.card(o).rank != 5)
    touched = (five, other)
    reveal = knowledge.revealed
    assert reveal("none", "play", other, touched, game) == []
    assert reveal("touched", None, None, touched, game) == [five, other]
    assert reveal("play-focus", "play", other, touched, game) == [other]
    assert reveal("play-focus", "save", other, touched, game) == []
    assert reveal("play-touched", "play", other, touched, game) == [five, other]
    assert reveal("save-focus", "save", other, touched, game) == [other]
    assert reveal("save-fives", "save", five, touched, game) == [five]
    assert reveal("save-fives", "save", other, touched, game) == []
    assert reveal("save-touched", "save", five, touched, game) == [five, other]
    assert reveal("save-touched", "play", five, touched, game) == []
    assert reveal("play-colour-others", "play", other, touched, game, True) == [five]
    assert reveal("play-colour-others", "play", other, touched, game, False) == []
    assert reveal("play-rank-others", "play", other, touched, game, False) == [five]
    assert reveal("play-rank-others", "play", other, touched, game, True) == []
    assert reveal("play-rank-others", "save", other, touched, game, False) == []


def test_every_card_a_clue_touched_is_then_known_to_every_seat(knowledge: ModuleType) -> None:
    players, seed = 4, 7
    _, bots, game = table(players, seed)
    clues = 0
    while game.outcome is None and clues < 6:
        bot = bots[game.seat]
        action = bot.act(game.view(game.seat))
        game.apply(action)
        if not action.is_clue:
            continue
        clues += 1
        touched = game.events[-1].touched
        knowledge.tell(bots, game, knowledge.revealed("touched", None, None, touched, game))
        for other in bots:
            for order in touched:
                assert other.state.belief(order) == 1 << game.identities[order]
    assert clues == 6


def test_a_free_bluff_calls_only_a_card_that_fits_from_the_next_finesse_position(
    knowledge: ModuleType,
) -> None:
    players, seed = 4, 2
    _, bots, game = table(players, seed)
    called = skipped = 0
    while game.outcome is None and game.turn < 40:
        giver = game.seat
        action = bots[giver].act(game.view(giver))
        game.apply(action)
        if not action.is_clue:
            continue
        after = (giver + 1) % players
        state = bots[giver].state
        found = knowledge.bluffed(bots, game, giver, action.target)
        if found is None:
            skipped += 1
            spot = state.finesse_position(after)
            assert (
                action.target == after
                or spot is None
                or spot in state.blind
                or not state.playable >> game.identities[spot] & 1
            )
            continue
        called += 1
        assert action.target != after
        assert found == state.finesse_position(after)
        assert state.playable >> game.identities[found] & 1
        knowledge.call(bots, game, found)
        for bot in bots:
            assert bot.state.blind[found] == game.identities[found]
        # the called player, who acts next, plays it blind, and it fits
        assert game.seat == after
        played = bots[after].act(game.view(after))
        assert played.target == found
        game.apply(played)
        assert game.events[-1].result is Result.PLAYED
    assert called and skipped


def test_each_token_kind_gives_back_the_tokens_of_its_own_clues(knowledge: ModuleType) -> None:
    five = Action.rank_clue(1, 5)
    red = Action.colour_clue(1, 0)
    given = knowledge.refunded
    assert given("token-saves", "save", five) and given("token-saves", "save", red)
    assert not given("token-saves", "play", five)
    assert given("token-5-saves", "save", five)
    assert not given("token-5-saves", "save", red)
    assert not given("token-5-saves", "play", five)
    assert given("token-plays", "play", red)
    assert not given("token-plays", "save", red)
    assert not given("token-plays", None, red)


def test_a_token_given_back_is_counted_by_the_rules_and_by_every_seat(
    knowledge: ModuleType,
) -> None:
    players, seed = 4, 3
    variant, bots, game = table(players, seed)
    refunds = 0
    while game.outcome is None and refunds < 5:
        action = bots[game.seat].act(game.view(game.seat))
        game.apply(action)
        if not action.is_clue or game.clue_tokens == variant.clue_tokens:
            continue
        before = game.clue_tokens
        knowledge.refund(bots, game)
        refunds += 1
        assert game.clue_tokens == before + 1
        for seat, bot in enumerate(bots):
            bot.state.sync(game.view(seat))  # nothing new to read: the count stands
            assert bot.state.tokens == game.clue_tokens
        # the rules let the table spend the token given back
        assert game.view(game.seat).clue_tokens == before + 1
    assert refunds == 5


def test_tokens_given_back_are_refused_with_the_search(
    knowledge: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        knowledge.main(["--games", "1", "--kinds", "token-saves", "--search"])
    assert stop.value.code == 2
    assert "without --search" in capsys.readouterr().err
