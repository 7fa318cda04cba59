"""The ``conventions`` bot: legality on every preset, determinism, and one hand-built position
per convention (decks are dealt one whole hand at a time, seat 0 first; orders are deck indices)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from replayed import replay

from openhanabi.bots import make_bot, play_game
from openhanabi.bots.conventions import ConventionsBot
from openhanabi.bots.conventions import clues as clues_module
from openhanabi.bots.conventions.bot import CLUE_WORTH
from openhanabi.bots.conventions.clues import SAVE_STAKE_WORTH, Option
from openhanabi.bots.conventions.rules import within
from openhanabi.bots.conventions.state import Still
from openhanabi.bots.explanation import Reason
from openhanabi.rules import PRESETS, Action, ActionType, Card, Game, find_variant
from openhanabi.rules.deck import ordered_deck
from openhanabi.rules.tables import identity

LETTERS = "RYGBW"


def card(name: str) -> Card:
    return Card(LETTERS.index(name[0]), int(name[1]))


def deal(players: int, hands: list[list[str]], draws: tuple[str, ...] = ()) -> Game:
    """A base game whose hands (oldest card first) are ``hands`` and whose first cards drawn
    are ``draws``; the rest of the deck follows in suit order, 5s last so that nobody draws a
    card that changes the position."""
    variant = find_variant("base", players=players)
    dealt = [card(name) for hand in hands for name in hand] + [card(name) for name in draws]
    rest = Counter(ordered_deck(variant)) - Counter(dealt)
    tail = sorted(rest.elements(), key=lambda c: (c.rank == 5, c.rank, c.suit))
    return Game(variant, dealt + tail)


def bots_for(game: Game) -> list[ConventionsBot]:
    return [ConventionsBot(seat, game.variant) for seat in range(game.players)]


def self_play(players: int, seed: int) -> Iterator[tuple[Game, ConventionsBot, Action]]:
    """Each turn of a base game of ``seed`` between conventions bots without the search: the
    game before the move, the bot whose turn it is and its move (made once the caller has
    looked)."""
    variant = find_variant("base", players=players)
    game = Game.new(variant, seed)
    bots = [ConventionsBot(s, variant, seed, search=False) for s in range(players)]
    while game.outcome is None:
        bot = bots[game.seat]
        action = bot.act(game.view(game.seat))
        yield game, bot, action
        game.apply(action)


def play_clue(bot: ConventionsBot, action: Action) -> Option | None:
    """The bot's weighing of ``action`` when it is a play clue with a focus."""
    option = next((o for o in bot.clues.weighed or [] if o.action == action), None)
    if option is None or option.kind != "play" or option.reading.focus is None:
        return None
    return option


@pytest.mark.parametrize("preset", [p.key for p in PRESETS])
def test_every_preset_is_played_legally(preset: str) -> None:
    for seed in range(4):
        variant = find_variant(preset, players=2 + seed, empty_clues=seed % 2 == 0)
        game = Game.new(variant, seed)
        bots = [make_bot("conventions", s, variant, seed) for s in range(variant.players)]
        while game.outcome is None:
            view = game.view(game.seat)
            action = bots[game.seat].act(view)
            assert action in view.legal_actions
            assert bots[game.seat].explain()
            game.apply(action)


def test_same_seed_same_game() -> None:
    variant = find_variant("base", players=3)
    first = play_game(Game.new(variant, 11), bots_for(Game.new(variant, 11)))
    second = play_game(Game.new(variant, 11), bots_for(Game.new(variant, 11)))
    assert first.history == second.history


def test_plays_a_card_that_got_a_play_clue() -> None:
    # Bob (seat 1) holds the red 1 as his newest card (order 9); Alice clues red.
    game = deal(2, [["Y3", "G4", "B3", "W4", "Y4"], ["G3", "B4", "W3", "G2", "R1"]])
    bots = bots_for(game)
    game.apply(Action.colour_clue(1, 0))
    action = bots[1].act(game.view(1))
    assert action.type.name == "PLAY" and action.target == 9
    assert "played slot 1" in bots[1].explain()


def test_saves_a_five_on_chop_with_a_five_clue() -> None:
    # Bob's chop (order 5) is the yellow 5 and he has nothing to play.
    game = deal(2, [["R3", "G4", "B3", "W4", "Y4"], ["Y5", "B4", "W3", "G2", "R4"]])
    bots = bots_for(game)
    action = bots[0].act(game.view(0))
    assert action == Action.rank_clue(1, 5)
    assert "save" in bots[0].explain()


def test_with_two_players_a_play_clue_comes_before_a_save() -> None:
    # Bob's chop (order 5) is the yellow 5, but he also holds the red 1 (order 9): a red clue
    # has him play rather than discard, and the 5 can be saved on a turn with nothing to play.
    # Two clues first, so that Alice has tokens to spare.
    game = deal(2, [["R3", "G4", "B3", "W4", "Y4"], ["Y5", "B4", "W3", "G2", "R1"]])
    bots = bots_for(game)
    game.apply(Action.rank_clue(1, 3))  # Alice: 3 to Bob (his white 3)
    game.apply(Action.rank_clue(0, 4))  # Bob: 4 to Alice
    action = bots[0].act(game.view(0))
    assert action in (Action.colour_clue(1, 0), Action.rank_clue(1, 1))
    assert "red 1 played" in bots[0].explain()
    game.apply(action)
    assert bots[1].act(game.view(1)) == Action.play(9)


EMPTY = Action.rank_clue(3, 5)  # an empty clue to Donald: nobody but Bob holds a 5


def four_players_bob_holds_a_five_on_chop(*then: Action) -> Game:
    """Four players: Bob's chop (order 4) is the yellow 5 and he has nothing to play. In the
    first round Bob's 1 clue shows Alice her yellow 1 (order 3), which fits, and the others
    give empty clues; then the moves ``then`` (Donald's first discard draws a white 4)."""
    game = deal(
        4,
        [
            ["R3", "G4", "B3", "Y1"],
            ["Y5", "B4", "W3", "G2"],
            ["Y4", "R4", "G3", "B2"],
            ["R4", "G3", "W2", "Y3"],
        ],
        draws=("W4",),
    )
    for action in [EMPTY, Action.rank_clue(0, 1), EMPTY, Action.rank_clue(2, 5), *then]:
        game.apply(action)
    return game


def test_with_four_players_and_tokens_to_spare_a_known_play_comes_before_a_save() -> None:
    # With four tokens Bob would rather give a clue than discard his 5: Alice plays first.
    game = four_players_bob_holds_a_five_on_chop()
    assert game.view(0).clue_tokens == 4
    bots = bots_for(game)
    assert bots[0].act(game.view(0)) == Action.play(3)
    assert "before saving Bob's chop" in bots[0].explain()


def test_with_four_players_and_two_tokens_the_next_players_five_is_saved_first() -> None:
    # A second round: three more empty clues, and Donald discards his chop.
    game = four_players_bob_holds_a_five_on_chop(EMPTY, EMPTY, EMPTY, Action.discard(12))
    assert game.view(0).clue_tokens == 2
    bots = bots_for(game)
    assert bots[0].act(game.view(0)) == Action.rank_clue(1, 5)
    assert "save" in bots[0].explain()


def test_with_three_players_the_save_still_comes_first() -> None:
    # The same with three players (measured, playing first loses there): Bob's 1 clue shows
    # Alice her yellow 1 (order 4), and with five tokens she still saves Bob's yellow 5.
    game = deal(
        3,
        [
            ["R3", "G4", "B3", "W4", "Y1"],
            ["Y5", "B4", "W3", "G2", "R4"],
            ["Y4", "R4", "G3", "B2", "W2"],
        ],
    )
    for action in [Action.rank_clue(2, 5), Action.rank_clue(0, 1), Action.rank_clue(0, 5)]:
        game.apply(action)
    assert game.view(0).clue_tokens == 5
    assert bots_for(game)[0].act(game.view(0)) == Action.rank_clue(1, 5)


def test_gives_a_two_save() -> None:
    # Bob's chop (order 5) is the blue 2; no other blue 2 is in sight.
    game = deal(2, [["R3", "G4", "B3", "W4", "Y4"], ["B2", "G4", "W3", "Y3", "R4"]])
    bots = bots_for(game)
    action = bots[0].act(game.view(0))
    assert action == Action.rank_clue(1, 2)


def test_good_touch_never_clues_a_duplicate_of_a_clued_card() -> None:
    # Bob's red 1 (order 9) is clued; Cathy's red 1 (order 14) must not be clued too.
    game = deal(
        3,
        [
            ["Y3", "G4", "B3", "W4", "Y4"],
            ["G3", "B4", "W3", "G2", "R1"],
            ["W3", "B3", "Y2", "G3", "R1"],
        ],
    )
    bots = bots_for(game)
    game.apply(Action.colour_clue(1, 0))  # Alice: red to Bob
    game.apply(Action.rank_clue(0, 3))  # Bob: 3 to Alice
    game.apply(Action.discard(10))  # Cathy discards her chop
    action = bots[0].act(game.view(0))
    assert not (action == Action.colour_clue(2, 0) or action == Action.rank_clue(2, 1))


