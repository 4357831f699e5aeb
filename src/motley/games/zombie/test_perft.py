"""Perft for Zombie Chess: the number of decision sequences of a given length from positions
with fixed secrets (both grids, the zombies on the board).

Every decision counts as one ply: a move, `end`, a burial, a promotion of a returning pawn.
The numbers are cross-checked against an independent model of the turn written here on top
of python-chess (its move generator and attack tests; the zombie turn, the checks of the
squares left, the destruction of unmoved zombies, the burials and the returning pawns' promotions
written afresh from the seed's text), and pinned as measured.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

import chess
import pytest

from motley.chesslike.testing import depth_params
from motley.cli.perft import perft
from motley.games.zombie import ZombieChess
from motley.games.zombie.state import ZombieState
from motley.games.zombie.test_scenarios import setup

LETTER_TYPE = {
    "P": chess.PAWN,
    "N": chess.KNIGHT,
    "B": chess.BISHOP,
    "R": chess.ROOK,
    "Q": chess.QUEEN,
}


# -- the independent model ------------------------------------------------------------------


@dataclass
class Model:
    """A Zombie Chess node on a python-chess board (`board.turn` is the mover all turn)."""

    board: chess.Board
    grids: tuple[dict[int, str], dict[int, str]]
    zombies: set[int]
    moved: set[int] = field(default_factory=set)
    left: list[int] = field(default_factory=list)
    normal_used: bool = False
    captured: list[str] = field(default_factory=list)
    their_ep: int | None = None  # the en-passant square open to the mover this turn
    my_ep: int | None = None  # the one the mover's double step opens for the opponent
    phase: str = "move"

    def copy(self) -> Model:
        return replace(
            self,
            board=self.board.copy(stack=False),
            grids=(dict(self.grids[0]), dict(self.grids[1])),
            zombies=set(self.zombies),
            moved=set(self.moved),
            left=list(self.left),
            captured=list(self.captured),
        )


def mover_of(m: Model) -> chess.Color:
    return m.board.turn


def grid_of(m: Model, colour: chess.Color) -> dict[int, str]:
    return m.grids[0 if colour == chess.WHITE else 1]


def last_rank_pawns(m: Model) -> list[int]:
    colour = mover_of(m)
    rank = 7 if colour == chess.WHITE else 0
    return sorted(s for s in m.board.pieces(chess.PAWN, colour) if chess.square_rank(s) == rank)


def origins_and_targets(board: chess.Board, move: chess.Move) -> tuple[list[int], list[int]]:
    if board.is_castling(move):
        rank = chess.square_rank(move.from_square)
        if board.is_kingside_castling(move):
            return [move.from_square, chess.square(7, rank)], [
                move.to_square,
                chess.square(5, rank),
            ]
        return [move.from_square, chess.square(0, rank)], [move.to_square, chess.square(3, rank)]
    return [move.from_square], [move.to_square]


def end_board(
    m: Model, board: chess.Board, left: list[int], moved: set[int], zombies: set[int]
) -> chess.Board:
    """The board if the turn ended now: buried pieces back, unmoved zombies gone."""
    colour = mover_of(m)
    grid = grid_of(m, colour)
    end = board.copy(stack=False)
    for square in left:
        if end.piece_at(square) is None and square in grid:
            end.set_piece_at(square, chess.Piece(LETTER_TYPE[grid[square]], not colour))
    for square in zombies:
        piece = end.piece_at(square)
        if piece is not None and piece.color == colour and square not in moved:
            end.remove_piece_at(square)
    return end


def after_move(
    m: Model, move: chess.Move
) -> tuple[chess.Board, list[int], set[int], set[int], str]:
    colour = mover_of(m)
    board = m.board
    origins, targets = origins_and_targets(board, move)
    captured = ""
    victim = None
    if board.is_en_passant(move):
        victim = move.to_square + (-8 if colour == chess.WHITE else 8)
        captured = "P"
    elif board.piece_at(move.to_square) is not None and not board.is_castling(move):
        victim = move.to_square
        captured = board.piece_at(move.to_square).symbol().upper()  # type: ignore[union-attr]
    after = board.copy(stack=False)
    after.push(move)
    after.turn = colour
    zombies = set(m.zombies)
    if victim is not None:
        zombies.discard(victim)
    for origin, target in zip(origins, targets, strict=True):
        if origin in zombies:
            zombies.discard(origin)
            zombies.add(target)
    return after, origins, set(targets), zombies, captured


def candidate_moves(m: Model) -> list[chess.Move]:
    """The moves the turn allows, before the king's safety is judged."""
    board = m.board
    board.ep_square = m.their_ep if ep_open(m) else None
    out = []
    for move in board.generate_pseudo_legal_moves():
        if move.from_square in m.moved:
            continue
        if move.from_square not in m.zombies and m.normal_used:
            continue
        if board.piece_type_at(move.to_square) == chess.KING:
            continue  # a check given earlier in a horde's turn is no licence to take the king
        out.append(move)
    return out


