"""Rooms: one in memory for each table whose game is being watched or played.

A room holds the game rebuilt from its stored record, the sockets watching it (each with its seat,
or none for a spectator) and the table's bots. Every action, a player's or a bot's, goes through
:meth:`Room.act`: under the room's lock it is applied by the rules, saved (the record is the
game: a restarted server rebuilds it where it was) and sent to every socket rendered for its
viewer, as a delta from the last state that socket was sent (:mod:`~openhanabi.server.frames`).
After each action, while a bot is on turn, the bot acts on its own view after
``Settings.bot_delay_seconds``, and its one-sentence explanation joins the log.

An action the database cannot store did not happen: the game is as it was before it, a player
is told so and may make it again, and a bot makes it again a few seconds later.

The saves of all rooms go through one :class:`~openhanabi.server.writer.Writer`, which commits
the actions of many tables together. A room that nobody watches any more, and whose bots are not
playing, is dropped from memory: its game is its record, rebuilt when someone comes back.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, Protocol

from sqlalchemy import select

from openhanabi.bots import BESIDE_PEOPLE, Bot, make_bot, seat_seed
from openhanabi.bots.explanation import Reason
from openhanabi.bots.table import BOT_FAILURES, legal
from openhanabi.rules import Action, Game, IllegalActionError, SeatView
from openhanabi.server import frames, protocol, reasons
from openhanabi.server.db import Database
from openhanabi.server.errors import Problem, RefusedError
from openhanabi.server.games import LiveRecord, explanations, rebuild
from openhanabi.server.i18n import DEFAULT, Translator, translator
from openhanabi.server.models import GameRecord, GameTable, TableState, now
from openhanabi.server.thinking import BotThreads
from openhanabi.server.writer import Saving, Writer

log = logging.getLogger(__name__)
STAND_IN = "basic"  # plays a turn for a bot that failed
# a bot's move the database could not store is made again after 1, 2, 3 ... seconds, this many
# times; past that, the bots wait for the next player to open the game or ping its socket
BOT_TURN_TRIES = 5
# a bot's move that takes longer than this is the stand-in's, as is every later move of that
# bot's seat in the game: its move is told to stop, but may still be working on it
BOT_SECONDS = 30.0
# the threads the bots of every table think in at once, apart from those that load and store
# games; a bot that hangs has its thread replaced (:mod:`~openhanabi.server.thinking`)
BOT_THREADS = 4
# the frames a viewer may have waiting to be sent: one that reads none of so many (a browser
# that stopped reading, on purpose or not) is dropped, and its browser comes back for the game
# as it stands, as after any lost connection; a room never waits for one viewer's socket
OUTBOX_FRAMES = 256
TRY_AGAIN_LATER = 1013  # the close code of a dropped viewer: its browser reconnects


class NotStoredError(Exception):
    """An action the database could not store, and which was therefore undone."""


class Socket(Protocol):
    """What a room needs of a connection: sending it a message's JSON text."""

    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int, reason: str) -> None: ...


@dataclass(eq=False)
class Viewer:
    """One connection to a room: its socket, its seat (None: a spectator), its language, and
    the last state it was sent with that frame's number (the next is a delta from it)."""

    socket: Socket
    seat: int | None
    lang: str = DEFAULT
    sent: dict[str, Any] | None = None
    seq: int = -1
    # the frames on their way to the socket, sent in order by ``sender``
    outbox: asyncio.Queue[str] = field(default_factory=lambda: asyncio.Queue(OUTBOX_FRAMES))
    sender: asyncio.Task[None] | None = None
    closing: asyncio.Task[None] | None = None  # the close of a viewer dropped for its slowness


@dataclass(frozen=True)
class Suggested:
    """The conventions bot's suggestion for the state after ``actions`` actions."""

    actions: int
    action: Action
    reason: Reason | None
    english: str  # the bot's own sentence, said where its reason cannot be