def test_a_finesse_is_answered_with_a_blind_play() -> None:
    # Bob (seat 1) has the red 1 on his finesse position (order 9); Alice clues Cathy's red 2.
    game = deal(
        3,
        [
            ["Y3", "G4", "B3", "W4", "Y4"],
            ["G3", "B4", "W3", "G2", "R1"],
            ["W3", "B3", "Y2", "G3", "R2"],
        ],
    )
    bots = bots_for(game)
    game.apply(Action.colour_clue(2, 0))
    action = bots[1].act(game.view(1))
    assert action.type.name == "PLAY" and action.target == 9
    assert "finesse" in bots[1].explain()
    game.apply(action)
    # Cathy now knows her clued card is the red 2.
    action = bots[2].act(game.view(2))
    assert action.type.name == "PLAY" and action.target == 14


def test_gives_a_finesse() -> None:
    # Alice sees Bob's red 1 on his finesse position and Cathy's red 2: a red clue to Cathy
    # gets two cards played.
    game = deal(
        3,
        [
            ["Y3", "G4", "B3", "W4", "Y4"],
            ["G3", "B4", "W3", "G2", "R1"],
            ["W3", "B3", "Y2", "G3", "R2"],
        ],
    )
    bots = bots_for(game)
    action = bots[0].act(game.view(0))
    assert action in (Action.colour_clue(2, 0), Action.rank_clue(2, 2))
    assert "finesse" in bots[0].explain()


def finesse_waiting_beside_a_known_play(players: int, clue: Action) -> Game:
    """Alice's turn: Bob's ``clue`` showed her the yellow 1 (her newest card), the others gave
    empty clues, and Bob's finesse position holds the red 1 while Cathy holds the red 2."""
    hands = {
        3: [
            ["R3", "G4", "B3", "W4", "Y1"],
            ["G3", "B4", "W3", "G2", "R1"],
            ["W3", "B3", "Y2", "G3", "R2"],
        ],
        4: [
            ["R3", "G4", "B3", "Y1"],
            ["W4", "B4", "G2", "R1"],
            ["W3", "B3", "Y2", "R2"],
            ["R4", "G3", "W2", "Y4"],
        ],
    }[players]
    game = deal(players, hands)
    empty_to_alice = Action.rank_clue(0, 5)
    for action in [Action.rank_clue(2, 5), clue]:
        game.apply(action)
    while game.seat != 0:
        game.apply(empty_to_alice)
    return game


YELLOW_TO_ALICE = Action.colour_clue(0, 1)  # she knows her card is the yellow 1


def test_with_three_players_a_finesse_goes_before_a_known_play() -> None:
    # Only Alice can give it (Bob is finessed, Cathy receives it), and Bob may draw a new card
    # into his finesse position before her next turn; her yellow 1 waits.
    game = finesse_waiting_beside_a_known_play(3, YELLOW_TO_ALICE)
    bots = bots_for(game)
    action = bots[0].act(game.view(0))
    assert action in (Action.colour_clue(2, 0), Action.rank_clue(2, 2))
    assert "before playing slot 1" in bots[0].explain()
    assert "finesses Bob" in bots[0].explain()


def test_with_four_players_a_known_play_goes_before_a_finesse() -> None:
    # Donald could give the same finesse before Bob acts: Alice plays her yellow 1.
    game = finesse_waiting_beside_a_known_play(4, YELLOW_TO_ALICE)
    bots = bots_for(game)
    assert bots[0].act(game.view(0)) == Action.play(3)


def test_a_known_play_that_may_be_the_card_a_finesse_plays_goes_first() -> None:
    # Alice knows only that her card is a 1: it may be the red 1 the finesse gets from Bob,
    # which would leave hers a copy she takes for a card that fits. She plays it first.
    game = finesse_waiting_beside_a_known_play(3, Action.rank_clue(0, 1))
    assert bots_for(game)[0].act(game.view(0)) == Action.play(4)


def test_with_three_players_a_known_play_goes_before_a_clue_that_finesses_nobody() -> None:
    # Bob's red 1, clued, is known to him: a red clue to Cathy is a prompt, not a finesse, and
    # Alice's yellow 1 is played first.
    game = deal(
        3,
        [
            ["Y3", "G4", "B3", "W4", "Y1"],
            ["G3", "B4", "W3", "G2", "R1"],
            ["W3", "B3", "Y2", "G3", "R2"],
        ],
    )
    for action in [Action.colour_clue(1, 0), Action.rank_clue(0, 1), Action.rank_clue(0, 5)]:
        game.apply(action)
    assert bots_for(game)[0].act(game.view(0)) == Action.play(4)


def test_of_a_colour_and_a_rank_clue_worth_the_same_the_colour_clue_is_given() -> None:
    # Bob's red 1 is his only red card and his only 1: a red clue and a 1 clue say the same
    game = deal(2, [["Y3", "G4", "B3", "W4", "Y4"], ["G3", "B4", "W3", "G2", "R1"]])
    bots = bots_for(game)
    red, one = Action.colour_clue(1, 0), Action.rank_clue(1, 1)
    assert bots[0].act(game.view(0)) == red
    weighed = bots[0].clues.weighed
    assert weighed is not None
    worth = {option.action: option.value for option in weighed}
    assert worth[red] == worth[one] == max(worth.values())


def test_the_explanation_names_the_action() -> None:
    game = deal(2, [["Y3", "G4", "B3", "W4", "Y4"], ["G3", "B4", "W3", "G2", "R1"]])
    bots = bots_for(game)
    action = bots[0].act(game.view(0))
    assert action.is_clue
    assert bots[0].explain().startswith("I gave Bob a ")


def known_useless(bot: ConventionsBot, game: Game, seat: int) -> set[int]:
    """The marked cards of ``seat`` whose holder, as ``bot`` reads the table, knows are
    useless."""
    st = bot.state
    st.sync(game.view(bot.seat))
    return {o for o in game.hands[seat] if st.marked(o) and within(st.belief(o), st.useless)}


@pytest.mark.parametrize(("players", "seeds"), [(2, range(3)), (3, range(4, 9))])
def test_a_clue_said_to_show_a_card_no_longer_needed_does(players: int, seeds: range) -> None:
    # A clue whose only worth is a clued card it shows useless (its holder will discard it
    # before its chop) says so, rather than that a clued card fits.
    variant = find_variant("base", players=players)
    said = 0
    for seed in seeds:
        game = Game.new(variant, seed)
        bots = [ConventionsBot(s, variant, seed, search=False) for s in range(players)]
        while game.outcome is None:
            bot = bots[game.seat]
            action = bot.act(game.view(game.seat))
            if action.is_clue and bot.explain().endswith("is no longer needed."):
                said += 1
                before = known_useless(bot, game, action.target)
                game.apply(action)
                after = known_useless(bot, game, action.target)
                assert after - before, (seed, game.turn, bot.explain())
                useless = bot.state.useless
                assert all(useless >> game.identities[o] & 1 for o in after - before)
                continue
            game.apply(action)
    assert said


def test_a_last_copy_is_worth_saving_for_every_card_of_its_firework_it_keeps() -> None:
    # Alice lets the red 2 and then both red 4s go: Bob's red 2 is the last one, and keeps the
    # red 2 and 3 playable, no more; his red 5 keeps nothing once the 4s are gone
    game = deal(2, [["G3", "R4", "R4", "R2", "Y3"], ["R2", "R5", "B3", "B4", "W3"]])
    bob_red_2, bob_red_5 = game.hands[1][0], game.hands[1][1]
    bot = ConventionsBot(0, game.variant)
    worth = []
    for alices_discard in (3, 1, 2):
        game.apply(Action.rank_clue(1, 5))
        game.apply(Action.rank_clue(0, 3))
        game.apply(Action.discard(alices_discard))
        game.apply(Action.rank_clue(0, 3))
        bot.state.sync(game.view(0))
        worth.append(bot.clues.save_value(game.identities[bob_red_2]))
    assert worth[0] == pytest.approx(2 + 3 * SAVE_STAKE_WORTH)  # the red 2, 3, 4 and 5 wait on it
    assert worth[1] == worth[0]  # one red 4 is left
    assert worth[2] == pytest.approx(2 + SAVE_STAKE_WORTH)  # only the red 3 is left after it
    assert bot.clues.at_stake(game.identities[bob_red_2]) == 2
    assert not bot.state.critical >> game.identities[bob_red_5] & 1


