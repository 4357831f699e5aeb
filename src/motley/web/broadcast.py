"""Events out: a game's new entries and frame, drawn once per seat and sent to everyone
connected, and who is away (presence.py) told to those watching."""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from typing import Any

from motley.web import frames, presence, protocol
from motley.web.live import LiveGame
from motley.web.match import Match

log = logging.getLogger("motley.web")


def safely(build: Callable[[], dict[str, Any]]) -> str:
    """A message as JSON, or a one-line error if drawing the game failed (a game's fault)."""
    try:
        return protocol.dumps(build())
    except Exception:
        log.exception("could not draw a game for a client")
        return protocol.dumps({"type": "error", "error": "the server could not draw this game"})


def event(
    match: Match,
    viewer: int,
    logged: tuple[Any, ...],
    shared: dict[Any, Any] | None = None,
    now: float | None = None,
) -> dict[str, Any]:
    """The `event` message: the entries `viewer` missed, as they may see them, and the frame."""
    return {
        "type": "event",
        "version": match.version,
        "entries": [item.desc(viewer) for item in logged],
        "frame": frames.live_frame(match, viewer, shared, now),
    }


def broadcast(live: LiveGame, since: int, now: float) -> None:
    """Send every connection what happened after version `since`, drawn once per seat."""
    match = live.match
    texts: dict[int, str] = {}
    shared: dict[Any, frames.Frame] = {}
    for conn in list(live.connections):
        seat = conn.seat
        if seat is None:
            continue
        text = texts.get(seat)
        if text is None:
            text = texts[seat] = safely(partial(event, match, seat, match.log[since:], shared, now))
        conn.send_text(text)


def present(live: LiveGame, now: float, claim_after: float) -> None:
    """Note who is connected now, and tell everyone watching who has gone (presence.py)."""
    match = live.match
    here = {conn.seat for conn in live.connections}
    people = presence.people(match)
    away = {seat: live.away.get(seat, now) for seat in people if seat not in here}
    if away == live.away:
        return
    live.away = away
    if presence.online(match) and not match.over:
        text = protocol.dumps(presence.message(match, away, now, claim_after))
        for conn in list(live.connections):
            conn.send_text(text)
