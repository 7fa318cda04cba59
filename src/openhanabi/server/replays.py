"""Finished games after the fact: their replays with every card shown, their records to take
away, records brought in from elsewhere, and each player's history.

Who may see what: a replay shows every hand, so a game still being played has none (its
players would learn their own cards); a finished game's replay and record are for everyone. An
imported game was never played here, so it is always open.

A replay is a list of frames: frame ``n`` is the game after its first ``n`` actions, rendered by
:func:`~openhanabi.server.protocol.render_state` as a spectator sees it, but with every hand
shown.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Select, select, update
from sqlalchemy.orm import Session, selectinload

from openhanabi.bench.review import same_move
from openhanabi.bots import BESIDE_PEOPLE, make_bot
from openhanabi.records import Record, RecordError, json_parts, replay, replay_states
from openhanabi.rules import ActionType, Game, Variant
from openhanabi.server import protocol, reasons
from openhanabi.server.attempts import refuse
from openhanabi.server.errors import Problem, RefusedError, TooManyAttemptsError
from openhanabi.server.forms import MOST_HAND_SIZE, MOST_TOKENS, shows_something
from openhanabi.server.games import SEED_BITS, explanations
from openhanabi.server.i18n import Translator, one_or_many
from openhanabi.server.models import GamePlayer, GameRecord, GameSource, User, now

MAX_RECORD_BYTES = 1024 * 1024  # an imported record; a real game's is a few kilobytes
HISTORY_PAGE = 50  # games per page of a history
NAME_LENGTH = 40  # GamePlayer.name
GAME_OVER = ActionType.GAME_OVER  # a record's action that stops the table: no seat's move


def find_game(db: Session, game_id: int) -> GameRecord:
    """Game ``game_id``, played or imported; refused (404) if there is none."""
    stored = db.get(GameRecord, game_id)
    if stored is None:
        raise RefusedError("replay.refused.no_game", 404, game=game_id)
    return stored


def open_game(db: Session, game_id: int) -> GameRecord:
    """Game ``game_id`` if its replay may be watched: refused while it is being played."""
    stored = find_game(db, game_id)
    if stored.source is not GameSource.IMPORT and stored.finished_at is None:
        raise RefusedError("replay.refused.running", 403, game=game_id)
    return stored


# ---------------------------------------------------------------------- replays


def frame(game: Game, names: list[str], explained: dict[int, str], t: Translator) -> dict[str, Any]:
    """``game`` as it stands, every hand shown (and the log up to now)."""
    every = {order: game.card(order) for hand in game.hands for order in hand}
    return protocol.render_state(game.view(0), names, explained, spectator_cards=every, t=t)


def frames(stored: GameRecord, t: Translator) -> dict[str, Any]:
    """The whole replay of ``stored``: ``frames[n]`` after ``n`` actions, each without its log
    (the log of the last frame, ``log``, holds every line: frame ``n``'s is its first ``n``),
    and ``game_over`` when the game has ended."""
    record = Record.from_dict(stored.record)
    names = player_names(stored, record, t)
    explained = explanations_in(stored, record, t)
    shown = []
    game: Game | None = None
    for game in replay_states(record, copies=False):
        state = frame(game, names, explained, t)
        log = state.pop("log")
        shown.append(state)
    assert game is not None  # there is always the state before the first action
    over = protocol.render_game_over(game.view(0), t) if game.outcome is not None else None
    return {
        "game": stored.id,
        "log": log + stops(record, log, t),
        "frames": shown,
        "game_over": over,
    }


def stops(record: Record, log: list[dict[str, Any]], t: Translator) -> list[dict[str, Any]]:
    """The log's lines for the actions that are no event: a record's last action may stop the
    game (hanab.live's game-over action), which the rules keep no event of."""
    return [
        {"seat": action.target, "text": t("replay.stopped"), "explanation": ""}
        for action in record.actions[len(log) :]
    ]


def frame_after(stored: GameRecord, actions: int, t: Translator) -> dict[str, Any]:
    """Frame ``actions`` of the replay of ``stored``, with its log."""
    record = Record.from_dict(stored.record)
    if not 0 <= actions <= len(record.actions):
        raise RefusedError("replay.refused.no_turn", 404, turn=actions, last=len(record.actions))
    shortened = dataclasses.replace(record, actions=record.actions[:actions])
    explained = explanations_in(stored, record, t)
    return frame(replay(shortened), player_names(stored, record, t), explained, t)


def advice(stored: GameRecord, move: int, t: Translator) -> dict[str, Any]:
    """What the bot that plays beside people would have done instead of action ``move`` of
    ``stored``, in the seat that made it and from that seat's view alone (a bot made afresh,
    which reads the game so far from the log), said in the language of ``t``; and whether it
    is the move the game made."""
    record = Record.from_dict(stored.record)
    moves = [i for i, action in enumerate(record.actions) if action.type is not GAME_OVER]
    if not moves:  # a record of no move at all
        raise RefusedError("replay.refused.no_moves", 404)
    if move not in moves:
        raise RefusedError("replay.refused.no_move", 404, turn=move, last=moves[-1])
    game = replay(dataclasses.replace(record, actions=record.actions[:move]))
    seat = game.seat
    adviser = make_bot(BESIDE_PEOPLE, seat, game.variant, seed=move)
    suggested = adviser.act(game.view(seat))
    names = protocol.distinct_names(player_names(stored, record, t), t)
    text = reasons.sentence(adviser.reason(), adviser.explain(), record.variant, t, names)
    return {
        "turn": move,
        "bot": BESIDE_PEOPLE,
        "player": names[seat],
        "text": text,
        "same": same_move(record.actions[move], suggested),
    }


def player_names(stored: GameRecord, record: Record, t: Translator) -> list[str]:
    """The players of ``stored`` (whose record is ``record``) named in the language of ``t``:
    the record keeps a bot's seat in English."""
    bots = {player.seat: player.bot for player in stored.players if player.bot is not None}
    return protocol.seat_names(list(record.players), bots, t)


def explanations_in(stored: GameRecord, record: Record, t: Translator) -> dict[int, str]:
    """The bots' explanations of ``stored`` (whose record is ``record``) in the language of
    ``t``, by action index, the players named as the log names them: each bot's reason said in
    it where it was stored, else the English sentence."""
    said = {int(index): reason for index, reason in (stored.reasons or {}).items()}
    names = protocol.distinct_names(player_names(stored, record, t), t)
    return reasons.explained(explanations(stored), said, record.variant, t, names)


@dataclass(frozen=True)
class Summary:
    """What a replay's page says of its game before the first frame."""

    variant: Variant
    players: list[str]
    actions: int
    score: int | None
    verdict: str
    imported: bool


def summary(stored: GameRecord, t: Translator) -> Summary:
    """The summary of ``stored``, its verdict in the language of ``t``."""
    record = Record.from_dict(stored.record)
    score = stored.score
    return Summary(
        variant=record.variant,
        players=player_names(stored, record, t),
        actions=len(record.actions),
        score=score,
        verdict=_verdict(record, score, t),
        imported=stored.source is GameSource.IMPORT,
    )


def _verdict(record: Record, score: int | None, t: Translator) -> str:
    """What the rulebook says of a game's score: nothing before its end, nor for a game a
    player stopped before its end (its game-over action), which has no score."""
    if score is None or (record.actions and record.actions[-1].type is GAME_OVER):
        return ""
    return protocol.verdict(score, record.variant, t)


def export(stored: GameRecord) -> dict[str, Any]:
    """The record of ``stored`` as JSON (hanab.live's form, extended for every variant)."""
    return Record.from_dict(stored.record).to_dict()


# ---------------------------------------------------------------------- imports


def read_record(data: bytes) -> tuple[Record, Game]:
    """The record in ``data`` and its game replayed to the end; raises :class:`RecordError`
    (naming the field or the action at fault) if either cannot be done."""
    if len(data) > MAX_RECORD_BYTES:
        kib = MAX_RECORD_BYTES // 1024
        raise RecordError(
            f"the record is larger than {kib} KiB", reason="too_large", params={"kib": kib}
        )
    if not data.strip():
        raise RecordError("the record is empty", reason="empty")
    record = Record.from_json(data)
    document = record.to_dict()
    unstorable = _unstorable(document)
    if unstorable is not None:
        raise unstorable
    for seat, name in enumerate(record.players):
        if not name.isprintable():  # a text direction mark would turn the page's text around
            raise RecordError.at(
                f"players[{seat}]",
                "holds a character that is not shown (such as a text direction mark)",
                "unshown_character",
            )
        if not shows_something(name):  # the replay and the history would show no one there
            raise RecordError.at(
                f"players[{seat}]",
                "is blank: a player needs a name with a letter, digit or sign one sees",
                "blank_name",
            )
        if len(name) > NAME_LENGTH:  # a seat's name as a table's form allows it
            raise RecordError.at(
                f"players[{seat}]",
                f"is longer than {NAME_LENGTH} characters",
                "name_too_long",
                most=NAME_LENGTH,
            )
    # a game's options within what a new table's form allows: every frame of a replay is sent
    # at once, and a game with a billion clue tokens could be as long as a record allows
    variant = record.variant
    for option, value, most in (
        ("handSize", variant.hand_size, MOST_HAND_SIZE),
        ("clueTokens", variant.clue_tokens, MOST_TOKENS),
        ("storms", variant.storms, MOST_TOKENS),
    ):
        if value > most:
            raise RecordError.at(
                f"options.{option}", f"is {value}, more than {most}", "option_too_large", most=most
            )
    # the game is stored as ``document``, which its replay and its player's imports read back
    # (a hanab.live record's number "seed", not read there, is read as the seed in this form)
    Record.from_dict(document)
    return record, replay(record)


def record_problem(error: RecordError, t: Translator) -> str:
    """What is wrong with an imported record, in the language of ``t``: the text of its
    reason code (``replay.import.error.<reason>``, its form for one thing where ``count`` is
    1), the JSON kinds, the hanab.live option refused and the rule broken in the same
    language; the English message where a code has no text here.

    An action is named by its move, counted from 1 as the replay counts them, and by its
    place in the record's ``actions``. The rule it breaks (``illegal``) is said as a player
    breaking it is told (``problem.illegal.<rule>``), or in the import's own words
    (``replay.import.illegal.<rule>``) where a player is told of it as "you"; the rule a
    record's options break (``rules``) as the new-table form says it (``rules.<rule>``), or in
    the import's own words (``replay.import.rule.<rule>``) for a rule that form cannot break."""
    params = dict(error.params)
    params.setdefault("problem", error.problem)
    try:
        for name in ("expected", "found"):
            if name in params:
                params[name] = t.texts[f"replay.import.kind.{params[name]}"]
        given = params.pop("rule_params", None)
        rule_params: dict[str, object] = given if isinstance(given, dict) else {}
        index = params.get("index")
        if isinstance(index, int):  # the replay counts moves from 1
            params["move"] = index + 1
        if error.reason == "illegal":
            own = t.texts.get(f"replay.import.illegal.{params['rule']}")
            if own is not None:  # a rule a player is told of as "you", said of the record
                params["rule"] = own.format(**rule_params)
            else:  # the words a player breaking it is told
                broken = Problem(f"illegal.{params['rule']}", rule_params, english=error.problem)
                params["rule"] = broken.text(t)
        elif error.reason == "rules":
            rule = params["rule"]
            said = t.texts.get(f"rules.{rule}") or t.texts[f"replay.import.rule.{rule}"]
            params["rule"] = said.format(**rule_params)
        elif error.reason == "unsupported_option":
            params["what"] = t.texts[f"replay.import.option.{params['option']}"]
        key = one_or_many(t.texts, f"replay.import.error.{error.reason}", params.get("count"))
        return t.texts[key].format(**params)
    except (KeyError, IndexError, ValueError):
        return str(error)  # a fault this version has no words for


def _unstorable(value: object) -> RecordError | None:
    """The error naming what in a parsed JSON value the database cannot store (PostgreSQL's
    text and JSONB refuse a NUL character; a record refuses a number that is not finite
    itself), or None."""
    if any(isinstance(item, str) and "\0" in item for item in json_parts(value)):
        return RecordError(
            "the record holds a NUL character (\\u0000), which cannot be stored",
            reason="unstorable_nul",
        )
    return None


IMPORT_WINDOW = timedelta(hours=1)


def check_import_quota(
    db: Session, user: User, allowed: int, moment: datetime | None = None
) -> None:
    """Refuse (429) an import by ``user`` past the ``allowed`` ones of the last hour, saying
    when the next one may be made: each import replays and stores a whole game."""
    moment = moment or now()
    recent = db.scalars(
        select(GameRecord.started_at)
        .where(
            GameRecord.imported_by == user.id,
            GameRecord.source == GameSource.IMPORT,
            GameRecord.started_at > moment - IMPORT_WINDOW,
        )
        .order_by(GameRecord.started_at)
        .limit(allowed)
    ).all()
    if len(recent) < allowed:
        return
    # the next import may be made once the oldest one counted is out of the window
    refuse(
        recent[0],
        IMPORT_WINDOW,
        moment,
        ("replay.import.quota_one", "replay.import.quota"),
        count=allowed,
    )


def import_record(
    db: Session, user: User, record: Record, game: Game, allowed: int | None = None
) -> GameRecord:
    """Store ``record`` (whose replay is ``game``) as a game imported by ``user``, if ``user``
    still has one of the ``allowed`` imports of the hour left (:func:`check_import_quota`).

    The count and the new row go in one transaction that first writes the user's own row: two
    imports by the same account at the same instant then take turns (the second waits for the
    first's commit and counts it), on SQLite, where a write locks the database, as on
    PostgreSQL, where it locks the row; ``SELECT ... FOR UPDATE`` would lock nothing on SQLite."""
    if allowed is not None:
        db.execute(update(User).where(User.id == user.id).values(id=User.id))
        try:
            check_import_quota(db, user, allowed)
        except TooManyAttemptsError:
            db.rollback()
            raise
    players = [
        GamePlayer(seat=seat, name=name[:NAME_LENGTH] or "?")
        for seat, name in enumerate(record.players)
    ]
    stored = GameRecord(
        table=None,
        seed=record.seed if record.seed is not None and 0 <= record.seed < 2**SEED_BITS else 0,
        record=record.to_dict(),
        players=players,
        source=GameSource.IMPORT,
        imported_by=user.id,
        explanations={},
    )
    if game.outcome is not None:
        stored.score = game.outcome.score
        stored.finished_at = now()
    db.add(stored)
    db.commit()
    return stored


# ---------------------------------------------------------------------- history


@dataclass(frozen=True)
class ListedGame:
    """One line of a player's history, or of the games they imported."""

    game_id: int
    at: datetime  # when it finished (imported: when it was imported)
    variant: Variant
    players: list[str]
    score: int | None  # None: an imported record that stops before the end
    verdict: str


def history(db: Session, user_id: int, page: int, t: Translator) -> tuple[list[ListedGame], bool]:
    """Page ``page`` (1 first) of the finished games ``user_id`` played, newest first, and
    whether there is a next page."""
    query = (
        select(GameRecord)
        .join(GamePlayer, GamePlayer.game_id == GameRecord.id)
        .where(GamePlayer.user_id == user_id, GameRecord.finished_at.is_not(None))
        .order_by(GameRecord.finished_at.desc(), GameRecord.id.desc())
    )
    return _listed(db, query, page, t)


def imports(db: Session, user_id: int, page: int, t: Translator) -> tuple[list[ListedGame], bool]:
    """Page ``page`` of the games ``user_id`` imported, the last imported first."""
    query = (
        select(GameRecord)
        .where(GameRecord.imported_by == user_id, GameRecord.source == GameSource.IMPORT)
        .order_by(GameRecord.started_at.desc(), GameRecord.id.desc())
    )
    return _listed(db, query, page, t)


def _listed(
    db: Session, query: Select[GameRecord], page: int, t: Translator
) -> tuple[list[ListedGame], bool]:
    paged = (
        query.offset((page - 1) * HISTORY_PAGE)
        .limit(HISTORY_PAGE + 1)
        .options(selectinload(GameRecord.players))
    )
    found = list(db.scalars(paged))
    lines = []
    for stored in found[:HISTORY_PAGE]:
        record = Record.from_dict(stored.record)
        variant = record.variant
        score = stored.score
        imported = stored.source is GameSource.IMPORT  # started_at: when it was imported
        lines.append(
            ListedGame(
                game_id=stored.id,
                at=stored.started_at if imported else stored.finished_at or stored.started_at,
                variant=variant,
                players=[
                    t("site.bot_seat", bot=player.bot) if player.bot else player.name
                    for player in stored.players
                ],
                score=score,
                verdict=_verdict(record, score, t),
            )
        )
    return lines, len(found) > HISTORY_PAGE
