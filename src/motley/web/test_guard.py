"""The server against hostile or odd requests: other sites, odd input, floods, friend seats."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import MutableMapping
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from motley.web.app import Settings, create_app
from motley.web.conftest import create, seats
from motley.web.hub import Sources
from motley.web.testing import Session, toy_games


def app_client(tmp_path: Path, **extra: Any) -> TestClient:
    given: dict[str, Any] = {
        "db": str(tmp_path / "games.db"),
        "computer_workers": 0,
        "computer_delay": 0,
        "rate": 1000.0,
        "hosts": ("testserver",),
        **extra,
    }
    return TestClient(create_app(Settings(**given)))


def one_json_line(response: Any) -> str:
    assert "\n" not in response.text
    message: str = response.json()["error"]
    return message


# -- other sites ---------------------------------------------------------------------------------


def test_a_form_from_another_site_creates_nothing(client: TestClient) -> None:
    form = "game=chess&seats=x"
    plain = client.post(
        "/api/games", content=form, headers={"Content-Type": "text/plain"}
    )  # what an HTML form may send anywhere without asking
    assert plain.status_code == 415
    one_json_line(plain)
    body = {"game": "chess", "seats": seats("local", "local")}
    elsewhere = client.post("/api/games", json=body, headers={"Origin": "https://evil.example"})
    assert elsewhere.status_code == 403
    one_json_line(elsewhere)
    assert client.get("/api/games").json()["running"] == []
    own = client.post("/api/games", json=body, headers={"Origin": "http://testserver"})
    assert own.status_code == 200


def test_dns_rebinding_is_refused_on_posts_and_sockets(client: TestClient) -> None:
    game = create(client, "chess", "local", "local")
    rebound = {"Host": "evil.example", "Origin": "http://evil.example"}
    body = {"game": "chess", "seats": seats("local", "local")}
    assert client.post("/api/games", json=body, headers=rebound).status_code == 403
    with (
        pytest.raises(WebSocketDisconnect),
        client.websocket_connect(f"/ws/{game['id']}", headers=rebound) as ws,
    ):
        ws.receive_text()
    for host in ("127.0.0.1:8000", "localhost", "[::1]:8000", "192.168.1.20"):
        allowed = client.post("/api/games", json=body, headers={"Host": host})
        assert allowed.status_code == 200, host


def test_a_public_name_is_allowed_when_given(tmp_path: Path) -> None:
    with toy_games(), app_client(tmp_path, hosts=("chess.example.org",)) as named:
        body = {"game": "chess", "seats": seats("local", "local")}
        headers = {"Host": "chess.example.org", "Origin": "https://chess.example.org"}
        assert named.post("/api/games", json=body, headers=headers).status_code == 200
        assert named.post("/api/games", json=body).status_code == 403  # testserver: not named


# -- odd input -----------------------------------------------------------------------------------


def test_huge_integers_and_lone_surrogates_get_one_line_4xx(client: TestClient) -> None:
    huge = '{"game": "chess", "seats": ' + "9" * 5000 + "}"
    response = client.post("/api/games", content=huge, headers={"Content-Type": "application/json"})
    assert response.status_code == 400
    one_json_line(response)
    game = create(client, "chess", "local", "invite")
    surrogate = '{"seat": 1, "code": "\\ud800"}'
    joined = client.post(
        f"/api/games/{game['id']}/join",
        content=surrogate,
        headers={"Content-Type": "application/json"},
    )
    assert 400 <= joined.status_code < 500
    one_json_line(joined)


def test_a_lone_surrogate_token_on_the_socket_is_answered(client: TestClient) -> None:
    game = create(client, "chess", "local", "local")
    with client.websocket_connect(f"/ws/{game['id']}") as ws:
        ws.send_text('{"type": "hello", "token": "\\ud800", "seen": 0}')
        reply = json.loads(ws.receive_text())
        assert reply["type"] == "error" and "not valid" in reply["error"]
        bad = '{"type": "intent", "id": "a", "token": "\\udfff", "seen": 0, "action": "\\ud800"}'
        ws.send_text(bad)
        assert json.loads(ws.receive_text())["type"] == "reject"
        s = Session(ws)  # the line is still open and the game unharmed
        assert s.hello(game["tokens"]["0"])["type"] == "snapshot"
        assert s.intent(game["tokens"]["0"], "e2e4")["type"] == "ack"


# -- friend seats --------------------------------------------------------------------------------


def test_a_friends_seat_needs_its_code_even_in_a_listed_game(client: TestClient) -> None:
    game = create(client, "chess", "local", "invite", listed=True)
    for code in ("", "wrong"):
        taken = client.post(f"/api/games/{game['id']}/join", json={"seat": 1, "code": code})
        assert taken.status_code == 409 and "not valid" in taken.json()["error"]
    assert client.get("/api/games").json()["open"] == []  # never offered in the lobby
    code = game["invites"]["1"].split("code=")[1]
    joined = client.post(f"/api/games/{game['id']}/join", json={"seat": 1, "code": code})
    assert joined.status_code == 200


def test_a_game_with_a_friend_is_unlisted_unless_asked(client: TestClient) -> None:
    friend = create(client, "chess", "local", "invite")
    assert client.get(f"/api/games/{friend['id']}").json()["listed"] is False
    open_seat = create(client, "chess", "local", "open")
    info = client.get(f"/api/games/{open_seat['id']}").json()
    assert info["listed"] is True and info["seats"][1]["anyone"] is True


# -- sizes and rates -----------------------------------------------------------------------------


def test_a_huge_body_is_refused_while_it_is_read(tmp_path: Path) -> None:
    """Fed to the app piece by piece, a 50 MB body is refused after the first ~16 KB."""
    app = create_app(Settings(db=str(tmp_path / "g.db"), hosts=("testserver",)))
    pieces = 50 * 1024  # 1 KB each
    read = []
    answer: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        read.append(1)
        return {"type": "http.request", "body": b" " * 1024, "more_body": len(read) < pieces}

    async def send(message: MutableMapping[str, Any]) -> None:
        answer.append(dict(message))

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/api/games",
        "raw_path": b"/api/games",
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"testserver"), (b"content-type", b"application/json")],
        "client": ("127.0.0.1", 5000),
        "server": ("testserver", 80),
    }
    asyncio.run(app(scope, receive, send))
    assert answer[0]["status"] == 413
    assert "request body too large" in json.loads(answer[1]["body"])["error"]
    assert len(read) < 64  # about 16 KB read, not 50 MB


def test_game_creation_and_connections_are_limited_per_client(tmp_path: Path) -> None:
    with (
        toy_games(),
        app_client(tmp_path, creations_per_minute=3.0, connections_per_client=2) as limited,
    ):
        body = {"game": "chess", "seats": seats("local", "local")}
        answers = [limited.post("/api/games", json=body) for _ in range(5)]
        assert [a.status_code for a in answers] == [200, 200, 200, 429, 429]
        assert "Retry-After" in answers[-1].headers
        one_json_line(answers[-1])
        game = answers[0].json()
        with limited.websocket_connect(f"/ws/{game['id']}"):
            with (
                limited.websocket_connect(f"/ws/{game['id']}"),
                pytest.raises(WebSocketDisconnect),
                limited.websocket_connect(f"/ws/{game['id']}") as third,
            ):
                third.receive_text()
            with limited.websocket_connect(f"/ws/{game['id']}") as again:  # one was freed
                again.send_text('{"type": "ping"}')
                assert json.loads(again.receive_text())["type"] == "pong"


def test_computer_games_need_a_person_and_are_limited_per_client(tmp_path: Path) -> None:
    with toy_games(), app_client(tmp_path, computer_games_per_client=2) as strict:
        body = {"game": "chess", "seats": seats("computer", "computer")}
        alone = strict.post("/api/games", json=body)
        assert alone.status_code == 400 and "--allow-computer-games" in alone.json()["error"]
        against = {"game": "chess", "seats": seats("local", "computer")}
        first, second = (strict.post("/api/games", json=against).json() for _ in range(2))
        with (
            strict.websocket_connect(f"/ws/{first['id']}") as at_first,
            strict.websocket_connect(f"/ws/{second['id']}") as at_second,
        ):
            Session(at_first).hello(first["tokens"]["0"])
            Session(at_second).hello(second["tokens"]["0"])
            third = strict.post("/api/games", json=against)
            assert third.status_code == 429 and "2 games" in one_json_line(third)
            people = {"game": "chess", "seats": seats("local", "local")}
            assert strict.post("/api/games", json=people).status_code == 200
        # a game nobody is at costs no computer time: leaving both frees the client
        assert strict.post("/api/games", json=against).status_code == 200


# -- replays and retries -------------------------------------------------------------------------


def test_old_idle_games_are_not_replayed_at_start_but_still_open(tmp_path: Path) -> None:
    now = [1_000_000.0]
    sources = Sources(clock=lambda: now[0])
    with toy_games():
        with app_client(tmp_path, sources=sources) as first:
            old = create(first, "chess", "local", "computer")
        now[0] += 3 * 86_400  # three days later
        with app_client(tmp_path, sources=sources) as second:
            recent = create(second, "chess", "local", "computer")
        with app_client(tmp_path, sources=sources) as third:
            hub = third.app.state.hub  # type: ignore[attr-defined]
            deadline = time.monotonic() + 10
            while recent["id"] not in hub.games and time.monotonic() < deadline:
                time.sleep(0.05)  # start-up replay runs in the background
            assert recent["id"] in hub.games and old["id"] not in hub.games
            assert third.get(f"/api/games/{old['id']}").status_code == 200  # loads on demand


def test_a_retried_request_gets_the_same_ack_whatever_followed(client: TestClient) -> None:
    game = create(client, "toy-dice-race", "local", "local")
    first, second = game["tokens"]["0"], game["tokens"]["1"]
    with client.websocket_connect(f"/ws/{game['id']}") as ws:
        s = Session(ws)
        s.hello(first)
        ack = s.intent(first, "roll", intent="roll-1")  # a die is thrown right after it
        s.event()
        s.intent(second, "walk")
        s.event()
        again = s.intent(first, "roll", intent="roll-1", seen=0)
        assert again["type"] == "ack" and again["version"] == ack["version"]


# -- storage -------------------------------------------------------------------------------------


def test_a_full_disk_gets_a_clean_503_and_healthz_tells(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    original = store.append

    def full(batch: Any) -> None:
        store.failing = "database or disk is full"
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(store, "append", full)
    response = client.post("/api/games", json={"game": "chess", "seats": seats("local", "local")})
    assert response.status_code == 503
    assert response.headers["Retry-After"] and one_json_line(response)
    assert response.json()["retry"] is True
    assert client.get("/healthz").status_code == 503
    monkeypatch.setattr(store, "append", original)
    create(client, "chess", "local", "local")
    assert client.get("/healthz").status_code == 200


def test_healthz_reads_the_database(client: TestClient) -> None:
    assert client.get("/healthz").json() == {"status": "ok"}
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    with store._lock:
        store._db.execute("DROP TABLE games")  # the database no longer holds what it should
    response = client.get("/healthz")
    assert response.status_code == 503
    one_json_line(response)