def test_a_card_known_to_be_a_last_2_is_kept_before_one_known_to_be_a_5() -> None:
    # Bob knows his red 2 and his red 5 from Alice's clues, and Alice lets the other red 2 go:
    # both are last copies, but losing the 2 costs four points, the 5 one
    game = deal(2, [["G3", "R4", "R4", "R2", "Y3"], ["R2", "R5", "B3", "B4", "W3"]])
    bob_red_2, bob_red_5 = game.hands[1][0], game.hands[1][1]
    for alices_move in (Action.colour_clue(1, 0), Action.rank_clue(1, 5), Action.rank_clue(1, 2)):
        game.apply(alices_move)
        game.apply(Action.rank_clue(0, 3))
    game.apply(Action.discard(3))
    bob = ConventionsBot(1, game.variant)
    view = game.view(1)
    bob.state.sync(view)
    assert bob.state.critical >> game.identities[bob_red_2] & 1
    assert bob._keep_value(view, bob_red_2) > bob._keep_value(view, bob_red_5)


@pytest.mark.parametrize(("behind", "saved"), [("G4", True), ("Y5", False)])
def test_a_save_that_moves_the_chop_onto_another_card_to_save_is_not_given(
    behind: str, saved: bool
) -> None:
    # Bob's chop (order 5) is the blue 2 and he has nothing to play. Saving it moves his chop
    # onto the card behind it, which he discards next: worth it when that card is a green 4,
    # a trade of a 2 for the last yellow 5 when it is the yellow 5. Two clues first, so that
    # Alice has tokens to spare and could discard instead.
    game = deal(2, [["R3", "G4", "B3", "W4", "Y4"], ["B2", behind, "W3", "Y3", "R4"]])
    bots = bots_for(game)
    game.apply(Action.rank_clue(1, 3))  # Alice: 3 to Bob (his yellow 3)
    game.apply(Action.rank_clue(0, 4))  # Bob: 4 to Alice
    action = bots[0].act(game.view(0))
    assert (action == Action.rank_clue(1, 2)) is saved


@settings(max_examples=12, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000))
def test_last_round_clues_go_to_players_who_still_have_a_turn(players: int, seed: int) -> None:
    """Once the draw pile is empty, a clue is given only to a player with a turn left."""
    variant = find_variant("base", players=players)
    game = Game.new(variant, seed)
    bots = bots_for(game)
    while game.outcome is None:
        view = game.view(game.seat)
        action = bots[game.seat].act(view)
        if (
            action.is_clue
            and view.turns_left >= 0
            and "pass the turn" not in bots[game.seat].explain()
        ):
            assert (action.target - game.seat) % players < view.turns_left
        game.apply(action)


def held_turns(game: Game, seat: int) -> int:
    """The turns ``seat`` takes before the last card is drawn, if every turn from the one on
    turn now draws a card."""
    ahead = (seat - game.seat) % game.players
    return (len(game.draw_pile) - ahead - 1 + game.players) // game.players


@settings(max_examples=10, deadline=None)
@given(players=st.integers(3, 5), seed=st.integers(0, 10_000))
def test_a_clue_instead_of_a_discard_keeps_turns_for_a_player_with_plays(
    players: int, seed: int
) -> None:
    """The bot gives a clue rather than discard only for a player holding two or more cards the
    table knows they can play, more than the turns they take before the last card is drawn."""
    variant = find_variant("base", players=players)
    game = Game.new(variant, seed)
    bots = bots_for(game)
    while game.outcome is None:
        bot = bots[game.seat]
        action = bot.act(game.view(game.seat))
        said = bot.reason()
        if said is not None and said.key == "conventions.clue.hold":
            why = said.params["why"]
            assert isinstance(why, Reason)
            crowded = why.params["name"]
            assert isinstance(crowded, int)
            plays = sum(1 for o in game.hands[crowded] if bot.state.sure_play(o))
            assert action.is_clue
            assert crowded != game.seat
            assert plays >= 2
            assert plays > held_turns(game, crowded)
        game.apply(action)


def test_late_in_the_game_a_player_with_plays_queued_is_given_turns() -> None:
    """Over a few four-player games the bot holds the draw pile for a crowded hand at least
    once (the rule above is not idle)."""
    variant = find_variant("base", players=4)
    held = 0
    for seed in range(40):
        game = Game.new(variant, seed)
        bots = bots_for(game)
        while game.outcome is None:
            bot = bots[game.seat]
            game.apply(bot.act(game.view(game.seat)))
            said = bot.reason()
            held += said is not None and said.key == "conventions.clue.hold"
    assert held > 0


def test_of_two_equal_play_clues_the_one_to_a_player_with_no_play_waiting_is_given() -> None:
    # Bob plays the red 1 of a 1 clue and still knows his blue 1 fits; Alice can get Bob's red
    # 2 or Cathy's green 1 played, with one card touched each: the clue goes to Cathy, whose
    # hand has no play waiting, although Bob is nearer.
    game = deal(
        3,
        [
            ["Y3", "G4", "B3", "W4", "Y4"],
            ["G3", "W3", "R2", "B1", "R1"],
            ["B4", "Y3", "W4", "B3", "G1"],
        ],
    )
    bots = bots_for(game)
    game.apply(Action.rank_clue(1, 1))
    game.apply(Action.play(9))
    game.apply(Action.colour_clue(1, 3))
    action = bots[0].act(game.view(0))
    assert action.is_clue and action.target == 2
    assert "green 1" in bots[0].explain()


def test_a_colour_play_clue_may_touch_a_second_copy_of_its_card() -> None:
    # Bob holds both yellow 1s (orders 6 and 8) and nothing else that fits. A yellow clue
    # touches both: good touch breaks, but the yellow 1 is played and the other copy is left as
    # "yellow, 2 to 5" until it shows itself useless. A 1 clue would do the same with a card
    # read as "some 1" that fits as soon as the first is played: never given.
    game = deal(2, [["R3", "G4", "B3", "W4", "Y4"], ["G3", "Y1", "W4", "Y1", "B4"]])
    bots = bots_for(game)
    game.apply(Action.rank_clue(1, 4))  # Alice: 4 to Bob
    game.apply(Action.rank_clue(0, 4))  # Bob: 4 to Alice
    action = bots[0].act(game.view(0))
    assert action == Action.colour_clue(1, 1)
    assert "yellow 1" in bots[0].explain()


def test_a_copy_a_clue_would_leave_looking_like_a_playable_card_is_not_touched() -> None:
    # Both red 3s are discarded, so a red card is the red 1 or the red 2. Bob holds two red 1s
    # (orders 7 and 9): a red clue would get one played and leave the other "red 2" for
    # everyone, to be misplayed as soon as the red 1 is down. Alice does not give it.
    variant = find_variant("base", players=2)
    hands = [["R3", "Y4", "B3", "W3", "G4"], ["R3", "W4", "R1", "G3", "R1"]]
    dealt = [card(name) for hand in hands for name in hand]
    rest = Counter(ordered_deck(variant)) - Counter(dealt)
    # the cards drawn next are harmless: 4s of other colours first
    tail = sorted(rest.elements(), key=lambda c: (c.suit == 0, c.rank != 4, c.rank, c.suit))
    game = Game(variant, dealt + tail)
    bots = bots_for(game)
    game.apply(Action.rank_clue(1, 4))  # Alice: 4 to Bob
    game.apply(Action.rank_clue(0, 4))  # Bob: 4 to Alice
    game.apply(Action.discard(0))  # Alice: a red 3
    game.apply(Action.discard(5))  # Bob: the other red 3
    action = bots[0].act(game.view(0))
    assert action != Action.colour_clue(1, 0)
    assert action != Action.rank_clue(1, 1)


def test_a_clue_whose_chain_would_leave_a_clued_copy_useless_is_worth_less() -> None:
    # Seed 1935, three players. Cathy holds two red cards from one clue: the red 2 (order 11)
    # and the red 3 (order 13), the red 1 played. Alice's finesse position holds the other red
    # 2. A red clue to Cathy would ask her to play the red 3 with the red 2 from Alice's finesse
    # position first; once both have played, Cathy's red 2 is no longer needed while she still
    # takes it for a red card to come, so Bob gives another clue.
    game, bots = replay(
        3,
        1935,
        [
            Action.colour_clue(2, 1),
            Action.colour_clue(0, 2),
            Action.play(14),
            Action.play(4),
            Action.colour_clue(2, 0),
            Action.play(15),
            Action.discard(0),
        ],
    )
    assert game.card(11) == card("R2") and game.card(13) == card("R3")
    assert game.card(18) == card("R2") and game.fireworks[0] == 1
    bots[1].state.sync(game.view(1))
    tempo = bots[1].clues.evaluate(game.view(1), Action.colour_clue(2, 0))
    assert tempo is not None and any(link.order == 18 for link in tempo.reading.links)
    assert tempo.value < CLUE_WORTH  # not worth a token any more
    assert bots[1].act(game.view(1)) != Action.colour_clue(2, 0)


