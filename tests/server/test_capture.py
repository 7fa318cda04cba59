"""Hidden information over the wire: in a whole game of every preset, played through the real
socket, no frame sent to a seat names the identity of a card in that seat's own hand, and no
frame sent to anyone reveals the draw pile's order (RULES.md section 7).

Every frame each socket receives is kept, then checked against the game the stored record
replays to at that frame's action count (the test's own referee, not the server's room): a
``delta`` frame on its own and as the state it makes of the one before.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from html.parser import HTMLParser
from typing import Any

import pytest
from fastapi.testclient import TestClient
from game_client import (
    TABLE_URL,
    Move,
    Player,
    clue_message,
    play_out,
    referee,
    second_browser,
    settings,
    stored_record,
)
from sqlalchemy import create_engine, select
from sqlalchemy.orm import Session
from web_client import post, register

from openhanabi.records import replay_states
from openhanabi.rules import PRESETS, Action, Card, Game, Result, Variant, find_variant
from openhanabi.server import Settings, protocol
from openhanabi.server import games as server_games
from openhanabi.server import lobby as server_lobby
from openhanabi.server.deps import CSRF_FIELD
from openhanabi.server.models import GameRecord

__all__ = ["settings"]  # bots without a delay

BOTS = ("basic", "conventions", "hat", "random")
# two people who complete fireworks, dealt so that the bonus tile 5 (a card shuffled back into
# the draw pile) comes up while the draw pile lasts
CHOSEN = {"bonus-tiles": (2, 2)}
IDENTITY_KEYS = {"card", "suit", "rank", "name", "label"}


@dataclass(frozen=True)
class Case:
    """One preset's game: how many players, which bots after the two people, which deal."""

    preset: str
    players: int
    bots: tuple[str, ...]
    seed: int


def cases() -> list[Case]:
    """Every preset once, the player counts taking turns (2 to 5) and the bots likewise."""
    made = []
    for index, preset in enumerate(PRESETS):
        players, seed = CHOSEN.get(preset.key, (2 + index % 4, 1000 + index))
        bots = tuple(BOTS[(index + seat) % len(BOTS)] for seat in range(players - 2))
        made.append(Case(preset.key, players, bots, seed))
    return made


# ---------------------------------------------------------------------- playing a game


def open_table(client: TestClient, other: TestClient, case: Case) -> int:
    """Ann (``client``) opens a table of ``case`` with bots after seat 2, watched by anyone who
    likes, Ben joins, Ann starts."""
    register(client, "ann", "Ann")
    register(other, "ben", "Ben")
    form = {"variant": case.preset, "players": str(case.players), "spectators": "everything"}
    form |= {f"seat_{seat + 3}": bot for seat, bot in enumerate(case.bots)}
    response = post(client, "/tables", form)
    assert response.status_code == 303, response.text
    match = TABLE_URL.match(response.headers["location"])
    assert match
    table = int(match.group(1))
    assert post(other, f"/tables/{table}/join").status_code == 303
    assert post(client, f"/tables/{table}/start").status_code == 303
    return table


def knowing(settings: Settings, table: int) -> Move:
    """A player who peeks at the referee (the test may; the server must not let them): play a
    card that fits (declaring its suit when declared play is on: wrongly the first time), else
    give a clue, else discard a card that can be spared. Such players complete fireworks, so
    bonus tiles come up."""
    turns = iter(range(10_000))

    def move(state: dict[str, Any]) -> dict[str, Any]:
        legal = state["legal"]
        if legal["choices"]:
            return {"type": "choose", "order": legal["choices"][-1]}
        if state["pending"]:
            return clue_message(legal["clues"][next(turns) % len(legal["clues"])])
        game = referee(settings, table)
        hand = [entry["order"] for entry in state["hands"][state["seat"]]]
        fits = [order for order in hand if game.is_playable(order)]
        if fits and legal["play"]:
            message: dict[str, Any] = {"type": "play", "order": fits[0]}
            if legal["declare"]:
                suits = [suit["key"] for suit in state["variant"]["suits"]]
                suit = game.card(fits[0]).suit
                wrong = state["storms"] == 0  # once a game, a wrong declaration: a storm
                message["declare"] = suits[(suit + 1) % len(suits) if wrong else suit]
            return message
        if legal["clues"] and (state["clue_tokens"] > 2 or not legal["discard"]):
            return clue_message(legal["clues"][next(turns) % len(legal["clues"])])
        if legal["discard"]:
            return {"type": "discard", "order": spare(game, hand)}
        return {"type": "play", "order": hand[-1]}

    return move


