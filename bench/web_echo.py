"""The reference for the web load test: the same conversation with no game behind it.

A bare ASGI app on the same uvicorn and websocket stack as `motley serve`. It creates games,
answers `hello` with a snapshot and every intent with an acknowledgement and an event to both
seats, using frames of the real size (chess at the start, drawn once by Motley), but it checks
nothing, stores nothing and never ends a game. Its latency is what this machine, this stack and
this client cost on their own, so `web_load.py` can report the real server against it.

    python bench/web_echo.py PORT
"""

from __future__ import annotations

import itertools
import json
import sys
from typing import Any

import uvicorn

Scope = dict[str, Any]


def start_frames() -> list[dict[str, Any]]:
    """Each seat's frame of a chess game at the start, as the real server draws it."""
    from motley.core import registry
    from motley.web import frames
    from motley.web.header import Header, SeatPlan
    from motley.web.match import Match

    rules = registry.make("chess")
    local = SeatPlan("local")
    header = Header("echo", "chess", rules.spec.version, {}, (local, local), "seed", created=0.0)
    match = Match.start(header, rules, frozenset())
    return [frames.live_frame(match, seat) for seat in (0, 1)]


class Echo:
    def __init__(self) -> None:
        self.frames = start_frames()
        self.ids = itertools.count(1)
        self.games: dict[str, dict[str, Any]] = {}  # id -> version and open sockets

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            while (await receive())["type"] != "lifespan.shutdown":
                await send({"type": "lifespan.startup.complete"})
            await send({"type": "lifespan.shutdown.complete"})
        elif scope["type"] == "http":
            await self.http(scope, receive, send)
        elif scope["type"] == "websocket":
            await self.socket(scope, receive, send)

    async def http(self, scope: Scope, receive: Any, send: Any) -> None:
        while (await receive()).get("more_body"):
            pass
        if scope["path"] == "/api/games":
            game = f"g{next(self.ids)}"
            self.games[game] = {"version": 0, "sockets": {}}
            body = {"id": game, "tokens": {"0": f"{game}/0", "1": f"{game}/1"}}
        else:
            body = {"ok": True}
        data = json.dumps(body).encode()
        headers = [(b"content-type", b"application/json")]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": data})

    async def socket(self, scope: Scope, receive: Any, send: Any) -> None:
        game = self.games[scope["path"].rsplit("/", 1)[-1]]
        await receive()  # websocket.connect
        await send({"type": "websocket.accept"})
        seat = -1
        while True:
            message = await receive()
            if message["type"] == "websocket.disconnect":
                game["sockets"].pop(seat, None)
                return
            request = json.loads(message["text"])
            if request["type"] == "hello":
                seat = int(request["token"].rsplit("/", 1)[-1])
                game["sockets"][seat] = send
                snapshot = {"type": "snapshot", "version": game["version"]}
                await send(self.text({**snapshot, "frame": self.frame(game, seat)}))
            elif request["type"] == "intent":
                game["version"] += 1
                version = game["version"]
                await send(self.text({"type": "ack", "id": request["id"], "version": version}))
                for other, push in list(game["sockets"].items()):
                    event = {"type": "event", "version": version, "entries": []}
                    await push(self.text({**event, "frame": self.frame(game, other)}))

    def frame(self, game: dict[str, Any], seat: int) -> dict[str, Any]:
        to_act = game["version"] % 2
        frame = dict(self.frames[0] if seat == to_act else self.frames[1])  # frames[0] can move
        frame["to_act"] = [to_act]
        return frame

    @staticmethod
    def text(message: dict[str, Any]) -> dict[str, Any]:
        return {"type": "websocket.send", "text": json.dumps(message, separators=(",", ":"))}


def main() -> None:
    port = int(sys.argv[1])
    uvicorn.run(Echo(), host="127.0.0.1", port=port, log_level="warning", ws_max_size=65536,
                ws_per_message_deflate=False)  # fmt: skip


if __name__ == "__main__":
    main()