def test_a_clue_that_would_leave_a_clued_copy_looking_like_a_playable_card_is_not_given() -> None:
    # Seed 20, three players. Bob's blue 4 (order 8) was touched by an early blue clue, and is
    # "blue, 4 or 5" to everyone now that the blue 1 to 3 are down. A blue clue on his newer blue
    # 4 (order 21) would get that one played and leave the older as "the blue 5", to be
    # misplayed as soon as it seems to fit. Cathy does not give it.
    game, bots = replay(
        3,
        20,
        [
            Action.rank_clue(2, 5),
            Action.colour_clue(2, 2),
            Action.rank_clue(0, 2),
            Action.colour_clue(1, 3),
            Action.play(5),
            Action.play(12),
            Action.discard(1),
            Action.rank_clue(0, 1),
            Action.colour_clue(0, 3),
            Action.play(0),
            Action.discard(7),
            Action.rank_clue(1, 3),
            Action.play(2),
            Action.play(6),
        ],
    )
    assert game.card(8) == card("B4") and game.card(21) == card("B4")
    assert game.fireworks[3] == 3 and game.seat == 2
    tracker = bots[2].state
    tracker.sync(game.view(2))
    assert tracker.belief(8) == 1 << identity(card("B4")) | 1 << identity(card("B5"))
    assert bots[2].clues.evaluate(game.view(2), Action.colour_clue(1, 3)) is None
    assert bots[2].act(game.view(2)) != Action.colour_clue(1, 3)


SEED_19_OPENING = [
    Action.colour_clue(1, 0),
    Action.play(5),
    Action.colour_clue(0, 1),
    Action.play(1),
    Action.rank_clue(0, 2),
    Action.play(14),
    Action.play(2),
    Action.rank_clue(2, 2),
]


def test_with_one_storm_left_no_chain_goes_through_a_card_the_giver_may_hold() -> None:
    # Seed 19, three players, one storm token. Cathy's clued 2 (order 17) is the red, yellow or
    # green 2 to her. A green clue on Bob's green 2, finessing Alice's green 1, would leave her
    # card, were it the green 2, as "the red or yellow 2", both of which fit: a misplay she could
    # not see coming, and with one storm it ends the game. She gives another clue; with storms
    # to spare (the same position in the base game) the green clue is hers to give.
    game, bots = replay(3, 19, SEED_19_OPENING, "one-storm")
    assert game.card(6) == card("G2") and game.card(18) == card("G1") and game.seat == 2
    cathy = bots[2].state
    cathy.sync(game.view(2))
    green_2 = 1 << identity(card("G2"))
    left = cathy.belief(17) & ~green_2
    assert cathy.belief(17) & green_2 and within(left, cathy.playable)
    green = Action.colour_clue(1, 2)
    assert bots[2].clues.evaluate(game.view(2), green) is None
    assert bots[2].act(game.view(2)) != green
    base, base_bots = replay(3, 19, SEED_19_OPENING)
    base_bots[2].state.sync(base.view(2))
    assert base_bots[2].clues.evaluate(base.view(2), green) is not None


SEED_15_OPENING = [
    Action.rank_clue(1, 1),
    Action.play(5),
    Action.discard(10),
    Action.rank_clue(2, 3),
    Action.play(8),
    Action.discard(12),
    Action.rank_clue(2, 2),
    Action.play(9),
    Action.rank_clue(1, 5),
    Action.rank_clue(2, 2),
    Action.discard(15),
    Action.play(13),
    Action.colour_clue(1, 3),
    Action.discard(17),
    Action.play(21),
    Action.rank_clue(2, 4),
    Action.colour_clue(2, 3),
    Action.play(16),
    Action.discard(0),
    Action.play(20),
    Action.play(11),
    Action.colour_clue(1, 4),
    Action.play(26),
    Action.play(23),
    Action.colour_clue(2, 4),
]


def test_with_one_storm_left_no_chain_plays_a_card_the_givers_own_may_be_once_it_may_fit() -> None:
    # Seed 15, three players, one storm token. Bob's white card (order 22) is the white 3, 4 or
    # 5 to him; it is the white 3. A 3 clue on Alice's white 3, once Cathy has played her white
    # 2, would leave his card "the white 4 or 5": not yet a card he plays, but one copy seen
    # (the white 5 drawn into another hand) makes it "the white 4", and he misplays it. He gives
    # no such clue with one storm left; with storms to spare the clue is his to give.
    game, bots = replay(3, 15, SEED_15_OPENING, "one-storm")
    assert game.card(22) == card("W3") and game.card(25) == card("W3") and game.seat == 1
    bob = bots[1].state
    bob.sync(game.view(1))
    white_3, white_4 = (1 << identity(card(name)) for name in ("W3", "W4"))
    assert bob.belief(22) & white_3 and bob.belief(22) & white_4
    three = Action.rank_clue(0, 3)
    assert bots[1].clues.evaluate(game.view(1), three) is None
    assert bots[1].act(game.view(1)) != three
    base, base_bots = replay(3, 15, SEED_15_OPENING)
    base_bots[1].state.sync(base.view(1))
    assert base_bots[1].clues.evaluate(base.view(1), three) is not None


def test_with_one_storm_left_a_card_only_its_holders_sight_makes_sure_is_not_played() -> None:
    # Seed 15, three players, one storm token, a few turns after the position above in a game
    # where Bob gave that 3 clue. His white card (order 22), a copy of the white 3 Alice has
    # played, is "the white 4 or 5" to the table; he sees the white 5 in Alice's hand, so to
    # him alone it is the white 4, which fits. He does not play it; with storms to spare he
    # would (and misplay it).
    opening = [
        *SEED_15_OPENING,
        Action.rank_clue(0, 3),
        Action.play(29),
        Action.play(25),
    ]
    game, bots = replay(3, 15, opening, "one-storm")
    assert game.card(22) == card("W3") and game.card(31) == card("W5") and game.seat == 1
    assert game.fireworks[4] == 3
    bob = bots[1].state
    bob.sync(game.view(1))
    white_4, white_5 = (1 << identity(card(name)) for name in ("W4", "W5"))
    assert bob.belief(22) == white_4 | white_5 and not bob.sure_play(22)
    assert bots[1].act(game.view(1)) != Action.play(22)
    base, base_bots = replay(3, 15, opening)
    assert base_bots[1].act(base.view(1)) == Action.play(22)


def test_a_misplay_no_clue_on_cards_can_head_off_is_headed_off_by_an_empty_clue() -> None:
    # Seed 138, three players, one storm token. Alice's red card (order 2) is a red 3, a copy
    # of one played, which good touch has left as "the red 5": with the red 4 down she would
    # play it. No clue touching her cards fixes it without misleading her about another, so Bob
    # names a rank she holds none of: a 5 clue tells her the card is not the 5, and she knows it
    # is no longer needed.
    game, bots = replay(
        3,
        138,
        [
            Action.rank_clue(1, 1),
            Action.play(8),
            Action.discard(10),
            Action.colour_clue(1, 1),
            Action.colour_clue(0, 1),
            Action.play(16),
            Action.play(4),
            Action.colour_clue(2, 0),
            Action.play(13),
            Action.rank_clue(2, 2),
            Action.discard(15),
            Action.play(17),
            Action.colour_clue(1, 4),
            Action.play(9),
            Action.colour_clue(0, 0),
            Action.colour_clue(2, 1),
            Action.play(22),
            Action.play(21),
            Action.play(18),
            Action.rank_clue(0, 4),
            Action.discard(11),
            Action.play(1),
        ],
        "one-storm",
    )
    assert game.card(2) == card("R3") and game.fireworks[0] == 4 and game.seat == 1
    bob = bots[1].state
    bob.sync(game.view(1))
    assert bob.sure_play(2)
    action = bots[1].act(game.view(1))
    assert action.is_clue and action.target == 0
    assert not any(o.fixes for o in bots[1].clues.weighed or [])
    game.apply(action)
    assert game.events[-1].touched == ()  # a clue on none of her cards
    game.apply(bots[2].act(game.view(2)))
    alice = bots[0].state
    alice.sync(game.view(0))
    assert not alice.sure_play(2)
    assert bots[0].act(game.view(0)) != Action.play(2)