def spare(game: Game, hand: list[int]) -> int:
    """The oldest card of ``hand`` whose loss costs no point, else the oldest (a game played
    until perfect then lasts long enough to be worth checking)."""
    for order in reversed(hand):
        after = game.copy()
        after.apply(Action.discard(order))
        if after.max_reachable() == game.max_reachable():
            return order
    return hand[-1]


def play_game(players: dict[int, Player], watchers: list[Player], move: Move) -> None:
    """Play to the end, each person answering their own states with ``move`` (bots play their
    own turns); then read every watcher's socket up to its ``game_over``."""
    play_out(players, move, players[0])
    for watcher in watchers:
        while not watcher.frames or watcher.frames[-1]["type"] != "game_over":
            assert watcher.read()["type"] != "error", watcher.frames[-1]


# ---------------------------------------------------------------------- what a frame may hold


@cache
def identity_words(variant_key: str) -> tuple[tuple[re.Pattern[str], Card], ...]:
    """For each identity, the words that name it in text: "Red 3", "red 3", "R3"."""
    variant = find_variant(variant_key)
    words = []
    for suit_index, suit in enumerate(variant.suits):
        for rank in sorted(set(suit.cards)):
            card = Card(suit_index, rank)
            pattern = rf"\b(?:(?i:{re.escape(suit.name)}) {rank}|{suit.letter}{rank})\b"
            words.append((re.compile(pattern), card))
    return tuple(words)


def named(text: str, variant: Variant) -> set[Card]:
    """The identities ``text`` names."""
    return {card for pattern, card in identity_words(variant.key) if pattern.search(text)}


def objects(tree: Any) -> Iterator[dict[str, Any]]:
    """Every JSON object in ``tree``, at any depth."""
    if isinstance(tree, dict):
        yield tree
        for value in tree.values():
            yield from objects(value)
    elif isinstance(tree, list):
        for value in tree:
            yield from objects(value)


def visible(game: Game, seat: int) -> set[Card]:
    """The identities ``seat`` sees: other hands, the discard pile, the fireworks."""
    view = game.view(seat)
    seen = set(view.cards.values())
    for suit_index, suit in enumerate(game.variant.suits):
        seen |= {Card(suit_index, rank) for rank in suit.play_order[: view.fireworks[suit_index]]}
    return seen


def hidden_cards(game: Game, seat: int) -> set[Card]:
    """The identities in ``seat``'s hand that the seat neither sees elsewhere nor can deduce."""
    view = game.view(seat)
    seen = visible(game, seat)
    return {
        game.card(order)
        for order in view.own_hand
        if game.card(order) not in seen and len(view.knowledge[order].possible) > 1
    }


def check_seat_frame(frame: dict[str, Any], game: Game, seat: int, checked_log: int) -> None:
    """``frame`` went to ``seat`` when ``game`` stood as it does: it shows no own identity."""
    variant = game.variant
    view = game.view(seat)
    assert frame["seat"] == seat
    assert [entry["order"] for entry in frame["hands"][seat]] == list(reversed(view.own_hand))
    deduced = view.own_possible()
    for entry in frame["hands"][seat]:
        expected = sorted(card.name(variant) for card in deduced[entry["order"]])
        assert entry["possible"] == expected, "own cards show what the seat may deduce"
    check_seat_objects(frame, game, seat)
    check_public(frame, game)
    check_log(frame, game, seat, checked_log)


def check_seat_objects(frame: dict[str, Any], game: Game, seat: int) -> None:
    """No object of ``frame`` (a state or a delta) shows ``seat`` an identity it cannot see."""
    variant = game.variant
    view = game.view(seat)
    own = {order: game.card(order) for order in view.own_hand}
    for thing in objects(frame):
        order = thing.get("order")
        if order in own:
            assert not IDENTITY_KEYS & thing.keys(), f"own card {order} carries {thing}"
            words = {key: value for key, value in thing.items() if key != "possible"}
            assert not named(str(words), variant), f"own card {order} named in {thing}"
        if "card" in thing:  # an identity may only stand at a card the seat can see
            assert thing.get("order") in view.cards, f"{thing} is not a card seat {seat} sees"
            assert thing["card"]["suit"] == view.cards[thing["order"]].suit
            assert thing["card"]["rank"] == view.cards[thing["order"]].rank


