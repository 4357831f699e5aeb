"""Computer players under load and under faults: fair turns, crashed workers, budgets.

These run real worker processes (the games they play are the registered ones, not toys).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import os
import signal
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from motley.core import registry
from motley.web.app import Settings, create_app
from motley.web.computer import choose
from motley.web.conftest import seats


def settings(tmp_path: Path, **extra: Any) -> Settings:
    known = {f.name for f in dataclasses.fields(Settings)}
    given = {"hosts": ("testserver",), **extra}
    return Settings(
        db=str(tmp_path / "games.db"),
        computer_workers=1,
        computer_delay=0,
        rate=1000.0,
        **{k: v for k, v in given.items() if k in known},
    )


def make(client: TestClient, game: str, plan: list[dict[str, Any]]) -> dict[str, Any]:
    response = client.post("/api/games", json={"game": game, "seats": plan})
    assert response.status_code == 200, response.text
    made: dict[str, Any] = response.json()
    return made


def wait_for_reply(ws: Any, seat: int) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == "event" and message["frame"]["to_act"] == [seat]:
            return message


def children() -> list[int]:
    """This process's worker children (spawned interpreters), from /proc."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            command = Path(f"/proc/{entry}/cmdline").read_bytes()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        if parent == os.getpid() and b"spawn_main" in command:
            found.append(int(entry))
    return found


@pytest.mark.slow
def test_a_level_one_game_answers_while_the_limit_of_deep_games_runs(tmp_path: Path) -> None:
    # one client at its limit of five computer games: four level-5 searches to move at once
    # and the level-1 game that must not wait behind them
    with TestClient(create_app(settings(tmp_path, computer_games_per_client=5))) as client:
        game = make(client, "chess", seats("local", "computer", level=1))
        token = game["tokens"]["0"]
        with client.websocket_connect(f"/ws/{game['id']}") as ws:
            ws.send_json({"type": "hello", "token": token, "seen": 0})
            assert ws.receive_json()["type"] == "snapshot"
            ws.send_json({"type": "intent", "id": "a", "token": token, "seen": 0, "action": "e2e4"})
            seen = wait_for_reply(ws, 0)["version"]  # the workers are up: a server running
            for _ in range(4):
                make(client, "zombie", [{"kind": "computer", "level": 5}, {"kind": "local"}])
            time.sleep(1.0)  # the deep searches are under way
            for number, move in enumerate(("d2d4", "g1f3")):
                intent = {"type": "intent", "id": f"m{number}", "token": token}
                ws.send_json({**intent, "seen": seen, "action": move})
                sent = time.monotonic()
                seen = wait_for_reply(ws, 0)["version"]
                assert time.monotonic() - sent < 2.0


def test_a_dead_worker_is_replaced_and_the_computer_plays_its_own_move(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="motley.web")
    with TestClient(create_app(settings(tmp_path))) as client:
        game = make(client, "chess", seats("local", "computer", level=2))
        token = game["tokens"]["0"]
        with client.websocket_connect(f"/ws/{game['id']}") as ws:
            ws.send_json({"type": "hello", "token": token, "seen": 0})
            assert ws.receive_json()["type"] == "snapshot"
            seen = 0
            for number, move in enumerate(("e2e4", "d2d4", "g1f3")):
                for pid in children():  # every worker dies before the computer's turn
                    os.kill(pid, signal.SIGKILL)
                intent = {"type": "intent", "id": f"m{number}", "token": token}
                ws.send_json({**intent, "seen": seen, "action": move})
                reply = wait_for_reply(ws, 0)
                seen = reply["version"]
            record = client.get(f"/api/games/{game['id']}/record.json").json()
            seed = client.app.state.hub.games[game["id"]].match.header.seed  # type: ignore[attr-defined]
    rules = registry.make("chess")
    state = rules.initial_state()
    events = [e["action"] if isinstance(e, dict) else e for e in record["events"]]
    for version, text in enumerate(events, 1):
        if version % 2 == 0:  # the computer's moves: what a fresh worker picks from there
            own = choose(rules, state, 1, 2, f"{seed}/seat/1/{version - 1}")
            assert text == own, version
        state = rules.apply(state, rules.parse_action(state, text))
    assert "at random" not in caplog.text


