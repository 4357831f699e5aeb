"""A websocket's messages to a game: hello, ping, a frame of the past, and intents to play.

An intent is checked against the game under its lock, planned into entries, stored, and only
then acknowledged and pushed to everyone (see `hub`). A retried intent gets the answer the
first one got: its acknowledged version, or the same rejection.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from motley.core.rules import SPECTATOR
from motley.web import decide as rulings
from motley.web import frames, presence, protocol
from motley.web.broadcast import event, safely
from motley.web.connection import Connection
from motley.web.live import LiveGame
from motley.web.planning import acked, plan

if TYPE_CHECKING:
    from motley.web.hub import Hub

log = logging.getLogger("motley.web")

MAX_CATCHUP = 200  # missed entries sent one by one; beyond this a fresh snapshot


async def handle(hub: Hub, conn: Connection, live: LiveGame, raw: str | bytes) -> None:
    """Answer one message from `conn`, a connection to `live`."""
    try:
        message = protocol.parse(raw)
    except protocol.ProtocolError as error:
        reply: dict[str, Any] = {"type": "error", "error": str(error)}
        if error.intent:
            reply = {"type": "reject", "id": error.intent, "error": str(error)}
        conn.send(reply)
        return
    if isinstance(message, protocol.Ping):
        conn.send({"type": "pong"})
    elif isinstance(message, protocol.Hello):
        _hello(hub, conn, live, message)
    elif isinstance(message, protocol.FrameRequest):
        _frame(conn, live, message.ply)
    else:
        await _intent(hub, conn, live, message)


def refuse(conn: Connection, raw: str | bytes, reason: str) -> None:
    """Turn a message away unread, answering an intent by its id so nobody waits."""
    try:
        message = protocol.parse(raw)
    except protocol.ProtocolError as error:
        message = None
        if error.intent:
            conn.send({"type": "reject", "id": error.intent, "error": reason})
            return
    if isinstance(message, protocol.Intent):
        conn.send({"type": "reject", "id": message.id, "error": reason})
    else:
        conn.send({"type": "error", "error": reason})


def _hello(hub: Hub, conn: Connection, live: LiveGame, hello: protocol.Hello) -> None:
    seat = SPECTATOR
    if hello.token is not None:
        found = live.seat_of(hello.token)
        if found is None:
            conn.send({"type": "error", "error": "that seat token is not valid for this game"})
            return
        seat = found
    same_seat = conn.seat == seat or conn.seat is None
    conn.seat = seat
    live.connections.add(conn)
    hub.present(live)
    match = live.match
    missed = match.version - hello.seen
    if same_seat and 0 < hello.seen <= match.version and missed <= MAX_CATCHUP:
        now = hub.sources.clock()
        conn.send_text(safely(lambda: event(match, seat, match.log[hello.seen :], None, now)))
        return
    conn.send_text(
        safely(
            lambda: {
                "type": "snapshot",
                "version": match.version,
                "seat": seat,
                "info": frames.public_info(match),
                "moves": frames.moves_for(match, seat),
                "frame": frames.live_frame(match, seat, now=hub.sources.clock()),
            }
        )
    )


def _frame(conn: Connection, live: LiveGame, ply: int) -> None:
    match = live.match
    if conn.seat is None:
        conn.send({"type": "error", "error": "say hello first"})
    elif ply > len(match.steps):
        conn.send({"type": "error", "error": f"the game has only {len(match.steps)} steps"})
    else:
        seat = conn.seat
        message = safely(
            lambda: {
                "type": "frame",
                "ply": ply,
                "frame": frames.history_frame(match, seat, ply),
            }
        )
        conn.send_text(message)


async def _intent(hub: Hub, conn: Connection, live: LiveGame, intent: protocol.Intent) -> None:
    seat = live.seat_of(intent.token)
    if seat is None:
        conn.send({"type": "reject", "id": intent.id, "error": "that seat token is not valid"})
        return
    key = (seat, intent.id)
    async with live.lock:
        match = live.match
        if key in match.acked:
            conn.send({"type": "ack", "id": intent.id, "version": acked(match, key)})
            return
        if key in live.rejections:
            conn.send({"type": "reject", "id": intent.id, "error": live.rejections[key]})
            return
        now = hub.sources.clock()
        if await hub.scheduler.flag(live, now):  # the time ran out before this request came
            error = live.match.result_text()
            conn.send({"type": "reject", "id": intent.id, "error": error})
            return
        absent = presence.absent(live.away, now, hub.claim_after)
        if not presence.online(match):
            absent = ()  # players at one device cannot walk out on each other
        try:
            after, made = plan(match, intent, seat, now, absent)
        except rulings.Rejected as rejected:
            live.remember(key, str(rejected))
            conn.send({"type": "reject", "id": intent.id, "error": str(rejected)})
            return
        except Exception:  # a fault in a game's rules: refuse, keep the game as it was
            log.exception("game %s failed on %r", match.header.id, intent.action)
            error = "the game's rules failed on that request; nothing changed"
            conn.send({"type": "reject", "id": intent.id, "error": error})
            return
        try:
            await hub.save(live, after, made)
        except Exception:
            log.exception("could not store game %s", match.header.id)
            error = "the server could not save that; nothing changed, please try again"
            conn.send({"type": "reject", "id": intent.id, "error": error, "retry": True})
            return
        conn.send({"type": "ack", "id": intent.id, "version": after.version})
        hub.broadcast(live, match.version)
    hub.schedule(live)