def moved_on(m: Model, move: chess.Move) -> Model:
    """The turn so far plus `move` (the turn not yet ended)."""
    m = m.copy()
    m.board.ep_square = m.their_ep if ep_open(m) else None
    after, origins, targets, zombies, _ = after_move(m, move)
    m.normal_used = m.normal_used or move.from_square not in m.zombies
    m.board, m.zombies = after, zombies
    m.moved |= targets
    m.left += origins
    return m


def more_to_move(m: Model) -> bool:
    colour = mover_of(m)
    unmoved = [z for z in m.zombies if m.board.color_at(z) == colour and z not in m.moved]
    return not m.normal_used or bool(unmoved)


def safe_to_end(m: Model) -> bool:
    """The king is safe on the board as it stands and once the turn ends here."""
    colour = mover_of(m)
    king = m.board.king(colour)
    assert king is not None
    if m.board.is_attacked_by(not colour, king):
        return False
    end = end_board(m, m.board, m.left, m.moved, m.zombies)
    return not (end.is_attacked_by(not colour, king) or crowned_threat(end, not colour, king))


def can_finish(m: Model) -> bool:
    """Whether some way of going on ends the turn with the king safe (safety is judged at
    the end of the whole turn)."""
    if safe_to_end(m):
        return True
    return more_to_move(m) and any(can_finish(moved_on(m, x)) for x in candidate_moves(m))


def legal_moves(m: Model) -> list[chess.Move]:
    return [x for x in candidate_moves(m) if can_finish(moved_on(m, x))]


def crowned_threat(board: chess.Board, owner: chess.Color, king: int) -> bool:
    """An `owner` pawn back on its last rank is promoted at once: would a queen or a knight
    there attack `king`?"""
    rank = 7 if owner == chess.WHITE else 0
    for square in board.pieces(chess.PAWN, owner):
        if chess.square_rank(square) != rank:
            continue
        for piece_type in (chess.QUEEN, chess.KNIGHT):
            scratch = board.copy(stack=False)
            scratch.set_piece_at(square, chess.Piece(piece_type, owner))
            if king in scratch.attacks(square):
                return True
    return False


def ep_open(m: Model) -> bool:
    ep = m.their_ep
    if ep is None or m.board.piece_at(ep) is not None:
        return False
    victim = ep + (-8 if mover_of(m) == chess.WHITE else 8)
    piece = m.board.piece_at(victim)
    return piece is not None and piece.piece_type == chess.PAWN and piece.color != mover_of(m)


def decisions(m: Model) -> list[Any]:
    if m.phase == "promote":
        return [("promote", t) for t in (chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT)]
    if m.phase == "bury":
        colour = mover_of(m)
        grid = grid_of(m, colour)
        return [("bury", s) for s in sorted(squares_of(m.board, colour)) if s not in grid]
    out: list[Any] = legal_moves(m)
    if m.left and safe_to_end(m):
        out.append(("end", None))
    return out


def squares_of(board: chess.Board, colour: chess.Color) -> list[int]:
    return list(chess.SquareSet(board.occupied_co[colour]))


def play(m: Model, decision: Any) -> Model:
    m = m.copy()
    colour = mover_of(m)
    if isinstance(decision, chess.Move):
        m.board.ep_square = m.their_ep if ep_open(m) else None
        after, origins, targets, zombies, captured = after_move(m, decision)
        normal = decision.from_square not in m.zombies
        if after.ep_square is not None and after.ep_square != m.board.ep_square:
            m.my_ep = after.ep_square
        m.board, m.zombies = after, zombies
        m.moved |= targets
        m.left += origins
        m.normal_used = m.normal_used or normal
        if captured:
            m.captured.append(captured)
        unmoved = [z for z in m.zombies if m.board.color_at(z) == colour and z not in m.moved]
        if m.normal_used and not unmoved:
            return finish(m)
        return m
    kind, value = decision
    if kind == "end":
        return finish(m)
    if kind == "bury":
        grid_of(m, colour)[value] = m.captured.pop(0)
        return settle(m)
    square = last_rank_pawns(m)[0]
    m.board.set_piece_at(square, chess.Piece(value, colour))
    if not last_rank_pawns(m):
        m.phase = "move"
    return m


