"""Skock's state and actions as immutable values.

The board is a tuple of bitsets per piece kind (both colours) plus one bitset per seat, as in
the chess-like engine. A turn in progress is spread over a few fields: the dice not yet begun,
the die in use with the piece it moves and the steps it has left, and the piece that already
moved (the second die must move a different one).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

KINDS = "PNBRQK"  # kind index -> letter
PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = range(6)
KIND_OF = {letter: index for index, letter in enumerate(KINDS)}

# phases of a turn
ROLL = 0  # the dice are about to be thrown: a chance node
CHOOSE = 1  # pick a die and the first step of a piece (or bring back / pass)
STEP = 2  # a piece is part-way through its die: the next step
PLACE = 3  # pieces brought back from the queue are being placed
OVER = 4  # the game has ended
PHASE_NAMES = ("roll", "choose", "step", "place", "over")

PLAYING = -1  # `result` while the game goes on
DRAW = 2  # `result` of a game stopped by the turn limit


class SkockState(NamedTuple):
    pieces: tuple[int, ...]  # per kind (KINDS order), both colours
    colours: tuple[int, int]  # per seat: the cells it occupies
    queues: tuple[str, str]  # per seat: its own captured pieces, in the order they were taken
    turn: int  # seat whose turn it is
    phase: int
    dice: tuple[int, ...] = ()  # dice thrown but not yet begun, ascending
    die: int = 0  # STEP: the value of the die in use (it decides whether a king may be taken)
    cell: int = -1  # STEP: where the moving piece stands now
    left: int = 0  # STEP: steps it still has to make
    moved: int = -1  # where the piece moved by the first die ended (it may not move again)
    placing: str = ""  # PLACE: letters of the pieces still to be put back
    turns: int = 0  # dice throws so far (for the turn limit)
    result: int = PLAYING  # winning seat, DRAW, or PLAYING

    @property
    def occupied(self) -> int:
        return self.colours[0] | self.colours[1]

    def kind_at(self, cell: int) -> int:
        bit = 1 << cell
        for kind, bits in enumerate(self.pieces):
            if bits & bit:
                return kind
        return -1

    def owner(self, cell: int) -> int:
        bit = 1 << cell
        if self.colours[0] & bit:
            return 0
        if self.colours[1] & bit:
            return 1
        return -1


# -- actions --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Roll:
    """Chance outcome: the two dice, without order (written `roll 1 4`)."""

    low: int
    high: int


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a piece. `die` is set on the first step of a die: it names the die used.

    `promotion` is the letter of the queued piece a pawn reaching the last row is exchanged
    with (written `e7e8=Q`).
    """

    origin: int
    target: int
    die: int = 0
    promotion: str = ""


@dataclass(frozen=True, slots=True)
class Place:
    """Put one piece brought back from the queue on a cell (written `Q@d1`)."""

    letter: str
    cell: int


@dataclass(frozen=True, slots=True)
class Word:
    """`back` (bring pieces back on a double) or `pass` (no legal move)."""

    word: str


BACK = Word("back")
PASS = Word("pass")

Action = Roll | Step | Place | Word
