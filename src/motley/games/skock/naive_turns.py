"""A deliberately naive second implementation of a Skock turn, for the tests only.

It shares no code with the engine: its own board (a dict of coordinates), each step from the
test kit's naive reach of a piece (`chesslike.testing`, walked square by square, with Skock's
own rule of what a step may take) and a plain recursive enumeration of every step sequence,
with no pruning and no memo. Tests
compare its counts and end positions with what the engine's legal actions reach.
It plays the default options only.
"""

from __future__ import annotations

from collections.abc import Iterator

from motley.chesslike.testing import naive_pawn_reach, naive_reach

Cell = tuple[int, int]
Board = dict[Cell, tuple[int, str]]  # (file, rank) -> (seat, letter)

KING_DIE = 6


def parse(placement: str) -> Board:
    board: Board = {}
    for row, text in enumerate(placement.split("/")):
        y = 7 - row
        x = 0
        for ch in text:
            if ch.isdigit():
                x += int(ch)
            else:
                board[(x, y)] = (0 if ch.isupper() else 1, ch.upper())
                x += 1
    return board


def write(board: Board) -> str:
    rows = []
    for y in range(7, -1, -1):
        text, gap = "", 0
        for x in range(8):
            if (x, y) in board:
                seat, letter = board[(x, y)]
                text += (str(gap) if gap else "") + (letter if seat == 0 else letter.lower())
                gap = 0
            else:
                gap += 1
        rows.append(text + (str(gap) if gap else ""))
    return "/".join(rows)


def name(cell: Cell) -> str:
    return "abcdefgh"[cell[0]] + str(cell[1] + 1)


def single_steps(
    board: Board, seat: int, at: Cell, letter: str, last: bool, die: int
) -> list[Cell]:
    """Cells one chess move reaches; captures only when `last`, kings only with the king die."""

    def takeable(cell: Cell) -> bool:
        owner, kind = board[cell]
        return last and owner != seat and (kind != "K" or die == KING_DIE)

    if letter == "P":  # no double step in Skock: one step straight, or a diagonal capture
        forward = 1 if seat == 0 else -1
        return naive_pawn_reach(board, at, forward, None, lambda c: c in board and takeable(c))
    return naive_reach(board, at, letter, takeable)


Path = tuple[str, ...]
Queues = tuple[str, str]


def die_paths(
    board: Board, seat: int, at: Cell, left: int, die: int, queues: Queues, first: bool = True
) -> Iterator[tuple[Path, Board, Cell, Queues]]:
    """Every way the piece on `at` can make `left` steps: (texts, board, where, queues)."""
    if left == 0:
        yield (), board, at, queues
        return
    letter = board[at][1]
    for target in single_steps(board, seat, at, letter, left == 1, die):
        after = dict(board)
        del after[at]
        new_queues = list(queues)
        if target in after:
            owner, taken = after[target]
            new_queues[owner] += taken
        text = (f"{die}:" if first else "") + name(at) + name(target)
        choices = [("", letter, new_queues[seat])]
        if letter == "P" and target[1] == (7 if seat == 0 else 0):
            queue = new_queues[seat]
            for kind in sorted(set(queue) - {"P"}, key="NBRQK".index):
                i = queue.rindex(kind)
                choices.append((f"={kind}", kind, queue[:i] + "P" + queue[i + 1 :]))
        for suffix, becomes, queue in choices:
            placed = dict(after)
            placed[target] = (seat, becomes)
            qs = list(new_queues)
            qs[seat] = queue
            for rest, end, where, final in die_paths(
                placed, seat, target, left - 1, die, (qs[0], qs[1]), False
            ):
                yield (text + suffix, *rest), end, where, final


def kings_left(board: Board, seat: int) -> int:
    return sum(1 for owner, letter in board.values() if owner == seat and letter == "K")


def turns(board: Board, seat: int, queues: Queues, dice: tuple[int, int]) -> list[tuple[Path, str]]:
    """Every complete turn as (action texts, end position 'placement queue queue')."""
    out: list[tuple[Path, str]] = []
    low, high = sorted(dice)
    for die in sorted({low, high}):
        other = high if die == low else low
        for x_cell in sorted(c for c, (s, _) in board.items() if s == seat):
            for path1, board1, at1, queues1 in die_paths(board, seat, x_cell, die, die, queues):
                finishes = [
                    (path2, board2, queues2)
                    for y_cell in sorted(c for c, (s, _) in board1.items() if s == seat)
                    if y_cell != at1
                    for path2, board2, _, queues2 in die_paths(
                        board1, seat, y_cell, other, other, queues1
                    )
                ]
                if kings_left(board1, 1 - seat) == 0:
                    if finishes:  # the game ends at once, but only a full turn was allowed
                        out.append((path1, _key(board1, queues1)))
                    continue
                out.extend((path1 + p2, _key(b2, q2)) for p2, b2, q2 in finishes)
    if not out:
        out.append((("pass",), _key(board, queues)))
    queue = queues[seat]
    if low == high and queue:
        count = min(low, len(queue))
        rest = list(queues)
        rest[seat] = queue[count:]
        for texts, placed in _placements(board, seat, queue[:count]):
            out.append((("back", *texts), _key(placed, (rest[0], rest[1]))))
    return out


def _placements(board: Board, seat: int, pieces: str) -> Iterator[tuple[Path, Board]]:
    if not pieces:
        yield (), board
        return
    rows = range(8) if seat == 0 else range(7, -1, -1)
    row = next(r for r in rows if any((x, r) not in board for x in range(8)))
    for letter in sorted(set(pieces), key="PNBRQK".index):
        i = pieces.index(letter)
        for x in range(8):
            if (x, row) in board:
                continue
            placed = dict(board)
            placed[(x, row)] = (seat, letter)
            for rest, end in _placements(placed, seat, pieces[:i] + pieces[i + 1 :]):
                yield (f"{letter}@{name((x, row))}", *rest), end


def _key(board: Board, queues: Queues) -> str:
    return f"{write(board)} {queues[0] or '-'} {queues[1] or '-'}"
