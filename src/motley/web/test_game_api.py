"""The game page's requests: the result in words, rematches, typed moves, finished games,
and which controls a game offers."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

from motley.core import registry
from motley.core.rules import NodeKind
from motley.web.conftest import create
from motley.web.testing import Session, connect, session

FEN_TWO_WAYS = "4k3/8/8/8/2p5/1P6/8/4KB2 w - - 0 1"  # bxc4 and Bxc4 both take on c4


def read(client: TestClient, game: dict[str, Any], seat: int, text: str) -> Any:
    token = game["tokens"][str(seat)]
    return client.post(f"/api/games/{game['id']}/read", json={"token": token, "text": text})


def test_typed_moves_read_as_lichess_reads_them(client: TestClient) -> None:
    game = create(client, "chess", "local", "local")
    assert read(client, game, 0, "e4").json() == {"action": "e2e4", "label": "e4", "version": 0}
    assert read(client, game, 0, "Nf3").json()["action"] == "g1f3"
    assert read(client, game, 0, "nf3").json()["action"] == "g1f3"  # case ignored
    assert read(client, game, 0, "e2-e4").json()["action"] == "e2e4"
    assert read(client, game, 0, "  d2d4 ").json()["action"] == "d2d4"
    unknown = read(client, game, 0, "Ke5")
    assert unknown.status_code == 200 and "not a move you can make now" in unknown.json()["error"]
    assert "not your turn" in read(client, game, 1, "e5").json()["error"]
    assert "type a move" in read(client, game, 0, "  ").json()["error"]


def test_a_typed_move_naming_two_actions_says_so(client: TestClient) -> None:
    game = create(client, "chess", "local", "local", options={"position": FEN_TWO_WAYS})
    assert read(client, game, 0, "bxc4").json()["action"] == "b3c4"  # exact SAN first
    assert read(client, game, 0, "Bxc4").json()["action"] == "f1c4"
    error = read(client, game, 0, "BXC4").json()["error"]
    assert "ambiguous" in error and "Bxc4" in error and "bxc4" in error
    assert "\n" not in error


def test_the_result_says_who_won_and_why(client: TestClient) -> None:
    game = create(client, "chess", "local", "local")
    white, black = game["tokens"]["0"], game["tokens"]["1"]
    with session(client, game, white) as s:
        for token, move in ((white, "f2f3"), (black, "e7e5"), (white, "g2g4"), (black, "Qh4")):
            assert s.intent(token, move)["type"] == "ack"
        result = s.event()["frame"]["result"]
    assert result is not None, "no result after the mate"
    assert result["headline"] == "Black wins" and result["reason"] == "Checkmate"
    assert result["winners"] == [1] and result["text"] == "Black wins (checkmate)"


def test_resigning_is_a_reason_too(client: TestClient) -> None:
    game = create(client, "chess", "local", "computer")
    with session(client, game, game["tokens"]["0"]) as s:
        assert s.intent(game["tokens"]["0"], do="resign")["type"] == "ack"
        result = s.event()["frame"]["result"]
    assert (result["headline"], result["reason"]) == ("Black wins", "White resigned")


def test_a_rematch_swaps_the_colours_and_reaches_every_player(client: TestClient) -> None:
    game = create(client, "chess", "local", "computer")
    token = game["tokens"]["0"]
    url = f"/api/games/{game['id']}/rematch"
    early = client.post(url, json={"tokens": [token]})
    assert early.status_code == 409 and "not over" in early.json()["error"]
    with session(client, game, token) as s:
        s.intent(token, do="resign")
        made = client.post(url, json={"tokens": [token]}).json()
        assert s.until("rematch")["id"] == made["id"]  # told to everyone watching
    assert list(made["tokens"]) == ["1"]  # White before, Black now
    info = client.get(f"/api/games/{made['id']}").json()
    assert [seat["kind"] for seat in info["seats"]] == ["computer", "local"]
    assert client.get(f"/api/games/{game['id']}").json()["rematch"] == made["id"]
    again = client.post(url, json={"tokens": [token]}).json()
    assert again["id"] == made["id"]  # one rematch, however many ask
    with connect(client, made) as ws:
        assert Session(ws).hello(made["tokens"]["1"])["seat"] == 1
    stranger = client.post(url, json={"tokens": ["not-a-token"]})
    assert stranger.status_code == 409 and "only the players" in stranger.json()["error"]
    assert client.post(url, json={"tokens": "x"}).status_code == 400


def test_finished_games_are_listed_for_the_lobby(client: TestClient) -> None:
    done = create(client, "chess", "local", "computer")
    going = create(client, "chess", "local", "computer")
    with session(client, done, done["tokens"]["0"]) as s:
        s.intent(done["tokens"]["0"], do="resign")
        s.event()
    listed = client.get("/api/games?finished=1").json()["finished"]
    ids = [item["id"] for item in listed]
    assert done["id"] in ids and going["id"] not in ids
    item = listed[ids.index(done["id"])]
    assert item["url"] == f"/g/{done['id']}" and item["title"] == "Chess"
    assert item["result"] in (None, "Black wins (White resigned)")


@pytest.mark.parametrize(
    ("game", "kinds", "resign", "draw"),
    [
        ("chess", ("local", "invite"), True, True),
        ("chess", ("local", "local"), True, False),  # hot-seat: nobody to offer it to
        ("chess", ("local", "computer"), True, False),
        ("chess_golf", ("local",), False, False),  # a puzzle: nobody to lose to
        ("cooperative", ("local", "invite"), False, False),  # partners
        ("crowded_house", ("local", "invite", "local", "invite"), True, False),  # teams
    ],
)
def test_controls_fit_the_game(
    client: TestClient, game: str, kinds: tuple[str, ...], resign: bool, draw: bool
) -> None:
    made = create(client, game, *kinds)
    controls = client.get(f"/api/games/{made['id']}").json()["controls"]
    assert controls == {"resign": resign, "draw": draw}


def test_a_computer_to_act_is_named_in_the_frame(client: TestClient) -> None:
    game = create(client, "chess", "computer", "local")
    with connect(client, game) as ws:
        frame = Session(ws).hello(game["tokens"]["1"])["frame"]
    assert frame["thinking"] == ([0] if frame["to_act"] == [0] else [])


@pytest.mark.slow
@pytest.mark.parametrize("game", registry.game_ids())
def test_every_game_says_why_it_ended(game: str) -> None:
    """Random play to the end (or a cap); every ending found gives its reason in words."""
    rules = registry.make(game)
    rng = random.Random(7)
    state = rules.initial_state()
    for _ in range(4000):
        kind = rules.kind(state)
        if kind is NodeKind.TERMINAL:
            break
        if kind is NodeKind.CHANCE:
            outcomes = rules.chance_outcomes(state)
            weights = [float(p) for _, p in outcomes]
            state = rules.apply(state, rng.choices([o for o, _ in outcomes], weights)[0])
        elif kind is NodeKind.SIMULTANEOUS:
            joint = {s: rng.choice(rules.legal_actions(state, s)) for s in rules.actors(state)}
            state = rules.apply_joint(state, joint)
        else:
            state = rules.apply(state, rng.choice(rules.legal_actions(state)))
    if rules.kind(state) is not NodeKind.TERMINAL:
        pytest.skip(f"{game}: no ending within the cap")
    assert rules.end_reason(state), f"{game} ended without saying why"
