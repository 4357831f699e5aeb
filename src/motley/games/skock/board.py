"""Skock's board: the doubled setup, and putting pieces on and off.

A board is the pair (pieces per kind, cells per seat) of a `SkockState`.
"""

from __future__ import annotations

from motley.games.skock.state import KINDS, Board

# Picture 1, as RULES-NOTES 3.1 reads it: every row doubled, each side's queens on squares of
# their own colour (White d1 and e2, Black d8 and e7), so the kings stand on e1/d2 and e8/d7.
SETUPS = {
    "colours": "rnbqkbnr/rnbkqbnr/pppppppp/pppppppp/PPPPPPPP/PPPPPPPP/RNBKQBNR/RNBQKBNR",
    # the other reading: the orthodox back rank simply copied (queens both on the d-file)
    "doubled": "rnbqkbnr/rnbqkbnr/pppppppp/pppppppp/PPPPPPPP/PPPPPPPP/RNBQKBNR/RNBQKBNR",
}

EMPTY_BOARD: Board = ((0,) * len(KINDS), (0, 0))


def remove(board: Board, cell: int) -> Board:
    """The board without whatever stands on `cell`."""
    keep = ~(1 << cell)
    pieces, colours = board
    return tuple(bits & keep for bits in pieces), (colours[0] & keep, colours[1] & keep)


def put(board: Board, cell: int, seat: int, kind: int) -> Board:
    """The board with a `kind` of `seat` on `cell` (the cell must be empty)."""
    bit = 1 << cell
    pieces, colours = board
    new_pieces = tuple(bits | bit if k == kind else bits for k, bits in enumerate(pieces))
    if seat == 0:
        return new_pieces, (colours[0] | bit, colours[1])
    return new_pieces, (colours[0], colours[1] | bit)


def move(
    board: Board, seat: int, origin: int, target: int, kind: int, after: int, victim: int
) -> Board:
    """A piece of `kind` steps from `origin` to `target` (taking a `victim` kind, or -1 for
    none) and stands there as `after` (another kind after a promotion)."""
    leave, land = 1 << origin, 1 << target
    pieces = list(board[0])
    pieces[kind] &= ~leave
    if victim >= 0:
        pieces[victim] &= ~land
    pieces[after] |= land
    white, black = board[1]
    if seat == 0:
        return tuple(pieces), ((white & ~leave) | land, black & ~land)
    return tuple(pieces), (white & ~land, (black & ~leave) | land)


def kind_on(board: Board, cell: int) -> int:
    bit = 1 << cell
    for kind, bits in enumerate(board[0]):
        if bits & bit:
            return kind
    return -1


def without_one(queue: str, letter: str, last: bool = True) -> tuple[str, int]:
    """`queue` with one `letter` taken out (the latest one if `last`), and where it stood."""
    index = queue.rfind(letter) if last else queue.find(letter)
    return queue[:index] + queue[index + 1 :], index
