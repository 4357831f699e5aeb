"""Chess Golf's player: the exact solver's shortest solution, looked for within a horizon.

The solver (`games.chess_golf.solver.shortest_solution`) finds a shortest way to finish the
hole from any position. The player plays the first move of a solution no longer than
`horizon` moves (None: the rules' move limit, so the shortest there is); where there is none
within the horizon it falls back to the `fallback` player (MCTS under a time budget).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from motley.agents.mcts import MctsPlayer
from motley.core.driver import Agent
from motley.core.errors import MotleyError
from motley.core.rules import Rules
from motley.games.chess_golf.rules import ChessGolf
from motley.games.chess_golf.solver import shortest_solution


@dataclass(frozen=True)
class GolfPlayer:
    """First move of a shortest solution within `horizon` moves, else `fallback`."""

    horizon: int | None = None
    seed: int = 0
    fallback: Agent = field(default_factory=lambda: MctsPlayer(iterations=None, seconds=0.5))

    def __post_init__(self) -> None:
        if self.horizon is not None and self.horizon < 1:
            raise MotleyError(f"golf: horizon must be at least 1, not {self.horizon}")

    def choose(
        self,
        rules: Rules[Any, Any],
        view: Any,
        seat: int,
        actions: Sequence[Any],
        rng: random.Random,
    ) -> Any:
        if isinstance(rules, ChessGolf):
            limit = rules.limit - view.moves
            horizon = limit if self.horizon is None else min(self.horizon, limit)
            solution = shortest_solution(rules, view, horizon) if horizon > 0 else None
            if solution:
                first = solution[0]
                for action in actions:
                    if action == first:
                        return action
        return self.fallback.choose(rules, view, seat, actions, rng)
