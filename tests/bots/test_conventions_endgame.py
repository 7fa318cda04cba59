"""The ``conventions`` bot's endgame search: it plays out only deals its seat cannot tell from the
real one, never learns its own cards (changing them changes nothing it does), gives each seat of
a rollout only the cards that seat sees, leaves the bot's own notes alone, and is deterministic;
with three players or more it keeps the deals its partners' last moves fit, worked out from its
own notes and the deal alone.
The ``conventions-search`` bot's look-ahead, the same search in the middle of the game: it plays
the convention's move but where its play-outs clearly beat it, and it never learns its own cards
either."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from openhanabi.bots import bot_classes
from openhanabi.bots.conventions import endgame, lookahead
from openhanabi.bots.conventions.bot import ConventionsBot, ConventionsSearchBot
from openhanabi.bots.conventions.state import Tracker
from openhanabi.bots.explanation import english, reason
from openhanabi.bots.search import sampling
from openhanabi.bots.search.sampling import rules_masks, sample_game, seen_cards, unseen_counts
from openhanabi.rules import Card, Game, SeatView, Variant, find_variant

# the convention's reasons for playing a card its seat knows fits
SURE_PLAYS = (
    "conventions.play.blind",
    "conventions.play.known",
    "conventions.play.first",
    "conventions.play.fits",
    "conventions.play.called",
)


def near_the_end(players: int, seed: int) -> Game:
    """Self-play without search up to the first turn with no more cards to draw than players."""
    variant = find_variant("base", players=players)
    bots = [ConventionsBot(seat, variant, seed, search=False) for seat in range(players)]
    game = Game.new(variant, seed)
    while game.outcome is None and len(game.draw_pile) > players:
        game.apply(bots[game.seat].act(game.view(game.seat)))
    return game


def overruled(players: int, seeds: Sequence[int]) -> Game:
    """The first position of self-play on ``seeds`` where a fresh bot's search overrules the
    convention (the game just before that move)."""
    variant = find_variant("base", players=players)
    for seed in seeds:
        game = near_the_end(players, seed)
        while game.outcome is None:
            bot = ConventionsBot(game.seat, variant, seed)
            action = bot.act(game.view(game.seat))
            if bot.deviated:
                return game
            game.apply(action)
    raise AssertionError("the search overruled no move on these seeds")


def same_to_the_seat(a: SeatView, b: SeatView) -> bool:
    """Whether the two views show their seat the same table."""
    return (
        a.cards == b.cards
        and a.hands == b.hands
        and a.events == b.events
        and a.fireworks == b.fireworks
        and a.clue_tokens == b.clue_tokens
        and a.draw_pile_size == b.draw_pile_size
        and all(a.knowledge[o].possible_mask == b.knowledge[o].possible_mask for o in a.own_hand)
    )


def other_deal(game: Game, seed: int) -> Game:
    """A game the seat on turn cannot tell from ``game`` in which its own hand differs."""
    view = game.view(game.seat)
    seen = seen_cards(view)
    counts = unseen_counts(view, game.tables.copies, seen)
    rng = random.Random(seed)
    real = [game.identities[o] for o in view.own_hand]
    for _ in range(200):
        other = sample_game(view, rng, rules_masks(view), counts, seen)
        if other is not None and [other.identities[o] for o in view.own_hand] != real:
            return other
    raise AssertionError("every deal sampled holds the real hand")


def test_the_search_decides_the_same_whatever_the_seats_own_cards_really_are() -> None:
    game = overruled(3, range(40))
    seat = game.seat
    other = other_deal(game, 1)
    view, other_view = game.view(seat), other.view(seat)
    assert same_to_the_seat(view, other_view)
    bot = ConventionsBot(seat, game.variant, 11)
    bot_elsewhere = ConventionsBot(seat, game.variant, 11)
    action = bot.act(view)
    assert bot.searched == 1
    assert bot_elsewhere.act(other_view) == action
    assert bot_elsewhere.reason() == bot.reason()


@settings(max_examples=6, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000))
def test_every_deal_played_out_is_one_the_seat_cannot_tell_from_the_real_one(
    players: int, seed: int
) -> None:
    game = near_the_end(players, seed)
    if game.outcome is not None:
        return
    seat = game.seat
    view = game.view(seat)
    dealt: list[Game] = []
    played_out: list[tuple[Game, Sequence[dict[int, int]]]] = []

    def recording_sample(*args: object) -> Game | None:
        found = sample_game(*args)  # type: ignore[arg-type]
        if found is not None:
            dealt.append(found.copy())
        return found

    def recording_play_out(
        trial: Game, tracker: Tracker, seen_by: Sequence[dict[int, int]], make: endgame.SeatMaker
    ) -> tuple[int, int]:
        played_out.append((trial.copy(), seen_by))
        return play_out(trial, tracker, seen_by, make)

    play_out = endgame.play_out
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sampling, "sample_game", recording_sample)
        patch.setattr(endgame, "play_out", recording_play_out)
        ConventionsBot(seat, game.variant, seed).act(view)
    assert bool(dealt) == bool(played_out)  # every play-out is on a deal seen here
    for deal in dealt:
        assert same_to_the_seat(view, deal.view(seat))
        for order in view.own_hand:
            assert view.knowledge[order].possible_mask >> deal.identities[order] & 1
    drawn = view.variant.deck_size - view.draw_pile_size  # the order the move's draw gets
    for trial, saw in played_out:
        for holder, hand in enumerate(trial.hands):
            # each seat of a rollout knows every card of the deal but its own
            assert not set(hand) & set(saw[holder])
            for other, other_hand in enumerate(trial.hands):
                for order in other_hand:
                    if other != holder and order in saw[holder]:
                        assert saw[holder][order] == trial.identities[order]
                    elif other != holder:
                        assert order == drawn  # only the card the move drew is unseen


@settings(max_examples=8, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000), turns=st.integers(0, 12))
def test_a_copied_tracker_is_independent_of_its_original(
    players: int, seed: int, turns: int
) -> None:
    variant = find_variant("base", players=players)
    bots = [ConventionsBot(s, variant, seed, search=False) for s in range(players)]
    game = Game.new(variant, seed)
    for _ in range(turns):
        game.apply(bots[game.seat].act(game.view(game.seat)))
    tracker = Tracker(0, variant)  # seat 0's notes, kept apart from the bots playing on
    tracker.sync(game.view(0))
    before = {name: repr(value) for name, value in vars(tracker).items()}
    other = (tracker.seat + 1) % players
    theirs = {o: x for o, x in tracker.ident.items() if o not in game.hands[other]}
    copy = endgame.copy_tracker(tracker, other, theirs)
    assert copy.seat == other and not set(copy.ident) & set(game.hands[other])
    # the copy plays on: the original's notes stay as they were
    while game.outcome is None:
        game.apply(bots[game.seat].act(game.view(game.seat)))
        copy.sync(game.view(other))
    assert {name: repr(value) for name, value in vars(tracker).items()} == before


def test_a_seat_that_played_along_decides_the_same_whatever_its_own_cards_really_are() -> None:
    # a bot that has played the whole game checks its deals against its partners' moves: fed
    # the same views, it plays the same on a deal that differs only in what it cannot see
    variant = find_variant("base", players=3)
    bots = [ConventionsBot(seat, variant, 4) for seat in range(3)]
    game = Game.new(variant, 4)
    while game.outcome is None:
        game.apply(bots[game.seat].act(game.view(game.seat)))
    log = [event.action for event in game.events]
    last = max(turn for turn, event in enumerate(game.events) if event.seat == 0)
    real = Game.new(variant, 4)
    for action in log[:last]:
        real.apply(action)
    elsewhere = Game(variant, other_deal(real, 3).deck)
    real = Game.new(variant, 4)
    here, there = ConventionsBot(0, variant, 9), ConventionsBot(0, variant, 9)
    checks: list[bool] = []

    def counting(*args: object) -> tuple[bool, int]:
        found = agree(*args)  # type: ignore[arg-type]
        checks.append(found[0])
        return found

    agree = endgame.partners_agree
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(endgame, "partners_agree", counting)
        for action in log[: last + 1]:
            if real.seat == 0:
                view, other_view = real.view(0), elsewhere.view(0)
                assert same_to_the_seat(view, other_view)
                assert here.act(view) == there.act(other_view)
                assert here.reason() == there.reason()
            real.apply(action)
            elsewhere.apply(action)
    assert here.searched and checks


def partners_checked(
    players: int, seed: int, search: bool = True
) -> list[tuple[Game, SeatView, Tracker]]:
    """Self-play on ``seed`` with seat 0 searching (its partners too, with ``search``): the
    game, seat 0's view and its notes from before its last move, on each of its turns that
    checks its deals against its partners' moves."""
    variant = find_variant("base", players=players)
    bots = [ConventionsBot(s, variant, seed, search=search or s == 0) for s in range(players)]
    game = Game.new(variant, seed)
    found = []
    while game.outcome is None:
        before = bots[game.seat]._before
        if game.seat == 0 and before is not None:
            found.append((game.copy(), game.view(0), before))
        game.apply(bots[game.seat].act(game.view(game.seat)))
    return found


