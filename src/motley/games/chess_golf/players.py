"""Chess Golf's own computer players: the exact solver at strength levels 3 to 5.

* The puzzle (`GolfPlayer`) plays the first move of the solver's shortest solution looked
  for within 3, 6 and all remaining moves at levels 3, 4 and 5; where there is none within
  its horizon it falls back on the generic ladder's player for the level (MCTS under the
  level's time).
* A round (`RoundGolfer`, seed 002, Chess Golf: Play) bids what the solver finds: the length
  of a shortest solution looked for within the same horizons and at most 1, 4 and 12 s (within
  the text's solving minute); "impossible" (a fist) when the search finds none. Only a full
  search (no horizon, not capped) proves a hole impossible; a weaker golfer who finds nothing
  also shows a fist, as the text allows ("impossible, or I couldn't find one"). When it
  demonstrates it plays a shortest solution within its bid, and gives up only if its search
  cannot find one in time. Captured pieces go back next to a piece of their own colour (a
  piece alone cannot move: it borrows moves from its neighbours), as near the centre as can
  be, so the next hole stays playable. Dealing is the server's draw.

Levels 1 and 2 stay on the generic ladder (random, greedy). The rules objects hand these
players out through `Rules.computer`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from motley.components.chess_cards import Pile
from motley.core.driver import Agent
from motley.core.errors import MotleyError
from motley.core.player import Player, Turn
from motley.games.chess_golf.board import NEIGHBOURS, colour_at
from motley.games.chess_golf.round import GIVE_UP, Bid, GolfRound, Put
from motley.games.chess_golf.rules import ChessGolf
from motley.games.chess_golf.solver import Capped, Solution, shortest_solution, solve
from motley.games.chess_golf.state import BID, DEMO, PLAY, PUT, GolfState, RoundState

#: the longest solution each level looks for (None: up to the move limit)
HORIZONS: dict[int, int | None] = {3: 3, 4: 6, 5: None}
#: a round: seconds a golfer may think about a bid or a move (within the text's solving
#: minute and the server's budgets for the level)
ROUND_SECONDS = {3: 1.0, 4: 4.0, 5: 12.0}


@dataclass(frozen=True)
class GolfPlayer(Player):
    """First move of a shortest solution within `horizon` moves, else `fallback`."""

    fallback: Agent
    horizon: int | None = None
    seed: int = 0

    def __post_init__(self) -> None:
        if self.horizon is not None and self.horizon < 1:
            raise MotleyError(f"golf: horizon must be at least 1, not {self.horizon}")

    def decide(self, turn: Turn) -> Any:
        rules, view = turn.rules, turn.view
        if isinstance(rules, ChessGolf):
            limit = rules.limit - view.moves
            horizon = limit if self.horizon is None else min(self.horizon, limit)
            solution = shortest_solution(rules, view, horizon) if horizon > 0 else None
            if solution:
                first = solution[0]
                for action in turn.actions:
                    if action == first:
                        return action
        return turn.hand_to(self.fallback)

    def summary(self) -> str:
        """The player in a few words, for reports and benchmarks."""
        return f"exact solver, horizon {self.horizon or 'all'}"


@dataclass(frozen=True)
class RoundGolfer(Player):
    """Bids and demonstrates the solver's shortest solution within `horizon` moves."""

    horizon: int | None = None
    seconds: float | None = 10.0
    nodes: int = 0  # a node cap for reproducible play (0: none)
    seed: int = 0

    def __post_init__(self) -> None:
        if self.horizon is not None and self.horizon < 1:
            raise MotleyError(f"golfer: horizon must be at least 1, not {self.horizon}")
        if self.seconds is not None and not self.seconds > 0:
            raise MotleyError(f"golfer: seconds must be positive, not {self.seconds}")

    def decide(self, turn: Turn) -> Any:
        rules, view, seat, actions = turn.rules, turn.view, turn.seat, turn.actions
        if not isinstance(rules, GolfRound) or not isinstance(view, RoundState):
            raise MotleyError("the golfer plays only a round of Chess Golf")
        if view.phase == BID:
            return Bid(self.bid(rules, view))
        if view.phase == DEMO and view.play is not None:
            left = view.bids[seat] - view.play.moves
            found = self._solve(rules, view.play, left)
            if found is not None and found.moves and found.moves[0] in actions:
                return found.moves[0]
            return GIVE_UP
        if view.phase == PUT:
            return self.put(view, actions, turn.rng)
        return actions[0]

    def summary(self) -> str:
        """The player in a few words, for reports and benchmarks."""
        return f"exact solver, horizon {self.horizon or 'all'}, bids its length"

    def bid(self, rules: GolfRound, view: RoundState) -> int:
        """The moves of the shortest solution found, or 0 ("impossible")."""
        hole = GolfState(view.board, PLAY, Pile(), 0, view.chosen)
        found = self._solve(rules, hole, rules.limit)
        return len(found) if found is not None and found.moves else 0

    def _solve(self, rules: GolfRound, hole: GolfState, left: int) -> Solution | None:
        horizon = left if self.horizon is None else min(self.horizon, left)
        if horizon < 1:
            return None
        try:
            return solve(
                rules.puzzle,
                hole,
                max_moves=horizon,
                node_cap=self.nodes,
                time_cap=self.seconds or 0.0,
            )
        except Capped:
            return None

    def put(self, view: RoundState, actions: Sequence[Any], rng: random.Random) -> Any:
        """An empty square beside a piece of the returned piece's colour, near the centre."""
        if view.play is None or not view.play.chosen:
            return actions[0]
        colour = view.play.chosen[0].colour
        board = view.cells

        def friends(cell: int) -> int:
            return sum(colour_at(board, n) == colour for n in _around(cell))

        def centre(cell: int) -> float:
            return abs(cell % 8 - 3.5) + abs(cell // 8 - 3.5)

        puts = [a for a in actions if isinstance(a, Put)]
        if not puts:
            return actions[0]
        best = max(friends(p.cell) > 0 for p in puts)
        pool = [p for p in puts if (friends(p.cell) > 0) == best]
        nearest = min(centre(p.cell) for p in pool)
        return rng.choice([p for p in pool if centre(p.cell) == nearest])


def puzzle_player(level: int, seed: int, generic: Agent) -> Agent | None:
    """The puzzle's player at `level`: the solver from level 3, leaning on `generic`."""
    if level not in HORIZONS:
        return None
    return GolfPlayer(generic, horizon=HORIZONS[level], seed=seed)


def round_player(level: int, seed: int) -> Agent | None:
    """A round's golfer at `level` (from level 3), whatever the number of golfers."""
    if level not in HORIZONS:
        return None
    return RoundGolfer(HORIZONS[level], ROUND_SECONDS[level], seed=seed)


def _around(cell: int) -> list[int]:
    """The up to 8 squares next to `cell`."""
    bits = NEIGHBOURS[cell]
    return [c for c in range(64) if bits >> c & 1]
