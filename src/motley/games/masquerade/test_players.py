"""Computer players at Masquerade Chess: they see only their seat's view, so the table they
cannot see never changes their choice; and a searching player beats a random one."""

from __future__ import annotations

import random

import pytest

from motley.agents import make_agent
from motley.core.driver import RandomAgent, play
from motley.core.rules import NodeKind
from motley.games.masquerade import MasqueradeChess
from motley.games.masquerade.test_scenarios import SEED_EXAMPLE, ready
from motley.games.masquerade.test_scenarios import play as play_texts

PLAYERS = ("random", "greedy", "alphabeta:nodes=60", "mcts:iterations=30")


@pytest.mark.parametrize("text", PLAYERS)
def test_players_ignore_what_they_cannot_see(text: str) -> None:
    rules, state = ready("QKRBN", SEED_EXAMPLE)
    state = play_texts(rules, "e2e4 d7d5 b1c3 g8f6", state)
    seat = 0  # White does not know its own table; every table it could be plays alike
    view = rules.view(state, seat)
    worlds = [state] + [rules.sample_hidden(view, random.Random(n)) for n in range(4)]
    assert len({w.tables[0] for w in worlds}) > 2
    choices = set()
    for world in worlds:
        agent = make_agent(text, "masquerade")
        actions = list(rules.legal_actions(world, seat))
        choice = agent.choose(rules, rules.view(world, seat), seat, actions, random.Random(5))
        choices.add(rules.action_text(world, choice))
    assert len(choices) == 1


@pytest.mark.slow
def test_mcts_beats_random() -> None:
    """Four games, MCTS on each side twice (tables filled in by the players too)."""
    rules = MasqueradeChess()
    wins = 0
    for game in range(4):
        seat = game % 2
        agents = {
            seat: make_agent(f"mcts:iterations=200,seed={game}", "masquerade"),
            1 - seat: RandomAgent(),
        }
        played = play(rules, agents, f"mcts-vs-random/{game}", max_events=600)
        assert rules.kind(played.state) is NodeKind.TERMINAL
        wins += rules.returns(played.state)[seat] > 0
    assert wins == 4
