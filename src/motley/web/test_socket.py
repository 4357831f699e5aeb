"""The websocket protocol: acknowledgements, events, idempotency, rejections, catching up."""

from __future__ import annotations

import json
import random
import time
from dataclasses import replace
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from motley.core import registry
from motley.core.driver import pick_outcome
from motley.core.record import seed_hash
from motley.core.toys import RaceState
from motley.web.app import Settings, create_app
from motley.web.conftest import create
from motley.web.decide import chance_rng
from motley.web.protocol import MAX_MESSAGE
from motley.web.testing import SecretWord, Session, WordState, connect, session


def test_hello_gives_a_snapshot_with_the_seats_actions(client: TestClient) -> None:
    game = create(client, "chess", "local", "local")
    with connect(client, game) as ws:
        snap = Session(ws).hello(game["tokens"]["0"])
    assert snap["type"] == "snapshot" and snap["seat"] == 0 and snap["version"] == 0
    frame = snap["frame"]
    assert frame["to_act"] == [0] and frame["status"] == "White to move"
    assert len(frame["actions"]["moves"]) == 20
    assert [12, 28, "e2e4", None] in frame["actions"]["moves"]
    assert len(frame["scene"]["pieces"]) == 32
    assert frame["scene"]["prompt"] == "Your move as White"
    assert snap["info"]["title"] == "Chess"


def test_a_move_is_acknowledged_then_pushed_to_everyone(client: TestClient) -> None:
    game = create(client, "chess", "local", "local")
    white, black = game["tokens"]["0"], game["tokens"]["1"]
    with connect(client, game) as w1, connect(client, game) as w2, connect(client, game) as w3:
        a, b, watcher = Session(w1), Session(w2), Session(w3)
        a.hello(white)
        b.hello(black)
        watcher.hello()
        reply = a.intent(white, "e2e4", intent="first")
        assert reply == {"type": "ack", "id": "first", "version": 1}
        for session in (a, b, watcher):
            event = session.event()
            assert event["version"] == 1
            assert event["entries"] == [
                {
                    "t": "step",
                    "seat": 0,
                    "ply": 1,
                    "kind": "decision",
                    "moves": [[0, "e4", "e2e4", [12, 28]]],
                }
            ]
            assert event["frame"]["last"] == [12, 28]
        assert "actions" in a.received[-1] and event["frame"]["actions"] is None
        watcher.send({"type": "ping"})
        assert watcher.until("pong") == {"type": "pong"}


def test_a_repeated_intent_is_answered_the_same_and_applied_once(client: TestClient) -> None:
    game = create(client, "chess", "local", "local")
    white = game["tokens"]["0"]
    with session(client, game, white) as s:
        first = s.intent(white, "e2e4", intent="same-id", seen=0)
        again = s.intent(white, "e2e4", intent="same-id", seen=0)
        also = s.intent(white, "d2d4", intent="same-id", seen=0)  # the id decides, not the text
        assert first == again == also == {"type": "ack", "id": "same-id", "version": 1}
        bad = s.intent(white, "e2e5", intent="bad-id")
        bad_again = s.intent(white, "e2e5", intent="bad-id")
        assert bad["type"] == "reject" and bad == bad_again
    info = client.get(f"/api/games/{game['id']}").json()
    assert info["version"] == 1 and info["ply"] == 1