def rollout_seat(variant: Variant) -> endgame.SeatMaker:
    return lambda seat, notes: ConventionsBot.playing_out(seat, variant, notes)


def test_the_real_deal_fits_the_moves_of_partners_without_search() -> None:
    # each partner's move is worked out from the seat's notes as they were before its last
    # move, copied to that partner: on the real deal that is the partner's own move, but where
    # their notes had parted from the seat's
    assert not partners_checked(2, 0, search=False)  # with two players no deal is checked
    checked = agreed = 0
    for players in (3, 4, 5):
        for seed in range(5):
            for game, view, before in partners_checked(players, seed, search=False):
                fits, moves = endgame.partners_agree(game, view, before, rollout_seat(game.variant))
                checked += 1
                agreed += fits
                assert moves <= players - 1
    assert checked > 50 and agreed >= 0.95 * checked


def test_a_deal_rewound_from_an_earlier_one_is_the_deal_replayed() -> None:
    # dealing an earlier rewound deal again must give the very game the log replayed on the new
    # deck gives: every seat sees the same table and the same moves are checked against it
    compared = 0
    for players in (3, 4):
        for game, view, before in partners_checked(players, 2, search=False)[:4]:
            deal = sampling.dealer(view, random.Random(7), rules_masks(view), before.tables.copies)
            first, second = deal(), deal()
            assert first is not None and second is not None
            base = endgame.rewind(first, view, before)
            replayed = endgame.rewind(second, view, before)
            redealt = endgame.rewind(second, view, before, base)
            assert redealt.deck == replayed.deck == second.deck
            assert redealt.identities == replayed.identities
            assert redealt.draw_pile == replayed.draw_pile
            for seat in range(players):
                assert same_to_the_seat(redealt.view(seat), replayed.view(seat))
            make = rollout_seat(game.variant)
            assert endgame.partners_agree(second, view, before, make, redealt) == (
                endgame.partners_agree(second, view, before, make)
            )
            compared += 1
    assert compared >= 4