def test_with_one_storm_left_a_play_that_would_mislead_the_next_player_waits_for_a_fix() -> None:
    # Seed 5, three players, one storm token. Bob knows his white 1 (order 20) fits. Cathy's
    # clued red 2 (order 10), a copy of one played, is "the white 2" to her: once the white 1
    # is down she would play it, and a misplay ends the game. Bob first gives her a clue that
    # shows her it is not the white 2; with storms to spare he plays his white 1.
    opening = [
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
        Action.play(18),
        Action.play(5),
        Action.discard(14),
        Action.play(19),
        Action.colour_clue(2, 1),
        Action.discard(13),
        Action.play(15),
        Action.discard(6),
        Action.play(21),
        Action.play(22),
        Action.colour_clue(2, 2),
        Action.colour_clue(1, 4),
        Action.discard(3),
    ]
    game, bots = replay(3, 5, opening, "one-storm")
    assert game.card(20) == card("W1") and game.card(10) == card("R2") and game.seat == 1
    assert game.fireworks[0] == 2 and game.fireworks[4] == 0
    bob = bots[1].state
    bob.sync(game.view(1))
    white_2 = 1 << identity(card("W2"))
    assert bob.belief(20) == 1 << identity(card("W1")) and bob.belief(10) == white_2
    action = bots[1].act(game.view(1))
    assert action.is_clue and action.target == 2
    game.apply(action)
    cathy = bots[2].state
    cathy.sync(game.view(2))
    assert not cathy.belief(10) & white_2
    assert bots[2].act(game.view(2)) != Action.play(10)
    base, base_bots = replay(3, 5, opening)
    assert base_bots[1].act(base.view(1)) == Action.play(20)


def test_a_known_play_that_would_leave_a_copy_looking_playable_waits_for_a_clue() -> None:
    # Seed 842, three players. Alice knows her white 3 (order 0) fits; Cathy holds the other
    # white 3 (order 11) from a white clue, which she cannot tell from the white 4. Were Alice to
    # play hers, good touch would leave Cathy's as "the white 4", which fits then: a misplay.
    # Alice gives Cathy a 3 clue instead, so that Cathy knows hers fits now and plays it.
    game, bots = replay(
        3,
        842,
        [
            Action.rank_clue(1, 1),
            Action.colour_clue(2, 4),
            Action.discard(12),
            Action.play(4),
            Action.play(5),
            Action.play(10),
            Action.colour_clue(2, 2),
            Action.play(17),
            Action.play(18),
            Action.rank_clue(2, 5),
            Action.play(6),
            Action.rank_clue(0, 3),
        ],
    )
    assert game.card(0) == card("W3") and game.card(11) == card("W3")
    assert game.fireworks[4] == 2 and game.seat == 0
    alice = bots[0].state
    alice.sync(game.view(0))
    assert alice.belief(0) == 1 << identity(card("W3"))
    white_4 = 1 << identity(card("W4"))
    assert alice.belief(11) & ~(1 << identity(card("W3"))) == white_4  # left once hers is played
    action = bots[0].act(game.view(0))
    assert action == Action.rank_clue(2, 3)
    game.apply(action)
    cathy = bots[2].state
    cathy.sync(game.view(2))
    assert cathy.sure_play(11)


def test_a_known_play_waits_while_the_holder_of_a_copy_plays_theirs() -> None:
    # Seed 484, three players. Cathy knows her blue 2 (order 13) fits; Alice holds the other
    # blue 2 (order 2), clued, and takes it for a card that fits. Were Cathy to play hers, good
    # touch would leave Alice's as another card that fits, to be misplayed. Cathy does something
    # else, and Alice plays her blue 2 on her turn.
    game, bots = replay(
        3,
        484,
        [
            Action.rank_clue(1, 1),
            Action.play(5),
            Action.rank_clue(0, 2),
            Action.colour_clue(2, 3),
            Action.play(6),
        ],
    )
    assert game.card(13) == card("B2") and game.card(2) == card("B2")
    assert game.fireworks[3] == 1 and game.seat == 2
    cathy = bots[2].state
    cathy.sync(game.view(2))
    assert cathy.belief(13) == 1 << identity(card("B2")) and cathy.sure_play(2)
    action = bots[2].act(game.view(2))
    assert action.type != ActionType.PLAY
    game.apply(action)
    assert bots[0].act(game.view(0)) == Action.play(2)


def test_a_card_a_clue_shows_useless_is_not_its_focus() -> None:
    # Both blue 2s are gone, so blue cards other than the 1s are useless. Bob's blue 4 (order
    # 7) was left out of a 1 clue: a blue clue on it tells everyone it is useless, and
    # therefore asks nothing of it (no focus), instead of reading it as a blue card to play.
    game = deal(2, [["B2", "Y4", "G4", "W3", "Y3"], ["B2", "R1", "B4", "G3", "W3"]])
    bots = bots_for(game)
    game.apply(Action.rank_clue(1, 1))  # Alice: 1 to Bob (his red 1)
    game.apply(Action.rank_clue(0, 4))  # Bob: 4 to Alice
    game.apply(Action.discard(0))  # Alice: a blue 2
    game.apply(Action.discard(5))  # Bob: the other blue 2
    tracker = bots[0].state
    tracker.sync(game.view(0))
    blue = tracker.clue_mask(ActionType.COLOUR_CLUE, 3)
    reading = tracker.read_clue(0, 1, (7,), blue, ActionType.COLOUR_CLUE, 1)
    assert reading.focus is None
    game.apply(Action.colour_clue(1, 3))
    action = bots[1].act(game.view(1))
    assert action == Action.discard(7) or action == Action.play(6)


def test_a_colour_clue_saves_a_last_copy_even_against_good_touch() -> None:
    # Bob's chop is the last red 3 (order 5; Alice discarded the other). A red clue also
    # touches his red 1 (order 7), useless once Alice played hers; a 3 clue would touch his
    # two green 3s. The red clue is given: a last copy is worth a card kept for nothing.
    game = deal(2, [["R3", "R1", "Y4", "W4", "B3"], ["R3", "G3", "R1", "G3", "B4"]])
    bots = bots_for(game)
    game.apply(Action.rank_clue(1, 4))  # Alice: 4 to Bob
    game.apply(Action.rank_clue(0, 1))  # Bob: 1 to Alice
    game.apply(Action.play(1))  # Alice: the red 1
    game.apply(Action.rank_clue(0, 4))  # Bob: 4 to Alice
    game.apply(Action.discard(0))  # Alice: a red 3
    game.apply(Action.rank_clue(0, 4))  # Bob: 4 to Alice again
    action = bots[0].act(game.view(0))
    assert action == Action.colour_clue(1, 0)
    assert "save" in bots[0].explain()


@settings(max_examples=10, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000))
def test_late_in_the_game_a_useless_card_waits_while_a_token_is_left(
    players: int, seed: int
) -> None:
    """With no more cards to draw than players and a token in hand, the bot gives a harmless
    clue rather than discard, even a card it knows is useless: a discard draws a card."""
    variant = find_variant("base", players=players)
    game = Game.new(variant, seed)
    bots = bots_for(game)
    while game.outcome is None:
        bot = bots[game.seat]
        view = game.view(game.seat)
        action = bot.act(view)
        said = bot.reason()
        if said is not None and said.key == "conventions.discard.useless":
            assert view.draw_pile_size > players or view.clue_tokens == 0
        game.apply(action)


def test_a_tempo_clue_gets_a_clued_card_played() -> None:
    # Alice's red clue touched Bob's red 1 (its focus) and his red 2, which learnt only "red";
    # once the red 1 is played, Bob's red card may be the red 2, 3, 4 or 5 and no clue can tell
    # him it is the 2 without touching another card (a 2 clue also touches his blue 2). Cathy
    # clues red again: it touches no new card and tells nothing new, so it asks Bob to play his
    # red card, which he reads as the only red card that fits, the red 2.
    game = deal(
        3,
        [
            ["B3", "B4", "Y4", "G3", "W3"],
            ["Y4", "B2", "G3", "R2", "R1"],
            ["W4", "Y3", "B4", "W2", "Y2"],
        ],
        draws=("G4",),
    )
    bots = bots_for(game)
    game.apply(Action.colour_clue(1, 0))  # Alice: red to Bob (his red 2 and red 1)
    game.apply(Action.play(9))  # Bob plays the red 1 and draws the green 4
    action = bots[2].act(game.view(2))
    assert action == Action.colour_clue(1, 0)
    assert "touches only cards already clued" in bots[2].explain()
    game.apply(action)
    game.apply(Action.discard(0))  # Alice
    action = bots[1].act(game.view(1))
    assert action.type.name == "PLAY" and action.target == 8
    game.apply(action)
    assert game.events[-1].result.name == "PLAYED"


def test_a_clue_that_touches_only_cards_known_to_fit_is_no_tempo_clue() -> None:
    # Bob knows his red 1 fits; a second red clue on it tells nothing and asks nothing: it
    # stays a stall, and nothing in Bob's hand is read as a card to play because of it.
    game = deal(
        3,
        [
            ["B3", "B4", "Y4", "G3", "W3"],
            ["Y4", "B2", "G3", "W4", "R1"],
            ["W4", "Y3", "B4", "W2", "Y2"],
        ],
    )
    bots = bots_for(game)
    game.apply(Action.colour_clue(1, 0))  # Alice: red to Bob (his red 1)
    game.apply(Action.discard(5))  # Bob
    tracker = bots[0].state
    tracker.sync(game.view(0))
    reading = tracker.read_clue(
        2,
        1,
        (9,),
        tracker.clue_mask(Action.colour_clue(1, 0).type, 0),
        Action.colour_clue(1, 0).type,
        1,
    )
    assert reading.focus is None and not reading.tempo