def test_rejections_are_clear_and_change_nothing(client: TestClient) -> None:
    game = create(client, "chess", "local", "local")
    white, black = game["tokens"]["0"], game["tokens"]["1"]
    with session(client, game, white) as s:
        cases = [
            (black, "e7e5", "it is not your turn (White to move)"),
            (white, "e2e5", "illegal action 'e2e5': a pawn cannot move from e2 to e5"),
            (white, "Nf6", "illegal action 'Nf6'"),
            (white, "zz", "'zz'"),
            ("not-a-token", "e2e4", "that seat token is not valid"),
        ]
        for token, action, words in cases:
            reply = s.intent(token, action)
            assert reply["type"] == "reject", action
            assert words in reply["error"], reply["error"]
            assert "\n" not in reply["error"]
        assert s.intent(white, "Nf3")["type"] == "ack"  # SAN is read too
        stale = s.intent(black, "e7e5", seen=0)
        assert stale["type"] == "reject" and "moved on" in stale["error"]
        future = s.intent(black, "e7e5", seen=99)
        assert future["type"] == "reject" and "not reached version 99" in future["error"]
    assert client.get(f"/api/games/{game['id']}").json()["ply"] == 1


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        ("not json", "not valid JSON"),
        ("[1]", "JSON object"),
        ('{"type": "dance"}', "unknown message type"),
        ('{"type": "hello", "seen": -1}', "'seen' must be a whole number"),
        ('{"type": "hello", "seen": true}', "'seen' must be a whole number"),
        ('{"type": "intent", "id": "x y", "token": "t", "seen": 0}', "'id' of 1-64"),
        ('{"type": "frame"}', "'ply' must be a whole number"),
        ("x" * (MAX_MESSAGE + 1), "message too long"),
    ],
)
def test_malformed_messages_get_an_error_and_the_line_stays_open(
    client: TestClient, raw: str, words: str
) -> None:
    game = create(client, "chess", "local", "local")
    with connect(client, game) as ws:
        s = Session(ws)
        s.send(raw)
        reply = s.recv()
        assert reply["type"] == "error" and words in reply["error"]
        assert s.hello()["type"] == "snapshot"  # still connected and working


def test_an_intent_with_a_bad_field_is_rejected_by_its_id(client: TestClient) -> None:
    game = create(client, "chess", "local", "local")
    with connect(client, game) as ws:
        s = Session(ws)
        s.send({"type": "intent", "id": "abc", "token": "t", "seen": 0, "do": "fly"})
        reply = s.recv()
        assert reply["type"] == "reject" and reply["id"] == "abc" and "'do'" in reply["error"]
        s.send({"type": "intent", "id": "abd", "token": "t", "seen": 0, "action": ""})
        assert "non-empty" in s.recv()["error"]
        ws.send_bytes(b"\x00\x01")
        assert "binary" in s.recv()["error"]


def test_reconnecting_gets_the_missed_events_or_a_snapshot(client: TestClient) -> None:
    game = create(client, "chess", "local", "local")
    white, black = game["tokens"]["0"], game["tokens"]["1"]
    with session(client, game, white) as s:
        for text, token in (("e2e4", white), ("e7e5", black), ("g1f3", white)):
            assert s.intent(token, text)["type"] == "ack"
    with connect(client, game) as ws:
        s = Session(ws)
        caught_up = s.hello(black, seen=1)
        assert caught_up["type"] == "event" and caught_up["version"] == 3
        assert [e["moves"][0][2] for e in caught_up["entries"]] == ["e7e5", "g1f3"]
        assert caught_up["frame"]["to_act"] == [1] and caught_up["frame"]["actions"]
        fresh = s.hello(black, seen=0)
        assert fresh["type"] == "snapshot"
        assert [m["moves"][0][1] for m in fresh["moves"]] == ["e4", "e5", "Nf3"]
        ahead = s.hello(black, seen=50)
        assert ahead["type"] == "snapshot"


def test_frames_step_back_through_the_game(client: TestClient) -> None:
    game = create(client, "chess", "local", "local")
    white, black = game["tokens"]["0"], game["tokens"]["1"]
    with session(client, game, white) as s:
        s.intent(white, "e2e4")
        s.intent(black, "e7e5")
        s.send({"type": "frame", "ply": 1})
        frame = s.until("frame")
        assert frame["ply"] == 1 and frame["frame"]["last"] == [12, 28]
        assert frame["frame"]["live"] is False and "actions" not in frame["frame"]
        pieces = frame["frame"]["scene"]["pieces"]
        pawns = {p["cell"] for p in pieces if p["letter"] == "P"}
        assert 28 in pawns and 52 in pawns  # e4 played, e7 not yet moved
        s.send({"type": "frame", "ply": 9})
        assert "only 2 steps" in s.until("error")["error"]


