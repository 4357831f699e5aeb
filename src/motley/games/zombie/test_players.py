"""Computer players at Zombie Chess: they see only their seat's view, so secrets they
cannot see never change their choice; and a searching player beats a random one."""

from __future__ import annotations

import random
from typing import TypeVar

import pytest

from motley.agents.testing import PLAYERS, against_random, choices, wins
from motley.chesslike.testing import play as play_texts
from motley.games.zombie import ZombieChess
from motley.games.zombie.state import ZombieState

S = TypeVar("S")



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
    assert all(rules.view(world, seat) == rules.view(state, seat) for world in others)
    assert len(choices(rules, text, (state, *others), seat)) == 1


@pytest.mark.slow
def test_mcts_beats_random() -> None:
    """Four games, MCTS on each side twice: it wins every one."""
    bouts = against_random(ZombieChess(), "mcts:iterations=150", 4, "mcts-vs-random")
    assert wins(bouts) == 4, [bout.played.record.result for bout in bouts]
