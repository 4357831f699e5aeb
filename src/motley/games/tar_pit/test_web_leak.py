"""Over the wire, a Tar Pit hand never reaches the other seat or a watcher.

Two games are played through the web app whose deals differ only in Black's card (one card
each, option start_checkers=1, so such deals are easy to find): White and the spectator must
receive byte-identical messages (but for the seed's public hash), Black different ones.
"""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path

from fastapi.testclient import TestClient

from motley.core import registry
from motley.core.driver import pick_outcome
from motley.core.record import seed_hash
from motley.core.rules import SPECTATOR, NodeKind
from motley.web.app import Settings, create_app
from motley.web.decide import chance_rng
from motley.web.hub import Sources
from motley.web.testing import Session

OPTIONS = {"start_checkers": 1}
SCRIPT = [(0, "e2e4"), (0, "no card"), (1, "e7e5"), (1, "no card")]


def deal(seed: str) -> tuple[str, str]:
    rules = registry.make("tar_pit", OPTIONS)
    state = rules.initial_state()
    draws = 0
    while rules.kind(state) is NodeKind.CHANCE:
        card = pick_outcome(rules.chance_outcomes(state), chance_rng(seed, draws))
        state = rules.apply(state, card)
        draws += 1
    return str(state.hands[0]), str(state.hands[1])


def observe(tmp: Path, seed: str) -> dict[int, list[str]]:
    sources = Sources(new_id=lambda: "samegame", new_seed=lambda: seed, clock=lambda: 1.0)
    settings = Settings(
        db=str(tmp / f"{seed}.db"), computer_workers=0, computer_delay=0, rate=1000.0,
        sources=sources, hosts=("testserver",),
    )  # fmt: skip
    with TestClient(create_app(settings)) as client, ExitStack() as stack:
        made = client.post(
            "/api/games",
            json={"game": "tar_pit", "options": OPTIONS, "seats": [{"kind": "local"}] * 2},
        ).json()
        tokens = {int(k): v for k, v in made["tokens"].items()}

        def connect() -> Session:
            return Session(stack.enter_context(client.websocket_connect("/ws/samegame")))

        sessions = {viewer: connect() for viewer in (SPECTATOR, 0, 1)}
        for viewer, session in sessions.items():
            session.hello(None if viewer == SPECTATOR else tokens[viewer])
        actor = connect()
        for number, (seat, text) in enumerate(SCRIPT):
            seen = client.get("/api/games/samegame").json()["version"]
            reply = actor.intent(tokens[seat], text, intent=f"step{number}", seen=seen)
            assert reply["type"] == "ack", (text, reply)
        final = client.get("/api/games/samegame").json()["version"]
        for session in sessions.values():
            while session.version < final:
                session.recv()
        return {
            viewer: [t.replace(seed_hash(seed), "HASH") for t in session.received]
            for viewer, session in sessions.items()
        }


def test_black_hand_never_reaches_white_or_a_watcher(tmp_path: Path) -> None:
    hands = {seed: deal(seed) for seed in (f"s{n}" for n in range(40))}
    first, second = next(
        (a, b)
        for a in hands
        for b in hands
        if hands[a][0] == hands[b][0] and hands[a][1] != hands[b][1]
    )
    one = observe(tmp_path, first)
    two = observe(tmp_path, second)
    for viewer in (0, SPECTATOR):
        assert one[viewer] == two[viewer], f"viewer {viewer} received bytes that depend on a secret"
    assert one[1] != two[1]
