"""The ``hat`` bot: legal on every preset, deterministic, fed only views, and its hat code holds."""

from __future__ import annotations

import pytest

from openhanabi.bots import Bot, bot_classes, make_bot, play_game
from openhanabi.bots.hat import HatBot
from openhanabi.bots.hat.layout import bits, layout_for
from openhanabi.bots.hat.public import Public
from openhanabi.rules import PRESETS, Action, Game, Preset, SeatView, SplitMix64, find_variant
from openhanabi.rules.tables import identity


def _bots(game: Game, seed: int) -> list[HatBot]:
    return [HatBot(seat, game.variant, seed) for seat in range(game.players)]


def test_registered() -> None:
    assert bot_classes()["hat"] is HatBot


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("preset", PRESETS, ids=lambda preset: preset.key)
def test_every_preset_without_an_illegal_action(preset: Preset, players: int) -> None:
    # play_game raises BotError at the first action the rules refuse
    for seed, empty in ((0, True), (1, True), (2, False)):
        variant = preset.variant(players=players, empty_clues=empty)
        game = play_game(Game.new(variant, seed), _bots(Game.new(variant, seed), seed))
        assert game.outcome is not None


def test_same_seed_same_game() -> None:
    variant = find_variant("rainbow", players=4)
    histories = []
    for _ in range(2):
        game = play_game(Game.new(variant, 11), _bots(Game.new(variant, 11), 11))
        histories.append(list(game.history))
    assert histories[0] == histories[1]


class _Watch(Bot):
    """Passes each view on to a hat bot after checking it is a view that hides the seat's cards."""

    name = "watch"
    summary = "checks what a bot receives"

    def __init__(self, inner: HatBot) -> None:
        super().__init__(inner.seat, inner.variant, inner.seed)
        self.inner = inner
        self.calls = 0

    def act(self, view: SeatView) -> Action:
        assert type(view) is SeatView
        assert not set(view.own_hand) & set(view.cards)
        self.calls += 1
        return self.inner.act(view)


def _reaches_a_game(value: object, depth: int = 0) -> bool:
    if isinstance(value, Game):
        return True
    if depth > 3:
        return False
    if isinstance(value, dict):
        return any(_reaches_a_game(v, depth + 1) for v in value.values())
    if isinstance(value, list | tuple):
        return any(_reaches_a_game(v, depth + 1) for v in value)
    return False


def test_bot_sees_only_views() -> None:
    variant = find_variant("base", players=3)
    watched = [_Watch(bot) for bot in _bots(Game.new(variant, 5), 5)]
    game = play_game(Game.new(variant, 5), watched)
    assert game.outcome is not None
    assert all(w.calls > 0 for w in watched)
    for w in watched:
        state = {name: getattr(w.inner, name) for name in dir(w.inner) if not name.startswith("__")}
        assert not _reaches_a_game(state)


