"""The HTTP side: pages, the catalog, creating and joining games, downloads, clear errors."""

from __future__ import annotations

import html

import pytest
from fastapi.testclient import TestClient

from motley.core import registry
from motley.core.record import GameRecord, replay, seed_hash
from motley.web.conftest import create, seats
from motley.web.testing import Session, connect, session


def test_pages_are_served(client: TestClient) -> None:
    lobby = client.get("/")
    assert lobby.status_code == 200
    assert 'src="/static/js/lobby.js"' in lobby.text
    assert client.get("/static/app.css").status_code == 200
    for script in ("lobby", "game", "board", "net", "pieces", "dom", "keep"):
        assert client.get(f"/static/js/{script}.js").status_code == 200, script
    game = create(client, "chess", "local", "local")
    page = client.get(game["url"])
    assert page.status_code == 200
    assert f'data-game="{game["id"]}"' in page.text


def test_unknown_game_page_is_a_clear_404(client: TestClient) -> None:
    response = client.get("/g/nosuchgame")
    assert response.status_code == 404
    assert "There is no game" in response.text
    assert client.get("/rules/nosuchgame").status_code == 404


def test_every_registered_game_has_a_rules_page(client: TestClient) -> None:
    index = client.get("/rules").text
    for spec in registry.specs():
        assert f'href="/rules/{spec.id}"' in index
        page = client.get(f"/rules/{spec.id}")
        assert page.status_code == 200, spec.id
        assert spec.title in page.text
        for option in spec.options:  # each house rule by its label, never its identifier
            assert f"<dt>{html.escape(option.label)}</dt>" in page.text, (spec.id, option.name)


def test_a_game_without_a_page_of_its_own_shows_its_docstring(client: TestClient) -> None:
    page = client.get("/rules/toy-dice-race").text
    assert "<code>walk</code>" in page  # `code` spans become <code>
    assert "seed/chance/n" in page  # how to re-check the draws of a game with chance


def test_catalog_lists_every_game_with_its_header(client: TestClient) -> None:
    catalog = client.get("/api/catalog").json()
    by_id = {g["id"]: g for g in catalog}
    assert set(by_id) == set(registry.game_ids())
    chess = by_id["chess"]
    assert chess["players"] == 2 and chess["seat_names"] == ["White", "Black"]
    assert chess["board"] == "square8x8"
    assert [lv["level"] for lv in chess["levels"]] == [1, 2, 3, 4, 5]
    assert "chance" in by_id["chess960"]["traits"]
    assert "hidden" in by_id["toy-secret-word"]["traits"]
    assert by_id["toy-secret-word"]["board"] is None


def test_create_returns_tokens_only_for_local_seats(client: TestClient) -> None:
    game = create(client, "chess", "local", "invite")
    assert set(game["tokens"]) == {"0"}
    assert len(game["tokens"]["0"]) >= 40
    assert set(game["invites"]) == {"1"}
    assert game["invites"]["1"].startswith(f"/g/{game['id']}?join=1&code=")
    info = client.get(f"/api/games/{game['id']}").json()
    assert info["seats"][1]["open"] is True
    assert info["seed"] is None and len(info["seed_hash"]) == 64


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": "nope", "seats": seats("local", "local")}, "unknown game 'nope'"),
        ({"game": "chess", "seats": seats("local")}, "must list 2 seats"),
        ({"game": "chess", "seats": seats("local", "robot")}, "a seat is local"),
        ({"game": "chess", "seats": [{"kind": "computer", "level": 9}] * 2}, "levels are 1 to 5"),
        ({"game": "chess", "seats": seats("local", "local"), "options": {"x": 1}}, "no option"),
        (
            {"game": "chess", "seats": seats("local", "local"), "options": {"position": "junk"}},
            "option 'position'",
        ),
        (
            {"game": "chess", "seats": seats("local", "local"), "options": {"repetition": "x"}},
            "whole number",
        ),
        ({"game": 3}, "which game"),
        ({"game": "chess", "seats": seats("local", "local"), "listed": "yes"}, "true or false"),
    ],
)
def test_bad_requests_get_one_line_errors(
    client: TestClient, body: dict[str, object], words: str
) -> None:
    response = client.post("/api/games", json=body)
    assert response.status_code in (400, 404), response.text
    error = response.json()["error"]
    assert words in error
    assert "\n" not in error and "Traceback" not in error


def test_malformed_bodies_are_rejected_clearly(client: TestClient) -> None:
    as_json = {"Content-Type": "application/json"}
    for raw in (b"{", b"[1, 2]", b"\xff\xfe", b"x" * 20000):
        response = client.post("/api/games", content=raw, headers=as_json)
        assert response.status_code == (413 if len(raw) > 16384 else 400)
        assert "\n" not in response.json()["error"]


def test_options_given_as_text_are_read_by_their_type(client: TestClient) -> None:
    game = create(
        client, "chess", "local", "local", options={"repetition": "5", "no_progress_plies": 0}
    )
    info = client.get(f"/api/games/{game['id']}").json()
    assert info["options"]["repetition"] == 5
    assert info["options"]["no_progress_plies"] == 0


