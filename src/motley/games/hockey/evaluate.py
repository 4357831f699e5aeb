"""A heuristic value of a Hockey Chess position, for the computer players.

All from one seat's point of view, in goals (then squashed into [-1, 1]):

* goals: the score, weighed against the goals still needed to win;
* shots on goal: a possessor whose pass would reach the enemy goal now ("a pass that leaves
  the board into the goal ... scores a point"). A shot in the hands of the side that acts
  next is nearly a goal; one of the side that has just acted can still be answered (take the
  possessor, or step a bare piece into the line: "the puck may not fly over a bare piece");
* pucks: held pucks, more the further up the board and the nearer the d and e files, and
  less when an enemy piece attacks the possessor ("a piece that takes a possessor takes that
  puck over");
* the referee: a referee on a square next to an enemy possessor narrows where it can go
  with its puck ("if it ends its move on a checker it must leave its own puck behind");
* material with Hockey's values (`board.VALUES`): a king is taken like any piece, so it is
  worth about a minor piece.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motley.chesslike import movegen
from motley.chesslike.evaluate import squash
from motley.games.hockey.board import VALUES, HockeyTables, kind_at
from motley.games.hockey.state import ACT, DROP, OVER, PROMOTE, SETUP, HockeyState, goal_owner
from motley.geometry import cellset

if TYPE_CHECKING:
    from motley.games.hockey.rules import HockeyChess

#: a goal scored, in the evaluation's units
GOAL = 1.0
#: a shot open to the side that acts next: it will usually be taken
SHOT_NEXT = 0.7
#: a shot open to the side that has just acted: the mover may still stop it
SHOT_LATER = 0.25
#: a held puck, plus per rank towards the enemy goal and for standing near the d/e files
PUCK, PUCK_AHEAD, PUCK_CENTRE = 0.15, 0.03, 0.05
#: share of a possessor's puck value lost when an enemy piece attacks it
EXPOSED = 0.5
#: a pawn's worth of material
PAWN_WORTH = 0.04
#: a referee next to an enemy possessor
REFEREE = 0.02
#: the kit's squash: a balance of this many goals is worth 0.5
SCALE = 2.5


def evaluate(rules: HockeyChess, s: HockeyState, seat: int) -> float:
    if s.phase == OVER:
        return rules.returns(s)[seat]
    if s.phase == SETUP:
        return 0.0
    t = rules.tables
    board = s.board
    # who acts next: the mover until its acts are done, then the opponent
    next_side = s.turn if s.phase in (ACT, DROP, PROMOTE) else s.turn ^ 1
    needed = rules.turns.goals
    value = 0.0
    for side, sign in ((seat, 1.0), (seat ^ 1, -1.0)):
        # a goal counts for more as the target nears (the last goal wins the game)
        value += sign * GOAL * s.score[side] * (1.0 + s.score[side] / needed)
        mine = board.colours[side]
        material = sum(VALUES[kind] * (board.pieces[kind] & mine).bit_count() for kind in range(6))
        value += sign * PAWN_WORTH * material
        shots = 0
        for cell in cellset.cells(s.pucks & mine):
            ahead = cell // 8 if side == 0 else 7 - cell // 8
            centre = 1.0 - abs(3.5 - cell % 8) / 3.5
            held = PUCK + PUCK_AHEAD * ahead + PUCK_CENTRE * centre
            if movegen.is_attacked(t.chess, board, cell, side ^ 1, board.occupied):
                held *= 1.0 - EXPOSED
            value += sign * held
            shots += shot_on_goal(t, s, cell, side)
            value -= sign * REFEREE * _refs_around(s.refs, cell)
        if shots:
            value += sign * (SHOT_NEXT if side == next_side else SHOT_LATER) * min(shots, 2)
    return squash(value, SCALE)


def shot_on_goal(t: HockeyTables, s: HockeyState, origin: int, side: int) -> int:
    """1 if the possessor on `origin` (of `side`) could pass its puck into the enemy goal."""
    board = s.board
    occupied = board.occupied
    checkers = s.pucks | s.refs
    for ray in t.pass_rays[side][kind_at(board, origin)][origin]:
        for cell in ray:
            if cell >= 64:
                if goal_owner(cell) != side:
                    return 1
                break
            bit = 1 << cell
            if bit & checkers:
                continue  # a piece on a checker, or a checker alone, does not stop it
            if bit & occupied:
                break
    return 0


def _refs_around(refs: int, cell: int) -> int:
    """Referees a king step from `cell`."""
    rank, file = divmod(cell, 8)
    count = 0
    for other in cellset.cells(refs):
        if other != cell and abs(other // 8 - rank) <= 1 and abs(other % 8 - file) <= 1:
            count += 1
    return count
