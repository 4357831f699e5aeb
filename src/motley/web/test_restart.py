"""A server killed mid-game loses no acknowledged move, and every open game resumes."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def server(db: Path, port: int) -> Iterator[subprocess.Popen[bytes]]:
    """`motley serve` in its own process group, so killing it kills its workers too."""
    process = subprocess.Popen(
        [sys.executable, "-m", "motley", "serve", "--port", str(port), "--db", str(db)],
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/healthz").status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                error = process.stderr.read().decode() if process.stderr else ""
                raise RuntimeError(f"the server did not start: {error}")
            time.sleep(0.1)
        yield process
    finally:
        kill(process)


def kill(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGKILL)  # no chance to tidy up: a real crash
        process.wait(timeout=10)


def receive(ws: ClientConnection, kind: str, timeout: float = 20.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=max(0.1, deadline - time.monotonic())))
        if message["type"] == kind:
            return message


def play(ws: ClientConnection, token: str, action: str, seen: int, intent: str) -> dict[str, Any]:
    ws.send(json.dumps({"type": "intent", "id": intent, "token": token, "seen": seen,
                        "action": action}))  # fmt: skip
    return receive(ws, "ack")


def test_a_killed_server_loses_nothing_and_the_game_goes_on(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    url = f"ws://127.0.0.1:{port}"
    with server(db, port) as first:
        made = httpx.post(
            f"{base}/api/games",
            json={"game": "chess", "seats": [{"kind": "local"}, {"kind": "computer", "level": 1}]},
        ).json()
        token = made["tokens"]["0"]
        with connect(f"{url}/ws/{made['id']}") as ws:
            ws.send(json.dumps({"type": "hello", "token": token, "seen": 0}))
            receive(ws, "snapshot")
            assert play(ws, token, "e2e4", 0, "one")["version"] == 1
            reply = receive(ws, "event")
            while reply["frame"]["to_act"] != [0]:
                reply = receive(ws, "event")
            seen = reply["version"]
            ack = play(ws, token, "d2d4", seen, "two")
            acknowledged = ack["version"]
            kill(first)  # mid-game: the computer has not answered the second move yet
    with server(db, port):
        with connect(f"{url}/ws/{made['id']}") as ws:
            ws.send(json.dumps({"type": "hello", "token": token, "seen": 0}))
            snapshot = receive(ws, "snapshot")
            texts = [m["moves"][0][2] for m in snapshot["moves"]]
            assert texts[0] == "e2e4" and texts[2] == "d2d4"
            assert snapshot["version"] >= acknowledged
            # the computer resumes by itself and answers the move made before the crash
            while snapshot["frame"]["to_act"] != [0]:
                snapshot = receive(ws, "event")
            assert len(snapshot["frame"]["scene"]["pieces"]) <= 32
            # the same request sent again after the restart is recognised, not replayed
            assert play(ws, token, "d2d4", seen, "two")["version"] == acknowledged
            version = snapshot["version"]
            moves = snapshot["frame"]["actions"]["moves"]
            assert play(ws, token, moves[0][2], version, "three")["version"] == version + 1
        info = httpx.get(f"{base}/api/games/{made['id']}").json()
        assert info["ply"] >= 5 and not info["over"]
