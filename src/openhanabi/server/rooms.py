"""Rooms: one in memory for each table whose game is being watched or played.

A room holds the game rebuilt from its stored record, the sockets watching it (each with its seat,
or none for a spectator) and the table's bots. Every action, a player's or a bot's, goes through
:meth:`Room.act`: under the room's lock it is applied by the rules, saved (the record is the
game: a restarted server rebuilds it where it was) and sent to every socket rendered for its
viewer. After each action, while a bot is on turn, the bot acts on its own view after
``Settings.bot_delay_seconds``, and its one-sentence explanation joins the log.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass, field
from typing import Any, Protocol

from sqlalchemy import select

from openhanabi.bots import Bot, make_bot
from openhanabi.rules import Action, Game, IllegalActionError
from openhanabi.server import protocol
from openhanabi.server.db import Database
from openhanabi.server.errors import RefusedError
from openhanabi.server.games import explanations, rebuild, save
from openhanabi.server.i18n import DEFAULT, translator
from openhanabi.server.models import GameRecord

log = logging.getLogger(__name__)
STAND_IN = "basic"  # plays a turn for a bot that failed


class Socket(Protocol):
    """What a room needs of a connection: sending it a JSON message."""

    async def send_json(self, data: Any, mode: str = "text") -> None: ...


@dataclass(eq=False)
class Viewer:
    """One connection to a room: its socket, its seat (None: a spectator) and its language."""

    socket: Socket
    seat: int | None
    lang: str = DEFAULT


@dataclass
class Room:
    """The live game of one table."""

    game_id: int
    game: Game
    names: list[str]
    users: dict[int, int]  # seat -> user id
    bots: dict[int, Bot]
    database: Database
    bot_delay: float
    viewers: set[Viewer] = field(default_factory=set)
    explanations: dict[int, str] = field(default_factory=dict)  # event index -> why
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task[None] | None = None

    def seat_of(self, user_id: int | None) -> int | None:
        """The seat of ``user_id`` at this game, None for a spectator."""
        return next((seat for seat, user in self.users.items() if user == user_id), None)

    def render(self, seat: int | None, lang: str = DEFAULT) -> list[dict[str, Any]]:
        """What a viewer in ``seat`` (None: a spectator) is sent after each change, in ``lang``."""
        game = self.game
        t = translator(lang)
        if seat is None:
            view = game.view(0)
            own = {order: game.card(order) for order in game.hands[0]}
            state = protocol.render_state(
                view, self.names, self.explanations, spectator_cards=own, t=t
            )
        else:
            view = game.view(seat)
            state = protocol.render_state(view, self.names, self.explanations, t=t)
        if game.outcome is None:
            return [state]
        return [state, protocol.render_game_over(view, t)]

    async def join(self, socket: Socket, seat: int | None, lang: str = DEFAULT) -> Viewer:
        """Add ``socket`` (for ``seat``, speaking ``lang``) and send it the game as it stands."""
        viewer = Viewer(socket, seat, lang)
        async with self.lock:
            self.viewers.add(viewer)
            await self._send(viewer, self.render(seat, lang))
        self.wake_bots()
        return viewer

    def leave(self, viewer: Viewer) -> None:
        self.viewers.discard(viewer)

    async def receive(self, viewer: Viewer, text: str | bytes) -> None:
        """Handle one message from ``viewer``: an action, a ping, or an error in return."""
        message = protocol.parse_message(text)
        if isinstance(message, protocol.ProtocolError):
            await self._send(viewer, [protocol.error(message.message)])
            return
        if isinstance(message, protocol.PingMessage):
            await self._send(viewer, [{"type": "pong"}])
            return
        problem = await self.act_for(viewer.seat, message)
        if problem:
            await self._send(viewer, [protocol.error(problem)])

    async def act_for(self, seat: int | None, message: protocol.ClientMessage) -> str:
        """Carry out ``message`` for the player in ``seat``; "" if done, else why not."""
        async with self.lock:
            game = self.game
            if seat is None:
                return "spectators cannot act"
            if game.outcome is not None:
                return "the game is over"
            if game.seat != seat:
                return f"it is {self.names[game.seat]}'s turn, not yours"
            action = protocol.to_action(message, game.view(seat))
            if isinstance(action, str):
                return action
            try:
                await self._apply(action, "")
            except IllegalActionError as error:
                return f"{action} is not allowed: {error}"
        self.wake_bots()
        return ""

    async def _apply(self, action: Action, explanation: str) -> None:
        """Apply ``action`` (the lock held), save the game and tell every socket."""
        game = self.game
        game.apply(action)  # raises before changing anything if illegal
        if explanation:
            self.explanations[len(game.events) - 1] = explanation
        try:
            await asyncio.to_thread(self._save)
        except Exception:
            self.explanations.pop(len(game.events) - 1, None)
            game.undo()  # what is not stored did not happen
            raise
        await self._broadcast()

    def _save(self) -> None:
        with self.database.session() as db:
            stored = db.get(GameRecord, self.game_id)
            assert stored is not None
            save(stored, self.game, self.explanations)
            db.commit()

    async def _broadcast(self) -> None:
        sent: dict[tuple[int | None, str], list[dict[str, Any]]] = {}
        for viewer in list(self.viewers):
            key = (viewer.seat, viewer.lang)
            if key not in sent:
                sent[key] = self.render(*key)
            await self._send(viewer, sent[key])

    async def _send(self, viewer: Viewer, messages: list[dict[str, Any]]) -> None:
        try:
            for message in messages:
                await viewer.socket.send_json(message)
        except Exception:  # a socket that closed: it is forgotten, the game goes on
            self.leave(viewer)

    # ------------------------------------------------------------------ bots

    def wake_bots(self) -> None:
        """Let the bots play while one of them is on turn (once: a running task carries on)."""
        running = self.bot_task is not None and not self.bot_task.done()
        if not running and self.game.outcome is None and self.game.seat in self.bots:
            self.bot_task = asyncio.create_task(self._play_bots())

    async def _play_bots(self) -> None:
        while True:
            await asyncio.sleep(self.bot_delay)
            async with self.lock:
                game = self.game
                bot = self.bots.get(game.seat)
                if game.outcome is not None or bot is None:
                    return
                try:
                    await self._bot_turn(bot)
                except Exception:
                    log.exception(
                        "the stand-in for seat %d of game %d failed", bot.seat, self.game_id
                    )
                    return

    async def _bot_turn(self, bot: Bot) -> None:
        """``bot`` acts on its own view; if it fails (raises, or chooses an illegal action) a
        basic bot stands in for this turn, so that one faulty bot never stalls a table."""
        game = self.game
        try:
            action = bot.act(game.view(bot.seat))
            game.copy().apply(action)
            explanation = bot.explain()
        except Exception:
            log.exception("bot %s in seat %d of game %d failed", bot.name, bot.seat, self.game_id)
            stand_in = make_bot(STAND_IN, bot.seat, game.variant)
            action = stand_in.act(game.view(bot.seat))
            explanation = f"({bot.name} failed; a {STAND_IN} bot stood in) {stand_in.explain()}"
        await self._apply(action, explanation)

    async def close(self) -> None:
        if self.bot_task is not None:
            self.bot_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.bot_task


class Rooms:
    """Every room of one app, made when its table is first visited."""

    def __init__(self, database: Database, bot_delay: float) -> None:
        self.database = database
        self.bot_delay = bot_delay
        self.rooms: dict[int, Room] = {}
        self.lock = asyncio.Lock()

    async def room(self, table_id: int) -> Room:
        """The room of table ``table_id``, its game rebuilt from the database if need be."""
        async with self.lock:
            room = self.rooms.get(table_id)
            if room is None:
                room = await asyncio.to_thread(self._load, table_id)
                self.rooms[table_id] = room
            return room

    def _load(self, table_id: int) -> Room:
        with self.database.session() as db:
            stored = db.scalar(
                select(GameRecord)
                .where(GameRecord.table_id == table_id)
                .order_by(GameRecord.id.desc())
                .limit(1)
            )
            if stored is None:
                raise RefusedError(f"Table {table_id} has no game yet.", 404)
            game = rebuild(stored)
            players = stored.players
            return Room(
                game_id=stored.id,
                game=game,
                names=[player.name for player in players],
                users={p.seat: p.user_id for p in players if p.user_id is not None},
                bots={
                    p.seat: make_bot(p.bot, p.seat, game.variant, stored.seed + p.seat)
                    for p in players
                    if p.bot is not None
                },
                database=self.database,
                bot_delay=self.bot_delay,
                explanations=explanations(stored),
            )

    async def close(self) -> None:
        for room in self.rooms.values():
            await room.close()
        self.rooms.clear()
