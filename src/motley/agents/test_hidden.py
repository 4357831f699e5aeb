"""Players see only their seat's view: what the seat cannot see never changes a choice.

High card deals each seat a secret card. For every player and every card the acting seat
holds, the states that differ only in the opponent's card give the same view, and each
player (with the same random stream) makes the same choice in all of them. The choice does
depend on the seat's own card, as a sanity check that the view is really used.
"""

from __future__ import annotations

import random

import pytest

from motley.agents import make_agent
from motley.agents.testing import reached_positions
from motley.core import registry
from motley.core.spec import Trait
from motley.core.toys import HighCard, HighCardState

PLAYERS = ("random", "greedy", "alphabeta:nodes=300", "mcts:iterations=300", "level3")


def choices(text: str, seat: int, own: int, bets: tuple[str, ...]) -> set[str]:
    rules = HighCard()
    picked = set()
    views = []
    for other in (c for c in rules.deck if c != own):
        hands = (own, other) if seat == 0 else (other, own)
        state = HighCardState(hands, bets)
        view = rules.view(state, seat)
        views.append(view)
        actions = list(rules.legal_actions(state, seat))
        choice = make_agent(text, "toy-high-card").choose(
            rules, view, seat, actions, random.Random(11)
        )
        picked.add(rules.action_text(state, choice))
    assert all(v == views[0] for v in views), "the game's views leak the other card"
    return picked


@pytest.mark.parametrize("text", PLAYERS)
@pytest.mark.parametrize("own", [1, 2, 3, 4])
def test_hidden_card_never_changes_the_choice(text: str, own: int, toys: None) -> None:
    assert len(choices(text, 0, own, ())) == 1
    assert len(choices(text, 1, own, ("raise",))) == 1


@pytest.mark.parametrize("text", ["mcts:iterations=1500", "alphabeta:nodes=3000"])
def test_own_card_is_used(text: str, toys: None) -> None:
    """Facing a raise, the caller calls with the top card and folds with the bottom one."""
    assert choices(text, 1, 4, ("raise",)) == {"call"}
    assert choices(text, 1, 1, ("raise",)) == {"fold"}


HIDDEN_GAMES = [
    g for g in registry.game_ids() if Trait.HIDDEN in registry.rules_class(g).spec.traits
]


@pytest.mark.parametrize("game_id", HIDDEN_GAMES)
def test_registered_hidden_games(game_id: str) -> None:
    """Swap the true state for another one the seat cannot tell apart: same choices."""
    rules = registry.make(game_id)
    for index, state in enumerate(reached_positions(rules, 1, 2)):
        for seat in rules.actors(state):
            view = rules.view(state, seat)
            twin = rules.sample_hidden(view, random.Random(f"twin/{index}"))
            assert rules.view(twin, seat) == view
            actions = list(rules.legal_actions(state, seat))
            for text in ("greedy", "mcts:iterations=40"):
                picks = {
                    rules.action_text(
                        state,
                        make_agent(text, game_id).choose(
                            rules, rules.view(s, seat), seat, actions, random.Random(3)
                        ),
                    )
                    for s in (state, twin)
                }
                assert len(picks) == 1, (game_id, text)
