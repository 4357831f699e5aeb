"""A fixed seed and a count budget make every player, and so every game, replay exactly."""

from __future__ import annotations

import random

import pytest

from motley.agents import make_agent
from motley.core import registry
from motley.core.driver import play
from motley.core.toys import HighCard, MatchingPennies

COUNTED = ("random", "greedy", "alphabeta:nodes=300", "mcts:iterations=60")


@pytest.mark.parametrize("text", COUNTED)
def test_same_seed_same_choice(text: str) -> None:
    rules = registry.make("chess")
    state = rules.initial_state()
    actions = list(rules.legal_actions(state))
    picks = {
        rules.action_text(
            state, make_agent(text, "chess").choose(rules, state, 0, actions, random.Random(5))
        )
        for _ in range(3)
    }
    assert len(picks) == 1


def test_seeds_vary_the_play() -> None:
    """Different seeds give a random player different games (the seed is really used)."""
    rules = registry.make("chess")
    state = rules.initial_state()
    actions = list(rules.legal_actions(state))
    picks = {
        make_agent(f"random:seed={s}", "chess").choose(rules, state, 0, actions, random.Random(1))
        for s in range(12)
    }
    assert len(picks) > 3


def test_whole_game_replays() -> None:
    rules = registry.make("chess")
    agents = {
        0: make_agent("mcts:iterations=40", "chess"),
        1: make_agent("alphabeta:nodes=200", "chess"),
    }
    first = play(rules, agents, "det", max_events=24)
    second = play(rules, agents, "det", max_events=24)
    assert first.record.events == second.record.events
    assert len(first.record.events) == 24


@pytest.mark.parametrize("cls", [HighCard, MatchingPennies], ids=lambda c: c.spec.id)
@pytest.mark.parametrize("text", ["greedy", "mcts:iterations=80", "alphabeta:nodes=160"])
def test_imperfect_information_games_replay(cls: type, text: str, toys: None) -> None:
    rules = cls()
    agents = {s: make_agent(text, cls.spec.id) for s in range(2)}
    games = [[play(rules, agents, f"g{seed}").record.events for seed in range(6)] for _ in range(2)]
    assert games[0] == games[1]
