"""Fuzzing the websocket: any message gets a clear answer and never harms the game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from motley.core.record import GameRecord, replay
from motley.web.app import Settings, create_app
from motley.web.conftest import create
from motley.web.testing import Session

CURRENT = -123456  # replaced by the version the session has seen, when sent
KNOWN_TYPES = {"snapshot", "event", "ack", "reject", "frame", "pong", "error"}
FIELDS = ("type", "id", "token", "seen", "do", "action", "ply", "extra")

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**40), max_value=2**40),
    st.floats(allow_nan=True),
    st.text(max_size=30),
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)


def messages(tokens: list[str], actions: list[str]) -> st.SearchStrategy[str]:
    plausible = st.fixed_dictionaries(
        {
            "type": st.sampled_from(["hello", "intent", "frame", "ping", "dance"]),
            "id": st.text(alphabet="abc123-_ ", min_size=0, max_size=8) | values,
            "token": st.sampled_from([*tokens, "nope", ""]) | values,
            "seen": st.integers(min_value=-2, max_value=12) | values,
            "do": st.sampled_from(["act", "resign", "draw", "accept", "decline", "undo", "x"]),
            "action": st.sampled_from([*actions, "e2e5", "", "zz9"]) | values,
            "ply": st.integers(min_value=-1, max_value=12) | values,
        }
    ).flatmap(lambda d: st.sets(st.sampled_from(FIELDS)).map(lambda keep: _subset(d, keep)))
    well_formed = st.fixed_dictionaries(
        {
            "type": st.just("intent"),
            "id": st.text(alphabet="abcdef0123456789", min_size=1, max_size=6),
            "token": st.sampled_from(tokens),
            "seen": st.just(CURRENT),
            "do": st.sampled_from(["act", "act", "act", "undo", "decline"]),
            "action": st.sampled_from(actions),
        }
    )
    return st.one_of(
        well_formed.map(json.dumps),
        plausible.map(json.dumps),
        values.map(json.dumps),
        st.text(max_size=60),
        st.binary(max_size=20).map(lambda b: b.decode("latin-1")),
    )


def _subset(message: dict[str, Any], keep: set[str]) -> dict[str, Any]:
    return {k: v for k, v in message.items() if k in keep or k == "type"}


def test_any_message_gets_a_clear_answer(tmp_path: Path, toys: None) -> None:
    db = str(tmp_path / "games.db")
    app = create_app(
        Settings(
            db=db, computer_workers=0, computer_delay=0, rate=10_000.0, hosts=("testserver",)
        )
    )
    with TestClient(app) as client:
        game = create(client, "chess", "local", "local")
        tokens = [game["tokens"]["0"], game["tokens"]["1"]]
        openings = ["e2e4", "d2d4", "g1f3", "e7e5", "d7d5", "g8f6", "Nc3", "c7c5"]
        with client.websocket_connect(f"/ws/{game['id']}") as ws:
            session = Session(ws)

            @settings(
                max_examples=400,
                deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture],
            )
            @given(message=messages(tokens, openings))
            def answer(message: str) -> None:
                session.send(message.replace(str(CURRENT), str(session.version)))
                session.send({"type": "ping"})
                while True:
                    reply = session.recv()
                    assert reply["type"] in KNOWN_TYPES, reply
                    if reply["type"] in ("error", "reject"):
                        error = reply["error"]
                        assert isinstance(error, str) and error and "\n" not in error
                        assert "Traceback" not in error
                    if reply["type"] == "pong":
                        break

            answer()
        info = client.get(f"/api/games/{game['id']}").json()
        assert info["version"] > 0  # some requests were well formed and went through
        record = client.get(f"/api/games/{game['id']}/record.json").json()
    states = replay(GameRecord.from_json(record))
    assert len(states) == info["ply"] + 1
    # the stored log replays to the same game in a fresh server
    reopened = Settings(db=db, computer_workers=0, hosts=("testserver",))
    with TestClient(create_app(reopened)) as again:
        assert again.get(f"/api/games/{game['id']}").json()["version"] == info["version"]
