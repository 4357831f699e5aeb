"""Skock's state and actions as immutable values, and the state as JSON.

The board is a tuple of bitsets per piece kind (both colours) plus one bitset per seat, as in
the chess-like engine. A turn in progress is spread over a few fields: the dice not yet begun,
the die in use with the piece it moves and the steps it has left, and the piece that already
moved (the second die must move a different one). As text the board is FEN's placement field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from motley.chesslike import forms
from motley.chesslike.forms import DRAW as DRAW  # re-exported: the result's values
from motley.chesslike.forms import PLAYING as PLAYING
from motley.chesslike.forms import RESULT, SEAT, cell_or, named, whole
from motley.chesslike.position import kind_on, owner_on
from motley.core import actions
from motley.core.codec import Form, StateCodec, text_form
from motley.core.errors import StateError
from motley.geometry.square import square_board

GEOMETRY = square_board(8, 8)
SEATS = ("White", "Black")

KINDS = "PNBRQK"  # kind index -> letter
PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = range(6)
KIND_OF = {letter: index for index, letter in enumerate(KINDS)}
PIECE_NAMES = ("pawn", "knight", "bishop", "rook", "queen", "king")

# phases of a turn
ROLL = 0  # the dice are about to be thrown: a chance node
CHOOSE = 1  # pick a die and the first step of a piece (or bring back / pass)
STEP = 2  # a piece is part-way through its die: the next step
PLACE = 3  # pieces brought back from the queue are being placed
OVER = 4  # the game has ended
PHASE_NAMES = ("roll", "choose", "step", "place", "over")


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
        return kind_on(self.pieces, cell)

    def owner(self, cell: int) -> int:
        return owner_on(self.colours, cell)


# -- actions --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Roll:
    """Chance outcome: the two dice, without order (written `roll 1 4`)."""

    low: int
    high: int


@dataclass(frozen=True, slots=True)
class Step(actions.FromTo):
    """One step of a piece from `origin` to `target`. `die` is set on the first step of a
    die: it names the die used.

    `promotion` is the letter of the queued piece a pawn reaching the last row is exchanged
    with (written `e7e8=Q`).
    """

    die: int = 0
    promotion: str = ""


class Place(actions.LetterOnCell):
    """Put one piece brought back from the queue on a cell (written `Q@d1`)."""

    __slots__ = ()


class Word(actions.Word):
    """`back` (bring pieces back on a double) or `pass` (no legal move)."""

    __slots__ = ()


BACK = Word("back")
PASS = Word("pass")

Action = Roll | Step | Place | Word


# -- as text --------------------------------------------------------------------------------

Board = tuple[tuple[int, ...], tuple[int, int]]


def parse_placement(text: str) -> Board:
    """Read an 8x8 placement; raises NotationError naming what is wrong."""
    pieces = [0] * len(KINDS)
    colours = [0, 0]
    for cell, char in enumerate(forms.read_placement(text, KINDS, "Skock")):
        if char:
            pieces[KIND_OF[char.upper()]] |= 1 << cell
            colours[0 if char.isupper() else 1] |= 1 << cell
    return tuple(pieces), (colours[0], colours[1])


def write_placement(board: Board) -> str:
    pieces, colours = board
    cells = [""] * 64
    for kind, bits in enumerate(pieces):
        for cell in range(64):
            if bits >> cell & 1:
                cells[cell] = KINDS[kind] if colours[0] >> cell & 1 else KINDS[kind].lower()
    return forms.write_placement(cells)


class _Saved(NamedTuple):
    """A state as it is saved: the board as one placement, the moving piece's cell `piece`;
    the other fields in the state's order."""

    board: Board
    queues: tuple[str, str]
    turn: int
    phase: int
    dice: tuple[int, ...] = ()
    die: int = 0
    piece: int = -1
    left: int = 0
    moved: int = -1
    placing: str = ""
    turns: int = 0
    result: int = PLAYING