def test_a_seat_that_sees_a_tempo_clues_target_reads_it_as_the_giver_does() -> None:
    # Seed 34, three players. Alice saved Bob's red 2 (order 6) and blue 2 (order 8) with a 2
    # clue; the red, blue and white 1s are played. Cathy's 2 clue on them again asks Bob to
    # play his newest, the blue 2. With her own cards unseen, Alice could take it for the
    # yellow or green 2 through her own finesse position and so find that it narrows nothing (a
    # stall); but she sees the blue 2, which needs no finesse, so she reads it as Bob and Cathy
    # do, and does not give the same clue again.
    game, bots = replay(
        3,
        34,
        [
            Action.rank_clue(2, 1),
            Action.colour_clue(0, 3),
            Action.play(10),
            Action.play(4),
            Action.discard(5),
            Action.play(12),
            Action.rank_clue(1, 2),
            Action.discard(7),
            Action.rank_clue(1, 2),
        ],
    )
    assert game.card(6) == card("R2") and game.card(8) == card("B2")
    beliefs = []
    for seat in range(3):
        tracker = bots[seat].state
        tracker.sync(game.view(seat))
        assert tracker.sure_play(8)
        beliefs.append(tracker.belief(8))
    assert beliefs[0] == beliefs[1] == beliefs[2]
    assert bots[0].act(game.view(0)) != Action.rank_clue(1, 2)


def test_a_clue_on_a_card_its_receiver_already_knows_fits_gets_nothing_played() -> None:
    # Seed 74, two players. Alice's chop, the yellow 2 (order 0), was clued yellow: she reads
    # it as the yellow 2 or the yellow 4, and as Bob discarded the other yellow 4 and holds the
    # last one clued, she knows it is the yellow 2. She saved Bob's white 2 first; another
    # yellow clue would get nothing played that would not have been, so Bob saves her white 5.
    game, bots = replay(
        2,
        74,
        [
            Action.rank_clue(1, 5),
            Action.rank_clue(0, 1),
            Action.play(2),
            Action.discard(6),
            Action.rank_clue(1, 1),
            Action.play(11),
            Action.rank_clue(1, 4),
            Action.colour_clue(0, 1),
            Action.rank_clue(1, 2),
        ],
    )
    assert game.card(0) == card("Y2") and game.card(6) == card("Y4")
    alice = bots[0]
    view = game.view(0)
    alice.state.sync(view)
    assert within(alice._own_belief(view, 0), alice.state.playable)
    bob = bots[1]
    bob.state.sync(game.view(1))
    tempo = bob.clues.evaluate(game.view(1), Action.colour_clue(0, 1))
    assert tempo is None or tempo.value <= 0
    assert bob.act(game.view(1)) == Action.rank_clue(0, 5)


def test_no_finesse_is_layered_on_a_player_with_a_blind_play_still_to_make() -> None:
    # Seed 27, four players. Alice's blue clue on Donald's blue 3 (order 19) called Cathy's
    # finesse position, her blue 2 (order 21). Donald cannot see his card, so for him that blue
    # 2 is only a card that might have been called: a yellow clue on his yellow 3 (order 22)
    # through Cathy's next card, her yellow 2 (order 11), would read for him as the yellow 2
    # itself, to play at once. Bob does not give it.
    game, bots = replay(
        4,
        27,
        [
            Action.rank_clue(1, 1),
            Action.play(4),
            Action.rank_clue(0, 1),
            Action.colour_clue(2, 4),
            Action.play(2),
            Action.play(6),
            Action.colour_clue(3, 0),
            Action.play(12),
            Action.play(3),
            Action.rank_clue(3, 1),
            Action.play(8),
            Action.play(15),
            Action.colour_clue(3, 3),
        ],
    )
    assert game.card(21) == card("B2") and game.card(11) == card("Y2")
    assert game.card(22) == card("Y3")
    for seat in range(4):
        bots[seat].state.sync(game.view(seat))
    assert 21 in bots[1].state.blind and 21 not in bots[3].state.blind
    yellow = Action.colour_clue(3, 1)
    assert bots[1].clues.evaluate(game.view(1), yellow) is None
    assert bots[1].act(game.view(1)) != yellow


def test_no_play_clue_is_given_for_a_card_a_finesse_may_still_play() -> None:
    # Seed 36, five players. Donald's blue clue on Bob's blue 2 called Cathy's finesse
    # position, her blue 1 (order 36), which she has not played yet. Bob cannot see his card,
    # so for him that blind play may still come or not. A blue clue on Emily's blue 1 (order
    # 17) would get nothing played once Cathy plays hers, and leave Emily a copy she takes for
    # a card to play: Bob gives another clue.
    game, bots = replay(
        5,
        36,
        [
            Action.rank_clue(1, 1),
            Action.play(4),
            Action.rank_clue(3, 1),
            Action.play(14),
            Action.rank_clue(2, 5),
            Action.colour_clue(4, 4),
            Action.play(5),
            Action.colour_clue(3, 1),
            Action.play(15),
            Action.play(18),
            Action.colour_clue(2, 4),
            Action.rank_clue(0, 5),
            Action.colour_clue(4, 0),
            Action.play(12),
            Action.play(24),
            Action.discard(2),
            Action.play(22),
            Action.play(9),
            Action.discard(21),
            Action.play(19),
            Action.play(3),
            Action.rank_clue(0, 3),
            Action.colour_clue(3, 2),
            Action.play(25),
            Action.colour_clue(0, 2),
            Action.play(1),
            Action.discard(6),
            Action.discard(10),
            Action.colour_clue(1, 3),
            Action.discard(16),
            Action.play(27),
        ],
    )
    assert game.card(36) == card("B1") and game.card(17) == card("B1")
    bob = bots[1]
    bob.state.sync(game.view(1))
    assert 36 in bob.state.called and 36 not in bob.state.blind
    blue = Action.colour_clue(4, 3)
    assert bob.clues.evaluate(game.view(1), blue) is None
    assert bob.act(game.view(1)) != blue


@pytest.mark.parametrize("seed", [5, 6, 21, 26, 33])
def test_no_play_clue_asks_for_a_card_no_longer_needed(seed: int) -> None:
    # Seed 6, four players, turn 49: the white 3 is played, Cathy's clued white 4 is about to
    # play and Bob holds the white 5, known. A white clue on Alice's white 2 on chop is no play
    # clue: the firework is past that card, however the cards after it are held. (Each of these
    # games has such a turn.)
    for game, bot, action in self_play(4, seed):
        option = play_clue(bot, action)
        if option is not None and option.reading.focus is not None:
            needed = game.identities[option.reading.focus]
            assert not bot.state.useless >> needed & 1, (game.turn, action, bot.explain())


@pytest.mark.parametrize(("players", "seed"), [(3, 173), (4, 117), (4, 288)])
def test_no_play_clue_asks_for_a_copy_of_a_card_known_elsewhere(players: int, seed: int) -> None:
    # Seed 173, three players, turn 46: every seat knows Bob's clued card is the blue 2, and he
    # holds the blue 1 known too. A blue clue on Cathy's blue 2 on chop reads, by good touch,
    # as the blue 4 (a save) for the rest of the table; Bob, looking for what the focus plays
    # through, found his own blue 1 and took the clue for a play clue. Good touch holds there
    # as well. (Each of these games has such a turn.)
    for game, bot, action in self_play(players, seed):
        option = play_clue(bot, action)
        if option is None or option.reading.focus is None:
            continue
        tracker = bot.state
        truth = game.identities[option.reading.focus]
        mask = tracker.clue_mask(action.type, action.value)
        touched = {o for o in game.hands[action.target] if mask >> game.identities[o] & 1}
        for hand in game.hands:
            for order in hand:
                if order not in touched and tracker.marked(order):
                    assert tracker.belief(order) != 1 << truth, (game.turn, action)