def test_with_no_odds_kept_only_deals_the_partners_moves_fit_are_played_out() -> None:
    decks: list[tuple[Card, ...]] = []

    def recording_play_out(
        trial: Game, tracker: Tracker, seen_by: Sequence[dict[int, int]], make: endgame.SeatMaker
    ) -> tuple[int, int]:
        decks.append(trial.deck)
        return play_out(trial, tracker, seen_by, make)

    play_out = endgame.play_out
    played = 0
    for game, view, before in partners_checked(3, 1, search=False)[:3]:
        bot = ConventionsBot(0, game.variant, 1)
        bot._before = endgame.copy_tracker(before, 0, dict(before.ident))
        decks.clear()
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(endgame, "KEEP_ODDS", 0.0)
            patch.setattr(endgame, "REDRAWS", 1000)
            patch.setattr(endgame, "play_out", recording_play_out)
            bot.act(view)
        for deck in set(decks):
            deal = Game(game.variant, deck)
            fits, _ = endgame.partners_agree(deal, view, before, rollout_seat(game.variant))
            assert fits
            played += 1
    assert played


def test_a_seeded_bot_with_the_search_plays_the_same_game_twice() -> None:
    game = overruled(3, range(40))
    seat = game.seat
    view = game.view(seat)
    first, second = (ConventionsBot(seat, game.variant, 5) for _ in range(2))
    assert first.act(view) == second.act(view)
    assert first.reason() == second.reason()