def test_join_a_seat_open_to_anyone_once(client: TestClient) -> None:
    game = create(client, "chess", "local", "open")
    joined = client.post(f"/api/games/{game['id']}/join", json={"seat": 1})
    assert joined.status_code == 200
    assert joined.json()["seat"] == 1 and len(joined.json()["token"]) >= 40
    again = client.post(f"/api/games/{game['id']}/join", json={"seat": 1})
    assert again.status_code == 409
    assert "already taken" in again.json()["error"]
    local = client.post(f"/api/games/{game['id']}/join", json={"seat": 0})
    assert local.status_code == 409
    assert client.get(f"/api/games/{game['id']}").json()["seats"][1]["open"] is False


def test_an_unlisted_game_needs_its_invitation_code(client: TestClient) -> None:
    game = create(client, "chess", "local", "invite", listed=False)
    url = game["invites"]["1"]
    code = url.split("code=")[1]
    wrong = client.post(f"/api/games/{game['id']}/join", json={"seat": 1, "code": "guess"})
    assert wrong.status_code == 409 and "not valid" in wrong.json()["error"]
    right = client.post(f"/api/games/{game['id']}/join", json={"seat": 1, "code": code})
    assert right.status_code == 200
    lists = client.get("/api/games").json()
    assert all(g["id"] != game["id"] for key in lists for g in lists[key])


def test_lobby_lists_open_running_and_finished_games(client: TestClient) -> None:
    open_game = create(client, "chess", "local", "open", listed=True)
    friends = create(client, "chess", "local", "invite", listed=True)  # the friend's seat
    running = create(client, "chess", "local", "computer")
    finished = create(client, "toy-doubling-puzzle", "local")
    token = finished["tokens"]["0"]
    with session(client, finished, token) as s:
        assert s.intent(token, do="resign")["type"] == "ack"
    lists = client.get("/api/games").json()
    assert [g["id"] for g in lists["open"]] == [open_game["id"]]  # never the friend's seat
    assert friends["id"] not in [g["id"] for g in lists["open"]]
    assert lists["open"][0]["open_seats"] == [1]
    assert running["id"] in [g["id"] for g in lists["running"]]
    assert [g["id"] for g in lists["finished"]] == [finished["id"]]


def test_record_downloads_replay_and_keep_the_seed_until_the_end(client: TestClient) -> None:
    game = create(client, "chess960", "local", "local")
    token = game["tokens"]["0"]
    with connect(client, game) as ws:
        s = Session(ws)
        move = s.hello(token)["frame"]["actions"]["moves"][0][2]
        assert s.intent(token, move)["type"] == "ack"
    response = client.get(f"/api/games/{game['id']}/record.json")
    assert response.status_code == 200
    assert "attachment" in response.headers["content-disposition"]
    record = GameRecord.from_json(response.json())
    assert record.seed is None  # still secret while the game goes on
    assert len(replay(record)) == 3  # the start position drawn, then one move
    pgn = client.get(f"/api/games/{game['id']}/record.pgn")
    assert pgn.status_code == 200
    assert '[Variant "Chess960"]' in pgn.text and "1. " in pgn.text
    assert client.get(f"/api/games/{game['id']}").json()["pgn"] is True


@pytest.mark.parametrize(
    ("game", "download", "status", "words"),
    [
        pytest.param("toy-dice-race", "record.pgn", 400, "PGN", id="pgn-of-another-game"),
        pytest.param(
            "toy-secret-word", "record.json", 409, "once it has ended", id="hidden-game-going-on"
        ),
    ],
)
def test_downloads_are_refused_clearly(
    client: TestClient, game: str, download: str, status: int, words: str
) -> None:
    """PGN is for chess games only; a hidden game's record only once it is over."""
    made = create(client, game, "local", "local")
    response = client.get(f"/api/games/{made['id']}/{download}")
    assert response.status_code == status
    assert words in response.json()["error"]
    assert client.get(f"/api/games/{made['id']}").json()["pgn"] is False


def test_the_seed_is_revealed_once_the_game_ends(client: TestClient) -> None:
    game = create(client, "toy-dice-race", "local", "local")
    token = game["tokens"]["0"]
    with session(client, game, token) as s:
        assert s.intent(token, do="resign")["type"] == "ack"
    info = client.get(f"/api/games/{game['id']}").json()
    assert info["over"] and info["result"].startswith("Blue wins")
    assert seed_hash(info["seed"]) == info["seed_hash"]
    record = client.get(f"/api/games/{game['id']}/record.json").json()
    assert record["seed"] == info["seed"] and record["result"] == [-1.0, 1.0]


def test_board_endpoint_describes_the_geometry(client: TestClient) -> None:
    game = create(client, "chess", "local", "local")
    board = client.get(f"/api/games/{game['id']}/board").json()
    assert board["id"] == "square8x8" and len(board["cells"]) == 64
    assert board["cells"][0]["name"] == "a1" and board["labels"] == "edges"
    boardless = create(client, "toy-secret-word", "local", "local")
    assert client.get(f"/api/games/{boardless['id']}/board").json() is None


def test_a_missing_game_is_a_404_everywhere(client: TestClient) -> None:
    for path in ("", "/board", "/record.json", "/record.pgn"):
        response = client.get(f"/api/games/zzzz{path}")
        assert response.status_code == 404
        assert response.json()["error"] == "there is no game 'zzzz'"
