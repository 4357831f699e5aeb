"""The FastAPI application: pages, the JSON API, downloads and the game websocket.

`create_app(Settings(...))` builds an app over an SQLite file. Every error a client can cause
comes back as one line of JSON (`{"error": ...}`) with a 4xx status, never a traceback.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.websockets import WebSocketDisconnect

from motley.core import registry
from motley.core.errors import MotleyError, UnknownGame
from motley.core.spec import Trait
from motley.web import catalog, frames, pages
from motley.web.collector import Collector
from motley.web.computer import Computers, ProcessComputers, ThreadComputers
from motley.web.connection import RATE, Connection
from motley.web.decide import Rejected
from motley.web.header import SeatPlan
from motley.web.hub import Hub, LiveGame, NotFound, Sources
from motley.web.store import SqliteStore

log = logging.getLogger("motley.web")
STATIC = Path(__file__).parent / "static"
MAX_BODY = 16_384
# pages load only our own scripts and styles, cannot be framed, and never pass an
# invitation link on in a Referer header
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self' ws: wss:; frame-ancestors 'none'; base-uri 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


@dataclass(frozen=True)
class Settings:
    db: str = "motley.db"
    origins: tuple[str, ...] = ()  # websocket origins allowed besides the server's own
    computer_workers: int = 1  # processes for computer players; 0 runs them on threads
    computer_delay: float = 0.3  # a short pause, so a reply never lands before the move
    sources: Sources | None = None  # ids, seeds and clock (tests make them repeatable)
    rate: float = RATE  # messages per second one connection may send, on average
    freeze_heap: bool = False  # manage the garbage collector for a long-running server


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = SqliteStore(settings.db)
        computers: Computers = (
            ProcessComputers(settings.computer_workers)
            if settings.computer_workers > 0
            else ThreadComputers()
        )
        hub = Hub(store, computers, settings.computer_delay, settings.sources)
        app.state.hub = hub
        background = [hub.resume(), hub.sweep_forever()]
        if settings.freeze_heap:
            background.append(Collector().run())
        tasks = [asyncio.create_task(job) for job in background]
        try:
            yield
        finally:
            for task in tasks:
                task.cancel()
            hub.close()
            store.close()

    app = FastAPI(title="Motley", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.middleware("http")
    async def headers(request: Request, call_next: Any) -> Response:
        response: Response = await call_next(request)
        response.headers.update(SECURITY_HEADERS)
        return response

    _errors(app)
    _pages(app)
    _api(app)
    _socket(app, settings)
    return app


def hub_of(request: Request | WebSocket) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _errors(app: FastAPI) -> None:
    @app.exception_handler(NotFound)
    async def not_found(request: Request, exc: NotFound) -> Response:
        return error(404, str(exc))

    @app.exception_handler(UnknownGame)
    async def unknown(request: Request, exc: UnknownGame) -> Response:
        return error(404, str(exc))

    @app.exception_handler(MotleyError)
    async def bad(request: Request, exc: MotleyError) -> Response:
        return error(400, str(exc))

    @app.exception_handler(Rejected)
    async def rejected(request: Request, exc: Rejected) -> Response:
        return error(409, str(exc))


def _pages(app: FastAPI) -> None:
    @app.get("/", response_class=HTMLResponse)
    async def lobby() -> str:
        return pages.lobby_page()

    @app.get("/g/{game_id}", response_class=HTMLResponse)
    async def game(request: Request, game_id: str) -> Response:
        try:
            live = await hub_of(request).get(game_id)
        except NotFound:
            page = pages.message_page("No such game", f"There is no game {game_id!r} here.")
            return HTMLResponse(page, status_code=404)
        except MotleyError as exc:
            return HTMLResponse(pages.message_page("This game cannot be opened", str(exc)), 500)
        return HTMLResponse(pages.game_page(game_id, live.match.spec.title))

    @app.get("/rules", response_class=HTMLResponse)
    async def rules_index() -> str:
        return pages.rules_index()

    @app.get("/rules/{game_id}", response_class=HTMLResponse)
    async def rules(game_id: str) -> Response:
        try:
            return HTMLResponse(pages.rules_page(game_id))
        except UnknownGame:
            page = pages.message_page("No such game", f"There is no game called {game_id!r}.")
            return HTMLResponse(page, status_code=404)


def _api(app: FastAPI) -> None:
    @app.get("/api/catalog")
    async def games_catalog() -> list[dict[str, Any]]:
        return catalog.catalog()

    @app.get("/api/games")
    async def lobby_lists(request: Request) -> dict[str, Any]:
        summaries = await asyncio.to_thread(hub_of(request).store.summaries, 200)
        return catalog.lobby_lists(summaries)

    @app.post("/api/games")
    async def create(request: Request) -> dict[str, Any]:
        body = await _body(request)
        game = body.get("game")
        if not isinstance(game, str):
            raise MotleyError("say which game to create ('game')")
        spec = registry.rules_class(game).spec
        options = catalog.read_options(spec, body.get("options", {}))
        seats = _seats(body.get("seats"), spec.players)
        listed = body.get("listed", True)
        if not isinstance(listed, bool):
            raise MotleyError("'listed' must be true or false")
        live, tokens, codes = await hub_of(request).create(game, options, seats, listed)
        game_id = live.match.header.id
        return {
            "id": game_id,
            "url": f"/g/{game_id}",
            "tokens": {str(s): t for s, t in tokens.items()},
            "invites": {str(s): f"/g/{game_id}?join={s}&code={c}" for s, c in codes.items()},
        }

    @app.get("/api/games/{game_id}")
    async def info(request: Request, game_id: str) -> dict[str, Any]:
        live = await hub_of(request).get(game_id)
        return frames.public_info(live.match)

    @app.post("/api/games/{game_id}/join")
    async def join(request: Request, game_id: str) -> dict[str, Any]:
        body = await _body(request)
        seat, code = body.get("seat"), body.get("code", "")
        if isinstance(seat, bool) or not isinstance(seat, int) or not isinstance(code, str):
            raise MotleyError("join needs a seat number ('seat') and the invitation code")
        token = await hub_of(request).join(game_id, seat, code[:64])
        return {"seat": seat, "token": token}

    @app.get("/api/games/{game_id}/board")
    async def board(request: Request, game_id: str) -> Any:
        live = await hub_of(request).get(game_id)
        return catalog.board_of(live.match.rules)

    @app.get("/api/games/{game_id}/record.json")
    async def record_json(request: Request, game_id: str) -> Response:
        live = await hub_of(request).get(game_id)
        match = live.match
        _check_downloadable(live)
        text = json.dumps(match.record().to_json(), indent=2)
        name = f"motley-{match.header.game}-{game_id}.json"
        return Response(text, media_type="application/json", headers=_attachment(name))

    @app.get("/api/games/{game_id}/record.pgn")
    async def record_pgn(request: Request, game_id: str) -> Response:
        live = await hub_of(request).get(game_id)
        _check_downloadable(live)
        text = catalog.pgn_of(live.match.record())
        name = f"motley-{live.match.header.game}-{game_id}.pgn"
        return PlainTextResponse(
            text, media_type="application/x-chess-pgn", headers=_attachment(name)
        )

    @app.get("/healthz")
    async def health() -> dict[str, str]:
        return {"status": "ok"}


def _check_downloadable(live: LiveGame) -> None:
    match = live.match
    if Trait.HIDDEN in match.spec.traits and not match.over:
        raise Rejected("a game with hidden information can be downloaded once it has ended")


def _attachment(name: str) -> dict[str, str]:
    return {"Content-Disposition": f'attachment; filename="{name}"'}


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise MotleyError(f"request body too large (the limit is {MAX_BODY} bytes)")
    try:
        data = json.loads(raw or b"{}")
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
        raise MotleyError("request body is not valid JSON") from None
    if not isinstance(data, dict):
        raise MotleyError("request body must be a JSON object")
    return data


def _seats(given: Any, players: int) -> list[SeatPlan]:
    if not isinstance(given, list) or len(given) != players:
        raise MotleyError(f"'seats' must list {players} seats")
    seats = []
    for item in given:
        if not isinstance(item, dict) or not isinstance(item.get("kind"), str):
            raise MotleyError("each seat is an object with a 'kind'")
        level = item.get("level", 1)
        if isinstance(level, bool) or not isinstance(level, int):
            raise MotleyError("a computer's 'level' is a whole number")
        seats.append(SeatPlan(item["kind"], level))
    return seats


def origin_allowed(headers: Any, extra: tuple[str, ...]) -> bool:
    """Browsers always say where a page came from; only our own pages may connect."""
    origin = headers.get("origin")
    if origin is None:
        return True  # not a browser (a script or a test client): tokens still apply
    host = headers.get("host", "")
    if urlsplit(origin).netloc.lower() == host.lower() and host:
        return True
    return origin.rstrip("/") in extra


def _socket(app: FastAPI, settings: Settings) -> None:
    @app.websocket("/ws/{game_id}")
    async def socket(websocket: WebSocket, game_id: str) -> None:
        if not origin_allowed(websocket.headers, settings.origins):
            await websocket.close(code=1008, reason="origin not allowed")
            return
        await websocket.accept()
        hub = hub_of(websocket)
        try:
            live = await hub.get(game_id)
        except MotleyError as exc:
            await websocket.send_text(json.dumps({"type": "error", "error": str(exc)}))
            await websocket.close(code=4404)
            return
        conn = Connection(settings.rate, 3 * settings.rate)
        sender = asyncio.create_task(_drain(websocket, conn))
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                raw = message.get("text")
                if raw is None:
                    raw = message.get("bytes") or b""
                if not conn.allow():
                    hub.refuse(conn, raw, "too many messages; slow down")
                    continue
                await hub.handle(conn, live, raw)
        except WebSocketDisconnect:
            pass
        finally:
            hub.detach(conn, live)
            conn.close()
            await asyncio.gather(sender, return_exceptions=True)


async def _drain(websocket: WebSocket, conn: Connection) -> None:
    try:
        while True:
            text = await conn.outbox.get()
            if text is None:
                break
            await websocket.send_text(text)
    except Exception:  # the socket went away; the receiving side will notice
        return
    try:
        await websocket.close(code=1013)  # dropped for falling behind, or closing anyway
    except Exception:
        return
