"""A spectator's text picture of a game, for the environments' ``render()``.

Spectators may see everything (RULES.md section 7), so this reads the game itself: every hand
with its cards, a ``*`` on the cards a clue has touched.

>>> from openhanabi.rules import Action, Game, find_variant
>>> game = Game.new(find_variant("base", players=2), seed=1)
>>> game.apply(Action.rank_clue(1, 1))
>>> print(render_text(game))
base, 2 players: turn 1, player_1 to act
fireworks  R0 Y0 G0 B0 W0   score 0 of 25
clues 7 of 8   storms 0 of 3   draw pile 40
discards   -
player_0   R1 W1 W1 B2 G3
player_1   B5 Y4 Y5 W4 W1*   (to act)
last       player_0: clue 1 rank 1, touched 1 card
"""

from __future__ import annotations

from openhanabi.rules import ActionType, Event, Game


def render_text(game: Game) -> str:
    """``game`` as a few lines of text."""
    variant = game.variant
    names = [f"player_{seat}" for seat in range(variant.players)]
    if game.outcome is None:
        status = f"turn {game.turn}, {names[game.seat]} to act"
        if game.pending is not None:
            decision = game.pending.name.lower().replace("_", " ")
            status += f" (bonus tile {game.pending.value}: {decision})"
    else:
        status = f"game over after {game.turn} turns: {game.outcome.detail}"
    fireworks = " ".join(
        f"{suit.letter}{game.fireworks[index]}" for index, suit in enumerate(variant.suits)
    )
    discards = " ".join(game.card(order).name(variant) for order in game.discard_pile) or "-"
    lines = [
        f"{variant.describe()}: {status}",
        f"fireworks  {fireworks}   score {game.score} of {variant.max_score}",
        f"clues {game.clue_tokens} of {variant.clue_tokens}   "
        f"storms {game.storms} of {variant.storms}   draw pile {len(game.draw_pile)}",
        f"discards   {discards}",
    ]
    for seat, hand in enumerate(game.hands):
        cards = " ".join(
            game.card(order).name(variant) + ("*" if game.touched[order] else "") for order in hand
        )
        to_act = "   (to act)" if seat == game.seat and game.outcome is None else ""
        lines.append(f"{names[seat]:<10} {cards or '-'}{to_act}")
    if game.events:
        lines.append(f"{'last':<10} {_describe(game, game.events[-1])}")
    return "\n".join(lines)


def _describe(game: Game, event: Event) -> str:
    action = event.action
    text = f"player_{event.seat}: {action}"
    if action.type in (ActionType.COLOUR_CLUE, ActionType.RANK_CLUE):
        count = len(event.touched)
        return f"{text}, touched {count} card{'' if count == 1 else 's'}"
    if event.card is not None:
        text += f" ({event.card.name(game.variant)}, {event.result.value})"
    return text