@dataclass
class Room:
    """The live game of one table."""

    game_id: int
    game: Game
    names: list[str]  # as the record keeps them (a bot's seat in English)
    users: dict[int, int]  # seat -> user id
    bots: dict[int, Bot]
    bot_kinds: dict[int, str]  # seat -> the name of its bot, for the seat's name in each language
    writer: Writer
    bot_delay: float
    bot_threads: BotThreads  # where bots think
    record: LiveRecord  # the game's record as stored, kept up to date by each save
    viewers: set[Viewer] = field(default_factory=set)
    explanations: dict[int, str] = field(default_factory=dict)  # event index -> why
    reasons: dict[int, dict[str, Any]] = field(default_factory=dict)  # the same, as data
    said: dict[str, dict[int, str]] = field(default_factory=dict)  # lang -> explanations in it
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task[None] | None = None
    memo: protocol.Memo = field(default_factory=protocol.Memo)  # made once, sent in every state
    views: dict[int, SeatView] = field(default_factory=dict)  # the game's views now, by seat
    # sockets given this room that have not joined it yet: it stays in memory for them
    arriving: int = 0
    on_idle: Callable[[Room], None] | None = None  # called when nobody needs the room
    suggested: Suggested | None = None  # the last suggestion made, for the turn it was made on

    def seat_of(self, user_id: int | None) -> int | None:
        """The seat of ``user_id`` at this game, None for a spectator."""
        return next((seat for seat, user in self.users.items() if user == user_id), None)

    def view(self, seat: int) -> SeatView:
        """The game as ``seat`` sees it now, made once per action (each viewer's state and the
        next player's message read it; a bot is given a view of its own)."""
        view = self.views.get(seat)
        if view is None:
            view = self.views[seat] = self.game.view(seat)
        return view

    def names_in(self, t: Translator) -> list[str]:
        """The players' names in the language of ``t``."""
        return protocol.seat_names(self.names, self.bot_kinds, t)

    def render(self, seat: int | None, lang: str = DEFAULT) -> list[dict[str, Any]]:
        """What a viewer in ``seat`` (None: a spectator) is sent after each change, in ``lang``."""
        game = self.game
        t = translator(lang)
        if seat is None:
            view = self.view(0)
            own = {order: game.card(order) for order in game.hands[0]}
            state = protocol.render_state(
                view, self.names_in(t), self.explained(t), spectator_cards=own, t=t, memo=self.memo
            )
        else:
            view = self.view(seat)
            # a seated player is shown no explanation before the end (render_state)
            told = self.explained(t) if game.outcome is not None else self.explanations
            state = protocol.render_state(view, self.names_in(t), told, t=t, memo=self.memo)
        if game.outcome is None:
            return [state]
        return [state, protocol.render_game_over(view, t)]

    async def join(self, socket: Socket, seat: int | None, lang: str = DEFAULT) -> Viewer:
        """Add ``socket`` (for ``seat``, speaking ``lang``) and send it the game as it stands."""
        viewer = Viewer(socket, seat, lang)
        viewer.sender = asyncio.create_task(self._deliver(viewer))
        self.arriving = max(0, self.arriving - 1)
        async with self.lock:
            self.viewers.add(viewer)
            await self._send(viewer, self.render(seat, lang))
        self.wake_bots()
        return viewer

    def leave(self, viewer: Viewer) -> None:
        self.viewers.discard(viewer)
        if viewer.sender is not None:
            viewer.sender.cancel()
        self._check_idle()

    @property
    def idle(self) -> bool:
        """Nobody watches or is about to, no action is under way and no bot is playing."""
        playing = self.bot_task is not None and not self.bot_task.done()
        return not (self.viewers or self.arriving or self.lock.locked() or playing)

    def _check_idle(self) -> None:
        if self.on_idle is not None and self.idle:
            self.on_idle(self)

    async def receive(self, viewer: Viewer, text: str | bytes) -> None:
        """Handle one message from ``viewer``: an action, a ping, or an error in return."""
        message = protocol.parse_message(text)
        if isinstance(message, protocol.ProtocolError):
            await self.tell(viewer, message)
            return
        if isinstance(message, protocol.PingMessage):
            await self._send(viewer, [{"type": "pong"}])
            # a bot that gave up storing its move (the database away for long) tries again: the
            # pages ping every few seconds, while nobody opens the game to wake it otherwise
            self.wake_bots()
            return
        if isinstance(message, protocol.SyncMessage):
            async with self.lock:  # between two actions' frames
                await self._send(viewer, self.render(viewer.seat, viewer.lang), whole=True)
            return
        if isinstance(message, protocol.SuggestMessage):
            answer = await self.suggestion(viewer.seat, translator(viewer.lang))
            if isinstance(answer, Problem):
                await self.tell(viewer, answer)
            else:
                await self._send(viewer, [answer])
            return
        if isinstance(message, protocol.StopMessage):
            problem = await self.stop_for(viewer.seat)
        else:
            problem = await self.act_for(viewer.seat, message)
        if problem is not None:
            await self.tell(viewer, problem)

    async def tell(self, viewer: Viewer, problem: Problem) -> None:
        """Tell ``viewer`` why its message was not carried out, in its language (after the
        frames it was sent before)."""
        await self._send(viewer, [protocol.error(problem, translator(viewer.lang))])

    async def act_for(self, seat: int | None, message: protocol.ClientMessage) -> Problem | None:
        """Carry out ``message`` for the player in ``seat``; None if done, else why not."""
        async with self.lock:
            refused = self._off_turn(seat)
            if refused is not None:
                return refused
            assert seat is not None
            action = protocol.to_action(message, self.view(seat))
            if isinstance(action, Problem):
                return action
            try:
                await self._apply(action, "")
            except IllegalActionError as error:
                return Problem(f"illegal.{error.reason}", error.params, (), str(error))
            except NotStoredError:
                # _apply has undone the move, which may be made again
                log.exception("a move in game %d could not be stored", self.game_id)
                return Problem("not_stored")
        self.wake_bots()
        self._check_idle()  # the last viewer may have left while the action was stored
        return None

    async def stop_for(self, seat: int | None) -> Problem | None:
        """End the game with no score for the player in ``seat``, at any turn (a player who
        waits on one gone for good has nobody else to ask); None if done, else why not."""
        async with self.lock:
            game = self.game
            if seat is None:
                return Problem("spectator")
            if game.outcome is not None:
                return Problem("game_over")
            problem = await self._abandon(f"{self.names[seat]} stopped the game")
        self._check_idle()
        return problem

    async def forsake(self, detail: str) -> bool:
        """End the game with no score, as nobody has moved in it for long (see
        :meth:`Rooms.end_forsaken`), unless it is over or a player is watching it: True if
        it ended."""
        async with self.lock:
            # a socket on its way in (``arriving`` counts the sweep's own visit too) may be a
            # player's: the game waits for the next sweep
            coming = self.arriving > 1 or any(v.seat is not None for v in self.viewers)
            if self.game.outcome is not None or coming:
                return False
            return await self._abandon(detail) is None

    async def _abandon(self, detail: str) -> Problem | None:
        """End the game with no score (the lock held), store it and tell every socket; None if
        done, else why not."""
        self.game.abandon(detail)
        self.views.clear()
        try:
            await self.writer.save(Saving(self.game_id, self._row(), finishes=True))
        except Exception:
            self.game.outcome = None  # what is not stored did not happen
            self.views.clear()
            log.exception("the end of game %d could not be stored", self.game_id)
            return Problem("not_stored")
        await self._broadcast()
        return None

    def _off_turn(self, seat: int | None) -> Problem | None:
        """Why the viewer in ``seat`` (None: a spectator) may not act now, None if they may."""
        game = self.game
        if seat is None:
            return Problem("spectator")
        if game.outcome is not None:
            return Problem("game_over")
        if game.seat != seat:
            return Problem("not_your_turn", {"player": self.names[game.seat]})
        return None

    def alone_with_bots(self, seat: int) -> bool:
        """Whether every seat but ``seat`` is a bot's: nobody else at the table plays."""
        return all(other == seat for other in self.users)

    async def suggestion(self, seat: int | None, t: Translator) -> dict[str, Any] | Problem:
        """What the bot that plays beside people would do now in ``seat``, on turn at a table
        where every other seat is a bot's (with other people it would be advice they do not
        get): a bot made afresh in that seat, given that seat's view alone, its reason said in
        the language of ``t``. The game waits meanwhile (the lock is held), so the answer is
        for the state it names by its count of ``actions``."""
        async with self.lock:
            refused = self._off_turn(seat)
            if refused is not None:
                return refused
            assert seat is not None
            if not self.alone_with_bots(seat):
                return Problem("suggest_with_people")
            game = self.game
            actions = len(game.events)
            found = self.suggested
            if found is None or found.actions != actions:
                # worked out once a turn, however often it is asked
                adviser = make_bot(BESIDE_PEOPLE, seat, game.variant, seed=actions)
                # in a worker thread, as the bots' own turns: other tables must not wait for it
                action = await asyncio.to_thread(adviser.act, self.view(seat))
                found = Suggested(actions, action, adviser.reason(), adviser.explain())
                self.suggested = found
            names = protocol.distinct_names(self.names_in(t), t)
            return {
                "type": "suggestion",
                "actions": actions,
                "bot": BESIDE_PEOPLE,
                "text": reasons.sentence(found.reason, found.english, game.variant, t, names),
                "move": protocol.message_of(found.action, game.variant),
            }

    def explained(self, t: Translator) -> dict[int, str]:
        """The explanations in the language of ``t`` (each said once, kept in ``said``)."""
        said = self.said.setdefault(t.lang, {})
        names = protocol.distinct_names(self.names_in(t), t)
        return reasons.explained(self.explanations, self.reasons, self.game.variant, t, names, said)

    async def _apply(self, action: Action, explanation: str, reason: Reason | None = None) -> None:
        """Apply ``action`` (the lock held), save the game and tell every socket."""
        game = self.game
        game.apply(action)  # raises before changing anything if illegal
        self.views.clear()
        index = len(game.events) - 1
        if explanation:
            self.explanations[index] = explanation
            if reason is not None:
                self.reasons[index] = reason.to_json()
        try:
            await self.writer.save(
                Saving(self.game_id, self._row(), finishes=game.outcome is not None)
            )
        except Exception as error:
            self.explanations.pop(index, None)
            self.reasons.pop(index, None)
            for said in self.said.values():
                said.pop(index, None)
            game.undo()  # what is not stored did not happen
            self.views.clear()
            raise NotStoredError(f"action {index} of game {self.game_id} was not stored") from error
        await self._broadcast()

    def _row(self) -> dict[str, Any]:
        """The values of the game's row that store the game as it stands."""
        row = self.record.row(self.game, self.explanations)
        if self.reasons:
            row["reasons"] = {str(at): data for at, data in self.reasons.items()}
        return row

    async def _broadcast(self) -> None:
        sent: dict[tuple[int | None, str], list[dict[str, Any]]] = {}
        for viewer in list(self.viewers):
            key = (viewer.seat, viewer.lang)
            if key not in sent:
                sent[key] = self.render(*key)
            await self._send(viewer, sent[key])

    async def _send(
        self, viewer: Viewer, messages: list[dict[str, Any]], whole: bool = False
    ) -> None:
        """Send ``messages`` to ``viewer``: a state as a delta from the last one it was sent
        (in full if it was sent none, or with ``whole``), anything else as it is."""
        if viewer not in self.viewers:
            return  # gone, or dropped: it will be sent the game as it stands if it comes back
        for message in messages:
            state = message["type"] == "state"
            text = frames.encode(_state_frame(viewer, message, whole) if state else message)
            try:
                viewer.outbox.put_nowait(text)
            except asyncio.QueueFull:
                self._drop(viewer)
                return

    async def _deliver(self, viewer: Viewer) -> None:
        """Send ``viewer``'s frames as they come, until it leaves."""
        while True:
            text = await viewer.outbox.get()
            try:
                await viewer.socket.send_text(text)
            except Exception:  # a socket that closed: it is forgotten, the game goes on
                self.leave(viewer)
                return

    def _drop(self, viewer: Viewer) -> None:
        """Forget ``viewer``, which has not read its last :data:`OUTBOX_FRAMES` frames, and
        close its socket (in a task of its own: a socket nobody reads may take a while)."""
        log.info("a viewer of game %d was dropped: it read none of its last frames", self.game_id)
        self.leave(viewer)
        viewer.closing = asyncio.create_task(_close(viewer.socket))

    # ------------------------------------------------------------------ bots

    def wake_bots(self) -> None:
        """Let the bots play while one of them is on turn (once: a running task carries on)."""
        running = self.bot_task is not None and not self.bot_task.done()
        if not running and self.game.outcome is None and self.game.seat in self.bots:
            self.bot_task = asyncio.create_task(self._play_bots())

    async def _play_bots(self) -> None:
        try:
            await self._bots_play()
        finally:
            asyncio.get_running_loop().call_soon(self._check_idle)  # once this task is done

    async def _bots_play(self) -> None:
        failures = 0
        while True:
            await asyncio.sleep(self.bot_delay + failures)
            async with self.lock:
                game = self.game
                bot = self.bots.get(game.seat)
                if game.outcome is not None or bot is None:
                    return
                actions = len(game.events)
                view = game.view(bot.seat)
            # the bot thinks without the lock: meanwhile a player who comes back is sent the
            # game, and a player may stop it (a bot may think for up to BOT_SECONDS); nobody
            # else may move on its turn, so only the game's end can come in between
            thought = await self._think(bot, view)
            async with self.lock:
                game = self.game
                if game.outcome is not None or len(game.events) != actions:
                    return  # the game ended while the bot thought: its move is not made
                try:
                    await self._bot_turn(bot, view, thought)
                    failures = 0
                except Exception:
                    # the move could not be stored (or the stand-in failed too): nothing changed
                    failures += 1
                    log.exception(
                        "the move of seat %d of game %d was not made (try %d of %d)",
                        bot.seat,
                        self.game_id,
                        failures,
                        BOT_TURN_TRIES,
                    )
                    if failures == BOT_TURN_TRIES:
                        return

    async def _think(self, bot: Bot, view: SeatView) -> object:
        """What ``bot`` chooses on ``view``, worked out in a worker thread (a bot that searches
        takes a good part of a second, and the other tables' messages must not wait for it), or
        what it raised. A bot that thinks too long gives its seat to the stand-in."""
        try:
            return await self.bot_threads.think(bot.act, view, BOT_SECONDS)
        except TimeoutError as error:
            self.bots[bot.seat] = make_bot(STAND_IN, bot.seat, self.game.variant)
            return error
        except BOT_FAILURES as error:
            return error

    async def _bot_turn(self, bot: Bot, view: SeatView, thought: object) -> None:
        """Make the move ``bot`` chose on ``view`` (the game as it still stands; the lock held);
        if it failed (raised, or chose an illegal action) a basic bot stands in for this turn,
        so that one faulty bot never stalls a table."""
        game = self.game
        try:
            if isinstance(thought, BaseException):
                raise thought
            action = legal(bot, thought, view, game)
            explanation = bot.explain()
            reason = bot.reason()
        except BOT_FAILURES:
            log.exception("bot %s in seat %d of game %d failed", bot.name, bot.seat, self.game_id)
            stand_in = make_bot(STAND_IN, bot.seat, game.variant)
            action = stand_in.act(game.view(bot.seat))
            explanation = f"({bot.name} failed; a {STAND_IN} bot stood in) {stand_in.explain()}"
            said = stand_in.reason()
            reason = None
            if said is not None:
                reason = Reason("stand_in", {"bot": bot.name, "stand_in": STAND_IN, "reason": said})
        await self._apply(action, explanation, reason)

    async def close(self) -> None:
        for viewer in list(self.viewers):
            if viewer.sender is not None:
                viewer.sender.cancel()
        if self.bot_task is not None:
            self.bot_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.bot_task


