"""Combat Chess II's state and actions as immutable values.

The board is a 64-character string, a1 first: `.` for an empty cell, upper case for White,
lower case for Black. The letters are chess letters under the rulebook's names: P pawn,
R castle, N dragon, B bishop, Q queen, K king.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

EMPTY = "."
LEADERS = "BQK"  # "considered a leader"; a pawn that kills a king becomes a bishop, so one too
CASTLE = "R"
DRAGON = "N"
PIECE_NAMES = {
    "P": "pawn",
    "R": "castle",
    "N": "dragon",
    "B": "bishop",
    "Q": "queen",
    "K": "king",
}
# the corner castles that hold prisoners, indexed seat * 2 + side (0 left, 1 right), each
# side seen from its owner's chair: White's left is a1, Black's left is h8
CORNERS = (0, 7, 63, 56)
SIDES = ("left", "right")

# phases
FIRST = 0  # both roll to see who starts: chance
ACT = 1  # the mover picks: roll to move, teleport, challenge or escape
MOVE_ROLL = 2  # the roll to move: chance
MOVE = 3  # move a piece exactly the number rolled (or lose the turn)
AFTER_MOVE = 4  # the piece that moved may challenge a neighbour
COMBAT = 5  # both sides roll for a challenge: chance
SIDE = 6  # the winner puts the loser's piece by its left or right castle
TELEPORT_ROLL = 7  # chance
TELEPORT = 8  # place the king on any empty cell
ESCAPE_ROLL = 9  # chance
ESCAPE = 10  # place a freed piece next to the castle
OVER = 11
PHASE_NAMES = (
    "first",
    "act",
    "move-roll",
    "move",
    "after-move",
    "combat",
    "side",
    "teleport-roll",
    "teleport",
    "escape-roll",
    "escape",
    "over",
)
CHANCE_PHASES = frozenset({FIRST, MOVE_ROLL, COMBAT, TELEPORT_ROLL, ESCAPE_ROLL})

PLAYING = -1
DRAW = 2


def owner(letter: str) -> int:
    """0 for a White letter, 1 for Black, -1 for an empty cell."""
    if letter == EMPTY:
        return -1
    return 0 if letter.isupper() else 1


class CombatState(NamedTuple):
    board: str  # 64 letters, a1 first
    turn: int  # whose turn it is
    phase: int
    roll: int = 0  # MOVE: the number rolled
    active: int = -1  # the piece that moved / the challenger / the hero / the planned piece
    target: int = -1  # COMBAT: the challenged piece; ESCAPE*: the castle
    chooser: int = -1  # SIDE: the winner, who places the loser's piece
    captive: str = ""  # SIDE: the piece just killed
    prisoners: tuple[str, str, str, str] = ("", "", "", "")  # held per corner (CORNERS order)
    fresh: int = 0  # cells of pieces the mover has moved this turn (not yet heroes)
    ties: int = 0  # ties rolled so far in this challenge (or in the roll for first player)
    turns: int = 0  # turns completed (for the turn limit)
    result: int = PLAYING


# -- actions --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Die:
    """Chance outcome of one die (`roll 4`): to move, to teleport or to escape."""

    face: int


@dataclass(frozen=True, slots=True)
class DicePair:
    """Chance outcome of two dice: `first 3 5` (White's and Black's roll for the first move)
    or `combat 4 2` (the challenger's roll, then the challenged piece's)."""

    word: str
    first: int
    second: int


@dataclass(frozen=True, slots=True)
class Move:
    """Move a piece the number rolled (`e2e5`)."""

    origin: int
    target: int


@dataclass(frozen=True, slots=True)
class Challenge:
    """`challenge e4 e5`: the piece on e4 challenges its neighbour on e5."""

    challenger: int
    defender: int


@dataclass(frozen=True, slots=True)
class Escape:
    """`escape b7 a8`: the hero on b7 tries to free a prisoner of the castle on a8."""

    hero: int
    castle: int


@dataclass(frozen=True, slots=True)
class Place:
    """`K@e4` puts a teleporting king on e4; `Q@b8` puts a freed queen on b8."""

    letter: str
    cell: int


@dataclass(frozen=True, slots=True)
class PlanRoll:
    """`roll e2`: roll to move the piece on e2 (with the `plan_before_roll` option)."""

    cell: int


@dataclass(frozen=True, slots=True)
class Word:
    """`roll`, `teleport`, `pass` (over-planning), `end` (no challenge), `left`, `right`,
    `stay` (a successful teleport declined: the king stays where it is)."""

    word: str


ROLL = Word("roll")
TELEPORT_WORD = Word("teleport")
PASS = Word("pass")
END = Word("end")
LEFT = Word("left")
RIGHT = Word("right")
STAY = Word("stay")

Action = Die | DicePair | Move | Challenge | Escape | Place | PlanRoll | Word
