"""Every game as a PettingZoo environment: PettingZoo's own API tests, the parallel API for
simultaneous games, exact replay under a seed, and clear errors."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("pettingzoo", reason="the research extra (pettingzoo) is missing")
from pettingzoo.test import api_test, parallel_api_test

from motley.adapters.encoding import EncodingError
from motley.adapters.pettingzoo import env, parallel_env
from motley.core import registry
from motley.core.errors import MotleyError
from motley.core.spec import Trait

GAME_IDS = registry.game_ids()
SIMULTANEOUS = [g for g in GAME_IDS if Trait.SIMULTANEOUS in registry.rules_class(g).spec.traits]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_pettingzoo_api(game_id: str) -> None:
    api_test(env(game_id, render_mode="ansi"), num_cycles=60)


@pytest.mark.parametrize("game_id", SIMULTANEOUS)
def test_pettingzoo_parallel_api(game_id: str) -> None:
    parallel_api_test(parallel_env(game_id), num_cycles=300)


def play_out(game_id: str, seed: int, plies: int = 400) -> tuple[list[int], str]:
    """Play the first legal code at a seeded pick; the codes and the record."""
    game = env(game_id)
    game.reset(seed=seed)
    for number, agent in enumerate(game.possible_agents):
        game.action_space(agent).seed(seed + number)
    codes = []
    for agent in game.agent_iter(max_iter=plies):
        observation, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            game.step(None)
            continue
        code = int(game.action_space(agent).sample(observation["action_mask"]))
        codes.append(code)
        game.step(code)
    return codes, json.dumps(game.record().to_json(), sort_keys=True)


@pytest.mark.parametrize("game_id", ["skock", "two_move", "tar_pit"])
def test_a_seeded_environment_replays_exactly(game_id: str) -> None:
    first = play_out(game_id, seed=5)
    assert play_out(game_id, seed=5) == first
    assert play_out(game_id, seed=6) != first


def test_agents_are_seats_and_rewards_are_returns() -> None:
    game = env("chess")
    game.reset(seed=0)
    assert game.possible_agents == ["white", "black"]
    assert game.agent_selection == "white"
    for agent in game.agent_iter(max_iter=2000):
        observation, _, terminated, truncated, _ = game.last()
        game.step(None if terminated or truncated else
                  int(game.action_space(agent).sample(observation["action_mask"])))
    result = game.record().result
    assert result is not None
    assert [game._cumulative_rewards.get(a, r) for a, r in zip(["white", "black"], result,
                                                               strict=True)]


def test_a_simultaneous_node_takes_hidden_commitments_one_by_one() -> None:
    game = env("synchronous")
    game.reset(seed=1)
    first = game.agent_selection
    mask = game.observe(first)["action_mask"]
    game.step(int(mask.nonzero()[0][0]))
    second = game.agent_selection
    assert second != first
    assert not game.observe(first)["action_mask"].any(), "a committed seat waits"
    assert len(game.record().events) == 0, "nothing is played before the last commitment"
    game.step(int(game.observe(second)["action_mask"].nonzero()[0][0]))
    assert len(game.record().events) == 1


def test_bad_input_gets_one_line_errors() -> None:
    with pytest.raises(MotleyError) as info:
        env("no_such_game")
    assert "\n" not in str(info.value)
    with pytest.raises(MotleyError):
        env("skock", kings_to_take=7)
    game = env("chess")
    game.reset(seed=0)
    with pytest.raises(EncodingError) as illegal:
        game.step(0)  # a1a1
    assert "\n" not in str(illegal.value) and "white" in str(illegal.value)
