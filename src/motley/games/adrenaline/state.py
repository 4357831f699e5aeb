"""Adrenaline Chess values: the state, the actions and the written form of a position.

Seed 002, The Rules of Chess Kit, section Adrenaline Chess. The board is an orthodox
`Position`; `stacks` counts the checkers under the piece on each square.

Written form ("setup"): a FEN in which each checker under a piece is a `*` after the piece's
letter, for example `4k3/7p*/8/8/8/8/8/2B**4K w - - 0 1` (two checkers under the bishop;
`chesslike.marked`). A state file is an `AdrenalineRecord`, read and written by `CODEC`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from motley.chesslike.position import Position
from motley.core.codec import StateCodec, text_form

# the phases of a turn: the regular move, extra king steps, placing the rush checker
MOVE = "move"
STEP = "step"
RUSH = "rush"
PHASES = (MOVE, STEP, RUSH)

Stacks = tuple[int, ...]  # checkers under the piece on each of the 64 squares


class AdrenalineState(NamedTuple):
    """An Adrenaline Chess position, at the start of a turn or in the middle of one.

    `board.turn` is the player whose turn it is for the whole turn. At the start of a turn
    `board.ep` is that player's en-passant square; during the turn it is the square the
    opponent will be able to take on (cleared as soon as the moved piece steps).
    """

    board: Position  # its own `previous` link is always None
    stacks: Stacks
    phase: str = MOVE
    piece: int = -1  # the square of the piece that made this turn's regular move (STEP)
    captured: bool = False  # this turn has captured at least one piece
    previous: AdrenalineState | None = None  # turn-start states back to the last capture
    # or pawn move; during a turn, the state the turn started from

    def key(self) -> tuple[object, ...]:
        """What must be equal for two turn-start positions to be the same (repetition)."""
        b = self.board
        return (b.pieces, b.colours, b.turn, b.castling, b.ep, self.stacks)


# Positions and states are built several times per decision judged: straight from their
# fields, without the keyword handling of the named tuples' constructors
def new_position(
    pieces: tuple[int, ...],
    colours: tuple[int, int],
    turn: int,
    castling: int,
    ep: int,
    halfmove: int,
    fullmove: int,
) -> Position:
    """A `Position` from its fields (`previous` None)."""
    return _new(Position, (pieces, colours, turn, castling, ep, halfmove, fullmove, None))


def new_state(
    board: Position,
    stacks: Stacks,
    phase: str,
    piece: int,
    captured: bool,
    previous: AdrenalineState | None,
) -> AdrenalineState:
    """An `AdrenalineState` from all its fields."""
    return _new(AdrenalineState, (board, stacks, phase, piece, captured, previous))


_new = tuple.__new__


@dataclass(frozen=True, slots=True)
class Step:
    """An extra king step of the moved piece, spending one checker. Written `e4e5`."""

    origin: int
    target: int
    promotion: str = ""  # a pawn stepping onto its last rank is promoted


@dataclass(frozen=True, slots=True)
class Stop:
    """Take no more extra steps (the remaining checkers stay). Written `stop`."""


@dataclass(frozen=True, slots=True)
class Rush:
    """Place this turn's checker under the opponent's piece on `cell`. Written `rush h7`."""

    cell: int


# the last two stacks asked about (by identity), newest first: a turn's threat tests go back
# and forth between the stacks of the position and those of one candidate decision
_last_stacked: list[tuple[Stacks, int]] = [((), 0), ((), 0)]


def stacked_mask(stacks: Stacks) -> int:
    """The squares whose piece has at least one checker."""
    last = _last_stacked[0]
    if last[0] is stacks:
        return last[1]
    other = _last_stacked[1]
    if other[0] is stacks:
        _last_stacked[0], _last_stacked[1] = other, last
        return other[1]
    try:  # the counts as bytes, each non-zero one as a 1 digit: the mask in one C call
        mask = int(bytes(stacks).translate(_DIGITS)[::-1], 2)
    except ValueError:  # a count above 255 (option checkers=0)
        mask = 0
        for cell, count in enumerate(stacks):
            if count:
                mask |= 1 << cell
    _last_stacked[0], _last_stacked[1] = (stacks, mask), last
    return mask


def moved_stacks(stacks: Stacks, origin: int, target: int, count: int) -> Stacks:
    """`stacks` with the checkers on `origin` gone and `count` on `target`; its
    `stacked_mask` is worked out from the old one rather than from the counts."""
    mask = stacked_mask(stacks) & ~(1 << origin)
    if count:
        mask |= 1 << target
    else:
        mask &= ~(1 << target)
    out = list(stacks)
    out[origin] = 0
    out[target] = count
    moved = tuple(out)
    _last_stacked[0], _last_stacked[1] = (moved, mask), _last_stacked[0]
    return moved


_DIGITS = bytes([ord("0")] + [ord("1")] * 255)  # a count (a byte) -> "0" or "1"


@dataclass(frozen=True)
class AdrenalineRecord:
    """A state as its file holds it: the setup text, the turn's phase, the moved piece's
    square (`-` for none), whether the turn has captured, and the setups back to the last
    capture or pawn move (oldest first)."""

    fen: str
    phase: str = MOVE
    piece: str = "-"
    captured: bool = False
    history: tuple[str, ...] = ()


def _phase(text: str) -> str:
    if text not in PHASES:
        raise ValueError(text)
    return text


CODEC = StateCodec(
    "adrenaline",
    AdrenalineRecord,
    {"phase": text_form(f"one of {', '.join(PHASES)}", str, _phase)},
    omit_defaults=False,
)