def test_a_sure_play_is_searched_only_with_few_cards_left_before_the_last_round() -> None:
    variant = find_variant("base", players=3)
    searched = 0
    for seed in range(6):
        game = near_the_end(3, seed)
        while game.outcome is None:
            plain = ConventionsBot(game.seat, variant, seed, search=False)
            searching = ConventionsBot(game.seat, variant, seed)
            view = game.view(game.seat)
            planned = plain.act(view)
            chosen = searching.act(view)
            known = plain.reason()
            if known is not None and known.key in SURE_PLAYS:
                if view.turns_left >= 0 or view.draw_pile_size > endgame.SURE_PLAY_DRAW_PILE:
                    assert chosen == planned and searching.searched == 0
                else:
                    searched += searching.searched
            game.apply(chosen)
    assert searched


def test_the_search_starts_once_the_draw_pile_holds_few_enough_cards() -> None:
    searched_early = searched_late = 0
    for players in (3, 5):
        variant = find_variant("base", players=players)
        for seed in range(3):
            bots = [ConventionsBot(seat, variant, seed, search=False) for seat in range(players)]
            game = Game.new(variant, seed)
            while game.outcome is None and len(game.draw_pile) > endgame.DRAW_PILE - 2:
                view = game.view(game.seat)
                searching = ConventionsBot(game.seat, variant, seed)
                planned = bots[game.seat].act(view)
                chosen = searching.act(view)
                if view.draw_pile_size > endgame.DRAW_PILE:
                    assert chosen == planned
                    searched_early += searching.searched
                else:
                    searched_late += searching.searched
                game.apply(planned)
    assert searched_early == 0 and searched_late > 0


def test_a_move_the_search_chose_says_both_moves_and_the_gain() -> None:
    variant = find_variant("base", players=3)
    said = reason(
        "conventions.search.chose",
        chosen=reason("conventions.move.play", position=2),
        planned=reason(
            "conventions.move.clue", name="Bob", clue=reason("conventions.clue.rank", rank=3)
        ),
        deals=9,
        points=0.5,
    )
    assert english(said, variant) == (
        "I chose to play slot 2 over what my conventions suggest (to give Bob a 3 clue): played "
        "out to the end on 9 deals I cannot tell from the real one, it scored 0.50 points more "
        "on average."
    )


def test_a_search_overruling_the_convention_explains_itself() -> None:
    game = overruled(3, range(40))
    bot = ConventionsBot(game.seat, game.variant, 0)
    action = bot.act(game.view(game.seat))
    said = bot.reason()
    assert said is not None and said.key == "conventions.search.chose"
    assert action in game.legal_actions()
    assert "deals I cannot tell from the real one" in bot.explain()


def test_without_search_the_bot_never_plays_out_a_deal() -> None:
    game = near_the_end(4, 3)
    bot = ConventionsBot(game.seat, game.variant, 3, search=False)
    bot.act(game.view(game.seat))
    assert bot.searched == 0 and bot.deviated == 0


def test_a_bot_for_one_seat_of_a_rollout_does_not_search() -> None:
    variant = find_variant("base", players=3)
    bot = ConventionsBot.playing_out(1, variant, Tracker(1, variant))
    assert not bot.search and bot.seat == 1


