"""Zombie Chess values: the state, the actions and the public ledger of announcements.

Seed 002, The Rules of Chess Kit, section Zombie Chess. The state keeps both secret burial
grids; everything else in it is public. A player's grid holds the opponent's pieces that the
player buried, by square; the graveyard of a colour is exactly the pieces on the other
player's grid, so it is not stored twice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from motley.chesslike.position import Move, Position

# the phases of a turn: promote returning pawns, move, then bury what was captured
PROMOTE = "promote"
MOVE = "move"
BURY = "bury"
PHASES = (PROMOTE, MOVE, BURY)

BURIABLE = "PNBRQ"  # a king is never captured, so never buried
NAMES = {"P": "pawn", "N": "knight", "B": "bishop", "R": "rook", "Q": "queen", "K": "king"}

Grid = tuple[tuple[int, str], ...]  # (square, letter of the buried piece), sorted by square


# -- the ledger: what was said aloud, in order ----------------------------------------------

CHECK = "check"  # a square left was checked: letter '' for "no zombie at X", else the zombie
NOWHERE = "nowhere"  # "no zombies anywhere": the opponent's graveyard was empty
BURIED = "buried"  # a captured piece was buried; mask: the burier's squares at that moment
CANNOT = "cannot"  # "I cannot bury this piece": every square of the burier hides a burial
DESTROYED = "destroyed"  # an unmoved zombie was destroyed at the end of its owner's turn
DUSTED = "dusted"  # a captured zombie went to the dust bin (option rebury_zombies=false)
SAFE = "safe"  # public constraint: a burial on `cell` can only be one of `letter`'s pieces
ENTRY_KINDS = (CHECK, NOWHERE, BURIED, CANNOT, DESTROYED, DUSTED, SAFE)


class Entry(NamedTuple):
    """One public announcement, made during the turn of `seat`.

    `SAFE` entries are not spoken: they record what every player can work out from a move
    made in the middle of a zombie horde's turn (a square left earlier that turn would have
    returned a zombie checking the mover's king, so it cannot hide certain pieces).
    """

    what: str
    seat: int
    cell: int = -1
    letter: str = ""
    mask: int = 0


class Shared(tuple[Any, ...]):
    """A tuple of immutable values (named tuples of ints and strings) that only grows.

    Nothing in it can change, so a deep copy may share it: copying a long game's ledger
    for every state would otherwise cost time proportional to the game's length.
    """

    __slots__ = ()

    def __deepcopy__(self, memo: dict[int, Any]) -> Shared:
        return self

    def __copy__(self) -> Shared:
        return self

    def plus(self, *items: Any) -> Shared:
        return Shared((*self, *items))


class ZombieState(NamedTuple):
    """A Zombie Chess position in the middle of some turn.

    `board.turn` is the player whose turn it is for the whole turn (a zombie horde makes
    several moves); `board.ep` is the en-passant square open to that player this turn.
    """

    board: Position
    zombies: int  # squares of zombie pieces (a coin under them), either colour
    grids: tuple[Grid, Grid]  # grids[s]: the opponent's pieces s buried, secret to s
    dust: tuple[str, str]  # dust[c]: letters of colour c's pieces in the dust bin
    phase: str
    moved: int  # squares of the pieces that have moved this turn
    left: tuple[int, ...]  # squares left this turn, in order: checked at the end of it
    normal_used: bool  # a piece that is not a zombie has moved this turn
    captured: str  # letters of pieces captured this turn, still to be buried
    double_step: int  # en-passant square this turn's double step gives the opponent, or -1
    progress: bool  # a capture, pawn move, return, destruction or promotion this turn
    ledger: Shared  # of Entry
    history: Shared  # of str: turn-start positions since the last progress, for repetition


# -- actions ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Stop moving zombies: the turn ends (unmoved zombies are destroyed). Written `end`."""


@dataclass(frozen=True, slots=True)
class Bury:
    """Bury the next captured piece under the mover's piece on `cell`. Written `bury P@b2`."""

    cell: int


@dataclass(frozen=True, slots=True)
class Promote:
    """Promote a pawn that came back on its last rank. Written `c8=Q`."""

    cell: int
    letter: str


Action = Move | EndTurn | Bury | Promote


# -- small helpers on grids ---------------------------------------------------------------


def grid_get(grid: Grid, cell: int) -> str:
    for square, letter in grid:
        if square == cell:
            return letter
    return ""


def grid_put(grid: Grid, cell: int, letter: str) -> Grid:
    return tuple(sorted((*grid, (cell, letter))))


def grid_drop(grid: Grid, cell: int) -> Grid:
    return tuple(entry for entry in grid if entry[0] != cell)


def grid_mask(grid: Grid) -> int:
    mask = 0
    for square, _ in grid:
        mask |= 1 << square
    return mask


def graveyard(state: ZombieState, colour: int) -> str:
    """The letters of `colour`'s pieces in the zombie graveyard (public), sorted."""
    return "".join(sorted(letter for _, letter in state.grids[colour ^ 1]))