def test_origins_are_checked(client: TestClient) -> None:
    game = create(client, "chess", "local", "local")
    with (
        pytest.raises(WebSocketDisconnect) as refused,
        client.websocket_connect(
            f"/ws/{game['id']}", headers={"origin": "http://evil.example"}
        ) as ws,
    ):
        ws.receive_text()
    assert refused.value.code == 1008
    with client.websocket_connect(
        f"/ws/{game['id']}", headers={"origin": "http://testserver"}
    ) as ws:
        assert Session(ws).hello()["type"] == "snapshot"


def test_a_socket_to_a_missing_game_is_told_and_closed(client: TestClient) -> None:
    with client.websocket_connect("/ws/nothing") as ws:
        message = json.loads(ws.receive_text())
        assert message == {"type": "error", "error": "there is no game 'nothing'"}
        with pytest.raises(WebSocketDisconnect):
            ws.receive_text()


def test_the_computer_answers_and_off_the_event_loop(client: TestClient) -> None:
    game = create(client, "chess", "local", "computer")
    white = game["tokens"]["0"]
    with session(client, game, white) as s:
        assert s.intent(white, "e2e4")["type"] == "ack"
        s.event()  # our move
        reply = s.event()  # the computer's
        assert reply["entries"][0]["seat"] == 1
        assert reply["frame"]["to_act"] == [0]


def test_a_computer_game_plays_itself_to_the_end(client: TestClient) -> None:
    game = create(client, "toy-dice-race", "computer", "computer")
    with session(client, game):
        deadline = time.monotonic() + 20
        info = {}
        while time.monotonic() < deadline:
            info = client.get(f"/api/games/{game['id']}").json()
            if info["over"]:
                break
            time.sleep(0.05)
        assert info["over"], "the computers never finished"


def test_dice_are_rolled_by_the_server_and_can_be_checked(client: TestClient) -> None:
    game = create(client, "toy-dice-race", "local", "local")
    tokens = [game["tokens"]["0"], game["tokens"]["1"]]
    rolls = []
    with session(client, game, tokens[0]) as s:
        for ply in range(4):
            assert s.intent(tokens[ply % 2], "roll")["type"] == "ack"
            event = s.event()
            chance = [e for e in event["entries"] if e.get("kind") == "chance"]
            assert [e["seat"] for e in chance] == [-1]
            rolls.append(chance[0]["moves"][0][2])
            if event["frame"]["result"]:
                break
            assert event["frame"]["dice"]["faces"] == [int(rolls[-1].split()[1])]
        if not event["frame"]["result"]:
            s.intent(tokens[0], do="resign")
    info = client.get(f"/api/games/{game['id']}").json()
    assert seed_hash(info["seed"]) == info["seed_hash"]
    # anyone can redo every roll from the revealed seed
    rules = registry.make("toy-dice-race")
    outcomes = rules.chance_outcomes(RaceState(rolling=True))
    for draw, text in enumerate(rolls):
        outcome = pick_outcome(outcomes, chance_rng(info["seed"], draw))
        assert rules.action_text(RaceState(rolling=True), outcome) == text


def test_simultaneous_choices_stay_secret_until_all_are_in(client: TestClient) -> None:
    game = create(client, "toy-pennies", "local", "local")
    one, two = game["tokens"]["0"], game["tokens"]["1"]
    with connect(client, game) as w1, connect(client, game) as w2:
        a, b = Session(w1), Session(w2)
        a.hello(one)
        b.hello(two)
        assert a.intent(one, "heads")["type"] == "ack"
        seen_by_a, seen_by_b = a.event(), b.event()
        assert seen_by_a["entries"] == [{"t": "commit", "seat": 0, "text": "heads"}]
        assert seen_by_b["entries"] == [{"t": "commit", "seat": 0, "text": None}]
        assert seen_by_b["frame"]["pending"] == {"0": "committed"}
        again = a.intent(one, "tails")
        assert again["type"] == "reject" and "already chosen" in again["error"]
        assert b.intent(two, "tails")["type"] == "ack"
        resolved = b.event()
        assert resolved["entries"][0]["moves"] == [
            [0, "heads", "heads", []],
            [1, "tails", "tails", []],
        ]


