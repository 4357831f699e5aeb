"""Computer players for every game, written against the game API only.

Each player follows the driver's `Agent` protocol: it is handed its seat's view and the legal
actions, never the full state, and returns one action. Players are configured values
(budget, seed, tuning); with a count budget and a fixed seed they replay exactly.
"""

from motley.agents.alphabeta import AlphaBetaPlayer
from motley.agents.base import Budget
from motley.agents.levels import LEVEL_NAMES, LEVELS, describe_level, level_name, player_for
from motley.agents.mcts import MctsPlayer
from motley.agents.registry import agent_names, make_agent
from motley.agents.simple import GreedyPlayer, RandomPlayer

__all__ = [
    "LEVELS",
    "LEVEL_NAMES",
    "AlphaBetaPlayer",
    "Budget",
    "GreedyPlayer",
    "MctsPlayer",
    "RandomPlayer",
    "agent_names",
    "describe_level",
    "level_name",
    "make_agent",
    "player_for",
]