def check_public(frame: dict[str, Any], game: Game) -> None:
    """What anyone may be sent: the draw pile only as a count, no card not yet drawn."""
    assert frame["draw_pile"] == len(game.draw_pile)
    assert frame["actions"] == len(game.events)
    check_drawn(frame, game)


def check_drawn(frame: dict[str, Any], game: Game) -> None:
    """No object of ``frame`` names a card of the draw pile."""
    for thing in objects(frame):
        order = thing.get("order")
        if isinstance(order, int):
            assert 0 <= order < game.cards_drawn, f"{thing} names a card of the draw pile"


def check_log(frame: dict[str, Any], game: Game, seat: int, checked: int) -> None:
    """A log line names only the card its action revealed (a draw reveals nothing to the
    drawer); while the game is on, a bot's explanation names none of the seat's own cards that
    the seat cannot deduce or see elsewhere (once it is over, anyone may see everything).
    Lines already checked in an earlier frame are not checked again (the log only grows)."""
    variant = game.variant
    hidden = hidden_cards(game, seat) if game.outcome is None else set()
    for index in range(checked, len(frame["log"])):
        line, event = frame["log"][index], game.events[index]
        revealed = {event.card} if event.card is not None else set()
        assert named(line["text"], variant) <= revealed, f"{line['text']!r} to seat {seat}"
        leaked = named(line["explanation"], variant) & hidden
        assert not leaked, f"{line['explanation']!r} tells seat {seat} its own {leaked}"


def check_spectator_frame(frame: dict[str, Any], game: Game) -> None:
    """Spectators may see every hand (RULES.md section 7), here seat 0's included, but never
    the draw pile's order."""
    assert frame["seat"] is None
    for seat, hand in enumerate(frame["hands"]):
        assert [entry["order"] for entry in hand] == list(reversed(game.hands[seat]))
    for thing in objects(frame):
        if "card" in thing:
            card = game.card(thing["order"])
            assert (thing["card"]["suit"], thing["card"]["rank"]) == (card.suit, card.rank)
    check_public(frame, game)


def check_frames(player: Player, states: list[Game], seat: int | None) -> int:
    """Check every frame ``player`` received: a state, and the state each delta makes of the
    one before, as a whole; a delta on its own too (it is what went over the wire). Returns
    how many states and deltas it received."""
    checked_log = 0
    count = 0
    for frame, state in zip(player.frames, player.states, strict=True):
        if frame["type"] == "game_over":
            assert not IDENTITY_KEYS & frame.keys()
            continue
        assert frame["type"] in ("state", "delta"), frame
        game = states[state["actions"]]
        if frame["type"] == "delta":
            check_drawn(frame, game)
            if seat is not None:
                check_seat_objects(frame, game, seat)
        if seat is None:
            check_spectator_frame(state, game)
        else:
            check_seat_frame(state, game, seat, checked_log)
        checked_log = len(state["log"])
        count += 1
    return count


# ---------------------------------------------------------------------- the bonus tile 5


def check_reshuffles(frames: dict[int | None, list[dict[str, Any]]], states: list[Game]) -> int:
    """Where a card shuffled back lands is hidden from everyone: each state a viewer has just
    after a reshuffle (the frame sent then, applied to the state before it) is exactly what that
    viewer would be sent had the card landed anywhere else.
    The seat that chose then draws the top card: others see which card that is, so for them
    "anywhere else" means anywhere that leaves the same card on top. Returns how many
    reshuffles there were."""
    reshuffles = 0
    for index, event in enumerate(states[-1].events):
        if event.result is not Result.RESHUFFLED:
            continue
        reshuffles += 1
        before = states[index]
        on_top = states[-1].history[index].value == 0
        places = range(len(before.draw_pile) + 1)
        for viewer, sent in frames.items():
            if viewer == event.seat:
                positions = list(places)
            else:
                positions = [place for place in places if (place == 0) == on_top]
            for frame in (frame for frame in sent if frame.get("actions") == index + 1):
                state = {key: value for key, value in frame.items() if key != "seq"}
                for position in positions:
                    other = before.copy()
                    other.apply(Action.choose(event.action.target, position))
                    assert state == rendered(other, viewer, frame), (viewer, position)
    return reshuffles