def _letters(data: Any) -> str:
    if not isinstance(data, str) or any(letter not in KINDS for letter in data):
        raise ValueError(data)
    return data


def _read_queues(data: Any) -> tuple[str, str]:
    if not isinstance(data, list) or len(data) != 2:
        raise ValueError(data)
    return _letters(data[0]), _letters(data[1])


def _read_dice(data: Any) -> tuple[int, ...]:
    if not isinstance(data, list) or len(data) > 2:
        raise ValueError(data)
    return tuple(sorted(DIE.read(face) for face in data))


DIE = whole(1, 6)
LETTERS = Form("piece letters PNBRQK", str, _letters)
_CODEC = StateCodec(
    "skock",
    _Saved,
    {
        "board": text_form("a placement", write_placement, parse_placement),
        "queues": Form("a list of two queues of piece letters", list, _read_queues),
        "turn": SEAT,
        "phase": named(PHASE_NAMES),
        "dice": Form("a list of at most two dice 1-6", list, _read_dice),
        "die": whole(0, 6),
        "piece": cell_or(GEOMETRY),
        "left": whole(0, 5),
        "moved": cell_or(GEOMETRY),
        "placing": LETTERS,
        "turns": whole(0),
        "result": RESULT,
    },
    omit_defaults=False,  # every field written, as states have always been saved
)


def to_json(state: SkockState) -> dict[str, Any]:
    return _CODEC.write(_Saved((state.pieces, state.colours), *state[2:]))


def from_json(data: Any) -> SkockState:
    """Read `to_json` output, checking every field and how they fit together."""
    saved = _CODEC.read(data)
    pieces, colours = saved.board
    state = SkockState(pieces, colours, *saved[1:])
    check_consistent(state)
    return state


def check_consistent(s: SkockState) -> None:
    """The fields of a turn in progress must describe one possible moment of a turn."""
    me = s.turn
    for seat in (0, 1):
        held = s.colours[seat].bit_count() + len(s.queues[seat])
        if seat == me:
            held += len(s.placing)
        if held > 32:
            raise StateError(f"{SEATS[seat]} has more than 32 pieces on the board and queued")
    blank = (s.dice, s.die, s.cell, s.left, s.moved, s.placing)
    if s.phase in (ROLL, OVER):
        if blank != ((), 0, -1, 0, -1, ""):
            raise StateError("between turns a Skock state holds no dice, steps or placements")
        if (s.phase == OVER) != (s.result != PLAYING):
            raise StateError("Skock state 'result' is set exactly when the phase is 'over'")
        if s.phase == ROLL:
            _check_kings(s)
        return
    if s.result != PLAYING:
        raise StateError("a Skock game in progress has no result")
    _check_kings(s)
    if s.phase == CHOOSE:
        if s.die or s.cell >= 0 or s.left or s.placing or not s.dice:
            raise StateError("choosing a die needs the dice thrown and nothing else under way")
        if len(s.dice) == 1 and s.owner(s.moved) != me:
            raise StateError("with one die left, 'moved' names the piece the first die moved")
        if len(s.dice) == 2 and s.moved >= 0:
            raise StateError("no piece has moved before the first die")
    elif s.phase == STEP:
        if not s.die or s.placing or s.owner(s.cell) != me or not 1 <= s.left < s.die:
            raise StateError("a piece part-way through its die needs the die, its cell, steps left")
        if len(s.dice) > 1 or (not s.dice and s.owner(s.moved) != me) or s.moved == s.cell:
            raise StateError("the second die must move a piece other than the first")
    elif s.phase == PLACE and (
        not s.placing or s.dice or s.die or s.cell >= 0 or s.left or s.moved >= 0
    ):
        raise StateError("placing pieces brought back needs the pieces and nothing else")


def _check_kings(s: SkockState) -> None:
    for seat in (0, 1):
        if not s.pieces[KING] & s.colours[seat]:
            raise StateError(f"{SEATS[seat]} has no king on the board but the game goes on")