def test_undo_takes_back_the_human_move_and_the_computer_reply(client: TestClient) -> None:
    game = create(client, "chess", "local", "computer")
    white = game["tokens"]["0"]
    with session(client, game, white) as s:
        s.intent(white, "e2e4")
        while s.event()["frame"]["to_act"] != [0]:
            pass
        reply = s.intent(white, do="undo")
        assert reply["type"] == "ack"
        event = s.event()
        assert event["entries"] == [{"t": "undo", "seat": 0, "to": 0}]
        assert event["frame"]["ply"] == 0 and event["frame"]["to_act"] == [0]
        nothing = s.intent(white, do="undo")
        assert nothing["type"] == "reject" and "no move to take back" in nothing["error"]


def test_undo_is_refused_in_online_games_and_past_a_roll(client: TestClient) -> None:
    online = create(client, "chess", "local", "invite")
    with session(client, online, online["tokens"]["0"]) as s:
        s.intent(online["tokens"]["0"], "e2e4")
        reply = s.intent(online["tokens"]["0"], do="undo")
        assert "one device" in reply["error"]
    race = create(client, "toy-dice-race", "local", "local")
    with session(client, race, race["tokens"]["0"]) as s:
        s.intent(race["tokens"]["0"], "roll")
        reply = s.intent(race["tokens"]["1"], do="undo")
        assert "cannot take back" in reply["error"]


def test_draw_offers_need_every_side(client: TestClient) -> None:
    game = create(client, "chess", "local", "local")
    white, black = game["tokens"]["0"], game["tokens"]["1"]
    with session(client, game, white) as s:
        assert s.intent(white, do="draw")["type"] == "ack"
        assert "already offered" in s.intent(white, do="draw")["error"]
        assert "no draw offer" in s.intent(white, do="accept")["error"]
        assert s.intent(black, do="decline")["type"] == "ack"
        assert s.intent(white, do="draw")["type"] == "ack"
        assert s.intent(black, do="accept")["type"] == "ack"
        result = s.event()["frame"]["result"]
        assert result["text"] == "Draw (draw agreed)" and result["returns"] == [0.0, 0.0]
        assert "over" in s.intent(white, "e2e4")["error"]
    versus = create(client, "chess", "local", "computer")
    with session(client, versus, versus["tokens"]["0"]) as s:
        assert "cannot be offered" in s.intent(versus["tokens"]["0"], do="draw")["error"]


def test_resigning_ends_the_game_for_the_other_side(client: TestClient) -> None:
    game = create(client, "chess", "local", "local")
    with session(client, game, game["tokens"]["1"]) as s:
        assert s.intent(game["tokens"]["1"], do="resign")["type"] == "ack"
        frame = s.event()["frame"]
        assert frame["result"]["text"] == "White wins (Black resigned)"
        assert (
            seed_hash(frame["result"]["seed"])
            == client.get(f"/api/games/{game['id']}").json()["seed_hash"]
        )


def test_hot_seat_page_can_switch_seat_on_one_socket(client: TestClient) -> None:
    game = create(client, "chess", "local", "local")
    with connect(client, game) as ws:
        s = Session(ws)
        assert s.hello(game["tokens"]["0"])["seat"] == 0
        s.intent(game["tokens"]["0"], "e2e4")
        s.event()
        switched = s.hello(game["tokens"]["1"])
        assert switched["type"] == "snapshot" and switched["seat"] == 1
        assert switched["frame"]["actions"]["moves"]


