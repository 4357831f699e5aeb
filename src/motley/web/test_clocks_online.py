"""Clocks, losses on time, walkovers, invitation links and the lobby's lists, over the API."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from motley.web.app import Settings, create_app
from motley.web.hub import Sources
from motley.web.presence import STALE_AFTER
from motley.web.testing import Session, toy_games

CLAIM_AFTER = 0.3


class FakeTime:
    """A server clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def settings(path: Path, **extra: Any) -> Settings:
    return Settings(
        db=str(path),
        computer_workers=0,
        computer_delay=0,
        rate=1000.0,
        hosts=("testserver",),  # the test client's Host
        **extra,
    )


@pytest.fixture
def online(tmp_path: Path) -> Iterator[TestClient]:
    with (
        toy_games(),
        TestClient(create_app(settings(tmp_path / "g.db", claim_after=CLAIM_AFTER))) as client,
    ):
        yield client


def make(client: TestClient, *kinds: str, **extra: Any) -> dict[str, Any]:
    seats = [{"kind": kind, "level": 1} for kind in kinds]
    response = client.post("/api/games", json={"game": "chess", "seats": seats, **extra})
    assert response.status_code == 200, response.text
    made: dict[str, Any] = response.json()
    return made


def join(client: TestClient, made: dict[str, Any], seat: int) -> str:
    code = made["invites"][str(seat)].split("code=")[1]
    response = client.post(f"/api/games/{made['id']}/join", json={"seat": seat, "code": code})
    assert response.status_code == 200, response.text
    token: str = response.json()["token"]
    return token


def result_event(s: Session, timeout: float = 10.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        message = s.recv()
        if message["type"] == "event" and message["frame"]["result"]:
            return message
    raise AssertionError("the game did not end")


def test_the_side_to_move_loses_on_time_and_a_restart_keeps_it(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    with toy_games(), TestClient(create_app(settings(db))) as client:
        made = make(client, "local", "local", clock={"minutes": 0.02, "increment": 0})
        white = made["tokens"]["0"]
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            s = Session(ws)
            clock = s.hello(white)["frame"]["clock"]
            assert clock["running"] == [0] and clock["left"] == [1.2, 1.2]
            ended = result_event(s)
        assert ended["entries"][-1]["t"] == "flag"
        assert ended["frame"]["result"]["text"] == "Black wins (White lost on time)"
        assert ended["frame"]["clock"]["running"] == []
        assert ended["frame"]["clock"]["left"][0] <= 0 < ended["frame"]["clock"]["left"][1]
    with toy_games(), TestClient(create_app(settings(db))) as client:
        info = client.get(f"/api/games/{made['id']}").json()
        assert info["over"] and info["result"] == "Black wins (White lost on time)"


def test_a_move_after_the_flag_fell_is_refused(tmp_path: Path) -> None:
    fake = FakeTime()
    sources = Sources(clock=fake)
    with toy_games(), TestClient(create_app(settings(tmp_path / "g.db", sources=sources))) as c:
        made = make(c, "local", "local", clock={"minutes": 1, "increment": 2})
        white, black = made["tokens"]["0"], made["tokens"]["1"]
        with c.websocket_connect(f"/ws/{made['id']}") as ws:
            s = Session(ws)
            s.hello(white)
            fake.now += 10
            assert s.intent(white, "e2e4")["type"] == "ack"
            clock = s.event()["frame"]["clock"]
            assert clock["left"] == [52.0, 60.0] and clock["running"] == [1]  # 10 s, then +2
            fake.now += 61  # Black thinks too long: the server sees it at Black's move
            late = s.intent(black, "e7e5")
            assert late["type"] == "reject" and "White wins (Black lost on time)" in late["error"]


def test_games_without_a_clock_have_none() -> None:
    with toy_games(), TestClient(create_app(settings(Path(":memory:")))) as client:
        made = make(client, "local", "local")
        with client.websocket_connect(f"/ws/{made['id']}") as ws:
            assert Session(ws).hello(made["tokens"]["0"])["frame"]["clock"] is None
        bad = client.post(
            "/api/games",
            json={"game": "chess", "seats": [{"kind": "local"}] * 2, "clock": {"minutes": -1}},
        )
        assert bad.status_code == 400 and "from 0 to" in bad.json()["error"]


def test_a_player_whose_opponent_left_claims_the_win(online: TestClient) -> None:
    made = make(online, "local", "invite")
    white = made["tokens"]["0"]
    black = join(online, made, 1)
    with online.websocket_connect(f"/ws/{made['id']}") as w:
        s = Session(w)
        s.hello(white)
        with online.websocket_connect(f"/ws/{made['id']}") as b:
            t = Session(b)
            t.hello(black)
            assert s.intent(white, "e2e4")["type"] == "ack"
            assert t.intent(black, "e7e5", seen=s.version)["type"] == "ack"
            early = s.intent(white, do="claim")
            assert early["type"] == "reject" and "has not left" in early["error"]
        gone = s.until("presence")  # Black's page closed
        assert list(gone["away"]) == ["1"] and gone["claim_after"] == CLAIM_AFTER
        assert gone["abort"] is False
        time.sleep(CLAIM_AFTER + 0.1)
        assert s.intent(white, do="abort")["type"] == "reject"  # too late to abort
        assert s.intent(white, do="claim")["type"] == "ack"
        ended = result_event(s)
    assert ended["frame"]["result"]["text"] == (
        "White wins (Black left the game; White claimed the win)"
    )


def test_before_two_moves_a_game_is_only_aborted(online: TestClient) -> None:
    made = make(online, "local", "invite")
    white = made["tokens"]["0"]
    join(online, made, 1)  # the friend took the seat but never connected
    time.sleep(CLAIM_AFTER + 0.1)
    with online.websocket_connect(f"/ws/{made['id']}") as w:
        s = Session(w)
        s.hello(white)
        claim = s.intent(white, do="claim")
        assert claim["type"] == "reject" and "only be aborted" in claim["error"]
        assert s.intent(white, do="abort")["type"] == "ack"
        ended = result_event(s)
    assert ended["frame"]["result"]["returns"] is None
    assert ended["frame"]["result"]["text"] == "game aborted by White"


def test_the_creator_sees_the_invitation_link_again(online: TestClient) -> None:
    made = make(online, "local", "invite")
    url = f"/api/games/{made['id']}/invitations"
    for token in (made["tokens"]["0"], made["creator"]):
        shown = online.get(url, headers={"X-Motley-Token": token})
        assert shown.status_code == 200 and shown.json()["invites"] == made["invites"]
    for headers in ({"X-Motley-Token": "not-a-token"}, {}):
        refused = online.get(url, headers=headers)
        assert refused.status_code in (400, 409) and "\n" not in refused.json()["error"]
    friend = join(online, made, 1)
    assert online.get(url, headers={"X-Motley-Token": friend}).status_code == 409
    taken = online.get(url, headers={"X-Motley-Token": made["creator"]}).json()
    assert taken["invites"] == {}


def test_abandoned_games_leave_the_lobby(tmp_path: Path) -> None:
    fake = FakeTime()
    with (
        toy_games(),
        TestClient(create_app(settings(tmp_path / "g.db", sources=Sources(clock=fake)))) as client,
    ):
        made = make(client, "local", "computer")
        running = [g["id"] for g in client.get("/api/games").json()["running"]]
        assert made["id"] in running  # just made: its player is on the way
        fake.now += STALE_AFTER + 1
        running = [g["id"] for g in client.get("/api/games").json()["running"]]
        assert made["id"] not in running
