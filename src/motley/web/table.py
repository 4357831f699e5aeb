"""At the table: one physical chess set, and each player's seat on their own phone.

The pieces are moved on the real board; the phones tell the moves to the referee (the
server), which keeps every secret, rolls every die and judges every move. The host's screen
(`/g/<id>/table`) shows what the whole table may see (whose turn, the last move, dice and
scores, as a spectator sees them) and one QR code per seat still to be taken. Each code
carries that seat's invitation link to the compact seat page (`/g/<id>/seat`), which takes
the seat and then shows only that seat's view. The links are seat secrets: only the game's
creator (their creator token) may ask for them, as with invitation links.
"""

from __future__ import annotations

from typing import Any

import segno
from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, Response

from motley.core.errors import MotleyError
from motley.web import invitations, pages
from motley.web.decide import Rejected
from motley.web.header import INVITE, Header, secret_hash
from motley.web.hub import Hub
from motley.web.opening import live_or_page


def qr_svg(link: str) -> str:
    """The link as a QR code, inline SVG (medium error correction: a screen photographed at
    an angle or with a glare still reads)."""
    code = segno.make(link, error="m", micro=False)
    svg: str = code.svg_inline(scale=5, border=3, dark="#111", light="#fff", svgclass="qr")
    return svg


def seat_link(base: str, header: Header, seat: int) -> str | None:
    """The seat page's address with the seat's invitation code, or None where the server
    cannot rebuild the code (a seat for anyone, or not an invitation seat)."""
    if header.seats[seat].kind != INVITE:
        return None
    code = invitations.invite_code(header.seed, seat)
    if secret_hash(code) != header.invites[seat]:
        return None
    return f"{base.rstrip('/')}/g/{header.id}/seat?join={seat}&code={code}"


def seats_json(
    base: str, header: Header, names: list[str], claimed: frozenset[int]
) -> list[dict[str, Any]]:
    """Each seat for the host's screen: its name, who plays it, and its code while open."""
    out: list[dict[str, Any]] = []
    for seat, plan in enumerate(header.seats):
        link = None if seat in claimed else seat_link(base, header, seat)
        out.append(
            {
                "seat": seat,
                "name": names[seat],
                "kind": plan.kind,
                "taken": seat in claimed,
                "link": link,
                "qr": qr_svg(link) if link else None,
            }
        )
    return out


def table_page(game_id: str, title: str) -> str:
    body = """
<section class="table-host" id="table-host">
  <div class="panel table-public">
    <h1 id="title"></h1>
    <p id="turn" class="table-turn" aria-live="polite">Connecting…</p>
    <p id="last-move" class="table-last"></p>
    <div id="public-items" class="table-items"></div>
    <p id="error" class="error" role="alert" hidden></p>
  </div>
  <div class="panel table-seats-panel">
    <h2>Seats</h2>
    <p class="muted">Each player points their phone's camera at their seat's code. The pieces
      move on the real board; each move is told on the phone.</p>
    <p id="reach" class="warning" hidden></p>
    <div id="seats" class="table-seats"></div>
  </div>
</section>
"""
    return pages.layout(f"{title} at the table", body, "table.js", {"game": game_id})


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def routes(app: FastAPI) -> None:
    @app.get("/g/{game_id}/table", response_class=HTMLResponse)
    async def host_page(request: Request, game_id: str) -> Response:
        live = await live_or_page(_hub(request), game_id)
        if isinstance(live, HTMLResponse):
            return live
        return HTMLResponse(table_page(game_id, live.match.spec.title))

    @app.get("/g/{game_id}/seat", response_class=HTMLResponse)
    async def seat_page(request: Request, game_id: str) -> Response:
        live = await live_or_page(_hub(request), game_id)
        if isinstance(live, HTMLResponse):
            return live
        return HTMLResponse(pages.game_page(game_id, live.match.spec.title, table=True))

    @app.get("/api/games/{game_id}/table")
    async def table_seats(request: Request, game_id: str) -> dict[str, Any]:
        """The seats and their codes, for the creator (token in X-Motley-Token)."""
        token = request.headers.get("x-motley-token", "")[:128]
        if not token:
            raise MotleyError("send the creator token in the X-Motley-Token header")
        live = await _hub(request).get(game_id)
        header = live.match.header
        if not invitations.may_see(header, token, live.seat_of(token)):
            raise Rejected("only the game's creator may show its seats' codes")
        names = [live.match.spec.seat_name(s) for s in range(live.match.spec.players)]
        base = str(request.base_url)
        return {
            "seats": seats_json(base, header, names, live.match.claimed),
            "host": request.url.hostname or "",
        }
