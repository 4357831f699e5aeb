"""Every player returns a legal action at every kind of node of every game.

Positions are reached by seeded random play, so each registered game (including games added
later) is visited at its opening, middle and late nodes: decisions, simultaneous choices and
states just after chance nodes.
"""

from __future__ import annotations

import random

import pytest

from motley.agents import (
    LEVELS,
    AlphaBetaPlayer,
    GreedyPlayer,
    MctsPlayer,
    RandomPlayer,
    make_agent,
    player_for,
)
from motley.agents.base import has_heuristic, perfect_information
from motley.agents.levels import ladder_player
from motley.agents.planner import TurnPlanner
from motley.agents.testing import Lottery, reached_positions
from motley.core import registry
from motley.core.spec import Utility
from motley.core.toys import TOY_GAMES

PLAYERS = (
    "random",
    "greedy",
    "alphabeta:nodes=120",
    "mcts:iterations=30",
    "level1",
    "level2",
)
TOY_IDS = [cls.spec.id for cls in (*TOY_GAMES, Lottery)]


def check_players(game_id: str, players: tuple[str, ...], count: int) -> int:
    rules = registry.make(game_id)
    asked = 0
    for index, state in enumerate(reached_positions(rules, 0, count)):
        for text in players:
            agent = make_agent(text, game_id)
            for seat in rules.actors(state):
                actions = list(rules.legal_actions(state, seat))
                view = rules.view(state, seat)
                rng = random.Random(f"{text}/{index}/{seat}")
                choice = agent.choose(rules, view, seat, actions, rng)
                assert choice in actions, f"{text} chose an illegal action in {game_id}"
                asked += 1
    return asked


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_registered_games(game_id: str) -> None:
    assert check_players(game_id, PLAYERS, 3) >= 3 * len(PLAYERS)


@pytest.mark.parametrize("game_id", TOY_IDS)
def test_toy_games(game_id: str, toys: None) -> None:
    assert check_players(game_id, (*PLAYERS, "level3", "level4"), 4) >= 4


QUICK_FIRST = ("chess", "masquerade")  # games whose level-5 players finish a game quickly


def strongest_level_games() -> list[str]:
    """One game per kind of level-5 player (alpha-beta, MCTS), to keep the slow suite short."""
    chosen: dict[type, str] = {}
    for game_id in sorted(registry.game_ids(), key=lambda g: (g not in QUICK_FIRST, g)):
        chosen.setdefault(type(player_for(game_id, 5)), game_id)
    return sorted(chosen.values())


@pytest.mark.slow
@pytest.mark.parametrize("game_id", strongest_level_games())
def test_strongest_level_with_its_full_budget(game_id: str) -> None:
    assert check_players(game_id, ("level5",), 1) >= 1


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_levels_pick_a_fitting_player(game_id: str) -> None:
    """A game's own player where the game has one (a solver for the Chess Golf puzzle and its
    rounds); else minimax only where it is sound and has an evaluation to stop on, a turn
    planner for the cooperative game, MCTS elsewhere; more time each level."""
    cls = registry.rules_class(game_id)
    rules = registry.make(game_id)
    players = [player_for(game_id, level) for level in LEVELS]
    assert isinstance(players[0], RandomPlayer) and isinstance(players[1], GreedyPlayer)
    ladder = [ladder_player(cls, level) for level in LEVELS]
    own = [rules.computer(level, 0, generic) for level, generic in zip(LEVELS, ladder, strict=True)]
    if any(mine is not None for mine in own):
        # the game's own player at its levels, the ladder's at the others
        assert players == [g if mine is None else mine for mine, g in zip(own, ladder, strict=True)]
        return
    searchable = perfect_information(cls.spec) and has_heuristic(cls)
    if cls.spec.utility in (Utility.COOPERATIVE, Utility.SCORE):
        assert all(isinstance(p, TurnPlanner) for p in players[2:])
    else:
        kind = AlphaBetaPlayer if searchable else MctsPlayer
        assert all(isinstance(p, kind) for p in players[2:])
    seconds = [
        p.seconds for p in players[2:] if isinstance(p, (AlphaBetaPlayer, MctsPlayer, TurnPlanner))
    ]
    assert seconds[0] < seconds[1] < seconds[2] <= 1.5
