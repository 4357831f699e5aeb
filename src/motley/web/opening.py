"""Opening a game for a page: the live game, or the page that says why it cannot be shown."""

from __future__ import annotations

from fastapi.responses import HTMLResponse

from motley.core.errors import MotleyError
from motley.web import pages
from motley.web.hub import Hub, LiveGame, NotFound


async def live_or_page(hub: Hub, game_id: str) -> LiveGame | HTMLResponse:
    """The game `game_id` in memory, or a 404/500 page in words."""
    try:
        return await hub.get(game_id)
    except NotFound:
        page = pages.message_page("No such game", f"There is no game {game_id!r} here.")
        return HTMLResponse(page, status_code=404)
    except MotleyError as exc:
        return HTMLResponse(pages.message_page("This game cannot be opened", str(exc)), 500)