def test_a_last_copy_on_a_chop_is_saved_before_a_fix_that_heads_off_only_a_storm() -> None:
    # Seed 10, four players, turn 28: one token left; Bob takes his clued yellow 4 for a sure
    # play, but the yellow 4 is played, and Cathy, with nothing to play, has the last white 2 on
    # her chop. Warning Bob left Cathy to discard the white 2 and the white firework stuck at 1;
    # Bob's misplay costs a storm (the first), the white 2 four points.
    saved: set[int] = set()
    for game, bot, action in self_play(4, 10):
        said = bot.reason()
        if said is not None and said.key == "conventions.clue.save_before_fix":
            tracker = bot.state
            chop = tracker.chop(action.target)
            assert chop is not None
            assert tracker.critical >> game.identities[chop] & 1
            assert game.storms + 1 < game.variant.storms
            fixed = said.params["name2"]
            assert isinstance(fixed, int)
            assert bot.clues.doomed(fixed)
            for order in bot.clues.doomed(fixed):
                assert tracker.useless >> game.identities[order] & 1
            saved.add(chop)
        if action.type is ActionType.DISCARD:
            assert action.target not in saved
    assert saved


def test_a_seat_that_sees_the_focus_does_not_take_its_clued_card_for_a_prompt() -> None:
    # Cathy's red card, clued together with her red 1, may be the red 2 for all she knows.
    # Alice then clues red on Bob's red 2: with her own card unseen, Cathy could read it as a
    # prompt of her red card (as the 2) and Bob's card as the red 3; but she sees the red 2,
    # which needs no prompt, so her card was not prompted and Bob's card is the red 2.
    game = deal(
        3,
        [
            ["B3", "B4", "Y4", "G3", "W3"],
            ["Y4", "B2", "G3", "W4", "R2"],
            ["Y3", "B4", "R4", "W2", "R1"],
        ],
        draws=("G4", "G4"),
    )
    bots = bots_for(game)
    game.apply(Action.colour_clue(2, 0))  # Alice: red to Cathy (her red 4 and red 1)
    game.apply(Action.discard(5))  # Bob
    game.apply(Action.play(14))  # Cathy plays the red 1
    game.apply(Action.colour_clue(1, 0))  # Alice: red to Bob (his red 2)
    cathy = bots[2].state
    cathy.sync(game.view(2))
    assert cathy.belief(9) == 1 << cathy.tables.needed[0][1]  # the red 2
    assert 12 not in cathy.notes  # her own red card is not taken for a prompt


def test_a_prompted_seat_reads_the_focus_as_its_receiver_does() -> None:
    # Bob's only 1 is clued (any 1 fits). Cathy's 2 clue on Donald's blue 2 prompts it as the
    # blue 1. Donald sees the blue 1 and notes his card as the blue 2; Bob, who cannot see his
    # own card, would read Donald's card as any 2 (his 1 could be any 1), but he sees the focus,
    # takes his 1 for the blue 1, and so notes Donald's card as Donald does.
    game = deal(
        4,
        [
            ["R3", "G4", "Y3", "W4"],
            ["Y4", "B1", "G3", "W3"],
            ["R4", "Y4", "G3", "W4"],
            ["Y3", "B2", "R4", "W3"],
        ],
        draws=("G4",),
    )
    bots = bots_for(game)
    game.apply(Action.rank_clue(1, 1))  # Alice: 1 to Bob (his blue 1)
    game.apply(Action.discard(4))  # Bob
    game.apply(Action.rank_clue(3, 2))  # Cathy: 2 to Donald (his blue 2)
    blue_one, blue_two = (bots[0].state.tables.needed[3][i] for i in (0, 1))
    for seat, bot in enumerate(bots):
        bot.state.sync(game.view(seat))
        assert bot.state.notes[13] == 1 << blue_two, seat
    assert bots[1].state.notes[5] == 1 << blue_one  # Bob plays his 1 as the blue 1


@settings(max_examples=10, deadline=None)
@given(players=st.integers(3, 5), seed=st.integers(0, 10_000))
def test_a_tempo_clue_touches_only_clued_cards_and_its_focus_is_still_needed(
    players: int, seed: int
) -> None:
    """Whenever the bot says it gave a tempo clue, the clue touched no card that was not clued
    already, and its focus (the newest card touched) is a card its firework still needs."""
    variant = find_variant("base", players=players)
    game = Game.new(variant, seed)
    bots = bots_for(game)
    clued: set[int] = set()
    while game.outcome is None:
        bot = bots[game.seat]
        fireworks = game.view(game.seat).fireworks
        action = bot.act(game.view(game.seat))
        game.apply(action)
        touched = game.events[-1].touched
        said = bot.reason()
        why = said.params.get("why") if said is not None else None
        if isinstance(why, Reason) and why.key == "conventions.why.tempo":
            assert touched and set(touched) <= clued
            hand = game.view(action.target).hands[action.target]
            focus = game.deck[max(touched, key=hand.index)]
            assert focus.rank > fireworks[focus.suit]
        clued |= set(touched)


def alices_turn_with_a_sure_play(cathys_move: Action) -> tuple[Game, list[ConventionsBot]]:
    """Three players at Alice's fourth turn. Bob's chop (order 5) is the yellow 5 and he has
    nothing to play. Bob clued Alice's red 1 (order 4) with a 1 clue: its clues alone show that
    it fits. Seven empty 5 clues were given, and Cathy's last move is ``cathys_move``."""
    game = deal(
        3,
        [
            ["R3", "G4", "B3", "W4", "R1"],
            ["Y5", "B4", "W3", "G2", "R4"],
            ["Y3", "B2", "W2", "R2", "G1"],
        ],
    )
    bots = bots_for(game)
    for turn in range(9):
        if turn == 1:
            game.apply(Action.rank_clue(0, 1))
        elif turn == 8:
            game.apply(cathys_move)
        else:
            game.apply(Action.rank_clue(0 if turn % 3 == 2 else 2, 5))  # nobody holds a 5 there
    return game, bots


def test_with_no_token_left_a_scream_keeps_the_next_players_last_copy() -> None:
    # Cathy plays her green 1 (order 14): Alice holds a sure play with no token left. Played,
    # Bob would discard the 5; she discards her chop instead.
    game, bots = alices_turn_with_a_sure_play(Action.play(14))
    view = game.view(0)
    assert view.clue_tokens == 0
    assert bots[0].act(view) == Action.discard(0)  # her chop, not the red 1
    assert "keeps their chop" in bots[0].explain()
    game.apply(Action.discard(0))
    bob = bots[1].act(game.view(1))
    assert bob != Action.discard(5)  # Bob keeps the yellow 5
    bots[2].state.sync(game.view(2))
    assert 5 in bots[1].state.moved and 5 in bots[2].state.moved  # every seat reads it so


def test_with_a_token_left_the_next_players_last_copy_is_saved_by_a_clue() -> None:
    # Cathy discards rather than plays: Alice has a token, so no scream; she gives the save.
    game, bots = alices_turn_with_a_sure_play(Action.discard(10))
    view = game.view(0)
    assert view.clue_tokens == 1
    assert bots[0].act(view) == Action.rank_clue(1, 5)


def test_with_no_token_left_a_positional_discard_calls_the_next_players_card() -> None:
    # Three players, eight empty 5 clues, then Cathy plays her green 1 (order 14): Alice has no
    # token and nothing to play. Bob's red 1 (order 7) is his third unmarked card from the
    # newest; Alice discards her own third (order 2, not her chop) and Bob plays the red 1.
    game = deal(
        3,
        [
            ["R3", "G4", "B3", "W4", "Y4"],
            ["B4", "W3", "R1", "Y2", "R4"],
            ["Y3", "B2", "W2", "R2", "G1"],
        ],
    )
    bots = bots_for(game)
    for turn in range(8):
        game.apply(Action.rank_clue((turn + 1) % 3, 5))  # nobody holds a 5
    game.apply(Action.play(14))
    view = game.view(0)
    assert view.clue_tokens == 0
    assert bots[0].act(view) == Action.discard(2)
    assert "same place" in bots[0].explain()
    game.apply(Action.discard(2))
    assert bots[1].act(game.view(1)) == Action.play(7)
    bots[2].state.sync(game.view(2))
    assert 7 in bots[2].state.touched  # Cathy reads the call too


def test_with_no_token_left_a_positional_discard_comes_before_a_known_play() -> None:
    # Three players: Bob's 1 clue shows Alice her red 1 (order 4), seven empty 5 clues, then
    # Cathy plays her green 1. Alice has no token and a sure play, but Bob's green 2 (order 7,
    # his third unmarked card from the newest) now fits: she discards her own third unmarked
    # card (order 1) to call it, and keeps her red 1 for her next turn.
    game = deal(
        3,
        [
            ["R3", "G4", "B3", "W4", "R1"],
            ["B4", "W3", "G2", "Y2", "R4"],
            ["Y3", "B2", "W2", "R2", "G1"],
        ],
    )
    bots = bots_for(game)
    for turn in range(8):
        if turn == 1:
            game.apply(Action.rank_clue(0, 1))
        else:
            game.apply(Action.rank_clue((turn + 1) % 3, 5))  # nobody holds a 5
    game.apply(Action.play(14))
    view = game.view(0)
    assert view.clue_tokens == 0
    assert bots[0].act(view) == Action.discard(1)
    assert "rather than play" in bots[0].explain()
    game.apply(Action.discard(1))
    assert bots[1].act(game.view(1)) == Action.play(7)
    assert 1 not in bots[1].state.moved  # a call, not a scream: Bob's chop stays his chop