def finish(m: Model) -> Model:
    colour = mover_of(m)
    grid = grid_of(m, colour)
    for square in dict.fromkeys(m.left):
        if m.board.piece_at(square) is None and square in grid:
            m.board.set_piece_at(square, chess.Piece(LETTER_TYPE[grid.pop(square)], not colour))
            m.zombies.add(square)
    for square in list(m.zombies):
        if m.board.color_at(square) == colour and square not in m.moved:
            m.board.remove_piece_at(square)
            m.zombies.discard(square)
    return settle(m)


def settle(m: Model) -> Model:
    colour = mover_of(m)
    grid = grid_of(m, colour)
    while m.captured:
        if any(s not in grid for s in squares_of(m.board, colour)):
            m.phase = "bury"
            return m
        m.captured.pop(0)  # "I cannot bury this piece"
    m.board.turn = not colour
    m.their_ep, m.my_ep = m.my_ep, None
    m.moved, m.left, m.normal_used = set(), [], False
    m.phase = "promote" if last_rank_pawns(m) else "move"
    return m


def model_perft(m: Model, depth: int) -> int:
    if depth == 0:
        return 1
    options = decisions(m)
    if depth == 1:
        return len(options)
    return sum(model_perft(play(m, d), depth - 1) for d in options)


# -- positions with fixed secrets ------------------------------------------------------------

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


@dataclass(frozen=True)
class Case:
    name: str
    fen: str
    grids: tuple[dict[str, str], dict[str, str]]
    zombies: tuple[str, ...]
    counts: tuple[int, ...]  # perft 1, 2, ... as measured
    slow_from: int  # depths from here on are marked slow


CASES = (
    # no secrets yet: the first three plies are chess (8902 is chess's perft 3)
    Case("start", chess.STARTING_FEN, ({}, {}), (), (20, 400, 8902, 197102), 4),
    # White hides a black pawn under a1 (it would come back promoted beside the king after
    # castling long), a queen under d2 (next to the king: the bishop on d2 may not move) and
    # a rook under c3; Black hides a knight under e7 and a queen under f6
    Case(
        "kiwipete",
        KIWIPETE,
        ({"a1": "P", "d2": "Q", "c3": "R"}, {"e7": "N", "f6": "Q"}),
        (),
        (42, 1469, 52524),
        3,
    ),
    # a horde: White's knight on c3 and bishop on f4 are zombies; Black hides a queen under d5
    Case(
        "horde",
        "r3k3/8/8/3b4/5B2/2N5/8/R3K2R w KQq - 0 1",
        ({"h1": "B", "e1": "R"}, {"d5": "Q", "a8": "P"}),
        ("c3", "f4"),
        (42, 1049, 12774),
        3,
    ),
    # every white piece already hides a burial: a capture goes to the dust bin; a black pawn
    # under the king would come back promoted beside it, so the king hardly moves
    Case(
        "cannot bury",
        "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1",
        ({"e1": "P", "d5": "N", "d1": "B"}, {"d5": "R"}),
        (),
        (7, 235, 2788, 47828),
        4,
    ),
)


def engine_state(rules: ZombieChess, case: Case) -> ZombieState:
    state = setup(rules, case.fen, case.grids)
    data = {**rules.state_to_json(state), "zombies": list(case.zombies)}
    return rules.state_from_json(data)


def model_of(case: Case) -> Model:
    board = chess.Board(case.fen)
    grids = tuple({chess.parse_square(s): letter for s, letter in g.items()} for g in case.grids)
    return Model(board, (grids[0], grids[1]), {chess.parse_square(s) for s in case.zombies})


PARAMS = depth_params(CASES)


@pytest.mark.parametrize(("case", "depth"), PARAMS)
def test_perft_with_fixed_secrets(case: Case, depth: int) -> None:
    rules = ZombieChess()
    state = engine_state(rules, case)
    expected = case.counts[depth - 1]
    assert perft(rules, state, depth) == expected
    assert model_perft(model_of(case), depth) == expected