async def _close(socket: Socket) -> None:
    with contextlib.suppress(Exception):  # closed already, or the connection is gone
        await socket.close(TRY_AGAIN_LATER, "too slow to follow the game")


def _state_frame(viewer: Viewer, state: dict[str, Any], whole: bool) -> dict[str, Any]:
    """The frame that brings ``viewer`` to ``state``, numbered next; ``viewer`` has it then."""
    before, seq = viewer.sent, viewer.seq + 1
    viewer.sent, viewer.seq = state, seq
    if before is None or whole:
        return frames.full(state, seq)
    return frames.delta(before, state, seq)


class Rooms:
    """Every room of one app, made when its table is first visited."""

    def __init__(self, database: Database, bot_delay: float) -> None:
        self.database = database
        self.bot_delay = bot_delay
        self.writer = Writer(database)
        self.rooms: dict[int, Room] = {}
        self.lock = asyncio.Lock()
        self.bot_threads = BotThreads(BOT_THREADS)

    async def room(self, table_id: int) -> Room:
        """The room of table ``table_id``, its game rebuilt from the database if need be; the
        caller joins it (:meth:`Room.join`) next, and until then the room stays in memory."""
        async with self.lock:
            room = self.rooms.get(table_id)
            if room is None:
                room = await asyncio.to_thread(self._load, table_id)
                room.on_idle = functools.partial(self._drop, table_id)
                self.rooms[table_id] = room
            room.arriving += 1
            return room

    def players_here(self) -> set[int]:
        """The users with a game of theirs open (a socket in their seat): they are here, though
        they ask for no page while they play. Read from the routes' threads, so from copies."""
        return {
            room.users[viewer.seat]
            for room in list(self.rooms.values())
            for viewer in list(room.viewers)
            if viewer.seat in room.users
        }

    def _drop(self, table_id: int, room: Room) -> None:
        """Forget ``room``, which nobody needs any more (it is rebuilt if someone comes back)."""
        if self.rooms.get(table_id) is room:
            del self.rooms[table_id]

    def _load(self, table_id: int) -> Room:
        with self.database.session() as db:
            stored = db.scalar(
                select(GameRecord)
                .where(GameRecord.table_id == table_id)
                .order_by(GameRecord.id.desc())
                .limit(1)
            )
            if stored is None:
                raise RefusedError("problem.no_game_yet", 404, table=table_id)
            game = rebuild(stored)
            players = stored.players
            names = [player.name for player in players]
            return Room(
                game_id=stored.id,
                game=game,
                names=names,
                users={p.seat: p.user_id for p in players if p.user_id is not None},
                bot_kinds={p.seat: p.bot for p in players if p.bot is not None},
                bots={
                    p.seat: make_bot(p.bot, p.seat, game.variant, seat_seed(stored.seed, p.seat))
                    for p in players
                    if p.bot is not None
                },
                writer=self.writer,
                bot_delay=self.bot_delay,
                bot_threads=self.bot_threads,
                record=LiveRecord(game, names),
                explanations=explanations(stored),
                reasons={int(index): data for index, data in (stored.reasons or {}).items()},
            )

    async def end_forsaken(self, gone_after: timedelta) -> list[int]:
        """End, with no score, every game in play that nobody has moved in for ``gone_after``
        and that no player is watching: its table would stay in the lobby for ever. Returns
        the tables ended."""
        ended = []
        hours = gone_after.total_seconds() / 3600
        for table_id in await asyncio.to_thread(self._forsaken, gone_after):
            try:
                room = await self.room(table_id)
            except RefusedError:  # its game went away meanwhile
                continue
            except Exception:  # a game that cannot be rebuilt holds up no other table's end
                log.exception("the game of table %d could not be loaded to end it", table_id)
                continue
            try:
                if await room.forsake(f"nobody moved for {hours:g} hours"):
                    ended.append(table_id)
            finally:
                room.arriving = max(0, room.arriving - 1)  # it joins no socket
                room._check_idle()
        return ended

    def _forsaken(self, gone_after: timedelta) -> list[int]:
        with self.database.session() as db:
            return list(
                db.scalars(
                    select(GameRecord.table_id)
                    .join(GameTable, GameRecord.table_id == GameTable.id)
                    .where(
                        GameTable.state == TableState.PLAYING,
                        GameRecord.finished_at.is_(None),
                        GameRecord.moved_at < now() - gone_after,
                    )
                    .order_by(GameRecord.table_id)
                )
            )

    async def close(self) -> None:
        for room in list(self.rooms.values()):
            await room.close()
        self.rooms.clear()
        self.bot_threads.close()  # without waiting: a hung bot keeps nothing up
        await asyncio.to_thread(self.writer.close)