@settings(max_examples=6, deadline=None)
@given(players=st.integers(3, 5), seed=st.integers(0, 10_000))
@example(players=5, seed=1)  # a call made with nothing to play once said it put off a play
def test_a_positional_discard_says_it_puts_off_a_play_only_when_there_is_one(
    players: int, seed: int
) -> None:
    """A positional discard is said to be made rather than a play when the bot held a card it
    knew fits, and rather than its chop otherwise."""
    variant = find_variant("base", players=players)
    game = Game.new(variant, seed)
    bots = [ConventionsBot(seat, variant, seed, search=False) for seat in range(players)]
    while game.outcome is None:
        bot = bots[game.seat]
        view = game.view(game.seat)
        action = bot.act(view)
        why = bot.reason()
        if why is not None and why.key.startswith("conventions.discard.position"):
            had_play = bot._known_play(view) is not None
            assert (why.key == "conventions.discard.position_over_play") == had_play, why
        game.apply(action)


@settings(max_examples=10, deadline=None)
@given(players=st.integers(3, 5), seed=st.integers(0, 10_000))
@example(players=5, seed=690)  # the endgame search once chose a discard that called a misfit
def test_a_positional_discard_calls_only_a_card_that_fits(players: int, seed: int) -> None:
    """Every seat reads each discard the same way, and a card a positional discard calls fits
    when it is called."""
    variant = find_variant("base", players=players)
    game = Game.new(variant, seed)
    bots = bots_for(game)
    while game.outcome is None:
        for other, bot in enumerate(bots):
            bot.state.sync(game.view(other))
        before = [set(bot.state.touched) for bot in bots]
        seat = game.seat
        action = bots[seat].act(game.view(seat))
        game.apply(action)
        if action.type is not ActionType.DISCARD:
            continue
        calls = []
        for other, bot in enumerate(bots):
            bot.state.sync(game.view(other))
            calls.append(bot.state.touched - before[other])
        assert all(called == calls[0] for called in calls)
        fireworks = game.view(seat).fireworks
        for order in calls[0]:
            card = game.card(order)
            assert card.rank == fireworks[card.suit] + 1


def test_a_card_a_positional_discard_called_is_not_said_to_be_shown_by_clues() -> None:
    """A card played as known fits is said to be shown by the clues on it only when a clue
    touched it; one that only a positional discard called is said to be called by the previous
    player's discard."""
    called = 0
    for seed in range(3):
        for game, bot, action in self_play(3, seed):
            said = bot.reason()
            assert said is not None
            seat = game.seat
            view = game.view(seat)
            if said.key in ("conventions.play.known", "conventions.play.fits"):
                knowledge = view.knowledge[action.target]
                shown = knowledge.touched or all(view.is_playable(c) for c in knowledge.possible)
                assert shown, bot.explain()
            if said.key == "conventions.play.called":
                called += 1
                assert not view.knowledge[action.target].touched, bot.explain()
                assert said.params["name"] == (seat - 1) % game.players, bot.explain()
                assert "discarded from the same place" in bot.explain()
    assert called


@settings(max_examples=12, deadline=None)
@given(
    preset=st.sampled_from([p.key for p in PRESETS if p.key != "bonus-tiles"]),
    players=st.integers(2, 5),
    seed=st.integers(0, 10_000),
)
def test_every_seat_counts_the_clue_tokens_from_the_log(
    preset: str, players: int, seed: int
) -> None:
    """A scream is read from the tokens left when the discard was made: every seat's count,
    kept from the log alone, is the table's at each of its turns."""
    variant = find_variant(preset, players=players)
    game = Game.new(variant, seed)
    bots = bots_for(game)
    while game.outcome is None:
        view = game.view(game.seat)
        action = bots[game.seat].act(view)
        assert bots[game.seat].state.tokens == view.clue_tokens
        game.apply(action)


@settings(max_examples=25, deadline=None)
@given(
    preset=st.sampled_from([p.key for p in PRESETS]),
    partners=st.lists(st.sampled_from(["random", "basic", "conventions"]), min_size=1, max_size=4),
    seat=st.integers(0, 4),
    seed=st.integers(0, 10_000),
)
def test_beside_players_who_follow_no_convention_it_keeps_to_legal_moves_and_explains_each(
    preset: str, partners: list[str], seat: int, seed: int
) -> None:
    """At a web table its partners may be people or other bots, whose clues, plays and discards
    need not mean what the convention set says: whatever they do, each of its moves is legal and
    said in a sentence."""
    names = list(partners)
    names.insert(seat % (len(names) + 1), "conventions")
    variant = find_variant(preset, players=len(names))
    game = Game.new(variant, seed)
    bots = [make_bot(name, s, variant, seed) for s, name in enumerate(names)]
    while game.outcome is None:
        view = game.view(game.seat)
        bot = bots[game.seat]
        action = bot.act(view)
        assert action in view.legal_actions
        if isinstance(bot, ConventionsBot):
            sentence = bot.explain()
            assert sentence.startswith("I ") and sentence.endswith(".")
        game.apply(action)
    assert game.over


# the reasons whose card is the one the clue is about, in the receiver's hand
CARD_WHYS = {
    "conventions.why.play",
    "conventions.why.play_finesse",
    "conventions.why.play_prompt",
    "conventions.why.tempo",
    "conventions.why.save",
    "conventions.why.keep",
}


@settings(max_examples=12, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000))
def test_each_explanation_names_the_card_and_the_player_it_is_about(
    players: int, seed: int
) -> None:
    """What a move's sentence says of the move is so: the slot it names is the card played or
    discarded, a discard of "my chop" discards the chop, a clue goes to the player it names and
    names what the clue names, and the card a clue is said to get played or to save is one the
    clue touches (the save on the receiver's chop)."""
    for game, bot, action in self_play(players, seed):
        seat = game.seat
        said = bot.reason()
        assert said is not None
        hand = game.hands[seat]
        st = bot.state
        if "position" in said.params:
            position = said.params["position"]
            assert isinstance(position, int)
            assert hand[len(hand) - position] == action.target, bot.explain()
        if said.key in ("conventions.discard.chop", "conventions.discard.scream"):
            assert action.target == st.chop(seat), bot.explain()
        if said.key == "conventions.clue":
            assert said.params["name"] == action.target
            clue = said.params["clue"]
            assert isinstance(clue, Reason)
            assert set(clue.params.values()) == {action.value}
            why = said.params["why"]
            assert isinstance(why, Reason)
            if why.key in CARD_WHYS:
                mask = st.clue_mask(action.type, action.value)
                touched = [o for o in game.hands[action.target] if 1 << game.identities[o] & mask]
                suit, rank = why.params["suit"], why.params["rank"]
                assert isinstance(suit, int) and isinstance(rank, int)
                assert Card(suit, rank) in [game.card(o) for o in touched], bot.explain()
                if why.key in ("conventions.why.save", "conventions.why.keep"):
                    assert st.chop(action.target) in touched, bot.explain()


@pytest.mark.parametrize("players", [4, 5])
def test_with_five_players_a_clue_is_worth_less_for_its_receivers_doubt(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With five players, each identity beyond the first that a clue's receiver keeps for the
    card it saves costs 0.15 of its worth (0.05 for a card to play); with four, nothing."""
    variant = find_variant("base", players=players)
    doubted = 0
    for seed in range(6):
        game = Game.new(variant, seed)
        bots = [ConventionsBot(s, variant, seed, search=False) for s in range(players)]
        while game.outcome is None and game.turn < 30:
            bot = bots[game.seat]
            action = bot.act(game.view(game.seat))
            weighed = bot.clues.weighed or []
            if weighed:
                with monkeypatch.context() as patch:
                    patch.setattr(clues_module, "DOUBT_PLAYERS", 6)
                    bot.clues.weighed = None
                    st = bot.state
                    st.frozen = Still()
                    plain = {o.action: o.value for o in bot.clues.options(game.view(game.seat))}
                    st.frozen = None
                for option in weighed:
                    focus = option.reading.focus
                    if focus is None or option.action not in plain:
                        continue
                    gap = plain[option.action] - option.value
                    if players < 5:
                        assert gap == pytest.approx(0)
                        continue
                    truth = game.identities[focus]
                    cost = (
                        clues_module.SAVE_DOUBT_COST
                        if option.reading.saves >> truth & 1
                        else clues_module.PLAY_DOUBT_COST
                    )
                    assert gap >= -1e-9 and gap / cost == pytest.approx(round(gap / cost))
                    doubted += gap > 1e-9
            game.apply(action)
    assert doubted or players < 5
