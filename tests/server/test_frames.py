"""Frames: after the first state, each action's delta applied to the state before it is the
state the viewer would have been sent in full; a socket that asks for a sync gets the whole
state, numbered next."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient
from game_client import Player, play_out, scripted, seat_table, second_browser, settings
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from openhanabi.rules import Game, find_variant
from openhanabi.server import frames, protocol

__all__ = ["settings"]  # bots without a delay


def states_of(game: Game, seat: int | None, explained: dict[int, str]) -> dict[str, Any]:
    view = game.view(0 if seat is None else seat)
    own = {order: game.card(order) for order in game.hands[0]} if seat is None else None
    names = ["Ann", "Ben", "Cat"][: game.players]
    return protocol.render_state(view, names, explained, spectator_cards=own)


@hypothesis_settings(max_examples=30, deadline=None)
@given(
    players=st.integers(2, 3),
    seed=st.integers(0, 2**32),
    seat=st.sampled_from([None, 0, 1]),
    explain_every=st.integers(2, 9),
)
def test_a_delta_applied_to_the_state_before_is_the_state_after(
    players: int, seed: int, seat: int | None, explain_every: int
) -> None:
    game = Game.new(find_variant("base", players=players), seed)
    choices = random.Random(seed)
    explained: dict[int, str] = {}
    sent = frames.full(states_of(game, seat, explained), 0)
    while game.outcome is None:
        game.apply(choices.choice(game.view(game.seat).legal_actions))
        if len(game.events) % explain_every == 0:
            explained[len(game.events) - 1] = "because"  # shown to a seat once the game is over
        state = states_of(game, seat, explained)
        change = frames.delta(sent, state, sent["seq"] + 1)
        assert change["seq"] == sent["seq"] + 1
        assert not {"type", "seq", "log"} & change["changed"].keys()
        sent = frames.apply_delta(sent, change)
        assert sent == frames.full(state, change["seq"])


def test_frames_after_the_first_are_deltas_and_a_sync_sends_the_whole_state(
    client: TestClient,
) -> None:
    other = second_browser(client)
    table = seat_table(client, other)
    url = f"/tables/{table}/socket"
    with client.websocket_connect(url) as ann_socket, other.websocket_connect(url) as ben_socket:
        players = {0: Player(ann_socket), 1: Player(ben_socket)}
        play_out(players, scripted, players[0], until=5)
        ann = players[0]
        kinds = [frame["type"] for frame in ann.frames]
        assert kinds[0] == "state"
        assert set(kinds[1:]) == {"delta"}, kinds
        for frame, state in zip(ann.frames[1:], ann.states[1:], strict=True):
            assert len(frames.encode(frame)) < len(frames.encode(state)), "a delta is smaller"
        ann.send({"type": "sync"})
        while ann.read()["type"] != "state":  # the frames sent before it come first
            pass
        # the whole state numbered next (Player checks the numbers), as the deltas made it
        assert ann.states[-1] == ann.states[-2] | {"seq": ann.states[-1]["seq"]}
