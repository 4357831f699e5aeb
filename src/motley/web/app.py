"""The FastAPI application: pages, the JSON API, downloads and the game websocket.

`create_app(Settings(...))` builds an app over an SQLite file. Every error a client can cause
comes back as one line of JSON (`{"error": ...}`) with a 4xx status, never a traceback; a
storage failure (a full or read-only disk) is a 503 with a `Retry-After` hint.

Requests that change anything (every POST, and the game websocket) must name this server in
their Host header (loopback names and addresses, any IP address, and the names given with
`--allow-host`), so a page from another site cannot reach it through DNS rebinding, and must
come from one of its own pages when a browser sends them (the Origin header). POST bodies
must be JSON (`Content-Type: application/json`, else 415), which a plain HTML form from
another site cannot send, and are read only up to MAX_BODY bytes.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
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
from motley.web import catalog, frames, game_api, invitations, pages, table
from motley.web.clock import TimeControl
from motley.web.collector import Collector
from motley.web.computer import Computers, ProcessComputers, ThreadComputers
from motley.web.connection import RATE, Connection, PerClient
from motley.web.decide import Rejected
from motley.web.header import INVITE, SeatPlan
from motley.web.hub import Hub, Limits, LiveGame, NotFound, Sources, TooMany
from motley.web.opening import live_or_page
from motley.web.rematch import Rematches
from motley.web.store import SqliteStore, StorageError

log = logging.getLogger("motley.web")
STATIC = Path(__file__).parent / "static"
MAX_BODY = 16_384
RETRY_AFTER = 5  # seconds a client is asked to wait when storage fails
CHANGES = frozenset({"POST", "PUT", "PATCH", "DELETE"})
LOOPBACK_NAMES = frozenset({"localhost"})
OPEN = "open"  # a seat kind in requests: an invitation seat anyone may take
CODE_CHARACTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
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
    hosts: tuple[str, ...] = ()  # public names of this server, besides loopback and addresses
    allow_computer_games: bool = False  # games where only computers play
    computer_games_per_client: int = 4  # running games with a computer, per client address
    creations_per_minute: float = 20.0  # new games per client address, on average
    connections_per_client: int = 64  # open game sockets per client address
    resume_seconds: float = 2 * 86_400.0  # unfinished games older than this wait to be opened
    claim_after: float = 30.0  # seconds an online opponent must be gone before a walkover


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
        hub = Hub(
            store,
            computers,
            settings.computer_delay,
            settings.sources,
            Limits(
                settings.allow_computer_games,
                settings.computer_games_per_client,
                settings.resume_seconds,
            ),
            claim_after=settings.claim_after,
        )
        app.state.hub = hub
        app.state.rematches = Rematches(hub)  # made with the hub, so they always share it
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

    app.state.clients = PerClient(
        settings.creations_per_minute / 60.0,
        max(1.0, settings.creations_per_minute),
        settings.connections_per_client,
    )

    @app.middleware("http")
    async def headers(request: Request, call_next: Any) -> Response:
        refused = _guard(request, settings) if request.method in CHANGES else None
        response: Response = refused or await call_next(request)
        response.headers.update(SECURITY_HEADERS)
        return response

    _errors(app)
    _pages(app)
    _api(app)
    game_api.routes(app, _body, _client)
    table.routes(app)
    _socket(app, settings)
    return app


def hub_of(request: Request | WebSocket) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _refusal(status: int) -> Callable[[Request, Exception], Awaitable[Response]]:
    async def refuse(request: Request, exc: Exception) -> Response:
        return error(status, str(exc))

    return refuse


def _errors(app: FastAPI) -> None:
    # a refusal's status; its message is the exception's own line (the most specific class
    # of an exception wins, whatever the order here)
    refusals: tuple[tuple[type[Exception], int], ...] = (
        (NotFound, 404),
        (UnknownGame, 404),
        (MotleyError, 400),
        (Rejected, 409),
        (TooLarge, 413),
    )
    for refused, status in refusals:
        app.add_exception_handler(refused, _refusal(status))

    @app.exception_handler(TooMany)
    async def too_many(request: Request, exc: TooMany) -> Response:
        response = error(429, str(exc))
        response.headers["Retry-After"] = str(RETRY_AFTER)
        return response

    async def storage(request: Request, exc: Exception) -> Response:
        log.error("storage failed on %s %s: %s", request.method, request.url.path, exc)
        return unavailable()

    for failure in (StorageError, sqlite3.Error, OSError):
        app.add_exception_handler(failure, storage)

    @app.exception_handler(Exception)
    async def fault(request: Request, exc: Exception) -> Response:
        log.error("%s %s failed: %r", request.method, request.url.path, exc)
        return error(500, "the server failed on that request; nothing was changed")


def unavailable() -> JSONResponse:
    """Storage is failing: a clean answer a client can retry (nothing was changed)."""
    response = JSONResponse(
        {"error": "the server cannot save games right now; try again shortly", "retry": True},
        status_code=503,
    )
    response.headers["Retry-After"] = str(RETRY_AFTER)
    return response


class TooLarge(MotleyError):
    """A request body over the limit."""


def _pages(app: FastAPI) -> None:
    @app.get("/", response_class=HTMLResponse)
    async def lobby() -> str:
        return pages.lobby_page()

    @app.get("/g/{game_id}", response_class=HTMLResponse)
    async def game(request: Request, game_id: str) -> Response:
        live = await live_or_page(hub_of(request), game_id)
        if isinstance(live, HTMLResponse):
            return live
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
    async def lobby_lists(request: Request, finished: int = 0) -> dict[str, Any]:
        if finished:
            return await game_api.finished_list(request)
        hub = hub_of(request)
        summaries = await asyncio.to_thread(hub.store.summaries, 200)
        return catalog.lobby_lists(summaries, hub.listing, hub.sources.clock())

    @app.post("/api/games")
    async def create(request: Request) -> dict[str, Any]:
        client = _client(request)
        clients: PerClient = request.app.state.clients
        if not clients.allow(client):
            raise TooMany("too many new games from here; wait a moment")
        body = await _body(request)
        game = body.get("game")
        if not isinstance(game, str):
            raise MotleyError("say which game to create ('game')")
        spec = registry.rules_class(game).spec
        options = catalog.read_options(spec, body.get("options", {}))
        seats, anyone = _seats(body.get("seats"), spec.players)
        # a game with a friend's seat is unlisted unless asked: the seat is the friend's
        listed = body.get("listed", len(anyone) == sum(p.kind == INVITE for p in seats))
        if not isinstance(listed, bool):
            raise MotleyError("'listed' must be true or false")
        clock = TimeControl.from_json(body.get("clock"))
        live, tokens, codes = await hub_of(request).create(
            game, options, seats, listed, client, clock=clock, anyone=anyone
        )
        game_id = live.match.header.id
        return {
            "id": game_id,
            "url": f"/g/{game_id}",
            "tokens": {str(s): t for s, t in tokens.items()},
            "creator": invitations.creator_token(live.match.header.seed),
            "invites": {str(s): f"/g/{game_id}?join={s}&code={c}" for s, c in codes.items()},
        }

    @app.get("/api/games/{game_id}")
    async def info(request: Request, game_id: str) -> dict[str, Any]:
        live = await hub_of(request).get(game_id)
        rematch = game_api.rematches_of(request).of(game_id)
        return {**frames.public_info(live.match), "rematch": rematch}

    @app.post("/api/games/{game_id}/join")
    async def join(request: Request, game_id: str) -> dict[str, Any]:
        body = await _body(request)
        seat, code = body.get("seat"), body.get("code", "")
        if isinstance(seat, bool) or not isinstance(seat, int) or not isinstance(code, str):
            raise MotleyError("join needs a seat number ('seat') and the invitation code")
        if len(code) > 64 or not set(code) <= CODE_CHARACTERS:
            raise Rejected("that invitation link is not valid")
        token = await hub_of(request).join(game_id, seat, code)
        return {"seat": seat, "token": token}

    @app.get("/api/games/{game_id}/invitations")
    async def invitation_links(request: Request, game_id: str) -> dict[str, Any]:
        """The open invitation links again, for the creator (a seat or creator token in the
        X-Motley-Token header: never in the address, where it would be logged)."""
        token = request.headers.get("x-motley-token", "")[:128]
        if not token:
            raise MotleyError("send your seat token in the X-Motley-Token header")
        live = await hub_of(request).get(game_id)
        return {"invites": hub_of(request).invitation_links(live, token)}

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
    async def health(request: Request) -> Response:
        try:
            await asyncio.to_thread(hub_of(request).store.check)
        except (StorageError, sqlite3.Error, OSError) as exc:
            log.error("health check: storage failing: %s", exc)
            return unavailable()
        return JSONResponse({"status": "ok"})


def _check_downloadable(live: LiveGame) -> None:
    match = live.match
    if Trait.HIDDEN in match.spec.traits and not match.over:
        raise Rejected("a game with hidden information can be downloaded once it has ended")


def _attachment(name: str) -> dict[str, str]:
    return {"Content-Disposition": f'attachment; filename="{name}"'}


async def _body(request: Request) -> dict[str, Any]:
    """The JSON object in the body, read in pieces and refused as soon as it is too long."""
    too_large = TooLarge(f"request body too large (the limit is {MAX_BODY} bytes)")
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise too_large
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_BODY:
            raise too_large
    try:
        data = json.loads(raw or b"{}")
    except (ValueError, RecursionError):  # also an integer of more digits than Python reads
        raise MotleyError("request body is not valid JSON") from None
    if not isinstance(data, dict):
        raise MotleyError("request body must be a JSON object")
    return data


def _seats(given: Any, players: int) -> tuple[list[SeatPlan], frozenset[int]]:
    """The seat plans, and which seats are open to anyone (kind "open": an invitation seat
    with no code, which whoever comes first takes)."""
    if not isinstance(given, list) or len(given) != players:
        raise MotleyError(f"'seats' must list {players} seats")
    seats = []
    anyone = set()
    for seat, item in enumerate(given):
        if not isinstance(item, dict) or not isinstance(item.get("kind"), str):
            raise MotleyError("each seat is an object with a 'kind'")
        level = item.get("level", 1)
        if isinstance(level, bool) or not isinstance(level, int):
            raise MotleyError("a computer's 'level' is a whole number")
        kind = item["kind"]
        if kind == OPEN:
            kind = INVITE
            anyone.add(seat)
        seats.append(SeatPlan(kind, level))
    return seats, frozenset(anyone)


def _client(request: Request | WebSocket) -> str:
    return request.client.host if request.client else ""


def host_allowed(host: str, names: tuple[str, ...]) -> bool:
    """Whether a Host header names this server: a loopback name, an address, or a name given.

    An address cannot be rebound by DNS, so any IP address is safe to accept; a name is
    accepted only when the server was told it is its own (`--allow-host`).
    """
    try:
        name = urlsplit(f"//{host}").hostname or ""
    except ValueError:
        return False
    if not name:
        return False
    if name in LOOPBACK_NAMES or name.endswith(".localhost") or name in names:
        return True
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def origin_allowed(headers: Any, extra: tuple[str, ...], names: tuple[str, ...] = ()) -> bool:
    """Only our own pages may act: browsers always say where a page came from."""
    host = headers.get("host", "")
    if not host_allowed(host, names):
        return False
    origin = headers.get("origin")
    if origin is None:
        return True  # not a browser (a script or a test client): tokens still apply
    try:
        netloc = urlsplit(origin).netloc
    except ValueError:
        return False
    if netloc.lower() == host.lower():
        return True
    return origin.rstrip("/") in extra


def _guard(request: Request, settings: Settings) -> Response | None:
    """A refusal for a state-changing request from elsewhere, or that is not JSON."""
    if not origin_allowed(request.headers, settings.origins, settings.hosts):
        return error(403, "this request did not come from this server's own pages")
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        return error(415, "send the request body as JSON (Content-Type: application/json)")
    return None


def _socket(app: FastAPI, settings: Settings) -> None:
    @app.websocket("/ws/{game_id}")
    async def socket(websocket: WebSocket, game_id: str) -> None:
        if not origin_allowed(websocket.headers, settings.origins, settings.hosts):
            await websocket.close(code=1008, reason="origin not allowed")
            return
        clients: PerClient = websocket.app.state.clients
        client = _client(websocket)
        if not clients.open(client):
            await websocket.close(code=1008, reason="too many connections from here")
            return
        try:
            await _play(websocket, game_id, settings)
        finally:
            clients.closed(client)


async def _play(websocket: WebSocket, game_id: str, settings: Settings) -> None:
    """One game socket, from accepting it to its end."""
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
            try:
                await hub.handle(conn, live, raw)
            except Exception as exc:  # a fault of ours: one line for the client and the log
                log.error("game %s: a message failed: %r", game_id, exc)
                conn.send({"type": "error", "error": "the server failed on that message"})
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
