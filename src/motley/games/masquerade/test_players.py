"""Computer players at Masquerade Chess: they see only their seat's view, so the table they
cannot see never changes their choice; and a searching player beats a random one."""

from __future__ import annotations

import random

import pytest

from motley.agents.testing import PLAYERS, against_random, choices, wins
from motley.chesslike.testing import play as play_texts
from motley.games.masquerade import MasqueradeChess
from motley.games.masquerade.test_scenarios import SEED_EXAMPLE, ready


@pytest.mark.parametrize("text", PLAYERS)
def test_players_ignore_what_they_cannot_see(text: str) -> None:
    rules, state = ready("QKRBN", SEED_EXAMPLE)
    state = play_texts(rules, "e2e4 d7d5 b1c3 g8f6", state)
    seat = 0  # White does not know its own table; every table it could be plays alike
    view = rules.view(state, seat)
    worlds = [state] + [rules.sample_hidden(view, random.Random(n)) for n in range(4)]
    assert len({w.tables[0] for w in worlds}) > 2
    assert len(choices(rules, text, worlds, seat)) == 1


@pytest.mark.slow
def test_mcts_beats_random() -> None:
    """Four games, MCTS on each side twice (tables filled in by the players too)."""
    bouts = against_random(MasqueradeChess(), "mcts:iterations=200", 4, "mcts-vs-random")
    assert wins(bouts) == 4, [bout.played.record.result for bout in bouts]
