"""The convention set's small rules (:mod:`openhanabi.bots.conventions.rules`): chop, finesse
position, a clue's focus, and the identity sets every reading is made of."""

from __future__ import annotations

from unittest import mock

from hypothesis import assume, given
from hypothesis import strategies as st

from openhanabi.bots.conventions import rules
from openhanabi.bots.conventions.rules import (
    FireworkMasks,
    chop,
    clue_focus,
    finesse_position,
    firework_masks,
    fits_once_played,
    identities,
    single,
    within,
)
from openhanabi.rules import find_variant
from openhanabi.rules.tables import tables_for

sets = st.integers(min_value=0, max_value=(1 << 30) - 1)
hands = st.lists(st.integers(min_value=0, max_value=99), min_size=1, max_size=5, unique=True)


@given(sets)
def test_an_identity_set_lists_each_of_its_identities_once_lowest_first(mask: int) -> None:
    found = identities(mask)
    assert found == sorted(set(found))
    assert sum(1 << ident for ident in found) == mask


@given(st.integers(min_value=0, max_value=29))
def test_a_set_of_one_identity_names_it(ident: int) -> None:
    assert single(1 << ident) == ident


@given(sets, sets)
def test_a_set_lies_within_another_only_when_it_holds_something_and_nothing_else(
    mask: int, allowed: int
) -> None:
    assert within(mask, allowed) == (
        mask != 0 and set(identities(mask)) <= set(identities(allowed))
    )


@given(hands, st.data())
def test_chop_is_the_oldest_unmarked_card_and_the_finesse_position_the_newest(
    hand: list[int], data: st.DataObject
) -> None:
    marked = set(data.draw(st.lists(st.sampled_from(hand), unique=True)))
    free = [order for order in hand if order not in marked]
    assert chop(hand, marked) == (free[0] if free else None)
    assert finesse_position(hand, marked) == (free[-1] if free else None)


def test_a_clue_that_touches_the_chop_is_about_the_chop_else_its_newest_new_card() -> None:
    assert clue_focus([3, 7, 9], 3) == 3
    assert clue_focus([3, 7, 9], 1) == 9
    assert clue_focus([3, 7, 9], None) == 9
    assert clue_focus([], 3) is None


BASE = tables_for(find_variant("base", players=3))
# a state of the table: cards on each firework, and copies of each identity lost
states = st.tuples(
    st.lists(st.integers(min_value=0, max_value=5), min_size=5, max_size=5),
    st.lists(st.integers(min_value=0, max_value=3), min_size=25, max_size=25),
).map(lambda s: (s[0], [min(lost, BASE.copies[i]) for i, lost in enumerate(s[1])]))


@given(st.lists(states, min_size=1, max_size=12))
def test_remembered_firework_masks_are_the_masks_worked_out_afresh(
    seen: list[tuple[list[int], list[int]]],
) -> None:
    with mock.patch.object(rules, "REMEMBERED_STATES", 4):
        masks = FireworkMasks(BASE)
        for fireworks, gone in seen + seen:  # every state asked for twice: once remembered
            played = sum(
                1 << ident for suit, n in enumerate(fireworks) for ident in BASE.needed[suit][:n]
            )
            assert masks(fireworks, gone) == (*firework_masks(BASE, fireworks, gone), played)
            assert len(masks.found) <= 4  # it starts over rather than grow without end


@given(
    st.sampled_from(["base", "black-powder"]),
    st.lists(st.integers(min_value=0, max_value=5), min_size=6, max_size=6),
    st.integers(min_value=0, max_value=5),
    st.integers(min_value=1, max_value=5),
)
def test_the_cards_that_fit_once_a_chain_is_played_are_those_of_the_grown_fireworks(
    preset: str, heights: list[int], suit: int, length: int
) -> None:
    # a chain plays the next cards of one firework in order; what fits afterwards is what fits
    # on the fireworks grown by them (black powder is built from its 5 down)
    tables = tables_for(find_variant(preset, players=3))
    fireworks = heights[: tables.suit_count]
    suit %= tables.suit_count
    length = min(length, 5 - fireworks[suit])
    assume(length > 0)  # a complete firework has no chain left to play
    chain = tables.needed[suit][fireworks[suit] : fireworks[suit] + length]
    gone = [0] * tables.identities
    playable = firework_masks(tables, fireworks, gone)[0]
    grown = list(fireworks)
    grown[suit] += length
    expected = firework_masks(tables, grown, gone)[0]
    assert fits_once_played(tables, playable, sum(1 << ident for ident in chain)) == expected
