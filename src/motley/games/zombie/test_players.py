"""Computer players at Zombie Chess: they see only their seat's view, so secrets they
cannot see never change their choice; and a searching player beats a random one."""

from __future__ import annotations

import random

import pytest

from motley.agents import make_agent
from motley.core.driver import RandomAgent, play
from motley.core.rules import NodeKind
from motley.games.zombie import ZombieChess
from motley.games.zombie.state import ZombieState
from motley.games.zombie.test_scenarios import play as play_texts

PLAYERS = ("random", "greedy", "alphabeta:nodes=60", "mcts:iterations=30")


def twins(rules: ZombieChess, state: ZombieState, seat: int) -> list[ZombieState]:
    """States that `seat` cannot tell from `state` but whose hidden grid differs."""
    view = rules.view(state, seat)
    found = []
    for n in range(40):
        other = rules.sample_hidden(view, random.Random(n))
        if other.grids != state.grids and other not in found:
            found.append(other)
    return found[:3]


@pytest.mark.parametrize("text", PLAYERS)
def test_players_ignore_what_they_cannot_see(text: str) -> None:
    rules = ZombieChess()
    # Black has a pawn buried under c6 and is to move after White's reply; White's own
    # burial (under b2) is the secret Black's choices must not depend on
    state = play_texts(rules, "d2d4 b8c6 g1f3 e7e5 e2e3 e5d4 bury P@c6 f3d4 bury P@b2")
    seat = 1
    others = twins(rules, state, seat)
    assert others, "the test needs states that differ in White's secret grid"
    choices = set()
    for world in (state, *others):
        assert rules.view(world, seat) == rules.view(state, seat)
        agent = make_agent(text, "zombie")
        actions = list(rules.legal_actions(world, seat))
        choice = agent.choose(rules, rules.view(world, seat), seat, actions, random.Random(5))
        choices.add(rules.action_text(world, choice))
    assert len(choices) == 1


@pytest.mark.slow
def test_mcts_beats_random() -> None:
    """Four games, MCTS on each side twice: it wins every one."""
    rules = ZombieChess()
    wins = 0
    for game in range(4):
        seat = game % 2
        agents = {
            seat: make_agent(f"mcts:iterations=150,seed={game}", "zombie"),
            1 - seat: RandomAgent(),
        }
        played = play(rules, agents, f"mcts-vs-random/{game}", max_events=600)
        assert rules.kind(played.state) is NodeKind.TERMINAL
        wins += rules.returns(played.state)[seat] > 0
    assert wins == 4
