"""Half Alice Chess perft from the start, checked against a naive count written separately.

The naive generator below knows only what three plies from the start can need (no castling,
en passant or promotion is reachable that soon): it walks squares one at a time, letting a
piece pass pieces of the other side of the mirror, and tests the king before and after the
switch by looking for attackers square by square.
"""

from __future__ import annotations

import pytest

from motley.chesslike.testing import naive_reach, on_board
from motley.games.half_alice import HalfAliceChess
from motley.games.half_alice.state import HalfAliceState

START_PERFT = {1: 20, 2: 400, 3: 9384}
DEEP_PERFT = {4: 219236}

Square = tuple[int, int]  # (file, rank), both 0-7
Piece = tuple[str, str, bool]  # (colour 'w' or 'b', upper-case letter, on a checker)
Board = dict[Square, Piece]



def perft(rules: HalfAliceChess, state: HalfAliceState, depth: int) -> int:
    legal = rules.mirror.legal(state)
    if depth == 1:
        return len(legal)
    return sum(perft(rules, rules.mirror.play(state, move), depth - 1) for move in legal)


def start_board() -> Board:
    board: Board = {}
    for file, letter in enumerate("RNBQKBNR"):
        board[(file, 0)] = ("w", letter, False)
        board[(file, 1)] = ("w", "P", False)
        board[(file, 6)] = ("b", "P", False)
        board[(file, 7)] = ("b", letter, False)
    return board


def targets(board: Board, square: Square) -> list[Square]:
    """Where the piece on `square` may go, seeing only pieces on its own side."""
    colour, letter, mirror = board[square]
    mine = {s: p for s, p in board.items() if p[2] == mirror}
    out: list[Square] = []
    file, rank = square
    if letter == "P":
        ahead = 1 if colour == "w" else -1
        one = (file, rank + ahead)
        if on_board(one) and one not in mine:
            out.append(one)
            two = (file, rank + 2 * ahead)
            if rank == (1 if colour == "w" else 6) and two not in mine:
                out.append(two)
        for side in (-1, 1):
            diagonal = (file + side, rank + ahead)
            if diagonal in mine and mine[diagonal][0] != colour:
                out.append(diagonal)
        return out
    return naive_reach(mine, square, letter)


def attacked(board: Board, square: Square, by: str, mirror: bool) -> bool:
    """Whether a piece of `by` on side `mirror` attacks `square` (a king standing there)."""
    for origin, (colour, letter, side) in board.items():
        if colour != by or side != mirror:
            continue
        if letter == "P":
            ahead = 1 if by == "w" else -1
            if square[1] - origin[1] == ahead and abs(square[0] - origin[0]) == 1:
                return True
            continue
        probe = dict(board)
        probe[square] = ("w" if by == "b" else "b", "K", mirror)
        if square in targets(probe, origin):
            return True
    return False


def naive_moves(board: Board, turn: str) -> list[Board]:
    """The boards after each legal move of `turn`."""
    out = []
    enemy = "b" if turn == "w" else "w"
    for square, (colour, letter, mirror) in list(board.items()):
        if colour != turn:
            continue
        for target in targets(board, square):
            if target in board and board[target][2] != mirror:
                continue  # a piece of the other side stands there
            stay = dict(board)
            del stay[square]
            stay[target] = (colour, letter, mirror)
            switched = dict(stay)
            switched[target] = (colour, letter, not mirror)
            king = next(s for s, p in switched.items() if p[:2] == (turn, "K"))
            if stay[king][2] == mirror and attacked(stay, king, enemy, mirror):
                continue  # in check before the switch
            if attacked(switched, king, enemy, switched[king][2]):
                continue  # in check after it
            out.append(switched)
    return out


def naive_perft(board: Board, turn: str, depth: int) -> int:
    boards = naive_moves(board, turn)
    if depth == 1:
        return len(boards)
    after = "b" if turn == "w" else "w"
    return sum(naive_perft(b, after, depth - 1) for b in boards)


@pytest.mark.parametrize("depth", sorted(START_PERFT))
def test_start_perft(depth: int) -> None:
    rules = HalfAliceChess()
    assert perft(rules, rules.initial_state(), depth) == START_PERFT[depth]


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_naive_count_agrees(depth: int) -> None:
    assert naive_perft(start_board(), "w", depth) == START_PERFT[depth]


def test_rules_api_agrees_with_the_generator() -> None:
    """legal_actions and apply give the same tree as the generator, two plies deep."""
    rules = HalfAliceChess()
    start = rules.initial_state()
    total = 0
    for move in list(rules.legal_actions(start)):
        after = rules.apply(start, move)
        total += len(rules.legal_actions(after))
    assert total == START_PERFT[2]


@pytest.mark.slow
@pytest.mark.parametrize("depth", sorted(DEEP_PERFT))
def test_deep_perft(depth: int) -> None:
    rules = HalfAliceChess()
    assert perft(rules, rules.initial_state(), depth) == DEEP_PERFT[depth]
