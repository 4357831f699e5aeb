"""Combat Chess II's state and actions as immutable values, and the state as JSON.

The board is a 64-character string, a1 first: `.` for an empty cell, upper case for White,
lower case for Black. The letters are chess letters under the rulebook's names: P pawn,
R castle, N dragon, B bishop, Q queen, K king. As text (a position, the JSON) the board is
FEN's placement field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from motley.chesslike import forms
from motley.chesslike.forms import DRAW as DRAW  # re-exported: the result's values
from motley.chesslike.forms import PLAYING as PLAYING
from motley.chesslike.forms import (
    RESULT,
    SEAT,
    SEAT_OR_NONE,
    cell_or,
    cell_set,
    named,
    whole,
)
from motley.components.dice import Die as Die  # the one-die outcome, an action here
from motley.core import actions
from motley.core.codec import Form, StateCodec, text_form
from motley.core.errors import NotationError
from motley.geometry.square import square_board

GEOMETRY = square_board(8, 8)

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
# what the player to act is asked for in each phase of decision
WAITING = {
    ACT: "choose to roll, teleport, challenge or escape",
    MOVE: "move a piece the number rolled",
    AFTER_MOVE: "challenge a neighbour or end the turn",
    SIDE: "put the killed piece by the left or right castle",
    TELEPORT: "place the teleporting king",
    ESCAPE: "place the freed piece",
}


def piece(letter: str) -> str:
    """The rulebook's name of a piece letter of either side ("castle" for r)."""
    return PIECE_NAMES[letter.upper()]


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
class DicePair:
    """Chance outcome of two dice: `first 3 5` (White's and Black's roll for the first move)
    or `combat 4 2` (the challenger's roll, then the challenged piece's)."""

    word: str
    first: int
    second: int


class Move(actions.FromTo):
    """Move a piece the number rolled (`e2e5`)."""

    __slots__ = ()


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


class Place(actions.LetterOnCell):
    """`K@e4` puts a teleporting king on e4; `Q@b8` puts a freed queen on b8."""

    __slots__ = ()


class PlanRoll(actions.OnCell):
    """`roll e2`: roll to move the piece on e2 (with the `plan_before_roll` option)."""

    __slots__ = ()


class Word(actions.Word):
    """`roll`, `teleport`, `pass` (over-planning), `end` (no challenge), `left`, `right`,
    `stay` (a successful teleport declined: the king stays where it is)."""

    __slots__ = ()


ROLL = Word("roll")
TELEPORT_WORD = Word("teleport")
PASS = Word("pass")
END = Word("end")
LEFT = Word("left")
RIGHT = Word("right")
STAY = Word("stay")

Action = Die | DicePair | Move | Challenge | Escape | Place | PlanRoll | Word


# -- as text ----------------------------------------------------------------------------------


def parse_placement(text: str) -> str:
    """A 64-letter board (a1 first) from FEN's placement field; raises NotationError."""
    cells = forms.read_placement(text, "PRNBQK", "Combat Chess")
    return "".join(letter or EMPTY for letter in cells)


def write_placement(board: str) -> str:
    return forms.write_placement(board)


def held_by(text: str, index: int) -> str:
    """The prisoners a castle holds: the other side's pieces, so lower case by White's."""
    letters = "" if text == "-" else text
    if any(letter.upper() not in PIECE_NAMES for letter in letters):
        raise NotationError(f"prisoners are piece letters (PRNBQK), not {text!r}")
    held = letters.lower() if index < 2 else letters.upper()
    return "".join(sorted(held))


def _write_prisoners(prisoners: tuple[str, str, str, str]) -> dict[str, dict[str, str]]:
    return {
        "white": dict(zip(SIDES, prisoners[:2], strict=True)),
        "black": dict(zip(SIDES, prisoners[2:], strict=True)),
    }


def _read_prisoners(data: Any) -> tuple[str, str, str, str]:
    groups = [data[seat][side] for seat in ("white", "black") for side in SIDES]
    for index, group in enumerate(groups):
        if not isinstance(group, str) or group != held_by(group, index):
            raise NotationError("a castle's prisoners are the other side's pieces, in order")
    return (groups[0], groups[1], groups[2], groups[3])


def _read_captive(data: Any) -> str:
    if not isinstance(data, str) or len(data) > 1 or (data and data.upper() not in PIECE_NAMES):
        raise ValueError(data)
    return data


CODEC: StateCodec[CombatState] = StateCodec(
    "combat_chess",
    CombatState,
    {
        "board": text_form("a placement", write_placement, parse_placement),
        "turn": SEAT,
        "phase": named(PHASE_NAMES),
        "roll": whole(0, 6),
        "active": cell_or(GEOMETRY),
        "target": cell_or(GEOMETRY),
        "chooser": SEAT_OR_NONE,
        "captive": Form("one piece letter or none", str, _read_captive),
        "prisoners": Form("white/black to left/right", _write_prisoners, _read_prisoners),
        "fresh": cell_set(GEOMETRY),
        "ties": whole(0),
        "turns": whole(0),
        "result": RESULT,
    },
    omit_defaults=False,  # every field written, as states have always been saved
)
