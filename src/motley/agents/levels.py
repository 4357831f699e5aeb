"""Strength levels 1-5: a player and a time per move per level, chosen from what the game is.

1. beginner: random moves;
2. novice: greedy, the move whose result the game's evaluation likes best one ply ahead;
3. casual: a shallow search (alpha-beta two plies deep plus quiescence where the game is
   turn-based and fully visible, so it never misses a mate in one, and as deep as the time
   allows where dice split a turn into steps; IS-MCTS with evaluation cut-offs elsewhere),
   a quarter of a second a move;
4. advanced: the same searches deepened as far as 0.7 s a move allows;
5. expert: as far as 1.4 s a move allows (alpha-beta begins no new depth after half of it,
   so its answers take 0.7-1.4 s, and at most about 3 s in the slowest games).

Two kinds of game get a player of their own: Chess Golf, a puzzle with an exact solver,
plays the solver's shortest solution looked for within 3, 6 and all remaining moves at
levels 3 to 5, and in a round (`GolfRound`, any number of golfers) bids that solution's
length ("impossible" when none is found), demonstrates it and puts captured pieces back
beside their own colour, thinking at most 1, 4 and 12 s; Cooperative Chess, with no
opponent but the deck, plans each whole turn (card, move, captures) through the face-up
line, on more guesses of the hidden cards at each level. Levels 3 and up choose at random
among root moves within 0.01 of the best, so games against them differ.

Budgets are times, so a level answers promptly on any machine; a finished game still
replays exactly, because records replay the recorded actions, not the players.
"""

from __future__ import annotations

from motley.agents.alphabeta import AlphaBetaPlayer
from motley.agents.base import has_heuristic, perfect_information
from motley.agents.golf import GolfPlayer
from motley.agents.golf_round import RoundGolfer
from motley.agents.mcts import MctsPlayer
from motley.agents.planner import TurnPlanner
from motley.agents.simple import GreedyPlayer, RandomPlayer
from motley.core import registry
from motley.core.driver import Agent
from motley.core.errors import MotleyError
from motley.core.spec import Trait, Utility
from motley.games.chess_golf.round import GolfRound

LEVELS = (1, 2, 3, 4, 5)
# what a player reads in the lobby: "level 3 (casual)"
LEVEL_NAMES = {1: "beginner", 2: "novice", 3: "casual", 4: "advanced", 5: "expert"}

#: seconds a move per level from 3 up
SECONDS = {3: 0.25, 4: 0.7, 5: 1.4}
#: alpha-beta's depth limit per level (None: as deep as the time allows)
DEPTHS: dict[int, int | None] = {3: 2, 4: None, 5: None}
#: root moves this close to the best are chosen among at random (opening variety)
VARIETY = 0.01
#: Chess Golf: the longest solution each level looks for (None: up to the move limit)
GOLF_HORIZONS: dict[int, int | None] = {3: 3, 4: 6, 5: None}
#: a round of Chess Golf: seconds a golfer may think about a bid or a move (within the
#: text's solving minute and the server's budgets for the level)
GOLF_ROUND_SECONDS = {3: 1.0, 4: 4.0, 5: 12.0}
#: Cooperative Chess: guesses of the hidden cards each plan is valued on
PLAN_SAMPLES = {3: 1, 4: 3, 5: 6}


def player_for(game_id: str, level: int, seed: int = 0) -> Agent:
    """The computer player of strength `level` (1 weakest, 5 strongest) for `game_id`."""
    if level not in LEVELS:
        raise MotleyError(f"strength levels are 1 to 5, not {level}")
    game = registry.rules_class(game_id)
    if level == 1:
        return RandomPlayer(seed=seed)
    if level == 2:
        return GreedyPlayer(seed=seed)
    seconds = SECONDS[level]
    spec = game.spec
    if spec.id == "chess_golf":
        mcts = MctsPlayer(iterations=None, seconds=seconds, seed=seed)
        return GolfPlayer(horizon=GOLF_HORIZONS[level], seed=seed, fallback=mcts)
    if issubclass(game, GolfRound):  # every round, whatever its number of golfers
        return RoundGolfer(GOLF_HORIZONS[level], GOLF_ROUND_SECONDS[level], seed=seed)
    if spec.utility in (Utility.COOPERATIVE, Utility.SCORE) and has_heuristic(game):
        return TurnPlanner(seconds=seconds, samples=PLAN_SAMPLES[level], seed=seed)
    if perfect_information(spec) and has_heuristic(game):
        # with dice a ply is one step of a turn (a die, a pass, a referee), so two plies see
        # less than a turn: level 3 there searches as deep as its quarter second allows
        depth = None if Trait.CHANCE in spec.traits else DEPTHS[level]
        return AlphaBetaPlayer(seconds=seconds, depth=depth, seed=seed, variety=VARIETY)
    return MctsPlayer(iterations=None, seconds=seconds, seed=seed)


def level_name(level: int) -> str:
    """A level as players read it: "level 3 (casual)"."""
    return f"level {level} ({LEVEL_NAMES[level]})"


def describe_level(game_id: str, level: int) -> str:
    """The player behind a level, for reports and benchmarks (not for players)."""
    player = player_for(game_id, level)
    if isinstance(player, AlphaBetaPlayer):
        deep = f"depth {player.depth}, " if player.depth else ""
        return f"level {level}: alpha-beta, {deep}{player.seconds} s"
    if isinstance(player, MctsPlayer):
        return f"level {level}: MCTS, {player.seconds} s"
    if isinstance(player, GolfPlayer):
        return f"level {level}: exact solver, horizon {player.horizon or 'all'}"
    if isinstance(player, RoundGolfer):
        return f"level {level}: exact solver, horizon {player.horizon or 'all'}, bids its length"
    if isinstance(player, TurnPlanner):
        return f"level {level}: turn planner, {player.samples} guesses, {player.seconds} s"
    return f"level {level}: {'random' if level == 1 else 'greedy'}"