def rendered(game: Game, viewer: int | None, frame: dict[str, Any]) -> dict[str, Any]:
    """The state ``viewer`` would be sent in ``game``, with the names and explanations of
    ``frame``."""
    explanations = {
        index: line["explanation"] for index, line in enumerate(frame["log"]) if line["explanation"]
    }
    if viewer is None:
        own = {order: game.card(order) for order in game.hands[0]}
        return protocol.render_state(
            game.view(0), frame["players"], explanations, spectator_cards=own
        )
    return protocol.render_state(game.view(viewer), frame["players"], explanations)


# ---------------------------------------------------------------------- the game page


class _Words(HTMLParser):
    """Every text and attribute value of a page, but the random form token: it is drawn
    from letters, digits, "-" and "_", so it can hold "-M5-" by chance."""

    def __init__(self) -> None:
        super().__init__()
        self.words: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if ("name", CSRF_FIELD) in attrs:
            attrs = [(name, value) for name, value in attrs if name != "value"]
        self.words += [value for _, value in attrs if value]

    def handle_data(self, data: str) -> None:
        self.words.append(data)


def check_page(client: TestClient, table: int, game: Game, seat: int) -> None:
    """The game page of the player in ``seat`` names none of their own cards that they can
    neither see elsewhere nor deduce (whatever it holds: the page draws the cards from the
    socket's states)."""
    response = client.get(f"/tables/{table}/game")
    assert response.status_code == 200, response.text
    page = _Words()
    page.feed(response.text)
    page.close()
    leaked = named(" ".join(page.words), game.variant) & hidden_cards(game, seat)
    assert not leaked, f"the game page shows seat {seat} its own {leaked}"


def check_replay_refused(client: TestClient, settings: Settings, table: int) -> None:
    """A game being played has no replay, record or table page that shows its cards."""
    with Session(create_engine(settings.database_url)) as db:
        game_id = db.scalars(select(GameRecord.id).where(GameRecord.table_id == table)).one()
    for address in ("replay", "replay.json", "record.json"):
        response = client.get(f"/games/{game_id}/{address}")
        assert response.status_code == 403, (address, response.status_code)
    game = referee(settings, table)
    page = _Words()
    page.feed(client.get(f"/tables/{table}").text)
    for seat in range(game.players):
        assert not named(" ".join(page.words), game.variant) & hidden_cards(game, seat)


# ---------------------------------------------------------------------- the test


@pytest.mark.parametrize("case", cases(), ids=lambda case: f"{case.preset}-{case.players}p")
def test_no_frame_shows_a_seat_its_own_cards(
    client: TestClient, settings: Settings, monkeypatch: pytest.MonkeyPatch, case: Case
) -> None:
    def dealt(table: Any, seed: int | None = None) -> Any:
        return server_games.start_game(table, case.seed)

    monkeypatch.setattr(server_lobby, "start_game", dealt)
    other = second_browser(client)
    table = open_table(client, other, case)
    url = f"/tables/{table}/socket"
    dealt_game = referee(settings, table)
    for seat, browser in enumerate((client, other)):
        check_page(browser, table, dealt_game, seat)
        check_replay_refused(browser, settings, table)
    watcher = second_browser(client)
    with (
        client.websocket_connect(url) as ann_socket,
        other.websocket_connect(url) as ben_socket,
        watcher.websocket_connect(url) as watch_socket,
    ):
        players = {0: Player(ann_socket), 1: Player(ben_socket)}
        watch = Player(watch_socket)
        play_game(players, [watch], knowing(settings, table))

    states = list(replay_states(stored_record(settings, table)))
    assert states[-1].over
    for seat, player in players.items():
        assert check_frames(player, states, seat) > 1
    assert check_frames(watch, states, None) > 1
    frames = {seat: player.states for seat, player in players.items()} | {None: watch.states}
    reshuffles = check_reshuffles(frames, states)
    results = {event.result for event in states[-1].events}
    if case.preset == "declared-play":
        assert Result.DECLARED_WRONG in results, "a wrong declaration is in the log"
    if case.preset == "bonus-tiles":
        assert reshuffles, "this deal is chosen to bring the bonus tile 5 up"