def test_a_player_that_fails_never_becomes_a_random_move(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    import motley.web.computer as computer

    def broken(*args: Any, **kwargs: Any) -> str:
        raise RuntimeError("the search fell over")

    monkeypatch.setattr(computer, "choose", broken)
    game = make(client, "chess", seats("local", "computer", level=3))
    token = game["tokens"]["0"]
    with client.websocket_connect(f"/ws/{game['id']}") as ws:
        ws.send_json({"type": "hello", "token": token, "seen": 0})
        ws.receive_json()
        ws.send_json({"type": "intent", "id": "a", "token": token, "seen": 0, "action": "e2e4"})
        assert ws.receive_json()["type"] == "ack"
        time.sleep(0.5)
    info = client.get(f"/api/games/{game['id']}").json()
    assert info["ply"] == 1  # the computer has not moved: no random move in its place
    assert "at random" not in caplog.text


def test_games_take_turns_on_a_lane() -> None:
    """Round robin by game: a game with many waiting jobs does not go before the others."""
    from motley.web.computer import Job, Lane, ThreadWorker

    order: list[str] = []

    class Recorder(ThreadWorker):
        async def ask(self, job: Job, quick: bool, timeout: float) -> str:
            order.append(job.game_id)
            await asyncio.sleep(0)
            return "e2e4"

    async def run() -> None:
        lane = Lane("test", [Recorder()])
        rules = registry.make("chess")
        jobs = [Job(rules, rules.initial_state(), 0, 1, "s", game) for game in "aaaab"]
        await asyncio.gather(*(lane.submit(job) for job in jobs))
        lane.close()

    asyncio.run(run())
    assert order.index("b") <= 1, order


def session_members(session: int) -> list[int]:
    """Processes still alive in a session (the server was started as its leader)."""
    alive = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[3]) == session and fields[0] != "Z":
                alive.append(int(entry))
    return alive


@pytest.mark.slow
@pytest.mark.parametrize("whole_group", [True, False], ids=["group", "server"])
def test_sigterm_stops_cleanly_and_stores_no_move_not_chosen(
    tmp_path: Path, whole_group: bool
) -> None:
    import json as jsonlib
    import sqlite3

    import httpx
    from websockets.sync.client import connect

    from motley.web.test_restart import free_port, receive, server

    db = tmp_path / "games.db"
    port = free_port()
    with server(db, port) as process:
        made = httpx.post(
            f"http://127.0.0.1:{port}/api/games",
            json={"game": "chess", "seats": seats("local", "computer", level=2)},
        ).json()
        token = made["tokens"]["0"]
        with connect(f"ws://127.0.0.1:{port}/ws/{made['id']}") as ws:
            ws.send(jsonlib.dumps({"type": "hello", "token": token, "seen": 0}))
            receive(ws, "snapshot")
            ws.send(
                jsonlib.dumps(
                    {"type": "intent", "id": "a", "token": token, "seen": 0, "action": "e2e4"}
                )
            )
            receive(ws, "ack")
            # as a service manager stops it: every process of the group, or the server alone
            if whole_group:
                os.killpg(process.pid, signal.SIGTERM)
            else:
                os.kill(process.pid, signal.SIGTERM)
            assert process.wait(timeout=30) is not None
        deadline = time.monotonic() + 10
        while session_members(process.pid) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert session_members(process.pid) == []  # no worker, no resource tracker
    with sqlite3.connect(db) as stored:
        seed = jsonlib.loads(stored.execute("SELECT header FROM games").fetchone()[0])["seed"]
        steps = [
            jsonlib.loads(body)
            for (body,) in stored.execute("SELECT body FROM entries ORDER BY seq")
        ]
    rules = registry.make("chess")
    state = rules.apply(rules.initial_state(), rules.parse_action(rules.initial_state(), "e2e4"))
    if len(steps) > 1:  # the computer finished in time: its move must be its own
        own = choose(rules, state, 1, 2, f"{seed}/seat/1/1")
        assert steps[1]["event"]["action"] == own, steps
    assert len(steps) <= 2