@pytest.mark.parametrize("game_id", sorted(registry.game_ids()))
def test_every_registered_game_plays_over_the_wire(client: TestClient, game_id: str) -> None:
    spec = registry.rules_class(game_id).spec
    game = create(client, game_id, *["local"] * spec.players)
    tokens = {int(k): v for k, v in game["tokens"].items()}
    rng = random.Random(game_id)
    with connect(client, game) as ws:
        s = Session(ws)
        for _ in range(40):
            snap = s.hello(tokens[0])
            frame = snap["frame"]
            if frame["result"] or not frame["to_act"]:
                break
            seat = frame["to_act"][0]
            frame = s.hello(tokens[seat])["frame"]
            actions = frame["actions"]
            texts = [m[2] for m in actions["moves"]] + [c[1] for c in actions["clicks"]]
            texts += [p[2] for p in actions["picks"]] + [b[1] for b in actions["buttons"]]
            assert texts, f"{game_id}: seat {seat} is to act but has no actions"
            reply = s.intent(tokens[seat], rng.choice(texts))
            assert reply["type"] == "ack", reply
    info = client.get(f"/api/games/{game['id']}").json()
    assert info["version"] >= 1


def test_a_flood_of_messages_is_slowed_down_politely(tmp_path: Path, toys: None) -> None:
    settings = Settings(
        db=str(tmp_path / "g.db"), computer_workers=0, rate=5.0, hosts=("testserver",)
    )
    with TestClient(create_app(settings)) as flooded:
        game = create(flooded, "chess", "local", "local")
        with connect(flooded, game) as ws:
            s = Session(ws)
            for _ in range(40):
                s.send({"type": "ping"})
            replies = [s.recv() for _ in range(40)]
            refused = [r for r in replies if r["type"] == "error"]
            assert refused and refused[0]["error"] == "too many messages; slow down"
            assert sum(r["type"] == "pong" for r in replies) == 40 - len(refused)
            reply = s.intent(game["tokens"]["0"], "e2e4", intent="late")
            assert reply == {
                "type": "reject",
                "id": "late",
                "error": "too many messages; slow down",
            }


class _Faulty(SecretWord):
    """A game with a bug: one of its actions crashes its rules."""

    spec = replace(SecretWord.spec, id="toy-faulty")

    def apply(self, state: WordState, action: str) -> WordState:
        if action == "hide indigo":
            raise RuntimeError("a bug in the rules")
        return super().apply(state, action)


def test_a_fault_in_a_games_rules_is_refused_and_harms_nothing(client: TestClient) -> None:
    registry.register(_Faulty)
    try:
        game = create(client, "toy-faulty", "local", "local")
        keeper = game["tokens"]["0"]
        with session(client, game, keeper) as s:
            crashed = s.intent(keeper, "hide indigo")
            assert crashed["type"] == "reject" and "rules failed" in crashed["error"]
            assert s.intent(keeper, "hide amber")["type"] == "ack"
    finally:
        registry._GAMES.pop("toy-faulty", None)


def test_idle_games_leave_memory_and_come_back_whole(client: TestClient) -> None:
    from motley.web.hub import IDLE_SECONDS, Hub

    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    game = create(client, "chess", "local", "local")
    white = game["tokens"]["0"]
    with session(client, game, white) as s:
        s.intent(white, "e2e4", intent="a")
        assert hub.sweep(time.monotonic() + 2 * IDLE_SECONDS) == 0  # watched: it stays
    assert hub.sweep(time.monotonic()) == 0  # just left: still within its grace period
    assert hub.sweep(time.monotonic() + 2 * IDLE_SECONDS) == 1
    assert game["id"] not in hub.games
    with connect(client, game) as ws:
        snap = Session(ws).hello(game["tokens"]["1"])
        assert snap["version"] == 1 and snap["frame"]["to_act"] == [1]
