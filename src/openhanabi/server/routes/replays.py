"""Replays of finished games, their records to download, importing a record, and each player's
history of games.

- ``GET /games/{id}/replay``: the replay page (``?turn=N``: after the first N actions);
- ``GET /games/{id}/replay.json``: every frame of the replay (``?turn=N``: only that one);
- ``GET /games/{id}/advice.json?turn=N``: what the bot that plays beside people would have done
  instead of action N, and why;
- ``GET /games/{id}/record.json``: the game's record, as a file;
- ``GET``/``POST /games/import``: a record, uploaded or pasted, becomes a game to replay;
- ``GET /users/{id}/history`` (``?page=N``), and ``GET /history`` for one's own;
- ``GET /users/{id}/imports`` (``?page=N``): the games a player imported.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile

from openhanabi.records import RecordError
from openhanabi.server import replays
from openhanabi.server.deps import (
    CsrfChecked,
    DbDep,
    Page,
    RowId,
    SettingsDep,
    UserDep,
    VisitorDep,
)
from openhanabi.server.errors import RefusedError
from openhanabi.server.i18n import Translator, language_of, translator
from openhanabi.server.middleware import MAX_IMPORT_BYTES
from openhanabi.server.models import User
from openhanabi.server.pages import redirect, render

router = APIRouter()

Turn = Annotated[int | None, Query(ge=0, le=10_000)]
Move = Annotated[int, Query(ge=0, le=10_000)]


def _texts(request: Request) -> Translator:
    return translator(language_of(request))


# ---------------------------------------------------------------------- replays


@router.get("/games/{game_id}/replay", response_class=HTMLResponse)
def replay_page(request: Request, game_id: RowId, db: DbDep, visitor: VisitorDep) -> HTMLResponse:
    stored = replays.open_game(db, game_id)
    t = _texts(request)
    return render(
        request,
        visitor,
        "replay.html",
        title="replay.title",
        title_params={"game": game_id},
        game=stored,
        summary=replays.summary(stored, t),
        texts=t.catalogue("replay"),
        board_texts=t.catalogue("game"),
    )


@router.get("/games/{game_id}/replay.json")
def replay_frames(request: Request, game_id: RowId, db: DbDep, turn: Turn = None) -> JSONResponse:
    """Every frame (``frames``, with the whole ``log`` once), or with ``turn`` that frame."""
    stored = replays.open_game(db, game_id)
    t = _texts(request)
    if turn is None:
        return JSONResponse(replays.frames(stored, t))
    return JSONResponse(replays.frame_after(stored, turn, t))


@router.get("/games/{game_id}/advice.json")
def replay_advice(request: Request, game_id: RowId, db: DbDep, turn: Move) -> JSONResponse:
    """What the bot that plays beside people would have done instead of action ``turn``."""
    stored = replays.open_game(db, game_id)
    return JSONResponse(replays.advice(stored, turn, _texts(request)))


@router.get("/games/{game_id}/record.json")
def record_file(game_id: RowId, db: DbDep) -> JSONResponse:
    stored = replays.open_game(db, game_id)
    download = f'attachment; filename="openhanabi-game-{game_id}.json"'
    return JSONResponse(replays.export(stored), headers={"Content-Disposition": download})


# ---------------------------------------------------------------------- imports


async def _small_enough(request: Request) -> None:
    """Refuse an import larger than the limit before reading it, then read the form (so that
    the CSRF check finds it read, with room for the record in a pasted field)."""
    limit = MAX_IMPORT_BYTES
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > limit:
        raise RefusedError("replay.import.too_large", 413, kib=replays.MAX_RECORD_BYTES // 1024)
    await request.form(max_files=1, max_fields=8, max_part_size=limit)


@router.get("/games/import", response_class=HTMLResponse)
def import_page(request: Request, visitor: VisitorDep, user: UserDep) -> HTMLResponse:
    return _import_form(request, visitor)


@router.post(
    "/games/import", dependencies=[Depends(_small_enough), CsrfChecked], response_model=None
)
async def import_game(
    request: Request, db: DbDep, visitor: VisitorDep, user: UserDep, settings: SettingsDep
) -> HTMLResponse | RedirectResponse:
    # refused here before the record is read and replayed, and again as it is stored
    await run_in_threadpool(replays.check_import_quota, db, user, settings.imports_per_hour)
    form = await request.form()
    upload, pasted = form.get("record"), form.get("text")
    data = b""
    if isinstance(upload, UploadFile):
        data = await upload.read(replays.MAX_RECORD_BYTES + 1)
    if not data.strip() and isinstance(pasted, str):
        data = pasted.encode()
    t = _texts(request)
    try:
        record, game = await run_in_threadpool(replays.read_record, data)
    except RecordError as error:
        message = t("replay.import.invalid", problem=replays.record_problem(error, t))
        text = pasted if isinstance(pasted, str) else ""
        return _import_form(request, visitor, message, text)
    stored = await run_in_threadpool(
        replays.import_record, db, user, record, game, settings.imports_per_hour
    )
    return redirect(f"/games/{stored.id}/replay")


def _import_form(
    request: Request, visitor: VisitorDep, error: str = "", text: str = ""
) -> HTMLResponse:
    return render(
        request,
        visitor,
        "import.html",
        422 if error else 200,
        title="replay.import.title",
        error=error,
        text=text,
        kib=replays.MAX_RECORD_BYTES // 1024,
    )


# ---------------------------------------------------------------------- history


@router.get("/history")
def my_history(user: UserDep) -> RedirectResponse:
    return redirect(f"/users/{user.id}/history")


@router.get("/users/{user_id}/history", response_class=HTMLResponse)
def history_page(
    request: Request, user_id: RowId, db: DbDep, visitor: VisitorDep, page: Page = 1
) -> HTMLResponse:
    """The finished games the player played."""
    return _games_page(request, user_id, db, visitor, page, "history")


@router.get("/users/{user_id}/imports", response_class=HTMLResponse)
def imports_page(
    request: Request, user_id: RowId, db: DbDep, visitor: VisitorDep, page: Page = 1
) -> HTMLResponse:
    """The games the player imported."""
    return _games_page(request, user_id, db, visitor, page, "imports")


def _games_page(
    request: Request, user_id: int, db: DbDep, visitor: VisitorDep, page: int, listing: str
) -> HTMLResponse:
    player = db.get(User, user_id)
    if player is None:
        raise RefusedError("replay.refused.no_player", 404, player=user_id)
    t = _texts(request)
    listed = replays.history if listing == "history" else replays.imports
    games, more = listed(db, user_id, page, t)
    context: dict[str, Any] = {
        "player": player,
        "games": games,
        "page": page,
        "more": more,
        "listing": listing,
    }
    return render(
        request,
        visitor,
        "history.html",
        title=f"replay.{listing}.title",
        title_params={"player": player.display_name},
        **context,
    )
