"""Strength levels 1-5: a player and budget per level, chosen from what the game is.

1. random moves;
2. greedy: the best-looking move one ply ahead;
3. a small MCTS;
4. alpha-beta with a modest node budget where the game is turn-based, fully visible and has
   an evaluation; otherwise a larger MCTS;
5. as 4 with several times the budget.

Budgets are counts (passes or nodes), so a level plays the same way on any machine and
replays exactly with a fixed seed; a time cap guards against a game whose moves are slow
(reaching it trades exact replay for a prompt answer).
"""

from __future__ import annotations

from motley.agents.alphabeta import AlphaBetaPlayer
from motley.agents.base import has_heuristic, perfect_information
from motley.agents.mcts import MctsPlayer
from motley.agents.simple import GreedyPlayer, RandomPlayer
from motley.core import registry
from motley.core.driver import Agent
from motley.core.errors import MotleyError

LEVELS = (1, 2, 3, 4, 5)
# what a player reads in the lobby: "level 3 (casual)"
LEVEL_NAMES = {1: "beginner", 2: "novice", 3: "casual", 4: "advanced", 5: "expert"}

# (MCTS passes, alpha-beta nodes, time cap in seconds) per level from 3 up
_BUDGETS = {3: (300, 0, 3.0), 4: (1500, 6000, 8.0), 5: (6000, 30000, 20.0)}


def player_for(game_id: str, level: int, seed: int = 0) -> Agent:
    """The computer player of strength `level` (1 weakest, 5 strongest) for `game_id`."""
    if level not in LEVELS:
        raise MotleyError(f"strength levels are 1 to 5, not {level}")
    game = registry.rules_class(game_id)
    if level == 1:
        return RandomPlayer(seed=seed)
    if level == 2:
        return GreedyPlayer(seed=seed)
    passes, nodes, cap = _BUDGETS[level]
    searchable = perfect_information(game.spec) and has_heuristic(game)
    if level >= 4 and searchable:
        return AlphaBetaPlayer(nodes=nodes, seconds=cap, seed=seed)
    return MctsPlayer(iterations=passes, seconds=cap, seed=seed)


def level_name(level: int) -> str:
    """A level as players read it: "level 3 (casual)"."""
    return f"level {level} ({LEVEL_NAMES[level]})"


def describe_level(game_id: str, level: int) -> str:
    """The player behind a level, for reports and benchmarks (not for players)."""
    player = player_for(game_id, level)
    if isinstance(player, AlphaBetaPlayer):
        return f"level {level}: alpha-beta, {player.nodes} nodes"
    if isinstance(player, MctsPlayer):
        return f"level {level}: MCTS, {player.iterations} passes"
    return f"level {level}: {'random' if level == 1 else 'greedy'}"
