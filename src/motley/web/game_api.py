"""The game page's own requests: a rematch, a typed move read, and the finished games.

* `POST /api/games/{id}/rematch` with `{"tokens": [...]}` (the asker's seat tokens in the
  finished game): the rematch's id, url and the asker's seat tokens in it.
* `POST /api/games/{id}/read` with `{"token", "text"}`: the one action the typed text names
  for that seat now, `{"action", "label", "version"}`, or `{"error"}` with one line saying
  why not (unknown, ambiguous, not your turn; see `typed`).
* `GET /api/games?finished=1` (answered through `finished_list`): recently finished listed
  games, newest first.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import FastAPI, Request

from motley.core.errors import MotleyError
from motley.web import catalog, typed
from motley.web.decide import Rejected
from motley.web.hub import Hub
from motley.web.rematch import Rematches

Body = Callable[[Request], Awaitable[dict[str, Any]]]
MAX_TOKENS = 8
FINISHED = 30


def rematches_of(request: Request) -> Rematches:
    """The app's rematches, made by the app's start together with its hub."""
    found: Rematches = request.app.state.rematches
    return found


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def _tokens(body: dict[str, Any]) -> list[str]:
    tokens = body.get("tokens")
    if (
        not isinstance(tokens, list)
        or not 0 < len(tokens) <= MAX_TOKENS
        or not all(isinstance(t, str) and len(t) <= 128 for t in tokens)
    ):
        raise MotleyError("a rematch needs your seat tokens in this game ('tokens')")
    return tokens


def routes(app: FastAPI, body_of: Body, client_of: Callable[[Request], str]) -> None:
    @app.post("/api/games/{game_id}/rematch")
    async def rematch(request: Request, game_id: str) -> dict[str, Any]:
        tokens = _tokens(await body_of(request))
        return await rematches_of(request).ask(game_id, tokens, client_of(request))

    @app.post("/api/games/{game_id}/read")
    async def read(request: Request, game_id: str) -> dict[str, Any]:
        body = await body_of(request)
        token, text = body.get("token"), body.get("text")
        if not isinstance(token, str) or not isinstance(text, str):
            raise MotleyError("reading a move needs your seat token and the text typed")
        live = await _hub(request).get(game_id)
        seat = live.seat_of(token[:128])
        if seat is None:
            raise MotleyError("that seat token is not valid for this game")
        match = live.match
        try:
            action, label = await asyncio.to_thread(typed.read, match, seat, text)
        except Rejected as error:  # a typo is an answer, not a failed request
            return {"error": str(error)}
        return {"action": action, "label": label, "version": match.version}


async def finished_list(request: Request) -> dict[str, Any]:
    """Recently finished listed games, newest first: what the lobby's replay list shows.

    Each item is the lobby's summary (id, game, title, created, seats, entries) with the
    game's `url` and its `result` in words where the server still holds the game in memory
    (None otherwise: working it out means replaying the game)."""
    hub = _hub(request)
    summaries = await asyncio.to_thread(hub.store.summaries, 200)
    done = [s for s in summaries if s.finished]
    items = catalog.lobby_lists(done)["finished"][:FINISHED]
    for item in items:
        item["url"] = f"/g/{item['id']}"
        live = hub.games.get(item["id"])
        item["result"] = live.match.result_text() if live and live.match.over else None
    return {"finished": items}
