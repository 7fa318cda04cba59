"""A room renders its states with a memo of what they share (log lines, words of cards and of the
variant, the fireworks and the discard pile): every state it sends is the very state rendered
afresh, for every seat, a spectator and every language, at every turn, and after an action is
taken back and another taken."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from openhanabi.bots import make_bot
from openhanabi.rules import Game, find_variant
from openhanabi.server.i18n import LANGUAGES, translator
from openhanabi.server.protocol import Memo, render_state

NAMES = ["Ann", "basic (bot)", "basic (bot)"]


def states(game: Game, memo: Memo | None, explanations: dict[int, str]) -> list[object]:
    rendered: list[object] = []
    for lang in LANGUAGES:
        t = translator(lang)
        for seat in range(game.players):
            rendered.append(render_state(game.view(seat), NAMES, explanations, t=t, memo=memo))
        own = {order: game.card(order) for order in game.hands[0]}
        rendered.append(
            render_state(game.view(0), NAMES, explanations, spectator_cards=own, t=t, memo=memo)
        )
    return rendered


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32), preset=st.sampled_from(["base", "rainbow", "bonus-tiles"]))
def test_states_with_the_memo_are_the_states_rendered_afresh(seed: int, preset: str) -> None:
    variant = find_variant(preset, players=3)
    game = Game.new(variant, seed)
    bots = [make_bot("basic", seat, variant, seed) for seat in range(variant.players)]
    memo = Memo()
    explanations: dict[int, str] = {}
    while game.outcome is None:
        bot = bots[game.seat]
        action = bot.act(game.view(game.seat))
        if len(game.events) % 7 == 3:  # an action taken back, then another in its place
            game.apply(action)
            explanations[len(game.events) - 1] = "taken back"
            assert states(game, memo, explanations) == states(game, None, explanations)
            del explanations[len(game.events) - 1]
            game.undo()
            action = bot.act(game.view(game.seat))
        game.apply(action)
        explanations[len(game.events) - 1] = bot.explain()
        assert states(game, memo, explanations) == states(game, None, explanations)
