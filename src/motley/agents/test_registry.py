"""Players by name: defaults, settings and one-line errors."""

from __future__ import annotations

import pytest

from motley.agents import (
    AlphaBetaPlayer,
    GreedyPlayer,
    MctsPlayer,
    RandomPlayer,
    agent_names,
    make_agent,
)
from motley.core.errors import MotleyError


def test_names() -> None:
    assert agent_names() == [
        "random", "greedy", "alphabeta", "mcts", "level1", "level2", "level3", "level4", "level5"
    ]  # fmt: skip


def test_defaults_and_settings() -> None:
    assert make_agent("random", "chess") == RandomPlayer()
    assert make_agent("greedy:samples=3,seed=2", "chess") == GreedyPlayer(seed=2, samples=3)
    assert make_agent("MCTS", "chess") == MctsPlayer(iterations=None, seconds=1.0)
    assert make_agent("alphabeta", "chess") == AlphaBetaPlayer(seconds=1.0)


def test_a_budget_setting_replaces_the_default_budget() -> None:
    assert make_agent("mcts:iterations=50", "chess") == MctsPlayer(iterations=50, seconds=None)
    assert make_agent("mcts:seconds=0.5", "chess") == MctsPlayer(iterations=None, seconds=0.5)
    assert make_agent("alphabeta:depth=3", "chess") == AlphaBetaPlayer(seconds=None, depth=3)
    tuned = make_agent("mcts:exploration=1.5", "chess")
    assert tuned == MctsPlayer(iterations=None, seconds=1.0, exploration=1.5)


def test_levels_take_a_seed() -> None:
    assert make_agent("level1:seed=4", "chess") == RandomPlayer(seed=4)
    assert isinstance(make_agent("level5", "chess"), AlphaBetaPlayer)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("wizard", "unknown agent 'wizard'"),
        ("mcts:iterations", "expected NAME=VALUE"),
        ("mcts:iterations=1,iterations=2", "set twice"),
        ("mcts:iterations=many", "whole number"),
        ("mcts:seconds=soon", "a number"),
        ("mcts:iterations=0", "at least 1"),
        ("mcts:iterations=none", "needs an iteration or a time budget"),
        ("alphabeta:depth=0", "at least 1"),
        ("random:seconds=1", "no setting 'seconds'"),
        ("level3:iterations=5", "only a seed"),
        ("greedy:samples=0", "at least 1"),
    ],
)
def test_bad_names_and_settings(text: str, message: str) -> None:
    with pytest.raises(MotleyError) as error:
        make_agent(text, "chess")
    assert message in str(error.value)
    assert "\n" not in str(error.value)
