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

A game may bring its own player for a level (`Rules.computer`, asked first; an exact solver
for a puzzle, say); it is handed the ladder's player for that level to fall back on. Games
scored as a cooperation or a score with an evaluation (Cooperative Chess, with no opponent but
the deck) get a turn planner, which plans each whole turn (card, move, captures) through the
face-up line, on more guesses of the hidden cards at each level (and from level 4 on
through the partner's next turn too, to set up captures the partner makes). Levels 3 and up
choose at random among root moves within 0.01 of the best, so games against them differ.

Budgets are times, so a level answers promptly on any machine; a finished game still
replays exactly, because records replay the recorded actions, not the players.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from motley.agents.alphabeta import AlphaBetaPlayer
from motley.agents.base import has_heuristic, perfect_information
from motley.agents.mcts import MctsPlayer
from motley.agents.planner import TurnPlanner
from motley.agents.simple import GreedyPlayer, RandomPlayer
from motley.core import registry
from motley.core.driver import Agent
from motley.core.errors import MotleyError
from motley.core.rules import Rules
from motley.core.spec import Trait, Utility

LEVELS = (1, 2, 3, 4, 5)
# what a player reads in the lobby: "level 3 (casual)"
LEVEL_NAMES = {1: "beginner", 2: "novice", 3: "casual", 4: "advanced", 5: "expert"}

#: seconds a move per level from 3 up
SECONDS = {3: 0.25, 4: 0.7, 5: 1.4}
#: alpha-beta's depth limit per level (None: as deep as the time allows)
DEPTHS: dict[int, int | None] = {3: 2, 4: None, 5: None}
#: root moves this close to the best are chosen among at random (opening variety)
VARIETY = 0.01
#: Cooperative Chess: guesses of the hidden cards each plan is valued on
PLAN_SAMPLES = {3: 1, 4: 3, 5: 6}
#: Cooperative Chess: turns each plan looks through (2: the partner's next turn too)
PLAN_TURNS = {3: 1, 4: 2, 5: 2}
#: and from how many of the best ends of its own turn it looks on
PLAN_BEAM = {3: 1, 4: 2, 5: 6}


@runtime_checkable
class Summarised(Protocol):
    """A player that says what it is in a few words (a game's own player does)."""

    def summary(self) -> str: ...


def player_for(game_id: str, level: int, seed: int = 0) -> Agent:
    """The computer player of strength `level` (1 weakest, 5 strongest) for `game_id`:
    the game's own player where it has one for the level, else the generic ladder's."""
    rules = registry.make(game_id)
    generic = ladder_player(type(rules), level, seed)
    own = rules.computer(level, seed, generic)
    return generic if own is None else own


def ladder_player(game: type[Rules[Any, Any]], level: int, seed: int = 0) -> Agent:
    """The generic ladder's player of strength `level`, chosen from what `game` is."""
    if level not in LEVELS:
        raise MotleyError(f"strength levels are 1 to 5, not {level}")
    if level == 1:
        return RandomPlayer(seed=seed)
    if level == 2:
        return GreedyPlayer(seed=seed)
    seconds = SECONDS[level]
    spec = game.spec
    if spec.utility in (Utility.COOPERATIVE, Utility.SCORE) and has_heuristic(game):
        return TurnPlanner(
            seconds=seconds,
            samples=PLAN_SAMPLES[level],
            turns=PLAN_TURNS[level],
            beam=PLAN_BEAM[level],
            seed=seed,
        )
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
    if isinstance(player, Summarised):  # a game's own player says what it is
        return f"level {level}: {player.summary()}"
    if isinstance(player, AlphaBetaPlayer):
        deep = f"depth {player.depth}, " if player.depth else ""
        return f"level {level}: alpha-beta, {deep}{player.seconds} s"
    if isinstance(player, MctsPlayer):
        return f"level {level}: MCTS, {player.seconds} s"
    if isinstance(player, TurnPlanner):
        return (
            f"level {level}: turn planner, {player.turns} turn(s), {player.samples} guesses, "
            f"{player.seconds} s"
        )
    if isinstance(player, RandomPlayer):
        return f"level {level}: random"
    if isinstance(player, GreedyPlayer):
        return f"level {level}: greedy"
    return f"level {level}: {type(player).__name__}"
