"""The websocket protocol: reading client messages strictly, writing server messages.

Client to server, one JSON object per message (at most MAX_MESSAGE bytes):

* `{"type": "hello", "token": T?, "seen": N}` binds the connection to the seat whose token
  is T (a spectator without one) and asks for what happened after version N (0: all of it);
* `{"type": "intent", "id": I, "token": T, "seen": N, "do": D, "action": A?}` asks the seat
  with token T to act: D is `act` (with the action text A), `resign`, `draw`, `accept`,
  `decline` or `undo`; N is the version the client saw; I is a fresh id per request, and a
  request sent again with the same id is answered the same way and applied once;
* `{"type": "frame", "ply": K}` asks for the position after K steps, to look back;
* `{"type": "ping"}`.

Server to client: `snapshot` (the game from scratch), `event` (new log entries with the
frame after them), `ack` / `reject` (the answer to an intent), `frame`, `pong`, `error`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

import orjson

from motley.web.decide import REQUESTS

MAX_MESSAGE = 4096
MAX_TOKEN = 128
MAX_ACTION = 256
MAX_NUMBER = 2**31
_INTENT_ID = re.compile(r"^[A-Za-z0-9_.:-]{1,64}$")


class ProtocolError(Exception):
    """A message that is not one the server understands; the text says why, in one line."""

    def __init__(self, message: str, intent: str = "") -> None:
        super().__init__(message)
        self.intent = intent


@dataclass(frozen=True)
class Hello:
    token: str | None
    seen: int


@dataclass(frozen=True)
class Intent:
    id: str
    token: str
    seen: int
    do: str
    action: str


@dataclass(frozen=True)
class FrameRequest:
    ply: int


@dataclass(frozen=True)
class Ping:
    pass


Message = Hello | Intent | FrameRequest | Ping


def parse(text: str | bytes) -> Message:
    if isinstance(text, bytes):
        raise ProtocolError("messages must be JSON text, not binary")
    if len(text) > MAX_MESSAGE:
        raise ProtocolError(f"message too long (the limit is {MAX_MESSAGE} characters)")
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        raise ProtocolError("message is not valid JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("message must be a JSON object")
    kind = data.get("type")
    if kind == "hello":
        token = data.get("token")
        if token is not None:
            token = _text(data, "token", MAX_TOKEN)
        return Hello(token, _number(data, "seen", default=0))
    if kind == "intent":
        intent = data.get("id")
        if not isinstance(intent, str) or not _INTENT_ID.match(intent):
            raise ProtocolError("intent needs an 'id' of 1-64 letters, digits or _.:-")
        try:
            do = data.get("do", "act")
            if do not in REQUESTS:
                raise ProtocolError(f"'do' must be one of {', '.join(REQUESTS)}")
            action = _text(data, "action", MAX_ACTION) if do == "act" else ""
            return Intent(
                intent, _text(data, "token", MAX_TOKEN), _number(data, "seen"), do, action
            )
        except ProtocolError as error:
            raise ProtocolError(str(error), intent) from None
    if kind == "frame":
        return FrameRequest(_number(data, "ply"))
    if kind == "ping":
        return Ping()
    raise ProtocolError("unknown message type (use hello, intent, frame or ping)")


def _text(data: dict[str, Any], key: str, limit: int) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value:
        raise ProtocolError(f"{key!r} must be a non-empty string")
    if len(value) > limit:
        raise ProtocolError(f"{key!r} is too long (the limit is {limit} characters)")
    return value


def _number(data: dict[str, Any], key: str, default: int | None = None) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < MAX_NUMBER:
        raise ProtocolError(f"{key!r} must be a whole number from 0")
    return value


def dumps(message: dict[str, Any]) -> str:
    # Every move sends a frame to each connection; orjson writes them several times faster
    # than the standard library. Integer keys become strings, as the json module does.
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
