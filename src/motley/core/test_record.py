"""Game records: JSON round trips, exact replay, and clear errors for edited records."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from motley.core import registry
from motley.core.driver import RandomAgent, play
from motley.core.errors import MotleyError, StateError, UnknownGame
from motley.core.record import Event, GameRecord, replay, seed_hash
from motley.core.rules import NodeKind
from motley.core.testing import json_copy
from motley.core.toys import TOY_GAMES


@contextmanager
def toys_registered() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        for cls in TOY_GAMES:
            patch.setitem(registry._GAMES, cls.spec.id, cls)
        yield


GAME_SETUPS: list[tuple[str, dict[str, Any]]] = [
    ("chess", {}),
    ("chess960", {}),
    ("chess960", {"start": "cards"}),
    ("chess", {"position": "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"}),
    *[(cls.spec.id, {}) for cls in TOY_GAMES],
]


@settings(max_examples=60, deadline=None)
@given(
    setup=st.sampled_from(GAME_SETUPS),
    seed=st.integers(0, 2**63) | st.text(max_size=12),
    max_events=st.integers(0, 150),
)
def test_record_round_trip_and_replay(
    setup: tuple[str, dict[str, Any]], seed: int | str, max_events: int
) -> None:
    game, options = setup
    with toys_registered():
        rules = registry.make(game, options)
        agents = {s: RandomAgent() for s in range(rules.spec.players)}
        played = play(rules, agents, seed, max_events=max_events)
        record = played.record
        text = json.dumps(record.to_json())
        again = GameRecord.from_json(json.loads(text))
        assert again == record
        assert again.to_json() == record.to_json()
        assert record.seed_hash == seed_hash(seed)
        states = replay(again)
        assert len(states) == len(record.events) + 1 == played.plies + 1
        final = json_copy(rules.state_to_json(states[-1]))
        assert final == json_copy(rules.state_to_json(played.state))
        finished = rules.kind(played.state) is NodeKind.TERMINAL
        assert (record.result is not None) == finished


def test_seed_hash_is_sha256_of_the_seed_text() -> None:
    assert seed_hash(0) == "5feceb66ffc86f38d952786c6d696c79c2dbc239dd4e91b46729d73a27fb57e9"
    assert seed_hash("0") == seed_hash(0)


def test_event_json_shapes() -> None:
    chance = Event(NodeKind.CHANCE, ((-1, "sp 518"),))
    decision = Event(NodeKind.DECISION, ((1, "e7e5"),))
    joint = Event(NodeKind.SIMULTANEOUS, ((0, "heads"), (1, "tails")))
    assert chance.to_json() == {"chance": "sp 518"}
    assert decision.to_json() == {"seat": 1, "action": "e7e5"}
    assert joint.to_json() == {"joint": {"0": "heads", "1": "tails"}}
    for event in (chance, decision, joint):
        assert Event.from_json(json_copy(event.to_json())) == event


def chess_record(*texts: str) -> dict[str, Any]:
    return GameRecord(
        game="chess",
        version=registry.make("chess").spec.version,
        options={},
        seed_hash=seed_hash(1),
        events=tuple(Event(NodeKind.DECISION, ((i % 2, t),)) for i, t in enumerate(texts)),
    ).to_json()


def test_a_good_record_replays() -> None:
    states = replay(GameRecord.from_json(chess_record("e2e4", "e7e5", "g1f3")))
    assert (
        registry.make("chess")
        .fen(states[-1])
        .startswith("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq -")
    )


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"format": "something-else"},
        {"format": "motley-record/1"},
        {"format": "motley-record/1", "game": "chess", "version": "x", "events": []},
        {"format": "motley-record/1", "game": "chess", "version": 1, "events": [{"seat": "x"}]},
        {"format": "motley-record/1", "game": "chess", "version": 1, "events": [{"joint": 3}]},
        {"format": "motley-record/1", "game": "chess", "version": 1, "events": 5},
        [],
    ],
)
def test_malformed_records_are_refused(data: Any) -> None:
    with pytest.raises(StateError) as info:
        GameRecord.from_json(data)
    assert "\n" not in str(info.value)


def edited(data: dict[str, Any], **changes: Any) -> GameRecord:
    out = dict(data)
    out.update(changes)
    return GameRecord.from_json(out)


@pytest.mark.parametrize(
    ("record", "words"),
    [
        (GameRecord.from_json(chess_record("e2e4", "e7e5", "e1e3")), "event 3"),
        (GameRecord.from_json(chess_record("e2e4", "xyzzy")), "event 2"),
        (GameRecord.from_json(chess_record("e2e4", "e2e4")), "event 2"),
        (edited(chess_record("e2e4"), version=99), "version"),
        (edited(chess_record("e2e4"), events=[{"seat": 1, "action": "e2e4"}]), "turn"),
        (edited(chess_record("e2e4"), events=[{"chance": "sp 3"}]), "chance"),
        (edited(chess_record(), events=[{"joint": {"0": "e2e4", "1": "e7e5"}}]), "simultaneous"),
    ],
)
def test_edited_records_fail_clearly(record: GameRecord, words: str) -> None:
    with pytest.raises(StateError) as info:
        replay(record)
    message = str(info.value)
    assert "\n" not in message and words in message


def test_unknown_game_in_a_record() -> None:
    with pytest.raises(UnknownGame):
        replay(edited(chess_record(), game="no-such-game"))


def test_record_options_are_replayed() -> None:
    """The record's options (here a start position) shape the replay."""
    rules = registry.make("chess", {"position": "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"})
    played = play(rules, {0: RandomAgent(), 1: RandomAgent()}, seed=3, max_events=20)
    states = replay(GameRecord.from_json(json_copy(played.record.to_json())))
    assert rules.fen(states[0]) == "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
    bad = dict(played.record.to_json(), options={"position": "nonsense"})
    with pytest.raises(MotleyError):
        replay(GameRecord.from_json(bad))


def test_simultaneous_record_replays() -> None:
    with toys_registered():
        rules = registry.make("toy-pennies")
        played = play(rules, {0: RandomAgent(), 1: RandomAgent()}, seed=4)
        assert all(e.kind is NodeKind.SIMULTANEOUS for e in played.record.events)
        assert all(len(e.actions) == 2 for e in played.record.events)
        data = json_copy(played.record.to_json())
        assert data["events"][0]["joint"].keys() == {"0", "1"}
        assert replay(GameRecord.from_json(data))[-1] == played.state
        data["events"][0]["joint"] = {"0": "heads"}
        with pytest.raises(StateError, match="joint"):
            replay(GameRecord.from_json(data))