@pytest.mark.parametrize(
    ("name", "players", "empty"),
    [
        ("base", 2, True),
        ("base", 3, True),
        ("base", 5, True),
        ("rainbow", 4, True),
        ("black-powder-multicolor-5", 3, True),
        ("bonus-tiles", 4, True),
        ("base", 4, False),
        ("black-powder", 3, False),
        ("black-powder-rainbow-5", 2, False),
        ("play-until-perfect", 3, True),
    ],
)
def test_public_knowledge_agrees_and_is_true(name: str, players: int, empty: bool) -> None:
    """After every action, every seat holds the same public knowledge, it never rules out a card's
    true identity (so every receiver decoded every hat number the giver encoded), and the
    replayed board matches the game."""
    variant = find_variant(name, players=players, empty_clues=empty)
    for seed in range(3):
        game = Game.new(variant, seed)
        bots = _bots(game, seed)
        while game.outcome is None:
            game.apply(bots[game.seat].act(game.view(game.seat)))
            for seat, bot in enumerate(bots):
                bot._catch_up(game.view(seat))
            first = bots[0].pub
            for bot in bots:
                pub = bot.pub
                assert pub.hands == [list(hand) for hand in game.hands]
                assert pub.played == list(game.fireworks)
                assert (pub.tokens, pub.storms) == (game.clue_tokens, game.storms)
                assert pub.deck_left == len(game.draw_pile)
                for hand in game.hands:
                    for order in hand:
                        assert pub.mask[order] == first.mask[order]
                        assert pub.mask[order] >> identity(game.card(order)) & 1


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_receiver_decodes_what_the_giver_encoded(players: int) -> None:
    """Build random public knowledge (true cards always possible), let seat 0 encode the sum of
    everyone's answers, and let each receiver decode its own answer from that sum."""
    variant = find_variant("base", players=players)
    lay = layout_for(variant)
    rng = SplitMix64(players)
    total = lay.clue_kinds * (players - 1)
    for _ in range(200):
        pub = Public(lay, variant.hand_size, variant.deck_size, variant.clue_tokens)
        for suit in range(lay.suits):  # a random board
            pub.played[suit] = rng.below(4)
        pub.refresh_board()
        cards: dict[int, list[int]] = {}
        for seat in range(1, players):
            cards[seat] = []
            for order in pub.hands[seat]:
                card = rng.below(lay.identities)
                cards[seat].append(card)
                noise = 0
                for ident in range(lay.identities):
                    if rng.below(3):
                        noise |= 1 << ident
                pub.mask[order] = noise | 1 << card
        answers = {}
        narrowed = {}
        for seat, hand in cards.items():
            masks = [pub.mask[o] for o in pub.hands[seat]]
            answers[seat] = pub.interrogate(masks, total, hand, 0)
            assert 0 <= answers[seat] < total
            assert all(m >> card & 1 for m, card in zip(masks, hand, strict=True))
            narrowed[seat] = masks
        number = sum(answers.values()) % total
        for seat in cards:
            own = (number - sum(a for s, a in answers.items() if s != seat)) % total
            assert own == answers[seat]
            masks = [pub.mask[o] for o in pub.hands[seat]]
            pub.interrogate(masks, total, None, own)
            assert masks == narrowed[seat]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_clue_carries_its_own_number(players: int) -> None:
    variant = find_variant("multicolor", players=players)
    bot = HatBot(0, variant)
    lay = layout_for(variant)
    numbers = sorted(
        bot._clue_number(0, clue, ())[0]
        for target in range(1, players)
        for clue in lay.clues[target]
    )
    assert numbers == list(range(lay.clue_kinds * (players - 1)))
    assert bits(0b1011) == [0, 1, 3]


def test_explains_its_last_action() -> None:
    variant = find_variant("base", players=3)
    game = Game.new(variant, 2)
    bots = _bots(game, 2)
    for _ in range(12):
        seat = game.seat
        game.apply(bots[seat].act(game.view(seat)))
        sentence = bots[seat].explain()
        assert sentence.startswith("I ") and sentence.endswith(".")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_hat_finishes_games_with_teammates_that_play_another_way(players: int) -> None:
    """Beside bots that do not play hat guessing, it keeps to legal moves, and once their moves
    stop making sense under the convention it plays by simple rules and says so."""
    variant = find_variant("base", players=players)
    names = ["basic", "hat", "random", "conventions", "hat"][:players]
    gave_up = []
    for seed in range(8):
        bots = [make_bot(name, seat, variant, seed) for seat, name in enumerate(names)]
        game = play_game(Game.new(variant, seed), bots)  # raises on an illegal action
        assert game.over
        gave_up += [bot for bot in bots if isinstance(bot, HatBot) and bot._fallback]
    assert gave_up, "teammates that ignore the convention are noticed"
    for bot in gave_up:
        assert bot.explain().startswith("My teammates do not play hat guessing")