def test_the_search_weighs_the_best_clue_for_each_of_up_to_three_players() -> None:
    variant = find_variant("base", players=5)
    weighed = 0
    for seed in range(4):
        game = near_the_end(5, seed)
        while game.outcome is None:
            bot = ConventionsBot(game.seat, variant, seed, search=False)
            view = game.view(game.seat)
            planned = bot.act(view)
            said = bot.reason()
            options = bot.clues.options(view) if view.clue_tokens else []
            if said is not None and said.key not in SURE_PLAYS and options:
                best: dict[int, tuple[float, int]] = {}
                for index, option in enumerate(options):
                    target = option.action.target
                    if target not in best or option.value > best[target][0]:
                        best[target] = (option.value, index)
                # the first of the clues worth the most, receiver by receiver
                ranked = sorted(best.values(), key=lambda pair: (-pair[0], pair[1]))[:3]
                expected = {options[index].action for _, index in ranked}
                candidates = bot._search_candidates(view, planned)
                assert expected <= set(candidates)
                weighed += len(expected) > 1
            game.apply(planned)
    assert weighed


def looked_ahead(players: int, seeds: Sequence[int]) -> Game:
    """The first position of a ``conventions-search`` game on ``seeds`` where a fresh bot's
    look-ahead overrules the convention in the middle of the game (the game just before)."""
    variant = find_variant("base", players=players)
    for seed in seeds:
        game = Game.new(variant, seed)
        bots = [ConventionsSearchBot(seat, variant, seed) for seat in range(players)]
        while game.outcome is None and len(game.draw_pile) > endgame.DRAW_PILE:
            bot = ConventionsSearchBot(game.seat, variant, seed)
            bot.act(game.view(game.seat))
            if bot.deviated:
                return game
            game.apply(bots[game.seat].act(game.view(game.seat)))
    raise AssertionError("the look-ahead overruled no move on these seeds")


def test_the_searching_bot_is_registered_under_its_own_name() -> None:
    assert bot_classes()["conventions-search"] is ConventionsSearchBot
    assert not ConventionsBot.lookahead and ConventionsSearchBot.lookahead


def test_the_searching_bot_plays_the_convention_but_where_its_look_ahead_clearly_beat_it() -> None:
    variant = find_variant("base", players=3)
    overruled_midgame = 0
    for seed in range(6):
        if overruled_midgame:
            break
        bots = [ConventionsSearchBot(seat, variant, seed) for seat in range(3)]
        # the conventions bot, with its endgame search, seeing the same game
        plain = [ConventionsBot(seat, variant, seed) for seat in range(3)]
        game = Game.new(variant, seed)
        while game.outcome is None:
            view = game.view(game.seat)
            bot = bots[game.seat]
            before = bot.deviated
            chosen = bot.act(view)
            planned = plain[game.seat].act(view)
            if chosen != planned:
                said = bot.reason()
                assert bot.deviated == before + 1
                assert said is not None and said.key == "conventions.search.chose"
                assert lookahead.applies(view)
                overruled_midgame += 1
            game.apply(chosen)
    assert overruled_midgame


def test_the_look_ahead_decides_the_same_whatever_the_seats_own_cards_really_are() -> None:
    game = looked_ahead(3, range(10))
    seat = game.seat
    other = other_deal(game, 1)
    view, other_view = game.view(seat), other.view(seat)
    assert same_to_the_seat(view, other_view) and lookahead.applies(view)
    bot = ConventionsSearchBot(seat, game.variant, 11)
    bot_elsewhere = ConventionsSearchBot(seat, game.variant, 11)
    action = bot.act(view)
    assert bot.searched == 1
    assert bot_elsewhere.act(other_view) == action
    assert bot_elsewhere.reason() == bot.reason()


def test_the_look_ahead_waits_for_the_middle_of_the_game() -> None:
    variant = find_variant("base", players=4)
    game = Game.new(variant, 2)
    bots = [ConventionsBot(seat, variant, 2, search=False) for seat in range(4)]
    while len(game.draw_pile) > lookahead.HIGH:
        view = game.view(game.seat)
        searching = ConventionsSearchBot(game.seat, variant, 2)
        planned = bots[game.seat].act(view)
        assert searching.act(view) == planned
        assert searching.searched == 0
        game.apply(planned)
