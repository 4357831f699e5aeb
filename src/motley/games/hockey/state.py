"""Hockey Chess values: the state, the actions and the position key used for repetition.

Seed 000, Hockey Chess (Chuck Smith, 1997). The pieces stand on an orthodox `Position`; the
checkers are two cell sets beside it: `pucks` (black checkers) and `refs` (red checkers,
the referees). A piece standing on a puck is its possessor. Two checkers share a square only
when a new puck has been put on a referee after a goal.

The four goal cells lie off the board, behind the d and e files: `d0`/`e0` is White's goal,
`d9`/`e9` Black's. They are numbered after the 64 squares.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from motley.chesslike.position import Move, Position

# goal cells, numbered after the squares: White's goal (d0, e0), then Black's (d9, e9)
GOALS = {64: "d0", 65: "e0", 66: "d9", 67: "e9"}
GOAL_OF_NAME = {name: cell for cell, name in GOALS.items()}


def goal_owner(cell: int) -> int:
    """The seat whose goal `cell` is (a puck shot into it scores for the other seat)."""
    return 0 if cell < 66 else 1


# phases: placing referees, the acts of a turn (move and/or passes), where a moving
# possessor leaves its puck, the choice after a promotion, the referee die, the referee move
SETUP = "setup"
ACT = "act"
DROP = "drop"
PROMOTE = "promote"
ROLL = "roll"
REF = "ref"
OVER = "over"
PHASES = (SETUP, ACT, DROP, PROMOTE, ROLL, REF, OVER)

PLAYING = -1  # `result` while the game goes on
DRAW = 2  # `result` of a game stopped by the turn limit


class HockeyState(NamedTuple):
    """A Hockey Chess position, at any step of a turn.

    `board.turn` is the player whose turn it is through all its steps (the acts, the roll,
    the referee move); `board.ep` is the square that player may take en passant on.
    """

    board: Position  # pieces, side whose turn it is, castling rights, en passant
    pucks: int  # squares holding a puck (under a piece or loose)
    refs: int  # squares holding a referee
    phase: str
    score: tuple[int, int] = (0, 0)
    lost: tuple[str, str] = ("", "")  # per seat: letters of its captured pieces, sorted
    acts: int = 0  # ACT: moves and passes made this turn
    moved: bool = False  # a piece has moved this turn (only one move per turn)
    cell: int = -1  # DROP: where the moving possessor stands now
    drops: int = 0  # DROP: squares of its path where it may leave its puck
    keep: bool = False  # DROP: it may keep the puck under it instead
    next_ep: int = -1  # a double step made this turn: the opponent's en-passant square
    fresh: int = 0  # pucks put on referees after a goal this turn (the referee leaves one)
    die: int = 0  # REF: the value rolled
    turns: int = 0  # turns completed (for the turn limit)
    history: frozenset[int] = frozenset()  # keys of the positions reached so far
    result: int = PLAYING  # OVER: the winning seat or DRAW
    reason: str = ""  # OVER: why

    @property
    def turn(self) -> int:
        return self.board.turn


_KEYS: dict[tuple[object, ...], int] = {}  # keys worked out lately (a turn asks many times)
_KEYS_KEPT = 50_000


def position_key(board: Position, pucks: int, to_move: int) -> int:
    """A 64-bit key of the pieces, the pucks and the side to move (referees left out).

    The mix is written out (rather than Python's `hash`) so that keys stored in a saved
    state mean the same on every platform.
    """
    asked = (board.pieces, board.colours, pucks, to_move)
    key = _KEYS.get(asked)
    if key is None:
        if len(_KEYS) >= _KEYS_KEPT:
            _KEYS.clear()
        key = _KEYS[asked] = _mix(board, pucks, to_move)
    return key


def _mix(board: Position, pucks: int, to_move: int) -> int:
    key = 0xCBF29CE484222325 ^ to_move
    for value in (*board.pieces, *board.colours, pucks):
        key = ((key ^ (value & 0xFFFFFFFF)) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
        key = ((key ^ (value >> 32)) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
        key ^= key >> 29
    return key


# -- actions ----------------------------------------------------------------------------------
# A plain move of a piece is the chess-like `Move` (castling is king-takes-own-rook inside,
# a pawn reaching the last rank has no promotion letter: what follows is `Score`/`Return`).


@dataclass(frozen=True, slots=True)
class Slide:
    """A bishop's move to the last rank followed by its one-square slide (`b5e8f8`)."""

    origin: int
    via: int
    target: int


@dataclass(frozen=True, slots=True)
class KingGoal:
    """A king in the opponent's crease walks into their goal (`e8 goal`)."""

    origin: int


@dataclass(frozen=True, slots=True)
class Pass:
    """The possessor on `origin` passes its puck to `target` (a square or a goal cell)."""

    origin: int
    target: int


@dataclass(frozen=True, slots=True)
class Drop:
    """A moving possessor leaves its puck on `cell` of its path (`put@e3`)."""

    cell: int


@dataclass(frozen=True, slots=True)
class Return:
    """After a promotion: one of the player's captured pieces comes back on `cell` (`Q@a1`)."""

    letter: str  # upper case
    cell: int


@dataclass(frozen=True, slots=True)
class Word:
    """`end` (no second act), `keep` (keep the puck), `score` (a promotion's point)."""

    word: str


@dataclass(frozen=True, slots=True)
class Roll:
    """Chance outcome: the referee die (`roll 4`)."""

    value: int


@dataclass(frozen=True, slots=True)
class RefMove:
    """Move the referee on `origin` exactly the rolled distance to `target` (`ref:c3c6`)."""

    origin: int
    target: int


@dataclass(frozen=True, slots=True)
class PlaceRef:
    """Setup: put a referee on `cell` (`ref@d4`)."""

    cell: int


END = Word("end")
KEEP = Word("keep")
SCORE = Word("score")

Act = Move | Slide | KingGoal | Pass
Action = Move | Slide | KingGoal | Pass | Drop | Return | Word | Roll | RefMove | PlaceRef
